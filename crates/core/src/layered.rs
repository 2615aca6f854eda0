//! Layered puzzles ([`Puzzle::layer`]): breadth first, one layer kept.
//!
//! Where every move goes one layer deeper, every path from the start to a
//! state has the same length (the difference of their layers), so a
//! state's distance is its layer's and no earlier layer can hold a child:
//! the next layer is built from the last one alone, and the last one is
//! then dropped. Each state of a layer carries a tally: nothing for a
//! census, the number of paths into it for the counts (the sum over its
//! parents, each parent's paths once per move into the child, which is
//! every path's last step).
//!
//! The tallies are `u64` in the table; one past `u64::MAX - 1` moves to a
//! side table of `u128` (the slot then holds `u64::MAX`, a mark), so a
//! count of any size is exact while the common case costs eight bytes a
//! state. A `u128` sum saturates at `u128::MAX`, which the counts report
//! as too many.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use hashbrown::hash_table::Entry;

use crate::budget::Limit;
use crate::meter::{Ctx, Meter, SearchHasher};
use crate::puzzle::Puzzle;
use crate::stats::Stats;

/// What each state of a layer carries.
pub(crate) trait Tally: Copy {
    /// The tally of a state reached `ways` times (`ways >= 1`): `Err` when
    /// it does not fit, and the slot holds the mark.
    fn of(ways: u128) -> Result<Self, Self>;
    /// `self + ways`, as [`of`](Self::of).
    fn plus(self, ways: u128) -> Result<Self, Self>;
    /// The count, `None` at the mark (in the side table).
    fn get(self) -> Option<u128>;
}

/// A census's tally: none.
impl Tally for () {
    #[inline]
    fn of(_: u128) -> Result<(), ()> {
        Ok(())
    }
    #[inline]
    fn plus(self, _: u128) -> Result<(), ()> {
        Ok(())
    }
    #[inline]
    fn get(self) -> Option<u128> {
        Some(1)
    }
}

/// Paths into a state, below `u64::MAX` (the mark).
impl Tally for u64 {
    #[inline]
    fn of(ways: u128) -> Result<u64, u64> {
        match u64::try_from(ways) {
            Ok(w) if w < u64::MAX => Ok(w),
            _ => Err(u64::MAX),
        }
    }
    #[inline]
    fn plus(self, ways: u128) -> Result<u64, u64> {
        Self::of(u128::from(self) + ways)
    }
    #[inline]
    fn get(self) -> Option<u128> {
        (self != u64::MAX).then_some(u128::from(self))
    }
}

/// One layer: its states with their tallies, in parts by hash (so that
/// a run of children bound for one part is merged into a table that
/// stays in cache), and the tallies too large for the table.
pub(crate) struct Layer<S, T> {
    parts: Vec<HashTable<(S, T)>>,
    /// `hash >> shift & (parts - 1)`: a child's part (bits below the
    /// seven hashbrown tags with, above those it indexes with).
    shift: u32,
    len: usize,
    wide: HashTable<(S, u128)>,
}

impl<S: Eq + std::hash::Hash + Clone, T: Tally> Layer<S, T> {
    /// An empty layer of `parts` parts (a power of two).
    fn new(parts: usize) -> Self {
        Self {
            parts: (0..parts).map(|_| HashTable::new()).collect(),
            shift: 40,
            len: 0,
            wide: HashTable::new(),
        }
    }

    /// The part of a state of hash `hash`.
    #[inline]
    fn part(&self, hash: u64) -> usize {
        (hash >> self.shift) as usize & (self.parts.len() - 1)
    }

    /// The states of the layer.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Every state with its tally.
    fn entries(&self) -> impl Iterator<Item = &(S, T)> + '_ {
        self.parts.iter().flat_map(|t| t.iter())
    }

    /// Every state with its count.
    pub(crate) fn iter<'a>(
        &'a self,
        hasher: &'a SearchHasher,
    ) -> impl Iterator<Item = (&'a S, u128)> + 'a {
        self.entries()
            .map(move |(s, t)| (s, self.count(hasher, s, *t)))
    }

    /// The count of `s`, whose tally is `t`.
    #[inline]
    fn count(&self, hasher: &SearchHasher, s: &S, t: T) -> u128 {
        t.get().unwrap_or_else(|| {
            self.wide
                .find(hasher.hash_one(s), |e| e.0 == *s)
                .map_or(0, |e| e.1)
        })
    }

    /// Adds `ways` paths into `child` (of hash `hash`); whether it is new.
    #[inline]
    fn add(&mut self, hasher: &SearchHasher, hash: u64, child: S, ways: u128) -> bool {
        let part = self.part(hash);
        let entry = self.parts[part].entry(hash, |e| e.0 == child, |e| hasher.hash_one(&e.0));
        let (spilled, new) = match entry {
            Entry::Occupied(mut slot) => {
                let (s, t) = slot.get_mut();
                match t.get().map(|o| (o, t.plus(ways))) {
                    Some((_, Ok(sum))) => {
                        *t = sum;
                        return false;
                    }
                    // Moves to the side table now.
                    Some((o, Err(mark))) => {
                        *t = mark;
                        (Some((s.clone(), o)), false)
                    }
                    // Already there.
                    None => (Some((s.clone(), 0)), false),
                }
            }
            Entry::Vacant(slot) => {
                self.len += 1;
                match T::of(ways) {
                    Ok(t) => {
                        slot.insert((child, t));
                        return true;
                    }
                    Err(mark) => {
                        slot.insert((child.clone(), mark));
                        (Some((child, 0)), true)
                    }
                }
            }
        };
        if let Some((s, before)) = spilled {
            let wide = self
                .wide
                .entry(hash, |e| e.0 == s, |e| hasher.hash_one(&e.0));
            match wide {
                Entry::Occupied(mut e) => {
                    let w = &mut e.get_mut().1;
                    *w = w.saturating_add(ways);
                }
                Entry::Vacant(e) => {
                    e.insert((s, before.saturating_add(ways)));
                }
            }
        }
        new
    }
}

