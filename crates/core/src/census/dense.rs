//! The census over ranks: a byte a rank (the distances kept, or only
//! the layers' sizes), or two bits a rank for large spaces, through the
//! pattern databases' breadth-first searches.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicU8;

use super::{Census, report};
use crate::budget::Limit;
use crate::meter::{Ctx, Meter};
use crate::pdb::{BuildProgress, PdbError, distances};
use crate::progress::Hook;
use crate::puzzle::ParallelPuzzle;
use crate::ranked::{Ranked, RankedSpace};
use crate::stats::Stats;

/// Each state's distance from a start, by rank: the dense census with the
/// byte a rank it fills kept
/// ([`Solver::distances_ranked`](crate::Solver::distances_ranked)). A
/// table of distances from a goal (a pattern database over a whole space,
/// Rotation's mask table) is this, from the goal, where moves come in
/// inverse pairs.
#[derive(Clone, PartialEq, Eq)]
pub struct Distances {
    bytes: Vec<u8>,
    pub(crate) census: Census,
}

impl fmt::Debug for Distances {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Distances")
            .field("ranks", &self.bytes.len())
            .field("census", &self.census)
            .finish()
    }
}

impl Distances {
    /// The byte of a rank that the search did not reach (unreachable from
    /// the start, or beyond a budget stop).
    pub const UNREACHED: u8 = u8::MAX;

    /// The distance of the state of rank `rank` from the start: `None`
    /// when it was not reached (or `rank` is out of range).
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Ranked, Solver, Strategy};
    /// /// A line of 5 cells; a token steps left or right.
    /// struct Line;
    /// impl Puzzle for Line {
    ///     type State = u8;
    ///     type Move = i8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(i8, u8)>) {
    ///         if *s > 0 { out.push((-1, s - 1)) }
    ///         if *s < 4 { out.push((1, s + 1)) }
    ///     }
    ///     fn is_goal(&self, _: &u8) -> bool { false }
    /// }
    /// impl Ranked for Line {
    ///     fn space_size(&self) -> u64 { 6 } // rank 5: no state reaches it
    ///     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
    ///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
    /// }
    /// let d = Solver::new(Strategy::bfs()).distances_ranked(&Line, &1)?;
    /// assert_eq!((d.get(0), d.get(1), d.get(4)), (Some(1), Some(0), Some(3)));
    /// assert_eq!((d.get(5), d.get(99)), (None, None));
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn get(&self, rank: u64) -> Option<u8> {
        let i = usize::try_from(rank).ok()?;
        self.bytes.get(i).copied().filter(|&d| d != Self::UNREACHED)
    }

    /// The distances as bytes indexed by rank, [`UNREACHED`](Self::UNREACHED)
    /// where none was found; empty when the census was refused (its
    /// `stopped` says why).
    ///
    /// ```
    /// # use puzzle_search_core::{Puzzle, Ranked, Solver, Strategy};
    /// # struct Ring;
    /// # impl Puzzle for Ring {
    /// #     type State = u8;
    /// #     type Move = u8;
    /// #     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    /// #         out.extend([(0, (s + 3) % 4), (1, (s + 1) % 4)]);
    /// #     }
    /// #     fn is_goal(&self, _: &u8) -> bool { false }
    /// # }
    /// # impl Ranked for Ring {
    /// #     fn space_size(&self) -> u64 { 4 }
    /// #     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
    /// #     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
    /// # }
    /// // `Ring`: 4 cells, a token steps left or right (lines hidden).
    /// let d = Solver::new(Strategy::bfs()).distances_ranked(&Ring, &0)?;
    /// assert_eq!(d.as_bytes(), [0, 1, 2, 1]);
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The bytes of [`as_bytes`](Self::as_bytes), kept without a copy.
    ///
    /// ```
    /// # use puzzle_search_core::{Puzzle, Ranked, Solver, Strategy};
    /// # struct Ring;
    /// # impl Puzzle for Ring {
    /// #     type State = u8;
    /// #     type Move = u8;
    /// #     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    /// #         out.extend([(0, (s + 3) % 4), (1, (s + 1) % 4)]);
    /// #     }
    /// #     fn is_goal(&self, _: &u8) -> bool { false }
    /// # }
    /// # impl Ranked for Ring {
    /// #     fn space_size(&self) -> u64 { 4 }
    /// #     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
    /// #     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
    /// # }
    /// // `Ring`: 4 cells, a token steps left or right (lines hidden).
    /// let table: Vec<u8> = Solver::new(Strategy::bfs()).distances_ranked(&Ring, &2)?.into_bytes();
    /// assert_eq!(table, [2, 1, 0, 1]);
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// The census of the same search: the layer sizes are the histogram of
    /// the bytes.
    ///
    /// ```
    /// # use puzzle_search_core::{Puzzle, Ranked, Solver, Strategy};
    /// # struct Ring;
    /// # impl Puzzle for Ring {
    /// #     type State = u8;
    /// #     type Move = u8;
    /// #     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    /// #         out.extend([(0, (s + 3) % 4), (1, (s + 1) % 4)]);
    /// #     }
    /// #     fn is_goal(&self, _: &u8) -> bool { false }
    /// # }
    /// # impl Ranked for Ring {
    /// #     fn space_size(&self) -> u64 { 4 }
    /// #     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
    /// #     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
    /// # }
    /// // `Ring`: 4 cells, a token steps left or right (lines hidden).
    /// let d = Solver::new(Strategy::bfs()).distances_ranked(&Ring, &0)?;
    /// assert_eq!(d.census().layers, [1, 2, 1]);
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn census(&self) -> &Census {
        &self.census
    }
}

