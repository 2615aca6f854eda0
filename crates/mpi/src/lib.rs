//! Searches of `puzzle-search` split over MPI ranks, with the sequential
//! answer whatever the number of ranks.
//!
//! The core splits each DFS pass (DFS to a limit, or one IDA* threshold)
//! into ordered, portable parts ([`puzzle_search_core::portable`]); this
//! crate runs them on every rank. The root (rank 0) runs the search:
//! the split phase, the merge and the next threshold, as
//! [`Solver::solve_by_parts`] does; every rank (the root included) searches
//! parts with its own threads, each thread keeping its transposition table
//! from part to part of one start. Parts are handed out leftmost first as
//! threads run dry (no fixed split: a rank that finishes early gets more),
//! none right of a part that found a solution; once none waits, running
//! parts hand the right end of their work over to the ranks running dry.
//! A batch ([`Cluster::solve_batch`]) runs several searches at once, their
//! parts on every rank.
//!
//! Every rank runs the same program. A *job* is one search: the root says
//! what to search in a few bytes of its own making ([`Cluster::solve`]),
//! the other ranks read them ([`Cluster::next_job`]), build the same puzzle,
//! start and solver, and serve parts until the job ends
//! ([`Cluster::serve`]). [`Cluster::finish`] ends the jobs.
//!
//! ```no_run
//! use puzzle_search_core::{Solver, Strategy, from_fn};
//! use puzzle_search_mpi::{Cluster, Work};
//! // A counter: +1, +2 or +3; the goal is the number the job names.
//! let counter = |goal: u32| {
//!     from_fn(
//!         |s: &u32, out: &mut Vec<(u8, u32)>| out.extend((1..=3).map(|d| (d, s + u32::from(d)))),
//!         move |s: &u32| *s == goal,
//!     )
//! };
//! let solver = Solver::new(Strategy::ida());
//! let cluster = Cluster::init(1)?;
//! if cluster.is_root() {
//!     for goal in [10u32, 20] {
//!         let report = cluster.solve(&goal.to_le_bytes(), &solver, &counter(goal), &0);
//!         println!("{:?}", report.solution());
//!     }
//!     cluster.finish();
//! } else {
//!     while let Some(Work::Search(job)) = cluster.next_job() {
//!         let goal = u32::from_le_bytes(job[..4].try_into().expect("4 bytes"));
//!         cluster.serve(&solver, &counter(goal), &0);
//!     }
//! }
//! # Ok::<(), puzzle_search_mpi::ClusterError>(())
//! ```
//! Run as `mpirun -np 4 PROGRAM` (or `srun` under Slurm):
//! `docs/distributed.md` in the repository.

use std::cell::Cell;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mpi::collective::{CommunicatorCollectives, SystemOperation};
use mpi::datatype::{Partition, PartitionMut};
use mpi::environment::Universe;
use mpi::point_to_point::{Destination, MatchedReceiveVec, Source, Status};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::{Count, Threading};
use puzzle_search_core::portable::{
    Part, PartEnd, PartError, PartReport, PartRunner, PartSearcher,
};
use puzzle_search_core::{Census, InPlace, Limit, ParallelPuzzle, Puzzle, Report, Solver, Stats};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A rank's searcher threads, sent to the root at start-up.
const TAG_HELLO: i32 = 1;
/// Root to rank: a job's bytes.
const TAG_JOB: i32 = 2;
/// Root to rank: a part to search.
const TAG_PART: i32 = 3;
/// Rank to root: a part's report.
const TAG_REPORT: i32 = 4;
/// Root to rank: the job is over (no part of it is out).
const TAG_JOB_DONE: i32 = 5;
/// Root to rank: no more jobs.
const TAG_END: i32 = 6;
/// Root to rank: stop the parts of a pass that start right of this move
/// sequence (`(pass, moves)`).
const TAG_STOP: i32 = 7;
/// Root to rank: a map starts.
const TAG_MAP: i32 = 8;
/// Root to rank: an item of a map.
const TAG_ITEM: i32 = 9;
/// Rank to root: an item's result.
const TAG_RESULT: i32 = 10;
/// Root to rank: a census starts.
const TAG_CENSUS: i32 = 11;
/// Root to rank: hand work over from a part (`(pass, id)`).
const TAG_ASK: i32 = 12;

/// What the root asks of the other ranks next ([`Cluster::next_job`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Work {
    /// A search split into parts, with the root's bytes naming it: build
    /// the puzzle, start and solver, then [`Cluster::serve`].
    Search(Vec<u8>),
    /// A [`Cluster::map`], with the root's bytes naming what its items
    /// are for: call [`Cluster::serve_map`].
    Map(Vec<u8>),
    /// A [`Cluster::census`], with the root's bytes naming the puzzle and
    /// start: call [`Cluster::serve_census`].
    Census(Vec<u8>),
}

/// Starts `threads` threads in `scope` that apply `f` to the items of
/// `items` and send the results to `done`.
fn spawn_mappers<'s, 'e: 's>(
    scope: &'s std::thread::Scope<'s, 'e>,
    threads: usize,
    f: &'e (dyn Fn(&[u8]) -> Vec<u8> + Sync),
    items: Receiver<(u32, Vec<u8>)>,
    done: Sender<(u32, Vec<u8>)>,
) {
    let items = Arc::new(Mutex::new(items));
    for _ in 0..threads {
        let (items, done) = (items.clone(), done.clone());
        scope.spawn(move || {
            loop {
                let next = items.lock().map(|rx| rx.recv());
                let Ok(Ok((i, item))) = next else {
                    break;
                };
                if done.send((i, f(&item))).is_err() {
                    break;
                }
            }
        });
    }
}
/// How long a rank's main thread first waits when nothing arrived (it
/// polls MPI and waits on its threads in turn; the threads do the work);
/// the wait doubles while nothing arrives, up to [`IDLE_MAX`], unless the
/// rank's threads have nothing to do (then the core is free, and the
/// sooner it sees work the better). A report of its own threads wakes it
/// at once. (With one core per rank, as `mpirun` binds by default, a main
/// thread waking every 50 us while its thread searched took 40% of the
/// searcher's time.)
const IDLE: Duration = Duration::from_micros(20);
/// The longest wait between two looks at MPI.
const IDLE_MAX: Duration = Duration::from_millis(1);
/// The main thread's wait between two looks at MPI (see [`IDLE`]).
struct Backoff(Duration);

impl Default for Backoff {
    fn default() -> Self {
        Self(IDLE)
    }
}

impl Backoff {
    /// After a look at MPI and the threads: when something happened
    /// (`busy`), nothing; else waits up to the current wait for what this
    /// rank's threads send on `done`, and doubles the wait when nothing
    /// came, unless the threads are `idle`.
    fn wait<T>(&mut self, busy: bool, idle: bool, done: &Receiver<T>) -> Option<T> {
        if busy {
            self.0 = IDLE;
            return None;
        }
        match done.recv_timeout(self.0) {
            Ok(finished) => {
                self.0 = IDLE;
                Some(finished)
            }
            Err(_) => {
                self.0 = if idle {
                    IDLE
                } else {
                    (self.0 * 2).min(IDLE_MAX)
                };
                None
            }
        }
    }
}

/// The rank the next part or item goes to: of the ranks holding fewer
/// than `per_thread` a thread (`held`, `threads` per rank), the one that
/// holds fewest a thread.
fn fewest(held: &[usize], threads: &[usize], per_thread: usize) -> Option<usize> {
    (0..held.len())
        .filter(|&r| held[r] < threads[r] * per_thread)
        .min_by_key(|&r| (held[r] * 1024 / threads[r], r))
}

