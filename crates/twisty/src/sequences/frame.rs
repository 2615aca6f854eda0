//! Whole-puzzle rotations (`x y z`) and wide turns (`Rw`, `r`, `3Rw`) in
//! move sequences, read as a cuber holds the puzzle.
//!
//! *Rotations.* A rotation turns the whole puzzle; the moves after it are
//! named as the puzzle is then seen (after `x`, `U` turns the face that
//! was in front). Written as positions in the definition's fixed frame, a
//! sequence `a1 r1 a2 r2 a3` (moves `a`, rotations `r`, `then` order) is
//! the position `P = a1 r1 a2 r2 a3`, and with `F_i` the rotations before
//! move `i` (`F_1 = e`, `F_2 = r1`, `F_3 = r1 r2`),
//! `P = (F_1 a1 F_1^-1) (F_2 a2 F_2^-1) (F_3 a3 F_3^-1) F_3`.
//! Each `F a F^-1` is a move where the rotations map the moves onto the
//! moves (they do: a rotation takes a face to a face), and the trailing
//! `F_3` only turns the whole puzzle, which leaves it as solved or as
//! scrambled as it was. So the sequence reads as the moves `F_i a_i
//! F_i^-1` in the definition's frame, the puzzle turned back at the end:
//! the scramble's position is the same whatever rotations it holds, up
//! to turning the whole puzzle. A conjugate that is no move among those
//! chosen (`--moves U,R` with a `y`) is refused, naming the move.
//!
//! *The rotations* are the definition's own (`x`, `y`, `z`, any `...v`,
//! with their powers) and, on a definition that names none, the
//! automorphisms of its moves (as the symmetries are found, see
//! `crate::algebra::symmetry`), the one that turns as `R` named `x`, as `U` `y`,
//! as `F` `z` (WCA): a rotation "turns as `R`" when it moves every piece
//! `R` moves exactly as `R` does, moves some piece besides, and does not
//! commute with every move (a product of moves that commutes with all of
//! them is an automorphism too, and dropping it as a rotation would change
//! the position). twsearch's own `3x3x3.tws` takes `x`.
//!
//! *Wide turns.* `kFw` turns the `k` outer layers on face `F`'s side
//! (`Fw` and SiGN's `f`: two). Where the definition has the inner layers
//! as moves `2F ... kF` (twsearch's big cubes), it is those moves. Else,
//! for two layers, it is the rotation `r` that turns as `F`, restricted
//! to the pieces that the opposite layers leave (the moves that turn
//! with `r^-1` and share no piece with `F`): on the 3x3x3 `F`'s layer and
//! the middle one, on the 2x2x2 (where `F` and its opposite hold every
//! piece) the whole puzzle, `r` itself. That position `W` is read as the
//! move `W r^-1` (`L` for `Rw` on the 3x3x3: `Rw = L x`; none on the
//! 2x2x2) and then the rotation `r`, so the moves after it are
//! conjugated as above. A wide turn whose `W r^-1` is no move is refused.

use std::collections::HashMap;

use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::model::position::{Orbit, Position};

/// The most rotations kept (the closure of the named ones, or of those
/// found from the moves).
const MAX_ROTATIONS: usize = crate::algebra::symmetry::MAX_SYMMETRIES;

/// One step of a line read: a move among the chosen moves, or a rotation
/// (an index into [`Frames`]' group).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A move's index among the moves.
    Move(u16),
    /// A rotation's index in the group.
    Turn(u16),
}

/// The rotations of a definition and what its wide turns are.
pub(crate) struct Frames {
    orbits: Vec<Orbit>,
    /// The rotation group, the identity first.
    group: Vec<Position>,
    index: HashMap<Position, usize>,
    /// Each element's inverse's index.
    inverse: Vec<usize>,
    /// The definition's moves (their blocks).
    blocks: Vec<Position>,
    /// The rotations by name (`x`, `y`, `z`, a definition's `...v`), each
    /// as the position that turns as its face does, and its index.
    named: Vec<(String, Position, usize)>,
}

