//! Flip Game (POJ 1753), Fliptile (POJ 3279) and Lights Out at scale.
//!
//! Pressing a piece flips it and its four neighbours. Three solvers give
//! the same answers:
//! - [`FlipPuzzle`]: the core's BFS over board states (boards of at most 64
//!   cells), the classic approach and the cross-check;
//! - [`chase`]: light chasing over every first row, `O(M N 2^N)`;
//! - [`algebra`]: the same chase done symbolically over GF(2), which leaves
//!   an `N x N` linear system; elimination decides solvability, and the
//!   null space (enumerated in Gray-code order) gives the minimum and the
//!   lexicographically smallest press grid.
//!
//! ```
//! use puzzle_flip::{Grid, algebra, parse_fliptile};
//! let board = parse_fliptile("4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n")?;
//! let solution = algebra::solve(&board).expect("solvable");
//! assert_eq!(solution.presses.to_string(), "0 0 0 0\n1 0 0 1\n1 0 0 1\n0 0 0 0");
//! assert!(board.apply(&solution.presses).is_zero());
//! # Ok::<(), puzzle_flip::ParseError>(())
//! ```

pub mod algebra;
pub mod chase;
mod flip_game;
mod grid;
mod parse;
mod puzzle;

pub use flip_game::{FlipGameAnswer, flip_game};
pub use grid::Grid;
pub use parse::{ParseError, parse_flip_game, parse_fliptile};
pub use puzzle::{BfsError, FlipPuzzle, TooLarge, bfs_to_white, bfs_to_white_with, solve_with};

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
