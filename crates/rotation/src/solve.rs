//! The solver front door: the pattern database for the published game,
//! IDA* otherwise. Apart from [`Answer`](crate::Answer), which the pattern
//! database builds too, so that neither imports the other back.

use puzzle_search_core::MakeUnmake;
use puzzle_search_core::{Report, Solver, Strategy};

use crate::answer::{Answer, SolveError};
use crate::board::Board;
use crate::moves::Move;
use crate::pdb;
use crate::puzzle::Rotation;

/// The longest answer the core's searches look for. The census shows that
/// boards with eight of each number never need more than 13 moves (see
/// `docs/puzzles/rotation.md`); other boards get a wide margin.
pub const MAX_DEPTH: u32 = 40;

/// Solves `board` by the fastest exact method: the pattern database when
/// each number fills eight cells (the game as published), IDA* otherwise.
///
/// # Errors
/// Never for boards with eight of each number; otherwise only when the
/// IDA* fallback finds nothing within [`MAX_DEPTH`] moves.
///
/// ```
/// use puzzle_rotation::{Board, solve};
/// // The spec's first sample case.
/// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
/// assert_eq!(solve(&board).expect("eight of each").to_string(), "AC\n2");
/// # Ok::<(), puzzle_rotation::ParseError>(())
/// ```
pub fn solve(board: &Board) -> Result<Answer, SolveError> {
    match pdb::solve(board) {
        Some(answer) => Ok(answer),
        None => {
            let ida = Solver::new(Strategy::IdaStar {
                max_depth: MAX_DEPTH,
            });
            Answer::from_outcome(board, solve_with(board, &ida).outcome)
        }
    }
}

/// Searches `board` with `solver`: the outcome (the moves, as the other
/// puzzle crates' `solve_with` give them) and the statistics.
/// [`Answer::from_outcome`] turns the outcome into the judge's answer.
///
/// ```
/// use puzzle_rotation::{Answer, Board, solve_with};
/// use puzzle_search_core::{Solver, Strategy};
/// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
/// let report = solve_with(&board, &Solver::new(Strategy::ida()));
/// assert_eq!(report.solution().map(<[_]>::len), Some(2));
/// let answer = Answer::from_outcome(&board, report.outcome).expect("solved");
/// assert_eq!(answer.to_string(), "AC\n2");
/// # Ok::<(), puzzle_rotation::ParseError>(())
/// ```
pub fn solve_with(board: &Board, solver: &Solver) -> Report<Move> {
    solver.solve(MakeUnmake(&Rotation), board)
}