impl Frames {
    /// The rotations of `def` (named, or found from its moves); `None`
    /// where it has none.
    pub(crate) fn new(def: &Definition) -> Option<Frames> {
        let orbits = def.orbits();
        let blocks: Vec<&Position> = def.moves().iter().map(|(_, p)| p).collect();
        let first = crate::algebra::mirror::components(orbits, &blocks);
        let found = def.rotations().is_empty();
        let gens: Vec<Position> = if found {
            crate::algebra::mirror::automorphisms(orbits, &blocks, MAX_ROTATIONS)
                .into_iter()
                .map(|r| crate::algebra::mirror::canonical(r, orbits, &first))
                .collect()
        } else {
            def.rotations().iter().map(|(_, r)| r.clone()).collect()
        };
        // Found rotations are known up to a turn of every piece of an
        // orbit by the same amount (it commutes with every move, see
        // `mirror::canonical`): kept in canonical form, which leaves
        // conjugates alone.
        let norm = |p: Position| {
            if found {
                crate::algebra::mirror::canonical(p, orbits, &first)
            } else {
                p
            }
        };
        let id = Position::identity(orbits);
        let mut group = vec![id.clone()];
        let mut index = HashMap::from([(id, 0usize)]);
        let mut next = 0;
        while next < group.len() && group.len() < MAX_ROTATIONS {
            let at = group[next].clone();
            next += 1;
            for g in &gens {
                let p = norm(at.then(g, orbits));
                if group.len() < MAX_ROTATIONS && !index.contains_key(&p) {
                    index.insert(p.clone(), group.len());
                    group.push(p);
                }
            }
        }
        // None either where the moves have no rotation, or where the
        // closure passes the cap (a hostile definition's "rotations"
        // making a large group): its inverses could not all be found.
        if group.len() == 1 || group.len() >= MAX_ROTATIONS {
            return None;
        }
        // A closed group holds every element's inverse.
        let inverse = group
            .iter()
            .map(|g| index.get(&norm(g.inverse(orbits))).copied())
            .collect::<Option<Vec<usize>>>()?;
        let mut frames = Frames {
            orbits: orbits.to_vec(),
            group,
            index,
            inverse,
            blocks: blocks.iter().map(|&b| b.clone()).collect(),
            named: Vec::new(),
        };
        for (name, r) in def.rotations() {
            if let Some(&i) = frames.index.get(r) {
                frames.named.push((name.clone(), r.clone(), i));
            }
        }
        // WCA's names where the definition gives none: x turns as R, y as
        // U, z as F.
        for (name, face) in [("x", "R"), ("y", "U"), ("z", "F")] {
            if frames.named.iter().any(|(n, _, _)| n == name) {
                continue;
            }
            if let Some((_, m)) = def.moves().iter().find(|(n, _)| n == face)
                && let Some(r) = frames.turning_as(m)
                && let Some(&i) = frames.index.get(&norm(r.clone()))
            {
                frames.named.push((name.to_string(), r, i));
            }
        }
        Some(frames)
    }

    /// The rotation named `name` (`x`, or a power: `x2`, `x'`, `x3`) as a
    /// group index; `None` where there is none of that name.
    pub(crate) fn rotation(&self, name: &str) -> Option<usize> {
        let (base, amount) = split_power(name)?;
        let (_, r, _) = self.named.iter().find(|(n, _, _)| n == base)?;
        let mut p = Position::identity(&self.orbits);
        let order = self.order(r);
        for _ in 0..amount.rem_euclid(order as i64) {
            p = p.then(r, &self.orbits);
        }
        self.find(&p)
    }

    /// The index of `p` in the group (canonical forms compared).
    fn find(&self, p: &Position) -> Option<usize> {
        if let Some(&i) = self.index.get(p) {
            return Some(i);
        }
        // A found group holds canonical forms: try `p`'s.
        (0..self.group.len()).find(|&i| same_up_to_shift(&self.group[i], p, &self.orbits))
    }

