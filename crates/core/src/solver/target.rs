//! What [`Solver::solve`], [`Solver::solve_batch`] and
//! [`Solver::part_searcher`] take: a puzzle, and how it may be searched.
//! One entry point a kind of call; the form is the argument's type, so
//! each form keeps exactly the bounds it needs:
//!
//! | argument | searches | the puzzle must be |
//! |---|---|---|
//! | `&puzzle` | on the solver's threads | a [`ParallelPuzzle`] |
//! | [`Sequential`]`(&puzzle)` | on the calling thread | any [`Puzzle`] |
//! | [`MakeUnmake`]`(&puzzle)` | by the in-place loop, on the solver's threads | [`InPlace`] + [`ParallelPuzzle`] |
//! | [`Sequential`]`(`[`MakeUnmake`]`(&puzzle))` | by the in-place loop, on the calling thread | [`InPlace`] |

use crate::engine::in_place_fn;
use crate::outcome::Report;
use crate::portable::{PartError, PartSearcher};
use crate::puzzle::{InPlace, ParallelPuzzle, Puzzle};
use crate::solver::Solver;

/// The puzzle of a target.
pub type PuzzleOf<T> = <T as sealed::Form>::Puzzle;
/// The moves of a target's puzzle.
pub type MoveOf<T> = <PuzzleOf<T> as Puzzle>::Move;
/// The states of a target's puzzle.
pub type StateOf<T> = <PuzzleOf<T> as Puzzle>::State;

/// A puzzle with the form it is searched in, what [`Solver::solve`],
/// [`Solver::solve_batch`] and [`Solver::part_searcher`] take:
///
/// | argument | searches | the puzzle must be |
/// |---|---|---|
/// | `&puzzle` | on the solver's threads | a [`ParallelPuzzle`] |
/// | [`Sequential`]`(&puzzle)` | on the calling thread | any [`Puzzle`] |
/// | [`MakeUnmake`]`(&puzzle)` | by the in-place loop, on the solver's threads | [`InPlace`] + [`ParallelPuzzle`] |
/// | [`Sequential`]`(`[`MakeUnmake`]`(&puzzle))` | by the in-place loop, on the calling thread | [`InPlace`] |
///
/// [`PuzzleOf`], [`StateOf`] and [`MoveOf`] name its types. Implemented by
/// those types only (sealed); every form gives the same answers and
/// expands the same nodes.
pub trait Target: sealed::Form {}

impl<T: sealed::Form> Target for T {}

/// Searches on the calling thread, whatever the solver's
/// [`parallel`](Solver::parallel) and [`threads`](Solver::threads) say,
/// so the puzzle needs no `Sync` and its states no `Send`: a puzzle that
/// counts its calls in a `Cell`, or holds an `Rc`. Wraps `&puzzle` or a
/// [`MakeUnmake`].
///
/// ```
/// use std::cell::Cell;
/// use puzzle_search_core::{Puzzle, Sequential, Solver, Strategy};
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
/// let report = Solver::new(Strategy::ida()).parallel(true).solve(Sequential(&puzzle), &0);
/// assert_eq!(report.solution(), Some(&[1, 2, 2][..]));
/// assert!(puzzle.calls.get() > 0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Sequential<T>(pub T);

/// Searches an [`InPlace`] puzzle by its in-place loop: DFS and IDA*
/// passes without a table or duplicate elimination (the default) search
/// one state changed move by move instead of building every child, the
/// cost per node of a hand-written search. Same answer and the same
/// expanded nodes as the plain form; every other strategy and option runs
/// as in it.
///
/// ```
/// use puzzle_search_core::{InPlace, MakeUnmake, Puzzle, Sequential, Solver, Strategy};
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
/// let report = solver.solve(MakeUnmake(&Up), &0);
/// assert_eq!(report.solution(), Some(&[1, 3, 3][..]));
/// assert_eq!(report.stats.expanded, solver.solve(&Up, &0).stats.expanded);
/// // On the calling thread, and a batch:
/// assert_eq!(solver.solve(Sequential(MakeUnmake(&Up)), &0).outcome, report.outcome);
/// let reports = solver.solve_batch(MakeUnmake(&Up), &[0, 6], |_, _| {});
/// assert_eq!(reports[1].solution(), Some(&[1][..]));
/// ```
#[derive(Debug)]
pub struct MakeUnmake<'a, P>(pub &'a P);

impl<P> Clone for MakeUnmake<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for MakeUnmake<'_, P> {}

/// The calls behind [`Target`], private to the crate: the solver's
/// internals each form calls with its own bounds.
pub(crate) mod sealed {
    use super::{PartError, PartSearcher, Puzzle, Report, Solver};

    /// How a form runs each kind of call.
    pub trait Form: Copy {
        /// The puzzle searched.
        type Puzzle: Puzzle;

        /// A search from `start`.
        fn solve_on(
            self,
            solver: &Solver,
            start: &<Self::Puzzle as Puzzle>::State,
        ) -> Report<<Self::Puzzle as Puzzle>::Move>;

