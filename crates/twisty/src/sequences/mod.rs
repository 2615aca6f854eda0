//! Move sequences as cubers write them: names and powers, groups
//! repeated or inverted ([`notation`]), rotations `x y z` and wide turns
//! ([`frame`]), and twsearch's scramble files ([`scramble`]).
//!
//! Uses [`model`](crate::model) only.

pub(crate) mod frame;
pub(crate) mod notation;
pub(crate) mod scramble;