    /// How many times `r` turns before it is the identity.
    fn order(&self, r: &Position) -> usize {
        let id = Position::identity(&self.orbits);
        let mut p = r.clone();
        let mut k = 1;
        while p != id && k < MAX_ROTATIONS {
            p = p.then(r, &self.orbits);
            k += 1;
        }
        k
    }

    /// Element `i`'s inverse's index.
    pub(crate) fn inverse(&self, i: usize) -> usize {
        self.inverse[i]
    }

    /// Element `i`.
    pub(crate) fn get(&self, i: usize) -> &Position {
        &self.group[i]
    }

    /// The rotation that moves every piece `m` moves as `m` does, some
    /// piece besides, and does not commute with every move (with the orbit-wide turn that makes it so, for
    /// found rotations).
    fn turning_as(&self, m: &Position) -> Option<Position> {
        let moved = support(m, &self.orbits);
        if !moved.iter().any(|&b| b) {
            return None;
        }
        // A whole-puzzle turn moves some piece `m` leaves, and takes some
        // move to another: a product of moves that commutes with every
        // move (an automorphism of the moves too, found with the
        // rotations) is no rotation, and dropping it would change the
        // position.
        self.group.iter().find_map(|g| {
            let g = shifted_to(g, m, &moved, &self.orbits)?;
            let beyond = support(&g, &self.orbits)
                .iter()
                .zip(&moved)
                .any(|(&t, &a)| t && !a);
            (beyond && agrees(&g, m, &moved, &self.orbits) && !self.commutes(&g)).then_some(g)
        })
    }

    /// Whether `g` commutes with every move of the definition.
    fn commutes(&self, g: &Position) -> bool {
        let o = &self.orbits;
        self.blocks.iter().all(|m| g.then(m, o) == m.then(g, o))
    }

    /// The steps of `layers` outer layers turned on the side of the
    /// definition's move `face` (its index among `def.moves()`): see the
    /// module's docs. `None` where the definition has no such turn.
    pub(crate) fn wide(
        &self,
        def: &Definition,
        moves: &Moves,
        face: usize,
        layers: usize,
    ) -> Option<Vec<Step>> {
        let orbits = &self.orbits;
        if layers != 2 {
            return None;
        }
        let (name, m) = &def.moves()[face];
        let r = self.turning_as(m)?;
        let ri = self.find(&r)?;
        let r_inv = r.inverse(orbits);
        let moved = support(m, orbits);
        // The opposite layers: moves that turn with r^-1 and share no
        // piece with `m`.
        let mut far = vec![false; moved.len()];
        for (other, p) in def.moves() {
            if other == name {
                continue;
            }
            let s = support(p, orbits);
            if s.iter().zip(&moved).any(|(&a, &b)| a && b) {
                continue;
            }
            let Some(p_as) = shifted_to(&r_inv, p, &s, orbits) else {
                continue;
            };
            if s.iter().any(|&b| b) && agrees(&p_as, p, &s, orbits) {
                for (f, b) in far.iter_mut().zip(&s) {
                    *f |= *b;
                }
            }
        }
        let rotated = support(&r, orbits);
        let two_layers = rotated
            .iter()
            .zip(moved.iter().zip(&far))
            .all(|(&t, (&a, &b))| !t || a || b);
        let keep: Vec<bool> = if two_layers {
            vec![true; moved.len()]
        } else {
            far.iter().map(|&f| !f).collect()
        };
        let w = restricted(&r, &keep, orbits)?;
        let rest = w.then(&r_inv, orbits);
        let mut steps = Vec::new();
        if rest != Position::identity(orbits) {
            let i = (0..moves.len()).find(|&i| moves.get(i) == &rest)?;
            steps.push(Step::Move(i as u16));
        }
        steps.push(Step::Turn(ri as u16));
        Some(steps)
    }

    /// The move `F m F^-1` (`frame` the rotations so far) among `moves`.
    pub(crate) fn conjugate(&self, frame: &Position, m: usize, moves: &Moves) -> Option<usize> {
        let orbits = &self.orbits;
        let c = frame
            .then(moves.get(m), orbits)
            .then(&frame.inverse(orbits), orbits);
        (0..moves.len()).find(|&i| moves.get(i) == &c)
    }
}

