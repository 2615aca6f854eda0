//! Board cells for the examples' `--show` pictures on stderr: coloured
//! (ANSI) only when asked or when stderr is a terminal and `NO_COLOR` is
//! not set, plain text otherwise.
#![allow(unreachable_pub)]

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

#[allow(dead_code)] // rotation draws its own cells
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
