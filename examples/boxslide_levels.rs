//! Seeded box-slide levels whose shortest solution has exactly `K` moves
//! (or, with `--none`, none within `K`), ready for the `boxslide` example.
//!
//! ```text
//! cargo run --release --example boxslide_levels H W K [SEED] [COUNT] [--boxes N] [--none]
//! ```
//! `--boxes N` fills each board with `N` boxes (a multiple of 3); without it
//! boards hold 3 to 12. Each candidate is solved to check its answer, so
//! dense boards take as long as their search. Levels are separated by a
//! blank line.

use std::process::ExitCode;

use clap::Parser;

use puzzle_search::SplitMix64;
use puzzle_search::boxslide::{Wanted, level};
use puzzle_search_cli::output;

/// Seeded box-slide levels whose shortest solution has exactly K moves, or
/// with --none none within K.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// Rows (1 to 16).
    #[arg(value_parser = clap::value_parser!(u8).range(1..=16))]
    h: u8,
    /// Columns, the two outer ones empty (3 to 16).
    #[arg(value_parser = clap::value_parser!(u8).range(3..=16))]
    w: u8,
    /// The answer's length, or with --none the limit none is within.
    #[arg(value_parser = clap::value_parser!(u32).range(1..=255))]
    k: u32,
    /// The generator's seed.
    #[arg(default_value_t = 1)]
    seed: u64,
    /// How many levels.
    #[arg(default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    count: u64,
    /// Exactly this many boxes (a multiple of 3); else 3 to 12.
    #[arg(long)]
    boxes: Option<usize>,
    /// Levels with no answer within K moves.
    #[arg(long)]
    none: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let (h, w, k) = (usize::from(args.h), usize::from(args.w), args.k);
    if args.boxes.is_some_and(|b| b < 3 || b > h * (w - 2)) {
        puzzle_search_cli::say!("error: --boxes must be 3 to {} on {h}x{w}", h * (w - 2));
        return ExitCode::FAILURE;
    }
    let boxes = args.boxes;
    let wanted = if args.none {
        Wanted::NoneWithin(k)
    } else {
        Wanted::Moves(k)
    };
    let mut rng = SplitMix64::new(args.seed);
    let count = args.count;
    let tries = 20_000;
    let bar = puzzle_search_cli::progress::bar(count, "levels");
    for i in 0..count {
        match level(&mut rng, h, w, boxes, wanted, tries) {
            Ok(level) => {
                if i > 0 {
                    output::emit("");
                }
                output::emit(format_args!("{level}"));
                bar.inc(1);
            }
            Err(e) => {
                bar.finish_and_clear();
                // The error says how many boards were tried.
                let what = match wanted {
                    Wanted::NoneWithin(k) => format!("with no answer within {k} moves"),
                    _ => format!("whose shortest answer has {k} moves"),
                };
                puzzle_search_cli::say!("error: no {h}x{w} level {what}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    bar.finish_and_clear();
    ExitCode::SUCCESS
}
