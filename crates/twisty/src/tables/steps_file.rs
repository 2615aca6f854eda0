//! A projection's step tables (its orbits' values after each move and in
//! each conjugate) kept in the cache directory beside its table: made in
//! about 0.45 s for the 3x3x3's two projections (most of a start with the
//! tables cached), read back in a few milliseconds.
//!
//! The file: a magic word and version, the count of tables, then each
//! table as a width byte (0: none, 2 or 4 bytes an entry), its entry
//! count (`u64`) and its entries, little-endian; then a checksum of
//! everything before it. A file that is short, long, of another version,
//! whose checksum differs or whose widths are not 0, 2 or 4 is not
//! trusted; its tables' lengths, widths and ranges are checked against
//! the projection, and a sample of its values after each move and of its
//! conjugates against those made whole, by the projection
//! (`Projection::attach_steps`): any doubt and the tables are made again,
//! and the file written anew.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use puzzle_search_core::pdb::{PatternDb, checksum, write_whole};

use crate::tables::narrow::Narrow;

/// The file's first eight bytes (the last one its version: 3 since kept
/// blocks' turns are stepped apart from their placements, 2 since
/// three-way turns are conjugated apart, so that a file of an earlier
/// version is made anew once).
const MAGIC: &[u8; 8] = b"PSSTP\0\0\x03";

/// The most bytes a step file may hold: the tables are at most
/// `STEP_ENTRIES` entries of four bytes each, a few a projection.
const MOST: u64 = 1 << 30;

/// The file of the step tables of the table named `name` in `dir`.
pub(crate) fn file_in(dir: &Path, name: &str) -> PathBuf {
    PatternDb::file_in(dir, name).with_extension("stp")
}

/// The tables read from `path`: `Ok(None)` where there is no file;
/// `Err` where it could not be read or is not trusted (see the module's
/// docs: [`refused`]), to be said as the tables are made again.
pub(crate) fn load(path: &Path) -> io::Result<Option<Vec<Option<Narrow>>>> {
    let meta = match fs::metadata(path) {
        Ok(m) if m.is_file() => m,
        Ok(_) => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{} is not a regular file", path.display()),
            ));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(io::Error::new(
                e.kind(),
                format!("reading {}: {e}", path.display()),
            ));
        }
    };
    if meta.len() > MOST {
        return Err(refused(path));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    fs::File::open(path)
        .and_then(|f| f.take(MOST).read_to_end(&mut bytes))
        .map_err(|e| io::Error::new(e.kind(), format!("reading {}: {e}", path.display())))?;
    parse(&bytes).map(Some).ok_or_else(|| refused(path))
}

/// Why the file at `path` was not taken: not step tables of this
/// projection (damaged, cut short, of another version, or whose tables
/// do not fit it), so they are made again.
pub(crate) fn refused(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "{} is not valid step tables of this projection (corrupt, cut short, or of another version): made again",
            path.display()
        ),
    )
}

/// The tables in `bytes`, checked as [`load`] says.
fn parse(bytes: &[u8]) -> Option<Vec<Option<Narrow>>> {
    let (body, sum) = bytes.split_at_checked(bytes.len().checked_sub(8)?)?;
    if checksum(body) != u64::from_le_bytes(sum.try_into().ok()?) {
        return None;
    }
    let (magic, mut rest) = body.split_at_checked(8)?;
    if magic != MAGIC {
        return None;
    }
    let word = |rest: &mut &[u8]| -> Option<u64> {
        let (w, r) = rest.split_at_checked(8)?;
        *rest = r;
        Some(u64::from_le_bytes(w.try_into().ok()?))
    };
    let count = word(&mut rest)?;
    let mut out = Vec::new();
    for _ in 0..count {
        let (&width, r) = rest.split_first()?;
        rest = r;
        let len = usize::try_from(word(&mut rest)?).ok()?;
        let bytes = len.checked_mul(usize::from(width))?;
        let (data, r) = rest.split_at_checked(bytes)?;
        rest = r;
        out.push(match width {
            0 if len == 0 => None,
            2 => Some(Narrow::Two(
                data.chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect(),
            )),
            4 => Some(Narrow::Four(
                data.chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
            )),
            _ => return None,
        });
    }
    rest.is_empty().then_some(out)
}

/// Writes `tables` to `path` (the core's [`write_whole`]: never a torn
/// file).
pub(crate) fn save(path: &Path, tables: &[Option<&Narrow>]) -> io::Result<()> {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&(tables.len() as u64).to_le_bytes());
    for t in tables {
        match t {
            None => {
                bytes.push(0);
                bytes.extend_from_slice(&0u64.to_le_bytes());
            }
            Some(Narrow::Two(v)) => {
                bytes.push(2);
                bytes.extend_from_slice(&(v.len() as u64).to_le_bytes());
                v.iter()
                    .for_each(|x| bytes.extend_from_slice(&x.to_le_bytes()));
            }
            Some(Narrow::Four(v)) => {
                bytes.push(4);
                bytes.extend_from_slice(&(v.len() as u64).to_le_bytes());
                v.iter()
                    .for_each(|x| bytes.extend_from_slice(&x.to_le_bytes()));
            }
        }
    }
    let sum = checksum(&bytes);
    write_whole(path, &[&bytes, &sum.to_le_bytes()])
        .map_err(|e| io::Error::new(e.kind(), format!("writing {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Saved and read back equal; a flipped byte anywhere or a file cut
    /// short is not trusted.
    #[test]
    fn steps_read_back_and_refuse_damage() {
        let dir = std::env::temp_dir().join(format!("twisty-steps-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = file_in(&dir, "sample steps");
        let (a, b) = (Narrow::Two(vec![1, 2, 3]), Narrow::Four(vec![7, 1 << 20]));
        save(&path, &[Some(&a), None, Some(&b)]).expect("saved");
        assert_eq!(
            load(&path).expect("read"),
            Some(vec![Some(a.clone()), None, Some(b.clone())])
        );
        let bytes = fs::read(&path).expect("read");
        for at in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert_eq!(parse(&bad), None, "byte {at} flipped");
        }
        for cut in 0..bytes.len() {
            assert_eq!(parse(&bytes[..cut]), None, "cut at {cut}");
        }
        assert_eq!(load(&dir.join("none.stp")).expect("no file"), None);
        std::fs::write(&path, b"short").expect("written");
        let e = load(&path).expect_err("refused").to_string();
        assert!(e.ends_with("is not valid step tables of this projection (corrupt, cut short, or of another version): made again"), "{e}");
        fs::remove_dir_all(&dir).ok();
    }
}
