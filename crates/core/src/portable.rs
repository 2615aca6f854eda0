//! Portable parts of a search: a depth-first pass (DFS to a limit, or one
//! IDA* threshold) split into ordered parts that can be searched anywhere
//! (another thread, another process, another machine) and merged into
//! exactly the answer the sequential search gives.
//!
//! This is the parallel pass's split made portable, one design for threads
//! and processes. The driving side calls
//! [`Solver::solve_by_parts`](crate::Solver::solve_by_parts) with a
//! [`PartRunner`]: for each pass the solver runs the split phase itself (a
//! sequential search down to a split depth, keeping each open node there
//! as a [`Part`], in canonical order), hands the parts to the runner, and
//! merges the [`PartReport`]s it gets back. The searching side (the same
//! solver, strategy and options, on the same puzzle and start) searches
//! parts with a [`PartSearcher`]
//! ([`Solver::part_searcher`](crate::Solver::part_searcher)), which keeps
//! its transposition table from one part to the next. A searcher may hand
//! work over while it searches ([`PartSearcher::hand_over_to`]): the
//! unsearched right end of its part becomes a new part of the same pass,
//! searched anywhere like the others, so that work moves to whoever runs
//! dry, as between threads.
//!
//! A part names its node by the moves from the start (the searching side
//! replays them with [`Puzzle::apply`]), so only moves cross the wire:
//! with the `serde` feature, [`Part`], [`PartEnd`] and [`PartReport`]
//! are `Serialize` and `Deserialize` when the move type is.
//!
//! # Why the merge gives the sequential answer
//! The parts cover disjoint stretches of the pass's preorder and follow
//! each other in it, in the order of their starts ([`Part::start`]); a
//! part handed over is the right end of the stretch of the part it came
//! from, so the stretches stay disjoint and still cover the pass. A
//! solution met above the split depth lies right of every part (the
//! split phase stops there). So, as for the threads
//! (`docs/strategies.md`, "Why the answer is still the sequential one"):
//! the answer is the first part in order that found a solution (or was
//! stopped by a budget, which then stops the search), else the split
//! phase's own solution, else none, with the next IDA* threshold the
//! least cut-off of the split phase and of every part. Parts that start
//! right of one that found a solution cannot change the answer, so a
//! runner may leave them unsearched.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::budget::Limit;
use crate::engine::{Engine, Flow, INF, InPlaceFn, Rules, Sink, Task};
use crate::meter::{Ctx, Interrupt, Meter};
use crate::pass::{PassEnd, PassRun, Split, predict, split_phase};
use crate::puzzle::Puzzle;
use crate::stats::Stats;
use crate::table::Memo;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// One part of a pass: the subtree below the node that `path` reaches from
/// the start or, when `from` is set, only that node's children from the
/// move `from` on (a part a busy thread handed over).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Part<M> {
    /// The moves from the start to the part's node.
    pub path: Vec<M>,
    /// Only the children whose move is this one or later.
    pub from: Option<M>,
    /// The canonical-sequence automaton's state at the node
    /// ([`Puzzle::canonical`]; 0 for puzzles without one).
    pub q: u32,
}

impl<M: Copy> Part<M> {
    /// Where the part's stretch of the preorder starts: the moves to its
    /// first node. The parts of a pass are in the order of these.
    ///
    /// ```
    /// use puzzle_search_core::portable::Part;
    /// let part = Part { path: vec!['R', 'D'], from: Some('U'), q: 0 };
    /// assert_eq!(part.start(), ['R', 'D', 'U']);
    /// ```
    pub fn start(&self) -> Vec<M> {
        let mut start = self.path.clone();
        start.extend(self.from);
        start
    }
}

/// How the search of one part ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[non_exhaustive]
pub enum PartEnd<M> {
    /// A solution, the whole move sequence from the start: the
    /// lexicographically smallest in the part.
    Found(Vec<M>),
    /// None in the part; `next` is the smallest `g + bound` cut off by the
    /// limit (the next IDA* threshold), `u32::MAX` when none was.
    Fail {
        /// The smallest cut-off.
        next: u32,
    },
    /// A budget limit of the searching side stopped it.
    Stopped(Limit),
    /// The searching side's stop flag ended it
    /// ([`PartSearcher::stop_flag`]): a part right of one that found a
    /// solution, which the merge does not read.
    Preempted,
}

