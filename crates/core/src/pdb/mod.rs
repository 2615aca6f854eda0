//! Pattern databases: exact distances in an abstraction of a puzzle, built
//! by breadth-first search from the goal, used as admissible bounds.
//!
//! The user describes the abstract space through [`Abstraction`]: a
//! perfect rank of its states (`0..size`), the goal states, each state's
//! neighbours with whether the move costs, and the *key* a state is stored
//! under (several states may share one key: the table keeps the least
//! distance of them). [`PatternDb::build`] runs a 0-1 breadth-first search
//! (moves that do not cost keep the distance, so that only the pattern's
//! own moves are counted and tables over disjoint patterns add up), in
//! parallel with the `parallel` feature, over two bits an abstract state
//! (billions of states where memory allows: the 15-puzzle's 8-tile
//! pattern, 4,151,347,200 states, peaks at 1.56 GB), and stores one
//! entry per key: 4 bits when every distance fits, else a byte.
//! [`PatternDb::build_within`] builds under a [`Budget`](crate::Budget):
//! a memory cap checked before anything is allocated, a time limit and a
//! cancel flag.
//!
//! A built table is saved with [`PatternDb::save`] and loaded with
//! [`PatternDb::load`]: the file names its format version and the
//! abstraction (so a table of another puzzle or pattern is refused) and
//! carries a checksum of its whole contents (so a stale, cut or corrupt
//! file is refused, never trusted). [`PatternDb::load_or_build`] does both.
//!
//! # Why a bound from it is admissible
//! Every move of the puzzle maps to a move of the abstraction (or to no
//! move) whose cost is at most the real one, and the goal maps to a goal:
//! so the abstract distance of a state's image never exceeds the real
//! distance. For additive tables each real move costs in at most one
//! pattern (the tile it moves belongs to one pattern), so the sum over
//! disjoint patterns is admissible too; the maximum of admissible bounds
//! is admissible.
//!
//! # Example
//! ```
//! use puzzle_search_core::pdb::{Abstraction, PatternDb};
//!
//! /// A ring of 12 cells: a token steps left or right, the goal is cell 0.
//! /// (The method examples on [`PatternDb`] use this ring too.)
//! struct Ring;
//! impl Abstraction for Ring {
//!     fn name(&self) -> String { "ring 12".into() }
//!     fn size(&self) -> u64 { 12 }
//!     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
//!     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
//!         out.extend([((r + 1) % 12, true), ((r + 11) % 12, true)]);
//!     }
//! }
//! let table = PatternDb::build(&Ring, None)?;
//! assert_eq!(table.get(3), 3);
//! assert_eq!(table.get(9), 3);
//! assert_eq!(table.max_distance(), 6);
//! assert!(table.is_nibble()); // every distance fits in 4 bits
//! # Ok::<(), puzzle_search_core::pdb::PdbError>(())
//! ```
//!
//! # Layout
//! - this module: the [`Abstraction`] a table is built over, build
//!   progress, the error type;
//! - `table`: [`PatternDb`], its storage (4-bit or byte entries) and
//!   look-ups;
//! - `build`: building a table, its peak memory, and the byte-a-state
//!   0-1 search the core's dense census runs;
//! - `bfs`: the table build's two-bit 0-1 breadth-first search;
//! - `direct`: a packed table built without its byte table, by two of
//!   those searches;
//! - `file`: the file format, saving, loading and its checks;
//! - `set`: [`TableSet`], the tables of one bound loaded or built under
//!   one budget and cache, and the [`SetReport`] of what was done.

use std::fmt;

pub(crate) mod bfs;
mod build;
mod direct;
mod file;
mod lazy;
mod lines;
mod set;
mod sum;
mod table;
#[cfg(test)]
mod tests;

pub(crate) use build::distances;
pub use file::fingerprint;
pub use set::{SetReport, TableHook, TableNote, TableSet};
pub use sum::{checksum, write_whole};
pub use table::PatternDb;

