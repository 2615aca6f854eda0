//! A twisty puzzle with its symmetries as the core's
//! [`Symmetry`](puzzle_search_core::Symmetry): [`Conjugates`], on which
//! the core's census by class, counts and searches on classes
//! ([`Classes`](puzzle_search_core::Classes)) run as on any puzzle.
//!
//! The maps are the conjugations of [`Symmetries`]: `g -> r^-1 g r` for
//! each symmetry `r` kept (those mapping the searched moves onto searched
//! moves, a subgroup). Each is an automorphism of the move graph:
//! `r^-1 (g m) r = (r^-1 g r)(r^-1 m r)`, so the children of a conjugate
//! are the conjugates of the children, moves relabelled one for one; and
//! the solved state, the identity (the only case with symmetries kept),
//! is its own conjugate. Where the closure stopped at
//! [`MAX_SYMMETRIES`](crate::MAX_SYMMETRIES) the maps may not be a group,
//! so only the identity is used.

use puzzle_search_core::{Puzzle, Symmetry};

use crate::algebra::symmetry::{MAX_SYMMETRIES, Symmetries};
use crate::model::position::Position;
use crate::puzzle::Twisty;

/// A [`Twisty`] whose states are classed by its [`Symmetries`]: the
/// puzzle's moves, goal and bound, and the conjugations as
/// [`Symmetry`] maps.
///
/// ```
/// use puzzle_search_core::{Solver, Strategy};
/// use puzzle_twisty::{Conjugates, Definition, Moves, Twisty};
/// // Six pieces on a ring, three turns and a rotation `x` by two.
/// let ring = Definition::parse("Set P 6 2\nSolved\nP\n1 2 3 4 5 6\nEnd\n\
///     Move A\nP\n2 3 1 4 5 6\n1 0 0 0 0 0\nEnd\n\
///     Move B\nP\n1 2 4 5 3 6\n0 0 1 0 0 0\nEnd\n\
///     Move C\nP\n5 2 3 4 6 1\n0 0 0 0 1 0\nEnd\n\
///     Move x\nP\n3 4 5 6 1 2\nEnd\n")?;
/// let puzzle = Twisty::new(ring.clone(), Moves::all(&ring)?);
/// let classes = Conjugates::new(&puzzle);
/// let solver = Solver::new(Strategy::bfs());
/// let by_class = solver.census_classes(&classes, ring.solved()).expect("solved is symmetric");
/// let plain = solver.census(&puzzle, ring.solved());
/// assert_eq!(by_class.layers, plain.layers); // the states, layer by layer
/// let count: u64 = by_class.classes.as_ref().unwrap().iter().sum();
/// assert!(count < by_class.states());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Conjugates<'a> {
    twisty: &'a Twisty,
    symmetries: Symmetries,
    /// The maps used: all of them, or only the identity where the
    /// closure was cut short.
    used: usize,
}

impl<'a> Conjugates<'a> {
    /// The puzzle `twisty` with its symmetries.
    ///
    /// ```
    /// use puzzle_twisty::{Conjugates, Definition, Moves, Twisty};
    /// let cube = Definition::builtin("3x3x3").expect("built in")?;
    /// let puzzle = Twisty::new(cube.clone(), Moves::all(&cube)?);
    /// assert_eq!(Conjugates::new(&puzzle).symmetries().len(), 48);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(twisty: &'a Twisty) -> Self {
        let symmetries = Symmetries::new(twisty.definition(), twisty.moves());
        let used = if symmetries.len() >= MAX_SYMMETRIES {
            1
        } else {
            symmetries.len()
        };
        Self {
            twisty,
            symmetries,
            used,
        }
    }

    /// The symmetries whose conjugations are the maps.
    ///
    /// ```
    /// use puzzle_twisty::{Conjugates, Definition, Moves, Twisty};
    /// let cube = Definition::builtin("3x3x3").expect("built in")?;
    /// let ufr = Twisty::new(cube.clone(), Moves::select(&cube, &["U", "F", "R"])?);
    /// assert_eq!(Conjugates::new(&ufr).symmetries().len(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn symmetries(&self) -> &Symmetries {
        &self.symmetries
    }
}

impl Puzzle for Conjugates<'_> {
    type State = Position;
    type Move = u16;

    fn successors(&self, s: &Position, out: &mut Vec<(u16, Position)>) {
        self.twisty.successors(s, out);
    }

    fn is_goal(&self, s: &Position) -> bool {
        self.twisty.is_goal(s)
    }

    fn lower_bound(&self, s: &Position) -> Option<u32> {
        self.twisty.lower_bound(s)
    }

    fn inverse(&self, mv: u16) -> Option<u16> {
        self.twisty.inverse(mv)
    }
}

impl Symmetry for Conjugates<'_> {
    fn symmetries(&self) -> usize {
        self.used
    }

    fn image(&self, s: &Position, k: usize) -> Position {
        self.symmetries.conjugate(k, s)
    }
}
