//! [`Coordinates`]: a puzzle as move tables on per-orbit coordinates
//! (Kociemba's coordinates, generic): each orbit's permutation as its
//! Lehmer rank and its orientations as a number in base `o`, each move a
//! table from coordinate to coordinate. A state is a handful of `u32`s and
//! a move a table read an orbit, so the dense census runs at memory speed
//! instead of composing positions.
//!
//! Why two tables an orbit suffice: a move sends the piece on `p[j]` to
//! `j` and adds its turn at `j`, so the new permutation depends only on
//! the old one, and the new orientations (`o'[j] = o[p[j]] + t[j]`, by
//! position) only on the old orientations: the two coordinates move
//! independently.

use puzzle_search_core::{Puzzle, Ranked, rank};

use crate::puzzle::Twisty;
use crate::shape;

/// The most orbits a coordinate state holds (two coordinates each).
pub const MAX_COORD_ORBITS: usize = 4;

pub use crate::group::MAX_COORD;

/// A state: per orbit its permutation's and its orientations' coordinate.
pub type CoordState = [u32; 2 * MAX_COORD_ORBITS];

/// One orbit's coordinates and move tables.
#[derive(Clone, Debug)]
pub(crate) struct OrbitTables {
    pub(crate) perms: u32,
    pub(crate) turns: u32,
    /// `perm[c * moves + m]`: the permutation coordinate after move `m`.
    pub(crate) perm: Vec<u32>,
    /// `turn[c * moves + m]`: the orientation coordinate after move `m`.
    pub(crate) turn: Vec<u32>,
}

/// One orbit's coordinates: its tables, shape (pieces, orientations,
/// whether the last orientation follows from the others) and the solved
/// state's coordinates.
#[derive(Clone, Debug)]
pub(crate) struct OrbitCoords {
    pub(crate) tables: OrbitTables,
    pub(crate) shape: (usize, u8, bool),
    pub(crate) goal: (u32, u32),
}

impl OrbitCoords {
    /// Orbit `k`'s coordinates and move tables, or `None` where its
    /// pieces are not all told apart, an orientation is wild, it has more
    /// than 16 pieces, or a coordinate has more than [`MAX_COORD`] values.
    pub(crate) fn new(puzzle: &Twisty, k: usize) -> Option<OrbitCoords> {
        let def = puzzle.definition();
        let moves = puzzle.moves();
        let shape::Shape {
            offset: off,
            pieces: n,
            orientations: om,
            kept,
        } = shape::of(def, moves, k)?;
        // Orientations no move changes: one value (see `shape::unturned`).
        let om = if shape::unturned(def, moves, k) {
            1
        } else {
            om
        };
        let solved = def.solved().as_slice();
        let (labels, turns) = (&solved[off..off + n], &solved[off + n..off + 2 * n]);
        // Past `u64` (more than 20 pieces) is past `MAX_COORD` too.
        let perms = (1..=n as u64).try_fold(1u64, |f, k| f.checked_mul(k))?;
        let turn_count = u64::from(om).checked_pow(if kept { n - 1 } else { n } as u32)?;
        if perms > MAX_COORD || turn_count > MAX_COORD {
            return None;
        }
        let nm = moves.len();
        let mut perm = vec![0u32; perms as usize * nm];
        let mut p = vec![0u8; n];
        let mut q = vec![0u8; n];
        for c in 0..perms as u32 {
            perm_unrank(c, &mut p);
            for m in 0..nm {
                let mv = &moves.get(m).as_slice()[off..off + n];
                for j in 0..n {
                    q[j] = p[usize::from(mv[j])];
                }
                perm[c as usize * nm + m] = perm_rank(&q);
            }
        }
        let mut turn = vec![0u32; turn_count as usize * nm];
        for c in 0..turn_count as u32 {
            turn_unrank(c, om, kept, &mut p);
            for m in 0..nm {
                let mv = moves.get(m).as_slice();
                for j in 0..n {
                    let s = p[usize::from(mv[off + j])] + mv[off + n + j];
                    q[j] = s % om;
                }
                turn[c as usize * nm + m] = turn_rank(&q, om, kept);
            }
        }
        Some(OrbitCoords {
            tables: OrbitTables {
                perms: perms as u32,
                turns: turn_count as u32,
                perm,
                turn,
            },
            shape: (n, om, kept),
            goal: (perm_rank(labels), turn_rank(turns, om, kept)),
        })
    }
}

/// A [`Twisty`] puzzle as move tables on coordinates (see the module's
/// docs): the same moves in the same order and the same census, far
/// faster. Available where every orbit's pieces are told apart, no
/// orientation is wild, there are at most [`MAX_COORD_ORBITS`] orbits and
/// each coordinate has at most [`MAX_COORD`] values.
///
/// ```
/// use puzzle_twisty::{Coordinates, Definition, Moves, Twisty};
/// use puzzle_search_core::{Budget, Solver, Strategy};
/// let cube = Definition::builtin("2x2x2").expect("built in")?;
/// let puzzle = Twisty::new(cube.clone(), Moves::select(&cube, &["U", "F", "R"])?);
/// let coords = Coordinates::new(&puzzle).expect("corners fit");
/// let census = Solver::new(Strategy::bfs())
///     .budget(Budget::default().max_states(1 << 30))
///     .census_ranked(&coords, &coords.start(cube.solved()));
/// assert_eq!(census.states(), 3_674_160);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Coordinates {
    moves: usize,
    orbits: Vec<OrbitTables>,
    /// Each orbit's pieces, orientations and whether the last orientation
    /// follows from the others (their sum is kept by every move).
    shape: Vec<(usize, u8, bool)>,
    goal: CoordState,
    inverse: Vec<Option<u16>>,
    size: u64,
}

