//! The box-slide maze as a core [`Puzzle`].

use puzzle_search_core::Puzzle;

use crate::board::Board;
use crate::moves::{Dir, Move};

/// The rules for the core's strategies; the goal is the empty grid.
///
/// `successors` leaves out moves that change nothing (two boxes of one
/// colour, a box lifted into an empty cell above it): such a move can be
/// dropped from any solution to make it shorter, so it is never in a
/// shortest one. `lower_bound` calls a colour with 1 or 2 boxes a dead end.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoxSlide;

impl Puzzle for BoxSlide {
    type State = Board;
    type Move = Move;

    fn successors(&self, board: &Board, out: &mut Vec<(Move, Board)>) {
        for r in 0..board.height() {
            for c in 0..board.width() {
                for dir in [Dir::R, Dir::D] {
                    let mv = Move {
                        r: r as u8,
                        c: c as u8,
                        dir,
                    };
                    if let Some(next) = board.apply(mv) {
                        if next != *board {
                            out.push((mv, next));
                        }
                    }
                }
            }
        }
    }

    fn is_goal(&self, board: &Board) -> bool {
        board.is_empty()
    }

    fn lower_bound(&self, board: &Board) -> Option<u32> {
        if board.has_stranded_colour() {
            None
        } else {
            Some(0)
        }
    }

    fn apply(&self, board: &Board, mv: Move) -> Option<Board> {
        board.apply(mv)
    }
}
