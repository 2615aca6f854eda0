//! [`Ranked`]: a puzzle whose states are numbered one to one, and
//! [`RankedSpace`], such a puzzle seen as a pattern database's
//! [`Abstraction`]: the one trait a table's space is described by.
//!
//! A ranked puzzle is the census's space ([`Solver::census_ranked`](crate::Solver::census_ranked))
//! and, through `RankedSpace`, a table's: a distance table over a whole
//! space (Rotation's mask table) is a [`PatternDb`](crate::pdb::PatternDb)
//! built over `RankedSpace`, by the same build, cache and
//! [`TableSet`](crate::pdb::TableSet) as every other table.

use crate::pdb::Abstraction;
use crate::puzzle::Puzzle;

/// A puzzle whose states are numbered `0..space_size()` one to one (a
/// perfect rank), for the dense census
/// ([`Solver::census_ranked`](crate::Solver::census_ranked)). The space may
/// hold states the start cannot reach; they are simply never counted.
///
/// ```
/// use puzzle_search_core::{Puzzle, Ranked, Solver, Strategy};
/// /// A ring of 10 cells; a token steps left or right.
/// struct Ring;
/// impl Puzzle for Ring {
///     type State = u8;
///     type Move = u8;
///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
///         out.extend([(0, (s + 9) % 10), (1, (s + 1) % 10)]);
///     }
///     fn is_goal(&self, s: &u8) -> bool { *s == 0 }
/// }
/// impl Ranked for Ring {
///     fn space_size(&self) -> u64 { 10 }
///     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
/// }
/// let census = Solver::new(Strategy::bfs()).census_ranked(&Ring, &0);
/// assert_eq!(census.layers, [1, 2, 2, 2, 2, 1]);
/// assert_eq!(census.radius(), Some(5));
/// ```
pub trait Ranked: Puzzle {
    /// The number of ranks: at most 2^32 for the byte-a-rank census;
    /// larger spaces take the two-bit census (a quarter of a byte a rank).
    fn space_size(&self) -> u64;
    /// The rank of `state`, below [`space_size`](Ranked::space_size).
    fn rank(&self, state: &Self::State) -> u64;
    /// The state of rank `rank` (the inverse of [`rank`](Ranked::rank)).
    fn unrank(&self, rank: u64) -> Self::State;

    /// Calls `out` with the rank of each child of the state of rank
    /// `rank` (any order; a child may come more than once). The default
    /// unranks, generates the successors and ranks them; override it where
    /// children's ranks come cheaper (move tables on coordinates). The
    /// dense census of large spaces, which keeps ranks and not states,
    /// calls it once a state.
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Ranked};
    /// struct Ring;
    /// impl Puzzle for Ring {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend([(0, (s + 9) % 10), (1, (s + 1) % 10)]);
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 0 }
    /// }
    /// impl Ranked for Ring {
    ///     fn space_size(&self) -> u64 { 10 }
    ///     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
    ///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
    /// }
    /// let mut children = Vec::new();
    /// Ring.successor_ranks(0, &mut |r| children.push(r));
    /// assert_eq!(children, [9, 1]);
    /// ```
    fn successor_ranks(&self, rank: u64, out: &mut dyn FnMut(u64)) {
        let state = self.unrank(rank);
        let mut children = Vec::new();
        self.successors(&state, &mut children);
        for (_, c) in &children {
            out(self.rank(c));
        }
    }

    /// Whether every move is undone by some move, so that a state's
    /// successors are its predecessors too (a twisty puzzle whose moves
    /// come with their inverses). The two-bit census then settles its
    /// last layers bottom-up where that is less work: each state not
    /// reached looks for a successor in the frontier, instead of every
    /// frontier state listing its children. Same layers either way. The
    /// default, `false`, is always right.
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Ranked};
    /// struct Ring; // a step either way around ten cells
    /// impl Puzzle for Ring {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend([(0, (s + 9) % 10), (1, (s + 1) % 10)]);
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 0 }
    /// }
    /// impl Ranked for Ring {
    ///     fn space_size(&self) -> u64 { 10 }
    ///     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
    ///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
    ///     fn reversible(&self) -> bool { true }
    /// }
    /// assert!(Ring.reversible());
    /// ```
    fn reversible(&self) -> bool {
        false
    }

    /// Whether [`successor_ranks`](Ranked::successor_ranks) is far cheaper
    /// than building states (move tables on coordinates): the census then
    /// takes its two-bit path at every size, ranks only, no frontier of
    /// states (`puzzlerchallenger`'s 2,910,600 coordinate states: 0.14 s
    /// and 5 MB, against 0.95 s and 312 MB on the byte-a-rank path). Same
    /// layers either way. The default, `false`, keeps the byte path for
    /// spaces of at most [`TWO_BIT_RANKS`](crate::TWO_BIT_RANKS).
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Ranked, Solver, Strategy};
    /// struct Ring; // a step either way around ten cells
    /// impl Puzzle for Ring {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend([(0, (s + 9) % 10), (1, (s + 1) % 10)]);
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 0 }
    /// }
    /// impl Ranked for Ring {
    ///     fn space_size(&self) -> u64 { 10 }
    ///     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
    ///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
    ///     fn successor_ranks(&self, r: u64, out: &mut dyn FnMut(u64)) {
    ///         out((r + 9) % 10);
    ///         out((r + 1) % 10);
    ///     }
    ///     fn children_by_rank(&self) -> bool { true }
    /// }
    /// let census = Solver::new(Strategy::bfs()).census_ranked(&Ring, &0);
    /// assert_eq!(census.layers, [1, 2, 2, 2, 2, 1]);
    /// ```
    fn children_by_rank(&self) -> bool {
        false
    }
}

