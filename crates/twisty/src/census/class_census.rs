//! [`ClassCensus`]: God's algorithm by symmetry class: the census
//! counted over the classes of the positions under the puzzle's
//! symmetries (rotations and mirror images) and multiplied back out.
//!
//! One orbit, the *lead*, is indexed by the tables' [`SymGroup`]: a
//! position's placement has a class (its conjugates' smallest is the
//! representative) and a symmetry `r(p)` taking it there; the index is
//! `class * turns + t`, `t` the orientations of the position conjugated
//! by `r(p)`, and where other orbits move, times their coordinates in
//! that conjugate ([`ClassIndex`](crate::tables::class_space), whose docs carry
//! that case's argument). The census is the core's two-bit breadth-first
//! search over these indices (each neighbour emitted with its
//! equivalents), with no table: each index settled adds its positions
//! (its class's size, [`Abstraction::weight`]) to its distance's count,
//! so the walk holds two bits an index (where a table byte an index and
//! a pass over it took five times the memory).
//!
//! Why it is exact:
//! - **One distance an index.** The positions at an index are conjugates
//!   `r^-1 g r` of one another, and conjugation by a symmetry maps the
//!   moves onto the moves and fixes solved, so they are equally far from
//!   it (`symgroup.rs`'s docs); the table build gives every index its
//!   distance (every neighbour is emitted with all its equivalents).
//! - **How many positions an index holds.** A position `g` with
//!   placement `p` goes to exactly one index: `p`'s class and the rest of
//!   `r(p)^-1 g r(p)`, `r(p)` one fixed symmetry a placement. For a fixed
//!   `p`, `g`'s other pieces and the index's determine each other
//!   (conjugating by a fixed symmetry is a bijection), so the index
//!   `(c, t)` holds exactly one position per placement of class `c`:
//!   `|c|` positions. A layer's count is the sum of `|c|` over its
//!   indices.
//! - **Orbits no move turns** stay solved, one way each.
//!
//! Tested: equal line for line to the census by coordinates on small
//! puzzles of one and of two moving orbits, with rotations named and
//! found, and with subsets of the moves; the count of a class taken as 1
//! fails it.

use std::path::Path;

use puzzle_search_core::Budget;
use puzzle_search_core::pdb::{Abstraction, BuildProgress, PatternDb};

use crate::bound::BoundError;
use crate::puzzle::Twisty;
use crate::tables::class_space::Plan;
use crate::tables::coords::Coordinates;
use crate::tables::space::Named;
use crate::tables::symgroup::{SymGroup, SymSpace};

/// A census by symmetry class, planned for one puzzle: the orbit whose
/// placements are classed (the lead), the other orbits its moves turn,
/// its symmetries, the index's size (see the module's docs).
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
/// let plan = ClassCensus::new(&puzzle).expect("told apart, symmetric moves");
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
    /// The lead, the other moving orbits, the symmetries.
    plan: Plan,
    /// The most values of a rest orbit moved by tables
    /// ([`TABLED`](crate::tables::class_space::TABLED); tests set 0 to walk the
    /// pieces' path).
    tabled: u64,
}

