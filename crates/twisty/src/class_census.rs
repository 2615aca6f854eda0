//! [`ClassCensus`]: God's algorithm by symmetry class (issue 45, item
//! 2): the census of a puzzle whose moves turn one orbit, counted over
//! the classes of its positions under the puzzle's symmetries
//! (rotations and mirror images, issue 32) and multiplied back out.
//!
//! The index is the tables' [`SymGroup`] over the whole orbit: a
//! position's placement has a class (its conjugates' smallest is the
//! representative) and a symmetry `r(p)` taking it there; the index is
//! `class * turns + t`, `t` the orientations of the position conjugated
//! by `r(p)`. The census is the core's two-bit breadth-first table build
//! over these indices ([`SymSpace`]: each neighbour emitted with its
//! equivalents), then a pass adding up each index's positions.
//!
//! Why it is exact:
//! - **One distance an index.** The positions at an index are conjugates
//!   `r^-1 g r` of one another, and conjugation by a symmetry maps the
//!   moves onto the moves and fixes solved, so they are equally far from
//!   it (`symgroup.rs`'s docs); the table build gives every index its
//!   distance (every neighbour is emitted with all its equivalents).
//! - **How many positions an index holds.** A position `g` with
//!   placement `p` goes to exactly one index: `p`'s class and the turns
//!   of `r(p)^-1 g r(p)`, `r(p)` one fixed symmetry a placement. For a
//!   fixed `p`, `g`'s orientations and `t` determine each other
//!   (conjugating by a fixed symmetry is a bijection), so the index
//!   `(c, t)` holds exactly one position per placement of class `c`:
//!   `|c|` positions. A layer's count is the sum of `|c|` over its
//!   indices.
//! - **Other orbits.** Only where every other orbit is left alone by
//!   every move (they stay solved, one way each).
//!
//! Tested: equal line for line to the census by coordinates on small
//! puzzles with rotations, mirror images and moves subsets; the count of
//! a class taken as 1 fails it.

use std::path::Path;

use puzzle_search_core::Budget;
use puzzle_search_core::pdb::{BuildProgress, PatternDb};

use crate::bound::BoundError;
use crate::group::{MAX_COORD, PieceGroup};
use crate::puzzle::Twisty;
use crate::symgroup::{SymGroup, SymSpace};
use crate::symmetry::Symmetries;

/// A census by symmetry class, planned for one puzzle: the orbit its
/// moves turn, its symmetries, the index's size (see the module's docs).
///
/// ```
/// use puzzle_search_core::{Budget, Solver, Strategy};
/// use puzzle_twisty::{ClassCensus, Coordinates, Definition, Moves, Twisty};
/// // Six places on a ring, three-cycles turning a piece at every other
/// // place, and the ring's turn by two places as a rotation.
/// let ring = Definition::parse("Set P 6 2\nSolved\nP\n1 2 3 4 5 6\nEnd\n\
///     Move A\nP\n2 3 1 4 5 6\n1 0 0 0 0 0\nEnd\n\
///     Move B\nP\n1 2 4 5 3 6\n0 0 1 0 0 0\nEnd\n\
///     Move C\nP\n5 2 3 4 6 1\n0 0 0 0 1 0\nEnd\n\
///     Move x\nP\n3 4 5 6 1 2\nEnd\n")?;
/// let puzzle = Twisty::new(ring.clone(), Moves::all(&ring)?);
/// let plan = ClassCensus::new(&puzzle).expect("one orbit, symmetric moves");
/// let layers = plan.run(&puzzle, &Budget::default(), None, None)?;
/// // The same counts as the census of every position.
/// let coords = Coordinates::new(&puzzle).expect("coordinates");
/// let start = coords.start(ring.solved()).expect("solved");
/// let plain = Solver::new(Strategy::bfs()).census_ranked(&coords, &start);
/// assert_eq!(layers, plain.layers);
/// assert_eq!(layers.iter().sum::<u64>(), 23_040);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ClassCensus {
    group: PieceGroup,
    symmetries: Symmetries,
    kept: Vec<usize>,
}

