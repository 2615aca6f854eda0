//! [`PatternDb`]: a table of distances by key, 4 bits an entry where every
//! distance fits, else a byte, and its look-ups.

use std::fmt;
use std::time::Duration;

use super::lazy::LazyLines;
use super::lines::{BLANK, LINE_KEYS, Line, pack};

/// Marks a state not reached yet while building
/// ([`PatternDb::UNREACHED`] once built).
pub(crate) const UNSEEN: u8 = u8::MAX;

/// Distances stored per key: 4 bits where they fit, else a byte; or
/// packed lines of two bits ([`PatternDb::packed`]: lower bounds), held
/// or read from their file a block at a time (`super::lazy`).
#[derive(Clone)]
pub(super) enum Entries {
    Nibbles(Vec<u8>),
    Bytes(Vec<u8>),
    Lines(Vec<Line>),
    Lazy(LazyLines),
}

/// Equal entries: the same kind and values (lines held or read by block
/// alike: a table read by block equals the one it was saved from).
impl PartialEq for Entries {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Entries::Nibbles(a), Entries::Nibbles(b)) | (Entries::Bytes(a), Entries::Bytes(b)) => {
                a == b
            }
            (Entries::Lines(a), Entries::Lines(b)) => a == b,
            (Entries::Lines(a), Entries::Lazy(b)) | (Entries::Lazy(b), Entries::Lines(a)) => {
                *a == b.all()
            }
            (Entries::Lazy(a), Entries::Lazy(b)) => a.all() == b.all(),
            _ => false,
        }
    }
}

impl Eq for Entries {}

/// A built pattern database: the least abstract distance to a goal, per key.
/// Keys no goal reaches hold [`UNREACHED`](PatternDb::UNREACHED).
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDb {
    pub(super) name: String,
    pub(super) len: u64,
    pub(super) max: u8,
    pub(super) entries: Entries,
    pub(super) build_time: Duration,
}

impl fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternDb")
            .field("name", &self.name)
            .field("keys", &self.len)
            .field("max_distance", &self.max)
            .field("nibbles", &self.is_nibble())
            .finish()
    }
}

impl PatternDb {
    /// The entry of a key no goal reaches (a nibble table stores 15 for it).
    pub const UNREACHED: u8 = u8::MAX;

    /// The least abstract distance of the states with key `key`
    /// ([`UNREACHED`](Self::UNREACHED) for none).
    ///
    /// # Panics
    /// If `key` is out of range.
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
    /// assert_eq!((table.get(0), table.get(3), table.get(9)), (0, 3, 3));
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    #[inline]
    pub fn get(&self, key: u64) -> u8 {
        match &self.entries {
            Entries::Nibbles(v) => {
                let d = v[(key / 2) as usize] >> (4 * (key % 2)) & 15;
                if d == 15 { Self::UNREACHED } else { d }
            }
            Entries::Bytes(v) => v[key as usize],
            // Out of line: inlined, this arm made `get` heavy enough to
            // slow the sliding tiles' nibble reads by 6% (measured); a
            // packed read waits on a cache miss anyway.
            Entries::Lines(v) => line_get(v, key),
            Entries::Lazy(l) => lazy_get(l, key),
        }
    }

    /// [`get`](Self::get) of each of `keys` into `out` (as many as the
    /// shorter of the two has). For a packed table the reads go in two
    /// passes: each key's line found, then every entry read, a few
    /// instructions each, so that the cache misses of the whole batch are
    /// in flight at once; one key at a time, each miss waits behind the
    /// work of finding the next line. For a search that reads a batch of
    /// children at once.
    ///
    /// # Panics
    /// If a key is out of range.
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
    /// let packed = PatternDb::build(&Ring, None)?.packed();
    /// let mut out = [0u8; 3];
    /// packed.get_many(&[0, 3, 9], &mut out);
    /// assert_eq!(out, [packed.get(0), packed.get(3), packed.get(9)]);
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    #[inline]
    pub fn get_many(&self, keys: &[u64], out: &mut [u8]) {
        match &self.entries {
            Entries::Lines(v) => lines_get_many(|i| &v[i], keys, out),
            Entries::Lazy(l) => lines_get_many(|i| l.line(i), keys, out),
            _ => keys.iter().zip(out).for_each(|(&k, o)| *o = self.get(k)),
        }
    }

