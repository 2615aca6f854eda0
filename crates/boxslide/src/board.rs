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
    pub fn empty(height: usize, width: usize) -> Option<Self> {
        ((1..=MAX_SIDE).contains(&height) && (1..=MAX_SIDE).contains(&width)).then_some(Self {
            cols: [0; MAX_SIDE],
            height: height as u8,
            width: width as u8,
        })
    }

    /// Rows.
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    fn shift(&self, r: usize) -> u32 {
        4 * (self.height() - 1 - r) as u32
    }

    /// The colour at row `r` (from the top), column `c`; 0 when empty or
    /// outside.
    pub fn get(&self, r: usize, c: usize) -> u8 {
        if r < self.height() && c < self.width() {
            (self.cols[c] >> self.shift(r) & 0xF) as u8
        } else {
            0
        }
    }

    /// Puts `colour` (0 to 15) at `(r, c)`; a cell outside the grid is
    /// ignored. Does not settle.
    pub fn set(&mut self, r: usize, c: usize, colour: u8) {
        if r >= self.height() || c >= self.width() {
            return;
        }
        let s = self.shift(r);
        self.cols[c] = self.cols[c] & !(0xF << s) | u64::from(colour & 0xF) << s;
    }

    /// Whether no box is left.
    pub fn is_empty(&self) -> bool {
        self.cols.iter().all(|&c| c == 0)
    }

    /// `counts[v]`: boxes of colour `v`.
    pub fn colour_counts(&self) -> [u8; 16] {
        colour_counts(&self.cols[..self.width()])
    }

    /// Whether a colour has 1 or 2 boxes left, which can never vanish.
    pub fn has_stranded_colour(&self) -> bool {
        puzzle_gravity::has_stranded_colour(&self.cols[..self.width()])
    }

    /// A lower bound on the moves that empty the board, `None` when it
    /// never can be (a colour has 1 or 2 boxes): the column steps the boxes
    /// of one colour need to line up, a move giving each colour one step
    /// at most (proof at [`puzzle_gravity::gather_bound`]). Boards wider
    /// than 8 columns get `Some(0)` or `None`.
    pub fn gather_bound(&self) -> Option<u32> {
        puzzle_gravity::gather_bound(&self.cols[..self.width()])
    }

    /// The first box (reading order) with an empty cell below it.
    pub fn floating_box(&self) -> Option<(usize, usize)> {
        (0..self.height())
            .flat_map(|r| (0..self.width()).map(move |c| (r, c)))
            .find(|&(r, c)| self.get(r, c) != 0 && r + 1 < self.height() && self.get(r + 1, c) == 0)
    }

    /// The first cell (reading order) in a run of three or more, as
    /// `(r, c)`, if any (for error messages and generators).
    pub fn first_run(&self) -> Option<(usize, usize)> {
        self.marked_cells().first().copied()
    }

    /// The cells in runs of three or more, as `(r, c)` in reading order.
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
    pub fn is_stable(&self) -> bool {
        puzzle_gravity::is_stable(&self.cols[..self.width()])
    }

    /// On a stable board: the board after `mv` and everything it sets off,
    /// when `mv` starts a clear; `None` when it clears nothing (or is not
    /// legal). Only the columns the swap touched are looked at before
    /// settling, since a new run must hold a cell that changed.
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
    pub fn clear_pass(&self) -> Option<Board> {
        let mut b = *self;
        let w = b.width();
        clear_pass(&mut b.cols[..w]).then_some(b)
    }

    /// The board after gravity and clearing (for boards built cell by cell).
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