/// One part's result: how it ended and the work it did.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct PartReport<M> {
    /// How it ended.
    pub end: PartEnd<M>,
    /// What its search did (`elapsed`: how long it took).
    pub stats: Stats,
}

/// Searches the parts of one pass wherever it likes, for
/// [`Solver::solve_by_parts`](crate::Solver::solve_by_parts).
///
/// ```
/// use puzzle_search_core::portable::{Part, PartReport, PartRunner};
/// /// Runs nothing itself: says how many parts it was given.
/// struct Count(std::cell::Cell<usize>);
/// impl PartRunner<u8> for Count {
///     fn run(&self, _limit: u32, parts: Vec<Part<u8>>) -> Vec<(Part<u8>, Option<PartReport<u8>>)> {
///         self.0.set(parts.len());
///         parts.into_iter().map(|part| (part, None)).collect()
///     }
/// }
/// let count = Count(Default::default());
/// assert!(count.run(3, vec![]).is_empty());
/// assert_eq!(count.parts_wanted(None), 64);
/// ```
pub trait PartRunner<M> {
    /// Searches `parts` of the pass at `limit` (each with a
    /// [`PartSearcher`] of the same solver, puzzle and start) and returns
    /// every part of the pass with how it went, in any order: the parts
    /// given and every part searchers handed over while they searched
    /// ([`PartSearcher::hand_over_to`]), each with `Some(report)` or
    /// `None` for a part left unsearched. `None` (like a report
    /// `Preempted`) is allowed only for a part that starts
    /// ([`Part::start`]) right of one whose report is `Found` or
    /// `Stopped`: the merge, in the order of the parts' starts, never
    /// reads those.
    ///
    /// # Panics
    /// The solver panics when the answer holds fewer or more parts than
    /// were given and handed over (the reports' `stats.handed_over`), or
    /// leaves out a part it needs (a broken runner, like a broken move
    /// order).
    fn run(&self, limit: u32, parts: Vec<Part<M>>) -> Vec<(Part<M>, Option<PartReport<M>>)>;

    /// About how many parts a pass should be split into (the split phase
    /// runs on the driving side alone, so it stops deepening once a split
    /// expands 16,384 nodes, or when four deeper splits give no more
    /// parts, whatever this says); 64 by default. `predicted`: how long
    /// the pass should take on one thread, from the last two passes'
    /// (their split phases' and parts' search times; `None` before the
    /// first), so that a runner
    /// whose parts cost messages can keep short passes in few parts.
    fn parts_wanted(&self, predicted: Option<Duration>) -> usize {
        let _ = predicted;
        64
    }
}

/// Why a part could not be searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartError(PartErrorKind);

#[derive(Clone, Debug, PartialEq, Eq)]
enum PartErrorKind {
    /// The solver's strategy is not a depth-first one.
    Strategy(&'static str),
    /// A move of the part's path is not legal where it is played.
    Path(usize),
}

impl std::fmt::Display for PartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            PartErrorKind::Strategy(name) => write!(
                f,
                "the {name} strategy does not split into parts (DFS and IDA* do)"
            ),
            PartErrorKind::Path(i) => write!(
                f,
                "move {} of the part's path is not legal from the start",
                i + 1
            ),
        }
    }
}

impl std::error::Error for PartError {}

impl PartError {
    pub(crate) fn strategy(name: &'static str) -> Self {
        Self(PartErrorKind::Strategy(name))
    }
}

/// Searches parts of passes one after another for one puzzle and start,
/// keeping its transposition table (if the solver has one) between them:
/// made by [`Solver::part_searcher`](crate::Solver::part_searcher). Its
/// budget (the solver's) covers all the parts it searches together.
pub struct PartSearcher<'a, P: Puzzle> {
    puzzle: &'a P,
    start: &'a P::State,
    engine: Engine<'a, P>,
    relay: &'a Relay<P::Move>,
}

/// A function that takes the parts a searcher hands over.
type Give<M> = Box<dyn FnMut(Part<M>)>;

