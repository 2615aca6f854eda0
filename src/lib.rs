#![doc = include_str!("../README.md")]
//!
//! # This crate
//! The facade re-exports the search core (as [`search_core`], and
//! glob-imported at the root) and every puzzle crate, so one dependency
//! brings them all. (The core is not re-exported as `core`: that name
//! would shadow the standard `core` crate after `use puzzle_search::*`.)
//!
//! ```
//! use puzzle_search::*;
//! use core::fmt::Write; // the standard `core`, not shadowed
//! let mut s = String::new();
//! write!(s, "{}", Strategy::ida()).unwrap();
//! assert_eq!(s, "ida");
//! ```

pub use puzzle_search_core as search_core;
pub use puzzle_search_core::*;

/// The Rotation Game (POJ 2286): see the `puzzle-rotation` crate.
pub use puzzle_rotation as rotation;

/// The Mayan puzzle (NOIP 2011): see the `puzzle-mayan` crate.
pub use puzzle_mayan as mayan;

/// Flip Game, Fliptile and Lights Out: see the `puzzle-flip` crate.
pub use puzzle_flip as flip;

/// The box-slide maze: see the `puzzle-boxslide` crate.
pub use puzzle_boxslide as boxslide;

/// Sliding-tile puzzles (8-, 15-, 24-puzzle): see the `puzzle-sliding` crate.
pub use puzzle_sliding as sliding;

pub use puzzle_twisty as twisty;