/// Items of a map a rank holds per searcher thread: one worked on and one
/// waiting, so that a thread that finishes one starts the next without
/// waiting for the root to hear of it.
const QUEUED: usize = 2;

/// How long a part takes to reach a rank's thread after another part of
/// that rank ended, at worst: the rank's and then the root's main thread
/// each look at MPI at least every [`IDLE_MAX`], plus the messages. A rank
/// holds enough parts per thread to keep it busy that long.
const LATENCY: Duration = Duration::from_millis(3);
/// The most parts a rank holds per thread (a queued part cannot move to
/// another rank: at the end of a pass only hand-overs even work out).
const MOST_QUEUED: usize = 32;

/// Why the cluster could not start.
#[derive(Debug)]
pub struct ClusterError(String);

impl fmt::Display for ClusterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ClusterError {}

/// This process's place among the ranks of an MPI job, and what it knows
/// of the others. Made once per process by [`Cluster::init`]; MPI ends
/// when it is dropped.
pub struct Cluster {
    world: SimpleCommunicator,
    /// Per rank, its searcher threads (known on the root only).
    threads: Vec<usize>,
    /// This rank's searcher threads.
    own: usize,
    /// The root said no more jobs, or was told so.
    ended: Cell<bool>,
    /// Jobs started (the root numbers each job's passes from it).
    passes: Cell<u64>,
    // Last: MPI is finalised when the universe drops, after the world.
    _universe: Universe,
}

impl fmt::Debug for Cluster {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cluster")
            .field("rank", &self.rank())
            .field("size", &self.size())
            .field("threads", &self.own)
            .finish()
    }
}

