//! Searches and batches of searches split into parts over the ranks: the
//! root's side (`solve`, `solve_batch`) and the other ranks' (`serve`,
//! `serve_batch`), plain or in place.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::Cluster;
use crate::schedule::{Driver, Ended, Event, Scheduler};
use crate::serve::{With, in_place, plain};
use crate::wire::{
    Job, Sent, TAG_ASK, TAG_JOB, TAG_JOB_DONE, TAG_PART, TAG_REPORT, TAG_STOP, decode,
};
use mpi::point_to_point::Destination;
use mpi::topology::Communicator;
use puzzle_search_core::{InPlace, ParallelPuzzle, Report, Solver};
use serde::Serialize;
use serde::de::DeserializeOwned;

impl Cluster {
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

    pub(crate) fn solve_with<P>(
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

    pub(crate) fn batch_with<P>(
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

    pub(crate) fn serve_with<P>(
        &self,
        solver: &Solver,
        puzzle: &P,
        starts: &[P::State],
        with: With<P>,
    ) where
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
}
