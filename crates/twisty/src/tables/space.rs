//! [`Named`]: a table kind's index as the core's table build sees it
//! ([`Abstraction`]). What differs between the kinds is their
//! [`IndexSpace`] (its size, its goals, an index's neighbours); the name a
//! saved table is checked against and "every move costs one" are written
//! here once.

use puzzle_search_core::pdb::Abstraction;

/// What a table kind's index gives its build.
pub(crate) trait IndexSpace: Sync {
    /// The indices.
    fn size(&self) -> u64;
    /// The solved state's indices.
    fn goals(&self, out: &mut Vec<u64>);
    /// The indices one move from `index` (and, for an index by class,
    /// their equivalents), each costing one.
    fn neighbours(&self, index: u64, out: &mut Vec<(u64, bool)>);
}

/// An [`IndexSpace`] under the name its table is saved and checked by.
pub(crate) struct Named<'a, I> {
    index: &'a I,
    name: String,
}

impl<'a, I: IndexSpace> Named<'a, I> {
    /// `index` named `name` (the puzzle's name, what the table holds, a
    /// digest of the definition and moves).
    pub(crate) fn new(index: &'a I, name: String) -> Self {
        Named { index, name }
    }
}

impl<I: IndexSpace> Abstraction for Named<'_, I> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn size(&self) -> u64 {
        self.index.size()
    }

    fn goals(&self, out: &mut Vec<u64>) {
        self.index.goals(out);
    }

    /// Every move costs one, and the moves are closed under inverse (the
    /// bound's build and the census by class ask for it): distances from
    /// the goal are distances to it, and the last layers may be settled
    /// bottom-up.
    fn every_move_costs(&self) -> bool {
        true
    }

    #[inline]
    fn neighbours(&self, index: u64, out: &mut Vec<(u64, bool)>) {
        self.index.neighbours(index, out);
    }

    /// Each index is its own key (`key` is not overridden): a packed
    /// table is built without a bit a key.
    fn keys_are_ranks(&self) -> bool {
        true
    }
}