/// A [`Ranked`] puzzle as a pattern database's [`Abstraction`] of itself:
/// ranks are the puzzle's, neighbours its successors (every move costing
/// 1), and the build starts from the ranks of the `seeds`. The table's
/// entry for a rank is then the fewest moves from a seed to that state;
/// where every move is undone by some move (the puzzle's moves come in
/// inverse pairs, as an [`Abstraction`] asks) that is the fewest moves from
/// the state to a seed: a distance-to-goal table.
///
/// ```
/// use puzzle_search_core::{Puzzle, Ranked, RankedSpace};
/// use puzzle_search_core::pdb::PatternDb;
/// /// A ring of 10 cells; a token steps left or right.
/// struct Ring;
/// impl Puzzle for Ring {
///     type State = u8;
///     type Move = u8;
///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
///         out.extend([(0, (s + 9) % 10), (1, (s + 1) % 10)]);
///     }
///     fn is_goal(&self, s: &u8) -> bool { *s == 0 }
/// }
/// impl Ranked for Ring {
///     fn space_size(&self) -> u64 { 10 }
///     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
///     fn reversible(&self) -> bool { true }
/// }
/// let table = PatternDb::build(&RankedSpace::new(&Ring, "ring 10", &[0]), None)?;
/// assert_eq!((0..10).map(|r| table.get(r)).collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5, 4, 3, 2, 1]);
/// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
/// ```
pub struct RankedSpace<'a, P> {
    puzzle: &'a P,
    name: String,
    seeds: Vec<u64>,
    /// One entry a rank (a table), or one for the whole space (the
    /// census, which keeps only the layers' sizes).
    keyed: bool,
}

impl<P> std::fmt::Debug for RankedSpace<'_, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RankedSpace")
            .field("name", &self.name)
            .field("seeds", &self.seeds)
            .finish()
    }
}

