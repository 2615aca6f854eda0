//! [`OrbitBound`]: pattern databases derived from a definition: each
//! orbit whose pieces are told apart gets a table over its coordinates
//! (where its pieces fit in one) or over groups of its pieces (Korf's six
//! edges at a time, generic: [`PieceGroup`](crate::tables::group)), combined by
//! max, each read at the position and, where that is admissible, at the
//! position's inverse. An orbit with pieces alike or `?` orientations
//! gets tables over its labels instead ([`LabelGroup`]).

use std::path::Path;

use puzzle_search_core::pdb::{
    self, Abstraction, BuildProgress, PatternDb, PdbError, SetReport, TableHook, TableSet,
};
use puzzle_search_core::{Budget, Ranked};

use crate::tables::alike::{AlikeSpace, LabelGroup, MAX_ALIKE_TABLE, split_alike};
use crate::tables::class_space::{ClassIndex, ClassSpace, Plan, TABLED};
use crate::tables::coords::Coordinates;
use crate::model::definition::Definition;
use crate::tables::group::{GroupSpace, MAX_GROUP_ORBIT, PieceGroup, split};
use crate::model::moves::Moves;
use crate::model::position::{invert_bytes, then_bytes};
use crate::tables::projection::{Projection, ProjectionSpace};
use crate::tables::reads::{TableReads, Tally};
use crate::algebra::shape;
use crate::tables::symgroup::{SymGroup, SymSpace, choose};
use crate::algebra::symmetry::Symmetries;

/// The most coordinates one table has by default (a nibble each once
/// built, two bits each more while it is built: at most 256 MB, 384 MB
/// while built): by symmetry class, the 3x3x3's edges go eight at a time
/// by 16 symmetries (319,875,072 entries, 161 MB as nibbles and 86 MB
/// packed, [`TableOptions::pack_above`]; built once in about a minute on
/// 2 cores); split into groups of consecutive pieces
/// (`reduce: false`), its corners (88,179,840) fit whole and its edges go
/// seven at a time (510,935,040). (Until issue 44: 2^27, the edges seven
/// at a time by 4 symmetries, 64 MB, four times the nodes and about
/// three times the time on the cube's scrambles.)
pub const MAX_TABLE: u64 = 1 << 29;

/// The most children (ranks times moves) the build of a table over the
/// whole puzzle may walk: 2^33. The Skewb's 340,122,240 ranks by 16
/// moves built in 5.7 s on 2 cores here (3.1M of them reached), the
/// Pyraminx's 302,330,880 by 16 in 23.7 s (all reached); past the cap
/// the build could take minutes, and the tables over orbits are built
/// instead.
const WHOLE_CHILDREN: u64 = 1 << 33;

/// The most children [`OrbitBound::keep_within`] reads one table for at
/// once (the 3x3x3 has 18 moves).
const BATCH: usize = 32;

/// One table: a group of one orbit's pieces.
#[derive(Debug)]
struct Part {
    group: PieceGroup,
    /// The group indexed by symmetry class, where it is.
    sym: Option<SymGroup>,
    db: PatternDb,
    /// The conjugates it is read at: slots of [`OrbitBound::used`] (0:
    /// the position itself).
    views: Vec<usize>,
}

impl Part {
    /// The table's index of the tracked pieces at `pos`, turned `ori`.
    #[inline]
    fn index(&self, pos: &[u8], ori: &[u8]) -> u64 {
        match &self.sym {
            Some(sym) => sym.index(pos, ori),
            None => self.group.rank(pos, ori),
        }
    }
}

/// The table over the whole puzzle: its index and the distance of each
/// index.
#[derive(Debug)]
struct Whole {
    index: WholeIndex,
    db: PatternDb,
}

/// How [`Whole`] indexes a position.
#[derive(Debug)]
enum WholeIndex {
    /// Issue 45's coordinates (its rank of the reachable group).
    Coordinates(Coordinates),
    /// By symmetry class: one orbit's placements by class, the other
    /// moving orbits' coordinates seen from the representative
    /// ([`ClassIndex`]).
    Classes(ClassIndex),
}

/// [`Whole`]'s ranks as the core's table build sees them: each rank's
/// children by the coordinates' move tables.
struct WholeSpace<'a> {
    coords: &'a Coordinates,
    goal: u64,
    name: String,
}

impl Abstraction for WholeSpace<'_> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn size(&self) -> u64 {
        self.coords.size()
    }

    fn goals(&self, out: &mut Vec<u64>) {
        out.push(self.goal);
    }

    /// Every move costs one, and the moves are closed under inverse
    /// (`build_with` asks for it).
    fn every_move_costs(&self) -> bool {
        true
    }

    #[inline]
    fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>) {
        self.coords
            .successor_ranks(rank, &mut |r| out.push((r, true)));
    }
}

/// One table over an orbit with pieces alike or `?` orientations (see
/// [`LabelGroup`]): read at the position only (such a puzzle's solved
/// state is not the identity: no symmetry, no inverse).
#[derive(Debug)]
struct AlikePart {
    group: LabelGroup,
    db: PatternDb,
}

/// The table over the projection of several orbits (the squares'
/// blocks: [`Projection`]), read at the position and, where admissible,
/// its inverse.
#[derive(Debug)]
struct ProjPart {
    proj: Projection,
    db: PatternDb,
}

/// The most symmetries the tables are read at, all tables together
/// (their conjugates are marked made in a `u64`).
const MAX_USED: usize = 64;

/// The most views a table may be read at.
pub const MAX_VIEWS: usize = 24;

thread_local! {
    /// A thread's buffers for [`OrbitBound::keep_within`] and
    /// [`OrbitBound::lower_or_dead`] (kept between calls: no allocation
    /// a node).
    static SCRATCH: std::cell::RefCell<Scratch> = const {
        std::cell::RefCell::new(Scratch {
            conj: Vec::new(),
            pieces: Vec::new(),
            ranks: Vec::new(),
            indices: Vec::new(),
            child: Vec::new(),
            other: Vec::new(),
            inv: Vec::new(),
        })
    };
}

/// [`SCRATCH`]'s buffers.
struct Scratch {
    /// The conjugates of the position, a slot each.
    conj: Vec<u8>,
    /// A batch's tracked pieces: per child, placements then turns.
    pieces: Vec<u8>,
    /// The children's ranks in the whole puzzle's table.
    ranks: Vec<u64>,
    /// The children's indices in the whole puzzle's table by class.
    indices: Vec<Option<u64>>,
    /// A child (for the projection's index), a conjugate, the inverse
    /// of the position: a position's bytes each.
    child: Vec<u8>,
    other: Vec<u8>,
    inv: Vec<u8>,
}

/// One table read at one conjugate of the position or of its inverse.
#[derive(Clone, Copy, Debug)]
struct Stage {
    part: usize,
    slot: usize,
    inverse: bool,
}

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
    /// the same time (docs/puzzles/twisty.md, "Two bits an entry");
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
/// conjugates the other two (measured in docs/puzzles/twisty.md).
pub const DEFAULT_VIEWS: usize = 3;

