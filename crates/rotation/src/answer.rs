//! The judge's answer and the solver front door.

use std::error::Error;
use std::fmt;

use puzzle_search_core::{Limit, Solver, Stats, Strategy};

use crate::board::Board;
use crate::moves::Move;
use crate::pdb;
use crate::puzzle::Rotation;

/// A shortest, lexicographically smallest move sequence and the number it
/// leaves in the centre. `Display` prints the judge's two lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The moves (empty when the board is already solved).
    pub moves: Vec<Move>,
    /// The number filling the centre after them.
    pub centre: u8,
}

impl Answer {
    /// The answer for `moves` played from `board`, if they solve it.
    pub fn from_moves(board: &Board, moves: Vec<Move>) -> Option<Self> {
        let end = moves.iter().fold(*board, |b, &m| b.apply(m));
        end.centre_number().map(|centre| Answer { moves, centre })
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.moves.is_empty() {
            f.write_str("No moves needed")?;
        } else {
            for m in &self.moves {
                write!(f, "{m}")?;
            }
        }
        write!(f, "\n{}", self.centre)
    }
}

/// Why a search gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The search's budget ran out.
    Stopped(Limit),
    /// No solution within the strategy's depth limit.
    NotWithinDepth,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Stopped(limit) => write!(f, "search stopped: {limit}"),
            SolveError::NotWithinDepth => f.write_str("no solution within the depth limit"),
        }
    }
}

impl Error for SolveError {}

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
pub fn solve(board: &Board) -> Result<Answer, SolveError> {
    match pdb::solve(board) {
        Some(answer) => Ok(answer),
        None => solve_with(
            board,
            &Solver::new(Strategy::IdaStar {
                max_depth: MAX_DEPTH,
            }),
        )
        .map(|r| r.0),
    }
}

/// Solves `board` with a core strategy, and returns its statistics too.
///
/// # Errors
/// [`SolveError`] when the search stops or finds nothing.
pub fn solve_with(board: &Board, solver: &Solver) -> Result<(Answer, Stats), SolveError> {
    let report = solver.solve(&Rotation, board);
    match report.outcome.into_result() {
        Ok(Some(moves)) => {
            let answer = Answer::from_moves(board, moves).ok_or(SolveError::NotWithinDepth)?;
            Ok((answer, report.stats))
        }
        Ok(None) => Err(SolveError::NotWithinDepth),
        Err(limit) => Err(SolveError::Stopped(limit)),
    }
}
