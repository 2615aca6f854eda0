//! Parallel DFS passes on rayon that return exactly the sequential answer.
//!
//! # Design rationale
//! A pass first runs sequentially down to a split depth, keeping every open
//! node there as a task, in canonical order. Preorder makes the tasks'
//! subtrees (and a solution met above the split depth, which ends the split
//! phase) follow each other in lexicographic order, so the answer is the
//! first task in that order that has a solution, as with rayon's
//! `find_map_first`. Worker threads take tasks from one counter in that
//! order, so all of them work near the left end; a task that finds a solution
//! publishes its index, and every task to its right stops at its next
//! budget check, while tasks to its left run to the end, because one of
//! them may hold a smaller answer. The result therefore does not depend on
//! the thread count or on timing; only the work done does.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::engine::{Engine, Flow, INF, InPlaceFn, Rules};
use crate::meter::{Ctx, Interrupt, Meter};
use crate::puzzle::{ParallelPuzzle, Puzzle};
use crate::stats::Stats;
use crate::strategy::{PassEnd, PassRun};
use crate::table::{Memo, SharedTable};

/// Aim for this many tasks per thread, so uneven subtrees even out.
const TASKS_PER_THREAD: usize = 64;
/// Stop deepening the split when the tasks have not grown for this many
/// depths (a chain-like space would otherwise be split to its end).
const FLAT_DEPTHS: u32 = 4;
/// ...or when the split phase, which runs on one thread, expanded this many.
const SPLIT_NODES: u64 = 1 << 14;
/// Make the split shallower when it gives this many times the tasks wanted.
const TOO_MANY: usize = 8;

/// How one task ended.
enum TaskEnd<M> {
    Found(Vec<M>),
    Fail,
    Stopped(crate::budget::Limit),
    /// Stopped because a task to its left found a solution.
    Preempted,
}

/// The parallel form of a DFS pass, with its shared transposition table.
pub(crate) struct Parallel<'a, P: Puzzle> {
    puzzle: &'a P,
    ctx: &'a Ctx<'a>,
    memo: Option<SharedTable<P::State>>,
    /// The split depth that gave enough tasks last time (IDA* passes grow).
    split: u32,
    /// The in-place loop the tasks run, if any.
    in_place: Option<InPlaceFn<P>>,
}

impl<'a, P: ParallelPuzzle> Parallel<'a, P> {
    pub(crate) fn new(
        puzzle: &'a P,
        ctx: &'a Ctx<'a>,
        table_bytes: usize,
        in_place: Option<InPlaceFn<P>>,
    ) -> Self {
        let memo = (table_bytes > 0).then(|| SharedTable::new(table_bytes));
        Self {
            puzzle,
            ctx,
            memo,
            split: 1,
            in_place,
        }
    }