    /// [`get`](Self::get), and whether the value read is the entry
    /// itself: always for a table as built or loaded; for a
    /// [`packed`](Self::packed) one, where the key's code says so (`b`
    /// and `b + 1`, the least where the step is one over it), else it is
    /// only a lower bound. A rule that reasons from a state's exact entry
    /// to its neighbours' (they differ by at most one) may use the read
    /// only where it is sure.
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
    /// assert_eq!(table.get_sure(6), (6, true));
    /// // Packed with step 2: 2 and 3 read exactly, 1 reads 0, 6 reads 4.
    /// let packed = table.packed();
    /// assert_eq!((packed.get_sure(3), packed.get_sure(1), packed.get_sure(6)), ((3, true), (0, false), (4, false)));
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    #[inline]
    pub fn get_sure(&self, key: u64) -> (u8, bool) {
        match &self.entries {
            Entries::Lines(v) => v[(key / LINE_KEYS) as usize].get_sure((key % LINE_KEYS) as usize),
            Entries::Lazy(l) => lazy_get_sure(l, key),
            _ => (self.get(key), true),
        }
    }

    /// The abstraction's name, as built or loaded.
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
    /// assert_eq!(table.name(), "ring 12");
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The number of keys.
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
    /// assert_eq!(table.len(), 12);
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the table has no key.
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
    /// assert!(!table.is_empty());
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The largest distance stored.
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
    /// assert_eq!(table.max_distance(), 6);
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn max_distance(&self) -> u8 {
        self.max
    }

    /// Whether entries take 4 bits (else a byte).
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
    /// assert!(table.is_nibble()); // distances up to 6 fit in 4 bits
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn is_nibble(&self) -> bool {
        matches!(self.entries, Entries::Nibbles(_))
    }

    /// Whether every entry is the abstract distance itself (as built or
    /// loaded); `false` for a [`packed`](Self::packed) copy, whose entries
    /// are lower bounds of it.
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
    /// assert!(table.is_exact());
    /// // One line of 12 keys, distances 0 to 6: the step b = 2 keeps the
    /// // most, so 1 reads 0, 2 and 3 themselves, 4 and further 4.
    /// let packed = table.packed();
    /// assert_eq!((packed.get(1), packed.get(3), packed.get(6)), (0, 3, 4));
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn is_exact(&self) -> bool {
        !matches!(self.entries, Entries::Lines(_) | Entries::Lazy(_))
    }

    /// The bytes the entries take.
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
    /// assert_eq!(table.bytes(), 6); // 12 nibbles
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn bytes(&self) -> usize {
        match &self.entries {
            Entries::Nibbles(v) | Entries::Bytes(v) => v.len(),
            Entries::Lines(v) => std::mem::size_of_val(v.as_slice()),
            // What it holds once every block is read (its memory cap's
            // share), not what it holds now.
            Entries::Lazy(l) => (l.len() * 32) as usize,
        }
    }

    /// How long [`build`](Self::build) took (zero for a loaded table).
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
    /// assert!(table.build_time() < std::time::Duration::from_secs(1));
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn build_time(&self) -> Duration {
        self.build_time
    }
}

