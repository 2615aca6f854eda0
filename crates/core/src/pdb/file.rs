//! The table file: a header (format version, the abstraction's name,
//! keys, entry width, largest distance), the entries and a checksum of
//! the whole; saving without a torn file, loading with every check.

use std::fs;
use std::io::{self, Read, Seek};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::lines::{LINE_KEYS, Line};
use super::sum::{Checksum, checksum, write_whole};
use super::table::Entries;
use super::table::UNSEEN;
use super::{Abstraction, BuildProgress, PatternDb, PdbError};
use crate::Budget;
use crate::hash::mix;

/// The file format version; files of another version are rebuilt (2:
/// the checksum of [`checksum`], at memory speed; 1 was FNV-1a a byte at
/// a time).
pub(super) const VERSION: u32 = 2;
pub(super) const MAGIC: &[u8; 8] = b"PSPDB\0\0\0";

impl PatternDb {
    /// Writes the table to `path`: header (format version, name, keys,
    /// entry width, largest distance), entries, checksum. A [`packed`](Self::packed)
    /// copy is refused (`InvalidInput`): save the table it was made from.
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
        // A packed table's lines as bytes: a copy (a quarter byte a key),
        // made once, when the packed table is first saved.
        let bytes;
        let (entries, width) = match &self.entries {
            Entries::Nibbles(v) => (v.as_slice(), NIBBLES),
            Entries::Bytes(v) => (v.as_slice(), BYTES),
            Entries::Lines(v) => {
                bytes = v.iter().flat_map(Line::bytes).collect::<Vec<u8>>();
                (bytes.as_slice(), LINES)
            }
            // Every block read first (a table read by block, saved
            // elsewhere).
            Entries::Lazy(l) => {
                bytes = l.all().iter().flat_map(Line::bytes).collect::<Vec<u8>>();
                (bytes.as_slice(), LINES)
            }
        };
        let header = header(&self.name, self.len, width, self.max);
        let sum = digest(&header, entries);
        // The entries are written from where they are: no second copy of
        // a table of hundreds of MB.
        write_whole(path, &[&header, entries, &sum.to_le_bytes()])
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
    pub(super) fn read(path: &Path, name: &str, keys: Option<u64>) -> io::Result<Option<Self>> {
        Self::read_from(path, name, keys, super::lazy::LAZY_FROM)
    }

