//! Additive pattern databases for sliding-tile boards, on the core's
//! generic [`PatternDb`].
//!
//! A pattern is a set of tiles. Its abstract state is where those tiles
//! and the blank stand (the other tiles are not told apart); a move of the
//! blank costs 1 when it moves a pattern tile and nothing otherwise, so
//! the distances of disjoint patterns add up (each real move moves one
//! tile, which is in one pattern at most). The table is keyed by the
//! pattern tiles' cells alone: the least distance over the blank's cells.
//! On square boards the bound is also taken on the board mirrored about
//! its main diagonal (tiles renamed so the goal is fixed), which is as far
//! from the goal, and the larger of the two is used.

use std::fmt;
use std::path::Path;

use puzzle_search_core::Budget;
use puzzle_search_core::pdb::{Abstraction, BuildProgress, PatternDb};

use std::sync::Arc;

use crate::board::{Board, Goal, MAX_CELLS, adjacency};
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
    width: usize,
    cells: usize,
    goal: Goal,
    tiles: Vec<u8>,
    /// `adjacent[c]`: the cells next to cell `c`, as a mask.
    adjacent: [u32; MAX_CELLS],
    /// Every cell; the cells not in the first column; not in the last.
    all: u32,
    not_first: u32,
    not_last: u32,
    /// Zero-aware: the maps whose ranks the states take (no minimum over
    /// the blank: a state, a key).
    zero: Option<Arc<Maps>>,
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
    fn rank(&self, p: &[u8]) -> u64 {
        rank_cells(self.cells, p)
    }

    #[cfg(test)]
    fn unrank(&self, rank: u64, p: &mut [u8]) {
        unrank_cells(self.cells, rank, p);
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
    fn key_of(&self, cell_of: impl Fn(u8) -> u8) -> u64 {
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
        let used = unrank_key(self.cells, key, &mut p[..k]);
        let open = self.all & !used;
        let blank = select(open, digit as u32);
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

/// The rank of `p`, distinct values below `cells`, as a partial
/// permutation (`cells * (cells - 1) * ...` ranks; the Lehmer code when `p`
/// holds all of them).
#[inline]
pub(crate) fn rank_cells(cells: usize, p: &[u8]) -> u64 {
    let mut used = 0u32;
    let mut rank = 0u64;
    for (i, &c) in p.iter().enumerate() {
        let below = (used & ((1u32 << c) - 1)).count_ones();
        rank = rank * (cells - i) as u64 + u64::from(u32::from(c) - below);
        used |= 1 << c;
    }
    rank
}

/// The cells of key `key` ([`rank_cells`]'s inverse for `p.len()`
/// values), into `p`; returns them as a mask.
#[inline]
fn unrank_key(cells: usize, key: u64, p: &mut [u8]) -> u32 {
    let m = p.len();
    let mut digits = [0u8; 32];
    if let Ok(mut key) = u32::try_from(key) {
        for i in (0..m).rev() {
            let radix = (cells - i) as u32;
            digits[i] = (key % radix) as u8;
            key /= radix;
        }
    } else {
        let mut key = key;
        for i in (0..m).rev() {
            let radix = (cells - i) as u64;
            digits[i] = (key % radix) as u8;
            key /= radix;
        }
    }
    let mut used = 0u32;
    for (c, &d) in p.iter_mut().zip(&digits[..m]) {
        *c = select(!used, u32::from(d)) as u8;
        used |= 1 << *c;
    }
    used
}

/// The place of the `n`-th set bit of `mask` (from 0).
#[inline(always)]
fn select(mut mask: u32, n: u32) -> u32 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// The values of rank `rank` ([`rank_cells`]'s inverse), into `p`.
pub(crate) fn unrank_cells(cells: usize, mut rank: u64, p: &mut [u8]) {
    let m = p.len();
    let mut digits = [0u8; 32];
    for i in (0..m).rev() {
        let radix = (cells - i) as u64;
        digits[i] = (rank % radix) as u8;
        rank /= radix;
    }
    let mut used = 0u32;
    for i in 0..m {
        // The digits[i]-th free value.
        let mut d = digits[i];
        let mut c = 0u8;
        loop {
            if used >> c & 1 == 0 {
                if d == 0 {
                    break;
                }
                d -= 1;
            }
            c += 1;
        }
        p[i] = c;
        used |= 1 << c;
    }
}

/// A hook told each table's name and build progress.
pub type BuildHook<'a> = dyn Fn(&str, BuildProgress) + Sync + 'a;

/// Additive pattern databases over a partition of the tiles, for one board
/// size and goal.
#[derive(Debug)]
pub struct Patterns {
    width: usize,
    cells: usize,
    goal: Goal,
    parts: Vec<(PatternAbstraction, PatternDb)>,
    /// `part_of[t]`: the pattern tile `t` is in, if any.
    part_of: [Option<u8>; 32],
    /// Square boards: `mirror_tile[t]` and `flip[c]` for the mirrored look-up.
    mirror: Option<(Vec<u8>, Vec<u8>)>,
    /// The tables indexed directly by the pattern tiles' cells, when they
    /// fit (see [`Direct`]); the search then updates each index by one add.
    direct: Option<Direct>,
    /// The partition holds every tile: the sum is then at least the
    /// Manhattan distance (each pattern's table counts at least its tiles'
    /// Manhattan distances), and zero only at the goal.
    covers_all: bool,
    /// Per tile: the two slots of [`Values`] a move of it changes.
    touched: [[u8; 2]; 32],
}

/// Per node, with direct tables: each pattern's index into
/// [`Direct::table`], direct then mirrored, and one unused slot.
pub(crate) type Keys = [u32; SLOTS];

/// Slots of [`Keys`] and [`Values`]: the direct values, the mirrored ones,
/// and from [`NO_SLOT`] on, a slot for "no pattern". Indices are masked
/// with `SLOTS - 1`, so the hot loop has no bounds checks on them.
const SLOTS: usize = 16;

/// The slot that stands for no pattern: a move of a tile in no pattern
/// "changes" it by nothing (its key stays 0, its value stays `table[0]`,
/// so every sum stays), and the move needs no branch.
const NO_SLOT: u8 = SLOTS as u8 - 1;

/// The largest direct table, in entries (bytes): 16 MiB, the 15-puzzle's
/// 6-tile patterns (`16^6`), as Korf and Felner's solvers index them.
const DIRECT_MAX: u64 = 1 << 24;

/// What a move of one tile changes in one pattern: its slot, and the
/// tile's weight `cells^j` in that pattern's index.
#[derive(Clone, Copy, Debug, Default)]
struct Touch {
    slot: u8,
    mul: u32,
}

/// The tables copied into one array, each indexed by `sum(cell of tile j *
/// cells^j)` over its tiles (`cells^k` bytes, entries for repeated cells
/// unused), so that a move changes an index by one add of `(new cell - old
/// cell) * cells^j` instead of a ranking from scratch: the same entries as
/// the ranked tables, looked up cheaper.
#[derive(Debug)]
struct Direct {
    /// Every pattern's table, one after another.
    table: Vec<u8>,
    /// Where each pattern's table starts in `table`.
    base: [u32; MAX_PATTERNS],
    /// Per tile: what its moves change directly, and in the mirrored board
    /// (on squares; `NO_SLOT` elsewhere).
    touch: [[Touch; 2]; 32],
    /// `flip[c]`: cell `c` mirrored (identity off squares, unused there).
    flip: [u8; 32],
}

impl Direct {
    /// The direct copies of `parts`' tables, or `None` when one would
    /// exceed [`DIRECT_MAX`] entries.
    fn new(
        cells: usize,
        parts: &[(PatternAbstraction, PatternDb)],
        mirror: Option<&(Vec<u8>, Vec<u8>)>,
    ) -> Option<Self> {
        let mut table = Vec::new();
        let mut base = [0u32; MAX_PATTERNS];
        let none = Touch {
            slot: NO_SLOT,
            mul: 0,
        };
        let mut direct = [none; 32];
        for (i, (abs, db)) in parts.iter().enumerate() {
            let k = abs.tiles.len();
            let size = (cells as u64).checked_pow(k as u32)?;
            if size > DIRECT_MAX {
                return None;
            }
            // The last tile gets stride 1, so that `fill`'s inner loop
            // writes neighbouring bytes (the other order strides 16^5
            // bytes a write and was most of the start-up time).
            let muls: Vec<u32> = (0..k)
                .map(|j| (cells as u32).pow((k - 1 - j) as u32))
                .collect();
            for (j, &t) in abs.tiles.iter().enumerate() {
                direct[usize::from(t)] = Touch {
                    slot: i as u8,
                    mul: muls[j],
                };
            }
            base[i] = table.len() as u32;
            let start = table.len();
            table.resize(start + size as usize, 0);
            // Placements in rank order are the cell tuples in lexicographic
            // order: one pass, the rank counting up.
            let mut rank = 0u64;
            fill(cells, &muls, 0, 0, 0, &mut rank, db, &mut table[start..]);
        }
        let mut flip = [0u8; 32];
        for (c, f) in flip.iter_mut().enumerate() {
            *f = c as u8;
        }
        let mut touch = [[none; 2]; 32];
        for t in 0..cells {
            touch[t][0] = direct[t];
            if let Some((mirror_tile, cell_flip)) = mirror {
                // The mirrored board holds tile `u = mirror_tile[t]` where
                // the board holds `t`, mirrored.
                let u = direct[usize::from(mirror_tile[t])];
                if u.slot != NO_SLOT {
                    touch[t][1] = Touch {
                        slot: MAX_PATTERNS as u8 + u.slot,
                        mul: u.mul,
                    };
                }
                flip[t] = cell_flip[t];
            }
        }
        Some(Self {
            table,
            base,
            touch,
            flip,
        })
    }

    /// The two keys after `tile` goes from cell `src` to `dst`, with their
    /// slots.
    #[inline(always)]
    fn moved(&self, keys: &Keys, tile: u8, src: usize, dst: usize) -> [(usize, u32); 2] {
        let [a, b] = self.touch[usize::from(tile) & 31];
        let (sa, sb) = (
            usize::from(a.slot) & (SLOTS - 1),
            usize::from(b.slot) & (SLOTS - 1),
        );
        let ka = keys[sa].wrapping_add((dst as u32).wrapping_sub(src as u32).wrapping_mul(a.mul));
        let (fs, fd) = (self.flip[src & 31], self.flip[dst & 31]);
        let kb = keys[sb].wrapping_add(
            u32::from(fd)
                .wrapping_sub(u32::from(fs))
                .wrapping_mul(b.mul),
        );
        [(sa, ka), (sb, kb)]
    }

    /// What a move of `tile` from cell `src` to `dst` would change: the two
    /// slots with their new keys, the entries there, and the sums after.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn after(
        &self,
        keys: &Keys,
        values: &Values,
        tile: u8,
        src: usize,
        dst: usize,
    ) -> ([(usize, u32); 2], [u8; 2], [u16; 2]) {
        let [(sa, ka), (sb, kb)] = self.moved(keys, tile, src, dst);
        let (va, vb) = (self.at(ka), self.at(kb));
        let sums = values.sums_after((sa, va), (sb, vb));
        ([(sa, ka), (sb, kb)], [va, vb], sums)
    }

    /// The entry at absolute index `k` (0 for an index out of range, which
    /// a consistent node never has).
    #[inline(always)]
    fn at(&self, k: u32) -> u8 {
        self.table.get(k as usize).copied().unwrap_or(0)
    }
}

/// Writes `table`'s entries into `out` at their direct indices, placing
/// tile slots `slot..` on the cells not in `used`.
#[allow(clippy::too_many_arguments)]
fn fill(
    cells: usize,
    muls: &[u32],
    slot: usize,
    used: u32,
    index: u32,
    rank: &mut u64,
    table: &PatternDb,
    out: &mut [u8],
) {
    if muls.is_empty() {
        // No tile: one entry.
        out[0] = table.get(0);
        return;
    }
    if slot + 1 == muls.len() {
        // The last tile: one entry per free cell, the rank counting up.
        let mul = muls[slot];
        for c in (0..cells).filter(|&c| used >> c & 1 == 0) {
            out[(index + c as u32 * mul) as usize] = table.get(*rank);
            *rank += 1;
        }
        return;
    }
    for c in 0..cells {
        if used >> c & 1 == 0 {
            let index = index + c as u32 * muls[slot];
            fill(
                cells,
                muls,
                slot + 1,
                used | 1 << c,
                index,
                rank,
                table,
                out,
            );
        }
    }
}

/// The most patterns in a partition (each node keeps one value per pattern,
/// direct and mirrored).
pub const MAX_PATTERNS: usize = 6;

/// What a move changed in a node's pattern keys and values, kept to take
/// it back without looking anything up: the two keys and values before
/// it (keys only with direct tables) and both sums.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Saved {
    keys: [u32; 2],
    values: [u8; 2],
    sums: [u16; 2],
}

