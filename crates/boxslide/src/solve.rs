//! The fastest exact solver, and the answer format.

use std::fmt;

use puzzle_search_core::{Outcome, Report, Solver, Strategy};

use crate::moves::Move;
use crate::parse::Level;
use crate::puzzle::BoxSlide;

/// The answer: `k` and the moves, or `-1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer(pub Option<Vec<Move>>);

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            None => f.write_str("-1"),
            Some(moves) => {
                write!(f, "{}", moves.len())?;
                for m in moves {
                    write!(f, "\n{m}")?;
                }
                Ok(())
            }
        }
    }
}

/// What [`solve`] runs: IDA* to `limit` with the transposition table
/// (at every node with a move left), on every core (with `parallel`).
/// Duplicate-child elimination is off: with the table it cost more than it
/// saved (3-9%, `docs/puzzles/boxslide.md`).
pub fn solver(limit: u32) -> Solver {
    Solver::new(Strategy::IdaStar { max_depth: limit })
        .table(true)
        .table_min_left(1)
        .parallel(cfg!(feature = "parallel"))
}

/// A shortest solution within the level's limit, lexicographically
/// smallest among the shortest, or `-1`.
pub fn solve(level: &Level) -> Answer {
    match solve_with(level, &solver(level.limit)).outcome {
        Outcome::Solved(moves) => Answer(Some(moves)),
        // Without a budget the search always decides.
        _ => Answer(None),
    }
}

/// Runs `solver` on the level and returns the whole report.
pub fn solve_with(level: &Level, solver: &Solver) -> Report<Move> {
    solver.solve(&BoxSlide, &level.board)
}
