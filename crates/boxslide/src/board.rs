//! The grid: up to sixteen packed `u64` columns of 4-bit cells.

use std::fmt;
use std::hash::{Hash, Hasher};

use puzzle_gravity::{clear_pass, colour_counts, fall, marks, settle};

use crate::moves::{Dir, Move};

/// The largest height and width.
pub const MAX_SIDE: usize = 16;
/// The largest colour.
pub const MAX_COLOURS: u8 = 15;

/// A grid of `height x width` cells, row 0 at the top. Column `c` is a
/// `u64` whose nibble `y` holds the cell `y` places above the floor, so
/// gravity and runs are `puzzle-gravity`'s rules; unused columns are 0.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    cols: [u64; MAX_SIDE],
    height: u8,
    width: u8,
}

/// Hashes the used columns only: boards of one level share their size.
impl Hash for Board {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.cols[..usize::from(self.width)].hash(state);
    }
}

impl Board {
    /// An empty grid; `None` unless both sides are 1 to 16.
    ///
    /// ```
    /// use puzzle_boxslide::Board;
    /// assert!(Board::empty(3, 5).is_some_and(|b| b.is_empty()));
    /// assert!(Board::empty(0, 5).is_none() && Board::empty(3, 17).is_none());
    /// ```
    pub fn empty(height: usize, width: usize) -> Option<Self> {
        ((1..=MAX_SIDE).contains(&height) && (1..=MAX_SIDE).contains(&width)).then_some(Self {
            cols: [0; MAX_SIDE],
            height: height as u8,
            width: width as u8,
        })
    }

    /// Rows.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// assert_eq!(board.height(), 3);
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// Columns.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// assert_eq!(board.width(), 5);
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    fn shift(&self, r: usize) -> u32 {
        4 * (self.height() - 1 - r) as u32
    }

    /// The colour at row `r` (from the top), column `c`; 0 when empty or
    /// outside.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// assert_eq!((board.get(1, 1), board.get(2, 3), board.get(0, 0)), (2, 2, 0));
    /// assert_eq!(board.get(7, 7), 0); // outside
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn get(&self, r: usize, c: usize) -> u8 {
        if r < self.height() && c < self.width() {
            (self.cols[c] >> self.shift(r) & 0xF) as u8
        } else {
            0
        }
    }

    /// Puts `colour` (0 to 15) at `(r, c)`; a cell outside the grid is
    /// ignored. Does not settle.
    ///
    /// ```
    /// use puzzle_boxslide::Board;
    /// let mut board = Board::empty(2, 2).expect("valid size");
    /// board.set(1, 0, 3);
    /// assert_eq!(board.get(1, 0), 3);
    /// ```
    pub fn set(&mut self, r: usize, c: usize, colour: u8) {
        if r >= self.height() || c >= self.width() {
            return;
        }
        let s = self.shift(r);
        self.cols[c] = self.cols[c] & !(0xF << s) | u64::from(colour & 0xF) << s;
    }

