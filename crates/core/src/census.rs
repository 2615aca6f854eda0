//! The census: how many states lie at each distance from a start, and the
//! farthest distance (God's number of the space, when the start is its
//! goal and moves come in inverse pairs).
//!
//! Two paths. [`Solver::census`](crate::Solver::census) works for any
//! puzzle: a breadth-first search keeping every state seen in a hash set,
//! one layer at a time (each layer's children hashed and looked up on
//! every thread with the `parallel` feature, the new ones merged in the
//! one-thread order). [`Solver::census_ranked`](crate::Solver::census_ranked)
//! is for puzzles that number their states (`Ranked`: a perfect rank onto
//! `0..space_size`): one byte per rank instead of a hash set, the layers
//! expanded in parallel with the `parallel` feature, by the same 0-1
//! breadth-first search that builds pattern databases (`pdb`), every move
//! costing 1.
//!
//! # Why the counts are exact
//! Breadth-first search settles states in order of distance: a state of
//! layer `d + 1` is first seen from a state of layer `d` (its predecessor on
//! a shortest path), never earlier, and is counted once, when first seen.
//! Both paths count that way; a budget stop ends the census after the last
//! complete layer and says so (`Census::stopped`), never as a finished one.

use std::fmt;
use std::hash::BuildHasher;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicU8;

use hashbrown::HashTable;

use crate::budget::Limit;
use crate::meter::{Ctx, Meter};
use crate::pdb::{BuildProgress, PdbError, distances};
use crate::progress::{Hook, Phase, Progress};
use crate::puzzle::{ParallelPuzzle, Puzzle};
use crate::ranked::{Ranked, RankedSpace};
use crate::stats::Stats;

/// Spaces of more ranks than this take the two-bit census of
/// [`Solver::census_ranked`](crate::Solver::census_ranked): a quarter of a
/// byte a rank and no frontier lists, where smaller ones keep a byte a
/// rank and the frontier's states.
///
/// ```
/// assert_eq!(puzzle_search_core::TWO_BIT_RANKS, 1 << 24);
/// ```
pub const TWO_BIT_RANKS: u64 = 1 << 24;

/// The result of a census.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Census {
    /// `layers[d]`: how many states lie exactly `d` moves from the start
    /// (`layers[0] == 1`), for every complete layer.
    pub layers: Vec<u64>,
    /// `Some(limit)` when a budget limit stopped the census: the layers
    /// then stop at the last complete one and more may lie beyond.
    pub stopped: Option<Limit>,
    /// What the census did: nodes expanded, the states it kept, the time.
    pub stats: Stats,
    /// A census by symmetry class
    /// ([`Solver::census_classes`](crate::Solver::census_classes)): the
    /// classes in each layer, where `layers` counts the states (their
    /// classes' sizes summed); `None` for a census of states.
    pub classes: Option<Vec<u64>>,
}

impl Census {
    /// A census from its parts: for censuses run elsewhere (over MPI ranks,
    /// `puzzle-search-mpi`), with the meanings of the fields.
    ///
    /// ```
    /// use puzzle_search_core::{Census, Stats};
    /// let census = Census::new(vec![1, 2, 1], None, Stats::default());
    /// assert_eq!((census.states(), census.radius()), (4, Some(2)));
    /// ```
    pub fn new(layers: Vec<u64>, stopped: Option<Limit>, stats: Stats) -> Self {
        Self {
            layers,
            stopped,
            stats,
            classes: None,
        }
    }

    /// Every state counted.
    ///
    /// ```
    /// # use puzzle_search_core::{Solver, Strategy, from_fn};
    /// let walk = from_fn(|s: &u8, out: &mut Vec<(u8, u8)>| if *s < 3 { out.push((1, s + 1)) }, |_: &u8| false);
    /// assert_eq!(Solver::new(Strategy::bfs()).census(&walk, &0).states(), 4);
    /// ```
    pub fn states(&self) -> u64 {
        self.layers.iter().sum()
    }

