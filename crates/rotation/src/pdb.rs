//! The exact solver: one distance table over the placements of a number.
//!
//! Where the eight cells of one number are is a 24-bit mask with eight bits
//! set; there are C(24,8) = 735,471 of them. Moves act on a mask alone, so
//! the fewest moves that bring number `k` into the centre depend only on
//! `k`'s mask, and one table, filled by BFS from the centre mask, serves
//! all three numbers. A board's optimal depth is the least of its three
//! entries, and walking down the table (each step the smallest move that
//! lowers that least entry) gives the lexicographically smallest shortest
//! sequence: every move that lowers it starts some shortest solution.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::answer::Answer;
use crate::board::{Board, CENTRE};
use crate::moves::Move;

/// The number of 8-cell masks, C(24,8).
pub const MASKS: usize = 735_471;

/// `BINOMIAL[n][r]` = C(n, r) for `n < 25`, `r <= 8`.
const BINOMIAL: [[u32; 9]; 25] = {
    let mut t = [[0u32; 9]; 25];
    let mut n = 0;
    while n < 25 {
        t[n][0] = 1;
        let mut r = 1;
        while r < 9 {
            t[n][r] = if n == 0 {
                0
            } else {
                t[n - 1][r - 1] + t[n - 1][r]
            };
            r += 1;
        }
        n += 1;
    }
    t
};

/// `RANK[k][before][b]`: what byte `k` holding bits `b` adds to the rank
/// when `before` bits are set below it. Three lookups rank a mask.
static RANK: [[[u32; 256]; 9]; 3] = {
    let mut t = [[[0u32; 256]; 9]; 3];
    let mut k = 0;
    while k < 3 {
        let mut before = 0;
        while before < 9 {
            let mut b = 0;
            while b < 256 {
                let mut sum = 0;
                let mut j = before;
                let mut i = 0;
                while i < 8 {
                    if b & (1 << i) != 0 {
                        j += 1;
                        if j <= 8 {
                            sum += BINOMIAL[8 * k + i][j];
                        }
                    }
                    i += 1;
                }
                t[k][before][b] = sum;
                b += 1;
            }
            before += 1;
        }
        k += 1;
    }
    t
};

/// The position of an 8-cell mask in `0..MASKS` (combinatorial number
/// system: the sum of C(position, j) over its set bits, the j-th from 1).
///
/// ```
/// use puzzle_rotation::pdb::{MASKS, rank};
/// assert_eq!(rank(0xFF), 0);
/// assert_eq!(rank(0xFF_0000), MASKS - 1);
/// ```
#[inline]
pub fn rank(mask: u32) -> usize {
    debug_assert_eq!(mask.count_ones(), 8, "rank takes masks of eight cells");
    let b0 = mask & 0xFF;
    let b1 = (mask >> 8) & 0xFF;
    let b2 = (mask >> 16) & 0xFF;
    let c0 = b0.count_ones() as usize;
    let c1 = (c0 + b1.count_ones() as usize).min(8);
    (RANK[0][0][b0 as usize] + RANK[1][c0][b1 as usize] + RANK[2][c1][b2 as usize]) as usize
}

/// The distance table: for each 8-cell mask, the fewest moves that bring
/// those cells onto the centre.
pub struct DistanceTable {
    dist: Box<[u8]>,
    build_time: Duration,
}

impl DistanceTable {
    /// Fills the table by BFS from the centre mask. Moves come in inverse
    /// pairs, so distances from the centre equal distances to it.
    pub fn build() -> Self {
        let start = Instant::now();
        let mut dist = vec![u8::MAX; MASKS].into_boxed_slice();
        // A visited bitset (92 KB) stays in cache where the byte table does not.
        let mut seen = vec![0u64; MASKS.div_ceil(64)];
        let mut queue = Vec::with_capacity(MASKS);
        let centre = rank(CENTRE);
        dist[centre] = 0;
        seen[centre / 64] |= 1 << (centre % 64);
        queue.push(CENTRE);
        let mut head = 0;
        let mut layer_end = 1;
        let mut depth = 0u8;
        while let Some(&mask) = queue.get(head) {
            if head == layer_end {
                depth += 1;
                layer_end = queue.len();
            }
            head += 1;
            for m in Move::ALL {
                let to = m.permute(mask);
                let r = rank(to);
                let (word, bit) = (r / 64, 1u64 << (r % 64));
                if seen[word] & bit == 0 {
                    seen[word] |= bit;
                    dist[r] = depth + 1;
                    queue.push(to);
                }
            }
        }
        Self {
            dist,
            build_time: start.elapsed(),
        }
    }