/// Per node: the table value of each pattern, direct then mirrored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Values {
    /// The values by slot (see [`SLOTS`]); the "no pattern" slot holds
    /// what its key finds, so that setting it changes no sum.
    v: [u8; SLOTS],
    /// The direct and the mirrored sum, kept up to date by [`Values::set`]
    /// so that the bound is one comparison, not two sums.
    sums: [u16; 2],
}

impl Values {
    /// The values in slots `slots` and the sums, to put back with
    /// [`Values::restore`] (no keys: for ranked tables).
    #[inline(always)]
    pub(crate) fn save(&self, slots: [u8; 2]) -> Saved {
        Saved {
            keys: [0; 2],
            values: slots.map(|i| self.v[usize::from(i) & (SLOTS - 1)]),
            sums: self.sums,
        }
    }

    /// Puts back what [`Values::save`] returned for the same slots.
    #[inline(always)]
    pub(crate) fn restore(&mut self, slots: [u8; 2], saved: Saved) {
        self.v[usize::from(slots[1]) & (SLOTS - 1)] = saved.values[1];
        self.v[usize::from(slots[0]) & (SLOTS - 1)] = saved.values[0];
        self.sums = saved.sums;
    }

    /// Sets value `i` (direct below [`MAX_PATTERNS`], mirrored from it).
    #[inline(always)]
    fn set(&mut self, i: usize, value: u8) {
        let i = i & (SLOTS - 1);
        let side = usize::from(i >= MAX_PATTERNS);
        self.sums[side] = self.sums[side]
            .wrapping_sub(u16::from(self.v[i]))
            .wrapping_add(u16::from(value));
        self.v[i] = value;
    }

