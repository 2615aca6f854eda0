//! The table file: a header (format version, the abstraction's name,
//! keys, entry width, largest distance), the entries and a checksum of
//! the whole; saving without a torn file, loading with every check.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::build::UNSEEN;
use super::table::Entries;
use super::{Abstraction, BuildProgress, PatternDb, PdbError};

/// The file format version; files of another version are rebuilt.
pub(super) const VERSION: u32 = 1;
pub(super) const MAGIC: &[u8; 8] = b"PSPDB\0\0\0";

impl PatternDb {
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
    pub(super) fn decode(mut data: Vec<u8>, name: &str, keys: Option<u64>) -> Option<Self> {
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

/// `e` with what was done and the path in its message.
fn in_file(what: &str, path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{what} {}: {e}", path.display()))
}

/// FNV-1a, 64 bits: enough to catch a cut or damaged file.
pub(super) fn checksum(data: &[u8]) -> u64 {
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
