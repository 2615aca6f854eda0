//! The Mayan puzzle as a core [`Puzzle`].

use puzzle_search_core::Puzzle;

use crate::board::{Board, HEIGHT, WIDTH};
use crate::moves::{Dir, Move};

/// The rules for the core's strategies. The goal is the empty board; ask
/// for it after exactly `n` moves with `DepthMode::Exactly`.
///
/// `successors` emits moves in the judge's order and leaves out only moves
/// that can never be the answer, because a smaller move reaches the same
/// board (see `docs/puzzles/mayan.md`):
/// - a left move into an occupied cell: the right move of its left
///   neighbour makes the same swap and is smaller;
/// - every same-colour swap after the first: all of them leave the board
///   as it is.
///
/// `lower_bound` is [`Board::gather_bound`]: how far apart the blocks of
/// one colour stand, and a dead end when a colour has 1 or 2 blocks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mayan;

impl Puzzle for Mayan {
    type State = Board;
    type Move = Move;

    fn successors(&self, board: &Board, out: &mut Vec<(Move, Board)>) {
        let mut idle_done = false;
        for x in 0..WIDTH {
            for y in 0..board.height(x).min(HEIGHT) {
                let colour = board.get(x, y);
                let (xu, yu) = (x as u8, y as u8);
                if x + 1 < WIDTH {
                    let mv = Move::new(xu, yu, Dir::R);
                    if board.get(x + 1, y) == colour {
                        // A same-colour swap changes nothing.
                        if !idle_done {
                            idle_done = true;
                            out.push((mv, *board));
                        }
                    } else if let Some(next) = board.apply(mv) {
                        out.push((mv, next));
                    }
                }
                if x > 0 && board.get(x - 1, y) == 0 {
                    let mv = Move::new(xu, yu, Dir::L);
                    if let Some(next) = board.apply(mv) {
                        out.push((mv, next));
                    }
                }
            }
        }
    }

    /// With one move left only a move that empties the board counts, and
    /// only a move whose swap makes a run can: the others are ruled out
    /// before settling (see `docs/puzzles/mayan.md`).
    fn successors_within(&self, board: &Board, left: u32, out: &mut Vec<(Move, Board)>) -> bool {
        if left > 1 || !board.is_stable() {
            self.successors(board, out);
            return false;
        }
        let mut push = |mv: Move, next: Option<Board>| {
            if let Some(next) = next.filter(Board::is_empty) {
                out.push((mv, next));
            }
        };
        for x in 0..WIDTH {
            // Swaps of two blocks in place, all rows at once.
            let swaps = if x + 1 < WIDTH {
                board.clearing_swaps(x)
            } else {
                0
            };
            for y in 0..board.height(x).min(HEIGHT) {
                let (xu, yu) = (x as u8, y as u8);
                // Same rules as `successors`: right moves (an idle swap
                // never empties the board), left moves into empty cells.
                if x + 1 < WIDTH {
                    let mv = Move::new(xu, yu, Dir::R);
                    if board.get(x + 1, y) == 0 {
                        push(mv, board.apply_clearing(mv));
                    } else if swaps >> (4 * y) & 1 == 1 {
                        push(mv, board.apply(mv));
                    }
                }
                if x > 0 && board.get(x - 1, y) == 0 {
                    let mv = Move::new(xu, yu, Dir::L);
                    push(mv, board.apply_clearing(mv));
                }
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
