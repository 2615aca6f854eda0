//! Choosing a strategy and its options, and running it: [`Solver`] (the
//! builder and the searches), with [`Strategy`] and the calls that list or
//! count every shortest solution, take censuses, and split searches into
//! portable parts in modules of their own.

mod census;
mod parts;
mod shortest;
mod strategy;
mod target;

pub use strategy::Strategy;
pub use target::{MakeUnmake, MoveOf, PuzzleOf, Sequential, StateOf, Target};

use std::fmt;
use std::sync::Arc;

use crate::budget::Budget;
use crate::engine::InPlaceFn;
use crate::meter::Ctx;
use crate::options::Options;
use crate::outcome::{Outcome, Report};
use crate::portable::PartRunner;
use crate::progress::Progress;
use crate::puzzle::{InPlace, ParallelPuzzle, Puzzle};
use crate::stats::Stats;
use crate::strategy::{ParallelForm, Setup, astar, bfs, bidir, dfs, ida};

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
            .field("table_auto", &self.options.table_auto)
            .field("dedup", &self.options.dedup)
            .field("parallel", &self.options.parallel)
            .field("threads", &self.options.threads)
            .field("one_thread", &self.options.one_thread)
            .field("any_shortest", &self.options.any_shortest)
            .field("budget", &self.budget)
            .finish()
    }
}

/// IDA* passes from a zero bound past which the report notes it.
const ZERO_BOUND_PASSES: u32 = 4;

impl Solver {
    /// The table size [`table(true)`](Self::table) uses: 64 MiB. The table
    /// starts small and grows to this only when the search needs it.
    pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

    /// A plain sequential search by `strategy`: no transposition table, no
    /// duplicate elimination, no limits but the default [`Budget`]. Its
    /// searches run on the calling thread; its censuses and counts use
    /// rayon's current pool unless [`threads(1)`](Self::threads) or
    /// [`parallel(false)`](Self::parallel) keeps them there too.
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
    /// It never changes an answer (see [`proofs`](crate::proofs)). Where
    /// it looks nodes up is decided as the search runs (see
    /// [`DEFAULT_TABLE_MIN_SLACK`](Self::DEFAULT_TABLE_MIN_SLACK)), so it
    /// suits weak bounds and strong ones alike. On a finite space without
    /// a reachable goal, `Strategy::ida()` ends with or without it: its
    /// reachability check grows beside the passes (see
    /// [`Strategy::ida`]).
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

    /// The fixed gate of earlier versions: `table_min_slack(3)`. The
    /// default gate of [`table`](Self::table) is no longer fixed: it starts
    /// at every node with a move left and raises its slack while look-ups
    /// save less than they cost (about four expanded nodes each), lowering
    /// it again while they save much more (see `docs/choosing.md`).
    pub const DEFAULT_TABLE_MIN_SLACK: u32 = crate::options::DEFAULT_TABLE_MIN_SLACK;

