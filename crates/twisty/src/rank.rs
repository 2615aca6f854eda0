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

/// Orbit `k`'s [`Shape`], or `None` where it cannot be numbered as a
/// permutation: pieces that look alike (labels not a permutation) or wild
/// orientations.
pub(crate) fn shape(def: &Definition, moves: &Moves, k: usize) -> Option<Shape> {
    let (shape, counts) = shape_with_counts(def, moves, k)?;
    counts.iter().all(|&c| c == 1).then_some(shape)
}

/// Orbit `k`'s [`Shape`] and how many pieces carry each label (pieces
/// that look alike share one), or `None` where an orientation is wild.
pub(crate) fn shape_with_counts(
    def: &Definition,
    moves: &Moves,
    k: usize,
) -> Option<(Shape, Vec<u8>)> {
    let orbits = def.orbits();
    let offset: usize = orbits[..k].iter().map(|o| 2 * o.pieces).sum();
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

/// How many arrangements a multiset of labels with these `counts` has
/// (`n! / (c_0! c_1! ...)`), or `None` past `u64`.
pub(crate) fn arrangements(counts: &[u8]) -> Option<u64> {
    // Built up one label at a time: choose the places of each label's
    // copies among those so far, a binomial each (exact at every step).
    let mut total = 1u64;
    let mut placed = 0u64;
    for &c in counts {
        for i in 1..=u64::from(c) {
            placed += 1;
            total = total.checked_mul(placed)? / i;
        }
    }
    Some(total)
}

/// The rank of arrangement `p` of the multiset with `counts` (each label
/// below `counts.len()`): lexicographic, among
/// [`arrangements`]`(counts)`. `counts` is used as scratch and restored.
pub(crate) fn multiset_rank(p: &[u8], counts: &mut [u8]) -> u64 {
    let mut r = 0u64;
    for &x in p {
        // Arrangements of the rest that put a smaller label here.
        for v in 0..usize::from(x) {
            if counts[v] > 0 {
                counts[v] -= 1;
                r += arrangements(counts).unwrap_or(0);
                counts[v] += 1;
            }
        }
        counts[usize::from(x)] -= 1;
    }
    for &x in p {
        counts[usize::from(x)] += 1;
    }
    r
}

/// The arrangement of rank `r` ([`multiset_rank`]'s inverse) into `out`.
pub(crate) fn multiset_unrank(mut r: u64, counts: &mut [u8], out: &mut [u8]) {
    for o in out.iter_mut() {
        for v in 0..counts.len() {
            if counts[v] == 0 {
                continue;
            }
            counts[v] -= 1;
            let here = arrangements(counts).unwrap_or(0);
            if r < here {
                *o = v as u8;
                break;
            }
            r -= here;
            counts[v] += 1;
        }
    }
    for &x in out.iter() {
        counts[usize::from(x)] += 1;
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Multiset ranks: a bijection onto `0..arrangements`, in
    /// lexicographic order, unrank their inverse.
    #[test]
    fn multiset_ranks_are_lexicographic_and_perfect() {
        for counts in [vec![2u8, 2], vec![1, 3, 1], vec![1, 1, 1, 1], vec![4]] {
            let n: usize = counts.iter().map(|&c| usize::from(c)).sum();
            let total = arrangements(&counts).expect("small");
            let mut c = counts.clone();
            let mut last: Option<Vec<u8>> = None;
            for r in 0..total {
                let mut p = vec![0u8; n];
                multiset_unrank(r, &mut c, &mut p);
                assert_eq!(c, counts);
                assert_eq!(multiset_rank(&p, &mut c), r);
                assert_eq!(c, counts);
                if let Some(l) = &last {
                    assert!(*l < p);
                }
                last = Some(p);
            }
        }
        assert_eq!(arrangements(&[2, 2]), Some(6));
        assert_eq!(arrangements(&[1; 20]), Some(2_432_902_008_176_640_000));
        assert_eq!(arrangements(&[1; 21]), None);
    }
}