/// The coordinates as `u32`s (their tables are checked to hold at most
/// [`MAX_COORD`] values, so they fit).
fn perm_rank(p: &[u8]) -> u32 {
    rank::permutation_rank(p) as u32
}

fn perm_unrank(r: u32, out: &mut [u8]) {
    rank::permutation_unrank(u64::from(r), out);
}

fn turn_rank(t: &[u8], o: u8, kept: bool) -> u32 {
    rank::orientation_rank(t, o, kept) as u32
}

fn turn_unrank(r: u32, o: u8, kept: bool, out: &mut [u8]) {
    rank::orientation_unrank(u64::from(r), o, kept, out);
}

impl Coordinates {
    /// The coordinate tables of `puzzle`, or `None` where it does not fit
    /// (see the type's docs).
    pub fn new(puzzle: &Twisty) -> Option<Coordinates> {
        let def = puzzle.definition();
        let moves = puzzle.moves();
        let orbits = def.orbits();
        if orbits.len() > MAX_COORD_ORBITS || moves.len() > usize::from(u16::MAX) {
            return None;
        }
        let mut tables = Vec::new();
        let mut shape = Vec::new();
        let mut goal = [0u32; 2 * MAX_COORD_ORBITS];
        let mut size = 1u64;
        for k in 0..orbits.len() {
            let orbit = OrbitCoords::new(puzzle, k)?;
            if u64::from(orbit.tables.perms) > MAX_COORD
                || u64::from(orbit.tables.turns) > MAX_COORD
            {
                return None;
            }
            size = size
                .checked_mul(u64::from(orbit.tables.perms))?
                .checked_mul(u64::from(orbit.tables.turns))?;
            goal[2 * k] = orbit.goal.0;
            goal[2 * k + 1] = orbit.goal.1;
            shape.push(orbit.shape);
            tables.push(orbit.tables);
        }
        let inverse = (0..moves.len())
            .map(|m| moves.inverse(m).map(|i| i as u16))
            .collect();
        Some(Coordinates {
            moves: moves.len(),
            orbits: tables,
            shape,
            goal,
            inverse,
            size,
        })
    }

    /// The coordinates of a position of the puzzle these tables were made
    /// from (pieces told apart, as [`new`](Self::new) requires).
    pub fn start(&self, position: &crate::position::Position) -> CoordState {
        let s = position.as_slice();
        let mut c = [0u32; 2 * MAX_COORD_ORBITS];
        let mut off = 0;
        for (k, &(n, o, kept)) in self.shape.iter().enumerate() {
            c[2 * k] = perm_rank(&s[off..off + n]);
            c[2 * k + 1] = turn_rank(&s[off + n..off + 2 * n], o, kept);
            off += 2 * n;
        }
        c
    }

    /// The number of states the coordinates span (their product).
    pub fn size(&self) -> u64 {
        self.size
    }
}

impl Puzzle for Coordinates {
    type State = CoordState;
    type Move = u16;

    #[inline]
    fn successors(&self, s: &CoordState, out: &mut Vec<(u16, CoordState)>) {
        for m in 0..self.moves {
            let mut c = *s;
            for (k, t) in self.orbits.iter().enumerate() {
                c[2 * k] = t.perm[s[2 * k] as usize * self.moves + m];
                c[2 * k + 1] = t.turn[s[2 * k + 1] as usize * self.moves + m];
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

/// Mixed radix over the orbits' coordinates: a perfect rank of the space
/// they span.
impl Ranked for Coordinates {
    fn space_size(&self) -> u64 {
        self.size
    }

    #[inline]
    fn rank(&self, s: &CoordState) -> u64 {
        let mut r = 0u64;
        for (k, t) in self.orbits.iter().enumerate() {
            r = (r * u64::from(t.perms) + u64::from(s[2 * k])) * u64::from(t.turns)
                + u64::from(s[2 * k + 1]);
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
            for (k, t) in self.orbits.iter().enumerate() {
                let p = t.perm[c[2 * k] as usize * self.moves + m];
                let o = t.turn[c[2 * k + 1] as usize * self.moves + m];
                r = (r * u64::from(t.perms) + u64::from(p)) * u64::from(t.turns) + u64::from(o);
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
        for (k, t) in self.orbits.iter().enumerate().rev() {
            c[2 * k + 1] = (r % u64::from(t.turns)) as u32;
            r /= u64::from(t.turns);
            c[2 * k] = (r % u64::from(t.perms)) as u32;
            r /= u64::from(t.perms);
        }
        c
    }
}