/// Runs `f` with a part searcher of `solver`: the plain loop or, for
/// [`InPlace`] puzzles, the in-place one.
type With<P> = fn(
    &Solver,
    &P,
    &<P as Puzzle>::State,
    &mut dyn FnMut(&mut PartSearcher<'_, P>),
) -> Result<(), PartError>;

fn plain<P: Puzzle>(
    solver: &Solver,
    puzzle: &P,
    start: &P::State,
    f: &mut dyn FnMut(&mut PartSearcher<'_, P>),
) -> Result<(), PartError> {
    solver.part_searcher(puzzle, start, f)
}

fn in_place<P: InPlace>(
    solver: &Solver,
    puzzle: &P,
    start: &P::State,
    f: &mut dyn FnMut(&mut PartSearcher<'_, P>),
) -> Result<(), PartError> {
    solver.part_searcher_in_place(puzzle, start, f)
}

/// Round `round` of sending `bytes[r]` to each rank `r` in pieces of at
/// most `chunk` bytes (empty once a message is all sent).
fn round_slices(bytes: &[Vec<u8>], chunk: usize, round: usize) -> Vec<&[u8]> {
    bytes
        .iter()
        .map(|b| {
            let from = round.saturating_mul(chunk).min(b.len());
            &b[from..from.saturating_add(chunk).min(b.len())]
        })
        .collect()
}

/// Where each of `counts`' segments starts in their concatenation.
fn offsets(counts: &[Count]) -> Vec<Count> {
    counts
        .iter()
        .scan(0, |at, &n| {
            let here = *at;
            *at += n;
            Some(here)
        })
        .collect()
}

/// A part with where it belongs: the pass, the start it is a part of (its
/// index in the job's starts), its number in the pass, the limit.
type Job<M> = (u64, u32, u32, u32, Part<M>);

/// Every part of a pass with its report (none for a part left
/// unsearched), as a [`PartRunner`] returns them.
type Searched<M> = Vec<(Part<M>, Option<PartReport<M>>)>;

/// A rank's searcher threads: their queue of parts and what stops their
/// parts right of a solution and asks them for work.
type Searchers<M> = (Sender<Job<M>>, Arc<Control<M>>);

/// Where a rank's searcher threads send what they hand over and their
/// reports, and what wraps them for it.
type Outbox<M, E> = (Sender<E>, fn(Sent<M>) -> E);

/// What a searcher thread sends the root, in the order it happens (one
/// channel, then one tag: a part handed over always arrives before the
/// report of the part it came from).
#[derive(Serialize, Deserialize)]
enum Sent<M> {
    /// A part handed over by the search of part `.1` of pass `.0`.
    Split(u64, u32, Part<M>),
    /// The report of part `.1` of pass `.0`.
    Done(u64, u32, PartReport<M>),
}

fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    bincode::serialize(value).expect("parts and reports always serialise")
}

fn decode<T: DeserializeOwned>(bytes: &[u8], what: &str) -> T {
    bincode::deserialize(bytes).unwrap_or_else(|e| {
        panic!("a {what} message that does not decode ({e}): ranks running different programs?")
    })
}

impl Cluster {
    /// Starts MPI (threads may run, only this one calls MPI) and tells the
    /// root how many searcher `threads` this rank runs (at least 1).
    ///
    /// # Errors
    /// When MPI cannot start, or was started already in this process.
    pub fn init(threads: usize) -> Result<Self, ClusterError> {
        let (universe, level) = mpi::initialize_with_threading(Threading::Funneled)
            .ok_or_else(|| ClusterError("MPI could not start (or was started already)".into()))?;
        if level < Threading::Funneled {
            return Err(ClusterError(format!(
                "this MPI offers no threads beside the main one ({level:?})"
            )));
        }
        let world = universe.world();
        let threads = threads.max(1);
        let size = world.size() as usize;
        let mut all = vec![0; size];
        all[world.rank() as usize] = threads;
        if world.rank() == 0 {
            for _ in 1..size {
                let (bytes, status): (Vec<u8>, Status) =
                    world.any_process().receive_vec_with_tag(TAG_HELLO);
                all[status.source_rank() as usize] = decode::<u32>(&bytes, "hello") as usize;
            }
        } else {
            world
                .process_at_rank(0)
                .send_with_tag(&encode(&(threads as u32))[..], TAG_HELLO);
        }
        Ok(Self {
            world,
            threads: all,
            own: threads,
            ended: Cell::new(false),
            passes: Cell::new(0),
            _universe: universe,
        })
    }

    /// This process's rank, `0..size()`.
    pub fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    /// The number of ranks.
    pub fn size(&self) -> usize {
        self.world.size() as usize
    }

    /// The searcher threads of every rank together (as the root knows
    /// them; this rank's own elsewhere).
    pub fn total_threads(&self) -> usize {
        if self.is_root() {
            self.threads.iter().sum()
        } else {
            self.own
        }
    }

    /// Whether this is the root (rank 0), which runs the searches.
    pub fn is_root(&self) -> bool {
        self.world.rank() == 0
    }

    /// The root: searches `start` of `puzzle` with `solver` over every
    /// rank (each rank's threads search parts with the plain loop) and
    /// returns what `solver.solve_sequential` would: the same outcome;
    /// the statistics add up every rank's work. The other ranks get `job`
    /// from [`next_job`](Self::next_job) and must [`serve`](Self::serve)
    /// the same puzzle, start and solver. Strategies other than DFS and
    /// IDA* run on the root alone.
    ///
    /// # Panics
    /// On a rank other than the root, or after [`finish`](Self::finish).
    pub fn solve<P>(
        &self,
        job: &[u8],
        solver: &Solver,
        puzzle: &P,
        start: &P::State,
    ) -> Report<P::Move>
    where
        P: ParallelPuzzle,
        P::Move: Serialize + DeserializeOwned + 'static,
    {
        self.solve_with(job, solver, puzzle, start, plain::<P>)
    }

    /// [`solve`](Self::solve) with the parts searched by the in-place
    /// loop on every rank (the other ranks call
    /// [`serve_in_place`](Self::serve_in_place)).
    ///
    /// # Panics
    /// As `solve`.
    pub fn solve_in_place<P>(
        &self,
        job: &[u8],
        solver: &Solver,
        puzzle: &P,
        start: &P::State,
    ) -> Report<P::Move>
    where
        P: ParallelPuzzle + InPlace,
        P::Move: Serialize + DeserializeOwned + 'static,
    {
        self.solve_with(job, solver, puzzle, start, in_place::<P>)
    }

    fn solve_with<P>(
        &self,
        job: &[u8],
        solver: &Solver,
        puzzle: &P,
        start: &P::State,
        with: With<P>,
    ) -> Report<P::Move>
    where
        P: ParallelPuzzle,
        P::Move: Serialize + DeserializeOwned + 'static,
    {
        assert!(self.is_root(), "Cluster::solve runs on the root (rank 0)");
        let starts = std::slice::from_ref(start);
        let mut reports = self.batch_with(job, solver, puzzle, starts, with, &|_, _| ());
        reports.pop().expect("one search, one report")
    }

    /// The root: searches each of `starts` of `puzzle` with `solver` over
    /// every rank and returns, in their order, what `solver.solve_sequential`
    /// would for each. The searches run at once, each split into parts (the
    /// parts of earlier starts first): a rank that runs dry takes parts of
    /// any, so a batch does not wait for its slowest search on one thread.
    /// `done(i, report)` is called as search `i` ends (from another thread).
    /// The other ranks get `job` from [`next_job`](Self::next_job) and must
    /// [`serve_batch`](Self::serve_batch) the same puzzle, starts and
    /// solver.
    ///
    /// # Panics
    /// On a rank other than the root, or after [`finish`](Self::finish).
    pub fn solve_batch<P>(
        &self,
        job: &[u8],
        solver: &Solver,
        puzzle: &P,
        starts: &[P::State],
        done: &(dyn Fn(usize, &Report<P::Move>) + Sync),
    ) -> Vec<Report<P::Move>>
    where
        P: ParallelPuzzle,
        P::Move: Serialize + DeserializeOwned + 'static,
    {
        self.batch_with(job, solver, puzzle, starts, plain::<P>, done)
    }

    /// [`solve_batch`](Self::solve_batch) with the parts searched by the
    /// in-place loop on every rank (the other ranks call
    /// [`serve_batch_in_place`](Self::serve_batch_in_place)).
    ///
    /// # Panics
    /// As `solve_batch`.
    pub fn solve_batch_in_place<P>(
        &self,
        job: &[u8],
        solver: &Solver,
        puzzle: &P,
        starts: &[P::State],
        done: &(dyn Fn(usize, &Report<P::Move>) + Sync),
    ) -> Vec<Report<P::Move>>
    where
        P: ParallelPuzzle + InPlace,
        P::Move: Serialize + DeserializeOwned + 'static,
    {
        self.batch_with(job, solver, puzzle, starts, in_place::<P>, done)
    }

    fn batch_with<P>(
        &self,
        job: &[u8],
        solver: &Solver,
        puzzle: &P,
        starts: &[P::State],
        with: With<P>,
        done: &(dyn Fn(usize, &Report<P::Move>) + Sync),
    ) -> Vec<Report<P::Move>>
    where
        P: ParallelPuzzle,
        P::Move: Serialize + DeserializeOwned + 'static,
    {
        assert!(
            self.is_root(),
            "Cluster::solve_batch runs on the root (rank 0)"
        );
        assert!(!self.ended.get(), "Cluster::solve after finish");
        for r in 1..self.size() {
            self.world
                .process_at_rank(r as i32)
                .send_with_tag(job, TAG_JOB);
        }
        let n = starts.len();
        let reports: Mutex<Vec<Option<Report<P::Move>>>> =
            Mutex::new((0..n).map(|_| None).collect());
        let wanted = self.total_threads() * 32;
        let next = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            let (events, arrived) = mpsc::channel::<Event<P::Move>>();
            let (parts, control) = self.spawn_searchers(
                scope,
                solver,
                puzzle,
                starts,
                with,
                (events.clone(), Event::Sent),
            );
            // The drivers: each runs one search after another, its passes
            // split by the scheduler below; one more than the threads, so
            // that parts of the next search wait while one merges.
            let (next, reports) = (&next, &reports);
            for _ in 0..n.min(self.total_threads() + 1) {
                let events = events.clone();
                scope.spawn(move || {
                    loop {
                        let i = next.fetch_add(1, Ordering::SeqCst);
                        if i >= n {
                            break;
                        }
                        // Says the search ended even if it panicked, so
                        // that the scheduler stops (the panic then shows).
                        let _ended = Ended(&events);
                        let driver = Driver {
                            start: i as u32,
                            events: &events,
                            most: wanted,
                        };
                        let report = solver.solve_by_parts(puzzle, &starts[i], &driver);
                        done(i, &report);
                        reports.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(report);
                    }
                });
            }
            drop(events);
            Scheduler::new(self, parts, control).run(&arrived, n);
        });
        for r in 1..self.size() {
            self.world
                .process_at_rank(r as i32)
                .send_with_tag(&[0u8][..], TAG_JOB_DONE);
        }
        reports
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .into_iter()
            .map(|r| r.expect("every search answered"))
            .collect()
    }

    /// The root: tells every other rank that there are no more jobs (their
    /// [`next_job`](Self::next_job) returns `None`). Also done when the
    /// root's cluster is dropped.
    pub fn finish(&self) {
        if self.is_root() && !self.ended.replace(true) {
            for r in 1..self.size() {
                self.world
                    .process_at_rank(r as i32)
                    .send_with_tag(&[0u8][..], TAG_END);
            }
        }
    }

    /// A rank other than the root: waits for the root's next job and
    /// returns it, or `None` when there are no more.
    ///
    /// # Panics
    /// On the root.
    pub fn next_job(&self) -> Option<Work> {
        assert!(
            !self.is_root(),
            "Cluster::next_job runs on ranks other than the root"
        );
        if self.ended.get() {
            return None;
        }
        let probed = self.world.process_at_rank(0).matched_probe();
        let (bytes, status): (Vec<u8>, Status) = probed.matched_receive_vec();
        match status.tag() {
            TAG_JOB => Some(Work::Search(bytes)),
            TAG_MAP => Some(Work::Map(bytes)),
            TAG_CENSUS => Some(Work::Census(bytes)),
            TAG_END => {
                self.ended.set(true);
                None
            }
            tag => panic!(
                "rank {}: message tag {tag} where a job was due",
                self.rank()
            ),
        }
    }

    /// The root: `f` applied to every item, on every rank's threads (each
    /// item whole on one thread, handed out as threads run dry), the
    /// results in the items' order. The other ranks get [`Work::Map`] with
    /// `job` from [`next_job`](Self::next_job) and must
    /// [`serve_map`](Self::serve_map) with the same `f`. For batches of
    /// searches: `job` the puzzle, each item one start, each result its
    /// encoded report; each search then runs whole on one thread (no
    /// messages while it runs, but the batch ends with its slowest
    /// search), where [`solve_batch`](Self::solve_batch) splits them all
    /// over every rank.
    ///
    /// # Panics
    /// On a rank other than the root, or after [`finish`](Self::finish).
    pub fn map(
        &self,
        job: &[u8],
        items: &[Vec<u8>],
        f: &(dyn Fn(&[u8]) -> Vec<u8> + Sync),
    ) -> Vec<Vec<u8>> {
        assert!(self.is_root(), "Cluster::map runs on the root (rank 0)");
        assert!(!self.ended.get(), "Cluster::map after finish");
        for r in 1..self.size() {
            self.world
                .process_at_rank(r as i32)
                .send_with_tag(job, TAG_MAP);
        }
        let mut results: Vec<Option<Vec<u8>>> = vec![None; items.len()];
        std::thread::scope(|scope| {
            let (item_tx, item_rx) = mpsc::channel::<(u32, Vec<u8>)>();
            let (done_tx, done_rx) = mpsc::channel::<(u32, Vec<u8>)>();
            spawn_mappers(scope, self.own, f, item_rx, done_tx);
            let total: usize = self.threads.iter().sum();
            let mut held = vec![0; self.size()];
            let (mut next, mut out, mut wait) = (0usize, 0usize, Backoff::default());
            loop {
                while next < items.len() {
                    // While items are plenty, each thread holds one behind
                    // the one it works on; the last ones go to idle threads
                    // only (an item queued on a busy rank could not move to
                    // one that ran dry).
                    let per_thread = if items.len() - next > total * QUEUED {
                        QUEUED
                    } else {
                        1
                    };
                    let Some(rank) = fewest(&held, &self.threads, per_thread) else {
                        break;
                    };
                    held[rank] += 1;
                    out += 1;
                    let item = (next as u32, items[next].clone());
                    self.hand_out(rank, item, &item_tx, TAG_ITEM);
                    next += 1;
                }
                if out == 0 {
                    break;
                }
                let arrived = self.arrivals(&done_rx, TAG_RESULT, &mut wait, held[0] == 0);
                for (rank, (i, result)) in arrived {
                    held[rank] -= 1;
                    out -= 1;
                    results[i as usize] = Some(result);
                }
            }
            drop(item_tx);
        });
        for r in 1..self.size() {
            self.world
                .process_at_rank(r as i32)
                .send_with_tag(&[0u8][..], TAG_JOB_DONE);
        }
        results
            .into_iter()
            .map(|r| r.expect("every item answered"))
            .collect()
    }

    /// A rank other than the root: applies `f` to the items of the
    /// current [`map`](Self::map) on this rank's threads until it ends.
    ///
    /// # Panics
    /// On the root.
    pub fn serve_map(&self, f: &(dyn Fn(&[u8]) -> Vec<u8> + Sync)) {
        assert!(
            !self.is_root(),
            "Cluster::serve_map runs on ranks other than the root"
        );
        std::thread::scope(|scope| {
            let (item_tx, item_rx) = mpsc::channel::<(u32, Vec<u8>)>();
            let (done_tx, done_rx) = mpsc::channel::<(u32, Vec<u8>)>();
            spawn_mappers(scope, self.own, f, item_rx, done_tx);
            self.serve_loop(
                &done_rx,
                TAG_RESULT,
                || false,
                |tag, bytes| match tag {
                    TAG_ITEM => {
                        let item: (u32, Vec<u8>) = decode(bytes, "item");
                        item_tx.send(item).expect("the threads run");
                    }
                    tag => panic!("rank {}: message tag {tag} during a map", self.rank()),
                },
            );
            drop(item_tx);
        });
    }

    /// The root: how many states lie at each distance from `start`, as
    /// `Solver::census` counts them, with the states spread over every
    /// rank by a hash (each rank keeps its share in a hash set: at most
    /// `max_states` per rank, else the census stops with
    /// `Limit::States` after its last complete layer). Layer by layer,
    /// each rank expands its share of the frontier and sends each child to
    /// the rank that owns it (one all-to-all exchange a layer). The other
    /// ranks get [`Work::Census`] with `job` and must
    /// [`serve_census`](Self::serve_census) the same puzzle and start.
    ///
    /// # Panics
    /// On a rank other than the root, or after [`finish`](Self::finish).
    pub fn census<P>(&self, job: &[u8], puzzle: &P, start: &P::State, max_states: usize) -> Census
    where
        P: Puzzle,
        P::State: Serialize + DeserializeOwned,
    {
        assert!(self.is_root(), "Cluster::census runs on the root (rank 0)");
        assert!(!self.ended.get(), "Cluster::census after finish");
        for r in 1..self.size() {
            self.world
                .process_at_rank(r as i32)
                .send_with_tag(job, TAG_CENSUS);
        }
        self.census_here(puzzle, start, max_states)
    }

    /// A rank other than the root: its share of the current
    /// [`census`](Self::census) (the same puzzle, start and `max_states`).
    ///
    /// # Panics
    /// On the root.
    pub fn serve_census<P>(&self, puzzle: &P, start: &P::State, max_states: usize)
    where
        P: Puzzle,
        P::State: Serialize + DeserializeOwned,
    {
        assert!(
            !self.is_root(),
            "Cluster::serve_census runs on ranks other than the root"
        );
        self.census_here(puzzle, start, max_states);
    }

    /// Every rank's part of a census; every rank gets the whole result.
    fn census_here<P>(&self, puzzle: &P, start: &P::State, max_states: usize) -> Census
    where
        P: Puzzle,
        P::State: Serialize + DeserializeOwned,
    {
        let began = Instant::now();
        let (size, me) = (self.size(), self.rank());
        // The same hash on every rank (fixed keys), so all agree who owns
        // a state.
        let owner = |state: &P::State| {
            let mut h = DefaultHasher::new();
            state.hash(&mut h);
            (h.finish() % size as u64) as usize
        };
        let mut seen: HashSet<P::State> = HashSet::new();
        let mut frontier = Vec::new();
        if owner(start) == me {
            seen.insert(start.clone());
            frontier.push(start.clone());
        }
        let mut layers = vec![1u64];
        let (mut stopped, mut stats) = (None, Stats::default());
        let mut children = Vec::new();
        loop {
            let mut out: Vec<Vec<P::State>> = (0..size).map(|_| Vec::new()).collect();
            for state in frontier.drain(..) {
                children.clear();
                puzzle.successors(&state, &mut children);
                stats.expanded += 1;
                stats.generated += children.len() as u64;
                for (_, child) in children.drain(..) {
                    out[owner(&child)].push(child);
                }
            }
            // This rank's own children stay here, not encoded.
            let mut arrived = std::mem::take(&mut out[me]);
            arrived.extend(self.exchange(out));
            let mut full = false;
            for child in arrived {
                if seen.contains(&child) {
                    stats.duplicates += 1;
                } else if seen.len() >= max_states {
                    full = true;
                } else {
                    seen.insert(child.clone());
                    frontier.push(child);
                }
            }
            let layer = self.sum(frontier.len() as u64);
            if self.sum(u64::from(full)) > 0 {
                stopped = Some(Limit::States);
                break;
            }
            if layer == 0 {
                break;
            }
            layers.push(layer);
        }
        stats.expanded = self.sum(stats.expanded);
        stats.generated = self.sum(stats.generated);
        stats.duplicates = self.sum(stats.duplicates);
        stats.peak_visited = self.sum(seen.len() as u64);
        stats.peak_frontier = layers.iter().copied().max().unwrap_or(0);
        stats.elapsed = began.elapsed();
        Census::new(layers, stopped, stats)
    }

    /// `value` summed over every rank.
    fn sum(&self, value: u64) -> u64 {
        let mut total = 0u64;
        self.world
            .all_reduce_into(&value, &mut total, SystemOperation::sum());
        total
    }

    /// Sends `out[r]` to rank `r` and returns what every rank sent here
    /// (one all-to-all exchange; every rank calls it).
    fn exchange<T: Serialize + DeserializeOwned>(&self, out: Vec<Vec<T>>) -> Vec<T> {
        let bytes: Vec<Vec<u8>> = out.iter().map(encode).collect();
        // MPI counts and offsets are 32-bit: rounds of at most `chunk`
        // bytes to each rank, so that one round's whole buffer fits too,
        // as many rounds as the largest message of any rank needs.
        let chunk = (Count::MAX as usize / bytes.len().max(1)).max(1);
        let longest = bytes.iter().map(Vec::len).max().unwrap_or(0);
        let rounds = self.max(longest.div_ceil(chunk).max(1) as u64);
        let mut received: Vec<Vec<u8>> = vec![Vec::new(); bytes.len()];
        for round in 0..rounds as usize {
            let slices = round_slices(&bytes, chunk, round);
            // Each slice is at most `chunk` bytes, and all together at most
            // `Count::MAX`: the conversions below cannot truncate.
            let counts: Vec<Count> = slices.iter().map(|s| s.len() as Count).collect();
            let mut got = vec![0 as Count; counts.len()];
            self.world.all_to_all_into(&counts[..], &mut got[..]);
            let (send_at, recv_at) = (offsets(&counts), offsets(&got));
            let send: Vec<u8> = slices.concat();
            let mut recv = vec![0u8; got.iter().map(|&n| n as usize).sum()];
            {
                let sent = Partition::new(&send[..], &counts[..], &send_at[..]);
                let mut into = PartitionMut::new(&mut recv[..], &got[..], &recv_at[..]);
                self.world.all_to_all_varcount_into(&sent, &mut into);
            }
            for ((from, at), n) in received.iter_mut().zip(&recv_at).zip(&got) {
                from.extend_from_slice(&recv[*at as usize..(*at + *n) as usize]);
            }
        }
        let mut all = Vec::new();
        for part in received {
            all.extend(decode::<Vec<T>>(&part, "census layer"));
        }
        all
    }

    /// The largest of `value` over every rank.
    fn max(&self, value: u64) -> u64 {
        let mut most = 0u64;
        self.world
            .all_reduce_into(&value, &mut most, SystemOperation::max());
        most
    }

    /// A rank other than the root: searches the parts of the current job
    /// (the root's [`solve`](Self::solve) of `puzzle` from `start` with a
    /// solver like `solver`) until the job ends.
    ///
    /// # Panics
    /// On the root; when a part is not one of this puzzle and start (the
    /// ranks disagree on the job).
    pub fn serve<P>(&self, solver: &Solver, puzzle: &P, start: &P::State)
    where
        P: ParallelPuzzle,
        P::Move: Serialize + DeserializeOwned + 'static,
    {
        self.serve_with(solver, puzzle, std::slice::from_ref(start), plain::<P>);
    }

    /// [`serve`](Self::serve) with the in-place loop (the root calls
    /// [`solve_in_place`](Self::solve_in_place)).
    ///
    /// # Panics
    /// As `serve`.
    pub fn serve_in_place<P>(&self, solver: &Solver, puzzle: &P, start: &P::State)
    where
        P: ParallelPuzzle + InPlace,
        P::Move: Serialize + DeserializeOwned + 'static,
    {
        self.serve_with(solver, puzzle, std::slice::from_ref(start), in_place::<P>);
    }

    /// A rank other than the root: searches the parts of the current job
    /// (the root's [`solve_batch`](Self::solve_batch) of `puzzle` from
    /// `starts`, the same starts in the same order, with a solver like
    /// `solver`) until the job ends.
    ///
    /// # Panics
    /// As `serve`.
    pub fn serve_batch<P>(&self, solver: &Solver, puzzle: &P, starts: &[P::State])
    where
        P: ParallelPuzzle,
        P::Move: Serialize + DeserializeOwned + 'static,
    {
        self.serve_with(solver, puzzle, starts, plain::<P>);
    }

    /// [`serve_batch`](Self::serve_batch) with the in-place loop (the root
    /// calls [`solve_batch_in_place`](Self::solve_batch_in_place)).
    ///
    /// # Panics
    /// As `serve`.
    pub fn serve_batch_in_place<P>(&self, solver: &Solver, puzzle: &P, starts: &[P::State])
    where
        P: ParallelPuzzle + InPlace,
        P::Move: Serialize + DeserializeOwned + 'static,
    {
        self.serve_with(solver, puzzle, starts, in_place::<P>);
    }

    fn serve_with<P>(&self, solver: &Solver, puzzle: &P, starts: &[P::State], with: With<P>)
    where
        P: ParallelPuzzle,
        P::Move: Serialize + DeserializeOwned + 'static,
    {
        assert!(
            !self.is_root(),
            "Cluster::serve runs on ranks other than the root"
        );
        std::thread::scope(|scope| {
            let (sent, done) = mpsc::channel::<Sent<P::Move>>();
            let (parts, control) =
                self.spawn_searchers(scope, solver, puzzle, starts, with, (sent, |s| s));
            let idle = || control.idle();
            self.serve_loop(&done, TAG_REPORT, idle, |tag, bytes| match tag {
                TAG_PART => {
                    let part: Job<P::Move> = decode(bytes, "part");
                    control.queued();
                    parts.send(part).expect("the searcher threads run");
                }
                TAG_STOP => {
                    let (pass, cut): (u64, Vec<P::Move>) = decode(bytes, "stop");
                    control.cut(pass, cut);
                }
                TAG_ASK => {
                    let (pass, id): (u64, u32) = decode(bytes, "ask");
                    control.ask(pass, id);
                }
                tag => panic!("rank {}: message tag {tag} during a job", self.rank()),
            });
            drop(parts);
        });
    }

    /// The root: sends `job` to `rank`'s threads (its own through `local`,
    /// the others' as a message with `tag`).
    fn hand_out<J: Serialize>(&self, rank: usize, job: J, local: &Sender<J>, tag: i32) {
        if rank == 0 {
            local.send(job).expect("the root's threads run");
        } else {
            self.world
                .process_at_rank(rank as i32)
                .send_with_tag(&encode(&job)[..], tag);
        }
    }

    /// The root: what every rank's threads finished since the last call,
    /// with the rank (its own on `done`, the others' as messages with
    /// `tag`), waiting a little when nothing has (less when its own
    /// threads are `idle`).
    fn arrivals<D: DeserializeOwned>(
        &self,
        done: &Receiver<D>,
        tag: i32,
        wait: &mut Backoff,
        idle: bool,
    ) -> Vec<(usize, D)> {
        let mut arrived: Vec<(usize, D)> = done.try_iter().map(|d| (0, d)).collect();
        while let Some(probed) = self
            .world
            .any_process()
            .immediate_matched_probe_with_tag(tag)
        {
            let (bytes, status): (Vec<u8>, Status) = probed.matched_receive_vec();
            arrived.push((status.source_rank() as usize, decode(&bytes, "result")));
        }
        arrived.extend(wait.wait(!arrived.is_empty(), idle, done).map(|d| (0, d)));
        arrived
    }

    /// A rank's main thread during a job or map: sends the root what its
    /// threads finish (`done`, with `tag`), passes the root's messages to
    /// `on_message` (tag and bytes), until the root ends the job; `idle`
    /// says when its threads have nothing to do.
    fn serve_loop<T: Serialize>(
        &self,
        done: &Receiver<T>,
        tag: i32,
        idle: impl Fn() -> bool,
        mut on_message: impl FnMut(i32, &[u8]),
    ) {
        let root = self.world.process_at_rank(0);
        let mut wait = Backoff::default();
        loop {
            let mut busy = false;
            while let Ok(finished) = done.try_recv() {
                root.send_with_tag(&encode(&finished)[..], tag);
                busy = true;
            }
            if let Some(probed) = root.immediate_matched_probe() {
                let (bytes, status): (Vec<u8>, Status) = probed.matched_receive_vec();
                if status.tag() == TAG_JOB_DONE {
                    break;
                }
                on_message(status.tag(), &bytes);
                busy = true;
            }
            if let Some(finished) = wait.wait(busy, idle(), done) {
                root.send_with_tag(&encode(&finished)[..], tag);
            }
        }
    }

    /// Starts this rank's searcher threads in `scope`: each takes parts
    /// from the returned queue and sends what it hands over and its
    /// reports to `sent` (through `wrap`); the control stops the parts
    /// right of a solution and asks them for work. A thread keeps one part
    /// searcher (its table) while its parts are of one start.
    fn spawn_searchers<'s, 'e: 's, P, E>(
        &self,
        scope: &'s std::thread::Scope<'s, 'e>,
        solver: &'e Solver,
        puzzle: &'e P,
        starts: &'e [P::State],
        with: With<P>,
        (sent, wrap): Outbox<P::Move, E>,
    ) -> Searchers<P::Move>
    where
        P: ParallelPuzzle,
        P::Move: 'static,
        E: Send + 'static,
    {
        let (part_tx, part_rx) = mpsc::channel::<Job<P::Move>>();
        let part_rx = Arc::new(Mutex::new(part_rx));
        let control = Arc::new(Control::new(self.own));
        let rank = self.rank();
        for t in 0..self.own {
            let (part_rx, sent, control) = (part_rx.clone(), sent.clone(), control.clone());
            scope.spawn(move || {
                // One thread waits at the queue; the others at its lock.
                let recv = || part_rx.lock().ok().and_then(|rx| rx.recv().ok());
                let mut next: Option<Job<P::Move>> = recv();
                while let Some(first) = next.take() {
                    let from = first.1 as usize;
                    let start = starts.get(from).unwrap_or_else(|| {
                        panic!(
                            "rank {rank}: a part of start {from}, of {} here",
                            starts.len()
                        )
                    });
                    let searched = with(solver, puzzle, start, &mut |searcher| {
                        // The part searched now, for what it hands over.
                        let now = Rc::new(Cell::new((0u64, 0u32)));
                        let (at, split) = (now.clone(), sent.clone());
                        searcher.hand_over_to(move |part| {
                            let (pass, id) = at.get();
                            // The root has gone only if a thread panicked.
                            let _ = split.send(wrap(Sent::Split(pass, id, part)));
                        });
                        control.register(t, searcher.stop_flag(), searcher.hand_over_flag());
                        let mut job = Some(first.clone());
                        while let Some((pass, of, id, limit, part)) = job.take().or_else(recv) {
                            if of as usize != from {
                                // Another start: another searcher.
                                next = Some((pass, of, id, limit, part));
                                return;
                            }
                            now.set((pass, id));
                            let report = if control.begin(t, pass, id, part.start()) {
                                searcher.search(limit, &part).unwrap_or_else(|e| {
                                    panic!("rank {rank}: a part not of this puzzle and start: {e}")
                                })
                            } else {
                                PartReport {
                                    end: PartEnd::Preempted,
                                    stats: Stats::default(),
                                }
                            };
                            control.end(t);
                            if sent.send(wrap(Sent::Done(pass, id, report))).is_err() {
                                return;
                            }
                        }
                    });
                    searched.unwrap_or_else(|e| panic!("rank {rank}: {e}"));
                }
            });
        }
        (part_tx, control)
    }
}

