//! A packed table ([`PatternDb::packed`]'s lines) built without its byte
//! table: two runs of the build's search (`bfs`), the first counting
//! each line's entries, the second writing each key's code. Its peak is
//! the search's two bits a state plus the lines (a little over a quarter
//! byte a key), plus a bit a key where keys are not the states' ranks,
//! where building the table whole and packing it holds a byte a key
//! beside the states: for the 3x3x3's projection of 5,389,227,270 keys,
//! 2.8 GB against 6.8 GB. It costs a second search.
//!
//! **Why the lines are those of the table packed.** A key's least
//! distance is the depth its first state is settled at (depths are
//! settled in increasing order), and each key is counted once: its one
//! state where keys are ranks (each state is settled once), else the
//! first settle to set its bit. So the first search counts, per line,
//! its keys' least distances: the line's least is the depth its first
//! key is settled at, and its bins ([`lines::BINS`]) count the keys at
//! each distance above it, the keys not counted (unreached) in the last
//! bin, as [`Line`]'s own packing counts them; the same counts give the
//! same step ([`lines::step_of`]). The second search settles every state
//! at the same distance (distances do not depend on the threads'
//! order), and writes each key's code from its least distance and the
//! line's step ([`lines::code`]); a key never settled keeps the code of
//! "unreached", a line with no key settled is [`Line::unreached`]. Test:
//! `direct_packing_equals_the_table_packed` (graphs with free moves,
//! many keys a state, unreached keys, a ragged last line).

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::Instant;

use super::bfs::{self, Sink};
use super::lines::{self, BINS, LINE_KEYS, Line};
use super::table::{Entries, UNSEEN as UNREACHED};
use super::{Abstraction, BuildProgress, ErrorKind, PatternDb, PdbError};
use crate::Budget;

/// One line being built, 32 bytes as the line itself: in the first
/// search its bins (bytes 0 to 18, a count each: at most 120) and its
/// least entry plus one (word 3, 0 while none is settled); in the second
/// the line's bytes ([`Line::bytes`]), little-endian, its codes written
/// as keys settle.
#[repr(align(32))]
struct Slot([AtomicU64; 4]);

impl Slot {
    fn empty() -> Slot {
        Slot([0, 0, 0, 0].map(AtomicU64::new))
    }

    /// The slot's 32 bytes.
    fn bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (o, w) in out.chunks_exact_mut(8).zip(&self.0) {
            o.copy_from_slice(&w.load(Ordering::Relaxed).to_le_bytes());
        }
        out
    }

    /// Sets the slot's 32 bytes.
    fn set(&self, bytes: &[u8; 32]) {
        for (w, b) in self.0.iter().zip(bytes.chunks_exact(8)) {
            let mut x = [0u8; 8];
            x.copy_from_slice(b);
            w.store(u64::from_le_bytes(x), Ordering::Relaxed);
        }
    }
}

/// Which keys have been counted: nothing where keys are ranks (each
/// state, so each key, is settled once), else a bit a key.
struct Seen(Option<Vec<AtomicU64>>);

impl Seen {
    /// Whether this is `key`'s first settle (and marks it).
    #[inline]
    fn first(&self, key: u64) -> bool {
        match &self.0 {
            None => true,
            Some(bits) => {
                let bit = 1u64 << (key % 64);
                bits[(key / 64) as usize].fetch_or(bit, Ordering::Relaxed) & bit == 0
            }
        }
    }

    /// Every key unmarked again.
    fn clear(&self) {
        if let Some(bits) = &self.0 {
            for w in bits {
                w.store(0, Ordering::Relaxed);
            }
        }
    }
}

/// The first search's sink: each line's least entry and bins, and the
/// largest entry.
struct Counting<'a> {
    slots: &'a [Slot],
    seen: &'a Seen,
    largest: AtomicU8,
}

impl Sink for Counting<'_> {
    #[inline]
    fn settle(&self, key: u64, depth: u8) {
        if !self.seen.first(key) {
            return;
        }
        // Read first: written about once a layer, never a contended line.
        if depth > self.largest.load(Ordering::Relaxed) {
            self.largest.fetch_max(depth, Ordering::Relaxed);
        }
        let slot = &self.slots[(key / LINE_KEYS) as usize].0;
        // The line's least plus one: set by its first key settled; the
        // others of that layer settle at the same depth, so a lost race
        // reads the same value.
        let mut low = slot[3].load(Ordering::Relaxed);
        if low == 0 {
            let first = u64::from(depth) + 1;
            low = match slot[3].compare_exchange(0, first, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => first,
                Err(now) => now,
            };
        }
        let bin = (u64::from(depth) + 1 - low).min(BINS as u64 - 1) as usize;
        slot[bin / 8].fetch_add(1 << (8 * (bin % 8)), Ordering::Relaxed);
    }
}

