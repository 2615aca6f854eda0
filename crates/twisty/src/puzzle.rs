//! [`Twisty`]: a definition and a move set as a core
//! [`Puzzle`](puzzle_search_core::Puzzle), with canonical sequences and a
//! perfect rank for the dense census.

use puzzle_search_core::{InPlace, MoveAutomaton, Promise, Puzzle, Ranked, find_twins, rank};

use crate::algebra::invariants::{Invariants, Unreachable};
use crate::algebra::shape;
use crate::bound::OrbitBound;
use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::model::position::Position;
use crate::tables::coords::Coordinates;

/// The most sequences the search for twins examines: depth 3 where the
/// moves allow it (`moves^3` at most this), else depth 2.
const TWIN_SEQUENCES: usize = 1 << 18;

/// A permutation puzzle ready to search: its definition, the moves
/// searched ([`Moves`]), the canonical-sequence automata found from them,
/// and a perfect rank where the space allows one.
///
/// Canonical sequences: [`find_twins`] from the identity (every piece told
/// apart, so two sequences with one effect there have it from every
/// position) finds the move sequences of up to 3 moves with a better twin
/// (a power of the move just played, commuting moves out of order, and
/// whatever else); shortest searches leave out every sequence containing
/// one, the others only those whose twin is as long. Every move is legal
/// everywhere, so each twin is legal wherever its word is. Proof:
/// `docs/strategies.md` ("Canonical sequences").
///
/// ```
/// use puzzle_twisty::{Definition, Moves, Twisty};
/// use puzzle_search_core::{Solver, Strategy};
/// let def = Definition::parse("\
/// Set P 4 1
/// Solved
/// P
/// 1 2 3 4
/// End
/// Move A
/// P
/// 2 1 3 4
/// End
/// Move B
/// P
/// 1 3 4 2
/// End
/// ")?;
/// let puzzle = Twisty::new(def.clone(), Moves::all(&def)?);
/// let census = Solver::new(Strategy::bfs()).census_ranked(&puzzle, def.solved());
/// assert_eq!(census.states(), 24); // A and B generate S4
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Twisty {
    def: Definition,
    moves: Moves,
    shortest: MoveAutomaton,
    as_long: MoveAutomaton,
    rank: Option<Rank>,
    bound: Option<std::sync::Arc<OrbitBound>>,
    /// Each move's inverse permutation (searched or not), for taking a
    /// move back in place.
    undo: Vec<Position>,
    /// What every position the moves reach keeps.
    invariants: Invariants,
}

/// The perfect rank of the positions reached from solved: per orbit, the
/// rank of its labels (the Lehmer rank of a permutation, among those of
/// one parity where every move is even on the orbit; where pieces look
/// alike, the lexicographic rank of the arrangement of its labels) and the
/// orientations in base `o` (the last one left out where every move keeps
/// the orientation sum), mixed radix over the orbits.
#[derive(Clone, Debug)]
struct Rank {
    orbits: Vec<RankedOrbit>,
    size: u64,
}

/// One orbit of [`Rank`].
#[derive(Clone, Debug)]
struct RankedOrbit {
    pieces: usize,
    orientations: u8,
    /// Whether the last orientation follows from the others.
    kept: bool,
    /// The orbit's rank count.
    count: u64,
    /// How many pieces carry each label, where some look alike (`None`:
    /// a permutation).
    counts: Option<Vec<u8>>,
    /// Where pieces are told apart and every move is an even permutation
    /// of them: the solved state's parity, which every position reached
    /// keeps (the permutation is ranked among the `n!/2` of that parity).
    parity: Option<bool>,
}

