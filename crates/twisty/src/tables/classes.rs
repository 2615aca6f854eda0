//! The placement classes of a table by symmetry class
//! ([`SymGroup`](crate::tables::symgroup)) kept in the cache directory beside
//! the table: made in about a second for the 3x3x3's eight edges (20M
//! placements, single-threaded), read back in a few hundredths.
//!
//! The file: a magic word and version, the placements and classes
//! counts, each placement's class word (`u32`, little-endian), each
//! class's representative (`u32`) and stabiliser mask (`u64`), then a
//! checksum of everything before it. A file that is short, long, of
//! another version, of other counts, whose checksum differs, or whose
//! words name a class or symmetry out of range is not trusted: the
//! classes are made again (and the file written anew).

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use puzzle_search_core::pdb::{PatternDb, checksum, write_whole};

/// The file's first eight bytes (the last one its version).
const MAGIC: &[u8; 8] = b"PSCLS\0\0\x01";

/// The placements below which the classes are made, not cached (a
/// hundredth of a second or less).
pub(crate) const CACHED_FROM: u64 = 1 << 20;

/// One group's classes: per placement its class word (class times 64
/// plus the kept symmetry to its representative), per class its
/// representative and the kept symmetries fixing it.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Classes {
    pub(crate) class: Vec<u32>,
    pub(crate) reps: Vec<u32>,
    pub(crate) stab: Vec<u64>,
}

/// The file of the classes of the table named `name` in `dir`.
pub(crate) fn file_in(dir: &Path, name: &str) -> PathBuf {
    PatternDb::file_in(dir, name).with_extension("cls")
}

/// The classes of `perms` placements under `kept` symmetries read from
/// `path`: `Ok(None)` where there is no file or it is not trusted (see
/// the module's docs); `Err` where it could not be read.
pub(crate) fn load(path: &Path, perms: u64, kept: usize) -> io::Result<Option<Classes>> {
    let meta = match fs::metadata(path) {
        Ok(m) if m.is_file() => m,
        Ok(_) => return Ok(None),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    // Header 24 bytes, 4 a placement, 12 a class (at most one a
    // placement), checksum 8.
    let most = 32 + 16 * perms;
    if meta.len() < 32 + 4 * perms || meta.len() > most {
        return Ok(None);
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    fs::File::open(path)?.take(most).read_to_end(&mut bytes)?;
    Ok(parse(&bytes, perms, kept))
}

/// The classes in `bytes`, checked as [`load`] says.
fn parse(bytes: &[u8], perms: u64, kept: usize) -> Option<Classes> {
    let (body, sum) = bytes.split_at_checked(bytes.len().checked_sub(8)?)?;
    if checksum(body) != u64::from_le_bytes(sum.try_into().ok()?) {
        return None;
    }
    let (magic, rest) = body.split_at_checked(8)?;
    if magic != MAGIC {
        return None;
    }
    let word = |b: &[u8], at: usize| -> Option<u64> {
        Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
    };
    let (n, classes) = (word(rest, 0)?, word(rest, 8)?);
    let rest = &rest[16..];
    if n != perms || classes > perms || rest.len() as u64 != 4 * perms + 12 * classes {
        return None;
    }
    let (words, rest) = rest.split_at(4 * perms as usize);
    let (reps, stab) = rest.split_at(4 * classes as usize);
    let u32s = |b: &[u8]| -> Vec<u32> {
        b.chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    };
    let out = Classes {
        class: u32s(words),
        reps: u32s(reps),
        stab: stab
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap_or_default()))
            .collect(),
    };
    // Every word names a class and a kept symmetry; every representative
    // is a placement whose word is its own class by the identity.
    let words_ok = out
        .class
        .iter()
        .all(|&w| u64::from(w >> 6) < classes && ((w & 63) as usize) < kept);
    let reps_ok = out
        .reps
        .iter()
        .enumerate()
        .all(|(c, &p)| u64::from(p) < perms && out.class[p as usize] == (c as u32) << 6);
    (words_ok && reps_ok).then_some(out)
}

/// Why the file at `path` was not taken: not the classes of this table
/// (damaged, cut short, of another version or of other counts), so they
/// are made again.
pub(crate) fn refused(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "{} is not valid placement classes of this table (corrupt, cut short, or of another version): made again",
            path.display()
        ),
    )
}

/// Writes `classes` to `path` (the core's [`write_whole`]: never a torn
/// file).
pub(crate) fn save(path: &Path, classes: &Classes) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(32 + 4 * classes.class.len() + 12 * classes.reps.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&(classes.class.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&(classes.reps.len() as u64).to_le_bytes());
    for &w in classes.class.iter().chain(&classes.reps) {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    for &s in &classes.stab {
        bytes.extend_from_slice(&s.to_le_bytes());
    }
    let sum = checksum(&bytes);
    write_whole(path, &[&bytes, &sum.to_le_bytes()])
        .map_err(|e| io::Error::new(e.kind(), format!("writing {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Classes {
        Classes {
            class: vec![0, 1 << 6, 1, 1 << 6 | 2, 2 << 6],
            reps: vec![0, 1, 4],
            stab: vec![1, 3, 1],
        }
    }

    /// Saved and read back equal; a flipped byte anywhere, a file cut
    /// short, other counts or a word out of range are not trusted.
    #[test]
    fn classes_read_back_and_refuse_damage() {
        let dir = std::env::temp_dir().join(format!("twisty-classes-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = file_in(&dir, "sample classes");
        let classes = sample();
        save(&path, &classes).expect("saved");
        assert_eq!(load(&path, 5, 3).expect("read"), Some(sample()));
        assert_eq!(load(&path, 6, 3).expect("read"), None, "other count");
        assert_eq!(load(&path, 5, 2).expect("read"), None, "symmetry 2 of 2");
        let bytes = fs::read(&path).expect("read");
        for at in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert_eq!(parse(&bad, 5, 3), None, "byte {at} flipped");
        }
        assert_eq!(parse(&bytes[..bytes.len() - 1], 5, 3), None);
        // A representative whose word is not its class: refused even
        // with a right checksum.
        let mut wrong = sample();
        wrong.reps[1] = 2;
        save(&path, &wrong).expect("saved");
        assert_eq!(load(&path, 5, 3).expect("read"), None);
        assert_eq!(load(&dir.join("none.cls"), 5, 3).expect("no file"), None);
        fs::remove_dir_all(&dir).ok();
    }
}
