//! What a progress hook is told.

use std::time::Duration;

/// Which unit of work just finished, or that work is going on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Phase {
    /// One IDA* iteration up to [`Progress::depth`] moves, finished (not
    /// sent for a pass the budget stopped): unless it found the answer,
    /// none has that many moves or fewer.
    Iteration,
    /// The single pass of a depth-limited DFS.
    Pass,
    /// One BFS layer: every state [`Progress::depth`] moves from the start
    /// (a census's, BFS's, a count's layers). A* sends one when the least
    /// `g + h` it expands rises past [`Progress::depth`] (every state
    /// below it expanded); bidirectional search one a layer of either
    /// side, [`Progress::depth`] being the moves both sides searched
    /// together. For these two, [`Progress::layer`] is the states stored.
    Layer,
    /// A search still running, reported about four times a second (from
    /// the budget checks, every 256 nodes), so that a single long pass is
    /// not silent; [`Progress::depth`] is the current pass's limit.
    Running,
}

/// Time between two [`Phase::Running`] reports.
pub(crate) const RUNNING_EVERY_MS: u64 = 250;

/// A report sent to the hook set with
/// [`Solver::on_progress`](crate::Solver::on_progress).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// What finished.
    pub phase: Phase,
    /// Its depth (the IDA* threshold, the DFS limit, the BFS layer).
    pub depth: u32,
    /// Nodes expanded so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// [`Phase::Layer`] reports of a census
    /// ([`Solver::census`](crate::Solver::census)): the states in the
    /// layer just completed (of A* and bidirectional search: the states
    /// stored); 0 in every other report.
    pub layer: u64,
}

/// A progress hook as the searches hold it.
pub(crate) type Hook = dyn Fn(&Progress) + Send + Sync;
