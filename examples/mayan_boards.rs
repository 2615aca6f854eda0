//! Seeded Mayan boards in the judge's input format, for benchmarks and for
//! `../shared/peers/compare.sh mayan DIR`.
//!
//! ```text
//! cargo run --release --example mayan_boards N BLOCKS [SEED] [COUNT] [--none | --solvable] [--out DIR]
//! ```
//! Each board has `BLOCKS` blocks (rounded down to a multiple of 3, so
//! every colour can vanish) in 3 to 6 colours, settled, with no run of
//! three. `--none` keeps only boards with no answer in exactly `N` moves,
//! `--solvable` only boards with one (each candidate is solved to check).
//! Boards go to stdout separated by blank lines, or with `--out DIR` one
//! per file, `DIR/000.in`, `DIR/001.in`, ...

#[path = "common/output.rs"]
mod output;

use std::path::PathBuf;
use std::process::ExitCode;

use puzzle_search::SplitMix64;
use puzzle_search::mayan;

const USAGE: &str = "usage: mayan_boards N BLOCKS [SEED] [COUNT] [--none | --solvable] [--out DIR]";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut nums = Vec::new();
    let mut keep: Option<bool> = None;
    let mut out: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--none" => keep = Some(false),
            "--solvable" => keep = Some(true),
            "--out" => out = Some(args.next().ok_or("--out needs a folder")?.into()),
            "-h" | "--help" => {
                output::emit(format_args!("{USAGE}"));
                return Ok(());
            }
            a => nums.push(
                a.parse::<u64>()
                    .map_err(|_| format!("'{a}' is not a whole number"))?,
            ),
        }
    }
    if !(2..=4).contains(&nums.len()) {
        return Err(USAGE.to_string());
    }
    let n = u32::try_from(nums[0]).map_err(|_| "N is too large".to_string())?;
    if !(1..=5).contains(&n) {
        return Err(format!("N = {n} must be 1 to 5, as the judge's"));
    }
    let blocks = nums[1] as usize;
    let mut rng = SplitMix64::new(nums.get(2).copied().unwrap_or(1));
    let count = nums.get(3).copied().unwrap_or(1);
    if let Some(dir) = &out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut made = 0;
    while made < count {
        let problem = mayan::problem(&mut rng, n, blocks, keep).map_err(|e| e.to_string())?;
        match &out {
            Some(dir) => {
                let path = dir.join(format!("{made:03}.in"));
                std::fs::write(&path, format!("{problem}\n"))
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
            None => {
                if made > 0 {
                    output::emit("");
                }
                output::emit(format_args!("{problem}"));
            }
        }
        made += 1;
    }
    Ok(())
}
