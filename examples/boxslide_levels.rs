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

#[path = "common/output.rs"]
mod output;

use std::process::ExitCode;

use puzzle_search::SplitMix64;
use puzzle_search::boxslide::{Wanted, level};

const USAGE: &str = "usage: boxslide_levels H W K [SEED] [COUNT] [--boxes N] [--none]";

fn main() -> ExitCode {
    let mut nums = Vec::new();
    let mut boxes = None;
    let mut none = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let number = |a: &str| {
            a.parse::<u64>()
                .map_err(|_| format!("'{a}' is not a whole number"))
        };
        let parsed = match arg.as_str() {
            "--none" => {
                none = true;
                continue;
            }
            "--boxes" => match args.next() {
                Some(n) => number(&n).map(|n| boxes = Some(n as usize)),
                None => Err("--boxes needs a number".to_string()),
            },
            "-h" | "--help" => {
                output::emit(format_args!("{USAGE}"));
                return ExitCode::SUCCESS;
            }
            a => number(a).map(|n| nums.push(n)),
        };
        if let Err(e) = parsed {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    }
    if !(3..=5).contains(&nums.len()) {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let (h, w) = (nums[0] as usize, nums[1] as usize);
    let Ok(k) = u32::try_from(nums[2]) else {
        eprintln!("error: K = {} is too large", nums[2]);
        return ExitCode::FAILURE;
    };
    if !(1..=16).contains(&h) || !(3..=16).contains(&w) {
        eprintln!("error: H must be 1 to 16 and W 3 to 16");
        return ExitCode::FAILURE;
    }
    if boxes.is_some_and(|b| b < 3 || b > h * (w - 2)) {
        eprintln!("error: --boxes must be 3 to {} on {h}x{w}", h * (w - 2));
        return ExitCode::FAILURE;
    }
    let wanted = if none {
        Wanted::NoneWithin(k)
    } else {
        Wanted::Moves(k)
    };
    let mut rng = SplitMix64::new(nums.get(3).copied().unwrap_or(1));
    let count = nums.get(4).copied().unwrap_or(1);
    let tries = 20_000;
    for i in 0..count {
        match level(&mut rng, h, w, boxes, wanted, tries) {
            Some(level) => {
                if i > 0 {
                    output::emit("");
                }
                output::emit(format_args!("{level}"));
            }
            None => {
                eprintln!("error: no {h}x{w} level with {wanted:?} found in {tries} tries");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
