//! A large packed table ([`LAZY_FROM`] bytes or more) read from its file a
//! block at a time, on a block's first look-up, each block checked then: a
//! start with tables cached reads only what its searches touch (a trivial
//! scramble, a few blocks of a 2 GB table), where reading and checking a
//! table whole costs about 0.65 s a GB (most of it the kernel zeroing the
//! fresh pages the table lands in).
//!
//! The per-block checks come from a side file beside the table (its path
//! with the extension `sums`), written when the table was last read whole
//! and checked: the table file's length, its header's checksum and its own
//! stored checksum (the file it was made from), then each block's checksum.
//! A table is read this way only where that side file is sound and
//! matches the table file's length, header and stored checksum; else it is
//! read whole and checked as before, and the side file written anew.
//!
//! **Why an answer cannot change.** A block is used only where its bytes'
//! checksum equals the one recorded when the whole file was checked, and
//! every line in it is plausible (as a whole read checks each line). A
//! block that fails (a file damaged since, or that cannot be read) is not
//! used: every key in it reads 0, marked not sure, which is a lower bound
//! of any distance, so the bound stays admissible and searches stay
//! optimal, only slower where that block would have cut; the failure is
//! kept and reported ([`PatternDb::block_errors`]). The open file is the
//! one checked: a table saved anew is renamed into place
//! ([`write_whole`](super::write_whole)), so the open handle keeps reading
//! the old contents.

use std::fs;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use super::lines::Line;
use super::sum::{Checksum, checksum, write_whole};

/// The fewest bytes of lines a table is read by block from (512 MiB):
/// below, it is read whole. A look-up by block costs a check a read: the
/// 3x3x3's 203 MB of tables read by block made 20 scrambles of 12-16 moves
/// about 5% slower (user time 1.06x, 5 pairs in turn) and a trivial
/// scramble 2.5x faster (0.087 s against 0.218 s); a whole read costs
/// about 0.65 s a GB at every start, so by block pays where a table is
/// large (2 GB: 1.3-1.7 s saved a start) and not where it is small.
pub(super) const LAZY_FROM: u64 = 512 << 20;

/// Lines a block: 32,768 of 32 bytes, 1 MiB.
pub(super) const BLOCK_LINES: usize = 1 << 15;

/// The side file's first eight bytes (the last one its version).
const MAGIC: &[u8; 8] = b"PSSUMS\0\x01";

/// A packed table's lines, each block read and checked on first use. The
/// blocks inline (a look-up's first load is their pointer, as a held
/// table's is its lines'), the file and its facts behind one `Arc`.
#[derive(Clone)]
pub(super) struct LazyLines {
    /// Each block, once read.
    blocks: Box<[OnceLock<Box<[Line]>>]>,
    /// Where they are read from.
    source: Arc<Source>,
}

/// The file a [`LazyLines`] reads its blocks from.
struct Source {
    /// The table file, open: the contents checked (a lock: each block is
    /// read once, so never a wait worth a positional read).
    file: Mutex<fs::File>,
    /// Its path, for messages.
    path: PathBuf,
    /// Where line 0 starts in it.
    start: u64,
    /// How many lines.
    lines: u64,
    /// The header's largest distance (a line's plausibility).
    max: u8,
    /// Each block's checksum, as recorded.
    sums: Vec<u64>,
    /// Why blocks were not used (damaged, unreadable).
    errors: Mutex<Vec<String>>,
}

impl std::fmt::Debug for LazyLines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LazyLines")
            .field("path", &self.source.path)
            .field("lines", &self.source.lines)
            .finish()
    }
}

/// A line that reads 0 for every key, never sure: what a block not used
/// gives (a lower bound of any distance).
const NOTHING: [u8; 32] = {
    let mut b = [0u8; 32];
    b[1] = 1; // step one over the least: code 0 reads 0, not sure
    b
};

impl LazyLines {
    /// Line `i`.
    #[inline]
    pub(super) fn line(&self, i: usize) -> &Line {
        let b = i / BLOCK_LINES;
        let block = match self.blocks[b].get() {
            Some(block) => block,
            None => self.load(b),
        };
        &block[i % BLOCK_LINES]
    }

    /// How many lines.
    pub(super) fn len(&self) -> u64 {
        self.source.lines
    }

    /// Every line, every block read (a copy: for saving or comparing).
    pub(super) fn all(&self) -> Vec<Line> {
        (0..self.source.lines as usize)
            .map(|i| *self.line(i))
            .collect()
    }

    /// Why blocks were not used, so far.
    pub(super) fn errors(&self) -> Vec<String> {
        self.source
            .errors
            .lock()
            .map(|e| e.clone())
            .unwrap_or_default()
    }

