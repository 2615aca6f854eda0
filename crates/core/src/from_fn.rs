//! A [`Puzzle`] from closures, for quick problems without a struct and an
//! `impl`.

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

use crate::puzzle::Puzzle;

/// A puzzle made of closures: see [`from_fn`].
pub struct FromFn<S, M, FS, FG, FB> {
    successors: FS,
    is_goal: FG,
    bound: FB,
    _types: PhantomData<fn() -> (S, M)>,
}

impl<S, M, FS, FG, FB> fmt::Debug for FromFn<S, M, FS, FG, FB> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("FromFn")
    }
}

/// The bound of a [`FromFn`] without one: 0 everywhere, no dead ends.
pub type NoBound<S> = fn(&S) -> Option<u32>;

/// A puzzle from a successor closure (push `(move, state)` pairs in
/// strictly ascending move order, as [`Puzzle::successors`] says) and a
/// goal test. Add an admissible bound with [`FromFn::with_bound`].
///
/// ```
/// use puzzle_search_core::{Outcome, Solver, Strategy, from_fn};
/// // From 1 to 10 by doubling ('*') or adding one ('+').
/// let reach = from_fn(
///     |s: &u32, out: &mut Vec<(char, u32)>| {
///         out.push(('*', s * 2));
///         out.push(('+', s + 1));
///     },
///     |s: &u32| *s == 10,
/// )
/// .with_bound(|s: &u32| (*s <= 10).then_some(0));
/// let report = Solver::new(Strategy::ida()).solve(&reach, &1);
/// assert_eq!(report.outcome, Outcome::Solved(vec!['*', '*', '+', '*']));
/// ```
pub fn from_fn<S, M, FS, FG>(successors: FS, is_goal: FG) -> FromFn<S, M, FS, FG, NoBound<S>>
where
    FS: Fn(&S, &mut Vec<(M, S)>),
    FG: Fn(&S) -> bool,
{
    FromFn {
        successors,
        is_goal,
        bound: |_| Some(0),
        _types: PhantomData,
    }
}

impl<S, M, FS, FG, FB> FromFn<S, M, FS, FG, FB> {
    /// The same puzzle with `bound` as its [`Puzzle::lower_bound`]: an
    /// admissible bound, `None` for a state no goal can be reached from.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// // Counting up by 1 from 0 to 10; the distance left is an exact bound.
    /// let reach = from_fn(|s: &u32, out: &mut Vec<(u8, u32)>| out.push((1, s + 1)), |s: &u32| *s == 10)
    ///     .with_bound(|s: &u32| (*s <= 10).then(|| 10 - s));
    /// let report = Solver::new(Strategy::ida()).solve(&reach, &0);
    /// assert_eq!(report.solution().map(<[_]>::len), Some(10));
    /// assert_eq!(report.stats.iterations, 1); // the bound was exact
    /// ```
    pub fn with_bound<FB2>(self, bound: FB2) -> FromFn<S, M, FS, FG, FB2>
    where
        FB2: Fn(&S) -> Option<u32>,
    {
        FromFn {
            successors: self.successors,
            is_goal: self.is_goal,
            bound,
            _types: PhantomData,
        }
    }
}

impl<S, M, FS, FG, FB> Puzzle for FromFn<S, M, FS, FG, FB>
where
    S: Clone + Eq + Hash + Send + Sync,
    M: Copy + Ord + fmt::Debug + Send + Sync,
    FS: Fn(&S, &mut Vec<(M, S)>) + Sync,
    FG: Fn(&S) -> bool + Sync,
    FB: Fn(&S) -> Option<u32> + Sync,
{
    type State = S;
    type Move = M;

    fn successors(&self, state: &S, out: &mut Vec<(M, S)>) {
        (self.successors)(state, out);
    }

    fn is_goal(&self, state: &S) -> bool {
        (self.is_goal)(state)
    }

    fn lower_bound(&self, state: &S) -> Option<u32> {
        (self.bound)(state)
    }
}
