//! Every shortest solution: listed, the first `k`, or counted.

use std::ops::ControlFlow;

use crate::layered::{self, Walked};
use crate::meter::Ctx;
use crate::progress::Hook;
use crate::strategy::{Setup, all};
use crate::{
    ParallelPuzzle, Paths, PathsReport, PathsTo, Puzzle, Shortest, ShortestMethod, ShortestReport,
    Solver, Stats,
};

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
    /// solutions). A layered puzzle
    /// ([`Puzzle::layer`](crate::Puzzle::layer)) is counted breadth first
    /// instead, one layer kept: each state with the number of paths into
    /// it, children the bound rules out left out, up to the first layer
    /// that holds a goal (`method`
    /// [`ShortestMethod::Layers`](crate::ShortestMethod::Layers)). At most
    /// [`Budget::max_states`](crate::Budget::max_states)
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
        if puzzle.layer(start).is_some() {
            let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
            return count_layered(
                puzzle,
                start,
                max_depth,
                &ctx,
                self.options.progress.as_deref(),
            );
        }
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

    /// How many move sequences from `start` end at a goal, or at a dead
    /// end (`to`): every solution of any length, or every complete game,
    /// with how many of each length. For layered puzzles
    /// ([`Puzzle::layer`]), whose paths cannot loop: breadth first, one
    /// layer kept, each state with the number of paths into it (the paths
    /// into the ends are the paths counted); with [`PathsTo::Goals`],
    /// children whose bound is `None` are left out (no path through them
    /// ends at a goal). Other puzzles get [`Paths::NotLayered`]. The
    /// solver's strategy is not used; the budget is, `max_states` capping
    /// the states of the two layers held.
    ///
    /// ```
    /// use puzzle_search_core::{Paths, PathsTo, Puzzle, Solver, Strategy, from_fn};
    /// /// Take a stone from either pile: the layer is the stones taken.
    /// struct Two;
    /// impl Puzzle for Two {
    ///     type State = (u8, u8);
    ///     type Move = u8;
    ///     fn successors(&self, &(a, b): &(u8, u8), out: &mut Vec<(u8, (u8, u8))>) {
    ///         if a > 0 { out.push((0, (a - 1, b))) }
    ///         if b > 0 { out.push((1, (a, b - 1))) }
    ///     }
    ///     fn is_goal(&self, s: &(u8, u8)) -> bool { s.0 == 0 }
    ///     fn layer(&self, &(a, b): &(u8, u8)) -> Option<u32> { Some(u32::from(20 - a - b)) }
    /// }
    /// let solver = Solver::new(Strategy::bfs());
    /// // Complete games from (2, 2): the orders of taking 4 stones, C(4, 2).
    /// let games = solver.count_paths(&Two, &(2, 2), PathsTo::DeadEnds);
    /// assert_eq!(games.outcome, Paths::Found { count: 6 });
    /// assert_eq!(games.by_length, [0, 0, 0, 0, 6]);
    /// // Paths ending with the first pile empty (going on past it too):
    /// // 1 of 2 moves, 3 of 3, 6 of 4.
    /// let goals = solver.count_paths(&Two, &(2, 2), PathsTo::Goals);
    /// assert_eq!(goals.outcome, Paths::Found { count: 10 });
    /// assert_eq!(goals.by_length, [0, 0, 1, 3, 6]);
    /// // A puzzle that does not say its layers could loop: not counted.
    /// let ring = from_fn(|s: &u8, out: &mut Vec<(u8, u8)>| out.push((0, (s + 1) % 3)), |s: &u8| *s == 2);
    /// assert_eq!(solver.count_paths(&ring, &0, PathsTo::Goals).outcome, Paths::NotLayered);
    /// ```
    pub fn count_paths<P: Puzzle>(&self, puzzle: &P, start: &P::State, to: PathsTo) -> PathsReport {
        let mut stats = Stats::default();
        if puzzle.layer(start).is_none() {
            return PathsReport {
                outcome: Paths::NotLayered,
                by_length: Vec::new(),
                stats,
            };
        }
        let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
        let progress = self.options.progress.as_deref();
        let mut by_length: Vec<u128> = Vec::new();
        let mut kids = Vec::new();
        let ended = layered::walk::<P, u64>(
            puzzle,
            start,
            &ctx,
            &mut stats,
            |c, _| to == PathsTo::DeadEnds || puzzle.lower_bound(c).is_some(),
            |depth, layer, meter| {
                if layer.len() == 0 {
                    return false;
                }
                let mut ending = 0u128;
                for (s, ways) in layer.iter(&ctx.hasher) {
                    let ends = match to {
                        PathsTo::Goals => puzzle.is_goal(s),
                        PathsTo::DeadEnds => {
                            kids.clear();
                            puzzle.successors(s, &mut kids);
                            kids.is_empty()
                        }
                    };
                    if ends {
                        ending = ending.saturating_add(ways);
                    }
                }
                by_length.push(ending);
                crate::census::report(
                    progress,
                    &ctx,
                    depth as usize,
                    layer.len() as u64,
                    meter.flush(),
                );
                true
            },
        );
        let outcome = match ended {
            Walked::Stopped(limit) => Paths::Stopped(limit),
            Walked::Done => match by_length.iter().fold(0u128, |a, b| a.saturating_add(*b)) {
                u128::MAX => Paths::TooMany,
                count => Paths::Found { count },
            },
        };
        PathsReport {
            outcome,
            by_length,
            stats,
        }
    }
}

/// [`Solver::count_shortest`] on a layered puzzle: breadth first, one
/// layer kept with the paths into each state, children the bound rules
/// out (past `max_depth`, or dead) left out, up to the first layer that
/// holds a goal: its goals' paths are the shortest solutions (a path of
/// that length passes no goal before its end, or a shorter one would
/// exist).
fn count_layered<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    max_depth: u32,
    ctx: &Ctx<'_>,
    progress: Option<&Hook>,
) -> ShortestReport {
    let mut stats = Stats::default();
    let mut outcome = Shortest::NoSolution;
    let ended = layered::walk::<P, u64>(
        puzzle,
        start,
        ctx,
        &mut stats,
        |c, depth| {
            puzzle
                .lower_bound(c)
                .is_some_and(|h| depth.saturating_add(h) <= max_depth)
        },
        |depth, layer, meter| {
            let (mut goals, mut count) = (0u64, 0u128);
            for (s, ways) in layer.iter(&ctx.hasher) {
                if puzzle.is_goal(s) {
                    goals += 1;
                    count = count.saturating_add(ways);
                }
            }
            if layer.len() > 0 {
                crate::census::report(
                    progress,
                    ctx,
                    depth as usize,
                    layer.len() as u64,
                    meter.flush(),
                );
            }
            if goals > 0 {
                outcome = match count {
                    u128::MAX => Shortest::TooMany { length: depth },
                    count => Shortest::Found {
                        length: depth,
                        count,
                    },
                };
            }
            goals == 0 && depth < max_depth
        },
    );
    if let Walked::Stopped(limit) = ended {
        outcome = Shortest::Stopped(limit);
    }
    let method = matches!(outcome, Shortest::Found { .. } | Shortest::TooMany { .. })
        .then_some(ShortestMethod::Layers);
    ShortestReport {
        outcome,
        stats,
        method,
    }
}
