//! The [`Puzzle`] trait: what a user implements to get every strategy.

use std::fmt::Debug;
use std::hash::Hash;

/// A move-based puzzle: states, moves between them and a goal.
///
/// Two items are required: [`successors`](Puzzle::successors) and
/// [`is_goal`](Puzzle::is_goal). The provided items have safe defaults and
/// may be overridden: [`lower_bound`](Puzzle::lower_bound) makes IDA* and
/// the depth-limited searches prune, [`apply`](Puzzle::apply) makes replay
/// cheaper.
///
/// # Canonical move order
/// `successors` must push the moves of a state in **strictly ascending
/// `Move` order** (`Ord`). That order defines "lexicographically smallest":
/// every strategy returns, among the solutions it is asked for (exactly `n`
/// moves, at most `n`, or shortest), the one whose move sequence is smallest
/// in that order, a proper prefix counting as smaller than its extensions.
/// Every build checks the order and panics, naming this contract, when it
/// is broken.
///
/// # Admissible bounds
/// `lower_bound` must never exceed the true number of moves still needed
/// from a state (it is *admissible*). Then pruning a state whose bound
/// exceeds the moves left removes no solution, so the answer is the same as
/// an exhaustive search's. Returning `None` says "no goal is reachable from
/// here at all" (a dead end); that too must be true, never a guess.
///
/// # Design rationale
/// Successors go into a caller-owned buffer that the strategies keep per
/// depth and reuse, so the hot loop does not allocate. States are returned
/// whole (not as undo records) because puzzle states are small `Copy`-like
/// values or bitboards, and whole states make the transposition table, duplicate
/// elimination and parallel splitting generic.
///
/// The trait asks for no thread-safety: [`Solver::solve`] of a [`Sequential`]
/// searches any puzzle (one that counts calls in a `Cell`, say) on the
/// calling thread. [`Solver::solve`], which may share the puzzle and move
/// states between threads, asks for [`ParallelPuzzle`]: `Sync` puzzles with
/// `Send + Sync` states and moves, which plain data types are for free.
///
/// [`Solver::solve`]: crate::Solver::solve
/// [`Sequential`]: crate::Sequential
/// [`Solver::solve`]: crate::Solver::solve
pub trait Puzzle {
    /// A position of the puzzle. Equal states must behave identically.
    type State: Clone + Eq + Hash;
    /// One move. Its `Ord` is the canonical move order.
    type Move: Copy + Ord + Debug;

