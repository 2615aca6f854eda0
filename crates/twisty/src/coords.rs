//! [`Coordinates`]: a puzzle as move tables on per-orbit coordinates
//! (Kociemba's coordinates, generic), numbered over the values the moves
//! reach: each orbit's labels (a permutation's Lehmer rank, or where
//! pieces look alike the rank of the arrangement of their labels) and its
//! orientations (base `o`) are two coordinates, each a table from value to
//! value per move. A state is a handful of `u32`s and a move a table read
//! a coordinate, so the dense census runs at memory speed instead of
//! composing positions.
//!
//! Why two coordinates an orbit suffice: a move sends the piece on `p[j]`
//! to `j` and adds its turn at `j`, so the new labels depend only on the
//! old ones, and the new orientations (`o'[j] = o[p[j]] + t[j]`, by
//! position) only on the old orientations: the two move independently.
//!
//! # The reachable group, not the product of orbits
//! The census's space is ranked over what the moves can reach, found from
//! the moves themselves (issue 45), by three rules, each exact:
//! - **Each coordinate over the values it reaches.** A coordinate moves
//!   by its own table, so the values it takes in reachable positions are
//!   exactly those its table reaches from the solved value (a
//!   breadth-first search over at most [`MAX_COORD`] values). This is
//!   where an orbit's orientation sum, its permutation parity, pieces that
//!   never leave a set of places (the tangram's corners), pieces no move
//!   touches and orientations no move changes all drop out, without being
//!   named.
//! - **Coordinates moved alike.** Two coordinates with the same table and
//!   the same solved value are equal in every position reached (by
//!   induction on the moves): the second is a copy and no digit of the
//!   rank (the pyraminx's two corner orbits, the tangram's corners and
//!   outer edges).
//! - **Parities tied across orbits.** A position's label permutation on
//!   orbit `k` has the parity of the solved one plus that of every move
//!   played (`q = p . m` on the orbit), so the parities of the reachable
//!   positions, as a vector over GF(2), are the solved one's plus the span
//!   of the moves' parity vectors. A basis in reduced echelon form names
//!   pivot orbits whose parities are free; every other orbit's parity is
//!   the solved one's plus a sum of pivot parities. Where an orbit's
//!   reachable values hold both parities (then half each: they are a
//!   coset of a group with an odd element), its values are numbered evens
//!   first, and a dependent orbit's digit is its value within its parity
//!   (half the count): the cube's corner and edge parities, the 2x2x2-like
//!   puzzles with several orbits of one parity.
//!
//! The rank is injective on the reachable positions (each dropped digit
//! follows from the others there) and its space contains them; where the
//! rules see every invariant, it is exactly their number (the pyraminx:
//! 302,330,880 ranks, all reached). Tested: every state a census reaches
//! ranks back to itself, and the census equals the hash census.

use puzzle_search_core::{Puzzle, Ranked, rank};

use crate::position::Position;
use crate::puzzle::Twisty;
use crate::shape;

/// The most orbits a coordinate state holds (two coordinates each).
pub const MAX_COORD_ORBITS: usize = 8;

pub use crate::group::MAX_COORD;

/// A state: per orbit the number of its labels' and its orientations'
/// values among those the moves reach.
pub type CoordState = [u32; 2 * MAX_COORD_ORBITS];

/// How a coordinate numbers its part of a position.
#[derive(Clone, Debug)]
enum Numbering {
    /// Labels told apart: the Lehmer rank.
    Permutation,
    /// Pieces alike: the rank of the arrangement of labels with these
    /// counts (one per label value).
    Multiset(Vec<u8>),
    /// Orientations in base `o`, the last left out where every move keeps
    /// their sum.
    Turns { o: u8, kept: bool },
}

/// One coordinate before it is numbered over its reachable values: where
/// it sits in a position (its orbit's labels or turns) and how it counts.
#[derive(Clone, Debug)]
struct Raw {
    /// The orbit's offset in a position (its labels; turns follow them).
    offset: usize,
    pieces: usize,
    numbering: Numbering,
    /// How many values the numbering has.
    count: u64,
}

impl Raw {
    /// The value of this coordinate in position `s`.
    fn value(&self, s: &[u8]) -> u64 {
        let n = self.pieces;
        match &self.numbering {
            Numbering::Permutation => rank::permutation_rank(&s[self.offset..self.offset + n]),
            Numbering::Multiset(counts) => {
                let mut counts = counts.clone();
                rank::multiset_rank(&s[self.offset..self.offset + n], &mut counts)
            }
            Numbering::Turns { o, kept } => {
                rank::orientation_rank(&s[self.offset + n..self.offset + 2 * n], *o, *kept)
            }
        }
    }