/// What reaches a part searcher from outside while it searches: its stop
/// flag, its hand-over request, and the function that takes what it hands
/// over once [`PartSearcher::hand_over_to`] set one.
pub(crate) struct Relay<M> {
    stop: Arc<AtomicBool>,
    ask: Arc<AtomicBool>,
    give: RefCell<Option<Give<M>>>,
    /// Check the request at every node (`Solver::hand_over_always`).
    every_tick: bool,
}

impl<M> Relay<M> {
    pub(crate) fn new(every_tick: bool) -> Self {
        Self {
            stop: Arc::default(),
            ask: Arc::default(),
            give: RefCell::new(None),
            every_tick,
        }
    }
}

impl<P: Puzzle> Sink<P> for Relay<P::Move> {
    fn take(&self, task: Task<P>) {
        // One request, one part: the flag asks again if more are wanted.
        self.ask.store(false, Ordering::Relaxed);
        let part = Part {
            path: task.path,
            from: task.from,
            q: task.q,
        };
        if let Some(give) = self.give.borrow_mut().as_mut() {
            give(part);
        }
    }
}

impl<P: Puzzle> std::fmt::Debug for PartSearcher<'_, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PartSearcher")
            .field("stats", &self.engine.stats)
            .finish_non_exhaustive()
    }
}

impl<'a, P: Puzzle> PartSearcher<'a, P> {
    pub(crate) fn new(
        puzzle: &'a P,
        start: &'a P::State,
        ctx: &'a Ctx<'a>,
        rules: Rules,
        table_bytes: usize,
        in_place: Option<InPlaceFn<P>>,
        relay: &'a Relay<P::Move>,
    ) -> Self {
        let mut engine = Engine::new(
            puzzle,
            rules,
            Memo::local(table_bytes),
            Meter::new(ctx),
            ctx.hasher.clone(),
        );
        engine.in_place = in_place;
        engine.meter.stop_on(&relay.stop);
        Self {
            puzzle,
            start,
            engine,
            relay,
        }
    }

