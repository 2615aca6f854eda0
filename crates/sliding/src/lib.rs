//! Sliding-tile puzzles: the 8-, 15- and 24-puzzle and every `W x H` board
//! up to 25 cells, exactly as `shared/specs/sliding.md` states them.
//!
//! - [`Board`]: a board of a byte a cell, moves named
//!   by the direction the blank goes (`D < L < R < U`), solvability by
//!   parity without search, both goal conventions ([`Goal`]).
//! - [`Sliding`]: the board as a core [`Puzzle`](puzzle_search_core::Puzzle)
//!   with Manhattan distance kept incrementally in the state, plus linear
//!   conflicts, or additive pattern databases ([`Patterns`]); also
//!   [`InPlace`](puzzle_search_core::InPlace), so that IDA* changes one
//!   node move by move ([`Undo`] takes a move back), as dedicated solvers do.
//! - [`parse_size`], [`parse_board`]: the judge format, one line at a time,
//!   with errors that name what and where.
//!
//! ```
//! use puzzle_sliding::{Board, Bound, Goal, Sliding};
//! let board: Board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap();
//! let puzzle = Sliding::new(3, 3, Goal::BlankLast, Bound::LinearConflict)?;
//! let answer = puzzle.solve(&board)?.expect("solvable");
//! assert_eq!(answer.to_string(), "2 RR");
//! # Ok::<(), puzzle_sliding::SolveError>(())
//! ```

mod board;
mod heuristic;
mod parse;
mod patterns;
mod puzzle;
mod twins;
mod zero;

pub use board::{Board, Dir, Goal, MAX_CELLS};
pub use parse::{ParseError, parse_board, parse_size};
pub use patterns::{
    BuildHook, MAX_PATTERNS, Partition, PatternAbstraction, Patterns, PatternsError,
};
pub use puzzle::{Answer, Bound, Node, Sliding, SolveError, Undo};
pub use twins::{twin_automaton, twin_words};

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
