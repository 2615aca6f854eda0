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
///
/// ```
/// use puzzle_boxslide::{Level, solve_with, solver};
/// use puzzle_search_core::Budget;
/// let level: Level = "7 6 2\n0 1 0 0 0 0\n0 2 0 0 0 0\n0 3 0 0 0 0\n0 2 1 0 0 0\n0 1 3 3 0 0\n0 2 2 1 0 0\n0 1 1 2 2 0".parse()?;
/// let capped = solver(level.limit).budget(Budget::default().max_nodes(1_000_000));
/// assert_eq!(solve_with(&level, &capped).solution().map(<[_]>::len), Some(2));
/// # Ok::<(), puzzle_boxslide::ParseError>(())
/// ```
pub fn solver(limit: u32) -> Solver {
    Solver::new(Strategy::IdaStar { max_depth: limit })
        .table(true)
        .table_min_left(1)
        .parallel(cfg!(feature = "parallel"))
}

/// A shortest solution within the level's limit, lexicographically
/// smallest among the shortest, or `-1`.
///
/// ```
/// use puzzle_boxslide::{Level, solve};
/// // The spec's sample.
/// let level: Level = "7 6 2\n0 1 0 0 0 0\n0 2 0 0 0 0\n0 3 0 0 0 0\n0 2 1 0 0 0\n0 1 3 3 0 0\n0 2 2 1 0 0\n0 1 1 2 2 0".parse()?;
/// assert_eq!(solve(&level).to_string(), "2\n2 1 D\n4 0 R");
/// # Ok::<(), puzzle_boxslide::ParseError>(())
/// ```
pub fn solve(level: &Level) -> Answer {
    match solve_with(level, &solver(level.limit)).outcome {
        Outcome::Solved(moves) => Answer(Some(moves)),
        // Without a budget the search always decides.
        _ => Answer(None),
    }
}

/// Runs `solver` on the level and returns the whole report.
///
/// ```
/// use puzzle_boxslide::{Level, solve_with};
/// use puzzle_search_core::{Solver, Strategy};
/// let level: Level = "7 6 2\n0 1 0 0 0 0\n0 2 0 0 0 0\n0 3 0 0 0 0\n0 2 1 0 0 0\n0 1 3 3 0 0\n0 2 2 1 0 0\n0 1 1 2 2 0".parse()?;
/// // Breadth-first search: the same answer as IDA*.
/// let report = solve_with(&level, &Solver::new(Strategy::Bfs { max_depth: level.limit }));
/// assert_eq!(report.solution().map(|m| m[0].to_string()), Some("2 1 D".to_string()));
/// # Ok::<(), puzzle_boxslide::ParseError>(())
/// ```
pub fn solve_with(level: &Level, solver: &Solver) -> Report<Move> {
    solver.solve(&BoxSlide, &level.board)
}
