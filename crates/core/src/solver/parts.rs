//! Searches split into portable parts: `solve_by_parts` and the part
//! searchers that other processes run.

use super::{MakeUnmake, PuzzleOf, Sequential, StateOf, Target};
use crate::engine::{InPlaceFn, Mode, Rules};
use crate::meter::Ctx;
use crate::portable::{PartError, PartRunner, PartSearcher};
use crate::{DepthMode, InPlace, Puzzle, Report, Solver, Strategy};

impl Solver {
    /// [`solve`](Self::solve) of a [`Sequential`] with each DFS pass
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
    /// `solve(Sequential(puzzle), start)`.
    ///
    /// ```
    /// use puzzle_search_core::portable::{Part, PartReport, PartRunner};
    /// use puzzle_search_core::{Sequential, Solver, Strategy, from_fn};
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
    ///             .part_searcher(Sequential(self.1), &0, |searcher| {
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
    /// assert_eq!(report.solution(), solver.solve(Sequential(&counter), &0).solution());
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
    pub fn part_searcher<T: Target, R>(
        &self,
        target: T,
        start: &StateOf<T>,
        f: impl FnOnce(&mut PartSearcher<'_, PuzzleOf<T>>) -> R,
    ) -> Result<R, PartError> {
        target.parts_on(self, start, f)
    }

    /// [`part_searcher`](Self::part_searcher) by the in-place loop.
    ///
    /// # Errors
    /// As `part_searcher`.
    #[deprecated(
        since = "0.2.0",
        note = "use `part_searcher(Sequential(MakeUnmake(&puzzle)), start, f)`"
    )]
    pub fn part_searcher_in_place<P: InPlace, R>(
        &self,
        puzzle: &P,
        start: &P::State,
        f: impl FnOnce(&mut PartSearcher<'_, P>) -> R,
    ) -> Result<R, PartError> {
        self.part_searcher(Sequential(MakeUnmake(puzzle)), start, f)
    }

    pub(super) fn part_searcher_with<P: Puzzle, R>(
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
            table_by_left: self.options.table_by_left,
            table_floor: self.options.table_floor(),
            table_auto: self.options.table_auto,
        })
    }
}