    /// Block `b`, read now (once, whichever thread asks first).
    #[cold]
    #[inline(never)]
    fn load(&self, b: usize) -> &[Line] {
        let source = &self.source;
        self.blocks[b].get_or_init(|| match source.read_block(b) {
            Ok(lines) => lines,
            Err(why) => {
                if let Ok(mut e) = source.errors.lock() {
                    e.push(format!(
                        "{}: block {b} {why}: its keys read 0 (a lower bound; searches stay optimal, slower)",
                        source.path.display()
                    ));
                }
                let n = source.block_len(b);
                vec![Line::from_bytes(&NOTHING); n].into_boxed_slice()
            }
        })
    }
}

impl Source {
    /// Lines in block `b`.
    fn block_len(&self, b: usize) -> usize {
        (self.lines as usize - b * BLOCK_LINES).min(BLOCK_LINES)
    }

    /// Block `b` from the file, if its checksum is the one recorded and
    /// every line is plausible.
    fn read_block(&self, b: usize) -> Result<Box<[Line]>, String> {
        let n = self.block_len(b);
        let mut bytes = vec![0u8; 32 * n];
        let at = self.start + (b * BLOCK_LINES * 32) as u64;
        let mut file = self
            .file
            .lock()
            .map_err(|_| "could not be read".to_string())?;
        file.seek(SeekFrom::Start(at))
            .and_then(|_| file.read_exact(&mut bytes))
            .map_err(|e| format!("could not be read ({e})"))?;
        drop(file);
        if checksum(&bytes) != self.sums[b] {
            return Err("differs from the file checked (damaged since)".to_string());
        }
        let lines: Box<[Line]> = bytes.chunks_exact(32).map(Line::from_bytes).collect();
        if !lines.iter().all(|l| l.plausible(self.max)) {
            return Err("holds a line no table has".to_string());
        }
        Ok(lines)
    }
}

/// The side file of the table file `path`.
pub(super) fn sums_path(path: &Path) -> PathBuf {
    path.with_extension("sums")
}

/// The table file's facts the side file must match: its length, its
/// header's checksum and its stored checksum (its last 8 bytes).
fn facts(mut file: &fs::File, head: &[u8]) -> io::Result<[u64; 3]> {
    let len = file.metadata()?.len();
    let mut stored = [0u8; 8];
    file.seek(SeekFrom::Start(len.saturating_sub(8)))?;
    file.read_exact(&mut stored)?;
    Ok([len, checksum(head), u64::from_le_bytes(stored)])
}

/// The table in `file` (at `path`, after the header `head`, `lines`
/// lines of largest distance `max`) read by block, where the side file is
/// there, sound and of this table file; `None` otherwise (the caller
/// reads it whole).
pub(super) fn open(
    path: &Path,
    file: &fs::File,
    head: &[u8],
    lines: u64,
    max: u8,
) -> Option<LazyLines> {
    let facts = facts(file, head).ok()?;
    let blocks = (lines as usize).div_ceil(BLOCK_LINES);
    let side = sums_path(path);
    let meta = fs::metadata(&side).ok().filter(fs::Metadata::is_file)?;
    let want = (8 + 8 * (4 + blocks) + 8) as u64;
    if meta.len() != want {
        return None;
    }
    let mut bytes = Vec::with_capacity(want as usize);
    fs::File::open(&side)
        .ok()?
        .take(want)
        .read_to_end(&mut bytes)
        .ok()?;
    // Cut since its length was read: not trusted (and no index past it).
    if bytes.len() as u64 != want {
        return None;
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if checksum(body) != u64::from_le_bytes(sum.try_into().ok()?) || &body[..8] != MAGIC {
        return None;
    }
    let words: Vec<u64> = body[8..]
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap_or_default()))
        .collect();
    if words[..3] != facts || words[3] != BLOCK_LINES as u64 {
        return None;
    }
    Some(LazyLines {
        blocks: (0..blocks).map(|_| OnceLock::new()).collect(),
        source: Arc::new(Source {
            file: Mutex::new(file.try_clone().ok()?),
            path: path.to_path_buf(),
            start: head.len() as u64,
            lines,
            max,
            sums: words[4..].to_vec(),
            errors: Mutex::new(Vec::new()),
        }),
    })
}

/// Writes the side file of the table file `path` (open as `file`, its
/// header `head`), whose lines were just read whole and checked, their
/// blocks' checksums `sums`. An error only slows the next start.
pub(super) fn save_sums(path: &Path, file: &fs::File, head: &[u8], sums: &[u64]) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(8 * (sums.len() + 6));
    bytes.extend_from_slice(MAGIC);
    for w in facts(file, head)?
        .into_iter()
        .chain([BLOCK_LINES as u64])
        .chain(sums.iter().copied())
    {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    let sum = checksum(&bytes);
    write_whole(&sums_path(path), &[&bytes, &sum.to_le_bytes()])
}

