//! The indices pattern databases are built over, one file a concept:
//! a group of one orbit's pieces ([`group`]), the same group by symmetry
//! class ([`symgroup`], its classes cached by [`classes`]), an orbit's
//! labels where pieces look alike ([`alike`]), the puzzle as move tables
//! on per-orbit coordinates ([`coords`]), the whole puzzle by class
//! ([`class_space`]), the projection onto the moves' blocks
//! ([`projection`], its step tables in [`steps`], three-way turns summed
//! digit by digit in [`ternary`], kept blocks' turns stepped apart in
//! [`digits`], and their cache file in [`steps_file`]), and the tally of
//! reads ([`reads`]).
//!
//! Uses [`model`](crate::model) and [`algebra`](crate::algebra); the
//! schedule that reads these tables during a search is
//! [`bound`](crate::bound).

pub(crate) mod alike;
pub(crate) mod class_space;
pub(crate) mod classes;
pub(crate) mod classing;
pub(crate) mod coords;
pub(crate) mod digits;
pub(crate) mod group;
pub(crate) mod narrow;
pub(crate) mod orbit;
pub(crate) mod projected;
pub(crate) mod projection;
pub(crate) mod read;
pub(crate) mod reads;
pub(crate) mod rest;
pub(crate) mod space;
pub(crate) mod steps;
pub(crate) mod steps_file;
pub(crate) mod symgroup;
pub(crate) mod ternary;
pub(crate) mod whole;