/// What stops a rank's parts right of a solution and asks them to hand
/// work over, behind one lock (taken when a part starts or ends and when
/// the root says something, never while searching).
struct Control<M> {
    watch: Mutex<Watch<M>>,
    /// Parts given to the threads and not finished.
    pending: AtomicUsize,
}

/// A searcher thread's part and flags.
struct Slot<M> {
    /// The part it searches: pass, number, start.
    at: Option<(u64, u32, Vec<M>)>,
    /// Its searcher's stop flag and hand-over request.
    flags: Option<(Arc<AtomicBool>, Arc<AtomicBool>)>,
}

/// Asks kept for parts no thread has taken yet, at most (more are
/// dropped: asks for parts that ended before the ask came).
const MOST_ASKED: usize = 1024;

struct Watch<M> {
    /// Per pass, the start right of which no part matters (a solution or
    /// a budget stop left of it).
    cuts: HashMap<u64, Vec<M>>,
    threads: Vec<Slot<M>>,
    /// Parts asked to hand work over before a thread took them.
    asked: HashSet<(u64, u32)>,
}

impl<M: Ord> Control<M> {
    fn new(threads: usize) -> Self {
        let threads = (0..threads)
            .map(|_| Slot {
                at: None,
                flags: None,
            })
            .collect();
        Self {
            watch: Mutex::new(Watch {
                cuts: HashMap::new(),
                threads,
                asked: HashSet::new(),
            }),
            pending: AtomicUsize::new(0),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Watch<M>> {
        self.watch.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A part goes to the threads' queue.
    fn queued(&self) {
        self.pending.fetch_add(1, Ordering::SeqCst);
    }

    /// Whether the threads have no part to search.
    fn idle(&self) -> bool {
        self.pending.load(Ordering::SeqCst) == 0
    }

    /// Thread `t`'s searcher's stop flag and hand-over request.
    fn register(&self, t: usize, stop: Arc<AtomicBool>, ask: Arc<AtomicBool>) {
        self.lock().threads[t].flags = Some((stop, ask));
    }

    /// Thread `t` starts part `id` of `pass`: `false` when it lies right
    /// of the pass's cut (it is then not searched). Its flags are reset
    /// here, under the lock, so that what was meant for its last part
    /// never reaches this one, and set again when this part was asked for
    /// work.
    fn begin(&self, t: usize, pass: u64, id: u32, start: Vec<M>) -> bool {
        let mut watch = self.lock();
        let asked = watch.asked.remove(&(pass, id));
        let right = watch.cuts.get(&pass).is_some_and(|cut| start > *cut);
        let slot = &mut watch.threads[t];
        if let Some((stop, ask)) = &slot.flags {
            stop.store(false, Ordering::SeqCst);
            ask.store(asked && !right, Ordering::SeqCst);
        }
        slot.at = (!right).then_some((pass, id, start));
        !right
    }

    /// Thread `t` finished its part.
    fn end(&self, t: usize) {
        self.lock().threads[t].at = None;
        self.pending.fetch_sub(1, Ordering::SeqCst);
    }

    /// Stops the parts of `pass` that start right of `cut`: those searched
    /// now, and those still queued when a thread takes them.
    fn cut(&self, pass: u64, cut: Vec<M>) {
        let mut watch = self.lock();
        if watch.cuts.get(&pass).is_some_and(|old| *old <= cut) {
            return;
        }
        for slot in &watch.threads {
            if let (Some((p, _, start)), Some((stop, _))) = (&slot.at, &slot.flags) {
                if *p == pass && *start > cut {
                    stop.store(true, Ordering::SeqCst);
                }
            }
        }
        watch.cuts.insert(pass, cut);
    }

    /// Asks part `id` of `pass` to hand work over: its thread now, or the
    /// thread that takes it later.
    fn ask(&self, pass: u64, id: u32) {
        let mut watch = self.lock();
        for slot in &watch.threads {
            if let (Some((p, i, _)), Some((_, ask))) = (&slot.at, &slot.flags) {
                if (*p, *i) == (pass, id) {
                    ask.store(true, Ordering::SeqCst);
                    return;
                }
            }
        }
        if watch.asked.len() >= MOST_ASKED {
            watch.asked.clear();
        }
        watch.asked.insert((pass, id));
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.finish();
    }
}

/// What reaches the root's main thread from its own threads: what a
/// searcher thread sends, a driver's pass, a driver's search ended.
enum Event<M> {
    Sent(Sent<M>),
    Pass(NewPass<M>),
    Ended,
}

/// A pass a driver wants searched, and where its parts' reports go.
struct NewPass<M> {
    /// The start the search is of (its index in the job's starts).
    start: u32,
    limit: u32,
    parts: Vec<Part<M>>,
    answer: Sender<Searched<M>>,
}

/// Sends [`Event::Ended`] when dropped: after a driver's search, or when
/// it panicked.
struct Ended<'a, M>(&'a Sender<Event<M>>);

impl<M> Drop for Ended<'_, M> {
    fn drop(&mut self) {
        let _ = self.0.send(Event::Ended);
    }
}

/// A driver's [`PartRunner`]: hands each pass to the root's main thread
/// and waits for its parts' reports.
struct Driver<'a, M> {
    start: u32,
    events: &'a Sender<Event<M>>,
    /// The most parts a pass is split into.
    most: usize,
}

