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

use puzzle_search_core::pdb::TableSet;
use puzzle_search_core::rank::Subsets;
use puzzle_search_core::{Budget, Puzzle, Ranked, RankedSpace, input::SplitMix64};

use crate::answer::Answer;
use crate::board::{Board, CENTRE, FULL};
use crate::moves::Move;

/// The number of 8-cell masks, C(24,8).
pub const MASKS: usize = 735_471;

/// The colex ranks of the 8-cell masks (the core's byte tables: three
/// reads a mask), built on first use.
pub(crate) fn subsets() -> &'static Subsets {
    static SUBSETS: OnceLock<Subsets> = OnceLock::new();
    SUBSETS.get_or_init(|| Subsets::new(24, 8).expect("C(24, 8) fits a u32"))
}

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
    subsets().rank_in::<3>(u64::from(mask)) as usize
}

/// The mask of rank `rank` (the inverse of [`rank`]): from the 8th set
/// bit down, the highest position whose binomial still fits.
///
/// ```
/// use puzzle_rotation::pdb::{MASKS, rank, unrank};
/// assert_eq!(unrank(0), 0xFF);
/// assert_eq!(rank(unrank(123_456)), 123_456);
/// assert_eq!(unrank(MASKS - 1), 0xFF_0000);
/// ```
pub fn unrank(rank: usize) -> u32 {
    subsets().unrank(rank as u64) as u32
}

/// Where one number's eight cells are, as a puzzle: the space the
/// [`DistanceTable`] covers (moves `A` to `H` permute the mask; the goal is
/// the centre), numbered by [`rank`] for the core's dense census. Its
/// census from the centre is the table's histogram (tested).
///
/// ```
/// use puzzle_rotation::{CENTRE, pdb::Masks};
/// use puzzle_search_core::{Solver, Strategy};
/// let census = Solver::new(Strategy::bfs()).census_ranked(&Masks, &CENTRE);
/// assert_eq!(census.states(), 735_471);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Masks;

impl Puzzle for Masks {
    type State = u32;
    type Move = Move;
    fn successors(&self, mask: &u32, out: &mut Vec<(Move, u32)>) {
        out.extend(Move::ALL.map(|m| (m, m.permute(*mask))));
    }
    fn is_goal(&self, mask: &u32) -> bool {
        *mask == CENTRE
    }
}

impl Ranked for Masks {
    fn space_size(&self) -> u64 {
        MASKS as u64
    }
    fn rank(&self, mask: &u32) -> u64 {
        rank(*mask) as u64
    }
    fn unrank(&self, r: u64) -> u32 {
        unrank(r as usize)
    }
    fn successor_ranks(&self, r: u64, out: &mut dyn FnMut(u64)) {
        let mask = unrank(r as usize);
        for m in Move::ALL {
            out(rank(m.permute(mask)) as u64);
        }
    }
    fn reversible(&self) -> bool {
        // A and F, B and E, C and H, D and G turn one line opposite ways.
        true
    }
}

/// The distance table: for each 8-cell mask, the fewest moves that bring
/// those cells onto the centre.
pub struct DistanceTable {
    dist: Box<[u8]>,
    build_time: Duration,
}

impl std::fmt::Debug for DistanceTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DistanceTable")
            .field("masks", &self.dist.len())
            .field("build_time", &self.build_time)
            .finish()
    }
}

impl DistanceTable {
    /// Builds the table as every table is built: a pattern database over
    /// [`Masks`] seen as an abstraction of itself
    /// ([`RankedSpace`]), by the core's
    /// breadth-first search from the centre ([`TableSet`]), each layer
    /// shared between threads with the `parallel` feature. Moves come in
    /// inverse pairs, so distances from the centre equal distances to it.
    /// The entries are then widened to a byte a mask, for look-ups of one
    /// read.
    ///
    /// ```
    /// use puzzle_rotation::{CENTRE, pdb::DistanceTable};
    /// let table = DistanceTable::build(); // about 50 ms; `pdb::table()` keeps one
    /// assert_eq!(table.distance(CENTRE), 0);
    /// ```
    pub fn build() -> Self {
        let start = Instant::now();
        let space = RankedSpace::new(&Masks, "rotation masks of eight cells", &[CENTRE]);
        let table = TableSet::new(&Budget::default())
            .table(&space, 0)
            // 735,471 ranks, distances under 20, no budget: cannot fail
            // but for memory, which a `vec!` of the same size aborts on.
            .expect("the mask space fits two bits a rank");
        Self {
            dist: (0..MASKS as u64).map(|r| table.get(r)).collect(),
            build_time: start.elapsed(),
        }
    }

