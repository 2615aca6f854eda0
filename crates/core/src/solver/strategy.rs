//! [`Strategy`]: which search a [`Solver`](crate::Solver) runs.

use std::fmt;

use crate::options::DepthMode;

/// A search strategy. Every strategy returns the lexicographically smallest
/// (in canonical move order) of the solutions it promises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Strategy {
    /// Depth-first search to `depth` moves, in one pass.
    Dfs {
        /// The depth limit.
        depth: u32,
        /// Exactly or at most `depth` moves.
        mode: DepthMode,
    },
    /// IDA*: a shortest solution of at most `max_depth` moves.
    IdaStar {
        /// The longest solution looked for.
        max_depth: u32,
    },
    /// Breadth-first search: a shortest solution of at most `max_depth`
    /// moves. Stores every state it meets, up to [`Budget::max_states`](crate::Budget::max_states).
    Bfs {
        /// The longest solution looked for.
        max_depth: u32,
    },
    /// A*: a shortest solution of at most `max_depth` moves, found
    /// best-first by moves made plus the puzzle's bound (an admissible
    /// bound is enough: states are reopened), then the lexicographically
    /// smallest of that length by one bounded depth-first pass. Stores
    /// every state it reaches, up to [`Budget::max_states`](crate::Budget::max_states); fewer nodes
    /// than IDA* where states repeat a lot, more memory.
    ///
    /// ```
    /// use puzzle_search_core::{Outcome, Puzzle, Solver, Strategy};
    /// struct Reach;
    /// impl Puzzle for Reach {
    ///     type State = u32;
    ///     type Move = char;
    ///     fn successors(&self, s: &u32, out: &mut Vec<(char, u32)>) {
    ///         out.push(('*', s * 2));
    ///         out.push(('+', s + 1));
    ///     }
    ///     fn is_goal(&self, s: &u32) -> bool { *s == 10 }
    ///     fn lower_bound(&self, s: &u32) -> Option<u32> { (*s <= 10).then_some(0) }
    /// }
    /// let report = Solver::new(Strategy::AStar { max_depth: 20 }).solve(&Reach, &1);
    /// // The same answer as IDA*: shortest, then smallest in move order.
    /// assert_eq!(report.outcome, Outcome::Solved(vec!['*', '*', '+', '*']));
    /// ```
    AStar {
        /// The longest solution looked for.
        max_depth: u32,
    },
    /// Bidirectional BFS: layers from the start and, through
    /// [`Puzzle::predecessors`](crate::Puzzle::predecessors) and [`Puzzle::goal_states`](crate::Puzzle::goal_states) (which must
    /// list *every* goal state: a goal left out could make the answer
    /// longer), from the goals, the smaller side first, until they meet;
    /// then the
    /// lexicographically smallest sequence of that length. Puzzles without
    /// those two methods get plain BFS (the same answer). Stores both
    /// sides' states, up to [`Budget::max_states`](crate::Budget::max_states) in all.
    Bidirectional {
        /// The longest solution looked for.
        max_depth: u32,
    },
}

impl Strategy {
    /// IDA* with no practical depth limit (`u32::MAX`). Such limits (256
    /// or more) run a breadth-first reachability check beside the passes:
    /// 16,384 states before the first, then before each pass as many
    /// children as keep it at 1/8 of those IDA* generates (the passes done and the
    /// next, estimated), up to 64 MiB of states and the budget's
    /// `max_states`. It answers "no solution" once it has seen every
    /// reachable state without a goal ([`proofs`](crate::proofs)), so a
    /// finite space without one ends after about 8 times its size in IDA*
    /// work, whatever the bound (an unsolvable Rush Hour board of 42,750
    /// states: 0.2-0.8 s), and stops as soon as it meets a goal. Its work
    /// is reported apart, in [`Stats::reach_expanded`](crate::Stats::reach_expanded)
    /// and [`Stats::reach_states`](crate::Stats::reach_states). A DFS with
    /// such a limit runs the first 16,384 states only (it has one pass).
    /// Give a depth limit (`Strategy::IdaStar { max_depth }`) to skip it.
    ///
    /// **When to turn the table on.** IDA* stores nothing, so a state
    /// reached by many routes (a *transposition*) is searched again by each
    /// of them, at every iteration. Puzzles whose moves commute or undo
    /// each other in many ways (Rush Hour, Klotski, Rubik-like puzzles, most puzzles
    /// with many pieces that move independently) then make plain IDA*
    /// exponentially slower than their state count suggests: on Klotski
    /// (25,955 states) a minute reached iteration 16 of 116, where
    /// [`Solver::table`](crate::Solver::table)`(true)` solves it in under
    /// a second. [`Stats::repeated`](crate::Stats::repeated) counts the
    /// repeats it can prove; when it is a large part of `expanded`, turn
    /// the table on (or use [`Strategy::astar`] or [`Strategy::bfs`] on a
    /// space that fits in memory). Sliding-tile puzzles with their
    /// `inverse` moves need no table.
    ///
    /// ```
    /// use puzzle_search_core::Strategy;
    /// assert_eq!(Strategy::ida(), Strategy::IdaStar { max_depth: u32::MAX });
    /// ```
    pub const fn ida() -> Self {
        Strategy::IdaStar {
            max_depth: u32::MAX,
        }
    }

    /// A* with no practical depth limit.
    pub const fn astar() -> Self {
        Strategy::AStar {
            max_depth: u32::MAX,
        }
    }

    /// BFS with no depth limit (its budget's `max_states` still applies).
    pub const fn bfs() -> Self {
        Strategy::Bfs {
            max_depth: u32::MAX,
        }
    }

    /// Bidirectional BFS with no depth limit. It needs
    /// [`Puzzle::predecessors`](crate::Puzzle::predecessors) and **every**
    /// goal state from [`Puzzle::goal_states`](crate::Puzzle::goal_states)
    /// (a goal left out could make the answer longer); without them it
    /// runs as [`Strategy::bfs`].
    ///
    /// ```
    /// use puzzle_search_core::Strategy;
    /// assert_eq!(Strategy::bidirectional(), Strategy::Bidirectional { max_depth: u32::MAX });
    /// ```
    pub const fn bidirectional() -> Self {
        Strategy::Bidirectional {
            max_depth: u32::MAX,
        }
    }

    /// A short name: `dfs-exact`, `dfs`, `ida`, `bfs`, `astar`, `bidirectional`.
    ///
    /// ```
    /// use puzzle_search_core::Strategy;
    /// assert_eq!(Strategy::ida().name(), "ida");
    /// assert_eq!(Strategy::astar().to_string(), "astar");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Strategy::Dfs {
                mode: DepthMode::Exactly,
                ..
            } => "dfs-exact",
            Strategy::Dfs {
                mode: DepthMode::AtMost,
                ..
            } => "dfs",
            Strategy::IdaStar { .. } => "ida",
            Strategy::Bfs { .. } => "bfs",
            Strategy::AStar { .. } => "astar",
            Strategy::Bidirectional { .. } => "bidirectional",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
