//! A breadth-first oracle shared by the puzzle tests: the fewest moves from
//! a state to a goal, every move generated.

use std::collections::HashSet;

use puzzle_search_core::Puzzle;

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

/// How a lower bound compared with the fewest moves on some states.
#[derive(Debug, Default)]
pub struct BoundCheck {
    /// States with a goal within the depth (the ones checked).
    pub checked: usize,
    /// Of those, states whose bound is above 0.
    pub positive: usize,
    /// Of those, states whose bound is 2 or more and exact.
    pub tight: usize,
}

/// Checks, on every state of `states` with a goal within `depth` moves,
/// that `puzzle.lower_bound` is no dead end and never above the fewest
/// moves (panicking with the state otherwise), and counts how sharp it is.
pub fn check_bound<P: Puzzle>(
    puzzle: &P,
    states: impl IntoIterator<Item = P::State>,
    depth: u32,
) -> BoundCheck
where
    P::State: std::fmt::Debug,
{
    let mut check = BoundCheck::default();
    for state in states {
        let Some(fewest) = fewest_moves(puzzle, &state, depth) else {
            continue;
        };
        check.checked += 1;
        let bound = puzzle
            .lower_bound(&state)
            .expect("a state with a goal in reach is no dead end");
        assert!(bound <= fewest, "bound {bound} > {fewest} moves: {state:?}");
        check.positive += usize::from(bound > 0);
        check.tight += usize::from(bound == fewest && bound >= 2);
    }
    check
}
