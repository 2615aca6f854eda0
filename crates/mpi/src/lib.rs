//! Searches of `puzzle-search` split over MPI ranks, with the sequential
//! answer whatever the number of ranks.
//!
//! The core splits each DFS pass (DFS to a limit, or one IDA* threshold)
//! into ordered, portable parts ([`puzzle_search_core::portable`]); this
//! crate runs them on every rank. The root (rank 0) runs the search:
//! the split phase, the merge and the next threshold, as
//! [`Solver::solve_by_parts`] does; every rank (the root included) searches
//! parts with its own threads, each thread keeping its transposition table
//! from part to part. Parts are handed out one at a time as threads run
//! dry (no fixed split: a rank that finishes early gets more), in order,
//! and none right of a part that found a solution.
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

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
use serde::Serialize;
use serde::de::DeserializeOwned;

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
/// Root to rank: stop the parts right of this one (`(pass, index)`).
const TAG_STOP: i32 = 7;
/// Root to rank: a map starts.
const TAG_MAP: i32 = 8;
/// Root to rank: an item of a map.
const TAG_ITEM: i32 = 9;
/// Rank to root: an item's result.
const TAG_RESULT: i32 = 10;
/// Root to rank: a census starts.
const TAG_CENSUS: i32 = 11;

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
/// the wait doubles while nothing arrives, up to [`IDLE_MAX`]. A report of
/// its own threads wakes it at once. (With one core per rank, as `mpirun`
/// binds by default, a main thread waking every 50 us took 40% of the
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
    /// came.
    fn wait<T>(&mut self, busy: bool, done: &Receiver<T>) -> Option<T> {
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
                self.0 = (self.0 * 2).min(IDLE_MAX);
                None
            }
        }
    }
}

/// The first rank with a free thread.
fn free_rank(free: &[usize]) -> Option<usize> {
    free.iter().position(|&f| f > 0)
}

/// Parts a rank holds per searcher thread: one searched and one waiting,
/// so that a thread that finishes one starts the next without waiting for
/// the root to hear of it.
const QUEUED: usize = 2;

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