/// The second search's sink: each key's code, from the code of
/// "unreached" (3, or 2 where the step is 254) to its distance's.
struct Coding<'a> {
    slots: &'a [Slot],
    seen: &'a Seen,
}

impl Sink for Coding<'_> {
    #[inline]
    fn settle(&self, key: u64, depth: u8) {
        if !self.seen.first(key) {
            return;
        }
        let slot = &self.slots[(key / LINE_KEYS) as usize].0;
        let j = (key % LINE_KEYS) as usize;
        // Byte 1: the step less one (a line with a key settled is reached).
        let b = (slot[0].load(Ordering::Relaxed) >> 8 & 0xff) as u8 + 1;
        // From the unreached code to this distance's: each key is
        // written once, so the `xor` leaves exactly the new code.
        let flip = lines::code(UNREACHED, b) ^ lines::code(depth, b);
        let byte = 2 + j / 4;
        let shift = 8 * (byte % 8) + 2 * (j % 4);
        slot[byte / 8].fetch_xor(u64::from(flip) << shift, Ordering::Relaxed);
    }
}

/// The bytes [`build_packed_within`](PatternDb::build_packed_within)
/// allocates for `size` states and `keys` keys: the search's codes, the
/// lines, and a bit a key where keys are not ranks.
pub(super) fn bytes_needed(size: u64, keys: u64, keys_are_ranks: bool) -> Option<u64> {
    let seen = if keys_are_ranks {
        0
    } else {
        keys.div_ceil(64).checked_mul(8)?
    };
    bfs::bytes_needed(size, 0)?
        .checked_add(keys.div_ceil(LINE_KEYS).checked_mul(32)?)?
        .checked_add(seen)
}

/// Runs `f` on every slot with its index (on every thread where there
/// are several).
fn each_slot(slots: &[Slot], f: impl Fn(usize, &Slot) + Sync) {
    /// Slots a task.
    const TASK: usize = 1 << 12;
    #[cfg(feature = "parallel")]
    if slots.len() > TASK && crate::threads::many() {
        use rayon::prelude::*;
        slots.par_chunks(TASK).enumerate().for_each(|(t, chunk)| {
            for (i, s) in chunk.iter().enumerate() {
                f(t * TASK + i, s);
            }
        });
        return;
    }
    for (i, s) in slots.iter().enumerate() {
        f(i, s);
    }
}

