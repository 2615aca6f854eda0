//! Building a table (the search itself is `bfs`'s), and the byte-a-state
//! 0-1 breadth-first search the core's dense census runs.

use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Instant;

use super::table::{Entries, UNSEEN};
use super::{Abstraction, BuildProgress, ErrorKind, PatternDb, PdbError, bfs};
use crate::Budget;

impl PatternDb {
    /// Builds the table by 0-1 breadth-first search from the goals, with
    /// no limits ([`build_within`](Self::build_within) with the default
    /// [`Budget`]). The `progress` hook, if any, is called as each
    /// distance is settled.
    ///
    /// # Errors
    /// [`PdbError`] when the states' bytes cannot be allocated or a
    /// distance reaches 255.
    ///
    /// # Panics
    /// If a goal's or a neighbour's rank, or a key, is out of range (a
    /// broken `Abstraction`, like a broken move order for `Puzzle`).
    ///
    /// ```
    /// # use puzzle_search_core::pdb::{Abstraction, PatternDb};
    /// // `Ring`: the module example's ring of 12 cells (its lines hidden).
    /// # struct Ring;
    /// # impl Abstraction for Ring {
    /// #     fn name(&self) -> String { "ring 12".into() }
    /// #     fn size(&self) -> u64 { 12 }
    /// #     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    /// #     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
    /// #         out.extend([((r + 1) % 12, true), ((r + 11) % 12, true)]);
    /// #     }
    /// # }
    /// let table = PatternDb::build(&Ring, None)?;
    /// assert_eq!(table.get(6), 6); // the far side of the ring
    /// assert_eq!(table.get(11), 1);
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn build<A: Abstraction>(
        abstraction: &A,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<Self, PdbError> {
        Self::build_within(abstraction, &Budget::default(), progress)
    }

    /// Builds the table under `budget`: its memory cap
    /// ([`Budget::max_memory`]) is checked against
    /// [`bytes_needed`](Self::bytes_needed) before anything is allocated,
    /// and its time limit, deadline and cancel flag every 32,768 states
    /// (nodes and stored states are not counted here). The peak memory is
    /// what `bytes_needed` says: two bits an abstract state and a byte a
    /// key; a table of 4-bit entries is packed in place at the end.
    ///
    /// # Errors
    /// [`PdbError`] when the build would need more bytes than the budget
    /// allows (the message names both), they cannot be allocated, a
    /// distance reaches 255, or a limit stopped it
    /// ([`PdbError::stopped`] says which).
    ///
    /// # Panics
    /// As [`build`](Self::build).
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzle_search_core::{Budget, CancelFlag, Limit};
    /// # use puzzle_search_core::pdb::{Abstraction, PatternDb};
    /// // `Ring`: the module example's ring of 12 cells (its lines hidden).
    /// # struct Ring;
    /// # impl Abstraction for Ring {
    /// #     fn name(&self) -> String { "ring 12".into() }
    /// #     fn size(&self) -> u64 { 12 }
    /// #     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    /// #     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
    /// #         out.extend([((r + 1) % 12, true), ((r + 11) % 12, true)]);
    /// #     }
    /// # }
    /// let flag = CancelFlag::new();
    /// flag.cancel();
    /// let err = PatternDb::build_within(&Ring, &Budget::default().cancel_flag(flag), None)
    ///     .unwrap_err();
    /// assert_eq!(err.stopped(), Some(Limit::Cancelled));
    /// let budget = Budget::default().time_limit(Duration::from_secs(60)).max_memory(1 << 20);
    /// assert_eq!(PatternDb::build_within(&Ring, &budget, None)?.get(6), 6);
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn build_within<A: Abstraction>(
        abstraction: &A,
        budget: &Budget,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<Self, PdbError> {
        let started = Instant::now();
        let keys = abstraction.key_size();
        let mut table = bfs::table(abstraction, budget, started, progress)?;
        let max = largest(&table);
        let entries = if max < 15 {
            // Packed in place: entry `i` goes to byte `i / 2`, never past
            // where it was read.
            for i in 0..table.len().div_ceil(2) {
                let lo = table[2 * i].min(15);
                let hi = table.get(2 * i + 1).map_or(0, |&d| d.min(15));
                table[i] = lo | hi << 4;
            }
            table.truncate(table.len().div_ceil(2));
            table.shrink_to_fit();
            Entries::Nibbles(table)
        } else {
            Entries::Bytes(table)
        };
        Ok(Self {
            name: abstraction.name(),
            len: keys,
            max,
            entries,
            build_time: started.elapsed(),
        })
    }

    /// The bytes [`build_within`](Self::build_within) allocates at its
    /// peak for `abstraction`: two bits an abstract state and a byte a key
    /// (`None` past `u64`).
    ///
    /// ```
    /// # use puzzle_search_core::pdb::{Abstraction, PatternDb};
    /// // `Ring`: the module example's ring of 12 cells (its lines hidden).
    /// # struct Ring;
    /// # impl Abstraction for Ring {
    /// #     fn name(&self) -> String { "ring 12".into() }
    /// #     fn size(&self) -> u64 { 12 }
    /// #     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    /// #     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
    /// #         out.extend([((r + 1) % 12, true), ((r + 11) % 12, true)]);
    /// #     }
    /// # }
    /// // One 64-bit word holds 32 states' codes; 12 keys of a byte.
    /// assert_eq!(PatternDb::bytes_needed(&Ring), Some(8 + 12));
    /// ```
    pub fn bytes_needed<A: Abstraction>(abstraction: &A) -> Option<u64> {
        bfs::bytes_needed(abstraction.size(), abstraction.key_size())
    }
}

/// The largest entry other than [`UNSEEN`] (0 for none), in one pass the
/// compiler vectorises (an entry is replaced by 0 where unseen).
fn largest(table: &[u8]) -> u8 {
    table
        .chunks(4096)
        .map(|c| {
            c.iter()
                .map(|&d| if d == UNSEEN { 0 } else { d })
                .fold(0, u8::max)
        })
        .max()
        .unwrap_or(0)
}

/// The 0-1 breadth-first search of the core's dense census, a byte a
/// state (the table build's is `bfs`'s, two bits a state): each state's least distance from the goals,
/// [`UNSEEN`] where none reaches. After each distance `d` is settled,
/// `on_depth(d, settled, done)` hears how many states have distance `d`
/// and how many have a known distance so far (the next frontier
/// included); `Break` stops the search. Returns the distances and whether
/// the search ran to its end (`false` when `on_depth` stopped it).
///
/// The space: ranks `0..size`, frontier items `T` (a rank for a pattern
/// database; the state itself for a census, so that no state is ever
/// unranked), `rank` of an item, the `goals`, and `neighbours(item,
/// scratch, out)` appending an item's neighbours with whether the move
/// costs; each chunk of a frontier gets one `scratch` (a buffer the caller
/// needs per call, made once per chunk, not per state).
pub(crate) fn distances<T, S, R, F>(
    size: u64,
    goals: Vec<T>,
    rank: &R,
    neighbours: &F,
    on_depth: &mut dyn FnMut(u8, u64, u64) -> std::ops::ControlFlow<()>,
) -> Result<(Vec<AtomicU8>, bool), PdbError>
where
    T: Send + Sync,
    S: Default,
    R: Fn(&T) -> u64 + Sync,
    F: Fn(&T, &mut S, &mut Vec<(T, bool)>) + Sync,
{
    let mut dist: Vec<AtomicU8> = Vec::new();
    dist.try_reserve_exact(size as usize)
        .map_err(|_| PdbError(ErrorKind::NoMemory(size)))?;
    dist.extend((0..size).map(|_| AtomicU8::new(UNSEEN)));
    let mut frontier: Vec<T> = Vec::new();
    for g in goals {
        if dist[rank(&g) as usize].swap(0, Ordering::Relaxed) == UNSEEN {
            frontier.push(g);
        }
    }
    let mut depth = 0u8;
    let mut done = frontier.len() as u64;
    while !frontier.is_empty() {
        // Settle `depth`: expand the frontier; states reached by free
        // moves join it, costly ones make the next frontier.
        let mut settled = frontier.len() as u64;
        let mut next = Vec::new();
        let mut free = false;
        while !frontier.is_empty() {
            let (same, deeper) = expand(rank, neighbours, &dist, &frontier, depth);
            done += same.len() as u64;
            settled += same.len() as u64;
            free |= !same.is_empty();
            next.extend(deeper);
            frontier = same;
        }
        // A state first reached by a costly move and later free at this
        // depth was expanded here: it is not in the next frontier. (Only
        // a free move can do that: without one, nothing to drop.)
        if free {
            next.retain(|n| dist[rank(n) as usize].load(Ordering::Relaxed) > depth);
        }
        done += next.len() as u64;
        if on_depth(depth, settled, done).is_break() {
            return Ok((dist, false));
        }
        frontier = next;
        depth += 1;
        if depth == UNSEEN && !frontier.is_empty() {
            return Err(PdbError(ErrorKind::TooDeep));
        }
    }
    Ok((dist, true))
}

/// Expands `frontier` (states at `depth`): returns the states newly
/// reached at `depth` (free moves) and at `depth + 1`.
fn expand<T, S, R, F>(
    rank: &R,
    neighbours: &F,
    dist: &[AtomicU8],
    frontier: &[T],
    depth: u8,
) -> (Vec<T>, Vec<T>)
where
    T: Send + Sync,
    S: Default,
    R: Fn(&T) -> u64 + Sync,
    F: Fn(&T, &mut S, &mut Vec<(T, bool)>) + Sync,
{
    let work = |chunk: &[T]| {
        let (mut same, mut deeper, mut out) = (Vec::new(), Vec::new(), Vec::new());
        let mut scratch = S::default();
        for s in chunk {
            out.clear();
            neighbours(s, &mut scratch, &mut out);
            for (n, costs) in out.drain(..) {
                let d = if costs { depth + 1 } else { depth };
                let cell = &dist[rank(&n) as usize];
                if d == UNSEEN {
                    // Distance 255 cannot be stored: report the state so
                    // that the caller sees a frontier at 255 and refuses.
                    if cell.load(Ordering::Relaxed) == UNSEEN {
                        deeper.push(n);
                    }
                    continue;
                }
                // Most neighbours are settled already: a plain load spares
                // the locked write (distances only fall, so a load at or
                // below `d`, however stale, stays true).
                if cell.load(Ordering::Relaxed) <= d {
                    continue;
                }
                let old = cell.fetch_min(d, Ordering::Relaxed);
                // Claimed here: unseen, or seen at `depth + 1` and now
                // reached free (then expanded at `depth`, and dropped from
                // the next frontier by the caller).
                if old > d {
                    if costs {
                        if old == UNSEEN {
                            deeper.push(n);
                        }
                    } else {
                        same.push(n);
                    }
                }
            }
        }
        (same, deeper)
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        if frontier.len() >= 4096 && crate::threads::many() {
            let parts: Vec<(Vec<T>, Vec<T>)> = frontier.par_chunks(2048).map(work).collect();
            let mut same = Vec::new();
            let mut deeper = Vec::new();
            for (s, d) in parts {
                same.extend(s);
                deeper.extend(d);
            }
            return (same, deeper);
        }
    }
    work(frontier)
}
