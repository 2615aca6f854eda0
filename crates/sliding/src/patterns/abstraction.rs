//! One pattern as a core abstraction: its ranks, keys and moves.

use std::sync::Arc;

use puzzle_search_core::pdb::Abstraction;
use puzzle_search_core::rank;

use crate::board::{Goal, MAX_CELLS, adjacency};
use crate::zero::Maps;

/// One pattern of a board size and goal, as a core [`Abstraction`]:
/// ranks are partial permutations (the pattern tiles' cells in order, then
/// the blank's), keys the same without the blank.
///
/// # Blank regions
/// The blank's moves among cells no pattern tile holds cost nothing, so
/// every cell of one connected region of such cells is as far from the
/// goal as any other: the abstraction reaches only one rank a region, the
/// one with the region's lowest cell (its *representative*), and every
/// move it gives moves a pattern tile into the region (cost 1) and lands
/// on the representative of the blank's new region. The breadth-first
/// search then settles one state a region instead of one a blank cell:
/// for a 6-tile pattern of the 24-puzzle about one in 19 of the
/// 2,422,728,000 ranks (the other ranks are never reached and take their
/// two bits only). The distances, and so the table, are those of the
/// plain abstraction with a free move a blank step (tested against it on
/// small boards): a region's cells are one state of it, joined by free
/// moves both ways.
#[derive(Clone, Debug)]
pub struct PatternAbstraction {
    pub(super) width: usize,
    pub(super) cells: usize,
    pub(super) goal: Goal,
    pub(super) tiles: Vec<u8>,
    /// `adjacent[c]`: the cells next to cell `c`, as a mask.
    pub(super) adjacent: [u32; MAX_CELLS],
    /// Every cell; the cells not in the first column; not in the last.
    pub(super) all: u32,
    pub(super) not_first: u32,
    pub(super) not_last: u32,
    /// Zero-aware: the maps whose ranks the states take (no minimum over
    /// the blank: a state, a key).
    pub(super) zero: Option<Arc<Maps>>,
}

impl PatternAbstraction {
    /// The pattern `tiles` (distinct, each in `1..width * height`).
    ///
    /// ```
    /// use puzzle_sliding::{Goal, PatternAbstraction};
    /// use puzzle_search_core::pdb::Abstraction;
    /// let pattern = PatternAbstraction::new(3, 3, Goal::BlankLast, &[1, 2, 3]);
    /// assert_eq!(pattern.size(), 9 * 8 * 7 * 6); // blank and three tiles placed
    /// ```
    pub fn new(width: usize, height: usize, goal: Goal, tiles: &[u8]) -> Self {
        let cells = (width * height).min(MAX_CELLS);
        let (adjacent, all) = adjacency(width, cells);
        let column = |col: usize| -> u32 {
            (0..cells)
                .filter(|c| c % width == col)
                .fold(0, |m, c| m | 1 << c)
        };
        Self {
            width,
            cells,
            goal,
            tiles: tiles.to_vec(),
            adjacent,
            all,
            not_first: all & !column(0),
            not_last: all & !column(width.max(1) - 1),
            zero: None,
        }
    }

    /// The pattern `tiles`, zero-aware: a table entry for each place of
    /// the tiles and each region of the other cells the blank can be in
    /// (Clausecker's "zero-aware" databases), not the least over the
    /// blank's cells. Its entries are at least the plain table's (each is
    /// the distance of one of the states the plain entry takes the least
    /// of), so the bound is stronger; ranked, never indexed directly (the
    /// index holds the blank's region). See the `zero` module for the
    /// ranks.
    ///
    /// ```
    /// use puzzle_sliding::{Goal, PatternAbstraction};
    /// use puzzle_search_core::pdb::Abstraction;
    /// let plain = PatternAbstraction::new(5, 5, Goal::BlankFirst, &[1, 5, 6, 10, 11, 12]);
    /// let zero = PatternAbstraction::zero_aware(5, 5, Goal::BlankFirst, &[1, 5, 6, 10, 11, 12]);
    /// assert_eq!(plain.key_size(), 127_512_000); // 25!/19!: the tiles' cells
    /// assert_eq!(zero.key_size(), 181_008_000); // and the blank's region
    /// ```
    pub fn zero_aware(width: usize, height: usize, goal: Goal, tiles: &[u8]) -> Self {
        let mut abs = Self::new(width, height, goal, tiles);
        abs.zero = Some(Maps::new(width, abs.cells, tiles.len()));
        abs
    }

    /// Whether the table is zero-aware ([`zero_aware`](Self::zero_aware)).
    ///
    /// ```
    /// use puzzle_sliding::{Goal, PatternAbstraction};
    /// assert!(!PatternAbstraction::new(3, 3, Goal::BlankLast, &[1, 2]).is_zero_aware());
    /// assert!(PatternAbstraction::zero_aware(3, 3, Goal::BlankLast, &[1, 2]).is_zero_aware());
    /// ```
    pub fn is_zero_aware(&self) -> bool {
        self.zero.is_some()
    }

    /// The rank of cells `p` (pattern tiles, then the blank if given).
    #[inline]
    pub(super) fn rank(&self, p: &[u8]) -> u64 {
        rank::placement_rank(self.cells, p)
    }

