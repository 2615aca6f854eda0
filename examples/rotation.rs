//! The Rotation Game (POJ 2286) in judge format.
//!
//! ```text
//! cargo run --release --example rotation [FILE] [--strategy pdb|ida|bfs] [--show] [--stats]
//! ```
//! Reads cases of 24 numbers (a lone `0` ends them) from FILE or stdin and
//! prints, per case, the moves (or `No moves needed`) and the centre
//! number, exactly as the judge expects. `--show` draws the board after
//! each move on stderr, `--stats` prints the search statistics on stderr.
//!
//! The program is `puzzle-search rotation` (`cargo install --path crates/cli`);
//! this example runs the same code.

use std::process::ExitCode;

fn main() -> ExitCode {
    puzzle_search_cli::rotation::main(std::env::args_os().collect())
}
