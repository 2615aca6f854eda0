//! What a search returns.

use std::fmt;

use crate::budget::Limit;
use crate::stats::Stats;

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Outcome<M> {
    /// The answer the strategy promises, as the moves from the start.
    Solved(Vec<M>),
    /// The search was exhaustive: no solution exists within its depth limit.
    NoSolution,
    /// A [`Budget`](crate::Budget) limit stopped the search before it could
    /// decide; nothing is known about the answer.
    Stopped(Limit),
    /// The search refused to answer: what the puzzle told it could make
    /// the answer wrong (a goal that [`Puzzle::goal_states`](crate::Puzzle::goal_states)
    /// left out, met by bidirectional search). Nothing is known about the
    /// answer; the refusal says what to fix.
    Refused(Refusal),
}

/// Why a search refused to answer ([`Outcome::Refused`]): a one-line
/// message naming what the puzzle got wrong.
///
/// ```
/// use puzzle_search_core::{Outcome, Puzzle, Solver, Strategy};
/// /// A line 0..=9 where 8 and 9 are goals, but only 9 is listed.
/// struct Line;
/// impl Puzzle for Line {
///     type State = u8;
///     type Move = i8;
///     fn successors(&self, s: &u8, out: &mut Vec<(i8, u8)>) {
///         if *s > 0 { out.push((-1, s - 1)) }
///         if *s < 9 { out.push((1, s + 1)) }
///     }
///     fn is_goal(&self, s: &u8) -> bool { *s >= 8 }
///     fn predecessors(&self, s: &u8, out: &mut Vec<(i8, u8)>) -> bool {
///         self.successors(s, out);
///         out.iter_mut().for_each(|m| m.0 = -m.0);
///         true
///     }
///     fn goal_states(&self, out: &mut Vec<u8>) -> bool {
///         out.push(9); // 8 left out
///         true
///     }
/// }
/// let report = Solver::new(Strategy::bidirectional()).solve(&Line, &0);
/// let Outcome::Refused(why) = &report.outcome else { panic!("{:?}", report.outcome) };
/// assert!(why.to_string().contains("goal_states"), "{why}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Refusal {
    kind: RefusalKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum RefusalKind {
    /// A goal `depth` moves from the start (forward side) or from the
    /// listed goals (goal side, or 1 when found next to a listed goal)
    /// that `goal_states` did not list.
    GoalNotListed { forward: bool, depth: u32 },
    /// `goal_states` listed a state that is not a goal.
    NotAGoal { index: usize },
}

impl Refusal {
    pub(crate) fn goal_not_listed(forward: bool, depth: u32) -> Self {
        Self {
            kind: RefusalKind::GoalNotListed { forward, depth },
        }
    }

    pub(crate) fn not_a_goal(index: usize) -> Self {
        Self {
            kind: RefusalKind::NotAGoal { index },
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            RefusalKind::GoalNotListed {
                forward: true,
                depth,
            } => write!(
                f,
                "goal_states is incomplete: the search from the start met a goal {depth} move{} away that it does not list (list every goal, or use Strategy::bfs())",
                plural(depth)
            ),
            RefusalKind::GoalNotListed {
                forward: false,
                depth,
            } => write!(
                f,
                "goal_states is incomplete: a goal {depth} move{} from the listed ones is not listed (list every goal, or use Strategy::bfs())",
                plural(depth)
            ),
            RefusalKind::NotAGoal { index } => write!(
                f,
                "goal_states lists a state that is not a goal (entry {index})"
            ),
        }
    }
}

impl std::error::Error for Refusal {}

/// The plural ending of `n` moves.
fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Why [`Outcome::into_result`] has no answer: a budget stopped the search,
/// or it refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Undecided {
    /// [`Outcome::Stopped`].
    Stopped(Limit),
    /// [`Outcome::Refused`].
    Refused(Refusal),
}

impl Undecided {
    /// The limit that stopped the search, if that is why.
    ///
    /// ```
    /// use puzzle_search_core::{Limit, Outcome};
    /// let why = Outcome::<u8>::Stopped(Limit::Time).into_result().unwrap_err();
    /// assert_eq!(why.limit(), Some(Limit::Time));
    /// ```
    pub fn limit(&self) -> Option<Limit> {
        match self {
            Undecided::Stopped(limit) => Some(*limit),
            Undecided::Refused(_) => None,
        }
    }
}

impl fmt::Display for Undecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Undecided::Stopped(limit) => limit.fmt(f),
            Undecided::Refused(why) => why.fmt(f),
        }
    }
}

impl std::error::Error for Undecided {}

/// The outcome of a search with its statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Report<M> {
    /// How the search ended.
    pub outcome: Outcome<M>,
    /// What it cost, also when it was stopped.
    pub stats: Stats,
    /// Lines the user should read, each complete: a strategy that ran in
    /// another's place (bidirectional search without `goal_states` runs
    /// as BFS), or a waste the statistics show with the option that fixes
    /// it (IDA* re-expanding states reached by other routes without the
    /// table). Empty when there is nothing to say.
    pub notes: Vec<String>,
}