    /// The sums after a move sets direct slot `a` and mirrored slot `b`
    /// (as [`Direct::moved`] names them) to `va` and `vb`, changing
    /// nothing. Each goes to its own side without a test: a slot that is
    /// not on that side is the "no pattern" one, whose value the move
    /// leaves as it is (its key does not change), so it adds nothing.
    #[inline(always)]
    fn sums_after(&self, (a, va): (usize, u8), (b, vb): (usize, u8)) -> [u16; 2] {
        let [d, m] = self.sums;
        [
            d.wrapping_sub(u16::from(self.v[a & (SLOTS - 1)]))
                .wrapping_add(u16::from(va)),
            m.wrapping_sub(u16::from(self.v[b & (SLOTS - 1)]))
                .wrapping_add(u16::from(vb)),
        ]
    }
}

/// The cell of tile `t` in a packed inverse (5 bits a tile).
#[inline]
pub(crate) fn cell_in(inv: u128, t: u8) -> u8 {
    (inv >> (5 * u32::from(t))) as u8 & 31
}

/// Why [`Patterns::load_or_build`] made no tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternsError(PatternsKind);

#[derive(Clone, Debug, PartialEq, Eq)]
enum PatternsKind {
    Size { width: usize, height: usize },
    TooMany(usize),
    Tile { tile: u8, cells: usize },
    Memory { needed: u64, allowed: u64 },
    Pdb(puzzle_search_core::pdb::PdbError),
}

impl From<PatternsKind> for PatternsError {
    fn from(kind: PatternsKind) -> Self {
        Self(kind)
    }
}

impl fmt::Display for PatternsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            PatternsKind::Size { width, height } => write!(
                f,
                "a {width}x{height} board: sides of at least 2 and at most {MAX_CELLS} cells"
            ),
            PatternsKind::TooMany(n) => write!(f, "{n} patterns: at most {MAX_PATTERNS}"),
            PatternsKind::Tile { tile, cells } => {
                write!(f, "tile {tile} is outside 1..{cells} or in two patterns")
            }
            PatternsKind::Memory { needed, allowed } => write!(
                f,
                "the tables need {needed} bytes ({:.2} GB) resident, over the {allowed}-byte cap",
                *needed as f64 / 1e9
            ),
            PatternsKind::Pdb(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PatternsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.0 {
            PatternsKind::Pdb(e) => Some(e),
            _ => None,
        }
    }
}

/// The partitions of the field's benchmarks, by name (`--bound pdb663`,
/// `pdb78`, `pdb6666` in the `sliding` example).
///
/// ```
/// use puzzle_sliding::{Goal, Partition};
/// let p = Partition::SevenEight.tiles(Goal::BlankFirst);
/// assert_eq!(p, [vec![1, 2, 3, 4, 5, 6, 7], vec![8, 9, 10, 11, 12, 13, 14, 15]]);
/// assert_eq!(Partition::SixSixSixSix.shape(), (5, 5));
/// // Turned half a turn for blank-last: tile t becomes cells - t.
/// assert_eq!(Partition::SevenEight.tiles(Goal::BlankLast)[0], [15, 14, 13, 12, 11, 10, 9]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Partition {
    /// 4x4: `{1,2,3,5,6,7} {4,8,9,12,13,14} {10,11,15}` (blank first), 36 MB
    /// of tables built in seconds.
    SixSixThree,
    /// 4x4: `{1..7} {8..15}` (blank first; Felner, Korf and Hanan 2004),
    /// 576 MB of tables (57,657,600 and 518,918,400 keys); built in about
    /// 6 minutes on 2 cores, peaking at 1.6 GB.
    SevenEight,
    /// 5x5: `{1,5,6,10,11,12} {2,3,4,7,8,9} {13,14,18,19,23,24}
    /// {15,16,17,20,21,22}` (blank first; Korf and Felner 2002), four tables
    /// of 127,512,000 keys (510 MB); each built in about 70 s on 2 cores,
    /// peaking at 1.1 GB with the tables before it.
    SixSixSixSix,
}

impl Partition {
    /// The board the partition is for: `(width, height)`.
    ///
    /// ```
    /// use puzzle_sliding::Partition;
    /// assert_eq!(Partition::SevenEight.shape(), (4, 4));
    /// ```
    pub fn shape(self) -> (usize, usize) {
        match self {
            Self::SixSixThree | Self::SevenEight => (4, 4),
            Self::SixSixSixSix => (5, 5),
        }
    }

