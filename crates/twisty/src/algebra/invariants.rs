//! [`Invariants`]: what every position the moves reach from solved
//! shares with the solved state, found from the moves, so that a given
//! state outside the group is answered at once ("unsolvable: CORNER
//! orientation sum 1, must be 0 (mod 3)") instead of searched until a
//! limit.
//!
//! Each rule is a property of the solved state that every move keeps, so
//! every position reached has it (induction on the moves); a state that
//! breaks one is never reached. The rules, per orbit:
//! - **Blocks.** A move sends the piece on `p[j]` to `j`, so the pieces
//!   on a set of positions closed under every move's permutation stay in
//!   it: the positions split into blocks (the components of the moves'
//!   permutations), and each block holds the solved state's pieces.
//! - **Unturned blocks.** Where no move turns a position of a block, a
//!   piece keeps its orientation as it moves: the block holds the solved
//!   state's pieces each with its solved orientation (as pairs).
//! - **Orientation sums.** A move adds `t[j]` at each position `j` of a
//!   block and only permutes the block's pieces, so the block's
//!   orientation sum grows by the move's sum over the block: modulo `d`,
//!   the gcd of the orbit's `o` and every move's sum over the block, it
//!   never changes (the 3x3x3's corners: `d = 3`; edges: `d = 2`).
//! - **Parities.** On a block whose solved pieces are told apart, a
//!   position's arrangement is a permutation of the solved one, whose
//!   parity changes by the parity of each move's permutation of the
//!   block; on a block of an even number of orientations, the sum's
//!   parity changes by that of the move's sum (well defined: 2 divides
//!   `o`). These bits, relative to solved, form a vector over GF(2) that
//!   each move changes by its own vector, so a reached position's lies in
//!   the span of the moves' vectors (a reduced basis tests it): the
//!   3x3x3's corner and edge parities are equal, every move of the
//!   pyraminx is even on its edges, and a move that swaps two pieces and
//!   flips one ties a permutation's parity to a sum's.
//!
//! The parity rule is left out past 512 bits (a definition of hundreds
//! of orbits); the others stand alone. They are necessary, not sufficient: a state that keeps them all may
//! still be out of reach (a puzzle's other invariants), and its search
//! then runs to its limits as before. On the cubes and the samples'
//! invariants that `coords.rs` finds they are the whole story.

use std::fmt;

use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::model::position::{Position, WILD};

/// The most parity bits the parity rule takes (a definition with more
/// blocks than this is checked without it).
const MAX_PARITY_BITS: usize = 512;

/// The invariants of a puzzle's moves (see the module's docs).
#[derive(Clone, Debug)]
pub(crate) struct Invariants {
    /// The orbits' names, for the messages.
    names: Vec<String>,
    blocks: Vec<Block>,
    /// The parity bits, in vector order: a block (index into `blocks`)
    /// and whether the bit is its orientation sum's (else its
    /// permutation's).
    bits: Vec<(usize, bool)>,
    /// Per bit: whether some move changes it.
    moved: Vec<bool>,
    /// A basis of the moves' parity vectors, reduced: each row with its
    /// pivot, a bit no other row has set.
    basis: Vec<(usize, Vec<u64>)>,
}

/// A set of positions of one orbit that no move's pieces leave.
#[derive(Clone, Debug)]
struct Block {
    orbit: usize,
    /// The orbit's offset in a position and its pieces.
    offset: usize,
    pieces: usize,
    /// Whether the orbit has other blocks (the messages name positions).
    split: bool,
    /// Its positions in the orbit, increasing.
    positions: Vec<usize>,
    /// The solved state's (label, orientation) pairs on it, sorted; the
    /// orientation 0 where the block's pieces are turned.
    solved: Vec<(u8, u8)>,
    /// No move turns a position of it (and no orientation is wild).
    unturned: bool,
    /// The modulus its orientation sum keeps (1: none) and that sum.
    modulus: u8,
    sum: u8,
    /// Where its solved labels are told apart: each label's place in
    /// `positions` (by label, 255 for none).
    home: Option<Vec<u8>>,
    /// Whether its orientation sum's parity is a bit (`o` even, none
    /// wild), and the solved sum's parity.
    sum_bit: bool,
    solved_twist: u32,
    /// How many of its solved orientations are wild (`?` travels with
    /// its piece, so every reached position has as many).
    wild: usize,
}

