//! [`OrbitBound`]: pattern databases derived from a definition, one an
//! orbit: the exact distance of the orbit's coordinates (permutation and
//! orientations, or the orientations alone where the permutations are too
//! many), combined by max.

use std::path::Path;

use puzzle_search_core::Budget;
use puzzle_search_core::pdb::{Abstraction, BuildProgress, PatternDb, PdbError};

use crate::coords::OrbitCoords;
use crate::puzzle::Twisty;

/// The most abstract states one orbit's table may have (a byte each, two
/// bits each more while it is built).
pub const MAX_TABLE: u64 = 1 << 31;

/// One orbit's table.
#[derive(Debug)]
struct Part {
    coords: OrbitCoords,
    db: PatternDb,
}

/// A lower bound for [`Twisty`] from pattern databases, one an orbit: the
/// orbit's coordinates (its permutation's Lehmer rank and its
/// orientations) are an abstraction of the puzzle (each move maps them by
/// a table, whatever the other orbits hold), so the distance to the
/// solved coordinates in the abstraction never exceeds the distance to
/// solved; the max over the orbits' tables is admissible too. An orbit
/// whose permutations are too many for a table gets one of its
/// orientations alone (a projection of the same kind); an orbit with
/// pieces that look alike or wild orientations gets none.
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
/// let bound = OrbitBound::build(&puzzle, &Budget::default(), None, None)?;
/// assert_eq!(bound.lower(def.solved()), 0);
/// assert_eq!(bound.tables().len(), 1); // one orbit: the whole puzzle, exact
/// let t = puzzle.moves().get(0);
/// assert_eq!(bound.lower(&def.solved().then(t, def.orbits())), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct OrbitBound {
    parts: Vec<Part>,
}

/// An orbit's coordinates as an abstraction for the core's table build.
struct Space<'a> {
    coords: &'a OrbitCoords,
    moves: usize,
    name: String,
}

impl Abstraction for Space<'_> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn size(&self) -> u64 {
        u64::from(self.coords.tables.perms) * u64::from(self.coords.tables.turns)
    }

    fn goals(&self, out: &mut Vec<u64>) {
        let (p, t) = self.coords.goal;
        out.push(u64::from(p) * u64::from(self.coords.tables.turns) + u64::from(t));
    }

    fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>) {
        let t = &self.coords.tables;
        let turns = u64::from(t.turns);
        let (p, o) = ((rank / turns) as usize, (rank % turns) as usize);
        for m in 0..self.moves {
            let np = u64::from(t.perm[p * self.moves + m]);
            let no = u64::from(t.turn[o * self.moves + m]);
            out.push((np * turns + no, true));
        }
    }
}

/// Why [`OrbitBound::build`] refused.
#[derive(Debug)]
pub enum BoundError {
    /// A move's inverse is not among the moves searched.
    NotClosed(String),
    /// A table could not be built (memory, a budget, a distance past 254).
    Table(PdbError),
}

impl std::fmt::Display for BoundError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoundError::NotClosed(m) => write!(
                f,
                "the inverse of move `{m}` is not among the moves: tables need moves closed under inverse"
            ),
            BoundError::Table(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for BoundError {}

impl OrbitBound {
    /// The tables of `puzzle`'s orbits, each loaded from `cache` when
    /// there (checked as every table is) or built and saved there, within
    /// `budget` (its memory cap applies to each build). `progress` hears
    /// each build's layers.
    ///
    /// # Errors
    /// A move whose inverse is not searched, or a table that cannot be
    /// built within the budget.
    pub fn build(
        puzzle: &Twisty,
        budget: &Budget,
        cache: Option<&Path>,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<OrbitBound, BoundError> {
        let moves = puzzle.moves();
        if let Some(m) = (0..moves.len()).find(|&m| moves.inverse(m).is_none()) {
            return Err(BoundError::NotClosed(moves.names()[m].clone()));
        }
        let def = puzzle.definition();
        // The tables' names carry a digest of the definition and moves,
        // so a cached table of another puzzle of the same name is never
        // taken for this one's.
        // FNV-1a: the same digest from every build of this crate.
        let mut digest = 0xcbf2_9ce4_8422_2325u64;
        let bytes = (0..moves.len())
            .flat_map(|m| moves.get(m).as_slice().iter().copied())
            .chain(def.solved().as_slice().iter().copied());
        for b in bytes {
            digest = (digest ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        let mut parts = Vec::new();
        for (k, orbit) in def.orbits().iter().enumerate() {
            let fits = |c: &OrbitCoords| {
                u64::from(c.tables.perms) * u64::from(c.tables.turns) <= MAX_TABLE
            };
            let coords = OrbitCoords::new(puzzle, k)
                .filter(fits)
                .or_else(|| OrbitCoords::new_with(puzzle, k, false).filter(fits));
            let Some(coords) = coords else { continue };
            if u64::from(coords.tables.perms) * u64::from(coords.tables.turns) <= 1 {
                continue; // nothing to tell apart
            }
            let kind = if coords.tables.perms > 1 {
                "whole"
            } else {
                "orientations"
            };
            let space = Space {
                coords: &coords,
                moves: moves.len(),
                name: format!("twisty {} {} {kind} {digest:016x}", def.name(), orbit.name),
            };
            let db = match cache {
                Some(dir) => {
                    PatternDb::load_or_build_within(&space, dir, budget, progress).map(|(db, _)| db)
                }
                None => PatternDb::build_within(&space, budget, progress),
            }
            .map_err(BoundError::Table)?;
            parts.push(Part { coords, db });
        }
        Ok(OrbitBound { parts })
    }

    /// The bound at `position`: the largest of the tables' entries (0
    /// without tables).
    pub fn lower(&self, position: &crate::def::Position) -> u32 {
        self.lower_or_dead(position).unwrap_or(u32::MAX)
    }

    /// The bound, or `None` where a table says the solved state cannot be
    /// reached.
    #[inline]
    pub(crate) fn lower_or_dead(&self, position: &crate::def::Position) -> Option<u32> {
        let s = position.as_slice();
        let mut best = 0u32;
        for part in &self.parts {
            let (p, t) = part.coords.of(s);
            let key = u64::from(p) * u64::from(part.coords.tables.turns) + u64::from(t);
            let d = part.db.get(key);
            if d == PatternDb::UNREACHED {
                return None;
            }
            best = best.max(u32::from(d));
        }
        Some(best)
    }

    /// The tables, one an orbit that has one.
    pub fn tables(&self) -> Vec<&PatternDb> {
        self.parts.iter().map(|p| &p.db).collect()
    }
}