/// A lower bound for [`Twisty`](crate::Twisty) from pattern databases. Each orbit whose
/// pieces are told apart (and none wild) is split into groups of pieces
/// (the whole orbit when its coordinates fit in
/// [`TableOptions::max_states`]); a group's coordinate is where each of
/// its pieces is and how it is turned. A move maps a group's coordinate
/// by a function of that coordinate alone, whatever the other pieces do,
/// so the distance to the solved coordinate in this abstraction never
/// exceeds the distance to solved; the max over the tables is admissible
/// too. An orbit whose pieces are not all told apart, or that has a `?`
/// orientation, gets tables over what a position shows of its labels
/// (which label sits on each place, and the turns of those the solved
/// state orients: at most 2^24 entries each; proof in
/// docs/puzzles/twisty.md, "Tables over pieces alike").
///
/// *The inverse look-up*: where the solved state is the identity (labels
/// in order, no turn: positions and group elements are then one) and the
/// moves are closed under inverse, a position `g` is solved by `m1 ... mk`
/// exactly when its inverse `g^-1 = m1 ... mk` is solved by `mk^-1 ...
/// m1^-1`: both have the same distance, so every table read at `g^-1` is a
/// bound for `g` too.
///
/// The tables are built from the solved state with the moves searched;
/// distances *to* solved equal those *from* it only when the moves are
/// closed under inverse, so [`build`](Self::build) asks for that.
///
/// ```
/// use puzzle_twisty::{Definition, Moves, OrbitBound, Twisty};
/// use puzzle_search_core::Budget;
/// // Four pieces with three orientations; T turns three of them.
/// let def = Definition::parse("Set P 4 3\nSolved\nP\n1 2 3 4\nEnd\nMove T\nP\n2 3 1 4\n1 1 1 0\nEnd\nMove S\nP\n1 2 4 3\nEnd\n")?;
/// let puzzle = Twisty::new(def.clone(), Moves::all(&def)?);
/// let bound = OrbitBound::build(puzzle.definition(), puzzle.moves(), &Budget::default(), None, None)?;
/// assert_eq!(bound.lower(def.solved()), 0);
/// assert_eq!(bound.tables().len(), 1); // one orbit: the whole puzzle, exact
/// let t = puzzle.moves().get(0);
/// assert_eq!(bound.lower(&def.solved().then(t, def.orbits())), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct OrbitBound {
    /// The table over the whole puzzle (by its coordinates or its
    /// classes), where it fits:
    /// exact, and then the only table.
    whole: Option<Whole>,
    /// Whether the bound is the distance itself (see
    /// [`exact`](Self::exact)).
    exact: bool,
    parts: Vec<Part>,
    /// The tables over orbits with pieces alike or `?` orientations,
    /// read after every stage of `parts`.
    alike: Vec<AlikePart>,
    /// The tables over projections of several orbits, where built (at
    /// most [`MAX_PROJECTIONS`]), the smallest first.
    projections: Vec<ProjPart>,
    inverse: bool,
    symmetries: Symmetries,
    /// The symmetries read, by slot (slot 0: the identity).
    used: Vec<usize>,
    /// A position's bytes.
    len: usize,
    /// Per move, a position's layout: per orbit, where the piece on each
    /// position goes, then the turn it gets there.
    moved: Vec<u8>,
    /// The reads of [`keep_within`](Self::keep_within) in order: the
    /// largest table at the position first, then each table at each of
    /// its conjugates, then all again at the inverse.
    stages: Vec<Stage>,
    /// Each table's orbit and pieces, for [`TableReads`], by part.
    labels: Vec<String>,
    /// Reads and cuts a stage, where [`count_reads`](Self::count_reads)
    /// asked for them.
    tally: Option<Tally>,
    /// Why placement classes or a projection's step tables could not be
    /// read from or written to the cache
    /// ([`class_errors`](Self::class_errors)).
    class_errors: Vec<std::io::Error>,
    /// Whether a stage at a position is first settled by the position's
    /// own entry where it can be (`keep_part`); off only to test the
    /// rule ([`settle_by_parent`](Self::settle_by_parent)).
    settle: bool,
    /// Each table loaded or built, and why tables built could not be
    /// saved to the cache (the bound is whole: they are only rebuilt
    /// next time).
    report: SetReport,
}

/// Why [`OrbitBound::build`] refused.
#[derive(Debug)]
pub enum BoundError {
    /// A move's inverse is not among the moves searched.
    NotClosed(String),
    /// A table could not be built (memory, a budget, a distance past 254).
    Table(PdbError),
    /// The index by symmetry class (a census's or a whole-puzzle
    /// table's) cannot number the puzzle (its indices pass `u64`, or the
    /// solved state is not among the values numbered): the reason.
    Unindexed(&'static str),
    /// Building a table (its move tables and its search) would take
    /// `needed` bytes, more than the `allowed` memory.
    Memory {
        /// The bytes the build needs.
        needed: u64,
        /// The memory cap.
        allowed: u64,
    },
}

impl std::fmt::Display for BoundError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoundError::NotClosed(m) => write!(
                f,
                "the inverse of move `{m}` is not among the moves: tables need moves closed under inverse"
            ),
            BoundError::Table(e) => write!(f, "{e}"),
            BoundError::Unindexed(why) => {
                write!(f, "the index by symmetry class cannot number it: {why}")
            }
            BoundError::Memory { needed, allowed } => write!(
                f,
                "building a table needs {needed} bytes ({:.2} GB), over the {allowed}-byte cap",
                *needed as f64 / 1e9
            ),
        }
    }
}

impl std::error::Error for BoundError {}

impl BoundError {
    /// The bytes needed and the memory cap, where the cap refused a table
    /// (a build's peak, its move tables or placement classes, or the
    /// tables held with it); `None` for every other refusal.
    /// [`OrbitBound::build_fitting`] answers these with smaller tables.
    ///
    /// ```
    /// use puzzle_twisty::BoundError;
    /// let e = BoundError::Memory { needed: 10, allowed: 5 };
    /// assert_eq!(e.over_memory(), Some((10, 5)));
    /// assert_eq!(BoundError::NotClosed("U".into()).over_memory(), None);
    /// ```
    pub fn over_memory(&self) -> Option<(u64, u64)> {
        match self {
            BoundError::Memory { needed, allowed } => Some((*needed, *allowed)),
            BoundError::Table(e) => e.over_memory(),
            _ => None,
        }
    }
}

/// The smallest per-table cap [`OrbitBound::build_fitting`] tries:
/// below it the tables would cut too little to be worth a search.
pub const FIT_FLOOR: u64 = 1 << 10;