    /// The searcher's stop flag: while it is set, its searches end as
    /// [`PartEnd::Preempted`] (checked every few hundred nodes): for parts
    /// right of one that found a solution elsewhere. Another thread may set
    /// it; whoever sets it clears it before the next part that must run.
    ///
    /// ```
    /// use std::sync::atomic::Ordering;
    /// use puzzle_search_core::portable::{Part, PartEnd};
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// let endless = from_fn(|s: &u64, out: &mut Vec<(u8, u64)>| out.push((0, s + 1)), |_: &u64| false);
    /// let solver = Solver::new(Strategy::ida());
    /// let end = solver.part_searcher(&endless, &0, |searcher| {
    ///     searcher.stop_flag().store(true, Ordering::Relaxed);
    ///     let part = Part { path: vec![], from: None, q: 0 };
    ///     searcher.search(1_000_000, &part).map(|r| r.end)
    /// })??;
    /// assert_eq!(end, PartEnd::Preempted);
    /// # Ok::<(), puzzle_search_core::portable::PartError>(())
    /// ```
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.relay.stop)
    }

    /// Lets this searcher's searches hand work over (to other searchers,
    /// as a busy thread hands work to idle ones): while the
    /// [`hand_over_flag`](Self::hand_over_flag) is set, the search gives
    /// the unsearched children of its shallowest node that has any (all
    /// right of where it is) to `give` as a new part of the same pass,
    /// clears the flag, and goes on with the rest of its part (checked
    /// every few hundred nodes). Every part given must be searched too,
    /// and returned by the [`PartRunner`] with the others; its report's
    /// `stats.handed_over` counts the parts it gave.
    ///
    /// ```
    /// use std::sync::atomic::Ordering;
    /// use std::sync::{Arc, Mutex};
    /// use puzzle_search_core::portable::{Part, PartEnd};
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// // Three moves a node, no goal.
    /// let tree = from_fn(
    ///     |s: &u32, out: &mut Vec<(u8, u32)>| out.extend((0..3).map(|m| (m, s * 3 + u32::from(m)))),
    ///     |_: &u32| false,
    /// );
    /// let solver = Solver::new(Strategy::ida());
    /// let given = Arc::new(Mutex::new(Vec::new()));
    /// let report = solver.part_searcher(&tree, &0, |searcher| {
    ///     let into = given.clone();
    ///     searcher.hand_over_to(move |part| into.lock().unwrap().push(part));
    ///     searcher.hand_over_flag().store(true, Ordering::Relaxed);
    ///     searcher.search(10, &Part { path: vec![], from: None, q: 0 })
    /// })??;
    /// // One part handed over: the start's children from move 1 on.
    /// let given = given.lock().unwrap();
    /// assert_eq!(report.stats.handed_over, 1);
    /// assert_eq!(given[0], Part { path: vec![], from: Some(1), q: 0 });
    /// assert!(matches!(report.end, PartEnd::Fail { .. }));
    /// # Ok::<(), puzzle_search_core::portable::PartError>(())
    /// ```
    pub fn hand_over_to(&mut self, give: impl FnMut(Part<P::Move>) + 'static) {
        *self.relay.give.borrow_mut() = Some(Box::new(give));
        let relay: &'a Relay<P::Move> = self.relay;
        self.engine.sink = Some(relay);
        self.engine.meter.ask_on(&relay.ask, relay.every_tick);
    }

    /// The searcher's hand-over request: while it is set (and
    /// [`hand_over_to`](Self::hand_over_to) said where parts go), its
    /// searches hand work over; each part handed over clears it. Another
    /// thread may set it; it stays set from one search to the next until
    /// a part is handed over (a search with nothing left to give keeps
    /// it), so whoever sets it for one part clears it before the next.
    pub fn hand_over_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.relay.ask)
    }

    /// Searches `part` of the pass at `limit`.
    ///
    /// # Errors
    /// [`PartError`] when a move of the part's path is not legal where it
    /// is played (a part of another puzzle or start).
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// use puzzle_search_core::portable::{Part, PartEnd};
    /// // A counter: +1 or +2; the goal is 5.
    /// let counter = from_fn(
    ///     |s: &u32, out: &mut Vec<(u8, u32)>| out.extend([(1, s + 1), (2, s + 2)]),
    ///     |s: &u32| *s == 5,
    /// );
    /// let solver = Solver::new(Strategy::ida());
    /// let end = solver.part_searcher(&counter, &0, |searcher| {
    ///     // The part below the first move 2, at threshold 3.
    ///     let part = Part { path: vec![2], from: None, q: 0 };
    ///     searcher.search(3, &part).map(|report| report.end)
    /// })??;
    /// assert_eq!(end, PartEnd::Found(vec![2, 1, 2]));
    /// # Ok::<(), puzzle_search_core::portable::PartError>(())
    /// ```
    pub fn search(
        &mut self,
        limit: u32,
        part: &Part<P::Move>,
    ) -> Result<PartReport<P::Move>, PartError> {
        // The node and its parent, replayed from the start.
        let mut state = self.start.clone();
        let mut parent = None;
        for (i, &mv) in part.path.iter().enumerate() {
            let next = self
                .puzzle
                .apply(&state, mv)
                .ok_or(PartError(PartErrorKind::Path(i)))?;
            parent = Some(std::mem::replace(&mut state, next));
        }
        let engine = &mut self.engine;
        engine.rules.limit = limit;
        engine.path.clone_from(&part.path);
        engine.root_q = part.q;
        engine.root_from = part.from;
        let began = Instant::now();
        let flow = engine.run(&state, parent.as_ref());
        engine.root_q = 0;
        engine.root_from = None;
        let end = match flow {
            Flow::Found => PartEnd::Found(std::mem::take(&mut engine.path)),
            Flow::Fail(_) | Flow::Deferred => PartEnd::Fail {
                next: engine.min_pruned,
            },
            Flow::Stop(Interrupt::Limit(limit)) => PartEnd::Stopped(limit),
            Flow::Stop(Interrupt::Preempted) => PartEnd::Preempted,
            // The loops act on a hand-over and go on: never returned.
            Flow::Stop(Interrupt::HandOver) => PartEnd::Fail { next: INF },
        };
        let mut stats = std::mem::take(&mut engine.stats);
        stats.elapsed = began.elapsed();
        Ok(PartReport { end, stats })
    }
}