/// The census over ranks, with the distances it fills: an error when the
/// space does not fit it (more than 2^32 ranks, no memory for a byte a
/// rank, or distances past 254). A space of more than `max_states` ranks
/// is refused as a budget stop (`Limit::States`, no bytes).
pub(crate) fn by_rank<P: Ranked + ParallelPuzzle>(
    puzzle: &P,
    start: &P::State,
    ctx: &Ctx<'_>,
    progress: Option<&Hook>,
) -> Result<Distances, PdbError> {
    let size = puzzle.space_size();
    let mut stats = Stats::default();
    if size > 1 << 32 {
        return Err(PdbError::too_large(size));
    }
    if size > ctx.budget.state_cap(1) as u64 {
        // One byte per rank is what this path stores.
        stats.elapsed = ctx.start.elapsed();
        return Ok(Distances {
            bytes: Vec::new(),
            census: Census::new(Vec::new(), Some(Limit::States), stats),
        });
    }
    // The pattern-database search with one goal (the start) and every move
    // costing 1. The frontier holds states, not ranks: a state is ranked
    // once per time it is reached and never unranked. A child buffer per
    // chunk of a frontier.
    let rank = |state: &P::State| puzzle.rank(state);
    let neighbours = |state: &P::State,
                      children: &mut Vec<(P::Move, P::State)>,
                      out: &mut Vec<(P::State, bool)>| {
        children.clear();
        puzzle.successors(state, children);
        out.extend(children.drain(..).map(|(_, c)| (c, true)));
    };
    let mut meter = Meter::new(ctx);
    let (mut layers, mut stopped) = (Vec::new(), None);
    let (dist, _) = distances(
        size,
        vec![start.clone()],
        &rank,
        &neighbours,
        &mut |depth, settled, _| {
            layers.push(settled);
            stats.expanded += settled;
            report(
                progress,
                ctx,
                usize::from(depth),
                settled,
                ctx.nodes() + settled,
            );
            // Budgets are checked between layers: a layer is one bulk step.
            match meter.count_and_check(settled) {
                Ok(()) => ControlFlow::Continue(()),
                Err(stop) => {
                    stopped = Some(stop.limit());
                    ControlFlow::Break(())
                }
            }
        },
    )?;
    meter.flush();
    // `AtomicU8` and `u8` share their layout: this collects in place.
    let mut bytes: Vec<u8> = dist.into_iter().map(AtomicU8::into_inner).collect();
    if stopped.is_some() {
        // The next layer was found in part: not reached, as far as the
        // complete layers tell.
        let last = layers.len().saturating_sub(1) as u8;
        for b in &mut bytes {
            if *b > last {
                *b = Distances::UNREACHED;
            }
        }
    }
    stats.peak_visited = size;
    stats.peak_frontier = layers.iter().copied().max().unwrap_or(0);
    stats.elapsed = ctx.start.elapsed();
    Ok(Distances {
        bytes,
        census: Census::new(layers, stopped, stats),
    })
}

