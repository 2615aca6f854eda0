//! The exact distribution of optimal depths over every board.
//!
//! There are 24! / (8!)^3 = 9,465,511,770 boards with eight of each number.
//! A board's depth is the least of its three masks' table entries, and it
//! does not change when the numbers are renamed. So the census counts each
//! unordered split of the cells into three 8-cell sets once, choosing the
//! set holding cell 0 as the first and the set holding the lowest remaining
//! cell as the second, and multiplies by the 3! = 6 namings. That leaves
//! 245,157 first sets times 6,435 second sets: about 1.58 billion table
//! look-up triples, shared between threads by first set.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::board::FULL;
use crate::pdb::{DistanceTable, next_mask, table};

/// The boards with eight of each number: 24! / (8!)^3.
pub const BOARDS: u64 = 9_465_511_770;

/// The census result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// `counts[d]`: how many boards need exactly `d` moves.
    pub counts: Vec<u64>,
    /// The time it took, the table's build included.
    pub elapsed: Duration,
}

impl Census {
    /// The largest optimal depth of any board: the game's God's number.
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzle_rotation::census::Census;
    /// let census = Census { counts: vec![1, 16, 0, 5], elapsed: Duration::ZERO };
    /// assert_eq!(census.gods_number(), 3);
    /// ```
    pub fn gods_number(&self) -> usize {
        self.counts.iter().rposition(|&c| c > 0).unwrap_or(0)
    }

    /// All boards counted (equals [`BOARDS`] for a full census).
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzle_rotation::census::Census;
    /// let census = Census { counts: vec![1, 16, 5], elapsed: Duration::ZERO };
    /// assert_eq!(census.total(), 22);
    /// ```
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// The 8-cell masks that hold cell 0, in increasing order.
fn first_sets() -> Vec<u32> {
    let mut out = Vec::with_capacity(245_157);
    let mut mask: u32 = 0xFF;
    while mask <= FULL {
        if mask & 1 == 1 {
            out.push(mask);
        }
        mask = next_mask(mask);
    }
    out
}

/// The 16-bit masks with eight bits set including bit 0: the second set,
/// as a choice among the sixteen cells the first set leaves.
fn second_choices() -> Vec<u16> {
    (0u32..1 << 16)
        .filter(|s| s & 1 == 1 && s.count_ones() == 8)
        .map(|s| s as u16)
        .collect()
}

/// Adds the boards whose first set is `first` to `counts`, once per
/// unordered split.
fn count_first(table: &DistanceTable, first: u32, choices: &[u16], counts: &mut [u64; 32]) {
    let free = FULL & !first;
    // deposit[h][b]: the cells picked by byte `b` of a choice among the
    // free cells (low byte: the 8 lowest free cells, high byte: the rest).
    let mut cells = [0u32; 16];
    let mut rest = free;
    for c in &mut cells {
        *c = rest & rest.wrapping_neg();
        rest &= rest - 1;
    }
    let mut deposit = [[0u32; 256]; 2];
    for (h, half) in deposit.iter_mut().enumerate() {
        for b in 1..256usize {
            half[b] = half[b & (b - 1)] | cells[8 * h + b.trailing_zeros() as usize];
        }
    }
    let dist = table.distances();
    // The ranks straight from the tables, not through `rank`'s lazy
    // initialisation at each of the 3.2e9 calls.
    let subsets = crate::pdb::subsets();
    let rank = |mask: u32| subsets.rank_in::<3>(u64::from(mask)) as usize;
    let d1 = dist[rank(first)];
    for &s in choices {
        let second = deposit[0][usize::from(s as u8)] | deposit[1][usize::from(s >> 8)];
        let third = free ^ second;
        let d = d1.min(dist[rank(second)]).min(dist[rank(third)]);
        counts[usize::from(d)] += 1;
    }
}

/// Counts every board by optimal depth, calling `progress(done, total)`
/// (first sets finished, of 245,157) now and then from the worker threads.
/// About 10 s on two cores.
///
/// ```no_run
/// use puzzle_rotation::census::census;
/// let result = census(&|done, total| eprintln!("{done} of {total}"));
/// assert_eq!(result.gods_number(), 13);
/// ```
pub fn census(progress: &(dyn Fn(u64, u64) + Sync)) -> Census {
    let start = Instant::now();
    let table = table();
    let firsts = first_sets();
    let choices = second_choices();
    let total = firsts.len() as u64;
    let done = AtomicU64::new(0);
    const CHUNK: usize = 1024;
    let chunk_counts = |chunk: &[u32]| {
        let mut counts = [0u64; 32];
        for &first in chunk {
            count_first(table, first, &choices, &mut counts);
        }
        progress(
            done.fetch_add(chunk.len() as u64, Ordering::Relaxed) + chunk.len() as u64,
            total,
        );
        counts
    };
    let add = |mut a: [u64; 32], b: [u64; 32]| {
        for (x, y) in a.iter_mut().zip(b) {
            *x += y;
        }
        a
    };
    #[cfg(feature = "parallel")]
    let counts = {
        use rayon::prelude::*;
        firsts
            .par_chunks(CHUNK)
            .map(chunk_counts)
            .reduce(|| [0; 32], add)
    };
    #[cfg(not(feature = "parallel"))]
    let counts = firsts.chunks(CHUNK).map(chunk_counts).fold([0; 32], add);

    let mut counts: Vec<u64> = counts.iter().map(|c| c * 6).collect();
    while counts.last() == Some(&0) {
        counts.pop();
    }
    Census {
        counts,
        elapsed: start.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn the_split_enumeration_has_the_right_sizes() {
        assert_eq!(first_sets().len(), 245_157);
        assert_eq!(second_choices().len(), 6_435);
        assert_eq!(245_157 * 6_435 * 6, BOARDS);
    }

    /// For a few first sets, the fast inner loop against boards built one by
    /// one and measured with the table's own depth.
    #[test]
    fn counting_one_first_set_matches_boards_built_directly() {
        let table = table();
        let choices = second_choices();
        for &first in first_sets().iter().step_by(24_511).take(10) {
            let mut fast = [0u64; 32];
            count_first(table, first, &choices, &mut fast);
            let mut slow = [0u64; 32];
            let free = FULL & !first;
            let lowest = free & free.wrapping_neg();
            // Every 8-cell subset of the free cells holding the lowest one.
            let mut second: u32 = 0xFF;
            while second <= FULL {
                if second & free == second && second & lowest != 0 {
                    let board =
                        Board::from_masks([first, second, free ^ second]).expect("a partition");
                    let d = table.depth(&board).expect("eight of each");
                    slow[d as usize] += 1;
                }
                second = next_mask(second);
            }
            assert_eq!(fast, slow, "first set {first:06x}");
            assert_eq!(fast.iter().sum::<u64>(), 6_435);
        }
    }
}