    /// The patterns' tiles for `goal`: as the variants name them for the
    /// blank-first goal (cell `c` holds tile `c`), turned half a turn for
    /// blank-last (where cell `cells - 1 - c` holds tile `cells - c`).
    ///
    /// ```
    /// use puzzle_sliding::{Goal, Partition};
    /// let p = Partition::SixSixSixSix.tiles(Goal::BlankFirst);
    /// assert_eq!(p.iter().map(Vec::len).sum::<usize>(), 24);
    /// ```
    pub fn tiles(self, goal: Goal) -> Vec<Vec<u8>> {
        let shapes: Vec<Vec<u8>> = match self {
            Self::SixSixThree => vec![
                vec![1, 2, 3, 5, 6, 7],
                vec![4, 8, 9, 12, 13, 14],
                vec![10, 11, 15],
            ],
            Self::SevenEight => vec![(1..=7).collect(), (8..=15).collect()],
            Self::SixSixSixSix => vec![
                vec![1, 5, 6, 10, 11, 12],
                vec![2, 3, 4, 7, 8, 9],
                vec![13, 14, 18, 19, 23, 24],
                vec![15, 16, 17, 20, 21, 22],
            ],
        };
        let (w, h) = self.shape();
        let cells = (w * h) as u8;
        match goal {
            Goal::BlankFirst => shapes,
            Goal::BlankLast => shapes
                .into_iter()
                .map(|v| v.into_iter().map(|t| cells - t).collect())
                .collect(),
        }
    }

    /// The patterns as abstractions, for `goal`: their names find their
    /// files in a cache ([`PatternDb::file_in`]).
    ///
    /// ```
    /// use puzzle_sliding::{Goal, Partition};
    /// use puzzle_search_core::pdb::Abstraction;
    /// let parts = Partition::SevenEight.abstractions(Goal::BlankFirst);
    /// assert_eq!(parts[1].size(), 4_151_347_200); // 16!/7!: 8 tiles and the blank
    /// ```
    pub fn abstractions(self, goal: Goal) -> Vec<PatternAbstraction> {
        let (w, h) = self.shape();
        self.tiles(goal)
            .iter()
            .map(|t| PatternAbstraction::new(w, h, goal, t))
            .collect()
    }
}

impl Patterns {
    /// The partition used by default: 4x4, the 6-6-3 partition
    /// ([`Partition::SixSixThree`]: `{1,2,3,5,6,7} {4,8,9,12,13,14}
    /// {10,11,15}` for the blank-first goal, the same shapes turned half a
    /// turn for blank-last, tile `t` becoming `16 - t`; the 7-8 tables are
    /// better but take minutes and GBs to build, so they are asked for by
    /// name); 5x5 the 6-6-6-6 ([`Partition::SixSixSixSix`]); 3x3 `{1..4} {5..8}`; 12 cells (3x4, 4x3, 2x6,
    /// 6x2) `{1..6} {7..11}` (one pattern of all 11 tiles would be an
    /// exact table of 479,001,600 states: minutes and most of a gigabyte
    /// to build; the two take about a second); otherwise every tile in one
    /// pattern when the board has at most 10 cells (3,628,800 states at
    /// most), and `None` (no default) for the other sizes above 12.
    ///
    /// ```
    /// use puzzle_sliding::{Goal, Patterns};
    /// let parts = Patterns::default_partition(4, 4, Goal::BlankFirst).expect("4x4 has one");
    /// assert_eq!(parts.iter().map(Vec::len).collect::<Vec<_>>(), [6, 6, 3]);
    /// assert_eq!(Patterns::default_partition(5, 5, Goal::BlankFirst).map(|p| p.len()), Some(4));
    /// assert!(Patterns::default_partition(6, 4, Goal::BlankFirst).is_none());
    /// let twelve = Patterns::default_partition(3, 4, Goal::BlankLast).expect("12 cells");
    /// assert_eq!(twelve.iter().map(Vec::len).collect::<Vec<_>>(), [6, 5]);
    /// ```
    pub fn default_partition(width: usize, height: usize, goal: Goal) -> Option<Vec<Vec<u8>>> {
        let cells = width * height;
        // The shapes are cells of the blank-first goal, where cell c holds
        // tile c. Turned half a turn they fit the blank-last goal, where
        // cell cells-1-c holds tile cells-c.
        let shift = |v: Vec<u8>| -> Vec<u8> {
            match goal {
                Goal::BlankFirst => v,
                Goal::BlankLast => v.into_iter().map(|c| cells as u8 - c).collect(),
            }
        };
        match (width, height) {
            (4, 4) => Some(Partition::SixSixThree.tiles(goal)),
            (5, 5) => Some(Partition::SixSixSixSix.tiles(goal)),
            (3, 3) => Some(vec![shift(vec![1, 2, 3, 4]), shift(vec![5, 6, 7, 8])]),
            _ if cells == 12 => Some(vec![(1..=6).collect(), (7..=11).collect()]),
            _ if cells <= 10 => Some(vec![(1..cells as u8).collect()]),
            _ => None,
        }
    }

    /// Loads each pattern's table from `dir`, or builds it (calling
    /// `progress` with the pattern's name and the build's progress) and
    /// saves it there. Save errors are returned beside the tables; the
    /// tables work without the files.
    ///
    /// # Errors
    /// [`PatternsError`]: the size is not a board's, the partition is
    /// invalid (a tile outside `1..cells`, in two patterns, or more than
    /// [`MAX_PATTERNS`] patterns), or a table cannot be built.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Goal, Patterns};
    /// // 3x3, two patterns, built in memory (no directory to keep them in).
    /// let partition = Patterns::default_partition(3, 3, Goal::BlankLast).expect("3x3 has one");
    /// let (patterns, _) = Patterns::load_or_build(3, 3, Goal::BlankLast, &partition, None, None)?;
    /// assert_eq!(patterns.tables().count(), 2);
    /// let bad = Patterns::load_or_build(3, 3, Goal::BlankLast, &[vec![1, 9]], None, None);
    /// assert!(bad.is_err()); // tile 9 on a 3x3 board
    /// # Ok::<(), puzzle_sliding::PatternsError>(())
    /// ```
    pub fn load_or_build(
        width: usize,
        height: usize,
        goal: Goal,
        partition: &[Vec<u8>],
        dir: Option<&Path>,
        progress: Option<&BuildHook<'_>>,
    ) -> Result<(Self, Vec<std::io::Error>), PatternsError> {
        Self::load_or_build_within(
            width,
            height,
            goal,
            partition,
            dir,
            &Budget::default(),
            progress,
        )
    }

