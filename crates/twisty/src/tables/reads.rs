//! How often each table read of the in-place search cuts a child: the
//! figures `--stats` prints for a position, by which the tables and their
//! order are chosen.

use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Counter shards: a thread adds to its own (by a number it draws once),
/// so two threads counting never contend for a cache line.
const SHARDS: usize = 16;

/// Counters a shard's padding: 128 bytes (the adjacent-line prefetcher
/// pairs 64-byte lines).
const LINE: usize = 16;

/// Counters a stage: reads, cuts, nodes settled by their own entry.
const COUNTS: usize = 3;

/// The next shard a thread that first counts draws.
static NEXT: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// This thread's shard.
    static SHARD: usize = NEXT.fetch_add(1, Relaxed) % SHARDS;
}

/// Reads and cuts per stage, sharded by thread.
#[derive(Debug)]
pub(crate) struct Tally {
    /// Counters a shard: [`COUNTS`] a stage, rounded up to whole padded
    /// lines.
    stride: usize,
    counts: Box<[AtomicU64]>,
}

impl Tally {
    /// Counters for `stages` stages, all zero.
    pub(crate) fn new(stages: usize) -> Self {
        // A line of padding before each shard, so that shards never share
        // one whatever the allocation's alignment.
        let stride = (COUNTS * stages).div_ceil(LINE) * LINE + LINE;
        Tally {
            stride,
            counts: (0..SHARDS * stride).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Adds `reads` children read and `cuts` of them cut at `stage`, and
    /// one node whose stage was settled by its own entry if `settled`.
    #[inline]
    pub(crate) fn add(&self, stage: usize, reads: u64, cuts: u64, settled: bool) {
        let at = SHARD.with(|s| *s) * self.stride + LINE + COUNTS * stage;
        self.counts[at].fetch_add(reads, Relaxed);
        self.counts[at + 1].fetch_add(cuts, Relaxed);
        if settled {
            self.counts[at + 2].fetch_add(1, Relaxed);
        }
    }

    /// The reads, cuts and settled nodes at `stage` since the last take,
    /// set back to zero.
    pub(crate) fn take(&self, stage: usize) -> (u64, u64, u64) {
        (0..SHARDS).fold((0, 0, 0), |(r, c, n), shard| {
            let at = shard * self.stride + LINE + COUNTS * stage;
            (
                r + self.counts[at].swap(0, Relaxed),
                c + self.counts[at + 1].swap(0, Relaxed),
                n + self.counts[at + 2].swap(0, Relaxed),
            )
        })
    }
}

/// One table read at one conjugate of the position (or of its inverse):
/// how many children it was read for in the in-place search and how many
/// of them it cut ([`OrbitBound::take_reads`](crate::OrbitBound::take_reads)).
///
/// A stage is read only for the children the stages before it kept, so
/// its cut rate is of those.
///
/// ```
/// use puzzle_search_core::{Budget, MakeUnmake, Solver, Strategy};
/// use puzzle_twisty::{Moves, OrbitBound, Twisty};
/// let def = puzzle_twisty::Definition::parse("Set P 4 3\nSolved\nP\n1 2 3 4\nEnd\nMove T\nP\n2 3 1 4\n1 1 1 0\nEnd\nMove S\nP\n1 2 4 3\nEnd\n")?;
/// let plain = Twisty::new(def.clone(), Moves::all(&def)?);
/// let bound = OrbitBound::build(plain.definition(), plain.moves(), &Budget::default(), None, None)?
///     .count_reads(true);
/// let puzzle = plain.with_bound(bound);
/// let m = |n: &str| puzzle.moves().find(n).expect("a move");
/// let start = [m("T"), m("S"), m("T")].iter().fold(def.solved().clone(), |p, &mv| {
///     p.then(puzzle.moves().get(mv), def.orbits())
/// });
/// let report = Solver::new(Strategy::ida()).solve(MakeUnmake(&puzzle), &start);
/// assert_eq!(report.solution().map(|s| s.len()), Some(3));
/// let reads = puzzle.bound().expect("tables").take_reads();
/// assert!(reads[0].reads > 0 && reads[0].cuts <= reads[0].reads);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TableReads {
    /// The table: its orbit and pieces (`CORNER pieces ff by 48
    /// symmetries`).
    pub table: String,
    /// The symmetry it is read at (0: the position itself).
    pub view: usize,
    /// Whether it is read at the inverse position.
    pub inverse: bool,
    /// Children it was read for.
    pub reads: u64,
    /// Of those, children it cut (their bound over the moves left).
    pub cuts: u64,
    /// Nodes at which it read no child: the node's own entry showed that
    /// none of its children could be cut, or that all were
    /// ([`OrbitBound::settle_by_parent`](crate::OrbitBound::settle_by_parent)).
    pub settled: u64,
}

impl fmt::Display for TableReads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.table)?;
        if self.view != 0 {
            write!(f, ", view {}", self.view)?;
        }
        if self.inverse {
            write!(f, ", inverse")?;
        }
        let rate = 100.0 * self.cuts as f64 / (self.reads.max(1)) as f64;
        write!(f, ": {} reads, {rate:.1}% cut", self.reads)?;
        if self.settled > 0 {
            write!(f, ", {} nodes settled unread", self.settled)?;
        }
        Ok(())
    }
}
