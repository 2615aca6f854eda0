//! The eight moves and their effect on a cell mask.

use std::fmt;

/// The lines the moves rotate, from the spec's table. After move `m`,
/// cell `LINES[m][i]` holds what `LINES[m][i + 1]` held, and the last cell
/// what the first held.
pub const LINES: [[u8; 7]; 8] = [
    [0, 2, 6, 11, 15, 20, 22],
    [1, 3, 8, 12, 17, 21, 23],
    [10, 9, 8, 7, 6, 5, 4],
    [19, 18, 17, 16, 15, 14, 13],
    [23, 21, 17, 12, 8, 3, 1],
    [22, 20, 15, 11, 6, 2, 0],
    [13, 14, 15, 16, 17, 18, 19],
    [4, 5, 6, 7, 8, 9, 10],
];

/// A move, `A` to `H`; the derived order is the judge's letter order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// Column A pulled up.
    A,
    /// Column B pulled up.
    B,
    /// Upper row pulled right.
    C,
    /// Lower row pulled right.
    D,
    /// Column B pulled down.
    E,
    /// Column A pulled down.
    F,
    /// Lower row pulled left.
    G,
    /// Upper row pulled left.
    H,
}

impl Move {
    /// All moves in canonical order.
    pub const ALL: [Move; 8] = [
        Move::A,
        Move::B,
        Move::C,
        Move::D,
        Move::E,
        Move::F,
        Move::G,
        Move::H,
    ];

    /// The move's position in [`ALL`](Self::ALL) and [`LINES`].
    ///
    /// ```
    /// use puzzle_rotation::Move;
    /// assert_eq!((Move::A.index(), Move::H.index()), (0, 7));
    /// ```
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter the judge prints.
    ///
    /// ```
    /// use puzzle_rotation::Move;
    /// assert_eq!(Move::C.letter(), 'C');
    /// ```
    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The move that undoes this one.
    ///
    /// ```
    /// use puzzle_rotation::Move;
    /// assert_eq!((Move::A.inverse(), Move::C.inverse()), (Move::F, Move::H));
    /// ```
    pub fn inverse(self) -> Move {
        Move::ALL[[5, 4, 7, 6, 1, 0, 3, 2][self.index()]]
    }

    /// The image of a 24-bit cell mask under this move.
    ///
    /// ```
    /// use puzzle_rotation::{CENTRE, Move};
    /// // Moving a mask and moving it back gives it again.
    /// assert_eq!(Move::A.inverse().permute(Move::A.permute(CENTRE)), CENTRE);
    /// ```
    #[inline]
    pub fn permute(self, mask: u32) -> u32 {
        let t = &PERMUTE[self.index()];
        t[0][(mask & 0xFF) as usize]
            | t[1][((mask >> 8) & 0xFF) as usize]
            | t[2][(mask >> 16) as usize & 0xFF]
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// `PERMUTE[m][k][b]`: where the bits `b << 8k` go under move `m`. Built at
/// compile time; three lookups move a whole mask.
static PERMUTE: [[[u32; 256]; 3]; 8] = {
    let mut table = [[[0u32; 256]; 3]; 8];
    let mut m = 0;
    while m < 8 {
        // dest[c]: where the content of cell c goes.
        let mut dest = [0u8; 24];
        let mut c = 0;
        while c < 24 {
            dest[c] = c as u8;
            c += 1;
        }
        let mut i = 0;
        while i < 7 {
            dest[LINES[m][(i + 1) % 7] as usize] = LINES[m][i];
            i += 1;
        }
        let mut k = 0;
        while k < 3 {
            let mut b = 0;
            while b < 256 {
                let mut out = 0u32;
                let mut bit = 0;
                while bit < 8 {
                    if b & (1 << bit) != 0 {
                        out |= 1 << dest[8 * k + bit];
                    }
                    bit += 1;
                }
                table[m][k][b] = out;
                b += 1;
            }
            k += 1;
        }
        m += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The image of a 24-bit cell mask under this move, bit by bit (the
    /// reference for the byte tables).
    fn permute_slow(m: Move, mask: u32) -> u32 {
        let line = LINES[m.index()];
        let mut out = mask;
        for i in 0..7 {
            let from = line[(i + 1) % 7];
            let bit = (mask >> from) & 1;
            out = out & !(1 << line[i]) | bit << line[i];
        }
        out
    }

    #[test]
    fn byte_tables_match_the_bit_by_bit_rule() {
        let mut x = 0x1234_5678u32;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let mask = x & 0xFF_FFFF;
            for m in Move::ALL {
                assert_eq!(m.permute(mask), permute_slow(m, mask), "{m} {mask:06x}");
            }
        }
    }

    #[test]
    fn inverse_moves_undo_each_other() {
        for m in Move::ALL {
            assert_eq!(m.inverse().inverse(), m);
            for mask in [1u32, 0xFF, 0x1234, 0xABCDEF, 0x0F0F0F] {
                assert_eq!(m.inverse().permute(m.permute(mask)), mask);
            }
        }
    }
}
