//! The depth-limited DFS that every DFS and IDA* strategy runs.
//!
//! One recursion serves three uses: a depth-limited pass in *exact* mode
//! (goals count only after exactly `limit` moves), a pass in *at-most* mode
//! (the first goal met in canonical order; one IDA* iteration is such a
//! pass), and the split phase of the parallel search, which stops at a
//! fixed depth and hands the open nodes out as tasks.
//!
//! # Design rationale
//! Preorder DFS in canonical move order meets move sequences in
//! lexicographic order (a prefix before its extensions), so the first goal
//! met is the lexicographically smallest solution of the pass. Each pruning
//! only removes sequences that cannot be that answer:
//! - a bound cut-off or dead end removes subtrees holding no goal in reach;
//! - the failure memo ([`crate::memo`]) removes subtrees proved empty before;
//! - duplicate-child elimination removes a sibling whose state equals an
//!   earlier sibling's: whatever continuation solves it also solves the
//!   earlier sibling, with a smaller first move.

use std::hash::{BuildHasher, Hash};

use hashbrown::DefaultHashBuilder;
use hashbrown::HashTable;

use crate::memo::{AT_MOST, Memo};
use crate::meter::{Interrupt, Meter};
use crate::puzzle::Puzzle;
use crate::stats::Stats;

/// "No bound known" / unreachable.
pub(crate) const INF: u32 = u32::MAX;

/// Which solutions a pass looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Exactly `limit` moves.
    Exact,
    /// At most `limit` moves.
    AtMost,
}

/// The result of searching one subtree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// A solution; the engine's path holds it.
    Found,
    /// No solution; in at-most mode the subtree's root needs at least this
    /// many moves.
    Fail(u32),
    /// Some nodes below were handed out as parallel tasks.
    Deferred,
    /// Stopped early.
    Stop(Interrupt),
}

/// An open node left for a parallel task.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub(crate) struct Task<P: Puzzle> {
    pub path: Vec<P::Move>,
    pub state: P::State,
}

/// Search options an engine needs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rules {
    pub mode: Mode,
    pub limit: u32,
    pub dedup: bool,
    /// Skip a move back to the grandparent state. Exact only when the answer
    /// must be shortest (IDA*): a shortest path never revisits a state.
    pub no_return: bool,
}

/// A reusable DFS over one puzzle.
pub(crate) struct Engine<'a, P: Puzzle> {
    puzzle: &'a P,
    pub rules: Rules,
    pub memo: Memo<'a, P::State>,
    pub meter: Meter<'a>,
    pub stats: Stats,
    /// The moves from the start to the current node (the answer on `Found`).
    pub path: Vec<P::Move>,
    /// The smallest `g + bound` among nodes cut off in at-most mode: the
    /// next IDA* threshold.
    pub min_pruned: u32,
    /// In the split phase: the depth at which nodes become tasks, and the tasks.
    pub split: Option<(u32, Vec<Task<P>>)>,
    buffers: Vec<Vec<(P::Move, P::State)>>,
    seen: HashTable<usize>,
    hasher: DefaultHashBuilder,
}

impl<'a, P: Puzzle> Engine<'a, P> {
    pub(crate) fn new(
        puzzle: &'a P,
        rules: Rules,
        memo: Memo<'a, P::State>,
        meter: Meter<'a>,
    ) -> Self {
        Self {
            puzzle,
            rules,
            memo,
            meter,
            stats: Stats::default(),
            path: Vec::new(),
            min_pruned: INF,
            split: None,
            buffers: Vec::new(),
            seen: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
        }
    }

    /// Searches from `state`, which the moves in `self.path` reached.
    pub(crate) fn run(&mut self, state: &P::State) -> Flow {
        let g = self.path.len() as u32;
        if self.buffers.len() <= self.rules.limit as usize {
            self.buffers
                .resize_with(self.rules.limit as usize + 1, Vec::new);
        }
        self.min_pruned = INF;
        let flow = if g > self.rules.limit {
            Flow::Fail(INF)
        } else {
            self.search(state, None, g)
        };
        self.meter.flush();
        flow
    }

