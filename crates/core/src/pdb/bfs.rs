//! The table build's search: a parallel 0-1 breadth-first search from the
//! goals over two bits an abstract state, writing each key's least
//! distance into the table as its first state is settled.
//!
//! # The two bits
//! Each abstract state has a 2-bit code: `0` not reached, `3` settled
//! (its distance known and written), and `1` or `2` in a frontier: at
//! depth `d` the code `1 + d % 2` marks the states of distance `d` still
//! to expand ("current") and `2 - d % 2` the states found at `d + 1`
//! ("next"). When the layer ends no current state is left, so the next
//! ones are the current ones of `d + 1` as they stand: no pass converts
//! them. The states take `size / 4` bytes, the table one byte a key: for
//! the 15-puzzle's 8-tile pattern (4,151,347,200 states, 518,918,400
//! keys) 1.04 GB and 519 MB, where a byte a state and copied frontiers
//! took 10-15 GB.
//!
//! # One layer
//! The states' words are scanned in chunks (in parallel with the
//! `parallel` feature). A current state is claimed by setting its code to
//! settled (`fetch_or` of `3`: whoever turns it settled first owns it),
//! its key's entry written (the first state of a key settled gives the
//! key's least distance: depths are settled in increasing order), and its
//! neighbours looked at:
//! - over a move that costs: a state not reached becomes "next"
//!   (`fetch_or` of the next code onto `0`; codes only grow within a
//!   layer, from `0` to "next" or settled, or from "next" or current to
//!   settled, so the `or` onto a code that changed since it was read gives
//!   "next" or settled, never a wrong code);
//! - over a free move: any state not settled (not reached, "next" or
//!   current) is claimed and expanded at once, at depth `d`, from a stack
//!   of the chunk's own. A "next" state claimed so leaves the next
//!   frontier: its distance is `d`, not `d + 1`.
//!
//! Every state is settled once, at its least distance: by induction on
//! `d`, when layer `d` starts every state of distance below `d` is
//! settled and those of distance `d` reachable by one costly move from
//! distance `d - 1` are current; the layer settles these and, closing
//! over free moves, every state of distance `d` (each is reached from one
//! of them by free moves only, through states of distance `d`).

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::time::Instant;

use super::table::UNSEEN;
use super::{Abstraction, BuildProgress, ErrorKind, PdbError};
use crate::Budget;

/// Code: not reached.
const FRESH: u64 = 0;
/// Code: settled.
const SETTLED: u64 = 3;
/// The low bit of every 2-bit field of a word.
const LOW: u64 = 0x5555_5555_5555_5555;
/// States per word.
const PER_WORD: u64 = 32;
/// Words per chunk of a scan: 32,768 states, the unit of parallel work and
/// of the budget checks; a table of fewer than 64 such chunks takes
/// chunks of a 64th of it (at least [`MIN_CHUNK_WORDS`]), so that a small
/// table's layers are shared among threads too (a cross table of 190,080
/// states was six chunks, one thread's work).
const CHUNK_WORDS: usize = 1024;
/// The least words a chunk holds (2,048 states).
const MIN_CHUNK_WORDS: usize = 64;

/// What a layer found: states settled at its depth, states newly marked
/// "next", and "next" states claimed free (settled at this depth).
#[derive(Clone, Copy, Default)]
struct Counts {
    settled: u64,
    marked: u64,
    unmarked: u64,
    /// The settled states' weights, summed.
    weight: u64,
}

impl Counts {
    fn add(self, o: Self) -> Self {
        Self {
            settled: self.settled + o.settled,
            marked: self.marked + o.marked,
            unmarked: self.unmarked + o.unmarked,
            weight: self.weight + o.weight,
        }
    }
}

/// The bytes [`table`] allocates for `size` states and `keys` keys.
pub(super) fn bytes_needed(size: u64, keys: u64) -> Option<u64> {
    size.div_ceil(PER_WORD).checked_mul(8)?.checked_add(keys)
}

/// Where the search writes what it settles: each key's least distance,
/// told once for every state settled (a key's first state settled is at
/// its least distance: depths are settled in increasing order). Calls
/// come from every thread at once.
pub(super) trait Sink: Sync {
    /// A state of key `key` settled at `depth`.
    fn settle(&self, key: u64, depth: u8);
}

/// The plain table: a byte a key, [`UNSEEN`] until its first state is
/// settled.
struct Bytes(Vec<AtomicU8>);

impl Sink for Bytes {
    #[inline]
    fn settle(&self, key: u64, depth: u8) {
        let entry = &self.0[key as usize];
        // Within a layer every write is `depth`: a plain store.
        if entry.load(Ordering::Relaxed) == UNSEEN {
            entry.store(depth, Ordering::Relaxed);
        }
    }
}