impl PatternDb {
    /// This table at two bits an entry: lines of 120 keys, each with its
    /// least entry `m` and a step `b` of its own, every entry read as
    /// `m` where it is below `b`, itself at `b` and `b + 1`, and `b + 2`
    /// where it is that or more (unreached included, but where nothing in
    /// the line is reached). Each [`get`](Self::get) of the copy is at
    /// most this table's (the proof: docs/strategies.md, "Two bits an
    /// entry"), so a bound made of it stays admissible; it is no longer
    /// [`exact`](Self::is_exact).
    /// [`save`](Self::save) writes it as it is (a third entry width) and
    /// [`load`](Self::load) reads it back packed.
    /// The 3x3x3's eight-edge table by class (319,875,072 keys, 160 MB as
    /// nibbles) packs into 85 MB with 0.38% of its entries read lower
    /// (docs/notes/twisty-history.md, "Two bits an entry").
    ///
    /// ```
    /// # use puzzle_search_core::pdb::{Abstraction, PatternDb};
    /// // A path of 300 cells, 0 the goal: cell r is r away; none past 200.
    /// struct Path;
    /// impl Abstraction for Path {
    ///     fn name(&self) -> String { "path".into() }
    ///     fn size(&self) -> u64 { 300 }
    ///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    ///     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
    ///         if r > 0 { out.push((r - 1, true)) }
    ///         if r < 200 { out.push((r + 1, true)) }
    ///     }
    /// }
    /// let table = PatternDb::build(&Path, None)?;
    /// let packed = table.packed();
    /// // Keys 0..120 hold 0 to 119: the largest sum keeps 0 and, with
    /// // b = 16, 16 and 17 exact; 1 to 15 read 0, 18 and further 18.
    /// assert_eq!((packed.get(0), packed.get(5), packed.get(17)), (0, 0, 17));
    /// assert_eq!((packed.get(18), packed.get(100)), (18, 18));
    /// assert_eq!(packed.get(250), PatternDb::UNREACHED); // past 200: none reached
    /// assert!((0..300).all(|k| packed.get(k) <= table.get(k)));
    /// assert!(table.is_exact() && !packed.is_exact());
    /// assert!(packed.bytes() < table.bytes());
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn packed(&self) -> PatternDb {
        PatternDb {
            name: self.name.clone(),
            len: self.len,
            max: self.max,
            entries: Entries::Lines(pack(self.len, |k| self.get(k))),
            build_time: self.build_time,
        }
    }
}

/// A packed table's read of `key` ([`PatternDb::get`]).
#[inline(never)]
fn line_get(lines: &[Line], key: u64) -> u8 {
    lines[(key / LINE_KEYS) as usize].get((key % LINE_KEYS) as usize)
}

/// [`PatternDb::get_many`] of packed lines (`line(i)`: line `i`), in
/// chunks of 32: each key's line found first (no miss: a table read by
/// block finds it through its few block pointers), then each entry read
/// from its line with nothing between the loads that waits on one.
#[inline(never)]
fn lines_get_many<'a>(line: impl Fn(usize) -> &'a Line, keys: &[u64], out: &mut [u8]) {
    const CHUNK: usize = 32;
    for (keys, out) in keys.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
        let mut at = [(&BLANK, 0usize); CHUNK];
        for (a, &k) in at.iter_mut().zip(keys) {
            *a = (line((k / LINE_KEYS) as usize), (k % LINE_KEYS) as usize);
        }
        for (o, &(l, j)) in out.iter_mut().zip(&at[..keys.len()]) {
            *o = l.get(j);
        }
    }
}

/// [`PatternDb::get_sure`] of a table read by block (out of line, as
/// [`lazy_get`]: the held tables' arms stay as small as before).
#[inline(never)]
fn lazy_get_sure(lines: &LazyLines, key: u64) -> (u8, bool) {
    lines
        .line((key / LINE_KEYS) as usize)
        .get_sure((key % LINE_KEYS) as usize)
}

/// [`line_get`] of a table read by block.
#[inline(never)]
fn lazy_get(lines: &LazyLines, key: u64) -> u8 {
    lines
        .line((key / LINE_KEYS) as usize)
        .get((key % LINE_KEYS) as usize)
}

impl PatternDb {
    /// Why blocks of a table read by block from the cache were not used
    /// (damaged since it was checked whole, or unreadable): each such
    /// block's keys read 0, a lower bound, so answers stay optimal; empty
    /// for every other table. For a program's warnings after its
    /// searches.
    ///
    /// ```
    /// # use puzzle_search_core::pdb::{Abstraction, PatternDb};
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
    /// assert!(table.block_errors().is_empty());
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn block_errors(&self) -> Vec<String> {
        match &self.entries {
            Entries::Lazy(l) => l.errors(),
            _ => Vec::new(),
        }
    }
}