/// A part with where it belongs: the pass, its index, the limit.
type Job<M> = (u64, u32, u32, Part<M>);
/// A part's report with where it belongs.
type Done<M> = (u64, u32, PartReport<M>);
/// A rank's searcher threads: their queue of parts, their reports, and
/// what stops their parts right of a solution.
type Searchers<M> = (Sender<Job<M>>, Receiver<Done<M>>, Arc<Control>);

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
        P::Move: Serialize + DeserializeOwned,
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
        P::Move: Serialize + DeserializeOwned,
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
        P::Move: Serialize + DeserializeOwned,
    {
        assert!(self.is_root(), "Cluster::solve runs on the root (rank 0)");
        assert!(!self.ended.get(), "Cluster::solve after finish");
        for r in 1..self.size() {
            self.world
                .process_at_rank(r as i32)
                .send_with_tag(job, TAG_JOB);
        }
        let report = std::thread::scope(|scope| {
            let (parts, done, control) = self.spawn_searchers(scope, solver, puzzle, start, with);
            let runner = Runner {
                cluster: self,
                local: RefCell::new(Some(parts)),
                done,
                control,
            };
            let report = solver.solve_by_parts(puzzle, start, &runner);
            // The root's threads end with their queue.
            runner.local.borrow_mut().take();
            report
        });
        for r in 1..self.size() {
            self.world
                .process_at_rank(r as i32)
                .send_with_tag(&[0u8][..], TAG_JOB_DONE);
        }
        report
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
    /// encoded report.
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
            let mut free: Vec<usize> = self.threads.iter().map(|t| t * QUEUED).collect();
            let (mut next, mut out, mut wait) = (0usize, 0usize, Backoff::default());
            loop {
                while next < items.len() {
                    let Some(rank) = free_rank(&free) else {
                        break;
                    };
                    free[rank] -= 1;
                    out += 1;
                    let item = (next as u32, items[next].clone());
                    self.hand_out(rank, item, &item_tx, TAG_ITEM);
                    next += 1;
                }
                if out == 0 {
                    break;
                }
                let arrived = self.arrivals(&done_rx, TAG_RESULT, &mut wait);
                for (rank, (i, result)) in arrived {
                    free[rank] += 1;
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
            self.serve_loop(&done_rx, TAG_RESULT, |tag, bytes| match tag {
                TAG_ITEM => {
                    let item: (u32, Vec<u8>) = decode(bytes, "item");
                    item_tx.send(item).expect("the threads run");
                }
                tag => panic!("rank {}: message tag {tag} during a map", self.rank()),
            });
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
        P::Move: Serialize + DeserializeOwned,
    {
        self.serve_with(solver, puzzle, start, plain::<P>);
    }

    /// [`serve`](Self::serve) with the in-place loop (the root calls
    /// [`solve_in_place`](Self::solve_in_place)).
    ///
    /// # Panics
    /// As `serve`.
    pub fn serve_in_place<P>(&self, solver: &Solver, puzzle: &P, start: &P::State)
    where
        P: ParallelPuzzle + InPlace,
        P::Move: Serialize + DeserializeOwned,
    {
        self.serve_with(solver, puzzle, start, in_place::<P>);
    }

    fn serve_with<P>(&self, solver: &Solver, puzzle: &P, start: &P::State, with: With<P>)
    where
        P: ParallelPuzzle,
        P::Move: Serialize + DeserializeOwned,
    {
        assert!(
            !self.is_root(),
            "Cluster::serve runs on ranks other than the root"
        );
        std::thread::scope(|scope| {
            let (parts, done, control) = self.spawn_searchers(scope, solver, puzzle, start, with);
            self.serve_loop(&done, TAG_REPORT, |tag, bytes| match tag {
                TAG_PART => {
                    let part: Job<P::Move> = decode(bytes, "part");
                    parts.send(part).expect("the searcher threads run");
                }
                TAG_STOP => {
                    let (pass, index): (u64, u32) = decode(bytes, "stop");
                    control.cut(pass, index);
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
    /// `tag`), waiting a little when nothing has.
    fn arrivals<D: DeserializeOwned>(
        &self,
        done: &Receiver<D>,
        tag: i32,
        wait: &mut Backoff,
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
        arrived.extend(wait.wait(!arrived.is_empty(), done).map(|d| (0, d)));
        arrived
    }

    /// A rank's main thread during a job or map: sends the root what its
    /// threads finish (`done`, with `tag`), passes the root's messages to
    /// `on_message` (tag and bytes), until the root ends the job.
    fn serve_loop<T: Serialize>(
        &self,
        done: &Receiver<T>,
        tag: i32,
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
            if let Some(finished) = wait.wait(busy, done) {
                root.send_with_tag(&encode(&finished)[..], tag);
            }
        }
    }

    /// Starts this rank's searcher threads in `scope`: each takes parts
    /// from the returned queue and sends their reports back; the control
    /// stops the parts right of a solution.
    fn spawn_searchers<'s, 'e: 's, P>(
        &self,
        scope: &'s std::thread::Scope<'s, 'e>,
        solver: &'e Solver,
        puzzle: &'e P,
        start: &'e P::State,
        with: With<P>,
    ) -> Searchers<P::Move>
    where
        P: ParallelPuzzle,
    {
        let (part_tx, part_rx) = mpsc::channel::<Job<P::Move>>();
        let (done_tx, done_rx) = mpsc::channel::<Done<P::Move>>();
        let part_rx = Arc::new(Mutex::new(part_rx));
        let control = Arc::new(Control::new(self.own));
        let rank = self.rank();
        for t in 0..self.own {
            let (part_rx, done_tx, control) = (part_rx.clone(), done_tx.clone(), control.clone());
            scope.spawn(move || {
                let slot = &control.threads[t];
                let searched = with(solver, puzzle, start, &mut |searcher| {
                    let stop = searcher.stop_flag();
                    slot.lock().unwrap_or_else(|e| e.into_inner()).1 = Some(stop.clone());
                    loop {
                        // One thread waits at the queue; the others at its lock.
                        let next = part_rx.lock().map(|rx| rx.recv());
                        let Ok(Ok((pass, i, limit, part))) = next else {
                            break;
                        };
                        let at = pack(pass, i);
                        {
                            let mut slot = slot.lock().unwrap_or_else(|e| e.into_inner());
                            slot.0 = at;
                            stop.store(false, Ordering::SeqCst);
                        }
                        let report = if right_of(at, control.cut.load(Ordering::SeqCst)) {
                            PartReport {
                                end: PartEnd::Preempted,
                                stats: Stats::default(),
                            }
                        } else {
                            searcher.search(limit, &part).unwrap_or_else(|e| {
                                panic!("rank {rank}: a part not of this puzzle and start: {e}")
                            })
                        };
                        slot.lock().unwrap_or_else(|e| e.into_inner()).0 = IDLE_AT;
                        if done_tx.send((pass, i, report)).is_err() {
                            break;
                        }
                    }
                });
                searched.unwrap_or_else(|e| panic!("rank {rank}: {e}"));
            });
        }
        (part_tx, done_rx, control)
    }
}

/// A part's place, `pass << 32 | index`, as one word.
fn pack(pass: u64, index: u32) -> u64 {
    pass << 32 | u64::from(index)
}

/// No part (a thread between parts; nothing cut yet).
const IDLE_AT: u64 = u64::MAX;

/// Whether the part at `at` lies right of the cut `cut` in the same pass.
fn right_of(at: u64, cut: u64) -> bool {
    at != IDLE_AT && cut != IDLE_AT && at >> 32 == cut >> 32 && at as u32 > cut as u32
}

/// What stops a rank's parts right of a solution: the cut (the leftmost
/// part known to have found one or stopped, packed) and, per searcher
/// thread, the part it searches and its stop flag, set together under the
/// lock so that a flag meant for one part never stops the next.
struct Control {
    cut: AtomicU64,
    threads: Vec<Mutex<(u64, Option<Arc<AtomicBool>>)>>,
}

impl Control {
    fn new(threads: usize) -> Self {
        Self {
            cut: AtomicU64::new(IDLE_AT),
            threads: (0..threads).map(|_| Mutex::new((IDLE_AT, None))).collect(),
        }
    }

    /// Stops the parts of `pass` right of `index`: those searched now, and
    /// those still queued when a thread takes them.
    fn cut(&self, pass: u64, index: u32) {
        let cut = pack(pass, index);
        let old = self.cut.load(Ordering::SeqCst);
        if old != IDLE_AT && old >> 32 == pass && old as u32 <= index {
            return;
        }
        self.cut.store(cut, Ordering::SeqCst);
        for slot in &self.threads {
            let slot = slot.lock().unwrap_or_else(|e| e.into_inner());
            if let (at, Some(stop)) = &*slot {
                if right_of(*at, cut) {
                    stop.store(true, Ordering::SeqCst);
                }
            }
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The root's [`PartRunner`]: hands each pass's parts out over the ranks'
/// threads, in order, as they run dry.
struct Runner<'c, M> {
    cluster: &'c Cluster,
    /// The root's own searcher threads' queue.
    local: RefCell<Option<Sender<Job<M>>>>,
    done: Receiver<Done<M>>,
    /// Stops the root's own parts right of a solution.
    control: Arc<Control>,
}

impl<M> PartRunner<M> for Runner<'_, M>
where
    M: Copy + Serialize + DeserializeOwned + Send,
{
    fn run(&self, limit: u32, parts: Vec<Part<M>>) -> Vec<Option<PartReport<M>>> {
        let cluster = self.cluster;
        let pass = cluster.passes.get();
        cluster.passes.set(pass + 1);
        let n = parts.len();
        let mut parts: Vec<Option<Part<M>>> = parts.into_iter().map(Some).collect();
        let mut reports: Vec<Option<PartReport<M>>> = (0..n).map(|_| None).collect();
        // Free threads per rank; the first part that found a solution or
        // was stopped (none right of it is handed out).
        let mut free: Vec<usize> = cluster.threads.iter().map(|t| t * QUEUED).collect();
        let mut wait = Backoff::default();
        let (mut next, mut out, mut stop_at) = (0usize, 0usize, n);
        let local = self.local.borrow();
        let local = local.as_ref().expect("the root's threads run during a job");
        loop {
            // Hand out parts in order, to the ranks with free threads.
            while next < stop_at {
                let Some(rank) = free_rank(&free) else {
                    break;
                };
                free[rank] -= 1;
                out += 1;
                let part = parts[next].take().expect("each part is handed out once");
                cluster.hand_out(rank, (pass, next as u32, limit, part), local, TAG_PART);
                next += 1;
            }
            if out == 0 {
                break;
            }
            let arrived = cluster.arrivals(&self.done, TAG_REPORT, &mut wait);
            for (rank, (p, i, report)) in arrived {
                assert_eq!(p, pass, "a report of another pass");
                let i = i as usize;
                free[rank] += 1;
                out -= 1;
                if matches!(report.end, PartEnd::Found(_) | PartEnd::Stopped(_)) && i < stop_at {
                    // Nothing right of it is handed out, and what runs
                    // there stops (its report then says `Preempted`).
                    stop_at = i + 1;
                    self.control.cut(pass, i as u32);
                    let stop = encode(&(pass, i as u32));
                    for r in 1..cluster.size() {
                        cluster
                            .world
                            .process_at_rank(r as i32)
                            .send_with_tag(&stop[..], TAG_STOP);
                    }
                }
                reports[i] = Some(report);
            }
        }
        reports
    }

    fn parts_wanted(&self) -> usize {
        // Enough that uneven parts even out over every thread.
        self.cluster.threads.iter().sum::<usize>() * 32
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
    fn offsets_are_the_running_sums() {
        assert_eq!(offsets(&[3, 0, 5, 1]), [0, 3, 3, 8]);
        assert!(offsets(&[]).is_empty());
    }
}
