//! A move `(x, y, g)` and the judge's order on moves.

use std::cmp::Ordering;
use std::fmt;

/// Shift the block at `(x, y)` one column right (`g = 1`) or left (`g = -1`).
///
/// Moves are ordered as the judge orders them: by `x`, then `y`, then `g`
/// with `1` before `-1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The column, 0 (left) to 4.
    pub x: u8,
    /// The row, 0 (bottom) to 6.
    pub y: u8,
    /// `1` for right, `-1` for left.
    pub g: i8,
}

impl Move {
    /// The move `(x, y, g)`.
    pub fn new(x: u8, y: u8, g: i8) -> Self {
        Self { x, y, g }
    }

    fn key(&self) -> (u8, u8, bool) {
        (self.x, self.y, self.g != 1)
    }
}

impl Ord for Move {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The judge's line: `x y g`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, self.g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn right_comes_before_left_and_x_before_y() {
        let mut moves = vec![
            Move::new(1, 0, -1),
            Move::new(0, 3, 1),
            Move::new(1, 0, 1),
            Move::new(0, 2, -1),
        ];
        moves.sort();
        assert_eq!(
            moves,
            [
                Move::new(0, 2, -1),
                Move::new(0, 3, 1),
                Move::new(1, 0, 1),
                Move::new(1, 0, -1)
            ]
        );
        assert_eq!(Move::new(3, 0, -1).to_string(), "3 0 -1");
    }
}