    /// The largest distance from the start (`None` when the census was
    /// stopped, so that it is not known).
    ///
    /// ```
    /// # use puzzle_search_core::{Solver, Strategy, from_fn};
    /// let walk = from_fn(|s: &u8, out: &mut Vec<(u8, u8)>| if *s < 3 { out.push((1, s + 1)) }, |_: &u8| false);
    /// assert_eq!(Solver::new(Strategy::bfs()).census(&walk, &0).radius(), Some(3));
    /// ```
    pub fn radius(&self) -> Option<usize> {
        match self.stopped {
            None => Some(self.layers.len().saturating_sub(1)),
            Some(_) => None,
        }
    }
}

/// A weight a state (a class's size, for a census by class).
pub(crate) type Weigh<'a, S> = &'a (dyn Fn(&S) -> u64 + Sync);

/// The census of a layered puzzle ([`Puzzle::layer`]): one layer kept,
/// each built from the last alone (see [`crate::layered`]). With
/// `weigh`, each state of a layer also adds its weight to the layer's
/// sum (a class's size, for a census by class): returned beside.
pub(crate) fn by_layers<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    ctx: &Ctx<'_>,
    progress: Option<&Hook>,
    weigh: Option<Weigh<'_, P::State>>,
) -> (Census, Vec<u64>) {
    let mut stats = Stats::default();
    let (mut layers, mut weights) = (Vec::new(), Vec::new());
    let ended = crate::layered::walk::<P, ()>(
        puzzle,
        start,
        ctx,
        &mut stats,
        |_, _| true,
        |depth, layer, meter| {
            if layer.len() > 0 {
                layers.push(layer.len() as u64);
                if let Some(weigh) = weigh {
                    weights.push(layer.iter(&ctx.hasher).map(|(s, _)| weigh(s)).sum());
                }
                report(
                    progress,
                    ctx,
                    depth as usize,
                    layer.len() as u64,
                    meter.flush(),
                );
            }
            true
        },
    );
    let stopped = match ended {
        crate::layered::Walked::Done => None,
        crate::layered::Walked::Stopped(limit) => Some(limit),
    };
    (Census::new(layers, stopped, stats), weights)
}

/// Tells the hook that layer `depth` is complete with `size` states.
pub(crate) fn report(progress: Option<&Hook>, ctx: &Ctx<'_>, depth: usize, size: u64, nodes: u64) {
    if let Some(hook) = progress {
        hook(&Progress {
            phase: Phase::Layer,
            depth: depth as u32,
            nodes,
            elapsed: ctx.start.elapsed(),
            layer: size,
        });
    }
}

/// Parents a block of a layer holds in the parallel hash census: their
/// new children are gathered across threads, then merged in order, so
/// that the candidates held at once stay bounded (a block's children:
/// 16,384 parents of up to 18 moves, a few MB).
#[cfg(feature = "parallel")]
const BLOCK: usize = 1 << 14;

/// The most children a block's parents may have, by the children per
/// parent seen so far (a block is [`BLOCK`] parents of 18 moves at most):
/// a definition of thousands of moves gets blocks of a few parents, so
/// the candidates held at once stay a few MB whatever the moves (9,000
/// move powers held 4.9 GB of one block's children under a 2 GB cap).
#[cfg(feature = "parallel")]
const BLOCK_CHILDREN: u64 = (BLOCK as u64) * 18;

/// A run of parents' children not seen before (with their hashes), and
/// how many children there were.
#[cfg(feature = "parallel")]
type Gathered<S> = (Vec<(u64, S)>, u64);

/// Layers (or blocks) smaller than this are expanded on one thread:
/// threads would cost more than they save.
#[cfg(feature = "parallel")]
const PARALLEL_MIN: usize = 1 << 10;

/// The states a hash census has seen: each stored once, in discovery
/// order (layer after layer), with their indices in a hash table; the
/// layers' sizes; the statistics.
struct Seen<'a, S> {
    states: Vec<S>,
    table: HashTable<u32>,
    layers: Vec<u64>,
    /// With a weight a state, each layer's weights summed.
    weights: Vec<u64>,
    weigh: Option<&'a (dyn Fn(&S) -> u64 + Sync)>,
    stats: Stats,
    max_states: usize,
    ctx: &'a Ctx<'a>,
}

