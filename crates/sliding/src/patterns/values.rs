//! Per-node pattern values, and what a move changed in them.

/// Slots of [`Keys`](super::Keys) and [`Values`]: the direct values, the mirrored ones,
/// and from [`NO_SLOT`] on, a slot for "no pattern". Indices are masked
/// with `SLOTS - 1`, so the hot loop has no bounds checks on them.
pub(super) const SLOTS: usize = 16;

/// The slot that stands for no pattern: a move of a tile in no pattern
/// "changes" it by nothing (its key stays 0, its value stays `table[0]`,
/// so every sum stays), and the move needs no branch.
pub(super) const NO_SLOT: u8 = SLOTS as u8 - 1;

/// The most patterns in a partition (each node keeps one value per pattern,
/// direct and mirrored).
pub const MAX_PATTERNS: usize = 6;

/// What a move changed in a node's pattern keys and values, kept to take
/// it back without looking anything up: the two keys and values before
/// it (keys only with direct tables) and both sums.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Saved {
    pub(super) keys: [u32; 2],
    pub(super) values: [u8; 2],
    pub(super) sums: [u16; 2],
}

/// Per node: the table value of each pattern, direct then mirrored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Values {
    /// The values by slot (see [`SLOTS`]); the "no pattern" slot holds
    /// what its key finds, so that setting it changes no sum.
    pub(super) v: [u8; SLOTS],
    /// The direct and the mirrored sum, kept up to date by [`Values::set`]
    /// so that the bound is one comparison, not two sums.
    pub(super) sums: [u16; 2],
}

impl Values {
    /// The values in slots `slots` and the sums, to put back with
    /// [`Values::restore`] (no keys: for ranked tables).
    #[inline(always)]
    pub(crate) fn save(&self, slots: [u8; 2]) -> Saved {
        Saved {
            keys: [0; 2],
            values: slots.map(|i| self.v[usize::from(i) & (SLOTS - 1)]),
            sums: self.sums,
        }
    }

    /// Puts back what [`Values::save`] returned for the same slots.
    #[inline(always)]
    pub(crate) fn restore(&mut self, slots: [u8; 2], saved: Saved) {
        self.v[usize::from(slots[1]) & (SLOTS - 1)] = saved.values[1];
        self.v[usize::from(slots[0]) & (SLOTS - 1)] = saved.values[0];
        self.sums = saved.sums;
    }

    /// Sets value `i` (direct below [`MAX_PATTERNS`], mirrored from it).
    #[inline(always)]
    pub(super) fn set(&mut self, i: usize, value: u8) {
        let i = i & (SLOTS - 1);
        let side = usize::from(i >= MAX_PATTERNS);
        self.sums[side] = self.sums[side]
            .wrapping_sub(u16::from(self.v[i]))
            .wrapping_add(u16::from(value));
        self.v[i] = value;
    }

    /// The sums after a move sets direct slot `a` and mirrored slot `b`
    /// (as [`Direct::moved`] names them) to `va` and `vb`, changing
    /// nothing. Each goes to its own side without a test: a slot that is
    /// not on that side is the "no pattern" one, whose value the move
    /// leaves as it is (its key does not change), so it adds nothing.
    #[inline(always)]
    pub(super) fn sums_after(&self, (a, va): (usize, u8), (b, vb): (usize, u8)) -> [u16; 2] {
        let [d, m] = self.sums;
        [
            d.wrapping_sub(u16::from(self.v[a & (SLOTS - 1)]))
                .wrapping_add(u16::from(va)),
            m.wrapping_sub(u16::from(self.v[b & (SLOTS - 1)]))
                .wrapping_add(u16::from(vb)),
        ]
    }
}

/// The cell of tile `t` in a packed inverse (5 bits a tile).
#[inline]
pub(crate) fn cell_in(inv: u128, t: u8) -> u8 {
    (inv >> (5 * u32::from(t))) as u8 & 31
}
