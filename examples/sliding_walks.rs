//! Seeded sliding-tile boards in the judge format, made by random walks of
//! the blank from the goal (never straight back), for benchmarks.
//!
//! ```text
//! cargo run --release --example sliding_walks -- 5 5 --moves 60..=80 --seed 1 --count 10
//! ```
//! Prints `W H`, then `COUNT` boards, each `MIN..=MAX` moves from the goal
//! along the walk (the optimal length is at most that, with the parity of
//! it). Same seed, same boards.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use puzzle_search::SplitMix64;
use puzzle_search::sliding::{Board, Goal};

/// Seeded random-walk boards for the `sliding` example.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// Columns (2 to 25 cells in all).
    #[arg(value_parser = clap::value_parser!(u8).range(2..=12))]
    width: u8,
    /// Rows.
    #[arg(value_parser = clap::value_parser!(u8).range(2..=12))]
    height: u8,
    /// The walk's length: `N` or `MIN..=MAX`.
    #[arg(long, default_value = "60..=80")]
    moves: String,
    /// The generator's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many boards.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    count: u32,
    /// Walk from the blank-first goal instead of blank-last.
    #[arg(long)]
    blank_first: bool,
}

fn range(text: &str) -> Option<(u32, u32)> {
    match text.split_once("..=") {
        Some((a, b)) => {
            let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
            (a <= b && b <= 100_000).then_some((a, b))
        }
        None => {
            let n = text.trim().parse().ok()?;
            (n <= 100_000).then_some((n, n))
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let (w, h) = (usize::from(args.width), usize::from(args.height));
    let goal = if args.blank_first {
        Goal::BlankFirst
    } else {
        Goal::BlankLast
    };
    let Some(start) = Board::goal(w, h, goal) else {
        puzzle_search_cli::say!(
            "error: {w}x{h} has {} cells: at most 25 are supported",
            w * h
        );
        return ExitCode::from(2);
    };
    let Some((lo, hi)) = range(&args.moves) else {
        puzzle_search_cli::say!(
            "error: --moves: expected N or MIN..=MAX up to 100000, got {:?}",
            args.moves
        );
        return ExitCode::from(2);
    };
    let mut rng = SplitMix64::new(args.seed);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut text = format!("{w} {h}\n");
    for _ in 0..args.count {
        let steps = lo + rng.below(u64::from(hi - lo + 1)) as u32;
        let b = start.walk(steps, &mut rng);
        text.push_str(&format!("{b}\n"));
    }
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            puzzle_search_cli::say!("error: writing the boards: {e}");
            ExitCode::FAILURE
        }
    }
}