/// An abstract space to build a [`PatternDb`] over.
///
/// Moves must be reversible (a neighbour's neighbours include the state,
/// with the same cost), since the search runs from the goals backwards.
pub trait Abstraction: Sync {
    /// Names the puzzle and the pattern, e.g. `"sliding 4x4 blank-first
    /// tiles 1,2,3"`: saved in the file and checked on loading.
    ///
    /// Required even for tables never saved, on purpose: the name is what
    /// keeps one abstraction from loading another's file, and no default
    /// (a type name, say) tells apart two patterns of one type. A table
    /// built in memory only may return any name.
    fn name(&self) -> String;
    /// The number of abstract states; ranks are `0..size`. A build takes
    /// two bits a state and a byte a key
    /// ([`PatternDb::bytes_needed`]): billions of states where memory
    /// allows, past 2^32 too.
    ///
    /// Ranks and keys are `u64`, distances `u8` (what a table stores), bounds
    /// `u32` (what [`Puzzle::lower_bound`](crate::Puzzle::lower_bound)
    /// returns): `u32::from(table.get(key))` is the one cast a bound needs.
    fn size(&self) -> u64;
    /// The ranks of the goal states.
    fn goals(&self, out: &mut Vec<u64>);
    /// Appends the neighbours of the state of rank `rank`, each with
    /// whether the move costs 1 (`true`) or nothing (`false`).
    fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>);
    /// The number of keys (table entries); by default one per state.
    fn key_size(&self) -> u64 {
        self.size()
    }
    /// The key of a state: the table keeps, per key, the least distance
    /// of the states with that key. By default the rank.
    fn key(&self, rank: u64) -> u64 {
        rank
    }
    /// Whether [`key`](Self::key) is the rank itself, each state its own
    /// key (as the default `key` makes it). A table built packed
    /// ([`PatternDb::build_packed_within`]) then tells a key's first
    /// state settled by its state alone; otherwise it keeps a bit a key
    /// for that (an eighth of a byte a key more at its peak). `false` by
    /// default, so that an abstraction that overrides `key` is never
    /// taken for one that does not; say `true` only where `key(r) == r`
    /// for every rank.
    fn keys_are_ranks(&self) -> bool {
        false
    }
    /// Whether every move costs 1 (no free moves). Then the build may
    /// settle a late layer *bottom-up*: from each state not reached yet,
    /// look for a neighbour in the frontier (moves are reversible, so a
    /// neighbour is a predecessor), stopping at the first, instead of
    /// expanding every frontier state; it does so where fewer states are
    /// left than the frontier holds (the last layers of a cube's tables).
    /// The default, `false`, always expands top-down.
    fn every_move_costs(&self) -> bool {
        false
    }
    /// How many states of the puzzle the abstract state `rank` stands
    /// for, summed per distance into [`BuildProgress::weight`]: a census
    /// over classes of states (an index a symmetry class) weighs each by
    /// its class's size and needs no table (a [`key_size`](Self::key_size)
    /// of 1), two bits an index. By default 1.
    ///
    /// ```
    /// use puzzle_search_core::pdb::{Abstraction, BuildProgress, PatternDb};
    /// /// Twelve states in a ring, each standing for `rank + 1` others.
    /// struct Ring;
    /// impl Abstraction for Ring {
    ///     fn name(&self) -> String { "ring".into() }
    ///     fn size(&self) -> u64 { 12 }
    ///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    ///     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
    ///         out.extend([((r + 1) % 12, true), ((r + 11) % 12, true)]);
    ///     }
    ///     fn key_size(&self) -> u64 { 1 }
    ///     fn key(&self, _: u64) -> u64 { 0 }
    ///     fn weight(&self, r: u64) -> u64 { r + 1 }
    /// }
    /// let layers = std::sync::Mutex::new(Vec::new());
    /// let hook = |p: BuildProgress| if p.finished { layers.lock().unwrap().push(p.weight) };
    /// PatternDb::build(&Ring, Some(&hook))?;
    /// // Distance 1 holds ranks 1 and 11, distance 6 rank 6 alone.
    /// assert_eq!(layers.into_inner().unwrap(), [1, 14, 14, 14, 14, 14, 7]);
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    fn weight(&self, rank: u64) -> u64 {
        let _ = rank;
        1
    }
}

