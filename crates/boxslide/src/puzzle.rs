//! The box-slide maze as a core [`Puzzle`].

use puzzle_search_core::Puzzle;

use crate::board::Board;
use crate::moves::{Dir, Move};

/// The rules for the core's strategies; the goal is the empty grid.
///
/// `successors` leaves out moves that change nothing (two boxes of one
/// colour, a box lifted into an empty cell above it): such a move can be
/// dropped from any solution to make it shorter, so it is never in a
/// shortest one. `lower_bound` is [`Board::gather_bound`]: how far apart the boxes
/// of one colour stand, and a dead end when a colour has 1 or 2 boxes.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoxSlide;

/// Every move of a board's size, in canonical order: `r`, then `c`, then
/// `R` before `D`.
fn moves(board: &Board) -> impl Iterator<Item = Move> {
    let (h, w) = (board.height() as u8, board.width() as u8);
    (0..h)
        .flat_map(move |r| (0..w).flat_map(move |c| [Dir::R, Dir::D].map(|dir| Move { r, c, dir })))
}

impl Puzzle for BoxSlide {
    type State = Board;
    type Move = Move;

    fn successors(&self, board: &Board, out: &mut Vec<(Move, Board)>) {
        for mv in moves(board) {
            if let Some(next) = board.apply(mv) {
                if next != *board {
                    out.push((mv, next));
                }
            }
        }
    }

    /// With one move left only a move that empties the grid counts, and
    /// only a move whose swap makes a run can: the others are ruled out
    /// before settling (see `docs/puzzles/boxslide.md`).
    fn successors_within(&self, board: &Board, left: u32, out: &mut Vec<(Move, Board)>) -> bool {
        if left > 1 || !board.is_stable() {
            self.successors(board, out);
            return false;
        }
        // Swaps of two boxes, all rows at once; a box moved beside into an
        // empty cell (it falls) is tried one by one. A vertical swap with
        // an empty cell lifts a box into the air: it changes nothing.
        let (right, down) = board.clearing_swaps();
        let h = board.height();
        for mv in moves(board) {
            let (r, c) = (usize::from(mv.r), usize::from(mv.c));
            let next = match mv.dir {
                Dir::R => {
                    let (a, b) = (board.get(r, c), board.get(r, c + 1));
                    if a != 0 && b != 0 {
                        let hit = right[c] >> (4 * (h - 1 - r)) & 1 == 1;
                        if hit { board.apply(mv) } else { None }
                    } else {
                        board.apply_clearing(mv)
                    }
                }
                Dir::D => {
                    let hit = r + 1 < h && down[c] >> (4 * (h - 2 - r)) & 1 == 1;
                    if hit { board.apply(mv) } else { None }
                }
            };
            if let Some(next) = next.filter(Board::is_empty) {
                out.push((mv, next));
            }
        }
        true
    }

    fn is_goal(&self, board: &Board) -> bool {
        board.is_empty()
    }

    fn lower_bound(&self, board: &Board) -> Option<u32> {
        board.gather_bound()
    }

    fn apply(&self, board: &Board, mv: Move) -> Option<Board> {
        board.apply(mv)
    }
}
