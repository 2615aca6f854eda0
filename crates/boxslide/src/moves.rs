//! A move `r c R` / `r c D` and the order on moves.

use std::fmt;

/// Which neighbour a cell swaps with. `R` comes before `D`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dir {
    /// The cell to the right, `(r, c + 1)`.
    R,
    /// The cell below, `(r + 1, c)`.
    D,
}

/// Swap `(r, c)` with its right or lower neighbour. Ordered by `r`, then
/// `c`, then `R` before `D` (the field order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// The row, 0 at the top.
    pub r: u8,
    /// The column, 0 at the left.
    pub c: u8,
    /// The neighbour.
    pub dir: Dir,
}

impl Move {
    /// The move `r c R` or `r c D`.
    ///
    /// ```
    /// use puzzle_boxslide::{Dir, Move};
    /// assert_eq!(Move::new(2, 1, Dir::D).to_string(), "2 1 D");
    /// ```
    pub fn new(r: u8, c: u8, dir: Dir) -> Self {
        Self { r, c, dir }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = match self.dir {
            Dir::R => 'R',
            Dir::D => 'D',
        };
        write!(f, "{} {} {d}", self.r, self.c)
    }
}