impl ClassCensus {
    /// The plan for `puzzle`, or `None` where a census by class does not
    /// take it: more than one orbit moved, pieces alike or `?`
    /// orientations, more than 64 pieces or [`MAX_COORD`] placements, or
    /// no symmetry but the identity keeping the moves.
    ///
    /// ```
    /// use puzzle_twisty::{ClassCensus, Definition, Moves, Twisty};
    /// let cube = Definition::builtin("3x3x3").expect("built in")?;
    /// let puzzle = Twisty::new(cube.clone(), Moves::all(&cube)?);
    /// assert!(ClassCensus::new(&puzzle).is_none()); // edges and corners move
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(puzzle: &Twisty) -> Option<ClassCensus> {
        let def = puzzle.definition();
        let moves = puzzle.moves();
        let moving = crate::shape::moving_orbits(def, moves);
        let &[k] = moving.as_slice() else {
            return None;
        };
        let shape = crate::shape::of(def, moves, k)?;
        let n = shape.pieces;
        let group = PieceGroup::new(k, shape, (0..n as u8).collect())?;
        if group.perms > MAX_COORD {
            return None;
        }
        let symmetries = Symmetries::new(def, moves);
        let kept = SymGroup::kept(&group, &symmetries)?;
        Some(ClassCensus {
            group,
            symmetries,
            kept,
        })
    }

    /// How many symmetries the classes are taken under (the identity
    /// among them).
    ///
    /// ```
    /// use puzzle_twisty::{ClassCensus, Definition, Moves, Twisty};
    /// let cube = Definition::builtin("2x2x2").expect("built in")?;
    /// let puzzle = Twisty::new(cube.clone(), Moves::all(&cube)?);
    /// let plan = ClassCensus::new(&puzzle).expect("a plan");
    /// assert_eq!(plan.symmetries(), 48); // rotations and mirror images
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn symmetries(&self) -> usize {
        self.kept.len()
    }

    /// About how many indices the census walks: the placements over the
    /// symmetries (a class kept by more than the identity counts as
    /// fewer placements) times the orientations.
    ///
    /// ```
    /// use puzzle_twisty::{ClassCensus, Definition, Moves, Twisty};
    /// let cube = Definition::builtin("2x2x2").expect("built in")?;
    /// let puzzle = Twisty::new(cube.clone(), Moves::all(&cube)?);
    /// let plan = ClassCensus::new(&puzzle).expect("a plan");
    /// assert_eq!(plan.indices(), 40_320 / 48 * 2_187);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn indices(&self) -> u64 {
        self.group.perms / self.kept.len() as u64 * self.group.turns
    }

    /// The bytes the census holds at its peak, about: the placement
    /// tables (16 bytes a placement) and the build's two bits and byte
    /// an index (the classes a little more than [`indices`](Self::indices)
    /// says: a sixteenth added).
    ///
    /// ```
    /// use puzzle_twisty::{ClassCensus, Definition, Moves, Twisty};
    /// let cube = Definition::builtin("2x2x2").expect("built in")?;
    /// let puzzle = Twisty::new(cube.clone(), Moves::all(&cube)?);
    /// assert!(ClassCensus::new(&puzzle).expect("a plan").bytes() < 4 << 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bytes(&self) -> u64 {
        let indices = self.indices() + self.indices() / 16;
        SymGroup::bytes(&self.group) + indices.div_ceil(4) + indices
    }

    /// The census: the positions at each distance from solved, by
    /// `puzzle`'s moves (the puzzle planned for), under `budget` (its
    /// memory cap, time and cancel flag: the table build's), the
    /// placement classes cached in `cache` where given, `progress` told
    /// each distance of the walk over indices.
    ///
    /// # Errors
    /// [`BoundError::Memory`] where the placement tables and the walk
    /// pass the budget's cap; [`BoundError::Table`] where the walk is
    /// stopped by a limit (the error says which).
    pub fn run(
        &self,
        puzzle: &Twisty,
        budget: &Budget,
        cache: Option<&Path>,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<Vec<u64>, BoundError> {
        let def = puzzle.definition();
        let moves = puzzle.moves();
        if let Some(allowed) = budget.memory_cap() {
            let needed = self.bytes();
            if needed > allowed {
                return Err(BoundError::Memory { needed, allowed });
            }
        }
        let orbit = &def.orbits()[self.group.orbit].name;
        let name = format!(
            "twisty census {} {orbit} by {} symmetries",
            def.name(),
            self.kept.len()
        );
        let (sym, _unsaved) = SymGroup::new_cached(
            self.group.clone(),
            &self.symmetries,
            self.kept.clone(),
            cache,
            &name,
        );
        let layout = crate::group::moved(def, moves);
        let space = SymSpace::new(&sym, moves, &layout, def.solved().as_slice(), name);
        let db = PatternDb::build_within(&space, budget, progress).map_err(BoundError::Table)?;
        let turns = self.group.turns;
        let mut class_size = vec![0u64; sym.classes() as usize];
        for p in 0..self.group.perms {
            class_size[(sym.class_of(p) >> 6) as usize] += 1;
        }
        let mut layers = vec![0u64; usize::from(db.max_distance()) + 1];
        for i in 0..sym.size() {
            let d = db.get(i);
            if d != PatternDb::UNREACHED {
                layers[usize::from(d)] += class_size[(i / turns) as usize];
            }
        }
        while layers.last() == Some(&0) {
            layers.pop();
        }
        Ok(layers)
    }
}

