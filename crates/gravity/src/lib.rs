//! Falling blocks and match-3 runs on packed columns, shared by the Mayan
//! and Box-slide puzzles.
//!
//! A column is an unsigned word whose nibble `y` holds the colour of the
//! cell `y` places above the floor (0 = empty): `u32` for up to 8 rows,
//! `u64` for up to 16. A settled column is a run of non-zero nibbles from
//! the bottom. The rules are SWAR arithmetic on all rows at once:
//! - [`occupied`]: a full-nibble mask of the non-empty cells;
//! - [`equal`]: the rows where two columns hold the same value;
//! - vertical runs: a column against itself shifted one and two rows;
//!   horizontal runs: three neighbouring columns (see [`marks`]);
//! - [`fall`]: a column's non-empty nibbles packed down.
//!
//! No row or height mask is needed: every run test is ANDed with
//! `occupied`, which is zero above the top block, so the unused high
//! nibbles never match.
//!
//! ```
//! use puzzle_gravity::{fall, settle};
//! // Three columns, bottom row 1 1 1, a 2 resting on the middle one.
//! let mut cols = [0x1u32, 0x21, 0x1];
//! settle(&mut cols);
//! assert_eq!(cols, [0, 0x2, 0]); // the 1s vanish together, the 2 falls
//! assert_eq!(fall(0x3020u32), 0x32);
//! ```

use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

mod gather;

pub use gather::{GATHER_WIDTH, gather_bound};

/// A column word: `u32` (8 nibbles) or `u64` (16 nibbles).
pub trait Column:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// No bits.
    const ZERO: Self;
    /// Bit 0 of every nibble.
    const LOW: Self;
    /// How many nibbles the word holds.
    const NIBBLES: u32;
    /// `self * 15`: spreads bit 0 of each nibble over the nibble.
    fn spread(self) -> Self;
    /// `self + 1`, wrapping.
    fn inc(self) -> Self;
    /// The low nibble as a number.
    fn low_nibble(self) -> usize;
    /// A nibble value placed at the bottom.
    fn from_nibble(v: u8) -> Self;
}

macro_rules! column {
    ($t:ty, $low:expr) => {
        impl Column for $t {
            const ZERO: Self = 0;
            const LOW: Self = $low;
            const NIBBLES: u32 = <$t>::BITS / 4;
            #[inline]
            fn spread(self) -> Self {
                self.wrapping_mul(0xF)
            }
            #[inline]
            fn inc(self) -> Self {
                self.wrapping_add(1)
            }
            #[inline]
            fn low_nibble(self) -> usize {
                (self & 0xF) as usize
            }
            #[inline]
            fn from_nibble(v: u8) -> Self {
                <$t>::from(v & 0xF)
            }
        }
    };
}

column!(u32, 0x1111_1111);
column!(u64, 0x1111_1111_1111_1111);

/// A full-nibble mask of the non-empty cells of a column.
///
/// ```
/// use puzzle_gravity::occupied;
/// assert_eq!(occupied(0x0301u32), 0x0F0F);
/// ```
#[inline]
pub fn occupied<C: Column>(c: C) -> C {
    ((c | c >> 1 | c >> 2 | c >> 3) & C::LOW).spread()
}

/// A full-nibble mask of the rows where columns `a` and `b` hold the same
/// value (empty rows included; AND with [`occupied`] to drop them).
///
/// ```
/// use puzzle_gravity::{equal, occupied};
/// // Rows 0 and 1 hold 1 and 2 in both columns; rows 2 and up are empty in both.
/// let same = equal(0x21u32, 0x31);
/// assert_eq!(same & occupied(0x31u32), 0x0F);
/// ```
#[inline]
pub fn equal<C: Column>(a: C, b: C) -> C {
    !occupied(a ^ b)
}

/// The column after gravity: its non-empty cells packed to the bottom, in
/// order.
///
/// ```
/// use puzzle_gravity::fall;
/// assert_eq!(fall(0x4030_0200u32), 0x432);
/// ```
#[inline]
pub fn fall<C: Column>(c: C) -> C {
    let occ = occupied(c);
    if occ & occ.inc() == C::ZERO {
        return c; // already packed
    }
    let (mut rest, mut out, mut shift) = (c, C::ZERO, 0);
    while rest != C::ZERO {
        let cell = rest & C::from_nibble(0xF);
        if cell != C::ZERO {
            out = out | cell << shift;
            shift += 4;
        }
        rest = rest >> 4;
    }
    out
}

