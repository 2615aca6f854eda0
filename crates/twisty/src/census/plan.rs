//! [`CensusPlan`]: the census a definition should get under a memory
//! cap (by symmetry class, on coordinates, on the positions' own rank,
//! in sorted layers, or in a hash set), its size, its memory and why,
//! chosen by the costs measured on twsearch's samples; a path asked for
//! is checked against the same facts. [`CensusPlan::run`] counts it,
//! each layer told as it finishes on every path.
//!
//! The census counterpart of
//! [`OrbitBound::build_fitting`](crate::OrbitBound::build_fitting): the
//! command line, the MPI driver and a library user ask for "the census
//! this definition should get" the same way.

use std::fmt;
use std::path::Path;
use std::sync::{Mutex, mpsc};

use puzzle_search_core::pdb::BuildProgress;
use puzzle_search_core::{Budget, Limit, Phase, Ranked, Solver, Stats, Strategy, TWO_BIT_RANKS};

use crate::census::class_census::ClassCensus;
use crate::puzzle::Twisty;
use crate::tables::coords::{CoordState, Coordinates};

/// The ways a census can be counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CensusPath {
    /// By symmetry class: one moving orbit's placements by class under
    /// the rotations and mirror images, the other moving orbits by their
    /// coordinates, two bits an index ([`ClassCensus`]).
    Class,
    /// Move tables on coordinates over the values the moves reach
    /// ([`Coordinates`]), two bits a rank.
    Coordinate,
    /// The positions' own rank, a byte a rank up to 2^24 ranks, two bits
    /// past it.
    Dense,
    /// Sorted layers of ranks (the coordinates', else the positions'
    /// own): eight bytes a state held, for spaces whose ranks are too
    /// many for two bits each.
    Sorted,
    /// A hash set of the positions.
    Hash,
}

impl CensusPath {
    /// The path's name, as `--census-path` spells it.
    ///
    /// ```
    /// assert_eq!(puzzle_twisty::CensusPath::Class.name(), "class");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            CensusPath::Class => "class",
            CensusPath::Coordinate => "coordinate",
            CensusPath::Dense => "dense",
            CensusPath::Sorted => "sorted",
            CensusPath::Hash => "hash",
        }
    }
}

/// Why a path asked for cannot count this puzzle under the cap (its
/// message names the path and the fact that rules it out).
#[derive(Debug)]
pub struct PlanError {
    path: CensusPath,
    why: String,
}

impl PlanError {
    /// The path that was asked for.
    pub fn path(&self) -> CensusPath {
        self.path
    }

    /// What rules it out (the message without the path).
    pub fn reason(&self) -> &str {
        &self.why
    }
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "census by {}: {}", self.path.name(), self.why)
    }
}

impl std::error::Error for PlanError {}

/// The bytes under which the plan takes the census by class without
/// weighing its memory against the coordinates'.
const SMALL_CENSUS_BYTES: u64 = 64 << 20;

/// At most this many positions (their own rank) the plan counts without
/// the classes: `pyramorphix`'s 576 take 1.1-1.5 ms of CPU by
/// coordinates against 2.0 ms by class, most of it finding its 24
/// symmetries (`perf stat -r 60`, whole processes).
const TINY_RANKS: u64 = 1 << 16;

/// At most this many indices the census by class is taken without
/// weighing it against the coordinates' (a walk of a few milliseconds:
/// `lo33`'s 10,080 indices in 31 ms, its coordinates' tables over 9!
/// values most of a 0.13 s run).
const SMALL_CLASS_INDICES: u64 = 1 << 20;

/// What the plan counts on.
#[derive(Debug)]
enum Space {
    Class(ClassCensus),
    /// Coordinates and the solved state's (the coordinate path, or the
    /// sorted path over coordinate ranks).
    Coordinates(CoordState, Box<Coordinates>),
    /// The positions themselves (dense, sorted on their own rank, hash).
    Positions,
}

