//! Symmetry: a puzzle's maps of states onto states that carry moves to
//! moves ([`Symmetry`]), and the puzzle of their classes ([`Classes`]),
//! on which every strategy, census and count runs unchanged.
//!
//! # Why the answers stay right
//! Let the maps form a group `G` of automorphisms of the move graph: each
//! `σ` is a bijection on states, the children of `σ(s)` are the images of
//! the children of `s` (one for one, moves relabelled), and `σ` keeps
//! goals goals. Write `[s]` for the smallest image of `s` (its class's
//! representative). [`Classes`] is the puzzle whose states are
//! representatives and whose children of `[s]` are `[c]` for each child
//! `c` of `s`, one a move.
//! - *Distances.* Where every `σ` fixes the start, `d(σ(s)) = d(s)` (a
//!   path maps to a path), so a class lies at one distance, and the
//!   breadth-first layers of [`Classes`] are the classes of the layers:
//!   the class census counts each class once, at its distance, and the
//!   states of a layer are its classes' sizes summed.
//! - *Counts.* The paths from `s` to a goal (of any fixed length) number
//!   as many as from `σ(s)` (`σ` maps them one for one), so `f(s)`, the
//!   count from `s`, depends only on the class. With one child a move,
//!   `f(s) = Σ_moves f(c) = Σ_moves f([c])`: the count of [`Classes`] from
//!   `[s]` satisfies the same recursion with the same ends, so it equals
//!   `f(s)` (induction on the moves left). Counts on classes are the
//!   counts of the puzzle.
//! - *Answers.* A path `[s0], [c1], ..., [cn]` of [`Classes`] unfolds into
//!   moves of the puzzle ([`Classes::unfold`]): from a state `t` of class
//!   `[ci]`, some move leads into class `[c(i+1)]` (the image of the
//!   class path's move under the `σ` with `t = σ([ci])`), so the walk
//!   goes on, as long, and ends at a goal (goals are kept by `G`).
//!
//! Tests check each on small puzzles against a census and counts without
//! symmetry (`tests/symmetry.rs`).

use crate::puzzle::Puzzle;

/// The symmetries of a puzzle: maps `image(s, k)` for `k` in
/// `0..symmetries()`, which must be the elements of a group, each once
/// (the identity among them),
/// of automorphisms of the move graph: each a bijection on states such
/// that the children of `image(s, k)` are the images of the children of
/// `s` (moves may be relabelled), goals map to goals, and
/// [`Puzzle::lower_bound`] and [`Puzzle::layer`] are the same at a state
/// and its images. The square's 8 symmetries on a peg-solitaire board,
/// the cube's 48 on its positions (conjugation), a colour swap.
///
/// Classes are ordered by `State`'s `Ord`: a class's representative is
/// its smallest image ([`representative`](Symmetry::representative)). Use it through
/// [`Classes`]: searches, censuses and counts on classes, answers
/// unfolded into the puzzle's moves. What stays exact, and why, is in
/// [`proofs`](crate::proofs) ("Symmetry") and this module's source.
///
/// ```
/// use puzzle_search_core::{Puzzle, Symmetry};
/// /// A token on a ring of 8 cells, one step either way: the mirror
/// /// `i -> -i` is a symmetry fixing cell 0.
/// struct Ring;
/// impl Puzzle for Ring {
///     type State = u8;
///     type Move = i8;
///     fn successors(&self, s: &u8, out: &mut Vec<(i8, u8)>) {
///         out.extend([(-1, (s + 7) % 8), (1, (s + 1) % 8)]);
///     }
///     fn is_goal(&self, s: &u8) -> bool { *s == 4 }
/// }
/// impl Symmetry for Ring {
///     fn symmetries(&self) -> usize { 2 }
///     fn image(&self, s: &u8, k: usize) -> u8 { if k == 0 { *s } else { (8 - s) % 8 } }
/// }
/// assert_eq!(Ring.representative(&6), 2);
/// assert_eq!(Ring.class_size(&6), 2);
/// assert_eq!(Ring.class_size(&4), 1);
/// ```
pub trait Symmetry: Puzzle<State: Ord> {
    /// How many maps: at least 1 (the identity).
    fn symmetries(&self) -> usize;

    /// The image of `state` under map `k` (`k < symmetries()`).
    fn image(&self, state: &Self::State, k: usize) -> Self::State;

    /// The class's representative: the smallest image of `state`.
    fn representative(&self, state: &Self::State) -> Self::State {
        (1..self.symmetries())
            .map(|k| self.image(state, k))
            .fold(state.clone(), |a, b| if b < a { b } else { a })
    }

