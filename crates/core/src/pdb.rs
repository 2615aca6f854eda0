//! Pattern databases: exact distances in an abstraction of a puzzle, built
//! by breadth-first search from the goal, used as admissible bounds.
//!
//! The user describes the abstract space through [`Abstraction`]: a
//! perfect rank of its states (`0..size`), the goal states, each state's
//! neighbours with whether the move costs, and the *key* a state is stored
//! under (several states may share one key: the table keeps the least
//! distance of them). [`PatternDb::build`] runs a 0-1 breadth-first search
//! (moves that do not cost keep the distance, so that only the pattern's
//! own moves are counted and tables over disjoint patterns add up), in
//! parallel with the `parallel` feature, and stores one entry per key: 4
//! bits when every distance fits, else a byte.
//!
//! A built table is saved with [`PatternDb::save`] and loaded with
//! [`PatternDb::load`]: the file names its format version and the
//! abstraction (so a table of another puzzle or pattern is refused) and
//! carries a checksum of its whole contents (so a stale, cut or corrupt
//! file is refused, never trusted). [`PatternDb::load_or_build`] does both.
//!
//! # Why a bound from it is admissible
//! Every move of the puzzle maps to a move of the abstraction (or to no
//! move) whose cost is at most the real one, and the goal maps to a goal:
//! so the abstract distance of a state's image never exceeds the real
//! distance. For additive tables each real move costs in at most one
//! pattern (the tile it moves belongs to one pattern), so the sum over
//! disjoint patterns is admissible too; the maximum of admissible bounds
//! is admissible.
//!
//! # Example
//! ```
//! use puzzle_search_core::pdb::{Abstraction, PatternDb};
//!
//! /// A ring of 12 cells: a token steps left or right, the goal is cell 0.
//! /// (The method examples on [`PatternDb`] use this ring too.)
//! struct Ring;
//! impl Abstraction for Ring {
//!     fn name(&self) -> String { "ring 12".into() }
//!     fn size(&self) -> u64 { 12 }
//!     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
//!     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
//!         out.extend([((r + 1) % 12, true), ((r + 11) % 12, true)]);
//!     }
//! }
//! let table = PatternDb::build(&Ring, None)?;
//! assert_eq!(table.get(3), 3);
//! assert_eq!(table.get(9), 3);
//! assert_eq!(table.max_distance(), 6);
//! assert!(table.is_nibble()); // every distance fits in 4 bits
//! # Ok::<(), puzzle_search_core::pdb::PdbError>(())
//! ```

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// An abstract space to build a [`PatternDb`] over.
///
/// Moves must be reversible (a neighbour's neighbours include the state,
/// with the same cost), since the search runs from the goals backwards.
pub trait Abstraction: Sync {
    /// Names the puzzle and the pattern, e.g. `"sliding 4x4 blank-first
    /// tiles 1,2,3"`: saved in the file and checked on loading.
    ///
    /// Required even for tables never saved, on purpose: the name is what
    /// keeps one abstraction from loading another's file, and no default
    /// (a type name, say) tells apart two patterns of one type. A table
    /// built in memory only may return any name.
    fn name(&self) -> String;
    /// The number of abstract states; ranks are `0..size`. At most 2^32.
    ///
    /// Ranks and keys are `u64` (spaces of up to 2^32 states, and keys
    /// that index files), distances `u8` (what a table stores), bounds
    /// `u32` (what [`Puzzle::lower_bound`](crate::Puzzle::lower_bound)
    /// returns): `u32::from(table.get(key))` is the one cast a bound needs.
    fn size(&self) -> u64;
    /// The ranks of the goal states.
    fn goals(&self, out: &mut Vec<u64>);
    /// Appends the neighbours of the state of rank `rank`, each with
    /// whether the move costs 1 (`true`) or nothing (`false`).
    fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>);
    /// The number of keys (table entries); by default one per state.
    fn key_size(&self) -> u64 {
        self.size()
    }
    /// The key of a state: the table keeps, per key, the least distance
    /// of the states with that key. By default the rank.
    fn key(&self, rank: u64) -> u64 {
        rank
    }
}

