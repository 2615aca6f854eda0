//! **puzzle-search**: exact, fast search for move-based puzzles.
//!
//! This facade re-exports the search core ([`core`], also glob-imported at
//! the root) and every puzzle crate, so one dependency brings them all.
#![warn(missing_docs)]

pub use puzzle_search_core as core;
pub use puzzle_search_core::*;
