//! [`TableOptions`]: which tables [`OrbitBound::build_with`] builds and
//! how they are read, and the defaults and limits they are measured
//! against.

#[cfg(doc)]
use puzzle_search_core::pdb::{PatternDb, TableSet};

#[cfg(doc)]
use crate::algebra::symmetry::Symmetries;
#[cfg(doc)]
use crate::bound::OrbitBound;

/// The most coordinates one table has by default (a nibble each once
/// built, two bits each more while it is built: at most 256 MB, 384 MB
/// while built): by symmetry class, the 3x3x3's edges go eight at a time
/// by 16 symmetries (319,875,072 entries, 161 MB as nibbles and 86 MB
/// packed, [`TableOptions::pack_above`]; built once in about a minute on
/// 2 cores); split into groups of consecutive pieces
/// (`reduce: false`), its corners (88,179,840) fit whole and its edges go
/// seven at a time (510,935,040). (2^27, the edges seven at a time by 4
/// symmetries, 64 MB, took four times the nodes and about three times the
/// time on the cube's scrambles.)
pub const MAX_TABLE: u64 = 1 << 29;

/// The most views a table may be read at.
pub const MAX_VIEWS: usize = 24;

/// Which tables [`OrbitBound::build_with`] builds and how they are read.
///
/// ```
/// use puzzle_twisty::TableOptions;
/// let options = TableOptions::default();
/// assert_eq!(options.max_states, puzzle_twisty::MAX_TABLE);
/// assert!(options.inverse && options.reduce);
/// assert_eq!(options.views, 3);
/// assert_eq!(options.pack_above, Some(puzzle_twisty::PACK_ABOVE));
/// assert_eq!(options.project_from, Some(puzzle_twisty::PROJECT_FROM));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableOptions {
    /// The most coordinates one table may have: an orbit larger than this
    /// is split into groups of pieces that fit.
    pub max_states: u64,
    /// Read every table at the inverse position too, where that is
    /// admissible (moves closed under inverse, the solved state the
    /// identity).
    pub inverse: bool,
    /// The most conjugates of the position (by the puzzle's
    /// [`Symmetries`]) each table is read at, the position itself among
    /// them: 1 reads the position alone. A table over a group of pieces
    /// read at `r^-1 g r` reads other pieces of `g`; each table gets the
    /// conjugates whose pieces differ most from those already read (a
    /// table over a whole orbit reads the same pieces at every
    /// conjugate, so it keeps the position alone). At most
    /// [`MAX_VIEWS`].
    pub views: usize,
    /// Index a table by symmetry class where the puzzle's symmetries keep
    /// a group of pieces (about as many times smaller as they are; the
    /// orbit's group then chosen among those they keep, and read at its
    /// conjugates to cover the rest). The default, `true`: the 3x3x3's
    /// corners by 48 symmetries and edges eight at a time by 16 (86 MB
    /// packed),
    /// or seven at a time by 4 with `max_states` 2^27 (65 MB). `false`
    /// splits every orbit into groups of consecutive pieces (Korf's
    /// tables for the 3x3x3 with `max_states` 2^27: corners whole, edges
    /// six at a time, 87 MB).
    pub reduce: bool,
    /// Tables over groups of pieces with more keys than this are held at
    /// two bits an entry ([`PatternDb::packed`]: lines of 120 keys, each
    /// read as its line's least, one of two values of the line's own, or
    /// a floor over them: a lower bound of the distance at about half a
    /// nibble table's memory). The default, `Some(`[`PACK_ABOVE`]`)`:
    /// the 3x3x3's eight-edge table 160 -> 85 MB, its nodes 0.2% more,
    /// the same time (docs/notes/twisty-history.md, "Two bits an entry");
    /// `None` keeps every table at its full width. The packed copy is
    /// cached beside the full table ([`TableSet::packed`]). Where a table
    /// is packed the bound is no longer [`exact`](OrbitBound::exact).
    /// Tables over the whole puzzle, over pieces alike, and the one table
    /// of a puzzle whose moves turn one orbit (exact: the 2x2x2's
    /// corners) are never packed.
    pub pack_above: Option<u64>,
    /// Build one more table over the projection of every moving orbit
    /// onto the blocks of places the moves' squares keep, indexed by
    /// class under every symmetry (the 3x3x3's corners by tetrad with
    /// their turns and edges by slice: H48's coordinate, 117,567,450
    /// indices, 31 MB packed), where `reduce` is on, the bound is not
    /// exact, the puzzle has symmetries besides the identity, and the
    /// projection has at least this many indices and at most
    /// `max_states` (the most turns kept within it). Read first, at
    /// the position and then at its inverse. The default,
    /// `Some(`[`PROJECT_FROM`]`)`; `None` builds none.
    pub project_from: Option<u64>,
    /// The most indices of a projection's table, and at most twice
    /// `max_states` (so small tables keep small projections): the
    /// choices of turns kept of the most indices within it, up to
    /// [`MAX_PROJECTIONS`] of them. The default, [`PROJECT_TO`]
    /// (2^30): the cube's all edges' turns (638,668,800 indices, 170 MB
    /// packed) and H48's coordinate (117,567,450, 31 MB).
    pub project_to: u64,
}

/// The most indices of a projection's table by default
/// ([`TableOptions::project_to`]): 2^30.
pub const PROJECT_TO: u64 = 1 << 30;

/// The most indices of a projection's table where the memory cap
/// chooses ([`OrbitBound::build_fitting`](crate::OrbitBound::build_fitting)
/// falls back to [`PROJECT_TO`] where a larger one's build does not fit):
/// 2^33. On the cube, the edges by slice with one slice's turns and the
/// corners with theirs (5,389,227,270 indices by 16 symmetries, 1.44 GB
/// packed, read at three conjugates; built directly within 3 GB, a
/// 2.86 GB peak in about 14 minutes on 2 cores, or whole and packed
/// where the cap holds 6.8 GB, in about 8), read alone beside the
/// corners' table: asked for by the command line's default, taken where
/// `-M` holds its build or it is cached.
pub const PROJECT_TO_BY_MEMORY: u64 = 1 << 33;

/// The most projections' tables a bound builds: two. With two, the
/// tables over parts of an orbit are left out (measured on the cube:
/// the eight-edge table beside both projections cost more than it cut).
pub const MAX_PROJECTIONS: usize = 2;

/// The fewest indices a projection's table is built for by default
/// ([`TableOptions::project_from`]): 2^20, below which a projection
/// is too coarse to cut what the orbits' tables do not.
pub const PROJECT_FROM: u64 = 1 << 20;

/// The size past which a table is packed by default
/// ([`TableOptions::pack_above`]): 2^24 keys (8 MB as nibbles), so that
/// small tables (the 3x3x3's corners by class: 2.2M keys), which cost
/// little memory and are often exact, keep their full width.
pub const PACK_ABOVE: u64 = 1 << 24;

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            max_states: MAX_TABLE,
            inverse: true,
            views: DEFAULT_VIEWS,
            reduce: true,
            pack_above: Some(PACK_ABOVE),
            project_from: Some(PROJECT_FROM),
            project_to: PROJECT_TO,
        }
    }
}

/// The conjugates a table is read at by default (see
/// [`TableOptions::views`]).
/// 3: the 3x3x3's edge table by class covers one slice's neighbours, its
/// conjugates the other two (measured in docs/notes/twisty-history.md).
pub const DEFAULT_VIEWS: usize = 3;

/// The smallest per-table cap [`OrbitBound::build_fitting`] tries:
/// below it the tables would cut too little to be worth a search.
pub const FIT_FLOOR: u64 = 1 << 10;
