//! How the bound reads a table, whatever its kind: [`Table`], the one
//! trait every kind implements (its key at a position, its children's
//! keys in batches), and the two reads built on it, once for every kind:
//! [`entry_at`] (a position's entry: the bound at one state) and
//! [`keep_children`] (a position's children kept within a bound: the
//! in-place search's read, with the parent's-entry rule).
//!
//! Uses [`model`](crate::model) and [`algebra`](crate::algebra) only; each
//! kind lives in a file of its own ([`orbit`](super::orbit),
//! [`whole`](super::whole), [`alike`](super::alike),
//! [`projected`](super::projected)).

use puzzle_search_core::pdb::PatternDb;

use crate::algebra::symmetry::Symmetries;
use crate::model::moves::Moves;
use crate::model::position::Position;

/// The most children one batch reads a table for at once (the 3x3x3 has
/// 18 moves): the keys are all found first, then the entries read with
/// nothing between the reads that waits on one, so that their cache
/// misses overlap.
pub(crate) const BATCH: usize = 32;

/// A key that reads as 0: nothing is known of the child (a move past
/// those the table was built for), so it is kept.
pub(crate) const NO_KEY: u64 = u64::MAX;

/// A key that reads as [`PatternDb::UNREACHED`]: a position the moves do
/// not reach from solved, a dead end.
pub(crate) const DEAD: u64 = u64::MAX - 1;

/// What every read shares: the moves searched, the symmetries the
/// position is conjugated by, and the moves' layout.
pub(crate) struct Frame<'a> {
    /// The moves the children are made by (a move's index into them).
    pub(crate) all: &'a Moves,
    /// The symmetries of the views.
    pub(crate) symmetries: &'a Symmetries,
    /// Per move, a position's layout: per orbit, where the piece on each
    /// place goes, then the turn it gets there.
    pub(crate) moved: &'a [u8],
    /// A position's bytes.
    pub(crate) len: usize,
}

/// Where a table is read: the position conjugated by a symmetry (its
/// children then by the conjugated moves), or that conjugate's inverse.
#[derive(Clone, Copy)]
pub(crate) struct View<'a> {
    /// The position itself.
    pub(crate) position: &'a Position,
    /// The conjugate's bytes (the position's own for the identity).
    pub(crate) at: &'a [u8],
    /// The symmetry (0: the identity).
    pub(crate) sym: usize,
    /// Whether the table is read at the inverse of `at`.
    pub(crate) inverse: bool,
}

/// A thread's buffers for the reads (kept between calls: no allocation a
/// node once grown).
pub(crate) struct Buffers {
    /// A batch's tracked pieces by class: per child, placements then
    /// turns ([`orbit`](super::orbit)).
    pub(crate) pieces: Vec<u8>,
    /// The children's ranks in the whole puzzle's table.
    pub(crate) ranks: Vec<u64>,
    /// The children's indices in the whole puzzle's table by class.
    pub(crate) indices: Vec<Option<u64>>,
    /// A child (for the projection's index), a conjugate, the inverse
    /// of the position: a position's bytes each.
    pub(crate) child: Vec<u8>,
    pub(crate) other: Vec<u8>,
    pub(crate) inv: Vec<u8>,
}

impl Buffers {
    /// Empty buffers, grown at first use.
    pub(crate) const fn new() -> Buffers {
        Buffers {
            pieces: Vec::new(),
            ranks: Vec::new(),
            indices: Vec::new(),
            child: Vec::new(),
            other: Vec::new(),
            inv: Vec::new(),
        }
    }
}

/// A table kind as the bound reads it. Each read is a key into
/// [`db`](Self::db) ([`NO_KEY`] and [`DEAD`] besides the table's own).
pub(crate) trait Table {
    /// Whether the parent's-entry rule may settle its children
    /// ([`keep_children`]); off for a table whose parent entry is rarely
    /// decisive and costs a read of its own.
    const SETTLES: bool = true;

    /// Whether its keys may be [`NO_KEY`] or [`DEAD`] (else every key is
    /// the table's own, read with no check).
    const SENTINELS: bool = true;

    /// What the kind reads of a view once, for its own key and all its
    /// children's (the tracked pieces, the coordinates, the rows the
    /// children step from).
    type Seen;

    /// Its entries.
    fn db(&self) -> &PatternDb;

    /// What it reads of `view` once; `children`: whether its children's
    /// keys will be asked for too (else only its own key).
    fn see(
        &self,
        frame: &Frame<'_>,
        view: &View<'_>,
        children: bool,
        buf: &mut Buffers,
    ) -> Self::Seen;