    /// [`load_or_build`](Self::load_or_build) under `budget`: its memory
    /// cap ([`Budget::max_memory`]) holds the tables' entries (a byte a
    /// key at most, checked before anything is read or built) and, while
    /// a table is built, the tables held so far plus that build's peak
    /// ([`PatternDb::bytes_needed`]); its time limit and cancel flag stop
    /// a build.
    ///
    /// # Errors
    /// As [`load_or_build`](Self::load_or_build), and when the tables or a
    /// build would pass the memory cap (the message names the bytes), or
    /// a limit stopped a build.
    ///
    /// ```
    /// use puzzle_sliding::{Goal, Patterns};
    /// use puzzle_search_core::Budget;
    /// let partition = Patterns::default_partition(3, 3, Goal::BlankLast).expect("3x3 has one");
    /// let tight = Budget::default().max_memory(1000);
    /// let err = Patterns::load_or_build_within(3, 3, Goal::BlankLast, &partition, None, &tight, None)
    ///     .unwrap_err();
    /// assert!(err.to_string().contains("bytes"), "{err}");
    /// let roomy = Budget::default().max_memory(1 << 24);
    /// assert!(Patterns::load_or_build_within(3, 3, Goal::BlankLast, &partition, None, &roomy, None).is_ok());
    /// ```
    pub fn load_or_build_within(
        width: usize,
        height: usize,
        goal: Goal,
        partition: &[Vec<u8>],
        dir: Option<&Path>,
        budget: &Budget,
        progress: Option<&BuildHook<'_>>,
    ) -> Result<(Self, Vec<std::io::Error>), PatternsError> {
        let shape = (width, height, goal);
        Self::assemble(shape, partition, false, dir, budget, progress)
    }

    /// [`load_or_build_within`](Self::load_or_build_within) with
    /// zero-aware tables ([`PatternAbstraction::zero_aware`]): an entry a
    /// place of the tiles and region of the blank, ranked (never indexed
    /// directly). Stronger and slower to look up: on Korf's 24-puzzle #38
    /// with the 6-6-6-6 partition, 94.9M nodes expanded in 39.8 s against
    /// the plain tables' 119.3M in 27.4 s (one thread).
    ///
    /// # Errors
    /// As [`load_or_build_within`](Self::load_or_build_within).
    ///
    /// ```
    /// use puzzle_sliding::{Goal, Patterns};
    /// use puzzle_search_core::Budget;
    /// let partition = Patterns::default_partition(3, 3, Goal::BlankLast).expect("3x3 has one");
    /// let (zero, _) = Patterns::load_or_build_zero_aware(
    ///     3, 3, Goal::BlankLast, &partition, None, &Budget::default(), None)?;
    /// let (plain, _) = Patterns::load_or_build(3, 3, Goal::BlankLast, &partition, None, None)?;
    /// let board = puzzle_sliding::Board::from_tiles(3, 3, &[8, 7, 6, 5, 4, 3, 2, 1, 0]).expect("valid");
    /// assert!(zero.bound(&board) >= plain.bound(&board));
    /// # Ok::<(), puzzle_sliding::PatternsError>(())
    /// ```
    pub fn load_or_build_zero_aware(
        width: usize,
        height: usize,
        goal: Goal,
        partition: &[Vec<u8>],
        dir: Option<&Path>,
        budget: &Budget,
        progress: Option<&BuildHook<'_>>,
    ) -> Result<(Self, Vec<std::io::Error>), PatternsError> {
        let shape = (width, height, goal);
        Self::assemble(shape, partition, true, dir, budget, progress)
    }

    /// The tables of `partition` (zero-aware or plain), loaded or built.
    fn assemble(
        (width, height, goal): (usize, usize, Goal),
        partition: &[Vec<u8>],
        zero: bool,
        dir: Option<&Path>,
        budget: &Budget,
        progress: Option<&BuildHook<'_>>,
    ) -> Result<(Self, Vec<std::io::Error>), PatternsError> {
        let cells = width.saturating_mul(height);
        if width < 2 || height < 2 || cells > MAX_CELLS {
            return Err(PatternsError(PatternsKind::Size { width, height }));
        }
        if partition.len() > MAX_PATTERNS {
            return Err(PatternsError(PatternsKind::TooMany(partition.len())));
        }
        let mut seen = 0u32;
        let mut part_of = [None; 32];
        for (i, tiles) in partition.iter().enumerate() {
            for &t in tiles {
                if usize::from(t) < 32 {
                    part_of[usize::from(t)] = Some(i as u8);
                }
            }
        }
        for &t in partition.iter().flatten() {
            if t == 0 || usize::from(t) >= cells || seen >> t & 1 == 1 {
                return Err(PatternsError(PatternsKind::Tile { tile: t, cells }));
            }
            seen |= 1 << t;
        }
        let abstractions: Vec<PatternAbstraction> = partition
            .iter()
            .map(|tiles| {
                if zero {
                    PatternAbstraction::zero_aware(width, height, goal, tiles)
                } else {
                    PatternAbstraction::new(width, height, goal, tiles)
                }
            })
            .collect();
        let cap = budget.memory_cap();
        if let Some(allowed) = cap {
            let needed = abstractions.iter().map(Abstraction::key_size).sum::<u64>();
            if needed > allowed {
                return Err(PatternsError(PatternsKind::Memory { needed, allowed }));
            }
        }
        let mut parts = Vec::new();
        let mut errors = Vec::new();
        let mut resident = 0u64;
        for abs in abstractions {
            let name = abs.name();
            let hook = progress.map(|p| move |bp: BuildProgress| p(&name, bp));
            let hook_ref = hook.as_ref().map(|h| h as &(dyn Fn(BuildProgress) + Sync));
            // A build may use what the tables held so far leave.
            let mut within = budget.clone();
            if let Some(cap) = cap {
                within = within.max_memory(cap.saturating_sub(resident));
            }
            let table = match dir {
                Some(dir) => {
                    let (t, err) = PatternDb::load_or_build_within(&abs, dir, &within, hook_ref)
                        .map_err(PatternsKind::Pdb)?;
                    errors.extend(err);
                    t
                }
                None => {
                    PatternDb::build_within(&abs, &within, hook_ref).map_err(PatternsKind::Pdb)?
                }
            };
            resident += table.bytes() as u64;
            parts.push((abs, table));
        }
        let mirror = (width == height).then(|| {
            let flip: Vec<u8> = (0..cells)
                .map(|c| ((c % width) * width + c / width) as u8)
                .collect();
            let mirror_tile = (0..cells as u8)
                .map(|t| goal.tile_at(usize::from(flip[goal.cell_of(t, cells)]), cells))
                .collect();
            (mirror_tile, flip)
        });
        // Direct indices leave the blank out: not for zero-aware tables.
        let direct = if zero {
            None
        } else {
            Direct::new(cells, &parts, mirror.as_ref())
        };
        let covers_all = partition.iter().map(Vec::len).sum::<usize>() == cells - 1;
        let mut touched = [[NO_SLOT; 2]; 32];
        for (t, slots) in touched.iter_mut().enumerate().take(cells) {
            if let Some(i) = part_of[t] {
                slots[0] = i;
            }
            if let Some((mirror_tile, _)) = &mirror {
                if let Some(i) = part_of[usize::from(mirror_tile[t])] {
                    slots[1] = MAX_PATTERNS as u8 + i;
                }
            }
        }
        Ok((
            Self {
                width,
                cells,
                goal,
                parts,
                part_of,
                mirror,
                direct,
                covers_all,
                touched,
            },
            errors,
        ))
    }