/// The census planned for one puzzle under a memory cap.
///
/// ```
/// use puzzle_twisty::{CensusPath, CensusPlan, Definition, Moves, Twisty};
/// use puzzle_search_core::Budget;
/// let def = Definition::builtin("2x2x2").expect("built in")?;
/// let puzzle = Twisty::new(def.clone(), Moves::select(&def, &["U", "R"])?);
/// let plan = CensusPlan::new(&puzzle, None, None)?;
/// let mut told = Vec::new();
/// let run = plan.run(&puzzle, &Budget::default(), None, &mut |d, n| told.push((d, n)));
/// assert_eq!(run.layers.len(), 15); // <U, R> on the 2x2x2: radius 14
/// assert_eq!(run.layers.iter().sum::<u64>(), 29_160);
/// assert_eq!(told.len(), 15); // each layer told as it finished
/// // A path that cannot take it is refused, saying why.
/// let e = CensusPlan::new(&puzzle, Some(CensusPath::Dense), Some(1000)).unwrap_err();
/// assert!(e.to_string().starts_with("census by dense:"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CensusPlan {
    path: CensusPath,
    space: Space,
    /// The indices or ranks walked (`u64::MAX`: past 2^64, or none).
    size: u64,
    /// The memory cap planned for.
    memory: Option<u64>,
    /// Bytes a state held (the sorted and hash paths), 0 for the walks
    /// over ranks and indices.
    per_state: u64,
    /// The walk's bytes (the class and rank paths).
    bytes: u64,
}

/// What [`CensusPlan::run`] counted.
#[derive(Debug)]
pub struct CensusRun {
    /// The positions at each distance from solved.
    pub layers: Vec<u64>,
    /// Where a limit stopped the count (the layers then are those
    /// finished), `None` where it is whole.
    pub stopped: Option<Limit>,
    /// The breadth-first walk's figures (`None` on the class path, whose
    /// walk is a table build).
    pub stats: Option<Stats>,
    /// Why the count could not start or stopped otherwise than by a
    /// limit (the class path's index could not number the puzzle).
    pub error: Option<String>,
}

