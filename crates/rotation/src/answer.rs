//! The judge's answer, and why a search gave none.

use std::error::Error;
use std::fmt;

use puzzle_search_core::{Limit, Outcome};

use crate::board::Board;
use crate::moves::Move;

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
    ///
    /// ```
    /// use puzzle_rotation::{Answer, Board, Move};
    /// // The spec's first sample case: `AC` fills the centre with 2s.
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// let answer = Answer::from_moves(&board, vec![Move::A, Move::C]).expect("fills the centre");
    /// assert_eq!(answer.to_string(), "AC\n2");
    /// assert!(Answer::from_moves(&board, vec![Move::A]).is_none());
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
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

/// Why a search gave no answer: its budget ran out
/// ([`limit`](Self::limit) says which), or no solution lies within the
/// strategy's depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveError(SolveKind);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SolveKind {
    Stopped(Limit),
    /// Bidirectional search refused: the goal list was incomplete.
    Refused,
    NotWithinDepth,
}

impl SolveError {
    /// The budget limit that stopped the search; `None` when the search
    /// ended and found nothing within its depth limit.
    ///
    /// ```
    /// use puzzle_rotation::{Answer, Board, solve_with};
    /// use puzzle_search_core::{Budget, Limit, Solver, Strategy};
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// let starved = Solver::new(Strategy::ida()).budget(Budget::default().max_nodes(0));
    /// let err = Answer::from_outcome(&board, solve_with(&board, &starved).outcome).unwrap_err();
    /// assert_eq!(err.limit(), Some(Limit::Nodes));
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
    pub fn limit(&self) -> Option<Limit> {
        match self.0 {
            SolveKind::Stopped(limit) => Some(limit),
            SolveKind::Refused | SolveKind::NotWithinDepth => None,
        }
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            SolveKind::Stopped(limit) => write!(f, "search stopped: {limit}"),
            SolveKind::Refused => f.write_str("search refused: goal_states is incomplete"),
            SolveKind::NotWithinDepth => f.write_str("no solution within the depth limit"),
        }
    }
}

impl Error for SolveError {}

impl Answer {
    /// The judge's answer from a search's outcome on `board`.
    ///
    /// # Errors
    /// [`SolveError`] when the search stopped (with its limit) or found
    /// nothing within its depth limit.
    ///
    /// ```
    /// use puzzle_rotation::{Answer, Board, Move};
    /// // The spec's first sample case: `AC` fills the centre with 2s.
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// use puzzle_search_core::Outcome;
    /// let answer = Answer::from_outcome(&board, Outcome::Solved(vec![Move::A, Move::C]));
    /// assert_eq!(answer.map(|a| a.to_string()), Ok("AC\n2".to_string()));
    /// assert!(Answer::from_outcome(&board, Outcome::NoSolution).is_err());
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
    pub fn from_outcome(board: &Board, outcome: Outcome<Move>) -> Result<Answer, SolveError> {
        match outcome.into_result() {
            Ok(Some(moves)) => {
                Answer::from_moves(board, moves).ok_or(SolveError(SolveKind::NotWithinDepth))
            }
            Ok(None) => Err(SolveError(SolveKind::NotWithinDepth)),
            Err(why) => Err(SolveError(match why.limit() {
                Some(limit) => SolveKind::Stopped(limit),
                None => SolveKind::Refused,
            })),
        }
    }
}