/// Each key's least distance from the goals ([`UNSEEN`] where none
/// reaches), by the 0-1 breadth-first search of the module docs. The
/// `progress` hook hears each layer as it ends and, within a long layer,
/// every 64 chunks.
pub(crate) fn table<A: Abstraction>(
    abstraction: &A,
    budget: &Budget,
    started: Instant,
    progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
) -> Result<Vec<u8>, PdbError> {
    let size = abstraction.size();
    let keys = abstraction.key_size();
    let too_large = PdbError(ErrorKind::TooLarge(size.max(keys)));
    let needed = bytes_needed(size, keys).ok_or(too_large)?;
    if let Some(allowed) = budget.max_memory.filter(|&m| needed > m) {
        return Err(PdbError(ErrorKind::OverBudget { needed, allowed }));
    }
    let key_count = usize::try_from(keys).map_err(|_| too_large)?;
    let no_memory = PdbError(ErrorKind::NoMemory(needed));
    let mut table: Vec<AtomicU8> = Vec::new();
    table.try_reserve_exact(key_count).map_err(|_| no_memory)?;
    table.extend((0..key_count).map(|_| AtomicU8::new(UNSEEN)));
    let table = Bytes(table);
    search(abstraction, &table, budget, started, progress, (0, size))?;
    // `AtomicU8` and `u8` share their layout: this collects in place.
    Ok(table.0.into_iter().map(AtomicU8::into_inner).collect())
}

/// The search of the module docs, each settled state told to `sink`;
/// the states' codes allocated here (`size / 4` bytes) and dropped at
/// the end. `shown` places the search in a longer build for the
/// progress hook: states done before it, and the build's total.
pub(super) fn search<A: Abstraction, S: Sink>(
    abstraction: &A,
    sink: &S,
    budget: &Budget,
    started: Instant,
    progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    shown: (u64, u64),
) -> Result<(), PdbError> {
    let size = abstraction.size();
    let keys = abstraction.key_size();
    let too_large = PdbError(ErrorKind::TooLarge(size.max(keys)));
    let words = usize::try_from(size.div_ceil(PER_WORD)).map_err(|_| too_large)?;
    let no_memory = PdbError(ErrorKind::NoMemory(words as u64 * 8));
    let mut states: Vec<AtomicU64> = Vec::new();
    states.try_reserve_exact(words).map_err(|_| no_memory)?;
    states.extend((0..words).map(|_| AtomicU64::new(0)));
    // The fields past the last state are settled: never scanned or claimed.
    if size % PER_WORD != 0 {
        let used = 2 * (size % PER_WORD);
        states[words - 1] = AtomicU64::new(u64::MAX << used);
    }

    let mut goals = Vec::new();
    abstraction.goals(&mut goals);
    let mut frontier = 0;
    for &g in &goals {
        assert!(g < size, "goal rank {g} out of range (size {size})");
        let (w, s) = field(g);
        if states[w].fetch_or(1 << s, Ordering::Relaxed) >> s & 3 == FRESH {
            frontier += 1;
        }
    }
    let search = Layers {
        abstraction,
        states: &states,
        sink,
        size,
        key_count: keys,
        chunk_words: (words / 64).clamp(MIN_CHUNK_WORDS, CHUNK_WORDS),
    };
    let (before, total) = shown;
    let mut done = 0u64;
    let mut depth = 0u8;

    while frontier > 0 {
        let seen_before = done;
        let hook = |layer: u64, weight: u64| {
            if let Some(hook) = progress {
                hook(BuildProgress {
                    depth,
                    done: before + seen_before + layer,
                    total,
                    layer,
                    finished: false,
                    weight,
                });
            }
        };
        // Bottom-up where the states not reached are fewer than the
        // frontier (every move costing: see `Abstraction::every_move_costs`).
        let fresh = size - done - frontier;
        let bottom_up = abstraction.every_move_costs() && fresh < frontier;
        let counts = search.layer(depth, bottom_up, budget, started, &hook)?;
        done += counts.settled;
        frontier = counts.marked - counts.unmarked;
        if let Some(hook) = progress {
            hook(BuildProgress {
                depth,
                done: before + done,
                total,
                layer: counts.settled,
                finished: true,
                weight: counts.weight,
            });
        }
        if frontier > 0 && depth == UNSEEN - 1 {
            return Err(PdbError(ErrorKind::TooDeep));
        }
        depth += 1;
    }
    Ok(())
}

/// The word and the bit offset of rank `r`'s field.
#[inline(always)]
fn field(r: u64) -> (usize, u32) {
    ((r / PER_WORD) as usize, 2 * (r % PER_WORD) as u32)
}

