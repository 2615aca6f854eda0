//! The board: five packed columns of 4-bit cells, and the rules over them.
//!
//! # Design rationale
//! Column `x` is a `u32` whose nibble `y` holds the colour at `(x, y)`
//! (0 = empty). A settled column is a run of non-zero nibbles from the
//! bottom, so the whole board is 20 bytes, cheap to copy, hash and store
//! in the failure memo. Gravity and runs are the SWAR rules of the
//! `puzzle-gravity` crate, which the Box-slide puzzle shares.

use std::fmt;

use puzzle_gravity::{clear_pass, colour_counts, fall, marks};

use crate::moves::{Dir, Move};

/// Columns.
pub const WIDTH: usize = 5;
/// Rows.
pub const HEIGHT: usize = 7;
/// The largest colour.
pub const COLOURS: u8 = 10;

/// A run of three or more blocks of one colour, as found on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// Its colour.
    pub colour: u8,
    /// Its first cell (lowest `x`, then lowest `y`).
    pub x: u8,
    /// See [`x`](Self::x).
    pub y: u8,
    /// Whether it runs along a row (else up a column).
    pub horizontal: bool,
}

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (x, y) = (self.x, self.y);
        let (x2, y2) = if self.horizontal {
            (x + 2, y)
        } else {
            (x, y + 2)
        };
        write!(f, "colour {} from ({x}, {y}) to ({x2}, {y2})", self.colour)
    }
}

/// A Mayan board.
///
/// ```
/// use puzzle_mayan::{Board, Dir, Move};
/// // Columns bottom to top, each ended by 0 (the judge's layout).
/// let board: Board = "1 0\n1 0\n0\n1 0\n0".parse()?;
/// assert_eq!(board.get(3, 0), 1);
/// // Dropping (3, 0) into the empty column 2 lines up three 1s: all clear.
/// assert_eq!(board.apply(Move::new(3, 0, Dir::L)), Some(Board::empty()));
/// # Ok::<(), puzzle_mayan::ParseError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Board {
    cols: [u32; WIDTH],
}

impl Board {
    /// The empty board.
    pub const fn empty() -> Self {
        Self { cols: [0; WIDTH] }
    }

    /// A board from its columns, each listed bottom to top; `None` when a
    /// column is taller than 7 or a colour is outside `1..=10`. The board
    /// is taken as it is: it may hold runs (see [`first_run`](Self::first_run)).
    ///
    /// ```
    /// use puzzle_mayan::Board;
    /// let board = Board::from_columns([&[1, 2], &[1], &[], &[1], &[]]).expect("valid");
    /// assert_eq!(board.get(0, 1), 2);
    /// assert!(Board::from_columns([&[11], &[], &[], &[], &[]]).is_none()); // colour 11
    /// ```
    pub fn from_columns(columns: [&[u8]; WIDTH]) -> Option<Self> {
        let mut cols = [0u32; WIDTH];
        for (col, cells) in cols.iter_mut().zip(columns) {
            if cells.len() > HEIGHT {
                return None;
            }
            for (y, &c) in cells.iter().enumerate() {
                if !(1..=COLOURS).contains(&c) {
                    return None;
                }
                *col |= u32::from(c) << (4 * y);
            }
        }
        Some(Self { cols })
    }

    /// The colour at `(x, y)`, 0 when empty or outside the board.
    ///
    /// ```
    /// use puzzle_mayan::{Board, Dir, Move};
    /// // 1s on the floor of columns 0, 1 and 3; a 2 on the first.
    /// let board: Board = "1 2 0\n1 0\n0\n1 0\n0".parse()?;
    /// assert_eq!((board.get(0, 0), board.get(0, 1), board.get(2, 0)), (1, 2, 0));
    /// assert_eq!(board.get(9, 9), 0); // outside
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> u8 {
        if x < WIDTH && y < HEIGHT {
            (self.cols[x] >> (4 * y) & 0xF) as u8
        } else {
            0
        }
    }

    /// The number of blocks in column `x` (0 outside the board).
    ///
    /// ```
    /// use puzzle_mayan::{Board, Dir, Move};
    /// // 1s on the floor of columns 0, 1 and 3; a 2 on the first.
    /// let board: Board = "1 2 0\n1 0\n0\n1 0\n0".parse()?;
    /// assert_eq!((board.height(0), board.height(2)), (2, 0));
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    pub fn height(&self, x: usize) -> usize {
        self.cols
            .get(x)
            .map_or(0, |c| (32 - c.leading_zeros()).div_ceil(4) as usize)
    }

