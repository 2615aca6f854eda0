//! Breadth-first layers that count shortest paths: each state stored once
//! with its distance from the start (its layer) and the number of shortest
//! move sequences that reach it; the shortest solutions' count is the sum
//! over the goals of the first layer that holds one.
//!
//! The number of shortest sequences to a state of layer `d + 1` is the sum,
//! over the moves into it from states of layer `d`, of those states'
//! numbers: a shortest sequence to it ends with such a move after a
//! shortest sequence to its parent, and every such pair is one. The search
//! can pause after any expansion (the race in [`all`](super::all) runs it
//! in slices) and goes on where it stopped.
//!
//! Two prunings, both proved in `docs/strategies.md` ("Every shortest
//! solution"): a state whose bound is `None`, or whose layer plus bound
//! exceeds the depth limit, is not expanded. No state on a shortest
//! solution within the limit is pruned, and no pruned state has a move
//! into one, so neither the layers of those states nor their counts
//! change.

use hashbrown::HashTable;

use crate::budget::Limit;
use crate::hash::{short_hash, spread};
use crate::meter::{Ctx, Meter, SearchHasher};
use crate::puzzle::Puzzle;
use crate::stats::Stats;
use crate::strategy::Children;

/// How a slice of the layer search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The shortest solutions have `length` moves; `count` of them
    /// (`u128::MAX`: at least that many).
    Found { length: u32, count: u128 },
    /// No goal within the depth limit: every state it allows was seen.
    NoSolution,
    /// The slice's quota of stored states is used up; call again.
    Paused,
    /// The budget's `max_states` is reached: this search cannot finish.
    Full,
    /// A budget limit stopped it.
    Stopped(Limit),
}

/// The layer search from one start, resumable.
pub(crate) struct Layers<'p, P: Puzzle> {
    puzzle: &'p P,
    max_depth: u32,
    hasher: SearchHasher,
    /// Every stored state, layer after layer (the queue as well).
    states: Vec<P::State>,
    /// The number of shortest sequences to each stored state.
    ways: Vec<u128>,
    /// `(top half of the hash, index)` of every stored state.
    index: HashTable<(u32, u32)>,
    /// Where each layer starts in `states`; the last entry is where the
    /// layer being filled starts.
    starts: Vec<usize>,
    /// The next state to expand.
    next: usize,
    /// The layer that holds a goal, once one is seen.
    goal_layer: Option<u32>,
    children: Children<P>,
    done: Option<Step>,
}

impl<'p, P: Puzzle> Layers<'p, P> {
    /// The search from `start` for solutions of at most `max_depth` moves.
    pub(crate) fn new(puzzle: &'p P, start: &P::State, max_depth: u32, ctx: &Ctx<'_>) -> Self {
        let hasher = ctx.hasher.clone();
        let mut index = HashTable::with_capacity(1024);
        let h = short_hash(&hasher, start);
        index.insert_unique(spread(h), (h, 0), |e: &(u32, u32)| spread(e.0));
        let done = if puzzle.is_goal(start) {
            Some(Step::Found {
                length: 0,
                count: 1,
            })
        } else if max_depth == 0 {
            Some(Step::NoSolution)
        } else {
            None
        };
        Self {
            puzzle,
            max_depth,
            hasher,
            states: vec![start.clone()],
            ways: vec![1],
            index,
            starts: vec![0, 1],
            next: 0,
            goal_layer: None,
            children: Vec::new(),
            done,
        }
    }

    /// A length no solution is shorter than: one more than the deepest
    /// complete layer, which holds no goal (the layer being filled can).
    pub(crate) fn floor(&self) -> u32 {
        self.goal_layer.unwrap_or((self.starts.len() - 1) as u32)
    }

    /// The layer of `state`, if it was stored.
    pub(crate) fn depth(&self, state: &P::State) -> Option<u32> {
        let h = short_hash(&self.hasher, state);
        let &(_, i) = self.index.find(spread(h), |&(eh, i)| {
            eh == h && self.states[i as usize] == *state
        })?;
        // The last start at or before `i` names its layer.
        Some((self.starts.partition_point(|&s| s <= i as usize) - 1) as u32)
    }

