//! Each rank's main thread: its searcher threads (the plain or in-place
//! part searcher), the waits that back off, jobs handed to its own threads
//! or sent to a rank, and the loop that serves parts until a job ends.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};

use crate::Cluster;
use crate::pace::Backoff;
use crate::schedule::Control;
use crate::wire::{Job, Sent, TAG_JOB_DONE, decode, encode};
use mpi::point_to_point::{Destination, MatchedReceiveVec, Source, Status};
use mpi::topology::Communicator;
use puzzle_search_core::portable::{PartEnd, PartError, PartReport, PartSearcher};
use puzzle_search_core::{InPlace, MakeUnmake, ParallelPuzzle, Puzzle, Sequential, Solver, Stats};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Runs `f` with a part searcher of `solver`: the plain loop or, for
/// [`InPlace`] puzzles, the in-place one.
pub(crate) type With<P> = fn(
    &Solver,
    &P,
    &<P as Puzzle>::State,
    &mut dyn FnMut(&mut PartSearcher<'_, P>),
) -> Result<(), PartError>;

pub(crate) fn plain<P: Puzzle>(
    solver: &Solver,
    puzzle: &P,
    start: &P::State,
    f: &mut dyn FnMut(&mut PartSearcher<'_, P>),
) -> Result<(), PartError> {
    solver.part_searcher(Sequential(puzzle), start, f)
}

pub(crate) fn in_place<P: InPlace>(
    solver: &Solver,
    puzzle: &P,
    start: &P::State,
    f: &mut dyn FnMut(&mut PartSearcher<'_, P>),
) -> Result<(), PartError> {
    solver.part_searcher(Sequential(MakeUnmake(puzzle)), start, f)
}

/// A rank's searcher threads: their queue of parts and what stops their
/// parts right of a solution and asks them for work.
pub(crate) type Searchers<M> = (Sender<Job<M>>, Arc<Control<M>>);

/// Where a rank's searcher threads send what they hand over and their
/// reports, and what wraps them for it.
pub(crate) type Outbox<M, E> = (Sender<E>, fn(Sent<M>) -> E);

impl Cluster {
    /// The root: sends `job` to `rank`'s threads (its own through `local`,
    /// the others' as a message with `tag`).
    pub(crate) fn hand_out<J: Serialize>(&self, rank: usize, job: J, local: &Sender<J>, tag: i32) {
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
    pub(crate) fn arrivals<D: DeserializeOwned>(
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
    pub(crate) fn serve_loop<T: Serialize>(
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
    pub(crate) fn spawn_searchers<'s, 'e: 's, P, E>(
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
