//! What numbering an orbit needs to know of it: where it sits in a
//! position, its pieces and orientations, whether every move keeps the
//! orientations' sum (so the last follows from the others), and which
//! pieces look alike. The numbering itself is the core's
//! [`rank`](puzzle_search_core::rank) module: Lehmer or multiset ranks
//! for the permutation, base `o` for the orientations. Shared by the
//! positions' own rank (`Twisty`'s `Ranked`), the coordinate tables and
//! the piece groups.

use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::model::position::WILD;

/// What numbering orbit `k` needs: its offset in a position, its pieces
/// and orientations, and whether every move (and the solved state) keeps
/// the orientations' sum, so that the last follows from the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) offset: usize,
    pub(crate) pieces: usize,
    pub(crate) orientations: u8,
    pub(crate) kept: bool,
}

/// Orbit `k`'s [`Shape`], or `None` where it cannot be numbered as a
/// permutation: pieces that look alike (labels not a permutation) or wild
/// orientations.
pub(crate) fn of(def: &Definition, moves: &Moves, k: usize) -> Option<Shape> {
    let (shape, counts) = with_counts(def, moves, k)?;
    counts.iter().all(|&c| c == 1).then_some(shape)
}

/// Orbit `k`'s [`Shape`] and how many pieces carry each label (pieces
/// that look alike share one), or `None` where an orientation is wild.
pub(crate) fn with_counts(def: &Definition, moves: &Moves, k: usize) -> Option<(Shape, Vec<u8>)> {
    let orbits = def.orbits();
    let offset = def.offset(k);
    let (n, o) = (orbits[k].pieces, orbits[k].orientations);
    let solved = def.solved().as_slice();
    let mut counts = vec![0u8; n];
    for &l in &solved[offset..offset + n] {
        *counts.get_mut(usize::from(l))? += 1;
    }
    let turns = |p: &[u8]| p[offset + n..offset + 2 * n].to_vec();
    if turns(solved).contains(&WILD) {
        return None;
    }
    let sum = |t: Vec<u8>| t.iter().map(|&x| u32::from(x)).sum::<u32>() % u32::from(o);
    let kept = sum(turns(solved)) == 0
        && (0..moves.len()).all(|m| sum(turns(moves.get(m).as_slice())) == 0);
    let shape = Shape {
        offset,
        pieces: n,
        orientations: o,
        kept,
    };
    Some((shape, counts))
}

/// Whether orbit `k`'s orientations never change: the solved state turns
/// none of its pieces (no `?` either) and no move turns any. Every
/// position reached from solved then has them all 0, and the census's
/// ranks count them as one orientation (`2gen.tws`'s edges: 2^12 fewer
/// ranks).
pub(crate) fn unturned(def: &Definition, moves: &Moves, k: usize) -> bool {
    let orbits = def.orbits();
    let offset = def.offset(k);
    let n = orbits[k].pieces;
    let zero = |p: &[u8]| p[offset + n..offset + 2 * n].iter().all(|&t| t == 0);
    orbits[k].orientations > 1
        && zero(def.solved().as_slice())
        && (0..moves.len()).all(|m| zero(moves.get(m).as_slice()))
}

/// The orbits some move moves or turns (the others stay solved).
pub(crate) fn moving_orbits(def: &Definition, moves: &Moves) -> Vec<usize> {
    (0..def.orbits().len())
        .filter(|&k| {
            let (off, n) = (def.offset(k), def.orbits()[k].pieces);
            (0..moves.len()).any(|m| {
                let p = moves.get(m).as_slice();
                (0..n).any(|j| usize::from(p[off + j]) != j || p[off + n + j] != 0)
            })
        })
        .collect()
}
