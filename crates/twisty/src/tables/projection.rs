//! [`Projection`]: one table over several orbits at once, each orbit's
//! pieces relabelled by the blocks its places fall into under the moves'
//! squares: on the 3x3x3, the corners by tetrad and
//! the edges by slice, the corners' turns kept, which is H48's
//! coordinate (Tronto's nissy, `h0`), derived from the definition.
//!
//! *The blocks*: the orbits of the places under the group the squares
//! `m^2` of the moves generate. Any relabelling of the pieces is an
//! abstraction: a move puts on place `j` what was on `m.p[j]`, turned by
//! `m.o[j]`, so the new label on `j` is the old one on `m.p[j]` and a
//! kept turn the old one plus `m.o[j]`, whatever the pieces of one label
//! are; dropping an orbit's turns is one too (a place's new label never
//! depends on a turn). Every path of the puzzle maps to a path as long,
//! solved to the goal, so the distance in the projection never exceeds
//! the puzzle's. The squares' blocks are chosen because every symmetry
//! maps them onto blocks: a symmetry `r` maps each move `m` onto a move
//! (or the inverse of one), so `r^-1 m^2 r` is a square or its inverse,
//! and `r` maps the squares' group, and so its orbits, onto themselves.
//! Labels that symmetries map onto labels are what the index by class
//! needs (below).
//!
//! *The index*: one orbit, the *lead*, by the class of its value (labels
//! and turns) under every symmetry; the others (the *rest*) by their
//! values seen from the class's representative: with `r` the symmetry
//! taking the lead's value to its class's least (one fixed a value, the
//! `words`), the index of `g` is `class * rest + x`, `x` the rest's
//! values in `r^-1 g r`. Conjugating by a symmetry maps the projection's
//! graph onto itself and fixes the goal (the labels are blocks, the
//! solved state the identity), so `g` and `r^-1 g r` are as far from it,
//! and every index of a class is given its distance by the build: a
//! child's index is emitted with its equivalents, the indices of its
//! conjugates by the symmetries that fix its class's representative
//! (every symmetry taking a value to the representative is `t r` with
//! `t` among those). A conjugate is computed on a whole position that
//! shows the projected state (a *lift*: each block's pieces put on its
//! places in order): which lift does not matter, since a symmetry maps
//! blocks onto blocks, the labels of the conjugate do not depend on which
//! piece of a block sits where.

use std::cell::RefCell;

use puzzle_search_core::rank;

use crate::algebra::symmetry::Symmetries;
use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::model::position::{Position, then_bytes as compose};
use crate::tables::alike::colex_place;
use crate::tables::classing::{Lead, classify};
use crate::tables::group::{MAX_COORD, MAX_GROUP_ORBIT};
use crate::tables::space::IndexSpace;
use crate::tables::steps::Steps;

mod choice;
mod stepped;
#[cfg(test)]
mod tests;

/// The most blocks an orbit is split into for a projection (more would
/// leave the pieces nearly told apart: the tables over groups of pieces
/// serve those).
const MAX_BLOCKS: usize = 16;

/// One orbit of a [`Projection`]: its places' blocks, and its turns if
/// kept.
#[derive(Clone, Debug)]
struct Part {
    orbit: usize,
    offset: usize,
    n: usize,
    o: u8,
    /// Per piece (its label in the solved state, the identity): its
    /// block.
    block: Vec<u8>,
    /// Per block: how many places it has.
    counts: Vec<u8>,
    /// Per block: the weight of its digit (the radices after it; the last
    /// block's digit is always 0 and is not written).
    weight: Vec<u64>,
    /// Per block, its digit's radix (`C(places left, count)`).
    radix: Vec<u64>,
    placements: u64,
    /// Whether the turns are kept, and whether the last follows from the
    /// others (every move keeps their sum).
    oriented: bool,
    kept: bool,
    turns: u64,
    /// The blocks (a bit each) whose pieces' turns are kept where the
    /// orbit's are not all kept (0: none): the turns on those blocks'
    /// places, in place order, a digit each, folded into the labels'
    /// value ([`placements`](Self::placements) counts both), so that
    /// the value after a move stays a function of itself (which places
    /// hold those blocks' pieces is in the labels).
    block_turns: u16,
    /// `o` to the power of the places of `block_turns`' blocks.
    block_radix: u64,
    /// Per symmetry `r` (by index): the places `r.p[j]` of the orbit
    /// (`n` each), and the image of each block under `r^-1`
    /// ([`MAX_BLOCKS`] each), so that a conjugate's labels are ranked
    /// without making it ([`rank_conj`](Self::rank_conj)).
    conj_places: Vec<u8>,
    conj_blocks: Vec<u8>,
}

