//! Searches of `puzzle-search` split over MPI ranks, with the sequential
//! answer whatever the number of ranks.
//!
//! The core splits each DFS pass (DFS to a limit, or one IDA* threshold)
//! into ordered, portable parts ([`puzzle_search_core::portable`]); this
//! crate runs them on every rank. The root (rank 0) runs the search:
//! the split phase, the merge and the next threshold, as
//! [`Solver::solve_by_parts`](puzzle_search_core::Solver::solve_by_parts) does; every rank (the root included) searches
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

mod census;
mod cluster;
mod map;
mod pace;
mod schedule;
mod search;
mod serve;
#[cfg(test)]
mod tests;
mod wire;

pub use cluster::{Cluster, ClusterError, Work};

/// The README's example, compiled as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
