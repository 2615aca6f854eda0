//! What is derived from a definition and its moves: each orbit's shape
//! (what a numbering needs to know of it, [`shape`]), the symmetries
//! (rotations and mirror images that map the moves onto the moves,
//! [`symmetry`], [`mirror`]), the invariants every reachable position
//! shares with solved ([`invariants`]), and random positions
//! ([`random`]).
//!
//! Uses [`model`](crate::model) only; nothing here knows of tables,
//! censuses or searches.

pub(crate) mod invariants;
pub(crate) mod mirror;
pub(crate) mod random;
pub(crate) mod shape;
pub(crate) mod symmetry;
