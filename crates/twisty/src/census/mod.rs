//! God's algorithm: the census a definition should get under a memory
//! cap ([`plan`]: class, coordinates, the positions' rank, sorted
//! layers or a hash set, each layer told as it finishes), and the census
//! by symmetry class ([`class_census`]).
//!
//! Uses [`tables`](crate::tables) for its indices,
//! [`bound`](crate::bound) for its errors and [`Twisty`](crate::Twisty)
//! for the puzzle it counts.

pub(crate) mod class_census;
pub(crate) mod plan;