impl Part {
    /// Orbit `k` of `def` (`n` pieces, `o` turns, the places' `block`s),
    /// turns kept where `oriented`, else those of the blocks of
    /// `block_turns` (a bit a block; 0: none).
    fn new(
        def: &Definition,
        k: usize,
        block: Vec<u8>,
        kept: bool,
        oriented: bool,
        block_turns: u16,
    ) -> Option<Part> {
        let orbit = &def.orbits()[k];
        let (n, o) = (orbit.pieces, orbit.orientations);
        let blocks = usize::from(*block.iter().max()?) + 1;
        if n > MAX_GROUP_ORBIT || blocks > MAX_BLOCKS {
            return None;
        }
        let mut counts = vec![0u8; blocks];
        for &b in &block {
            counts[usize::from(b)] += 1;
        }
        let mut radix = vec![1u64; blocks];
        let mut left = n;
        for b in 0..blocks {
            radix[b] = rank::binomial(left, usize::from(counts[b]))?;
            left -= usize::from(counts[b]);
        }
        let mut weight = vec![1u64; blocks];
        for b in (0..blocks.saturating_sub(1)).rev() {
            weight[b] = weight[b + 1].checked_mul(radix[b + 1])?;
        }
        let oriented = oriented && o > 1;
        let block_turns = if oriented || o < 2 { 0 } else { block_turns };
        let kept_places: u32 = (0..blocks)
            .filter(|&b| block_turns >> b & 1 == 1)
            .map(|b| u32::from(counts[b]))
            .sum();
        let block_radix = u64::from(o).checked_pow(kept_places)?;
        let placements = weight[0].checked_mul(radix[0])?.checked_mul(block_radix)?;
        let turns = if oriented {
            u64::from(o).checked_pow(if kept { n - 1 } else { n } as u32)?
        } else {
            1
        };
        placements.checked_mul(turns)?;
        Some(Part {
            orbit: k,
            offset: def.offset(k),
            n,
            o,
            block,
            counts,
            weight,
            radix,
            placements,
            oriented,
            kept,
            turns,
            block_turns,
            block_radix,
            conj_places: Vec::new(),
            conj_blocks: Vec::new(),
        })
    }

    /// Fills [`conj_places`](Self::conj_places) and
    /// [`conj_blocks`](Self::conj_blocks) for `symmetries` (each maps
    /// blocks onto blocks: checked by `blocks_kept` first).
    fn conjugations(&mut self, symmetries: &Symmetries) {
        let (off, n) = (self.offset, self.n);
        for i in 0..symmetries.len() {
            let r = &symmetries.get(i).as_slice()[off..off + n];
            self.conj_places.extend_from_slice(r);
            let mut image = [0u8; MAX_BLOCKS];
            for (y, &x) in r.iter().enumerate() {
                // `r^-1` takes piece `x = r.p[y]` to `y`.
                image[usize::from(self.block[usize::from(x)])] = self.block[y];
            }
            self.conj_blocks.extend_from_slice(&image);
        }
    }

