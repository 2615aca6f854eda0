//! Budget checks inside the hot loop, batched so they cost next to nothing.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use crate::budget::{Budget, Limit};
use crate::progress::{Hook, Phase, Progress, RUNNING_EVERY_MS};

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Interrupt {
    /// A budget limit.
    Limit(Limit),
    /// A parallel task to the left already found a solution, so this
    /// task's answer cannot matter.
    Preempted,
    /// Not a stop: an idle thread wants work, so the search hands over
    /// part of what it has left and goes on (only the engine's loops in a
    /// parallel pass ask for this, and they handle it).
    HandOver,
}

impl Interrupt {
    /// The limit to report: a preemption outside a parallel task (where
    /// none is set up) reads as a cancel.
    pub(crate) fn limit(self) -> Limit {
        match self {
            Interrupt::Limit(l) => l,
            Interrupt::Preempted | Interrupt::HandOver => Limit::Cancelled,
        }
    }
}

/// The hasher of every search's tables and visited sets: foldhash with a
/// fixed seed, so that the same search expands the same nodes on every run
/// (a table's replacements and a hash table's probe order depend on the
/// hashes; a randomly seeded hasher made IDA*'s node counts with a table
/// differ between runs). Puzzle states are not adversarial input, so the
/// flooding resistance a random seed buys is not needed here.
pub(crate) type SearchHasher = foldhash::fast::FixedState;

/// What one `solve` call shares between its threads.
pub(crate) struct Ctx<'a> {
    pub(crate) budget: &'a Budget,
    pub(crate) start: Instant,
    pub(crate) deadline: Option<Instant>,
    /// Nodes expanded by every thread, flushed in batches.
    pub(crate) nodes: AtomicU64,
    /// The one hasher of the search: every thread and the shared table
    /// must agree on each state's hash.
    pub(crate) hasher: SearchHasher,
    /// The progress hook, told of [`Phase::Running`] from the budget checks.
    pub(crate) progress: Option<&'a Hook>,
    /// The current pass's depth limit, for those reports.
    pub(crate) depth: AtomicU32,
    /// When the last running report was made (ms since `start`).
    last_report: AtomicU64,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(budget: &'a Budget, progress: Option<&'a Hook>) -> Self {
        let start = Instant::now();
        Self {
            budget,
            start,
            deadline: budget.effective_deadline(start),
            nodes: AtomicU64::new(0),
            hasher: SearchHasher::default(),
            progress,
            depth: AtomicU32::new(0),
            last_report: AtomicU64::new(0),
        }
    }

    /// Sets the depth limit the running reports name.
    pub(crate) fn set_depth(&self, depth: u32) {
        self.depth.store(depth, Ordering::Relaxed);
    }

    /// A [`Phase::Running`] report when the last one is old enough; one
    /// thread wins each slot.
    fn maybe_report(&self, nodes: u64) {
        let Some(hook) = self.progress else { return };
        let elapsed = self.start.elapsed();
        let now = elapsed.as_millis() as u64;
        let last = self.last_report.load(Ordering::Relaxed);
        if now < last + RUNNING_EVERY_MS {
            return;
        }
        if self
            .last_report
            .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
        {
            hook(&Progress {
                phase: Phase::Running,
                depth: self.depth.load(Ordering::Relaxed),
                nodes,
                elapsed,
                layer: 0,
            });
        }
    }

    /// Nodes expanded so far (flushed batches only).
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
}

const BATCH: u32 = 256;

/// One thread's view of the budget.
pub(crate) struct Meter<'a> {
    ctx: &'a Ctx<'a>,
    countdown: u32,
    pending: u64,
    /// Set when a task to the left of this one found a solution.
    preempt: Option<&'a AtomicBool>,
    /// Threads waiting for work; while there are any, checks answer
    /// [`Interrupt::HandOver`].
    hungry: Option<&'a AtomicUsize>,
    /// Check at every tick (a test setting: hand over at every chance).
    eager: bool,
    /// A part searcher's hand-over request: while set, checks answer
    /// [`Interrupt::HandOver`] (the sink clears it).
    ask: Option<&'a AtomicBool>,
}

impl<'a> Meter<'a> {
    /// The most states the search may store where each takes
    /// `bytes_per_state` ([`Budget::state_cap`]).
    pub(crate) fn max_states(&self, bytes_per_state: usize) -> usize {
        self.ctx.budget.state_cap(bytes_per_state as u64)
    }

    pub(crate) fn new(ctx: &'a Ctx<'a>) -> Self {
        // The first tick checks at once, so a search cancelled before it
        // starts does no work.
        Self {
            ctx,
            countdown: 1,
            pending: 0,
            preempt: None,
            hungry: None,
            eager: false,
            ask: None,
        }
    }

    /// Makes this meter stop its task once `stop` is set, and ask for a
    /// hand-over while `hungry` is above zero (every check when `eager`).
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    pub(crate) fn share(&mut self, stop: &'a AtomicBool, hungry: &'a AtomicUsize, eager: bool) {
        self.preempt = Some(stop);
        self.hungry = Some(hungry);
        self.eager = eager;
        self.countdown = 1;
    }

    /// Makes this meter ask for a hand-over while `ask` is set, checking
    /// at every tick when `every_tick` (a test setting).
    pub(crate) fn ask_on(&mut self, ask: &'a AtomicBool, every_tick: bool) {
        self.ask = Some(ask);
        self.eager = every_tick;
        self.countdown = 1;
    }

    /// Makes this meter stop its search once `stop` is set
    /// ([`Interrupt::Preempted`]).
    pub(crate) fn stop_on(&mut self, stop: &'a AtomicBool) {
        self.preempt = Some(stop);
    }

    /// Makes the next tick check the budget (a parallel task starting: a
    /// limit another task met stops it at once).
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    pub(crate) fn check_next(&mut self) {
        self.countdown = 1;
    }

    /// Counts one expanded node.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), Interrupt> {
        self.pending += 1;
        self.countdown -= 1;
        if self.countdown == 0 {
            self.check()
        } else {
            Ok(())
        }
    }

    /// Counts `n` expanded nodes at once and checks the budget now (for
    /// work done in bulk, as a dense census layer).
    pub(crate) fn count_and_check(&mut self, n: u64) -> Result<(), Interrupt> {
        self.pending += n;
        self.check()
    }

    #[cold]
    fn check(&mut self) -> Result<(), Interrupt> {
        self.countdown = if self.eager { 1 } else { BATCH };
        let total = self.flush();
        let budget = self.ctx.budget;
        if budget.max_nodes.is_some_and(|max| total > max) {
            return Err(Interrupt::Limit(Limit::Nodes));
        }
        if budget.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
            return Err(Interrupt::Limit(Limit::Cancelled));
        }
        if self.ctx.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Interrupt::Limit(Limit::Time));
        }
        if self
            .preempt
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
        {
            return Err(Interrupt::Preempted);
        }
        self.ctx.maybe_report(total);
        if self.ask.is_some_and(|ask| ask.load(Ordering::Relaxed)) {
            return Err(Interrupt::HandOver);
        }
        match self.hungry {
            Some(hungry) if self.eager || hungry.load(Ordering::Relaxed) > 0 => {
                Err(Interrupt::HandOver)
            }
            _ => Ok(()),
        }
    }

    /// Adds the pending count to the shared total and returns the total.
    pub(crate) fn flush(&mut self) -> u64 {
        let pending = std::mem::take(&mut self.pending);
        self.ctx.nodes.fetch_add(pending, Ordering::Relaxed) + pending
    }
}
