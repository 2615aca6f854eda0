//! A permutation puzzle as data: orbits of pieces, positions and moves
//! as per-orbit permutations with orientations, and their composition.

use std::fmt;

use smallvec::SmallVec;

/// The orientation of a piece whose orientation is not tracked (`?` in a
/// definition's solved state): stays so under every move.
pub const WILD: u8 = u8::MAX;

/// One orbit (a `Set` of a definition): `pieces` positions, each piece
/// with `orientations` orientations (1: none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbit {
    /// The set's name (`CORNER`, `EDGE`, ...).
    pub name: String,
    /// How many positions (and pieces) it has: 1 to 255.
    pub pieces: usize,
    /// How many orientations a piece has: 1 to 127.
    pub orientations: u8,
}

/// A position, or a move, of a puzzle: for each orbit in turn, the piece
/// on each of its positions (0-based labels; pieces that look alike share
/// a label), then each position's orientation. A move's pieces are a
/// permutation: position `j` receives what was on position `p[j]`, turned
/// by the move's orientation at `j` (twsearch's convention).
///
/// ```
/// use puzzle_twisty::Definition;
/// let def = Definition::parse("\
/// Set PIECE 3 2
/// Solved
/// PIECE
/// 1 2 3
/// End
/// Move A
/// PIECE
/// 2 3 1
/// 1 0 1
/// End
/// ")?;
/// let a = &def.moves()[0].1;
/// let once = def.solved().then(a, def.orbits());
/// assert_eq!(once.as_slice(), &[1, 2, 0, 0, 1, 1]); // turned pieces follow
/// # Ok::<(), puzzle_twisty::ParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position(pub(crate) SmallVec<[u8; 40]>);

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.0.as_slice())
    }
}

impl Position {
    /// The identity of `orbits`: every piece home (labels `0..n`), no
    /// turn.
    ///
    /// ```
    /// use puzzle_twisty::{Orbit, Position};
    /// let orbits = [Orbit { name: "E".into(), pieces: 2, orientations: 2 }];
    /// assert_eq!(Position::identity(&orbits).as_slice(), &[0, 1, 0, 0]);
    /// ```
    pub fn identity(orbits: &[Orbit]) -> Self {
        let mut v = SmallVec::new();
        for o in orbits {
            v.extend((0..o.pieces).map(|j| j as u8));
            v.extend(std::iter::repeat_n(0, o.pieces));
        }
        Position(v)
    }

    /// The bytes: per orbit, the labels then the orientations.
    ///
    /// ```
    /// use puzzle_twisty::{Orbit, Position};
    /// let orbits = [Orbit { name: "C".into(), pieces: 3, orientations: 1 }];
    /// assert_eq!(Position::identity(&orbits).as_slice().len(), 6);
    /// ```
    pub fn as_slice(&self) -> &[u8] {
        &self.0
    }

    /// This position after the move (or position) `m`: position `j`
    /// gets the piece on `m`'s `p[j]`, its orientation plus `m`'s at `j`
    /// (a wild orientation stays wild). Moves compose the same way: `a`
    /// then `b` is `a.then(b)`.
    ///
    /// # Panics
    /// When `m` is not a move of `orbits` (a piece number past its orbit)
    /// or the positions are of other orbits.
    ///
    /// ```
    /// use puzzle_twisty::{Orbit, Position};
    /// let orbits = [Orbit { name: "C".into(), pieces: 2, orientations: 3 }];
    /// let id = Position::identity(&orbits);
    /// assert_eq!(id.then(&id, &orbits), id);
    /// ```
    pub fn then(&self, m: &Position, orbits: &[Orbit]) -> Position {
        let mut out = self.clone();
        self.then_into(m, orbits, &mut out);
        out
    }

    /// [`then`](Self::then) into `out` (same orbits), without allocating.
    pub(crate) fn then_into(&self, m: &Position, orbits: &[Orbit], out: &mut Position) {
        then_bytes(&self.0, &m.0, orbits, &mut out.0);
    }

