//! Lights Out at scale: a seeded random solvable `N x N` board, solved by
//! GF(2) algebra and verified by replaying the presses.
//!
//! ```text
//! cargo run --release --example lights_out N [SEED]
//! ```
//! Sizes whose memory estimate (about four `N x N` bit grids) exceeds the
//! memory available (`--max-memory MB`, else `LIGHTS_OUT_MAX_MB` if set,
//! else `MemAvailable` in `/proc/meminfo`) are refused, naming the largest
//! that fits. The algebra takes time cubic in `N` (2,000: about 0.15 s;
//! 20,000: minutes): a progress bar shows its stage on a terminal, and
//! Ctrl-C stops it cleanly (exit code 130).

use std::ops::ControlFlow;
use std::process::ExitCode;

use clap::Parser;
use std::time::Instant;

use puzzle_search::SplitMix64;
use puzzle_search::flip::{Grid, algebra};
use puzzle_search_cli::{interrupt, output, progress};

/// Lights Out at scale: a seeded random solvable N x N board, solved by
/// GF(2) algebra and verified by replaying the presses.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// The board's side.
    #[arg(value_parser = clap::value_parser!(u64).range(1..))]
    n: u64,
    /// The generator's seed.
    #[arg(default_value_t = 1)]
    seed: u64,
    /// The most memory to use, in MB (default: what the system has
    /// available).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..))]
    max_memory: Option<u64>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let Ok(n) = usize::try_from(args.n) else {
        puzzle_search_cli::say!(
            "error: N = {} does not fit this machine's address space",
            args.n
        );
        return ExitCode::FAILURE;
    };
    let seed = args.seed;
    if let Err(e) = fits_in_memory(n, args.max_memory) {
        puzzle_search_cli::say!("error: {e}");
        return ExitCode::FAILURE;
    }
    // Solvable by construction: the lights that random presses leave.
    let mut rng = SplitMix64::new(seed);
    let board = Grid::new(n, n).apply(&Grid::random(n, n, &mut rng));
    let t = Instant::now();
    interrupt::arm();
    let cancel = interrupt::ctrl_c_flag();
    let bar = progress::bar(1, "solving");
    let solved = algebra::solve_watched(&board, algebra::DEFAULT_WORK, &mut |step| {
        bar.set_length(step.total);
        bar.set_position(step.done);
        bar.set_message(step.stage);
        if cancel.is_cancelled() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    bar.finish_and_clear();
    let solution = match solved {
        Ok(Some(solution)) => solution,
        Ok(None) => {
            puzzle_search_cli::say!("error: no solution found for a board made solvable");
            return ExitCode::FAILURE;
        }
        Err(_) => {
            puzzle_search_cli::say!("error: interrupted: stopped by Ctrl-C");
            return ExitCode::from(interrupt::EXIT_INTERRUPTED);
        }
    };
    let solved = t.elapsed();
    let t = Instant::now();
    let verified = board.apply(&solution.presses).is_zero();
    let checked = t.elapsed();
    output::emit(format_args!("size {n}x{n}, seed {seed}"));
    output::emit(format_args!("lights on: {}", board.count_ones()));
    output::emit(format_args!(
        "nullity: {} ({} solutions)",
        solution.nullity,
        if solution.nullity < 64 {
            format!("{}", 1u128 << solution.nullity)
        } else {
            "2^nullity".into()
        }
    ));
    output::emit(format_args!(
        "presses: {} ({})",
        solution.presses.count_ones(),
        if solution.minimal {
            "minimum"
        } else {
            "not proved minimum: null space too large to enumerate"
        }
    ));
    output::emit(format_args!(
        "solved in {solved:.1?}, verified by replay in {checked:.1?}: {}",
        if verified { "ok" } else { "FAILED" }
    ));
    if verified {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The bytes solving an `n x n` board takes, about: four grids (the board,
/// the random presses, the elimination's rows, the answer), measured
/// 3.9 MB at 2,000 (0.5 MB a grid) with 2 MB of process.
fn estimate(n: usize) -> Option<usize> {
    Grid::bytes_for(n, n)?.checked_mul(4)?.checked_add(4 << 20)
}

/// The memory the process may use: `--max-memory`, else
/// `LIGHTS_OUT_MAX_MB`, else Linux's `MemAvailable`; `None` when none is
/// known (then nothing is refused but sizes beyond the address space).
fn memory_limit(max_mb: Option<u64>) -> Option<usize> {
    if let Some(mb) = max_mb {
        return usize::try_from(mb).ok()?.checked_mul(1 << 20);
    }
    if let Some(mb) = std::env::var("LIGHTS_OUT_MAX_MB")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        return mb.checked_mul(1 << 20);
    }
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// `Ok` when an `n x n` board fits, else the error naming the largest that does.
fn fits_in_memory(n: usize, max_mb: Option<u64>) -> Result<(), String> {
    let limit = memory_limit(max_mb).unwrap_or(isize::MAX as usize);
    if estimate(n).is_some_and(|b| b <= limit) {
        return Ok(());
    }
    // The largest size that fits, by bisection on the estimate.
    let (mut lo, mut hi) = (0usize, n);
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if estimate(mid).is_some_and(|b| b <= limit) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let need = match estimate(n) {
        Some(b) => format!("about {} MB", b >> 20),
        None => "more memory than the address space holds".to_string(),
    };
    Err(format!(
        "N = {n} needs {need}, more than the {} MB available; the largest N that fits is {lo}",
        limit >> 20
    ))
}