/// The form of a pass that splits it into parts for a [`PartRunner`].
pub(crate) struct ByParts<'a, P: Puzzle> {
    puzzle: &'a P,
    ctx: &'a Ctx<'a>,
    runner: &'a dyn PartRunner<P::Move>,
    /// Counts the parts' nodes against the driving side's budget.
    meter: Meter<'a>,
    /// The split depth that gave enough parts last time.
    split: u32,
    /// The last two passes' work on one thread (the split phase's time
    /// and their parts' search times).
    took: [Option<Duration>; 2],
}

impl<'a, P: Puzzle> ByParts<'a, P> {
    pub(crate) fn new(
        puzzle: &'a P,
        ctx: &'a Ctx<'a>,
        runner: &'a dyn PartRunner<P::Move>,
    ) -> Self {
        Self {
            puzzle,
            ctx,
            runner,
            meter: Meter::new(ctx),
            split: 1,
            took: [None, None],
        }
    }
}

impl<P: Puzzle> PassRun<P> for ByParts<'_, P> {
    fn run_pass(&mut self, start: &P::State, rules: Rules) -> (PassEnd<P::Move>, Stats) {
        let mut stats = Stats::default();
        let (puzzle, ctx) = (self.puzzle, self.ctx);
        // The split phase searches no part, so it needs no table.
        let engine = || {
            Engine::new(
                puzzle,
                rules,
                Memo::Off,
                Meter::new(ctx),
                ctx.hasher.clone(),
            )
        };
        let target = self.runner.parts_wanted(predict(self.took)).max(1);
        let began = Instant::now();
        let phase = split_phase(&engine, start, rules, target, &mut self.split, &mut stats);
        // The pass's work on one thread: the split phase's, then the parts'.
        let mut work = began.elapsed();
        let (tasks, leaf, mut next) = match phase {
            Split::Done(end) => {
                self.took = [self.took[1], Some(work)];
                return (end, stats);
            }
            Split::Tasks { tasks, leaf, next } => (tasks, leaf, next),
        };
        let parts: Vec<Part<P::Move>> = tasks
            .into_iter()
            .map(|t| Part {
                path: t.path,
                from: t.from,
                q: t.q,
            })
            .collect();
        let given = parts.len() as u64;
        let mut reports = self.runner.run(rules.limit, parts);
        let handed: u64 = reports
            .iter()
            .filter_map(|(_, report)| report.as_ref())
            .map(|report| report.stats.handed_over)
            .sum();
        assert_eq!(
            reports.len() as u64,
            given + handed,
            "PartRunner::run returned {} parts for {given} given and {handed} handed over",
            reports.len()
        );
        // The parts' stretches of the preorder follow each other in the
        // order of their starts (those handed over included).
        reports.sort_by_cached_key(|(part, _)| part.start());
        let (mut answer, mut part_nodes) = (None, 0);
        for (i, (_, report)) in reports.into_iter().enumerate() {
            let Some(report) = report else {
                assert!(
                    answer.is_some(),
                    "PartRunner::run left part {i} unsearched with no solution or stop before it"
                );
                continue;
            };
            part_nodes += report.stats.expanded;
            work += report.stats.elapsed;
            stats += report.stats;
            if answer.is_some() {
                continue;
            }
            match report.end {
                PartEnd::Found(path) => answer = Some(PassEnd::Found(path)),
                PartEnd::Stopped(limit) => answer = Some(PassEnd::Stopped(limit)),
                PartEnd::Fail { next: n } => next = next.min(n),
                PartEnd::Preempted => {
                    panic!("PartRunner::run preempted part {i} with no solution or stop before it")
                }
            }
        }
        self.took = [self.took[1], Some(work)];
        // The parts' nodes count against this side's budget too.
        if let Err(Interrupt::Limit(limit)) = self.meter.count_and_check(part_nodes) {
            if answer.is_none() && leaf.is_none() {
                answer = Some(PassEnd::Stopped(limit));
            }
        }
        let end = answer.unwrap_or(match leaf {
            Some(path) => PassEnd::Found(path),
            None => PassEnd::Fail { next },
        });
        (end, stats)
    }
}
