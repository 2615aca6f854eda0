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
//! the moves themselves, by three rules, each exact:
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
//!   coset of a group with an odd element), a dependent orbit's digit is
//!   its value's number among the values of its parity (half the count;
//!   the values stay in rank order, which keeps a position's children near
//!   it: numbering evens first made the 2x2x2 census 1.3x slower): the cube's corner and edge parities, the 2x2x2-like
//!   puzzles with several orbits of one parity.
//!
//! The rank is injective on the reachable positions (each dropped digit
//! follows from the others there) and its space contains them; where the
//! rules see every invariant, it is exactly their number (the pyraminx:
//! 302,330,880 ranks, all reached). Tested: every state a census reaches
//! ranks back to itself, and the census equals the hash census.

use puzzle_search_core::rank;

use crate::algebra::shape;
use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::model::position::Position;

/// The most table entries (`u32`s, value x move) all the coordinates'
/// tables may hold together: 512 MB. The six-turn 2x2x2's tables
/// hold (40,320 + 2,187) x 18; a definition of thousands of moves is
/// refused before its tables are built.
pub const MAX_TABLE_ENTRIES: u64 = 1 << 27;

/// The most orbits a coordinate state holds (two coordinates each).
pub const MAX_COORD_ORBITS: usize = 16;

pub use crate::tables::group::MAX_COORD;

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

    /// Whether position `s` holds pieces this coordinate can number: its
    /// orbit's labels a permutation (or the solved state's multiset of
    /// labels), its turns below `o`.
    fn fits(&self, s: &[u8]) -> bool {
        let n = self.pieces;
        let Some(part) = s.get(self.offset..self.offset + 2 * n) else {
            return false;
        };
        let (labels, turns) = part.split_at(n);
        match &self.numbering {
            Numbering::Permutation => is_permutation(labels),
            Numbering::Multiset(counts) => {
                let mut seen = vec![0u8; counts.len()];
                labels.iter().all(|&l| match seen.get_mut(usize::from(l)) {
                    Some(c) => {
                        *c = c.saturating_add(1);
                        true
                    }
                    None => false,
                }) && seen == *counts
            }
            Numbering::Turns { o, .. } => turns.iter().all(|&t| t < *o),
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
    Half { mask: u32, flip: bool },
    /// Nothing: it equals the coordinate at this index in every position
    /// reached.
    Copy(usize),
}

/// One coordinate over its reachable values.
#[derive(Clone, Debug)]
struct Slot {
    raw: Raw,
    /// Value number to raw value, ascending.
    values: Vec<u32>,
    /// Per value number, whether its permutation is odd (where `split`,
    /// else empty).
    odd: Vec<bool>,
    /// `table[v * moves + m]`: the value number after move `m` (while the
    /// coordinates are made; then moved to [`Hot`]).
    table: Vec<u32>,
    /// The solved state's value number.
    goal: u32,
    /// Whether the values hold both parities, as many of each.
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

    /// The value number of raw value `raw`, if it is reached.
    fn number(&self, raw: u64) -> Option<u32> {
        let raw = u32::try_from(raw).ok()?;
        self.values.binary_search(&raw).ok().map(|i| i as u32)
    }

    /// The value numbers of each parity, ascending (a dependent parity's
    /// digit is an index into one of them).
    fn by_parity(&self) -> [Vec<u32>; 2] {
        let all = 0..self.values.len() as u32;
        let (odds, evens) = all.partition(|&v| self.odd[v as usize]);
        [evens, odds]
    }
}

/// The values coordinate `raw` takes from `goal` under the moves (each
/// move's part of the orbit: `perm`, `turn`), ascending, their parities
/// where both occur, with the table between them; `None` past
/// [`MAX_COORD`] values or past `entries` table entries (what is left of
/// [`MAX_TABLE_ENTRIES`], less this table's on success).
fn reach(raw: &Raw, goal: u64, moves: &[(&[u8], &[u8])], entries: &mut u64) -> Option<Slot> {
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
        // A table past what is left of the budget is refused before it
        // is held (a hostile definition's thousands of moves).
        if (found.len() as u64).saturating_mul(nm as u64) > *entries {
            return None;
        }
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
    // Numbered ascending; parities kept where both occur in equal
    // numbers (a coset of a group with an odd element always has them).
    let mut values = found.clone();
    values.sort_unstable();
    let mut odd = Vec::new();
    if raw.has_parity() {
        odd = values
            .iter()
            .map(|&v| {
                raw.pieces_of(u64::from(v), &mut counts, &mut p);
                rank::is_odd(&p)
            })
            .collect();
        if 2 * odd.iter().filter(|&&o| o).count() != odd.len() {
            odd = Vec::new();
        }
    }
    let split = !odd.is_empty();
    let need = (values.len() as u64).saturating_mul(nm as u64);
    if need > *entries {
        return None;
    }
    *entries -= need;
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
        odd,
        table,
        split,
        digit: Digit::Full,
    })
}