impl CensusPlan {
    /// The census for `puzzle` within `memory` bytes (`None`: no cap):
    /// by class where its indices are at most a quarter of the
    /// coordinates' ranks and take no more bytes than their two bits
    /// (below 64 MB the bytes do not matter; below 2^20 indices the walk
    /// costs less than making the coordinates to weigh it against; a
    /// space of at most 2^16 positions never, its symmetries cost more
    /// than it); else on coordinates where their ranks fit two bits each
    /// in the cap; else on the positions' own rank where it fits (2^32
    /// at most); else sorted layers where there is a rank, else a hash
    /// set. `request` asks for one path: it is taken where it can count
    /// the puzzle, else refused with the reason.
    ///
    /// # Errors
    /// A `request` the puzzle or the cap rules out.
    pub fn new(
        puzzle: &Twisty,
        request: Option<CensusPath>,
        memory: Option<u64>,
    ) -> Result<CensusPlan, PlanError> {
        let refuse = |path: CensusPath, why: String| Err(PlanError { path, why });
        let wants = |p: CensusPath| request.is_none_or(|r| r == p);
        let fits = |bytes: u64| memory.is_none_or(|m| bytes <= m);
        let cap = memory.unwrap_or(0);
        let tiny = request.is_none() && puzzle.space_size() <= TINY_RANKS;
        if wants(CensusPath::Class) && !tiny {
            let asked = request == Some(CensusPath::Class);
            // Moves that leave pieces alone (`<U, F, R>` on the 2x2x2)
            // make the classes of every placement more than the ranks of
            // those reached: the coordinates then win.
            let fewer = |plan: &ClassCensus| {
                asked
                    || plan.indices() <= SMALL_CLASS_INDICES
                    || plan.coordinate_ranks(puzzle).is_none_or(|ranks| {
                        plan.indices().saturating_mul(4) <= ranks
                            && plan.bytes() <= ranks.div_ceil(4).max(SMALL_CENSUS_BYTES)
                    })
            };
            match ClassCensus::new(puzzle) {
                Some(plan) if fits(plan.bytes()) && fewer(&plan) => {
                    return Ok(CensusPlan {
                        path: CensusPath::Class,
                        size: plan.indices(),
                        bytes: plan.bytes(),
                        space: Space::Class(plan),
                        memory,
                        per_state: 0,
                    });
                }
                Some(plan) if asked => {
                    return refuse(
                        CensusPath::Class,
                        format!("about {} bytes, past the cap of {cap} bytes", plan.bytes()),
                    );
                }
                None if asked => {
                    return refuse(
                        CensusPath::Class,
                        "no census by class for this puzzle (it takes moving pieces told apart, an orbit of at most 2^22 placements, coordinates and symmetries)".into(),
                    );
                }
                _ => {}
            }
        }
        let start = puzzle.definition().solved();
        let sorted_asked = request == Some(CensusPath::Sorted);
        let mut coords = None;
        // Coordinates too many for two bits each, kept for the sorted path.
        let mut sparse = None;
        if wants(CensusPath::Coordinate) || sorted_asked {
            coords = Coordinates::new(puzzle).and_then(|c| Some((c.start(start)?, c)));
            match &coords {
                Some((_, c)) if !fits(c.size().div_ceil(4)) || sorted_asked => {
                    if request == Some(CensusPath::Coordinate) {
                        return refuse(
                            CensusPath::Coordinate,
                            format!(
                                "{} ranks take {} bytes, past the cap of {cap} bytes",
                                c.size(),
                                c.size().div_ceil(4)
                            ),
                        );
                    }
                    sparse = coords.take();
                }
                None if request == Some(CensusPath::Coordinate) => {
                    return refuse(
                        CensusPath::Coordinate,
                        "no coordinates for this puzzle (a `?` orientation, more than 16 orbits, a coordinate past 2^22 values or tables past 512 MB)".into(),
                    );
                }
                _ => {}
            }
        }
        if let Some((first, c)) = coords {
            let size = c.size();
            return Ok(CensusPlan {
                path: CensusPath::Coordinate,
                space: Space::Coordinates(first, Box::new(c)),
                size,
                memory,
                per_state: 0,
                bytes: size.div_ceil(4),
            });
        }
        let ranks = puzzle.space_size();
        let dense_bytes = if ranks > TWO_BIT_RANKS {
            ranks.div_ceil(4)
        } else {
            ranks
        };
        let dense_fits = ranks <= 1 << 32 && fits(dense_bytes);
        if request == Some(CensusPath::Dense) && !dense_fits {
            return refuse(
                CensusPath::Dense,
                if ranks > 1 << 32 {
                    format!(
                        "{} ranks, past the dense path's 2^32 (try coordinate, sorted or hash)",
                        rank_count(ranks)
                    )
                } else {
                    format!("{ranks} ranks take {dense_bytes} bytes, past the cap of {cap} bytes")
                },
            );
        }
        let sorted_ok = sparse.is_some() || puzzle.ranked();
        if sorted_asked && !sorted_ok {
            return refuse(
                CensusPath::Sorted,
                "no rank for this puzzle (its space passes 2^64 ranks and it has no coordinates)"
                    .into(),
            );
        }
        let path = if !sorted_asked && wants(CensusPath::Dense) && dense_fits {
            CensusPath::Dense
        } else if sorted_asked || (request.is_none() && sorted_ok) {
            CensusPath::Sorted
        } else {
            CensusPath::Hash
        };
        let per_state = match path {
            CensusPath::Dense => 0,
            // The words it holds (the arrays' capacities and the sort's
            // scratch) count against the cap.
            CensusPath::Sorted => 8,
            _ => hash_bytes(puzzle),
        };
        let (space, size) = match sparse {
            Some((first, c)) if path == CensusPath::Sorted => {
                let size = c.size();
                (Space::Coordinates(first, Box::new(c)), size)
            }
            _ => (Space::Positions, ranks),
        };
        Ok(CensusPlan {
            path,
            space,
            size,
            memory,
            per_state,
            bytes: if path == CensusPath::Dense {
                dense_bytes
            } else {
                0
            },
        })
    }

    /// The path planned.
    pub fn path(&self) -> CensusPath {
        self.path
    }

    /// The indices (by class) or ranks walked: the space's size
    /// (`u64::MAX`: past 2^64 ranks, or no rank).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The walk's bytes on the class, coordinate and dense paths (two
    /// bits or a byte an index); `None` on the sorted and hash paths,
    /// which hold [`per_state`](Self::per_state) bytes a state up to the
    /// cap.
    pub fn bytes(&self) -> Option<u64> {
        (self.per_state == 0).then_some(self.bytes)
    }

    /// Bytes a state held on the sorted and hash paths (0 on the others).
    pub fn per_state(&self) -> u64 {
        self.per_state
    }

    /// The states the cap holds on the sorted and hash paths.
    pub fn held(&self) -> Option<u64> {
        let m = self.memory?;
        (self.per_state > 0).then(|| m / self.per_state)
    }

