//! [`random_position`]: positions drawn at random, uniformly over the
//! whole group for the built-in cubes, by a long random walk elsewhere.

use puzzle_search_core::input::SplitMix64;

use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::model::position::Position;

/// How many moves a random walk plays where no uniform draw is known.
pub const WALK: usize = 1000;

/// How [`random_position`] drew a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// Uniformly over every position the moves reach.
    Uniform,
    /// By this many random moves from solved (close to uniform on most
    /// puzzles, not exactly).
    Walk(usize),
}

/// A random position of `def`. For the built-in cubes
/// ([`Definition::builtin`], unchanged) with all their moves, uniform
/// over the whole group: each orbit a uniformly random permutation and
/// orientations uniform among those summing to 0, and on the 3x3x3 the
/// edges' parity made the corners' (two edges swapped when it differs: a
/// one-to-one map between the halves, so uniform still). These are the
/// groups the face turns generate (2x2x2: `8! 3^7` positions, its census;
/// 3x3x3: `8! 3^7 12! 2^11 / 2`). Other puzzles and move sets get a walk
/// of [`WALK`] random moves from solved, said in the [`Draw`].
///
/// ```
/// use puzzle_twisty::{Definition, Draw, Moves, random_position};
/// use puzzle_search_core::input::SplitMix64;
/// let cube = Definition::builtin("3x3x3").expect("built in")?;
/// let moves = Moves::all(&cube)?;
/// let mut rng = SplitMix64::new(1);
/// let (p, how) = random_position(&cube, &moves, &mut rng);
/// assert_eq!(how, Draw::Uniform);
/// assert_ne!(&p, cube.solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn random_position(def: &Definition, moves: &Moves, rng: &mut SplitMix64) -> (Position, Draw) {
    let builtin = ["2x2x2", "3x3x3"].into_iter().find(|&name| {
        Definition::builtin(name)
            .and_then(Result::ok)
            .is_some_and(|b| {
                b.orbits() == def.orbits() && b.solved() == def.solved() && b.moves() == def.moves()
            })
    });
    let every_move = moves.len() == 3 * def.moves().len();
    match builtin {
        Some(name) if every_move => (uniform_cube(def, name == "3x3x3", rng), Draw::Uniform),
        _ => {
            let mut p = def.solved().clone();
            for _ in 0..WALK {
                let m = rng.below(moves.len() as u64) as usize;
                p = p.then(moves.get(m), def.orbits());
            }
            (p, Draw::Walk(WALK))
        }
    }
}

/// Uniform over the cube's group (see [`random_position`]); `parity`:
/// the edges' permutation parity made the corners'.
fn uniform_cube(def: &Definition, parity: bool, rng: &mut SplitMix64) -> Position {
    let mut p = Position::identity(def.orbits());
    let mut off = 0;
    let mut parities = Vec::new();
    for o in def.orbits() {
        let n = o.pieces;
        let (labels, turns) = p.0[off..off + 2 * n].split_at_mut(n);
        rng.shuffle(labels);
        let mut sum = 0u32;
        for t in turns[..n - 1].iter_mut() {
            *t = rng.below(u64::from(o.orientations)) as u8;
            sum += u32::from(*t);
        }
        let modulo = u32::from(o.orientations);
        turns[n - 1] = ((modulo - sum % modulo) % modulo) as u8;
        parities.push((off, odd(labels)));
        off += 2 * n;
    }
    if parity && parities.len() == 2 && parities[0].1 != parities[1].1 {
        // The first orbit (the edges) gets the corners' parity.
        let at = parities[0].0;
        p.0.swap(at, at + 1);
    }
    p
}

/// Whether the permutation `labels` is odd (by its cycles).
pub(crate) fn odd(labels: &[u8]) -> bool {
    let mut seen = [false; 256];
    let mut transpositions = 0;
    for start in 0..labels.len() {
        let mut j = start;
        let mut len = 0;
        while !seen[j] {
            seen[j] = true;
            j = usize::from(labels[j]);
            len += 1;
        }
        transpositions += len.max(1) - 1;
    }
    transpositions % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Drawn cubes keep the cube's invariants (orientation sums 0, equal
    /// parities on the 3x3x3) and spread evenly: each corner label on
    /// position 0 about an eighth of the time, the 2x2x2's parity odd
    /// about half; other move sets walk.
    #[test]
    fn cube_draws_keep_the_invariants() {
        for name in ["2x2x2", "3x3x3"] {
            let def = Definition::builtin(name).expect("built in").expect("valid");
            let moves = Moves::all(&def).expect("moves");
            let mut rng = SplitMix64::new(5);
            let mut first = [0u32; 8];
            let mut odd_draws = 0;
            let draws = 4000;
            for _ in 0..draws {
                let (p, how) = random_position(&def, &moves, &mut rng);
                assert_eq!(how, Draw::Uniform);
                let s = p.as_slice();
                let mut off = 0;
                let mut parity = Vec::new();
                for o in def.orbits() {
                    let n = o.pieces;
                    let sum: u32 = s[off + n..off + 2 * n].iter().map(|&t| u32::from(t)).sum();
                    assert_eq!(sum % u32::from(o.orientations), 0);
                    parity.push(odd(&s[off..off + n]));
                    off += 2 * n;
                }
                if name == "3x3x3" {
                    assert_eq!(parity[0], parity[1]);
                }
                odd_draws += u32::from(parity[0]);
                // The corners: the last orbit, eight pieces.
                first[usize::from(s[off - 16])] += 1;
            }
            assert!(first.iter().all(|&c| (400..600).contains(&c)), "{first:?}");
            assert!((1800..2200).contains(&odd_draws), "{odd_draws}");
        }
        let cube = Definition::builtin("3x3x3")
            .expect("built in")
            .expect("valid");
        let ufr = Moves::select(&cube, &["U", "F", "R"]).expect("moves");
        let (_, how) = random_position(&cube, &ufr, &mut SplitMix64::new(1));
        assert_eq!(how, Draw::Walk(WALK));
    }

    #[test]
    fn parity_by_cycles() {
        assert!(!odd(&[0, 1, 2]));
        assert!(odd(&[1, 0, 2]));
        assert!(!odd(&[1, 2, 0]));
        assert!(odd(&[1, 2, 3, 0]));
    }
}