    /// The fewest moves that bring the eight cells of `mask` onto the centre.
    ///
    /// ```
    /// use puzzle_rotation::{Board, CENTRE, pdb};
    /// let table = pdb::table();
    /// assert_eq!(table.distance(CENTRE), 0);
    /// assert_eq!(table.distance(puzzle_rotation::Move::A.permute(CENTRE)), 1);
    /// ```
    #[inline]
    pub fn distance(&self, mask: u32) -> u8 {
        self.dist[rank(mask)]
    }

    /// The raw table, indexed by [`rank`].
    ///
    /// ```
    /// use puzzle_rotation::{Board, CENTRE, pdb};
    /// let table = pdb::table();
    /// assert_eq!(table.distances().iter().filter(|&&d| d == 0).count(), 1);
    /// ```
    pub fn distances(&self) -> &[u8] {
        &self.dist
    }

    /// How long [`build`](Self::build) took.
    ///
    /// ```
    /// use puzzle_rotation::{Board, CENTRE, pdb};
    /// let table = pdb::table();
    /// assert!(table.build_time() > std::time::Duration::ZERO);
    /// ```
    pub fn build_time(&self) -> Duration {
        self.build_time
    }

    /// The optimal depth of a board with eight of each number, or `None`
    /// for any other board.
    ///
    /// ```
    /// use puzzle_rotation::{Board, CENTRE, pdb};
    /// let table = pdb::table();
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// assert_eq!(table.depth(&board), Some(2));
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
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
    ///
    /// ```
    /// use puzzle_rotation::{Board, CENTRE, pdb};
    /// let table = pdb::table();
    /// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
    /// assert_eq!(table.solve(&board).map(|a| a.to_string()), Some("AC\n2".to_string()));
    /// # Ok::<(), puzzle_rotation::ParseError>(())
    /// ```
    pub fn solve(&self, board: &Board) -> Option<Answer> {
        if !board.has_eight_of_each() {
            return None;
        }
        let mut masks = [0, 1, 2].map(|k| board.mask(k));
        let mut dists = masks.map(|m| self.distance(m));
        let mut depth = dists.into_iter().min().unwrap_or(0);
        let mut moves = Vec::with_capacity(usize::from(depth));
        while depth > 0 {
            // A move lowers the board's depth only by lowering a number
            // that is `depth` away: one farther can only come down to
            // `depth`. So only those masks are tried, one lookup a move.
            let lowers = |m: Move| {
                (0..3).any(|k| dists[k] == depth && self.distance(m.permute(masks[k])) + 1 == depth)
            };
            // Some move always lowers it: the first of a shortest solution.
            let m = Move::ALL.into_iter().find(|&m| lowers(m))?;
            masks = masks.map(|mask| m.permute(mask));
            dists = masks.map(|mask| self.distance(mask));
            moves.push(m);
            depth -= 1;
        }
        let centre = (0..3).find(|&k| masks[k] == CENTRE)? as u8 + 1;
        Some(Answer { moves, centre })
    }
}

impl DistanceTable {
    /// Up to `limit` boards (eight of each number) whose optimal depth is
    /// at least `min_depth`, in a fixed order.
    ///
    /// All three masks of such a board are at least `min_depth` from the
    /// centre, so the search pairs only masks that far out: the 192 boards
    /// of depth 13 are found in milliseconds, where random sampling would
    /// need about fifty million tries per board.
    ///
    /// ```
    /// use puzzle_rotation::{Board, CENTRE, pdb};
    /// let table = pdb::table();
    /// let deepest = table.deep_boards(13, 3);
    /// assert_eq!(deepest.len(), 3);
    /// assert!(deepest.iter().all(|b| table.depth(b) == Some(13)));
    /// ```
    pub fn deep_boards(&self, min_depth: u32, limit: usize) -> Vec<Board> {
        let far = |mask: u32| u32::from(self.distance(mask)) >= min_depth;
        let mut out = Vec::new();
        let mut first: u32 = 0xFF;
        while first <= FULL && out.len() < limit {
            if far(first) {
                let free = FULL & !first;
                // Every 8-cell choice among the 16 free cells.
                let mut choice: u32 = 0xFF;
                while choice < 1 << 16 && out.len() < limit {
                    let second = deposit(choice, free);
                    if far(second) && far(free ^ second) {
                        out.extend(Board::from_masks([first, second, free ^ second]));
                    }
                    choice = next_mask(choice);
                }
            }
            first = next_mask(first);
        }
        out
    }
}

