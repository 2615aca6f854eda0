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

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use puzzle_search::SplitMix64;
use puzzle_search::mayan;
use puzzle_search_cli::output;

/// Seeded Mayan boards in the judge's input format.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// The number of moves (1 to 5, as the judge's).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=5))]
    n: u32,
    /// Blocks per board (rounded down to a multiple of 3; at most 35).
    #[arg(value_parser = clap::value_parser!(u64).range(3..=35))]
    blocks: u64,
    /// The generator's seed.
    #[arg(default_value_t = 1)]
    seed: u64,
    /// How many boards.
    #[arg(default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    count: u64,
    /// Only boards with no answer in exactly N moves.
    #[arg(long, conflicts_with = "solvable")]
    none: bool,
    /// Only boards with an answer.
    #[arg(long)]
    solvable: bool,
    /// Write one file per board into this folder (`000.in`, ...).
    #[arg(long)]
    out: Option<PathBuf>,
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            puzzle_search_cli::say!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let args = Args::parse();
    let keep = match (args.none, args.solvable) {
        (true, _) => Some(false),
        (_, true) => Some(true),
        _ => None,
    };
    let (n, blocks, count, out) = (args.n, args.blocks as usize, args.count, args.out);
    let mut rng = SplitMix64::new(args.seed);
    if let Some(dir) = &out {
        // A file in the way makes `create_dir_all` say "File exists":
        // say what is wrong instead.
        if dir.exists() && !dir.is_dir() {
            return Err(format!("--out {}: not a directory", dir.display()));
        }
        std::fs::create_dir_all(dir).map_err(|e| format!("--out {}: {e}", dir.display()))?;
    }
    let bar = puzzle_search_cli::progress::bar(count, "boards");
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
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(())
}