    /// The tables, with their patterns.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Goal, Patterns};
    /// // 3x3, two patterns, built in memory (no directory to keep them in).
    /// let partition = Patterns::default_partition(3, 3, Goal::BlankLast).expect("3x3 has one");
    /// let (patterns, _) = Patterns::load_or_build(3, 3, Goal::BlankLast, &partition, None, None)?;
    /// assert!(patterns.tables().all(|t| t.max_distance() > 0));
    /// # Ok::<(), puzzle_sliding::PatternsError>(())
    /// ```
    pub fn tables(&self) -> impl Iterator<Item = &PatternDb> {
        self.parts.iter().map(|(_, t)| t)
    }

    /// The additive bound of `board` for the tables' goal, the larger of it
    /// and the mirrored board's on squares; 0 (no information, still
    /// admissible) for a board of another size.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Goal, Patterns};
    /// // 3x3, two patterns, built in memory (no directory to keep them in).
    /// let partition = Patterns::default_partition(3, 3, Goal::BlankLast).expect("3x3 has one");
    /// let (patterns, _) = Patterns::load_or_build(3, 3, Goal::BlankLast, &partition, None, None)?;
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// assert_eq!(patterns.bound(&board), 1);
    /// # Ok::<(), puzzle_sliding::PatternsError>(())
    /// ```
    pub fn bound(&self, board: &Board) -> u32 {
        if board.len() != self.cells || board.width() != self.width {
            return 0;
        }
        let mut inv = 0u128;
        for c in 0..self.cells {
            inv |= (c as u128) << (5 * u32::from(board.tile(c)));
        }
        let mut v = Values::default();
        self.values(inv, &mut v);
        self.total(&v)
    }

    /// Every pattern's value, direct and mirrored; `inv` holds the cell of
    /// each tile, 5 bits a tile.
    pub(crate) fn values(&self, inv: u128, out: &mut Values) {
        for i in 0..self.parts.len() {
            self.value(inv, i, out);
            self.mirrored_value(inv, i, out);
        }
    }

    /// Whether the search keeps direct indices ([`Patterns::keys`],
    /// [`Patterns::step`]) rather than the packed inverse.
    #[inline]
    pub(crate) fn is_direct(&self) -> bool {
        self.direct.is_some()
    }

    /// With direct tables: each pattern's index of the board whose tile
    /// `t` stands in cell `cell_in(inv, t)`, and `values` set to match
    /// (zeros without them).
    pub(crate) fn keys(&self, inv: u128, values: &mut Values) -> Keys {
        let mut keys = [0; SLOTS];
        if let Some(d) = &self.direct {
            let n = self.parts.len();
            keys[..n].copy_from_slice(&d.base[..n]);
            if self.mirror.is_some() {
                keys[MAX_PATTERNS..MAX_PATTERNS + n].copy_from_slice(&d.base[..n]);
            }
            for t in 1..self.cells as u8 {
                let c = usize::from(cell_in(inv, t));
                let [a, b] = d.touch[usize::from(t)];
                if a.slot != NO_SLOT {
                    keys[usize::from(a.slot)] += c as u32 * a.mul;
                }
                if b.slot != NO_SLOT {
                    keys[usize::from(b.slot)] += u32::from(d.flip[c]) * b.mul;
                }
            }
            // The "no pattern" slot: key 0, and the value there, so that
            // setting it again changes no sum.
            values.v[usize::from(NO_SLOT)] = d.at(0);
            debug_assert!((0..self.parts.len()).all(|i| {
                let mirrored = self.mirror.is_none()
                    || values.v[MAX_PATTERNS + i] == d.at(keys[MAX_PATTERNS + i]);
                values.v[i] == d.at(keys[i]) && mirrored
            }));
        }
        keys
    }

    /// With direct tables: tile `tile` goes from cell `src` to cell `dst`;
    /// updates the (at most two) indices it changes and their values, and
    /// returns what they were (nothing changes without direct tables).
    #[inline(always)]
    pub(crate) fn step(
        &self,
        tile: u8,
        src: usize,
        dst: usize,
        keys: &mut Keys,
        values: &mut Values,
    ) -> Saved {
        match self.step_within(tile, src, dst, keys, values, 0, u32::MAX) {
            Some(Ok(saved)) => saved,
            _ => Saved::default(),
        }
    }