    /// The pieces (labels or turns) of value `v`, into `out`.
    fn pieces_of(&self, v: u64, counts: &mut [u8], out: &mut [u8]) {
        match &self.numbering {
            Numbering::Permutation => rank::permutation_unrank(v, out),
            Numbering::Multiset(_) => rank::multiset_unrank(v, counts, out),
            Numbering::Turns { o, kept } => rank::orientation_unrank(v, *o, *kept, out),
        }
    }

    /// The value of pieces `p` ([`pieces_of`](Self::pieces_of)'s inverse).
    fn value_of(&self, p: &[u8], counts: &mut [u8]) -> u64 {
        match &self.numbering {
            Numbering::Permutation => rank::permutation_rank(p),
            Numbering::Multiset(_) => rank::multiset_rank(p, counts),
            Numbering::Turns { o, kept } => rank::orientation_rank(p, *o, *kept),
        }
    }

    /// Whether this coordinate's values have a parity (a permutation).
    fn has_parity(&self) -> bool {
        matches!(self.numbering, Numbering::Permutation) && self.pieces >= 2
    }
}

/// What a coordinate adds to the rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Digit {
    /// Its value.
    Full,
    /// Its value within its parity (half its count): the parity is the
    /// solved one's (`flip`) plus that of the free coordinates in `mask`.
    Half { mask: u16, flip: bool },
    /// Nothing: it equals the coordinate at this index in every position
    /// reached.
    Copy(usize),
}

/// One coordinate over its reachable values.
#[derive(Clone, Debug)]
struct Slot {
    raw: Raw,
    /// Value number to raw value: ascending, evens first where `split`.
    values: Vec<u32>,
    /// `table[v * moves + m]`: the value number after move `m` (empty for
    /// a copy).
    table: Vec<u32>,
    /// The solved state's value number.
    goal: u32,
    /// Whether the values hold both parities (evens below half, odds from
    /// it).
    split: bool,
    digit: Digit,
}

impl Slot {
    /// How many values this coordinate's digit takes.
    fn radix(&self) -> u64 {
        match self.digit {
            Digit::Full => self.values.len() as u64,
            Digit::Half { .. } => self.values.len() as u64 / 2,
            Digit::Copy(_) => 1,
        }
    }

    fn half(&self) -> u32 {
        (self.values.len() / 2) as u32
    }

    /// The value number of raw value `raw`, if it is reached; `odd`: its
    /// parity (where the values are split by it).
    fn number(&self, raw: u64, odd: bool) -> Option<u32> {
        let raw = u32::try_from(raw).ok()?;
        let half = self.values.len() / 2;
        let range = match (self.split, odd) {
            (false, _) => 0..self.values.len(),
            (true, false) => 0..half,
            (true, true) => half..self.values.len(),
        };
        let start = range.start;
        self.values[range]
            .binary_search(&raw)
            .ok()
            .map(|i| (start + i) as u32)
    }
}

/// The values coordinate `raw` takes from `goal` under the moves (each
/// move's part of the orbit: `perm`, `turn`), ascending and split by
/// parity where both occur, with the table between them; `None` past
/// [`MAX_COORD`] values.
fn reach(raw: &Raw, goal: u64, moves: &[(&[u8], &[u8])]) -> Option<Slot> {
    if raw.count > MAX_COORD {
        return None;
    }
    let (n, nm) = (raw.pieces, moves.len());
    const UNSEEN: u32 = u32::MAX;
    // Raw value to discovery number, then (below) to value number.
    let mut map = vec![UNSEEN; raw.count as usize];
    let mut found = vec![goal as u32];
    let mut children: Vec<u32> = Vec::new();
    map[goal as usize] = 0;
    let mut counts = match &raw.numbering {
        Numbering::Multiset(c) => c.clone(),
        _ => Vec::new(),
    };
    let (mut p, mut q) = (vec![0u8; n], vec![0u8; n]);
    let mut i = 0;
    while i < found.len() {
        raw.pieces_of(u64::from(found[i]), &mut counts, &mut p);
        for &(perm, turn) in moves {
            match raw.numbering {
                Numbering::Turns { o, .. } => {
                    for j in 0..n {
                        q[j] = (p[usize::from(perm[j])] + turn[j]) % o;
                    }
                }
                _ => {
                    for j in 0..n {
                        q[j] = p[usize::from(perm[j])];
                    }
                }
            }
            let c = raw.value_of(&q, &mut counts);
            let slot = &mut map[c as usize];
            if *slot == UNSEEN {
                *slot = found.len() as u32;
                found.push(c as u32);
            }
            children.push(c as u32);
        }
        i += 1;
    }
    // Numbered ascending, evens first where both parities occur in equal
    // numbers (a coset of a group with an odd element always has them).
    let mut values = found.clone();
    values.sort_unstable();
    let mut split = false;
    if raw.has_parity() {
        let mut odd = |v: u32| {
            raw.pieces_of(u64::from(v), &mut counts, &mut p);
            rank::is_odd(&p)
        };
        let (evens, odds): (Vec<u32>, Vec<u32>) = values.iter().partition(|&&v| !odd(v));
        if !evens.is_empty() && evens.len() == odds.len() {
            split = true;
            values = evens.into_iter().chain(odds).collect();
        }
    }
    let by_discovery: Vec<u32> = values.iter().map(|&v| map[v as usize]).collect();
    for (number, &v) in values.iter().enumerate() {
        map[v as usize] = number as u32;
    }
    let mut table = vec![0u32; values.len() * nm];
    for (number, &d) in by_discovery.iter().enumerate() {
        for m in 0..nm {
            table[number * nm + m] = map[children[d as usize * nm + m] as usize];
        }
    }
    Some(Slot {
        raw: raw.clone(),
        goal: map[goal as usize],
        values,
        table,
        split,
        digit: Digit::Full,
    })
}