    /// The key of `view` itself.
    fn key(&self, frame: &Frame<'_>, view: &View<'_>, seen: &Self::Seen, buf: &mut Buffers) -> u64;

    /// The keys of `view`'s children by `moves` (each a move's index into
    /// [`Frame::all`], conjugated by the view's symmetry), into `keys`.
    fn child_keys(
        &self,
        frame: &Frame<'_>,
        view: &View<'_>,
        seen: &Self::Seen,
        moves: &[u16],
        keys: &mut [u64],
        buf: &mut Buffers,
    );
}

/// The entry of `key` in `db`, with [`NO_KEY`] read as 0 and [`DEAD`] as
/// unreached.
#[inline]
fn entry(db: &PatternDb, key: u64) -> u8 {
    match key {
        NO_KEY => 0,
        DEAD => PatternDb::UNREACHED,
        k => db.get(k),
    }
}

/// `table`'s entry at `view`: the bound one table gives a state.
#[inline]
pub(crate) fn entry_at<T: Table>(
    table: &T,
    frame: &Frame<'_>,
    view: &View<'_>,
    buf: &mut Buffers,
) -> u8 {
    let seen = table.see(frame, view, false, buf);
    entry(table.db(), table.key(frame, view, &seen, buf))
}

/// Keeps in `moves[start..]` the children of `view` whose entry in
/// `table` is at most `max`; returns `true` where the parent's entry
/// settled it, no child read (`settle`: the rule is on).
///
/// *The parent's entry*: a table's entries differ by at most one between
/// a position and its child, read at the same conjugate (docs/proofs/
/// twisty.md, "Reads the parent's entry settles"). So where the view's
/// entry `d` is below `max`, no child is over `max` and none is read;
/// where it is over `max + 1`, every child is, and all go unread. The
/// entry is read here, not carried from the parent's call: it was read
/// there moments before and sits in cache (carrying it was measured
/// slower). At the inverse the rule does not hold (a move before the
/// inverse is not a move of the abstraction), so inverse views read
/// every child. With a packed table a read `p` is a lower bound of the
/// entry `d`: the first half of the rule then needs `p` sure to be `d`
/// ([`PatternDb::get_sure`]), as every child kept unread must read at
/// most `max` (each child's read is at most its entry, at most `d + 1`;
/// [`InPlace::moves_bounded`](puzzle_search_core::InPlace::moves_bounded)
/// promises it); the second half holds as it is: `p > max + 1` gives `d >
/// max + 1`, so every child's entry is over `max`.
#[inline]
#[allow(clippy::too_many_arguments)]
pub(crate) fn keep_children<T: Table>(
    table: &T,
    frame: &Frame<'_>,
    view: &View<'_>,
    moves: &mut Vec<u16>,
    start: usize,
    max: u32,
    settle: bool,
    keys: &mut [u64; BATCH],
    buf: &mut Buffers,
) -> bool {
    let seen = table.see(frame, view, true, buf);
    let db = table.db();
    if T::SETTLES && settle && !view.inverse {
        let key = table.key(frame, view, &seen, buf);
        if settled_by_entry(db, key, max, moves, start) {
            return true;
        }
    }
    let mut from = start;
    while from < moves.len() {
        let to = moves.len().min(from + BATCH);
        let keys = &mut keys[..to - from];
        table.child_keys(frame, view, &seen, &moves[from..to], keys, buf);
        let mut entries = [0u8; BATCH];
        if T::SENTINELS && keys.iter().any(|&k| k >= DEAD) {
            for (e, &key) in entries.iter_mut().zip(keys.iter()) {
                *e = entry(db, key);
            }
        } else {
            // Every key the table's own: read as one batch, the misses
            // overlapping (`PatternDb::get_many`).
            db.get_many(keys, &mut entries[..keys.len()]);
        }
        from = keep_batch(moves, from, to, &entries, max);
    }
    false
}

/// The parent's-entry rule ([`keep_children`]): with the position's own
/// entry in `db` at `key`, whether its children need no read: every one
/// within `max` (a read sure to be the entry, below `max`) or none (a
/// read over `max + 1`; `moves[start..]` then cut).
#[inline]
fn settled_by_entry(
    db: &PatternDb,
    key: u64,
    max: u32,
    moves: &mut Vec<u16>,
    start: usize,
) -> bool {
    let (d, sure) = match key {
        NO_KEY => (0, false),
        DEAD => (PatternDb::UNREACHED, true),
        k => db.get_sure(k),
    };
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