    /// Appends every legal move of `state` with the state it leads to, in
    /// strictly ascending `Move` order. `out` arrives empty.
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::Move, Self::State)>);

    /// The successors of `state` when at most `left` moves remain in the
    /// search (`left >= 1`, counting the move about to be made), in the same
    /// strictly ascending order. It may leave out any child from which no
    /// goal can be reached in `left - 1` moves or fewer, and then returns
    /// `true`; the search then knows only that a left-out child needs at
    /// least `left` more moves, which is all it needs (see
    /// [`proofs`](crate::proofs)).
    ///
    /// The default pushes every successor and returns `false`. Override it
    /// when some children are cheap to rule out, typically with one move
    /// left (`left == 1`), where only a child that *is* a goal counts.
    ///
    /// ```
    /// # use puzzle_search_core::Puzzle;
    /// struct Count;
    /// impl Puzzle for Count {
    ///     type State = u32;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u32, out: &mut Vec<(u8, u32)>) {
    ///         out.extend([(1, s + 1), (2, s + 2)]);
    ///     }
    ///     fn successors_within(&self, s: &u32, left: u32, out: &mut Vec<(u8, u32)>) -> bool {
    ///         if left > 1 {
    ///             self.successors(s, out);
    ///             return false;
    ///         }
    ///         // One move left: only a child that is a goal matters.
    ///         out.extend([(1, s + 1), (2, s + 2)].into_iter().filter(|c| self.is_goal(&c.1)));
    ///         true
    ///     }
    ///     fn is_goal(&self, s: &u32) -> bool { *s == 5 }
    /// }
    /// let mut out = Vec::new();
    /// assert!(Count.successors_within(&3, 1, &mut out));
    /// assert_eq!(out, [(2, 5)]);
    /// ```
    fn successors_within(
        &self,
        state: &Self::State,
        left: u32,
        out: &mut Vec<(Self::Move, Self::State)>,
    ) -> bool {
        let _ = left;
        self.successors(state, out);
        false
    }

    /// The move that undoes `mv`: wherever `mv` leads from a state `s` to
    /// `t`, `inverse(mv)` is legal in `t` and leads back to `s`. `None`
    /// (the default): not known, or no such move.
    ///
    /// Shortest-solution searches (IDA*) never take the move straight back,
    /// since a shortest solution visits no state twice. Without `inverse`
    /// they generate that child and compare it with the grandparent state;
    /// with it they ask [`successors_except`](Puzzle::successors_except)
    /// not to generate it at all (and compare nothing). A wrong answer here
    /// gives wrong answers, like an inadmissible bound.
    ///
    /// ```
    /// # use puzzle_search_core::Puzzle;
    /// /// A line 0..=9: step left ('L') or right ('R'); the goal is 9.
    /// struct Line;
    /// impl Puzzle for Line {
    ///     type State = u8;
    ///     type Move = char;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(char, u8)>) {
    ///         if *s > 0 { out.push(('L', s - 1)) }
    ///         if *s < 9 { out.push(('R', s + 1)) }
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 9 }
    ///     fn inverse(&self, mv: char) -> Option<char> {
    ///         Some(if mv == 'L' { 'R' } else { 'L' })
    ///     }
    /// }
    /// use puzzle_search_core::{Solver, Strategy};
    /// let report = Solver::new(Strategy::IdaStar { max_depth: 20 }).solve(&Line, &6);
    /// assert_eq!(report.solution(), Some(&['R'; 3][..]));
    /// assert_eq!(report.stats.back, 0); // no move back was generated, none skipped
    /// ```
    #[inline]
    fn inverse(&self, mv: Self::Move) -> Option<Self::Move> {
        let _ = mv;
        None
    }

    /// [`successors_within`](Puzzle::successors_within) without the child
    /// of move `except` (the inverse of the move that led to `state`, which
    /// the search will not take); same order, same meaning of the return
    /// value.
    ///
    /// The default generates every child and removes that one. Override it
    /// when leaving the move out is cheaper than building its child, as a
    /// dedicated solver does.
    ///
    /// ```
    /// # use puzzle_search_core::Puzzle;
    /// struct Line;
    /// impl Puzzle for Line {
    ///     type State = u8;
    ///     type Move = char;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(char, u8)>) {
    ///         if *s > 0 { out.push(('L', s - 1)) }
    ///         if *s < 9 { out.push(('R', s + 1)) }
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 9 }
    /// }
    /// let mut out = Vec::new();
    /// Line.successors_except(&4, 10, 'L', &mut out);
    /// assert_eq!(out, [('R', 5)]);
    /// ```
    #[inline]
    fn successors_except(
        &self,
        state: &Self::State,
        left: u32,
        except: Self::Move,
        out: &mut Vec<(Self::Move, Self::State)>,
    ) -> bool {
        let left_out = self.successors_within(state, left, out);
        if let Some(i) = out.iter().position(|c| c.0 == except) {
            out.remove(i);
        }
        left_out
    }

    /// Whether, from `state`, playing `first` then `second` is legal and
    /// reaches the same state as `second` then `first`. When it says so for
    /// `first < second`, DFS and IDA* search only that order: a sequence
    /// with `second` right before `first` has a twin, smaller and as long,
    /// with the two swapped, so it is never the answer (proof in
    /// [`proofs`](crate::proofs)).
    ///
    /// The default, `false`, prunes nothing. Override it for moves that are
    /// independent (they touch different parts of the state); a wrong
    /// `true` gives wrong answers, like an inadmissible bound.
    ///
    /// ```
    /// # use puzzle_search_core::Puzzle;
    /// /// Two counters; moves 0 and 1 raise one of them.
    /// struct Two;
    /// impl Puzzle for Two {
    ///     type State = (u8, u8);
    ///     type Move = u8;
    ///     fn successors(&self, s: &(u8, u8), out: &mut Vec<(u8, (u8, u8))>) {
    ///         out.extend([(0, (s.0 + 1, s.1)), (1, (s.0, s.1 + 1))]);
    ///     }
    ///     fn is_goal(&self, s: &(u8, u8)) -> bool { *s == (2, 2) }
    ///     fn commutes(&self, _: &(u8, u8), first: u8, second: u8) -> bool {
    ///         first != second
    ///     }
    /// }
    /// use puzzle_search_core::{Solver, Strategy};
    /// let report = Solver::new(Strategy::IdaStar { max_depth: 4 }).solve(&Two, &(0, 0));
    /// assert_eq!(report.solution(), Some(&[0, 0, 1, 1][..]));
    /// assert!(report.stats.commuted > 0);
    /// ```
    fn commutes(&self, state: &Self::State, first: Self::Move, second: Self::Move) -> bool {
        let _ = (state, first, second);
        false
    }

    /// Canonical move sequences: a finite automaton over the moves played
    /// that leaves out sequences with a kept equivalent (Korf and Taylor's
    /// duplicate-pruning automaton; the cubing searchers' canonical
    /// sequences). `q` is the automaton's state after the moves so far (0
    /// at the start), `state` the position `mv` is played from; the result
    /// is the automaton's state after `mv`, or `None` to leave out every
    /// sequence that continues this way. The default keeps everything.
    ///
    /// Leaving out a sequence `s` (the moves so far, then `mv`) is allowed
    /// only when another sequence `s2` is legal wherever `s` is and reaches
    /// the same state, and, for what the search promises (`promise`):
    /// - [`Promise::Shortest`]: `s2` is shorter, or as long and
    ///   lexicographically smaller;
    /// - [`Promise::AtMost`]: `s2` is no longer, and `s2` followed by any
    ///   moves is smaller than `s` followed by the same moves (as long and
    ///   smaller always is);
    /// - [`Promise::Exactly`]: as long and smaller.
    ///
    /// Then the answer never begins with a left-out sequence (its twin
    /// would be a better answer), so no answer changes: proof and the
    /// strategies that use it in [`proofs`](crate::proofs) ("Canonical
    /// sequences"). A wrong `None` gives wrong answers, like an
    /// inadmissible bound. Swapping two commuting moves into ascending
    /// order is allowed for every promise; collapsing a run of moves into a
    /// shorter one (a second quarter turn of the same face into a half
    /// turn) for `Shortest` only.
    ///
    /// ```
    /// # use puzzle_search_core::{Promise, Puzzle};
    /// /// Two counters; moves 0 and 1 raise one of them (they commute).
    /// struct Two;
    /// impl Puzzle for Two {
    ///     type State = (u8, u8);
    ///     type Move = u8;
    ///     fn successors(&self, s: &(u8, u8), out: &mut Vec<(u8, (u8, u8))>) {
    ///         out.extend([(0, (s.0 + 1, s.1)), (1, (s.0, s.1 + 1))]);
    ///     }
    ///     fn is_goal(&self, s: &(u8, u8)) -> bool { *s == (2, 2) }
    ///     // The automaton remembers the last move (`q = last + 1`); a 0
    ///     // right after a 1 has the twin `0 1`: as long, and smaller.
    ///     fn canonical(&self, _: &(u8, u8), q: u32, mv: u8, _: Promise) -> Option<u32> {
    ///         (!(q == 2 && mv == 0)).then_some(u32::from(mv) + 1)
    ///     }
    /// }
    /// use puzzle_search_core::{Solver, Strategy};
    /// let report = Solver::new(Strategy::IdaStar { max_depth: 4 }).solve(&Two, &(0, 0));
    /// assert_eq!(report.solution(), Some(&[0, 0, 1, 1][..]));
    /// assert!(report.stats.canonical > 0);
    /// ```
    #[inline]
    fn canonical(
        &self,
        state: &Self::State,
        q: u32,
        mv: Self::Move,
        promise: Promise,
    ) -> Option<u32> {
        let _ = (state, q, mv, promise);
        Some(0)
    }

    /// Whether `state` is solved.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// An admissible lower bound on the moves still needed from `state`, or
    /// `None` when no goal can be reached from it (a dead end).
    ///
    /// The default, `Some(0)`, never prunes.
    fn lower_bound(&self, state: &Self::State) -> Option<u32> {
        let _ = state;
        Some(0)
    }

    /// The state's layer, where the puzzle is *layered*: every move leads
    /// from a state of layer `d` to one of layer `d + 1` (a jump of peg
    /// solitaire removes a peg: the layer is the pegs missing; a tile
    /// placed on a board: the tiles placed). `None` (the default): not
    /// layered.
    ///
    /// In a layered puzzle every path from one state to another has the
    /// same length, and no state is met twice on a path. The census
    /// ([`Solver::census`](crate::Solver::census)) then keeps one layer at
    /// a time (no earlier layer can hold a child), and the counts
    /// ([`Solver::count_shortest`](crate::Solver::count_shortest),
    /// [`Solver::count_paths`](crate::Solver::count_paths)) sum the paths
    /// into each state of a layer from the last one: a state a layer,
    /// never a (state, moves left) pair. Every child's layer is checked
    /// against its parent's, and a mismatch panics naming this contract
    /// (a wrong layer would give wrong counts).
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Solver, Strategy};
    /// /// Bit strings of length 4 where a move sets one clear bit: the
    /// /// layer is the bits set.
    /// struct Fill;
    /// impl Puzzle for Fill {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend((0..4).filter(|b| s & 1 << b == 0).map(|b| (b, s | 1 << b)));
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 15 }
    ///     fn layer(&self, s: &u8) -> Option<u32> { Some(s.count_ones()) }
    /// }
    /// let solver = Solver::new(Strategy::bfs());
    /// assert_eq!(solver.census(&Fill, &0).layers, [1, 4, 6, 4, 1]);
    /// // 4! orders of setting the bits.
    /// let count = solver.count_shortest(&Fill, &0, 4);
    /// assert_eq!(count.outcome, puzzle_search_core::Shortest::Found { length: 4, count: 24 });
    /// ```
    fn layer(&self, state: &Self::State) -> Option<u32> {
        let _ = state;
        None
    }

    /// The moves into `state`: appends every `(mv, prev)` such that `mv`
    /// leads from `prev` to `state` (any order), and returns `true`; the
    /// default returns `false`: not known. With
    /// [`goal_states`](Puzzle::goal_states) it lets
    /// [`Strategy::Bidirectional`](crate::Strategy::Bidirectional) search
    /// from the goal side too.
    ///
    /// ```
    /// # use puzzle_search_core::Puzzle;
    /// /// A line 0..=9: step left ('L') or right ('R'); the goal is 9.
    /// struct Line;
    /// impl Puzzle for Line {
    ///     type State = u8;
    ///     type Move = char;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(char, u8)>) {
    ///         if *s > 0 { out.push(('L', s - 1)) }
    ///         if *s < 9 { out.push(('R', s + 1)) }
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 9 }
    ///     fn predecessors(&self, s: &u8, out: &mut Vec<(char, u8)>) -> bool {
    ///         if *s < 9 { out.push(('L', s + 1)) } // 'L' from s + 1 leads here
    ///         if *s > 0 { out.push(('R', s - 1)) }
    ///         true
    ///     }
    ///     fn goal_states(&self, out: &mut Vec<u8>) -> bool {
    ///         out.push(9);
    ///         true
    ///     }
    /// }
    /// use puzzle_search_core::{Solver, Strategy};
    /// let report = Solver::new(Strategy::Bidirectional { max_depth: 20 }).solve(&Line, &2);
    /// assert_eq!(report.solution(), Some(&['R'; 7][..]));
    /// ```
    fn predecessors(&self, state: &Self::State, out: &mut Vec<(Self::Move, Self::State)>) -> bool {
        let _ = (state, out);
        false
    }

    /// Every goal state, appended to `out`, and `true`; the default returns
    /// `false`: not known (see [`predecessors`](Puzzle::predecessors)).
    ///
    /// The list must be complete: bidirectional search meets the goal side
    /// halfway, so a goal left out but nearer than those listed could only
    /// be seen by the forward half, and the answer would be longer than the
    /// shortest. What is checked, and refused
    /// ([`Outcome::Refused`](crate::Outcome::Refused)) rather than answered:
    /// a listed state that is not a goal; a goal next to a listed one (a
    /// successor or predecessor) that is not listed, so the list must be
    /// closed under moves between goals; a goal either half generates that
    /// is not listed. A goal left out that is not next to a listed one and
    /// that neither half reaches before they meet cannot be seen: list them
    /// all. For a goal given as a predicate, list the goal states the
    /// predicate admits (Rush Hour: the red car at the exit with the other
    /// vehicles anywhere they fit, or those reachable from the start), or
    /// return `false`: bidirectional search then runs as BFS, with a line
    /// in [`Report::notes`](crate::Report::notes).
    fn goal_states(&self, out: &mut Vec<Self::State>) -> bool {
        let _ = out;
        false
    }

    /// The state that `mv` leads to from `state`, or `None` when `mv` is not
    /// legal there. Used by [`replay`](crate::replay).
    ///
    /// The default searches [`successors`](Puzzle::successors); override it
    /// when a move can be applied directly.
    fn apply(&self, state: &Self::State, mv: Self::Move) -> Option<Self::State> {
        let mut out = Vec::new();
        self.successors(state, &mut out);
        out.into_iter().find(|(m, _)| *m == mv).map(|(_, s)| s)
    }
}

