//! Seeded box-slide levels whose shortest solution has exactly `K` moves,
//! ready for the `boxslide` example.
//!
//! ```text
//! cargo run --release --example boxslide_levels H W K [SEED] [COUNT]
//! ```

use std::process::ExitCode;

use puzzle_search::SplitMix64;
use puzzle_search::boxslide::level_with_answer;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nums: Result<Vec<u64>, String> = args
        .iter()
        .map(|a| {
            a.parse::<u64>()
                .map_err(|_| format!("'{a}' is not a whole number"))
        })
        .collect();
    let nums = match nums {
        Ok(n) if (3..=5).contains(&n.len()) => n,
        Ok(_) => {
            eprintln!("usage: boxslide_levels H W K [SEED] [COUNT]");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (h, w, k) = (nums[0] as usize, nums[1] as usize, nums[2] as u32);
    if !(1..=16).contains(&h) || !(3..=16).contains(&w) {
        eprintln!("error: H must be 1 to 16 and W 3 to 16");
        return ExitCode::FAILURE;
    }
    let mut rng = SplitMix64::new(nums.get(3).copied().unwrap_or(1));
    let count = nums.get(4).copied().unwrap_or(1);
    for i in 0..count {
        match level_with_answer(&mut rng, h, w, k, 20_000) {
            Some(level) => {
                if i > 0 {
                    println!();
                }
                println!("{level}");
            }
            None => {
                eprintln!(
                    "error: no {h}x{w} level needing exactly {k} moves found in 20,000 tries"
                );
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