    /// Uses the table only at nodes whose moves left exceed their lower
    /// bound by at least `slack` (the moves left, with no bound), in place
    /// of the default gate, which finds its slack from what the look-ups
    /// save.
    ///
    /// A look-up costs about as much as expanding a dozen cheap nodes (a
    /// 15-puzzle node) or a fraction of one expensive node (a match-3
    /// board with dozens of moves to settle). Small slack means a small
    /// subtree, so 3 keeps the table off the many small subtrees of cheap
    /// puzzles with strong bounds; puzzles with expensive nodes gain
    /// from 1. With a weak bound a fixed slack wastes most of the work (Rush
    /// Hour's hardest board: 1.76M nodes and 3 s at 3, 26K nodes and 20 ms
    /// by the default gate). The slack is still raised while look-ups do
    /// not pay, and never lowered below `slack`. It changes the work,
    /// never the answer.
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
        this.options.table_auto = false;
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
        this.options.table_auto = false;
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
    /// sequential), or with `false` keeps every call of this solver on the
    /// calling thread (the censuses and counts too, which otherwise use
    /// the current pool), without starting rayon's global pool. Without
    /// the `parallel` feature this has no effect.
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
        this.options.one_thread = !on;
        this
    }

    /// Runs the parallel passes of [`solve`](Self::solve), the census and
    /// the listing and counting calls on a pool of `n` threads, and turns
    /// [`parallel`](Self::parallel) on; `n = 1` keeps every call on the
    /// calling thread, as `parallel(false)` does (no thread is started;
    /// the global pool is not touched). The
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
        this.options.one_thread = n == 1;
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
    /// DFS and IDA* on one thread are not changed by it: their answer is
    /// the first solution in the moves' order and already costs no second
    /// pass. Their parallel passes stop at the first solution any thread
    /// finds (every task stopped, those left of it too), where they would
    /// otherwise finish every task left of it: an IDA* pass reaches a
    /// solution only at the optimal length (every pass before it
    /// finished without one), so the answer stays shortest, but which
    /// one then depends on the timing. Their portable passes (by parts)
    /// are not changed.
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

    /// Says that a goal is reachable from every start this solver is given
    /// (a scramble of a permutation group: its moves undone reach the
    /// goal), so that DFS and IDA* at practically unlimited depths skip
    /// their reachability check: a breadth-first search of up to 16,384
    /// states from the start before the first pass, grown alongside the
    /// passes, whose one use is to answer "no solution" on a finite space
    /// without a reachable goal. Where a state's bound reads large tables,
    /// that check is most of a short solve's time (a 3x3x3 scramble of six
    /// moves: 0.93 s of 1.1 s, its 1,228 bounds paging in most of a 1.4 GB
    /// table).
    ///
    /// The answer is the same where the claim holds: the check only ever
    /// answers "no solution". Where it does not, a search of a space with
    /// no reachable goal ends as the passes prove it (a pass with nothing
    /// cut off) or runs until its budget, reported as stopped, never as
    /// solved.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, replay, from_fn};
    /// // Steps of +1 or +3 modulo 10: every residue reachable.
    /// let ring = from_fn(
    ///     |s: &u8, out: &mut Vec<(u8, u8)>| out.extend([(1, (s + 1) % 10), (3, (s + 3) % 10)]),
    ///     |s: &u8| *s == 9,
    /// );
    /// let report = Solver::new(Strategy::ida()).goal_reachable(true).solve(&ring, &0);
    /// let moves = report.solution().expect("solved");
    /// assert_eq!(moves.len(), 3); // 3 + 3 + 3
    /// assert_eq!(replay(&ring, &0, moves), Ok(9));
    /// assert_eq!(report.stats.reach_expanded, 0); // no check ran
    /// ```
    #[must_use = "the builder returns the new solver"]
    pub fn goal_reachable(&self, on: bool) -> Self {
        let mut this = self.clone();
        this.options.goal_reachable = on;
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
        if self.options.one_thread {
            return crate::threads::on_one_thread(f);
        }
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
    /// assert_eq!(solver.parallel(false).thread_count(), 1);
    /// assert!(solver.threads(1 << 40).thread_count() <= 8 * 4096); // capped
    /// ```
    pub fn thread_count(&self) -> usize {
        if self.options.one_thread {
            return 1;
        }
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
    /// `target` is `&puzzle` for a [`ParallelPuzzle`] (`Sync`, with `Send +
    /// Sync` states and moves), [`Sequential`]`(&puzzle)` for any puzzle
    /// (searched on the calling thread), [`MakeUnmake`]`(&puzzle)` for the
    /// in-place loop of an [`InPlace`] puzzle (see [`Target`]).
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
    pub fn solve<T: Target>(&self, target: T, start: &StateOf<T>) -> Report<MoveOf<T>> {
        target.solve_on(self, start)
    }

    /// [`solve`](Self::solve) on the calling thread, for any puzzle.
    #[deprecated(since = "0.2.0", note = "use `solve(Sequential(&puzzle), start)`")]
    pub fn solve_sequential<P: Puzzle>(&self, puzzle: &P, start: &P::State) -> Report<P::Move> {
        self.solve(Sequential(puzzle), start)
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
    /// thread ([`Sequential`] targets run the starts one after another on
    /// the calling thread; [`MakeUnmake`] ones by the in-place loop). The
    /// budget applies to each start as to a lone `solve` (node
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
    pub fn solve_batch<T: Target>(
        &self,
        target: T,
        starts: &[StateOf<T>],
        done: impl Fn(usize, &Report<MoveOf<T>>) + Sync,
    ) -> Vec<Report<MoveOf<T>>> {
        target.batch_on(self, starts, &done)
    }

    /// [`solve_batch`](Self::solve_batch) by the in-place loop.
    #[deprecated(
        since = "0.2.0",
        note = "use `solve_batch(MakeUnmake(&puzzle), starts, done)`"
    )]
    pub fn solve_batch_in_place<P: ParallelPuzzle + InPlace>(
        &self,
        puzzle: &P,
        starts: &[P::State],
        done: impl Fn(usize, &Report<P::Move>) + Sync,
    ) -> Vec<Report<P::Move>> {
        self.solve_batch(MakeUnmake(puzzle), starts, done)
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

    /// [`solve`](Self::solve) by the in-place loop of an [`InPlace`]
    /// puzzle.
    #[deprecated(since = "0.2.0", note = "use `solve(MakeUnmake(&puzzle), start)`")]
    pub fn solve_in_place<P: ParallelPuzzle + InPlace>(
        &self,
        puzzle: &P,
        start: &P::State,
    ) -> Report<P::Move> {
        self.solve(MakeUnmake(puzzle), start)
    }

    /// [`solve`](Self::solve) by the in-place loop, on the calling thread.
    #[deprecated(
        since = "0.2.0",
        note = "use `solve(Sequential(MakeUnmake(&puzzle)), start)`"
    )]
    pub fn solve_in_place_sequential<P: InPlace>(
        &self,
        puzzle: &P,
        start: &P::State,
    ) -> Report<P::Move> {
        self.solve(Sequential(MakeUnmake(puzzle)), start)
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
        let mut fallback = false;
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
            Strategy::Bidirectional { max_depth } => bidir::solve(
                puzzle,
                start,
                max_depth,
                &ctx,
                options,
                &mut stats,
                &mut fallback,
            ),
        };
        stats.elapsed = ctx.start.elapsed();
        let mut notes = self.notes(&stats, fallback);
        // IDA* from a bound of 0 (the default `lower_bound`, or one that
        // says nothing here) walks every threshold from 0: each pass
        // re-searches the ones before.
        let ida = matches!(self.strategy, Strategy::IdaStar { .. });
        if ida && stats.iterations > ZERO_BOUND_PASSES && puzzle.lower_bound(start) == Some(0) {
            notes.push(format!(
                "IDA* ran {} thresholds up from a bound of 0 at the start, each pass searching the ones before again: a lower_bound (Puzzle::lower_bound) cuts them, or BFS (Strategy::bfs()) where the states fit",
                stats.iterations
            ));
        }
        Report {
            outcome,
            stats,
            notes,
        }
    }

    /// What the report should tell the user (see [`Report::notes`]).
    #[cold]
    fn notes(&self, stats: &Stats, fallback: bool) -> Vec<String> {
        let mut notes = Vec::new();
        if fallback {
            notes.push(
                "bidirectional search ran as plain BFS (same answer): the puzzle gives no goal_states or no predecessors".into(),
            );
        }
        // Repeats are a waste worth a line when they are most of the work.
        if stats.repeated > 1000 && stats.repeated * 2 > stats.expanded {
            let share = 100 * stats.repeated / stats.expanded.max(1);
            let fix = if self.options.table_bytes == 0 {
                "Solver::table(true) prunes them"
            } else if !self.options.table_auto {
                "the table's gate (table_min_slack or table_min_left) leaves them: the default gate or table_min_left(1) prunes them"
            } else {
                "the table was too small to keep them: Solver::table_bytes sets its size"
            };
            notes.push(format!(
                "{share}% of IDA*'s expansions ({}) were states its pass had expanded already, reached by another route: {fix}",
                stats.repeated
            ));
        }
        notes
    }
}
