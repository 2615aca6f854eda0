//! Flip Game (POJ 1753): all pieces one side, either side.

use std::fmt;

use crate::algebra;
use crate::grid::Grid;

/// The Flip Game answer: the fewest flips, or impossible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlipGameAnswer(pub Option<usize>);

/// The judge's line: the number, or `Impossible`.
impl fmt::Display for FlipGameAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(n) => write!(f, "{n}"),
            None => f.write_str("Impossible"),
        }
    }
}

/// The fewest flips that make every piece one side: the better of the two
/// Fliptile targets, all white (solve the board) and all black (solve its
/// complement). Exact for any size whose null space is enumerable.
///
/// ```
/// use puzzle_flip::{flip_game, parse_flip_game};
/// // The Flip Game sample.
/// let board = parse_flip_game("bwwb\nbbwb\nbwwb\nbwww")?;
/// assert_eq!(flip_game(&board).to_string(), "4");
/// # Ok::<(), puzzle_flip::ParseError>(())
/// ```
pub fn flip_game(board: &Grid) -> FlipGameAnswer {
    let white = algebra::solve(board).map(|s| s.presses.count_ones());
    let black = algebra::solve(&board.complement()).map(|s| s.presses.count_ones());
    FlipGameAnswer(match (white, black) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    })
}