    /// What the census counts and what it takes, in one line (as
    /// twsearch says its state size up front).
    pub fn describe(&self) -> String {
        let path = self.path.name();
        match (&self.space, self.path) {
            (Space::Class(plan), _) => format!(
                "census by symmetry class: about {} indices (classes under {} symmetries times orientations and the other orbits' coordinates), two bits each",
                plan.indices(),
                plan.symmetries()
            ),
            (_, CensusPath::Coordinate | CensusPath::Dense) => format!(
                "census by {path}: {} ranks, {}",
                self.size,
                if self.path == CensusPath::Coordinate || self.size > TWO_BIT_RANKS {
                    "two bits each"
                } else {
                    "a byte each"
                }
            ),
            (space, CensusPath::Sorted) => format!(
                "census by sorted: sorted layers of {} ranks ({}), 8 bytes a state held and twice that for the layer being sorted{}",
                if matches!(space, Space::Coordinates(..)) {
                    "coordinate"
                } else {
                    "position"
                },
                self.size,
                self.memory.map_or(String::new(), |m| format!(
                    ", at most {} words of 8 bytes in {m} bytes",
                    m / 8
                ))
            ),
            _ => format!(
                "census by hash: a hash set of the states, about {} bytes a state{}",
                self.per_state,
                self.memory.map_or(String::new(), |m| format!(
                    ", at most {} states in {m} bytes",
                    m / self.per_state
                ))
            ),
        }
    }

    /// Where the space may pass what the cap holds (sorted and hash
    /// paths): a line saying so, with the distance the census finishes
    /// at least.
    pub fn note(&self, puzzle: &Twisty) -> Option<String> {
        let held = self.held()?;
        let m = self.memory?;
        if self.size <= held {
            return None;
        }
        Some(format!(
            "the whole census may not fit: {}, {held} states within {m} bytes; {}",
            if self.size == u64::MAX {
                "ranks past 2^64".to_string()
            } else {
                format!("up to {} positions", self.size)
            },
            match distance_within(puzzle, held) {
                Some(d) => format!(
                    "it finishes distance {d} at least (the canonical move sequences of {d} moves or fewer are fewer than that) and stops where the states pass the cap"
                ),
                None => "it stops where the states pass the cap".to_string(),
            }
        ))
    }

    /// Counts the census of `puzzle` (the puzzle planned for) under
    /// `budget` (its time, node and cancel limits; the plan sets the
    /// states and memory caps), placement classes cached in `cache` where
    /// given. `layer(d, n)` is told each distance `d` and its positions
    /// `n` as the distance is finished, in order, once each, on every
    /// path: a census stopped by a limit or a signal has told every
    /// layer it finished. (The count runs on a thread of its own; `layer`
    /// is called on this one.)
    pub fn run(
        &self,
        puzzle: &Twisty,
        budget: &Budget,
        cache: Option<&Path>,
        layer: &mut dyn FnMut(usize, u64),
    ) -> CensusRun {
        let (tx, rx) = mpsc::channel::<(usize, u64)>();
        // The layers told so far: they come in order, each once; a
        // report out of turn is left to the layers told at the end.
        let mut told: Vec<u64> = Vec::new();
        let mut tell = |d: usize, n: u64| {
            if d == told.len() {
                told.push(n);
                layer(d, n);
            }
        };
        let run = std::thread::scope(|s| {
            let counting = std::thread::Builder::new()
                .name("census".into())
                .stack_size(COUNT_STACK)
                .spawn_scoped(s, move || self.count(puzzle, budget, cache, tx));
            let counting = match counting {
                Ok(h) => h,
                Err(e) => {
                    return CensusRun {
                        layers: Vec::new(),
                        stopped: None,
                        stats: None,
                        error: Some(format!("cannot start the census's thread: {e}")),
                    };
                }
            };
            for (d, n) in rx {
                tell(d, n);
            }
            counting.join().unwrap_or_else(|_| CensusRun {
                layers: Vec::new(),
                stopped: None,
                stats: None,
                error: Some("the census's thread panicked".into()),
            })
        });
        // The layers not told as they finished (none, unless a report
        // was missed), after those that were.
        let mut run = run;
        for (d, &n) in run.layers.iter().enumerate() {
            tell(d, n);
        }
        // A walk stopped by a limit returns no layers of its own (the
        // census by class): those it finished are the ones told.
        if run.layers.len() < told.len() {
            run.layers = told;
        }
        run
    }