/// Marks, per column, every cell in a horizontal or vertical run of three
/// or more of one colour; returns whether any was marked. `out` must be as
/// long as `cols`.
///
/// ```
/// use puzzle_gravity::marks;
/// // Bottom row 1 1 1 (horizontal run); a 2 above the middle one.
/// let cols = [0x1u32, 0x21, 0x1];
/// let mut out = [0u32; 3];
/// assert!(marks(&cols, &mut out));
/// assert_eq!(out, [0xF, 0xF, 0xF]);
/// ```
#[inline]
pub fn marks<C: Column>(cols: &[C], out: &mut [C]) -> bool {
    let mut any = C::ZERO;
    for (x, &c) in cols.iter().enumerate() {
        let v = equal(c, c >> 4) & equal(c, c >> 8) & occupied(c);
        out[x] = v | v << 4 | v << 8;
        any = any | v;
    }
    for x in 0..cols.len().saturating_sub(2) {
        let h = equal(cols[x], cols[x + 1]) & equal(cols[x], cols[x + 2]) & occupied(cols[x]);
        out[x] = out[x] | h;
        out[x + 1] = out[x + 1] | h;
        out[x + 2] = out[x + 2] | h;
        any = any | h;
    }
    any != C::ZERO
}

/// Whether some horizontal or vertical run of three or more of one colour
/// has a cell in columns `lo..=hi` (clipped to the board). On a board that
/// had no run before a change confined to those columns, this says whether
/// the change starts a clear: a new run must hold a changed cell, a
/// vertical one lies in its column and a horizontal one starts at most two
/// columns to the left of it.
///
/// ```
/// use puzzle_gravity::has_run_near;
/// let cols = [0x1u32, 0x1, 0x1, 0x2];
/// assert!(has_run_near(&cols, 2, 2));
/// assert!(!has_run_near(&cols, 3, 3));
/// ```
#[inline]
pub fn has_run_near<C: Column>(cols: &[C], lo: usize, hi: usize) -> bool {
    let w = cols.len();
    if w == 0 || lo >= w {
        return false;
    }
    let hi = hi.min(w - 1);
    for &c in &cols[lo..=hi] {
        if equal(c, c >> 4) & equal(c, c >> 8) & occupied(c) != C::ZERO {
            return true;
        }
    }
    for x in lo.saturating_sub(2)..=hi.min(w.saturating_sub(3)) {
        if x + 2 < w {
            let h = equal(cols[x], cols[x + 1]) & equal(cols[x], cols[x + 2]) & occupied(cols[x]);
            if h != C::ZERO {
                return true;
            }
        }
    }
    false
}

/// Swaps of two side-by-side cells, all rows at once: on a stable board, a
/// nibble mask of the rows `y` where swapping the cells `(x, y)` and
/// `(x + 1, y)`, both filled and of different colours, makes a run (and so
/// starts a clear). No cell falls in such a swap, and a new run must hold
/// one of the two moved cells: the one arriving in column `x` lines up
/// vertically there or with the two cells to its left, the one arriving in
/// column `x + 1` vertically there or with the two to its right (beside
/// each other the two differ).
///
/// ```
/// use puzzle_gravity::clearing_side_swaps;
/// // Bottom row 1 1 2 1: swapping columns 2 and 3 there lines up 1 1 1.
/// let cols = [0x1u32, 0x1, 0x2, 0x1];
/// assert_eq!(clearing_side_swaps(&cols, 2), 0xF);
/// assert_eq!(clearing_side_swaps(&cols, 0), 0);
/// ```
#[inline]
pub fn clearing_side_swaps<C: Column>(cols: &[C], x: usize) -> C {
    let col = |i: usize| cols.get(i).copied().unwrap_or(C::ZERO);
    let (a, b) = (col(x), col(x + 1));
    // `v` arrives in a column whose other cells are `c`'s: a vertical run
    // holds two neighbours of the new cell.
    let vertical = |v: C, c: C| {
        let (up1, up2) = (equal(v, c >> 4), equal(v, c >> 8));
        let (dn1, dn2) = (equal(v, c << 4), equal(v, c << 8));
        up1 & up2 | up1 & dn1 | dn1 & dn2
    };
    let left = if x >= 2 {
        equal(b, col(x - 1)) & equal(b, col(x - 2))
    } else {
        C::ZERO
    };
    let right = equal(a, col(x + 2)) & equal(a, col(x + 3));
    let runs = vertical(b, a) | vertical(a, b) | left | right;
    runs & occupied(a) & occupied(b) & !equal(a, b)
}