impl DistanceTable {
    /// `count` seeded boards of optimal depth exactly `depth`, fewer if
    /// fewer exist. Depths up to 12 are drawn at random (uniform among the
    /// boards of that depth); deeper ones come from
    /// [`deep_boards`](Self::deep_boards), shuffled by `rng`.
    ///
    /// ```
    /// use puzzle_rotation::{Board, CENTRE, pdb};
    /// let table = pdb::table();
    /// use puzzle_search_core::input::SplitMix64;
    /// let boards = table.boards_of_depth(5, 4, &mut SplitMix64::new(1));
    /// assert!(boards.len() == 4 && boards.iter().all(|b| table.depth(b) == Some(5)));
    /// ```
    pub fn boards_of_depth(&self, depth: u32, count: usize, rng: &mut SplitMix64) -> Vec<Board> {
        if depth >= 13 {
            let mut deep: Vec<Board> = self
                .deep_boards(depth, usize::MAX)
                .into_iter()
                .filter(|b| self.depth(b) == Some(depth))
                .collect();
            rng.shuffle(&mut deep);
            deep.truncate(count);
            return deep;
        }
        // Grown as boards are found: `count` may be far more than memory.
        let mut out = Vec::with_capacity(count.min(1 << 16));
        while out.len() < count {
            let board = Board::random(rng);
            if self.depth(&board) == Some(depth) {
                out.push(board);
            }
        }
        out
    }
}

/// The cells of `within` picked by the bits of `choice` (bit `i` picks the
/// `i`-th lowest cell of `within`).
pub(crate) fn deposit(choice: u32, within: u32) -> u32 {
    let mut out = 0;
    let mut rest = within;
    let mut i = 0;
    while rest != 0 {
        let cell = rest & rest.wrapping_neg();
        if choice >> i & 1 == 1 {
            out |= cell;
        }
        rest &= rest - 1;
        i += 1;
    }
    out
}

/// The next larger mask with as many bits set (Gosper's hack).
pub(crate) fn next_mask(mask: u32) -> u32 {
    let low = mask & mask.wrapping_neg();
    let up = mask + low;
    (((up ^ mask) >> 2) / low) | up
}

/// The process-wide table, built on first use (thread-safe, once).
///
/// ```
/// use puzzle_rotation::{Board, pdb};
/// let table = pdb::table(); // about 40 ms the first time, then shared
/// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
/// assert_eq!(table.depth(&board), Some(2));
/// # Ok::<(), puzzle_rotation::ParseError>(())
/// ```
pub fn table() -> &'static DistanceTable {
    static TABLE: OnceLock<DistanceTable> = OnceLock::new();
    TABLE.get_or_init(DistanceTable::build)
}

/// [`DistanceTable::solve`] on the process-wide [`table`].
///
/// ```
/// use puzzle_rotation::{Board, pdb};
/// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
/// assert_eq!(pdb::solve(&board).map(|a| a.moves.len()), Some(2));
/// # Ok::<(), puzzle_rotation::ParseError>(())
/// ```
pub fn solve(board: &Board) -> Option<Answer> {
    table().solve(board)
}

/// [`DistanceTable::depth`] on the process-wide [`table`].
///
/// ```
/// use puzzle_rotation::{Board, pdb};
/// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
/// assert_eq!(pdb::depth(&board), Some(2));
/// # Ok::<(), puzzle_rotation::ParseError>(())
/// ```
pub fn depth(board: &Board) -> Option<u32> {
    table().depth(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The combinatorial number system spelt out: C(place, j) over the
    /// set bits, the j-th from 1.
    fn rank_slow(mask: u32) -> usize {
        let mut r = 0;
        let mut j = 0;
        for i in 0..24 {
            if mask >> i & 1 == 1 {
                j += 1;
                r += puzzle_search_core::rank::binomial(i, j).expect("small");
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
            mask = next_mask(mask);
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