/// What a search promises, told to [`Puzzle::canonical`]: which twins a
/// left-out move sequence needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Promise {
    /// The lexicographically smallest shortest solution (IDA*, BFS).
    Shortest,
    /// The lexicographically smallest solution of at most `n` moves (DFS).
    AtMost,
    /// The lexicographically smallest solution of exactly `n` moves (DFS).
    Exactly,
}

/// A puzzle the parallel strategies can share between threads: `Sync`,
/// with `Send + Sync` states and moves. Implemented for every such puzzle;
/// nothing to write. [`Solver::solve`](crate::Solver::solve) asks for it;
/// [`Sequential`](crate::Sequential) does not.
pub trait ParallelPuzzle: Puzzle<State: Send + Sync, Move: Send + Sync> + Sync {}

impl<P> ParallelPuzzle for P where P: Puzzle<State: Send + Sync, Move: Send + Sync> + Sync {}

/// A puzzle whose moves can be played and taken back on one state in
/// place (make / unmake, as chess engines do), for the fastest DFS and
/// IDA*: [`Solver::solve`](crate::Solver::solve) of a
/// [`MakeUnmake`](crate::MakeUnmake) then
/// searches one state, changing it move by move, instead of building each
/// child as a new state. Same answers and the same expanded nodes as
/// [`Solver::solve`](crate::Solver::solve), which any [`Puzzle`] gets.
///
/// The three methods must agree with [`Puzzle::successors_within`]: `moves`
/// lists the moves of its children in the same strictly ascending order
/// (the engine checks it), and `make` changes the state into the child of
/// that move (equal to it under `Eq`). `unmake` must restore the state
/// exactly. Pass [`Puzzle::inverse`] for every move, or shortest searches
/// on this path do not skip the move straight back (still exact, more
/// nodes); [`Puzzle::commutes`] is not consulted on this path.
///
/// ```
/// use puzzle_search_core::{InPlace, MakeUnmake, Puzzle, Solver, Strategy};
/// /// A token on 0..=9 steps left ('L') or right ('R'); the goal is 9.
/// struct Line;
/// impl Puzzle for Line {
///     type State = u8;
///     type Move = char;
///     fn successors(&self, s: &u8, out: &mut Vec<(char, u8)>) {
///         if *s > 0 { out.push(('L', s - 1)) }
///         if *s < 9 { out.push(('R', s + 1)) }
///     }
///     fn is_goal(&self, s: &u8) -> bool { *s == 9 }
///     fn lower_bound(&self, s: &u8) -> Option<u32> { Some(u32::from(9 - s)) }
///     fn inverse(&self, mv: char) -> Option<char> { Some(if mv == 'L' { 'R' } else { 'L' }) }
/// }
/// impl InPlace for Line {
///     type Undo = ();
///     fn moves(&self, s: &u8, _left: u32, except: Option<char>, out: &mut Vec<char>) -> bool {
///         if *s > 0 && except != Some('L') { out.push('L') }
///         if *s < 9 && except != Some('R') { out.push('R') }
///         false
///     }
///     fn make(&self, s: &mut u8, mv: char) {
///         if mv == 'L' { *s -= 1 } else { *s += 1 }
///     }
///     fn unmake(&self, s: &mut u8, mv: char, _undo: ()) {
///         if mv == 'L' { *s += 1 } else { *s -= 1 }
///     }
/// }
/// let solver = Solver::new(Strategy::IdaStar { max_depth: 20 });
/// let fast = solver.solve(MakeUnmake(&Line), &4);
/// assert_eq!(fast.solution(), Some(&['R'; 5][..]));
/// assert_eq!(fast.stats.expanded, solver.solve(&Line, &4).stats.expanded);
/// ```
pub trait InPlace: Puzzle {
    /// What [`unmake`](InPlace::unmake) needs beyond the move (values that
    /// are cheaper to keep than to compute again; `()` when none).
    type Undo: Copy;

