//! Parallel DFS passes on rayon that return exactly the sequential answer.
//!
//! # Design rationale
//! A pass first runs sequentially down to a split depth, keeping every open
//! node there as a task, in canonical order. Preorder makes the tasks'
//! subtrees (and a solution met above the split depth, which ends the split
//! phase) follow each other in lexicographic order, so the answer is the
//! first task in that order that has a solution, as with rayon's
//! `find_map_first`. Tasks wait in a heap ordered by where their stretch
//! of the preorder starts, and workers take the leftmost, so all of them
//! work near the left end. A worker that runs dry is given work by a busy
//! one, which hands over the open children of its shallowest open node as
//! a new task: the stretches stay disjoint and cover the tree. A task that
//! finds a solution publishes it; tasks whose stretch starts to its right
//! stop at their next budget check (or are dropped unstarted), while tasks
//! to its left run to the end, because one of them may hold a smaller
//! answer. The result therefore does not depend on the thread count, on
//! timing or on where hand-overs happen; only the work done does (proof in
//! `docs/strategies.md`). Passes predicted too short to repay threads run
//! on one. Where any shortest solution will do
//! ([`Solver::any_shortest`](crate::Solver::any_shortest)), the first
//! solution any task finds ends the pass: every task stops.

use std::cmp::{Ordering as Order, Reverse};
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::engine::{Engine, Flow, InPlaceFn, Rules, Sink, Task};
use crate::meter::{Ctx, Interrupt, Meter};
use crate::pass::{PassEnd, PassRun, Split, pass_end, predict, split_phase};
use crate::puzzle::{ParallelPuzzle, Puzzle};
use crate::stats::Stats;
use crate::table::{Memo, SharedTable};

/// Aim for this many tasks per thread, so uneven subtrees even out.
const TASKS_PER_THREAD: usize = 64;
/// A pass predicted to take less than this runs on one thread: threads
/// would cost more than they save (waking them, the split phase, the
/// last task's tail).
const SMALL_PASS: Duration = Duration::from_millis(5);
/// How long an idle worker sleeps before it looks for other work on the
/// pool again (a hand-over or the end of the pass wakes it sooner).
const IDLE_WAIT: Duration = Duration::from_millis(1);

/// How one task ended.
enum TaskEnd<M> {
    Found(Vec<M>),
    Fail,
    Stopped(crate::budget::Limit),
    /// Stopped because a task to its left found a solution.
    Preempted,
}

/// A waiting task with where its part of the tree starts ([`Task::start`]),
/// ordered by that alone.
struct Waiting<P: Puzzle> {
    start: Vec<P::Move>,
    task: Task<P>,
}

impl<P: Puzzle> PartialEq for Waiting<P> {
    fn eq(&self, other: &Self) -> bool {
        self.start == other.start
    }
}

impl<P: Puzzle> Eq for Waiting<P> {}

impl<P: Puzzle> PartialOrd for Waiting<P> {
    fn partial_cmp(&self, other: &Self) -> Option<Order> {
        Some(self.cmp(other))
    }
}

impl<P: Puzzle> Ord for Waiting<P> {
    fn cmp(&self, other: &Self) -> Order {
        self.start.cmp(&other.start)
    }
}

/// A finished task: where it started, how it ended, its work and its
/// smallest cut-off.
type Done<P> = (
    Vec<<P as Puzzle>::Move>,
    TaskEnd<<P as Puzzle>::Move>,
    Stats,
    u32,
);

/// What the workers of one pass share, behind one lock.
struct Queue<P: Puzzle> {
    /// Tasks not started, leftmost first.
    waiting: BinaryHeap<Reverse<Waiting<P>>>,
    /// The leftmost solution met so far.
    best: Option<Vec<P::Move>>,
    /// Per worker: where its running task starts.
    running: Vec<Option<Vec<P::Move>>>,
    /// Workers running a task, and workers waiting for one.
    busy: usize,
    sleeping: usize,
    done: Vec<Done<P>>,
}