/// A [`Twisty`] puzzle as move tables on coordinates over the values the
/// moves reach (see the module's docs): the same moves in the same order
/// and the same census, in a space often far smaller than the positions'
/// own rank and far faster. Available where no orientation is wild, there
/// are at most [`MAX_COORD_ORBITS`] orbits and each coordinate has at most
/// [`MAX_COORD`] values.
///
/// ```
/// use puzzle_twisty::{Coordinates, Definition, Moves, Twisty};
/// use puzzle_search_core::{Budget, Solver, Strategy};
/// let cube = Definition::builtin("2x2x2").expect("built in")?;
/// let puzzle = Twisty::new(cube.clone(), Moves::select(&cube, &["U", "F", "R"])?);
/// let coords = Coordinates::new(&puzzle).expect("corners fit");
/// let start = coords.start(cube.solved()).expect("solved is reached");
/// let census = Solver::new(Strategy::bfs())
///     .budget(Budget::default().max_states(1 << 30))
///     .census_ranked(&coords, &start);
/// assert_eq!(census.states(), 3_674_160);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Coordinates {
    moves: usize,
    /// Per orbit its labels' coordinate, then its turns'.
    slots: Vec<Slot>,
    goal: CoordState,
    inverse: Vec<Option<u16>>,
    size: u64,
}

impl Coordinates {
    /// The coordinate tables of `puzzle`, or `None` where it does not fit
    /// (see the type's docs).
    pub fn new(puzzle: &Twisty) -> Option<Coordinates> {
        let def = puzzle.definition();
        let moves = puzzle.moves();
        let orbits = def.orbits();
        let nm = moves.len();
        if orbits.len() > MAX_COORD_ORBITS || nm > usize::from(u16::MAX) {
            return None;
        }
        let solved = def.solved().as_slice();
        let mut slots = Vec::with_capacity(2 * orbits.len());
        for k in 0..orbits.len() {
            let (shape, counts) = shape::with_counts(def, moves, k)?;
            let shape::Shape {
                offset,
                pieces: n,
                orientations: o,
                kept,
            } = shape;
            let labels = if counts.iter().all(|&c| c == 1) {
                let count = rank::placements(n, n)?;
                (Numbering::Permutation, count)
            } else {
                let count = rank::arrangements(&counts)?;
                (Numbering::Multiset(counts), count)
            };
            let turn_count = u64::from(o).checked_pow(if kept { n - 1 } else { n } as u32)?;
            let parts: Vec<(&[u8], &[u8])> = (0..nm)
                .map(|m| {
                    let mv = moves.get(m).as_slice();
                    (&mv[offset..offset + n], &mv[offset + n..offset + 2 * n])
                })
                .collect();
            for (numbering, count) in [labels, (Numbering::Turns { o, kept }, turn_count)] {
                let raw = Raw {
                    offset,
                    pieces: n,
                    numbering,
                    count,
                };
                if raw.count > MAX_COORD {
                    return None;
                }
                let goal = raw.value(solved);
                slots.push(reach(&raw, goal, &parts)?);
            }
        }
        // Coordinates moved alike: the later one is a copy.
        for j in 0..slots.len() {
            if let Some(i) = (0..j).find(|&i| {
                slots[i].digit == Digit::Full
                    && slots[i].goal == slots[j].goal
                    && slots[i].table == slots[j].table
            }) {
                slots[j].digit = Digit::Copy(i);
                slots[j].table = Vec::new();
            }
        }
        tie_parities(&mut slots, puzzle);
        let mut goal = [0u32; 2 * MAX_COORD_ORBITS];
        let mut size = 1u64;
        for (i, slot) in slots.iter().enumerate() {
            goal[i] = slot.goal;
            size = size.checked_mul(slot.radix())?;
        }
        let inverse = (0..nm)
            .map(|m| moves.inverse(m).map(|i| i as u16))
            .collect();
        Some(Coordinates {
            moves: nm,
            slots,
            goal,
            inverse,
            size,
        })
    }

