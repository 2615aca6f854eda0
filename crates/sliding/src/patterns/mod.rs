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

mod abstraction;
mod build;
mod direct;
mod error;
mod partition;
#[cfg(test)]
mod tests;
mod values;

use puzzle_search_core::pdb::PatternDb;

use crate::board::{Board, Goal};

pub use abstraction::PatternAbstraction;
pub use build::BuildHook;
use direct::Direct;
pub(crate) use direct::Keys;
pub use error::PatternsError;
pub use partition::Partition;
pub use values::MAX_PATTERNS;
use values::{NO_SLOT, SLOTS};
pub(crate) use values::{Saved, Values, cell_in};

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

impl Patterns {
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
