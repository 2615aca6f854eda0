//! [`OrbitTable`]: the table kind over a group of one orbit's pieces,
//! ranked by where each piece is and how it is turned
//! ([`PieceGroup`]), or indexed by symmetry class ([`SymGroup`]); read
//! at conjugates of the position and, for a group short of its whole
//! orbit, at its inverse.

use puzzle_search_core::pdb::PatternDb;

use crate::tables::group::{MAX_GROUP_ORBIT, PieceGroup};
use crate::tables::read::{BATCH, Buffers, Frame, Table, View};
use crate::tables::symgroup::SymGroup;

/// One table over a group of one orbit's pieces.
#[derive(Debug)]
pub(crate) struct OrbitTable {
    pub(crate) group: PieceGroup,
    /// The group indexed by symmetry class, where it is.
    pub(crate) sym: Option<SymGroup>,
    pub(crate) db: PatternDb,
    /// The conjugates it is read at: slots of the bound's symmetries read
    /// (0: the position itself).
    pub(crate) views: Vec<usize>,
}

impl OrbitTable {
    /// The table's index of the tracked pieces at `pos`, turned `ori`.
    #[inline]
    fn index(&self, pos: &[u8], ori: &[u8]) -> u64 {
        match &self.sym {
            Some(sym) => sym.index(pos, ori),
            None => self.group.rank(pos, ori),
        }
    }
}

/// The tracked pieces of a view: where each is and how it is turned
/// (found once for the view's key and all its children).
pub(crate) type Pieces = ([u8; MAX_GROUP_ORBIT], [u8; MAX_GROUP_ORBIT]);

impl Table for OrbitTable {
    /// Every key is a rank or an index of the group's own.
    const SENTINELS: bool = false;

    type Seen = Pieces;

    #[inline]
    fn db(&self) -> &PatternDb {
        &self.db
    }

    #[inline]
    fn see(&self, _: &Frame<'_>, view: &View<'_>, _: bool, _: &mut Buffers) -> Pieces {
        let (mut loc, mut ori) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        if !view.inverse {
            self.group.locate(view.at, &mut loc, &mut ori);
        }
        (loc, ori)
    }

    #[inline]
    fn key(&self, _: &Frame<'_>, view: &View<'_>, seen: &Pieces, _: &mut Buffers) -> u64 {
        if view.inverse {
            let (mut pos, mut ori) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
            self.group.inverse_into(view.at, &mut pos, &mut ori);
            return self.index(&pos, &ori);
        }
        self.index(&seen.0, &seen.1)
    }

    #[inline]
    fn child_keys(
        &self,
        frame: &Frame<'_>,
        view: &View<'_>,
        (loc, ori): &Pieces,
        moves: &[u16],
        keys: &mut [u64],
        buf: &mut Buffers,
    ) {
        let len = frame.len;
        let pieces = &mut buf.pieces;
        if pieces.len() < 2 * BATCH * MAX_GROUP_ORBIT {
            pieces.resize(2 * BATCH * MAX_GROUP_ORBIT, 0);
        }
        let (mut pos, mut turned) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        let k = self.group.labels.len();
        for (c, (key, &mv)) in keys.iter_mut().zip(moves).enumerate() {
            let mv = frame.symmetries.conjugate_move(view.sym, usize::from(mv));
            if view.inverse {
                let m = frame.all.get(mv).as_slice();
                self.group
                    .inverse_after_into(view.at, m, &mut pos, &mut turned);
            } else {
                let m = &frame.moved[mv * len..][..len];
                self.group.moved_into(loc, ori, m, &mut pos, &mut turned);
            }
            match &self.sym {
                // The placements first, their class words read together
                // next: their misses overlap. (Each word loaded as soon
                // as its rank is known was measured slower: 3.3 -> 5.3 s
                // on the 13-move scramble s13.)
                Some(_) => {
                    let at = 2 * c * MAX_GROUP_ORBIT;
                    pieces[at..at + k].copy_from_slice(&pos[..k]);
                    pieces[at + MAX_GROUP_ORBIT..][..k].copy_from_slice(&turned[..k]);
                    *key = self.group.perm_rank(&pos);
                }
                None => *key = self.group.rank(&pos, &turned),
            }
        }
        if let Some(symg) = &self.sym {
            let mut words = [0u32; BATCH];
            for (w, &p) in words.iter_mut().zip(keys.iter()) {
                *w = symg.class_of(p);
            }
            for (c, key) in keys.iter_mut().enumerate() {
                let at = 2 * c * MAX_GROUP_ORBIT;
                let (p, t) = pieces[at..at + 2 * MAX_GROUP_ORBIT].split_at(MAX_GROUP_ORBIT);
                *key = symg.index_of(words[c], p, t);
            }
        }
    }
}