    /// Appends the moves of `state`'s children, in strictly ascending
    /// order, without `except` (the inverse of the move that led here, in
    /// shortest searches), as [`Puzzle::successors_within`] with `left`
    /// moves left would: it may leave out moves whose child cannot reach a
    /// goal in `left - 1` moves and then returns `true`.
    fn moves(
        &self,
        state: &Self::State,
        left: u32,
        except: Option<Self::Move>,
        out: &mut Vec<Self::Move>,
    ) -> bool;

    /// [`moves`](InPlace::moves) at a node whose canonical-sequence state
    /// is `q` (as [`Puzzle::canonical`] numbers it under `promise`): a
    /// puzzle may also leave out here any move that `canonical(state, q,
    /// mv, promise)` refuses, so that it does no work (a bound read, a
    /// child built) for a child the search would drop unplayed. The
    /// default lists what `moves` lists. The returned flag still says only
    /// whether a move was left out for its bound.
    ///
    /// Why the answer cannot change: the engine asks `canonical` of every
    /// move listed and drops each it refuses before playing it; a move
    /// left out here is one of those, so the same children are played in
    /// the same order. Only the counts of moves generated and refused
    /// change.
    ///
    /// ```
    /// use puzzle_search_core::{InPlace, Promise, Puzzle};
    /// /// A walk on the integers: never step back right after stepping.
    /// struct Walk;
    /// impl Puzzle for Walk {
    ///     type State = i32;
    ///     type Move = i8;
    ///     fn successors(&self, s: &i32, out: &mut Vec<(i8, i32)>) {
    ///         out.extend([(-1, s - 1), (1, s + 1)]);
    ///     }
    ///     fn is_goal(&self, s: &i32) -> bool { *s == 3 }
    ///     // State 0: no step yet; 1: stepped -1; 2: stepped +1.
    ///     fn canonical(&self, _: &i32, q: u32, mv: i8, _: Promise) -> Option<u32> {
    ///         let q2 = if mv < 0 { 1 } else { 2 };
    ///         (q == 0 || q == q2).then_some(q2)
    ///     }
    /// }
    /// impl InPlace for Walk {
    ///     type Undo = ();
    ///     fn moves(&self, _: &i32, _: u32, _: Option<i8>, out: &mut Vec<i8>) -> bool {
    ///         out.extend([-1, 1]);
    ///         false
    ///     }
    ///     fn moves_canonical(&self, s: &i32, q: u32, p: Promise, left: u32, except: Option<i8>, out: &mut Vec<i8>) -> bool {
    ///         let start = out.len();
    ///         let cut = self.moves(s, left, except, out);
    ///         let mut kept = start;
    ///         for i in start..out.len() {
    ///             if self.canonical(s, q, out[i], p).is_some() {
    ///                 out[kept] = out[i];
    ///                 kept += 1;
    ///             }
    ///         }
    ///         out.truncate(kept);
    ///         cut
    ///     }
    ///     fn make(&self, s: &mut i32, mv: i8) { *s += i32::from(mv) }
    ///     fn unmake(&self, s: &mut i32, mv: i8, _: ()) { *s -= i32::from(mv) }
    /// }
    /// let mut out = Vec::new();
    /// Walk.moves_canonical(&0, 2, Promise::Shortest, 5, None, &mut out);
    /// assert_eq!(out, [1]);
    /// ```
    #[inline]
    fn moves_canonical(
        &self,
        state: &Self::State,
        q: u32,
        promise: Promise,
        left: u32,
        except: Option<Self::Move>,
        out: &mut Vec<Self::Move>,
    ) -> bool {
        let _ = (q, promise);
        self.moves(state, left, except, out)
    }

