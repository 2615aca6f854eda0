//! The fastest exact solver, and the judge's answer.

use std::fmt;

use puzzle_search_core::{DepthMode, Outcome, Report, Solver, Strategy};

use crate::moves::Move;
use crate::parse::Problem;
use crate::puzzle::Mayan;

/// The judge's answer: `n` moves, or none (`-1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer(pub Option<Vec<Move>>);

/// The judge's lines: one `x y g` per move, or `-1`.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            None => f.write_str("-1"),
            Some(moves) => {
                for (i, m) in moves.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    write!(f, "{m}")?;
                }
                Ok(())
            }
        }
    }
}

/// The configuration [`solve`] uses: depth-first search for exactly `n`
/// moves with the transposition table (at every node with a move left),
/// on every core (with the `parallel` feature). Add a budget to it for long
/// runs. Duplicate-child elimination is off: with the table it cost more
/// than it saved (5%, `docs/puzzles/mayan.md`).
pub fn solver(n: u32) -> Solver {
    Solver::new(Strategy::Dfs {
        depth: n,
        mode: DepthMode::Exactly,
    })
    .table(true)
    .table_min_left(1)
    .parallel(cfg!(feature = "parallel"))
}

/// The lexicographically smallest sequence of exactly `n` moves that
/// clears the board, or `-1`.
pub fn solve(problem: &Problem) -> Answer {
    match solve_with(problem, &solver(problem.n)).outcome {
        Outcome::Solved(moves) => Answer(Some(moves)),
        // With no budget set, the search always ends by deciding.
        _ => Answer(None),
    }
}

/// Runs `solver` on the problem and returns the whole report (outcome and
/// statistics), for comparisons and budgets.
pub fn solve_with(problem: &Problem, solver: &Solver) -> Report<Move> {
    solver.solve(&Mayan, &problem.board)
}
