//! [`WholeTable`]: the table kind over the whole puzzle, by its
//! coordinates ([`Coordinates`]) or by symmetry class ([`ClassIndex`]):
//! the distance itself, read at the position only.

use puzzle_search_core::Ranked;
use puzzle_search_core::pdb::PatternDb;

use crate::tables::class_space::ClassIndex;
use crate::tables::coords::{CoordState, Coordinates};
use crate::tables::read::{Buffers, DEAD, Frame, NO_KEY, Table, View};

/// The table over the whole puzzle: its index and the distance of each
/// index.
#[derive(Debug)]
pub(crate) struct WholeTable {
    pub(crate) index: WholeIndex,
    pub(crate) db: PatternDb,
}

/// How [`WholeTable`] indexes a position.
#[derive(Debug)]
pub(crate) enum WholeIndex {
    /// The coordinates' rank of the reachable group.
    Coordinates(Coordinates),
    /// By symmetry class: one orbit's placements by class, the other
    /// moving orbits' coordinates seen from the representative.
    Classes(ClassIndex),
}

impl Table for WholeTable {
    /// The table is exact: a parent's entry is one off its children's
    /// (almost) always, so the rule would cost a read a node and settle
    /// little.
    const SETTLES: bool = false;

    /// The position's coordinates (`None`: a position they cannot number,
    /// a dead end); unused by class.
    type Seen = Option<CoordState>;

    #[inline]
    fn db(&self) -> &PatternDb {
        &self.db
    }

    #[inline]
    fn see(&self, _: &Frame<'_>, view: &View<'_>, _: bool, _: &mut Buffers) -> Option<CoordState> {
        match &self.index {
            WholeIndex::Coordinates(c) => c.start(view.position),
            WholeIndex::Classes(_) => None,
        }
    }

    #[inline]
    fn key(
        &self,
        _: &Frame<'_>,
        view: &View<'_>,
        seen: &Option<CoordState>,
        _: &mut Buffers,
    ) -> u64 {
        match &self.index {
            WholeIndex::Coordinates(c) => seen.as_ref().map_or(DEAD, |s| c.rank(s)),
            WholeIndex::Classes(c) => c.index(view.position.as_slice()).unwrap_or(DEAD),
        }
    }

    /// The position's coordinates once, each child's rank by the move
    /// tables; or by class the position's pieces once, each child's index
    /// stepped from them ([`ClassIndex::child_indices`]).
    #[inline]
    fn child_keys(
        &self,
        _: &Frame<'_>,
        view: &View<'_>,
        seen: &Option<CoordState>,
        moves: &[u16],
        keys: &mut [u64],
        buf: &mut Buffers,
    ) {
        match &self.index {
            WholeIndex::Coordinates(c) => {
                let Some(state) = seen else {
                    keys.fill(DEAD);
                    return;
                };
                let ranks = &mut buf.ranks;
                ranks.clear();
                c.successor_ranks(c.rank(state), &mut |r| ranks.push(r));
                for (key, &m) in keys.iter_mut().zip(moves) {
                    // A move past the coordinates' (a bound built for
                    // other moves) is kept: no cut is always admissible.
                    *key = ranks.get(usize::from(m)).copied().unwrap_or(NO_KEY);
                }
            }
            WholeIndex::Classes(c) => {
                // Moves past the index's (a bound built for other moves):
                // nothing cut.
                if moves.iter().any(|&m| usize::from(m) >= c.moves()) {
                    keys.fill(NO_KEY);
                    return;
                }
                let indices = &mut buf.indices;
                indices.clear();
                c.child_indices(view.position.as_slice(), moves, indices);
                for (key, index) in keys.iter_mut().zip(indices.iter()) {
                    // An index not numbered: a position the moves do not
                    // reach, a dead end.
                    *key = index.unwrap_or(DEAD);
                }
            }
        }
    }
}
