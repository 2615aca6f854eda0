//! Lights Out at scale: a seeded random solvable `N x N` board, solved by
//! GF(2) algebra and verified by replaying the presses.
//!
//! ```text
//! cargo run --release --example lights_out N [SEED]
//! ```

use std::process::ExitCode;
use std::time::Instant;

use puzzle_search::SplitMix64;
use puzzle_search::flip::{Grid, algebra};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| {
        args.get(i).map(|a| {
            a.parse::<u64>()
                .map_err(|_| format!("'{a}' is not a whole number"))
        })
    };
    let (n, seed) = match (number(0), number(1), args.len()) {
        (Some(Ok(n)), seed, 1 | 2) if n > 0 => match seed {
            None => (n as usize, 1),
            Some(Ok(s)) => (n as usize, s),
            Some(Err(e)) => {
                eprintln!("error: SEED: {e}");
                return ExitCode::FAILURE;
            }
        },
        (Some(Err(e)), _, _) => {
            eprintln!("error: N: {e}");
            return ExitCode::FAILURE;
        }
        _ => {
            eprintln!("usage: lights_out N [SEED]   (N >= 1)");
            return ExitCode::from(2);
        }
    };
    // Solvable by construction: the lights that random presses leave.
    let mut rng = SplitMix64::new(seed);
    let board = Grid::new(n, n).apply(&Grid::random(n, n, &mut rng));
    let t = Instant::now();
    let Some(solution) = algebra::solve(&board) else {
        eprintln!("error: no solution found for a board made solvable");
        return ExitCode::FAILURE;
    };
    let solved = t.elapsed();
    let t = Instant::now();
    let verified = board.apply(&solution.presses).is_zero();
    let checked = t.elapsed();
    println!("size {n}x{n}, seed {seed}");
    println!("lights on: {}", board.count_ones());
    println!(
        "nullity: {} ({} solutions)",
        solution.nullity,
        if solution.nullity < 64 {
            format!("{}", 1u128 << solution.nullity)
        } else {
            "2^nullity".into()
        }
    );
    println!(
        "presses: {} ({})",
        solution.presses.count_ones(),
        if solution.minimal {
            "minimum"
        } else {
            "not proved minimum: null space too large to enumerate"
        }
    );
    println!(
        "solved in {solved:.1?}, verified by replay in {checked:.1?}: {}",
        if verified { "ok" } else { "FAILED" }
    );
    if verified {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