impl Twisty {
    /// The puzzle of `def` searched with `moves` (made from `def`). Finds
    /// the canonical sequences (a breadth-first search of up to 2^18
    /// sequences; none past 256 moves).
    ///
    /// # Panics
    /// When `moves` were made from another definition.
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, Twisty};
    /// let def = Definition::parse("Set P 2 1\nSolved\nP\n1 2\nEnd\nMove S\nP\n2 1\nEnd\n")?;
    /// let puzzle = Twisty::new(def.clone(), Moves::all(&def)?);
    /// assert_eq!(puzzle.moves().names(), ["S"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(def: Definition, moves: Moves) -> Self {
        let orbits = def.orbits().to_vec();
        let n = moves.len();
        // Past 256 moves no automaton is built (its moves are bytes).
        let depth = match n {
            0..=64 if n.pow(3) <= TWIN_SEQUENCES => 3,
            0..=256 => 2,
            _ => 0,
        };
        let id = Position::identity(&orbits);
        let mut as_long_words = Vec::new();
        let twins = find_twins(
            id,
            n,
            depth,
            TWIN_SEQUENCES,
            |s, m| Some(s.then(moves.get(m), &orbits)),
            |word, twin| {
                if word.len() == twin.len() {
                    as_long_words.push(word.to_vec());
                }
                true
            },
        );
        // Moves number below n (at most 256 for the automaton) and words
        // are non-empty, so `new` does not refuse them; past 256 moves (no
        // words were searched) and on a refusal, every sequence is kept:
        // always right, only slower.
        let automaton = |words: &[Vec<u8>]| {
            MoveAutomaton::new(n.clamp(1, 256), words)
                .unwrap_or_else(|_| MoveAutomaton::keep_all(n))
        };
        let (shortest, as_long) = (automaton(&twins.words), automaton(&as_long_words));
        let rank = Rank::new(&def, &moves);
        let undo = (0..n).map(|m| moves.get(m).inverse(&orbits)).collect();
        let invariants = Invariants::new(&def, &moves);
        Self {
            def,
            moves,
            shortest,
            as_long,
            rank,
            bound: None,
            undo,
            invariants,
        }
    }

    /// `Ok` where `state` keeps every invariant of the moves (what each
    /// block of positions the moves' pieces never leave holds, its
    /// orientation sum, the parities they tie), else the one it breaks:
    /// such a state is never reached from solved, and a search from it
    /// would run until its limits. Necessary, not sufficient: a state
    /// that passes may still be out of reach on a puzzle with other
    /// invariants. Cheap (a pass over the state).
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, Twisty};
    /// let cube = Definition::builtin("2x2x2").expect("built in")?;
    /// let puzzle = Twisty::new(cube.clone(), Moves::all(&cube)?);
    /// assert!(puzzle.check_invariants(cube.solved()).is_ok());
    /// // One corner twisted in place.
    /// let mut bytes = cube.solved().as_slice().to_vec();
    /// bytes[8] = 1;
    /// let twisted = cube.solved().clone().with_bytes(&bytes).expect("same length");
    /// let err = puzzle.check_invariants(&twisted).unwrap_err();
    /// assert_eq!(err.to_string(), "CORNER orientation sum 1, must be 0 (mod 3)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_invariants(&self, state: &Position) -> Result<(), Unreachable> {
        self.invariants.check(state)
    }

    /// This puzzle with `bound` as its lower bound (see [`OrbitBound`]):
    /// IDA* then solves it optimally in reasonable time where the tables
    /// are strong.
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, OrbitBound, Twisty};
    /// use puzzle_search_core::{Budget, Solver, Strategy};
    /// let def = Definition::parse("Set P 4 3\nSolved\nP\n1 2 3 4\nEnd\nMove T\nP\n2 3 1 4\n1 1 1 0\nEnd\nMove S\nP\n1 2 4 3\nEnd\n")?;
    /// let plain = Twisty::new(def.clone(), Moves::all(&def)?);
    /// let bound = OrbitBound::build(plain.definition(), plain.moves(), &Budget::default(), None, None)?;
    /// let puzzle = plain.with_bound(bound);
    /// let m = |n: &str| puzzle.moves().find(n).expect("a move");
    /// let start = [m("T"), m("S"), m("T")].iter().fold(def.solved().clone(), |p, &mv| {
    ///     p.then(puzzle.moves().get(mv), def.orbits())
    /// });
    /// let report = Solver::new(Strategy::ida()).solve(&puzzle, &start);
    /// assert_eq!(puzzle.spell(report.solution().expect("solved")), "T' S T'");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_bound(mut self, bound: OrbitBound) -> Self {
        self.bound = Some(std::sync::Arc::new(bound));
        self
    }

    /// The tables given by [`with_bound`](Self::with_bound), if any (their
    /// report, their read counts).
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, Twisty};
    /// let def = Definition::parse("Set P 2 1\nSolved\nP\n1 2\nEnd\nMove T\nP\n2 1\nEnd\n")?;
    /// assert!(Twisty::new(def.clone(), Moves::all(&def)?).bound().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bound(&self) -> Option<&OrbitBound> {
        self.bound.as_deref()
    }

    /// The definition.
    pub fn definition(&self) -> &Definition {
        &self.def
    }

    /// The moves searched.
    pub fn moves(&self) -> &Moves {
        &self.moves
    }

    /// The canonical-sequence automaton shortest searches use.
    pub fn automaton(&self) -> &MoveAutomaton {
        &self.shortest
    }

    /// The moves' names, spaced, for printing an answer.
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, Twisty};
    /// let def = Definition::parse("Set P 2 1\nSolved\nP\n1 2\nEnd\nMove S\nP\n2 1\nEnd\n")?;
    /// let puzzle = Twisty::new(def.clone(), Moves::all(&def)?);
    /// assert_eq!(puzzle.spell(&[0, 0]), "S S");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn spell(&self, moves: &[u16]) -> String {
        moves
            .iter()
            .map(|&m| self.moves.names()[usize::from(m)].as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The moves a line of move notation names, as a scramble file's
    /// `ScrambleAlg` line reads them (powers, groups, rotations, wide
    /// turns), as indices into [`moves`](Self::moves): the inverse of
    /// [`spell`](Self::spell), by which a printed answer is checked to
    /// read back as the moves found.
    ///
    /// # Errors
    /// A [`ParseError`](crate::ParseError) naming the token: an unknown move, a power not
    /// among the moves, an unclosed group.
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, Twisty};
    /// let cube = Definition::builtin("2x2x2").expect("built in")?;
    /// let puzzle = Twisty::new(cube.clone(), Moves::all(&cube)?);
    /// let moves = puzzle.read_moves("R U2 (R U)'")?;
    /// assert_eq!(puzzle.spell(&moves), "R U2 U' R'");
    /// assert_eq!(puzzle.read_moves(&puzzle.spell(&moves))?, moves);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_moves(&self, text: &str) -> Result<Vec<u16>, crate::ParseError> {
        let mut out = Vec::new();
        crate::sequences::notation::Notation::new(&self.def, &self.moves)
            .read_line(text, 1, &mut out)?;
        Ok(out)
    }
}