/// The search's shared state.
struct Layers<'a, A, S> {
    abstraction: &'a A,
    states: &'a [AtomicU64],
    sink: &'a S,
    size: u64,
    key_count: u64,
    /// Words per chunk: [`CHUNK_WORDS`], less for small tables.
    chunk_words: usize,
}

/// A worker's buffers, made once per worker, not per state.
#[derive(Default)]
struct Scratch {
    stack: Vec<u64>,
    out: Vec<(u64, bool)>,
    codes: Vec<u8>,
}

impl<A: Abstraction, S: Sink> Layers<'_, A, S> {
    /// Settles depth `depth`: every current state and, over free moves,
    /// the rest of its distance; marks the next layer.
    fn layer(
        &self,
        depth: u8,
        bottom_up: bool,
        budget: &Budget,
        started: Instant,
        hook: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<Counts, PdbError> {
        if bottom_up {
            // First every state not reached that has a neighbour in the
            // frontier is marked "next" (the frontier's codes do not change
            // in this pass), then the frontier is settled.
            let marked = self.scan(budget, started, &|scratch, c| {
                self.chunk_bottom_up(c, depth, scratch)
            })?;
            let settled = self.scan(budget, started, &|_, c| self.chunk_settle(c, depth))?;
            hook(settled.settled, settled.weight);
            return Ok(marked.add(settled));
        }
        let settled = AtomicU64::new(0);
        let weighed = AtomicU64::new(0);
        let finished_chunks = AtomicU64::new(0);
        self.scan(budget, started, &|scratch, c| {
            let counts = self.chunk(c, depth, scratch);
            let so_far = settled.fetch_add(counts.settled, Ordering::Relaxed) + counts.settled;
            let weight = weighed.fetch_add(counts.weight, Ordering::Relaxed) + counts.weight;
            if finished_chunks.fetch_add(1, Ordering::Relaxed) % 64 == 63 {
                hook(so_far, weight);
            }
            counts
        })
    }

    /// Runs `work` on every chunk (in parallel with the `parallel`
    /// feature), the budget checked before each, and sums the counts.
    fn scan(
        &self,
        budget: &Budget,
        started: Instant,
        work: &(dyn Fn(&mut Scratch, usize) -> Counts + Sync),
    ) -> Result<Counts, PdbError> {
        let chunks = self.states.len().div_ceil(self.chunk_words);
        let stop = AtomicBool::new(false);
        let stopped = std::sync::Mutex::new(None);
        let checked = |scratch: &mut Scratch, c: usize| -> Counts {
            if stop.load(Ordering::Relaxed) {
                return Counts::default();
            }
            if let Some(limit) = budget.exceeded(started) {
                stop.store(true, Ordering::Relaxed);
                if let Ok(mut s) = stopped.lock() {
                    *s = Some(limit);
                }
                return Counts::default();
            }
            work(scratch, c)
        };
        // One chunk (a table of at most `MIN_CHUNK_WORDS` words) runs
        // here: handing it to the pool would only add a wake-up a layer.
        #[cfg(feature = "parallel")]
        let counts = if chunks > 1 && crate::threads::many() {
            use rayon::prelude::*;
            (0..chunks)
                .into_par_iter()
                .with_min_len(4)
                .map_init(Scratch::default, checked)
                .reduce(Counts::default, Counts::add)
        } else {
            let mut scratch = Scratch::default();
            (0..chunks).fold(Counts::default(), |acc, c| {
                acc.add(checked(&mut scratch, c))
            })
        };
        #[cfg(not(feature = "parallel"))]
        let counts = {
            let mut scratch = Scratch::default();
            (0..chunks).fold(Counts::default(), |acc, c| {
                acc.add(checked(&mut scratch, c))
            })
        };
        match stopped.into_inner().ok().flatten() {
            Some(limit) => Err(PdbError(ErrorKind::Stopped(limit))),
            None => Ok(counts),
        }
    }

    /// Bottom-up, chunk `c`: each state not reached with a neighbour of
    /// code "current" (distance `depth`) is marked "next" (distance
    /// `depth + 1`: it was not reached, so it is no nearer, and a move
    /// from the frontier reaches it, moves being reversible and all
    /// costing 1). The neighbours' codes are read until the first hit.
    fn chunk_bottom_up(&self, c: usize, depth: u8, scratch: &mut Scratch) -> Counts {
        let current = 1 + u64::from(depth & 1);
        let next = 2 - u64::from(depth & 1);
        let mut counts = Counts::default();
        let end = ((c + 1) * self.chunk_words).min(self.states.len());
        for w in c * self.chunk_words..end {
            let x = self.states[w].load(Ordering::Relaxed);
            // A field `00` (not reached); those past the last state are
            // settled, never fresh.
            let mut fresh = !(x | x >> 1) & LOW;
            while fresh != 0 {
                let bit = fresh.trailing_zeros();
                fresh &= fresh - 1;
                let rank = w as u64 * PER_WORD + u64::from(bit / 2);
                scratch.out.clear();
                self.abstraction.neighbours(rank, &mut scratch.out);
                let near = scratch.out.iter().any(|&(n, _)| {
                    assert!(n < self.size, "neighbour rank {n} out of range");
                    let (nw, s) = field(n);
                    self.states[nw].load(Ordering::Relaxed) >> s & 3 == current
                });
                if near {
                    // Only this pass writes fresh fields, each its own.
                    self.states[w].fetch_or(next << bit, Ordering::Relaxed);
                    counts.marked += 1;
                }
            }
        }
        counts
    }

    /// Bottom-up, chunk `c`: every state of code "current" settled at
    /// `depth`, its key's entry written.
    fn chunk_settle(&self, c: usize, depth: u8) -> Counts {
        let current = 1 + u64::from(depth & 1);
        let pattern = current * LOW;
        let mut counts = Counts::default();
        let end = ((c + 1) * self.chunk_words).min(self.states.len());
        for w in c * self.chunk_words..end {
            let x = self.states[w].load(Ordering::Relaxed) ^ pattern;
            let mut hits = !(x | x >> 1) & LOW;
            while hits != 0 {
                let bit = hits.trailing_zeros();
                hits &= hits - 1;
                self.states[w].fetch_or(SETTLED << bit, Ordering::Relaxed);
                counts.settled += 1;
                let rank = w as u64 * PER_WORD + u64::from(bit / 2);
                counts.weight += self.abstraction.weight(rank);
                let key = self.abstraction.key(rank);
                assert!(key < self.key_count, "key {key} out of range");
                self.sink.settle(key, depth);
            }
        }
        counts
    }

    /// Scans chunk `c` for current states and settles them, with what free
    /// moves reach from them.
    fn chunk(&self, c: usize, depth: u8, scratch: &mut Scratch) -> Counts {
        let current = 1 + u64::from(depth & 1);
        let pattern = current * LOW;
        let mut counts = Counts::default();
        let end = ((c + 1) * self.chunk_words).min(self.states.len());
        for w in c * self.chunk_words..end {
            let x = self.states[w].load(Ordering::Relaxed) ^ pattern;
            // A field equal to `current` is `00` after the xor.
            let mut hits = !(x | x >> 1) & LOW;
            while hits != 0 {
                let bit = hits.trailing_zeros();
                hits &= hits - 1;
                let old = self.states[w].fetch_or(SETTLED << bit, Ordering::Relaxed) >> bit & 3;
                if old == current {
                    let rank = w as u64 * PER_WORD + u64::from(bit / 2);
                    self.settle(rank, depth, scratch, &mut counts);
                }
            }
        }
        counts
    }

    /// Settles `rank` (claimed) at `depth`, and every state free moves
    /// reach from it that is not settled yet; marks the next layer.
    fn settle(&self, rank: u64, depth: u8, scratch: &mut Scratch, counts: &mut Counts) {
        let next = 2 - u64::from(depth & 1);
        scratch.stack.push(rank);
        while let Some(r) = scratch.stack.pop() {
            counts.settled += 1;
            counts.weight += self.abstraction.weight(r);
            let key = self.abstraction.key(r);
            assert!(key < self.key_count, "key {key} out of range");
            self.sink.settle(key, depth);
            scratch.out.clear();
            self.abstraction.neighbours(r, &mut scratch.out);
            // Every neighbour's code first, in a loop of plain loads that
            // do not wait on one another (most are cache misses in a table
            // of hundreds of MB: this way they overlap), then the atomic
            // writes, whose `lock` would have waited for each miss in turn.
            scratch.codes.clear();
            for &(n, _) in &scratch.out {
                assert!(n < self.size, "neighbour rank {n} out of range");
                let (w, s) = field(n);
                scratch
                    .codes
                    .push((self.states[w].load(Ordering::Relaxed) >> s & 3) as u8);
            }
            for (&(n, costs), &code) in scratch.out.iter().zip(&scratch.codes) {
                let code = u64::from(code);
                let (w, s) = field(n);
                let word = &self.states[w];
                if code == SETTLED {
                    continue;
                }
                if costs {
                    if code == FRESH
                        && word.fetch_or(next << s, Ordering::Relaxed) >> s & 3 == FRESH
                    {
                        counts.marked += 1;
                    }
                } else {
                    let old = word.fetch_or(SETTLED << s, Ordering::Relaxed) >> s & 3;
                    if old != SETTLED {
                        if old == next {
                            counts.unmarked += 1;
                        }
                        scratch.stack.push(n);
                    }
                }
            }
        }
    }
}
