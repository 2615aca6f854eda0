//! A lower bound on the moves that empty a board, from how far blocks of
//! one colour stand apart (the "gathering" bound).
//!
//! # Why it holds
//! A move shifts blocks sideways by one column at most, and at most one
//! block of each colour (a swap of two blocks of one colour changes
//! nothing; a swap of two colours shifts one block of each; a move into an
//! empty cell shifts one block). Falling and clearing never change a
//! block's column. A block vanishes only in a run of three or more, so
//! with two other blocks of its colour it must at some point stand in one
//! column (a vertical run) or in three neighbouring columns (a window of a
//! horizontal run). Rows are ignored, which only lowers the count. So if a
//! block `b` of colour `c` needs `cost(b)` column steps, summed over `b`
//! and two other blocks of `c`, to reach the cheapest such formation, the
//! blocks of `c` must shift `B_c = max_b cost(b)` steps in all, and each
//! move gives colour `c` one step at most: at least `B_c` moves. Each move
//! gives two steps at most over all colours, so at least
//! `ceil(sum_c B_c / 2)` moves. The bound is the larger of the two, and a
//! colour with one or two blocks can never vanish (a dead end).
//!
//! # How it is computed
//! Only the number of blocks of a colour per column matters, and a
//! formation uses three blocks, so counts are capped at 3: a colour's
//! pattern is two bits per column. For boards up to [`GATHER_WIDTH`]
//! columns a table of `B_c` per pattern (4^width bytes) is built on first
//! use; a look-up per colour present then gives the bound.

use crate::Column;

/// The widest board [`gather_bound`] has a table for (4^8 one-byte
/// entries; the tables are built by the crate's build script). Wider
/// boards get only the one-or-two-blocks dead-end test.
pub const GATHER_WIDTH: usize = 8;

/// A table entry for a pattern no formation exists for (1 or 2 blocks).
const NEVER: u8 = u8::MAX;

/// The tables by width (3 to [`GATHER_WIDTH`]), from `build.rs`.
static TABLES: [&[u8]; GATHER_WIDTH + 1] = [
    &[],
    &[],
    &[],
    include_bytes!(concat!(env!("OUT_DIR"), "/gather3.bin")),
    include_bytes!(concat!(env!("OUT_DIR"), "/gather4.bin")),
    include_bytes!(concat!(env!("OUT_DIR"), "/gather5.bin")),
    include_bytes!(concat!(env!("OUT_DIR"), "/gather6.bin")),
    include_bytes!(concat!(env!("OUT_DIR"), "/gather7.bin")),
    include_bytes!(concat!(env!("OUT_DIR"), "/gather8.bin")),
];

/// The gathering bound of a settled or unsettled board (see the module
/// docs): `None` when some colour has one or two blocks (the board can
/// never be emptied), else a number of moves the board needs at least.
/// Boards wider than [`GATHER_WIDTH`] get `Some(0)` or `None`.
///
/// ```
/// use puzzle_gravity::gather_bound;
/// // Three 1s on the floor of columns 0, 2 and 4: the cheapest formation
/// // (columns 1, 2, 3) needs two steps.
/// assert_eq!(gather_bound(&[0x1u32, 0, 0x1, 0, 0x1]), Some(2));
/// // Two 1s can never vanish.
/// assert_eq!(gather_bound(&[0x1u32, 0, 0x1, 0, 0]), None);
/// assert_eq!(gather_bound::<u32>(&[0, 0, 0, 0, 0]), Some(0));
/// ```
pub fn gather_bound<C: Column>(cols: &[C]) -> Option<u32> {
    let w = cols.len();
    // Per colour, two bits per column: blocks in that column, capped at 3.
    let mut pattern = [0u32; 16];
    let mut present = 0u16;
    for (x, &c) in cols.iter().enumerate() {
        let shift = 2 * x as u32;
        let mut rest = c;
        while rest != C::ZERO {
            let v = rest.low_nibble();
            rest = rest >> 4;
            if v == 0 {
                continue;
            }
            present |= 1 << v;
            if (pattern[v] >> shift) & 3 != 3 {
                pattern[v] += 1 << shift;
            }
        }
    }
    if !(3..=GATHER_WIDTH).contains(&w) {
        let stranded = (1..16).any(|v| present >> v & 1 == 1 && total(pattern[v]) < 3);
        return if stranded { None } else { Some(0) };
    }
    let table = TABLES[w];
    let (mut max, mut sum) = (0u32, 0u32);
    let mut rest = present;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let b = table[pattern[v] as usize];
        if b == NEVER {
            return None;
        }
        max = max.max(u32::from(b));
        sum += u32::from(b);
    }
    Some(max.max(sum.div_ceil(2)))
}

