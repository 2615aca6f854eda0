//! God's algorithm: the census by symmetry class ([`class_census`]).
//!
//! Uses [`tables`](crate::tables) for its indices and
//! [`bound`](crate::bound) for its errors.

pub(crate) mod class_census;
