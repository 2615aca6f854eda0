//! Twisty puzzles as data: any permutation puzzle given in twsearch's
//! definition format (`.tws`: orbits of pieces, a solved state, moves as
//! permutations with orientation changes), searched by the core.
//!
//! - [`Definition`]: a definition file read, with errors naming the line
//!   and token ([`ParseError`]).
//! - [`Moves`]: the moves with their powers, named as twsearch names them
//!   (`U`, `U2`, `U'`), a subset chosen by name (`--moves U,F,R`).
//! - [`Twisty`]: a definition and moves as a core
//!   [`Puzzle`](puzzle_search_core::Puzzle), with canonical sequences
//!   found from the moves (commuting moves in one order, no move followed
//!   by a power of itself) and a perfect rank for the dense census.
//! - [`Coordinates`]: the same puzzle as move tables on per-orbit
//!   coordinates, for censuses at memory speed.
//! - [`OrbitBound`], [`TableOptions`]: pattern databases over groups of
//!   each orbit's pieces (the whole orbit where it fits, else several
//!   groups, or a group by symmetry class: the 3x3x3's edges eight at a
//!   time by 16 symmetries; an orbit with pieces alike or `?`
//!   orientations over its labels), read at conjugates of the position
//!   and at its inverse, with a table over the projection of every
//!   orbit onto the blocks the moves' squares keep (H48's coordinate on
//!   the 3x3x3), for optimal solves (`Twisty` is searched in place:
//!   [`MakeUnmake`](puzzle_search_core::MakeUnmake));
//!   [`OrbitBound::build_fitting`] chooses them by the budget's memory.
//! - [`Scramble`], [`parse_scrambles`]: twsearch's scramble files.
//!
//! ```
//! use puzzle_twisty::{Definition, Moves, Twisty};
//! use puzzle_search_core::{Solver, Strategy};
//! let def = Definition::parse("\
//! Set CORNER 3 3
//! Solved
//! CORNER
//! 1 2 3
//! End
//! Move T
//! CORNER
//! 2 3 1
//! 1 1 1
//! End
//! ")?;
//! let puzzle = Twisty::new(def.clone(), Moves::all(&def)?);
//! let census = Solver::new(Strategy::bfs()).census(&puzzle, def.solved());
//! assert_eq!(census.layers, [1, 2]); // T and T' (its order is 3)
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod algebra;
mod bound;
mod census;
mod conjugates;
mod model;
mod puzzle;
mod sequences;
mod tables;

pub use algebra::invariants::Unreachable;
pub use algebra::random::{Draw, WALK, random_position};
pub use algebra::symmetry::{MAX_SYMMETRIES, Symmetries};
pub use bound::{
    BoundError, DEFAULT_VIEWS, FIT_FLOOR, MAX_PROJECTIONS, MAX_TABLE, MAX_VIEWS, OrbitBound,
    PACK_ABOVE, PROJECT_FROM, PROJECT_TO, PROJECT_TO_BY_MEMORY, TableOptions,
};
pub use census::class_census::ClassCensus;
pub use census::plan::{CensusPath, CensusPlan, CensusRun, PlanError};
pub use conjugates::Conjugates;
pub use model::definition::{Definition, is_rotation};
pub use model::moves::{MAX_MOVES, MAX_ORDER, Moves, MovesError, power_name};
pub use model::parse::ParseError;
pub use model::position::{Orbit, Position, WILD};
pub use puzzle::Twisty;
pub use sequences::scramble::{Scramble, ScrambleKind, parse_scrambles};
pub use tables::coords::{CoordState, Coordinates, MAX_COORD, MAX_COORD_ORBITS, MAX_TABLE_ENTRIES};
pub use tables::reads::TableReads;

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
