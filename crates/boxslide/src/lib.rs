//! The box-slide maze: coloured boxes stacked in a grid; swap two
//! neighbouring cells (up, down, left or right); boxes fall; runs of three
//! vanish, in chains. Clear the grid in the fewest moves (at most a limit);
//! print the lexicographically smallest shortest sequence, or `-1`.
//!
//! Gravity and runs are the `puzzle-gravity` crate's, shared with the
//! Mayan puzzle; this crate adds vertical swaps, grids up to 16x16 and
//! colours up to 15.
//!
//! ```
//! use puzzle_boxslide::{Level, solve};
//! let level: Level = "7 6 2
//! 0 1 0 0 0 0
//! 0 2 0 0 0 0
//! 0 3 0 0 0 0
//! 0 2 1 0 0 0
//! 0 1 3 3 0 0
//! 0 2 2 1 0 0
//! 0 1 1 2 2 0".parse()?;
//! assert_eq!(solve(&level).to_string(), "2\n2 1 D\n4 0 R");
//! # Ok::<(), puzzle_boxslide::ParseError>(())
//! ```

mod board;
mod generate;
mod moves;
mod parse;
mod puzzle;
mod solve;

pub use board::{Board, MAX_COLOURS, MAX_SIDE};
pub use generate::{Wanted, generate, level, level_with_answer};
pub use moves::{Dir, Move};
pub use parse::{Level, ParseError};
pub use puzzle::BoxSlide;
pub use puzzle_search_core::input::GenerateError;
pub use solve::{Answer, solve, solve_with, solver};

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
