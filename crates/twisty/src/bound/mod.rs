//! [`OrbitBound`]: the lower bound a definition's tables give, and the
//! schedule that reads them: which tables (built in [`build`]), at which
//! conjugates and at the inverse, in which order, with the parent's-entry
//! rule. Every table kind is read through one trait
//! ([`Table`](crate::tables::read::Table)), the same way for a state's
//! bound ([`OrbitBound::lower`]) and for a node's children
//! ([`OrbitBound::keep_within`]).
//!
//! Uses [`tables`](crate::tables) for the kinds, [`algebra`](crate::algebra)
//! and [`model`](crate::model).

use puzzle_search_core::pdb::{PatternDb, SetReport};

use crate::algebra::symmetry::Symmetries;
use crate::model::moves::Moves;
use crate::model::position::Position;
use crate::tables::alike::AlikeTable;
use crate::tables::orbit::OrbitTable;
use crate::tables::projected::ProjectedTable;
use crate::tables::read::{BATCH, Buffers, Frame, View, entry_at, keep_children};
use crate::tables::reads::{TableReads, Tally};
use crate::tables::whole::WholeTable;

mod build;
mod error;
mod options;

pub use error::BoundError;
pub use options::{
    DEFAULT_VIEWS, FIT_FLOOR, MAX_PROJECTIONS, MAX_TABLE, MAX_VIEWS, PACK_ABOVE, PROJECT_FROM,
    PROJECT_TO, PROJECT_TO_BY_MEMORY, TableOptions,
};

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
/// docs/proofs/twisty.md, "Tables over pieces alike").
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
    whole: Option<WholeTable>,
    /// Whether the bound is the distance itself (see
    /// [`exact`](Self::exact)).
    exact: bool,
    parts: Vec<OrbitTable>,
    /// The tables over orbits with pieces alike or `?` orientations,
    /// read after every stage of `parts`.
    alike: Vec<AlikeTable>,
    /// The tables over projections of several orbits, where built (at
    /// most [`MAX_PROJECTIONS`]), the smallest first.
    projections: Vec<ProjectedTable>,
    symmetries: Symmetries,
    /// The symmetries read, by slot (slot 0: the identity).
    used: Vec<usize>,
    /// A position's bytes.
    len: usize,
    /// Per move, a position's layout: per orbit, where the piece on each
    /// position goes, then the turn it gets there.
    moved: Vec<u8>,
    /// The schedule: the reads of [`keep_within`](Self::keep_within) in
    /// order (the projections at the position and at its inverse, the
    /// largest table at the position, then each table at each of its
    /// conjugates, then all again at the inverse, the tables over pieces
    /// alike; or the whole puzzle's one table).
    stages: Vec<Stage>,
    /// The moves the tables were built with.
    moves: Moves,
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
    /// own entry where it can be ([`keep_children`]); off only to test the
    /// rule ([`settle_by_parent`](Self::settle_by_parent)).
    settle: bool,
    /// Each table loaded or built, and why tables built could not be
    /// saved to the cache (the bound is whole: they are only rebuilt
    /// next time).
    report: SetReport,
}

/// The most symmetries the tables are read at, all tables together
/// (their conjugates are marked made in a `u64`).
pub(crate) const MAX_USED: usize = 64;

thread_local! {
    /// A thread's conjugates of the position (a slot each), a batch's
    /// keys and the buffers of the reads (kept between calls: no
    /// allocation a node).
    static SCRATCH: std::cell::RefCell<(Vec<u8>, [u64; BATCH], Buffers)> =
        const { std::cell::RefCell::new((Vec::new(), [0; BATCH], Buffers::new())) };
}

/// Which table a [`Stage`] reads: an index into the bound's tables of
/// its kind.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Which {
    Whole,
    Orbit(usize),
    Alike(usize),
    Projected(usize),
}

/// One table read at one conjugate of the position or of its inverse.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stage {
    pub(crate) table: Which,
    /// The conjugate: a slot of the symmetries read (0: the identity).
    pub(crate) slot: usize,
    pub(crate) inverse: bool,
}

impl OrbitBound {
    /// The bound at `position`: the largest of the tables' entries, at
    /// the position and, where admissible, at its inverse (0 without
    /// tables; `u32::MAX` where a table says solved cannot be reached).
    pub fn lower(&self, position: &Position) -> u32 {
        self.lower_or_dead(position).unwrap_or(u32::MAX)
    }

    /// The bound, or `None` where a table says the solved state cannot be
    /// reached: every stage of the schedule read at the position itself.
    pub(crate) fn lower_or_dead(&self, position: &Position) -> Option<u32> {
        let mut best = 0u8;
        let frame = self.frame(&self.moves);
        self.each_view(position, |_, stage, view, _, buf| {
            let d = match stage.table {
                // A whole stage is scheduled only with its table; none
                // would read 0, never a dead end.
                Which::Whole => self
                    .whole
                    .as_ref()
                    .map_or(0, |w| entry_at(w, &frame, view, buf)),
                Which::Orbit(i) => entry_at(&self.parts[i], &frame, view, buf),
                Which::Alike(i) => entry_at(&self.alike[i], &frame, view, buf),
                Which::Projected(i) => entry_at(&self.projections[i], &frame, view, buf),
            };
            if d == PatternDb::UNREACHED {
                return None;
            }
            best = best.max(d);
            Some(())
        })?;
        Some(u32::from(best))
    }

