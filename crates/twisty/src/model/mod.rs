//! The puzzle as data: positions as per-orbit permutations with
//! orientations and their composition ([`position`]), twsearch's
//! definition format read ([`parse`], [`definition`]), the built-in 2x2x2
//! and 3x3x3 written in it from their geometry ([`cube`]), and the moves
//! with their powers ([`moves`]).
//!
//! The crate's ground floor: uses nothing of the crate outside this
//! folder.

pub(crate) mod cube;
pub(crate) mod definition;
pub(crate) mod moves;
pub(crate) mod parse;
pub(crate) mod position;
