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
///
/// ```
/// use std::time::Duration;
/// use puzzle_mayan::{Problem, solve_with, solver};
/// use puzzle_search_core::Budget;
/// let problem: Problem = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0".parse()?;
/// // The default configuration, with a time limit for long runs.
/// let capped = solver(problem.n).budget(Budget::default().time_limit(Duration::from_secs(10)));
/// assert_eq!(solve_with(&problem, &capped).solution().map(<[_]>::len), Some(3));
/// # Ok::<(), puzzle_mayan::ParseError>(())
/// ```
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
///
/// ```
/// use puzzle_mayan::{Problem, solve};
/// // The spec's sample.
/// let problem: Problem = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0".parse()?;
/// assert_eq!(solve(&problem).to_string(), "2 1 1\n3 1 1\n3 0 1");
/// # Ok::<(), puzzle_mayan::ParseError>(())
/// ```
pub fn solve(problem: &Problem) -> Answer {
    match solve_with(problem, &solver(problem.n)).outcome {
        Outcome::Solved(moves) => Answer(Some(moves)),
        // With no budget set, the search always ends by deciding.
        _ => Answer(None),
    }
}

/// Runs `solver` on the problem and returns the whole report (outcome and
/// statistics), for comparisons and budgets.
///
/// ```
/// use puzzle_mayan::{Problem, solve_with};
/// use puzzle_search_core::{DepthMode, Solver, Strategy};
/// let problem: Problem = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0".parse()?;
/// // Plain depth-first search, no table: the same answer, more nodes.
/// let plain = Solver::new(Strategy::Dfs { depth: 3, mode: DepthMode::Exactly });
/// let report = solve_with(&problem, &plain);
/// assert_eq!(report.solution().map(<[_]>::len), Some(3));
/// assert!(report.stats.expanded > 0);
/// # Ok::<(), puzzle_mayan::ParseError>(())
/// ```
pub fn solve_with(problem: &Problem, solver: &Solver) -> Report<Move> {
    solver.solve(&Mayan, &problem.board)
}