    /// Keeps in `moves[start..]` only the moves whose child's bound is at
    /// most `max` (each a move's index into `all`); returns whether any
    /// was left out. The tables are read in the schedule's stages (the
    /// projections at the position and its inverse, the largest table at
    /// the position, its conjugates, the others, then at the inverse;
    /// measured: the same time as reading each table at both in turn, a
    /// tenth faster): each stage reads one entry for every child still
    /// kept ([`keep_children`]); most children are gone after the first
    /// stage, and no later table is read for them.
    #[inline]
    pub(crate) fn keep_within(
        &self,
        position: &Position,
        all: &Moves,
        moves: &mut Vec<u16>,
        start: usize,
        max: u32,
    ) -> bool {
        let before = moves.len();
        let frame = self.frame(all);
        let settle = self.settle;
        self.each_view(position, |index, stage, view, keys, buf| {
            if moves.len() == start {
                return None;
            }
            let read = moves.len() - start;
            let m = &mut *moves;
            let f = &frame;
            let settled = match stage.table {
                // A whole stage is scheduled only with its table; none
                // would cut nothing.
                Which::Whole => {
                    let w = self.whole.as_ref()?;
                    keep_children(w, f, view, m, start, max, settle, keys, buf)
                }
                Which::Orbit(i) => {
                    keep_children(&self.parts[i], f, view, m, start, max, settle, keys, buf)
                }
                Which::Alike(i) => {
                    keep_children(&self.alike[i], f, view, m, start, max, settle, keys, buf)
                }
                Which::Projected(i) => {
                    let p = &self.projections[i];
                    keep_children(p, f, view, m, start, max, settle, keys, buf)
                }
            };
            if let Some(tally) = &self.tally {
                let cut = (start + read - moves.len()) as u64;
                tally.add(index, if settled { 0 } else { read as u64 }, cut, settled);
            }
            // No child left: no later stage is read, nor its conjugate
            // made.
            (moves.len() > start).then_some(())
        });
        moves.len() < before
    }

    /// What every read shares, the children made by `all`.
    fn frame<'a>(&'a self, all: &'a Moves) -> Frame<'a> {
        Frame {
            all,
            symmetries: &self.symmetries,
            moved: &self.moved,
            len: self.len,
        }
    }

    /// Calls `f` with each stage of the schedule in order and its view of
    /// `position` (each conjugate made when first read: most nodes lose
    /// every child to the first tables), until `f` says `None`.
    /// `f` is told each stage's index in the schedule, the stage, its
    /// view of the position, a batch's keys and the reads' buffers
    /// (statically dispatched: a call a stage and node).
    #[inline]
    fn each_view<F>(&self, position: &Position, mut f: F) -> Option<()>
    where
        F: FnMut(usize, &Stage, &View<'_>, &mut [u64; BATCH], &mut Buffers) -> Option<()>,
    {
        let s = position.as_slice();
        let len = self.len;
        SCRATCH.with_borrow_mut(|(conj, keys, buf)| {
            conj.resize(self.used.len() * len, 0);
            let mut made = 1u64;
            for (index, stage) in self.stages.iter().enumerate() {
                let slot = stage.slot;
                if made & (1 << slot) == 0 {
                    made |= 1 << slot;
                    let out = &mut conj[slot * len..][..len];
                    self.symmetries.conjugate_into(self.used[slot], s, out);
                }
                let at = if slot == 0 {
                    s
                } else {
                    &conj[slot * len..][..len]
                };
                let view = View {
                    position,
                    at,
                    sym: self.used[slot],
                    inverse: stage.inverse,
                };
                f(index, stage, &view, keys, buf)?;
            }
            Some(())
        })
    }

    /// This bound counting, where `on`, how many children each table
    /// read of the in-place search is made for and how many it cuts
    /// ([`take_reads`](Self::take_reads)); off by default. Counting costs
    /// two uncontended atomic adds a stage and node.
    #[must_use]
    pub fn count_reads(mut self, on: bool) -> Self {
        self.tally = on.then(|| Tally::new(self.stages.len()));
        self
    }

    /// This bound with the parent's-entry rule of the in-place search on
    /// (the default) or off: a table is not read at the children of a
    /// position whose own entry shows that none of them can be cut, nor
    /// where it shows that all of them are (see docs/proofs/twisty.md,
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
        self.stages
            .iter()
            .enumerate()
            .map(|(i, stage)| {
                let (reads, cuts, settled) = tally.take(i);
                TableReads {
                    table: self.label(stage.table).to_string(),
                    view: self.used[stage.slot],
                    inverse: stage.inverse,
                    reads,
                    cuts,
                    settled,
                }
            })
            .collect()
    }

    /// The label of `table`: its orbit and pieces, or what a projection
    /// keeps.
    fn label(&self, table: Which) -> &str {
        let at = match table {
            Which::Whole => 0,
            Which::Orbit(i) => i,
            Which::Alike(i) => self.parts.len() + i,
            Which::Projected(i) => self.parts.len() + self.alike.len() + i,
        };
        &self.labels[at]
    }

    /// Whether some table is read at the inverse position too (a table
    /// over a whole orbit never is: it reads the same there).
    pub fn reads_inverse(&self) -> bool {
        self.stages.iter().any(|s| s.inverse)
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