    /// The value of this orbit (its turns not kept) in `r^-1 s r`, `r`
    /// symmetry `i`, read from `s` without making the conjugate: its
    /// place `j` holds `r^-1` of the piece on `s`'s place `r.p[j]`, whose
    /// block is the image of that piece's block.
    #[inline]
    fn rank_conj(&self, s: &[u8], i: usize) -> u64 {
        let (off, n) = (self.offset, self.n);
        let places = &self.conj_places[i * n..][..n];
        let image = &self.conj_blocks[i * MAX_BLOCKS..][..MAX_BLOCKS];
        let mut masks = [0u64; MAX_BLOCKS];
        for (j, &at) in places.iter().enumerate() {
            let b = self.block[usize::from(s[off + usize::from(at)])];
            masks[usize::from(image[usize::from(b)])] |= 1u64 << j;
        }
        self.rank_masks(&masks)
    }

    /// Each block's places (a bit a place) where `pieces` are the
    /// orbit's pieces by place.
    #[inline]
    fn place_masks(&self, pieces: &[u8]) -> [u64; MAX_BLOCKS] {
        let mut masks = [0u64; MAX_BLOCKS];
        let blocks = self.counts.len();
        if pieces.len() <= 16 && blocks <= 4 {
            // Every block in one word, 16 bits each: no place waits on
            // the store of the one before, as a block's mask in memory
            // does where two places in a row hold one block (a tenth of
            // the 3x3x3's solve was this loop).
            let mut all = 0u64;
            for (j, &x) in pieces.iter().enumerate() {
                all |= 1u64 << (16 * u32::from(self.block[usize::from(x)]) + j as u32);
            }
            for (b, m) in masks[..blocks].iter_mut().enumerate() {
                *m = all >> (16 * b) & 0xffff;
            }
        } else {
            for (j, &x) in pieces.iter().enumerate() {
                masks[usize::from(self.block[usize::from(x)])] |= 1u64 << j;
            }
        }
        masks
    }

    /// The labels' value of the blocks' places `masks`.
    #[inline]
    fn rank_masks(&self, masks: &[u64; MAX_BLOCKS]) -> u64 {
        let mut taken = 0u64;
        let mut p = 0u64;
        let last = self.counts.len() - 1;
        for (b, &w) in self.weight[..last].iter().enumerate() {
            p += rank::colex_among(masks[b], taken) * w;
            taken |= masks[b];
        }
        p
    }

    /// Whether any of its turns are kept (its conjugate then made whole
    /// or stepped, not ranked from the position's labels:
    /// [`rank_conj`](Self::rank_conj)).
    fn turned(&self) -> bool {
        self.oriented || self.block_turns != 0
    }

    /// How many values (labels by place, times turns).
    fn radix(&self) -> u64 {
        self.placements * self.turns
    }

    /// The value of this orbit in the whole position `s`.
    #[inline]
    fn rank(&self, s: &[u8]) -> u64 {
        let (l, t) = self.rank_apart(s);
        l * self.turns + t
    }

    /// [`rank`](Self::rank)'s labels and turns apart (turns 0 where
    /// they are not kept): the rows of [`Steps`]' tables.
    #[inline]
    fn rank_apart(&self, s: &[u8]) -> (u64, u64) {
        let (off, n) = (self.offset, self.n);
        let masks = self.place_masks(&s[off..off + n]);
        let p = self.rank_masks(&masks);
        if self.block_turns != 0 {
            // The kept blocks' places in place order.
            let mut kept = (0..self.counts.len())
                .filter(|&b| self.block_turns >> b & 1 == 1)
                .fold(0u64, |m, b| m | masks[b]);
            let turns = &s[off + n..off + 2 * n];
            let mut t = 0u64;
            while kept != 0 {
                let j = kept.trailing_zeros() as usize;
                kept &= kept - 1;
                t = t * u64::from(self.o) + u64::from(turns[j]);
            }
            return (p * self.block_radix + t, 0);
        }
        if !self.oriented {
            return (p, 0);
        }
        let t = rank::orientation_rank(&s[off + n..off + 2 * n], self.o, self.kept);
        (p, t)
    }