    /// [`read`](Self::read), a packed table of `lazy_from` bytes or more
    /// read by block where it can be (`super::lazy`).
    pub(super) fn read_from(
        path: &Path,
        name: &str,
        keys: Option<u64>,
        lazy_from: u64,
    ) -> io::Result<Option<Self>> {
        let head_len = header_len(name);
        match fs::metadata(path) {
            Ok(m) if m.is_file() && m.len() >= head_len + 8 => {}
            Ok(_) => return Ok(None),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        }
        let mut file = fs::File::open(path)?;
        // Checked again on the file opened: the name may have changed hands.
        let meta = file.metadata()?;
        if !meta.is_file() || meta.len() < head_len + 8 {
            return Ok(None);
        }
        let mut head = vec![0u8; head_len as usize];
        file.read_exact(&mut head)?;
        let Some((len, width, max)) = parse_header(&head, name, keys) else {
            return Ok(None);
        };
        let Some(size) = entries_len(len, width) else {
            return Ok(None);
        };
        if meta.len() != head_len + size + 8 {
            return Ok(None);
        }
        if width == LINES {
            // A large one by block where the side file of its blocks'
            // checksums matches (`super::lazy`); else whole, checked, and
            // the side file written for next time.
            let by_block = size >= lazy_from;
            if let Some(lazy) = by_block
                .then(|| super::lazy::open(path, &file, &head, size / 32, max))
                .flatten()
            {
                return Ok(Some(Self {
                    name: name.to_owned(),
                    len,
                    max,
                    entries: Entries::Lazy(lazy),
                    build_time: Duration::ZERO,
                }));
            }
            file.seek(io::SeekFrom::Start(head_len))?;
            // Each block's checksum too where the next start will read
            // it by block (a second sum a line: only then).
            let mut sums = by_block.then(super::lazy::BlockSums::default);
            let lines = read_lines(&mut file, &head, size, max, sums.as_mut())?;
            if let (Some(_), Some(sums)) = (&lines, sums) {
                // Not saved: the next start reads it whole again.
                super::lazy::save_sums(path, &file, &head, &sums.finish()).ok();
            }
            return Ok(lines.map(|l| Self::from_lines(name, len, max, l)));
        }
        // The entries straight into their own buffer, at disk (or page
        // cache) speed: nothing parsed entry by entry, nothing moved after.
        let size = usize::try_from(size).map_err(|_| io::ErrorKind::OutOfMemory)?;
        let mut data = Vec::new();
        data.try_reserve_exact(size)
            .map_err(|_| io::Error::from(io::ErrorKind::OutOfMemory))?;
        // Read into the reserved bytes as they are (a file reads into
        // spare capacity): no pass zeroing hundreds of MB first.
        (&mut file).take(size as u64).read_to_end(&mut data)?;
        if data.len() != size {
            return Ok(None); // cut short since its length was read
        }
        let mut sum = [0u8; 8];
        match file.read_exact(&mut sum) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(e) => return Err(e),
        }
        if digest(&head, &data).to_le_bytes() != sum || !valid(&data, width, max) {
            return Ok(None);
        }
        Ok(Some(Self::from_parts(name, len, width, max, data)))
    }

    /// The table in `data` (a whole file, as [`save`](Self::save) writes
    /// it), or `None` unless every check holds: the checksum, the header
    /// (format, name, the key count when `keys` says it), an entry width
    /// of 4 or 8 bits, and no entry above the largest distance the header
    /// gives (or "unreached"), which is below
    /// [`UNREACHED`](Self::UNREACHED). Entries lower than the true
    /// distances cannot be told from right ones without building the
    /// table again: the checksum catches accidents, not a crafted file.
    #[cfg(test)]
    pub(super) fn decode(data: Vec<u8>, name: &str, keys: Option<u64>) -> Option<Self> {
        let head_len = usize::try_from(header_len(name)).ok()?;
        let body_len = data.len().checked_sub(8)?;
        if body_len < head_len {
            return None;
        }
        let (head, rest) = data.split_at(head_len);
        let (entries, sum) = rest.split_at(body_len - head_len);
        let (len, width, max) = parse_header(head, name, keys)?;
        if entries_len(len, width)? != entries.len() as u64
            || digest(head, entries).to_le_bytes() != sum
            || !valid(entries, width, max)
        {
            return None;
        }
        Some(Self::from_parts(name, len, width, max, entries.to_vec()))
    }

    /// A packed table from checked lines.
    fn from_lines(name: &str, len: u64, max: u8, lines: Vec<Line>) -> Self {
        Self {
            name: name.to_owned(),
            len,
            max,
            entries: Entries::Lines(lines),
            build_time: Duration::ZERO,
        }
    }

    /// A table from checked parts.
    fn from_parts(name: &str, len: u64, width: u8, max: u8, data: Vec<u8>) -> Self {
        let entries = match width {
            NIBBLES => Entries::Nibbles(data),
            // (Files read lines by `read_lines`; a decoded test buffer
            // is copied.)
            LINES => Entries::Lines(data.chunks_exact(32).map(Line::from_bytes).collect()),
            _ => Entries::Bytes(data),
        };
        Self {
            name: name.to_owned(),
            len,
            max,
            entries,
            build_time: Duration::ZERO,
        }
    }

    /// Loads the table from `dir` (file name from the abstraction's name)
    /// or, when it is missing or not to be trusted (as [`load`](Self::load)
    /// checks, and a key count other than the abstraction's), builds it
    /// and saves it there. A table that cannot be read or saved is still
    /// returned, built; the error beside it names what failed and the path
    /// ("cannot save PATH: ..."; a failed save leaves no file behind), or
    /// that a file was there but refused ("PATH is not a valid table ...:
    /// built again"), so that a damaged cache is never rebuilt in silence.
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
        Self::load_or_build_within(abstraction, dir, &Budget::default(), progress)
    }

    /// [`load_or_build`](Self::load_or_build) with a build under `budget`
    /// ([`build_within`](Self::build_within)); a table that loads needs
    /// only its entries' bytes and is not held to the memory cap.
    ///
    /// # Errors
    /// As [`build_within`](Self::build_within).
    ///
    /// ```
    /// use puzzle_search_core::Budget;
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
    /// let dir = std::env::temp_dir().join(format!("pdb-within-doc-{}", std::process::id()));
    /// let tight = Budget::default().max_memory(10);
    /// assert!(PatternDb::load_or_build_within(&Ring, &dir, &tight, None).is_err());
    /// let (table, _) = PatternDb::load_or_build_within(&Ring, &dir, &Budget::default(), None)?;
    /// assert_eq!(table.get(6), 6);
    /// std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn load_or_build_within<A: Abstraction>(
        abstraction: &A,
        dir: &Path,
        budget: &Budget,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<(Self, Option<io::Error>), PdbError> {
        Self::fetch(abstraction, dir, budget, progress).map(|f| (f.table, f.error))
    }

    /// [`load_or_build_within`](Self::load_or_build_within), telling also
    /// whether the table came from the file (what a
    /// [`TableSet`](super::TableSet) reports).
    pub(super) fn fetch<A: Abstraction>(
        abstraction: &A,
        dir: &Path,
        budget: &Budget,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<Fetched, PdbError> {
        let name = abstraction.name();
        let path = Self::file_in(dir, &name);
        let unread = match Self::read(&path, &name, Some(abstraction.key_size())) {
            Ok(Some(table)) => {
                return Ok(Fetched {
                    table,
                    loaded: true,
                    error: None,
                });
            }
            Ok(None) => refused(&path, &name),
            Err(e) => Some(in_file("cannot read", &path, e)),
        };
        let table = Self::build_within(abstraction, budget, progress)?;
        let saved = fs::create_dir_all(dir)
            .map_err(|e| in_file("cannot create", dir, e))
            .and_then(|()| {
                table
                    .save(&path)
                    .map_err(|e| in_file("cannot save", &path, e))
            });
        Ok(Fetched {
            table,
            loaded: false,
            error: saved.err().or(unread),
        })
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
        dir.join(format!("{clean}-{:016x}.pdb", fingerprint(name.bytes())))
    }
}

