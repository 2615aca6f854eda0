//! The census through a hash set of every state seen: any puzzle, one
//! thread or every thread of the pool, each state weighed where the
//! census is by class.

use std::hash::BuildHasher;

use hashbrown::HashTable;

use super::{Census, Weigh, report};
use crate::budget::Limit;
use crate::meter::{Ctx, Meter};
use crate::progress::Hook;
#[cfg(feature = "parallel")]
use crate::puzzle::ParallelPuzzle;
use crate::puzzle::Puzzle;
use crate::stats::Stats;

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
    weigh: Option<Weigh<'a, S>>,
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
    weigh: Weigh<'a, P::State>,
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
