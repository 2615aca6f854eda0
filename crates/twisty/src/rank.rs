//! Numbering an orbit: its permutation by the Lehmer code, its
//! orientations in base `o` (the last one left out where every move keeps
//! their sum, since it follows from the others). Shared by the positions'
//! own rank (`Twisty`'s `Ranked`) and the coordinate tables.

use crate::def::WILD;
use crate::definition::Definition;
use crate::moves::Moves;

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

/// Orbit `k`'s [`Shape`], or `None` where it cannot be numbered: pieces
/// that look alike (labels not a permutation) or wild orientations.
pub(crate) fn shape(def: &Definition, moves: &Moves, k: usize) -> Option<Shape> {
    let orbits = def.orbits();
    let offset: usize = orbits[..k].iter().map(|o| 2 * o.pieces).sum();
    let (n, o) = (orbits[k].pieces, orbits[k].orientations);
    let solved = def.solved().as_slice();
    let mut seen = vec![false; n];
    for &l in &solved[offset..offset + n] {
        if usize::from(l) >= n || std::mem::replace(&mut seen[usize::from(l)], true) {
            return None;
        }
    }
    let turns = |p: &[u8]| p[offset + n..offset + 2 * n].to_vec();
    if turns(solved).contains(&WILD) {
        return None;
    }
    let sum = |t: Vec<u8>| t.iter().map(|&x| u32::from(x)).sum::<u32>() % u32::from(o);
    let kept = sum(turns(solved)) == 0
        && (0..moves.len()).all(|m| sum(turns(moves.get(m).as_slice())) == 0);
    Some(Shape {
        offset,
        pieces: n,
        orientations: o,
        kept,
    })
}

/// The most pieces an orbit numbered here may have (`20!` fits a `u64`).
pub(crate) const MAX_PIECES: usize = 20;

/// The Lehmer rank of a permutation of `0..n`, `n <= MAX_PIECES`: for each
/// position, how many later pieces are smaller (`n^2`, `n` small).
pub(crate) fn perm_rank(p: &[u8]) -> u64 {
    let n = p.len();
    let mut r = 0u64;
    for i in 0..n {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count() as u64;
        r = r * (n - i) as u64 + smaller;
    }
    r
}

/// The permutation of `0..out.len()` of Lehmer rank `r` (fixed buffers: no
/// allocation).
pub(crate) fn perm_unrank(mut r: u64, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0u8; MAX_PIECES + 1];
    for i in (0..n).rev() {
        let radix = (n - i) as u64;
        digits[i] = (r % radix) as u8;
        r /= radix;
    }
    let mut left = [0u8; MAX_PIECES + 1];
    for (i, l) in left.iter_mut().enumerate().take(n) {
        *l = i as u8;
    }
    let mut len = n;
    for i in 0..n {
        let d = usize::from(digits[i]);
        out[i] = left[d];
        left.copy_within(d + 1..len, d);
        len -= 1;
    }
}

/// Orientations `t` (each below `o`) as a number in base `o`, the last left
/// out when `kept`.
pub(crate) fn turn_rank(t: &[u8], o: u8, kept: bool) -> u64 {
    let k = if kept { t.len() - 1 } else { t.len() };
    t[..k]
        .iter()
        .fold(0u64, |r, &x| r * u64::from(o) + u64::from(x))
}

/// The orientations of number `r` (the inverse of [`turn_rank`]); when
/// `kept`, the last makes their sum a multiple of `o`.
pub(crate) fn turn_unrank(mut r: u64, o: u8, kept: bool, out: &mut [u8]) {
    let n = out.len();
    let k = if kept { n - 1 } else { n };
    let mut sum = 0u64;
    for j in (0..k).rev() {
        out[j] = (r % u64::from(o)) as u8;
        r /= u64::from(o);
        sum += u64::from(out[j]);
    }
    if kept {
        out[n - 1] = ((u64::from(o) - sum % u64::from(o)) % u64::from(o)) as u8;
    }
}
