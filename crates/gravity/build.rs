//! Builds the tables of the gathering bound (`src/gather.rs`): for every
//! board width from 3 to 8 and every colour pattern (blocks per column,
//! capped at 3, two bits a column), the column steps the worst-placed block
//! of that colour needs to line up with two others. Built here, once, so
//! that no program pays for it at start-up (4^8 patterns take a few tenths
//! of a second); `src/gather.rs` tests every entry up to width 6 and a
//! sample of the rest against a plain enumeration of block triples.

use std::env;
use std::fs;
use std::path::PathBuf;

/// Must match `gather::GATHER_WIDTH`.
const MAX_WIDTH: usize = 8;
/// Must match `gather::NEVER`.
const NEVER: u8 = u8::MAX;

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for w in 3..=MAX_WIDTH {
        let table: Vec<u8> = (0..1usize << (2 * w))
            .map(|p| {
                let mut counts = [0u8; MAX_WIDTH];
                for (x, n) in counts.iter_mut().enumerate().take(w) {
                    *n = (p >> (2 * x) & 3) as u8;
                }
                colour_bound(&counts[..w])
            })
            .collect();
        fs::write(out.join(format!("gather{w}.bin")), table).expect("OUT_DIR is writable");
    }
    println!("cargo::rerun-if-changed=build.rs");
}

/// The largest, over the blocks of one colour, of the fewest column steps
/// that bring a block and two others into one column or into the three
/// slots of a window; `NEVER` for one or two blocks.
fn colour_bound(counts: &[u8]) -> u8 {
    let w = counts.len();
    let n: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    if n == 0 {
        return 0;
    }
    if n < 3 {
        return NEVER;
    }
    let mut worst = 0;
    for x in 0..w {
        if counts[x] == 0 {
            continue;
        }
        // The other blocks in column order; two a column are enough, as
        // a formation takes at most two others from one column.
        let mut others = [0usize; 2 * MAX_WIDTH];
        let mut m = 0;
        for (c, &k) in counts.iter().enumerate() {
            let k = if c == x { k - 1 } else { k }.min(2);
            for _ in 0..k {
                others[m] = c;
                m += 1;
            }
        }
        let others = &others[..m];
        let mut best = usize::MAX;
        // Vertical: the block and the two others nearest to column t.
        for t in 0..w {
            let (mut d1, mut d2) = (usize::MAX / 4, usize::MAX / 4);
            for &c in others {
                let d = c.abs_diff(t);
                if d < d1 {
                    d2 = d1;
                    d1 = d;
                } else if d < d2 {
                    d2 = d;
                }
            }
            best = best.min(x.abs_diff(t) + d1 + d2);
        }
        // Horizontal: the block in slot a + s, two others in slots u < v.
        // Uncrossed assignments suffice: the left block takes u.
        for a in 0..w - 2 {
            for s in 0..3 {
                let (u, v) = match s {
                    0 => (a + 1, a + 2),
                    1 => (a, a + 2),
                    _ => (a, a + 1),
                };
                let (mut left, mut pair) = (usize::MAX / 4, usize::MAX / 4);
                for j in 1..others.len() {
                    left = left.min(others[j - 1].abs_diff(u));
                    pair = pair.min(left + others[j].abs_diff(v));
                }
                best = best.min(x.abs_diff(a + s) + pair);
            }
        }
        worst = worst.max(best);
    }
    worst.min(usize::from(NEVER - 1)) as u8
}
