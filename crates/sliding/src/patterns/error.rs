//! Why a partition's tables were not made.

use std::fmt;

use super::values::MAX_PATTERNS;
use crate::board::MAX_CELLS;

/// Why [`Patterns::load_or_build`](super::Patterns::load_or_build) made no tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternsError(PatternsKind);

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum PatternsKind {
    Size { width: usize, height: usize },
    TooMany(usize),
    Tile { tile: u8, cells: usize },
    Pdb(puzzle_search_core::pdb::PdbError),
}

impl From<PatternsKind> for PatternsError {
    fn from(kind: PatternsKind) -> Self {
        Self(kind)
    }
}

impl fmt::Display for PatternsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            PatternsKind::Size { width, height } => write!(
                f,
                "a {width}x{height} board: sides of at least 2 and at most {MAX_CELLS} cells"
            ),
            PatternsKind::TooMany(n) => write!(f, "{n} patterns: at most {MAX_PATTERNS}"),
            PatternsKind::Tile { tile, cells } => {
                write!(f, "tile {tile} is outside 1..{cells} or in two patterns")
            }
            PatternsKind::Pdb(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PatternsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.0 {
            PatternsKind::Pdb(e) => Some(e),
            _ => None,
        }
    }
}
