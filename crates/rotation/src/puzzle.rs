//! The Rotation Game as a core [`Puzzle`].

use puzzle_search_core::{InPlace, Puzzle};

use crate::board::Board;
use crate::moves::Move;

/// The rules, for the core's strategies: moves `A` to `H` in letter order,
/// the centre test, and the classic bound; each move's inverse (`A`/`F`,
/// `B`/`E`, `C`/`H`, `D`/`G`), so that IDA* never generates the move back;
/// and the board searched in place ([`InPlace`]: a move and its inverse
/// are one permutation of three masks each, cheaper than a copy per
/// child).
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

    fn inverse(&self, mv: Move) -> Option<Move> {
        Some(mv.inverse())
    }
}

/// Every move is legal everywhere; taking one back is playing its inverse.
impl InPlace for Rotation {
    type Undo = ();

    fn moves(&self, _: &Board, _: u32, except: Option<Move>, out: &mut Vec<Move>) -> bool {
        out.extend(Move::ALL.into_iter().filter(|&m| Some(m) != except));
        false
    }

    fn make(&self, board: &mut Board, mv: Move) {
        *board = board.apply(mv);
    }

    fn unmake(&self, board: &mut Board, mv: Move, (): ()) {
        *board = board.apply(mv.inverse());
    }

    fn bound_after(&self, board: &Board, mv: Move) -> Option<u32> {
        self.lower_bound(&board.apply(mv))
    }
}