impl OrbitBound {
    /// The tables of the definition's orbits under `moves`, with the
    /// default [`TableOptions`], as one [`TableSet`]: each loaded from
    /// `cache` when there (checked as every table is) or built and saved
    /// there, within `budget` (its memory cap covers all the tables held
    /// and each build's move tables and search beside them).
    /// `progress` hears each build's layers; [`report`](Self::report)
    /// says what was done.
    ///
    /// # Errors
    /// A move whose inverse is not searched, or a table that cannot be
    /// built within the budget.
    pub fn build(
        def: &Definition,
        moves: &Moves,
        budget: &Budget,
        cache: Option<&Path>,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<OrbitBound, BoundError> {
        Self::build_with(def, moves, TableOptions::default(), budget, cache, progress)
    }

    /// [`build_with`](Self::build_with), the tables chosen by the
    /// budget's memory cap: where a table would pass it (its build's
    /// peak with the tables held before it), the projection's table is
    /// left out first, then every table's cap (`max_states` and
    /// `project_to`) is halved
    /// and the set built again, down to [`FIT_FLOOR`]. Tables are built
    /// largest first, so a cap too small for the largest is found before
    /// anything is built; those built before a refusal are taken from
    /// `cache` on the next try (without a cache they are built again).
    /// Returns the bound and the options it was built with (equal to
    /// `options` where everything fit).
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, OrbitBound, TableOptions, Twisty};
    /// use puzzle_search_core::Budget;
    /// let def = Definition::builtin("2x2x2").expect("built in")?;
    /// let puzzle = Twisty::new(def.clone(), Moves::all(&def)?);
    /// let options = TableOptions { reduce: false, ..TableOptions::default() };
    /// // The corners' one table (3,674,160 coordinates) needs more than
    /// // 2 MB to build: the cap is halved until a split fits.
    /// let budget = Budget::default().max_memory(2 << 20);
    /// let (bound, used) =
    ///     OrbitBound::build_fitting(puzzle.definition(), puzzle.moves(), options, &budget, None, None)?;
    /// assert!(used.max_states < options.max_states);
    /// assert!(bound.tables().len() > 1);
    /// assert!(bound.tables().iter().map(|t| t.bytes() as u64).sum::<u64>() <= 2 << 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`build_with`](Self::build_with); a memory refusal only where
    /// even [`FIT_FLOOR`] coordinates a table do not fit.
    pub fn build_fitting(
        def: &Definition,
        moves: &Moves,
        options: TableOptions,
        budget: &Budget,
        cache: Option<&Path>,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<(OrbitBound, TableOptions), BoundError> {
        let mut tried = options;
        loop {
            let err = match Self::build_with(def, moves, tried, budget, cache, progress) {
                Ok(bound) => return Ok((bound, tried)),
                Err(e) if e.over_memory().is_some() => e,
                Err(e) => return Err(e),
            };
            if tried.project_from.is_some() && options.project_from.is_some() {
                // The projection is an extra table: left out before the
                // orbits' tables are made smaller.
                tried.project_from = None;
            } else if tried.max_states / 2 >= FIT_FLOOR {
                tried.max_states /= 2;
                tried.project_to = (tried.project_to / 2).max(1);
                tried.project_from = options.project_from;
            } else {
                return Err(err);
            }
        }
    }

    /// [`build`](Self::build) with `options`: the largest table, and
    /// whether the inverse is read.
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, OrbitBound, TableOptions, Twisty};
    /// use puzzle_search_core::Budget;
    /// let def = Definition::parse("Set P 4 3\nSolved\nP\n1 2 3 4\nEnd\nMove T\nP\n2 3 1 4\n1 1 1 0\nEnd\nMove S\nP\n1 2 4 3\nEnd\n")?;
    /// let puzzle = Twisty::new(def.clone(), Moves::all(&def)?);
    /// // At most 200 coordinates a table, groups of consecutive pieces: the
    /// // orbit (4! * 3^3 = 648) goes in two groups of two pieces (4 * 3
    /// // places, 3^2 turns: 108 each).
    /// let options = TableOptions { max_states: 200, reduce: false, ..TableOptions::default() };
    /// let bound = OrbitBound::build_with(puzzle.definition(), puzzle.moves(), options, &Budget::default(), None, None)?;
    /// assert_eq!(bound.tables().len(), 2);
    /// assert!(bound.reads_inverse());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`build`](Self::build).
    pub fn build_with(
        def: &Definition,
        moves: &Moves,
        options: TableOptions,
        budget: &Budget,
        cache: Option<&Path>,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<OrbitBound, BoundError> {
        if let Some(m) = (0..moves.len()).find(|&m| moves.inverse(m).is_none()) {
            return Err(BoundError::NotClosed(moves.names()[m].clone()));
        }
        // The tables' names carry a digest of the definition and moves,
        // so a cached table of another puzzle of the same name is never
        // taken for this one's.
        let digest = pdb::fingerprint(
            (0..moves.len())
                .flat_map(|m| moves.get(m).as_slice().iter().copied())
                .chain(def.solved().as_slice().iter().copied()),
        );
        let symmetries = Symmetries::new(def, moves);
        let layout = crate::tables::group::moved(def, moves);
        // Each orbit: one group indexed by symmetry class where the
        // symmetries keep one that fits, else groups of consecutive
        // pieces.
        let mut groups: Vec<(PieceGroup, Option<Vec<usize>>)> = Vec::new();
        let mut alike_groups: Vec<LabelGroup> = Vec::new();
        for k in 0..def.orbits().len() {
            let Some(shape) = shape::of(def, moves, k) else {
                // Pieces alike or `?` orientations: tables over what the
                // position shows of the labels.
                alike_groups.extend(split_alike(def, k, options.max_states.min(MAX_ALIKE_TABLE)));
                continue;
            };
            let reduced = options
                .reduce
                .then(|| choose(k, shape, &symmetries, options.max_states))
                .flatten();
            match reduced {
                Some((group, kept)) => groups.push((group, Some(kept))),
                None => groups.extend(
                    split(k, shape, options.max_states)
                        .into_iter()
                        .filter(|g| g.size() > 1)
                        .map(|g| (g, None)),
                ),
            }
        }
        alike_groups.sort_by_key(|g| std::cmp::Reverse(g.size()));
        // The largest first: they cut most, and a cut stops the reading.
        groups.sort_by_key(|(g, kept)| {
            std::cmp::Reverse(g.size() / kept.as_ref().map_or(1, |k| k.len() as u64))
        });
        // One set: one memory cap over all the tables (and each build's
        // move tables beside them), one cache, one report.
        let named = progress.map(|p| move |_: &str, bp: BuildProgress| p(bp));
        let mut set = TableSet::new(budget)
            .cache(cache)
            .progress(named.as_ref().map(|h| h as &TableHook<'_>));
        // The whole puzzle in one table where its coordinates or its
        // classes fit, its build is short and it has two orbits moved or
        // more (one orbit's tables are over the whole puzzle already):
        // exact, so no other table is built. By class where that is at
        // most a quarter of the coordinates' ranks or they do not fit (and
        // `reduce` asks for classes).
        let fits = |size: u64| {
            size <= options.max_states && size.saturating_mul(moves.len() as u64) <= WHOLE_CHILDREN
        };
        let several = shape::moving_orbits(def, moves).len() > 1;
        let coords = Coordinates::of(def, moves).filter(|_| several);
        let classes = options
            .reduce
            .then(|| Plan::with(def, moves, coords.as_ref(), &symmetries))
            .flatten()
            .filter(|p| {
                !p.rest.is_empty()
                    && fits(p.indices())
                    && coords.as_ref().is_none_or(|c| {
                        !fits(c.size()) || p.indices().saturating_mul(4) <= c.size()
                    })
            });
        let whole = if let Some(plan) = classes {
            let name = format!(
                "twisty {} whole by {} symmetries {digest:016x}",
                def.name(),
                plan.kept.len()
            );
            if let Some(allowed) = budget.memory_cap() {
                let needed = SymGroup::bytes(&plan.group).saturating_add(set.resident());
                if needed >= allowed {
                    return Err(BoundError::Memory { needed, allowed });
                }
            }
            let (index, unsaved) = plan
                .index(def, moves, cache, &name, TABLED)
                .ok_or(BoundError::Unindexed("its indices pass 2^64"))?;
            let space = ClassSpace {
                index: &index,
                name,
            };
            let db = set
                .table(&space, index.table_bytes())
                .map_err(BoundError::Table)?;
            let label = format!("whole puzzle by {} symmetries", plan.kept.len());
            Some((WholeIndex::Classes(index), db, label, unsaved))
        } else if let Some(coords) = coords.filter(|c| fits(c.size())) {
            match coords.start(def.solved()).map(|s| coords.rank(&s)) {
                Some(goal) => {
                    let name = format!("twisty {} whole {digest:016x}", def.name());
                    let space = WholeSpace {
                        coords: &coords,
                        goal,
                        name,
                    };
                    let db = set
                        .table(&space, coords.table_bytes())
                        .map_err(BoundError::Table)?;
                    let label = "whole puzzle".to_string();
                    Some((WholeIndex::Coordinates(coords), db, label, None))
                }
                None => None,
            }
        } else {
            None
        };
        if let Some((index, db, label, unsaved)) = whole {
            return Ok(OrbitBound {
                whole: Some(Whole { index, db }),
                exact: true,
                labels: vec![label],
                tally: None,
                settle: true,
                class_errors: unsaved.into_iter().collect(),
                report: set.finish(),
                stages: Vec::new(),
                parts: Vec::new(),
                alike: Vec::new(),
                projections: Vec::new(),
                inverse: false,
                symmetries,
                used: vec![0],
                len: def.solved().as_slice().len(),
                moved: layout,
            });
        }
        let mut parts = Vec::new();
        let mut labels = Vec::new();
        let mut class_errors = Vec::new();
        // One table over the one orbit the moves turn, its pieces all
        // told apart: the puzzle's own distance (the 2x2x2's corners),
        // so never packed (an exact table gives IDA* its depth at once).
        let moving = shape::moving_orbits(def, moves);
        let one = alike_groups.is_empty()
            && matches!(groups.as_slice(), [(g, _)] if g.whole() && moving == [g.orbit]);
        let options = TableOptions {
            pack_above: options.pack_above.filter(|_| !one),
            ..options
        };
        let identity = def.solved() == &crate::model::position::Position::identity(def.orbits());
        let mut projections = match options.project_from {
            // Only where symmetries shrink them: without, the projection
            // cut 15% of the nodes of `Trajbers_octahedron`'s 16-move
            // scrambles at twice the cost a node (1.55 -> 2.35 s); with
            // 16 and 48 it pays (docs/puzzles/twisty.md, "A table over
            // the projection").
            Some(from) if options.reduce && !one && identity && symmetries.len() > 1 => {
                Projection::several(
                    def,
                    moves,
                    &symmetries,
                    from,
                    options.project_to.min(options.max_states.saturating_mul(2)),
                    MAX_PROJECTIONS,
                )
            }
            _ => Vec::new(),
        };
        // Read (and built) the smallest first: its reads hit the caches
        // most (on the cube H48's 31 MB before all edges' turns' 170 MB:
        // s13 0.70-0.75 s against 1.09 s the other way round).
        projections.reverse();
        // With two projections, no table over a part of an orbit: on the
        // cube the eight-edge table beside H48's coordinate and all edges'
        // turns cost more than it cut (the 13-move scramble s13: 1.10 -> 0.70-0.75 s,
        // a 16-mover 11.9-13.4 -> 8.0-8.5 s on 2 threads, fewer nodes;
        // docs/puzzles/twisty.md, "Two projections").
        if projections.len() >= 2 {
            groups.retain(|(g, _)| g.whole());
        }
        for (group, kept) in groups {
            let orbit = &def.orbits()[group.orbit];
            let (db, sym) = match kept {
                None => {
                    let label = range_label(&orbit.name, "pieces", &group.labels);
                    let name = format!("twisty {} {label} {digest:016x}", def.name());
                    labels.push(label);
                    let space = GroupSpace::new(&group, def, moves, name);
                    // The build's move tables count against the memory cap
                    // too: the search gets what they leave.
                    let db = fetch(&mut set, &space, space.table_bytes(), options)?;
                    (db, None)
                }
                Some(kept) => {
                    let pieces = group.labels.iter().fold(0u64, |m, &l| m | 1 << l);
                    let label = format!(
                        "{} pieces {pieces:x} by {} symmetries",
                        orbit.name,
                        kept.len()
                    );
                    let name = format!("twisty {} {label} {digest:016x}", def.name());
                    labels.push(label);
                    let placements = SymGroup::bytes(&group);
                    if let Some(allowed) = budget.memory_cap() {
                        let needed = placements.saturating_add(set.resident());
                        if needed >= allowed {
                            return Err(BoundError::Memory { needed, allowed });
                        }
                    }
                    // The placement classes from the cache where there.
                    let (sym, unsaved) =
                        SymGroup::new_cached(group.clone(), &symmetries, kept, cache, &name);
                    class_errors.extend(unsaved);
                    let space = SymSpace::new(&sym, moves, &layout, def.solved().as_slice(), name);
                    let db = fetch(&mut set, &space, placements, options)?;
                    drop(space);
                    (db, Some(sym))
                }
            };
            parts.push(Part {
                group,
                sym,
                db,
                views: Vec::new(),
            });
        }
        let mut alike = Vec::new();
        for group in alike_groups {
            let label = range_label(&def.orbits()[group.orbit].name, "labels", &group.labels);
            let name = format!("twisty {} {label} {digest:016x}", def.name());
            labels.push(label);
            let space = AlikeSpace::new(&group, def, moves, name);
            let db = set.table(&space, 0).map_err(BoundError::Table)?;
            drop(space);
            alike.push(AlikePart { group, db });
        }
        let mut built = Vec::with_capacity(projections.len());
        for mut proj in projections {
            let label = proj.label(def);
            let name = format!("twisty {} {label} {digest:016x}", def.name());
            // Its step tables from the cache where there.
            class_errors.extend(proj.attach_steps(cache, &name));
            labels.push(label);
            let space = ProjectionSpace { proj: &proj, name };
            let db = fetch(&mut set, &space, proj.bytes(), options)?;
            built.push(ProjPart { proj, db });
        }
        let projections = built;
        let mut used = vec![0];
        for part in &mut parts {
            for i in views(&part.group, &symmetries, options.views.clamp(1, MAX_VIEWS)) {
                let slot = match used.iter().position(|&u| u == i) {
                    Some(slot) => slot,
                    None if used.len() < MAX_USED => {
                        used.push(i);
                        used.len() - 1
                    }
                    None => continue,
                };
                part.views.push(slot);
            }
        }
        let inverse = options.inverse && identity;
        let mut stages = Vec::new();
        for inv in [false, true] {
            for (k, part) in parts.iter().enumerate() {
                for &slot in &part.views {
                    // A whole orbit's table reads the same at the inverse
                    // (proof in docs/puzzles/twisty.md, "Reads that cannot
                    // cut"): that read is left out.
                    if !inv || (inverse && !part.group.whole()) {
                        stages.push(Stage {
                            part: k,
                            slot,
                            inverse: inv,
                        });
                    }
                }
            }
        }
        // `one` above: that table is then the distance itself (and kept
        // unpacked for it).
        let exact = one;
        Ok(OrbitBound {
            whole: None,
            exact,
            labels,
            tally: None,
            settle: true,
            class_errors,
            report: set.finish(),
            stages,
            parts,
            alike,
            projections,
            inverse,
            symmetries,
            used,
            len: def.solved().as_slice().len(),
            moved: layout,
        })
    }

    /// The bound at `position`: the largest of the tables' entries, at
    /// the position and, where admissible, at its inverse (0 without
    /// tables; `u32::MAX` where a table says solved cannot be reached).
    pub fn lower(&self, position: &crate::model::position::Position) -> u32 {
        self.lower_or_dead(position).unwrap_or(u32::MAX)
    }

    /// The bound, or `None` where a table says the solved state cannot be
    /// reached.
    pub(crate) fn lower_or_dead(&self, position: &crate::model::position::Position) -> Option<u32> {
        if let Some(w) = &self.whole {
            let rank = match &w.index {
                WholeIndex::Coordinates(c) => c.rank(&c.start(position)?),
                WholeIndex::Classes(c) => c.index(position.as_slice())?,
            };
            let d = w.db.get(rank);
            return (d != PatternDb::UNREACHED).then_some(u32::from(d));
        }
        let s = position.as_slice();
        let len = self.len;
        let mut best = 0u8;
        SCRATCH.with_borrow_mut(|scratch| {
            let conj = &mut scratch.conj;
            conj.resize(self.used.len() * len, 0);
            for (slot, &i) in self.used.iter().enumerate().skip(1) {
                self.symmetries
                    .conjugate_into(i, s, &mut conj[slot * len..][..len]);
            }
            for part in &self.parts {
                for &slot in &part.views {
                    let at = if slot == 0 {
                        s
                    } else {
                        &conj[slot * len..][..len]
                    };
                    let (mut pos, mut ori) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
                    part.group.locate(at, &mut pos, &mut ori);
                    let d = part.db.get(part.index(&pos, &ori));
                    if d == PatternDb::UNREACHED {
                        return None;
                    }
                    best = best.max(d);
                    if self.inverse && !part.group.whole() {
                        part.group.inverse_into(at, &mut pos, &mut ori);
                        let d = part.db.get(part.index(&pos, &ori));
                        if d == PatternDb::UNREACHED {
                            return None;
                        }
                        best = best.max(d);
                    }
                }
            }
            for part in &self.alike {
                let d = part.db.get(part.group.key(s));
                if d == PatternDb::UNREACHED {
                    return None;
                }
                best = best.max(d);
            }
            for pp in &self.projections {
                let Scratch { other, inv, .. } = scratch;
                other.resize(len, 0);
                inv.resize(len, 0);
                let d = pp.db.get(pp.proj.index(s, other));
                if d == PatternDb::UNREACHED {
                    return None;
                }
                best = best.max(d);
                if self.inverse {
                    invert_bytes(s, pp.proj.orbits(), true, inv);
                    let d = pp.db.get(pp.proj.index(inv, other));
                    if d == PatternDb::UNREACHED {
                        return None;
                    }
                    best = best.max(d);
                }
            }
            Some(u32::from(best))
        })
    }

    /// Keeps in `moves[start..]` only the moves whose child's bound is at
    /// most `max` (each a move's index into `all`); returns whether any
    /// was left out. The tables are read in stages, largest first, at the
    /// children, then at their inverses (measured: the same time as
    /// reading each table at both in turn, a tenth faster): each stage
    /// reads one entry for every child still kept, the keys
    /// first and then the entries with nothing between the reads that
    /// waits on one, so that their cache misses overlap; most children
    /// are gone after the first stage, and no later table is read for
    /// them.
    #[inline]
    pub(crate) fn keep_within(
        &self,
        position: &crate::model::position::Position,
        all: &crate::model::moves::Moves,
        moves: &mut Vec<u16>,
        start: usize,
        max: u32,
    ) -> bool {
        if let Some(w) = &self.whole {
            return self.keep_whole(w, position, moves, start, max);
        }
        let s = position.as_slice();
        let len = self.len;
        let before = moves.len();
        let mut keys = [0u64; BATCH];
        let first = self.stages.len() + self.alike.len();
        SCRATCH.with_borrow_mut(|scratch| {
            for (i, pp) in self.projections.iter().enumerate() {
                let first = first + 2 * i;
                self.keep_projection(
                    pp, s, all, moves, start, max, false, first, &mut keys, scratch,
                );
                // Its inverse next: measured 15% faster than last (on a
                // 16-mover, 19.6 -> 16.7 s), the stages after it read
                // fewer children.
                if self.inverse {
                    self.keep_projection(
                        pp,
                        s,
                        all,
                        moves,
                        start,
                        max,
                        true,
                        first + 1,
                        &mut keys,
                        scratch,
                    );
                }
            }
            let Scratch { conj, pieces, .. } = scratch;
            pieces.resize(2 * BATCH * MAX_GROUP_ORBIT, 0);
            conj.resize(self.used.len() * len, 0);
            // Conjugates made when first read: most nodes lose every
            // child to the first tables.
            let mut made = 1u64;
            for (index, stage) in self.stages.iter().enumerate() {
                if moves.len() == start {
                    return;
                }
                let read = moves.len() - start;
                let slot = stage.slot;
                if made & (1 << slot) == 0 {
                    made |= 1 << slot;
                    self.symmetries.conjugate_into(
                        self.used[slot],
                        s,
                        &mut conj[slot * len..][..len],
                    );
                }
                let at = if slot == 0 {
                    s
                } else {
                    &conj[slot * len..][..len]
                };
                let part = &self.parts[stage.part];
                let sym = self.used[slot];
                let skipped = self.keep_part(
                    part,
                    sym,
                    stage.inverse,
                    at,
                    all,
                    moves,
                    start,
                    max,
                    &mut keys,
                    pieces,
                );
                if let Some(tally) = &self.tally {
                    let cut = (start + read - moves.len()) as u64;
                    tally.add(index, if skipped { 0 } else { read as u64 }, cut, skipped);
                }
            }
        });
        for (i, part) in self.alike.iter().enumerate() {
            if moves.len() == start {
                break;
            }
            let read = moves.len() - start;
            let skipped = self.keep_alike(part, s, all, moves, start, max, &mut keys);
            if let Some(tally) = &self.tally {
                let cut = (start + read - moves.len()) as u64;
                let index = self.stages.len() + i;
                tally.add(index, if skipped { 0 } else { read as u64 }, cut, skipped);
            }
        }
        moves.len() < before
    }

    /// [`keep_part`](Self::keep_part) for the projection's table, at the
    /// position (with the parent's-entry rule first) or at its inverse:
    /// each kept child made (or its inverse, `m^-1` then the position's
    /// inverse), its index from it, then the entries; tallied as stage
    /// `stage`.
    #[allow(clippy::too_many_arguments)]
    fn keep_projection(
        &self,
        pp: &ProjPart,
        s: &[u8],
        all: &crate::model::moves::Moves,
        moves: &mut Vec<u16>,
        start: usize,
        max: u32,
        inverse: bool,
        stage: usize,
        keys: &mut [u64; BATCH],
        scratch: &mut Scratch,
    ) {
        if moves.len() == start {
            return;
        }
        let read = moves.len() - start;
        let len = self.len;
        let Scratch {
            child, other, inv, ..
        } = scratch;
        child.resize(len, 0);
        other.resize(len, 0);
        inv.resize(len, 0);
        let orbits = pp.proj.orbits();
        // At the position, its orbits ranked once: its own index (for the
        // parent's-entry rule) and the rows its children step from.
        let ranked = if inverse {
            None
        } else {
            pp.proj.index_and_rows(s)
        };
        let settled = !inverse
            && self.settle
            && settled_by_entry(
                &pp.db,
                ranked
                    .as_ref()
                    .map_or_else(|| pp.proj.index(s, other), |r| r.0),
                max,
                moves,
                start,
            );
        if !settled {
            if inverse {
                invert_bytes(s, orbits, true, inv);
            }
            let mut from = start;
            while from < moves.len() {
                let to = moves.len().min(from + BATCH);
                let mut entries = [0u8; BATCH];
                // At the position, each child's index stepped by the
                // projection's tables where it has them.
                let stepped = ranked.as_ref().is_some_and(|(_, rows)| {
                    pp.proj
                        .child_indices(rows, &moves[from..to], &mut keys[..to - from])
                });
                if !stepped {
                    // Else each child made (at the inverse, `m^-1` then
                    // the position's inverse) and its index read from it.
                    let batch = &moves[from..to];
                    let inv = &**inv;
                    pp.proj
                        .made_indices(child, other, &mut keys[..to - from], |i, child| {
                            let mv = usize::from(batch[i]);
                            if !inverse {
                                then_bytes(s, all.get(mv).as_slice(), orbits, child);
                                return true;
                            }
                            // A move whose inverse is not searched (a
                            // bound built for other moves): read as 0,
                            // kept.
                            all.inverse(mv).is_some_and(|back| {
                                then_bytes(all.get(back).as_slice(), inv, orbits, child);
                                true
                            })
                        });
                }
                for (e, &key) in entries.iter_mut().zip(&keys[..to - from]) {
                    *e = if key == u64::MAX { 0 } else { pp.db.get(key) };
                }
                from = keep_batch(moves, from, to, &entries, max);
            }
        }
        if let Some(tally) = &self.tally {
            let cut = (start + read - moves.len()) as u64;
            tally.add(stage, if settled { 0 } else { read as u64 }, cut, settled);
        }
    }

    /// [`keep_part`](Self::keep_part) for a table over pieces alike, read
    /// at the position only: each kept child's key from the position and
    /// the move, then the entries, with the parent's-entry rule first.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn keep_alike(
        &self,
        part: &AlikePart,
        s: &[u8],
        all: &crate::model::moves::Moves,
        moves: &mut Vec<u16>,
        start: usize,
        max: u32,
        keys: &mut [u64; BATCH],
    ) -> bool {
        if self.settle && settled_by_entry(&part.db, part.group.key(s), max, moves, start) {
            return true;
        }
        let mut from = start;
        while from < moves.len() {
            let to = moves.len().min(from + BATCH);
            for (key, &mv) in keys.iter_mut().zip(&moves[from..to]) {
                *key = part.group.key_after(s, all.get(usize::from(mv)).as_slice());
            }
            let mut entries = [0u8; BATCH];
            for (e, &key) in entries.iter_mut().zip(&keys[..to - from]) {
                *e = part.db.get(key);
            }
            from = keep_batch(moves, from, to, &entries, max);
        }
        false
    }

    /// [`keep_within`](Self::keep_within) by the whole puzzle's table:
    /// the position's coordinates once, each child's rank by the move
    /// tables, or by class the position's pieces once, each child's
    /// index stepped from them ([`ClassIndex::child_indices`]); one read
    /// a child.
    fn keep_whole(
        &self,
        w: &Whole,
        position: &crate::model::position::Position,
        moves: &mut Vec<u16>,
        start: usize,
        max: u32,
    ) -> bool {
        let before = moves.len();
        let within = |d: u8| d != PatternDb::UNREACHED && u32::from(d) <= max;
        SCRATCH.with_borrow_mut(|scratch| {
            let mut kept = start;
            match &w.index {
                WholeIndex::Coordinates(c) => {
                    let Some(state) = c.start(position) else {
                        moves.truncate(start);
                        return before > start;
                    };
                    // The children's ranks, by move, in the thread's
                    // buffer (no allocation a node once it has grown to
                    // the moves' count).
                    let ranks = &mut scratch.ranks;
                    ranks.clear();
                    c.successor_ranks(c.rank(&state), &mut |r| ranks.push(r));
                    for i in start..moves.len() {
                        let m = moves[i];
                        // A move past the coordinates' (a bound built for
                        // other moves) is kept: no cut is always
                        // admissible.
                        if ranks
                            .get(usize::from(m))
                            .is_none_or(|&r| within(w.db.get(r)))
                        {
                            moves[kept] = m;
                            kept += 1;
                        }
                    }
                }
                WholeIndex::Classes(c) => {
                    // Moves past the index's (a bound built for other
                    // moves): nothing cut.
                    if moves[start..].iter().any(|&m| usize::from(m) >= c.moves()) {
                        return false;
                    }
                    let indices = &mut scratch.indices;
                    indices.clear();
                    c.child_indices(position.as_slice(), &moves[start..], indices);
                    for i in start..moves.len() {
                        // An index not numbered: a position the moves do
                        // not reach, a dead end.
                        if indices[i - start].is_some_and(|r| within(w.db.get(r))) {
                            moves[kept] = moves[i];
                            kept += 1;
                        }
                    }
                }
            }
            if let Some(tally) = &self.tally {
                let read = (before - start) as u64;
                tally.add(
                    self.stages.len() + self.alike.len(),
                    read,
                    (before - kept) as u64,
                    false,
                );
            }
            moves.truncate(kept);
            kept < before
        })
    }

    /// One stage of [`keep_within`](Self::keep_within): `part` read at
    /// each kept child of `at` (the position conjugated by symmetry
    /// `sym`, whose children are by the conjugated moves), or at its
    /// inverse. Returns `true` where the stage was settled by the entry
    /// of `at` itself, no child read (the rule below).
    ///
    /// *The parent's entry*: a table's entries differ by at most one
    /// between a position and its child, read at the same conjugate
    /// (docs/puzzles/twisty.md, "Reads the parent's entry settles"). So
    /// where `at`'s entry `d` is below `max`, no child is over `max` and
    /// none is read; where it is over `max + 1`, every child is, and all
    /// go unread. `at`'s entry is read here, not carried from the
    /// parent's call: it was read there moments before and sits in
    /// cache (carrying it was measured slower). At the inverse the rule
    /// does not hold (a move before the inverse is not a move of the
    /// abstraction), so inverse stages read every child. With a packed
    /// table (`pack_above`) a read `p` is a lower bound of the entry `d`:
    /// the first half of the rule then needs `p` sure to be `d`
    /// ([`PatternDb::get_sure`]), as every child kept unread must read at
    /// most `max` (each child's read is at most its entry, at most `d +
    /// 1`; [`InPlace::moves_bounded`](puzzle_search_core::InPlace::moves_bounded)
    /// promises it); the second half holds as it is: `p > max + 1` gives
    /// `d > max + 1`, so every child's entry is over `max` and no child
    /// can be within reach (though its own packed read may not say so).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn keep_part(
        &self,
        part: &Part,
        sym: usize,
        inverse: bool,
        at: &[u8],
        all: &crate::model::moves::Moves,
        moves: &mut Vec<u16>,
        start: usize,
        max: u32,
        keys: &mut [u64; BATCH],
        pieces: &mut [u8],
    ) -> bool {
        let s = at;
        let len = self.len;
        // The tracked pieces found once for every child.
        let (mut loc, mut ori) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        if !inverse {
            part.group.locate(s, &mut loc, &mut ori);
            if self.settle && settled_by_entry(&part.db, part.index(&loc, &ori), max, moves, start)
            {
                return true;
            }
        }
        let (mut pos, mut turned) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        let k = part.group.labels.len();
        let mut from = start;
        while from < moves.len() {
            let to = moves.len().min(from + BATCH);
            {
                for (c, (key, &mv)) in keys.iter_mut().zip(&moves[from..to]).enumerate() {
                    let mv = self.symmetries.conjugate_move(sym, usize::from(mv));
                    if inverse {
                        let m = all.get(mv).as_slice();
                        part.group.inverse_after_into(s, m, &mut pos, &mut turned);
                    } else {
                        let m = &self.moved[mv * len..][..len];
                        part.group.moved_into(&loc, &ori, m, &mut pos, &mut turned);
                    }
                    match &part.sym {
                        // The placements first, their class words read
                        // together next: their misses overlap. (Each word
                        // loaded as soon as its rank is known was measured
                        // slower: 3.3 -> 5.3 s on the 13-move scramble s13.)
                        Some(_) => {
                            let at = 2 * c * MAX_GROUP_ORBIT;
                            pieces[at..at + k].copy_from_slice(&pos[..k]);
                            pieces[at + MAX_GROUP_ORBIT..][..k].copy_from_slice(&turned[..k]);
                            *key = part.group.perm_rank(&pos);
                        }
                        None => *key = part.group.rank(&pos, &turned),
                    }
                }
                if let Some(symg) = &part.sym {
                    let mut words = [0u32; BATCH];
                    for (w, &p) in words.iter_mut().zip(&keys[..to - from]) {
                        *w = symg.class_of(p);
                    }
                    for (c, key) in keys[..to - from].iter_mut().enumerate() {
                        let at = 2 * c * MAX_GROUP_ORBIT;
                        let (p, t) = pieces[at..at + 2 * MAX_GROUP_ORBIT].split_at(MAX_GROUP_ORBIT);
                        *key = symg.index_of(words[c], p, t);
                    }
                }
            }
            let mut entries = [0u8; BATCH];
            for (e, &key) in entries.iter_mut().zip(&keys[..to - from]) {
                *e = part.db.get(key);
            }
            from = keep_batch(moves, from, to, &entries, max);
        }
        false
    }

    /// This bound counting, where `on`, how many children each table
    /// read of the in-place search is made for and how many it cuts
    /// ([`take_reads`](Self::take_reads)); off by default. Counting costs
    /// two uncontended atomic adds a stage and node.
    #[must_use]
    pub fn count_reads(mut self, on: bool) -> Self {
        let whole = usize::from(self.whole.is_some());
        let projection = 2 * self.projections.len();
        self.tally =
            on.then(|| Tally::new(self.stages.len() + self.alike.len() + projection + whole));
        self
    }

    /// This bound with the parent's-entry rule of the in-place search on
    /// (the default) or off: a table is not read at the children of a
    /// position whose own entry shows that none of them can be cut, nor
    /// where it shows that all of them are (see docs/puzzles/twisty.md,
    /// "Reads the parent's entry settles"). Off, every stage reads every
    /// child still kept: the children kept are the same either way
    /// (tested), only the reads differ.
    ///
    /// ```
    /// use puzzle_search_core::{Budget, InPlace};
    /// use puzzle_twisty::{Definition, Moves, OrbitBound, Twisty};
    /// let def = Definition::parse("Set P 4 3\nSolved\nP\n1 2 3 4\nEnd\nMove T\nP\n2 3 1 4\n1 1 1 0\nEnd\nMove S\nP\n1 2 4 3\nEnd\n")?;
    /// let plain = Twisty::new(def.clone(), Moves::all(&def)?);
    /// let build = |on| -> Result<Twisty, Box<dyn std::error::Error>> {
    ///     let bound = OrbitBound::build(plain.definition(), plain.moves(), &Budget::default(), None, None)?;
    ///     Ok(plain.clone().with_bound(bound.settle_by_parent(on)))
    /// };
    /// let (on, off) = (build(true)?, build(false)?);
    /// let start = def.solved().then(plain.moves().get(0), def.orbits());
    /// for left in 1..4 {
    ///     let (mut a, mut b) = (Vec::new(), Vec::new());
    ///     InPlace::moves(&on, &start, left, None, &mut a);
    ///     InPlace::moves(&off, &start, left, None, &mut b);
    ///     assert_eq!(a, b);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn settle_by_parent(mut self, on: bool) -> Self {
        self.settle = on;
        self
    }

