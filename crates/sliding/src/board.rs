//! The board: `W x H` cells, one byte each.

use std::fmt;

/// The most cells a board may have (5x5).
pub const MAX_CELLS: usize = 25;

/// A move, named by the direction the **blank** goes. The derived order is
/// the spec's: `D < L < R < U`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dir {
    /// The blank goes down (the tile below it comes up).
    D,
    /// The blank goes left.
    L,
    /// The blank goes right.
    R,
    /// The blank goes up.
    U,
}

impl Dir {
    /// All four, in order.
    pub const ALL: [Dir; 4] = [Dir::D, Dir::L, Dir::R, Dir::U];

    /// The move that undoes this one.
    ///
    /// ```
    /// use puzzle_sliding::Dir;
    /// assert_eq!((Dir::D.reverse(), Dir::L.reverse()), (Dir::U, Dir::R));
    /// ```
    pub fn reverse(self) -> Dir {
        match self {
            Dir::D => Dir::U,
            Dir::U => Dir::D,
            Dir::L => Dir::R,
            Dir::R => Dir::L,
        }
    }

    /// The letter of the judge format.
    ///
    /// ```
    /// use puzzle_sliding::Dir;
    /// assert_eq!(Dir::U.letter(), 'U');
    /// ```
    pub fn letter(self) -> char {
        match self {
            Dir::D => 'D',
            Dir::L => 'L',
            Dir::R => 'R',
            Dir::U => 'U',
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Where the blank goes in the goal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Goal {
    /// `1 2 ... W*H-1 0` (the default).
    #[default]
    BlankLast,
    /// `0 1 2 ... W*H-1` (Korf's).
    BlankFirst,
}

impl Goal {
    /// The tile the goal has in cell `cell` of a board of `cells` cells.
    ///
    /// ```
    /// use puzzle_sliding::Goal;
    /// assert_eq!((Goal::BlankLast.tile_at(0, 9), Goal::BlankLast.tile_at(8, 9)), (1, 0));
    /// assert_eq!(Goal::BlankFirst.tile_at(0, 9), 0);
    /// ```
    pub fn tile_at(self, cell: usize, cells: usize) -> u8 {
        match self {
            Goal::BlankFirst => cell as u8,
            Goal::BlankLast => {
                if cell + 1 == cells {
                    0
                } else {
                    cell as u8 + 1
                }
            }
        }
    }

    /// The cell of tile `tile` (0 = blank) in the goal.
    ///
    /// ```
    /// use puzzle_sliding::Goal;
    /// assert_eq!((Goal::BlankLast.cell_of(0, 9), Goal::BlankLast.cell_of(1, 9)), (8, 0));
    /// ```
    pub fn cell_of(self, tile: u8, cells: usize) -> usize {
        match self {
            Goal::BlankFirst => usize::from(tile),
            Goal::BlankLast => {
                if tile == 0 {
                    cells - 1
                } else {
                    usize::from(tile) - 1
                }
            }
        }
    }
}

/// The cell next to `cell` in direction `dir` on a board `width` wide with
/// `cells` cells, if there is one.
#[inline]
pub(crate) fn step(cell: usize, dir: Dir, width: usize, cells: usize) -> Option<usize> {
    match dir {
        Dir::D => (cell + width < cells).then_some(cell + width),
        Dir::U => cell.checked_sub(width),
        Dir::L => (cell % width != 0).then(|| cell - 1),
        Dir::R => (cell % width + 1 != width).then_some(cell + 1),
    }
}
/// `adjacent[c]`: the cells next to cell `c` of a `width`-wide board of
/// `cells` cells, as a mask; and the mask of every cell.
pub(crate) fn adjacency(width: usize, cells: usize) -> ([u32; MAX_CELLS], u32) {
    let mut adjacent = [0u32; MAX_CELLS];
    for (c, adj) in adjacent.iter_mut().enumerate().take(cells) {
        for d in Dir::ALL {
            if let Some(t) = step(c, d, width, cells) {
                *adj |= 1 << t;
            }
        }
    }
    let all = if cells >= 32 {
        u32::MAX
    } else {
        (1u32 << cells) - 1
    };
    (adjacent, all)
}

/// A sliding-tile board: cells row by row from the top-left, tile `0` the
/// blank. `Copy`, 28 bytes; equal boards compare and hash equal.
///
/// A byte a cell (unused cells 0), not 5 bits in a `u128`: a move is then
/// two byte stores, where the packed form needs variable shifts of a
/// 128-bit word, which cost a third of the search time.
///
/// With the `serde` feature a board deserialises as it was written,
/// unchecked: read boards a person wrote with [`parse_board`](crate::parse_board).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Board {
    cells: [u8; MAX_CELLS],
    blank: u8,
    width: u8,
    height: u8,
}

impl Board {
    /// A board from its tiles row by row. `None` unless `2 <= width`,
    /// `2 <= height`, `width * height <= 25` and `tiles` holds each of
    /// `0..width * height` once (the parser gives the reasons).
    ///
    /// ```
    /// use puzzle_sliding::{Board, Dir, Goal};
    /// // 1 2 3 / 4 5 6 / 7 0 8: one move from the blank-last goal.
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// assert_eq!(board.blank(), 7);
    /// assert!(Board::from_tiles(3, 3, &[1, 1, 3, 4, 5, 6, 7, 0, 8]).is_none()); // 1 twice
    /// ```
    pub fn from_tiles(width: usize, height: usize, tiles: &[u8]) -> Option<Self> {
        let cells = width.checked_mul(height)?;
        if width < 2 || height < 2 || cells > MAX_CELLS || tiles.len() != cells {
            return None;
        }
        let mut seen = 0u32;
        let mut packed = [0u8; MAX_CELLS];
        let mut blank = 0;
        for (i, &t) in tiles.iter().enumerate() {
            if usize::from(t) >= cells || seen >> t & 1 == 1 {
                return None;
            }
            seen |= 1 << t;
            if t == 0 {
                blank = i as u8;
            }
            packed[i] = t;
        }
        Some(Self {
            cells: packed,
            blank,
            width: width as u8,
            height: height as u8,
        })
    }

    /// The goal board of that size.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Goal};
    /// let goal = Board::goal(3, 3, Goal::BlankLast).expect("valid size");
    /// assert_eq!(goal.tiles(), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    /// ```
    pub fn goal(width: usize, height: usize, goal: Goal) -> Option<Self> {
        let cells = width.checked_mul(height)?;
        if cells > MAX_CELLS {
            return None;
        }
        let tiles: Vec<u8> = (0..cells).map(|c| goal.tile_at(c, cells)).collect();
        Self::from_tiles(width, height, &tiles)
    }

    /// Columns.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Dir, Goal};
    /// // 1 2 3 / 4 5 6 / 7 0 8: one move from the blank-last goal.
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// assert_eq!(board.width(), 3);
    /// ```
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Rows.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Dir, Goal};
    /// // 1 2 3 / 4 5 6 / 7 0 8: one move from the blank-last goal.
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// assert_eq!(board.height(), 3);
    /// ```
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// Cells.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Dir, Goal};
    /// // 1 2 3 / 4 5 6 / 7 0 8: one move from the blank-last goal.
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// assert_eq!(board.len(), 9);
    /// ```
    pub fn len(&self) -> usize {
        self.width() * self.height()
    }

    /// Always false: a board has at least 4 cells.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Dir, Goal};
    /// // 1 2 3 / 4 5 6 / 7 0 8: one move from the blank-last goal.
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// assert!(!board.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The tile in cell `cell` (0 for the blank).
    ///
    /// # Panics
    /// If `cell` is not below [`len`](Self::len) (in debug builds).
    ///
    /// ```
    /// use puzzle_sliding::{Board, Dir, Goal};
    /// // 1 2 3 / 4 5 6 / 7 0 8: one move from the blank-last goal.
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// assert_eq!((board.tile(0), board.tile(7), board.tile(8)), (1, 0, 8));
    /// ```
    #[inline]
    pub fn tile(&self, cell: usize) -> u8 {
        debug_assert!(cell < self.len());
        self.cells[cell]
    }

    /// The blank's cell.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Dir, Goal};
    /// // 1 2 3 / 4 5 6 / 7 0 8: one move from the blank-last goal.
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// assert_eq!(board.blank(), 7);
    /// ```
    #[inline]
    pub fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// The tiles row by row.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Dir, Goal};
    /// // 1 2 3 / 4 5 6 / 7 0 8: one move from the blank-last goal.
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// assert_eq!(board.tiles()[6..], [7, 0, 8]);
    /// ```
    pub fn tiles(&self) -> Vec<u8> {
        (0..self.len()).map(|c| self.tile(c)).collect()
    }

    /// The cell the blank goes to with `dir`, if it stays on the board.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Dir, Goal};
    /// // 1 2 3 / 4 5 6 / 7 0 8: one move from the blank-last goal.
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// assert_eq!((board.target(Dir::R), board.target(Dir::D)), (Some(8), None));
    /// ```
    #[inline]
    pub fn target(&self, dir: Dir) -> Option<usize> {
        step(self.blank(), dir, self.width(), self.len())
    }

    /// The board after the blank goes `dir`, with the tile that moved;
    /// `None` off the edge.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Dir, Goal};
    /// // 1 2 3 / 4 5 6 / 7 0 8: one move from the blank-last goal.
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// let (next, moved) = board.slide(Dir::R).expect("on the board");
    /// assert_eq!((moved, next), (8, Board::goal(3, 3, Goal::BlankLast).expect("3x3")));
    /// ```
    #[inline]
    pub fn slide(&self, dir: Dir) -> Option<(Self, u8)> {
        Some(self.slide_to(self.target(dir)?))
    }

    /// The board after `steps` random moves of the blank from this one,
    /// none straight back (a random walk, as the benchmark generators
    /// make: a few hundred steps give a board as hard as a random one).
    ///
    /// ```
    /// use puzzle_sliding::{Board, Goal};
    /// use puzzle_search_core::input::SplitMix64;
    /// let home = Board::goal(4, 4, Goal::BlankFirst).expect("4x4");
    /// let a = home.walk(400, &mut SplitMix64::new(4));
    /// assert_eq!(a, home.walk(400, &mut SplitMix64::new(4))); // seeded
    /// assert!(a.is_solvable(Goal::BlankFirst) && a != home);
    /// ```
    pub fn walk(&self, steps: u32, rng: &mut puzzle_search_core::input::SplitMix64) -> Self {
        let mut board = *self;
        let mut last: Option<Dir> = None;
        for _ in 0..steps {
            let mut dirs = [Dir::U; 4];
            let mut n = 0;
            for d in Dir::ALL {
                if Some(d.reverse()) != last && board.target(d).is_some() {
                    dirs[n] = d;
                    n += 1;
                }
            }
            // Every cell has two neighbours or more, so one is not back.
            let d = dirs[rng.below(n as u64) as usize];
            if let Some((next, _)) = board.slide(d) {
                board = next;
                last = Some(d);
            }
        }
        board
    }

    /// The board after the blank goes to cell `to` (a neighbour of the
    /// blank's cell, which the caller guarantees), with the tile moved.
    #[inline]
    pub(crate) fn slide_to(&self, to: usize) -> (Self, u8) {
        let mut next = *self;
        let tile = next.slide_here(to);
        (next, tile)
    }

    /// [`slide_to`](Self::slide_to) in place: returns the tile moved.
    #[inline(always)]
    pub(crate) fn slide_here(&mut self, to: usize) -> u8 {
        let tile = self.cells[to];
        self.cells[usize::from(self.blank)] = tile;
        self.cells[to] = 0;
        self.blank = to as u8;
        tile
    }

    /// Whether the board can reach `goal`: the parity of the permutation
    /// taking it to the goal (blank included) must equal the parity of
    /// the blank's distance to its goal cell, since every move is one
    /// transposition and moves the blank one step. No search.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Dir, Goal};
    /// // 1 2 3 / 4 5 6 / 7 0 8: one move from the blank-last goal.
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// assert!(board.is_solvable(Goal::BlankLast));
    /// let swapped = Board::from_tiles(3, 3, &[2, 1, 3, 4, 5, 6, 7, 8, 0]).expect("valid");
    /// assert!(!swapped.is_solvable(Goal::BlankLast));
    /// ```
    pub fn is_solvable(&self, goal: Goal) -> bool {
        let n = self.len();
        let mut seen = 0u32;
        let mut transpositions = 0;
        for start in 0..n {
            if seen >> start & 1 == 1 {
                continue;
            }
            let mut c = start;
            let mut length = 0;
            while seen >> c & 1 == 0 {
                seen |= 1 << c;
                c = goal.cell_of(self.tile(c), n);
                length += 1;
            }
            transpositions += length - 1;
        }
        let w = self.width();
        let (b, g) = (self.blank(), goal.cell_of(0, n));
        let distance = (b / w).abs_diff(g / w) + (b % w).abs_diff(g % w);
        transpositions % 2 == distance % 2
    }

    /// The board mirrored about its main diagonal, tiles renamed so that
    /// the goal maps to itself (square boards only): a board and its
    /// mirror are equally far from the goal (`U`/`L` and `D`/`R` swap).
    ///
    /// ```
    /// use puzzle_sliding::{Board, Dir, Goal};
    /// // 1 2 3 / 4 5 6 / 7 0 8: one move from the blank-last goal.
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// // The mirror is one move (`D` for `R`) from the goal too.
    /// let mirror = board.transposed(Goal::BlankLast).expect("square");
    /// assert!(mirror.slide(Dir::D).is_some_and(|(b, _)| b == Board::goal(3, 3, Goal::BlankLast).expect("3x3")));
    /// ```
    pub fn transposed(&self, goal: Goal) -> Option<Self> {
        let (w, n) = (self.width(), self.len());
        if self.width != self.height {
            return None;
        }
        let flip = |cell: usize| (cell % w) * w + cell / w;
        let mut tiles = vec![0u8; n];
        for (cell, slot) in tiles.iter_mut().enumerate() {
            let from = self.tile(flip(cell));
            *slot = goal.tile_at(flip(goal.cell_of(from, n)), n);
        }
        Self::from_tiles(w, w, &tiles)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board[{self}]")
    }
}

/// The judge's board line: the tiles row by row, separated by spaces.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in 0..self.len() {
            if c > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", self.tile(c))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slides_and_edges() {
        let b = Board::goal(3, 3, Goal::BlankLast).expect("3x3");
        assert_eq!(b.blank(), 8);
        assert!(b.slide(Dir::D).is_none() && b.slide(Dir::R).is_none());
        let (up, tile) = b.slide(Dir::U).expect("up");
        assert_eq!((tile, up.blank(), up.tile(8)), (6, 5, 6));
        assert_eq!(up.slide(Dir::D).expect("back").0, b);
        assert_eq!(up.to_string(), "1 2 3 4 5 0 7 8 6");
    }

    #[test]
    fn parity() {
        let g = Board::goal(4, 4, Goal::BlankFirst).expect("4x4");
        assert!(g.is_solvable(Goal::BlankFirst));
        let mut t = g.tiles();
        t.swap(1, 2);
        let swapped = Board::from_tiles(4, 4, &t).expect("valid");
        assert!(!swapped.is_solvable(Goal::BlankFirst));
        // One goal seen from the other: on 4x4 a 16-cycle (15
        // transpositions) against a blank 6 steps away: unsolvable; on 3x3
        // a 9-cycle (8) against 4 steps: solvable.
        assert!(!g.is_solvable(Goal::BlankLast));
        let g3 = Board::goal(3, 3, Goal::BlankFirst).expect("3x3");
        assert!(g3.is_solvable(Goal::BlankLast));
    }

    #[test]
    fn transposing_keeps_the_goal() {
        for goal in [Goal::BlankFirst, Goal::BlankLast] {
            let g = Board::goal(4, 4, goal).expect("4x4");
            assert_eq!(g.transposed(goal), Some(g));
        }
    }
}