    fn search(&mut self, state: &P::State, parent: Option<&P::State>, g: u32) -> Flow {
        let Rules {
            mode,
            limit,
            dedup,
            no_return,
        } = self.rules;
        let left = limit - g;
        let goal = match mode {
            Mode::AtMost => self.puzzle.is_goal(state),
            Mode::Exact => left == 0 && self.puzzle.is_goal(state),
        };
        if goal {
            return Flow::Found;
        }
        let Some(mut bound) = self.puzzle.lower_bound(state) else {
            self.stats.dead_ends += 1;
            return Flow::Fail(INF);
        };
        if left == 0 {
            // Not a goal, so at least one more move is needed.
            bound = bound.max(1);
        }
        if bound > left {
            self.stats.bound_cutoffs += 1;
            self.min_pruned = self.min_pruned.min(g.saturating_add(bound));
            return Flow::Fail(bound);
        }
        let tag = if mode == Mode::Exact { left } else { AT_MOST };
        if let Some(lb) = self.memo.get(state, tag) {
            if lb > left {
                self.stats.memo_hits += 1;
                self.min_pruned = self.min_pruned.min(g.saturating_add(lb));
                return Flow::Fail(lb);
            }
        }
        if let Some((depth, tasks)) = &mut self.split {
            if g == *depth {
                tasks.push(Task {
                    path: self.path.clone(),
                    state: state.clone(),
                });
                return Flow::Deferred;
            }
        }
        if let Err(stop) = self.meter.tick() {
            return Flow::Stop(stop);
        }

        let mut children = std::mem::take(&mut self.buffers[g as usize]);
        children.clear();
        self.puzzle.successors(state, &mut children);
        self.stats.expanded += 1;
        self.stats.generated += children.len() as u64;
        debug_assert!(
            children.windows(2).all(|w| w[0].0 < w[1].0),
            "Puzzle::successors must emit moves in strictly ascending order"
        );
        if dedup && children.len() > 1 {
            let before = children.len();
            self.drop_repeats(&mut children);
            self.stats.duplicates += (before - children.len()) as u64;
        }

        let mut need = INF;
        let mut deferred = false;
        let mut returned = false;
        let mut result = None;
        for (mv, child) in &children {
            if no_return && parent == Some(child) {
                self.stats.duplicates += 1;
                returned = true;
                continue;
            }
            self.path.push(*mv);
            match self.search(child, Some(state), g + 1) {
                Flow::Found => {
                    result = Some(Flow::Found);
                    break;
                }
                Flow::Fail(lb) => need = need.min(lb.saturating_add(1)),
                Flow::Deferred => deferred = true,
                Flow::Stop(stop) => {
                    result = Some(Flow::Stop(stop));
                    break;
                }
            }
            self.path.pop();
        }
        self.buffers[g as usize] = children;
        if let Some(flow) = result {
            return flow;
        }
        if deferred {
            return Flow::Deferred;
        }
        // Exhausted: in exact mode `left` moves fail; in at-most mode every
        // child needed more than `left - 1`, so `need > left`.
        let lb = if mode == Mode::Exact { left + 1 } else { need };
        // Skipping the way back makes `need` a bound for paths that avoid the
        // parent only: right for the parent's own bound, wrong to remember
        // for this state reached from elsewhere.
        if !returned {
            self.memo.raise(state, tag, lb);
        }
        Flow::Fail(lb)
    }

    /// Keeps the first child of every distinct state, in order.
    fn drop_repeats(&mut self, children: &mut Vec<(P::Move, P::State)>)
    where
        P::State: Hash,
    {
        self.seen.clear();
        let hasher = &self.hasher;
        let mut kept = 0;
        for i in 0..children.len() {
            let hash = hasher.hash_one(&children[i].1);
            let repeat = self
                .seen
                .find(hash, |&j| children[j].1 == children[i].1)
                .is_some();
            if !repeat {
                children.swap(kept, i);
                self.seen
                    .insert_unique(hash, kept, |&j| hasher.hash_one(&children[j].1));
                kept += 1;
            }
        }
        children.truncate(kept);
    }
}
