//! The reachability check of DFS and IDA* at practically unlimited depths:
//! a breadth-first search for any goal, kept between IDA*'s iterations and
//! grown alongside them, so that a finite space without a reachable goal is
//! answered "no solution" once the check has seen all of it.
//!
//! # Why it grows
//! IDA* alone proves "no solution" only when a pass ends with nothing cut
//! off, which on a space with cycles and a weak bound may take longer than
//! any budget (each pass searches the states within its threshold again,
//! and without the table each of them by every route). A breadth-first
//! search proves it in one visit a state, but must store them all. So the
//! check stores up to [`REACH_STATES`] states before the first pass, then
//! before each later pass expands more, in proportion to IDA*'s own work:
//! the children it generates are kept to `1 / REACH_SHARE` of those IDA*
//! generates (the passes done and the one about to run, estimated from
//! the growth of the last two; children, not nodes, because a node's cost
//! is mostly its children's and IDA*'s in-place loops and canonical
//! sequences generate far fewer a node than a BFS),
//! and its states to [`REACH_BYTES`] of memory and the budget's
//! `max_states`. On a solvable search it costs at most that share and stops
//! as soon as it meets a goal; on a finite space it ends the search once
//! IDA* has done `REACH_SHARE` times the space's size in work.
//!
//! It never changes an answer: it only ever answers "no solution", and only
//! after expanding every state reachable from the start (dead ends, whose
//! `lower_bound` is `None`, are not expanded: no goal lies beyond them)
//! without generating a goal.

use hashbrown::HashTable;

use crate::budget::Limit;
use crate::hash::{short_hash, spread};
use crate::meter::{Ctx, Interrupt, Meter};
use crate::puzzle::Puzzle;
use crate::stats::Stats;

/// The states the check stores before the first pass (when it has not
/// decided by then, the search starts).
pub(crate) const REACH_STATES: usize = 1 << 14;

/// The check's generated children are at most this fraction of IDA*'s,
/// past its first [`REACH_STATES`] states.
pub(crate) const REACH_SHARE: u64 = 8;

/// The most memory the check's states take, counted at their size in
/// place (`size_of::<State>()`) plus 16 bytes of index each.
pub(crate) const REACH_BYTES: usize = 64 << 20;

/// What the check knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Not decided yet: more to expand.
    Open,
    /// Every reachable state was expanded, and none is a goal.
    NoGoal,
    /// A goal is reachable (the search will find it), or the check is out
    /// of room: it has nothing more to say.
    Done,
}

/// A breadth-first search for any goal, expanded a slice at a time.
pub(crate) struct Reach<P: Puzzle> {
    /// States in discovery order: the queue.
    states: Vec<P::State>,
    /// The visited set: (32-bit hash, index into `states`).
    seen: HashTable<(u32, u32)>,
    /// The next state to expand, and where its layer ends.
    next: usize,
    layer_end: usize,
    /// The most states it may store.
    cap: usize,
    /// States within each distance of the start, for each complete layer.
    pub(crate) within: Vec<u64>,
    /// The children it generated before the first pass (its share is
    /// counted from there).
    pub(crate) base: u64,
    /// The children it generated: its share of the work is counted in
    /// them (a node's cost is mostly its children's).
    pub(crate) generated: u64,
    verdict: Verdict,
    children: Vec<(P::Move, P::State)>,
}

impl<P: Puzzle> Reach<P> {
    /// A check from `start`, allowed the memory above and the budget's
    /// `max_states`.
    pub(crate) fn new(start: &P::State, ctx: &Ctx<'_>) -> Self {
        let per_state = std::mem::size_of::<P::State>() + 16;
        let cap = (REACH_BYTES / per_state)
            .max(REACH_STATES)
            .min(ctx.budget.state_cap(per_state as u64))
            .min(u32::MAX as usize);
        let mut seen = HashTable::with_capacity(1024);
        let h = short_hash(&ctx.hasher, start);
        seen.insert_unique(spread(h), (h, 0), |e: &(u32, u32)| spread(e.0));
        Self {
            states: vec![start.clone()],
            seen,
            next: 0,
            layer_end: 1,
            cap,
            within: vec![1],
            generated: 0,
            base: 0,
            verdict: Verdict::Open,
            children: Vec::new(),
        }
    }

    /// What it knows now.
    pub(crate) fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// Frees its memory once it has nothing more to say.
    fn settle(&mut self, verdict: Verdict) -> Verdict {
        self.verdict = verdict;
        if verdict == Verdict::Done {
            self.states = Vec::new();
            self.seen = HashTable::new();
        }
        verdict
    }

    /// Expands states until its generated children reach `until` or the
    /// states stored reach `store`, or it decides. `Err` when the budget
    /// stopped it.
    pub(crate) fn advance(
        &mut self,
        puzzle: &P,
        until: u64,
        store: usize,
        ctx: &Ctx<'_>,
        stats: &mut Stats,
    ) -> Result<Verdict, Limit> {
        if self.verdict != Verdict::Open {
            return Ok(self.verdict);
        }
        let mut meter = Meter::new(ctx);
        let result = self.run(puzzle, until, store, ctx, &mut meter, stats);
        meter.flush();
        stats.reach_states = stats.reach_states.max(self.states.len() as u64);
        result
    }

    fn run(
        &mut self,
        puzzle: &P,
        until: u64,
        store: usize,
        ctx: &Ctx<'_>,
        meter: &mut Meter<'_>,
        stats: &mut Stats,
    ) -> Result<Verdict, Limit> {
        if puzzle.is_goal(&self.states[0]) {
            return Ok(self.settle(Verdict::Done));
        }
        while self.generated < until && self.states.len() < store {
            if self.next == self.layer_end {
                if self.layer_end == self.states.len() {
                    return Ok(self.settle(Verdict::NoGoal));
                }
                self.layer_end = self.states.len();
            }
            let index = self.next;
            self.next += 1;
            if puzzle.lower_bound(&self.states[index]).is_none() {
                stats.dead_ends += 1;
            } else {
                match meter.tick() {
                    Ok(()) => {}
                    Err(Interrupt::Limit(limit)) => return Err(limit),
                    Err(Interrupt::Preempted | Interrupt::HandOver) => {
                        return Err(Limit::Cancelled);
                    }
                }
                let mut children = std::mem::take(&mut self.children);
                children.clear();
                puzzle.successors(&self.states[index], &mut children);
                stats.reach_expanded += 1;
                self.generated += children.len() as u64;
                let mut decided = false;
                for (_, child) in children.drain(..) {
                    let h = short_hash(&ctx.hasher, &child);
                    let states = &self.states;
                    if self
                        .seen
                        .find(spread(h), |&(g, i)| g == h && states[i as usize] == child)
                        .is_some()
                    {
                        continue;
                    }
                    // A goal: the search will find it. No room: nothing
                    // more to learn.
                    if puzzle.is_goal(&child) || self.states.len() >= self.cap {
                        decided = true;
                        break;
                    }
                    let id = self.states.len() as u32;
                    self.states.push(child);
                    self.seen.insert_unique(spread(h), (h, id), |e| spread(e.0));
                }
                children.clear();
                self.children = children;
                if decided {
                    return Ok(self.settle(Verdict::Done));
                }
            }
            if self.next == self.layer_end {
                self.within.push(self.states.len() as u64);
            }
        }
        Ok(self.verdict)
    }
}