    /// Whether no box is left.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// assert!(!board.is_empty());
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.cols.iter().all(|&c| c == 0)
    }

    /// `counts[v]`: boxes of colour `v`.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// assert_eq!((board.colour_counts()[1], board.colour_counts()[2]), (3, 2));
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn colour_counts(&self) -> [u8; 16] {
        colour_counts(&self.cols[..self.width()])
    }

    /// Whether a colour has 1 or 2 boxes left, which can never vanish.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// assert!(board.has_stranded_colour()); // two 2s can never clear
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn has_stranded_colour(&self) -> bool {
        puzzle_gravity::has_stranded_colour(&self.cols[..self.width()])
    }

    /// A lower bound on the moves that empty the board, `None` when it
    /// never can be (a colour has 1 or 2 boxes): the column steps the boxes
    /// of one colour need to line up, a move giving each colour one step
    /// at most (proof at [`puzzle_gravity::gather_bound`]). Boards wider
    /// than 8 columns get `Some(0)` or `None`.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// assert_eq!(board.gather_bound(), None); // the two 2s
    /// let mut three = Board::empty(1, 5).expect("valid size");
    /// for c in [0, 2, 4] {
    ///     three.set(0, c, 1);
    /// }
    /// assert_eq!(three.gather_bound(), Some(2));
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn gather_bound(&self) -> Option<u32> {
        puzzle_gravity::gather_bound(&self.cols[..self.width()])
    }

    /// The first box (reading order) with an empty cell below it.
    ///
    /// ```
    /// use puzzle_boxslide::Board;
    /// let mut board = Board::empty(2, 3).expect("valid size");
    /// board.set(0, 1, 4);
    /// assert_eq!(board.floating_box(), Some((0, 1)));
    /// ```
    pub fn floating_box(&self) -> Option<(usize, usize)> {
        (0..self.height())
            .flat_map(|r| (0..self.width()).map(move |c| (r, c)))
            .find(|&(r, c)| self.get(r, c) != 0 && r + 1 < self.height() && self.get(r + 1, c) == 0)
    }

    /// The first cell (reading order) in a run of three or more, as
    /// `(r, c)`, if any (for error messages and generators).
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// let swapped = board.swap(Move::new(2, 3, Dir::R)).expect("legal");
    /// assert_eq!((board.first_run(), swapped.first_run()), (None, Some((2, 1))));
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn first_run(&self) -> Option<(usize, usize)> {
        self.marked_cells().first().copied()
    }

    /// The cells in runs of three or more, as `(r, c)` in reading order.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// let swapped = board.swap(Move::new(2, 3, Dir::R)).expect("legal");
    /// assert_eq!(swapped.marked_cells(), [(2, 1), (2, 2), (2, 3)]);
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn marked_cells(&self) -> Vec<(usize, usize)> {
        let mut m = [0u64; MAX_SIDE];
        marks(&self.cols[..self.width()], &mut m[..self.width()]);
        let mut out = Vec::new();
        for r in 0..self.height() {
            for (c, mask) in m.iter().enumerate().take(self.width()) {
                if mask >> self.shift(r) & 0xF != 0 {
                    out.push((r, c));
                }
            }
        }
        out
    }

    /// The board right after `mv`'s swap and fall, nothing cleared yet;
    /// `None` when `mv` leaves the grid or both cells are empty.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// let swapped = board.swap(Move::new(2, 3, Dir::R)).expect("legal");
    /// assert_eq!(swapped.get(2, 4), 2);
    /// assert!(board.swap(Move::new(0, 0, Dir::R)).is_none()); // two empty cells
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn swap(&self, mv: Move) -> Option<Board> {
        let (r, c) = (usize::from(mv.r), usize::from(mv.c));
        let (r2, c2) = match mv.dir {
            Dir::R => (r, c + 1),
            Dir::D => (r + 1, c),
        };
        if r2 >= self.height() || c2 >= self.width() {
            return None;
        }
        let (a, b) = (self.get(r, c), self.get(r2, c2));
        if a == 0 && b == 0 {
            return None;
        }
        let mut next = *self;
        next.set(r, c, b);
        next.set(r2, c2, a);
        next.cols[c] = fall(next.cols[c]);
        next.cols[c2] = fall(next.cols[c2]);
        Some(next)
    }

    /// The board after `mv` and everything it sets off; `None` if illegal.
    /// A move that changes nothing (two boxes of one colour, a box lifted
    /// into the empty cell above it) is legal and returns the same board.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// let after = board.apply(Move::new(2, 3, Dir::R)).expect("legal");
    /// assert_eq!((after.colour_counts()[1], after.get(2, 1)), (0, 2)); // the 2 fell
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    #[inline]
    pub fn apply(&self, mv: Move) -> Option<Board> {
        self.swap(mv).map(|mut b| {
            let w = b.width();
            settle(&mut b.cols[..w]);
            b
        })
    }

    /// Whether the board is at rest: every box on the floor or on another
    /// box, and no run of three. Every board a search meets is;
    /// [`apply_clearing`](Self::apply_clearing) relies on it.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// let swapped = board.swap(Move::new(2, 3, Dir::R)).expect("legal");
    /// assert!(board.is_stable() && !swapped.is_stable());
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn is_stable(&self) -> bool {
        puzzle_gravity::is_stable(&self.cols[..self.width()])
    }

    /// On a stable board: the board after `mv` and everything it sets off,
    /// when `mv` starts a clear; `None` when it clears nothing (or is not
    /// legal). Only the columns the swap touched are looked at before
    /// settling, since a new run must hold a cell that changed.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// assert!(board.apply_clearing(Move::new(2, 3, Dir::R)).is_some());
    /// assert!(board.apply_clearing(Move::new(1, 1, Dir::R)).is_none()); // clears nothing
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    #[inline]
    pub fn apply_clearing(&self, mv: Move) -> Option<Board> {
        let mut b = self.swap(mv)?;
        let c = usize::from(mv.c);
        let c2 = if mv.dir == Dir::R { c + 1 } else { c };
        let w = b.width();
        if !puzzle_gravity::has_run_near(&b.cols[..w], c, c2) {
            return None;
        }
        settle(&mut b.cols[..w]);
        Some(b)
    }

    /// On a stable board: for every column `c`, nibble masks of the swaps
    /// of two boxes of different colours that make a run, all rows at once
    /// (`puzzle_gravity::clearing_side_swaps` and `clearing_vertical_swaps`):
    /// `(right[c], down[c])`, where nibble `y` of `right[c]` stands for the
    /// move `(r, c, R)` with `y = height - 1 - r`, and nibble `k` of
    /// `down[c]` for `(r, c, D)` with `k = height - 2 - r`.
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// let (right, _down) = board.clearing_swaps();
    /// assert_eq!(right[3], 0xF); // (2, 3, R): the bottom row is nibble 0
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn clearing_swaps(&self) -> ([u64; MAX_SIDE], [u64; MAX_SIDE]) {
        let cols = &self.cols[..self.width()];
        let mut right = [0; MAX_SIDE];
        let mut down = [0; MAX_SIDE];
        for c in 0..cols.len() {
            right[c] = puzzle_gravity::clearing_side_swaps(cols, c);
            down[c] = puzzle_gravity::clearing_vertical_swaps(cols, c);
        }
        (right, down)
    }

    /// One clearing pass: the marked boxes vanish and their columns fall.
    /// `None` when nothing is in a run (the board is stable).
    ///
    /// ```
    /// use puzzle_boxslide::{Board, Dir, Level, Move};
    /// // Bottom row 0 1 1 2 1, a 2 on the first 1.
    /// let level: Level = "3 5 1\n0 0 0 0 0\n0 2 0 0 0\n0 1 1 2 1".parse()?;
    /// let board = level.board;
    /// let swapped = board.swap(Move::new(2, 3, Dir::R)).expect("legal");
    /// let after = swapped.clear_pass().expect("a run");
    /// assert_eq!(after.get(2, 1), 2);
    /// assert!(board.clear_pass().is_none());
    /// # Ok::<(), puzzle_boxslide::ParseError>(())
    /// ```
    pub fn clear_pass(&self) -> Option<Board> {
        let mut b = *self;
        let w = b.width();
        clear_pass(&mut b.cols[..w]).then_some(b)
    }

    /// The board after gravity and clearing (for boards built cell by cell).
    ///
    /// ```
    /// use puzzle_boxslide::Board;
    /// // Built cell by cell: three 1s, one of them in the air.
    /// let mut board = Board::empty(2, 3).expect("valid size");
    /// for (r, c) in [(1, 0), (0, 1), (1, 2)] {
    ///     board.set(r, c, 1);
    /// }
    /// assert!(board.settled().is_empty()); // it falls, the row clears
    /// ```
    pub fn settled(&self) -> Board {
        let mut b = *self;
        let w = b.width();
        settle(&mut b.cols[..w]);
        b
    }
}

/// The level format's rows: `W` numbers per row, top row first.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.height() {
            if r > 0 {
                f.write_str("\n")?;
            }
            let row: Vec<String> = (0..self.width())
                .map(|c| self.get(r, c).to_string())
                .collect();
            f.write_str(&row.join(" "))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board[{}]", self.to_string().replace('\n', " / "))
    }
}