/// The blocks a pattern counts (capped per column, so exact below 3).
fn total(pattern: u32) -> u32 {
    (0..16).map(|x| pattern >> (2 * x) & 3).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    // A plain enumeration, independent of the build script's.
    /// `B_c` for every pattern of a board `w` columns wide.
    fn build_plain(w: usize) -> Box<[u8]> {
        (0..1usize << (2 * w))
            .map(|p| {
                let counts: Vec<u32> = (0..w).map(|x| (p >> (2 * x) & 3) as u32).collect();
                colour_bound(&counts)
            })
            .collect()
    }

    /// `max_b cost(b)` over the blocks of one colour, its per-column counts
    /// given; [`NEVER`] for one or two blocks.
    fn colour_bound(counts: &[u32]) -> u8 {
        let n: u32 = counts.iter().sum();
        if n == 0 {
            return 0;
        }
        if n < 3 {
            return NEVER;
        }
        let w = counts.len();
        let mut worst = 0;
        for x in 0..w {
            if counts[x] == 0 {
                continue;
            }
            let mut others = counts.to_vec();
            others[x] -= 1;
            let mut best = u32::MAX;
            // A vertical run in column t: b and the two others nearest to t.
            for t in 0..w {
                best = best.min(x.abs_diff(t) as u32 + nearest_two(&others, t));
            }
            // A horizontal window a..a+3, b in slot s, the others in the rest.
            for a in 0..w - 2 {
                for s in 0..3 {
                    let slots: Vec<usize> = (0..3).filter(|&i| i != s).map(|i| a + i).collect();
                    let cost = x.abs_diff(a + s) as u32 + pair_cost(&others, slots[0], slots[1]);
                    best = best.min(cost);
                }
            }
            worst = worst.max(best);
        }
        worst.min(u32::from(NEVER - 1)) as u8
    }

    /// The summed distance from column `t` of the two blocks nearest to it.
    fn nearest_two(counts: &[u32], t: usize) -> u32 {
        let mut blocks: Vec<u32> = Vec::new();
        for (x, &n) in counts.iter().enumerate() {
            blocks.extend(std::iter::repeat_n(x.abs_diff(t) as u32, n as usize));
        }
        blocks.sort_unstable();
        blocks.iter().take(2).sum()
    }

    /// The cheapest way to bring two distinct blocks to columns `u` and `v`.
    fn pair_cost(counts: &[u32], u: usize, v: usize) -> u32 {
        let w = counts.len();
        let mut best = u32::MAX;
        for i in 0..w {
            for j in 0..w {
                let enough = if i == j {
                    counts[i] >= 2
                } else {
                    counts[i] >= 1 && counts[j] >= 1
                };
                if enough {
                    best = best.min((i.abs_diff(u) + j.abs_diff(v)) as u32);
                }
            }
        }
        best
    }

    #[test]
    fn formations() {
        // Counts per column -> bound.
        assert_eq!(colour_bound(&[3, 0, 0, 0, 0]), 0);
        assert_eq!(colour_bound(&[1, 1, 1, 0, 0]), 0);
        assert_eq!(colour_bound(&[2, 1, 0, 0, 0]), 1);
        assert_eq!(colour_bound(&[1, 0, 1, 0, 1]), 2);
        assert_eq!(colour_bound(&[3, 0, 1, 0, 2]), 1);
        // A cheap triple on the left does not help the pair on the right:
        // one of them must reach column 3 and a block of column 0 column 2.
        assert_eq!(colour_bound(&[3, 0, 0, 0, 2]), 3);
        assert_eq!(colour_bound(&[1, 1, 0, 0, 0]), NEVER);
    }

    #[test]
    fn built_tables_match_the_plain_enumeration() {
        for (w, table) in TABLES.iter().enumerate().take(7).skip(3) {
            assert_eq!(*table, &*build_plain(w), "width {w}");
        }
        // Width 7 and 8: every 37th pattern.
        for (w, table) in TABLES.iter().enumerate().skip(7) {
            for p in (0..1usize << (2 * w)).step_by(37) {
                let counts: Vec<u32> = (0..w).map(|x| (p >> (2 * x) & 3) as u32).collect();
                assert_eq!(table[p], colour_bound(&counts), "width {w} pattern {p:#x}");
            }
        }
    }
}