/// A name as a base and an amount: `x` 1, `x2` 2, `x'` -1, `x2'` -2.
pub(crate) fn split_power(name: &str) -> Option<(&str, i64)> {
    let (rest, sign) = match name.strip_suffix('\'') {
        Some(rest) => (rest, -1),
        None => (name, 1),
    };
    let base = rest.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = &rest[base.len()..];
    let amount: i64 = if digits.is_empty() {
        1
    } else {
        digits.parse::<u32>().ok()?.into()
    };
    (!base.is_empty()).then_some((base, sign * amount))
}

/// Whether each place (orbit after orbit) is moved or turned by `p`.
fn support(p: &Position, orbits: &[Orbit]) -> Vec<bool> {
    let b = p.as_slice();
    let mut out = Vec::new();
    let mut off = 0;
    for o in orbits {
        let n = o.pieces;
        out.extend((0..n).map(|j| usize::from(b[off + j]) != j || b[off + n + j] != 0));
        off += 2 * n;
    }
    out
}

/// Whether `a` and `b` agree on the places `on`.
fn agrees(a: &Position, b: &Position, on: &[bool], orbits: &[Orbit]) -> bool {
    let (x, y) = (a.as_slice(), b.as_slice());
    let (mut off, mut at) = (0, 0);
    for o in orbits {
        let n = o.pieces;
        for j in 0..n {
            if on[at + j] && (x[off + j] != y[off + j] || x[off + n + j] != y[off + n + j]) {
                return false;
            }
        }
        off += 2 * n;
        at += n;
    }
    true
}

/// `g` with each orbit's turns shifted by the constant that makes it
/// turn as `m` at the first place of `on` in that orbit.
fn shifted_to(g: &Position, m: &Position, on: &[bool], orbits: &[Orbit]) -> Option<Position> {
    let (x, y) = (g.as_slice(), m.as_slice());
    let (mut off, mut at) = (0, 0);
    let mut bytes = x.to_vec();
    for o in orbits {
        let (n, k) = (o.pieces, o.orientations);
        if let Some(j) = (0..n).find(|&j| on[at + j]) {
            let c = (y[off + n + j] % k + k - x[off + n + j] % k) % k;
            for t in &mut bytes[off + n..off + 2 * n] {
                *t = (*t % k + c) % k;
            }
        }
        off += 2 * n;
        at += n;
    }
    g.clone().with_bytes(&bytes)
}

/// Whether `a` and `b` differ by a turn of every piece of an orbit by
/// one amount (per orbit).
fn same_up_to_shift(a: &Position, b: &Position, orbits: &[Orbit]) -> bool {
    let (x, y) = (a.as_slice(), b.as_slice());
    let mut off = 0;
    for o in orbits {
        let (n, k) = (o.pieces, o.orientations);
        if x[off..off + n] != y[off..off + n] {
            return false;
        }
        if n > 0 {
            let c = (y[off + n] % k + k - x[off + n] % k) % k;
            if (0..n).any(|j| (x[off + n + j] % k + c) % k != y[off + n + j] % k) {
                return false;
            }
        }
        off += 2 * n;
    }
    true
}

/// `r` on the places `keep`, the identity elsewhere; `None` where `r`
/// takes a kept place's piece from one not kept.
fn restricted(r: &Position, keep: &[bool], orbits: &[Orbit]) -> Option<Position> {
    let mut bytes = r.as_slice().to_vec();
    let (mut off, mut at) = (0, 0);
    for o in orbits {
        let n = o.pieces;
        for j in 0..n {
            let from = usize::from(bytes[off + j]);
            if keep[at + j] != keep[at + from] {
                return None;
            }
            if !keep[at + j] {
                bytes[off + j] = j as u8;
                bytes[off + n + j] = 0;
            }
        }
        off += 2 * n;
        at += n;
    }
    r.clone().with_bytes(&bytes)
}