#[cfg(test)]
mod tests {
    use puzzle_search_core::{Solver, Strategy};

    use super::*;
    use crate::coords::Coordinates;
    use crate::definition::Definition;
    use crate::moves::Moves;

    /// The census by coordinates, the reference.
    fn plain(puzzle: &Twisty) -> Vec<u64> {
        let c = Coordinates::new(puzzle).expect("coordinates");
        let start = c.start(puzzle.definition().solved()).expect("solved");
        Solver::new(Strategy::bfs())
            .census_ranked(&c, &start)
            .layers
    }

    fn by_class(puzzle: &Twisty) -> Vec<u64> {
        let plan = ClassCensus::new(puzzle).expect("a plan");
        assert!(plan.symmetries() > 1);
        plan.run(puzzle, &Budget::default(), None, None)
            .expect("a census")
    }

    /// Six places on a ring, a three-cycle turning one piece at every
    /// other place, and the ring's turn by two places as a rotation.
    const RING: &str = "Set P 6 2\nSolved\nP\n1 2 3 4 5 6\nEnd\n\
        Move A\nP\n2 3 1 4 5 6\n1 0 0 0 0 0\nEnd\n\
        Move B\nP\n1 2 4 5 3 6\n0 0 1 0 0 0\nEnd\n\
        Move C\nP\n5 2 3 4 6 1\n0 0 0 0 1 0\nEnd\n\
        Move x\nP\n3 4 5 6 1 2\nEnd\n";

    /// On the ring with its rotation named, and without it (the rotations
    /// then found from the moves), in both metrics where they differ.
    #[test]
    fn equals_the_census_by_coordinates() {
        for text in [
            RING.to_string(),
            RING.replace("Move x\nP\n3 4 5 6 1 2\nEnd\n", ""),
        ] {
            let def = Definition::parse(&text).expect("parses");
            let ring = Twisty::new(def.clone(), Moves::all(&def).expect("moves"));
            assert_eq!(by_class(&ring), plain(&ring), "{text}");
            // Two of the moves: fewer symmetries keep them.
            let two = Moves::select(&def, &["A", "B"]).expect("moves");
            let puzzle = Twisty::new(def.clone(), two);
            if ClassCensus::new(&puzzle).is_some() {
                assert_eq!(by_class(&puzzle), plain(&puzzle), "{text} A B");
            }
        }
    }

    #[test]
    fn no_plan_with_two_orbits_moved() {
        let cube = Definition::builtin("3x3x3")
            .expect("built in")
            .expect("parses");
        let puzzle = Twisty::new(cube.clone(), Moves::all(&cube).expect("moves"));
        assert!(ClassCensus::new(&puzzle).is_none());
    }
}
