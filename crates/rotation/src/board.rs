//! The board: one 24-bit cell mask per number.

use std::fmt;

use puzzle_search_core::input::SplitMix64;

use crate::moves::Move;

/// The number of cells.
pub const CELLS: usize = 24;

/// The mask of the eight centre cells `6 7 8 11 12 15 16 17`.
pub const CENTRE: u32 = 1 << 6 | 1 << 7 | 1 << 8 | 1 << 11 | 1 << 12 | 1 << 15 | 1 << 16 | 1 << 17;

/// All 24 cells.
pub(crate) const FULL: u32 = (1 << CELLS) - 1;

/// A board: `masks[k]` has bit `c` set when cell `c` holds number `k + 1`.
///
/// The masks partition the 24 cells. A move permutes the bits of each mask
/// the same way, with three table lookups a mask.
///
/// ```
/// use puzzle_rotation::{Board, Move};
/// let board: Board = "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3".parse()?;
/// assert_eq!(board.cell(8), 2);
/// assert_eq!(board.apply(Move::A).cell(0), 1); // cell 0 takes what cell 2 held
/// # Ok::<(), puzzle_rotation::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    masks: [u32; 3],
}

impl Board {
    /// The board with `cells[c]` (1 to 3) in cell `c`; `None` when a value
    /// is outside `1..=3`.
    ///
    /// ```
    /// use puzzle_rotation::Board;
    /// let mut cells = [1u8; 24];
    /// cells[5] = 2;
    /// assert_eq!(Board::from_cells(&cells).map(|b| b.cell(5)), Some(2));
    /// cells[5] = 4;
    /// assert!(Board::from_cells(&cells).is_none());
    /// ```
    pub fn from_cells(cells: &[u8; CELLS]) -> Option<Self> {
        cells
            .iter()
            .all(|v| (1..=3).contains(v))
            .then(|| Self::from_valid_cells(cells))
    }

    /// [`from_cells`](Self::from_cells) for values known to be in `1..=3`.
    pub(crate) fn from_valid_cells(cells: &[u8; CELLS]) -> Self {
        let mut masks = [0u32; 3];
        for (c, &v) in cells.iter().enumerate() {
            masks[usize::from(v.clamp(1, 3) - 1)] |= 1 << c;
        }
        Self { masks }
    }

    /// A uniformly random board with eight of each number.
    ///
    /// ```
    /// use puzzle_rotation::Board;
    /// use puzzle_search_core::input::SplitMix64;
    /// let board = Board::random(&mut SplitMix64::new(9));
    /// assert!(board.has_eight_of_each());
    /// ```
    pub fn random(rng: &mut SplitMix64) -> Self {
        let mut cells = [0u8; CELLS];
        for (i, c) in cells.iter_mut().enumerate() {
            *c = (i / 8) as u8 + 1;
        }
        rng.shuffle(&mut cells);
        Self::from_valid_cells(&cells)
    }

    /// The board with these three masks, if they partition the 24 cells.
    ///
    /// ```
    /// use puzzle_rotation::{Board, Move};
    /// // The spec's first sample case: `AC` fills the centre with 2s.
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// let again = Board::from_masks([board.mask(0), board.mask(1), board.mask(2)]);
    /// assert_eq!(again, Some(board));
    /// assert!(Board::from_masks([0, 0, 0]).is_none());
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
    pub fn from_masks(masks: [u32; 3]) -> Option<Self> {
        let [a, b, c] = masks;
        (a | b | c == FULL && a & b == 0 && a & c == 0 && b & c == 0).then_some(Self { masks })
    }

    /// The number (1 to 3) in cell `c` (`c < 24`).
    ///
    /// ```
    /// use puzzle_rotation::{Board, Move};
    /// // The spec's first sample case: `AC` fills the centre with 2s.
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// assert_eq!((board.cell(0), board.cell(4)), (1, 3));
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
    pub fn cell(&self, c: usize) -> u8 {
        (0..3)
            .find(|&k| self.masks[k] >> c & 1 == 1)
            .map_or(0, |k| k as u8 + 1)
    }

    /// The cells, in cell order.
    ///
    /// ```
    /// use puzzle_rotation::{Board, Move};
    /// // The spec's first sample case: `AC` fills the centre with 2s.
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// assert_eq!(board.cells()[..5], [1, 1, 1, 1, 3]);
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
    pub fn cells(&self) -> [u8; CELLS] {
        std::array::from_fn(|c| self.cell(c))
    }

