//! The census by sorted layers of ranks
//! ([`Solver::census_sorted`](crate::Solver::census_sorted)): for spaces
//! whose ranks are too many for a bit array but whose reachable states
//! are few enough to list. Each layer is a sorted array of ranks (eight
//! bytes a state, where a hash set of states takes about 58 on a twisty
//! puzzle); a layer's children are generated a block of parents at a
//! time on every thread, each thread's sorted and deduplicated, those in
//! the layers kept dropped by binary search, and the survivors gathered,
//! sorted and deduplicated into the next layer.
//!
//! # Why the counts are exact
//! Layer `d + 1` is every child of layer `d` that is in no earlier layer.
//! Where every move is undone by a move ([`Ranked::reversible`]), a child
//! of a state at distance `d` lies at distance `d - 1`, `d` or `d + 1`
//! (the move back bounds its distance from below), so only the last two
//! layers need be kept to drop the old ones: the layers are the
//! breadth-first search's. Otherwise every layer is kept and searched.
//!
//! # Memory
//! The layers kept (two, or all) and the next one being gathered, eight
//! bytes a rank, with the gathered run sorted and deduplicated whenever
//! it doubles (so duplicates from different blocks never pile up past
//! the layer's size); plus a block's children per thread. The budget's
//! `max_states` caps the states held at once (the kept layers' and the
//! gathered one's), its memory (the `max_memory` cap, else half of what
//! the process may use) the eight-byte words ([`Limit::States`] either
//! way), counted before each block: the kept layers' and the gathered
//! layer's capacities, and twice the gathered ranks (the unsorted tail
//! split off and the sort's and merge's scratch).

use crate::budget::{Budget, Limit};
use crate::census::{Census, report};
use crate::meter::{Ctx, Meter};
use crate::progress::Hook;
use crate::puzzle::ParallelPuzzle;
use crate::ranked::Ranked;
use crate::stats::Stats;

/// Parents a block holds: their children are gathered on every thread,
/// then merged into the next layer (small in tests, so that they cross
/// many blocks and compactions).
const BLOCK: usize = if cfg!(test) { 64 } else { 1 << 16 };

/// Parents a thread takes at once within a block.
#[cfg(feature = "parallel")]
const PER_TASK: usize = if cfg!(test) { 8 } else { 1 << 11 };

