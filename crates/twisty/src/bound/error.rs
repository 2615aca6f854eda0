//! [`BoundError`]: why the tables of a bound or a census by class could
//! not be had.

use std::fmt;

use puzzle_search_core::pdb::PdbError;

/// Why [`OrbitBound::build`](crate::OrbitBound::build) (or a census by
/// class) refused: a move whose inverse is not searched, a table that
/// could not be built within the budget, an index by class that cannot
/// number the puzzle, or more memory than the cap.
///
/// ```
/// use puzzle_twisty::{Definition, Moves, OrbitBound};
/// use puzzle_search_core::Budget;
/// // T' turns three pieces; its inverse T is not among the moves.
/// let def = Definition::parse("Set P 3 1\nSolved\nP\n1 2 3\nEnd\nMove T\nP\n2 3 1\nEnd\n")?;
/// let moves = Moves::select(&def, &["T'"])?;
/// let e = OrbitBound::build(&def, &moves, &Budget::default(), None, None).unwrap_err();
/// assert!(e.to_string().contains("inverse of move `T'`"));
/// assert_eq!(e.over_memory(), None);
/// assert!(e.table().is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct BoundError {
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    /// A move's inverse is not among the moves searched.
    NotClosed(String),
    /// A table could not be built (memory, a budget, a distance past 254).
    Table(PdbError),
    /// The index by symmetry class cannot number the puzzle: the reason.
    Unindexed(&'static str),
    /// Building would take `needed` bytes, more than the `allowed` cap.
    Memory { needed: u64, allowed: u64 },
}

impl BoundError {
    /// The inverse of move `name` is not among the moves.
    pub(crate) fn not_closed(name: &str) -> BoundError {
        BoundError {
            kind: Kind::NotClosed(name.to_string()),
        }
    }

    /// The index by class cannot number the puzzle, for `why`.
    pub(crate) fn unindexed(why: &'static str) -> BoundError {
        BoundError {
            kind: Kind::Unindexed(why),
        }
    }

    /// Building needs `needed` bytes, over the `allowed` cap.
    pub(crate) fn memory(needed: u64, allowed: u64) -> BoundError {
        BoundError {
            kind: Kind::Memory { needed, allowed },
        }
    }

    /// The bytes needed and the memory cap, where the cap refused a table
    /// (a build's peak, its move tables or placement classes, or the
    /// tables held with it); `None` for every other refusal.
    /// [`OrbitBound::build_fitting`](crate::OrbitBound::build_fitting)
    /// answers these with smaller tables.
    pub fn over_memory(&self) -> Option<(u64, u64)> {
        match &self.kind {
            Kind::Memory { needed, allowed } => Some((*needed, *allowed)),
            Kind::Table(e) => e.over_memory(),
            _ => None,
        }
    }

    /// The table error, where a table's build or load failed (a budget
    /// ran out: [`PdbError::stopped`]).
    pub fn table(&self) -> Option<&PdbError> {
        match &self.kind {
            Kind::Table(e) => Some(e),
            _ => None,
        }
    }
}

impl From<PdbError> for BoundError {
    /// A table's build or load failed.
    fn from(e: PdbError) -> BoundError {
        BoundError {
            kind: Kind::Table(e),
        }
    }
}

impl fmt::Display for BoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::NotClosed(m) => write!(
                f,
                "the inverse of move `{m}` is not among the moves: tables need moves closed under inverse"
            ),
            Kind::Table(e) => write!(f, "{e}"),
            Kind::Unindexed(why) => {
                write!(f, "the index by symmetry class cannot number it: {why}")
            }
            Kind::Memory { needed, allowed } => write!(
                f,
                "building a table needs {needed} bytes ({:.2} GB), over the {allowed}-byte cap",
                *needed as f64 / 1e9
            ),
        }
    }
}

impl std::error::Error for BoundError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            Kind::Table(e) => Some(e),
            _ => None,
        }
    }
}