/// Children held per part before they are merged into its table.
const RUN: usize = 256;

/// The parts of a layer built from one of `len` states: about 32K states
/// a part (a table of a few hundred kB, in cache while a run is merged).
fn parts_for(len: usize) -> usize {
    (len / (1 << 15)).next_power_of_two().clamp(1, 1 << 12)
}

/// How a layered walk ends.
pub(crate) enum Walked {
    /// Every layer was built (or `visit` stopped it).
    Done,
    /// A budget limit: the layers reported so far are complete.
    Stopped(Limit),
}

/// Breadth first from `start`, a layer at a time, keeping one: `visit` is
/// called with each complete layer (its depth and states) and may stop
/// the walk by returning `false`; `keep`, given a child and its depth,
/// decides whether it enters the next layer (every child, for a census;
/// those from which a goal may still be reached, for the counts). The
/// state cap counts the states of the two layers held.
///
/// # Panics
/// Where a child's [`Puzzle::layer`] is not its parent's plus one: the
/// contract of a layered puzzle, whose counts would be wrong.
pub(crate) fn walk<P: Puzzle, T: Tally>(
    puzzle: &P,
    start: &P::State,
    ctx: &Ctx<'_>,
    stats: &mut Stats,
    mut keep: impl FnMut(&P::State, u32) -> bool,
    mut visit: impl FnMut(u32, &Layer<P::State, T>, &mut Meter<'_>) -> bool,
) -> Walked {
    let mut meter = Meter::new(ctx);
    let hasher = &ctx.hasher;
    // An entry of a table at most half full.
    let cap = ctx
        .budget
        .state_cap(2 * std::mem::size_of::<(P::State, T)>() as u64 + 2)
        .max(1);
    let mut layer: Layer<P::State, T> = Layer::new(1);
    layer.add(hasher, hasher.hash_one(start), start.clone(), 1);
    let mut depth = 0u32;
    let mut children = Vec::new();
    // Each part's run of children (hash, state, paths) not yet merged.
    let mut runs: Vec<Vec<(u64, P::State, u128)>> = Vec::new();
    let ended = loop {
        stats.peak_frontier = stats.peak_frontier.max(layer.len() as u64);
        if !visit(depth, &layer, &mut meter) || layer.len() == 0 {
            break Walked::Done;
        }
        let mut next: Layer<P::State, T> = Layer::new(parts_for(layer.len()));
        runs.resize_with(next.parts.len(), Vec::new);
        let mut stop = None;
        // Merges a full run into its part; `Err` past the state cap.
        let merge = |next: &mut Layer<P::State, T>,
                     run: &mut Vec<(u64, P::State, u128)>,
                     stats: &mut Stats,
                     held: usize| {
            for (hash, child, ways) in run.drain(..) {
                if !next.add(hasher, hash, child, ways) {
                    stats.duplicates += 1;
                }
            }
            if held + next.len() > cap {
                return Err(Limit::States);
            }
            Ok(())
        };
        'parents: for (parent, tally) in layer.entries() {
            if let Err(s) = meter.tick() {
                stop = Some(s.limit());
                break;
            }
            let ways = layer.count(hasher, parent, *tally);
            let at = puzzle.layer(parent);
            children.clear();
            puzzle.successors(parent, &mut children);
            stats.expanded += 1;
            stats.generated += children.len() as u64;
            for (_, child) in children.drain(..) {
                let below = puzzle.layer(&child);
                assert!(
                    at.is_some() && below == at.map(|d| d + 1),
                    "Puzzle::layer: a move leads from layer {at:?} to {below:?}; every move of a \
                     layered puzzle must lead one layer deeper"
                );
                if !keep(&child, depth + 1) {
                    continue;
                }
                let hash = hasher.hash_one(&child);
                let run = &mut runs[next.part(hash)];
                run.push((hash, child, ways));
                if run.len() >= RUN {
                    if let Err(limit) = merge(&mut next, run, stats, layer.len()) {
                        stop = Some(limit);
                        break 'parents;
                    }
                }
            }
        }
        for run in &mut runs {
            if stop.is_none() {
                if let Err(limit) = merge(&mut next, run, stats, layer.len()) {
                    stop = Some(limit);
                }
            }
            run.clear();
        }
        stats.peak_visited = stats.peak_visited.max((layer.len() + next.len()) as u64);
        if let Some(limit) = stop {
            break Walked::Stopped(limit);
        }
        layer = next;
        depth += 1;
    };
    meter.flush();
    stats.elapsed = ctx.start.elapsed();
    ended
}
