//! [`ProjectedTable`]: the table kind over the projection of several
//! orbits onto the blocks the moves' squares keep ([`Projection`]),
//! read at the position (its children's indices stepped by the step
//! tables where it has them) and, where admissible, at its inverse.

use puzzle_search_core::pdb::PatternDb;

use crate::model::position::{invert_bytes, then_bytes};
use crate::tables::projection::Projection;
use crate::tables::read::{BATCH, Buffers, Frame, Table, View};
use crate::tables::steps::Rows;

/// The table over a projection.
#[derive(Debug)]
pub(crate) struct ProjectedTable {
    pub(crate) proj: Projection,
    pub(crate) db: PatternDb,
    /// The conjugates it is read at: slots of the bound's symmetries read
    /// (0: the position itself); one unless the projection's index is by
    /// some of the symmetries only ([`Projection::views`]).
    pub(crate) views: Vec<usize>,
}

impl Table for ProjectedTable {
    /// At the position, its index and the rows its children step from,
    /// its orbits ranked once; `None` at the inverse, or where the
    /// projection has no step tables.
    type Seen = Option<(u64, Rows)>;

    #[inline]
    fn db(&self) -> &PatternDb {
        &self.db
    }

    #[inline]
    fn see(
        &self,
        frame: &Frame<'_>,
        view: &View<'_>,
        children: bool,
        buf: &mut Buffers,
    ) -> Self::Seen {
        let len = frame.len;
        buf.child.resize(len, 0);
        buf.other.resize(len, 0);
        buf.inv.resize(len, 0);
        if view.inverse {
            invert_bytes(view.at, self.proj.orbits(), true, &mut buf.inv);
            None
        } else if children {
            self.proj.index_and_rows(view.at)
        } else {
            None
        }
    }

    #[inline]
    fn key(&self, _: &Frame<'_>, view: &View<'_>, seen: &Self::Seen, buf: &mut Buffers) -> u64 {
        let Buffers { other, inv, .. } = buf;
        if view.inverse {
            return self.proj.index(inv, other);
        }
        seen.as_ref()
            .map_or_else(|| self.proj.index(view.at, other), |r| r.0)
    }

    /// At the position, each child's index stepped by the projection's
    /// tables where it has them; else each child made (at the inverse,
    /// `m^-1` then the position's inverse) and its index read from it (a
    /// child not made reads `u64::MAX`, the trait's `NO_KEY`: kept).
    #[inline]
    fn child_keys(
        &self,
        frame: &Frame<'_>,
        view: &View<'_>,
        seen: &Self::Seen,
        moves: &[u16],
        keys: &mut [u64],
        buf: &mut Buffers,
    ) {
        // At a conjugate `r^-1 s r`, a child `s m` shows as the
        // conjugate's child by `r^-1 m r`.
        let mut mapped = [0u16; BATCH];
        let moves = if view.sym == 0 {
            moves
        } else {
            for (to, &mv) in mapped.iter_mut().zip(moves) {
                *to = frame.symmetries.conjugate_move(view.sym, usize::from(mv)) as u16;
            }
            &mapped[..moves.len()]
        };
        let stepped = seen
            .as_ref()
            .is_some_and(|(_, rows)| self.proj.child_indices(rows, moves, keys));
        if stepped {
            return;
        }
        let (s, all, inverse) = (view.at, frame.all, view.inverse);
        let orbits = self.proj.orbits();
        let Buffers {
            child, other, inv, ..
        } = buf;
        let inv = &**inv;
        self.proj.made_indices(child, other, keys, |i, child| {
            let mv = usize::from(moves[i]);
            if !inverse {
                then_bytes(s, all.get(mv).as_slice(), orbits, child);
                return true;
            }
            // A move whose inverse is not searched (a bound built for
            // other moves): read as 0, kept.
            all.inverse(mv).is_some_and(|back| {
                then_bytes(all.get(back).as_slice(), inv, orbits, child);
                true
            })
        });
    }
}
