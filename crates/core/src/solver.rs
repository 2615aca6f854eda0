//! Choosing a strategy and its options, and running it.

use std::fmt;
use std::sync::Arc;

use crate::budget::Budget;
use crate::census::{Census, Ranked};
use crate::meter::Ctx;
use std::ops::ControlFlow;

use crate::engine::{InPlaceFn, Mode, Rules, in_place_fn};
use crate::options::{DepthMode, Options};
use crate::outcome::{Outcome, Report, ShortestReport};
use crate::portable::{PartError, PartRunner, PartSearcher};
use crate::progress::Progress;
use crate::puzzle::{InPlace, ParallelPuzzle, Puzzle};
use crate::stats::Stats;
use crate::strategy::{ParallelForm, Setup, all, astar, bfs, bidir, dfs, ida};

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
    /// moves. Stores every state it meets, up to [`Budget::max_states`].
    Bfs {
        /// The longest solution looked for.
        max_depth: u32,
    },
    /// A*: a shortest solution of at most `max_depth` moves, found
    /// best-first by moves made plus the puzzle's bound (an admissible
    /// bound is enough: states are reopened), then the lexicographically
    /// smallest of that length by one bounded depth-first pass. Stores
    /// every state it reaches, up to [`Budget::max_states`]; fewer nodes
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
    /// [`Puzzle::predecessors`] and [`Puzzle::goal_states`] (which must
    /// list *every* goal state: a goal left out could make the answer
    /// longer), from the goals, the smaller side first, until they meet;
    /// then the
    /// lexicographically smallest sequence of that length. Puzzles without
    /// those two methods get plain BFS (the same answer). Stores both
    /// sides' states, up to [`Budget::max_states`] in all.
    Bidirectional {
        /// The longest solution looked for.
        max_depth: u32,
    },
}

impl Strategy {
    /// IDA* with no practical depth limit (`u32::MAX`). Such limits (256
    /// or more) first run a BFS of at most 16,384 states, which answers at
    /// once when no goal is reachable ([`proofs`](crate::proofs)); its
    /// work is reported apart, in [`Stats::reach_expanded`](crate::Stats::reach_expanded)
    /// and [`Stats::reach_states`](crate::Stats::reach_states). Give a
    /// depth limit (`Strategy::IdaStar { max_depth }`) to skip it.
    ///
    /// **When to turn the table on.** IDA* stores nothing, so a state
    /// reached by many routes (a *transposition*) is searched again by each
    /// of them, at every iteration. Puzzles whose moves commute or undo
    /// each other in many ways (Klotski, Rubik-like puzzles, most puzzles
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

/// A configured search: a [`Strategy`], its options and a [`Budget`].
///
/// The options never change the answer, only the work done: the
/// transposition table and duplicate-child elimination prune only subtrees
/// that cannot hold the answer (see [`proofs`](crate::proofs)), and the parallel
/// search returns the first solution in canonical order whatever the thread
/// count.
///
/// ```
/// use puzzle_search_core::{Budget, Puzzle, Solver, Strategy};
/// /// Counting up by one from a number; the goal is 3.
/// struct Count;
/// impl Puzzle for Count {
///     type State = u8;
///     type Move = u8;
///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
///         out.push((1, s.wrapping_add(1)));
///     }
///     fn is_goal(&self, s: &u8) -> bool { *s == 3 }
/// }
/// let solver = Solver::new(Strategy::IdaStar { max_depth: 10 })
///     .table(true)
///     .dedup(true)
///     .budget(Budget::default().max_nodes(10_000));
/// assert_eq!(solver.solve(&Count, &0).solution(), Some(&[1, 1, 1][..]));
///
/// // Each option borrows the solver and returns a new one: variants of
/// // one base need no clone.
/// let plain = solver.table(false);
/// let parallel = solver.parallel(true);
/// assert_eq!(plain.solve(&Count, &0).outcome, parallel.solve(&Count, &0).outcome);
/// ```
#[derive(Clone)]
pub struct Solver {
    strategy: Strategy,
    options: Options,
    budget: Budget,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("strategy", &self.strategy)
            .field("table_bytes", &self.options.table_bytes)
            .field("table_min_slack", &self.options.table_min_slack)
            .field("table_by_left", &self.options.table_by_left)
            .field("dedup", &self.options.dedup)
            .field("parallel", &self.options.parallel)
            .field("threads", &self.options.threads)
            .field("any_shortest", &self.options.any_shortest)
            .field("budget", &self.budget)
            .finish()
    }
}

impl Solver {
    /// The table size [`table(true)`](Self::table) uses: 64 MiB. The table
    /// starts small and grows to this only when the search needs it.
    pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

    /// A plain sequential search by `strategy`: no transposition table, no
    /// duplicate elimination, no limits but the default [`Budget`].
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// // From 0 to 3 by +1 (move 1) or +2 (move 2).
    /// let walk = from_fn(
    ///     |s: &u8, out: &mut Vec<(u8, u8)>| out.extend([(1, s + 1), (2, s + 2)].into_iter().filter(|m| m.1 <= 3)),
    ///     |s: &u8| *s == 3,
    /// );
    /// let report = Solver::new(Strategy::bfs()).solve(&walk, &0);
    /// assert_eq!(report.solution(), Some(&[1, 2][..]));
    /// ```
    pub fn new(strategy: Strategy) -> Self {
        Self {
            strategy,
            options: Options::new(),
            budget: Budget::default(),
        }
    }

    /// The strategy.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy};
    /// assert_eq!(Solver::new(Strategy::ida()).table(true).strategy(), Strategy::ida());
    /// ```
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Turns the transposition table of DFS and IDA* on, with
    /// [`DEFAULT_TABLE_BYTES`](Self::DEFAULT_TABLE_BYTES), or off.
    ///
    /// The table remembers what exhausted subtrees proved (bounds, failures)
    /// and, in IDA*, the fewest moves each state was reached in, so a state
    /// reached again by a longer way or round a cycle is not searched again.
    /// With it, IDA* on a finite space ends even with an enormous depth
    /// limit. It never changes an answer (see [`proofs`](crate::proofs)).
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// // From 0 to 3 by +1 (move 1) or +2 (move 2).
    /// let walk = from_fn(
    ///     |s: &u8, out: &mut Vec<(u8, u8)>| out.extend([(1, s + 1), (2, s + 2)].into_iter().filter(|m| m.1 <= 3)),
    ///     |s: &u8| *s == 3,
    /// );
    /// // The same answer with the table, in fewer nodes where states repeat.
    /// let plain = Solver::new(Strategy::ida()).solve(&walk, &0);
    /// let with_table = Solver::new(Strategy::ida()).table(true).solve(&walk, &0);
    /// assert_eq!(plain.outcome, with_table.outcome);
    /// ```
    #[must_use = "the builder returns the new solver"]
    pub fn table(&self, on: bool) -> Self {
        self.table_bytes(if on { Self::DEFAULT_TABLE_BYTES } else { 0 })
    }