    /// The states in `state`'s class: its distinct images. By the
    /// orbit-stabilizer theorem, the group's size over the maps that fix
    /// `state` (no image is stored: a census by class asks at every
    /// class).
    fn class_size(&self, state: &Self::State) -> u64 {
        let n = self.symmetries();
        let fixing = (0..n).filter(|&k| self.image(state, k) == *state).count();
        (n / fixing.max(1)) as u64
    }

    /// Whether every map fixes `state` (a start the class census and
    /// counts need: a symmetric one).
    fn is_symmetric(&self, state: &Self::State) -> bool {
        (0..self.symmetries()).all(|k| self.image(state, k) == *state)
    }
}

/// The puzzle of a [`Symmetry`]'s classes: states are representatives,
/// the children of a class one a move of its representative, each
/// replaced by its class. Every strategy runs on it; what they return is
/// on classes: [`unfold`](Self::unfold) turns a solution back into the
/// puzzle's moves, [`Solver::census_classes`](crate::Solver::census_classes)
/// counts states as well as classes. Counts of paths are the puzzle's
/// where the start's and the goals' classes are whole (a symmetric start,
/// goals mapped to goals): see the module's proof.
///
/// It forwards the goal test, the bound and the layer, none of the
/// move-pruning items ([`Puzzle::inverse`], [`Puzzle::commutes`],
/// [`Puzzle::canonical`]): a move undone or swapped in the puzzle need
/// not be one between classes.
///
/// ```
/// use puzzle_search_core::{Classes, Puzzle, Shortest, Solver, Strategy, Symmetry};
/// # struct Ring;
/// # impl Puzzle for Ring {
/// #     type State = u8;
/// #     type Move = i8;
/// #     fn successors(&self, s: &u8, out: &mut Vec<(i8, u8)>) {
/// #         out.extend([(-1, (s + 7) % 8), (1, (s + 1) % 8)]);
/// #     }
/// #     fn is_goal(&self, s: &u8) -> bool { *s == 4 }
/// # }
/// # impl Symmetry for Ring {
/// #     fn symmetries(&self) -> usize { 2 }
/// #     fn image(&self, s: &u8, k: usize) -> u8 { if k == 0 { *s } else { (8 - s) % 8 } }
/// # }
/// let classes = Classes::new(&Ring);
/// let solver = Solver::new(Strategy::bfs());
/// // Five classes {0}, {1,7}, {2,6}, {3,5}, {4}: one a layer.
/// assert_eq!(solver.census(&classes, &0).layers, [1, 1, 1, 1, 1]);
/// // Two shortest ways round, counted on classes.
/// let count = solver.count_shortest(&classes, &0, 8);
/// assert_eq!(count.outcome, Shortest::Found { length: 4, count: 2 });
/// // A solution on classes, unfolded into moves that replay.
/// let moves = solver.solve(&classes, &0).solution().unwrap().to_vec();
/// let real = classes.unfold(&0, &moves).unwrap();
/// assert_eq!(real, [-1, -1, -1, -1]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Classes<'a, P> {
    puzzle: &'a P,
}

impl<'a, P: Symmetry> Classes<'a, P> {
    /// The classes of `puzzle`'s states.
    ///
    /// ```
    /// # use puzzle_search_core::{Classes, Puzzle, Symmetry};
    /// # struct Flip;
    /// # impl Puzzle for Flip {
    /// #     type State = bool;
    /// #     type Move = u8;
    /// #     fn successors(&self, s: &bool, out: &mut Vec<(u8, bool)>) { out.push((0, !s)) }
    /// #     fn is_goal(&self, _: &bool) -> bool { false }
    /// # }
    /// # impl Symmetry for Flip {
    /// #     fn symmetries(&self) -> usize { 2 }
    /// #     fn image(&self, s: &bool, k: usize) -> bool { *s ^ (k == 1) }
    /// # }
    /// let classes = Classes::new(&Flip);
    /// assert_eq!(classes.puzzle().representative(&true), false);
    /// ```
    pub fn new(puzzle: &'a P) -> Self {
        Self { puzzle }
    }

