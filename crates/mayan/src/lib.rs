//! The Mayan puzzle (NOIP 2011, senior division, day 1, problem 3).
//!
//! A 5x7 board of coloured blocks falls under gravity; a move shifts one
//! block left or right (swapping with a neighbour or dropping into the next
//! column); runs of three or more of one colour vanish, in chains. Clear the
//! board in **exactly** `n` moves; print the lexicographically smallest
//! sequence, or `-1`.
//!
//! ```
//! use puzzle_mayan::{Problem, solve};
//!
//! let problem: Problem = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n".parse()?;
//! let answer = solve(&problem);
//! assert_eq!(answer.to_string(), "2 1 1\n3 1 1\n3 0 1");
//! # Ok::<(), puzzle_mayan::ParseError>(())
//! ```

mod board;
mod generate;
mod moves;
mod parse;
mod puzzle;
mod solve;

pub use board::{Board, COLOURS, HEIGHT, Run, WIDTH};
pub use generate::{generate, problem};
pub use moves::{Dir, Move};
pub use parse::{ParseError, Problem};
pub use puzzle::Mayan;
pub use puzzle_search_core::input::GenerateError;
pub use solve::{Answer, solve, solve_with, solver};

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