    /// Whether [`moves`](InPlace::moves) keeps, for every `left` of at
    /// least 1, only children whose [`lower_bound`](Puzzle::lower_bound)
    /// is `Some` and at most `left - 1` (it reads the bound to choose
    /// them): IDA* then does not read each child's bound again, only
    /// tests it for a goal. Default `false`. Debug builds check it.
    ///
    /// Why the answer cannot change: the bound read again would be at most
    /// the moves left, so the child would be searched anyway; at the last
    /// move (none left) only a goal passes either way.
    fn moves_bounded(&self) -> bool {
        false
    }

    /// Plays `mv`, one of the moves [`moves`](InPlace::moves) listed for
    /// `state`, on `state`; returns what undoing it needs.
    fn make(&self, state: &mut Self::State, mv: Self::Move) -> Self::Undo;

    /// Takes back `mv`, played by [`make`](InPlace::make), which returned
    /// `undo`: `state` is then exactly what it was before.
    fn unmake(&self, state: &mut Self::State, mv: Self::Move, undo: Self::Undo);

    /// The [`lower_bound`](Puzzle::lower_bound) of the child of `mv`,
    /// worked out without playing it, or `None` (the default) when that is
    /// not cheaper or the child may be a dead end. When `Some`, it must be
    /// exactly the child's `lower_bound` (debug builds check it).
    ///
    /// IDA* then cuts a child whose bound exceeds the moves left without
    /// `make` and `unmake`: in a tree where half the children are cut, as
    /// in the 15-puzzle's, that is half the moves never played, which is
    /// what a dedicated solver does.
    #[inline]
    fn bound_after(&self, state: &Self::State, mv: Self::Move) -> Option<u32> {
        let _ = (state, mv);
        None
    }

