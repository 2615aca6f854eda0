//! The transposition table: what exhausted searches learned about states.
//!
//! # Design rationale
//! A flat array of buckets of [`WAYS`] slots, our own rather than a
//! general hash map, for three reasons: a bucket is chosen from the low bits
//! of the hash and a shard from the middle bits, so neither fights the
//! other (hashbrown keeps the top bits as its probe tag); the table can
//! *replace* an entry when a bucket is full instead of clearing everything;
//! and its size is bounded in bytes. The array starts small and doubles
//! while it is three-quarters full and the next size fits the byte budget,
//! so a small search pays for a small table.
//!
//! Keys are exact: every entry keeps its whole state, compared on every hit.
//! An entry holds three facts (see `docs/strategies.md` for the proofs):
//! - `depth`, `lb` (shortest-path searches): the state was reached `depth`
//!   moves from the start, and no *shortest* solution that passes it at
//!   `depth` moves or more has fewer than `lb` moves left from it;
//! - `lb` alone (at-most DFS, `depth` = 0): no goal within fewer than `lb`
//!   moves of the state;
//! - `fails` (exact DFS): bit `k` set when no sequence of exactly `k`
//!   moves from the state ends in a goal.
//!
//! Facts stay true, so losing one (an entry replaced) only costs work and
//! answers never depend on the table's size or on thread timing.
//!
//! Replacement keeps the entries that saved the most: each entry remembers
//! the log2 of the nodes its search expanded, and a full bucket gives up
//! the entry with the smallest such count (the deepest one on ties).

use std::hash::Hash;
use std::mem::size_of;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, TryLockError};

/// Slots per bucket.
const WAYS: usize = 4;
/// The first size of a table, in bytes (grown on demand): a shared table
/// has hundreds of shards, and a small search should not pay for them.
const FIRST_BYTES: usize = 4096;

/// What the table knows about one state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Info {
    /// The fewest moves from the start the state was reached in (shortest
    /// searches), or 0.
    pub(crate) depth: u32,
    /// A lower bound on the moves left, valid for visits at `depth` or deeper.
    pub(crate) lb: u32,
    /// Exact-depth failures: bit `k` = no goal in exactly `k` moves.
    pub(crate) fails: u64,
    /// log2 of the nodes the state's search expanded: its value when full.
    pub(crate) work: u8,
}

impl Info {
    /// A fresh entry at `depth`: nothing learned yet.
    pub(crate) const fn new(depth: u32) -> Self {
        Self {
            depth,
            lb: 0,
            fails: 0,
            work: 0,
        }
    }
}

struct Entry<S> {
    hash: u64,
    state: S,
    info: Info,
}

/// One table: a sequential search's own, or one shard of a shared one.
pub(crate) struct Table<S> {
    slots: Vec<Option<Entry<S>>>,
    /// `buckets - 1`; the bucket of a hash is `hash & mask`.
    mask: usize,
    len: usize,
    /// The most slots the byte budget allows.
    max_slots: usize,
}

impl<S: Clone + Eq + Hash> Table<S> {
    /// A table that may grow to about `bytes` bytes (at least one bucket).
    pub(crate) fn new(bytes: usize) -> Self {
        Self::starting_at(bytes, FIRST_BYTES)
    }

    /// A table that starts at about `first` bytes and may grow to `bytes`.
    fn starting_at(bytes: usize, first: usize) -> Self {
        let slot = size_of::<Option<Entry<S>>>().max(1);
        // The largest power-of-two number of buckets within the budget.
        let mut max_buckets = 1usize;
        while max_buckets * 2 * WAYS * slot <= bytes && max_buckets < (1 << 40) {
            max_buckets *= 2;
        }
        let buckets = (first / (WAYS * slot)).next_power_of_two().min(max_buckets);
        Self {
            slots: empty_slots(buckets * WAYS),
            mask: buckets - 1,
            len: 0,
            max_slots: max_buckets * WAYS,
        }
    }

    /// The bytes one slot takes.
    #[cfg(test)]
    pub(crate) fn slot_bytes() -> usize {
        size_of::<Option<Entry<S>>>()
    }

    fn bucket(&self, hash: u64) -> std::ops::Range<usize> {
        let b = (hash as usize) & self.mask;
        b * WAYS..b * WAYS + WAYS
    }

