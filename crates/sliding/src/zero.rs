//! Zero-aware pattern states: where a pattern's tiles stand and which
//! region of the other cells the blank is in, ranked densely.
//!
//! A pattern's cells as a set (its *map*: which cells its `k` tiles
//! cover) split the other cells into connected regions; the blank is in
//! one of them. A state is the map, the blank's region in it, and the
//! order of the tiles over the map's cells (a permutation of `k`). Its
//! rank: `(first[map] + region) * k! + order`, with the maps ranked in
//! colex order and `first` the prefix sums of their region counts: every
//! rank below the size is a state, and no two states share one. For the
//! 24-puzzle's 6-tile patterns: 177,100 maps, 251,400 (map, region)
//! classes, 181,008,000 states (a byte each: 181 MB, against 127.5 MB
//! for the least over the blank); for the 15-puzzle's 8-tile pattern
//! 12,870 maps and 1,425,191,040 states (the 7-tile: 139,849,920): eight
//! free cells among eight tiles leave 2.7 regions a map on average.

use std::sync::Arc;

use crate::board::{MAX_CELLS, adjacency};
use puzzle_search_core::rank::{self, Subsets};

/// The maps of `k` tiles on a board, their regions, and the tables the
/// ranks need.
#[derive(Debug)]
pub(crate) struct Maps {
    cells: usize,
    k: usize,
    /// `k!`.
    orders: u64,
    /// Per map (colex rank): the cells it covers.
    masks: Vec<u32>,
    /// Per map: the (map, region) classes of the maps before it; one more
    /// entry, the total.
    first: Vec<u32>,
    /// Per class: the cells of the region.
    regions: Vec<u32>,
    /// `region_of[map * cells + c]`: the region of free cell `c` in the map.
    region_of: Vec<u8>,
    /// The colex ranks of the maps.
    subsets: Subsets,
}

impl Maps {
    /// The maps of `k` tiles on a `width` board of `cells` cells.
    pub(crate) fn new(width: usize, cells: usize, k: usize) -> Arc<Self> {
        // C(25, k) fits a u32 for every k.
        let subsets = Subsets::new(cells, k).expect("C(cells <= 25, k) fits a u32");
        let (adjacent, all) = adjacency(width, cells);
        let count = subsets.count() as usize;
        let mut masks = Vec::with_capacity(count);
        // The k-subsets in colex order: the next larger mask of as many
        // bits (Gosper's hack), from the k lowest cells.
        let mut m: u32 = if k == 0 { 0 } else { (1u32 << k) - 1 };
        for _ in 0..count {
            masks.push(m);
            if m == 0 {
                break;
            }
            let low = m & m.wrapping_neg();
            let ripple = m.wrapping_add(low);
            m = ripple | (((m ^ ripple) >> 2) / low);
        }
        let mut first = Vec::with_capacity(count + 1);
        let mut regions = Vec::new();
        let mut region_of = vec![u8::MAX; count * cells];
        for (i, &mask) in masks.iter().enumerate() {
            first.push(regions.len() as u32);
            let mut open = all & !mask;
            while open != 0 {
                // Regions in the order of their lowest cell.
                let mut r = open & open.wrapping_neg();
                loop {
                    let mut grown = r;
                    let mut bits = r;
                    while bits != 0 {
                        let c = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        grown |= adjacent[c];
                    }
                    grown &= open;
                    if grown == r {
                        break;
                    }
                    r = grown;
                }
                let id = regions.len() as u32 - first[i];
                let mut bits = r;
                while bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    region_of[i * cells + c] = id as u8;
                }
                regions.push(r);
                open &= !r;
            }
        }
        first.push(regions.len() as u32);
        Arc::new(Self {
            cells,
            k,
            orders: (1..=k as u64).product(),
            masks,
            first,
            regions,
            region_of,
            subsets,
        })
    }

    /// The number of states.
    pub(crate) fn size(&self) -> u64 {
        u64::from(self.first[self.masks.len()]) * self.orders
    }

    /// The colex rank of a map.
    #[inline(always)]
    fn map_rank(&self, mask: u32) -> usize {
        self.subsets.rank(u64::from(mask)) as usize
    }

    /// The rank of the state with tile `j` of the pattern in cell `p[j]`
    /// and the blank in cell `blank` (free).
    #[inline(always)]
    pub(crate) fn rank(&self, p: &[u8], blank: u8) -> u64 {
        let mask = p.iter().fold(0u32, |m, &c| m | 1 << c);
        let map = self.map_rank(mask);
        let mut order = [0u8; MAX_CELLS];
        for (o, &c) in order.iter_mut().zip(p) {
            *o = (mask & ((1u32 << c) - 1)).count_ones() as u8;
        }
        let region = u64::from(self.region_of[map * self.cells + usize::from(blank)]);
        let class = u64::from(self.first[map]) + region;
        class * self.orders + rank::placement_rank(self.k, &order[..self.k])
    }

    /// The state of `rank`: the tiles' cells into `p`, and the map and the
    /// blank's region (as masks).
    #[inline(always)]
    pub(crate) fn unrank(&self, rank: u64, p: &mut [u8]) -> (u32, u32) {
        let class = (rank / self.orders) as u32;
        let order = rank % self.orders;
        let map = self.first.partition_point(|&f| f <= class) - 1;
        let mask = self.masks[map];
        let region = self.regions[class as usize];
        // The map's cells in order, then each tile's by its place.
        let mut cells = [0u8; MAX_CELLS];
        let mut bits = mask;
        for c in cells.iter_mut().take(self.k) {
            *c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
        }
        let mut places = [0u8; MAX_CELLS];
        rank::placement_unrank(self.k, order, &mut places[..self.k]);
        for (dst, &i) in p.iter_mut().zip(&places[..self.k]) {
            *dst = cells[usize::from(i)];
        }
        (mask, region)
    }
}
