//! The search core of **puzzle-search**.
//!
//! Implement [`Puzzle`] for your puzzle (a state type, a move type, the
//! successors in canonical move order and a goal test) and every strategy
//! runs on it: depth-limited DFS (exactly `n` or at most `n` moves), IDA*,
//! BFS, and parallel DFS / IDA* that return exactly the sequential answer.
//! Every search takes a [`Budget`] and reports [`Stats`].
//!
//! # Example
//! ```
//! use puzzle_search_core::{Outcome, Puzzle, Solver, Strategy};
//!
//! /// Reach `target` from a number by `+1` or `*2`.
//! struct Reach { target: u32 }
//!
//! impl Puzzle for Reach {
//!     type State = u32;
//!     type Move = char;
//!     fn successors(&self, s: &u32, out: &mut Vec<(char, u32)>) {
//!         // Canonical order: '*' (0x2A) before '+' (0x2B), matching `char`'s `Ord`.
//!         out.push(('*', s * 2));
//!         out.push(('+', s + 1));
//!     }
//!     fn is_goal(&self, s: &u32) -> bool { *s == self.target }
//!     fn lower_bound(&self, s: &u32) -> Option<u32> {
//!         // Numbers only grow: overshooting is a dead end.
//!         if *s > self.target { None } else { Some(0) }
//!     }
//! }
//!
//! let report = Solver::new(Strategy::IdaStar { max_depth: 20 }).solve(&Reach { target: 10 }, &1);
//! assert_eq!(report.outcome, Outcome::Solved(vec!['*', '*', '+', '*']));
//! println!("{}", report.stats);
//! ```

mod automaton;
mod budget;
mod census;
mod engine;
mod from_fn;
mod hash;
pub mod input;
mod layered;
mod meter;
mod options;
mod outcome;
mod pass;
pub mod pdb;
pub mod portable;
mod progress;
mod puzzle;
pub mod rank;
mod ranked;
mod replay;
mod solver;
mod sorted_layers;
mod stats;
mod strategy;
mod symmetry;
mod table;
mod threads;
mod twins;

pub use automaton::{AutomatonError, MoveAutomaton};
pub use budget::{Budget, CancelFlag, Limit, memory_available};
pub use census::{Census, Distances, TWO_BIT_RANKS};
pub use from_fn::{FromFn, NoBound, from_fn};
pub use options::DepthMode;
pub use outcome::{
    Outcome, Paths, PathsReport, PathsTo, Refusal, Report, Shortest, ShortestMethod,
    ShortestReport, Undecided,
};
pub use progress::{Phase, Progress};
pub use puzzle::{InPlace, ParallelPuzzle, Promise, Puzzle};
pub use ranked::{Ranked, RankedSpace};
pub use replay::{ReplayError, replay};
pub use solver::{MakeUnmake, MoveOf, PuzzleOf, Sequential, Solver, StateOf, Strategy, Target};
pub use stats::Stats;
pub use symmetry::{Classes, Symmetry};
pub use twins::{Twins, find_twins};

// Moved to `input` (the parsers' and generators' helpers); kept here,
// hidden, for one release so that code naming them at the root builds.
#[doc(hidden)]
pub use input::{GenerateError, SplitMix64, Token, excerpt, tokens};

/// Why every pruning of the strategies keeps the answer: the proofs from
/// `docs/strategies.md` (kept in this crate so that its package carries
/// it; the repository's `docs/strategies.md` links here), shown so that rustdoc
/// readers reach them from the items that rely on them.
#[doc = include_str!("../docs/strategies.md")]
pub mod proofs {}

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
