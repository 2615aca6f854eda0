//! Rush Hour on the 6x6 board, in two metrics, with a breadth-first oracle
//! of its own: the model a new user wrote on the core.
//!
//! A board is 36 characters, row-major, as in Michael Fogleman's database
//! of hard boards: `o` (or `.`) an empty cell, `x` a wall, a letter a
//! vehicle's cell. Vehicles are two or three cells long, upright or lying,
//! and slide along their own axis; `A`, the red car, lies in row 2 (the
//! third) and leaves through the right edge, so the goal is `A` on columns
//! 4 and 5. A state is each vehicle's offset along its axis, three bits a
//! vehicle (at most 16 vehicles).
//!
//! The bound: a vehicle in `A`'s way must move at least once, and `A`
//! itself must move; in the step metric `A` moves one cell a move. It is a
//! weak bound (1 to 4 on the hardest boards, against answers of 51 and
//! 81), the case where IDA*'s transposition table must be used at every
//! ply.
//!
//! Moves are reversible, so [`Puzzle::predecessors`] are the successors
//! with the move negated, and [`RushHour::goal_states`] lists the goals
//! reachable from the board the puzzle was made from (every goal a search
//! from that board can meet).

use std::collections::{HashMap, VecDeque};
use std::fmt;

use arrayvec::ArrayVec;
use puzzle_search_core::Puzzle;

/// The board's side.
pub const N: usize = 6;
/// The row `A` lies in.
pub const EXIT_ROW: usize = 2;
/// The most vehicles a board may hold.
pub const MAX_VEHICLES: usize = 16;

/// What one move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// A vehicle slides any number of cells (the database's count).
    Slide,
    /// A vehicle slides one cell.
    Step,
}

/// A state: each vehicle's offset along its axis, three bits a vehicle.
pub type State = u64;

/// A move: the vehicle's index and how far it slides (negative: up or
/// left). Ordered by vehicle, then distance.
pub type Move = (u8, i8);

/// One vehicle: where its axis lies and how long it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Vehicle {
    /// The vehicle's letter.
    name: u8,
    /// Lying (moves along a row) or upright.
    lying: bool,
    /// The row of a lying vehicle, the column of an upright one.
    line: u8,
    /// Two or three cells.
    len: u8,
}

impl Vehicle {
    /// The cells it covers at `offset`, as a bit mask of the 36 cells.
    fn mask(self, offset: u8) -> u64 {
        let mut m = 0;
        for k in 0..self.len {
            let (r, c) = if self.lying {
                (self.line, offset + k)
            } else {
                (offset + k, self.line)
            };
            m |= 1 << (usize::from(r) * N + usize::from(c));
        }
        m
    }
}

/// Why a board was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError(String);

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BoardError {}

/// Rush Hour on one board's vehicles, in one metric.
#[derive(Clone, Debug)]
pub struct RushHour {
    /// What one move is.
    pub metric: Metric,
    vehicles: ArrayVec<Vehicle, MAX_VEHICLES>,
    walls: u64,
    /// `A`'s index.
    red: usize,
    /// The board the puzzle was read from.
    start: State,
}

fn get(s: State, v: usize) -> u8 {
    ((s >> (3 * v)) & 7) as u8
}

fn set(s: State, v: usize, offset: u8) -> State {
    (s & !(7 << (3 * v))) | (u64::from(offset) << (3 * v))
}