/// The census of the states reachable from `start` by sorted layers of
/// ranks (module docs).
pub(crate) fn by_sorted_ranks<P: Ranked + ParallelPuzzle>(
    puzzle: &P,
    start: &P::State,
    ctx: &Ctx<'_>,
    progress: Option<&Hook>,
) -> Census {
    let mut meter = Meter::new(ctx);
    let mut stats = Stats::default();
    // States held (the layers kept and the one gathered) against
    // `max_states`; words (with capacities and the sort's scratch)
    // against the memory.
    let max_states = ctx.budget.states_set().unwrap_or(usize::MAX).max(1);
    let max_words = ctx
        .budget
        .memory_for_states()
        .map_or(Budget::DEFAULT_MAX_STATES, |b| {
            usize::try_from(b / 8).unwrap_or(usize::MAX)
        })
        .max(1);
    // Said up front: ranks past what the caps hold (the reachable states
    // may be fewer, so the census may still finish).
    let ranks = puzzle.space_size();
    let holds = max_states.min(max_words / 3);
    let note = (ranks > holds as u64).then(|| {
        format!(
            "the space has {ranks} ranks and the cap holds about {holds} states (max_states, or the memory at 24 bytes a state): the census may stop before its end"
        )
    });
    let reversible = puzzle.reversible();
    // The bits a rank takes: the radix sort's passes.
    let bits = 64 - puzzle.space_size().saturating_sub(1).leading_zeros();
    // The layers kept to drop old children: the last two where moves are
    // reversible, else all; the newest last.
    let mut kept: Vec<Vec<u64>> = vec![vec![puzzle.rank(start)]];
    let mut layers = vec![1u64];
    report(progress, ctx, 0, 1, 0);
    let mut stopped = None;
    let mut held = 1usize;
    'layers: while let Some(current) = kept.last() {
        let mut next: Vec<u64> = Vec::new();
        let mut compacted = 0usize;
        let mut scratch: Vec<u64> = Vec::new();
        for block in current.chunks(BLOCK) {
            if let Err(stop) = meter.count_and_check(block.len() as u64) {
                stopped = Some(stop.limit());
                break 'layers;
            }
            let (found, generated) = gather(puzzle, block);
            stats.expanded += block.len() as u64;
            stats.generated += generated;
            next.extend_from_slice(&found);
            // Repeats and old states kept in check: sorted, deduplicated
            // and merged against the layers kept each time the run
            // doubles (linear merges, amortised over the doubling).
            if next.len() > 2 * compacted + BLOCK {
                compact(&mut next, compacted, &kept, bits, &mut scratch);
                compacted = next.len();
            }
            let words =
                kept.iter().map(Vec::capacity).sum::<usize>() + next.capacity() + 2 * next.len();
            held = held.max(words);
            let states = kept.iter().map(Vec::len).sum::<usize>() + next.len();
            if words > max_words || states > max_states {
                stopped = Some(Limit::States);
                break 'layers;
            }
        }
        compact(&mut next, compacted, &kept, bits, &mut scratch);
        if next.is_empty() {
            break;
        }
        layers.push(next.len() as u64);
        stats.peak_frontier = stats.peak_frontier.max(next.len() as u64);
        report(
            progress,
            ctx,
            layers.len() - 1,
            next.len() as u64,
            meter.flush(),
        );
        next.shrink_to_fit();
        kept.push(next);
        if reversible && kept.len() > 2 {
            kept.remove(0);
        }
    }
    meter.flush();
    // Every child not counted in a layer was a duplicate.
    stats.duplicates = stats
        .generated
        .saturating_sub(layers.iter().sum::<u64>().saturating_sub(1));
    // The most words held (see the module docs), not states.
    stats.peak_visited = held as u64;
    stats.elapsed = ctx.start.elapsed();
    let mut census = Census::new(layers, stopped, stats);
    census.notes.extend(note);
    census
}

/// The children of `parents` (each thread a part of them; sorted later,
/// by [`compact`]), and how many there were.
fn gather<P: Ranked + ParallelPuzzle>(puzzle: &P, parents: &[u64]) -> (Vec<u64>, u64) {
    let part = |parents: &[u64]| {
        let mut children = Vec::with_capacity(parents.len() * 8);
        for &r in parents {
            puzzle.successor_ranks(r, &mut |c| children.push(c));
        }
        let generated = children.len() as u64;
        (children, generated)
    };
    #[cfg(feature = "parallel")]
    if crate::threads::many() && parents.len() > PER_TASK {
        use rayon::prelude::*;
        let parts: Vec<(Vec<u64>, u64)> = parents.par_chunks(PER_TASK).map(part).collect();
        let generated = parts.iter().map(|p| p.1).sum();
        let mut found = Vec::with_capacity(parts.iter().map(|p| p.0.len()).sum());
        for (p, _) in parts {
            found.extend_from_slice(&p);
        }
        return (found, generated);
    }
    part(parents)
}

/// Makes `next` sorted, without repeats and without the ranks any layer
/// of `kept` holds, where its first `done` ranks already are: the rest
/// radix-sorted (`bits` a rank) and deduplicated, the layers dropped from
/// it by merges, then the two sorted runs merged.
fn compact(next: &mut Vec<u64>, done: usize, kept: &[Vec<u64>], bits: u32, scratch: &mut Vec<u64>) {
    let mut tail = next.split_off(done);
    radix_sort(&mut tail, bits, scratch);
    tail.dedup();
    for layer in kept {
        drop_in(&mut tail, layer);
    }
    if next.is_empty() {
        *next = tail;
        return;
    }
    // Merge the sorted prefix and tail (no rank in both is kept twice).
    scratch.clear();
    scratch.reserve(next.len() + tail.len());
    let (mut i, mut j) = (0, 0);
    while i < next.len() && j < tail.len() {
        let (a, b) = (next[i], tail[j]);
        scratch.push(a.min(b));
        i += usize::from(a <= b);
        j += usize::from(b <= a);
    }
    scratch.extend_from_slice(&next[i..]);
    scratch.extend_from_slice(&tail[j..]);
    std::mem::swap(next, scratch);
    scratch.clear();
}