/// Each block's checksum of lines given as bytes a piece at a time (the
/// pieces cut at block boundaries or inside one block).
#[derive(Default)]
pub(super) struct BlockSums {
    sums: Vec<u64>,
    current: Option<Checksum>,
    in_block: usize,
}

impl BlockSums {
    /// The next line's 32 bytes.
    pub(super) fn line(&mut self, bytes: &[u8]) {
        self.current
            .get_or_insert_with(Checksum::default)
            .block(bytes);
        self.in_block += 1;
        if self.in_block == BLOCK_LINES {
            self.close();
        }
    }

    fn close(&mut self) {
        if let Some(sum) = self.current.take() {
            let len = (self.in_block * 32) as u64;
            self.sums.push(sum.finish(&[], len));
        }
        self.in_block = 0;
    }

    /// The checksums, the last block's closed.
    pub(super) fn finish(mut self) -> Vec<u64> {
        self.close();
        self.sums
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::super::file::{LINES, digest, header};
    use super::super::lines::LINE_KEYS;
    use super::super::table::{Entries, PatternDb};
    use super::*;

    /// A packed table of `PDB_LOAD_MIB` MiB (default 2048): read whole and
    /// checked the first time, then by block (whatever its size, here) (only its side file and header
    /// read at the start), its entries the same; a byte flipped near its end
    /// since reads 0 there and is said. Prints both loads' times, the figures
    /// a cached start pays per table (docs/benchmarks.md, "answers that read back").
    /// Ignored: it writes and reads that many bytes (`cargo test --release -p
    /// puzzle-search-core --lib -- --ignored large_packed_table
    /// --nocapture`).
    #[test]
    #[ignore = "writes and reads 2 GiB"]
    fn a_large_packed_table_loads_whole_then_by_block() {
        let mib: usize = std::env::var("PDB_LOAD_MIB")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2048);
        let lines = (mib << 20) / 32;
        let name = "large packed";
        let path = std::env::temp_dir().join(format!("pdb-large-{}.pdb", std::process::id()));
        drop(write_lines_file(&path, name, lines, 0));
        let started = std::time::Instant::now();
        let whole = PatternDb::read_from(&path, name, None, 0)
            .expect("readable")
            .expect("valid");
        let took = started.elapsed();
        assert!(matches!(whole.entries, Entries::Lines(_)));
        let keys = lines as u64 * LINE_KEYS;
        let sample: Vec<u8> = (0..keys).step_by(99_991).map(|k| whole.get(k)).collect();
        drop(whole);
        let started = std::time::Instant::now();
        let by_block = PatternDb::read_from(&path, name, None, 0)
            .expect("readable")
            .expect("valid");
        let opened = started.elapsed();
        let got: Vec<u8> = (0..keys).step_by(99_991).map(|k| by_block.get(k)).collect();
        assert_eq!(got, sample);
        println!(
            "{mib} MiB of packed lines: read whole and checked in {took:.3?}, opened by block in {opened:.3?}"
        );
        drop(by_block);
        let mut file = fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .expect("open");
        use std::io::{Seek, SeekFrom, Write};
        let head = header(name, keys, LINES, 12).len() as u64;
        file.seek(SeekFrom::Start(head + lines as u64 * 32 - 30))
            .expect("seek");
        file.write_all(&[0x40]).expect("flipped");
        drop(file);
        let damaged = PatternDb::read_from(&path, name, None, 0)
            .expect("readable")
            .expect("by block");
        assert_eq!(damaged.get_sure(keys - 1), (0, false));
        assert_eq!(damaged.block_errors().len(), 1);
        fs::remove_file(&path).ok();
        fs::remove_file(sums_path(&path)).ok();
    }

    /// A packed table file of `lines` plausible lines (as `save` writes one)
    /// at `path`; its lines' bytes.
    fn write_lines_file(path: &std::path::Path, name: &str, lines: usize, seed: u8) -> Vec<u8> {
        let head = header(name, lines as u64 * LINE_KEYS, LINES, 12);
        let mut data = vec![0u8; lines * 32];
        for (i, l) in data.chunks_exact_mut(32).enumerate() {
            (l[0], l[1]) = ((i % 8) as u8, 9 + (i % 3) as u8);
            for (j, b) in l[2..].iter_mut().enumerate() {
                *b = (i as u8).wrapping_mul(31) ^ (j as u8) ^ seed;
            }
        }
        let sum = digest(&head, &data).to_le_bytes();
        write_whole(path, &[&head, &data, &sum]).expect("written");
        data
    }

