//! A*: a shortest solution found best-first, then the lexicographically
//! smallest of that length read off by one bounded depth-first pass.
//!
//! Phase 1 is textbook A* (a state is reopened when reached in fewer moves,
//! so an admissible bound suffices, consistency is not needed): the first
//! goal taken off the queue has the fewest moves, `C`. Phase 2 walks the
//! moves in canonical order from the start, depth first, keeping a child
//! only if its bound allows a goal within `C` and no route to it shorter
//! than this one is known from phase 1. The first goal met is the answer:
//! see `docs/strategies.md` for why nothing smaller is cut.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::BuildHasher;

use hashbrown::HashTable;

use crate::budget::Limit;
use crate::engine::check_order;
use crate::meter::{Ctx, Meter};
use crate::options::Options;
use crate::outcome::Outcome;
use crate::puzzle::Puzzle;
use crate::stats::Stats;
use crate::strategy::smallest_of_length;

pub(crate) fn solve<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    max_depth: u32,
    ctx: &Ctx<'_>,
    options: &Options,
    stats: &mut Stats,
) -> Outcome<P::Move> {
    let any = options.any_shortest;
    if puzzle.is_goal(start) {
        return Outcome::Solved(Vec::new());
    }
    let Some(h0) = puzzle.lower_bound(start) else {
        stats.dead_ends += 1;
        return Outcome::NoSolution;
    };
    if h0 > max_depth {
        stats.bound_cutoffs += 1;
        return Outcome::NoSolution;
    }
    let mut meter = Meter::new(ctx);
    // Phase 1. Each state stored once, in `states`; `index` finds it by
    // hash (the table holds indices only); `g_of[i]`: fewest moves known.
    let hasher = &ctx.hasher;
    // A state, its cost and parent link, an index slot at most half full
    // and an open-list entry.
    let per_state = std::mem::size_of::<P::State>()
        + std::mem::size_of::<(u32, Option<P::Move>)>()
        + 4
        + 2 * 5
        + 16;
    let cap = ctx
        .budget
        .state_cap(per_state as u64)
        .min(u32::MAX as usize);
    let mut states: Vec<P::State> = vec![start.clone()];
    let mut g_of: Vec<u32> = vec![0];
    // With `any_shortest`: each state's parent (index) and the move from
    // it on the fewest-moves route known, to read the answer off.
    let mut parents: Vec<(u32, Option<P::Move>)> = if any { vec![(0, None)] } else { Vec::new() };
    let mut index: HashTable<u32> = HashTable::new();
    index.insert_unique(hasher.hash_one(start), 0, |&i| {
        hasher.hash_one(&states[i as usize])
    });
    // (f, deeper first, then the state's index: a deterministic order).
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((h0, Reverse(0u32), 0u32)));
    let mut children = Vec::new();
    // The least f popped: each rise closes a layer of f (every state of a
    // smaller f expanded), reported to the progress hook.
    let mut f_done = h0;
    let length = loop {
        let Some(Reverse((f, Reverse(g), at))) = queue.pop() else {
            meter.flush();
            stats.peak_visited = states.len() as u64;
            return Outcome::NoSolution;
        };
        let at = at as usize;
        if g != g_of[at] {
            continue; // a stale entry: reached in fewer moves since
        }
        if f > f_done {
            ctx.set_depth(f);
            crate::census::report(
                ctx.progress,
                ctx,
                f_done as usize,
                states.len() as u64,
                meter.flush(),
            );
            f_done = f;
        }
        if puzzle.is_goal(&states[at]) {
            if any {
                if let Some(path) = read_parents(&parents, at, g) {
                    meter.flush();
                    stats.peak_visited = states.len() as u64;
                    return Outcome::Solved(path);
                }
            }
            break g;
        }
        if let Err(i) = meter.tick() {
            meter.flush();
            stats.peak_visited = states.len() as u64;
            return Outcome::Stopped(i.limit());
        }
        children.clear();
        puzzle.successors(&states[at], &mut children);
        if !any {
            check_order(&children);
        }
        stats.expanded += 1;
        stats.generated += children.len() as u64;
        stats.peak_frontier = stats.peak_frontier.max(queue.len() as u64);
        for (mv, child) in children.drain(..) {
            let g1 = g + 1;
            let Some(h) = puzzle.lower_bound(&child) else {
                stats.dead_ends += 1;
                continue;
            };
            if g1.saturating_add(h) > max_depth {
                stats.bound_cutoffs += 1;
                continue;
            }
            let hash = hasher.hash_one(&child);
            let found = index.find(hash, |&i| states[i as usize] == child).copied();
            let i = match found {
                Some(i) if g_of[i as usize] <= g1 => {
                    stats.duplicates += 1;
                    continue;
                }
                Some(i) => {
                    g_of[i as usize] = g1;
                    if any {
                        parents[i as usize] = (at as u32, Some(mv));
                    }
                    i
                }
                None => {
                    if states.len() >= cap {
                        meter.flush();
                        stats.peak_visited = states.len() as u64;
                        return Outcome::Stopped(Limit::States);
                    }
                    let i = states.len() as u32;
                    states.push(child);
                    g_of.push(g1);
                    if any {
                        parents.push((at as u32, Some(mv)));
                    }
                    index.insert_unique(hash, i, |&j| hasher.hash_one(&states[j as usize]));
                    i
                }
            };
            queue.push(Reverse((g1.saturating_add(h), Reverse(g1), i)));
        }
    };
    stats.peak_visited = states.len() as u64;

    // Phase 2: the smallest sequence of `length` moves, depth first.
    let mut keep = |s: &P::State, g: u32| {
        // A route shorter than `g` is known: on no shortest sequence here.
        let known = index
            .find(hasher.hash_one(s), |&i| states[i as usize] == *s)
            .map(|&i| g_of[i as usize]);
        known.is_none_or(|k| k >= g)
            && puzzle
                .lower_bound(s)
                .is_some_and(|h| g.saturating_add(h) <= length)
    };
    let found = smallest_of_length(puzzle, start, length, &mut meter, stats, &mut keep);
    meter.flush();
    match found {
        Ok(Some(path)) => Outcome::Solved(path),
        Err(i) => Outcome::Stopped(i.limit()),
        // Phase 1 found a goal `length` moves away, so phase 2 meets one
        // unless the puzzle broke its contract.
        Ok(None) => panic!(
            "Puzzle contract broken: successors and lower_bound must be deterministic (A* found a goal {length} moves away, then not again)"
        ),
    }
}

/// The moves from the start to state `at` along the parents kept, if that
/// route has `g` moves (it has: when a goal leaves the queue with the
/// fewest moves `g`, no state on its parent chain has been improved since
/// it was linked, or the improved entry, of smaller `f`, would have left
/// the queue first and relinked the goal; checked all the same, and the
/// second pass runs where it fails).
fn read_parents<M: Copy>(parents: &[(u32, Option<M>)], mut at: usize, g: u32) -> Option<Vec<M>> {
    let mut moves = Vec::with_capacity(g as usize);
    while let (parent, Some(mv)) = parents[at] {
        if moves.len() == g as usize {
            return None;
        }
        moves.push(mv);
        at = parent as usize;
    }
    moves.reverse();
    (moves.len() == g as usize).then_some(moves)
}
