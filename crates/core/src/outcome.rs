//! What a search returns.

use crate::budget::Limit;
use crate::stats::Stats;

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
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
pub struct Report<M> {
    /// How the search ended.
    pub outcome: Outcome<M>,
    /// What it cost, also when it was stopped.
    pub stats: Stats,
}

impl<M> Report<M> {
    /// The solution's moves, if one was found.
    pub fn solution(&self) -> Option<&[M]> {
        match &self.outcome {
            Outcome::Solved(moves) => Some(moves),
            _ => None,
        }
    }
}