    /// A packed table is read whole the first time (and its blocks' sums
    /// kept beside it), then by block: the same entries either way (one by
    /// one and in batches), equal tables. A byte changed in one block
    /// since (the file's stored checksum kept) makes that block read 0
    /// everywhere, not sure, and say so; the
    /// other blocks read as before. A table file saved anew, or a side file
    /// damaged, is read whole again.
    #[test]
    fn packed_tables_read_by_block_after_a_whole_check() {
        let dir = std::env::temp_dir().join(format!("pdb-lazy-{}", std::process::id()));
        fs::remove_dir_all(&dir).ok();
        fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("t.pdb");
        let name = "lazy lines";
        let n = BLOCK_LINES * 5 / 2; // three blocks, the last half full
        write_lines_file(&path, name, n, 0);
        // Read by block from 0 bytes (the default, `LAZY_FROM`, is 512 MiB).
        let load = |p: &std::path::Path| PatternDb::read_from(p, name, None, 0);
        let below = PatternDb::load(&path, name).expect("read").expect("valid");
        assert!(!sums_path(&path).exists(), "below LAZY_FROM: no side file");
        let whole = load(&path).expect("read").expect("valid");
        assert!(whole == below);
        assert!(matches!(whole.entries, Entries::Lines(_)), "first: whole");
        assert!(sums_path(&path).exists(), "its blocks' sums kept");
        let by_block = load(&path).expect("read").expect("valid");
        assert!(
            matches!(by_block.entries, Entries::Lazy(_)),
            "then: by block"
        );
        let keys = n as u64 * LINE_KEYS;
        assert_eq!(by_block.len(), keys);
        assert_eq!(by_block.bytes(), whole.bytes());
        for k in (0..keys).step_by(997).chain([keys - 1]) {
            assert_eq!(by_block.get(k), whole.get(k), "key {k}");
            assert_eq!(by_block.get_sure(k), whole.get_sure(k), "key {k}");
        }
        assert!(by_block == whole && by_block.block_errors().is_empty());
        // Batches read as each key alone, across blocks and chunks,
        // whole and by block (the batch's lengths cover one chunk and
        // more; a longer `out` keeps its tail).
        let batch: Vec<u64> = (0..77u64).map(|i| (i * 7919 * 97) % keys).collect();
        let single: Vec<u8> = batch.iter().map(|&k| whole.get(k)).collect();
        for table in [&whole, &by_block] {
            for len in [0, 1, 31, 32, 33, 77] {
                let mut out = vec![0xaa; len + 1];
                table.get_many(&batch[..len], &mut out);
                assert_eq!(&out[..len], &single[..len], "{len} keys");
                assert_eq!(out[len], 0xaa, "{len} keys: nothing past them");
            }
        }
        // One byte of block 1 changed, the stored checksum left as it was.
        let head_len = header(name, keys, LINES, 12).len() as u64;
        let at = head_len + (BLOCK_LINES as u64 + 100) * 32 + 7;
        let mut bytes = fs::read(&path).expect("read");
        bytes[at as usize] ^= 0x11;
        fs::write(&path, &bytes).expect("written");
        let damaged = load(&path).expect("read").expect("by block");
        let in_block = |b: usize| (b * BLOCK_LINES) as u64 * LINE_KEYS;
        for k in (in_block(1)..in_block(2)).step_by(1009) {
            assert_eq!(damaged.get_sure(k), (0, false), "key {k}: a lower bound");
        }
        for k in (0..in_block(1)).chain(in_block(2)..keys).step_by(1013) {
            assert_eq!(damaged.get(k), whole.get(k), "key {k}: its block sound");
        }
        let said = damaged.block_errors();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].contains("block 1 differs from the file checked"),
            "{said:?}"
        );
        // Saved anew (another stored checksum): read whole, its new entries.
        let data = write_lines_file(&path, name, n, 0x55);
        let anew = load(&path).expect("read").expect("valid");
        assert!(matches!(anew.entries, Entries::Lines(_)), "whole again");
        let line = Line::from_bytes(&data[32 * 40..32 * 41]);
        assert_eq!(anew.get(40 * LINE_KEYS + 5), line.get(5));
        // A side file damaged: read whole.
        let side = sums_path(&path);
        let mut sums = fs::read(&side).expect("sums");
        let last = sums.len() - 9;
        sums[last] ^= 1;
        fs::write(&side, &sums).expect("written");
        let again = load(&path).expect("read").expect("valid");
        assert!(matches!(again.entries, Entries::Lines(_)), "whole again");
        assert!(again == anew);
        fs::remove_dir_all(&dir).ok();
    }
}