impl<'a, P: Ranked> RankedSpace<'a, P> {
    /// `puzzle`'s space under `name` (what a saved table is checked
    /// against: name the puzzle and anything its moves depend on), the
    /// build starting from `seeds`.
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Ranked, RankedSpace};
    /// use puzzle_search_core::pdb::Abstraction;
    /// struct Bits; // two bits; a move flips one
    /// impl Puzzle for Bits {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend((0..2).map(|b| (b, s ^ (1 << b))));
    ///     }
    ///     fn is_goal(&self, s: &u8) -> bool { *s == 0 }
    /// }
    /// impl Ranked for Bits {
    ///     fn space_size(&self) -> u64 { 4 }
    ///     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
    ///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
    /// }
    /// let space = RankedSpace::new(&Bits, "two bits", &[3]);
    /// assert_eq!((space.name().as_str(), space.size()), ("two bits", 4));
    /// let mut goals = Vec::new();
    /// space.goals(&mut goals);
    /// assert_eq!(goals, [3]);
    /// ```
    pub fn new(puzzle: &'a P, name: impl Into<String>, seeds: &[P::State]) -> Self {
        Self {
            puzzle,
            name: name.into(),
            seeds: seeds.iter().map(|s| puzzle.rank(s)).collect(),
            keyed: true,
        }
    }

    /// The space with one key for all ranks: what the census's two-bit
    /// path builds over (it keeps the layers' sizes, not the distances).
    pub(crate) fn unkeyed(puzzle: &'a P, seed: &P::State) -> Self {
        Self {
            keyed: false,
            ..Self::new(puzzle, "census", std::slice::from_ref(seed))
        }
    }
}

impl<P: Ranked + Sync> Abstraction for RankedSpace<'_, P> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn size(&self) -> u64 {
        self.puzzle.space_size()
    }
    fn goals(&self, out: &mut Vec<u64>) {
        out.extend_from_slice(&self.seeds);
    }
    fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>) {
        self.puzzle
            .successor_ranks(rank, &mut |r| out.push((r, true)));
    }
    fn key_size(&self) -> u64 {
        if self.keyed { self.size() } else { 1 }
    }
    fn key(&self, rank: u64) -> u64 {
        if self.keyed { rank } else { 0 }
    }
    fn every_move_costs(&self) -> bool {
        // Bottom-up looks for a predecessor among a state's successors:
        // right only where they are the same.
        self.puzzle.reversible()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::PatternDb;
    use crate::{Solver, Strategy};

    /// `n` states; from `s` a move goes to `s * a + 1` and to `s + b`
    /// (mod `n`): directed, with states no seed reaches for some `a`.
    struct Graph {
        n: u64,
        a: u64,
        b: u64,
        reversible: bool,
    }
    impl Puzzle for Graph {
        type State = u64;
        type Move = u8;
        fn successors(&self, s: &u64, out: &mut Vec<(u8, u64)>) {
            out.push((0, (s * self.a + 1) % self.n));
            out.push((1, (s + self.b) % self.n));
            if self.reversible {
                // With `a == 1`: the inverses of `s + 1` and `s + b`.
                out.push((2, (s + self.n - 1) % self.n));
                out.push((3, (s + self.n - self.b) % self.n));
            }
        }
        fn is_goal(&self, s: &u64) -> bool {
            *s == 0
        }
    }
    impl Ranked for Graph {
        fn space_size(&self) -> u64 {
            self.n
        }
        fn rank(&self, s: &u64) -> u64 {
            *s
        }
        fn unrank(&self, rank: u64) -> u64 {
            rank
        }
        fn reversible(&self) -> bool {
            self.reversible
        }
    }

    /// The table over the space equals the census's distances from the
    /// same start, rank for rank (unreached ranks included), directed or
    /// with inverse pairs (a ring with chords: `a == 1`, and `s - 1`, `s - b`
    /// undo `s + 1`, `s + b`).
    #[test]
    fn a_table_over_a_ranked_space_equals_the_census_distances() {
        let graphs = [
            Graph {
                n: 1000,
                a: 3,
                b: 37,
                reversible: false,
            },
            Graph {
                n: 4096,
                a: 2,
                b: 512,
                reversible: false,
            },
            Graph {
                n: 777,
                a: 1,
                b: 100,
                reversible: true,
            },
        ];
        for g in graphs {
            for start in [0, 5, g.n - 1] {
                let table = PatternDb::build(&RankedSpace::new(&g, "graph", &[start]), None)
                    .expect("small");
                let census = Solver::new(Strategy::bfs())
                    .distances_ranked(&g, &start)
                    .expect("small");
                let from_table: Vec<u8> = (0..g.n).map(|r| table.get(r)).collect();
                assert_eq!(from_table, census.as_bytes(), "n {} start {start}", g.n);
            }
        }
    }
}