/// A table from [`PatternDb::fetch`]: loaded or built, and why a built one
/// could not be read before or saved after.
pub(super) struct Fetched {
    pub(super) table: PatternDb,
    pub(super) loaded: bool,
    pub(super) error: Option<io::Error>,
}

/// `e` with what was done and the path in its message.
fn in_file(what: &str, path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{what} {}: {e}", path.display()))
}

/// A packed table's `size` bytes of lines and its checksum from `file`
/// (after the header `head`), a megabyte at a time, each line checked
/// ([`Line::plausible`] against the header's `max`) and summed as it is
/// read: the lines land in their own aligned buffer with no second copy
/// of the table. `None` where the file is cut short, its sum or a line is
/// wrong.
fn read_lines(
    file: &mut fs::File,
    head: &[u8],
    size: u64,
    max: u8,
    mut blocks: Option<&mut super::lazy::BlockSums>,
) -> io::Result<Option<Vec<Line>>> {
    let count = usize::try_from(size / 32).map_err(|_| io::ErrorKind::OutOfMemory)?;
    let mut lines = Vec::new();
    lines
        .try_reserve_exact(count)
        .map_err(|_| io::Error::from(io::ErrorKind::OutOfMemory))?;
    let mut sum = Checksum::default();
    let mut buf = vec![0u8; 1 << 20];
    let mut left = size;
    while left > 0 {
        let n = left.min(buf.len() as u64) as usize;
        match file.read_exact(&mut buf[..n]) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(e) => return Err(e),
        }
        for block in buf[..n].chunks_exact(32) {
            sum.block(block);
            if let Some(blocks) = blocks.as_deref_mut() {
                blocks.line(block);
            }
            let line = Line::from_bytes(block);
            if !line.plausible(max) {
                return Ok(None);
            }
            lines.push(line);
        }
        left -= n as u64;
    }
    let mut tail = [0u8; 8];
    match file.read_exact(&mut tail) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let entries = sum.finish(&[], size);
    let whole = mix(checksum(head) ^ entries.rotate_left(32));
    Ok((whole.to_le_bytes() == tail).then_some(lines))
}

/// The header's entry width: a byte an entry.
pub(super) const BYTES: u8 = 0;
/// The header's entry width: 4 bits an entry.
pub(super) const NIBBLES: u8 = 1;
/// The header's entry width: packed lines ([`PatternDb::packed`]).
pub(super) const LINES: u8 = 2;

/// The header [`PatternDb::save`] writes: magic, format version, the
/// name's length and the name, keys, entry width ([`BYTES`], [`NIBBLES`]
/// or [`LINES`]), largest distance.
pub(super) fn header(name: &str, len: u64, width: u8, max: u8) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + name.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(name.len() as u32).to_le_bytes());
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&len.to_le_bytes());
    out.push(width);
    out.push(max);
    out
}