impl Twisty {
    /// Keeps in `out[start..]` the moves whose child the tables allow with
    /// `left` moves left (every child's bound read at once, their misses
    /// overlapping; a child needing more than the `left - 1` moves after
    /// it goes); whether any went.
    #[inline]
    fn keep_within(&self, s: &Position, left: u32, out: &mut Vec<u16>, start: usize) -> bool {
        match (&self.bound, left) {
            (Some(bound), 1..) => bound.keep_within(s, &self.moves, out, start, left - 1),
            _ => false,
        }
    }

    /// The automaton searches under `promise` follow.
    #[inline]
    fn automaton_for(&self, promise: Promise) -> &MoveAutomaton {
        if promise == Promise::Shortest {
            &self.shortest
        } else {
            &self.as_long
        }
    }

    /// `a`'s step from `q` by `mv` (past 256 moves no automaton is
    /// built: every move is kept, from state 0).
    #[inline]
    fn step(&self, a: &MoveAutomaton, q: u32, mv: u16) -> Option<u32> {
        if usize::from(mv) >= a.moves() {
            return Some(0);
        }
        a.step(q, usize::from(mv))
    }
}

impl Rank {
    fn new(def: &Definition, moves: &Moves) -> Option<Rank> {
        let mut out = Vec::with_capacity(def.orbits().len());
        let mut size = 1u64;
        for k in 0..def.orbits().len() {
            let (shape, counts) = shape::with_counts(def, moves, k)?;
            let (n, mut o, kept) = (shape.pieces, shape.orientations, shape.kept);
            // Orientations no move changes stay 0 from solved: one value.
            if shape::unturned(def, moves, k) {
                o = 1;
            }
            let alike = counts.iter().any(|&c| c != 1);
            let off = shape.offset;
            // `is_odd` reads at most 64 pieces; past 20 no rank fits anyway.
            let parity = (!alike
                && (2..=64).contains(&n)
                && (0..moves.len()).all(|m| !rank::is_odd(&moves.get(m).as_slice()[off..off + n])))
            .then(|| rank::is_odd(&def.solved().as_slice()[off..off + n]));
            // `n!` fits a `u64` only up to `rank::MAX_PERMUTED`: checked.
            let mut count = if alike {
                rank::arrangements(&counts)?
            } else {
                rank::placements(n, n)? / if parity.is_some() { 2 } else { 1 }
            };
            for _ in 0..if kept { n - 1 } else { n } {
                count = count.checked_mul(u64::from(o))?;
            }
            size = size.checked_mul(count)?;
            out.push(RankedOrbit {
                pieces: n,
                orientations: o,
                kept,
                count,
                counts: alike.then_some(counts),
                parity,
            });
        }
        Some(Rank { orbits: out, size })
    }

