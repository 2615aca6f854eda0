//! Which projections a definition is given: the blocks of each orbit
//! (the moves' squares'), the choices of the turns kept (none, all, or
//! one block's), the symmetries each choice's index is by, and the
//! conjugates its table is read at.

use super::*;

impl Projection {
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
        let Some(choices) = Self::choices(def, moves, symmetries, max) else {
            return Vec::new();
        };
        taken(choices)
            .into_iter()
            .filter_map(|(_, parts, keep)| Self::of_choice(def, moves, symmetries, parts, &keep))
            .filter(|p| (min..=max).contains(&p.size()))
            .take(count)
            .collect()
    }

    /// The projection of a choice of [`choices`](Self::choices): `parts`,
    /// indexed by the symmetries `keep` marks, read at [`views`].
    pub(super) fn of_choice(
        def: &Definition,
        moves: &Moves,
        symmetries: &Symmetries,
        parts: Vec<Part>,
        keep: &[bool],
    ) -> Option<Projection> {
        let views = views(def, symmetries, &parts, keep);
        let group = symmetries.subgroup(keep);
        let mut proj = Self::with_parts(def, moves, &group, parts)?;
        proj.views = views;
        Some(proj)
    }

    /// The choices of turns kept whose estimated indices are within
    /// `max`, the most first, each with the symmetries (of
    /// `symmetries`) its index is by: all of them, or where a choice
    /// keeps the turns of some blocks of an orbit only, those that map
    /// each such block onto itself (see [`views`]); `None` where no
    /// projection is worth one.
    #[allow(clippy::type_complexity)]
    pub(super) fn choices(
        def: &Definition,
        moves: &Moves,
        symmetries: &Symmetries,
        max: u64,
    ) -> Option<Vec<(u64, Vec<Part>, Vec<bool>)>> {
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
        // Per orbit, what of its turns a choice may keep: none, all, or
        // (where it has several blocks) one block's, one block of each
        // set the symmetries map onto one another (the others are read
        // at the conjugates that map them onto it: [`views`]).
        let syms = symmetries.len();
        let mut ways: Vec<Vec<Turns>> = Vec::new();
        for (k, block, _) in &orbits {
            let mut w = vec![Turns::None];
            if def.orbits()[*k].orientations > 1 {
                w.push(Turns::All);
                let blocks = usize::from(block.iter().copied().max().unwrap_or(0)) + 1;
                if blocks > 1 {
                    let mut seen = 0u32;
                    for b in 0..blocks as u8 {
                        if seen >> b & 1 == 1 {
                            continue;
                        }
                        for i in 0..syms {
                            seen |= 1 << block_image(def, symmetries, *k, block, i, b);
                        }
                        w.push(Turns::Block(b));
                    }
                }
            }
            ways.push(w);
        }
        // Too many ways: the blocks' turns left out (at most 8 orbits
        // with turns then, 256 choices).
        let count = |ways: &[Vec<Turns>]| {
            ways.iter()
                .try_fold(1usize, |a, w| a.checked_mul(w.len()))
                .unwrap_or(usize::MAX)
        };
        if count(&ways) > 1 << 12 {
            for w in &mut ways {
                w.retain(|t| !matches!(t, Turns::Block(_)));
            }
        }
        let combinations = count(&ways);
        if combinations > 1 << 8 && ways.iter().all(|w| w.len() <= 2) {
            return None;
        }
        let mut choices: Vec<(u64, Vec<Part>, Vec<bool>)> = Vec::new();
        for c in 0..combinations {
            let picked: Vec<Turns> = ways
                .iter()
                .scan(c, |c, w| {
                    let way = w[*c % w.len()];
                    *c /= w.len();
                    Some(way)
                })
                .collect();
            // One orbit at most keeps a block's turns (two would leave
            // fewer symmetries still, and more conjugates to read).
            if picked
                .iter()
                .filter(|t| matches!(t, Turns::Block(_)))
                .count()
                > 1
            {
                continue;
            }
            let mut keep = vec![true; syms];
            let mut parts = Vec::with_capacity(orbits.len());
            for ((k, block, kept), &way) in orbits.iter().zip(&picked) {
                let part = match way {
                    Turns::None => Part::new(def, *k, block.clone(), *kept, false, 0),
                    Turns::All => Part::new(def, *k, block.clone(), *kept, true, 0),
                    Turns::Block(b) => {
                        for (i, keep) in keep.iter_mut().enumerate() {
                            *keep &= block_image(def, symmetries, *k, block, i, b) == b;
                        }
                        Part::new(def, *k, block.clone(), *kept, false, 1 << b)
                    }
                };
                parts.push(part);
            }
            let Some(parts) = parts.into_iter().collect::<Option<Vec<Part>>>() else {
                continue;
            };
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
            let kept = keep.iter().filter(|&&k| k).count() as u64;
            let about = (size / lead).saturating_mul(lead.div_ceil(kept));
            if about <= max {
                choices.push((about, parts, keep));
            }
        }
        // The most indices first; the estimate is at most the size (a
        // class holds at most a value per symmetry), so a choice is
        // checked once its classes are counted.
        choices.sort_by_key(|(about, _, _)| std::cmp::Reverse(*about));
        Some(choices)
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

/// Of `choices` ([`Projection::choices`]), those worth a table: a choice
/// by fewer symmetries is read at several conjugates (a node costs more),
/// so it is taken only where it is larger than every choice by all of
/// them, to spend memory those cannot.
#[allow(clippy::type_complexity)]
pub(super) fn taken(
    mut choices: Vec<(u64, Vec<Part>, Vec<bool>)>,
) -> Vec<(u64, Vec<Part>, Vec<bool>)> {
    let largest = choices
        .iter()
        .filter(|(_, _, keep)| keep.iter().all(|&k| k))
        .map(|(about, _, _)| *about)
        .max()
        .unwrap_or(0);
    choices.retain(|(about, _, keep)| keep.iter().all(|&k| k) || *about > largest);
    choices
}

/// What a choice keeps of an orbit's turns.
#[derive(Clone, Copy, Debug)]
enum Turns {
    None,
    All,
    /// Those of one block's places.
    Block(u8),
}

/// The block of orbit `k` (places' `block`s) whose pieces the conjugate
/// by symmetry `i` shows on block `b`'s places: `r^-1 g r` holds on
/// place `j` the image of the piece on `g`'s place `r.p[j]`.
fn block_image(
    def: &Definition,
    symmetries: &Symmetries,
    k: usize,
    block: &[u8],
    i: usize,
    b: u8,
) -> u8 {
    let r = symmetries.get(i).as_slice();
    let off = def.offset(k);
    block
        .iter()
        .position(|&x| x == b)
        .map_or(b, |j| block[usize::from(r[off + j])])
}

/// The symmetries (of `symmetries`, the identity first) to read a
/// projection of `parts` at, `keep` those its index is by: one for each
/// set of blocks (one a block-turned part) its conjugates show on the
/// kept blocks' places, the first symmetry that shows it. Conjugates by
/// two symmetries that show the same blocks read entries at most as
/// useful as one another's (both are lower bounds, each conjugate as far
/// from solved as the position: `Symmetries`' docs), so one of each is
/// read; where the index is by all symmetries, the identity alone.
fn views(def: &Definition, symmetries: &Symmetries, parts: &[Part], keep: &[bool]) -> Vec<usize> {
    if keep.iter().all(|&k| k) {
        return vec![0];
    }
    let shown = |i: usize| -> Vec<u8> {
        parts
            .iter()
            .filter(|p| p.block_turns != 0)
            .flat_map(|p| {
                (0..p.counts.len() as u8)
                    .filter(|&b| p.block_turns >> b & 1 == 1)
                    .map(move |b| block_image(def, symmetries, p.orbit, &p.block, i, b))
            })
            .collect()
    };
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let mut out = Vec::new();
    for i in 0..symmetries.len() {
        let s = shown(i);
        if !seen.contains(&s) {
            seen.push(s);
            out.push(i);
        }
    }
    out
}
