//! The checksum table files (and files kept beside them) carry, and the
//! one way they are written: whole, never torn.

use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::hash::mix;

/// Writes `parts`, one after another, to `path` as a whole: into a file
/// beside it, then renamed into place, so that a reader never sees half
/// a file. The temporary name is this process's and this call's own, so
/// two writers of one file never write into one temporary file; whatever
/// fails, the temporary file goes. Tables use it, and so may other files
/// kept beside them in a cache.
///
/// ```
/// use puzzle_search_core::pdb::write_whole;
/// let path = std::env::temp_dir().join(format!("write-whole-doc-{}", std::process::id()));
/// write_whole(&path, &[b"head", b"body"])?;
/// assert_eq!(std::fs::read(&path)?, b"headbody");
/// std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// Creating, writing or renaming the file failed.
pub fn write_whole(path: &Path, parts: &[&[u8]]) -> io::Result<()> {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let tmp = path.with_extension(format!("{}-{call}.tmp", std::process::id()));
    let write = || -> io::Result<()> {
        let mut file = fs::File::create(&tmp)?;
        for part in parts {
            file.write_all(part)?;
        }
        file.sync_data().ok();
        drop(file);
        fs::rename(&tmp, path)
    };
    let written = write();
    if written.is_err() {
        fs::remove_file(&tmp).ok();
    }
    written
}

/// A 64-bit checksum at memory speed: four lanes of 8-byte words, each
/// `(lane ^ word) * odd` then a rotation (each step a bijection, so a
/// changed word changes its lane), the tail and the length mixed in last.
/// Enough to catch a cut or damaged file; not a cryptographic hash (the
/// table files use it; so may other files kept beside them).
///
/// ```
/// use puzzle_search_core::pdb::checksum;
/// assert_eq!(checksum(b"table"), checksum(b"table"));
/// assert_ne!(checksum(b"table"), checksum(b"tablf"));
/// ```
pub fn checksum(data: &[u8]) -> u64 {
    let mut sum = Checksum::default();
    let mut blocks = data.chunks_exact(32);
    for block in &mut blocks {
        sum.block(block);
    }
    sum.finish(blocks.remainder(), data.len() as u64)
}

/// [`checksum`] a block of 32 bytes at a time, for data read in pieces
/// (a packed table's lines, straight from the file).
pub(super) struct Checksum {
    lanes: [u64; 4],
}

impl Default for Checksum {
    fn default() -> Self {
        Checksum {
            lanes: [
                0x243f_6a88_85a3_08d3,
                0x1319_8a2e_0370_7344,
                0xa409_3822_299f_31d0,
                0x082e_fa98_ec4e_6c89,
            ],
        }
    }
}

impl Checksum {
    const K: [u64; 4] = [
        0x9e37_79b9_7f4a_7c15,
        0xc2b2_ae3d_27d4_eb4f,
        0x1656_67b1_9e37_79f9,
        0xd6e8_feb8_6659_fd93,
    ];

    /// The next 32 bytes.
    pub(super) fn block(&mut self, block: &[u8]) {
        for (i, lane) in self.lanes.iter_mut().enumerate() {
            let mut w = [0u8; 8];
            w.copy_from_slice(&block[8 * i..8 * i + 8]);
            *lane = (*lane ^ u64::from_le_bytes(w))
                .wrapping_mul(Self::K[i])
                .rotate_left(29);
        }
    }

    /// The sum, with the last `rest` (under 32 bytes) and the length of
    /// all the data.
    pub(super) fn finish(mut self, rest: &[u8], len: u64) -> u64 {
        let mut tail = [0u8; 32];
        tail[..rest.len()].copy_from_slice(rest);
        for (i, lane) in self.lanes.iter_mut().enumerate() {
            let mut w = [0u8; 8];
            w.copy_from_slice(&tail[8 * i..8 * i + 8]);
            *lane = mix(*lane ^ u64::from_le_bytes(w));
        }
        let mut h = len;
        for lane in self.lanes {
            h = mix(h ^ lane);
        }
        h
    }
}
