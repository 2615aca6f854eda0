//! Board cells for the examples' `--show` pictures on stderr: coloured
//! (ANSI) only when asked or when stderr is a terminal and `NO_COLOR` is
//! not set, plain text otherwise.

use std::io::IsTerminal;

/// Whether to colour stderr: `--color always|never|auto` (`auto`: stderr
/// is a terminal and `NO_COLOR` is unset or empty).
pub fn colour_wanted(choice: &str) -> bool {
    match choice {
        "always" => true,
        "never" => false,
        _ => {
            std::io::stderr().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

/// One three-character cell of colour `v` (0 = empty, drawn `.`), marked
/// `*` when it is about to vanish.
pub fn cell(v: u8, marked: bool, colour: bool) -> String {
    match (v, marked, colour) {
        (0, false, _) => " . ".to_string(),
        (_, true, true) => format!("\x1b[1;4{};97m*{v:<2}\x1b[0m", v % 8),
        (_, false, true) => format!("\x1b[4{};97m {v:<2}\x1b[0m", v % 8),
        (_, true, false) => format!("*{v:<2}"),
        (_, false, false) => format!(" {v:<2}"),
    }
}

/// A board as text: `title`, then `rows` lines of `cols` cells, the cell
/// in line `r`, column `c` given by `at(r, c)` as its colour and whether
/// it is marked (drawn as [`cell`] draws it).
///
/// ```
/// let text = puzzle_search_cli::paint::grid("start:", 2, 2, |r, c| ((r * 2 + c) as u8, c == 1), false);
/// assert_eq!(text, "start:\n . *1 \n 2 *3 \n");
/// ```
pub fn grid(
    title: &str,
    rows: usize,
    cols: usize,
    at: impl Fn(usize, usize) -> (u8, bool),
    colour: bool,
) -> String {
    let mut out = format!("{title}\n");
    for r in 0..rows {
        for c in 0..cols {
            let (v, marked) = at(r, c);
            out.push_str(&cell(v, marked, colour));
        }
        out.push('\n');
    }
    out
}