    fn turns(orbit: &RankedOrbit) -> u64 {
        let n = orbit.pieces;
        u64::from(orbit.orientations).pow(if orbit.kept { n - 1 } else { n } as u32)
    }

    fn rank(&self, s: &[u8]) -> u64 {
        let mut r = 0u64;
        let mut off = 0;
        let mut scratch = [0u8; 256];
        for orbit in &self.orbits {
            let n = orbit.pieces;
            let p = match &orbit.counts {
                Some(counts) => {
                    let c = &mut scratch[..counts.len()];
                    c.copy_from_slice(counts);
                    rank::multiset_rank(&s[off..off + n], c)
                }
                None if orbit.parity.is_some() => rank::parity_rank(&s[off..off + n]),
                None => rank::permutation_rank(&s[off..off + n]),
            };
            let t =
                rank::orientation_rank(&s[off + n..off + 2 * n], orbit.orientations, orbit.kept);
            r = r * orbit.count + p * Self::turns(orbit) + t;
            off += 2 * n;
        }
        r
    }

    fn unrank(&self, mut r: u64, out: &mut [u8]) {
        // Orbits were combined first to last: take them apart last first,
        // their offsets counted down from the end.
        let mut end: usize = self.orbits.iter().map(|o| 2 * o.pieces).sum();
        let mut scratch = [0u8; 256];
        for orbit in self.orbits.iter().rev() {
            let n = orbit.pieces;
            let off = end - 2 * n;
            end = off;
            let here = r % orbit.count;
            r /= orbit.count;
            let turns = Self::turns(orbit);
            let (o, kept) = (orbit.orientations, orbit.kept);
            rank::orientation_unrank(here % turns, o, kept, &mut out[off + n..off + 2 * n]);
            match &orbit.counts {
                Some(counts) => {
                    let c = &mut scratch[..counts.len()];
                    c.copy_from_slice(counts);
                    rank::multiset_unrank(here / turns, c, &mut out[off..off + n]);
                }
                None => match orbit.parity {
                    Some(odd) => rank::parity_unrank(here / turns, odd, &mut out[off..off + n]),
                    None => rank::permutation_unrank(here / turns, &mut out[off..off + n]),
                },
            }
        }
    }
}

impl Puzzle for Twisty {
    type State = Position;
    type Move = u16;

    #[inline]
    fn successors(&self, s: &Position, out: &mut Vec<(u16, Position)>) {
        let orbits = self.def.orbits();
        for m in 0..self.moves.len() {
            let mut child = s.clone();
            s.then_into(self.moves.get(m), orbits, &mut child);
            out.push((m as u16, child));
        }
    }

    fn is_goal(&self, s: &Position) -> bool {
        s == self.def.solved()
    }

    #[inline]
    fn lower_bound(&self, s: &Position) -> Option<u32> {
        match &self.bound {
            Some(b) => b.lower_or_dead(s),
            None => Some(0),
        }
    }

    fn inverse(&self, mv: u16) -> Option<u16> {
        self.moves.inverse(usize::from(mv)).map(|m| m as u16)
    }

    #[inline]
    fn canonical(&self, _: &Position, q: u32, mv: u16, promise: Promise) -> Option<u32> {
        self.step(self.automaton_for(promise), q, mv)
    }

    fn apply(&self, s: &Position, mv: u16) -> Option<Position> {
        (usize::from(mv) < self.moves.len())
            .then(|| s.then(self.moves.get(usize::from(mv)), self.def.orbits()))
    }
}

impl Coordinates {
    /// The coordinate tables of `puzzle`, or `None` where it does not fit
    /// (see the type's docs).
    pub fn new(puzzle: &Twisty) -> Option<Coordinates> {
        Self::of(puzzle.definition(), puzzle.moves())
    }
}