impl<M> Report<M> {
    /// A report made outside the core's searches: a puzzle crate that
    /// decides some inputs without searching (a sliding-tile board of the
    /// wrong parity) answers in the same shape as a search.
    ///
    /// ```
    /// use puzzle_search_core::{Outcome, Report, Stats};
    /// let report = Report::<u8>::new(Outcome::NoSolution, Stats::default());
    /// assert_eq!(report.solution(), None);
    /// ```
    pub fn new(outcome: Outcome<M>, stats: Stats) -> Self {
        Self {
            outcome,
            stats,
            notes: Vec::new(),
        }
    }

    /// The solution's moves, if one was found.
    ///
    /// ```
    /// use puzzle_search_core::{Outcome, Report, Stats};
    /// let report = Report::new(Outcome::Solved(vec![1u8, 2]), Stats::default());
    /// assert_eq!(report.solution(), Some(&[1, 2][..]));
    /// ```
    pub fn solution(&self) -> Option<&[M]> {
        match &self.outcome {
            Outcome::Solved(moves) => Some(moves),
            _ => None,
        }
    }
}

impl<M> Outcome<M> {
    /// The moves of a solution, `Ok(None)` when there is none, `Err` when
    /// the search was stopped before it could decide or refused.
    ///
    /// ```
    /// use puzzle_search_core::{Limit, Outcome, Undecided};
    /// assert_eq!(Outcome::Solved(vec![1, 2]).into_result(), Ok(Some(vec![1, 2])));
    /// assert_eq!(Outcome::<u8>::NoSolution.into_result(), Ok(None));
    /// assert_eq!(
    ///     Outcome::<u8>::Stopped(Limit::Nodes).into_result(),
    ///     Err(Undecided::Stopped(Limit::Nodes))
    /// );
    /// ```
    pub fn into_result(self) -> Result<Option<Vec<M>>, Undecided> {
        match self {
            Outcome::Solved(moves) => Ok(Some(moves)),
            Outcome::NoSolution => Ok(None),
            Outcome::Stopped(limit) => Err(Undecided::Stopped(limit)),
            Outcome::Refused(why) => Err(Undecided::Refused(why)),
        }
    }
}

/// What [`Solver::count_shortest`](crate::Solver::count_shortest) and
/// [`Solver::for_each_shortest`](crate::Solver::for_each_shortest) found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Shortest {
    /// The shortest solutions have `length` moves; `count` of them were
    /// counted (all of them, unless the visitor stopped early).
    Found {
        /// Moves in each shortest solution.
        length: u32,
        /// How many (below `u128::MAX`: see [`Shortest::TooMany`]).
        count: u128,
    },
    /// The shortest solutions have `length` moves, and there are at least
    /// `u128::MAX` of them: more than a count can hold, so none is given.
    TooMany {
        /// Moves in each shortest solution.
        length: u32,
    },
    /// No solution within the depth limit.
    NoSolution,
    /// A budget limit stopped the search.
    Stopped(Limit),
}

/// Which search found the length of the shortest solutions (and guided
/// the count or the listing after it). Two race, in slices of growing
/// size, and the first to finish is used: the work is within a small
/// factor of the faster one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ShortestMethod {
    /// Breadth-first layers, each state stored once with the number of
    /// shortest move sequences into it: the count is a sum over the goals
    /// of the first layer that holds one, and the listing enters a state
    /// only at its own layer. Wins where the bound is weak and the states
    /// within the shortest length fit in [`Budget::max_states`](crate::Budget::max_states).
    Layers,
    /// IDA* (with the solver's options), then a depth-first pass memoised
    /// per state and moves left. Wins where the bound is strong.
    DepthFirst,
}

impl fmt::Display for ShortestMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ShortestMethod::Layers => "layers",
            ShortestMethod::DepthFirst => "depth-first",
        })
    }
}

/// A [`Shortest`] with the statistics of the search.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ShortestReport {
    /// How it ended.
    pub outcome: Shortest,
    /// What it cost.
    pub stats: Stats,
    /// Which search found the length; `None` when the search ended before
    /// one did.
    pub method: Option<ShortestMethod>,
}

/// Which paths [`Solver::count_paths`](crate::Solver::count_paths) counts:
/// move sequences from the start, of any length, that end where this
/// says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PathsTo {
    /// Every solution of any length: sequences ending at a goal (one that
    /// goes on past a goal to another counts at each).
    Goals,
    /// Every complete game: sequences ending where no move is left (a
    /// dead end; a goal with no move left is one too).
    DeadEnds,
}

/// What [`Solver::count_paths`](crate::Solver::count_paths) found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Paths {
    /// `count` paths in all (below `u128::MAX`).
    Found {
        /// How many.
        count: u128,
    },
    /// At least `u128::MAX` paths: more than a count can hold.
    TooMany,
    /// A budget limit stopped the count before its end.
    Stopped(Limit),
    /// The puzzle is not layered ([`Puzzle::layer`](crate::Puzzle::layer)
    /// is `None` at the start): with a cycle, paths could be endless, so
    /// they are not counted.
    NotLayered,
}

/// A [`Paths`] with the paths of each length and the statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PathsReport {
    /// How it ended.
    pub outcome: Paths,
    /// `by_length[n]`: the paths of `n` moves counted (saturating), for
    /// every length reached.
    pub by_length: Vec<u128>,
    /// What it cost.
    pub stats: Stats,
}
