//! [`Projection`]: one table over several orbits at once, each orbit's
//! pieces relabelled by the blocks its places fall into under the moves'
//! squares (issue 44, item 3): on the 3x3x3, the corners by tetrad and
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

use puzzle_search_core::pdb::Abstraction;
use puzzle_search_core::rank;

use crate::tables::alike::{binomials, colex_digit, colex_place};
use crate::model::definition::Definition;
use crate::tables::group::{MAX_COORD, MAX_GROUP_ORBIT};
use crate::model::moves::Moves;
use crate::tables::narrow::Narrow;
use crate::model::position::{Position, then_bytes as compose};
use crate::algebra::symmetry::Symmetries;

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
    /// Per symmetry `r` (by index): the places `r.p[j]` of the orbit
    /// (`n` each), and the image of each block under `r^-1`
    /// ([`MAX_BLOCKS`] each), so that a conjugate's labels are ranked
    /// without making it ([`rank_conj`](Self::rank_conj)).
    conj_places: Vec<u8>,
    conj_blocks: Vec<u8>,
}

impl Part {
    /// Orbit `k` of `def` (`n` pieces, `o` turns, the places' `block`s),
    /// turns kept where `oriented`.
    fn new(def: &Definition, k: usize, block: Vec<u8>, kept: bool, oriented: bool) -> Option<Part> {
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
        let placements = weight[0].checked_mul(radix[0])?;
        let oriented = oriented && o > 1;
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

    /// The labels' value of the blocks' places `masks`.
    #[inline]
    fn rank_masks(&self, masks: &[u64; MAX_BLOCKS]) -> u64 {
        let binom = binomials();
        let mut taken = 0u64;
        let mut p = 0u64;
        let last = self.counts.len() - 1;
        for (b, &w) in self.weight[..last].iter().enumerate() {
            p += colex_digit(masks[b], taken, binom) * w;
            taken |= masks[b];
        }
        p
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
        let mut masks = [0u64; MAX_BLOCKS];
        for j in 0..n {
            masks[usize::from(self.block[usize::from(s[off + j])])] |= 1u64 << j;
        }
        let p = self.rank_masks(&masks);
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
}

/// The most entries one of [`Steps`]' tables has (64 MB of `u32`s).
const STEP_ENTRIES: u64 = 1 << 24;

/// The most orbits a projection stepped by [`Steps`] has.
const MAX_STEPPED: usize = 8;

/// A position's rows in [`Steps`]' tables, per orbit (lead first): its
/// labels' and its turns' rows, ranked once for the position's own index
/// and its children's.
pub(crate) struct Rows([(usize, usize); MAX_STEPPED]);

/// The most children [`Projection::child_indices`] steps in one pass.
const WIDE: usize = 32;

/// Tables that step a projection's index by a move (issue 44, item 1):
/// each orbit's labels and turns after each move, apart, and each rest
/// orbit's value in each symmetry's conjugate, so that a child's index
/// takes a few look-ups an orbit and the class word, not a child made
/// and ranked. Labels and turns apart because each is a function of
/// itself alone under a move (a place's new label is the old one on
/// `m.p[j]`, its new turn the old one there plus `m.o[j]`), and the
/// tables are small: the 3x3x3's lead (70 tetrad arrangements, 2,187
/// turns) takes 81 KB by 18 moves where its 153,090 values took 11 MB.
/// Entries are two bytes where every value fits (the edges' 34,650
/// arrangements: 1.2 MB by move, 3.3 MB by 48 symmetries): 4.7 MB in
/// all where whole values in four bytes took 20 MB (the same speed,
/// measured; 15 MB less memory).
#[derive(Debug)]
struct Steps {
    /// Per orbit (lead first): `labels * moves + move` -> labels.
    labels: Vec<Narrow>,
    /// Per orbit: `turns * moves + move` -> turns (empty where its
    /// turns are not kept).
    turns: Vec<Narrow>,
    /// Per orbit (the lead's empty): `value * symmetries + symmetry` ->
    /// the value in that conjugate; for an orbit of two turns kept (split,
    /// below) indexed by its labels alone, the value of its labels with
    /// turns 0.
    conj: Vec<Narrow>,
    /// Per orbit whose turns are kept and two (`None` for the others):
    /// `turns * symmetries + symmetry` -> what the turns add to the
    /// conjugate's turns. A conjugate's turn on place `j` is `M(c[b] +
    /// t[a]) + r.o[j]` (`a = r.p[j]`, `b` the label on `a`, `c` the
    /// inverse's turns by block, constant on a block: checked, `M` the
    /// mirror's negation), linear over two turns: so the conjugate's
    /// turns are those of its labels with turns 0 XOR those of turns `t`
    /// with labels 0 less those of both 0; its ranks are binary digits,
    /// so the ranks XOR too. The edges' 71M values by 48 symmetries would
    /// be 3.4e9 entries; labels and turns apart, 1.7M and 98K.
    conj_turns: Vec<Option<Narrow>>,
}

impl Steps {
    /// Orbit `k`'s value `l * turns + t` (labels `l`, turns `t`) in
    /// conjugate `sym` of `syms`.
    #[inline]
    fn conj_of(&self, k: usize, l: usize, t: usize, turns: u64, syms: usize, sym: usize) -> usize {
        match &self.conj_turns[k] {
            Some(ct) => self.conj[k].get(l * syms + sym) ^ ct.get(t * syms + sym),
            None => self.conj[k].get((l * turns as usize + t) * syms + sym),
        }
    }

    /// Orbit `k`'s labels and turns after move `m` from its
    /// [`rows`](Self::rows).
    #[inline]
    fn after_apart(&self, k: usize, turns: u64, rows: (usize, usize), m: usize) -> (usize, usize) {
        let l = self.labels[k].get(rows.0 + m);
        let t = if turns > 1 {
            self.turns[k].get(rows.1 + m)
        } else {
            0
        };
        (l, t)
    }

    /// Where orbit value `v` (of `turns` turn values) starts its rows in
    /// [`labels`](Self::labels) and [`turns`](Self::turns), by `moves`.
    #[inline]
    fn rows(v: u64, turns: u64, moves: usize) -> (usize, usize) {
        ((v / turns) as usize * moves, (v % turns) as usize * moves)
    }

    /// Orbit `k`'s value after move `m` from its [`rows`](Self::rows).
    #[inline]
    fn after(&self, k: usize, turns: u64, rows: (usize, usize), m: usize) -> u64 {
        let l = self.labels[k].get(rows.0 + m) as u64;
        if turns > 1 {
            l * turns + self.turns[k].get(rows.1 + m) as u64
        } else {
            l
        }
    }

    /// The bytes of every table.
    /// Its tables as a file holds them: each orbit's labels, turns,
    /// conjugates and conjugates' turns (`None`: not split), in turn.
    fn tables(&self) -> Vec<Option<&Narrow>> {
        (0..self.labels.len())
            .flat_map(|k| {
                [
                    Some(&self.labels[k]),
                    Some(&self.turns[k]),
                    Some(&self.conj[k]),
                    self.conj_turns[k].as_ref(),
                ]
            })
            .collect()
    }

    fn bytes(&self) -> u64 {
        self.labels
            .iter()
            .chain(&self.turns)
            .chain(&self.conj)
            .chain(self.conj_turns.iter().flatten())
            .map(Narrow::bytes)
            .sum()
    }
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

    /// Up to `count` projections of `def` (each a choice of the turns
    /// kept, as [`new`](Self::new) chooses one), those of the most
    /// indices from `min` to `max`, the most first, without their step
    /// tables ([`attach_steps`](Self::attach_steps)); empty where none is
    /// worth a table (as `new`).
    pub(crate) fn several(
        def: &Definition,
        moves: &Moves,
        symmetries: &Symmetries,
        min: u64,
        max: u64,
        count: usize,
    ) -> Vec<Projection> {
        Self::choices(def, moves, symmetries, max)
            .map(|choices| {
                choices
                    .into_iter()
                    .filter_map(|(_, parts)| Self::with_parts(def, moves, symmetries, parts))
                    .filter(|p| (min..=max).contains(&p.size()))
                    .take(count)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The choices of turns kept whose estimated indices are within
    /// `max`, the most first; `None` where no projection is worth one.
    #[allow(clippy::type_complexity)]
    fn choices(
        def: &Definition,
        moves: &Moves,
        symmetries: &Symmetries,
        max: u64,
    ) -> Option<Vec<(u64, Vec<Part>)>> {
        if def.solved() != &Position::identity(def.orbits()) || symmetries.len() > 256 {
            return None;
        }
        let moving = crate::algebra::shape::moving_orbits(def, moves);
        let mut orbits = Vec::new();
        for &k in &moving {
            let shape = crate::algebra::shape::of(def, moves, k)?;
            orbits.push((k, squares_blocks(def, moves, k), shape.kept));
        }
        // A relabelling proper somewhere: an orbit of two blocks or more,
        // one of two places or more (one block is the turns alone, single
        // places the pieces told apart: the orbits' tables serve those).
        let relabels = |b: &[u8]| {
            b.iter().any(|&x| x != b[0]) && b.iter().enumerate().any(|(j, &x)| b[..j].contains(&x))
        };
        if !orbits.iter().any(|(_, b, _)| relabels(b)) {
            return None;
        }
        if !blocks_kept(def, symmetries, &orbits) {
            return None;
        }
        // Which orbits keep their turns: of the choices within `max`
        // (counted as values over the symmetries), the most values.
        let oriented: Vec<usize> = (0..orbits.len())
            .filter(|&i| def.orbits()[orbits[i].0].orientations > 1)
            .collect();
        if oriented.len() > 8 {
            return None;
        }
        let syms = symmetries.len() as u64;
        let mut choices: Vec<(u64, Vec<Part>)> = Vec::new();
        for mask in 0u32..1 << oriented.len() {
            let parts: Option<Vec<Part>> = orbits
                .iter()
                .enumerate()
                .map(|(i, (k, block, kept))| {
                    let on = oriented
                        .iter()
                        .position(|&x| x == i)
                        .is_some_and(|bit| mask & 1 << bit != 0);
                    Part::new(def, *k, block.clone(), *kept, on)
                })
                .collect();
            let Some(parts) = parts else { continue };
            let Some(size) = parts.iter().try_fold(1u64, |a, p| a.checked_mul(p.radix())) else {
                continue;
            };
            // The symmetries shrink the lead's values only: the lead's
            // classes (at least its values over the symmetries) times the
            // rest's values.
            let Some(lead) = parts
                .iter()
                .map(Part::radix)
                .filter(|&r| r <= MAX_COORD)
                .max()
            else {
                continue;
            };
            let about = (size / lead).saturating_mul(lead.div_ceil(syms));
            if about <= max {
                choices.push((about, parts));
            }
        }
        // The most indices first; the estimate is at most the size (a
        // class holds at most a value per symmetry), so a choice is
        // checked once its classes are counted.
        choices.sort_by_key(|(about, _)| std::cmp::Reverse(*about));
        Some(choices)
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
        let alike = parts.iter().filter(|p| p.oriented).all(|p| {
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
        let rest_turned = parts[1..].iter().any(|p| p.oriented);
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
        };
        proj.classify();
        proj.size_checked()?;
        Some(proj)
    }

    /// The move and conjugation tables of [`Steps`], where each fits in
    /// [`STEP_ENTRIES`] and the orbits are at most [`MAX_STEPPED`]. An
    /// orbit's value after a move, or in a conjugate, depends on that
    /// orbit's bytes alone (a move and a conjugation act on each orbit
    /// apart), so each value is lifted with the other orbits solved.
    fn make_steps(&self) -> Option<Steps> {
        let (moves, syms) = (self.moves.len(), self.symmetries.len());
        let fits = |n: u64, k: usize| n.checked_mul(k as u64).is_some_and(|e| e <= STEP_ENTRIES);
        // A rest orbit's conjugates by its labels and turns apart where
        // it has two turns (linear: `Steps::conj_turns`), else by value.
        let split = |p: &Part| p.oriented && p.o == 2;
        if self.parts.len() > MAX_STEPPED
            || !self
                .parts
                .iter()
                .all(|p| fits(p.placements, moves) && fits(p.turns, moves))
            || !self.parts[1..].iter().all(|p| {
                if split(p) {
                    fits(p.placements, syms) && fits(p.turns, syms) && p.radix() <= 1 << 32
                } else {
                    fits(p.radix(), syms)
                }
            })
        {
            return None;
        }
        let (mut g, mut c) = (self.solved.clone(), vec![0u8; self.solved.len()]);
        let mut steps = Steps {
            labels: Vec::with_capacity(self.parts.len()),
            turns: Vec::with_capacity(self.parts.len()),
            conj: Vec::with_capacity(self.parts.len()),
            conj_turns: Vec::with_capacity(self.parts.len()),
        };
        for (i, p) in self.parts.iter().enumerate() {
            let t = p.turns;
            // The labels lifted with turns 0, the turns with labels 0:
            // each after a move is a function of itself.
            let mut labels = Vec::with_capacity(p.placements as usize * moves);
            for l in 0..p.placements {
                p.lift(l * t, &mut g);
                for m in &self.moves {
                    compose(&g, m.as_slice(), &self.orbits, &mut c);
                    labels.push((p.rank(&c) / t) as u32);
                }
            }
            let mut turns = Vec::new();
            if t > 1 {
                turns.reserve(t as usize * moves);
                for x in 0..t {
                    p.lift(x, &mut g);
                    for m in &self.moves {
                        compose(&g, m.as_slice(), &self.orbits, &mut c);
                        turns.push((p.rank(&c) % t) as u32);
                    }
                }
            }
            let mut conj = Vec::new();
            let mut conj_turns = None;
            if i > 0 && split(p) {
                // The labels' conjugates with turns 0, and what turns `x`
                // add with labels 0 (XOR those of both 0).
                conj.reserve(p.placements as usize * syms);
                for l in 0..p.placements {
                    p.lift(l * t, &mut g);
                    for k in 0..syms {
                        self.symmetries.conjugate_into(k, &g, &mut c);
                        conj.push(p.rank(&c) as u32);
                    }
                }
                let mut zero = Vec::with_capacity(syms);
                let mut add = Vec::with_capacity(t as usize * syms);
                for x in 0..t {
                    p.lift(x, &mut g);
                    for k in 0..syms {
                        self.symmetries.conjugate_into(k, &g, &mut c);
                        let v = (p.rank(&c) % t) as u32;
                        if x == 0 {
                            zero.push(v);
                        }
                        add.push(v ^ zero[k]);
                    }
                }
                conj_turns = Some(Narrow::new(add, t));
            } else if i > 0 {
                conj.reserve(p.radix() as usize * syms);
                for x in 0..p.radix() {
                    p.lift(x, &mut g);
                    for k in 0..syms {
                        self.symmetries.conjugate_into(k, &g, &mut c);
                        conj.push(p.rank(&c) as u32);
                    }
                }
            }
            steps.labels.push(Narrow::new(labels, p.placements));
            steps.turns.push(Narrow::new(turns, t));
            steps.conj.push(Narrow::new(conj, p.radix()));
            steps.conj_turns.push(conj_turns);
        }
        self.steps_agree(&steps, 4096).then_some(steps)
    }

    /// Whether `steps` give, on about `samples` values spread over each
    /// orbit's range, the conjugates made whole: on tables just made, the
    /// split's linearity checked (its proof at `Steps::conj_turns`); on
    /// tables read from the cache, a check that they are this
    /// projection's.
    fn steps_agree(&self, steps: &Steps, samples: u64) -> bool {
        let syms = self.symmetries.len();
        let (mut g, mut c) = (self.solved.clone(), vec![0u8; self.solved.len()]);
        for (k, p) in self.parts.iter().enumerate().skip(1) {
            if steps.conj.get(k).is_none_or(Narrow::is_empty) {
                continue;
            }
            let t = p.turns;
            for x in (0..p.radix()).step_by((p.radix() / samples).max(1) as usize) {
                let x = (x.wrapping_mul(0x9e37_79b9_7f4a_7c15) % p.radix()) as usize;
                p.lift(x as u64, &mut g);
                for sym in 0..syms {
                    self.symmetries.conjugate_into(sym, &g, &mut c);
                    let (l, u) = (x / t as usize, x % t as usize);
                    if steps.conj_of(k, l, u, t, syms, sym) as u64 != p.rank(&c) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Gives this projection its step tables: read from the cache
    /// directory `dir` beside the table named `name` where the file is
    /// there and sound (`crate::tables::steps_file`), else made (a few tenths of
    /// a second on the cube: most of a cached start) and saved there;
    /// the error of a file not read or not saved (the tables are whole
    /// either way).
    pub(crate) fn attach_steps(
        &mut self,
        dir: Option<&std::path::Path>,
        name: &str,
    ) -> Option<std::io::Error> {
        let Some(dir) = dir else {
            self.steps = self.make_steps();
            return None;
        };
        let path = crate::tables::steps_file::file_in(dir, name);
        // No file: nothing to say; one refused or unreadable: said.
        let error = match crate::tables::steps_file::load(&path) {
            Ok(None) => None,
            Ok(Some(tables)) => match self
                .steps_from(tables)
                .filter(|st| self.steps_agree(st, 256))
            {
                Some(steps) => {
                    self.steps = Some(steps);
                    return None;
                }
                None => Some(crate::tables::steps_file::refused(&path)),
            },
            Err(e) => Some(e),
        };
        self.steps = self.make_steps();
        let saved = match &self.steps {
            Some(st) => std::fs::create_dir_all(dir)
                .and_then(|()| crate::tables::steps_file::save(&path, &st.tables())),
            None => Ok(()),
        };
        error.or(saved.err())
    }

    /// The step tables from a file's tables (each orbit's labels, turns,
    /// conjugates and conjugates' turns, in turn), where there are as
    /// many as the orbits need, each of the length and width
    /// [`make_steps`](Self::make_steps) gives it, every entry in range.
    fn steps_from(&self, tables: Vec<Option<Narrow>>) -> Option<Steps> {
        let (moves, syms) = (self.moves.len(), self.symmetries.len());
        if tables.len() != 4 * self.parts.len() {
            return None;
        }
        let mut it = tables.into_iter();
        let mut steps = Steps {
            labels: Vec::new(),
            turns: Vec::new(),
            conj: Vec::new(),
            conj_turns: Vec::new(),
        };
        // A table of `len` entries each below `below`, as wide as
        // `Narrow::new` makes one of values below `radix`.
        let fit = |n: Option<Narrow>, len: u64, radix: u64, below: u64| -> Option<Narrow> {
            let n = n?;
            (n.len() == len && n.two() == (radix <= 1 << 16) && n.all_below(below)).then_some(n)
        };
        let split = |p: &Part| p.oriented && p.o == 2;
        for (i, p) in self.parts.iter().enumerate() {
            let t = p.turns;
            let (m, k) = (moves as u64, syms as u64);
            steps.labels.push(fit(
                it.next()?,
                p.placements * m,
                p.placements,
                p.placements,
            )?);
            let turns = if t > 1 { t * m } else { 0 };
            steps.turns.push(fit(it.next()?, turns, t, t)?);
            let conj = match (i, split(p)) {
                (0, _) => 0,
                (_, true) => p.placements * k,
                (_, false) => p.radix() * k,
            };
            steps
                .conj
                .push(fit(it.next()?, conj, p.radix(), p.radix())?);
            let conj_turns = it.next()?;
            steps.conj_turns.push(match (i, split(p)) {
                (1.., true) => Some(fit(conj_turns, t * k, t, t.next_power_of_two())?),
                _ if conj_turns.is_none() => None,
                _ => return None,
            });
        }
        Some(steps)
    }

    /// [`ProjectionSpace`]'s neighbours of `index` by the step tables:
    /// what [`indices`](Self::indices) gives for each child of the
    /// index's lift, from the values alone (a conjugate's value is a
    /// function of the value conjugated, each orbit apart).
    fn step_neighbours(&self, st: &Steps, index: u64, out: &mut Vec<(u64, bool)>) {
        let (count, syms) = (self.moves.len(), self.symmetries.len());
        let rests = self.parts.len() - 1;
        let mut values = [0u64; MAX_STEPPED];
        let mut i = index;
        for k in (1..=rests).rev() {
            let r = self.parts[k].radix();
            values[k] = i % r;
            i /= r;
        }
        values[0] = u64::from(self.reps[i as usize]);
        let mut rows = [(0usize, 0usize); MAX_STEPPED];
        for (k, p) in self.parts.iter().enumerate() {
            rows[k] = Steps::rows(values[k], p.turns, count);
        }
        let mut seen = [0usize; MAX_STEPPED];
        for m in 0..count {
            let lead = st.after(0, self.parts[0].turns, rows[0], m);
            let w = self.words[lead as usize];
            let (class, sym) = ((w >> 8) as usize, (w & 0xff) as usize);
            let mut x = class as u64;
            for k in 1..=rests {
                let p = &self.parts[k];
                let (l, t) = st.after_apart(k, p.turns, rows[k], m);
                seen[k] = st.conj_of(k, l, t, p.turns, syms, sym);
                x = x * p.radix() + seen[k] as u64;
            }
            out.push((x, true));
            let (a, b) = (
                self.stab_at[class] as usize,
                self.stab_at[class + 1] as usize,
            );
            for &t in &self.stab[a..b] {
                let x = (1..=rests)
                    .zip(&seen[1..])
                    .fold(class as u64, |x, (k, &v)| {
                        let p = &self.parts[k];
                        let turns = p.turns as usize;
                        let z = st.conj_of(k, v / turns, v % turns, p.turns, syms, usize::from(t));
                        x * p.radix() + z as u64
                    });
                out.push((x, true));
            }
        }
    }

    /// The indices of the children of a position by `moves` (indices
    /// into the moves the projection was made with) into `out`, stepped
    /// from its orbits' values (`rows`, from
    /// [`index_and_rows`](Self::index_and_rows)) by [`Steps`]' tables:
    /// the lead's value after the move, its class word, each rest orbit's
    /// value after the move seen through the word's symmetry. `false`,
    /// nothing written, where there are no tables or a move is not among
    /// those.
    #[inline]
    pub(crate) fn child_indices(&self, rows: &Rows, moves: &[u16], out: &mut [u64]) -> bool {
        let Some(st) = &self.steps else {
            return false;
        };
        let (count, syms) = (self.moves.len(), self.symmetries.len());
        if moves.iter().any(|&m| usize::from(m) >= count) {
            return false;
        }
        let rows = &rows.0;
        let lead = self.parts[0].turns;
        // In passes over the children, each pass's look-ups independent
        // of one another (the class words, then each rest orbit's values
        // after the move, then their conjugates), so that their cache
        // misses overlap: one child at a time waits on three misses in a
        // row (step, word, conjugate).
        for (out, moves) in out.chunks_mut(WIDE).zip(moves.chunks(WIDE)) {
            let mut words = [0u32; WIDE];
            for (w, &m) in words.iter_mut().zip(moves) {
                *w = self.words[st.after(0, lead, rows[0], usize::from(m)) as usize];
            }
            out.fill(0);
            for (k, p) in self.parts.iter().enumerate().skip(1) {
                let mut apart = [(0usize, 0usize); WIDE];
                for (a, &m) in apart.iter_mut().zip(moves) {
                    *a = st.after_apart(k, p.turns, rows[k], usize::from(m));
                }
                for ((o, &(l, t)), &w) in out.iter_mut().zip(&apart).zip(&words) {
                    let sym = (w & 0xff) as usize;
                    *o = *o * p.radix() + st.conj_of(k, l, t, p.turns, syms, sym) as u64;
                }
            }
            let rest = self.rest;
            for (o, &w) in out.iter_mut().zip(&words) {
                *o += u64::from(w >> 8) * rest;
            }
        }
        true
    }

    /// The lead's classes: the values in order, each not yet classed the
    /// least of a new class (its representative), its conjugates by every
    /// symmetry classed with it; each conjugate `c = r^-1 v r` reaches the
    /// representative by `r`'s inverse (checked on `c`; where it fails,
    /// the symmetries are tried in turn).
    fn classify(&mut self) {
        let lead = &self.parts[0];
        let values = lead.radix();
        let len = self.solved.len();
        let syms = self.symmetries.len();
        let inverses = self.inverses();
        let (mut g, mut c, mut d) = (self.solved.clone(), vec![0u8; len], vec![0u8; len]);
        let mut words = vec![u32::MAX; values as usize];
        for v in 0..values {
            if words[v as usize] != u32::MAX {
                continue;
            }
            let class = self.reps.len() as u32;
            self.reps.push(v as u32);
            self.stab_at.push(self.stab.len() as u32);
            lead.lift(v, &mut g);
            for (i, &inverse) in inverses.iter().enumerate() {
                self.symmetries.conjugate_into(i, &g, &mut c);
                let x = lead.rank(&c);
                if x == v && i != self.identity {
                    self.stab.push(i as u8);
                }
                if words[x as usize] != u32::MAX {
                    continue;
                }
                let back = |j: usize, d: &mut [u8]| {
                    self.symmetries.conjugate_into(j, &c, d);
                    lead.rank(d) == v
                };
                let j = match inverse {
                    j if back(j, &mut d) => j,
                    _ => (0..syms)
                        .find(|&j| back(j, &mut d))
                        .unwrap_or(self.identity),
                };
                words[x as usize] = class << 8 | j as u32;
            }
        }
        self.stab_at.push(self.stab.len() as u32);
        self.words = words;
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
                format!(
                    "{} in blocks {}{}",
                    def.orbits()[p.orbit].name,
                    sizes.join("+"),
                    if p.oriented { " turned" } else { "" }
                )
            })
            .collect();
        format!(
            "projection {} by {} symmetries",
            each.join(", "),
            self.symmetries.len()
        )
    }

    /// The index of `s` from the lead's class word `w` and each orbit's
    /// labels and turns `apart` in `s` (lead first): each rest orbit's
    /// value in the word's conjugate, a turned one's by
    /// [`Steps::conj_of`], the others by [`Part::rank_conj`].
    #[inline]
    fn rest_apart(&self, st: &Steps, s: &[u8], w: u32, apart: &[(u64, u64)]) -> u64 {
        let sym = (w & 0xff) as usize;
        let syms = self.symmetries.len();
        self.parts.iter().zip(apart).enumerate().skip(1).fold(
            u64::from(w >> 8),
            |x, (k, (p, &(l, t)))| {
                let z = if p.oriented {
                    st.conj_of(k, l as usize, t as usize, p.turns, syms, sym) as u64
                } else {
                    p.rank_conj(s, sym)
                };
                x * p.radix() + z
            },
        )
    }

    /// The index of `s` and the rows its children's indices step from
    /// ([`child_indices`](Self::child_indices)), each orbit ranked once;
    /// `None` where the projection has no step tables.
    #[inline]
    pub(crate) fn index_and_rows(&self, s: &[u8]) -> Option<(u64, Rows)> {
        let st = self.steps.as_ref()?;
        let count = self.moves.len();
        let mut apart = [(0u64, 0u64); MAX_STEPPED];
        for (a, p) in apart.iter_mut().zip(&self.parts) {
            *a = p.rank_apart(s);
        }
        let lead = &self.parts[0];
        let w = self.words[(apart[0].0 * lead.turns + apart[0].1) as usize];
        let index = self.rest_apart(st, s, w, &apart);
        let mut rows = Rows([(0, 0); MAX_STEPPED]);
        for (r, &(l, t)) in rows.0.iter_mut().zip(&apart) {
            *r = (l as usize * count, t as usize * count);
        }
        Some((index, rows))
    }

    /// The indices of `out.len()` positions, each made into `buf` by
    /// `make(i, buf)` (`false`: there is none, its index `u64::MAX`),
    /// using `other` as [`index`](Self::index) does. With the step
    /// tables, each is ranked as it is made and the rest is done in
    /// passes over them whose look-ups are independent of one another
    /// (the class words, then each rest orbit's conjugate by
    /// [`Steps::conj_of`]), so that their cache misses overlap, as in
    /// [`child_indices`](Self::child_indices).
    #[inline]
    pub(crate) fn made_indices(
        &self,
        buf: &mut [u8],
        other: &mut [u8],
        out: &mut [u64],
        mut make: impl FnMut(usize, &mut [u8]) -> bool,
    ) {
        let Some(st) = &self.steps else {
            for (i, o) in out.iter_mut().enumerate() {
                *o = if make(i, buf) {
                    self.index(buf, other)
                } else {
                    u64::MAX
                };
            }
            return;
        };
        let syms = self.symmetries.len();
        let lead = self.parts[0].turns;
        let parts = self.parts.len();
        for (c, out) in out.chunks_mut(WIDE).enumerate() {
            // Each one's orbits' labels and turns, `parts` a position
            // (left as they were where there is none: any values read,
            // the index then dropped).
            let mut apart = [(0u32, 0u32); MAX_STEPPED * WIDE];
            let mut made = [false; WIDE];
            for (i, (a, m)) in apart
                .chunks_mut(parts)
                .zip(&mut made)
                .take(out.len())
                .enumerate()
            {
                *m = make(c * WIDE + i, buf);
                if *m {
                    for (x, p) in a.iter_mut().zip(&self.parts) {
                        let (l, t) = p.rank_apart(buf);
                        *x = (l as u32, t as u32);
                    }
                }
            }
            let mut words = [0u32; WIDE];
            for (w, a) in words.iter_mut().zip(apart.chunks(parts)).take(out.len()) {
                *w = self.words[(u64::from(a[0].0) * lead + u64::from(a[0].1)) as usize];
            }
            out.fill(0);
            for (k, p) in self.parts.iter().enumerate().skip(1) {
                for ((o, a), &w) in out.iter_mut().zip(apart.chunks(parts)).zip(&words) {
                    let (l, t) = (a[k].0 as usize, a[k].1 as usize);
                    let z = st.conj_of(k, l, t, p.turns, syms, (w & 0xff) as usize);
                    *o = *o * p.radix() + z as u64;
                }
            }
            for ((o, &w), &m) in out.iter_mut().zip(&words).zip(&made) {
                *o = if m {
                    *o + u64::from(w >> 8) * self.rest
                } else {
                    u64::MAX
                };
            }
        }
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

    /// A position's bytes.
    pub(crate) fn len(&self) -> usize {
        self.solved.len()
    }

    /// The puzzle's orbits (for [`compose`] and [`invert`]).
    pub(crate) fn orbits(&self) -> &[crate::model::position::Orbit] {
        &self.orbits
    }
}

/// Orbit `k`'s blocks: the orbits of its places under the moves' squares
/// (`mirror::components` of the squares), numbered in order of their
/// least place.
fn squares_blocks(def: &Definition, moves: &Moves, k: usize) -> Vec<u8> {
    let orbits = def.orbits();
    let squares: Vec<Position> = (0..moves.len())
        .map(|m| moves.get(m).then(moves.get(m), orbits))
        .collect();
    let refs: Vec<&Position> = squares.iter().collect();
    let roots = crate::algebra::mirror::components(orbits, &refs);
    let at: usize = orbits[..k].iter().map(|o| o.pieces).sum();
    let n = orbits[k].pieces;
    let mut number = vec![u8::MAX; n];
    let mut next = 0u8;
    roots[at..at + n]
        .iter()
        .map(|&r| {
            let r = usize::from(r);
            if number[r] == u8::MAX {
                number[r] = next;
                next = next.saturating_add(1);
            }
            number[r]
        })
        .collect()
}

/// Whether every symmetry maps each orbit's blocks onto blocks (the
/// module's docs prove it for the squares' blocks; checked, as the
/// index's correctness rests on it).
fn blocks_kept(
    def: &Definition,
    symmetries: &Symmetries,
    orbits: &[(usize, Vec<u8>, bool)],
) -> bool {
    (0..symmetries.len()).all(|i| {
        let r = symmetries.get(i).as_slice();
        orbits.iter().all(|(k, block, _)| {
            let (off, n) = (def.offset(*k), block.len());
            let mut image = [u8::MAX; MAX_BLOCKS];
            (0..n).all(|j| {
                let b = usize::from(block[j]);
                let c = block[usize::from(r[off + j])];
                if image[b] == u8::MAX {
                    image[b] = c;
                }
                image[b] == c
            })
        })
    })
}

/// A [`Projection`]'s indices as the core's table build sees them.
pub(crate) struct ProjectionSpace<'a> {
    pub(crate) proj: &'a Projection,
    pub(crate) name: String,
}

impl Abstraction for ProjectionSpace<'_> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn size(&self) -> u64 {
        self.proj.size()
    }

    fn goals(&self, out: &mut Vec<u64>) {
        let p = self.proj;
        let len = p.len();
        let (mut h, mut t) = (vec![0u8; len], vec![0u8; len]);
        p.indices(&p.solved, &mut h, &mut t, &mut |i| out.push(i));
    }

    /// Every move costs one; the moves are closed under inverse (the
    /// bound's build asks for it), so distances from the goal are
    /// distances to it.
    fn every_move_costs(&self) -> bool {
        true
    }

    fn neighbours(&self, index: u64, out: &mut Vec<(u64, bool)>) {
        let p = self.proj;
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

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_search_core::pdb::PatternDb;

    /// The projected state of a whole position, without any symmetry: the
    /// orbits' values in mixed radix.
    fn key(p: &Projection, s: &[u8]) -> u64 {
        p.parts.iter().fold(0, |k, x| k * x.radix() + x.rank(s))
    }

    /// Every projected state a breadth-first search over the projected
    /// states (no symmetry) reaches from solved has that distance in the
    /// table at its index; the table reaches no other index.
    fn check(def: &Definition, moves: &Moves, max: u64) -> Projection {
        let sym = Symmetries::new(def, moves);
        let p = Projection::new(def, moves, &sym, max).expect("a projection");
        let space = ProjectionSpace {
            proj: &p,
            name: "test".into(),
        };
        let db = PatternDb::build(&space, None).expect("built");
        let states = p.parts.iter().map(Part::radix).product::<u64>();
        let len = p.len();
        let mut dist = vec![u8::MAX; states as usize];
        let mut layer = vec![p.solved.clone()];
        dist[key(&p, &p.solved) as usize] = 0;
        let (mut d, mut buf, mut seen) = (0u8, vec![0u8; len], 1u64);
        let mut indices = std::collections::HashSet::new();
        while !layer.is_empty() {
            let mut next = Vec::new();
            for g in &layer {
                let i = p.index(g, &mut buf);
                assert_eq!(db.get(i), d, "distance of {g:?}");
                indices.insert(i);
                for m in &p.moves {
                    let mut c = vec![0u8; len];
                    compose(g, m.as_slice(), &p.orbits, &mut c);
                    let k = key(&p, &c) as usize;
                    if dist[k] == u8::MAX {
                        dist[k] = d + 1;
                        seen += 1;
                        next.push(c);
                    }
                }
            }
            layer = next;
            d += 1;
        }
        let reached = (0..p.size())
            .filter(|&i| db.get(i) != PatternDb::UNREACHED)
            .count();
        assert_eq!(
            reached,
            indices.len(),
            "indices reached by the build and by the search"
        );
        assert!(
            p.size() * 4 < seen,
            "the classes save indices: {} of {seen}",
            p.size()
        );
        // The build by whole positions (no step tables) gives the same
        // table as the build by the tables.
        let mut p = p;
        let steps = p.steps.take();
        assert!(steps.is_some());
        let space = ProjectionSpace {
            proj: &p,
            name: "test".into(),
        };
        let whole = PatternDb::build(&space, None).expect("built");
        assert!((0..p.size()).all(|i| whole.get(i) == db.get(i)));
        p.steps = steps;
        p
    }

    #[test]
    fn projected_distances_equal_a_search_of_the_projection() {
        // The 2x2x2's corners by tetrad, turns kept: one orbit.
        let cube = Definition::builtin("2x2x2")
            .expect("built in")
            .expect("parses");
        let moves = Moves::all(&cube).expect("moves");
        let p = check(&cube, &moves, 1 << 24);
        assert!(p.parts[0].oriented);
        // The 3x3x3's corners by tetrad and edges by slice, no turns (the
        // cap leaves none): two orbits, blocks of four.
        let cube = Definition::builtin("3x3x3")
            .expect("built in")
            .expect("parses");
        let moves = Moves::all(&cube).expect("moves");
        let p = check(&cube, &moves, 1 << 20);
        // 782 classes of the edges' 34,650 arrangements, times the
        // corners' 70.
        assert_eq!(p.size(), 782 * 70);
        assert_eq!(p.parts.len(), 2);
        assert!(p.parts.iter().all(|x| !x.oriented));
        assert_eq!(
            p.label(&cube),
            "projection EDGE in blocks 4+4+4, CORNER in blocks 4+4 by 48 symmetries"
        );
    }

    #[test]
    fn the_cube_projects_to_h48s_coordinate() {
        let cube = Definition::builtin("3x3x3")
            .expect("built in")
            .expect("parses");
        let moves = Moves::all(&cube).expect("moves");
        let sym = Symmetries::new(&cube, &moves);
        let p = Projection::new(&cube, &moves, &sym, 1 << 29).expect("a projection");
        // Corners by tetrad with their turns (3,393 classes under the 48
        // symmetries, as H48 counts them), edges by slice.
        assert_eq!(
            p.label(&cube),
            "projection EDGE in blocks 4+4+4, CORNER in blocks 4+4 turned by 48 symmetries"
        );
        assert_eq!(p.reps.len(), 3393);
        assert_eq!(p.size(), 3393 * 34650);
        let mut g = p.solved.clone();
        for part in &p.parts {
            for x in (0..part.radix()).step_by(997) {
                part.lift(x, &mut g);
                assert_eq!(part.rank(&g), x);
            }
        }
        // Every symmetry's inverse found (classify's fast path).
        let inverses = p.inverses();
        for (i, &j) in inverses.iter().enumerate() {
            assert_eq!(i == p.identity, j == p.identity, "symmetry {i}");
        }
        // The index read without making the conjugate equals the one read
        // from the conjugate made whole, along a walk.
        assert!(!p.rest_turned);
        let len = p.len();
        let (mut t, mut h) = (vec![0u8; len], vec![0u8; len]);
        walk_stepped(&p, 500, |s| {
            let w = p.words[p.parts[0].rank(s) as usize];
            p.symmetries.conjugate_into((w & 0xff) as usize, s, &mut h);
            assert_eq!(p.parts[0].rank(&h), u64::from(p.reps[(w >> 8) as usize]));
            assert_eq!(p.index(s, &mut t), p.rest_of(u64::from(w >> 8), &h));
        });
    }

    /// Along a walk of `n` moves from solved, the position's index from
    /// its rows, every child's index stepped by the tables and those of
    /// the children made and ranked in passes equal those read from the
    /// positions themselves ([`Projection::index`]); `each` sees each
    /// position.
    fn walk_stepped(p: &Projection, n: usize, mut each: impl FnMut(&[u8])) {
        let len = p.len();
        let (mut s, mut t, mut h) = (p.solved.clone(), vec![0u8; len], vec![0u8; len]);
        let all: Vec<u16> = (0..p.moves.len() as u16).collect();
        let mut stepped = vec![0u64; all.len()];
        for i in 0..n {
            let m = p.moves[(i * 7 + i / 3) % p.moves.len()].as_slice();
            compose(&s, m, &p.orbits, &mut t);
            std::mem::swap(&mut s, &mut t);
            let (at, rows) = p.index_and_rows(&s).expect("step tables");
            assert_eq!(at, p.index(&s, &mut t));
            assert!(p.child_indices(&rows, &all, &mut stepped));
            for (m, &x) in stepped.iter().enumerate() {
                compose(&s, p.moves[m].as_slice(), &p.orbits, &mut h);
                assert_eq!(x, p.index(&h, &mut t), "move {m}");
            }
            // The same children made and ranked in passes, every third
            // one left out (its index `u64::MAX`).
            let mut made = vec![0u64; all.len()];
            p.made_indices(&mut h, &mut t, &mut made, |m, c| {
                compose(&s, p.moves[m].as_slice(), &p.orbits, c);
                m % 3 != 1
            });
            for (m, (&x, &y)) in stepped.iter().zip(&made).enumerate() {
                assert_eq!(y, if m % 3 == 1 { u64::MAX } else { x }, "move {m}");
            }
            each(&s);
        }
    }

    /// All the edges' turns kept (the corners' dropped: 638,668,800
    /// indices, past the default cap): the edges are a rest orbit with
    /// two turns, conjugated by labels and turns apart (XOR), and every
    /// child's stepped index, and every neighbour the build steps, equals
    /// the one made whole.
    #[test]
    fn turned_edges_conjugate_by_labels_and_turns_apart() {
        let cube = Definition::builtin("3x3x3")
            .expect("built in")
            .expect("parses");
        let moves = Moves::all(&cube).expect("moves");
        let sym = Symmetries::new(&cube, &moves);
        let mut p = Projection::new(&cube, &moves, &sym, 1 << 30).expect("a projection");
        assert_eq!(
            p.label(&cube),
            "projection EDGE in blocks 4+4+4 turned, CORNER in blocks 4+4 by 48 symmetries"
        );
        assert_eq!(p.size(), 638_668_800);
        assert!(p.rest_turned);
        let st = p.steps.as_ref().expect("step tables");
        assert!(st.conj_turns[1].is_some());
        let mut t = vec![0u8; p.len()];
        let mut indices = Vec::new();
        walk_stepped(&p, 300, |s| indices.push(p.index(s, &mut t)));
        // The build's neighbours by the tables and by whole positions.
        let steps = p.steps.take();
        let mut whole = Vec::new();
        for &i in &indices {
            let space = ProjectionSpace {
                proj: &p,
                name: "test".into(),
            };
            space.neighbours(i, &mut whole);
        }
        p.steps = steps;
        let mut by_tables = Vec::new();
        for &i in &indices {
            let space = ProjectionSpace {
                proj: &p,
                name: "test".into(),
            };
            space.neighbours(i, &mut by_tables);
        }
        assert_eq!(by_tables, whole);
    }
    /// Step tables kept in the cache read back equal to those made; a
    /// file of other tables under a right checksum (every edge conjugate
    /// shifted, as another projection's or a crafted file's would be) is
    /// not taken: the sampled check against conjugates made whole refuses
    /// it and the tables are made and saved anew (a single entry changed
    /// under a right checksum is not caught: the checksum is there for
    /// accidents, as the tables' own files say). A file cut short is
    /// made anew too.
    #[test]
    fn step_tables_read_back_from_the_cache_or_are_made_anew() {
        let cube = Definition::builtin("3x3x3")
            .expect("built in")
            .expect("parses");
        let moves = Moves::all(&cube).expect("moves");
        let sym = Symmetries::new(&cube, &moves);
        let made = Projection::new(&cube, &moves, &sym, 1 << 29).expect("a projection");
        let want = made.steps.as_ref().expect("step tables").tables();
        let want: Vec<Option<Narrow>> = want.into_iter().map(|t| t.cloned()).collect();
        let dir = std::env::temp_dir().join(format!("twisty-stp-{}", std::process::id()));
        let fresh = || {
            Projection::several(&cube, &moves, &sym, 0, 1 << 29, 1)
                .pop()
                .expect("one")
        };
        let got = |p: &Projection| -> Vec<Option<Narrow>> {
            let t = p.steps.as_ref().expect("step tables").tables();
            t.into_iter().map(|t| t.cloned()).collect()
        };
        // Made and saved, then read.
        let mut p = fresh();
        assert!(p.attach_steps(Some(&dir), "h48").is_none());
        assert!(got(&p) == want);
        let path = crate::tables::steps_file::file_in(&dir, "h48");
        let mut q = fresh();
        assert!(q.attach_steps(Some(&dir), "h48").is_none());
        assert!(got(&q) == want);
        // Every edge conjugate shifted, saved with a right checksum.
        let mut bad = want.clone();
        match &mut bad[6] {
            Some(Narrow::Two(v)) => v.iter_mut().for_each(|x| *x = (*x + 1) % 34_650),
            _ => panic!("the edges' conjugates: two bytes each"),
        }
        let refs: Vec<Option<&Narrow>> = bad.iter().map(Option::as_ref).collect();
        crate::tables::steps_file::save(&path, &refs).expect("saved");
        let mut r = fresh();
        let said = r.attach_steps(Some(&dir), "h48").expect("said").to_string();
        assert!(said.contains("is not valid step tables"), "{said}");
        assert!(got(&r) == want, "refused and made anew");
        let saved = crate::tables::steps_file::load(&path).expect("read");
        assert!(saved.as_ref() == Some(&want), "saved anew");
        let bytes = std::fs::read(&path).expect("read");
        std::fs::write(&path, &bytes[..bytes.len() / 2]).expect("cut");
        let mut c = fresh();
        assert!(c.attach_steps(Some(&dir), "h48").is_some(), "said");
        assert!(got(&c) == want);
        std::fs::remove_dir_all(&dir).ok();
    }
}