/// Progress of a build, for a progress bar: states settled so far, and the
/// total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BuildProgress {
    /// The distance being settled.
    pub depth: u8,
    /// States with a known distance.
    pub done: u64,
    /// All states.
    pub total: u64,
}

/// Distances stored per key: 4 bits where they fit, else a byte.
#[derive(Clone, PartialEq, Eq)]
enum Entries {
    Nibbles(Vec<u8>),
    Bytes(Vec<u8>),
}

/// A built pattern database: the least abstract distance to a goal, per key.
/// Keys no goal reaches hold [`UNREACHED`](PatternDb::UNREACHED).
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDb {
    name: String,
    len: u64,
    max: u8,
    entries: Entries,
    build_time: Duration,
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

/// Why [`PatternDb::build`] could not build a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PdbError(ErrorKind);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ErrorKind {
    TooLarge(u64),
    NoMemory(u64),
    TooDeep,
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            ErrorKind::TooLarge(n) => write!(f, "{n} abstract states or keys: at most 2^32"),
            ErrorKind::NoMemory(n) => write!(f, "cannot allocate {n} bytes for the table"),
            ErrorKind::TooDeep => write!(f, "an abstract distance reaches 255: too deep to store"),
        }
    }
}

impl std::error::Error for PdbError {}

impl PdbError {
    /// A space of `n` states or keys: more than 2^32.
    pub(crate) fn too_large(n: u64) -> Self {
        Self(ErrorKind::TooLarge(n))
    }
}

/// The file format version; files of another version are rebuilt.
const VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"PSPDB\0\0\0";
/// Marks a state not reached yet while building.
const UNSEEN: u8 = u8::MAX;

impl PatternDb {
    /// The entry of a key no goal reaches (a nibble table stores 15 for it).
    pub const UNREACHED: u8 = u8::MAX;

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