    /// The reads and cuts of each table read since the last call, in the
    /// order they are made (the projection's table at the position and at
    /// its inverse, where built; the largest table at the position, its
    /// other views, the other tables; then again at the inverse), and set
    /// back to zero; empty unless [`count_reads`](Self::count_reads) is
    /// on. Only the in-place search (`MakeUnmake`) counts. See
    /// [`TableReads`] for an example.
    pub fn take_reads(&self) -> Vec<TableReads> {
        let Some(tally) = &self.tally else {
            return Vec::new();
        };
        let projection = self.projections.iter().enumerate().flat_map(|(i, _)| {
            [false, true]
                .into_iter()
                .filter(|&inv| !inv || self.inverse)
                .map(move |inv| {
                    let at = self.stages.len() + self.alike.len() + 2 * i + usize::from(inv);
                    let (reads, cuts, settled) = tally.take(at);
                    TableReads {
                        table: self.labels[self.parts.len() + self.alike.len() + i].clone(),
                        view: 0,
                        inverse: inv,
                        reads,
                        cuts,
                        settled,
                    }
                })
                .collect::<Vec<_>>()
        });
        projection
            .chain(self.stages.iter().enumerate().map(|(i, stage)| {
                let (reads, cuts, settled) = tally.take(i);
                TableReads {
                    table: self.labels[stage.part].clone(),
                    view: self.used[stage.slot],
                    inverse: stage.inverse,
                    reads,
                    cuts,
                    settled,
                }
            }))
            .chain((0..self.alike.len()).map(|i| {
                let (reads, cuts, settled) = tally.take(self.stages.len() + i);
                TableReads {
                    table: self.labels[self.parts.len() + i].clone(),
                    view: 0,
                    inverse: false,
                    reads,
                    cuts,
                    settled,
                }
            }))
            .chain(self.whole.iter().map(|_| {
                let (reads, cuts, settled) = tally.take(self.stages.len() + self.alike.len());
                TableReads {
                    table: self.labels[0].clone(),
                    view: 0,
                    inverse: false,
                    reads,
                    cuts,
                    settled,
                }
            }))
            .collect()
    }