    fn find(&self, hash: u64, state: &S) -> Option<usize> {
        let range = self.bucket(hash);
        let start = range.start;
        self.slots[range]
            .iter()
            .position(|e| {
                e.as_ref()
                    .is_some_and(|e| e.hash == hash && e.state == *state)
            })
            .map(|i| start + i)
    }

    /// What is known about `state`.
    #[inline]
    pub(crate) fn get(&self, hash: u64, state: &S) -> Option<Info> {
        self.find(hash, state)
            .and_then(|i| self.slots[i].as_ref().map(|e| e.info))
    }

    /// Calls `f` on the entry of `state`, made with `fresh` (replacing the
    /// least valuable entry of a full bucket) when there is none.
    #[inline]
    pub(crate) fn update<R>(
        &mut self,
        hash: u64,
        state: &S,
        fresh: Info,
        f: impl FnOnce(&mut Info) -> R,
    ) -> R {
        let i = match self.find(hash, state) {
            Some(i) => i,
            None => self.insert(hash, state, fresh),
        };
        match &mut self.slots[i] {
            Some(e) => f(&mut e.info),
            // `find` and `insert` return filled slots; this arm is never taken.
            None => {
                let mut info = fresh;
                f(&mut info)
            }
        }
    }

    #[cold]
    fn insert(&mut self, hash: u64, state: &S, info: Info) -> usize {
        if self.len * 4 >= self.slots.len() * 3 && self.slots.len() < self.max_slots {
            self.grow();
        }
        let range = self.bucket(hash);
        let victim = match range.clone().find(|&i| self.slots[i].is_none()) {
            Some(i) => {
                self.len += 1;
                i
            }
            // Least work first; among equals the deepest (most specific)
            // entry goes.
            None => {
                let value = |i: usize| {
                    self.slots[i]
                        .as_ref()
                        .map_or((0, 0), |e| (e.info.work, u32::MAX - e.info.depth))
                };
                range.fold(self.bucket(hash).start, |best, i| {
                    if value(i) < value(best) { i } else { best }
                })
            }
        };
        self.slots[victim] = Some(Entry {
            hash,
            state: state.clone(),
            info,
        });
        victim
    }

    fn grow(&mut self) {
        let doubled = empty_slots(self.slots.len() * 2);
        let old = std::mem::replace(&mut self.slots, doubled);
        self.mask = self.slots.len() / WAYS - 1;
        self.len = 0;
        for e in old.into_iter().flatten() {
            let range = self.bucket(e.hash);
            // Doubling splits every bucket in two, so a new bucket never
            // receives more entries than an old one held.
            if let Some(i) = range.clone().find(|&i| self.slots[i].is_none()) {
                self.slots[i] = Some(e);
                self.len += 1;
            }
        }
    }
}

fn empty_slots<S>(n: usize) -> Vec<Option<Entry<S>>> {
    let mut v = Vec::new();
    v.resize_with(n, || None);
    v
}

/// Shards of a table shared by the threads of a parallel search.
const SHARDS: usize = 256;

/// A table shared between threads: shards behind their own locks, the
/// shard chosen by hash bits 32 and up (buckets use the low bits).
pub(crate) struct SharedTable<S> {
    shards: Vec<Shard<S>>,
    /// Look-ups that found their shard locked by another thread (counted
    /// to show whether the locks limit a parallel search).
    waits: AtomicU64,
}

/// A shard on cache lines of its own, so that two threads locking two
/// neighbouring shards do not take the same line from each other.
#[repr(align(128))]
struct Shard<S>(Mutex<Table<S>>);

impl<S: Clone + Eq + Hash> SharedTable<S> {
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    pub(crate) fn new(bytes: usize) -> Self {
        let per = bytes / SHARDS;
        Self {
            shards: (0..SHARDS)
                // One bucket each to start: a small search touches few.
                .map(|_| Shard(Mutex::new(Table::starting_at(per, 0))))
                .collect(),
            waits: AtomicU64::new(0),
        }
    }

    /// How many look-ups so far found their shard locked (and waited).
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    pub(crate) fn waits(&self) -> u64 {
        self.waits.load(Ordering::Relaxed)
    }

