//! Censuses: the states at each distance from a start, by hash or by
//! rank, and a whole space's distances by rank.

use crate::meter::Ctx;
use crate::{Census, Classes, ParallelPuzzle, Puzzle, Ranked, Solver, Symmetry};

impl Solver {
    /// How many states lie at each distance from `start`: a breadth-first
    /// census of everything `start` reaches, through a hash set of the
    /// states seen (any puzzle; the strategy is not used, the budget and
    /// progress hook are: `max_states` caps the states kept, each layer
    /// is reported as [`Phase::Layer`](crate::Phase::Layer) with its size
    /// in [`Progress::layer`](crate::Progress::layer)). For puzzles that
    /// number their states, [`census_ranked`](Self::census_ranked) needs a
    /// byte a state instead.
    ///
    /// With the `parallel` feature and more than one thread, each layer is
    /// expanded on every thread of the solver's pool (blocks of parents
    /// whose children are hashed and looked up in parallel, the new ones
    /// merged in order: the same states in the same order, so the same
    /// layers); [`census_sequential`](Self::census_sequential) takes any
    /// puzzle, on the calling thread.
    ///
    /// ```
    /// use puzzle_search_core::{Solver, Strategy, from_fn};
    /// // The 3x3 torus of a token moving right or down: 9 states.
    /// let torus = from_fn(
    ///     |&(r, c): &(u8, u8), out: &mut Vec<(char, (u8, u8))>| {
    ///         out.extend([('D', ((r + 1) % 3, c)), ('R', (r, (c + 1) % 3))])
    ///     },
    ///     |_: &(u8, u8)| false,
    /// );
    /// let census = Solver::new(Strategy::bfs()).census(&torus, &(0, 0));
    /// assert_eq!(census.layers, [1, 2, 3, 2, 1]);
    /// assert_eq!((census.states(), census.radius()), (9, Some(4)));
    /// ```
    pub fn census<P: ParallelPuzzle>(&self, puzzle: &P, start: &P::State) -> Census {
        if puzzle.layer(start).is_some() {
            return self.census_sequential(puzzle, start);
        }
        #[cfg(feature = "parallel")]
        {
            self.on_pool(|| {
                let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
                let hook = self.options.progress.as_deref();
                if crate::threads::many() {
                    crate::census::by_hash_parallel(puzzle, start, &ctx, hook)
                } else {
                    crate::census::by_hash(puzzle, start, &ctx, hook)
                }
            })
        }
        #[cfg(not(feature = "parallel"))]
        self.census_sequential(puzzle, start)
    }

    /// [`census`](Self::census) on the calling thread, for any puzzle
    /// (its states need not cross threads).
    ///
    /// ```
    /// use std::rc::Rc;
    /// use puzzle_search_core::{Puzzle, Solver, Strategy};
    /// /// States that cannot leave their thread: counted all the same.
    /// struct Walk;
    /// impl Puzzle for Walk {
    ///     type State = Rc<u8>;
    ///     type Move = u8;
    ///     fn successors(&self, s: &Rc<u8>, out: &mut Vec<(u8, Rc<u8>)>) {
    ///         if **s < 3 { out.push((1, Rc::new(**s + 1))) }
    ///     }
    ///     fn is_goal(&self, _: &Rc<u8>) -> bool { false }
    /// }
    /// let census = Solver::new(Strategy::bfs()).census_sequential(&Walk, &Rc::new(0));
    /// assert_eq!(census.layers, [1, 1, 1, 1]);
    /// ```
    pub fn census_sequential<P: Puzzle>(&self, puzzle: &P, start: &P::State) -> Census {
        let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
        let progress = self.options.progress.as_deref();
        if puzzle.layer(start).is_some() {
            return crate::census::by_layers(puzzle, start, &ctx, progress, None).0;
        }
        crate::census::by_hash(puzzle, start, &ctx, progress)
    }