    /// The fewest moves that bring the eight cells of `mask` onto the centre.
    #[inline]
    pub fn distance(&self, mask: u32) -> u8 {
        self.dist[rank(mask)]
    }

    /// The raw table, indexed by [`rank`].
    pub fn distances(&self) -> &[u8] {
        &self.dist
    }

    /// How long [`build`](Self::build) took.
    pub fn build_time(&self) -> Duration {
        self.build_time
    }

    /// The optimal depth of a board with eight of each number, or `None`
    /// for any other board.
    #[inline]
    pub fn depth(&self, board: &Board) -> Option<u32> {
        board
            .has_eight_of_each()
            .then(|| self.depth_unchecked(board))
    }

    #[inline]
    fn depth_unchecked(&self, board: &Board) -> u32 {
        let d = (0..3)
            .map(|k| self.distance(board.mask(k)))
            .min()
            .unwrap_or(u8::MAX);
        u32::from(d)
    }

    /// The lexicographically smallest shortest solution of a board with
    /// eight of each number, or `None` for any other board.
    pub fn solve(&self, board: &Board) -> Option<Answer> {
        let mut depth = self.depth(board)?;
        let mut at = *board;
        let mut moves = Vec::with_capacity(depth as usize);
        while depth > 0 {
            // Some move always lowers the depth by one: the first move of
            // a shortest solution.
            let (m, next) = Move::ALL
                .into_iter()
                .map(|m| (m, at.apply(m)))
                .find(|(_, next)| self.depth_unchecked(next) + 1 == depth)?;
            moves.push(m);
            at = next;
            depth -= 1;
        }
        at.centre_number().map(|centre| Answer { moves, centre })
    }
}

/// The process-wide table, built on first use (thread-safe, once).
pub fn table() -> &'static DistanceTable {
    static TABLE: OnceLock<DistanceTable> = OnceLock::new();
    TABLE.get_or_init(DistanceTable::build)
}

/// [`DistanceTable::solve`] on the process-wide [`table`].
pub fn solve(board: &Board) -> Option<Answer> {
    table().solve(board)
}

/// [`DistanceTable::depth`] on the process-wide [`table`].
pub fn depth(board: &Board) -> Option<u32> {
    table().depth(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rank_slow(mask: u32) -> usize {
        let mut r = 0;
        let mut j = 0;
        for (i, row) in BINOMIAL.iter().enumerate().take(24) {
            if mask >> i & 1 == 1 {
                j += 1;
                r += row[j];
            }
        }
        r as usize
    }

    #[test]
    fn rank_is_a_bijection_onto_0_to_masks() {
        let mut seen = vec![false; MASKS];
        let mut mask: u32 = 0xFF;
        while mask < 1 << 24 {
            let r = rank(mask);
            assert_eq!(r, rank_slow(mask));
            assert!(!seen[r], "rank {r} twice");
            seen[r] = true;
            // Gosper's hack: the next mask with as many bits.
            let c = mask & mask.wrapping_neg();
            let up = mask + c;
            mask = (((up ^ mask) >> 2) / c) | up;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn table_is_complete_and_the_centre_is_zero() {
        let t = table();
        assert_eq!(t.distance(CENTRE), 0);
        assert!(t.distances().iter().all(|&d| d < u8::MAX));
        assert_eq!(t.distances().iter().filter(|&&d| d == 0).count(), 1);
        // One move from the centre: each move swaps one centre cell out.
        assert_eq!(t.distance(Move::A.permute(CENTRE)), 1);
    }
}
