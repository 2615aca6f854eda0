//! How to add your own puzzle: the 8-puzzle with a Manhattan-distance
//! bound, solved by every strategy.
//!
//! ```text
//! cargo run --release --example custom_puzzle [SEED] [--all | --count]
//! ```
//! `--count` prints how many shortest solutions there are; `--all` lists
//! them too, in lexicographic order (`Solver::shortest_solutions`).
//! The puzzle itself is `crates/testkit/src/eight_puzzle.rs` (the test
//! kit's 8-puzzle, which the core's tests and benches use too): a `Copy`
//! board, a move enum whose `Ord` is the canonical order, and the `Puzzle`
//! impl (successors, goal test, lower bound): about 150 lines to read
//! before writing your own. `puzzle-sliding` is the production version
//! (any size, linear conflicts, pattern databases).

use std::process::ExitCode;

use puzzle_search::{Outcome, Solver, SplitMix64, Strategy, replay};
use puzzle_testkit::eight_puzzle::{self, Board, EightPuzzle};

/// The 8-puzzle with a Manhattan-distance bound, solved by every strategy.
#[derive(clap::Parser, Debug)]
#[command(version)]
struct Args {
    /// The seed of the random board.
    #[arg(default_value_t = 2026)]
    seed: u64,
    /// Also list every shortest solution, in lexicographic order.
    #[arg(long)]
    all: bool,
    /// Also count the shortest solutions.
    #[arg(long)]
    count: bool,
}

fn main() -> ExitCode {
    let Args { seed, all, count } = clap::Parser::parse();
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
