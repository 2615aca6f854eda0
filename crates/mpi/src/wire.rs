//! The wire format: message tags, what a searcher thread sends the root,
//! bincode encoding, and messages sent in rounds under MPI's 32-bit counts.

use mpi::Count;
use puzzle_search_core::portable::{Part, PartReport};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A rank's searcher threads, sent to the root at start-up.
pub(crate) const TAG_HELLO: i32 = 1;

/// Root to rank: a job's bytes.
pub(crate) const TAG_JOB: i32 = 2;

/// Root to rank: a part to search.
pub(crate) const TAG_PART: i32 = 3;

/// Rank to root: a part's report.
pub(crate) const TAG_REPORT: i32 = 4;

/// Root to rank: the job is over (no part of it is out).
pub(crate) const TAG_JOB_DONE: i32 = 5;

/// Root to rank: no more jobs.
pub(crate) const TAG_END: i32 = 6;

/// Root to rank: stop the parts of a pass that start right of this move
/// sequence (`(pass, moves)`).
pub(crate) const TAG_STOP: i32 = 7;

/// Root to rank: a map starts.
pub(crate) const TAG_MAP: i32 = 8;

/// Root to rank: an item of a map.
pub(crate) const TAG_ITEM: i32 = 9;

/// Rank to root: an item's result.
pub(crate) const TAG_RESULT: i32 = 10;

/// Root to rank: a census starts.
pub(crate) const TAG_CENSUS: i32 = 11;

/// Root to rank: hand work over from a part (`(pass, id)`).
pub(crate) const TAG_ASK: i32 = 12;

/// Round `round` of sending `bytes[r]` to each rank `r` in pieces of at
/// most `chunk` bytes (empty once a message is all sent).
pub(crate) fn round_slices(bytes: &[Vec<u8>], chunk: usize, round: usize) -> Vec<&[u8]> {
    bytes
        .iter()
        .map(|b| {
            let from = round.saturating_mul(chunk).min(b.len());
            &b[from..from.saturating_add(chunk).min(b.len())]
        })
        .collect()
}

/// Where each of `counts`' segments starts in their concatenation.
pub(crate) fn offsets(counts: &[Count]) -> Vec<Count> {
    counts
        .iter()
        .scan(0, |at, &n| {
            let here = *at;
            *at += n;
            Some(here)
        })
        .collect()
}

/// A part with where it belongs: the pass, the start it is a part of (its
/// index in the job's starts), its number in the pass, the limit.
pub(crate) type Job<M> = (u64, u32, u32, u32, Part<M>);

/// What a searcher thread sends the root, in the order it happens (one
/// channel, then one tag: a part handed over always arrives before the
/// report of the part it came from).
#[derive(Serialize, Deserialize)]
pub(crate) enum Sent<M> {
    /// A part handed over by the search of part `.1` of pass `.0`.
    Split(u64, u32, Part<M>),
    /// The report of part `.1` of pass `.0`.
    Done(u64, u32, PartReport<M>),
}

pub(crate) fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    bincode::serialize(value).expect("parts and reports always serialise")
}

pub(crate) fn decode<T: DeserializeOwned>(bytes: &[u8], what: &str) -> T {
    bincode::deserialize(bytes).unwrap_or_else(|e| {
        panic!("a {what} message that does not decode ({e}): ranks running different programs?")
    })
}