    /// The coordinates of `position` (of the puzzle these tables were made
    /// from), or `None` where the moves cannot reach it from the solved
    /// state as the coordinates see it (a value no table reaches, copies
    /// that differ, parities the moves cannot give together).
    ///
    /// ```
    /// use puzzle_twisty::{Coordinates, Definition, Moves, Twisty};
    /// let cube = Definition::builtin("2x2x2").expect("built in")?;
    /// let puzzle = Twisty::new(cube.clone(), Moves::select(&cube, &["U", "R"])?);
    /// let coords = Coordinates::new(&puzzle).expect("corners fit");
    /// let f = Moves::select(&cube, &["F"])?;
    /// let turned = cube.solved().then(f.get(0), cube.orbits());
    /// assert!(coords.start(cube.solved()).is_some());
    /// assert!(coords.start(&turned).is_none()); // <U, R> never moves DFL
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(&self, position: &Position) -> Option<CoordState> {
        let s = position.as_slice();
        let mut c = [0u32; 2 * MAX_COORD_ORBITS];
        let mut parities = 0u16;
        for (i, slot) in self.slots.iter().enumerate() {
            let raw = &slot.raw;
            let odd = raw.has_parity()
                && s.get(raw.offset..raw.offset + raw.pieces)
                    .is_some_and(|p| is_permutation(p) && rank::is_odd(p));
            if s.len() < raw.offset + 2 * raw.pieces {
                return None;
            }
            c[i] = slot.number(raw.value(s), odd)?;
            if slot.split && slot.digit == Digit::Full {
                parities |= u16::from(odd) << i;
            }
        }
        for (i, slot) in self.slots.iter().enumerate() {
            match slot.digit {
                Digit::Full => {}
                Digit::Copy(j) if c[i] == c[j] => {}
                Digit::Half { mask, flip }
                    if (c[i] >= slot.half()) == tied(parities, mask, flip) => {}
                _ => return None,
            }
        }
        Some(c)
    }

    /// The number of states the coordinates span (the product of their
    /// digits' counts).
    pub fn size(&self) -> u64 {
        self.size
    }
}

/// Whether `p` is a permutation of `0..p.len()` (a position's labels of an
/// orbit whose pieces are told apart).
fn is_permutation(p: &[u8]) -> bool {
    let mut seen = 0u64;
    p.len() <= 64
        && p.iter().all(|&x| {
            let bit = 1u64.checked_shl(u32::from(x)).unwrap_or(0);
            let new = usize::from(x) < p.len() && seen & bit == 0;
            seen |= bit;
            new
        })
}

/// The parity a dependent coordinate has: the solved one's (`flip`) plus
/// those of the free coordinates in `mask`.
#[inline]
fn tied(parities: u16, mask: u16, flip: bool) -> bool {
    flip ^ ((parities & mask).count_ones() & 1 == 1)
}

