//! The Rotation Game as a core [`Puzzle`].

use puzzle_search_core::Puzzle;

use crate::board::Board;
use crate::moves::Move;

/// The rules, for the core's strategies: moves `A` to `H` in letter order,
/// the centre test, and the classic bound.
///
/// Inverse-move skipping needs no code here: the core's IDA* skips any
/// move back to the grandparent state, which for this game is exactly the
/// inverse move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rotation;

impl Puzzle for Rotation {
    type State = Board;
    type Move = Move;

    fn successors(&self, board: &Board, out: &mut Vec<(Move, Board)>) {
        out.extend(Move::ALL.map(|m| (m, board.apply(m))));
    }

    fn is_goal(&self, board: &Board) -> bool {
        board.centre_number().is_some()
    }

    /// 8 minus the most frequent number in the centre: a move takes one
    /// number out of the centre and brings one in, so each move raises a
    /// number's centre count by at most one.
    fn lower_bound(&self, board: &Board) -> Option<u32> {
        Some(8 - board.centre_counts().into_iter().max().unwrap_or(0))
    }

    fn apply(&self, board: &Board, mv: Move) -> Option<Board> {
        Some(board.apply(mv))
    }
}
