//! Breadth-first search: shortest, lexicographically smallest among shortest.
//!
//! # Design rationale
//! States are kept in one vector in discovery order, which is also the FIFO
//! queue, each with its parent's index and the move from it; a hash table
//! of indices is the visited set, so each state is stored once.
//!
//! Claim: within a layer, states are queued in lexicographic order of their
//! smallest shortest paths. A state of layer `k + 1` is first discovered
//! from the earliest-queued parent that reaches it, by that parent's
//! smallest such move, which is exactly its smallest shortest path (any
//! shortest path runs through a smallest shortest path of its layer-`k`
//! parent). Children are appended in that same order, so the claim holds
//! for layer `k + 1` too, and the first goal discovered is the
//! lexicographically smallest among the shortest solutions. Checking goals
//! on discovery lets the search stop one layer early.

use hashbrown::HashTable;

use crate::budget::Limit;
use crate::engine::check_order;
use crate::hash::{short_hash, spread};
use crate::meter::{Ctx, Interrupt, Meter};
use crate::options::Options;
use crate::outcome::Outcome;
use crate::progress::{Hook, Phase, Progress};
use crate::puzzle::{Promise, Puzzle};
use crate::stats::Stats;

/// One discovered state: the state, its parent's index and, in `mv`,
/// the move from it (see [`Slot`]).
struct Node<S, K> {
    state: S,
    parent: u32,
    mv: K,
}

/// Where a node keeps the move that found it: stored (`Option<M>`), or
/// not at all ([`Derived`]) where moves are large, since a node pays its
/// move's size (a 16-byte move doubles a `u64` state's node).
trait Slot<M>: Copy {
    fn of(mv: Option<M>) -> Self;
    /// The move, where stored.
    fn get(self) -> Option<M>;
}

impl<M: Copy> Slot<M> for Option<M> {
    #[inline]
    fn of(mv: Option<M>) -> Self {
        mv
    }
    #[inline]
    fn get(self) -> Option<M> {
        self
    }
}

/// No move stored: the answer's moves are read back by expanding each
/// parent on its path again and taking its smallest move into the child.
/// That is the move the search found it by: a child is first reached from
/// its parent by the smallest such move (children come in ascending
/// order), and no move the search left out (canonical sequences) can be
/// smaller, or the answer with it would be a smaller shortest solution
/// than the lexicographically smallest one (see the module's claim).
#[derive(Clone, Copy)]
struct Derived;

impl<M> Slot<M> for Derived {
    #[inline]
    fn of(_: Option<M>) -> Self {
        Derived
    }
    #[inline]
    fn get(self) -> Option<M> {
        None
    }
}

/// Moves larger than this many bytes are not stored in the nodes
/// ([`Derived`]).
const STORED_MOVE_BYTES: usize = 8;

/// A shortest solution of at most `max_depth` moves.
pub(crate) fn solve<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    max_depth: u32,
    ctx: &Ctx<'_>,
    options: &Options,
    stats: &mut Stats,
) -> Outcome<P::Move> {
    // A node, and a slot of the index at most half full.
    let node = if std::mem::size_of::<P::Move>() > STORED_MOVE_BYTES {
        std::mem::size_of::<Node<P::State, Derived>>()
    } else {
        std::mem::size_of::<Node<P::State, Option<P::Move>>>()
    };
    let per_state = node + 2 * std::mem::size_of::<(u32, u32)>() + 2;
    let max_states = ctx.budget.state_cap(per_state as u64);
    search(
        puzzle,
        start,
        max_depth,
        max_states,
        ctx,
        options.progress.as_deref(),
        !options.any_shortest,
        None,
        stats,
    )
}

/// BFS storing at most `max_states` states, calling `progress` after each
/// layer; `ordered`: check that moves come in ascending order (the
/// lexicographic answer depends on it); `within`, when given, gets the
/// number of states within each distance `0, 1, ...` of the start, for
/// every layer completed.
#[allow(clippy::too_many_arguments)]
pub(crate) fn search<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    max_depth: u32,
    max_states: usize,
    ctx: &Ctx<'_>,
    progress: Option<&Hook>,
    ordered: bool,
    within: Option<&mut Vec<u64>>,
    stats: &mut Stats,
) -> Outcome<P::Move> {
    let args = (max_depth, max_states, progress, ordered);
    if std::mem::size_of::<P::Move>() > STORED_MOVE_BYTES {
        search_with::<P, Derived>(puzzle, start, args, ctx, within, stats)
    } else {
        search_with::<P, Option<P::Move>>(puzzle, start, args, ctx, within, stats)
    }
}