impl<'a, S: Eq + std::hash::Hash + Clone> Seen<'a, S> {
    fn new(start: &S, ctx: &'a Ctx<'a>, progress: Option<&Hook>) -> Self {
        let mut seen = Seen {
            states: vec![start.clone()],
            table: HashTable::new(),
            layers: vec![1],
            weights: Vec::new(),
            weigh: None,
            stats: Stats::default(),
            // The state, its index slot at most half full, the growth of
            // the list.
            max_states: ctx
                .budget
                .state_cap(2 * std::mem::size_of::<S>() as u64 + 10)
                .max(1),
            ctx,
        };
        let hasher = &ctx.hasher;
        let states = &seen.states;
        seen.table.insert_unique(hasher.hash_one(start), 0, |&i| {
            hasher.hash_one(&states[i as usize])
        });
        report(progress, ctx, 0, 1, 0);
        seen
    }

    /// Whether `child` (of hash `hash`) was seen.
    #[inline]
    fn contains(&self, hash: u64, child: &S) -> bool {
        let states = &self.states;
        self.table
            .find(hash, |&j| states[j as usize] == *child)
            .is_some()
    }

    /// Stores `child` unless seen (a duplicate counted); `Err` when the
    /// state cap (or `u32` indices) is reached.
    #[inline]
    fn insert(&mut self, hash: u64, child: S) -> Result<(), Limit> {
        if self.contains(hash, &child) {
            self.stats.duplicates += 1;
            return Ok(());
        }
        if self.states.len() >= self.max_states || self.states.len() > u32::MAX as usize {
            return Err(Limit::States);
        }
        let (hasher, states) = (&self.ctx.hasher, &self.states);
        self.table.insert_unique(hash, states.len() as u32, |&j| {
            hasher.hash_one(&states[j as usize])
        });
        self.states.push(child);
        Ok(())
    }

    /// Closes the layer that ended at `layer_end` (reported if not empty).
    fn end_layer(&mut self, layer_end: usize, meter: &mut Meter<'_>, progress: Option<&Hook>) {
        let size = (self.states.len() - layer_end) as u64;
        self.stats.peak_frontier = self.stats.peak_frontier.max(size);
        if size > 0 {
            self.layers.push(size);
            if let Some(weigh) = self.weigh {
                self.weights
                    .push(self.states[layer_end..].iter().map(weigh).sum());
            }
            report(
                progress,
                self.ctx,
                self.layers.len() - 1,
                size,
                meter.flush(),
            );
        }
    }

    fn finish(mut self, stopped: Option<Limit>, meter: &mut Meter<'_>) -> Census {
        meter.flush();
        self.stats.peak_visited = self.states.len() as u64;
        self.stats.elapsed = self.ctx.start.elapsed();
        let mut census = Census::new(self.layers, stopped, self.stats);
        // The weights travel out in `classes` (taken by `by_hash_weighed`).
        if self.weigh.is_some() {
            census.classes = Some(self.weights);
        }
        census
    }
}

/// The census through a hash set of every state seen, one thread.
pub(crate) fn by_hash<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    ctx: &Ctx<'_>,
    progress: Option<&Hook>,
) -> Census {
    let seen = Seen::new(start, ctx, progress);
    by_hash_from(puzzle, seen, ctx, progress)
}

/// [`by_hash`] with a weight a state: each layer's weights summed,
/// returned beside the census (a census by class: the classes' sizes).
pub(crate) fn by_hash_weighed<'a, P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    ctx: &'a Ctx<'a>,
    progress: Option<&Hook>,
    weigh: &'a (dyn Fn(&P::State) -> u64 + Sync),
) -> (Census, Vec<u64>) {
    let mut seen = Seen::new(start, ctx, progress);
    seen.weigh = Some(weigh);
    seen.weights.push(weigh(start));
    let mut census = by_hash_from(puzzle, seen, ctx, progress);
    let weights = std::mem::take(&mut census.classes).unwrap_or_default();
    (census, weights)
}

