//! Tables indexed directly by the pattern tiles' cells, and the per-node
//! keys the search steps by one add a move.

use puzzle_search_core::pdb::PatternDb;

use super::PatternAbstraction;
use super::values::{MAX_PATTERNS, NO_SLOT, SLOTS, Values};

/// Per node, with direct tables: each pattern's index into
/// [`Direct::table`], direct then mirrored, and one unused slot.
pub(crate) type Keys = [u32; SLOTS];

/// The largest direct table, in entries (bytes): 16 MiB, the 15-puzzle's
/// 6-tile patterns (`16^6`), as Korf and Felner's solvers index them.
const DIRECT_MAX: u64 = 1 << 24;

/// What a move of one tile changes in one pattern: its slot, and the
/// tile's weight `cells^j` in that pattern's index.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Touch {
    pub(super) slot: u8,
    pub(super) mul: u32,
}

/// The tables copied into one array, each indexed by `sum(cell of tile j *
/// cells^j)` over its tiles (`cells^k` bytes, entries for repeated cells
/// unused), so that a move changes an index by one add of `(new cell - old
/// cell) * cells^j` instead of a ranking from scratch: the same entries as
/// the ranked tables, looked up cheaper.
#[derive(Debug)]
pub(super) struct Direct {
    /// Every pattern's table, one after another.
    pub(super) table: Vec<u8>,
    /// Where each pattern's table starts in `table`.
    pub(super) base: [u32; MAX_PATTERNS],
    /// Per tile: what its moves change directly, and in the mirrored board
    /// (on squares; `NO_SLOT` elsewhere).
    pub(super) touch: [[Touch; 2]; 32],
    /// `flip[c]`: cell `c` mirrored (identity off squares, unused there).
    pub(super) flip: [u8; 32],
}

impl Direct {
    /// The direct copies of `parts`' tables, or `None` when one would
    /// exceed [`DIRECT_MAX`] entries.
    pub(super) fn new(
        cells: usize,
        parts: &[(PatternAbstraction, PatternDb)],
        mirror: Option<&(Vec<u8>, Vec<u8>)>,
    ) -> Option<Self> {
        let mut table = Vec::new();
        let mut base = [0u32; MAX_PATTERNS];
        let none = Touch {
            slot: NO_SLOT,
            mul: 0,
        };
        let mut direct = [none; 32];
        for (i, (abs, db)) in parts.iter().enumerate() {
            let k = abs.tiles.len();
            let size = (cells as u64).checked_pow(k as u32)?;
            if size > DIRECT_MAX {
                return None;
            }
            // The last tile gets stride 1, so that `fill`'s inner loop
            // writes neighbouring bytes (the other order strides 16^5
            // bytes a write and was most of the start-up time).
            let muls: Vec<u32> = (0..k)
                .map(|j| (cells as u32).pow((k - 1 - j) as u32))
                .collect();
            for (j, &t) in abs.tiles.iter().enumerate() {
                direct[usize::from(t)] = Touch {
                    slot: i as u8,
                    mul: muls[j],
                };
            }
            base[i] = table.len() as u32;
            let start = table.len();
            table.resize(start + size as usize, 0);
            // Placements in rank order are the cell tuples in lexicographic
            // order: one pass, the rank counting up.
            let mut rank = 0u64;
            fill(cells, &muls, 0, 0, 0, &mut rank, db, &mut table[start..]);
        }
        let mut flip = [0u8; 32];
        for (c, f) in flip.iter_mut().enumerate() {
            *f = c as u8;
        }
        let mut touch = [[none; 2]; 32];
        for t in 0..cells {
            touch[t][0] = direct[t];
            if let Some((mirror_tile, cell_flip)) = mirror {
                // The mirrored board holds tile `u = mirror_tile[t]` where
                // the board holds `t`, mirrored.
                let u = direct[usize::from(mirror_tile[t])];
                if u.slot != NO_SLOT {
                    touch[t][1] = Touch {
                        slot: MAX_PATTERNS as u8 + u.slot,
                        mul: u.mul,
                    };
                }
                flip[t] = cell_flip[t];
            }
        }
        Some(Self {
            table,
            base,
            touch,
            flip,
        })
    }

    /// The two keys after `tile` goes from cell `src` to `dst`, with their
    /// slots.
    #[inline(always)]
    pub(super) fn moved(&self, keys: &Keys, tile: u8, src: usize, dst: usize) -> [(usize, u32); 2] {
        let [a, b] = self.touch[usize::from(tile) & 31];
        let (sa, sb) = (
            usize::from(a.slot) & (SLOTS - 1),
            usize::from(b.slot) & (SLOTS - 1),
        );
        let ka = keys[sa].wrapping_add((dst as u32).wrapping_sub(src as u32).wrapping_mul(a.mul));
        let (fs, fd) = (self.flip[src & 31], self.flip[dst & 31]);
        let kb = keys[sb].wrapping_add(
            u32::from(fd)
                .wrapping_sub(u32::from(fs))
                .wrapping_mul(b.mul),
        );
        [(sa, ka), (sb, kb)]
    }

    /// What a move of `tile` from cell `src` to `dst` would change: the two
    /// slots with their new keys, the entries there, and the sums after.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    pub(super) fn after(
        &self,
        keys: &Keys,
        values: &Values,
        tile: u8,
        src: usize,
        dst: usize,
    ) -> ([(usize, u32); 2], [u8; 2], [u16; 2]) {
        let [(sa, ka), (sb, kb)] = self.moved(keys, tile, src, dst);
        let (va, vb) = (self.at(ka), self.at(kb));
        let sums = values.sums_after((sa, va), (sb, vb));
        ([(sa, ka), (sb, kb)], [va, vb], sums)
    }

    /// The entry at absolute index `k` (0 for an index out of range, which
    /// a consistent node never has).
    #[inline(always)]
    pub(super) fn at(&self, k: u32) -> u8 {
        self.table.get(k as usize).copied().unwrap_or(0)
    }
}

/// Writes `table`'s entries into `out` at their direct indices, placing
/// tile slots `slot..` on the cells not in `used`.
#[allow(clippy::too_many_arguments)]
fn fill(
    cells: usize,
    muls: &[u32],
    slot: usize,
    used: u32,
    index: u32,
    rank: &mut u64,
    table: &PatternDb,
    out: &mut [u8],
) {
    if muls.is_empty() {
        // No tile: one entry.
        out[0] = table.get(0);
        return;
    }
    if slot + 1 == muls.len() {
        // The last tile: one entry per free cell, the rank counting up.
        let mul = muls[slot];
        for c in (0..cells).filter(|&c| used >> c & 1 == 0) {
            out[(index + c as u32 * mul) as usize] = table.get(*rank);
            *rank += 1;
        }
        return;
    }
    for c in 0..cells {
        if used >> c & 1 == 0 {
            let index = index + c as u32 * muls[slot];
            fill(
                cells,
                muls,
                slot + 1,
                used | 1 << c,
                index,
                rank,
                table,
                out,
            );
        }
    }
}