/// Finds the parities tied across orbits (see the module's docs): the
/// moves' parity vectors over the split coordinates in reduced echelon
/// form; every split coordinate that is not a pivot becomes a
/// [`Digit::Half`].
fn tie_parities(slots: &mut [Slot], puzzle: &Twisty) {
    let vars: Vec<usize> = (0..slots.len())
        .filter(|&i| slots[i].split && slots[i].digit == Digit::Full)
        .collect();
    if vars.is_empty() || slots.len() > 16 {
        return;
    }
    let moves = puzzle.moves();
    // Rows: a basis of the span, each with a pivot (its lowest bit) that
    // no other row has.
    let mut rows: Vec<u16> = Vec::new();
    for m in 0..moves.len() {
        let mv = moves.get(m).as_slice();
        let mut x = 0u16;
        for &i in &vars {
            let raw = &slots[i].raw;
            if rank::is_odd(&mv[raw.offset..raw.offset + raw.pieces]) {
                x |= 1 << i;
            }
        }
        for &r in &rows {
            if x & (r & r.wrapping_neg()) != 0 {
                x ^= r;
            }
        }
        if x != 0 {
            let pivot = x & x.wrapping_neg();
            for r in &mut rows {
                if *r & pivot != 0 {
                    *r ^= x;
                }
            }
            rows.push(x);
        }
    }
    let pivots: u16 = rows
        .iter()
        .map(|&r| r & r.wrapping_neg())
        .fold(0, |a, b| a | b);
    let solved: u16 = vars
        .iter()
        .filter(|&&i| slots[i].goal >= slots[i].half())
        .map(|&i| 1u16 << i)
        .fold(0, |a, b| a | b);
    for &j in &vars {
        if pivots >> j & 1 == 1 {
            continue;
        }
        let mask = rows
            .iter()
            .filter(|&&r| r >> j & 1 == 1)
            .map(|&r| r & r.wrapping_neg())
            .fold(0, |a, b| a | b);
        let flip = (solved >> j & 1 == 1) ^ ((solved & mask).count_ones() & 1 == 1);
        slots[j].digit = Digit::Half { mask, flip };
    }
}

impl Puzzle for Coordinates {
    type State = CoordState;
    type Move = u16;

    #[inline]
    fn successors(&self, s: &CoordState, out: &mut Vec<(u16, CoordState)>) {
        for m in 0..self.moves {
            let mut c = *s;
            for (i, slot) in self.slots.iter().enumerate() {
                c[i] = match slot.digit {
                    Digit::Copy(j) => c[j],
                    _ => slot.table[s[i] as usize * self.moves + m],
                };
            }
            out.push((m as u16, c));
        }
    }

    fn is_goal(&self, s: &CoordState) -> bool {
        *s == self.goal
    }

    fn inverse(&self, mv: u16) -> Option<u16> {
        self.inverse.get(usize::from(mv)).copied().flatten()
    }
}

/// Mixed radix over the coordinates' digits (a copy adds none, a
/// dependent parity's coordinate its value within its parity): injective
/// on the reachable states, its space containing them (see the module's
/// docs).
impl Ranked for Coordinates {
    fn space_size(&self) -> u64 {
        self.size
    }

    #[inline]
    fn rank(&self, s: &CoordState) -> u64 {
        let mut r = 0u64;
        for (i, slot) in self.slots.iter().enumerate() {
            r = match slot.digit {
                Digit::Full => r * slot.values.len() as u64 + u64::from(s[i]),
                Digit::Half { .. } => {
                    let half = slot.half();
                    r * u64::from(half) + u64::from(s[i] % half)
                }
                Digit::Copy(_) => r,
            };
        }
        r
    }

    /// Straight from the rank: its coordinates, then each move's child
    /// ranked by the tables, no state built.
    #[inline]
    fn successor_ranks(&self, rank: u64, out: &mut dyn FnMut(u64)) {
        let c = self.unrank(rank);
        for m in 0..self.moves {
            let mut r = 0u64;
            for (i, slot) in self.slots.iter().enumerate() {
                r = match slot.digit {
                    Digit::Full => {
                        r * slot.values.len() as u64
                            + u64::from(slot.table[c[i] as usize * self.moves + m])
                    }
                    Digit::Half { .. } => {
                        let half = slot.half();
                        let v = slot.table[c[i] as usize * self.moves + m];
                        r * u64::from(half) + u64::from(v % half)
                    }
                    Digit::Copy(_) => r,
                };
            }
            out(r);
        }
    }

    /// Where every move's inverse is a move.
    fn reversible(&self) -> bool {
        self.inverse.iter().all(Option::is_some)
    }

    fn unrank(&self, mut r: u64) -> CoordState {
        let mut c = [0u32; 2 * MAX_COORD_ORBITS];
        for (i, slot) in self.slots.iter().enumerate().rev() {
            let radix = slot.radix();
            if radix > 1 {
                c[i] = (r % radix) as u32;
                r /= radix;
            }
        }
        // The free parities, then the dependent ones, then the copies
        // (which only ever copy a coordinate that is not one).
        let mut parities = 0u16;
        for (i, slot) in self.slots.iter().enumerate() {
            if slot.split && slot.digit == Digit::Full && c[i] >= slot.half() {
                parities |= 1 << i;
            }
        }
        for (i, slot) in self.slots.iter().enumerate() {
            match slot.digit {
                Digit::Full => {}
                Digit::Half { mask, flip } => {
                    if tied(parities, mask, flip) {
                        c[i] += slot.half();
                    }
                }
                Digit::Copy(j) => c[i] = c[j],
            }
        }
        c
    }
}