/// Swaps of two cells one above the other, all rows at once: on a stable
/// board, a nibble mask with nibble `k` set where swapping nibbles `k` and
/// `k + 1` of column `x`, both filled and of different colours, makes a
/// run. Nothing falls; the cell moving down can line up with the two below
/// it or in its row, the one moving up with the two above it or in its row
/// (the two differ, so no vertical run holds both).
///
/// ```
/// use puzzle_gravity::clearing_vertical_swaps;
/// // Column 1 holds a 2 under a 1, between 1s on the floor: swapping its
/// // two cells lines up the bottom row 1 1 1.
/// let cols = [0x1u32, 0x12, 0x1];
/// assert_eq!(clearing_vertical_swaps(&cols, 1), 0xF);
/// ```
#[inline]
pub fn clearing_vertical_swaps<C: Column>(cols: &[C], x: usize) -> C {
    let col = |i: Option<usize>| i.and_then(|i| cols.get(i)).copied().unwrap_or(C::ZERO);
    let c = col(Some(x));
    let (l1, l2) = (col(x.checked_sub(1)), col(x.checked_sub(2)));
    let (r1, r2) = (col(Some(x + 1)), col(Some(x + 2)));
    // A value at row k and its row's neighbours (shifted down to row k).
    let row = |v: C, s: u32| {
        let (l1, l2, r1, r2) = (l1 >> s, l2 >> s, r1 >> s, r2 >> s);
        equal(v, l1) & equal(v, l2) | equal(v, l1) & equal(v, r1) | equal(v, r1) & equal(v, r2)
    };
    // Down: `c[k + 1]` arrives at row k.
    let down = c >> 4;
    let down_runs = equal(down, c << 4) & equal(down, c << 8) | row(down, 0);
    // Up: `c[k]` arrives at row k + 1.
    let up_runs = equal(c, c >> 8) & equal(c, c >> 12) | row(c, 4);
    (down_runs | up_runs) & occupied(c) & occupied(down) & !equal(c, down)
}

/// Whether the board is at rest: every column packed and no run of three.
///
/// ```
/// use puzzle_gravity::is_stable;
/// assert!(is_stable(&[0x21u32, 0x1, 0x2]));
/// assert!(!is_stable(&[0x1u32, 0x1, 0x1])); // a run of three
/// assert!(!is_stable(&[0x10u32, 0x2, 0x3])); // a floating cell
/// ```
#[inline]
pub fn is_stable<C: Column>(cols: &[C]) -> bool {
    cols.iter().all(|&c| fall(c) == c) && !has_run_near(cols, 0, cols.len())
}

/// The most columns [`clear_pass`] and [`settle`] take.
pub const MAX_COLUMNS: usize = 16;

/// One clearing pass: every marked cell vanishes at once, then the columns
/// that lost cells fall. Returns whether anything vanished.
///
/// # Panics
/// With more than [`MAX_COLUMNS`] columns.
///
/// ```
/// use puzzle_gravity::clear_pass;
/// let mut cols = [0x1u32, 0x21, 0x1];
/// assert!(clear_pass(&mut cols));
/// assert_eq!(cols, [0, 0x2, 0]);
/// assert!(!clear_pass(&mut cols));
/// ```
#[inline]
pub fn clear_pass<C: Column>(cols: &mut [C]) -> bool {
    let mut m = [C::ZERO; MAX_COLUMNS];
    let m = &mut m[..cols.len()];
    if !marks(cols, m) {
        return false;
    }
    for (c, &mark) in cols.iter_mut().zip(m.iter()) {
        if mark != C::ZERO {
            *c = fall(*c & !mark);
        }
    }
    true
}

/// Lets every column fall, then clears and falls until nothing vanishes.
///
/// # Panics
/// With more than [`MAX_COLUMNS`] columns.
///
/// ```
/// use puzzle_gravity::settle;
/// // The 2s fall onto the row of 1s; the 1s clear, then the 2s line up.
/// let mut cols = [0x21u32, 0x201, 0x21];
/// settle(&mut cols);
/// assert_eq!(cols, [0, 0, 0]);
/// ```
#[inline]
pub fn settle<C: Column>(cols: &mut [C]) {
    for c in cols.iter_mut() {
        *c = fall(*c);
    }
    while clear_pass(cols) {}
}

/// `counts[v]`: how many cells hold colour `v` (index 0 is not counted).
///
/// ```
/// use puzzle_gravity::colour_counts;
/// let counts = colour_counts(&[0x21u32, 0x1]);
/// assert_eq!((counts[1], counts[2], counts[3]), (2, 1, 0));
/// ```
pub fn colour_counts<C: Column>(cols: &[C]) -> [u8; 16] {
    let mut counts = [0u8; 16];
    for &c in cols {
        let mut rest = c;
        while rest != C::ZERO {
            counts[rest.low_nibble()] += 1;
            rest = rest >> 4;
        }
    }
    counts[0] = 0;
    counts
}