/// The dense census at two bits a rank, for large spaces: the pattern
/// databases' two-bit 0-1 breadth-first search (`pdb::bfs`, proved in
/// `docs/strategies.md`) over the ranks, every move costly, with one key
/// (the table it fills is a byte); children by
/// [`Ranked::successor_ranks`], the layer sizes from its progress reports.
/// No limit of 2^32 ranks: memory is a quarter of a byte a rank.
pub(crate) fn by_two_bits<P: Ranked + ParallelPuzzle>(
    puzzle: &P,
    start: &P::State,
    ctx: &Ctx<'_>,
    progress: Option<&Hook>,
) -> Result<Census, PdbError> {
    let size = puzzle.space_size();
    let mut stats = Stats::default();
    if size > ctx.budget.state_cap(1) as u64 {
        stats.elapsed = ctx.start.elapsed();
        return Ok(Census::new(Vec::new(), Some(Limit::States), stats));
    }
    let space = RankedSpace::unkeyed(puzzle, start);
    let layers = std::sync::Mutex::new(Vec::new());
    let hook = |p: BuildProgress| {
        if p.finished {
            if let Ok(mut l) = layers.lock() {
                l.push(p.layer);
            }
            report(
                progress,
                ctx,
                usize::from(p.depth),
                p.layer,
                ctx.nodes() + p.done,
            );
        }
    };
    let result = crate::pdb::bfs::table(&space, ctx.budget, ctx.start, Some(&hook));
    let layers = layers.into_inner().unwrap_or_default();
    let stopped = match result {
        Ok(_) => None,
        Err(e) => match e.stopped() {
            Some(limit) => Some(limit),
            None => return Err(e),
        },
    };
    stats.expanded = layers.iter().sum();
    stats.peak_visited = size;
    stats.peak_frontier = layers.iter().copied().max().unwrap_or(0);
    stats.elapsed = ctx.start.elapsed();
    Ok(Census::new(layers, stopped, stats))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use crate::Puzzle;
    use crate::census::by_hash;

    /// Bit strings of 20 bits; a move flips one of bits 0-5, 12 or 19
    /// (256 reachable of 2^20 ranks).
    struct Flips;

    impl Puzzle for Flips {
        type State = u32;
        type Move = u8;
        fn successors(&self, s: &u32, out: &mut Vec<(u8, u32)>) {
            for (m, b) in [0, 1, 2, 3, 4, 5, 12, 19].into_iter().enumerate() {
                out.push((m as u8, s ^ 1 << b));
            }
        }
        fn is_goal(&self, _: &u32) -> bool {
            false
        }
    }

    impl Ranked for Flips {
        fn space_size(&self) -> u64 {
            1 << 20
        }
        fn rank(&self, s: &u32) -> u64 {
            u64::from(*s)
        }
        fn unrank(&self, r: u64) -> u32 {
            r as u32
        }
    }

    /// The two-bit path itself (below its threshold, called directly)
    /// against the hash and byte-a-rank paths: binomial layers.
    #[test]
    fn two_bits_equals_hash_and_bytes() {
        let budget = Budget::default().max_states(1 << 30);
        let ctx = Ctx::new(&budget, None);
        for start in [0u32, 0b1010_0110_0011, (1 << 20) - 1] {
            let two = by_two_bits(&Flips, &start, &ctx, None).expect("fits");
            let hash = by_hash(&Flips, &start, &ctx, None);
            let bytes = by_rank(&Flips, &start, &ctx, None).expect("fits").census;
            assert_eq!(two.layers, [1, 8, 28, 56, 70, 56, 28, 8, 1]);
            assert_eq!(two.layers, hash.layers);
            assert_eq!(two.layers, bytes.layers);
            assert_eq!(two.stopped, None);
        }
    }

    /// Bit strings of 16 bits, a move flipping any one: every string
    /// reached, binomial layers, moves their own inverses.
    struct Hypercube;

    impl Puzzle for Hypercube {
        type State = u32;
        type Move = u8;
        fn successors(&self, s: &u32, out: &mut Vec<(u8, u32)>) {
            out.extend((0..16).map(|b| (b as u8, s ^ 1 << b)));
        }
        fn is_goal(&self, _: &u32) -> bool {
            false
        }
    }

    impl Ranked for Hypercube {
        fn space_size(&self) -> u64 {
            1 << 16
        }
        fn rank(&self, s: &u32) -> u64 {
            u64::from(*s)
        }
        fn unrank(&self, r: u64) -> u32 {
            r as u32
        }
        fn reversible(&self) -> bool {
            true
        }
    }

    /// Reversible moves: the two-bit census takes its last layers
    /// bottom-up (from layer 9 on, each larger than what is left after
    /// it) and counts the binomial layers all the same.
    #[test]
    fn bottom_up_layers_equal_the_binomials() {
        let budget = Budget::default().max_states(1 << 30);
        let ctx = Ctx::new(&budget, None);
        let two = by_two_bits(&Hypercube, &0b1011, &ctx, None).expect("fits");
        let binomials: Vec<u64> = (0..=16u64)
            .map(|k| (0..k).fold(1, |c, i| c * (16 - i) / (i + 1)))
            .collect();
        assert_eq!(two.layers, binomials);
        assert_eq!(two.layers, by_hash(&Hypercube, &0b1011, &ctx, None).layers);
    }
}