/// Progress of a build, for a progress bar: the distance being settled,
/// the states of that distance found so far, states settled in all, and
/// the total. A build reports each distance when it is settled
/// (`finished`) and, within a long layer, every two million states or so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BuildProgress {
    /// The distance being settled.
    pub depth: u8,
    /// States with a known distance.
    pub done: u64,
    /// All states.
    pub total: u64,
    /// States of distance `depth` settled so far: the layer's size once
    /// `finished`.
    pub layer: u64,
    /// Whether distance `depth` is settled (`layer` is then its size).
    pub finished: bool,
    /// The [`weight`](Abstraction::weight)s of the states counted in
    /// `layer`, summed (`layer` itself where every weight is 1).
    pub weight: u64,
}

/// Why [`PatternDb::build`] could not build a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PdbError(pub(super) ErrorKind);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ErrorKind {
    TooLarge(u64),
    NoMemory(u64),
    OverBudget { needed: u64, allowed: u64 },
    SetOverBudget { needed: u64, allowed: u64 },
    Stopped(crate::Limit),
    TooDeep,
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            ErrorKind::TooLarge(n) => {
                write!(f, "{n} abstract states or keys: too many to address here")
            }
            ErrorKind::NoMemory(n) => write!(f, "cannot allocate {n} bytes for the table"),
            ErrorKind::OverBudget { needed, allowed } => write!(
                f,
                "the table's build needs {needed} bytes ({:.2} GB), over the {allowed}-byte cap",
                needed as f64 / 1e9
            ),
            ErrorKind::SetOverBudget { needed, allowed } => write!(
                f,
                "the tables need {needed} bytes ({:.2} GB), over the {allowed}-byte cap",
                needed as f64 / 1e9
            ),
            ErrorKind::Stopped(limit) => write!(f, "the table's build stopped: {limit}"),
            ErrorKind::TooDeep => write!(f, "an abstract distance reaches 255: too deep to store"),
        }
    }
}

impl std::error::Error for PdbError {}

impl PdbError {
    /// The limit that stopped a build
    /// ([`PatternDb::build_within`]), if one did.
    ///
    /// ```
    /// use puzzle_search_core::{Budget, CancelFlag, Limit};
    /// use puzzle_search_core::pdb::{Abstraction, PatternDb};
    /// struct Two;
    /// impl Abstraction for Two {
    ///     fn name(&self) -> String { "two".into() }
    ///     fn size(&self) -> u64 { 2 }
    ///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    ///     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) { out.push((1 - r, true)) }
    /// }
    /// let flag = CancelFlag::new();
    /// flag.cancel();
    /// let err = PatternDb::build_within(&Two, &Budget::default().cancel_flag(flag), None);
    /// assert_eq!(err.unwrap_err().stopped(), Some(Limit::Cancelled));
    /// ```
    pub fn stopped(&self) -> Option<crate::Limit> {
        match self.0 {
            ErrorKind::Stopped(limit) => Some(limit),
            _ => None,
        }
    }

    /// The bytes needed and the cap, where the memory cap refused the
    /// table (its build's peak, or the set's tables with it): the error a
    /// caller can answer with a smaller table.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::TableSet;
    /// let budget = Budget::default().max_memory(1000);
    /// let err = TableSet::new(&budget).check(1500).unwrap_err();
    /// assert_eq!(err.over_memory(), Some((1500, 1000)));
    /// ```
    pub fn over_memory(&self) -> Option<(u64, u64)> {
        match self.0 {
            ErrorKind::OverBudget { needed, allowed }
            | ErrorKind::SetOverBudget { needed, allowed } => Some((needed, allowed)),
            _ => None,
        }
    }

    /// A space of `n` states or keys: more than 2^32.
    pub(crate) fn too_large(n: u64) -> Self {
        Self(ErrorKind::TooLarge(n))
    }
}