/// Sorts `v` (ranks of `bits` bits) by least significant digit first,
/// eleven bits a pass, through `scratch`.
fn radix_sort(v: &mut Vec<u64>, bits: u32, scratch: &mut Vec<u64>) {
    const DIGIT: u32 = 11;
    if v.len() < 256 {
        v.sort_unstable();
        return;
    }
    scratch.clear();
    scratch.resize(v.len(), 0);
    let mut shift = 0;
    while shift < bits.max(1) {
        let mut counts = [0usize; 1 << DIGIT];
        for &x in v.iter() {
            counts[((x >> shift) & ((1 << DIGIT) - 1)) as usize] += 1;
        }
        let mut at = 0;
        for c in counts.iter_mut() {
            let n = *c;
            *c = at;
            at += n;
        }
        for &x in v.iter() {
            let d = ((x >> shift) & ((1 << DIGIT) - 1)) as usize;
            scratch[counts[d]] = x;
            counts[d] += 1;
        }
        std::mem::swap(v, scratch);
        shift += DIGIT;
    }
    scratch.clear();
}

/// Removes from `sorted` (sorted, no repeats) the ranks in `layer`
/// (sorted): one pass over `sorted`, each rank found in `layer` by
/// galloping from the last one's place (doubling steps, then a binary
/// search), so that a short run costs little against a long layer.
fn drop_in(sorted: &mut Vec<u64>, layer: &[u64]) {
    let mut at = 0usize;
    sorted.retain(|&r| {
        if at < layer.len() && layer[at] < r {
            let mut step = 1;
            while at + step < layer.len() && layer[at + step] < r {
                at += step;
                step *= 2;
            }
            // layer[at] < r <= layer[at + step] (or past the end).
            let end = (at + step + 1).min(layer.len());
            at += layer[at..end].partition_point(|&x| x < r);
        }
        !(at < layer.len() && layer[at] == r)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use crate::puzzle::Puzzle;

    /// Bit strings of 16 bits, a move flipping any one, ranked in a space
    /// of 2^40 (the string shifted up 24 bits): binomial layers.
    struct Hypercube;

    impl Puzzle for Hypercube {
        type State = u64;
        type Move = u8;
        fn successors(&self, s: &u64, out: &mut Vec<(u8, u64)>) {
            out.extend((0..16).map(|b| (b as u8, s ^ 1 << (24 + b))));
        }
        fn is_goal(&self, _: &u64) -> bool {
            false
        }
    }

    impl Ranked for Hypercube {
        fn space_size(&self) -> u64 {
            1 << 40
        }
        fn rank(&self, s: &u64) -> u64 {
            *s
        }
        fn unrank(&self, r: u64) -> u64 {
            r
        }
        fn reversible(&self) -> bool {
            true
        }
    }

    /// `x -> x + 1` and `x -> 3x` modulo a prime: moves not undone by
    /// moves, so every layer is kept.
    struct Affine;

    const P: u64 = 100_003;

    impl Puzzle for Affine {
        type State = u64;
        type Move = u8;
        fn successors(&self, s: &u64, out: &mut Vec<(u8, u64)>) {
            out.push((0, (s + 1) % P));
            out.push((1, s * 3 % P));
        }
        fn is_goal(&self, _: &u64) -> bool {
            false
        }
    }

    impl Ranked for Affine {
        fn space_size(&self) -> u64 {
            P
        }
        fn rank(&self, s: &u64) -> u64 {
            *s
        }
        fn unrank(&self, r: u64) -> u64 {
            r
        }
    }

    /// Equal to the hash census, over many blocks and compactions (64
    /// parents a block in tests), on one thread and on a pool.
    #[test]
    fn sorted_layers_equal_the_hash_census() {
        // A node cap, so that a wrong drop (layers that never end) fails
        // instead of running on.
        let budget = Budget::default().max_nodes(5_000_000);
        let ctx = Ctx::new(&budget, None);
        let cube = by_sorted_ranks(&Hypercube, &0, &ctx, None);
        let binomial: Vec<u64> = (0..=16u64)
            .map(|k| (0..k).fold(1u64, |c, i| c * (16 - i) / (i + 1)))
            .collect();
        assert_eq!(cube.layers, binomial);
        assert_eq!(cube.stopped, None);
        assert_eq!(cube.stats.generated, 16 * 65_536);
        let affine = by_sorted_ranks(&Affine, &7, &ctx, None);
        assert_eq!(affine.stopped, None);
        let hash = crate::census::by_hash(&Affine, &7, &ctx, None);
        assert_eq!(affine.layers, hash.layers);
        assert_eq!(affine.layers.iter().sum::<u64>(), P);
        #[cfg(feature = "parallel")]
        {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(2)
                .build()
                .expect("pool");
            let both = pool.install(|| {
                (
                    by_sorted_ranks(&Hypercube, &0, &ctx, None),
                    by_sorted_ranks(&Affine, &7, &ctx, None),
                )
            });
            assert_eq!(both.0.layers, binomial);
            assert_eq!(both.1.layers, hash.layers);
        }
    }

    /// The cap on ranks held stops the census after its last complete
    /// layer, said as `States`.
    #[test]
    fn the_state_cap_stops_after_complete_layers() {
        let budget = Budget::default().max_states(20_000);
        let ctx = Ctx::new(&budget, None);
        let census = by_sorted_ranks(&Hypercube, &0, &ctx, None);
        assert_eq!(census.stopped, Some(Limit::States));
        assert!(!census.layers.is_empty() && census.layers.len() < 17);
        let full = [1u64, 16, 120, 560, 1820, 4368, 8008, 11440, 12870];
        assert_eq!(census.layers, full[..census.layers.len()]);
    }

    #[test]
    fn dropping_keeps_what_the_layer_lacks() {
        let mut v = vec![1, 3, 5, 7, 9, 11];
        drop_in(&mut v, &[0, 3, 4, 9, 10, 12]);
        assert_eq!(v, [1, 5, 7, 11]);
        // Against a long layer (the gallop's long strides), every case.
        let layer: Vec<u64> = (0..5000).map(|i| 3 * i).collect();
        let mut v: Vec<u64> = (0..16_000).step_by(7).collect();
        let want: Vec<u64> = v
            .iter()
            .copied()
            .filter(|x| x % 3 != 0 || *x >= 15_000)
            .collect();
        drop_in(&mut v, &layer);
        assert_eq!(v, want);
    }

    /// Compaction: a sorted prefix and an unsorted tail with repeats and
    /// old ranks come out sorted, once each, without the old ones; the
    /// radix sort agrees with the library's on every width.
    #[test]
    fn compaction_sorts_merges_and_drops() {
        let mut scratch = Vec::new();
        let mut seed = 99u64;
        for bits in [1u32, 7, 11, 12, 33, 64] {
            let mask = if bits == 64 {
                u64::MAX
            } else {
                (1 << bits) - 1
            };
            let mut v: Vec<u64> = (0..3000)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    (seed >> 7) & mask
                })
                .collect();
            let mut want = v.clone();
            want.sort_unstable();
            radix_sort(&mut v, bits, &mut scratch);
            assert_eq!(v, want, "{bits} bits");
        }
        let mut next = vec![2, 4, 6, 8, 30, 10, 4, 9, 2, 31, 1];
        compact(&mut next, 4, &[vec![1, 30], vec![9]], 6, &mut scratch);
        assert_eq!(next, [2, 4, 6, 8, 10, 31]);
    }
}
