//! Mirror images: the reflections of a puzzle, found from its moves
//! alone, and the composition of positions with them.
//!
//! A reflection is not a position of the puzzle: it reverses the sense
//! of every turn, so a piece's orientation is negated where it lands.
//! It is kept as a position `M` (where each piece goes and the turn it
//! gets there) with a flag, and composes as `a` then `b` with `p[j] =
//! a.p[b.p[j]]` and `o[j] = ±a.o[b.p[j]] + b.o[j]`, minus where `b`
//! mirrors. This is the product of the wreath group with the
//! automorphism `o -> -o` (a semidirect product): associative (both
//! ways of bracketing `a b c` give `s_b s_c a.o + s_c b.o + c.o`), so
//! conjugation `M^-1 g M` is a group automorphism and every argument
//! made for rotations holds for mirror images (`Symmetries`).
//!
//! *Finding one* ([`find`]): a reflection maps each of the definition's
//! moves to the inverse of one (a clockwise turn seen in a mirror turns
//! counterclockwise). The search picks, move by move, the move `f(m)`
//! whose inverse `c` is `M^-1 m M`, and the permutation part `sigma = M.p`
//! from a seed position of each orbit: `M c = m M` gives `sigma(c.p[j])
//! = m.p[sigma(j)]`, which fixes `sigma` along every move's cycles, and a
//! clash (a position given two places, or two positions one) ends the
//! branch. With `sigma` whole, the turns `a = M.o` solve `a[c.p[j]] =
//! a[j] - m.o[sigma(j)] - c.o[j]` (from the orientations of `M c = m M`
//! with `M` mirroring), differences alone, so a root per orbit may take
//! 0. The search stops after [`MAX_STEPS`] assignments and reports none:
//! a puzzle without a mirror then gets its rotations alone.

use crate::model::position::{Orbit, Position};

/// The most position assignments [`find`] makes before it gives up.
pub(crate) const MAX_STEPS: u64 = 2_000_000;

/// `a` then `b` (`b` a mirror image where `b_mirror`): positions and
/// turns as [`Position::then`], the turns `a` brings negated when `b`
/// mirrors. The result mirrors when exactly one of the two does.
pub(crate) fn compose(a: &Position, b: &Position, b_mirror: bool, orbits: &[Orbit]) -> Position {
    let mut out = a.clone();
    let (x, y, c) = (&a.0, &b.0, &mut out.0);
    let mut off = 0;
    for o in orbits {
        let (n, m) = (o.pieces, o.orientations);
        for j in 0..n {
            let from = usize::from(y[off + j]);
            c[off + j] = x[off + from];
            let t = x[off + n + from] % m;
            let t = if b_mirror { (m - t) % m } else { t };
            c[off + n + j] = (t + y[off + n + j]) % m;
        }
        off += 2 * n;
    }
    out
}

/// Per position of each orbit (in order, orbit after orbit): the first
/// position of its component under `moves` (the positions a piece there
/// can be taken to).
pub(crate) fn components(orbits: &[Orbit], moves: &[&Position]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut off = 0;
    for o in orbits {
        let n = o.pieces;
        // Union by the smaller root: the root of a component is its
        // first position.
        let mut root: Vec<usize> = (0..n).collect();
        fn find(root: &mut [usize], mut j: usize) -> usize {
            while root[j] != j {
                root[j] = root[root[j]];
                j = root[j];
            }
            j
        }
        for m in moves {
            for j in 0..n {
                let (a, b) = (
                    find(&mut root, j),
                    find(&mut root, usize::from(m.0[off + j])),
                );
                let (lo, hi) = (a.min(b), a.max(b));
                root[hi] = lo;
            }
        }
        for j in 0..n {
            out.push(find(&mut root, j) as u8);
        }
        off += 2 * n;
    }
    out
}

