//! Writing results to stdout from the examples without panicking: a closed
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
            eprintln!("error: writing the output: {e}");
            std::process::exit(1);
        }
    }
}
