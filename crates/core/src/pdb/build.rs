//! Building a table: the 0-1 breadth-first search from the goals, in
//! parallel with the `parallel` feature (shared with the core's dense
//! census).

use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Instant;

use super::table::Entries;
use super::{Abstraction, BuildProgress, ErrorKind, PatternDb, PdbError};

/// Marks a state not reached yet while building.
pub(crate) const UNSEEN: u8 = u8::MAX;

impl PatternDb {
    /// Builds the table by 0-1 breadth-first search from the goals. The
    /// `progress` hook, if any, is called after each distance is settled.
    ///
    /// # Errors
    /// [`PdbError`] when the abstraction has more than 2^32 states or keys,
    /// their bytes cannot be allocated, or a distance reaches 255.
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
        let started = Instant::now();
        let size = abstraction.size();
        let keys = abstraction.key_size();
        if size > 1 << 32 || keys > 1 << 32 {
            return Err(PdbError(ErrorKind::TooLarge(size.max(keys))));
        }
        let mut goals = Vec::new();
        abstraction.goals(&mut goals);
        // Frontiers of `u32` ranks (half the memory of `u64`); the
        // abstraction's `u64` neighbours pass through a scratch buffer.
        let goals: Vec<u32> = goals.into_iter().map(|g| g as u32).collect();
        let rank = |&r: &u32| u64::from(r);
        let neighbours = |&r: &u32, wide: &mut Vec<(u64, bool)>, out: &mut Vec<(u32, bool)>| {
            wide.clear();
            abstraction.neighbours(u64::from(r), wide);
            out.extend(wide.iter().map(|&(n, costs)| (n as u32, costs)));
        };
        let (dist, _) = distances(size, goals, &rank, &neighbours, &mut |depth, _, done| {
            if let Some(hook) = progress {
                hook(BuildProgress {
                    depth,
                    done,
                    total: size,
                });
            }
            std::ops::ControlFlow::Continue(())
        })?;
        // One entry per key: the least distance of its states.
        let mut table = Vec::new();
        table
            .try_reserve_exact(keys as usize)
            .map_err(|_| PdbError(ErrorKind::NoMemory(keys)))?;
        table.resize(keys as usize, UNSEEN);
        for (rank, d) in dist.iter().enumerate() {
            let d = d.load(Ordering::Relaxed);
            let k = abstraction.key(rank as u64) as usize;
            table[k] = table[k].min(d);
        }
        let max = table
            .iter()
            .copied()
            .filter(|&d| d != UNSEEN)
            .max()
            .unwrap_or(0);
        let entries = if max < 15 {
            let mut packed = vec![0u8; table.len().div_ceil(2)];
            for (i, &d) in table.iter().enumerate() {
                packed[i / 2] |= d.min(15) << (4 * (i % 2));
            }
            Entries::Nibbles(packed)
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
}

/// The 0-1 breadth-first search of [`PatternDb::build`] (and of the
/// core's dense census): each state's least distance from the goals,
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
        if frontier.len() >= 4096 && rayon::current_num_threads() > 1 {
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