    /// Whether some table is read at the inverse position too (a table
    /// over a whole orbit never is: it reads the same there).
    pub fn reads_inverse(&self) -> bool {
        self.stages.iter().any(|s| s.inverse) || (!self.projections.is_empty() && self.inverse)
    }

    /// How many conjugates each table is read at, largest table first
    /// (1: the position alone).
    pub fn views(&self) -> Vec<usize> {
        self.parts
            .iter()
            .map(|p| p.views.len())
            .chain(self.alike.iter().map(|_| 1))
            .chain(self.projections.iter().map(|_| 1))
            .collect()
    }

    /// The projection's table, where one was built
    /// ([`TableOptions::project_from`]): what it keeps of each orbit.
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, OrbitBound, TableOptions};
    /// use puzzle_search_core::Budget;
    /// let cube = Definition::builtin("3x3x3").expect("built in")?;
    /// let moves = Moves::all(&cube)?;
    /// // Small tables: the projection keeps no turns (edges by slice,
    /// // corners by tetrad: 54,740 indices by class).
    /// let options = TableOptions {
    ///     max_states: 60_000,
    ///     project_from: Some(1),
    ///     project_to: 60_000,
    ///     ..TableOptions::default()
    /// };
    /// let bound = OrbitBound::build_with(&cube, &moves, options, &Budget::default(), None, None)?;
    /// assert_eq!(
    ///     bound.projection().as_deref(),
    ///     Some("projection EDGE in blocks 4+4+4, CORNER in blocks 4+4 by 48 symmetries"),
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn projection(&self) -> Option<String> {
        self.projections().into_iter().next()
    }

    /// Every projection's table built, the smallest first, as they are
    /// read (the cube's defaults: H48's coordinate, then all edges'
    /// turns).
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, OrbitBound, TableOptions};
    /// use puzzle_search_core::Budget;
    /// let cube = Definition::builtin("3x3x3").expect("built in")?;
    /// let moves = Moves::all(&cube)?;
    /// // Small tables: one projection within 60,000 indices.
    /// let options = TableOptions {
    ///     max_states: 60_000,
    ///     project_from: Some(1),
    ///     project_to: 60_000,
    ///     ..TableOptions::default()
    /// };
    /// let bound = OrbitBound::build_with(&cube, &moves, options, &Budget::default(), None, None)?;
    /// assert_eq!(bound.projections().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn projections(&self) -> Vec<String> {
        let at = self.parts.len() + self.alike.len();
        (0..self.projections.len())
            .map(|i| self.labels[at + i].clone())
            .collect()
    }

    /// How many tables are indexed by symmetry class.
    pub fn reduced(&self) -> usize {
        self.parts.iter().filter(|p| p.sym.is_some()).count()
    }

    /// Whether the bound is one table over the whole puzzle (by its
    /// coordinates or by symmetry class, or the one table of the one
    /// orbit the moves turn, its pieces told apart): then it is the
    /// distance itself, and `u32::MAX` (a dead end) exactly where the
    /// moves cannot reach solved.
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, OrbitBound, Twisty};
    /// use puzzle_search_core::Budget;
    /// let cube = Definition::builtin("2x2x2").expect("built in")?;
    /// let puzzle = Twisty::new(cube.clone(), Moves::select(&cube, &["U", "R"])?);
    /// let bound = OrbitBound::build(puzzle.definition(), puzzle.moves(), &Budget::default(), None, None)?;
    /// assert!(bound.exact()); // the corners' one table
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// The symmetries the tables may be read at.
    pub fn symmetries(&self) -> &Symmetries {
        &self.symmetries
    }

    /// The tables, largest first.
    pub fn tables(&self) -> Vec<&PatternDb> {
        self.whole
            .iter()
            .map(|w| &w.db)
            .chain(self.parts.iter().map(|p| &p.db))
            .chain(self.alike.iter().map(|p| &p.db))
            .chain(self.projections.iter().map(|p| &p.db))
            .collect()
    }

    /// Why tables built by [`build`](Self::build) could not be saved to
    /// the cache directory (a full disk, no permission): the bound is
    /// whole, but those tables are built again next time. Empty when
    /// every table was loaded or saved, or no directory was given.
    ///
    /// ```
    /// use puzzle_twisty::{Definition, OrbitBound, Moves};
    /// use puzzle_search_core::Budget;
    /// let def = Definition::parse("Set P 3 1\nSolved\nP\n1 2 3\nEnd\nMove T\nP\n2 3 1\nEnd\n")?;
    /// let moves = Moves::all(&def)?;
    /// // A file where the cache directory should be: nothing can be saved.
    /// let file = std::env::temp_dir().join(format!("not-a-dir-{}", std::process::id()));
    /// std::fs::write(&file, b"")?;
    /// let bound = OrbitBound::build(&def, &moves, &Budget::default(), Some(&file), None)?;
    /// assert_eq!(bound.save_errors().len(), bound.tables().len());
    /// assert!(OrbitBound::build(&def, &moves, &Budget::default(), None, None)?.save_errors().is_empty());
    /// std::fs::remove_file(&file)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save_errors(&self) -> &[std::io::Error] {
        self.report.unsaved()
    }

    /// Why the placement classes of a table by symmetry class (made at
    /// every start unless cached: about a second for the 3x3x3's eight
    /// edges) or a projection's step tables (0.45 s for the 3x3x3's two)
    /// could not be read from the cache directory or saved there: the
    /// bound is whole, only the next start is slower. Empty when they
    /// were read or saved, were too few to cache, or no directory was
    /// given.
    ///
    /// ```
    /// use puzzle_twisty::{Definition, OrbitBound, Moves};
    /// use puzzle_search_core::Budget;
    /// let def = Definition::parse("Set P 3 1\nSolved\nP\n1 2 3\nEnd\nMove T\nP\n2 3 1\nEnd\n")?;
    /// let moves = Moves::all(&def)?;
    /// let bound = OrbitBound::build(&def, &moves, &Budget::default(), None, None)?;
    /// assert!(bound.class_errors().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn class_errors(&self) -> &[std::io::Error] {
        &self.class_errors
    }

    /// What building the bound did: each table loaded from the cache or
    /// built (with its size and time), and the files that could not be
    /// read or saved ([`save_errors`](Self::save_errors)).
    ///
    /// ```
    /// use puzzle_twisty::{Definition, OrbitBound, Moves};
    /// use puzzle_search_core::Budget;
    /// let def = Definition::parse("Set P 3 1\nSolved\nP\n1 2 3\nEnd\nMove T\nP\n2 3 1\nEnd\n")?;
    /// let moves = Moves::all(&def)?;
    /// let bound = OrbitBound::build(&def, &moves, &Budget::default(), None, None)?;
    /// let report = bound.report();
    /// assert_eq!(report.tables().len(), bound.tables().len());
    /// assert!(report.tables().iter().all(|t| !t.loaded)); // no cache: built
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn report(&self) -> &SetReport {
        &self.report
    }
}

