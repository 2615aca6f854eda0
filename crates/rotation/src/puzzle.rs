//! The Rotation Game as a core [`Puzzle`].

use puzzle_search_core::{InPlace, Promise, Puzzle};

use crate::board::Board;
use crate::moves::Move;

/// The rules, for the core's strategies: moves `A` to `H` in letter order,
/// the centre test, and the classic bound; each move's inverse (`A`/`F`,
/// `B`/`E`, `C`/`H`, `D`/`G`), so that IDA* never generates the move back;
/// canonical sequences (parallel lines in letter order, no fourth turn of
/// a line in a row);
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

    /// Canonical sequences; the automaton's state is the last move and how
    /// many times in a row it was played (`q = index + 1 + 16 * (run - 1)`).
    /// Left out, with the twin that makes it allowed:
    /// - a move right after a larger one on the parallel line, as `A`
    ///   right after `B` (parallel lines share no cell, so the order does
    ///   not matter): twin `A B`, as long and smaller (every promise);
    /// - shortest searches: a move right after its inverse (twin: nothing)
    ///   and a fourth turn of one line in a row (a line of seven cells: four
    ///   turns one way are three the other way, shorter).
    fn canonical(&self, _: &Board, q: u32, mv: Move, promise: Promise) -> Option<u32> {
        let run = if let Some(last) = q.checked_sub(1).map(|q| Move::ALL[(q & 15) as usize]) {
            if mv < last && parallel(mv, last) {
                return None;
            }
            let run = q >> 4;
            if promise == Promise::Shortest && (mv == last.inverse() || (mv == last && run == 2)) {
                return None;
            }
            if mv == last { run + 1 } else { 0 }
        } else {
            0
        };
        Some(mv.index() as u32 + 1 + 16 * run)
    }
}

/// Whether two moves turn different parallel lines (`A`/`F` beside `B`/`E`,
/// `C`/`H` beside `D`/`G`): they touch no common cell, so they commute.
fn parallel(a: Move, b: Move) -> bool {
    let line = |m: Move| match m {
        Move::A | Move::F => 0,
        Move::B | Move::E => 1,
        Move::C | Move::H => 2,
        Move::D | Move::G => 3,
    };
    let (x, y) = (line(a), line(b));
    x != y && x / 2 == y / 2
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
