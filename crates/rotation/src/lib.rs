//! The Rotation Game (POJ 2286, UVa 1343, HDU 1667).
//!
//! Twenty-four cells in a `#` shape hold the numbers 1 to 3; a move rotates
//! one of eight lines of seven cells by one place; the goal is the fewest
//! moves that make the eight centre cells one number, and among the
//! shortest sequences the lexicographically smallest (`A < ... < H`).
//!
//! Two exact solvers give the same answer:
//! - [`Rotation`] implements the core's [`Puzzle`](puzzle_search_core::Puzzle)
//!   with the classic bound (8 minus the most frequent number in the
//!   centre), so IDA*, DFS and BFS run on it;
//! - [`pdb`] looks every board up in a distance table over the
//!   C(24,8) = 735,471 placements of one number and walks it down.
//!
//! ```
//! use puzzle_rotation::{Board, pdb};
//!
//! let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
//! let answer = pdb::solve(&board).expect("eight of each number");
//! assert_eq!(answer.to_string(), "AC\n2");
//! # Ok::<(), puzzle_rotation::ParseError>(())
//! ```

mod answer;
mod board;
pub mod census;
mod moves;
mod parse;
pub mod pdb;
mod puzzle;
mod solve;

pub use answer::{Answer, SolveError};
pub use board::{Board, CELLS, CENTRE};
pub use moves::{LINES, Move};
pub use parse::{ParseError, parse_cases, parse_cases_until};
pub use puzzle::Rotation;
pub use solve::{MAX_DEPTH, solve, solve_with};

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