    /// Turns the transposition table on with at most about `bytes` bytes
    /// (0: off). It grows by doubling while it fills up; at its size, a full
    /// bucket replaces its least valuable entry (the one whose search
    /// expanded the fewest nodes).
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy};
    /// let solver = Solver::new(Strategy::IdaStar { max_depth: 40 }).table_bytes(16 << 20);
    /// # let _ = solver;
    /// ```
    #[must_use = "the builder returns the new solver"]
    pub fn table_bytes(&self, bytes: usize) -> Self {
        let mut this = self.clone();
        this.options.table_bytes = bytes;
        this
    }

    /// The slack from which [`table`](Self::table) looks nodes up: 3.
    pub const DEFAULT_TABLE_MIN_SLACK: u32 = crate::options::DEFAULT_TABLE_MIN_SLACK;

    /// Uses the table only at nodes whose moves left exceed their lower
    /// bound by at least `slack` (the moves left, with no bound).
    ///
    /// A look-up costs about as much as expanding a dozen cheap nodes (a
    /// 15-puzzle node) or a fraction of one expensive node (a match-3
    /// board with dozens of moves to settle). Small slack means a small
    /// subtree, so the default, 3, keeps the table off the many small
    /// subtrees of cheap puzzles; puzzles with expensive nodes gain from 1
    /// (every node with a move left). It changes the work, never the answer.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy};
    /// let solver = Solver::new(Strategy::IdaStar { max_depth: 8 }).table(true).table_min_slack(1);
    /// # let _ = solver;
    /// ```
    #[must_use = "the builder returns the new solver"]
    pub fn table_min_slack(&self, slack: u32) -> Self {
        let mut this = self.clone();
        this.options.table_min_slack = slack;
        this.options.table_by_left = false;
        this
    }

    /// Uses the table at nodes with at least `left` moves left, whatever
    /// their bound (replaces [`table_min_slack`](Self::table_min_slack);
    /// the last of the two called counts).
    ///
    /// For puzzles whose bound is weak against the moves left: there a
    /// node whose bound equals its moves left still roots a large subtree,
    /// which the slack rule would leave out of the table. The gathering
    /// bound of Mayan and Box-slide is such a bound (their searches use
    /// `table_min_left(1)`: gating on the slack instead made Box-slide 2-4x
    /// slower); the 15-puzzle's Manhattan distance is not (gating on the
    /// moves left made its IDA* 3.5x slower). It changes the work, never
    /// the answer.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy};
    /// let solver = Solver::new(Strategy::IdaStar { max_depth: 8 }).table(true).table_min_left(1);
    /// # let _ = solver;
    /// ```
    #[must_use = "the builder returns the new solver"]
    pub fn table_min_left(&self, left: u32) -> Self {
        let mut this = self.clone();
        this.options.table_min_slack = left;
        this.options.table_by_left = true;
        this
    }

    /// Skips, in DFS and IDA*, a successor whose state equals an earlier
    /// sibling's. (BFS always skips states it has seen.)
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// // From 0 to 3 by +1 (move 1) or +2 (move 2).
    /// let walk = from_fn(
    ///     |s: &u8, out: &mut Vec<(u8, u8)>| out.extend([(1, s + 1), (2, s + 2)].into_iter().filter(|m| m.1 <= 3)),
    ///     |s: &u8| *s == 3,
    /// );
    /// let report = Solver::new(Strategy::ida()).dedup(true).solve(&walk, &0);
    /// assert_eq!(report.solution(), Some(&[1, 2][..]));
    /// ```
    #[must_use = "the builder returns the new solver"]
    pub fn dedup(&self, on: bool) -> Self {
        let mut this = self.clone();
        this.options.dedup = on;
        this
    }

    /// Runs DFS and IDA* passes on rayon's current thread pool (BFS stays
    /// sequential). Without the `parallel` feature this has no effect.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// // From 0 to 3 by +1 (move 1) or +2 (move 2).
    /// let walk = from_fn(
    ///     |s: &u8, out: &mut Vec<(u8, u8)>| out.extend([(1, s + 1), (2, s + 2)].into_iter().filter(|m| m.1 <= 3)),
    ///     |s: &u8| *s == 3,
    /// );
    /// // Whatever the thread count, the same answer.
    /// let report = Solver::new(Strategy::ida()).parallel(true).solve(&walk, &0);
    /// assert_eq!(report.solution(), Some(&[1, 2][..]));
    /// ```
    #[must_use = "the builder returns the new solver"]
    pub fn parallel(&self, on: bool) -> Self {
        let mut this = self.clone();
        this.options.parallel = on;
        this
    }

    /// Runs the parallel passes of [`solve`](Self::solve), the census and
    /// the listing and counting calls on a pool of `n` threads, and turns
    /// [`parallel`](Self::parallel) on; `n = 1` runs sequentially. The
    /// pool is made on the first call that needs it and kept by this solver
    /// and its clones (later calls pay nothing). `n` is capped at
    /// [`MAX_THREADS_PER_CORE`](Self::MAX_THREADS_PER_CORE) per core:
    /// beyond that threads only take turns. Without it the current rayon
    /// pool is used (the global one: `RAYON_NUM_THREADS` or one per core).
    /// If the pool cannot be made, the current one is used. Without the
    /// `parallel` feature this has no effect.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy};
    /// let solver = Solver::new(Strategy::IdaStar { max_depth: 40 }).threads(2);
    /// # let _ = solver;
    /// ```
    #[must_use = "the builder returns the new solver"]
    pub fn threads(&self, n: usize) -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
        let n = n.clamp(1, cores.saturating_mul(Self::MAX_THREADS_PER_CORE));
        let mut this = self.clone();
        this.options.threads = Some(n);
        this.options.parallel = n > 1;
        #[cfg(feature = "parallel")]
        {
            this.options.pool = Arc::default();
        }
        this
    }

    /// Lets BFS, A* and bidirectional search return *any* shortest
    /// solution, not the lexicographically smallest: `successors` may then
    /// push moves in any order (not checked), A* reads its answer off the
    /// parents it kept and bidirectional search off the two sides'
    /// distances, without the depth-first second pass that finds the
    /// smallest (about half their expanded nodes where many solutions tie).
    /// The answer is still shortest; which one depends on the move order.
    /// The default, `false`, keeps every strategy's answer the
    /// lexicographically smallest.
    ///
    /// DFS and IDA* are not changed by it: their answer is the first
    /// solution in the moves' order and already costs no second pass, and
    /// their parallel and portable passes order their parts by the move
    /// sequences, so they keep the ascending-order check.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, replay, from_fn};
    /// // From 0 to 9 by +1 or +3, pushed in descending move order.
    /// let walk = from_fn(
    ///     |s: &u8, out: &mut Vec<(u8, u8)>| out.extend([(3, s + 3), (1, s + 1)].into_iter().filter(|m| m.1 <= 9)),
    ///     |s: &u8| *s == 9,
    /// );
    /// let report = Solver::new(Strategy::astar()).any_shortest(true).solve(&walk, &0);
    /// let moves = report.solution().expect("solved");
    /// assert_eq!(moves.len(), 3); // shortest: 3 + 3 + 3
    /// assert_eq!(replay(&walk, &0, moves), Ok(9));
    /// ```
    #[must_use = "the builder returns the new solver"]
    pub fn any_shortest(&self, on: bool) -> Self {
        let mut this = self.clone();
        this.options.any_shortest = on;
        this
    }

    /// A test setting: the parallel passes hand work over to the other
    /// threads at every budget check (every expanded node), not only when a
    /// thread is idle, so that tests meet every hand-over the timing could
    /// cause; its part searchers look at their hand-over request
    /// ([`PartSearcher::hand_over_flag`]) at every node. Slow; the answer
    /// is the same either way.
    #[doc(hidden)]
    #[must_use = "the builder returns the new solver"]
    pub fn hand_over_always(&self, on: bool) -> Self {
        let mut this = self.clone();
        this.options.hand_over_always = on;
        this
    }

    /// The most threads per core [`threads`](Self::threads) makes.
    pub const MAX_THREADS_PER_CORE: usize = 8;

    /// Runs `f` on the pool [`threads`](Self::threads) asks for.
    fn on_pool<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        #[cfg(feature = "parallel")]
        if let Some(n) = self.options.threads.filter(|&n| n > 1) {
            let pool = self
                .options
                .pool
                .get_or_init(|| rayon::ThreadPoolBuilder::new().num_threads(n).build().ok());
            if let Some(pool) = pool {
                return pool.install(f);
            }
        }
        f()
    }

    /// The number of threads the parallel passes of this solver run on.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy};
    /// let solver = Solver::new(Strategy::ida());
    /// assert_eq!(solver.threads(1).thread_count(), 1);
    /// assert!(solver.threads(1 << 40).thread_count() <= 8 * 4096); // capped
    /// ```
    pub fn thread_count(&self) -> usize {
        match self.options.threads {
            Some(n) => n,
            #[cfg(feature = "parallel")]
            None => rayon::current_num_threads(),
            #[cfg(not(feature = "parallel"))]
            None => 1,
        }
    }

    /// Sets the limits.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// // From 0 to 3 by +1 (move 1) or +2 (move 2).
    /// let walk = from_fn(
    ///     |s: &u8, out: &mut Vec<(u8, u8)>| out.extend([(1, s + 1), (2, s + 2)].into_iter().filter(|m| m.1 <= 3)),
    ///     |s: &u8| *s == 3,
    /// );
    /// use puzzle_search_core::{Budget, Limit, Outcome};
    /// let report = Solver::new(Strategy::ida()).budget(Budget::default().max_nodes(0)).solve(&walk, &0);
    /// assert_eq!(report.outcome, Outcome::Stopped(Limit::Nodes));
    /// ```
    #[must_use = "the builder returns the new solver"]
    pub fn budget(&self, budget: Budget) -> Self {
        let mut this = self.clone();
        this.budget = budget;
        this
    }

    /// The same solver with another strategy (options, budget and hook
    /// kept).
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy};
    /// let base = Solver::new(Strategy::ida()).table(true);
    /// let bfs = base.with_strategy(Strategy::bfs());
    /// assert_eq!(bfs.strategy(), Strategy::bfs());
    /// assert_eq!(base.strategy(), Strategy::ida());
    /// ```
    #[must_use = "the builder returns the new solver"]
    pub fn with_strategy(&self, strategy: Strategy) -> Self {
        let mut this = self.clone();
        this.strategy = strategy;
        this
    }

    /// Calls `hook` after every IDA* iteration, DFS pass, BFS layer and
    /// A* or bidirectional layer, and about four times a second while a
    /// search runs ([`Phase::Running`](crate::Phase::Running)). The hook is
    /// kept behind an `Arc`, so it is `'static`: to collect what it hears,
    /// move an `Arc` of a shared log into it.
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use puzzle_search_core::{Phase, Progress, Puzzle, Solver, Strategy};
    /// /// Counting up by one from a number; the goal is 3.
    /// struct Count;
    /// impl Puzzle for Count {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.push((1, s.wrapping_add(1)));
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 3 }
    /// }
    /// let depths = Arc::new(Mutex::new(Vec::new()));
    /// let log = Arc::clone(&depths);
    /// let solver = Solver::new(Strategy::ida()).on_progress(move |p: &Progress| {
    ///     if p.phase == Phase::Iteration {
    ///         log.lock().unwrap().push(p.depth);
    ///     }
    /// });
    /// solver.solve(&Count, &0);
    /// assert_eq!(*depths.lock().unwrap(), [0, 1, 2, 3]);
    /// ```
    #[must_use = "the builder returns the new solver"]
    pub fn on_progress(&self, hook: impl Fn(&Progress) + Send + Sync + 'static) -> Self {
        let mut this = self.clone();
        this.options.progress = Some(Arc::new(hook));
        this
    }

    /// Searches from `start`, in parallel when [`parallel`](Self::parallel)
    /// or [`threads`](Self::threads) asks for it (the answer is the same
    /// either way).
    ///
    /// - `puzzle`: the rules (successors in canonical order, goal test,
    ///   bound);
    /// - `start`: the state to search from.
    ///
    /// Returns the outcome with the statistics; a search that runs out of
    /// budget returns [`Outcome::Stopped`] with what it counted so far.
    /// The puzzle must be a [`ParallelPuzzle`] (`Sync`, with `Send + Sync`
    /// states and moves); [`solve_sequential`](Self::solve_sequential)
    /// takes any puzzle.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// // From 0 to 3 by +1 (move 1) or +2 (move 2).
    /// let walk = from_fn(
    ///     |s: &u8, out: &mut Vec<(u8, u8)>| out.extend([(1, s + 1), (2, s + 2)].into_iter().filter(|m| m.1 <= 3)),
    ///     |s: &u8| *s == 3,
    /// );
    /// let report = Solver::new(Strategy::ida()).solve(&walk, &0);
    /// assert_eq!(report.solution(), Some(&[1, 2][..]));
    /// assert!(report.stats.expanded > 0);
    /// ```
    pub fn solve<P: ParallelPuzzle>(&self, puzzle: &P, start: &P::State) -> Report<P::Move> {
        let parallel = self.parallel_form::<P>();
        self.on_pool(|| self.solve_here(puzzle, start, parallel, None))
    }

    /// Searches from `start` on the calling thread, whatever
    /// [`parallel`](Self::parallel) and [`threads`](Self::threads) say, so
    /// the puzzle needs no `Sync` and its states no `Send`: a puzzle that
    /// counts its calls in a `Cell`, or holds an `Rc`. Same answer as
    /// [`solve`](Self::solve).
    ///
    /// ```
    /// use std::cell::Cell;
    /// use puzzle_search_core::{Puzzle, Solver, Strategy};
    /// /// Counting up from 0 to 5 by +1 or +2, counting the expansions.
    /// struct Counted {
    ///     calls: Cell<u32>,
    /// }
    /// impl Puzzle for Counted {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         self.calls.set(self.calls.get() + 1);
    ///         out.extend([1, 2].into_iter().filter(|d| s + d <= 5).map(|d| (d, s + d)));
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 5 }
    /// }
    /// let puzzle = Counted { calls: Cell::new(0) };
    /// let report = Solver::new(Strategy::ida()).parallel(true).solve_sequential(&puzzle, &0);
    /// assert_eq!(report.solution(), Some(&[1, 2, 2][..]));
    /// assert!(puzzle.calls.get() > 0);
    /// ```
    pub fn solve_sequential<P: Puzzle>(&self, puzzle: &P, start: &P::State) -> Report<P::Move> {
        self.solve_here(puzzle, start, None, None)
    }

    /// Solves every start in `starts`: the reports in input order, each the
    /// answer [`solve`](Self::solve) gives for that start alone, with that
    /// start's own statistics (its time is its own wall time; starts run
    /// side by side). `done(i, &report)` is called as start `i` finishes,
    /// from the thread that ran it, in no set order (a progress bar, say).
    ///
    /// Threads spread over the starts, one start each; with
    /// [`parallel`](Self::parallel) on (the default), each start's parallel
    /// passes run on the same pool, so when starts run out the idle threads
    /// take tasks from the searches still running (rayon's work stealing),
    /// and a file of many short searches pays no split or barrier per
    /// thread. The budget applies to each start as to a lone `solve` (node
    /// and time limits per start; a cancel flag stops them all).
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// // From a number to 10 by +1 or +3.
    /// let up = from_fn(
    ///     |s: &u8, out: &mut Vec<(u8, u8)>| out.extend([1, 3].into_iter().filter(|d| s + d <= 10).map(|d| (d, s + d))),
    ///     |s: &u8| *s == 10,
    /// );
    /// let solver = Solver::new(Strategy::ida());
    /// let reports = solver.solve_batch(&up, &[0, 9, 4], |_, _| {});
    /// let lengths: Vec<_> = reports.iter().map(|r| r.solution().map(<[u8]>::len)).collect();
    /// assert_eq!(lengths, [Some(4), Some(1), Some(2)]);
    /// assert_eq!(reports[0].outcome, solver.solve(&up, &0).outcome);
    /// ```
    pub fn solve_batch<P: ParallelPuzzle>(
        &self,
        puzzle: &P,
        starts: &[P::State],
        done: impl Fn(usize, &Report<P::Move>) + Sync,
    ) -> Vec<Report<P::Move>> {
        let parallel = self.parallel_form::<P>();
        self.on_pool(|| self.batch_here(puzzle, starts, parallel, None, &done))
    }

    /// [`solve_batch`](Self::solve_batch) for an [`InPlace`] puzzle: each
    /// start searched as [`solve_in_place`](Self::solve_in_place) would.
    ///
    /// ```
    /// use puzzle_search_core::{InPlace, Puzzle, Solver, Strategy};
    /// /// Counting up to 7 by +1 (move 1) or +3 (move 3).
    /// struct Up;
    /// impl Puzzle for Up {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend([1, 3].into_iter().filter(|d| s + d <= 7).map(|d| (d, s + d)));
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 7 }
    /// }
    /// impl InPlace for Up {
    ///     type Undo = ();
    ///     fn moves(&self, s: &u8, _: u32, _: Option<u8>, out: &mut Vec<u8>) -> bool {
    ///         out.extend([1, 3].into_iter().filter(|d| s + d <= 7));
    ///         false
    ///     }
    ///     fn make(&self, s: &mut u8, mv: u8) { *s += mv }
    ///     fn unmake(&self, s: &mut u8, mv: u8, _: ()) { *s -= mv }
    /// }
    /// let reports = Solver::new(Strategy::ida()).solve_batch_in_place(&Up, &[0, 6], |_, _| {});
    /// assert_eq!(reports[0].solution(), Some(&[1, 3, 3][..]));
    /// assert_eq!(reports[1].solution(), Some(&[1][..]));
    /// ```
    pub fn solve_batch_in_place<P: ParallelPuzzle + InPlace>(
        &self,
        puzzle: &P,
        starts: &[P::State],
        done: impl Fn(usize, &Report<P::Move>) + Sync,
    ) -> Vec<Report<P::Move>> {
        let parallel = self.parallel_form::<P>();
        let in_place = Some(in_place_fn::<P>());
        self.on_pool(|| self.batch_here(puzzle, starts, parallel, in_place, &done))
    }

    /// The batch on the current pool: one start per thread (nested
    /// parallel passes), or one after another without the feature.
    fn batch_here<P: ParallelPuzzle>(
        &self,
        puzzle: &P,
        starts: &[P::State],
        parallel: Option<ParallelForm<P>>,
        in_place: Option<InPlaceFn<P>>,
        done: &(dyn Fn(usize, &Report<P::Move>) + Sync),
    ) -> Vec<Report<P::Move>> {
        let one = |(i, start): (usize, &P::State)| {
            let report = self.solve_here(puzzle, start, parallel, in_place);
            done(i, &report);
            report
        };
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            if self.options.parallel {
                // One start per task: `with_max_len(1)` keeps rayon from
                // giving a thread a run of starts it must finish in order.
                return starts
                    .par_iter()
                    .enumerate()
                    .with_max_len(1)
                    .map(one)
                    .collect();
            }
        }
        starts.iter().enumerate().map(one).collect()
    }

    /// [`solve`](Self::solve) for an [`InPlace`] puzzle: DFS and IDA*
    /// passes without a table or duplicate elimination (the default) search
    /// one state changed move by move instead of building every child, the
    /// cost per node of a hand-written search. Same answer and the same
    /// expanded nodes as `solve`; every other strategy and option runs as
    /// in `solve`.
    ///
    /// ```
    /// use puzzle_search_core::{InPlace, Puzzle, Solver, Strategy};
    /// /// Counting up from 0 to 7 by +1 (move 1) or +3 (move 3).
    /// struct Up;
    /// impl Puzzle for Up {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend([1, 3].into_iter().filter(|d| s + d <= 7).map(|d| (d, s + d)));
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 7 }
    /// }
    /// impl InPlace for Up {
    ///     type Undo = ();
    ///     fn moves(&self, s: &u8, _: u32, _: Option<u8>, out: &mut Vec<u8>) -> bool {
    ///         out.extend([1, 3].into_iter().filter(|d| s + d <= 7));
    ///         false
    ///     }
    ///     fn make(&self, s: &mut u8, mv: u8) { *s += mv }
    ///     fn unmake(&self, s: &mut u8, mv: u8, _: ()) { *s -= mv }
    /// }
    /// let solver = Solver::new(Strategy::ida());
    /// let report = solver.solve_in_place(&Up, &0);
    /// assert_eq!(report.solution(), Some(&[1, 3, 3][..]));
    /// assert_eq!(report.stats.expanded, solver.solve(&Up, &0).stats.expanded);
    /// ```
    pub fn solve_in_place<P: ParallelPuzzle + InPlace>(
        &self,
        puzzle: &P,
        start: &P::State,
    ) -> Report<P::Move> {
        let parallel = self.parallel_form::<P>();
        let in_place = Some(in_place_fn::<P>());
        self.on_pool(|| self.solve_here(puzzle, start, parallel, in_place))
    }

    /// [`solve_in_place`](Self::solve_in_place) on the calling thread, for
    /// any [`InPlace`] puzzle (as [`solve_sequential`](Self::solve_sequential)).
    ///
    /// ```
    /// use puzzle_search_core::{InPlace, Puzzle, Solver, Strategy};
    /// struct Up; // from 0 to 4 by +1 or +2
    /// impl Puzzle for Up {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend([1, 2].into_iter().filter(|d| s + d <= 4).map(|d| (d, s + d)));
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 4 }
    /// }
    /// impl InPlace for Up {
    ///     type Undo = ();
    ///     fn moves(&self, s: &u8, _: u32, _: Option<u8>, out: &mut Vec<u8>) -> bool {
    ///         out.extend([1, 2].into_iter().filter(|d| s + d <= 4));
    ///         false
    ///     }
    ///     fn make(&self, s: &mut u8, mv: u8) { *s += mv }
    ///     fn unmake(&self, s: &mut u8, mv: u8, _: ()) { *s -= mv }
    /// }
    /// let report = Solver::new(Strategy::ida()).solve_in_place_sequential(&Up, &0);
    /// assert_eq!(report.solution(), Some(&[2, 2][..]));
    /// ```
    pub fn solve_in_place_sequential<P: InPlace>(
        &self,
        puzzle: &P,
        start: &P::State,
    ) -> Report<P::Move> {
        self.solve_here(puzzle, start, None, Some(in_place_fn::<P>()))
    }

    /// [`solve_sequential`](Self::solve_sequential) with each DFS pass
    /// (DFS, or one IDA* threshold) split into portable parts that
    /// `runner` searches wherever it likes (other processes, other
    /// machines: `puzzle-search-mpi` runs them on MPI ranks) with a
    /// [`part_searcher`](Self::part_searcher) of a solver like this one.
    /// The split phase and the merge run here; the answer is the
    /// sequential one whatever the runner's order or placement (see
    /// [`portable`](crate::portable)), and whatever work its searchers
    /// hand over to each other ([`PartSearcher::hand_over_to`]). Budgets:
    /// this side's budget covers
    /// the split phases and, counted between passes, the parts' expanded
    /// nodes; each searching side stops on its own budget. Strategies other
    /// than DFS and IDA* do not split: they run here, as
    /// `solve_sequential`.
    ///
    /// ```
    /// use puzzle_search_core::portable::{Part, PartReport, PartRunner};
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// // A counter: +1, +2 or +3; the goal is 10.
    /// let counter = from_fn(
    ///     |s: &u32, out: &mut Vec<(u8, u32)>| out.extend((1..=3).map(|d| (d, s + u32::from(d)))),
    ///     |s: &u32| *s == 10,
    /// );
    /// let solver = Solver::new(Strategy::ida());
    /// /// Searches the parts last first, here (a real runner sends them away).
    /// struct Backwards<'a, F>(&'a Solver, &'a F);
    /// impl<F: puzzle_search_core::Puzzle<State = u32, Move = u8>> PartRunner<u8> for Backwards<'_, F> {
    ///     fn run(&self, limit: u32, parts: Vec<Part<u8>>) -> Vec<(Part<u8>, Option<PartReport<u8>>)> {
    ///         let mut reports = Vec::new();
    ///         self.0
    ///             .part_searcher(self.1, &0, |searcher| {
    ///                 for part in parts.into_iter().rev() {
    ///                     let report = searcher.search(limit, &part).expect("our part");
    ///                     reports.push((part, Some(report)));
    ///                 }
    ///             })
    ///             .expect("IDA* splits");
    ///         reports
    ///     }
    /// }
    /// let report = solver.solve_by_parts(&counter, &0, &Backwards(&solver, &counter));
    /// assert_eq!(report.solution(), Some(&[1, 3, 3, 3][..]));
    /// assert_eq!(report.solution(), solver.solve_sequential(&counter, &0).solution());
    /// ```
    pub fn solve_by_parts<P: Puzzle>(
        &self,
        puzzle: &P,
        start: &P::State,
        runner: &dyn PartRunner<P::Move>,
    ) -> Report<P::Move> {
        match self.part_rules() {
            Ok(_) => self.solve_with_setup(puzzle, start, None, None, Some(runner)),
            Err(_) => self.solve_here(puzzle, start, None, None),
        }
    }

    /// Runs `f` with a [`PartSearcher`] for `puzzle` and `start`: the
    /// searching side of [`solve_by_parts`](Self::solve_by_parts), which
    /// must use a solver with the same strategy and options. The searcher
    /// keeps this solver's transposition table (if any) from one part to
    /// the next, and this solver's budget covers all its parts together.
    ///
    /// # Errors
    /// [`PartError`] when the strategy is not DFS or IDA*.
    ///
    /// ```
    /// use puzzle_search_core::portable::{Part, PartEnd};
    /// use puzzle_search_core::{DepthMode, Solver, Strategy, from_fn};
    /// let counter = from_fn(
    ///     |s: &u32, out: &mut Vec<(u8, u32)>| out.extend([(1, s + 1), (2, s + 2)]),
    ///     |s: &u32| *s == 4,
    /// );
    /// // Exactly 3 moves: below the first move 1, the smallest is 1, 1, 2.
    /// let solver = Solver::new(Strategy::Dfs { depth: 3, mode: DepthMode::Exactly });
    /// let part = Part { path: vec![1], from: None, q: 0 };
    /// let report = solver.part_searcher(&counter, &0, |s| s.search(3, &part))??;
    /// assert_eq!(report.end, PartEnd::Found(vec![1, 1, 2]));
    /// assert!(Solver::new(Strategy::bfs()).part_searcher(&counter, &0, |_| ()).is_err());
    /// # Ok::<(), puzzle_search_core::portable::PartError>(())
    /// ```
    pub fn part_searcher<P: Puzzle, R>(
        &self,
        puzzle: &P,
        start: &P::State,
        f: impl FnOnce(&mut PartSearcher<'_, P>) -> R,
    ) -> Result<R, PartError> {
        self.part_searcher_with(puzzle, start, None, f)
    }

    /// [`part_searcher`](Self::part_searcher) for an [`InPlace`] puzzle:
    /// the parts are searched by the in-place loop of
    /// [`solve_in_place`](Self::solve_in_place) (same answers, the same
    /// nodes as `part_searcher`).
    ///
    /// # Errors
    /// As `part_searcher`.
    ///
    /// ```
    /// use puzzle_search_core::portable::{Part, PartEnd};
    /// use puzzle_search_core::{InPlace, Puzzle, Solver, Strategy};
    /// /// A token on 0..=9 steps left or right; the goal is 9.
    /// struct Line;
    /// impl Puzzle for Line {
    ///     type State = u8;
    ///     type Move = char;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(char, u8)>) {
    ///         if *s > 0 { out.push(('L', s - 1)) }
    ///         if *s < 9 { out.push(('R', s + 1)) }
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 9 }
    ///     fn inverse(&self, mv: char) -> Option<char> { Some(if mv == 'L' { 'R' } else { 'L' }) }
    /// }
    /// impl InPlace for Line {
    ///     type Undo = ();
    ///     fn moves(&self, s: &u8, _: u32, except: Option<char>, out: &mut Vec<char>) -> bool {
    ///         if *s > 0 && except != Some('L') { out.push('L') }
    ///         if *s < 9 && except != Some('R') { out.push('R') }
    ///         false
    ///     }
    ///     fn make(&self, s: &mut u8, mv: char) { if mv == 'L' { *s -= 1 } else { *s += 1 } }
    ///     fn unmake(&self, s: &mut u8, mv: char, _: ()) { if mv == 'L' { *s += 1 } else { *s -= 1 } }
    /// }
    /// let solver = Solver::new(Strategy::IdaStar { max_depth: 20 });
    /// let part = Part { path: vec!['R'], from: None, q: 0 };
    /// let report = solver.part_searcher_in_place(&Line, &6, |s| s.search(3, &part))??;
    /// assert_eq!(report.end, PartEnd::Found(vec!['R'; 3]));
    /// # Ok::<(), puzzle_search_core::portable::PartError>(())
    /// ```
    pub fn part_searcher_in_place<P: InPlace, R>(
        &self,
        puzzle: &P,
        start: &P::State,
        f: impl FnOnce(&mut PartSearcher<'_, P>) -> R,
    ) -> Result<R, PartError> {
        self.part_searcher_with(puzzle, start, Some(in_place_fn::<P>()), f)
    }

    fn part_searcher_with<P: Puzzle, R>(
        &self,
        puzzle: &P,
        start: &P::State,
        in_place: Option<InPlaceFn<P>>,
        f: impl FnOnce(&mut PartSearcher<'_, P>) -> R,
    ) -> Result<R, PartError> {
        let rules = self.part_rules()?;
        let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
        let table = self.options.table_bytes;
        let relay = crate::portable::Relay::new(self.options.hand_over_always);
        let mut searcher = PartSearcher::new(puzzle, start, &ctx, rules, table, in_place, &relay);
        Ok(f(&mut searcher))
    }

    /// The rules of this solver's DFS passes, as its strategy sets them
    /// (`dfs::solve`, `ida::solve`).
    fn part_rules(&self) -> Result<Rules, PartError> {
        let (mode, shortest) = match self.strategy {
            Strategy::Dfs {
                mode: DepthMode::Exactly,
                ..
            } => (Mode::Exact, false),
            Strategy::Dfs {
                mode: DepthMode::AtMost,
                ..
            } => (Mode::AtMost, false),
            Strategy::IdaStar { .. } => (Mode::AtMost, true),
            Strategy::Bfs { .. } => return Err(PartError::strategy("BFS")),
            Strategy::AStar { .. } => return Err(PartError::strategy("A*")),
            Strategy::Bidirectional { .. } => return Err(PartError::strategy("bidirectional")),
        };
        Ok(Rules {
            mode,
            limit: 0,
            dedup: self.options.dedup,
            shortest,
            table_slack: self.options.table_min_slack,
            table_by_left: self.options.table_by_left,
        })
    }

    /// The parallel form of a DFS pass, when this solver wants one.
    fn parallel_form<P: ParallelPuzzle>(&self) -> Option<ParallelForm<P>> {
        #[cfg(feature = "parallel")]
        if self.options.parallel {
            return Some(crate::strategy::parallel_form::<P>());
        }
        None
    }

    fn solve_here<P: Puzzle>(
        &self,
        puzzle: &P,
        start: &P::State,
        parallel: Option<ParallelForm<P>>,
        in_place: Option<InPlaceFn<P>>,
    ) -> Report<P::Move> {
        self.solve_with_setup(puzzle, start, parallel, in_place, None)
    }

    fn solve_with_setup<P: Puzzle>(
        &self,
        puzzle: &P,
        start: &P::State,
        parallel: Option<ParallelForm<P>>,
        in_place: Option<InPlaceFn<P>>,
        parts: Option<&dyn PartRunner<P::Move>>,
    ) -> Report<P::Move> {
        let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
        let mut stats = Stats::default();
        let options = &self.options;
        let setup = Setup {
            options,
            parallel,
            in_place,
            parts,
        };
        let outcome: Outcome<P::Move> = match self.strategy {
            Strategy::Dfs { depth, mode } => {
                dfs::solve(puzzle, start, depth, mode, &ctx, setup, &mut stats)
            }
            Strategy::IdaStar { max_depth } => {
                ida::solve(puzzle, start, max_depth, &ctx, setup, &mut stats)
            }
            Strategy::Bfs { max_depth } => {
                bfs::solve(puzzle, start, max_depth, &ctx, options, &mut stats)
            }
            Strategy::AStar { max_depth } => {
                astar::solve(puzzle, start, max_depth, &ctx, options, &mut stats)
            }
            Strategy::Bidirectional { max_depth } => {
                bidir::solve(puzzle, start, max_depth, &ctx, options, &mut stats)
            }
        };
        stats.elapsed = ctx.start.elapsed();
        Report { outcome, stats }
    }

    /// How many states lie at each distance from `start`: a breadth-first
    /// census of everything `start` reaches, through a hash set of the
    /// states seen (any puzzle; the strategy is not used, the budget and
    /// progress hook are: `max_states` caps the states kept, each layer
    /// is reported as [`Phase::Layer`](crate::Phase::Layer) with its size
    /// in [`Progress::layer`](crate::Progress::layer)). For puzzles that
    /// number their states, [`census_ranked`](Self::census_ranked) needs a
    /// byte a state instead.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// // The 3x3 torus of a token moving right or down: 9 states.
    /// let torus = from_fn(
    ///     |&(r, c): &(u8, u8), out: &mut Vec<(char, (u8, u8))>| {
    ///         out.extend([('D', ((r + 1) % 3, c)), ('R', (r, (c + 1) % 3))])
    ///     },
    ///     |_: &(u8, u8)| false,
    /// );
    /// let census = Solver::new(Strategy::bfs()).census(&torus, &(0, 0));
    /// assert_eq!(census.layers, [1, 2, 3, 2, 1]);
    /// assert_eq!((census.states(), census.radius()), (9, Some(4)));
    /// ```
    pub fn census<P: Puzzle>(&self, puzzle: &P, start: &P::State) -> Census {
        let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
        crate::census::by_hash(puzzle, start, &ctx, self.options.progress.as_deref())
    }

    /// [`census`](Self::census) for a [`Ranked`] puzzle: one byte per rank
    /// instead of a hash set, each layer expanded in parallel (with the
    /// `parallel` feature), by the 0-1 breadth-first search that builds
    /// pattern databases. Budgets are checked between layers, and a space
    /// larger than `max_states` ranks is refused (`stopped`
    /// `Some(Limit::States)`). Spaces of more than 2^32 ranks, or with
    /// distances past 254, take the hash path. Same layers as `census`.
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Ranked, Solver, Strategy};
    /// /// Bit strings of length 4; a move flips one bit.
    /// struct Cube;
    /// impl Puzzle for Cube {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend((0..4).map(|b| (b, s ^ 1 << b)));
    ///     }
    ///     fn is_goal(&self, _: &u8) -> bool { false }
    /// }
    /// impl Ranked for Cube {
    ///     fn space_size(&self) -> u64 { 16 }
    ///     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
    ///     fn unrank(&self, r: u64) -> u8 { r as u8 }
    /// }
    /// let solver = Solver::new(Strategy::bfs());
    /// assert_eq!(solver.census_ranked(&Cube, &0).layers, [1, 4, 6, 4, 1]);
    /// assert_eq!(solver.census(&Cube, &0).layers, [1, 4, 6, 4, 1]);
    /// ```
    pub fn census_ranked<P: Ranked + ParallelPuzzle>(
        &self,
        puzzle: &P,
        start: &P::State,
    ) -> Census {
        self.on_pool(|| {
            let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
            let progress = self.options.progress.as_deref();
            match crate::census::by_rank(puzzle, start, &ctx, progress) {
                Ok(distances) => distances.census,
                Err(_) => crate::census::by_hash(puzzle, start, &ctx, progress),
            }
        })
    }

    /// Each state's distance from `start`, by rank: the dense census of
    /// [`census_ranked`](Self::census_ranked) with the byte a rank it fills
    /// kept (a distance table over a whole space: a pattern database whose
    /// abstraction is a puzzle of its own, Rotation's mask table). Budgets
    /// as there: a stop keeps the complete layers' distances
    /// (`census().stopped` says why), a space over `max_states` ranks is
    /// refused with no bytes.
    ///
    /// # Errors
    /// [`PdbError`](crate::pdb::PdbError) when the space has more than 2^32
    /// ranks, a byte a rank cannot be allocated, or a distance reaches 255
    /// (where `census_ranked` takes the hash path instead).
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Ranked, Solver, Strategy};
    /// /// Two bits; a move flips one.
    /// struct Bits;
    /// impl Puzzle for Bits {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend((0..2).map(|b| (b, s ^ (1 << b))));
    ///     }
    ///     fn is_goal(&self, _: &u8) -> bool { false }
    /// }
    /// impl Ranked for Bits {
    ///     fn space_size(&self) -> u64 { 4 }
    ///     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
    ///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
    /// }
    /// let distances = Solver::new(Strategy::bfs()).distances_ranked(&Bits, &0)?;
    /// assert_eq!(distances.as_bytes(), [0, 1, 1, 2]);
    /// assert_eq!(distances.census().layers, [1, 2, 1]);
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn distances_ranked<P: Ranked + ParallelPuzzle>(
        &self,
        puzzle: &P,
        start: &P::State,
    ) -> Result<crate::census::Distances, crate::pdb::PdbError> {
        self.on_pool(|| {
            let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
            crate::census::by_rank(puzzle, start, &ctx, self.options.progress.as_deref())
        })
    }

    /// Calls `visit` on every shortest solution of at most `max_depth`
    /// moves, in lexicographic order, until it returns
    /// `ControlFlow::Break`.
    ///
    /// - `puzzle`, `start`: as in [`solve`](Self::solve);
    /// - `max_depth`: the longest solution looked for;
    /// - `visit`: called with each solution's moves (a borrowed slice, so
    ///   nothing is kept that the caller does not keep).
    ///
    /// The solver's [`Strategy`] is not used: the length always comes from
    /// IDA* (with this solver's options and budget, up to `max_depth`);
    /// then one depth-first pass meets the solutions, cutting only children
    /// whose bound exceeds the moves left and moves straight back (no
    /// table, no duplicate elimination: those would drop solutions through
    /// a state already seen). That pass remembers the states with no goal
    /// below, at most [`Budget::max_states`] of them: past it, the outcome
    /// is [`Shortest::Stopped`](crate::Shortest::Stopped)`(`[`Limit::States`](crate::Limit::States)`)`.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzle_search_core::{Puzzle, Shortest, Solver, Strategy};
    /// /// A 2x2 grid walk from (0, 0) to (1, 1): 'D'own or 'R'ight.
    /// struct Grid;
    /// impl Puzzle for Grid {
    ///     type State = (u8, u8);
    ///     type Move = char;
    ///     fn successors(&self, &(r, c): &(u8, u8), out: &mut Vec<(char, (u8, u8))>) {
    ///         if r < 1 { out.push(('D', (r + 1, c))) }
    ///         if c < 1 { out.push(('R', (r, c + 1))) }
    ///     }
    ///     fn is_goal(&self, s: &(u8, u8)) -> bool { *s == (1, 1) }
    /// }
    /// let solver = Solver::new(Strategy::IdaStar { max_depth: 4 });
    /// let mut seen = Vec::new();
    /// let report = solver.for_each_shortest(&Grid, &(0, 0), 4, |moves: &[char]| {
    ///     seen.push(moves.iter().collect::<String>());
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(seen, ["DR", "RD"]);
    /// assert_eq!(report.outcome, Shortest::Found { length: 2, count: 2 });
    /// ```
    pub fn for_each_shortest<P: ParallelPuzzle>(
        &self,
        puzzle: &P,
        start: &P::State,
        max_depth: u32,
        mut visit: impl FnMut(&[P::Move]) -> ControlFlow<()>,
    ) -> ShortestReport {
        let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
        let mut stats = Stats::default();
        let parallel = self.parallel_form::<P>();
        // The length (IDA*, parallel) on the solver's pool; the listing on
        // this thread, where `visit` lives.
        let length = self.on_pool(|| {
            let setup = Setup {
                options: &self.options,
                parallel,
                in_place: None,
                parts: None,
            };
            all::length(puzzle, start, max_depth, &ctx, setup, &mut stats)
        });
        let (outcome, method) = match length {
            Ok(found) => (
                all::for_each(puzzle, start, &found, &ctx, &mut stats, &mut visit),
                Some(found.method()),
            ),
            Err(end) => (end, None),
        };
        stats.elapsed = ctx.start.elapsed();
        ShortestReport {
            outcome,
            stats,
            method,
        }
    }

    /// The first `k` shortest solutions in lexicographic order (all of
    /// them with `usize::MAX`), with the report of the search (its count is
    /// how many were listed; with `k = 0` nothing is listed and the report
    /// is [`count_shortest`](Self::count_shortest)'s).
    ///
    /// - `puzzle`, `start`, `max_depth`: as in
    ///   [`for_each_shortest`](Self::for_each_shortest);
    /// - `k`: how many solutions to list at most.
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Solver, Strategy};
    /// struct Walk; // from 0 to 3 by +1 or +2
    /// impl Puzzle for Walk {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend([1, 2].into_iter().filter(|d| s + d <= 3).map(|d| (d, s + d)));
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 3 }
    /// }
    /// let solver = Solver::new(Strategy::IdaStar { max_depth: 3 });
    /// let (first, _) = solver.shortest_solutions(&Walk, &0, 3, 1);
    /// assert_eq!(first, [vec![1, 2]]);
    /// let (all, _) = solver.shortest_solutions(&Walk, &0, 3, usize::MAX);
    /// assert_eq!(all, [vec![1, 2], vec![2, 1]]);
    /// ```
    pub fn shortest_solutions<P: ParallelPuzzle>(
        &self,
        puzzle: &P,
        start: &P::State,
        max_depth: u32,
        k: usize,
    ) -> (Vec<Vec<P::Move>>, ShortestReport) {
        let mut found = Vec::new();
        if k == 0 {
            let report = self.count_shortest(puzzle, start, max_depth);
            return (found, report);
        }
        let report = self.for_each_shortest(puzzle, start, max_depth, |moves| {
            found.push(moves.to_vec());
            if found.len() >= k {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (found, report)
    }

    /// The number of shortest solutions of at most `max_depth` moves,
    /// counted without listing them: per state and moves left, the number
    /// of ways on to a goal is counted once and reused (a sequence of the
    /// shortest length ending at a goal passes no state twice, so these
    /// are exactly the shortest solutions). As in
    /// [`for_each_shortest`](Self::for_each_shortest), the solver's
    /// strategy is not used: the length comes from IDA* up to `max_depth`.
    /// One count per state is kept,
    /// at most [`Budget::max_states`] of them: past it, the outcome is
    /// [`Shortest::Stopped`](crate::Shortest::Stopped)`(`[`Limit::States`](crate::Limit::States)`)`, never a wrong count.
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Shortest, Solver, Strategy};
    /// /// Lattice paths on an 8x8 grid: C(16, 8) = 12,870 shortest walks.
    /// struct Grid;
    /// impl Puzzle for Grid {
    ///     type State = (u8, u8);
    ///     type Move = char;
    ///     fn successors(&self, &(r, c): &(u8, u8), out: &mut Vec<(char, (u8, u8))>) {
    ///         if r < 8 { out.push(('D', (r + 1, c))) }
    ///         if c < 8 { out.push(('R', (r, c + 1))) }
    ///     }
    ///     fn is_goal(&self, s: &(u8, u8)) -> bool { *s == (8, 8) }
    ///     fn lower_bound(&self, &(r, c): &(u8, u8)) -> Option<u32> {
    ///         Some(u32::from(16 - r - c))
    ///     }
    /// }
    /// let report = Solver::new(Strategy::IdaStar { max_depth: 16 }).count_shortest(&Grid, &(0, 0), 16);
    /// assert_eq!(report.outcome, Shortest::Found { length: 16, count: 12_870 });
    /// ```
    pub fn count_shortest<P: ParallelPuzzle>(
        &self,
        puzzle: &P,
        start: &P::State,
        max_depth: u32,
    ) -> ShortestReport {
        let parallel = self.parallel_form::<P>();
        self.on_pool(|| {
            let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
            let mut stats = Stats::default();
            let setup = Setup {
                options: &self.options,
                parallel,
                in_place: None,
                parts: None,
            };
            let (outcome, method) =
                match all::length(puzzle, start, max_depth, &ctx, setup, &mut stats) {
                    Ok(found) => (
                        all::count(puzzle, start, &found, &ctx, &mut stats),
                        Some(found.method()),
                    ),
                    Err(end) => (end, None),
                };
            stats.elapsed = ctx.start.elapsed();
            ShortestReport {
                outcome,
                stats,
                method,
            }
        })
    }
}
