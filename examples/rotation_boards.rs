//! Seeded random Rotation Game boards of one optimal depth, in judge
//! format, for benches and for feeding the `rotation` example.
//!
//! ```text
//! cargo run --release --example rotation_boards DEPTH COUNT [SEED]
//! ```
//! Depths up to 12 are drawn at random (uniform among boards of that
//! depth); depth 13, which only 192 boards have, is taken from the
//! pattern database's list of deep boards, shuffled by the seed.

use std::process::ExitCode;

use clap::Parser;

use puzzle_search::SplitMix64;
use puzzle_search::rotation::pdb;
use puzzle_search_cli::output;

/// Seeded Rotation Game boards of a given optimal depth, in judge format.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// The optimal number of moves (at most God's number, 13).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=13))]
    depth: u32,
    /// How many boards (at most 10,000,000).
    #[arg(value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    count: u64,
    /// The generator's seed.
    #[arg(default_value_t = 2286)]
    seed: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let (depth, count, seed) = (args.depth, args.count as usize, args.seed);
    let boards = pdb::table().boards_of_depth(depth, count, &mut SplitMix64::new(seed));
    if boards.len() < count {
        puzzle_search_cli::say!("note: only {} boards have depth {depth}", boards.len());
    }
    for board in &boards {
        let cells: Vec<String> = board.cells().iter().map(u8::to_string).collect();
        output::emit(format_args!("{}", cells.join(" ")));
    }
    output::emit(format_args!("0"));
    ExitCode::SUCCESS
}
