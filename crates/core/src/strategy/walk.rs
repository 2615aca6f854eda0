//! The walk over the move sequences of one length that end at a goal, in
//! lexicographic order: the listing of every shortest solution, and the
//! second pass of A* and bidirectional BFS.

use std::hash::BuildHasher;
use std::ops::ControlFlow;

use hashbrown::HashTable;

use crate::budget::Limit;
use crate::meter::{Interrupt, Meter, SearchHasher};
use crate::puzzle::Puzzle;
use crate::stats::Stats;
use crate::strategy::Children;

/// Walks the sequences of exactly `length` moves from `start` that end at
/// a goal, in lexicographic order, calling `on_goal` on each until it
/// breaks; returns how many it met. Depth first in canonical order; a
/// child at depth `g < length` is entered only when `keep(child, g)` says
/// it may lie on such a sequence. A child whose subtree held none is
/// remembered with its depth (same state, same moves left, same result)
/// and not entered again at that depth: each (state, depth) pair fails at
/// most once, so the walk is linear in the pairs it meets plus the
/// solutions it lists.
pub(crate) fn walk_length<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    length: u32,
    meter: &mut Meter<'_>,
    stats: &mut Stats,
    keep: &mut dyn FnMut(&P::State, u32) -> bool,
    on_goal: &mut dyn FnMut(&[P::Move]) -> ControlFlow<()>,
) -> Result<u128, Interrupt> {
    if length == 0 {
        if puzzle.is_goal(start) {
            let _ = on_goal(&[]);
            return Ok(1);
        }
        return Ok(0);
    }
    let mut count = 0u128;
    // Fruitless (state, depth) pairs: the same state at another depth has
    // other moves left, and may reach a goal in them.
    let hasher = SearchHasher::default();
    let pair_hash = |s: &P::State, g: u32| hasher.hash_one((s, g));
    let mut dead: HashTable<(P::State, u32)> = HashTable::new();
    // An entry of a table at most half full.
    let cap = meter.max_states(2 * std::mem::size_of::<(P::State, u32)>() + 2);
    let mut path: Vec<P::Move> = Vec::new();
    // The entered states, each with whether a goal was met below it.
    let mut states: Vec<(P::State, bool)> = Vec::new();
    // Child lists per depth, kept and reused: no allocation per node.
    let mut frames: Vec<(Children<P>, usize)> = vec![(Vec::new(), 0)];
    puzzle.successors(start, &mut frames[0].0);
    let mut top = 1;
    loop {
        if top == 0 {
            return Ok(count);
        }
        let g = top as u32; // moves to a child of the top frame
        let (kids, next) = &mut frames[top - 1];
        let Some((mv, child)) = kids.get(*next) else {
            top -= 1;
            if let Some((s, fruitful)) = states.pop() {
                if fruitful {
                    if let Some(parent) = states.last_mut() {
                        parent.1 = true;
                    }
                } else {
                    // A state over the budget is an `Interrupt` like any
                    // other limit, never a wrong or short answer.
                    // Entered only when not dead at this depth: a new pair.
                    if dead.len() >= cap {
                        return Err(Interrupt::Limit(Limit::States));
                    }
                    let hash = pair_hash(&s, g - 1);
                    dead.insert_unique(hash, (s, g - 1), |e| hasher.hash_one((&e.0, e.1)));
                }
            }
            path.pop();
            continue;
        };
        *next += 1;
        let mv = *mv;
        if g == length {
            if puzzle.is_goal(child) {
                count += 1;
                if let Some(parent) = states.last_mut() {
                    parent.1 = true;
                }
                path.push(mv);
                let flow = on_goal(&path);
                path.pop();
                if flow.is_break() {
                    return Ok(count);
                }
            }
            continue;
        }
        let is_dead = || {
            dead.find(pair_hash(child, g), |e| e.1 == g && e.0 == *child)
                .is_some()
        };
        if !keep(child, g) || is_dead() {
            continue;
        }
        meter.tick()?;
        let child = child.clone();
        if frames.len() == top {
            frames.push((Vec::new(), 0));
        }
        let (grand, at) = &mut frames[top];
        grand.clear();
        *at = 0;
        puzzle.successors(&child, grand);
        stats.expanded += 1;
        stats.generated += grand.len() as u64;
        path.push(mv);
        states.push((child, false));
        top += 1;
    }
}

/// The lexicographically smallest sequence of exactly `length` moves from
/// `start` that ends at a goal (see [`walk_length`]); `Ok(None)` when there
/// is none.
pub(crate) fn smallest_of_length<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    length: u32,
    meter: &mut Meter<'_>,
    stats: &mut Stats,
    keep: &mut dyn FnMut(&P::State, u32) -> bool,
) -> Result<Option<Vec<P::Move>>, Interrupt> {
    let mut found = None;
    walk_length(puzzle, start, length, meter, stats, keep, &mut |moves| {
        found = Some(moves.to_vec());
        ControlFlow::Break(())
    })?;
    Ok(found)
}