    /// The cells holding number `k + 1`, for `k` in `0..3`.
    ///
    /// ```
    /// use puzzle_rotation::{Board, Move};
    /// // The spec's first sample case: `AC` fills the centre with 2s.
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// assert_eq!(board.mask(0).count_ones(), 8); // eight 1s
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
    pub fn mask(&self, k: usize) -> u32 {
        self.masks[k]
    }

    /// The board after `mv`.
    ///
    /// ```
    /// use puzzle_rotation::{Board, Move};
    /// // The spec's first sample case: `AC` fills the centre with 2s.
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// let done = board.apply(Move::A).apply(Move::C);
    /// assert_eq!(done.centre_number(), Some(2));
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
    #[inline]
    pub fn apply(&self, mv: Move) -> Self {
        Self {
            masks: self.masks.map(|m| mv.permute(m)),
        }
    }

    /// How many centre cells hold each number.
    ///
    /// ```
    /// use puzzle_rotation::{Board, Move};
    /// // The spec's first sample case: `AC` fills the centre with 2s.
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// let done = board.apply(Move::A).apply(Move::C);
    /// assert_eq!(done.centre_counts(), [0, 8, 0]);
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
    pub fn centre_counts(&self) -> [u32; 3] {
        self.masks.map(|m| (m & CENTRE).count_ones())
    }

    /// The number filling the whole centre, if one does.
    ///
    /// ```
    /// use puzzle_rotation::{Board, Move};
    /// // The spec's first sample case: `AC` fills the centre with 2s.
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// assert_eq!(board.centre_number(), None);
    /// assert_eq!(board.apply(Move::A).apply(Move::C).centre_number(), Some(2));
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
    pub fn centre_number(&self) -> Option<u8> {
        (0..3)
            .find(|&k| self.masks[k] & CENTRE == CENTRE)
            .map(|k| k as u8 + 1)
    }

    /// Whether every number occupies eight cells, as in the original game.
    ///
    /// ```
    /// use puzzle_rotation::{Board, Move};
    /// // The spec's first sample case: `AC` fills the centre with 2s.
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// assert!(board.has_eight_of_each());
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
    pub fn has_eight_of_each(&self) -> bool {
        self.masks.iter().all(|m| m.count_ones() == 8)
    }
}

/// Draws the `#` shape, cells in reading order, so the drawing parses back.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = self.cells();
        let mut next = 0;
        for (row, cols) in LAYOUT.iter().enumerate() {
            if row > 0 {
                writeln!(f)?;
            }
            let mut line = String::new();
            for col in 0..7 {
                if cols.contains(&col) {
                    line.push(char::from(b'0' + cells[next]));
                    next += 1;
                } else {
                    line.push(' ');
                }
                if col < 6 {
                    line.push(' ');
                }
            }
            f.write_str(line.trim_end())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: String = self.cells().iter().map(|&v| char::from(b'0' + v)).collect();
        write!(f, "Board({cells})")
    }
}

/// The columns (0 to 6) holding cells on each of the seven rows.
pub(crate) const LAYOUT: [&[usize]; 7] = [
    &[2, 4],
    &[2, 4],
    &[0, 1, 2, 3, 4, 5, 6],
    &[2, 4],
    &[0, 1, 2, 3, 4, 5, 6],
    &[2, 4],
    &[2, 4],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_draws_the_shape_and_parses_back() {
        let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
            .parse()
            .expect("a valid board");
        let drawn = board.to_string();
        assert_eq!(
            drawn,
            "    1   1\n    1   1\n3 2 3 2 3 1 3\n    2   2\n3 1 2 2 2 3 1\n    2   1\n    3   3"
        );
        assert_eq!(drawn.parse::<Board>(), Ok(board));
    }

    #[test]
    fn centre_test() {
        let board: Board = "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3"
            .parse()
            .expect("a valid board");
        assert_eq!(board.centre_counts(), [2, 4, 2]);
        assert_eq!(board.centre_number(), None);
        let solved = Board::from_masks([FULL & !CENTRE & 0xFF, CENTRE, FULL & !CENTRE & !0xFF]);
        assert_eq!(solved.map(|b| b.centre_number()), Some(Some(2)));
    }
}