/// `r` with its turns shifted so that the first position of each
/// component (`first`, from [`components`]) has 0. A shift by a constant
/// `c` on a component, `z = (identity, c)`, conjugates every position
/// the moves reach to itself (`-c + g.o[j] + c`: such a position keeps
/// each component), so `r z` acts as `r` does; `z` commutes with
/// positions up to inverse (`r z = z^±1 r`), so these shifts form a
/// normal subgroup, and the symmetries are taken modulo it: a mirror
/// image found with some constant in its turns would otherwise count
/// each symmetry once a constant (the Skewb's two sets of four corners:
/// its 48 as 144).
pub(crate) fn canonical(mut r: Position, orbits: &[Orbit], first: &[u8]) -> Position {
    let (mut off, mut at) = (0, 0);
    for o in orbits {
        let (n, m) = (o.pieces, o.orientations);
        let turns: Vec<u8> = r.0[off + n..off + 2 * n].to_vec();
        for j in 0..n {
            let c = turns[usize::from(first[at + j])] % m;
            r.0[off + n + j] = (turns[j] % m + m - c) % m;
        }
        off += 2 * n;
        at += n;
    }
    r
}

/// The inverse of `r` (a mirror image where `mirror`): `r r^-1` is the
/// identity. For a rotation, [`Position::inverse`]; a mirror image's
/// turns are not negated (`r^-1.o[r.p[j]] = -s r.o[j]`, `s = -1`).
pub(crate) fn inverse(r: &Position, mirror: bool, orbits: &[Orbit]) -> Position {
    r.inverse_turned(orbits, !mirror)
}

/// A mirror image of the puzzle whose moves are `moves` (the
/// definition's move blocks): a reflection `M` with each `M^-1 m M` the
/// inverse of one of `moves`; `None` where there is none, or none found
/// within [`MAX_STEPS`] (see the module's docs).
pub(crate) fn find(orbits: &[Orbit], moves: &[&Position]) -> Option<Position> {
    let inverses: Vec<Position> = moves.iter().map(|m| m.inverse(orbits)).collect();
    search(orbits, moves, inverses, true, 1).pop()
}

/// The rotations of the puzzle whose moves are `moves`, found from the
/// moves alone (for definitions that name none): every `R` (a position,
/// no mirroring) with each `R^-1 m R` one of `moves`, the identity
/// among them, at most `most`, as many as [`MAX_STEPS`] assignments
/// find. The same search as [`find`]'s with each move's image itself,
/// not its inverse, and the turns solving `a[c.p[j]] = a[j] +
/// m.o[sigma(j)] - c.o[j]` (the orientations of `R c = m R`, nothing
/// negated).
pub(crate) fn automorphisms(orbits: &[Orbit], moves: &[&Position], most: usize) -> Vec<Position> {
    let targets: Vec<Position> = moves.iter().map(|&m| m.clone()).collect();
    search(orbits, moves, targets, false, most)
}

/// Up to `most` solutions `M` of `M c = m M` with each of `moves` paired
/// with one `c` of `targets` (one-to-one), `M` mirroring where `mirror`.
fn search(
    orbits: &[Orbit],
    moves: &[&Position],
    targets: Vec<Position>,
    mirror: bool,
    most: usize,
) -> Vec<Position> {
    let k = moves.len();
    if k == 0 || orbits.iter().any(|o| o.pieces > 255) {
        return Vec::new();
    }
    let mut search = Search {
        orbits,
        moves,
        inverses: &targets,
        pairs: Vec::new(),
        steps: 0,
        mirror,
        found: Vec::new(),
        most,
    };
    let bases: Vec<usize> = orbits
        .iter()
        .scan(0, |at, o| {
            let b = *at;
            *at += o.pieces;
            Some(b)
        })
        .collect();
    let total: usize = orbits.iter().map(|o| o.pieces).sum();
    let sigma = vec![NONE; total];
    let mut taken = vec![false; total];
    search.choose(0, sigma, &mut taken, &bases, &mut vec![false; k]);
    search.found
}

/// A position of `sigma` not yet placed.
const NONE: u8 = u8::MAX;