    /// The puzzle whose classes these are.
    ///
    /// ```
    /// # use puzzle_search_core::{Classes, Puzzle, Symmetry};
    /// # struct Flip;
    /// # impl Puzzle for Flip {
    /// #     type State = bool;
    /// #     type Move = u8;
    /// #     fn successors(&self, s: &bool, out: &mut Vec<(u8, bool)>) { out.push((0, !s)) }
    /// #     fn is_goal(&self, _: &bool) -> bool { false }
    /// # }
    /// # impl Symmetry for Flip {
    /// #     fn symmetries(&self) -> usize { 2 }
    /// #     fn image(&self, s: &bool, k: usize) -> bool { *s ^ (k == 1) }
    /// # }
    /// assert_eq!(Classes::new(&Flip).puzzle().symmetries(), 2);
    /// ```
    pub fn puzzle(&self) -> &'a P {
        self.puzzle
    }

    /// The puzzle's moves of a solution found on classes from `start`'s
    /// class: from `start`, each step the smallest move whose child lies
    /// in the class path's next class. The result is as long, replays
    /// from `start` ([`replay`](crate::replay)) and ends in the last
    /// class (at a goal, where the path ended at one). `None` when
    /// `moves` is not a path of classes from `start`'s class, or the
    /// puzzle's maps are not symmetries (no move leads into the next
    /// class).
    ///
    /// ```
    /// use puzzle_search_core::{Classes, Puzzle, Symmetry, replay};
    /// /// A token on a 5x5 grid moving one cell to any corner; the square's 8
    /// /// symmetries (they keep the goals goals).
    /// struct Grid;
    /// impl Puzzle for Grid {
    ///     type State = (i8, i8);
    ///     type Move = u8;
    ///     fn successors(&self, &(r, c): &(i8, i8), out: &mut Vec<(u8, (i8, i8))>) {
    ///         for (m, (dr, dc)) in [(0, (-1, 0)), (1, (0, -1)), (2, (0, 1)), (3, (1, 0))] {
    ///             let (r2, c2) = (r + dr, c + dc);
    ///             if (-2..=2).contains(&r2) && (-2..=2).contains(&c2) { out.push((m, (r2, c2))) }
    ///         }
    ///     }
    ///     fn is_goal(&self, s: &(i8, i8)) -> bool { s.0.abs() == 2 && s.1.abs() == 2 }
    /// }
    /// impl Symmetry for Grid {
    ///     fn symmetries(&self) -> usize { 8 }
    ///     fn image(&self, &(r, c): &(i8, i8), k: usize) -> (i8, i8) {
    ///         let (r, c) = if k & 4 != 0 { (c, r) } else { (r, c) };
    ///         (if k & 2 != 0 { -r } else { r }, if k & 1 != 0 { -c } else { c })
    ///     }
    /// }
    /// let classes = Classes::new(&Grid);
    /// // A path of classes from (0, 0) to the corners' class.
    /// let solver = puzzle_search_core::Solver::new(puzzle_search_core::Strategy::bfs());
    /// let on_classes = solver.solve(&classes, &(0, 0)).solution().unwrap().to_vec();
    /// let moves = classes.unfold(&(0, 0), &on_classes).unwrap();
    /// assert_eq!(moves.len(), 4);
    /// assert!(Grid.is_goal(&replay(&Grid, &(0, 0), &moves).unwrap()));
    /// ```
    pub fn unfold(&self, start: &P::State, moves: &[P::Move]) -> Option<Vec<P::Move>> {
        let p = self.puzzle;
        let mut class = p.representative(start);
        let mut at = start.clone();
        let mut out = Vec::with_capacity(moves.len());
        let mut kids = Vec::new();
        for &mv in moves {
            kids.clear();
            p.successors(&class, &mut kids);
            let next = kids.iter().find(|k| k.0 == mv)?.1.clone();
            let next = p.representative(&next);
            kids.clear();
            p.successors(&at, &mut kids);
            let (real, child) = kids.drain(..).find(|k| p.representative(&k.1) == next)?;
            out.push(real);
            (class, at) = (next, child);
        }
        Some(out)
    }
}

impl<P: Symmetry> Puzzle for Classes<'_, P> {
    type State = P::State;
    type Move = P::Move;

    fn successors(&self, state: &P::State, out: &mut Vec<(P::Move, P::State)>) {
        let from = out.len();
        self.puzzle.successors(state, out);
        for child in &mut out[from..] {
            child.1 = self.puzzle.representative(&child.1);
        }
    }

    fn is_goal(&self, state: &P::State) -> bool {
        self.puzzle.is_goal(state)
    }

    fn lower_bound(&self, state: &P::State) -> Option<u32> {
        self.puzzle.lower_bound(state)
    }

    fn layer(&self, state: &P::State) -> Option<u32> {
        self.puzzle.layer(state)
    }
}
