//! Counters every search keeps.

use std::fmt;
use std::ops::AddAssign;
use std::time::Duration;

/// What a search did. Parallel searches add up their threads' counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Stats {
    /// States whose successors were generated.
    pub expanded: u64,
    /// Successors generated.
    pub generated: u64,
    /// Successors skipped because their state was reached before: by an
    /// earlier sibling (DFS and IDA* with dedup), or by any earlier node
    /// (the visited sets of BFS, A*, bidirectional search and the census).
    pub duplicates: u64,
    /// Moves straight back (to the parent's parent) skipped in shortest
    /// searches, where they are never on a shortest path. Zero when the
    /// puzzle names its [`inverse`](crate::Puzzle::inverse) moves: those
    /// are never generated at all.
    pub back: u64,
    /// Moves skipped as the second order of two commuting moves
    /// ([`Puzzle::commutes`](crate::Puzzle::commutes)).
    pub commuted: u64,
    /// Moves left out by [`Puzzle::canonical`](crate::Puzzle::canonical).
    pub canonical: u64,
    /// States pruned by a bound or failure stored in the transposition table.
    pub table_hits: u64,
    /// Table look-ups of a parallel search that found their shard of the
    /// shared table locked by another thread and waited for it (a measure
    /// of lock contention; 0 for sequential searches).
    pub table_waits: u64,
    /// States pruned (shortest-path searches with a table) because they
    /// were reached before in fewer moves, cycles included.
    pub transpositions: u64,
    /// States pruned because the lower bound exceeded the moves left.
    pub bound_cutoffs: u64,
    /// States pruned as dead ends (`lower_bound` returned `None`).
    pub dead_ends: u64,
    /// Parts of a search handed over to an idle thread by a parallel pass
    /// (work that moves). The thread that takes one expands its first node
    /// again, so a parallel search's `expanded` exceeds the sequential count
    /// by at most this many, plus what its split phase repeats.
    pub handed_over: u64,
    /// IDA* iterations (thresholds tried).
    pub iterations: u32,
    /// Nodes expanded by the reachability check that DFS and IDA* run
    /// when their depth limit is practically unlimited (a BFS of 16,384
    /// states first, grown beside IDA*'s passes: see
    /// [`Strategy::ida`](crate::Strategy::ida)).
    /// Not in `expanded`, which is the strategy's own work; both count
    /// against the budget's node limit.
    pub reach_expanded: u64,
    /// The states that check stored (not in `peak_visited`).
    pub reach_states: u64,
    /// At least this many of IDA*'s expansions were repeats: a state its
    /// pass had expanded already, reached again by another route (a
    /// transposition). Known for the passes whose threshold the
    /// reachability check saw whole: a pass to threshold `t` can expand
    /// at most the states within `t` moves of the start, and the check
    /// counted those; 0 elsewhere, and for parallel passes. A large number
    /// means the puzzle has many transpositions and IDA* without a table
    /// re-searches them (exponentially in the depth):
    /// [`Solver::table`](crate::Solver::table) prunes them, and the
    /// report's [`notes`](crate::Report::notes) say so.
    pub repeated: u64,
    /// The largest BFS layer.
    pub peak_frontier: u64,
    /// The most states BFS stored at once.
    pub peak_visited: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl AddAssign for Stats {
    /// Adds the counters and keeps the larger peaks and time.
    fn add_assign(&mut self, o: Stats) {
        self.expanded += o.expanded;
        self.generated += o.generated;
        self.duplicates += o.duplicates;
        self.back += o.back;
        self.table_hits += o.table_hits;
        self.table_waits += o.table_waits;
        self.commuted += o.commuted;
        self.canonical += o.canonical;
        self.transpositions += o.transpositions;
        self.bound_cutoffs += o.bound_cutoffs;
        self.dead_ends += o.dead_ends;
        self.handed_over += o.handed_over;
        self.iterations += o.iterations;
        self.reach_expanded += o.reach_expanded;
        self.reach_states = self.reach_states.max(o.reach_states);
        self.repeated += o.repeated;
        self.peak_frontier = self.peak_frontier.max(o.peak_frontier);
        self.peak_visited = self.peak_visited.max(o.peak_visited);
        self.elapsed = self.elapsed.max(o.elapsed);
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expanded {} generated {} duplicates {} table-hits {} transpositions {} bound-cuts {} dead-ends {}",
            self.expanded,
            self.generated,
            self.duplicates,
            self.table_hits,
            self.transpositions,
            self.bound_cutoffs,
            self.dead_ends
        )?;
        if self.back > 0 {
            write!(f, " back {}", self.back)?;
        }
        if self.commuted > 0 {
            write!(f, " commuted {}", self.commuted)?;
        }
        if self.canonical > 0 {
            write!(f, " canonical {}", self.canonical)?;
        }
        if self.table_waits > 0 {
            write!(f, " table-waits {}", self.table_waits)?;
        }
        if self.handed_over > 0 {
            write!(f, " handed-over {}", self.handed_over)?;
        }
        if self.iterations > 0 {
            write!(f, " iterations {}", self.iterations)?;
        }
        if self.peak_visited > 0 {
            write!(
                f,
                " peak-frontier {} peak-visited {}",
                self.peak_frontier, self.peak_visited
            )?;
        }
        if self.repeated > 0 {
            write!(f, " repeated {}", self.repeated)?;
        }
        if self.reach_expanded > 0 {
            write!(
                f,
                " reach-check expanded {} states {}",
                self.reach_expanded, self.reach_states
            )?;
        }
        write!(f, " in {:.3?}", self.elapsed)
    }
}