    /// Writes a whole position's bytes for this orbit showing value `x`
    /// ([`rank`](Self::rank)'s inverse): each block's pieces on its
    /// places in order.
    fn lift(&self, x: u64, out: &mut [u8]) {
        let (off, n) = (self.offset, self.n);
        let blocks = self.counts.len();
        let mut p = x / self.turns;
        let mut block_digits = p % self.block_radix;
        p /= self.block_radix;
        let mut digits = [0u64; MAX_BLOCKS];
        for b in (0..blocks).rev() {
            digits[b] = p % self.radix[b];
            p /= self.radix[b];
        }
        const FREE: u8 = u8::MAX;
        let mut sym = [FREE; MAX_GROUP_ORBIT];
        for (b, &digit) in digits[..blocks].iter().enumerate() {
            colex_place(&mut sym[..n], FREE, b as u8, self.counts[b], digit);
        }
        // Each block's pieces in order onto its places in order.
        let mut next = [0usize; MAX_BLOCKS];
        for j in 0..n {
            let b = sym[j];
            let piece = (next[usize::from(b)]..n)
                .find(|&q| self.block[q] == b)
                .unwrap_or(0);
            next[usize::from(b)] = piece + 1;
            out[off + j] = piece as u8;
        }
        let turns = &mut out[off + n..off + 2 * n];
        if self.oriented {
            rank::orientation_unrank(x % self.turns, self.o, self.kept, turns);
        } else {
            turns.fill(0);
            // The kept blocks' turns, the last place the lowest digit.
            for j in (0..n).rev() {
                if self.block_turns >> sym[j] & 1 == 1 {
                    turns[j] = (block_digits % u64::from(self.o)) as u8;
                    block_digits /= u64::from(self.o);
                }
            }
        }
    }
}

/// A projection of a puzzle and its index by class (see the module's
/// docs).
#[derive(Debug)]
pub(crate) struct Projection {
    /// The lead first, then the rest in orbit order.
    parts: Vec<Part>,
    symmetries: Symmetries,
    /// The identity's index among the symmetries.
    identity: usize,
    /// Per lead value: its class (high bits) and the symmetry taking it
    /// to the class's representative (low 8 bits).
    words: Vec<u32>,
    /// Per class: its representative's lead value.
    reps: Vec<u32>,
    /// Per class: where its representative's other symmetries start in
    /// `stab` (one more entry at the end).
    stab_at: Vec<u32>,
    /// The symmetries other than the identity that fix a class's
    /// representative.
    stab: Vec<u8>,
    /// The rest's values (the product of their radices).
    rest: u64,
    /// Whether a rest orbit keeps its turns (its conjugate is then made
    /// whole, not ranked from the position: [`Part::rank_conj`]).
    rest_turned: bool,
    /// The solved position (the identity): every lift starts from it.
    solved: Vec<u8>,
    /// The moves, as positions.
    moves: Vec<Position>,
    orbits: Vec<crate::model::position::Orbit>,
    /// The tables that step a child's index from its parent's values,
    /// where they fit.
    steps: Option<Steps>,
    /// The symmetries (indices into the puzzle's, not `symmetries`) to
    /// read the table at, the identity first: one where the index is by
    /// all of them, else one a set of blocks whose turns are kept
    /// ([`views`]).
    views: Vec<usize>,
}

thread_local! {
    /// A thread's positions for lifts and conjugates (no allocation an
    /// index once grown).
    static BUF: RefCell<[Vec<u8>; 4]> =
        const { RefCell::new([Vec::new(), Vec::new(), Vec::new(), Vec::new()]) };
}

impl Projection {
    /// The projection of `def` under `moves` by the squares' blocks, each
    /// orbit's turns kept where that leaves at most `max` indices (the
    /// most turns kept within it), or `None` where none is worth a table:
    /// the solved state not the identity, an orbit moved whose pieces are
    /// not told apart (those have their own tables), no orbit of two
    /// blocks or more with a block of two places or more, or no lead of
    /// at most [`MAX_COORD`] values. The symmetries are `symmetries`, all
    /// of them (each maps the blocks onto blocks: see the module's docs;
    /// checked here).
    #[cfg(test)]
    pub(crate) fn new(
        def: &Definition,
        moves: &Moves,
        symmetries: &Symmetries,
        max: u64,
    ) -> Option<Projection> {
        let mut p = Self::several(def, moves, symmetries, 0, max, 1).pop()?;
        p.steps = p.make_steps();
        Some(p)
    }