    /// With direct tables: `tile` goes from cell `src` to `dst` in `keys`
    /// and `values`, unless the bound after it (the larger of
    /// [`Patterns::total`] and `floor`) exceeds `max`: then `Err(bound)`
    /// and nothing changes. One computation of the keys and entries serves
    /// the cut and the move. `None` without direct tables.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn step_within(
        &self,
        tile: u8,
        src: usize,
        dst: usize,
        keys: &mut Keys,
        values: &mut Values,
        floor: u32,
        max: u32,
    ) -> Option<Result<Saved, u32>> {
        let d = self.direct.as_ref()?;
        let ([(sa, ka), (sb, kb)], [va, vb], sums) = d.after(keys, values, tile, src, dst);
        let bound = u32::from(sums[0].max(sums[1])).max(floor);
        if bound > max {
            return Some(Err(bound));
        }
        let saved = Saved {
            keys: [keys[sa], keys[sb]],
            values: [values.v[sa], values.v[sb]],
            sums: values.sums,
        };
        keys[sa] = ka;
        keys[sb] = kb;
        values.v[sa] = va;
        values.v[sb] = vb;
        values.sums = sums;
        Some(Ok(saved))
    }

    /// Takes back [`Patterns::step_within`]'s move of `tile`, which
    /// returned `saved`: keys and values as they were, nothing looked up.
    #[inline(always)]
    pub(crate) fn step_back(&self, tile: u8, saved: Saved, keys: &mut Keys, values: &mut Values) {
        let Some(d) = &self.direct else { return };
        let [a, b] = d.touch[usize::from(tile) & 31];
        let (sa, sb) = (
            usize::from(a.slot) & (SLOTS - 1),
            usize::from(b.slot) & (SLOTS - 1),
        );
        // In the order opposite to the saving, so that a slot named twice
        // (the "no pattern" one) ends with its first saved value.
        keys[sb] = saved.keys[1];
        keys[sa] = saved.keys[0];
        values.v[sb] = saved.values[1];
        values.v[sa] = saved.values[0];
        values.sums = saved.sums;
    }

    /// With direct tables: the bound ([`Patterns::total`]) after `tile`
    /// goes from cell `src` to `dst`, changing nothing; `None` without them.
    #[inline(always)]
    pub(crate) fn total_after(
        &self,
        tile: u8,
        src: usize,
        dst: usize,
        keys: &Keys,
        values: &Values,
    ) -> Option<u32> {
        let d = self.direct.as_ref()?;
        let (_, _, sums) = d.after(keys, values, tile, src, dst);
        Some(u32::from(sums[0].max(sums[1])))
    }

    /// The two slots of [`Values`] that a move of `tile` changes (the
    /// "no pattern" slot where it changes fewer).
    #[inline(always)]
    pub(crate) fn touched(&self, tile: u8) -> [u8; 2] {
        self.touched[usize::from(tile) & 31]
    }

    /// Whether the partition holds every tile: then the sum is at least the
    /// Manhattan distance and zero only at the goal.
    #[inline]
    pub(crate) fn covers_all(&self) -> bool {
        self.covers_all
    }

    /// The values a move of `tile` changes: its pattern's, and on squares
    /// the mirrored pattern of its mirror tile.
    #[inline]
    pub(crate) fn update(&self, inv: u128, tile: u8, out: &mut Values) {
        if let Some(i) = self.part_of[usize::from(tile)] {
            self.value(inv, usize::from(i), out);
        }
        if let Some((mirror_tile, _)) = &self.mirror {
            if let Some(i) = self.part_of[usize::from(mirror_tile[usize::from(tile)])] {
                self.mirrored_value(inv, usize::from(i), out);
            }
        }
    }

    /// With ranked tables: the values a move of `tile` changes, read from
    /// `inv` (the cells after the move) without changing anything: the
    /// two slots, their entries and the sums after. Both keys are ranked
    /// before either entry is read, so that the two reads (cache misses,
    /// in tables of hundreds of MB) overlap.
    #[inline(always)]
    pub(crate) fn ranked_after(
        &self,
        inv: u128,
        tile: u8,
        values: &Values,
    ) -> ([u8; 2], [u8; 2], [u16; 2]) {
        let slots = self.touched(tile);
        let key = |slot: u8| -> Option<(usize, u64)> {
            let s = usize::from(slot);
            if s < MAX_PATTERNS {
                let (abs, _) = self.parts.get(s)?;
                Some((s, abs.key_of(|t| cell_in(inv, t))))
            } else {
                let (abs, _) = self.parts.get(s.checked_sub(MAX_PATTERNS)?)?;
                let (mirror_tile, flip) = self.mirror.as_ref()?;
                let cell = |t: u8| flip[usize::from(cell_in(inv, mirror_tile[usize::from(t)]))];
                Some((s - MAX_PATTERNS, abs.key_of(cell)))
            }
        };
        let (ka, kb) = (key(slots[0]), key(slots[1]));
        let read = |k: Option<(usize, u64)>, slot: u8| match k {
            Some((i, key)) => self.parts[i].1.get(key),
            // The "no pattern" slot keeps its value.
            None => values.v[usize::from(slot) & (SLOTS - 1)],
        };
        let (va, vb) = (read(ka, slots[0]), read(kb, slots[1]));
        let sums = values.sums_after((usize::from(slots[0]), va), (usize::from(slots[1]), vb));
        (slots, [va, vb], sums)
    }

    /// With ranked tables: sets the values [`Patterns::ranked_after`]
    /// returned, and returns what they were.
    #[inline(always)]
    pub(crate) fn ranked_set(
        &self,
        values: &mut Values,
        (slots, v, sums): ([u8; 2], [u8; 2], [u16; 2]),
    ) -> Saved {
        let saved = values.save(slots);
        values.v[usize::from(slots[0]) & (SLOTS - 1)] = v[0];
        values.v[usize::from(slots[1]) & (SLOTS - 1)] = v[1];
        values.sums = sums;
        saved
    }

    #[inline]
    fn value(&self, inv: u128, i: usize, out: &mut Values) {
        let (abs, table) = &self.parts[i];
        out.set(i, table.get(abs.key_of(|t| cell_in(inv, t))));
    }

    /// The mirrored board holds tile `t` in cell `flip[cell of
    /// mirror_tile[t]]`.
    #[inline]
    fn mirrored_value(&self, inv: u128, i: usize, out: &mut Values) {
        if let Some((mirror_tile, flip)) = &self.mirror {
            let (abs, table) = &self.parts[i];
            let cell = |t: u8| flip[usize::from(cell_in(inv, mirror_tile[usize::from(t)]))];
            out.set(MAX_PATTERNS + i, table.get(abs.key_of(cell)));
        }
    }

    /// The bound from the values: the larger of the direct and mirrored sums.
    #[inline]
    pub(crate) fn total(&self, v: &Values) -> u32 {
        u32::from(v.sums[0].max(v.sums[1]))
    }

    /// Board size and goal the tables are for.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Goal, Patterns};
    /// // 3x3, two patterns, built in memory (no directory to keep them in).
    /// let partition = Patterns::default_partition(3, 3, Goal::BlankLast).expect("3x3 has one");
    /// let (patterns, _) = Patterns::load_or_build(3, 3, Goal::BlankLast, &partition, None, None)?;
    /// assert_eq!(patterns.shape(), (3, 3, Goal::BlankLast));
    /// # Ok::<(), puzzle_sliding::PatternsError>(())
    /// ```
    pub fn shape(&self) -> (usize, usize, Goal) {
        (self.width, self.cells / self.width, self.goal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Dir, step};

    #[test]
    fn ranks_round_trip() {
        let abs = PatternAbstraction::new(4, 4, Goal::BlankFirst, &[1, 2, 3]);
        let mut p = [0u8; 4];
        for r in (0..abs.size()).step_by(97) {
            abs.unrank(r, &mut p);
            assert_eq!(abs.rank(&p), r);
        }
        assert_eq!(abs.size(), 16 * 15 * 14 * 13);
        assert_eq!(abs.key_size(), 16 * 15 * 14);
    }

    /// The plain abstraction: a state a blank cell, a free move a step
    /// of the blank among cells no pattern tile holds.
    struct Plain(PatternAbstraction);

    /// The plain abstraction, keyed by state (no least over the blank).
    struct States(PatternAbstraction);

    impl Abstraction for States {
        fn name(&self) -> String {
            self.0.name()
        }
        fn size(&self) -> u64 {
            Plain(self.0.clone()).size()
        }
        fn goals(&self, out: &mut Vec<u64>) {
            Plain(self.0.clone()).goals(out);
        }
        fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>) {
            Plain(self.0.clone()).neighbours(rank, out);
        }
    }

    /// Zero-aware tables hold, for every placement of the tiles and every
    /// blank cell, the plain 0-1 search's distance of that state; each
    /// rank below the size is a state of its own (ranks round-trip), and
    /// the sizes of the named partitions are as documented.
    #[test]
    fn zero_aware_tables_hold_each_states_distance() {
        let mut cases = Vec::new();
        for goal in [Goal::BlankFirst, Goal::BlankLast] {
            cases.push((3, 3, goal, vec![1, 2, 3, 4]));
            cases.push((3, 3, goal, vec![2, 4, 6, 8]));
            cases.push((3, 3, goal, (1..9).collect::<Vec<u8>>()));
            cases.push((2, 3, goal, vec![1, 2, 3, 4, 5]));
            cases.push((4, 3, goal, vec![1, 2, 3, 5]));
            cases.push((4, 4, goal, vec![1, 2, 3]));
            cases.push((5, 5, goal, vec![1, 5, 6]));
        }
        for (w, h, goal, tiles) in cases {
            let zero = PatternAbstraction::zero_aware(w, h, goal, &tiles);
            let plain = PatternAbstraction::new(w, h, goal, &tiles);
            let name = zero.name();
            let maps = zero.zero.clone().expect("zero-aware");
            let k = tiles.len();
            let mut p = [0u8; 32];
            for r in (0..zero.size()).step_by(7) {
                maps.unrank(r, &mut p[..k]);
                let (mask, region) = maps.unrank(r, &mut p[..k]);
                let blank = region.trailing_zeros() as u8;
                assert_eq!(maps.rank(&p[..k], blank), r, "{name} rank {r}");
                assert_eq!(mask & region, 0, "{name} rank {r}");
            }
            let z = PatternDb::build(&zero, None).expect("small");
            let states = PatternDb::build(&States(plain.clone()), None).expect("small");
            for r in 0..plain.size() {
                plain.unrank(r, &mut p[..=k]);
                let at = maps.rank(&p[..k], p[k]);
                assert_eq!(z.get(at), states.get(r), "{name} state {r}");
            }
        }
        let sizes: Vec<Vec<u64>> = [Partition::SevenEight, Partition::SixSixSixSix]
            .iter()
            .map(|p| {
                let (w, h) = p.shape();
                p.tiles(Goal::BlankFirst)
                    .iter()
                    .map(|t| PatternAbstraction::zero_aware(w, h, Goal::BlankFirst, t).size())
                    .collect()
            })
            .collect();
        assert_eq!(
            sizes,
            [vec![139_849_920, 1_425_191_040], vec![181_008_000; 4]]
        );
    }

    impl Abstraction for Plain {
        fn name(&self) -> String {
            self.0.name()
        }
        fn size(&self) -> u64 {
            self.0.size()
        }
        fn goals(&self, out: &mut Vec<u64>) {
            let abs = &self.0;
            let mut p: Vec<u8> = abs
                .tiles
                .iter()
                .map(|&t| abs.goal.cell_of(t, abs.cells) as u8)
                .collect();
            p.push(abs.goal.cell_of(0, abs.cells) as u8);
            out.push(abs.rank(&p));
        }
        fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>) {
            let abs = &self.0;
            let k = abs.tiles.len();
            let mut p = [0u8; 32];
            abs.unrank(rank, &mut p[..=k]);
            let b = usize::from(p[k]);
            for t in Dir::ALL
                .into_iter()
                .filter_map(|d| step(b, d, abs.width, abs.cells))
            {
                let mut q = p;
                q[k] = t as u8;
                let moved = q[..k].iter().position(|&c| usize::from(c) == t);
                if let Some(j) = moved {
                    q[j] = b as u8;
                }
                out.push((abs.rank(&q[..=k]), moved.is_some()));
            }
        }
        fn key_size(&self) -> u64 {
            self.0.key_size()
        }
        fn key(&self, rank: u64) -> u64 {
            self.0.key(rank)
        }
    }

    /// The tables over blank regions equal the plain 0-1 search's, key by
    /// key: boards of every shape the tests can enumerate, patterns that
    /// wall the blank into several regions (corners, a full row), both
    /// goals, a pattern of every tile.
    #[test]
    fn blank_regions_give_the_plain_tables() {
        let mut cases: Vec<PatternAbstraction> = Vec::new();
        for goal in [Goal::BlankFirst, Goal::BlankLast] {
            cases.push(PatternAbstraction::new(3, 3, goal, &[1, 2, 3, 4]));
            cases.push(PatternAbstraction::new(3, 3, goal, &[5, 6, 7, 8]));
            cases.push(PatternAbstraction::new(3, 3, goal, &[2, 4, 6, 8]));
            cases.push(PatternAbstraction::new(2, 3, goal, &[1, 2, 3, 4, 5]));
            cases.push(PatternAbstraction::new(3, 2, goal, &[1, 3, 5]));
            cases.push(PatternAbstraction::new(4, 3, goal, &[1, 2, 3, 4, 5]));
            cases.push(PatternAbstraction::new(4, 4, goal, &[1, 2, 3, 4]));
            cases.push(PatternAbstraction::new(4, 4, goal, &[10, 11, 15]));
            cases.push(PatternAbstraction::new(5, 5, goal, &[1, 5, 6]));
            cases.push(PatternAbstraction::new(2, 2, goal, &[1, 2, 3]));
        }
        for abs in cases {
            let name = abs.name();
            let regions = PatternDb::build(&abs, None).expect("small");
            let plain = PatternDb::build(&Plain(abs.clone()), None).expect("small");
            let differ = (0..abs.key_size()).find(|&k| regions.get(k) != plain.get(k));
            assert_eq!(differ, None, "{name}");
            assert_eq!(regions.max_distance(), plain.max_distance(), "{name}");
        }
    }

    #[test]
    fn default_partitions_cover_every_tile_once() {
        for goal in [Goal::BlankFirst, Goal::BlankLast] {
            for (w, h) in [(4, 4), (5, 5), (3, 3), (2, 3), (3, 4)] {
                let p = Patterns::default_partition(w, h, goal).expect("a partition");
                let mut all: Vec<u8> = p.concat();
                all.sort_unstable();
                assert_eq!(
                    all,
                    (1..(w * h) as u8).collect::<Vec<_>>(),
                    "{w}x{h} {goal:?}"
                );
            }
        }
    }
}