/// The workers' meeting point: the queue, a wake-up for idle workers, the
/// number of hand-overs wanted (idle workers less waiting tasks, read by
/// every meter) and one stop flag per worker.
struct Pool<P: Puzzle> {
    queue: Mutex<Queue<P>>,
    wake: Condvar,
    wanted: AtomicUsize,
    stops: Vec<AtomicBool>,
    /// Any solution ends the pass, not only those left of every task.
    any: bool,
}

impl<P: Puzzle> Pool<P> {
    fn lock(&self) -> MutexGuard<'_, Queue<P>> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Publishes how many hand-overs are wanted now.
    fn publish(&self, q: &Queue<P>) {
        let wanted = q.sleeping.saturating_sub(q.waiting.len());
        self.wanted.store(wanted, Ordering::Relaxed);
    }

    /// The leftmost waiting task for worker `w`; waits while others run
    /// (one of them may hand work over); `None` when all is done.
    fn next(&self, w: usize) -> Option<(Vec<P::Move>, Task<P>)> {
        let mut q = self.lock();
        loop {
            if let Some(Reverse(Waiting { start, task })) = q.waiting.pop() {
                q.running[w] = Some(start.clone());
                q.busy += 1;
                self.stops[w].store(false, Ordering::Relaxed);
                self.publish(&q);
                return Some((start, task));
            }
            if q.busy == 0 {
                return None;
            }
            // Other work on the pool first (the other starts of a batch):
            // this thread would otherwise idle until a hand-over.
            drop(q);
            let ran = rayon::yield_now() == Some(rayon::Yield::Executed);
            q = self.lock();
            if ran || !q.waiting.is_empty() || q.busy == 0 {
                continue;
            }
            q.sleeping += 1;
            self.publish(&q);
            // Woken by a hand-over or the end of the pass; the timeout
            // looks for other work on the pool again.
            q = match self.wake.wait_timeout(q, IDLE_WAIT) {
                Ok((q, _)) => q,
                Err(e) => e.into_inner().0,
            };
            q.sleeping -= 1;
            self.publish(&q);
        }
    }

    /// Records how worker `w`'s task ended. A solution left of every
    /// other so far stops the running tasks and drops the waiting ones to
    /// its right: none of them can hold the answer.
    fn finish(&self, w: usize, done: Done<P>) {
        let mut q = self.lock();
        q.busy -= 1;
        q.running[w] = None;
        if let TaskEnd::Found(path) = &done.1 {
            if q.best.as_ref().is_none_or(|b| !self.any && path < b) {
                q.best = Some(path.clone());
                let any = self.any;
                for (v, start) in q.running.iter().enumerate() {
                    if start.as_ref().is_some_and(|s| any || s > path) {
                        self.stops[v].store(true, Ordering::Relaxed);
                    }
                }
                q.waiting.retain(|Reverse(t)| !any && t.start < *path);
                self.publish(&q);
            }
        }
        q.done.push(done);
        if q.busy == 0 && q.waiting.is_empty() {
            self.wake.notify_all();
        }
    }
}

impl<P: Puzzle> Sink<P> for Pool<P> {
    fn take(&self, task: Task<P>) {
        let start = task.start();
        let mut q = self.lock();
        // Right of a solution met: it cannot hold the answer (nor any
        // task, where any solution will do).
        if q.best.as_ref().is_some_and(|b| self.any || start > *b) {
            return;
        }
        q.waiting.push(Reverse(Waiting { start, task }));
        self.publish(&q);
        drop(q);
        self.wake.notify_one();
    }
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
    /// Hand work over at every budget check, not only to idle threads (a
    /// test setting; it also keeps every pass parallel).
    eager: bool,
    /// Any shortest solution will do: the first found ends a pass.
    any: bool,
    /// How long the last two passes took (IDA* passes grow, by a factor
    /// that stays about the same from one to the next).
    took: [Option<Duration>; 2],
}