    /// The projection of `parts` (the lead chosen among them), its
    /// classes counted.
    fn with_parts(
        def: &Definition,
        moves: &Moves,
        symmetries: &Symmetries,
        mut parts: Vec<Part>,
    ) -> Option<Projection> {
        let lead = (0..parts.len())
            .filter(|&i| parts[i].radix() <= MAX_COORD)
            .max_by_key(|&i| (parts[i].radix(), std::cmp::Reverse(i)))?;
        let first = parts.remove(lead);
        parts.insert(0, first);
        let identity = (0..symmetries.len())
            .find(|&i| symmetries.get(i) == &Position::identity(def.orbits()))?;
        let rest = parts[1..]
            .iter()
            .try_fold(1u64, |a, p| a.checked_mul(p.radix()))?;
        // A turned orbit's conjugate must not depend on which piece of
        // a block sits where: each symmetry's inverse turns the pieces of
        // a block alike (its turn on place `j` adds the inverse's turn of
        // the piece there).
        let alike = parts.iter().filter(|p| p.turned()).all(|p| {
            (0..symmetries.len()).all(|i| {
                let inv = &symmetries.inverse_of(i).as_slice()[p.offset + p.n..][..p.n];
                (0..p.n).all(|b| {
                    let first = (0..p.n).find(|&q| p.block[q] == p.block[b]).unwrap_or(b);
                    inv[b] == inv[first]
                })
            })
        });
        if !alike {
            return None;
        }
        let rest_turned = parts[1..].iter().any(Part::turned);
        for p in &mut parts[1..] {
            p.conjugations(symmetries);
        }
        let mut proj = Projection {
            rest_turned,
            parts,
            symmetries: symmetries.clone(),
            identity,
            words: Vec::new(),
            reps: Vec::new(),
            stab_at: Vec::new(),
            stab: Vec::new(),
            rest,
            solved: def.solved().as_slice().to_vec(),
            moves: (0..moves.len()).map(|m| moves.get(m).clone()).collect(),
            orbits: def.orbits().to_vec(),
            steps: None,
            views: vec![0],
        };
        proj.classify();
        proj.size_checked()?;
        Some(proj)
    }