/// A coordinate whose parity follows from others ([`Digit::Half`]), as
/// unranking reads it.
#[derive(Clone, Debug)]
struct Dependent {
    at: usize,
    mask: u32,
    flip: bool,
    /// The value numbers of even and of odd permutations, ascending.
    by_parity: [Vec<u32>; 2],
}

/// The most moves whose children's ranks are built a digit at a time
/// (on the stack); more go a move at a time.
const ROW_MOVES: usize = 64;

/// A coordinate that adds a digit to the rank, as the hot loop reads it.
#[derive(Clone, Debug)]
struct Hot {
    /// Its index in a [`CoordState`].
    at: usize,
    /// Its digit's count.
    radix: u64,
    /// A dependent parity's value number to its index among the values of
    /// its parity (empty elsewhere: the digit is the value number).
    within: Vec<u32>,
    /// `table[v * moves + m]`: the value after move `m`.
    table: Vec<u32>,
}

impl Hot {
    #[inline]
    fn digit(&self, v: u32) -> u64 {
        u64::from(if self.within.is_empty() {
            v
        } else {
            self.within[v as usize]
        })
    }
}

/// A [`Twisty`](crate::Twisty) puzzle as move tables on coordinates over the values the
/// moves reach (see the module's docs): the same moves in the same order
/// and the same census, in a space often far smaller than the positions'
/// own rank and far faster. Available where no orientation is wild, there
/// are at most [`MAX_COORD_ORBITS`] orbits, each coordinate has at most
/// [`MAX_COORD`] values and the tables at most [`MAX_TABLE_ENTRIES`]
/// entries in all.
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
    /// The coordinates that add a digit, in rank order (the hot loop's
    /// data, packed apart from the rest).
    digits: Vec<Hot>,
    /// The copies: (coordinate, the one it copies), sources first.
    copies: Vec<(usize, usize)>,
    /// The free parities: (coordinate, each value number's parity).
    free: Vec<(usize, Vec<bool>)>,
    /// The dependent parities.
    dependent: Vec<Dependent>,
    goal: CoordState,
    inverse: Vec<Option<u16>>,
    size: u64,
}