/// The time a part should take at least, so that its messages (a few
/// tens of microseconds) cost little: a pass predicted to take `t` on one
/// thread is split into about `t / PART_TIME` parts.
const PART_TIME: Duration = Duration::from_millis(2);

impl<M: Send> PartRunner<M> for Driver<'_, M> {
    fn run(&self, limit: u32, parts: Vec<Part<M>>) -> Searched<M> {
        let (answer, reports) = mpsc::channel();
        let pass = NewPass {
            start: self.start,
            limit,
            parts,
            answer,
        };
        self.events
            .send(Event::Pass(pass))
            .unwrap_or_else(|_| panic!("the root's main thread has gone"));
        reports
            .recv()
            .unwrap_or_else(|_| panic!("the root's main thread has gone"))
    }

    fn parts_wanted(&self, predicted: Option<Duration>) -> usize {
        // Enough that uneven parts even out over every thread, but no more
        // than keeps each part long enough to repay its messages: the
        // early passes of an IDA* search are tiny (the first in one part).
        let Some(predicted) = predicted else {
            return 1;
        };
        ((predicted.as_secs_f64() / PART_TIME.as_secs_f64()) as usize).clamp(1, self.most)
    }
}

/// A part of a pass on the root: where it starts, where it is searched
/// and how it went.
struct Entry<M> {
    part: Part<M>,
    start: Vec<M>,
    /// The rank it was handed to.
    rank: Option<usize>,
    /// Asked to hand work over, with no answer yet (a part handed over or
    /// its report).
    asked: bool,
    report: Option<PartReport<M>>,
}

