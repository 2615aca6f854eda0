//! Quoting user input in error messages: short, escaped, one line.

/// At most 40 characters of `text`, escaped (control characters, quotes and
/// non-ASCII as Rust escapes, so a message stays one readable line), with
/// `...` when cut. For the parsers' error messages, whatever the input.
///
/// ```
/// use puzzle_search_core::excerpt;
/// assert_eq!(excerpt("x7"), "x7");
/// assert_eq!(excerpt("a\0b\nc"), "a\\u{0}b\\nc");
/// assert_eq!(excerpt(&"9".repeat(100)), format!("{}...", "9".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> String {
    const MAX: usize = 40;
    let mut out: String = text
        .chars()
        .take(MAX)
        .flat_map(char::escape_default)
        .collect();
    if text.chars().nth(MAX).is_some() {
        out.push_str("...");
    }
    out
}