impl RushHour {
    /// Reads a board of 36 characters (see the module doc).
    ///
    /// # Errors
    /// A line of the wrong length, an unknown character, a vehicle whose
    /// cells are not a straight run of two or three, no `A`, an `A` that
    /// is not lying in row 2, or more than 16 vehicles.
    pub fn parse(board: &str, metric: Metric) -> Result<Self, BoardError> {
        let cells: Vec<u8> = board.trim().bytes().collect();
        if cells.len() != N * N {
            return Err(BoardError(format!(
                "a board is {} cells, this one {}",
                N * N,
                cells.len()
            )));
        }
        let mut walls = 0u64;
        let mut seen: Vec<(u8, Vec<usize>)> = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            match c {
                b'o' | b'.' => {}
                b'x' => walls |= 1 << i,
                b'A'..=b'Z' => match seen.iter_mut().find(|(n, _)| *n == c) {
                    Some((_, at)) => at.push(i),
                    None => seen.push((c, vec![i])),
                },
                _ => {
                    return Err(BoardError(format!(
                        "cell {i}: {:?} is neither o, ., x nor a capital letter",
                        char::from(c)
                    )));
                }
            }
        }
        if seen.len() > MAX_VEHICLES {
            return Err(BoardError(format!(
                "{} vehicles, at most {MAX_VEHICLES}",
                seen.len()
            )));
        }
        seen.sort_by_key(|(n, _)| *n);
        let mut vehicles = ArrayVec::new();
        let mut start = 0;
        for (name, at) in &seen {
            let name_c = char::from(*name);
            let len = at.len();
            let lying = at.iter().all(|&i| i / N == at[0] / N);
            let upright = at.iter().all(|&i| i % N == at[0] % N);
            let step = if lying { 1 } else { N };
            let straight = (lying || upright) && at.windows(2).all(|w| w[1] == w[0] + step);
            if !(2..=3).contains(&len) || !straight {
                return Err(BoardError(format!(
                    "vehicle {name_c}: its cells are not a straight run of two or three"
                )));
            }
            let (line, offset) = if lying {
                (at[0] / N, at[0] % N)
            } else {
                (at[0] % N, at[0] / N)
            };
            let v = vehicles.len();
            start = set(start, v, offset as u8);
            vehicles.push(Vehicle {
                name: *name,
                lying,
                line: line as u8,
                len: len as u8,
            });
        }
        let red = vehicles
            .iter()
            .position(|v| v.name == b'A')
            .ok_or_else(|| BoardError("no vehicle A (the red car)".into()))?;
        let a = vehicles[red];
        if !a.lying || usize::from(a.line) != EXIT_ROW {
            return Err(BoardError(format!(
                "vehicle A must lie in row {EXIT_ROW} (the exit's)"
            )));
        }
        Ok(Self {
            metric,
            vehicles,
            walls,
            red,
            start,
        })
    }

    /// The board it was read from.
    pub fn start(&self) -> State {
        self.start
    }

    /// The cells taken at `s`, walls included.
    fn occupied(&self, s: State) -> u64 {
        let mut m = self.walls;
        for (v, veh) in self.vehicles.iter().enumerate() {
            m |= veh.mask(get(s, v));
        }
        m
    }

    /// `s` drawn as 36 characters.
    pub fn show(&self, s: State) -> String {
        let mut cells = vec![b'o'; N * N];
        for (i, cell) in cells.iter_mut().enumerate() {
            if self.walls >> i & 1 == 1 {
                *cell = b'x';
            }
        }
        for (v, veh) in self.vehicles.iter().enumerate() {
            let m = veh.mask(get(s, v));
            for (i, cell) in cells.iter_mut().enumerate() {
                if m >> i & 1 == 1 {
                    *cell = veh.name;
                }
            }
        }
        String::from_utf8(cells).unwrap_or_default()
    }

    /// Every state reachable from the start, with its distance, by BFS:
    /// the oracle (and what [`goal_states`](Puzzle::goal_states) lists
    /// the goals of).
    pub fn reachable(&self) -> HashMap<State, u32> {
        let mut dist = HashMap::from([(self.start, 0u32)]);
        let mut queue = VecDeque::from([self.start]);
        let mut out = Vec::new();
        while let Some(s) = queue.pop_front() {
            let d = dist[&s];
            out.clear();
            self.successors(&s, &mut out);
            for &(_, n) in &out {
                dist.entry(n).or_insert_with(|| {
                    queue.push_back(n);
                    d + 1
                });
            }
        }
        dist
    }

    /// The fewest moves from the start to a goal by the oracle, `None`
    /// when no goal is reachable.
    pub fn oracle(&self) -> Option<u32> {
        let dist = self.reachable();
        dist.iter()
            .filter(|(s, _)| self.is_goal(s))
            .map(|(_, &d)| d)
            .min()
    }
}

impl Puzzle for RushHour {
    type State = State;
    type Move = Move;

    /// Each vehicle in letter order, each distance from the most negative
    /// up: ascending move order.
    fn successors(&self, s: &State, out: &mut Vec<(Move, State)>) {
        let taken = self.occupied(*s);
        let most = match self.metric {
            Metric::Slide => N as i8,
            Metric::Step => 1,
        };
        for (v, veh) in self.vehicles.iter().enumerate() {
            let at = get(*s, v);
            let free = taken & !veh.mask(at);
            let fits = |o: i8| {
                o >= 0 && (o as usize + usize::from(veh.len)) <= N && free & veh.mask(o as u8) == 0
            };
            // Back (negative) as far as free, then forward.
            let mut back: ArrayVec<i8, 6> = ArrayVec::new();
            let mut d = -1;
            while -d <= most && fits(at as i8 + d) {
                back.push(d);
                d -= 1;
            }
            for &d in back.iter().rev() {
                out.push(((v as u8, d), set(*s, v, (at as i8 + d) as u8)));
            }
            let mut d = 1;
            while d <= most && fits(at as i8 + d) {
                out.push(((v as u8, d), set(*s, v, (at as i8 + d) as u8)));
                d += 1;
            }
        }
    }

    fn is_goal(&self, s: &State) -> bool {
        usize::from(get(*s, self.red)) == N - 2
    }

    /// `A` must move (in the step metric once a cell), and every vehicle
    /// on the cells between `A` and the exit must move at least once.
    fn lower_bound(&self, s: &State) -> Option<u32> {
        let a = get(*s, self.red);
        if usize::from(a) == N - 2 {
            return Some(0);
        }
        let lane: u64 = (usize::from(a) + 2..N)
            .map(|c| 1u64 << (EXIT_ROW * N + c))
            .sum();
        if lane & self.walls != 0 {
            return None;
        }
        let blockers = (0..self.vehicles.len())
            .filter(|&v| v != self.red && self.vehicles[v].mask(get(*s, v)) & lane != 0)
            .count() as u32;
        let red = match self.metric {
            Metric::Slide => 1,
            Metric::Step => (N - 2) as u32 - u32::from(a),
        };
        Some(red + blockers)
    }

    /// Moves are reversible: `(v, d)` from `n` is undone by `(v, -d)`.
    fn predecessors(&self, s: &State, out: &mut Vec<(Move, State)>) -> bool {
        let first = out.len();
        self.successors(s, out);
        for ((_, d), _) in &mut out[first..] {
            *d = -*d;
        }
        true
    }

    /// The goals reachable from the start (a breadth-first search of the
    /// whole space; Rush Hour's are small).
    fn goal_states(&self, out: &mut Vec<State>) -> bool {
        let mut goals: Vec<State> = self
            .reachable()
            .into_keys()
            .filter(|s| self.is_goal(s))
            .collect();
        goals.sort_unstable();
        out.extend(goals);
        true
    }
}

/// The hardest board of Fogleman's database: 51 moves, 81 steps, 4,780
/// reachable states.
pub const HARDEST: &str = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