impl ClassCensus {
    /// The plan for `puzzle`, or `None` where a census by class does not
    /// take it: a moving orbit with pieces alike or `?` orientations, or
    /// of more than 64 pieces, no moving orbit of at most [`MAX_COORD`](crate::MAX_COORD)
    /// placements (the lead: the one with the most), other moving orbits
    /// without coordinates (more than 2^22 values reached by one of
    /// them: the 3x3x3's edges) or more than 15 of them, or no symmetry
    /// but the identity keeping the moves.
    ///
    /// ```
    /// use puzzle_twisty::{ClassCensus, Definition, Moves, Twisty};
    /// let cube = Definition::builtin("3x3x3").expect("built in")?;
    /// let puzzle = Twisty::new(cube.clone(), Moves::all(&cube)?);
    /// assert!(ClassCensus::new(&puzzle).is_none()); // 12! edge placements
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(puzzle: &Twisty) -> Option<ClassCensus> {
        Some(ClassCensus {
            plan: Plan::new(puzzle.definition(), puzzle.moves())?,
            tabled: crate::tables::class_space::TABLED,
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
        self.plan.kept.len()
    }

    /// About how many indices the census walks: the lead's placements
    /// over the symmetries (a class kept by more than the identity counts
    /// as fewer placements) times its orientations, times the values the
    /// other moving orbits' labels and turns reach.
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
        self.plan.indices()
    }

    /// The ranks of the census by coordinates of the same puzzle
    /// ([`Coordinates::size`]), or `None` where it has none: the figure
    /// to weigh [`indices`](Self::indices) against. The plan's own where
    /// it made the coordinates (several orbits moved), else made here
    /// (the move tables over each orbit's values: as long as the census
    /// by coordinates takes to start).
    ///
    /// ```
    /// use puzzle_twisty::{ClassCensus, Definition, Moves, Twisty};
    /// let cube = Definition::builtin("2x2x2").expect("built in")?;
    /// let puzzle = Twisty::new(cube.clone(), Moves::all(&cube)?);
    /// let plan = ClassCensus::new(&puzzle).expect("a plan");
    /// // Every placement of the corners, their turns summing to 0.
    /// assert_eq!(plan.coordinate_ranks(&puzzle), Some(40_320 * 2_187));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn coordinate_ranks(&self, puzzle: &Twisty) -> Option<u64> {
        self.plan
            .coordinate_ranks
            .or_else(|| Coordinates::new(puzzle).map(|c| c.size()))
    }

    /// The bytes the census holds at its peak, about: the placement
    /// tables (16 bytes a placement) and the walk's two bits an index (no
    /// table: each index's class size is added to its distance's count as
    /// it is settled; the classes a little more than
    /// [`indices`](Self::indices) says: a sixteenth added).
    ///
    /// ```
    /// use puzzle_twisty::{ClassCensus, Definition, Moves, Twisty};
    /// let cube = Definition::builtin("2x2x2").expect("built in")?;
    /// let puzzle = Twisty::new(cube.clone(), Moves::all(&cube)?);
    /// assert!(ClassCensus::new(&puzzle).expect("a plan").bytes() < 2 << 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bytes(&self) -> u64 {
        let indices = self.indices() + self.indices() / 16;
        SymGroup::bytes(&self.plan.group) + indices.div_ceil(4)
    }

    /// The census: the positions at each distance from solved, by
    /// `puzzle`'s moves (the puzzle planned for), under `budget` (its
    /// memory cap, time and cancel flag: the table build's), the
    /// placement classes cached in `cache` where given, `progress` told
    /// each distance of the walk over indices.
    ///
    /// # Errors
    /// A [`BoundError`] with [`over_memory`](BoundError::over_memory)
    /// where the placement tables and the walk pass the budget's cap, with
    /// a [`table`](BoundError::table) error where the walk is
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
                return Err(BoundError::memory(needed, allowed));
            }
        }
        let orbit = &def.orbits()[self.plan.group.orbit].name;
        let name = format!(
            "twisty census {} {orbit} by {} symmetries",
            def.name(),
            self.plan.kept.len()
        );
        if self.plan.rest.is_empty() {
            let (sym, _unsaved) = SymGroup::new_cached(
                self.plan.group.clone(),
                &self.plan.symmetries,
                self.plan.kept.clone(),
                cache,
                &name,
            );
            let layout = crate::tables::group::moved(def, moves);
            let space = SymSpace::new(&sym, moves, &layout, def.solved().as_slice());
            let space = Named::new(&space, name);
            return walk(
                &Weighed::new(&space, &sym, self.plan.group.turns),
                budget,
                progress,
            );
        }
        let (index, _unsaved) = self
            .plan
            .index(def, moves, cache, &name, self.tabled)
            .ok_or(BoundError::unindexed(
                "its indices pass 2^64, or solved is not numbered",
            ))?;
        let space = Named::new(&index, name);
        walk(
            &Weighed::new(&space, index.lead(), index.per_class()),
            budget,
            progress,
        )
    }
}

/// The census's walk: the two-bit search over the indices with no table
/// (one key), each layer the sum of its indices' weights, as the build
/// reports each distance settled.
fn walk<A: Abstraction>(
    space: &A,
    budget: &Budget,
    progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
) -> Result<Vec<u64>, BoundError> {
    let layers = std::sync::Mutex::new(Vec::new());
    let hook = |p: BuildProgress| {
        if p.finished {
            if let Ok(mut l) = layers.lock() {
                l.push(p.weight);
            }
        }
        if let Some(progress) = progress {
            progress(p);
        }
    };
    PatternDb::build_within(space, budget, Some(&hook)).map_err(BoundError::from)?;
    let mut layers = layers.into_inner().unwrap_or_default();
    while layers.last() == Some(&0) {
        layers.pop();
    }
    Ok(layers)
}