/// Why a state is outside the positions a puzzle's moves reach: the
/// invariant it breaks (see [`Twisty::check_invariants`](crate::Twisty::check_invariants)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreachable {
    kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// Not a position of the puzzle (its length).
    Shape,
    /// A piece on a block its pieces never leave.
    Piece {
        orbit: String,
        position: usize,
        label: usize,
    },
    /// A piece turned where no move turns one.
    Turned {
        orbit: String,
        position: usize,
        label: usize,
        turn: u8,
    },
    /// A block with more or fewer wild orientations than solved.
    Wild {
        orbit: String,
        at: String,
        got: usize,
        want: usize,
    },
    /// A block's orientation sum.
    Sum {
        orbit: String,
        at: String,
        sum: u8,
        want: u8,
        modulus: u8,
    },
    /// The parity bits a relation ties: the odd ones and the even.
    Parity {
        odd: Vec<String>,
        even: Vec<String>,
        single: bool,
    },
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Shape => write!(f, "not a position of this puzzle"),
            Kind::Piece {
                orbit,
                position,
                label,
            } => write!(
                f,
                "{orbit} position {position} holds piece {label}, which no move brings there"
            ),
            Kind::Turned {
                orbit,
                position,
                label,
                turn,
            } => write!(
                f,
                "{orbit} position {position} holds piece {label} turned {turn}, and no move turns it"
            ),
            Kind::Wild {
                orbit,
                at,
                got,
                want,
            } => write!(
                f,
                "{orbit}{at} has {got} orientations `?`, the solved state {want}"
            ),
            Kind::Sum {
                orbit,
                at,
                sum,
                want,
                modulus,
            } => write!(
                f,
                "{orbit}{at} orientation sum {sum}, must be {want} (mod {modulus})"
            ),
            Kind::Parity {
                odd, single: true, ..
            } => write!(f, "{} odd, and every move is even on it", odd.join(", ")),
            Kind::Parity { odd, even, .. } => {
                let all: Vec<String> = odd
                    .iter()
                    .map(|n| format!("{n} odd"))
                    .chain(even.iter().map(|n| format!("{n} even")))
                    .collect();
                write!(
                    f,
                    "{}: the moves never make that combination",
                    all.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for Unreachable {}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Whether a permutation (given as the image of each index) is odd.
fn odd(perm: &[u8]) -> bool {
    let mut seen = [false; 256];
    let mut odd = false;
    for s in 0..perm.len() {
        if seen[s] {
            continue;
        }
        let mut i = s;
        while !seen[i] {
            seen[i] = true;
            i = usize::from(perm[i]);
            odd = !odd;
        }
        // A cycle of length L is L - 1 transpositions.
        odd = !odd;
    }
    odd
}

impl Invariants {
    /// The invariants of `moves` on `def` (a pass over each move per
    /// orbit, and an echelon basis over the parity blocks).
    pub(crate) fn new(def: &Definition, moves: &Moves) -> Invariants {
        let solved = def.solved().as_slice();
        let mut blocks = Vec::new();
        for (k, orbit) in def.orbits().iter().enumerate() {
            let (off, n, o) = (def.offset(k), orbit.pieces, orbit.orientations);
            // Union-find over the positions by every move's permutation.
            let mut parent: Vec<usize> = (0..n).collect();
            fn root(parent: &mut [usize], mut x: usize) -> usize {
                while parent[x] != x {
                    parent[x] = parent[parent[x]];
                    x = parent[x];
                }
                x
            }
            for m in 0..moves.len() {
                let p = moves.get(m).as_slice();
                for j in 0..n {
                    let (a, b) = (
                        root(&mut parent, j),
                        root(&mut parent, usize::from(p[off + j])),
                    );
                    parent[a.max(b)] = a.min(b);
                }
            }
            let mut members: Vec<Vec<usize>> = vec![Vec::new(); n];
            for j in 0..n {
                let r = root(&mut parent, j);
                members[r].push(j);
            }
            let count = members.iter().filter(|m| !m.is_empty()).count();
            for positions in members.into_iter().filter(|m| !m.is_empty()) {
                let wild = positions.iter().any(|&j| solved[off + n + j] == WILD);
                let turns = |p: &[u8]| {
                    positions
                        .iter()
                        .map(|&j| u32::from(p[off + n + j]))
                        .sum::<u32>()
                };
                let unturned = !wild
                    && o > 1
                    && (0..moves.len()).all(|m| {
                        let p = moves.get(m).as_slice();
                        positions.iter().all(|&j| p[off + n + j] == 0)
                    });
                let modulus = if wild || o == 1 {
                    1
                } else {
                    (0..moves.len()).fold(u32::from(o), |d, m| {
                        gcd(d, turns(moves.get(m).as_slice()) % u32::from(o))
                    })
                };
                let mut pairs: Vec<(u8, u8)> = positions
                    .iter()
                    .map(|&j| {
                        (
                            solved[off + j],
                            if unturned { solved[off + n + j] } else { 0 },
                        )
                    })
                    .collect();
                pairs.sort_unstable();
                let distinct = positions.len() > 1 && pairs.windows(2).all(|w| w[0].0 != w[1].0);
                let home = distinct.then(|| {
                    let mut home = vec![u8::MAX; 256];
                    for (i, &j) in positions.iter().enumerate() {
                        home[usize::from(solved[off + j])] = i as u8;
                    }
                    home
                });
                let sum_bit = !wild && o % 2 == 0;
                blocks.push(Block {
                    sum_bit,
                    solved_twist: if sum_bit { turns(solved) % 2 } else { 0 },
                    wild: positions
                        .iter()
                        .filter(|&&j| solved[off + n + j] == WILD)
                        .count(),
                    orbit: k,
                    offset: off,
                    pieces: n,
                    split: count > 1,
                    sum: if modulus > 1 {
                        (turns(solved) % modulus) as u8
                    } else {
                        0
                    },
                    modulus: modulus as u8,
                    solved: pairs,
                    unturned,
                    positions,
                    home,
                });
            }
        }
        let mut bits = Vec::new();
        for (i, b) in blocks.iter().enumerate() {
            if b.home.is_some() {
                bits.push((i, false));
            }
            if b.sum_bit {
                bits.push((i, true));
            }
        }
        // A hostile definition's thousands of blocks would make the
        // elimination quadratic: past the cap the rule is left out (the
        // others stand; each is only a necessary condition).
        if bits.len() > MAX_PARITY_BITS {
            bits.clear();
        }
        let words = bits.len().div_ceil(64);
        let mut basis = Vec::new();
        let mut moved = vec![false; bits.len()];
        let mut perm = Vec::new();
        for m in 0..moves.len() {
            let p = moves.get(m).as_slice();
            let mut row = vec![0u64; words];
            for (bit, &(b, sum)) in bits.iter().enumerate() {
                let block = &blocks[b];
                let (off, n) = (block.offset, block.pieces);
                let set = if sum {
                    block
                        .positions
                        .iter()
                        .map(|&j| u32::from(p[off + n + j]))
                        .sum::<u32>()
                        % 2
                        == 1
                } else {
                    let Some(home) = &block.home else { continue };
                    // The move as a permutation of the block's places:
                    // place `i` receives what was on `p[j]`, in the block
                    // (blocks are closed), whose solved label has a home.
                    perm.clear();
                    perm.extend(
                        block
                            .positions
                            .iter()
                            .map(|&j| home[usize::from(solved[off + usize::from(p[off + j])])]),
                    );
                    odd(&perm)
                };
                if set {
                    row[bit / 64] |= 1 << (bit % 64);
                    moved[bit] = true;
                }
            }
            if reduce(&basis, &mut row) {
                insert(&mut basis, row);
            }
        }
        Invariants {
            names: def.orbits().iter().map(|o| o.name.clone()).collect(),
            blocks,
            bits,
            moved,
            basis,
        }
    }

    /// `Ok` where `state` keeps every invariant, else the first it breaks.
    pub(crate) fn check(&self, state: &Position) -> Result<(), Unreachable> {
        let s = state.as_slice();
        let len = self
            .blocks
            .iter()
            .map(|b| b.offset + 2 * b.pieces)
            .max()
            .unwrap_or(0);
        if s.len() != len {
            return Err(Unreachable { kind: Kind::Shape });
        }
        let mut pairs = Vec::new();
        for b in &self.blocks {
            let (off, n) = (b.offset, b.pieces);
            let name = &self.names[b.orbit];
            // Wild orientations first: the pairs below would read a `?`
            // as a turn.
            let at = || {
                if b.split {
                    let list: Vec<String> =
                        b.positions.iter().map(|j| (j + 1).to_string()).collect();
                    format!(" positions {}", list.join(" "))
                } else {
                    String::new()
                }
            };
            let wild = b
                .positions
                .iter()
                .filter(|&&j| s[off + n + j] == WILD)
                .count();
            if wild != b.wild {
                return Err(Unreachable {
                    kind: Kind::Wild {
                        orbit: name.clone(),
                        at: at(),
                        got: wild,
                        want: b.wild,
                    },
                });
            }
            pairs.clear();
            pairs.extend(
                b.positions
                    .iter()
                    .map(|&j| (s[off + j], if b.unturned { s[off + n + j] } else { 0 })),
            );
            pairs.sort_unstable();
            if pairs != b.solved {
                // A pair the solved block has fewer of, and where it sits.
                let surplus = pairs
                    .iter()
                    .find(|x| {
                        pairs.iter().filter(|y| y == x).count()
                            > b.solved.iter().filter(|y| y == x).count()
                    })
                    .copied()
                    .unwrap_or((0, 0));
                let j = b
                    .positions
                    .iter()
                    .copied()
                    .find(|&j| {
                        s[off + j] == surplus.0 && (!b.unturned || s[off + n + j] == surplus.1)
                    })
                    .unwrap_or(b.positions[0]);
                let (position, label) = (j + 1, usize::from(surplus.0) + 1);
                let labels_equal = {
                    let mut a: Vec<u8> = pairs.iter().map(|x| x.0).collect();
                    let mut c: Vec<u8> = b.solved.iter().map(|x| x.0).collect();
                    a.sort_unstable();
                    c.sort_unstable();
                    a == c
                };
                let orbit = name.clone();
                return Err(Unreachable {
                    kind: if labels_equal {
                        Kind::Turned {
                            orbit,
                            position,
                            label,
                            turn: surplus.1,
                        }
                    } else {
                        Kind::Piece {
                            orbit,
                            position,
                            label,
                        }
                    },
                });
            }
            if b.modulus > 1 {
                let sum = b
                    .positions
                    .iter()
                    .map(|&j| u32::from(s[off + n + j]))
                    .sum::<u32>()
                    % u32::from(b.modulus);
                if sum as u8 != b.sum {
                    return Err(Unreachable {
                        kind: Kind::Sum {
                            orbit: name.clone(),
                            at: at(),
                            sum: sum as u8,
                            want: b.sum,
                            modulus: b.modulus,
                        },
                    });
                }
            }
        }
        // Parities: the blocks' pieces are the solved ones by now.
        let mut row = vec![0u64; self.bits.len().div_ceil(64)];
        let mut perm = Vec::new();
        for (bit, &(i, sum)) in self.bits.iter().enumerate() {
            let b = &self.blocks[i];
            let (off, n) = (b.offset, b.pieces);
            let set = if sum {
                let twist = |p: &[u8]| {
                    b.positions
                        .iter()
                        .map(|&j| u32::from(p[off + n + j]))
                        .sum::<u32>()
                };
                (twist(s) + b.solved_twist) % 2 == 1
            } else {
                let Some(home) = &b.home else { continue };
                perm.clear();
                perm.extend(b.positions.iter().map(|&j| home[usize::from(s[off + j])]));
                odd(&perm)
            };
            if set {
                row[bit / 64] |= 1 << (bit % 64);
            }
        }
        let seen = row.clone();
        if reduce(&self.basis, &mut row) {
            let name = |bit: usize| {
                let (i, sum) = self.bits[bit];
                let b = &self.blocks[i];
                let name = &self.names[b.orbit];
                let at = if b.split {
                    let list: Vec<String> =
                        b.positions.iter().map(|j| (j + 1).to_string()).collect();
                    format!(" positions {}", list.join(" "))
                } else {
                    String::new()
                };
                let what = if sum {
                    "orientation sum"
                } else {
                    "permutation"
                };
                format!("{name}{at} {what}")
            };
            // Name the bits some relation ties and some move changes (a
            // bit the moves flip alone is no part of what is broken; one
            // no move changes matters only where it is odd).
            let mut odd = Vec::new();
            let mut even = Vec::new();
            for bit in (0..self.bits.len()).filter(|&bit| self.tied(bit)) {
                if seen[bit / 64] >> (bit % 64) & 1 == 1 {
                    odd.push(name(bit));
                } else if self.moved[bit] {
                    even.push(name(bit));
                }
            }
            let single = even.is_empty() && odd.len() == 1;
            return Err(Unreachable {
                kind: Kind::Parity { odd, even, single },
            });
        }
        Ok(())
    }

    /// Whether parity bit `bit` takes part in a relation: the moves
    /// cannot flip it alone (its unit vector is not in their span).
    fn tied(&self, bit: usize) -> bool {
        let mut unit = vec![0u64; self.bits.len().div_ceil(64)];
        unit[bit / 64] |= 1 << (bit % 64);
        reduce(&self.basis, &mut unit)
    }
}

/// Reduces `row` by the reduced `basis`; whether anything is left (then
/// `row` is not in the basis's span). Each row is zero at the others'
/// pivots, so clearing a pivot never sets another.
fn reduce(basis: &[(usize, Vec<u64>)], row: &mut [u64]) -> bool {
    for (p, b) in basis {
        if row[p / 64] >> (p % 64) & 1 == 1 {
            for (r, x) in row.iter_mut().zip(b) {
                *r ^= x;
            }
        }
    }
    row.iter().any(|&w| w != 0)
}

/// Adds a reduced, non-zero `row` to the basis, pivoted on its lowest
/// set bit (zero in every row's pivot, being reduced), which it clears
/// from the other rows (their pivots stay: `row` is zero there).
fn insert(basis: &mut Vec<(usize, Vec<u64>)>, row: Vec<u64>) {
    let p = row
        .iter()
        .enumerate()
        .find(|(_, w)| **w != 0)
        .map_or(0, |(i, w)| i * 64 + w.trailing_zeros() as usize);
    for (_, b) in basis.iter_mut() {
        if b[p / 64] >> (p % 64) & 1 == 1 {
            for (x, r) in b.iter_mut().zip(&row) {
                *x ^= r;
            }
        }
    }
    basis.push((p, row));
}

#[cfg(test)]
mod tests;