    /// The lead's classes: the values in order, each not yet classed the
    /// least of a new class (its representative), its conjugates by every
    /// symmetry classed with it; each conjugate `c = r^-1 v r` reaches the
    /// representative by `r`'s inverse (checked on `c`; where it fails,
    /// the symmetries are tried in turn).
    fn classify(&mut self) {
        /// The lead's values as the classes' walk sees them: each lifted
        /// to a whole position, conjugated whole, ranked.
        struct Values<'a> {
            proj: &'a Projection,
            inverses: Vec<usize>,
            g: Vec<u8>,
            c: Vec<u8>,
            d: Vec<u8>,
        }
        impl Lead for Values<'_> {
            fn load(&mut self, v: u64) {
                self.proj.parts[0].lift(v, &mut self.g);
            }
            fn conjugate(&mut self, i: usize) -> u64 {
                self.proj.symmetries.conjugate_into(i, &self.g, &mut self.c);
                self.proj.parts[0].rank(&self.c)
            }
            /// `i`'s inverse where it takes the conjugate back (checked),
            /// else the first symmetry that does.
            fn back(&mut self, i: usize, _: u64, v: u64) -> usize {
                let Values { proj, c, d, .. } = self;
                let mut back = |j: usize| {
                    proj.symmetries.conjugate_into(j, c, d);
                    proj.parts[0].rank(d) == v
                };
                match self.inverses[i] {
                    j if back(j) => j,
                    _ => (0..proj.symmetries.len())
                        .find(|&j| back(j))
                        .unwrap_or(proj.identity),
                }
            }
        }
        let len = self.solved.len();
        let mut lead = Values {
            proj: self,
            inverses: self.inverses(),
            g: self.solved.clone(),
            c: vec![0u8; len],
            d: vec![0u8; len],
        };
        let values = self.parts[0].radix();
        let classed = classify(&mut lead, values, self.symmetries.len(), self.identity, 8);
        self.words = classed.words;
        self.reps = classed.reps;
        self.stab_at = classed.stab_at;
        self.stab = classed.stab;
    }

    /// Each symmetry's inverse, as found on a position of many moves
    /// (the one `j` whose conjugation undoes `i`'s there; the identity
    /// where none or several do, which [`classify`](Self::classify)'s
    /// check then catches).
    fn inverses(&self) -> Vec<usize> {
        let len = self.solved.len();
        // A walk of moves in a scattered order (all moves in order would
        // cancel on a cube: X X2 X' is nothing).
        let mut g = self.solved.clone();
        let mut t = vec![0u8; len];
        let count = self.moves.len().max(1);
        for i in 0..64usize {
            let m = &self.moves[(i * i + 3 * i) % count];
            compose(&g, m.as_slice(), &self.orbits, &mut t);
            std::mem::swap(&mut g, &mut t);
        }
        let syms = self.symmetries.len();
        let (mut c, mut d) = (vec![0u8; len], vec![0u8; len]);
        (0..syms)
            .map(|i| {
                self.symmetries.conjugate_into(i, &g, &mut c);
                let undo: Vec<usize> = (0..syms)
                    .filter(|&j| {
                        self.symmetries.conjugate_into(j, &c, &mut d);
                        d == g
                    })
                    .collect();
                match undo.as_slice() {
                    [j] => *j,
                    _ => self.identity,
                }
            })
            .collect()
    }

    /// `Some(())` where the indices fit a `u64` and the class numbers
    /// their 24 bits.
    fn size_checked(&self) -> Option<()> {
        (self.reps.len() < 1 << 24).then_some(())?;
        (self.reps.len() as u64).checked_mul(self.rest).map(|_| ())
    }

    /// How many indices.
    pub(crate) fn size(&self) -> u64 {
        self.reps.len() as u64 * self.rest
    }

    /// What the projection keeps, for the table's name: per orbit its
    /// blocks' sizes and whether its turns are kept.
    pub(crate) fn label(&self, def: &Definition) -> String {
        let mut parts: Vec<&Part> = self.parts.iter().collect();
        parts.sort_by_key(|p| p.orbit);
        let each: Vec<String> = parts
            .iter()
            .map(|p| {
                let sizes: Vec<String> = p.counts.iter().map(|c| c.to_string()).collect();
                let turned = if p.oriented {
                    " turned".to_string()
                } else if p.block_turns != 0 {
                    let blocks: Vec<String> = (0..p.counts.len())
                        .filter(|&b| p.block_turns >> b & 1 == 1)
                        .map(|b| (b + 1).to_string())
                        .collect();
                    format!(" turned on block {}", blocks.join("+"))
                } else {
                    String::new()
                };
                format!(
                    "{} in blocks {}{turned}",
                    def.orbits()[p.orbit].name,
                    sizes.join("+"),
                )
            })
            .collect();
        format!(
            "projection {} by {} symmetries",
            each.join(", "),
            self.symmetries.len()
        )
    }

    /// The index of the whole position `s` (a position's bytes), using
    /// `buf` (as long) for its conjugate: made whole where a rest orbit
    /// keeps its turns, else each rest orbit read from `s` by
    /// [`Part::rank_conj`]. The search steps its children's indices
    /// ([`child_indices`](Self::child_indices)) or makes them in passes
    /// ([`made_indices`](Self::made_indices)); this is the reference
    /// they are tested against, and the per-state bound's read.
    #[inline]
    pub(crate) fn index(&self, s: &[u8], buf: &mut [u8]) -> u64 {
        let v = self.parts[0].rank(s);
        let w = self.words[v as usize];
        let sym = (w & 0xff) as usize;
        if !self.rest_turned {
            return self.parts[1..].iter().fold(u64::from(w >> 8), |x, p| {
                x * p.radix() + p.rank_conj(s, sym)
            });
        }
        let h = if sym == self.identity {
            s
        } else {
            self.symmetries.conjugate_into(sym, s, buf);
            &*buf
        };
        self.rest_of(u64::from(w >> 8), h)
    }

    /// The index of class `class` with the rest's values read from `h`.
    #[inline]
    fn rest_of(&self, class: u64, h: &[u8]) -> u64 {
        self.parts[1..]
            .iter()
            .fold(class, |x, p| x * p.radix() + p.rank(h))
    }

    /// A whole position showing index `i` (its lead at the class's
    /// representative) into `out`.
    fn lift(&self, mut i: u64, out: &mut [u8]) {
        out.copy_from_slice(&self.solved);
        for p in self.parts[1..].iter().rev() {
            p.lift(i % p.radix(), out);
            i /= p.radix();
        }
        self.parts[0].lift(u64::from(self.reps[i as usize]), out);
    }

    /// The index of `s` and those of its equivalents (its conjugates by
    /// the symmetries that fix its class's representative), each to `f`.
    fn indices(&self, s: &[u8], h: &mut [u8], t: &mut [u8], f: &mut impl FnMut(u64)) {
        let v = self.parts[0].rank(s);
        let w = self.words[v as usize];
        let (class, sym) = (w >> 8, (w & 0xff) as usize);
        self.symmetries.conjugate_into(sym, s, h);
        let class = class as usize;
        f(self.rest_of(class as u64, h));
        let (a, b) = (
            self.stab_at[class] as usize,
            self.stab_at[class + 1] as usize,
        );
        for &k in &self.stab[a..b] {
            self.symmetries.conjugate_into(usize::from(k), h, t);
            f(self.rest_of(class as u64, t));
        }
    }

    /// The bytes its index takes beside the table (the lead's words, the
    /// step tables).
    pub(crate) fn bytes(&self) -> u64 {
        let steps = self.steps.as_ref().map_or(0, Steps::bytes);
        4 * self.words.len() as u64 + 4 * self.reps.len() as u64 + self.stab.len() as u64 + steps
    }

    /// The symmetries (the puzzle's indices) its table is read at, the
    /// identity first.
    pub(crate) fn views(&self) -> &[usize] {
        &self.views
    }

    /// A position's bytes.
    pub(crate) fn len(&self) -> usize {
        self.solved.len()
    }

    /// The puzzle's orbits (for [`compose`] and [`invert`]).
    pub(crate) fn orbits(&self) -> &[crate::model::position::Orbit] {
        &self.orbits
    }
}

/// A [`Projection`]'s indices as its table's build walks them.
impl IndexSpace for Projection {
    fn size(&self) -> u64 {
        Projection::size(self)
    }

    fn goals(&self, out: &mut Vec<u64>) {
        let p = self;
        let len = p.len();
        let (mut h, mut t) = (vec![0u8; len], vec![0u8; len]);
        p.indices(&p.solved, &mut h, &mut t, &mut |i| out.push(i));
    }

    fn neighbours(&self, index: u64, out: &mut Vec<(u64, bool)>) {
        let p = self;
        if let Some(st) = &p.steps {
            p.step_neighbours(st, index, out);
            return;
        }
        let len = p.len();
        BUF.with_borrow_mut(|[g, c, h, t]| {
            for b in [&mut *g, &mut *c, &mut *h, &mut *t] {
                b.resize(len, 0);
            }
            p.lift(index, g);
            for m in &p.moves {
                compose(g, m.as_slice(), &p.orbits, c);
                p.indices(c, h, t, &mut |i| out.push((i, true)));
            }
        });
    }
}