/// An index space seen by the census: no table (one key: the two bits an
/// index are all it holds), each index weighed by its lead class's size
/// (the positions it stands for: `per_class` indices a class, in order).
struct Weighed<'a, A> {
    space: &'a A,
    class_size: Vec<u64>,
    per_class: u64,
}

impl<'a, A: Abstraction> Weighed<'a, A> {
    fn new(space: &'a A, sym: &SymGroup, per_class: u64) -> Self {
        let mut class_size = vec![0u64; sym.classes() as usize];
        for p in 0..sym.group.perms {
            class_size[(sym.class_of(p) >> 6) as usize] += 1;
        }
        Weighed {
            space,
            class_size,
            per_class,
        }
    }
}

impl<A: Abstraction> Abstraction for Weighed<'_, A> {
    fn name(&self) -> String {
        self.space.name()
    }

    fn size(&self) -> u64 {
        self.space.size()
    }

    fn goals(&self, out: &mut Vec<u64>) {
        self.space.goals(out);
    }

    #[inline]
    fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>) {
        self.space.neighbours(rank, out);
    }

    fn key_size(&self) -> u64 {
        1
    }

    fn key(&self, _: u64) -> u64 {
        0
    }

    fn every_move_costs(&self) -> bool {
        self.space.every_move_costs()
    }

    #[inline]
    fn weight(&self, rank: u64) -> u64 {
        self.class_size[(rank / self.per_class) as usize]
    }
}

#[cfg(test)]
mod tests {
    use puzzle_search_core::{Solver, Strategy};

    use super::*;
    use crate::model::definition::Definition;
    use crate::model::moves::Moves;
    use crate::tables::coords::Coordinates;

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

    use crate::tables::class_space::tests::TWO;

    /// Two moving orbits: the lead's classes times the other's
    /// coordinates, equal to the census by coordinates.
    #[test]
    fn two_orbits_equal_the_census_by_coordinates() {
        for text in [
            TWO.to_string(),
            TWO.replace("Move x\nP\n3 4 5 6 1 2\nQ\n2 3 1\nEnd\n", ""),
        ] {
            let def = Definition::parse(&text).expect("parses");
            let puzzle = Twisty::new(def.clone(), Moves::all(&def).expect("moves"));
            let mut plan = ClassCensus::new(&puzzle).expect("a plan");
            assert_eq!(plan.plan.rest.len(), 1);
            let want = plain(&puzzle);
            assert_eq!(by_class(&puzzle), want, "{text}");
            // The other orbit moved piece by piece, not by its tables.
            plan.tabled = 0;
            let layers = plan.run(&puzzle, &Budget::default(), None, None);
            assert_eq!(layers.expect("a census"), want, "{text}");
        }
    }

    /// An orbit whose labels copy another's rides on it (only its turns
    /// a digit): equal to the census by coordinates, by tables and piece
    /// by piece.
    #[test]
    fn a_rider_equals_the_census_by_coordinates() {
        let def = Definition::parse(crate::tables::class_space::tests::THREE).expect("parses");
        let puzzle = Twisty::new(def.clone(), Moves::all(&def).expect("moves"));
        let mut plan = ClassCensus::new(&puzzle).expect("a plan");
        assert_eq!(plan.plan.rest.len(), 1, "Q with R riding on it");
        assert!(plan.symmetries() > 1);
        let want = plain(&puzzle);
        assert_eq!(by_class(&puzzle), want);
        plan.tabled = 0;
        let layers = plan.run(&puzzle, &Budget::default(), None, None);
        assert_eq!(layers.expect("a census"), want);
    }

    #[test]
    fn no_plan_where_an_orbit_has_no_coordinates() {
        let cube = Definition::builtin("3x3x3")
            .expect("built in")
            .expect("parses");
        let puzzle = Twisty::new(cube.clone(), Moves::all(&cube).expect("moves"));
        assert!(ClassCensus::new(&puzzle).is_none());
    }
}