    /// Whether no block is left.
    ///
    /// ```
    /// use puzzle_mayan::{Board, Dir, Move};
    /// // 1s on the floor of columns 0, 1 and 3; a 2 on the first.
    /// let board: Board = "1 2 0\n1 0\n0\n1 0\n0".parse()?;
    /// assert!(!board.is_empty() && Board::empty().is_empty());
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.cols == [0; WIDTH]
    }

    /// `counts[c]`: the blocks of colour `c` (index 0 unused).
    ///
    /// ```
    /// use puzzle_mayan::{Board, Dir, Move};
    /// // 1s on the floor of columns 0, 1 and 3; a 2 on the first.
    /// let board: Board = "1 2 0\n1 0\n0\n1 0\n0".parse()?;
    /// assert_eq!((board.colour_counts()[1], board.colour_counts()[2]), (3, 1));
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    pub fn colour_counts(&self) -> [u8; 16] {
        colour_counts(&self.cols)
    }

    /// Whether some colour has only 1 or 2 blocks left: such blocks can
    /// never be cleared, so the board can never be emptied.
    ///
    /// ```
    /// use puzzle_mayan::{Board, Dir, Move};
    /// // 1s on the floor of columns 0, 1 and 3; a 2 on the first.
    /// let board: Board = "1 2 0\n1 0\n0\n1 0\n0".parse()?;
    /// assert!(board.has_stranded_colour()); // one 2 can never clear
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    pub fn has_stranded_colour(&self) -> bool {
        puzzle_gravity::has_stranded_colour(&self.cols)
    }

    /// A lower bound on the moves that empty the board, `None` when it
    /// never can be (a colour has 1 or 2 blocks): the column steps the
    /// blocks of one colour need to line up, a move giving each colour one
    /// step at most (see [`puzzle_gravity::gather_bound`] for the proof).
    ///
    /// ```
    /// use puzzle_mayan::Board;
    /// // 1s on the floor of columns 0, 2 and 4: two moves at least.
    /// let board: Board = "1 0\n0\n1 0\n0\n1 0".parse()?;
    /// assert_eq!(board.gather_bound(), Some(2));
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    pub fn gather_bound(&self) -> Option<u32> {
        puzzle_gravity::gather_bound(&self.cols)
    }

    /// Whether every block stands on row 0 or on another block.
    ///
    /// ```
    /// use puzzle_mayan::{Board, Dir, Move};
    /// // 1s on the floor of columns 0, 1 and 3; a 2 on the first.
    /// let board: Board = "1 2 0\n1 0\n0\n1 0\n0".parse()?;
    /// assert!(board.is_settled());
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    pub fn is_settled(&self) -> bool {
        self.cols.iter().all(|&c| fall(c) == c)
    }

    /// The cells in runs of three or more, per column, as nibble masks.
    #[inline]
    fn marks(&self) -> [u32; WIDTH] {
        let mut m = [0u32; WIDTH];
        marks(&self.cols, &mut m);
        m
    }

    /// The first run of three on the board, if any (for error messages).
    ///
    /// ```
    /// use puzzle_mayan::Board;
    /// let board: Board = "1 0\n1 0\n1 0\n0\n0".parse()?;
    /// assert_eq!(board.first_run().map(|r| r.to_string()).as_deref(), Some("colour 1 from (0, 0) to (2, 0)"));
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    pub fn first_run(&self) -> Option<Run> {
        for x in 0..WIDTH {
            for y in 0..HEIGHT {
                let colour = self.get(x, y);
                if colour == 0 {
                    continue;
                }
                let along = |dx: usize, dy: usize| {
                    (1..3).all(|i| self.get(x + i * dx, y + i * dy) == colour)
                };
                for (horizontal, dx, dy) in [(true, 1, 0), (false, 0, 1)] {
                    if along(dx, dy) {
                        return Some(Run {
                            colour,
                            x: x as u8,
                            y: y as u8,
                            horizontal,
                        });
                    }
                }
            }
        }
        None
    }

    /// The cells that the next clearing pass removes, as `(x, y)`.
    ///
    /// ```
    /// use puzzle_mayan::Board;
    /// let board: Board = "1 0\n1 0\n1 0\n0\n0".parse()?;
    /// assert_eq!(board.marked_cells(), [(0, 0), (1, 0), (2, 0)]);
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    pub fn marked_cells(&self) -> Vec<(u8, u8)> {
        let marks = self.marks();
        let mut out = Vec::new();
        for (x, m) in marks.iter().enumerate() {
            for y in 0..HEIGHT {
                if m >> (4 * y) & 0xF != 0 {
                    out.push((x as u8, y as u8));
                }
            }
        }
        out
    }

    /// The board right after `mv`'s swap and fall, before anything is
    /// cleared; `None` when `mv` is not legal.
    ///
    /// ```
    /// use puzzle_mayan::{Board, Dir, Move};
    /// // 1s on the floor of columns 0, 1 and 3; a 2 on the first.
    /// let board: Board = "1 2 0\n1 0\n0\n1 0\n0".parse()?;
    /// // Before clearing: the 1 from column 3 has fallen into column 2.
    /// let swapped = board.swap(Move::new(3, 0, Dir::L)).expect("legal");
    /// assert_eq!(swapped.marked_cells(), [(0, 0), (1, 0), (2, 0)]);
    /// assert!(board.swap(Move::new(2, 0, Dir::R)).is_none()); // no block there
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    pub fn swap(&self, mv: Move) -> Option<Board> {
        let (x, y) = (usize::from(mv.x), usize::from(mv.y));
        let to = x.checked_add_signed(isize::from(mv.dir.g()))?;
        if to >= WIDTH || y >= HEIGHT || self.get(x, y) == 0 {
            return None;
        }
        let shift = 4 * y;
        let (a, b) = (self.cols[x] >> shift & 0xF, self.cols[to] >> shift & 0xF);
        let mut next = *self;
        next.cols[x] = fall(next.cols[x] & !(0xF << shift) | b << shift);
        next.cols[to] = fall(next.cols[to] & !(0xF << shift) | a << shift);
        Some(next)
    }

    /// One clearing pass: remove every block in a run, then let the columns
    /// fall. `None` when nothing is in a run (the board is stable).
    ///
    /// ```
    /// use puzzle_mayan::{Board, Dir, Move};
    /// // 1s on the floor of columns 0, 1 and 3; a 2 on the first.
    /// let board: Board = "1 2 0\n1 0\n0\n1 0\n0".parse()?;
    /// let swapped = board.swap(Move::new(3, 0, Dir::L)).expect("legal");
    /// let after = swapped.clear_pass().expect("a run");
    /// assert_eq!(after.get(0, 0), 2); // the 2 fell
    /// assert!(after.clear_pass().is_none());
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    pub fn clear_pass(&self) -> Option<Board> {
        let mut next = *self;
        clear_pass(&mut next.cols).then_some(next)
    }

    /// The board after clearing runs and letting blocks fall until nothing
    /// changes.
    ///
    /// ```
    /// use puzzle_mayan::Board;
    /// let board: Board = "1 2 0\n1 0\n1 0\n0\n0".parse()?; // holds a run
    /// assert_eq!(board.settled().get(0, 0), 2);
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    #[inline]
    pub fn settled(&self) -> Board {
        let mut board = *self;
        while let Some(next) = board.clear_pass() {
            board = next;
        }
        board
    }

    /// The board after move `mv` and all it sets off; `None` when `mv` is
    /// not legal (no block at `(x, y)`, or the target column is off the
    /// board). Swapping two blocks of one colour is legal and changes
    /// nothing.
    ///
    /// ```
    /// use puzzle_mayan::{Board, Dir, Move};
    /// // 1s on the floor of columns 0, 1 and 3; a 2 on the first.
    /// let board: Board = "1 2 0\n1 0\n0\n1 0\n0".parse()?;
    /// let after = board.apply(Move::new(3, 0, Dir::L)).expect("legal");
    /// assert_eq!((after.get(0, 0), after.colour_counts()[1]), (2, 0));
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    #[inline]
    pub fn apply(&self, mv: Move) -> Option<Board> {
        self.swap(mv).map(|b| b.settled())
    }

    /// Whether the board is at rest: settled, with no run of three. Every
    /// board a search meets is; [`apply_clearing`](Self::apply_clearing)
    /// relies on it.
    ///
    /// ```
    /// use puzzle_mayan::{Board, Dir, Move};
    /// // 1s on the floor of columns 0, 1 and 3; a 2 on the first.
    /// let board: Board = "1 2 0\n1 0\n0\n1 0\n0".parse()?;
    /// assert!(board.is_stable());
    /// let run: Board = "1 0\n1 0\n1 0\n0\n0".parse()?;
    /// assert!(!run.is_stable());
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    pub fn is_stable(&self) -> bool {
        puzzle_gravity::is_stable(&self.cols)
    }

    /// On a stable board: the board after `mv` and all it sets off, when
    /// `mv` starts a clear; `None` when it clears nothing (or is not legal).
    /// Only the two columns the swap touched are looked at before settling,
    /// since a new run must hold a cell that changed.
    ///
    /// ```
    /// use puzzle_mayan::{Board, Dir, Move};
    /// // 1s on the floor of columns 0, 1 and 3; a 2 on the first.
    /// let board: Board = "1 2 0\n1 0\n0\n1 0\n0".parse()?;
    /// assert!(board.apply_clearing(Move::new(3, 0, Dir::L)).is_some());
    /// assert!(board.apply_clearing(Move::new(0, 1, Dir::R)).is_none()); // clears nothing
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    #[inline]
    pub fn apply_clearing(&self, mv: Move) -> Option<Board> {
        let next = self.swap(mv)?;
        let x = usize::from(mv.x);
        let (lo, hi) = if mv.dir == Dir::L {
            (x - 1, x)
        } else {
            (x, x + 1)
        };
        puzzle_gravity::has_run_near(&next.cols, lo, hi).then(|| next.settled())
    }

    /// On a stable board: a nibble mask of the rows `y` where swapping the
    /// blocks at `(x, y)` and `(x + 1, y)`, both present and of different
    /// colours, makes a run of three (and so starts a clear), all rows at
    /// once (`puzzle_gravity::clearing_side_swaps`).
    ///
    /// ```
    /// use puzzle_mayan::Board;
    /// // Floor 1 1 2 1: swapping (2, 0) and (3, 0) lines up three 1s.
    /// let board: Board = "1 0\n1 0\n2 0\n1 0\n0".parse()?;
    /// assert_eq!(board.clearing_swaps(2), 0xF);
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    #[inline]
    pub fn clearing_swaps(&self, x: usize) -> u32 {
        puzzle_gravity::clearing_side_swaps(&self.cols, x)
    }

    /// The board drawn as rows, top to bottom, `.` for empty cells.
    ///
    /// ```
    /// use puzzle_mayan::{Board, Dir, Move};
    /// // 1s on the floor of columns 0, 1 and 3; a 2 on the first.
    /// let board: Board = "1 2 0\n1 0\n0\n1 0\n0".parse()?;
    /// assert!(board.grid().ends_with("2 . . . .\n1 1 . 1 .\n"));
    /// # Ok::<(), puzzle_mayan::ParseError>(())
    /// ```
    pub fn grid(&self) -> String {
        let mut out = String::new();
        for y in (0..HEIGHT).rev() {
            let row: Vec<String> = (0..WIDTH)
                .map(|x| match self.get(x, y) {
                    0 => ".".to_string(),
                    c => c.to_string(),
                })
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out
    }
}