impl<'a, P: ParallelPuzzle> Parallel<'a, P> {
    pub(crate) fn new(
        puzzle: &'a P,
        ctx: &'a Ctx<'a>,
        table_bytes: usize,
        in_place: Option<InPlaceFn<P>>,
        eager: bool,
        any: bool,
    ) -> Self {
        let memo = (table_bytes > 0).then(|| SharedTable::new(table_bytes));
        Self {
            puzzle,
            ctx,
            memo,
            split: 1,
            in_place,
            eager,
            any,
            took: [None, None],
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

    /// One pass: on this thread alone when it should be too short to repay
    /// threads (the answer is the same either way), else in parallel.
    pub(crate) fn pass(&mut self, start: &P::State, rules: Rules) -> (PassEnd<P::Move>, Stats) {
        let began = Instant::now();
        let waits = self.memo.as_ref().map_or(0, SharedTable::waits);
        let small = !self.eager && predict(self.took).is_some_and(|t| t < SMALL_PASS);
        let (end, mut stats) = if small {
            let mut engine = self.engine(rules);
            let flow = engine.run(start, None);
            (pass_end(&mut engine, flow), engine.stats)
        } else {
            self.parallel_pass(start, rules)
        };
        stats.table_waits += self.memo.as_ref().map_or(0, SharedTable::waits) - waits;
        self.took = [self.took[1], Some(began.elapsed())];
        (end, stats)
    }

    /// One pass over every thread: a split phase, then tasks.
    fn parallel_pass(&mut self, start: &P::State, rules: Rules) -> (PassEnd<P::Move>, Stats) {
        let target = rayon::current_num_threads().max(2) * TASKS_PER_THREAD;
        let mut stats = Stats::default();
        let mut split = self.split;
        let phase = split_phase(
            &|| self.engine(rules),
            start,
            rules,
            target,
            &mut split,
            &mut stats,
        );
        self.split = split;
        let (tasks, leaf, mut next) = match phase {
            Split::Done(end) => return (end, stats),
            // A solution met in the split phase will do.
            Split::Tasks {
                leaf: Some(path), ..
            } if self.any => return (PassEnd::Found(path), stats),
            Split::Tasks { tasks, leaf, next } => (tasks, leaf, next),
        };

        let threads = rayon::current_num_threads();
        let waiting = tasks
            .into_iter()
            .map(|task| {
                Reverse(Waiting {
                    start: task.start(),
                    task,
                })
            })
            .collect();
        let pool = Pool {
            queue: Mutex::new(Queue {
                waiting,
                best: leaf.clone(),
                running: vec![None; threads],
                busy: 0,
                sleeping: 0,
                done: Vec::new(),
            }),
            wake: Condvar::new(),
            wanted: AtomicUsize::new(0),
            stops: (0..threads).map(|_| AtomicBool::new(false)).collect(),
            any: self.any,
        };
        let worker = |w: usize| {
            let mut engine = self.engine(rules);
            engine.meter.share(&pool.stops[w], &pool.wanted, self.eager);
            engine.sink = Some(&pool);
            while let Some((start, task)) = pool.next(w) {
                engine.path.clone_from(&task.path);
                engine.root_q = task.q;
                engine.root_from = task.from;
                engine.meter.check_next();
                let end = match engine.run(&task.state, task.parent.as_ref()) {
                    Flow::Found => TaskEnd::Found(std::mem::take(&mut engine.path)),
                    Flow::Fail(_) | Flow::Deferred => TaskEnd::Fail,
                    Flow::Stop(Interrupt::Limit(limit)) => TaskEnd::Stopped(limit),
                    // The loops act on a hand-over and go on.
                    Flow::Stop(Interrupt::Preempted | Interrupt::HandOver) => TaskEnd::Preempted,
                };
                let stats = std::mem::take(&mut engine.stats);
                pool.finish(w, (start, end, stats, engine.min_pruned));
            }
        };
        rayon::scope(|scope| {
            for w in 1..threads {
                let worker = &worker;
                scope.spawn(move |_| worker(w));
            }
            worker(0);
        });
        let mut results = pool
            .queue
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .done;
        results.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        if self.any && results.iter().any(|r| matches!(r.1, TaskEnd::Found(_))) {
            // Any solution found is the answer: every other task stopped
            // for it (tasks left of it too).
            let mut answer = None;
            for (_, end, task_stats, _) in results {
                stats += task_stats;
                if let (None, TaskEnd::Found(path)) = (&answer, end) {
                    answer = Some(PassEnd::Found(path));
                }
            }
            return (answer.unwrap_or(PassEnd::Fail { next }), stats);
        }
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
