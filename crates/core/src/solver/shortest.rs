//! Every shortest solution: listed, the first `k`, or counted.

use std::ops::ControlFlow;

use crate::meter::Ctx;
use crate::strategy::{Setup, all};
use crate::{ParallelPuzzle, ShortestReport, Solver, Stats};

impl Solver {
    /// Calls `visit` on every shortest solution of at most `max_depth`
    /// moves, in lexicographic order, until it returns
    /// `ControlFlow::Break`.
    ///
    /// - `puzzle`, `start`: as in [`solve`](Self::solve);
    /// - `max_depth`: the longest solution looked for;
    /// - `visit`: called with each solution's moves (a borrowed slice, so
    ///   nothing is kept that the caller does not keep).
    ///
    /// The solver's [`Strategy`](crate::Strategy) is not used: the length
    /// comes from a race, in slices of growing size, between IDA* (with this
    /// solver's options and budget, up to `max_depth`) and breadth-first
    /// layers that count the shortest paths into each state; the report's
    /// `method` says which finished first. Then one depth-first pass meets
    /// the solutions, cutting only children whose bound exceeds the moves
    /// left (and, after the layers, children off their own layer), and
    /// children whose subtree was already found to hold none for those
    /// moves left (no table, no duplicate elimination: those would drop
    /// solutions through a state already seen). The time is
    /// about linear in the states touched plus the solutions listed. The
    /// layers and the pass's memory of fruitless (state, depth) pairs hold
    /// at most [`Budget::max_states`](crate::Budget::max_states) entries:
    /// past it, the outcome
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
        let (outcome, method) = all::then_with(length, |found| {
            all::for_each(puzzle, start, found, &ctx, &mut stats, &mut visit)
        });
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
    /// counted without listing them. The length comes from the race of
    /// [`for_each_shortest`](Self::for_each_shortest) (the solver's
    /// strategy is not used); when the layers win they know the count (per
    /// state, the sum of its parents' counts in the layer before), else,
    /// per state and moves left, the number of ways on to a goal is counted
    /// once and reused (a sequence of the shortest length ending at a goal
    /// passes no state twice, so these are exactly the shortest
    /// solutions). At most [`Budget::max_states`](crate::Budget::max_states)
    /// states or (state, moves left) counts are kept: past it, the outcome is
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
            let length = all::length(puzzle, start, max_depth, &ctx, setup, &mut stats);
            let (outcome, method) = all::then_with(length, |found| {
                all::count(puzzle, start, found, &ctx, &mut stats)
            });
            stats.elapsed = ctx.start.elapsed();
            ShortestReport {
                outcome,
                stats,
                method,
            }
        })
    }
}