    /// Writes the table to `path`: header (format version, name, keys,
    /// entry width, largest distance), entries, checksum.
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
    /// let path = std::env::temp_dir().join(format!("pdb-save-doc-{}", std::process::id()));
    /// table.save(&path).expect("writable");
    /// let back = PatternDb::load(&path, "ring 12").expect("readable").expect("the same table");
    /// assert_eq!(back.get(5), 5);
    /// std::fs::remove_file(&path).ok();
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let mut out = Vec::with_capacity(self.bytes() + 64 + self.name.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.name.len() as u32).to_le_bytes());
        out.extend_from_slice(self.name.as_bytes());
        out.extend_from_slice(&self.len.to_le_bytes());
        out.push(u8::from(self.is_nibble()));
        out.push(self.max);
        match &self.entries {
            Entries::Nibbles(v) | Entries::Bytes(v) => out.extend_from_slice(v),
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        // Write beside, then rename: a reader never sees half a file. The
        // temporary name is this process's and this call's own, so that
        // two writers of one table never write into one file; whatever
        // fails, the temporary file goes.
        static CALLS: AtomicU64 = AtomicU64::new(0);
        let call = CALLS.fetch_add(1, Ordering::Relaxed);
        let tmp = path.with_extension(format!("{}-{call}.tmp", std::process::id()));
        let written = fs::write(&tmp, &out).and_then(|()| fs::rename(&tmp, path));
        if written.is_err() {
            fs::remove_file(&tmp).ok();
        }
        written
    }

    /// Reads a table saved by [`save`](Self::save) for the abstraction
    /// named `name`. `Ok(None)` when the file is missing, not a regular
    /// file (a FIFO or a device is never opened), longer than any table,
    /// of another format version or abstraction, cut short or corrupt
    /// (checksum, entry width, an entry above the largest distance): the
    /// caller rebuilds. `Err` only for other I/O errors (permissions).
    ///
    /// What cannot be checked without building the table again is whether
    /// each distance is the true one: the checksum catches accidents, and
    /// a crafted file with a valid checksum and distances that are too
    /// high makes the bound inadmissible (answers longer than the
    /// shortest, or none). Keep the cache where only you write.
    /// [`load_or_build`](Self::load_or_build) also checks the key count
    /// against the abstraction.
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
    /// let path = std::env::temp_dir().join(format!("pdb-load-doc-{}", std::process::id()));
    /// table.save(&path).expect("writable");
    /// // Another abstraction's name: not trusted, so `None` (the caller rebuilds).
    /// assert!(PatternDb::load(&path, "ring 13").expect("readable").is_none());
    /// assert!(PatternDb::load(&path, "ring 12").expect("readable").is_some());
    /// std::fs::remove_file(&path).ok();
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn load(path: &Path, name: &str) -> io::Result<Option<Self>> {
        Self::read(path, name, None)
    }

    /// [`load`](Self::load), and with `keys` the table must have that many
    /// keys (a file of another length is not read at all). Only a regular
    /// file is opened (a FIFO would block, a device never end), at most the
    /// length a table can have is read, and the entries are kept in the
    /// buffer read (no second copy).
    fn read(path: &Path, name: &str, keys: Option<u64>) -> io::Result<Option<Self>> {
        let header = (MAGIC.len() + 4 + 4 + name.len() + 8 + 2) as u64;
        let fits = |len: u64| match keys {
            Some(k) => [k, k.div_ceil(2)].contains(&len.saturating_sub(header + 8)),
            None => len <= header + (1 << 32) + 8,
        };
        match fs::metadata(path) {
            Ok(m) if m.is_file() && fits(m.len()) => {}
            Ok(_) => return Ok(None),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        }
        let file = fs::File::open(path)?;
        // Checked again on the file opened: the name may have changed hands.
        let meta = file.metadata()?;
        if !meta.is_file() || !fits(meta.len()) {
            return Ok(None);
        }
        let len = usize::try_from(meta.len()).map_err(|_| io::ErrorKind::OutOfMemory)?;
        let mut data = Vec::new();
        data.try_reserve_exact(len)
            .map_err(|_| io::Error::from(io::ErrorKind::OutOfMemory))?;
        io::Read::read_to_end(&mut io::Read::take(file, len as u64), &mut data)?;
        Ok(Self::decode(data, name, keys))
    }

    /// The table in `data`, or `None` unless every check holds: the
    /// checksum, the header (format, name, the key count when `keys` says
    /// it), an entry width of 4 or 8 bits, and no entry above the largest
    /// distance the header gives (or "unreached"), which is below
    /// [`UNREACHED`](Self::UNREACHED). Entries lower than the true
    /// distances cannot be told from right ones without building the
    /// table again: the checksum catches accidents, not a crafted file.
    fn decode(mut data: Vec<u8>, name: &str, keys: Option<u64>) -> Option<Self> {
        let body_len = data.len().checked_sub(8)?;
        let (body, sum) = data.split_at(body_len);
        if checksum(body).to_le_bytes() != sum {
            return None;
        }
        let mut r = Reader(body);
        if r.take(8)? != MAGIC || u32::from_le_bytes(r.array()?) != VERSION {
            return None;
        }
        let name_len = u32::from_le_bytes(r.array()?) as usize;
        if r.take(name_len)? != name.as_bytes() {
            return None;
        }
        let len = u64::from_le_bytes(r.array()?);
        let [nibble, max] = r.array()?;
        if keys.is_some_and(|k| k != len) || len > 1 << 32 {
            return None;
        }
        let entries = match nibble {
            0 if max < UNSEEN => r.take(usize::try_from(len).ok()?)?,
            1 if max < 15 => r.take(usize::try_from(len.div_ceil(2)).ok()?)?,
            _ => return None,
        };
        // Which bytes can occur, worked out once: then one look-up a byte
        // (a per-entry test cost a tenth of a second on the 15-puzzle's).
        let ok = |d: u8, unreached: u8| d <= max || d == unreached;
        let mut allowed = [false; 256];
        for (b, a) in (0..=255u8).zip(allowed.iter_mut()) {
            *a = match nibble {
                0 => ok(b, UNSEEN),
                _ => ok(b & 15, 15) && ok(b >> 4, 15),
            };
        }
        let valid = entries.iter().all(|&b| allowed[usize::from(b)]);
        if !valid || !r.0.is_empty() {
            return None;
        }
        // The entries stay where they were read: cut the checksum and
        // the header off the buffer.
        let start = body_len - entries.len();
        data.truncate(body_len);
        data.drain(..start);
        let entries = if nibble == 1 {
            Entries::Nibbles(data)
        } else {
            Entries::Bytes(data)
        };
        Some(Self {
            name: name.to_owned(),
            len,
            max,
            entries,
            build_time: Duration::ZERO,
        })
    }

    /// Loads the table from `dir` (file name from the abstraction's name)
    /// or, when it is missing or not to be trusted (as [`load`](Self::load)
    /// checks, and a key count other than the abstraction's), builds it
    /// and saves it there. A table that cannot be read or saved is still
    /// returned, built; the error beside it names what failed and the path
    /// ("cannot save PATH: ..."; a failed save leaves no file behind).
    ///
    /// # Errors
    /// As [`build`](Self::build).
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
    ///
    /// let dir = std::env::temp_dir().join(format!("pdb-doc-{}", std::process::id()));
    /// let (built, save_error) = PatternDb::load_or_build(&Ring, &dir, None)?;
    /// assert!(save_error.is_none());
    /// let (loaded, _) = PatternDb::load_or_build(&Ring, &dir, None)?;
    /// assert_eq!(loaded.build_time(), std::time::Duration::ZERO); // from the file
    /// assert!((0..12).all(|k| built.get(k) == loaded.get(k)));
    /// std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn load_or_build<A: Abstraction>(
        abstraction: &A,
        dir: &Path,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<(Self, Option<io::Error>), PdbError> {
        let name = abstraction.name();
        let path = Self::file_in(dir, &name);
        let unread = match Self::read(&path, &name, Some(abstraction.key_size())) {
            Ok(Some(table)) => return Ok((table, None)),
            Ok(None) => None,
            Err(e) => Some(in_file("cannot read", &path, e)),
        };
        let table = Self::build(abstraction, progress)?;
        let saved = fs::create_dir_all(dir)
            .map_err(|e| in_file("cannot create", dir, e))
            .and_then(|()| {
                table
                    .save(&path)
                    .map_err(|e| in_file("cannot save", &path, e))
            });
        Ok((table, saved.err().or(unread)))
    }

    /// The file a table of that name is kept in under `dir`: the name with
    /// every character other than letters, digits, `-` and `.` made `_`,
    /// and a hash of the whole name (two names never share a file).
    ///
    /// ```
    /// use std::path::Path;
    /// use puzzle_search_core::pdb::PatternDb;
    /// let a = PatternDb::file_in(Path::new("/cache"), "sliding 4x4 tiles 1,2,3");
    /// let b = PatternDb::file_in(Path::new("/cache"), "sliding 4x4 tiles 1,2,4");
    /// assert!(a.starts_with("/cache") && a != b);
    /// ```
    pub fn file_in(dir: &Path, name: &str) -> PathBuf {
        let clean: String = name
            .chars()
            .take(80)
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        dir.join(format!("{clean}-{:016x}.pdb", checksum(name.as_bytes())))
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

/// `e` with what was done and the path in its message.
fn in_file(what: &str, path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{what} {}: {e}", path.display()))
}

/// FNV-1a, 64 bits: enough to catch a cut or damaged file.
fn checksum(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.0.len() < n {
            return None;
        }
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        Some(a)
    }
    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N)?.try_into().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of `n` cells; moving right of cell `free_from` costs nothing.
    struct Line {
        n: u64,
        free_from: u64,
    }
    impl Abstraction for Line {
        fn name(&self) -> String {
            format!("line {} {}", self.n, self.free_from)
        }
        fn size(&self) -> u64 {
            self.n
        }
        fn goals(&self, out: &mut Vec<u64>) {
            out.push(0);
        }
        fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
            if r > 0 {
                out.push((r - 1, r <= self.free_from));
            }
            if r + 1 < self.n {
                out.push((r + 1, r < self.free_from));
            }
        }
        fn key_size(&self) -> u64 {
            self.n.div_ceil(2)
        }
        fn key(&self, r: u64) -> u64 {
            r / 2
        }
    }

    #[test]
    fn free_moves_keep_the_distance_and_keys_keep_the_least() {
        let t = PatternDb::build(
            &Line {
                n: 40,
                free_from: 20,
            },
            None,
        )
        .expect("a small table");
        // Cells 0..=20 cost their index, the rest 20; key k = cells 2k, 2k+1.
        for k in 0..20 {
            assert_eq!(u64::from(t.get(k)), (2 * k).min(20), "key {k}");
        }
        assert!(!t.is_nibble());
        assert_eq!(t.max_distance(), 20);
        let small = PatternDb::build(
            &Line {
                n: 20,
                free_from: 5,
            },
            None,
        )
        .expect("a small table");
        assert!(small.is_nibble());
        assert_eq!(small.get(9), 5);
    }

    #[test]
    fn saved_tables_load_back_and_damaged_ones_are_refused() {
        let line = Line {
            n: 101,
            free_from: 60,
        };
        let t = PatternDb::build(&line, None).expect("a small table");
        let dir = std::env::temp_dir().join(format!("pdb-test-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = PatternDb::file_in(&dir, &line.name());
        t.save(&path).expect("save");
        let back = PatternDb::load(&path, &line.name())
            .expect("read")
            .expect("valid");
        assert_eq!(
            back,
            PatternDb {
                build_time: Duration::ZERO,
                ..t.clone()
            }
        );
        // Another abstraction's name: refused.
        assert_eq!(PatternDb::load(&path, "line 101 61").expect("read"), None);
        // A flipped bit anywhere, or a cut: refused.
        let data = fs::read(&path).expect("read");
        for i in [0, 9, 20, data.len() / 2, data.len() - 1] {
            let mut bad = data.clone();
            bad[i] ^= 4;
            assert_eq!(PatternDb::decode(bad, &line.name(), None), None, "byte {i}");
        }
        assert_eq!(
            PatternDb::decode(data[..data.len() - 3].to_vec(), &line.name(), None),
            None
        );
        // load_or_build: the damaged file is rebuilt and rewritten.
        fs::write(&path, &data[..10]).expect("write");
        let (again, err) = PatternDb::load_or_build(&line, &dir, None).expect("a small table");
        assert!(err.is_none());
        assert_eq!(again.get(30), t.get(30));
        assert!(
            PatternDb::load(&path, &line.name())
                .expect("read")
                .is_some()
        );
        fs::remove_dir_all(&dir).ok();
    }

    /// A file as `save` writes it, with any header values: a valid
    /// checksum over whatever it holds.
    fn crafted(name: &str, len: u64, nibble: u8, max: u8, entries: &[u8]) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(name.len() as u32).to_le_bytes());
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&[nibble, max]);
        out.extend_from_slice(entries);
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    #[test]
    fn crafted_files_with_valid_checksums_are_refused_where_checkable() {
        let line = Line {
            n: 101,
            free_from: 60,
        };
        let name = line.name();
        let keys = line.key_size();
        let good = PatternDb::build(&line, None).expect("a small table");
        assert_eq!(good.max_distance(), 60);
        let bytes = |n: u64, d: u8| vec![d; n as usize];
        // Each: refused by decode (the key count checked when given).
        let cases = [
            ("keys", crafted(&name, keys - 9, 0, 60, &bytes(keys - 9, 1))),
            ("width", crafted(&name, keys, 2, 60, &bytes(keys, 1))),
            ("above max", crafted(&name, keys, 0, 60, &bytes(keys, 61))),
            ("max 255", crafted(&name, keys, 0, 255, &bytes(keys, 1))),
            (
                "nibble max",
                crafted(&name, keys, 1, 15, &bytes(keys.div_ceil(2), 0x11)),
            ),
            ("nibble above", crafted(&name, 4, 1, 3, &[0x44, 0x11])),
        ];
        for (what, data) in &cases {
            assert_eq!(
                PatternDb::decode(data.clone(), &name, Some(keys)),
                None,
                "{what}"
            );
        }
        // The short table used to panic the search (index out of range);
        // load_or_build now rebuilds it, right.
        let dir = std::env::temp_dir().join(format!("pdb-crafted-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = PatternDb::file_in(&dir, &name);
        fs::write(&path, &cases[0].1).expect("write");
        assert!(PatternDb::load(&path, &name).expect("read").is_some());
        let (t, err) = PatternDb::load_or_build(&line, &dir, None).expect("a small table");
        assert!(err.is_none(), "{err:?}");
        assert!((0..keys).all(|k| t.get(k) == good.get(k)));
        fs::remove_dir_all(&dir).ok();
    }

    #[cfg(unix)]
    #[test]
    fn fifos_and_devices_are_not_read() {
        use std::sync::mpsc;
        let dir = std::env::temp_dir().join(format!("pdb-fifo-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let fifo = dir.join("fifo.pdb");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        let zero = dir.join("zero.pdb");
        std::os::unix::fs::symlink("/dev/zero", &zero).expect("a link");
        let mut paths = vec![zero];
        if made.is_ok_and(|s| s.success()) {
            paths.push(fifo);
        } else {
            eprintln!("no mkfifo here: the FIFO case is skipped");
        }
        for path in paths {
            let (tx, rx) = mpsc::channel();
            let p = path.clone();
            std::thread::spawn(move || tx.send(PatternDb::load(&p, "x").map(|t| t.is_none())));
            let got = rx.recv_timeout(Duration::from_secs(20));
            assert!(matches!(got, Ok(Ok(true))), "{}: {got:?}", path.display());
        }
        fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn saves_race_without_harm_and_failures_leave_nothing() {
        let line = Line {
            n: 2001,
            free_from: 3,
        };
        let t = PatternDb::build(&line, None).expect("a small table");
        let dir = std::env::temp_dir().join(format!("pdb-race-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = PatternDb::file_in(&dir, &line.name());
        // Writers of one file at once: each rename is whole, none fails
        // (one temporary name once served every writer).
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..25 {
                        t.save(&path).expect("saved");
                    }
                });
            }
        });
        assert!(
            PatternDb::load(&path, &line.name())
                .expect("read")
                .is_some()
        );
        // A save that cannot rename (a directory in the way) leaves no
        // temporary file, and load_or_build names the path.
        fs::remove_file(&path).expect("remove");
        fs::create_dir_all(path.join("in-the-way")).expect("a directory");
        assert!(t.save(&path).is_err());
        let (_, err) = PatternDb::load_or_build(&line, &dir, None).expect("a small table");
        let err = err.expect("not saved").to_string();
        assert!(
            err.starts_with("cannot save ") && err.contains(&*path.to_string_lossy()),
            "{err}"
        );
        let left: Vec<_> = fs::read_dir(&dir).expect("list").flatten().collect();
        assert_eq!(left.len(), 1, "{left:?}");
        fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn distances_of_255_and_oversized_spaces_are_errors() {
        // A line of 300 costly steps: distance 255 cannot be stored.
        let long = Line {
            n: 300,
            free_from: 300,
        };
        assert_eq!(
            PatternDb::build(&long, None),
            Err(PdbError(ErrorKind::TooDeep))
        );
        let fine = Line {
            n: 255,
            free_from: 255,
        };
        assert_eq!(
            PatternDb::build(&fine, None).map(|t| t.max_distance()),
            Ok(254)
        );
        let huge = Line {
            n: 1 << 40,
            free_from: 0,
        };
        assert!(matches!(
            PatternDb::build(&huge, None),
            Err(PdbError(ErrorKind::TooLarge(_)))
        ));
    }
}