/// The header's length for a table named `name`.
fn header_len(name: &str) -> u64 {
    (MAGIC.len() + 4 + 4 + name.len() + 8 + 2) as u64
}

/// The keys, entry width and largest distance of a header, if it is one
/// of this format, for `name` (and `keys` keys when given), with a width
/// of 4 or 8 bits or packed lines and a largest distance the width can
/// hold.
fn parse_header(head: &[u8], name: &str, keys: Option<u64>) -> Option<(u64, u8, u8)> {
    let mut r = Reader(head);
    if r.take(8)? != MAGIC || u32::from_le_bytes(r.array()?) != VERSION {
        return None;
    }
    let name_len = u32::from_le_bytes(r.array()?) as usize;
    if r.take(name_len)? != name.as_bytes() {
        return None;
    }
    let len = u64::from_le_bytes(r.array()?);
    let [width, max] = r.array()?;
    if keys.is_some_and(|k| k != len) || !r.0.is_empty() {
        return None;
    }
    match width {
        BYTES | LINES if max < UNSEEN => Some((len, width, max)),
        NIBBLES if max < 15 => Some((len, width, max)),
        _ => None,
    }
}

/// The bytes the entries of `len` keys take.
fn entries_len(len: u64, width: u8) -> Option<u64> {
    Some(match width {
        NIBBLES => len.div_ceil(2),
        LINES => len.div_ceil(LINE_KEYS).checked_mul(32)?,
        _ => len,
    })
}

/// Whether every entry is at most `max` or "unreached" (255 in a byte, 15
/// in a nibble): in blocks the compiler vectorises (a per-entry test cost
/// a tenth of a second on the 15-puzzle's 6-6-3 tables; a table look-up a
/// byte, 0.3 s on 519 MB).
///
/// A packed table's lines: each line's two values as a line made by
/// [`PatternDb::packed`] has them (its least at most `max` and its step
/// at least the least, or both "unreached"); its codes are not checked
/// one by one (the checksum stands for them).
fn valid(entries: &[u8], width: u8, max: u8) -> bool {
    if width == LINES {
        return entries
            .chunks_exact(32)
            .all(|l| Line::from_bytes(l).plausible(max));
    }
    let nibble = width == NIBBLES;
    // `d` is bad when `max < d < unreached`: `d - (max + 1) < unreached -
    // (max + 1)` in wrapping arithmetic.
    let bad = |d: u8, unreached: u8| d.wrapping_sub(max + 1) < unreached - (max + 1);
    entries.chunks(4096).all(|c| {
        let any = if nibble {
            c.iter()
                .fold(false, |a, &b| a | bad(b & 15, 15) | bad(b >> 4, 15))
        } else {
            c.iter().fold(false, |a, &b| a | bad(b, UNSEEN))
        };
        !any
    })
}

/// A stable 64-bit fingerprint of `data` (FNV-1a): the same on every
/// build and machine, for naming what tables are built from. A table's
/// file is named by its name's fingerprint (kept from format 1, so that a
/// new table replaces the old file of its name); the twisty crate names
/// its tables by the fingerprint of the definition's moves. Not a
/// checksum of contents: table files carry a checksum for that, at memory
/// speed.
///
/// ```
/// use puzzle_search_core::pdb::fingerprint;
/// assert_eq!(fingerprint(*b""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(fingerprint(*b"a"), 0xaf63_dc4c_8601_ec8c);
/// ```
pub fn fingerprint(data: impl IntoIterator<Item = u8>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in data {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The file's checksum: the header's [`checksum`] and the entries', mixed.
pub(super) fn digest(header: &[u8], entries: &[u8]) -> u64 {
    mix(checksum(header) ^ checksum(entries).rotate_left(32))
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

/// Why the file at `path` was not taken as the table `name`: nothing
/// where there is no file (missing is the first run's normal case); where
/// a file is there but refused (corrupt, cut short, another version or
/// size, a full table where a packed copy was wanted), a note that says
/// so, as it is built again.
pub(super) fn refused(path: &Path, name: &str) -> Option<io::Error> {
    fs::metadata(path)
        .ok()
        .filter(fs::Metadata::is_file)
        .map(|_| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "{} is not a valid table of `{name}` (corrupt, cut short, or of another version or size): built again",
                    path.display()
                ),
            )
        })
}
