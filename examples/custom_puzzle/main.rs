//! How to add your own puzzle: the 8-puzzle with a Manhattan-distance
//! bound, solved by every strategy.
//!
//! ```text
//! cargo run --release --example custom_puzzle [SEED] [--all | --count]
//! ```
//! `--count` prints how many shortest solutions there are; `--all` lists
//! them too, in lexicographic order (`Solver::shortest_solutions`).
//! The puzzle itself is in `eight_puzzle.rs` beside this file: a `Copy`
//! board, a move enum whose `Ord` is the canonical order, and the
//! `Puzzle` impl (successors, goal test, lower bound).

mod eight_puzzle;

use std::process::ExitCode;

use eight_puzzle::{Board, EightPuzzle};
use puzzle_search::{Outcome, Solver, SplitMix64, Strategy, replay};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (flags, rest): (Vec<&String>, Vec<&String>) =
        args.iter().partition(|a| a.starts_with("--"));
    if let Some(bad) = flags
        .iter()
        .find(|f| !["--all", "--count"].contains(&f.as_str()))
    {
        eprintln!("error: unknown option {bad} (--all, --count)");
        return ExitCode::from(2);
    }
    let (all, count) = (
        flags.iter().any(|f| *f == "--all"),
        flags.iter().any(|f| *f == "--count"),
    );
    let seed = match rest.first().map(|s| s.parse::<u64>()) {
        None => 2026,
        Some(Ok(seed)) => seed,
        Some(Err(_)) => {
            eprintln!("error: the seed must be a whole number");
            return ExitCode::FAILURE;
        }
    };
    let start = Board::random(&mut SplitMix64::new(seed));
    println!("start: {start:?} (seed {seed})");

    let ida = Solver::new(Strategy::IdaStar { max_depth: 31 });
    let Some(optimal) = ida.solve(&EightPuzzle, &start).solution().map(<[_]>::len) else {
        eprintln!("error: no solution within 31 moves (the 8-puzzle never needs more)");
        return ExitCode::FAILURE;
    };
    let optimal = optimal as u32;

    let solvers = eight_puzzle::every_strategy(optimal);
    for (name, solver) in &solvers {
        let report = solver.solve(&EightPuzzle, &start);
        match &report.outcome {
            Outcome::Solved(moves) => {
                let verified = replay(&EightPuzzle, &start, moves).is_ok();
                let text: String = moves.iter().map(|m| m.letter()).collect();
                println!(
                    "{name:>20}: {:>2} moves {text} (replay {})",
                    moves.len(),
                    if verified { "ok" } else { "FAILED" }
                );
            }
            other => println!("{name:>20}: {other:?}"),
        }
        println!("{:>20}  {}", "", report.stats);
    }
    if all || count {
        let counted = ida.count_shortest(&EightPuzzle, &start, 31);
        println!(
            "shortest solutions: {:?} ({})",
            counted.outcome, counted.stats
        );
    }
    if all {
        let (every, _) = ida.shortest_solutions(&EightPuzzle, &start, 31, usize::MAX);
        for moves in every {
            println!("{}", moves.iter().map(|m| m.letter()).collect::<String>());
        }
    }
    ExitCode::SUCCESS
}