/// Numbered where every orientation is tracked: each orbit's labels by
/// the Lehmer rank of their permutation (among those of the solved
/// state's parity where every move is even on the orbit; or, where pieces
/// look alike, the lexicographic rank of their arrangement), its
/// orientations in base `o` (the last left out where every move keeps
/// their sum; none where no move turns them), mixed radix over the
/// orbits. The rank numbers the positions reached from the solved state
/// (a census starts there): the parities and sums it leaves out are
/// those every reached position has. Other puzzles (and spaces past `u64`) give a size of
/// `u64::MAX`, so the census takes the hash path.
impl Twisty {
    /// Whether the positions have their own perfect rank (the product of
    /// the orbits' rank spaces fits a `u64`): then
    /// [`space_size`](puzzle_search_core::Ranked::space_size) is its size.
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, Twisty};
    /// let cube = Definition::builtin("2x2x2").expect("built in")?;
    /// assert!(Twisty::new(cube.clone(), Moves::all(&cube)?).ranked());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ranked(&self) -> bool {
        self.rank.is_some()
    }

    /// The orbits with more than one orientation that no move (nor the
    /// solved state) turns: the census ranks their orientations as one
    /// (they are 0 at every position reached from solved), so its space
    /// is that many times smaller (`--stats` says which).
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, Twisty};
    /// let def = Definition::parse("Set E 3 2\nSolved\nE\n1 2 3\nEnd\nMove A\nE\n2 3 1\nEnd\n")?;
    /// let puzzle = Twisty::new(def.clone(), Moves::all(&def)?);
    /// assert_eq!(puzzle.unturned_orbits(), [0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unturned_orbits(&self) -> Vec<usize> {
        (0..self.def.orbits().len())
            .filter(|&k| shape::unturned(&self.def, &self.moves, k))
            .collect()
    }
}

impl Ranked for Twisty {
    fn space_size(&self) -> u64 {
        self.rank.as_ref().map_or(u64::MAX, |r| r.size)
    }

    fn rank(&self, s: &Position) -> u64 {
        self.rank.as_ref().map_or(0, |r| r.rank(s.as_slice()))
    }

    /// One position unranked and one child buffer reused for every move
    /// (the default would collect the children in a new list).
    fn successor_ranks(&self, rank: u64, out: &mut dyn FnMut(u64)) {
        let s = self.unrank(rank);
        let mut child = s.clone();
        for m in 0..self.moves.len() {
            s.then_into(self.moves.get(m), self.def.orbits(), &mut child);
            out(self.rank(&child));
        }
    }

    /// Where every move's inverse is a move.
    fn reversible(&self) -> bool {
        (0..self.moves.len()).all(|m| self.moves.inverse(m).is_some())
    }

    fn unrank(&self, rank: u64) -> Position {
        let mut p = self.def.solved().clone();
        if let Some(r) = &self.rank {
            r.unrank(rank, &mut p.0);
        }
        p
    }
}

/// Searched in place ([`MakeUnmake`](puzzle_search_core::MakeUnmake)):
/// a move composes the position with it where it lies, and is taken back
/// by its inverse permutation; no position is built a child. With tables,
/// [`moves`](InPlace::moves) leaves out every child whose bound exceeds
/// the moves left after it (as the contract allows), reading the tables
/// for all children at once and table by table (see
/// `OrbitBound::keep_within`): the same nodes as the plain search, far
/// fewer waits on memory.
impl InPlace for Twisty {
    type Undo = ();

    #[inline]
    fn moves(&self, s: &Position, left: u32, except: Option<u16>, out: &mut Vec<u16>) -> bool {
        let start = out.len();
        out.extend((0..self.moves.len() as u16).filter(|&m| Some(m) != except));
        self.keep_within(s, left, out, start)
    }

    /// The moves canonical from `q` only: no table is read for a child
    /// the search would refuse unplayed (about a quarter of the 3x3x3's
    /// children).
    #[inline]
    fn moves_canonical(
        &self,
        s: &Position,
        q: u32,
        promise: Promise,
        left: u32,
        except: Option<u16>,
        out: &mut Vec<u16>,
    ) -> bool {
        let start = out.len();
        let a = self.automaton_for(promise);
        out.extend(
            (0..self.moves.len() as u16)
                .filter(|&m| Some(m) != except && self.step(a, q, m).is_some()),
        );
        self.keep_within(s, left, out, start)
    }

    /// With tables, [`moves`](InPlace::moves) keeps only the children
    /// their bound allows (read from the same entries as `lower_bound`).
    fn moves_bounded(&self) -> bool {
        self.bound.is_some()
    }

    #[inline]
    fn make(&self, s: &mut Position, mv: u16) {
        s.then_in_place(self.moves.get(usize::from(mv)), self.def.orbits());
    }

    #[inline]
    fn unmake(&self, s: &mut Position, mv: u16, _: ()) {
        s.then_in_place(&self.undo[usize::from(mv)], self.def.orbits());
    }
}