    /// The index of `state` in `states`, if stored.
    fn find(&self, hash: u32, state: &P::State) -> Option<usize> {
        self.index
            .find(spread(hash), |&(eh, i)| {
                eh == hash && self.states[i as usize] == *state
            })
            .map(|&(_, i)| i as usize)
    }

    /// Goes on until `quota` states are stored, the answer is known, or
    /// the budget stops it.
    pub(crate) fn run(&mut self, quota: usize, meter: &mut Meter<'_>, stats: &mut Stats) -> Step {
        if let Some(done) = &self.done {
            return *done;
        }
        // A state, its paths (`u128`), its depth and an index slot at most
        // half full.
        let per_state = std::mem::size_of::<P::State>() + 16 + 4 + 2 * 9;
        let cap = meter.max_states(per_state).min(u32::MAX as usize);
        let step = loop {
            let layer_start = self.starts[self.starts.len() - 2];
            let layer_end = self.starts[self.starts.len() - 1];
            let depth = (self.starts.len() - 2) as u32;
            if self.next == layer_end {
                // The layer is expanded: the counts of the next are final.
                if let Some(length) = self.goal_layer {
                    break self.found(length);
                }
                if self.states.len() == layer_end || depth + 1 >= self.max_depth {
                    break Step::NoSolution;
                }
                stats.peak_frontier = stats.peak_frontier.max((layer_end - layer_start) as u64);
                self.starts.push(self.states.len());
                continue;
            }
            if self.states.len() >= quota {
                break Step::Paused;
            }
            let at = self.next;
            self.next += 1;
            match self.puzzle.lower_bound(&self.states[at]) {
                None => {
                    stats.dead_ends += 1;
                    continue;
                }
                Some(h) if depth.saturating_add(h) > self.max_depth => {
                    stats.bound_cutoffs += 1;
                    continue;
                }
                Some(_) => {}
            }
            if let Err(i) = meter.tick() {
                break Step::Stopped(i.limit());
            }
            // Taken out for the loop, which changes `self`; put back after.
            let mut children = std::mem::take(&mut self.children);
            children.clear();
            self.puzzle.successors(&self.states[at], &mut children);
            stats.expanded += 1;
            stats.generated += children.len() as u64;
            let ways = self.ways[at];
            let mut full = false;
            for (_, child) in children.drain(..) {
                let h = short_hash(&self.hasher, &child);
                match self.find(h, &child) {
                    // One more way into a state of the next layer.
                    Some(j) if j >= layer_end => {
                        self.ways[j] = self.ways[j].saturating_add(ways);
                        stats.duplicates += 1;
                    }
                    // Reached before in fewer moves (or as many, from a
                    // state of this layer: not a shortest way in).
                    Some(_) => stats.duplicates += 1,
                    None if self.states.len() >= cap => {
                        full = true;
                        break;
                    }
                    None => {
                        if self.goal_layer.is_none() && self.puzzle.is_goal(&child) {
                            self.goal_layer = Some(depth + 1);
                        }
                        let id = self.states.len() as u32;
                        self.states.push(child);
                        self.ways.push(ways);
                        self.index
                            .insert_unique(spread(h), (h, id), |e| spread(e.0));
                    }
                }
            }
            self.children = children;
            if full {
                break Step::Full;
            }
        };
        stats.peak_visited = stats.peak_visited.max(self.states.len() as u64);
        meter.flush();
        if step != Step::Paused {
            self.done = Some(step);
        }
        step
    }

    /// The count once the layer `length` is complete.
    fn found(&self, length: u32) -> Step {
        let layer = self.starts[length as usize]..self.states.len();
        let count = layer
            .filter(|&i| self.puzzle.is_goal(&self.states[i]))
            .fold(0u128, |sum, i| sum.saturating_add(self.ways[i]));
        Step::Found { length, count }
    }
}
