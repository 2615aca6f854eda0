//! Quoting user input in error messages: short, escaped, one line.

/// At most 40 characters of `text`, as typed but for what a terminal
/// would not show (control and other unprintable characters, and the
/// backslash that starts such an escape, as Rust escapes: a message stays
/// one readable line), with `...` when cut. For the parsers' error
/// messages, whatever the input.
///
/// ```
/// use puzzle_search_core::input::excerpt;
/// assert_eq!(excerpt("x7"), "x7");
/// assert_eq!(excerpt("R'2 R’ \"é\""), "R'2 R’ \"é\"");
/// assert_eq!(excerpt("a\0b\nc\u{feff}"), "a\\0b\\nc\\u{feff}");
/// assert_eq!(excerpt(&"9".repeat(100)), format!("{}...", "9".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> String {
    const MAX: usize = 40;
    let mut out: String = text
        .chars()
        .take(MAX)
        .map(|c| match c {
            // Shown as typed: `char::escape_debug` would escape them.
            '\'' | '"' => c.to_string(),
            _ => c.escape_debug().to_string(),
        })
        .collect();
    if text.chars().nth(MAX).is_some() {
        out.push_str("...");
    }
    out
}

/// A whitespace-separated token of some input, with its place as editors
/// count: the line from 1, and its number over the whole input from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's text.
    pub text: &'a str,
    /// Its line, from 1.
    pub line: usize,
    /// Its number over the whole input, from 1.
    pub number: usize,
}

/// The whitespace-separated tokens of `input` with their places, for
/// parsers whose errors name the line and the token.
///
/// ```
/// use puzzle_search_core::input::tokens;
/// let t: Vec<_> = tokens("3\n\n1 0\n").map(|t| (t.text, t.line, t.number)).collect();
/// assert_eq!(t, [("3", 1, 1), ("1", 3, 2), ("0", 3, 3)]);
/// ```
pub fn tokens(input: &str) -> impl Iterator<Item = Token<'_>> {
    input
        .lines()
        .enumerate()
        .flat_map(|(i, line)| line.split_whitespace().map(move |text| (i + 1, text)))
        .enumerate()
        .map(|(n, (line, text))| Token {
            text,
            line,
            number: n + 1,
        })
}