    /// This position after `m`, in place (as [`then`](Self::then); each
    /// orbit copied to the stack first, so nothing is allocated).
    #[inline]
    pub(crate) fn then_in_place(&mut self, m: &Position, orbits: &[Orbit]) {
        let mut off = 0;
        for o in orbits {
            let n = o.pieces;
            let here = &mut self.0[off..off + 2 * n];
            let by = &m.0[off..off + 2 * n];
            // A small orbit's copy on a small buffer: no wide clearing.
            if 2 * n <= 64 {
                let mut old = [0u8; 64];
                old[..2 * n].copy_from_slice(here);
                compose(&old[..2 * n], by, o.orientations, here);
            } else {
                let mut old = [0u8; 2 * 255];
                old[..2 * n].copy_from_slice(here);
                compose(&old[..2 * n], by, o.orientations, here);
            }
            off += 2 * n;
        }
    }

    /// The inverse of a move (a permutation with orientations): `m` then
    /// its inverse is the identity.
    ///
    /// # Panics
    /// When `self` is not a move of `orbits` (its pieces no permutation).
    ///
    /// ```
    /// use puzzle_twisty::{Orbit, Position};
    /// let orbits = [Orbit { name: "C".into(), pieces: 3, orientations: 3 }];
    /// let id = Position::identity(&orbits);
    /// let m = id.clone().with_bytes(&[1, 2, 0, 2, 0, 1]).expect("six bytes");
    /// assert_eq!(m.then(&m.inverse(&orbits), &orbits), id);
    /// ```
    pub fn inverse(&self, orbits: &[Orbit]) -> Position {
        self.inverse_turned(orbits, true)
    }

    /// The permutation inverted, each turn carried to where its piece
    /// came from, negated where `negate` (the inverse of a position) or
    /// as it is (the inverse of a mirror image: `crate::algebra::mirror`).
    pub(crate) fn inverse_turned(&self, orbits: &[Orbit], negate: bool) -> Position {
        let mut out = self.clone();
        invert_bytes(&self.0, orbits, negate, &mut out.0);
        out
    }

    /// This position with its bytes replaced by `bytes` (as many), or
    /// `None` when the length differs. No other check: for tests and
    /// hand-made moves.
    ///
    /// ```
    /// use puzzle_twisty::{Orbit, Position};
    /// let orbits = [Orbit { name: "C".into(), pieces: 2, orientations: 1 }];
    /// assert!(Position::identity(&orbits).with_bytes(&[1, 0, 0]).is_none());
    /// ```
    pub fn with_bytes(mut self, bytes: &[u8]) -> Option<Position> {
        if bytes.len() != self.0.len() {
            return None;
        }
        self.0.copy_from_slice(bytes);
        Some(self)
    }
}

/// One orbit's `a` then `b` into `out` (each its labels then its
/// orientations, `modulo` orientations).
#[inline]
fn compose(a: &[u8], b: &[u8], modulo: u8, out: &mut [u8]) {
    let n = a.len() / 2;
    for j in 0..n {
        let from = usize::from(b[j]);
        out[j] = a[from];
        let t = a[n + from];
        out[n + j] = if t == WILD {
            WILD
        } else {
            let s = t + b[n + j];
            if s >= modulo { s - modulo } else { s }
        };
    }
}

/// `a` then `b` as positions' bytes of `orbits`, into `out` (as long):
/// [`Position::then`] on slices, for code that keeps positions in
/// buffers of its own.
#[inline]
pub(crate) fn then_bytes(a: &[u8], b: &[u8], orbits: &[Orbit], out: &mut [u8]) {
    let mut off = 0;
    for o in orbits {
        let n = o.pieces;
        let modulo = o.orientations;
        for j in 0..n {
            let from = usize::from(b[off + j]);
            out[off + j] = a[off + from];
            let t = a[off + n + from];
            out[off + n + j] = if t == WILD {
                WILD
            } else {
                let s = t + b[off + n + j];
                if s >= modulo { s - modulo } else { s }
            };
        }
        off += 2 * n;
    }
}

/// The permutation of the bytes `s` inverted into `out`, each turn
/// carried to where its piece came from, negated where `negate`:
/// [`Position::inverse_turned`] on slices.
#[inline]
pub(crate) fn invert_bytes(s: &[u8], orbits: &[Orbit], negate: bool, out: &mut [u8]) {
    let mut off = 0;
    for o in orbits {
        let n = o.pieces;
        for j in 0..n {
            let p = usize::from(s[off + j]);
            out[off + p] = j as u8;
            let t = s[off + n + j];
            out[off + n + p] = if t == 0 || !negate {
                t
            } else {
                o.orientations - t
            };
        }
        off += 2 * n;
    }
}