/// A pass on the root: its parts and where it is cut.
struct Pass<M> {
    /// The start the search is of.
    start: u32,
    limit: u32,
    entries: Vec<Entry<M>>,
    /// Parts waiting, and parts handed out and not reported.
    waiting: usize,
    out: usize,
    /// The leftmost solution met, or the start of the leftmost part a
    /// budget stopped: no part that starts right of it matters.
    cut: Option<Vec<M>>,
    answer: Sender<Searched<M>>,
}

impl<M: Copy + Ord> Pass<M> {
    /// Whether a part that starts at `start` lies right of the cut.
    fn right_of_cut(&self, start: &[M]) -> bool {
        self.cut.as_deref().is_some_and(|cut| start > cut)
    }

    /// Pass `id` of `passes`, which a message names: one under way, unless
    /// the ranks run different programs.
    fn named(passes: &mut HashMap<u64, Self>, id: u64) -> &mut Self {
        passes.get_mut(&id).unwrap_or_else(|| {
            panic!("a message of pass {id}, not under way: ranks running different programs?")
        })
    }

    /// Part `i` of pass `id` (this one), which a message names.
    fn entry(&mut self, id: u64, i: u32) -> &mut Entry<M> {
        self.entries.get_mut(i as usize).unwrap_or_else(|| {
            panic!("a message of part {i} of pass {id}, which has none: ranks running different programs?")
        })
    }
}

