//! The failure memo: a bounded transposition table of learned lower bounds.
//!
//! # Design rationale
//! An entry `(state, tag) -> lb` records a fact learned by an exhausted
//! search: no goal is reachable from `state` in fewer than `lb` moves
//! (`tag = AT_MOST`), or none in exactly `tag` moves (exact mode). Facts
//! stay true, so pruning by them never changes an answer; when the table is
//! full it is cleared, which only forgets facts. That is why searches give
//! identical answers with the memo on or off, single- or multi-threaded.

use std::hash::{BuildHasher, Hash};
use std::sync::Mutex;

use hashbrown::DefaultHashBuilder;
use hashbrown::HashTable;

/// The tag of entries that hold a lower bound (at-most and IDA* searches).
pub(crate) const AT_MOST: u32 = u32::MAX;

/// One table; used alone by a sequential search, as a shard by a parallel one.
pub(crate) struct Table<S> {
    entries: HashTable<(S, u32, u32)>,
    capacity: usize,
}

impl<S: Eq + Hash> Table<S> {
    fn new(capacity: usize) -> Self {
        Self {
            entries: HashTable::new(),
            capacity: capacity.max(1),
        }
    }

    fn get(&self, hash: u64, state: &S, tag: u32) -> Option<u32> {
        self.entries
            .find(hash, |(s, t, _)| *t == tag && s == state)
            .map(|e| e.2)
    }

    fn raise(&mut self, hasher: &DefaultHashBuilder, hash: u64, state: &S, tag: u32, lb: u32)
    where
        S: Clone,
    {
        if let Some(e) = self
            .entries
            .find_mut(hash, |(s, t, _)| *t == tag && s == state)
        {
            e.2 = e.2.max(lb);
            return;
        }
        if self.entries.len() >= self.capacity {
            self.entries.clear();
        }
        self.entries
            .insert_unique(hash, (state.clone(), tag, lb), |(s, t, _)| {
                hasher.hash_one((s, *t))
            });
    }
}

/// A table shared by the threads of a parallel search, split into shards
/// behind their own locks.
pub(crate) struct SharedMemo<S> {
    hasher: DefaultHashBuilder,
    shards: Vec<Mutex<Table<S>>>,
}

const SHARDS: usize = 64;

impl<S: Clone + Eq + Hash> SharedMemo<S> {
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    pub(crate) fn new(capacity: usize) -> Self {
        let per = capacity.div_ceil(SHARDS);
        Self {
            hasher: DefaultHashBuilder::default(),
            shards: (0..SHARDS).map(|_| Mutex::new(Table::new(per))).collect(),
        }
    }

    fn shard(&self, hash: u64) -> std::sync::MutexGuard<'_, Table<S>> {
        let i = (hash >> 58) as usize % SHARDS;
        self.shards[i]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The memo as an engine sees it.
pub(crate) enum Memo<'a, S> {
    /// No memo.
    Off,
    /// A private table.
    Local(DefaultHashBuilder, Table<S>),
    /// A table shared between threads.
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    Shared(&'a SharedMemo<S>),
}

impl<S: Clone + Eq + Hash> Memo<'_, S> {
    /// A private table of `capacity` entries, or none for 0.
    pub(crate) fn local(capacity: usize) -> Self {
        if capacity == 0 {
            Memo::Off
        } else {
            Memo::Local(DefaultHashBuilder::default(), Table::new(capacity))
        }
    }

    /// The bound stored for `(state, tag)`.
    #[inline]
    pub(crate) fn get(&self, state: &S, tag: u32) -> Option<u32> {
        match self {
            Memo::Off => None,
            Memo::Local(h, t) => t.get(h.hash_one((state, tag)), state, tag),
            Memo::Shared(m) => {
                let hash = m.hasher.hash_one((state, tag));
                m.shard(hash).get(hash, state, tag)
            }
        }
    }

    /// Records that `(state, tag)` needs at least `lb` moves.
    #[inline]
    pub(crate) fn raise(&mut self, state: &S, tag: u32, lb: u32) {
        match self {
            Memo::Off => {}
            Memo::Local(h, t) => t.raise(h, h.hash_one((state, tag)), state, tag, lb),
            Memo::Shared(m) => {
                let hash = m.hasher.hash_one((state, tag));
                m.shard(hash).raise(&m.hasher, hash, state, tag, lb);
            }
        }
    }
}