    /// [`census`](Self::census) by symmetry class: the census of
    /// [`Classes`] (one state a class, each child replaced by its class),
    /// with `layers` the states of each layer (its classes' sizes summed)
    /// and [`Census::classes`] the classes. Exact where every symmetry
    /// fixes `start` (a class then lies at one distance: proof in
    /// [`proofs`](crate::proofs), "Symmetry"); `None` where one does not.
    /// A layered puzzle keeps one layer, as in `census`.
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Solver, Strategy, Symmetry};
    /// /// A token on a 3x3 grid moving one cell; the square's 8 symmetries.
    /// struct Grid;
    /// impl Puzzle for Grid {
    ///     type State = (i8, i8);
    ///     type Move = u8;
    ///     fn successors(&self, &(r, c): &(i8, i8), out: &mut Vec<(u8, (i8, i8))>) {
    ///         for (m, (dr, dc)) in [(0, (-1, 0)), (1, (0, -1)), (2, (0, 1)), (3, (1, 0))] {
    ///             let (r2, c2) = (r + dr, c + dc);
    ///             if r2.abs() <= 1 && c2.abs() <= 1 { out.push((m, (r2, c2))) }
    ///         }
    ///     }
    ///     fn is_goal(&self, _: &(i8, i8)) -> bool { false }
    /// }
    /// impl Symmetry for Grid {
    ///     fn symmetries(&self) -> usize { 8 }
    ///     fn image(&self, &(r, c): &(i8, i8), k: usize) -> (i8, i8) {
    ///         let (r, c) = if k & 4 != 0 { (c, r) } else { (r, c) };
    ///         (if k & 2 != 0 { -r } else { r }, if k & 1 != 0 { -c } else { c })
    ///     }
    /// }
    /// let census = Solver::new(Strategy::bfs()).census_classes(&Grid, &(0, 0)).unwrap();
    /// assert_eq!(census.layers, [1, 4, 4]); // the centre, the edges, the corners
    /// assert_eq!(census.classes, Some(vec![1, 1, 1]));
    /// assert!(Solver::new(Strategy::bfs()).census_classes(&Grid, &(0, 1)).is_none());
    /// ```
    pub fn census_classes<P: Symmetry + Sync>(
        &self,
        puzzle: &P,
        start: &P::State,
    ) -> Option<Census> {
        if !puzzle.is_symmetric(start) {
            return None;
        }
        let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
        let progress = self.options.progress.as_deref();
        let classes = Classes::new(puzzle);
        let weigh = |s: &P::State| puzzle.class_size(s);
        let (mut census, states) = if puzzle.layer(start).is_some() {
            crate::census::by_layers(&classes, start, &ctx, progress, Some(&weigh))
        } else {
            crate::census::by_hash_weighed(&classes, start, &ctx, progress, &weigh)
        };
        census.classes = Some(std::mem::replace(&mut census.layers, states));
        Some(census)
    }

    /// [`census`](Self::census) for a [`Ranked`] puzzle: a byte per rank
    /// instead of a hash set, each layer expanded in parallel (with the
    /// `parallel` feature), by the 0-1 breadth-first search that builds
    /// pattern databases. Spaces of more than 2^24 ranks (and any, where
    /// [`Ranked::children_by_rank`]) take the two-bit form of that search:
    /// a quarter of a byte a rank, no frontier lists, children by
    /// [`Ranked::successor_ranks`], no limit of 2^32 ranks.
    /// Budgets are checked between layers (and by the two-bit search
    /// within them), and a space larger than `max_states` ranks is refused
    /// (`stopped` `Some(Limit::States)`). Spaces the dense paths cannot
    /// take (more than 2^32 ranks where the two-bit search lacks memory, or
    /// distances past 254) take the hash path. Same layers as `census`.
    ///
    /// A space of more ranks than the cap holds is refused before it
    /// begins, and [`Census::notes`] says so.
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Ranked, Solver, Strategy};
    /// /// Bit strings of length 4; a move flips one bit.
    /// struct Cube;
    /// impl Puzzle for Cube {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend((0..4).map(|b| (b, s ^ 1 << b)));
    ///     }
    ///     fn is_goal(&self, _: &u8) -> bool { false }
    /// }
    /// impl Ranked for Cube {
    ///     fn space_size(&self) -> u64 { 16 }
    ///     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
    ///     fn unrank(&self, r: u64) -> u8 { r as u8 }
    /// }
    /// let solver = Solver::new(Strategy::bfs());
    /// assert_eq!(solver.census_ranked(&Cube, &0).layers, [1, 4, 6, 4, 1]);
    /// assert_eq!(solver.census(&Cube, &0).layers, [1, 4, 6, 4, 1]);
    /// ```
    pub fn census_ranked<P: Ranked + ParallelPuzzle>(
        &self,
        puzzle: &P,
        start: &P::State,
    ) -> Census {
        let mut census = self.on_pool(|| {
            let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
            let progress = self.options.progress.as_deref();
            if puzzle.space_size() > crate::census::TWO_BIT_RANKS || puzzle.children_by_rank() {
                if let Ok(census) = crate::census::by_two_bits(puzzle, start, &ctx, progress) {
                    return census;
                }
            }
            match crate::census::by_rank(puzzle, start, &ctx, progress) {
                Ok(distances) => distances.census,
                Err(_) => crate::census::by_hash(puzzle, start, &ctx, progress),
            }
        });
        // The dense paths refuse a space past the cap before they begin.
        let (ranks, cap) = (puzzle.space_size(), self.budget.state_cap(1));
        if ranks > cap as u64 && census.layers.is_empty() {
            census.notes.push(format!(
                "the space has {ranks} ranks, more than the cap of {cap} (max_states, or the memory at a byte a rank): refused before it began; census_sorted or census list only the states reached"
            ));
        }
        census
    }

    /// [`census`](Self::census) for a [`Ranked`] puzzle whose ranks are
    /// too many for a bit array but whose reachable states are few enough
    /// to list: each layer a sorted array of ranks (eight bytes a state;
    /// a hash set of twisty states takes about 58), children gathered a
    /// block of parents at a time on every thread (with the `parallel`
    /// feature), sorted, and dropped where an earlier layer has them (the
    /// last two layers kept where [`Ranked::reversible`], else all).
    /// `max_states` caps the states held at once, the memory (the
    /// `max_memory` cap, else half of what the process may use) the
    /// eight-byte words: the layers' arrays and twice the layer being
    /// gathered (its sort's scratch);
    /// `stopped` is `Some(Limit::States)` after the last complete layer.
    /// Other budgets are checked every block. Same layers as `census`.
    ///
    /// Where the space has more ranks than the caps hold, [`Census::notes`]
    /// says so up front (the states reached may be fewer).
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Ranked, Solver, Strategy};
    /// /// Bit strings of length 40 (2^40 ranks); a move flips one of the
    /// /// first five bits.
    /// struct Sparse;
    /// impl Puzzle for Sparse {
    ///     type State = u64;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u64, out: &mut Vec<(u8, u64)>) {
    ///         out.extend((0..5).map(|b| (b, s ^ 1 << b)));
    ///     }
    ///     fn is_goal(&self, _: &u64) -> bool { false }
    /// }
    /// impl Ranked for Sparse {
    ///     fn space_size(&self) -> u64 { 1 << 40 }
    ///     fn rank(&self, s: &u64) -> u64 { *s }
    ///     fn unrank(&self, r: u64) -> u64 { r }
    ///     fn reversible(&self) -> bool { true }
    /// }
    /// let census = Solver::new(Strategy::bfs()).census_sorted(&Sparse, &(1 << 39));
    /// assert_eq!(census.layers, [1, 5, 10, 10, 5, 1]);
    /// ```
    pub fn census_sorted<P: Ranked + ParallelPuzzle>(
        &self,
        puzzle: &P,
        start: &P::State,
    ) -> Census {
        self.on_pool(|| {
            let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
            crate::sorted_layers::by_sorted_ranks(
                puzzle,
                start,
                &ctx,
                self.options.progress.as_deref(),
            )
        })
    }

    /// Each state's distance from `start`, by rank: the dense census of
    /// [`census_ranked`](Self::census_ranked) with the byte a rank it fills
    /// kept (a distance table over a whole space: a pattern database whose
    /// abstraction is a puzzle of its own, Rotation's mask table). Budgets
    /// as there: a stop keeps the complete layers' distances
    /// (`census().stopped` says why), a space over `max_states` ranks is
    /// refused with no bytes.
    ///
    /// # Errors
    /// [`PdbError`](crate::pdb::PdbError) when the space has more than 2^32
    /// ranks, a byte a rank cannot be allocated, or a distance reaches 255
    /// (where `census_ranked` takes the hash path instead).
    ///
    /// ```
    /// use puzzle_search_core::{Puzzle, Ranked, Solver, Strategy};
    /// /// Two bits; a move flips one.
    /// struct Bits;
    /// impl Puzzle for Bits {
    ///     type State = u8;
    ///     type Move = u8;
    ///     fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
    ///         out.extend((0..2).map(|b| (b, s ^ (1 << b))));
    ///     }
    ///     fn is_goal(&self, _: &u8) -> bool { false }
    /// }
    /// impl Ranked for Bits {
    ///     fn space_size(&self) -> u64 { 4 }
    ///     fn rank(&self, s: &u8) -> u64 { u64::from(*s) }
    ///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
    /// }
    /// let distances = Solver::new(Strategy::bfs()).distances_ranked(&Bits, &0)?;
    /// assert_eq!(distances.as_bytes(), [0, 1, 1, 2]);
    /// assert_eq!(distances.census().layers, [1, 2, 1]);
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn distances_ranked<P: Ranked + ParallelPuzzle>(
        &self,
        puzzle: &P,
        start: &P::State,
    ) -> Result<crate::census::Distances, crate::pdb::PdbError> {
        self.on_pool(|| {
            let ctx = Ctx::new(&self.budget, self.options.progress.as_deref());
            crate::census::by_rank(puzzle, start, &ctx, self.options.progress.as_deref())
        })
    }
}
