//! Start-up and jobs: the ranks of an MPI job ([`Cluster`]), what the
//! root asks of the others next ([`Work`]), the end of MPI.

use std::cell::Cell;
use std::fmt;

use crate::wire::{TAG_CENSUS, TAG_END, TAG_HELLO, TAG_JOB, TAG_MAP, decode, encode};
use mpi::Threading;
use mpi::environment::Universe;
use mpi::point_to_point::{Destination, MatchedReceiveVec, Source, Status};
use mpi::topology::{Communicator, SimpleCommunicator};

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

/// Why the cluster could not start.
#[derive(Debug)]
pub struct ClusterError(pub(crate) String);

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
    pub(crate) world: SimpleCommunicator,
    /// Per rank, its searcher threads (known on the root only).
    pub(crate) threads: Vec<usize>,
    /// This rank's searcher threads.
    pub(crate) own: usize,
    /// The root said no more jobs, or was told so.
    pub(crate) ended: Cell<bool>,
    /// Jobs started (the root numbers each job's passes from it).
    pub(crate) passes: Cell<u64>,
    // Last: MPI is finalised when the universe drops, after the world.
    pub(crate) _universe: Universe,
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

impl Drop for Cluster {
    fn drop(&mut self) {
        self.finish();
    }
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
}
