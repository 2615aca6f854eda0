//! What a search returns.

use std::fmt;

use crate::budget::Limit;
use crate::stats::Stats;

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Outcome<M> {
    /// The answer the strategy promises, as the moves from the start.
    Solved(Vec<M>),
    /// The search was exhaustive: no solution exists within its depth limit.
    NoSolution,
    /// A [`Budget`](crate::Budget) limit stopped the search before it could
    /// decide; nothing is known about the answer.
    Stopped(Limit),
}

/// The outcome of a search with its statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Report<M> {
    /// How the search ended.
    pub outcome: Outcome<M>,
    /// What it cost, also when it was stopped.
    pub stats: Stats,
}

impl<M> Report<M> {
    /// A report made outside the core's searches: a puzzle crate that
    /// decides some inputs without searching (a sliding-tile board of the
    /// wrong parity) answers in the same shape as a search.
    ///
    /// ```
    /// use puzzle_search_core::{Outcome, Report, Stats};
    /// let report = Report::<u8>::new(Outcome::NoSolution, Stats::default());
    /// assert_eq!(report.solution(), None);
    /// ```
    pub fn new(outcome: Outcome<M>, stats: Stats) -> Self {
        Self { outcome, stats }
    }

    /// The solution's moves, if one was found.
    ///
    /// ```
    /// use puzzle_search_core::{Outcome, Report, Stats};
    /// let report = Report::new(Outcome::Solved(vec![1u8, 2]), Stats::default());
    /// assert_eq!(report.solution(), Some(&[1, 2][..]));
    /// ```
    pub fn solution(&self) -> Option<&[M]> {
        match &self.outcome {
            Outcome::Solved(moves) => Some(moves),
            _ => None,
        }
    }
}

impl<M> Outcome<M> {
    /// The moves of a solution, `Ok(None)` when there is none, `Err` with
    /// the limit when the search was stopped before it could decide.
    ///
    /// ```
    /// use puzzle_search_core::{Limit, Outcome};
    /// assert_eq!(Outcome::Solved(vec![1, 2]).into_result(), Ok(Some(vec![1, 2])));
    /// assert_eq!(Outcome::<u8>::NoSolution.into_result(), Ok(None));
    /// assert_eq!(Outcome::<u8>::Stopped(Limit::Nodes).into_result(), Err(Limit::Nodes));
    /// ```
    pub fn into_result(self) -> Result<Option<Vec<M>>, Limit> {
        match self {
            Outcome::Solved(moves) => Ok(Some(moves)),
            Outcome::NoSolution => Ok(None),
            Outcome::Stopped(limit) => Err(limit),
        }
    }
}

/// What [`Solver::count_shortest`](crate::Solver::count_shortest) and
/// [`Solver::for_each_shortest`](crate::Solver::for_each_shortest) found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Shortest {
    /// The shortest solutions have `length` moves; `count` of them were
    /// counted (all of them, unless the visitor stopped early).
    Found {
        /// Moves in each shortest solution.
        length: u32,
        /// How many (below `u128::MAX`: see [`Shortest::TooMany`]).
        count: u128,
    },
    /// The shortest solutions have `length` moves, and there are at least
    /// `u128::MAX` of them: more than a count can hold, so none is given.
    TooMany {
        /// Moves in each shortest solution.
        length: u32,
    },
    /// No solution within the depth limit.
    NoSolution,
    /// A budget limit stopped the search.
    Stopped(Limit),
}

/// Which search found the length of the shortest solutions (and guided
/// the count or the listing after it). Two race, in slices of growing
/// size, and the first to finish is used: the work is within a small
/// factor of the faster one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ShortestMethod {
    /// Breadth-first layers, each state stored once with the number of
    /// shortest move sequences into it: the count is a sum over the goals
    /// of the first layer that holds one, and the listing enters a state
    /// only at its own layer. Wins where the bound is weak and the states
    /// within the shortest length fit in [`Budget::max_states`](crate::Budget::max_states).
    Layers,
    /// IDA* (with the solver's options), then a depth-first pass memoised
    /// per state and moves left. Wins where the bound is strong.
    DepthFirst,
}

impl fmt::Display for ShortestMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ShortestMethod::Layers => "layers",
            ShortestMethod::DepthFirst => "depth-first",
        })
    }
}

/// A [`Shortest`] with the statistics of the search.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ShortestReport {
    /// How it ended.
    pub outcome: Shortest,
    /// What it cost.
    pub stats: Stats,
    /// Which search found the length; `None` when the search ended before
    /// one did.
    pub method: Option<ShortestMethod>,
}