fn by_hash_from<'a, P: Puzzle>(
    puzzle: &P,
    mut seen: Seen<'a, P::State>,
    ctx: &'a Ctx<'a>,
    progress: Option<&Hook>,
) -> Census {
    let mut meter = Meter::new(ctx);
    let hasher = &ctx.hasher;
    let mut children = Vec::new();
    let (mut layer_start, mut stopped) = (0usize, None);
    'layers: while layer_start < seen.states.len() {
        let layer_end = seen.states.len();
        for i in layer_start..layer_end {
            if let Err(stop) = meter.tick() {
                stopped = Some(stop.limit());
                break 'layers;
            }
            children.clear();
            puzzle.successors(&seen.states[i], &mut children);
            seen.stats.expanded += 1;
            seen.stats.generated += children.len() as u64;
            for (_, child) in children.drain(..) {
                if let Err(limit) = seen.insert(hasher.hash_one(&child), child) {
                    stopped = Some(limit);
                    break 'layers;
                }
            }
        }
        seen.end_layer(layer_end, &mut meter, progress);
        layer_start = layer_end;
    }
    seen.finish(stopped, &mut meter)
}

/// [`by_hash`] on every thread of the current pool: each layer in blocks
/// of [`BLOCK`] parents (fewer where each has many children:
/// [`BLOCK_CHILDREN`]), each block's children hashed and looked up in
/// parallel (the set is only read then), those not seen before kept with
/// their hash, then merged on this thread in parent order, each checked
/// again (two parents may reach one new state) and inserted. The states
/// come in the very order the one-thread census finds them (the same
/// checks in the same order: a child is new at the merge exactly when it
/// is new there), so the layers are the same; only the lookups of
/// children already seen, most of them, and the hashing are spread.
#[cfg(feature = "parallel")]
pub(crate) fn by_hash_parallel<P: ParallelPuzzle>(
    puzzle: &P,
    start: &P::State,
    ctx: &Ctx<'_>,
    progress: Option<&Hook>,
) -> Census {
    use rayon::prelude::*;
    let mut meter = Meter::new(ctx);
    let mut seen = Seen::new(start, ctx, progress);
    let hasher = &ctx.hasher;
    // The children of `parents` not in `seen`, with their hashes, and how
    // many children there were.
    let gather = |parents: &[P::State], seen: &Seen<'_, P::State>| {
        let mut new = Vec::new();
        let mut children = Vec::new();
        let mut generated = 0u64;
        for s in parents {
            children.clear();
            puzzle.successors(s, &mut children);
            generated += children.len() as u64;
            for (_, child) in children.drain(..) {
                let hash = hasher.hash_one(&child);
                if !seen.contains(hash, &child) {
                    new.push((hash, child));
                }
            }
        }
        (new, generated)
    };
    let (mut layer_start, mut stopped) = (0usize, None);
    'layers: while layer_start < seen.states.len() {
        let layer_end = seen.states.len();
        let mut from = layer_start;
        while from < layer_end {
            let per_parent = seen
                .stats
                .generated
                .div_ceil(seen.stats.expanded.max(1))
                .max(1);
            let block = (BLOCK_CHILDREN / per_parent).clamp(1, BLOCK as u64) as usize;
            let to = layer_end.min(from + block);
            if let Err(stop) = meter.count_and_check((to - from) as u64) {
                stopped = Some(stop.limit());
                break 'layers;
            }
            let parents = &seen.states[from..to];
            let found: Vec<Gathered<P::State>> = if to - from < PARALLEL_MIN {
                vec![gather(parents, &seen)]
            } else {
                parents
                    .par_chunks(PARALLEL_MIN / 4)
                    .map(|chunk| gather(chunk, &seen))
                    .collect()
            };
            seen.stats.expanded += (to - from) as u64;
            for (new, generated) in found {
                seen.stats.generated += generated;
                seen.stats.duplicates += generated - new.len() as u64;
                for (hash, child) in new {
                    if let Err(limit) = seen.insert(hash, child) {
                        stopped = Some(limit);
                        break 'layers;
                    }
                }
            }
            from = to;
        }
        seen.end_layer(layer_end, &mut meter, progress);
        layer_start = layer_end;
    }
    seen.finish(stopped, &mut meter)
}

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