    /// [`run`](Self::run)'s count, each finished layer sent on `tx`.
    fn count(
        &self,
        puzzle: &Twisty,
        budget: &Budget,
        cache: Option<&Path>,
        tx: mpsc::Sender<(usize, u64)>,
    ) -> CensusRun {
        match &self.space {
            Space::Class(plan) => {
                let mut budget = budget.clone();
                if let Some(m) = self.memory {
                    budget = budget.max_memory(m);
                }
                // The walk reports each distance settled with its
                // positions (its indices' weights); a last empty one is
                // the end of the walk, not a layer.
                let tx = Mutex::new(tx);
                let hook = |p: BuildProgress| {
                    if p.finished && p.weight > 0 {
                        if let Ok(tx) = tx.lock() {
                            let _ = tx.send((p.depth as usize, p.weight));
                        }
                    }
                };
                match plan.run(puzzle, &budget, cache, Some(&hook)) {
                    Ok(layers) => CensusRun {
                        layers,
                        stopped: None,
                        stats: None,
                        error: None,
                    },
                    Err(e) => {
                        let stopped = e.table().and_then(|t| t.stopped());
                        CensusRun {
                            layers: Vec::new(),
                            stopped,
                            stats: None,
                            error: stopped.is_none().then(|| e.to_string()),
                        }
                    }
                }
            }
            space => {
                let cap = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
                let budget = match (self.path, self.memory) {
                    (CensusPath::Coordinate | CensusPath::Dense, _) => {
                        budget.clone().max_states(cap(self.size))
                    }
                    (_, Some(m)) => budget.clone().max_states(cap(m / self.per_state)),
                    (_, None) => budget.clone(),
                };
                let solver = Solver::new(Strategy::bfs())
                    .budget(budget)
                    .on_progress(move |p| {
                        if p.phase == Phase::Layer {
                            let _ = tx.send((p.depth as usize, p.layer));
                        }
                    });
                let start = puzzle.definition().solved();
                let census = match (space, self.path) {
                    (Space::Coordinates(first, c), CensusPath::Sorted) => {
                        solver.census_sorted(&**c, first)
                    }
                    (Space::Coordinates(first, c), _) => solver.census_ranked(&**c, first),
                    (_, CensusPath::Dense) => solver.census_ranked(puzzle, start),
                    (_, CensusPath::Sorted) => solver.census_sorted(puzzle, start),
                    _ => solver.census(puzzle, start),
                };
                CensusRun {
                    layers: census.layers,
                    stopped: census.stopped,
                    stats: Some(census.stats),
                    error: None,
                }
            }
        }
    }
}

/// The census thread's stack (the main thread's size on Linux).
const COUNT_STACK: usize = 8 << 20;

/// A count of ranks as a person reads it: `u64::MAX` is a saturated
/// count (a space past 2^64, or with no rank), not an exact one.
fn rank_count(n: u64) -> String {
    if n == u64::MAX {
        "2^64 or more".to_string()
    } else {
        n.to_string()
    }
}

/// Bytes a state of `puzzle` takes in a hash census: a `Position` (its
/// bytes inline up to 40, else on the heap: rounded to 16 with the
/// allocator's 16 more) and a `u32` index with a control byte in the
/// hash table, at most 7/8 full and at least 7/16 after it doubles: 10
/// bytes. The pyraminx's states (28 bytes) measured 57.7 bytes each at
/// the peak (9,362,285 held in 540 MB), this says 58.
fn hash_bytes(puzzle: &Twisty) -> u64 {
    let state = puzzle.definition().solved().as_slice().len() as u64;
    let inline = std::mem::size_of::<crate::model::position::Position>() as u64;
    let heap = if state > 40 {
        state.div_ceil(16) * 16 + 16
    } else {
        0
    };
    inline + heap + 10
}

/// The greatest distance `d` whose canonical move sequences of `d` moves
/// or fewer number at most `cap`: every position within `d` has such a
/// sequence (its smallest shortest one), so a census held to `cap`
/// states finishes distance `d`. `None` where even distance 0 passes it,
/// or the sequences never do (a finite automaton language within 1,000
/// moves) or counting them would take long.
fn distance_within(puzzle: &Twisty, cap: u64) -> Option<usize> {
    let automaton = puzzle.automaton();
    let (states, moves) = (automaton.states(), automaton.moves());
    let mut ways = vec![0u128; states];
    ways[0] = 1;
    let mut total: u128 = 1;
    if total > u128::from(cap) {
        return None;
    }
    // Each distance costs states x moves steps: at most about 10^8 in all.
    let rounds = (100_000_000 / (states * moves).max(1)).min(1000);
    let mut next = vec![0u128; states];
    for d in 1..=rounds {
        next.fill(0);
        for (q, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            for m in 0..moves {
                if let Some(t) = automaton.step(q as u32, m) {
                    next[t as usize] = next[t as usize].saturating_add(w);
                }
            }
        }
        std::mem::swap(&mut ways, &mut next);
        total = ways.iter().fold(total, |t, &w| t.saturating_add(w));
        if total > u128::from(cap) {
            return Some(d - 1);
        }
    }
    None
}