/// The parts waiting on the root, the earliest search's leftmost first:
/// the search's start, the part's start, its pass and number.
type Waiting<M> = BinaryHeap<Reverse<(u32, Vec<M>, u64, u32)>>;

/// The root's main thread during a job: hands the parts of every pass
/// under way out over the ranks' threads, the earliest search's leftmost
/// first, as they run dry; once none waits, asks running parts to hand
/// work over; routes what comes back to the passes, and each finished
/// pass to its driver.
struct Scheduler<'c, M> {
    cluster: &'c Cluster,
    /// The root's own searcher threads' queue.
    local: Sender<Job<M>>,
    /// Stops the root's own parts right of a solution, and asks them for
    /// work.
    control: Arc<Control<M>>,
    passes: HashMap<u64, Pass<M>>,
    /// Parts waiting: the search's start, the part's start, pass, number.
    waiting: Waiting<M>,
    /// Per rank: its searcher threads, and the parts it holds (searched or
    /// queued there).
    threads: Vec<usize>,
    held: Vec<usize>,
    /// Asks for work with no answer yet.
    asks: usize,
    /// How long parts take, on average (a moving average, in seconds).
    part_time: f64,
}

impl<'c, M> Scheduler<'c, M>
where
    M: Copy + Ord + Serialize + DeserializeOwned + Send,
{
    fn new(cluster: &'c Cluster, local: Sender<Job<M>>, control: Arc<Control<M>>) -> Self {
        Self {
            cluster,
            local,
            control,
            passes: HashMap::new(),
            waiting: BinaryHeap::new(),
            threads: cluster.threads.clone(),
            held: vec![0; cluster.size()],
            asks: 0,
            // A guess until parts are timed.
            part_time: 1e-3,
        }
    }

    /// Runs the job until its `searches` have ended.
    fn run(mut self, arrived: &Receiver<Event<M>>, searches: usize) {
        let (mut ended, mut wait) = (0, Backoff::default());
        while ended < searches {
            self.hand_out();
            self.ask_for_work();
            let mut events: Vec<(usize, Event<M>)> = arrived.try_iter().map(|e| (0, e)).collect();
            while let Some(probed) = self
                .cluster
                .world
                .any_process()
                .immediate_matched_probe_with_tag(TAG_REPORT)
            {
                let (bytes, status): (Vec<u8>, Status) = probed.matched_receive_vec();
                let sent = decode(&bytes, "report");
                events.push((status.source_rank() as usize, Event::Sent(sent)));
            }
            let idle = self.control.idle();
            events.extend(wait.wait(!events.is_empty(), idle, arrived).map(|e| (0, e)));
            for (rank, event) in events {
                match event {
                    Event::Sent(Sent::Split(pass, from, part)) => self.split(pass, from, part),
                    Event::Sent(Sent::Done(pass, i, report)) => self.done(rank, pass, i, report),
                    Event::Pass(pass) => self.add(pass),
                    Event::Ended => ended += 1,
                }
            }
        }
    }

    /// A driver's new pass: its parts wait.
    fn add(&mut self, new: NewPass<M>) {
        let id = self.cluster.passes.get();
        self.cluster.passes.set(id + 1);
        let mut pass = Pass {
            start: new.start,
            limit: new.limit,
            entries: Vec::with_capacity(new.parts.len()),
            waiting: 0,
            out: 0,
            cut: None,
            answer: new.answer,
        };
        for part in new.parts {
            Self::push(&mut self.waiting, &mut pass, id, part);
        }
        self.passes.insert(id, pass);
        self.settle(id);
    }

    /// Adds `part` to pass `id`: waiting, or unsearched when it lies right
    /// of the pass's cut.
    fn push(waiting: &mut Waiting<M>, pass: &mut Pass<M>, id: u64, part: Part<M>) {
        let i = pass.entries.len() as u32;
        let start = part.start();
        if !pass.right_of_cut(&start) {
            waiting.push(Reverse((pass.start, start.clone(), id, i)));
            pass.waiting += 1;
        }
        pass.entries.push(Entry {
            part,
            start,
            rank: None,
            asked: false,
            report: None,
        });
    }

    /// Hands out the waiting parts, the earliest search's leftmost first,
    /// to the ranks that hold fewest, each up to what keeps its threads
    /// busy while the root hears of their ends.
    fn hand_out(&mut self) {
        let latency = LATENCY.as_secs_f64() / self.part_time;
        let per_thread = (1 + latency.ceil() as usize).clamp(QUEUED, MOST_QUEUED);
        while let Some(rank) = fewest(&self.held, &self.threads, per_thread) {
            let Some(Reverse((_, _, id, i))) = self.waiting.pop() else {
                break;
            };
            let pass = Pass::named(&mut self.passes, id);
            pass.waiting -= 1;
            let entry = &mut pass.entries[i as usize];
            entry.rank = Some(rank);
            self.held[rank] += 1;
            pass.out += 1;
            if rank == 0 {
                self.control.queued();
            }
            let job = (id, pass.start, i, pass.limit, entry.part.clone());
            self.cluster.hand_out(rank, job, &self.local, TAG_PART);
        }
    }

    /// Parts wanted to keep every thread busy until the root hears of
    /// more: two a thread, less what each rank holds.
    fn hungry(&self) -> usize {
        self.held
            .iter()
            .zip(&self.threads)
            .map(|(&held, &threads)| (threads * 2).saturating_sub(held))
            .sum()
    }

    /// Nothing waits and threads are running dry: asks parts handed out to
    /// hand work over, one ask for each part wanted: the earliest search's
    /// leftmost first, left of its cut and not asked yet, on a rank that
    /// is not hungry itself if there is one (a rank's own part split for
    /// it would only wait there).
    fn ask_for_work(&mut self) {
        if !self.waiting.is_empty() {
            return;
        }
        while self.asks < self.hungry() {
            let busy = |rank: usize| self.held[rank] >= self.threads[rank] * 2;
            // Parts out, not asked, left of their pass's cut: on busy ranks
            // first, then the earliest search's, leftmost.
            let best = self
                .passes
                .iter()
                .flat_map(|(&id, pass)| {
                    pass.entries.iter().enumerate().filter_map(move |(i, e)| {
                        let rank = e.rank?;
                        let open = e.report.is_none() && !e.asked && !pass.right_of_cut(&e.start);
                        open.then_some((
                            (!busy(rank), pass.start, &e.start[..]),
                            id,
                            i as u32,
                            rank,
                        ))
                    })
                })
                .min_by(|a, b| a.0.cmp(&b.0))
                .map(|(_, id, i, rank)| (id, i, rank));
            let Some((id, i, rank)) = best else {
                break;
            };
            Pass::named(&mut self.passes, id).entry(id, i).asked = true;
            self.asks += 1;
            if rank == 0 {
                self.control.ask(id, i);
            } else {
                self.cluster
                    .world
                    .process_at_rank(rank as i32)
                    .send_with_tag(&encode(&(id, i))[..], TAG_ASK);
            }
        }
    }

    /// An answer from part `i` of pass `id` to an ask (or its end).
    fn answered(&mut self, id: u64, i: u32) {
        let pass = Pass::named(&mut self.passes, id);
        if std::mem::take(&mut pass.entry(id, i).asked) {
            self.asks -= 1;
        }
    }

    /// Part `from` of pass `id` handed `part` over.
    fn split(&mut self, id: u64, from: u32, part: Part<M>) {
        self.answered(id, from);
        Self::push(
            &mut self.waiting,
            Pass::named(&mut self.passes, id),
            id,
            part,
        );
    }

    /// Part `i` of pass `id`, searched on `rank`, reported.
    fn done(&mut self, rank: usize, id: u64, i: u32, report: PartReport<M>) {
        self.answered(id, i);
        self.held[rank] -= 1;
        if !matches!(report.end, PartEnd::Preempted) {
            // A moving average over about 16 parts.
            let took = report.stats.elapsed.as_secs_f64().max(1e-6);
            self.part_time += (took - self.part_time) / 16.0;
        }
        let pass = Pass::named(&mut self.passes, id);
        pass.out -= 1;
        let entry = pass.entry(id, i);
        let cut = match &report.end {
            PartEnd::Found(path) => Some(path.clone()),
            PartEnd::Stopped(_) => Some(entry.start.clone()),
            _ => None,
        };
        entry.report = Some(report);
        if let Some(cut) = cut {
            if pass.cut.as_ref().is_none_or(|old| cut < *old) {
                self.cut(id, cut);
            }
        }
        self.settle(id);
    }

    /// No part of pass `id` that starts right of `cut` matters: none
    /// waiting is handed out, and every rank stops those it searches
    /// (their reports then say `Preempted`).
    fn cut(&mut self, id: u64, cut: Vec<M>) {
        let pass = Pass::named(&mut self.passes, id);
        let before = self.waiting.len();
        self.waiting
            .retain(|Reverse((_, start, p, _))| *p != id || *start <= cut);
        pass.waiting -= before - self.waiting.len();
        self.control.cut(id, cut.clone());
        let stop = encode(&(id, &cut));
        for r in 1..self.cluster.size() {
            self.cluster
                .world
                .process_at_rank(r as i32)
                .send_with_tag(&stop[..], TAG_STOP);
        }
        pass.cut = Some(cut);
    }

    /// Ends pass `id` when none of its parts waits or is out: its driver
    /// gets every part with its report (none for those left unsearched).
    fn settle(&mut self, id: u64) {
        let done = |p: &Pass<M>| p.waiting == 0 && p.out == 0;
        if !self.passes.get(&id).is_some_and(done) {
            return;
        }
        let Some(pass) = self.passes.remove(&id) else {
            return;
        };
        let parts = pass
            .entries
            .into_iter()
            .map(|e| (e.part, e.report))
            .collect();
        // A driver that has gone has panicked; the scope will say so.
        let _ = pass.answer.send(parts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_of_slices_put_every_message_back_together() {
        let bytes: Vec<Vec<u8>> = vec![
            (0..10).collect(),
            vec![],
            (0..3).collect(),
            (0..7).collect(),
        ];
        for chunk in 1..12 {
            let longest = bytes.iter().map(Vec::len).max().unwrap_or(0);
            let rounds = longest.div_ceil(chunk).max(1);
            let mut back = vec![Vec::new(); bytes.len()];
            for round in 0..rounds {
                for (b, s) in back.iter_mut().zip(round_slices(&bytes, chunk, round)) {
                    assert!(s.len() <= chunk);
                    b.extend_from_slice(s);
                }
            }
            assert_eq!(back, bytes, "chunk {chunk}");
        }
    }

    #[test]
    fn the_next_part_goes_to_the_rank_that_holds_fewest_a_thread() {
        // Rank 1 has 4 threads: 3 parts there are fewer a thread than 1
        // on rank 0's one thread.
        assert_eq!(fewest(&[1, 3, 2], &[1, 4, 1], 2), Some(1));
        // Ties go to the lower rank; full ranks take none.
        assert_eq!(fewest(&[1, 1], &[1, 1], 2), Some(0));
        assert_eq!(fewest(&[2, 1], &[1, 1], 2), Some(1));
        assert_eq!(fewest(&[1, 1], &[1, 1], 1), None);
    }

    #[test]
    fn offsets_are_the_running_sums() {
        assert_eq!(offsets(&[3, 0, 5, 1]), [0, 3, 3, 8]);
        assert!(offsets(&[]).is_empty());
    }
}
