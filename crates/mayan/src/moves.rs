//! A move `(x, y, g)` and the judge's order on moves.

use std::fmt;

/// Which way a block is shifted. The derived order (`R` before `L`) is the
/// judge's: `g = 1` before `g = -1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dir {
    /// Right: `g = 1`.
    R,
    /// Left: `g = -1`.
    L,
}

impl Dir {
    /// The judge's `g`: `1` for right, `-1` for left.
    ///
    /// ```
    /// use puzzle_mayan::Dir;
    /// assert_eq!((Dir::R.g(), Dir::L.g()), (1, -1));
    /// ```
    pub fn g(self) -> i8 {
        match self {
            Dir::R => 1,
            Dir::L => -1,
        }
    }

    /// The direction of the judge's `g`; `None` unless `g` is `1` or `-1`.
    ///
    /// ```
    /// use puzzle_mayan::Dir;
    /// assert_eq!(Dir::from_g(-1), Some(Dir::L));
    /// assert_eq!(Dir::from_g(0), None);
    /// ```
    pub fn from_g(g: i8) -> Option<Dir> {
        match g {
            1 => Some(Dir::R),
            -1 => Some(Dir::L),
            _ => None,
        }
    }
}

/// Shift the block at `(x, y)` one column right or left: the judge's
/// `x y g`.
///
/// Moves are ordered as the judge orders them (the derived order on the
/// fields): by `x`, then `y`, then right (`g = 1`) before left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// The column, 0 (left) to 4.
    pub x: u8,
    /// The row, 0 (bottom) to 6.
    pub y: u8,
    /// Right or left.
    pub dir: Dir,
}

impl Move {
    /// The move `(x, y)` towards `dir`.
    ///
    /// ```
    /// use puzzle_mayan::{Dir, Move};
    /// assert_eq!(Move::new(3, 0, Dir::L).to_string(), "3 0 -1");
    /// ```
    pub fn new(x: u8, y: u8, dir: Dir) -> Self {
        Self { x, y, dir }
    }
}

/// The judge's line: `x y g`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, self.dir.g())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn right_comes_before_left_and_x_before_y() {
        let mut moves = vec![
            Move::new(1, 0, Dir::L),
            Move::new(0, 3, Dir::R),
            Move::new(1, 0, Dir::R),
            Move::new(0, 2, Dir::L),
        ];
        moves.sort();
        assert_eq!(
            moves,
            [
                Move::new(0, 2, Dir::L),
                Move::new(0, 3, Dir::R),
                Move::new(1, 0, Dir::R),
                Move::new(1, 0, Dir::L)
            ]
        );
        assert_eq!(Move::new(3, 0, Dir::L).to_string(), "3 0 -1");
    }
}
