//! Flip Game (POJ 1753) in judge format: 4 lines of `b`/`w` in, the fewest
//! flips that make all pieces one side (or `Impossible`) out.
//!
//! ```text
//! cargo run --release --example flip [FILE] [--solver algebra|chase|bfs] [--show] [--stats]
//! ```
//! `--show` prints the flips on stderr; `--stats` the time (and, for
//! `bfs`, the search statistics).
//!
//! The program is `puzzle-search flip` (`cargo install --path crates/cli`);
//! this example runs the same code.

use std::process::ExitCode;

fn main() -> ExitCode {
    puzzle_search_cli::flip::main(std::env::args_os().collect())
}
