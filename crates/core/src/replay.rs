//! Checking a move sequence against the rules.

use std::error::Error;
use std::fmt;

use crate::puzzle::Puzzle;

/// Why [`replay`] rejected a move sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError<M> {
    /// Move number `index` (from 0) is not legal in the state it is played in.
    IllegalMove {
        /// Its position in the sequence.
        index: usize,
        /// The move.
        mv: M,
    },
    /// Every move is legal but the last state is not a goal.
    NotSolved,
}

impl<M: fmt::Debug> fmt::Display for ReplayError<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::IllegalMove { index, mv } => {
                write!(f, "move {} ({mv:?}) is not legal", index + 1)
            }
            ReplayError::NotSolved => f.write_str("the moves do not end in a goal"),
        }
    }
}

impl<M: fmt::Debug> Error for ReplayError<M> {}

/// Plays `moves` from `start` and returns the final state if every move is
/// legal and the final state is a goal.
///
/// Every puzzle's tests run each answer through this, so an answer is
/// checked by the rules and not only by comparison with another solver.
///
/// # Errors
/// [`ReplayError::IllegalMove`] names the first illegal move;
/// [`ReplayError::NotSolved`] says the sequence ends short of a goal.
///
/// ```
/// use puzzle_search_core::{ReplayError, from_fn, replay};
/// // Counting from 1 to 4 by +1 (move 1) or +2 (move 2).
/// let count = from_fn(
///     |s: &u32, out: &mut Vec<(u8, u32)>| out.extend([(1, s + 1), (2, s + 2)]),
///     |s: &u32| *s == 4,
/// );
/// assert_eq!(replay(&count, &1, &[1, 2]), Ok(4));
/// assert_eq!(replay(&count, &1, &[1]), Err(ReplayError::NotSolved));
/// assert_eq!(replay(&count, &1, &[3]), Err(ReplayError::IllegalMove { index: 0, mv: 3 }));
/// ```
pub fn replay<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    moves: &[P::Move],
) -> Result<P::State, ReplayError<P::Move>> {
    let mut state = start.clone();
    for (index, &mv) in moves.iter().enumerate() {
        state = puzzle
            .apply(&state, mv)
            .ok_or(ReplayError::IllegalMove { index, mv })?;
    }
    if puzzle.is_goal(&state) {
        Ok(state)
    } else {
        Err(ReplayError::NotSolved)
    }
}