/// The judge's layout: one line per column, bottom to top, ended by `0`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for x in 0..WIDTH {
            for y in 0..self.height(x) {
                write!(f, "{} ", self.get(x, y))?;
            }
            f.write_str("0")?;
            if x + 1 < WIDTH {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cols: Vec<String> = self.to_string().lines().map(str::to_string).collect();
        write!(f, "Board[{}]", cols.join(" | "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clearing_swaps_and_apply_clearing_match_a_full_settle() {
        let mut rng = puzzle_search_core::input::SplitMix64::new(3);
        let mut clearing = 0;
        for _ in 0..3000 {
            let blocks = 6 + rng.below(28) as usize;
            let colours = 2 + rng.below(5) as u8;
            let Ok(board) = crate::generate(&mut rng, blocks, colours, false) else {
                continue;
            };
            assert!(board.is_stable());
            for x in 0..WIDTH {
                let swaps = if x + 1 < WIDTH {
                    board.clearing_swaps(x)
                } else {
                    0
                };
                for y in 0..HEIGHT {
                    for dir in [Dir::R, Dir::L] {
                        let mv = Move::new(x as u8, y as u8, dir);
                        let full = board.swap(mv).map(|b| b.clear_pass().is_some());
                        let clears = full == Some(true);
                        assert_eq!(board.apply_clearing(mv), board.apply(mv).filter(|_| clears));
                        let both = board.get(x, y) != 0
                            && dir == Dir::R
                            && x + 1 < WIDTH
                            && board.get(x + 1, y) != 0
                            && board.get(x + 1, y) != board.get(x, y);
                        if both {
                            assert_eq!(swaps >> (4 * y) & 1 == 1, clears, "{board:?} {mv}");
                        } else if dir == Dir::R {
                            assert_eq!(swaps >> (4 * y) & 0xF, 0);
                        }
                        clearing += usize::from(clears);
                    }
                }
            }
        }
        assert!(clearing > 1000, "{clearing}");
    }

    #[test]
    fn heights_and_counts() {
        let b = Board::from_columns([&[1, 2], &[], &[3, 3, 1], &[1, 2, 3, 4, 5, 6, 7], &[10]])
            .expect("valid");
        assert_eq!(
            (0..5).map(|x| b.height(x)).collect::<Vec<_>>(),
            [2, 0, 3, 7, 1]
        );
        let counts = b.colour_counts();
        assert_eq!(counts[1], 3);
        assert_eq!(counts[3], 3);
        assert_eq!(counts[10], 1);
        assert!(b.has_stranded_colour());
        assert_eq!(b.to_string().parse::<Board>(), Ok(b));
    }
}