impl Coordinates {
    /// [`new`](Self::new) from the definition and the moves searched
    /// (`new` itself is in `puzzle.rs`: the tables over the whole puzzle
    /// in `bound.rs` make coordinates, and `puzzle.rs` uses `bound.rs`).
    pub(crate) fn of(def: &Definition, moves: &Moves) -> Option<Coordinates> {
        let orbits = def.orbits();
        let nm = moves.len();
        if orbits.len() > MAX_COORD_ORBITS || nm > usize::from(u16::MAX) {
            return None;
        }
        let solved = def.solved().as_slice();
        let mut slots = Vec::with_capacity(2 * orbits.len());
        let mut entries = MAX_TABLE_ENTRIES;
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
                slots.push(reach(&raw, goal, &parts, &mut entries)?);
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
        tie_parities(&mut slots, moves);
        let mut goal = [0u32; 2 * MAX_COORD_ORBITS];
        let mut size = 1u64;
        for (i, slot) in slots.iter().enumerate() {
            goal[i] = slot.goal;
            size = size.checked_mul(slot.radix())?;
        }
        let inverse = (0..nm)
            .map(|m| moves.inverse(m).map(|i| i as u16))
            .collect();
        // The tables move to the hot list (kept once).
        let digits = slots
            .iter_mut()
            .enumerate()
            .filter(|(_, slot)| !matches!(slot.digit, Digit::Copy(_)))
            .map(|(at, slot)| Hot {
                at,
                radix: slot.radix(),
                within: match slot.digit {
                    Digit::Half { .. } => {
                        let mut within = vec![0u32; slot.values.len()];
                        for list in slot.by_parity() {
                            for (k, &v) in list.iter().enumerate() {
                                within[v as usize] = k as u32;
                            }
                        }
                        within
                    }
                    _ => Vec::new(),
                },
                table: std::mem::take(&mut slot.table),
            })
            .collect();
        let copies = slots
            .iter()
            .enumerate()
            .filter_map(|(i, slot)| match slot.digit {
                Digit::Copy(j) => Some((i, j)),
                _ => None,
            })
            .collect();
        let free = slots
            .iter()
            .enumerate()
            .filter(|(_, slot)| slot.split && slot.digit == Digit::Full)
            .map(|(i, slot)| (i, slot.odd.clone()))
            .collect();
        let dependent = slots
            .iter()
            .enumerate()
            .filter_map(|(i, slot)| match slot.digit {
                Digit::Half { mask, flip } => Some(Dependent {
                    at: i,
                    mask,
                    flip,
                    by_parity: slot.by_parity(),
                }),
                _ => None,
            })
            .collect();
        Some(Coordinates {
            moves: nm,
            slots,
            digits,
            copies,
            free,
            dependent,
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
        for (i, slot) in self.slots.iter().enumerate() {
            let raw = &slot.raw;
            if !raw.fits(s) {
                return None;
            }
            c[i] = slot.number(raw.value(s))?;
        }
        let parities = self.parities(&c);
        for (i, slot) in self.slots.iter().enumerate() {
            match slot.digit {
                Digit::Full => {}
                Digit::Copy(j) if c[i] == c[j] => {}
                Digit::Half { mask, flip }
                    if slot.odd[c[i] as usize] == tied(parities, mask, flip) => {}
                _ => return None,
            }
        }
        Some(c)
    }

    /// The coordinates of rank `r` that add a digit (the copies left to
    /// the caller): each digit, then the dependent parities' values from
    /// the free ones.
    #[inline(always)]
    fn decode(&self, mut r: u64, c: &mut CoordState) {
        for hot in self.digits.iter().rev() {
            if hot.radix > 1 {
                c[hot.at] = (r % hot.radix) as u32;
                r /= hot.radix;
            }
        }
        if !self.dependent.is_empty() {
            let parities = self.parities(c);
            for d in &self.dependent {
                let list = &d.by_parity[usize::from(tied(parities, d.mask, d.flip))];
                c[d.at] = list[c[d.at] as usize];
            }
        }
    }

    /// The free coordinates' parities in `c`, a bit each at its index.
    fn parities(&self, c: &CoordState) -> u32 {
        self.free
            .iter()
            .filter(|(i, odd)| odd[c[*i] as usize])
            .fold(0u32, |p, (i, _)| p | 1 << i)
    }

    /// Orbit `k`'s reached values, ascending: its labels' (the Lehmer
    /// ranks of the labels by position) and its turns' (base `o` by
    /// position), as the census by class numbers the orbits it does not
    /// classify.
    pub(crate) fn reached(&self, k: usize) -> (&[u32], &[u32]) {
        (&self.slots[2 * k].values, &self.slots[2 * k + 1].values)
    }

    /// Whether both of orbit `k`'s coordinates copy others' (moved alike
    /// from equal solved values: equal in every position reached), so
    /// that the other orbits determine it.
    pub(crate) fn copied(&self, k: usize) -> bool {
        [2 * k, 2 * k + 1]
            .iter()
            .all(|&i| matches!(self.slots[i].digit, Digit::Copy(_)))
    }

    /// The orbit whose labels orbit `k`'s labels copy (see
    /// [`copied`](Self::copied)), if they do.
    pub(crate) fn labels_copy_of(&self, k: usize) -> Option<usize> {
        match self.slots[2 * k].digit {
            Digit::Copy(i) if i % 2 == 0 => Some(i / 2),
            _ => None,
        }
    }

    /// The number of states the coordinates span (the product of their
    /// digits' counts).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The bytes the coordinates' tables hold (move tables and the
    /// dependent parities' numbering).
    pub(crate) fn table_bytes(&self) -> u64 {
        self.digits
            .iter()
            .map(|h| 4 * (h.table.len() + h.within.len()) as u64)
            .sum()
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
fn tied(parities: u32, mask: u32, flip: bool) -> bool {
    flip ^ ((parities & mask).count_ones() & 1 == 1)
}

/// Finds the parities tied across orbits (see the module's docs): the
/// moves' parity vectors over the split coordinates in reduced echelon
/// form; every split coordinate that is not a pivot becomes a
/// [`Digit::Half`].
fn tie_parities(slots: &mut [Slot], moves: &Moves) {
    let vars: Vec<usize> = (0..slots.len())
        .filter(|&i| slots[i].split && slots[i].digit == Digit::Full)
        .collect();
    if vars.is_empty() || slots.len() > 32 {
        return;
    }
    // Rows: a basis of the span, each with a pivot (its lowest bit) that
    // no other row has.
    let mut rows: Vec<u32> = Vec::new();
    for m in 0..moves.len() {
        let mv = moves.get(m).as_slice();
        let mut x = 0u32;
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
    let pivots: u32 = rows
        .iter()
        .map(|&r| r & r.wrapping_neg())
        .fold(0, |a, b| a | b);
    let solved: u32 = vars
        .iter()
        .filter(|&&i| slots[i].odd[slots[i].goal as usize])
        .map(|&i| 1u32 << i)
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

mod ranked;

#[cfg(test)]
mod tests;