/// [`search`] with the nodes' moves kept in `K`.
fn search_with<P: Puzzle, K: Slot<P::Move>>(
    puzzle: &P,
    start: &P::State,
    (max_depth, max_states, progress, ordered): (u32, usize, Option<&Hook>, bool),
    ctx: &Ctx<'_>,
    mut within: Option<&mut Vec<u64>>,
    stats: &mut Stats,
) -> Outcome<P::Move> {
    if let Some(w) = within.as_deref_mut() {
        w.clear();
        w.push(1);
    }
    if puzzle.is_goal(start) {
        return Outcome::Solved(Vec::new());
    }
    if puzzle.lower_bound(start).is_none() {
        stats.dead_ends += 1;
        return Outcome::NoSolution;
    }
    let max_states = max_states.min(u32::MAX as usize);
    let hasher = ctx.hasher.clone();
    let mut nodes: Vec<Node<P::State, K>> = vec![Node {
        state: start.clone(),
        parent: 0,
        mv: K::of(None),
    }];
    // The canonical-sequence automaton's state on the path that found each
    // node, beside `nodes`, kept only once some state is not 0 (empty: all
    // 0). A puzzle without `canonical` then pays nothing: a node more per
    // vector slowed this loop by a quarter.
    let mut qs: Vec<u32> = Vec::new();
    // Entries are (32-bit hash, index): 8 bytes, and growing the table
    // rehashes from them without revisiting `nodes`.
    let mut seen: HashTable<(u32, u32)> = HashTable::with_capacity(1024);
    let start_hash = short_hash(&hasher, start);
    seen.insert_unique(spread(start_hash), (start_hash, 0), |e| spread(e.0));
    let mut meter = Meter::new(ctx);
    let mut children = Vec::new();
    let mut layer_start = 0;
    let mut depth = 0;

    let outcome = 'search: loop {
        let layer_end = nodes.len();
        if layer_start == layer_end || depth >= max_depth {
            break Outcome::NoSolution;
        }
        stats.peak_frontier = stats.peak_frontier.max((layer_end - layer_start) as u64);
        for index in layer_start..layer_end {
            // Bounds are checked on expansion, not discovery: the last
            // layer, usually the largest, is never bounded, and a pruned
            // state stays visited, so it is bounded once.
            if index > 0 {
                match puzzle.lower_bound(&nodes[index].state) {
                    None => {
                        stats.dead_ends += 1;
                        continue;
                    }
                    Some(bound) if depth.saturating_add(bound) > max_depth => {
                        stats.bound_cutoffs += 1;
                        continue;
                    }
                    Some(_) => {}
                }
            }
            match meter.tick() {
                Ok(()) => {}
                Err(Interrupt::Limit(limit)) => break 'search Outcome::Stopped(limit),
                // BFS sets no preemption; treat one like a cancel all the same.
                Err(Interrupt::Preempted | Interrupt::HandOver) => {
                    break 'search Outcome::Stopped(Limit::Cancelled);
                }
            }
            children.clear();
            puzzle.successors(&nodes[index].state, &mut children);
            if ordered {
                check_order(&children);
            }
            stats.expanded += 1;
            stats.generated += children.len() as u64;
            // The automaton's state of the path that found the parent (see
            // the proofs), looked up once per parent.
            let q_parent = qs.get(index).copied().unwrap_or(0);
            for (mv, child) in children.drain(..) {
                // Canonical sequences.
                let parent = &nodes[index].state;
                let Some(q) = puzzle.canonical(parent, q_parent, mv, Promise::Shortest) else {
                    stats.canonical += 1;
                    continue;
                };
                let hash = short_hash(&hasher, &child);
                if seen
                    .find(spread(hash), |&(h, i)| {
                        h == hash && nodes[i as usize].state == child
                    })
                    .is_some()
                {
                    stats.duplicates += 1;
                    continue;
                }
                if puzzle.is_goal(&child) {
                    break 'search Outcome::Solved(read_path(puzzle, &nodes, index, mv));
                }
                if nodes.len() >= max_states {
                    break 'search Outcome::Stopped(Limit::States);
                }
                let id = nodes.len() as u32;
                nodes.push(Node {
                    state: child,
                    parent: index as u32,
                    mv: K::of(Some(mv)),
                });
                if q != 0 || !qs.is_empty() {
                    qs.resize(nodes.len() - 1, 0);
                    qs.push(q);
                }
                seen.insert_unique(spread(hash), (hash, id), |e| spread(e.0));
            }
        }
        layer_start = layer_end;
        depth += 1;
        ctx.set_depth(depth);
        stats.peak_visited = nodes.len() as u64;
        if let Some(w) = within.as_deref_mut() {
            w.push(nodes.len() as u64);
        }
        if let Some(hook) = progress {
            hook(&Progress {
                phase: Phase::Layer,
                depth,
                nodes: meter.flush(),
                elapsed: ctx.start.elapsed(),
                layer: 0,
            });
        }
    };
    meter.flush();
    stats.peak_visited = stats.peak_visited.max(nodes.len() as u64);
    outcome
}

/// The moves from the start to node `at`, then `last`: each node's stored
/// move, or where none is stored ([`Derived`]) its parent's smallest move
/// into it.
fn read_path<P: Puzzle, K: Slot<P::Move>>(
    puzzle: &P,
    nodes: &[Node<P::State, K>],
    mut at: usize,
    last: P::Move,
) -> Vec<P::Move> {
    let mut moves = vec![last];
    let mut kids = Vec::new();
    while at != 0 {
        let node = &nodes[at];
        let parent = &nodes[node.parent as usize].state;
        let mv = node.mv.get().unwrap_or_else(|| {
            kids.clear();
            puzzle.successors(parent, &mut kids);
            kids.iter().find(|k| k.1 == node.state).map(|k| k.0).expect(
                "Puzzle::successors: a state's children changed between two calls \
                 (equal states must behave identically)",
            )
        });
        moves.push(mv);
        at = node.parent as usize;
    }
    moves.reverse();
    moves
}