impl PatternDb {
    /// The packed table of `abstraction` ([`build_within`](Self::build_within)
    /// then [`packed`](Self::packed): the same lines), built without the
    /// table's byte a key: two breadth-first searches, the first counting
    /// each line's distances, the second writing each key's code. Its
    /// peak ([`packed_bytes_needed`](Self::packed_bytes_needed)) is the
    /// search's two bits a state, the lines' quarter byte a key and, where
    /// [`keys_are_ranks`](Abstraction::keys_are_ranks) is not said, a bit
    /// a key; it takes about twice the time. The progress hook hears both
    /// searches, the second's states counted after the first's (`total`
    /// twice the states).
    ///
    /// # Errors
    /// As [`build_within`](Self::build_within), the cap checked against
    /// this build's peak.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::{Abstraction, PatternDb};
    /// struct Path;
    /// impl Abstraction for Path {
    ///     fn name(&self) -> String { "path".into() }
    ///     fn size(&self) -> u64 { 200 }
    ///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    ///     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
    ///         out.extend([r.saturating_sub(1), (r + 1).min(199)].map(|n| (n, true)));
    ///     }
    ///     fn every_move_costs(&self) -> bool { true }
    ///     fn keys_are_ranks(&self) -> bool { true }
    /// }
    /// let direct = PatternDb::build_packed_within(&Path, &Budget::default(), None)?;
    /// let whole = PatternDb::build(&Path, None)?.packed();
    /// assert!((0..200).all(|k| direct.get(k) == whole.get(k)));
    /// // 7 words of codes and 2 lines, against 7 words and 200 bytes.
    /// assert_eq!(PatternDb::packed_bytes_needed(&Path), Some(56 + 64));
    /// assert_eq!(PatternDb::bytes_needed(&Path), Some(56 + 200));
    /// // Under a cap below its peak: refused before it starts.
    /// let tight = Budget::default().max_memory(100);
    /// assert!(PatternDb::build_packed_within(&Path, &tight, None).unwrap_err().over_memory().is_some());
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn build_packed_within<A: Abstraction>(
        abstraction: &A,
        budget: &Budget,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<PatternDb, PdbError> {
        let started = Instant::now();
        let (size, keys) = (abstraction.size(), abstraction.key_size());
        let ranks = abstraction.keys_are_ranks();
        let too_large = PdbError(ErrorKind::TooLarge(size.max(keys)));
        let needed = bytes_needed(size, keys, ranks).ok_or(too_large)?;
        if let Some(allowed) = budget.max_memory.filter(|&m| needed > m) {
            return Err(PdbError(ErrorKind::OverBudget { needed, allowed }));
        }
        let no_memory = PdbError(ErrorKind::NoMemory(needed));
        let count = usize::try_from(keys.div_ceil(LINE_KEYS)).map_err(|_| too_large)?;
        let mut slots: Vec<Slot> = Vec::new();
        slots.try_reserve_exact(count).map_err(|_| no_memory)?;
        slots.extend((0..count).map(|_| Slot::empty()));
        let seen = if ranks {
            Seen(None)
        } else {
            let words = usize::try_from(keys.div_ceil(64)).map_err(|_| too_large)?;
            let mut bits: Vec<AtomicU64> = Vec::new();
            bits.try_reserve_exact(words).map_err(|_| no_memory)?;
            bits.extend((0..words).map(|_| AtomicU64::new(0)));
            Seen(Some(bits))
        };
        let total = size.saturating_mul(2);
        let counting = Counting {
            slots: &slots,
            seen: &seen,
            largest: AtomicU8::new(0),
        };
        bfs::search(
            abstraction,
            &counting,
            budget,
            started,
            progress,
            (0, total),
        )?;
        let max = counting.largest.into_inner();
        // Each line's least and step from its counts; every key's code
        // that of "unreached", but past the last key (0, as packing
        // leaves them).
        each_slot(&slots, |i, slot| {
            let len = (keys - i as u64 * LINE_KEYS).min(LINE_KEYS) as usize;
            let low = slot.0[3].load(Ordering::Relaxed);
            let line = if low == 0 {
                Line::unreached()
            } else {
                let low = (low - 1) as u8;
                let b = slot.bytes();
                let mut count = [0u32; BINS];
                for (c, &n) in count.iter_mut().zip(&b[..BINS]) {
                    *c = u32::from(n);
                }
                let counted: u32 = count.iter().sum();
                count[BINS - 1] += len as u32 - counted;
                let b = lines::step_of(low, &count);
                let mut line = Line::head(low, b);
                for j in 0..len {
                    line.set_code(j, lines::code(UNREACHED, b));
                }
                line
            };
            slot.set(&line.bytes());
        });
        seen.clear();
        let coding = Coding {
            slots: &slots,
            seen: &seen,
        };
        bfs::search(
            abstraction,
            &coding,
            budget,
            started,
            progress,
            (size, total),
        )?;
        drop(seen);
        // `Slot` and `Line` share their size and alignment: this collects
        // in place.
        let lines: Vec<Line> = slots
            .into_iter()
            .map(|s| Line::from_bytes(&s.bytes()))
            .collect();
        Ok(PatternDb {
            name: abstraction.name(),
            len: keys,
            max,
            entries: Entries::Lines(lines),
            build_time: started.elapsed(),
        })
    }

    /// The peak bytes of [`build_packed_within`](Self::build_packed_within)
    /// for `abstraction`; `None` where it is too large to count.
    ///
    /// ```
    /// use puzzle_search_core::pdb::{Abstraction, PatternDb};
    /// struct Big;
    /// impl Abstraction for Big {
    ///     fn name(&self) -> String { "big".into() }
    ///     fn size(&self) -> u64 { 1 << 32 }
    ///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    ///     fn neighbours(&self, _: u64, _: &mut Vec<(u64, bool)>) {}
    ///     fn keys_are_ranks(&self) -> bool { true }
    /// }
    /// // 1 GiB of codes and 1.07 GiB of lines, where the byte table
    /// // alone would be 4 GiB.
    /// assert_eq!(PatternDb::packed_bytes_needed(&Big), Some((1 << 30) + (1u64 << 32).div_ceil(120) * 32));
    /// assert_eq!(PatternDb::bytes_needed(&Big), Some((1 << 30) + (1 << 32)));
    /// ```
    pub fn packed_bytes_needed<A: Abstraction>(abstraction: &A) -> Option<u64> {
        bytes_needed(
            abstraction.size(),
            abstraction.key_size(),
            abstraction.keys_are_ranks(),
        )
    }
}