    fn engine(&self, rules: Rules) -> Engine<'_, P> {
        let memo = match &self.memo {
            Some(shared) => Memo::Shared(shared),
            None => Memo::Off,
        };
        let mut engine = Engine::new(
            self.puzzle,
            rules,
            memo,
            Meter::new(self.ctx),
            self.ctx.hasher.clone(),
        );
        engine.in_place = self.in_place;
        engine
    }

    pub(crate) fn pass(&mut self, start: &P::State, rules: Rules) -> (PassEnd<P::Move>, Stats) {
        let target = rayon::current_num_threads().max(2) * TASKS_PER_THREAD;
        let mut stats = Stats::default();
        // Split phase: from last pass's depth, deepen the split until there
        // are enough tasks, or make it shallower when there are far too many
        // (IDA*'s trees grow with each iteration, and the split phase runs
        // on one thread).
        let mut depth = self.split.min(rules.limit.saturating_sub(1)).max(1);
        let (mut grown_at, mut most) = (depth, 0);
        let (mut deepened, mut shrunk) = (false, false);
        let (tasks, leaf, mut next) = loop {
            let mut engine = self.engine(rules);
            engine.split = Some((depth, Vec::new()));
            let flow = engine.run(start, None);
            let split_nodes = engine.stats.expanded;
            stats += std::mem::take(&mut engine.stats);
            let tasks = engine.split.take().map(|(_, t)| t).unwrap_or_default();
            match flow {
                Flow::Found if tasks.is_empty() => return (PassEnd::Found(engine.path), stats),
                Flow::Found => break (tasks, Some(engine.path), INF),
                Flow::Fail(_) => {
                    return (
                        PassEnd::Fail {
                            next: engine.min_pruned,
                        },
                        stats,
                    );
                }
                Flow::Stop(Interrupt::Limit(limit)) => return (PassEnd::Stopped(limit), stats),
                Flow::Stop(Interrupt::Preempted) => return (PassEnd::Fail { next: INF }, stats),
                Flow::Deferred => {
                    if tasks.len() > most {
                        (grown_at, most) = (depth, tasks.len());
                    }
                    if tasks.len() > TOO_MANY * target && depth > 1 && !deepened {
                        depth -= 1;
                        shrunk = true;
                        continue;
                    }
                    let deepen = tasks.len() < target
                        && !shrunk
                        && depth + 1 < rules.limit
                        && depth < grown_at + FLAT_DEPTHS
                        && split_nodes < SPLIT_NODES;
                    if !deepen {
                        break (tasks, None, engine.min_pruned);
                    }
                    depth += 1;
                    deepened = true;
                }
            }
        };
        self.split = depth;

        let best = AtomicUsize::new(if leaf.is_some() {
            tasks.len()
        } else {
            usize::MAX
        });
        // Workers take tasks in canonical order from one counter, so every
        // thread works near the left end, where the answer is.
        let next_task = AtomicUsize::new(0);
        let done = Mutex::new(Vec::with_capacity(tasks.len()));
        let tasks = &tasks;
        let worker = || {
            let mut engine = self.engine(rules);
            let mut mine = Vec::new();
            loop {
                let i = next_task.fetch_add(1, Ordering::Relaxed);
                if i >= tasks.len() || best.load(Ordering::Relaxed) < i {
                    break;
                }
                engine.meter.set_preempt(&best, i);
                engine.path.clone_from(&tasks[i].path);
                engine.root_q = tasks[i].q;
                let end = match engine.run(&tasks[i].state, tasks[i].parent.as_ref()) {
                    Flow::Found => {
                        best.fetch_min(i, Ordering::Relaxed);
                        TaskEnd::Found(std::mem::take(&mut engine.path))
                    }
                    Flow::Fail(_) | Flow::Deferred => TaskEnd::Fail,
                    Flow::Stop(Interrupt::Limit(limit)) => TaskEnd::Stopped(limit),
                    Flow::Stop(Interrupt::Preempted) => TaskEnd::Preempted,
                };
                mine.push((i, end, std::mem::take(&mut engine.stats), engine.min_pruned));
            }
            done.lock().unwrap_or_else(|e| e.into_inner()).extend(mine);
        };
        rayon::scope(|scope| {
            for _ in 1..rayon::current_num_threads() {
                scope.spawn(|_| worker());
            }
            worker();
        });
        let mut results = done.into_inner().unwrap_or_else(|e| e.into_inner());
        results.sort_unstable_by_key(|r| r.0);
        let results = results
            .into_iter()
            .map(|(_, end, stats, next)| (end, stats, next));

        let mut answer = None;
        for (end, task_stats, task_next) in results {
            stats += task_stats;
            if answer.is_some() {
                continue;
            }
            match end {
                TaskEnd::Found(path) => answer = Some(PassEnd::Found(path)),
                TaskEnd::Stopped(limit) => answer = Some(PassEnd::Stopped(limit)),
                TaskEnd::Fail => next = next.min(task_next),
                // Only tasks right of a found solution are preempted.
                TaskEnd::Preempted => {}
            }
        }
        let end = answer.unwrap_or(match leaf {
            Some(path) => PassEnd::Found(path),
            None => PassEnd::Fail { next },
        });
        (end, stats)
    }
}

impl<P: ParallelPuzzle> PassRun<P> for Parallel<'_, P> {
    fn run_pass(&mut self, start: &P::State, rules: Rules) -> (PassEnd<P::Move>, Stats) {
        self.pass(start, rules)
    }
}
