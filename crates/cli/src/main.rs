//! `puzzle-search`: the examples' programs as one installed command.
//!
//! ```text
//! cargo install --path crates/cli
//! puzzle-search twisty 3x3x3 --scrambles FILE.scr
//! puzzle-search twisty PUZZLE.tws -g
//! puzzle-search sliding --goal blank-first < korf100.in
//! puzzle-search help twisty
//! ```
//! Each subcommand is the program of the example of its name, with the
//! same options, input, output and exit codes (`puzzle-search SUBCOMMAND
//! --help`).

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use puzzle_search_cli::{sliding, twisty};

/// Exact, fast search for move-based puzzles.
#[derive(Parser, Debug)]
#[command(name = "puzzle-search", version, propagate_version = true)]
struct Command {
    #[command(subcommand)]
    program: Program,
}

#[derive(Subcommand, Debug)]
enum Program {
    /// Twisty puzzles from twsearch's definition files: God's algorithm
    /// (`-g`) and optimal solves (`--scrambles FILE`, `--random N`).
    Twisty(twisty::Args),
    /// Sliding-tile puzzles (8-, 15-, 24-puzzle) in the judge format:
    /// optimal solutions, one board a line.
    Sliding(sliding::Args),
}

fn main() -> ExitCode {
    match Command::parse().program {
        Program::Twisty(args) => twisty::main(&args),
        Program::Sliding(args) => sliding::run(&args, &sliding::Threads),
    }
}