    /// Plays `mv` as [`make`](InPlace::make) does, unless its child's
    /// [`lower_bound`](Puzzle::lower_bound) is known to exceed `max`: then
    /// `state` is left as it is and the child's bound comes back as
    /// `Err`. IDA* calls it with the moves left after the move.
    ///
    /// The default asks [`bound_after`](InPlace::bound_after), then plays
    /// the move. Override it where the bound and the move share work (the
    /// 15-puzzle's table indices: one computation, not two); an `Err` must
    /// hold exactly the child's bound, and that bound must exceed `max`
    /// (debug builds check both). `Ok` promises nothing about the bound:
    /// the engine still asks `lower_bound` of the child.
    ///
    /// ```
    /// use puzzle_search_core::{InPlace, Puzzle};
    /// /// Counting up from a number to 5, one step at a time.
    /// struct Line;
    /// impl Puzzle for Line {
    ///     type State = u32;
    ///     type Move = char;
    ///     fn successors(&self, s: &u32, out: &mut Vec<(char, u32)>) {
    ///         out.push(('R', s + 1));
    ///     }
    ///     fn is_goal(&self, s: &u32) -> bool { *s == 5 }
    ///     fn lower_bound(&self, s: &u32) -> Option<u32> { Some(5u32.saturating_sub(*s)) }
    /// }
    /// impl InPlace for Line {
    ///     type Undo = ();
    ///     fn moves(&self, _: &u32, _: u32, _: Option<char>, out: &mut Vec<char>) -> bool {
    ///         out.push('R');
    ///         false
    ///     }
    ///     fn make(&self, s: &mut u32, _: char) { *s += 1 }
    ///     fn unmake(&self, s: &mut u32, _: char, _: ()) { *s -= 1 }
    ///     fn bound_after(&self, s: &u32, _: char) -> Option<u32> { self.lower_bound(&(s + 1)) }
    /// }
    /// let mut s = 1;
    /// assert_eq!(Line.make_within(&mut s, 'R', 2), Err(3)); // 2 -> 5 takes 3
    /// assert_eq!(s, 1);
    /// assert_eq!(Line.make_within(&mut s, 'R', 3), Ok(()));
    /// assert_eq!(s, 2);
    /// ```
    #[inline(always)]
    fn make_within(
        &self,
        state: &mut Self::State,
        mv: Self::Move,
        max: u32,
    ) -> Result<Self::Undo, u32> {
        match self.bound_after(state, mv) {
            Some(bound) if bound > max => Err(bound),
            peek => {
                let undo = self.make(state, mv);
                if let Some(bound) = peek {
                    debug_assert_eq!(
                        self.lower_bound(state),
                        Some(bound),
                        "InPlace::bound_after({mv:?}) must equal the child's lower_bound"
                    );
                }
                Ok(undo)
            }
        }
    }
}
