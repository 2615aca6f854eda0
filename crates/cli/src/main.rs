//! `puzzle-search`: the examples' programs as one installed command.
//!
//! ```text
//! cargo install --path crates/cli
//! puzzle-search twisty 3x3x3 --scrambles FILE.scr
//! puzzle-search twisty PUZZLE.tws -g
//! puzzle-search sliding --goal blank-first < korf100.in
//! puzzle-search mayan < mayan.in
//! puzzle-search help twisty
//! ```
//! Each subcommand is the program of the example of its name, with the
//! same options, input, output and exit codes (`puzzle-search SUBCOMMAND
//! --help`).

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use puzzle_search_cli::{boxslide, flip, fliptile, mayan, rotation, sliding, twisty};

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
    /// The Mayan puzzle (NOIP 2011) in judge format.
    #[command(disable_help_flag = true, disable_version_flag = true)]
    Mayan(Forwarded),
    /// The Rotation Game (POJ 2286) in judge format.
    #[command(disable_help_flag = true, disable_version_flag = true)]
    Rotation(Forwarded),
    /// The box-slide maze (match-3 with gravity) in judge format.
    #[command(disable_help_flag = true, disable_version_flag = true)]
    Boxslide(Forwarded),
    /// Flip Game (4x4, POJ 1753) in judge format.
    #[command(disable_help_flag = true, disable_version_flag = true)]
    Flip(Forwarded),
    /// Fliptile (POJ 3279) in judge format.
    #[command(disable_help_flag = true, disable_version_flag = true)]
    Fliptile(Forwarded),
}

/// A judge program's own arguments, parsed by the program (its `--help`
/// included).
#[derive(clap::Args, Debug)]
struct Forwarded {
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    args: Vec<OsString>,
}

impl Forwarded {
    /// The program's command line: its name, then its arguments.
    fn line(self, name: &str) -> Vec<OsString> {
        std::iter::once(OsString::from(format!("puzzle-search {name}")))
            .chain(self.args)
            .collect()
    }
}

fn main() -> ExitCode {
    match Command::parse().program {
        Program::Twisty(args) => twisty::main(&args),
        Program::Sliding(args) => sliding::run(&args, &sliding::Threads),
        Program::Mayan(args) => mayan::main(args.line("mayan")),
        Program::Rotation(args) => rotation::main(args.line("rotation")),
        Program::Boxslide(args) => boxslide::main(args.line("boxslide")),
        Program::Flip(args) => flip::main(args.line("flip")),
        Program::Fliptile(args) => fliptile::main(args.line("fliptile")),
    }
}