/// Whether some colour has only 1 or 2 cells: runs need three, so those
/// cells can never vanish and the board can never be emptied.
///
/// ```
/// use puzzle_gravity::has_stranded_colour;
/// assert!(has_stranded_colour(&[0x21u32, 0x1])); // two 1s, one 2
/// assert!(!has_stranded_colour(&[0x1u32, 0x1, 0x1]));
/// ```
pub fn has_stranded_colour<C: Column>(cols: &[C]) -> bool {
    colour_counts(cols).iter().any(|&n| n == 1 || n == 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_on_both_widths() {
        assert_eq!(occupied(0x0000_0301u32), 0x0000_0F0F);
        assert_eq!(equal(0x0012_3456u32, 0x0012_3457) & 0xFF, 0xF0);
        assert_eq!(fall(0x0A00_0000u32), 0xA);
        assert_eq!(fall(0xF000_0000_0000_0001u64), 0xF1);
        assert_eq!(fall(u64::MAX), u64::MAX);
        assert_eq!(fall(0x1111_1111_1111_1111u64), 0x1111_1111_1111_1111);
    }

    #[test]
    fn stranded_colours() {
        assert!(has_stranded_colour(&[0x12u32, 0x1]));
        assert!(!has_stranded_colour(&[0x111u32, 0x2, 0x22]));
        assert!(!has_stranded_colour::<u64>(&[]));
    }

    #[test]
    fn a_full_sixteen_row_column_clears_its_runs() {
        // Rows 0-2 hold 1s, the rest alternate 2 and 3.
        let mut col = [0x3232_3232_3232_3111u64];
        settle(&mut col);
        assert_eq!(col, [0x0003_2323_2323_2323]);
    }

    #[test]
    fn runs_near_a_change_are_all_the_runs_of_a_stable_board() {
        let mut seed = 7u64;
        let mut next = move |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let mut checked = 0;
        for _ in 0..20_000 {
            let w = 3 + next(6) as usize;
            let mut cols = [0u32; 8];
            for c in cols.iter_mut().take(w) {
                for y in 0..next(8) {
                    *c |= (1 + next(3) as u32) << (4 * y);
                }
            }
            let cols = &mut cols[..w];
            let mut m = [0u32; 8];
            let any = marks(cols, &mut m[..w]);
            assert_eq!(any, has_run_near(cols, 0, w - 1));
            assert_eq!(is_stable(cols), !any);
            if any {
                continue;
            }
            // Change one column at random, fall, and compare.
            let x = next(w as u64) as usize;
            cols[x] = fall(cols[x] ^ ((1 + next(3) as u32) << (4 * next(7))));
            let any = marks(cols, &mut m[..w]);
            assert_eq!(any, has_run_near(cols, x, x), "{cols:x?} at {x}");
            checked += 1;
        }
        assert!(checked > 1000);
    }

    #[test]
    fn all_rows_swap_tests_match_a_full_marking() {
        let mut seed = 11u64;
        let mut next = move |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let mut clearing = 0;
        for _ in 0..20_000 {
            let w = 1 + next(8) as usize;
            let mut cols = [0u64; 8];
            for c in cols.iter_mut().take(w) {
                for y in 0..next(10) {
                    *c |= (1 + next(3)) << (4 * y);
                }
            }
            let cols = &cols[..w];
            if !is_stable(cols) {
                continue;
            }
            let mut m = [0u64; 8];
            let nib = |c: u64, y: usize| c >> (4 * y) & 0xF;
            for x in 0..w {
                let side = clearing_side_swaps(cols, x);
                let vert = clearing_vertical_swaps(cols, x);
                for y in 0..16 {
                    let mut b = [0u64; 8];
                    b[..w].copy_from_slice(cols);
                    let set = |c: u64, y: usize, v: u64| c & !(0xF << (4 * y)) | v << (4 * y);
                    // Side swap of (x, y) and (x + 1, y).
                    if x + 1 < w {
                        let (p, q) = (nib(cols[x], y), nib(cols[x + 1], y));
                        let eligible = p != 0 && q != 0 && p != q;
                        let mut s = b;
                        s[x] = set(s[x], y, q);
                        s[x + 1] = set(s[x + 1], y, p);
                        let runs = eligible && marks(&s[..w], &mut m[..w]);
                        assert_eq!(side >> (4 * y) & 0xF != 0, runs, "{cols:x?} side {x} {y}");
                        clearing += usize::from(runs);
                    } else {
                        assert_eq!(side, 0);
                    }
                    // Vertical swap of nibbles y and y + 1.
                    if y + 1 < 16 {
                        let (p, q) = (nib(cols[x], y), nib(cols[x], y + 1));
                        let eligible = p != 0 && q != 0 && p != q;
                        let mut s = b;
                        s[x] = set(set(s[x], y, q), y + 1, p);
                        let runs = eligible && marks(&s[..w], &mut m[..w]);
                        assert_eq!(
                            vert >> (4 * y) & 0xF != 0,
                            runs,
                            "{cols:x?} vertical {x} {y}"
                        );
                        clearing += usize::from(runs);
                    }
                }
            }
        }
        assert!(clearing > 1000, "{clearing}");
    }
}

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
