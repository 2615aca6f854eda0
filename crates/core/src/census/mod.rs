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

use crate::budget::Limit;
use crate::meter::Ctx;
use crate::progress::{Hook, Phase, Progress};
use crate::puzzle::Puzzle;
use crate::stats::Stats;

mod dense;
mod hash;

pub use dense::Distances;
pub(crate) use dense::{by_rank, by_two_bits};
#[cfg(feature = "parallel")]
pub(crate) use hash::by_hash_parallel;
pub(crate) use hash::{by_hash, by_hash_weighed};

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
    /// What the caller should know, one line each: a cap that cannot hold
    /// the space the census estimates, said as it starts.
    pub notes: Vec<String>,
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
            notes: Vec::new(),
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