    /// The shard of `hash`, locked.
    #[inline]
    pub(crate) fn shard(&self, hash: u64) -> MutexGuard<'_, Table<S>> {
        let i = (hash >> 32) as usize % SHARDS;
        // A panic elsewhere cannot leave an entry half-written: entries are
        // replaced whole. So a poisoned lock is still a sound table. The
        // first try costs what `lock` costs uncontended.
        match self.shards[i].0.try_lock() {
            Ok(table) => table,
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => {
                self.waits.fetch_add(1, Ordering::Relaxed);
                self.shards[i]
                    .0
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
            }
        }
    }
}

/// The table as an engine sees it.
pub(crate) enum Memo<'a, S> {
    /// No table.
    Off,
    /// A private table.
    Local(Table<S>),
    /// A table shared between threads.
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    Shared(&'a SharedTable<S>),
}

impl<S: Clone + Eq + Hash> Memo<'_, S> {
    /// A private table of about `bytes` bytes, or none for 0.
    pub(crate) fn local(bytes: usize) -> Self {
        if bytes == 0 {
            Memo::Off
        } else {
            Memo::Local(Table::new(bytes))
        }
    }

    /// Whether there is a table.
    #[inline]
    pub(crate) fn is_on(&self) -> bool {
        !matches!(self, Memo::Off)
    }

    /// What is known about `state`.
    #[inline]
    pub(crate) fn get(&self, hash: u64, state: &S) -> Option<Info> {
        match self {
            Memo::Off => None,
            Memo::Local(t) => t.get(hash, state),
            Memo::Shared(t) => t.shard(hash).get(hash, state),
        }
    }

    /// Calls `f` on the entry of `state` (made from `fresh` if missing);
    /// `None` without a table.
    #[inline]
    pub(crate) fn update<R>(
        &mut self,
        hash: u64,
        state: &S,
        fresh: Info,
        f: impl FnOnce(&mut Info) -> R,
    ) -> Option<R> {
        match self {
            Memo::Off => None,
            Memo::Local(t) => Some(t.update(hash, state, fresh, f)),
            Memo::Shared(t) => Some(t.shard(hash).update(hash, state, fresh, f)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_within_its_budget_and_replaces_when_full() {
        let bytes = 64 * 1024;
        let mut t: Table<u64> = Table::new(bytes);
        let slot = Table::<u64>::slot_bytes();
        for k in 0..100_000u64 {
            let h = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            t.update(h, &k, Info::new(0), |i| i.lb = 1);
        }
        assert!(t.slots.len() * slot <= bytes, "{} slots", t.slots.len());
        assert!(t.slots.len() * slot * 2 > bytes);
        // Entries with more work survive a flood of cheap ones.
        let mut t: Table<u64> = Table::new(WAYS * slot);
        t.update(0, &7, Info::new(0), |i| i.work = 9);
        for k in 100..200u64 {
            t.update(0, &k, Info::new(0), |_| ());
        }
        assert_eq!(t.get(0, &7).map(|i| i.work), Some(9));
        assert_eq!(t.get(0, &8), None);
    }

    #[test]
    fn a_look_up_that_finds_its_shard_locked_is_counted() {
        let t: SharedTable<u64> = SharedTable::new(1 << 16);
        let hash = 7u64 << 32;
        let held = t.shard(hash);
        std::thread::scope(|s| {
            let other = s.spawn(|| t.shard(hash).get(hash, &1));
            // The other thread waits for the lock until it is dropped.
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
            while t.waits() == 0 {
                assert!(std::time::Instant::now() < deadline, "no wait counted");
                std::thread::yield_now();
            }
            drop(held);
            assert_eq!(other.join().ok(), Some(None));
        });
        assert_eq!(t.waits(), 1);
        // Another shard, or the same one free: no wait.
        drop(t.shard(hash + (1 << 32)));
        drop(t.shard(hash));
        assert_eq!(t.waits(), 1);
    }

    #[test]
    fn keys_are_exact() {
        let mut t: Table<u64> = Table::new(1 << 16);
        t.update(5, &1, Info::new(3), |i| i.lb = 4);
        assert_eq!(t.get(5, &2), None);
        assert_eq!(t.get(5, &1).map(|i| (i.depth, i.lb)), Some((3, 4)));
    }
}