/// A group's table from `set`: packed to two bits where `options` asks
/// for it and the table is larger than `pack_above`
/// ([`TableSet::packed`]: the packed copy cached beside the full one).
fn fetch<A: Abstraction>(
    set: &mut TableSet<'_>,
    space: &A,
    extra: u64,
    options: TableOptions,
) -> Result<PatternDb, BoundError> {
    let db = match options.pack_above {
        Some(above) if space.key_size() > above => set.packed(space, extra),
        _ => set.table(space, extra),
    };
    db.map_err(BoundError::Table)
}

/// The parent's-entry rule ([`OrbitBound::keep_within`]'s stages; proof
/// at `keep_part`): with the position's own entry in `db` at `key`,
/// whether its children need no read: every one within `max` (a read
/// sure to be the entry, below `max`) or none (a read over `max + 1`;
/// `moves[start..]` then cut).
#[inline]
fn settled_by_entry(
    db: &PatternDb,
    key: u64,
    max: u32,
    moves: &mut Vec<u16>,
    start: usize,
) -> bool {
    let (d, sure) = db.get_sure(key);
    let d = u32::from(d);
    if d < max && sure {
        return true;
    }
    if d > max.saturating_add(1) {
        moves.truncate(start);
        return true;
    }
    false
}

/// A table's label: its orbit, what it tracks and the first and last of
/// `labels` (1-based, as the definition numbers them): `EDGE pieces 1-6`.
fn range_label(orbit: &str, what: &str, labels: &[u8]) -> String {
    let (first, last) = (labels[0], labels[labels.len() - 1]);
    format!(
        "{orbit} {what} {}-{}",
        u32::from(first) + 1,
        u32::from(last) + 1
    )
}