    #[cfg(test)]
    pub(super) fn unrank(&self, rank: u64, p: &mut [u8]) {
        rank::placement_unrank(self.cells, rank, p);
    }

    /// The cells of `free` that `seed` (a mask in `free`) reaches through
    /// cells of `free`: one shift a direction a step, until nothing grows.
    #[inline(always)]
    fn region(&self, free: u32, seed: u32) -> u32 {
        let w = self.width as u32;
        let mut r = seed;
        loop {
            let grown =
                (r | (r & self.not_last) << 1 | (r & self.not_first) >> 1 | r << w | r >> w) & free;
            if grown == r {
                return r;
            }
            r = grown;
        }
    }

    /// The rank of the state with the pattern tiles in `p` (`used` as a
    /// mask) and the blank anywhere in `region`: its lowest cell's.
    #[inline(always)]
    fn representative(&self, key: u64, used: u32, region: u32) -> u64 {
        let free = (self.cells - self.tiles.len()) as u64;
        let c = region.trailing_zeros();
        let below = (used & ((1u32 << c) - 1)).count_ones();
        key * free + u64::from(c - below)
    }

    /// The table key of a board: the rank of its pattern tiles' cells;
    /// `cell_of(t)` is the cell of tile `t`.
    /// Zero-aware: the state's rank, the blank (`cell_of(0)`) included.
    #[inline]
    pub(super) fn key_of(&self, cell_of: impl Fn(u8) -> u8) -> u64 {
        let mut p = [0u8; 32];
        for (i, &t) in self.tiles.iter().enumerate() {
            p[i] = cell_of(t);
        }
        match &self.zero {
            Some(maps) => maps.rank(&p[..self.tiles.len()], cell_of(0)),
            None => self.rank(&p[..self.tiles.len()]),
        }
    }
}

impl Abstraction for PatternAbstraction {
    fn name(&self) -> String {
        let tiles: Vec<String> = self.tiles.iter().map(u8::to_string).collect();
        let goal = match self.goal {
            Goal::BlankFirst => "blank-first",
            Goal::BlankLast => "blank-last",
        };
        let kind = if self.zero.is_some() {
            "zero-aware"
        } else {
            "additive"
        };
        format!(
            "sliding {}x{} {goal} {kind} tiles {}",
            self.width,
            self.cells / self.width,
            tiles.join(",")
        )
    }

    fn size(&self) -> u64 {
        if let Some(maps) = &self.zero {
            return maps.size();
        }
        (0..=self.tiles.len())
            .map(|i| (self.cells - i) as u64)
            .product()
    }

    /// The goal's blank region, by its representative.
    fn goals(&self, out: &mut Vec<u64>) {
        let p: Vec<u8> = self
            .tiles
            .iter()
            .map(|&t| self.goal.cell_of(t, self.cells) as u8)
            .collect();
        let blank = self.goal.cell_of(0, self.cells);
        if let Some(maps) = &self.zero {
            out.push(maps.rank(&p, blank as u8));
            return;
        }
        let used = p.iter().fold(0u32, |m, &c| m | 1 << c);
        let region = self.region(self.all & !used, 1 << blank);
        out.push(self.representative(self.rank(&p), used, region));
    }

    /// Every move of a pattern tile into the blank's region (the region of
    /// the rank's blank cell), each to its new region's representative;
    /// all cost 1. The rank is split once into key and blank digit; the
    /// key's digits come from `u32` divisions where it fits.
    fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>) {
        let k = self.tiles.len();
        if let Some(maps) = &self.zero {
            // The same moves, the states ranked with the blank's region.
            let mut p = [0u8; 32];
            let (_, region) = maps.unrank(rank, &mut p[..k]);
            for j in 0..k {
                let from = p[j];
                let mut into = self.adjacent[usize::from(from)] & region;
                while into != 0 {
                    let to = into.trailing_zeros() as u8;
                    into &= into - 1;
                    let mut q = p;
                    q[j] = to;
                    out.push((maps.rank(&q[..k], from), true));
                }
            }
            return;
        }
        let free = (self.cells - k) as u64;
        let (key, digit) = (rank / free, rank % free);
        let mut p = [0u8; 32];
        let used = rank::placement_unrank(self.cells, key, &mut p[..k]) as u32;
        let open = self.all & !used;
        let blank = rank::select(u64::from(open), digit as u32);
        let region = self.region(open, 1 << blank);
        for j in 0..k {
            let from = p[j];
            let mut into = self.adjacent[usize::from(from)] & region;
            while into != 0 {
                let to = into.trailing_zeros() as u8;
                into &= into - 1;
                // Tile j goes to `to`; the blank to `from`.
                let mut q = p;
                q[j] = to;
                let used2 = used & !(1 << from) | 1 << to;
                let region2 = self.region(self.all & !used2, 1 << from);
                let key2 = self.rank(&q[..k]);
                out.push((self.representative(key2, used2, region2), true));
            }
        }
    }

    fn key_size(&self) -> u64 {
        if self.zero.is_some() {
            return self.size();
        }
        (0..self.tiles.len())
            .map(|i| (self.cells - i) as u64)
            .product()
    }

    fn key(&self, rank: u64) -> u64 {
        if self.zero.is_some() {
            return rank;
        }
        rank / (self.cells - self.tiles.len()) as u64
    }
}
