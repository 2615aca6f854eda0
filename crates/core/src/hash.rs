//! The hash helpers the core's tables share, written once: a state's
//! short hash and its spread over 64 bits (the visited tables of BFS, the
//! layers and the reachability check), and splitmix64's finaliser (the
//! table files' checksums and the seeded generator).

use std::hash::BuildHasher;

use crate::meter::SearchHasher;

/// The golden-ratio increment of splitmix64 and Fibonacci hashing.
pub(crate) const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The top half of a state's hash: what a visited table stores.
#[inline]
pub(crate) fn short_hash<S: std::hash::Hash>(hasher: &SearchHasher, state: &S) -> u32 {
    (hasher.hash_one(state) >> 32) as u32
}

/// A 32-bit hash spread over 64 bits (a table takes its bucket from the
/// low bits and a tag from the top ones).
#[inline]
pub(crate) fn spread(hash: u32) -> u64 {
    u64::from(hash).wrapping_mul(GOLDEN)
}

/// A 64-bit finaliser (splitmix64's): every input bit reaches every
/// output bit.
#[inline]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