/// Keeps of the batch `moves[from..to]` those whose entry (`entries`, in
/// order) is at most `max`, the rest of `moves` moved up behind them;
/// returns where the next batch starts. `UNREACHED` (255) is over every
/// `max`: a dead child goes too.
#[inline]
fn keep_batch(moves: &mut Vec<u16>, from: usize, to: usize, entries: &[u8], max: u32) -> usize {
    let mut kept = from;
    for i in from..to {
        if u32::from(entries[i - from]) <= max {
            moves[kept] = moves[i];
            kept += 1;
        }
    }
    moves.copy_within(to.., kept);
    let gone = to - kept;
    moves.truncate(moves.len() - gone);
    kept
}

/// Up to `most` symmetries (indices) to read `group`'s table at, the
/// identity first: greedily, the one whose pieces (the labels of `g`
/// that the table reads at `r^-1 g r`: `r`'s labels on the group's
/// positions) differ most from the nearest already chosen, ties to the
/// lowest index; none whose pieces are already read (the same pieces
/// give the same bound: conjugation by a symmetry that keeps them is an
/// automorphism of the abstraction fixing its goal).
fn views(group: &PieceGroup, symmetries: &Symmetries, most: usize) -> Vec<usize> {
    let pieces = |i: usize| -> u64 {
        let r = symmetries.get(i).as_slice();
        group.labels.iter().fold(0u64, |set, &l| {
            set | 1 << r[group.offset() + usize::from(l)]
        })
    };
    let sets: Vec<u64> = (0..symmetries.len()).map(pieces).collect();
    let mut chosen = vec![0usize];
    while chosen.len() < most {
        let best = (0..sets.len())
            .filter(|&i| chosen.iter().all(|&c| sets[c] != sets[i]))
            .max_by_key(|&i| {
                let nearest = chosen
                    .iter()
                    .map(|&c| (sets[c] ^ sets[i]).count_ones())
                    .min()
                    .unwrap_or(0);
                (nearest, std::cmp::Reverse(i))
            });
        match best {
            Some(i) => chosen.push(i),
            None => break,
        }
    }
    chosen
}
