//! Writing results to stdout from the examples without panicking (and notes
//! to stderr with [`note`] and [`say!`](crate::say!), whose errors are ignored): a closed
//! pipe (`example | head`) ends the program quietly with exit code 0; any
//! other write error (a full disk: `example > /dev/full`) is one line on
//! stderr and exit code 1. `println!` would panic on both.

use std::fmt::Display;
use std::io::{ErrorKind, Write};

/// Writes `text` and a newline to stdout, flushed.
pub fn emit(text: impl Display) {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            note(format_args!("error: writing the output: {e}"));
            std::process::exit(1);
        }
    }
}

/// Writes `text` and a newline to stderr, ignoring any error: a note, a
/// warning or statistics must not stop the program when stderr is closed
/// (`prog 2>&1 >/dev/null | head -1`) or full; `eprintln!` would panic.
/// Written whole in one call, so threads' lines do not interleave.
///
/// ```
/// puzzle_search_cli::output::note(format_args!("{} tables ready", 2));
/// ```
pub fn note(text: impl Display) {
    to_stderr(format_args!("{text}\n"));
}

/// Writes `text` to stderr as it is (a board picture, a spinner's line),
/// ignoring any error, as [`note`] does.
///
/// ```
/// puzzle_search_cli::output::to_stderr("board 1:\n. x\n");
/// ```
pub fn to_stderr(text: impl Display) {
    let text = text.to_string();
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// `eprintln!` that cannot panic: formats its arguments and writes them as
/// one line with [`note`], ignoring a closed or full stderr.
///
/// ```
/// puzzle_search_cli::say!("note: {} of {}", 1, 2);
/// ```
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::output::note(format_args!($($arg)*))
    };
}