/// [`find`]'s state: the move pairs `(m, c)` chosen (`c = f(m)^-1`;
/// for [`automorphisms`], `c = f(m)`: `inverses` holds the targets).
struct Search<'a> {
    orbits: &'a [Orbit],
    moves: &'a [&'a Position],
    inverses: &'a [Position],
    pairs: Vec<(usize, usize)>,
    steps: u64,
    /// Whether `M` mirrors (the sign of `m.o` in the turns' equations).
    mirror: bool,
    /// The solutions so far, and how many are wanted.
    found: Vec<Position>,
    most: usize,
}

impl Search<'_> {
    /// Picks `f` for move `m` (then the next), or, all picked, seeds an
    /// orbit not yet placed, or solves the turns.
    fn choose(
        &mut self,
        m: usize,
        sigma: Vec<u8>,
        taken: &mut [bool],
        bases: &[usize],
        images: &mut [bool],
    ) -> bool {
        if self.steps > MAX_STEPS {
            return true;
        }
        // An orbit with nothing placed gets a seed first: its first
        // position goes to each position in turn.
        if let Some(k) =
            (0..self.orbits.len()).find(|&k| self.orbits[k].pieces > 0 && sigma[bases[k]] == NONE)
        {
            for v in 0..self.orbits[k].pieces {
                let mut s = sigma.clone();
                let mut t = taken.to_vec();
                if self.place(&mut s, &mut t, bases, k, 0, v as u8)
                    && self.choose(m, s, &mut t, bases, images)
                {
                    return true;
                }
            }
            return false;
        }
        if m == self.moves.len() {
            if sigma.contains(&NONE) {
                // Positions no move reaches from a seed: seed them too.
                let Some((k, j)) = self.unplaced(&sigma, bases) else {
                    return false;
                };
                for v in 0..self.orbits[k].pieces {
                    let mut s = sigma.clone();
                    let mut t = taken.to_vec();
                    if self.place(&mut s, &mut t, bases, k, j, v as u8)
                        && self.choose(m, s, &mut t, bases, images)
                    {
                        return true;
                    }
                }
                return false;
            }
            if let Some(found) = self.turns(&sigma, bases) {
                self.found.push(found);
            }
            return self.found.len() >= self.most;
        }
        for c in 0..self.moves.len() {
            if images[c] {
                continue;
            }
            images[c] = true;
            self.pairs.push((m, c));
            let mut s = sigma.clone();
            let mut t = taken.to_vec();
            if self.settle(&mut s, &mut t, bases) && self.choose(m + 1, s, &mut t, bases, images) {
                return true;
            }
            self.pairs.pop();
            images[c] = false;
        }
        false
    }

    /// The first position of `sigma` not placed, as (orbit, position).
    fn unplaced(&self, sigma: &[u8], bases: &[usize]) -> Option<(usize, usize)> {
        let x = sigma.iter().position(|&v| v == NONE)?;
        let k = bases.iter().rposition(|&b| b <= x)?;
        Some((k, x - bases[k]))
    }

    /// Sets `sigma(j) = v` in orbit `k` and follows every chosen pair;
    /// `false` on a clash.
    fn place(
        &mut self,
        sigma: &mut [u8],
        taken: &mut [bool],
        bases: &[usize],
        k: usize,
        j: usize,
        v: u8,
    ) -> bool {
        let mut work = vec![(k, j, v)];
        while let Some((k, j, v)) = work.pop() {
            self.steps += 1;
            let (b, x) = (bases[k], bases[k] + j);
            if sigma[x] == v {
                continue;
            }
            if sigma[x] != NONE || taken[b + usize::from(v)] {
                return false;
            }
            sigma[x] = v;
            taken[b + usize::from(v)] = true;
            self.follow(sigma, bases, k, j, &mut work);
        }
        true
    }

    /// Follows every chosen pair from every placed position (after a
    /// pair is added); `false` on a clash.
    fn settle(&mut self, sigma: &mut [u8], taken: &mut [bool], bases: &[usize]) -> bool {
        let mut work = Vec::new();
        for k in 0..self.orbits.len() {
            for j in 0..self.orbits[k].pieces {
                if sigma[bases[k] + j] != NONE {
                    self.follow(sigma, bases, k, j, &mut work);
                }
            }
        }
        while let Some((k, j, v)) = work.pop() {
            if !self.place(sigma, taken, bases, k, j, v) {
                return false;
            }
        }
        true
    }

    /// What `M c = m M` asks from `sigma(j)` in orbit `k`: `sigma(c.p[j])
    /// = m.p[sigma(j)]` for each chosen pair.
    fn follow(
        &self,
        sigma: &[u8],
        bases: &[usize],
        k: usize,
        j: usize,
        work: &mut Vec<(usize, usize, u8)>,
    ) {
        let off = 2 * bases[k];
        let v = usize::from(sigma[bases[k] + j]);
        for &(m, c) in &self.pairs {
            let to = usize::from(self.inverses[c].0[off + j]);
            let at = self.moves[m].0[off + v];
            work.push((k, to, at));
        }
    }

    /// The turns of `M` for the whole `sigma`, if the equations have a
    /// solution: `a[c.p[j]] = a[j] - m.o[sigma(j)] - c.o[j]`.
    fn turns(&self, sigma: &[u8], bases: &[usize]) -> Option<Position> {
        let mut a = vec![NONE; sigma.len()];
        for (k, o) in self.orbits.iter().enumerate() {
            let (n, modulo, off, b) = (o.pieces, o.orientations, 2 * bases[k], bases[k]);
            for root in 0..n {
                if a[b + root] != NONE {
                    continue;
                }
                a[b + root] = 0;
                let mut work = vec![root];
                while let Some(j) = work.pop() {
                    for &(m, c) in &self.pairs {
                        let c = &self.inverses[c].0;
                        let to = usize::from(c[off + j]);
                        let turn = self.moves[m].0[off + n + usize::from(sigma[b + j])];
                        // Mirroring: a[to] = a[j] - m.o - c.o; else
                        // a[to] = a[j] + m.o - c.o.
                        let minus = if self.mirror {
                            (turn + c[off + n + j]) % modulo
                        } else {
                            (c[off + n + j] + modulo - turn % modulo) % modulo
                        };
                        let want = (a[b + j] + modulo - minus) % modulo;
                        if a[b + to] == NONE {
                            a[b + to] = want;
                            work.push(to);
                        } else if a[b + to] != want {
                            return None;
                        }
                    }
                }
            }
        }
        let mut bytes = Vec::with_capacity(2 * sigma.len());
        for (k, o) in self.orbits.iter().enumerate() {
            let b = bases[k];
            bytes.extend_from_slice(&sigma[b..b + o.pieces]);
            bytes.extend_from_slice(&a[b..b + o.pieces]);
        }
        Some(Position(bytes.into_iter().collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::definition::Definition;

    /// The cube's mirror image maps each face turn to a counterclockwise
    /// face turn, and composing with it is associative.
    #[test]
    fn the_cube_has_a_mirror() {
        for name in ["2x2x2", "3x3x3"] {
            let def = Definition::builtin(name).expect("built in").expect("valid");
            let orbits = def.orbits();
            let moves: Vec<&Position> = def.moves().iter().map(|(_, p)| p).collect();
            let m = find(orbits, &moves).expect("a mirror");
            let mi = inverse(&m, true, orbits);
            let id = Position::identity(orbits);
            assert_eq!(compose(&m, &mi, true, orbits), id);
            assert_eq!(compose(&mi, &m, true, orbits), id);
            for &g in &moves {
                // M^-1 g M: a mirror image twice, so not mirrored.
                let c = compose(&compose(&mi, g, false, orbits), &m, true, orbits);
                let inv = c.inverse(orbits);
                assert!(moves.contains(&&inv), "{name}: not a move's inverse");
            }
            // Associative on mixed triples.
            let (a, b) = (moves[0], moves[2]);
            for (x, y, ym, z, zm) in [
                (a, &m, true, b, false),
                (&m, a, false, &m, true),
                (a, b, false, &m, true),
                (&m, &m, true, &m, true),
            ] {
                let left = compose(&compose(x, y, ym, orbits), z, zm, orbits);
                let right = compose(x, &compose(y, z, zm, orbits), zm != ym, orbits);
                assert_eq!(left, right, "{name}");
            }
        }
    }

    /// On small random puzzles (two moves, one or two orbits of up to
    /// four pieces and three orientations), [`find`] finds a mirror image
    /// exactly where trying every signed position finds one.
    #[test]
    fn found_exactly_where_one_exists() {
        let mut rng = puzzle_search_core::input::SplitMix64::new(11);
        let (mut with, mut without) = (0, 0);
        for _ in 0..300 {
            let sizes: Vec<(usize, u8)> = (0..1 + rng.below(2))
                .map(|_| (2 + rng.below(3) as usize, 1 + rng.below(3) as u8))
                .collect();
            let mut text = String::new();
            for (k, &(n, o)) in sizes.iter().enumerate() {
                text += &format!("Set P{k} {n} {o}\n");
            }
            text += "Solved\n";
            for (k, &(n, _)) in sizes.iter().enumerate() {
                let labels: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
                text += &format!("P{k}\n{}\n", labels.join(" "));
            }
            text += "End\n";
            for name in ["A", "B"] {
                text += &format!("Move {name}\n");
                for (k, &(n, o)) in sizes.iter().enumerate() {
                    let mut perm: Vec<usize> = (1..=n).collect();
                    for i in (1..n).rev() {
                        perm.swap(i, rng.below(i as u64 + 1) as usize);
                    }
                    let p: Vec<String> = perm.iter().map(|x| x.to_string()).collect();
                    let t: Vec<String> = (0..n)
                        .map(|_| rng.below(u64::from(o)).to_string())
                        .collect();
                    text += &format!("P{k}\n{}\n{}\n", p.join(" "), t.join(" "));
                }
                text += "End\n";
            }
            let Ok(def) = Definition::parse(&text) else {
                continue;
            };
            let orbits = def.orbits();
            let moves: Vec<&Position> = def.moves().iter().map(|(_, p)| p).collect();
            let inverses: Vec<Position> = moves.iter().map(|m| m.inverse(orbits)).collect();
            let reflects = |m: &Position| {
                let mi = inverse(m, true, orbits);
                moves.iter().all(|&g| {
                    let c = compose(&compose(&mi, g, false, orbits), m, true, orbits);
                    inverses.contains(&c)
                })
            };
            let exists = every_signed(orbits).iter().any(&reflects);
            let found = find(orbits, &moves);
            assert_eq!(found.is_some(), exists, "{text}");
            if let Some(m) = found {
                assert!(reflects(&m), "{text}");
                with += 1;
            } else {
                without += 1;
            }
        }
        assert!(with > 20 && without > 20, "{with} with, {without} without");
    }

    /// Every position of `orbits` (each orbit's permutations times its
    /// turns).
    fn every_signed(orbits: &[Orbit]) -> Vec<Position> {
        let mut all = vec![Vec::new()];
        for o in orbits {
            let n = o.pieces;
            let mut next = Vec::new();
            for head in &all {
                for perm in permutations(n) {
                    for code in 0..u32::from(o.orientations).pow(n as u32) {
                        let mut v: Vec<u8> = head.clone();
                        v.extend(perm.iter().map(|&x| x as u8));
                        let mut c = code;
                        for _ in 0..n {
                            v.push((c % u32::from(o.orientations)) as u8);
                            c /= u32::from(o.orientations);
                        }
                        next.push(v);
                    }
                }
            }
            all = next;
        }
        all.into_iter()
            .map(|v| Position(v.into_iter().collect()))
            .collect()
    }

    /// The permutations of `0..n`.
    fn permutations(n: usize) -> Vec<Vec<usize>> {
        if n == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for p in permutations(n - 1) {
            for i in 0..n {
                let mut q = p.clone();
                q.insert(i, n - 1);
                out.push(q);
            }
        }
        out
    }
}
