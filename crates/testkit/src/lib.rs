//! The test kit of puzzle-search (not published): what the tests, benches
//! and examples of several crates share, so that none of them reaches into
//! another target's files.
//!
//! - [`eight_puzzle`]: the 8-puzzle written against the public API, the
//!   README's teaching model (`examples/custom_puzzle` runs it). The
//!   production sliding-tile crate is `puzzle-sliding` (any size, pattern
//!   databases); this model stays minimal on purpose.
//! - [`fifteen`]: a compact 15-puzzle, the engine's benchmark model (and
//!   Korf's 100 instances when `../shared/data/korf100` exists).
//! - [`graph`]: seeded random explicit graphs with exact distances and
//!   brute-force enumerations.
//! - [`fewest`]: a breadth-first oracle for any puzzle.
//! - [`klotski`]: Klotski on the 4x5 tray in three metrics, with a
//!   breadth-first oracle that counts shortest paths.
//! - [`rush_hour`]: Rush Hour on the 6x6 board in two metrics, with a
//!   breadth-first oracle (a weak bound and a goal that is a predicate).
//! - [`census`]: the census of a sliding-tile board written by hand (a
//!   queue and a distance array by rank), the baseline of the core's.
//! - [`peg`]: English peg solitaire (a layered puzzle with 8 symmetries),
//!   with the hand-written census and count it is measured against.
//! - [`all_moves`]: a puzzle wrapper that generates every move (ablations).
//! - [`mayan_reference`], [`boxslide_reference`]: plain engines written
//!   from the specs alone, and the contest-style solvers the fast ones are
//!   measured against.
//! - [`mutate`]: seeded mutations of valid inputs, for fuzz-style tests.
//! - [`stepped`]: any puzzle with `Copy` states searched in place, to check
//!   the engine's in-place path against the plain one.
//! - [`shared_dir`]: the project's `../shared` folder (specs, judge data).

pub mod all_moves;
pub mod boxslide_reference;
pub mod census;
pub mod eight_puzzle;
pub mod fewest;
pub mod fifteen;
pub mod graph;
pub mod klotski;
pub mod mayan_reference;
pub mod mutate;
pub mod peg;
pub mod rush_hour;
pub mod stepped;

use std::path::PathBuf;

/// `../shared/<relative>` beside the workspace (specs, judge data, peers),
/// wherever the calling test or bench runs from. The folder may be
/// missing: tests that need it skip with a message.
pub fn shared_dir(relative: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")).join(relative)
}