        /// A search from each of `starts`, `done` told of each.
        #[allow(clippy::type_complexity)]
        fn batch_on(
            self,
            solver: &Solver,
            starts: &[<Self::Puzzle as Puzzle>::State],
            done: &(dyn Fn(usize, &Report<<Self::Puzzle as Puzzle>::Move>) + Sync),
        ) -> Vec<Report<<Self::Puzzle as Puzzle>::Move>>;

        /// `f` run with a part searcher from `start`.
        fn parts_on<R>(
            self,
            solver: &Solver,
            start: &<Self::Puzzle as Puzzle>::State,
            f: impl FnOnce(&mut PartSearcher<'_, Self::Puzzle>) -> R,
        ) -> Result<R, PartError>;
    }
}

impl<P: ParallelPuzzle> sealed::Form for &P {
    type Puzzle = P;

    fn solve_on(self, solver: &Solver, start: &P::State) -> Report<P::Move> {
        let parallel = solver.parallel_form::<P>();
        solver.on_pool(|| solver.solve_here(self, start, parallel, None))
    }

    fn batch_on(
        self,
        solver: &Solver,
        starts: &[P::State],
        done: &(dyn Fn(usize, &Report<P::Move>) + Sync),
    ) -> Vec<Report<P::Move>> {
        let parallel = solver.parallel_form::<P>();
        solver.on_pool(|| solver.batch_here(self, starts, parallel, None, done))
    }

    fn parts_on<R>(
        self,
        solver: &Solver,
        start: &P::State,
        f: impl FnOnce(&mut PartSearcher<'_, P>) -> R,
    ) -> Result<R, PartError> {
        solver.part_searcher_with(self, start, None, f)
    }
}

impl<P: ParallelPuzzle + InPlace> sealed::Form for MakeUnmake<'_, P> {
    type Puzzle = P;

    fn solve_on(self, solver: &Solver, start: &P::State) -> Report<P::Move> {
        let parallel = solver.parallel_form::<P>();
        let in_place = Some(in_place_fn::<P>());
        solver.on_pool(|| solver.solve_here(self.0, start, parallel, in_place))
    }

    fn batch_on(
        self,
        solver: &Solver,
        starts: &[P::State],
        done: &(dyn Fn(usize, &Report<P::Move>) + Sync),
    ) -> Vec<Report<P::Move>> {
        let parallel = solver.parallel_form::<P>();
        let in_place = Some(in_place_fn::<P>());
        solver.on_pool(|| solver.batch_here(self.0, starts, parallel, in_place, done))
    }

    fn parts_on<R>(
        self,
        solver: &Solver,
        start: &P::State,
        f: impl FnOnce(&mut PartSearcher<'_, P>) -> R,
    ) -> Result<R, PartError> {
        solver.part_searcher_with(self.0, start, Some(in_place_fn::<P>()), f)
    }
}

impl<P: Puzzle> sealed::Form for Sequential<&P> {
    type Puzzle = P;

    fn solve_on(self, solver: &Solver, start: &P::State) -> Report<P::Move> {
        solver.solve_here(self.0, start, None, None)
    }

    fn batch_on(
        self,
        solver: &Solver,
        starts: &[P::State],
        done: &(dyn Fn(usize, &Report<P::Move>) + Sync),
    ) -> Vec<Report<P::Move>> {
        one_by_one(starts, done, |start| self.solve_on(solver, start))
    }

    fn parts_on<R>(
        self,
        solver: &Solver,
        start: &P::State,
        f: impl FnOnce(&mut PartSearcher<'_, P>) -> R,
    ) -> Result<R, PartError> {
        solver.part_searcher_with(self.0, start, None, f)
    }
}

impl<P: InPlace> sealed::Form for Sequential<MakeUnmake<'_, P>> {
    type Puzzle = P;

    fn solve_on(self, solver: &Solver, start: &P::State) -> Report<P::Move> {
        solver.solve_here(self.0.0, start, None, Some(in_place_fn::<P>()))
    }

    fn batch_on(
        self,
        solver: &Solver,
        starts: &[P::State],
        done: &(dyn Fn(usize, &Report<P::Move>) + Sync),
    ) -> Vec<Report<P::Move>> {
        one_by_one(starts, done, |start| self.solve_on(solver, start))
    }

    fn parts_on<R>(
        self,
        solver: &Solver,
        start: &P::State,
        f: impl FnOnce(&mut PartSearcher<'_, P>) -> R,
    ) -> Result<R, PartError> {
        solver.part_searcher_with(self.0.0, start, Some(in_place_fn::<P>()), f)
    }
}

/// A batch on the calling thread: each start in turn.
fn one_by_one<S, M>(
    starts: &[S],
    done: &(dyn Fn(usize, &Report<M>) + Sync),
    mut solve: impl FnMut(&S) -> Report<M>,
) -> Vec<Report<M>> {
    starts
        .iter()
        .enumerate()
        .map(|(i, start)| {
            let report = solve(start);
            done(i, &report);
            report
        })
        .collect()
}
