//! A breadth-first oracle shared by the puzzle tests: the fewest moves from
//! a state to a goal, every move generated.
#![allow(unreachable_pub)]

use std::collections::HashSet;

use puzzle_search::Puzzle;

/// The fewest moves from `start` to a goal of `puzzle`, if at most `depth`.
pub fn fewest_moves<P: Puzzle>(puzzle: &P, start: &P::State, depth: u32) -> Option<u32> {
    let mut layer = vec![start.clone()];
    let mut seen: HashSet<P::State> = layer.iter().cloned().collect();
    let mut children = Vec::new();
    for d in 0..=depth {
        if layer.iter().any(|s| puzzle.is_goal(s)) {
            return Some(d);
        }
        let mut next = Vec::new();
        for s in &layer {
            children.clear();
            puzzle.successors(s, &mut children);
            for (_, c) in children.drain(..) {
                if seen.insert(c.clone()) {
                    next.push(c);
                }
            }
        }
        layer = next;
    }
    None
}
