//! An `M x N` grid of bits stored as rows of 64-bit words.

use std::cmp::Ordering;
use std::fmt;

use puzzle_search_core::input::SplitMix64;

/// A grid of pieces (or of presses): `true` is black / `1` / pressed.
///
/// Row `r` occupies `stride` words; cell `(r, c)` is bit `c % 64` of word
/// `c / 64` of the row. Bits past the last column are always 0.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: usize,
    cols: usize,
    stride: usize,
    bits: Vec<u64>,
}

impl Grid {
    /// An all-white (all-zero) grid. Either side may be 0.
    ///
    /// # Panics
    /// When `rows * cols` bits do not fit in memory's address range (see
    /// [`try_new`](Self::try_new)), or the allocation fails.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// let grid = Grid::new(2, 3);
    /// assert!(grid.is_zero() && grid.rows() == 2 && grid.cols() == 3);
    /// ```
    pub fn new(rows: usize, cols: usize) -> Self {
        Self::try_new(rows, cols)
            .unwrap_or_else(|| panic!("a {rows} x {cols} grid does not fit in the address space"))
    }

    /// An all-white grid, or `None` when its words would overflow the
    /// address range (`rows * ceil(cols / 64) * 8` bytes above
    /// `isize::MAX`). Memory itself is not checked: see [`bytes_for`](Self::bytes_for).
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// assert!(Grid::try_new(3, 3).is_some());
    /// assert!(Grid::try_new(1 << 35, 1 << 35).is_none());
    /// ```
    pub fn try_new(rows: usize, cols: usize) -> Option<Self> {
        let stride = cols.div_ceil(64);
        Self::bytes_for(rows, cols)?;
        Some(Self {
            rows,
            cols,
            stride,
            bits: vec![0; rows * stride],
        })
    }

    /// The bytes a `rows x cols` grid's words take, `None` beyond
    /// `isize::MAX`.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// assert_eq!(Grid::bytes_for(1000, 1000), Some(1000 * 16 * 8)); // 16 words a row
    /// assert_eq!(Grid::bytes_for(usize::MAX, 2), None);
    /// ```
    pub fn bytes_for(rows: usize, cols: usize) -> Option<usize> {
        let bytes = rows.checked_mul(cols.div_ceil(64))?.checked_mul(8)?;
        (bytes <= isize::MAX as usize).then_some(bytes)
    }

    /// A seeded random grid.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// use puzzle_search_core::input::SplitMix64;
    /// let a = Grid::random(4, 4, &mut SplitMix64::new(5));
    /// let b = Grid::random(4, 4, &mut SplitMix64::new(5));
    /// assert_eq!(a, b); // seeded
    /// ```
    pub fn random(rows: usize, cols: usize, rng: &mut SplitMix64) -> Self {
        let mut g = Self::new(rows, cols);
        for w in &mut g.bits {
            *w = rng.next_u64();
        }
        g.trim();
        g
    }

    /// The grid mirrored about its main diagonal (`rows x cols` becomes
    /// `cols x rows`). A press pattern is symmetric, so the presses that
    /// solve a board, transposed, solve the transposed board.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// let g: Grid = "bww\nwwb".parse().unwrap();
    /// assert_eq!(g.transposed().to_bw(), "bw\nww\nwb");
    /// ```
    pub fn transposed(&self) -> Grid {
        let mut t = Grid::new(self.cols, self.rows);
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.get(r, c) {
                    t.set(c, r, true);
                }
            }
        }
        t
    }

    /// Rows.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// assert_eq!(Grid::new(2, 3).rows(), 2);
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// assert_eq!(Grid::new(2, 3).cols(), 3);
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Words per row.
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    /// The mask of valid bits in a row's last word.
    pub(crate) fn last_mask(&self) -> u64 {
        match self.cols % 64 {
            0 => u64::MAX,
            r => (1 << r) - 1,
        }
    }

    fn trim(&mut self) {
        let mask = self.last_mask();
        if self.stride > 0 {
            for r in 0..self.rows {
                self.bits[r * self.stride + self.stride - 1] &= mask;
            }
        }
    }

    /// Cell `(r, c)`.
    ///
    /// # Panics
    /// Outside the grid, like slice indexing.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// let mut grid = Grid::new(2, 2);
    /// grid.set(1, 0, true);
    /// assert!(grid.get(1, 0) && !grid.get(0, 0));
    /// ```
    pub fn get(&self, r: usize, c: usize) -> bool {
        self.bits[r * self.stride + c / 64] >> (c % 64) & 1 == 1
    }

    /// Sets cell `(r, c)`.
    ///
    /// # Panics
    /// Outside the grid, like slice indexing.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// let mut grid = Grid::new(2, 2);
    /// grid.set(0, 1, true);
    /// assert_eq!(grid.count_ones(), 1);
    /// ```
    pub fn set(&mut self, r: usize, c: usize, on: bool) {
        let w = &mut self.bits[r * self.stride + c / 64];
        *w = *w & !(1 << (c % 64)) | u64::from(on) << (c % 64);
    }

    /// Row `r`'s words.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// let mut grid = Grid::new(2, 3);
    /// grid.set(1, 2, true);
    /// assert_eq!(grid.row(1), &[0b100]);
    /// ```
    pub fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.stride..(r + 1) * self.stride]
    }

    /// Row `r`'s words, mutable.
    pub(crate) fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.bits[r * self.stride..(r + 1) * self.stride]
    }

    /// Presses `(r, c)`: flips it and its neighbours on the grid.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// let mut grid = Grid::new(3, 3);
    /// grid.press(1, 1); // the centre and its four neighbours
    /// assert_eq!(grid.to_bw(), "wbw\nbbb\nwbw");
    /// ```
    pub fn press(&mut self, r: usize, c: usize) {
        for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (Some(rr), Some(cc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) else {
                continue;
            };
            if rr < self.rows && cc < self.cols {
                self.set(rr, cc, !self.get(rr, cc));
            }
        }
    }

    /// The grid after pressing every cell set in `presses` (same size).
    ///
    /// # Panics
    /// If the sizes differ.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// let mut board = Grid::new(3, 3);
    /// board.press(0, 0);
    /// let mut presses = Grid::new(3, 3);
    /// presses.set(0, 0, true);
    /// assert!(board.apply(&presses).is_zero());
    /// ```
    pub fn apply(&self, presses: &Grid) -> Grid {
        assert_eq!(
            (self.rows, self.cols),
            (presses.rows, presses.cols),
            "grids of one size"
        );
        let mut out = self.clone();
        let mut spread = vec![0u64; self.stride];
        for r in 0..self.rows {
            let p = presses.row(r);
            cross_row(p, &mut spread, self.last_mask());
            xor_into(out.row_mut(r), &spread);
            if r > 0 {
                xor_into(out.row_mut(r - 1), p);
            }
            if r + 1 < self.rows {
                xor_into(out.row_mut(r + 1), p);
            }
        }
        out
    }

    /// Pieces showing `1`.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// let mut grid = Grid::new(3, 3);
    /// grid.press(1, 1);
    /// assert_eq!(grid.count_ones(), 5);
    /// ```
    pub fn count_ones(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether every piece shows `0` (white).
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// assert!(Grid::new(4, 4).is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// The grid with every piece turned over.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// assert_eq!(Grid::new(2, 2).complement().count_ones(), 4);
    /// ```
    pub fn complement(&self) -> Grid {
        let mut g = self.clone();
        for w in &mut g.bits {
            *w = !*w;
        }
        g.trim();
        g
    }

    /// Row-major comparison as the strings of `0`/`1` read row by row,
    /// left to right (the Fliptile tie-break).
    ///
    /// ```
    /// use std::cmp::Ordering;
    /// use puzzle_flip::Grid;
    /// let (mut a, mut b) = (Grid::new(2, 2), Grid::new(2, 2));
    /// a.set(1, 1, true); // "0001"
    /// b.set(0, 1, true); // "0100"
    /// assert_eq!(a.lex_cmp(&b), Ordering::Less);
    /// ```
    pub fn lex_cmp(&self, other: &Grid) -> Ordering {
        for (&a, &b) in self.bits.iter().zip(&other.bits) {
            if a != b {
                let first = (a ^ b).trailing_zeros();
                return if a >> first & 1 == 0 {
                    Ordering::Less
                } else {
                    Ordering::Greater
                };
            }
        }
        Ordering::Equal
    }

    /// XORs `other` (same size) into this grid.
    pub(crate) fn xor_assign(&mut self, other: &Grid) {
        xor_into(&mut self.bits, &other.bits);
    }

    /// The `b`/`w` form: one line per row, `b` for 1.
    ///
    /// ```
    /// use puzzle_flip::Grid;
    /// let mut grid = Grid::new(2, 2);
    /// grid.set(0, 0, true);
    /// assert_eq!(grid.to_bw(), "bw\nww");
    /// ```
    pub fn to_bw(&self) -> String {
        let lines: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| if self.get(r, c) { 'b' } else { 'w' })
                    .collect()
            })
            .collect();
        lines.join("\n")
    }
}

/// `p ^ p << 1 ^ p >> 1` across a row's words: the horizontal part of a
/// press row's effect.
pub(crate) fn cross_row(p: &[u64], out: &mut [u64], last_mask: u64) {
    let n = p.len();
    for i in 0..n {
        let left = p[i] << 1 | if i > 0 { p[i - 1] >> 63 } else { 0 };
        let right = p[i] >> 1 | if i + 1 < n { p[i + 1] << 63 } else { 0 };
        out[i] = p[i] ^ left ^ right;
    }
    if let Some(last) = out.last_mut() {
        *last &= last_mask;
    }
}

/// `dst ^= src`, word by word.
#[inline]
pub(crate) fn xor_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= s;
    }
}

/// The `0`/`1` form of the Fliptile judge: numbers separated by spaces.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("\n")?;
            }
            for c in 0..self.cols {
                if c > 0 {
                    f.write_str(" ")?;
                }
                f.write_str(if self.get(r, c) { "1" } else { "0" })?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Grid {}x{} [{}]",
            self.rows,
            self.cols,
            self.to_bw().replace('\n', "/")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apply_matches_pressing_one_by_one_on_wide_grids() {
        let mut rng = SplitMix64::new(3);
        for (rows, cols) in [(1, 1), (3, 70), (5, 128), (2, 129), (7, 5)] {
            let board = Grid::random(rows, cols, &mut rng);
            let presses = Grid::random(rows, cols, &mut rng);
            let mut slow = board.clone();
            for r in 0..rows {
                for c in 0..cols {
                    if presses.get(r, c) {
                        slow.press(r, c);
                    }
                }
            }
            assert_eq!(board.apply(&presses), slow, "{rows}x{cols}");
        }
    }

    #[test]
    fn lexicographic_order_reads_row_by_row() {
        let a: Grid = "0 1\n0 0".parse().expect("valid");
        let b: Grid = "1 0\n0 0".parse().expect("valid");
        let c: Grid = "0 1\n1 0".parse().expect("valid");
        assert_eq!(a.lex_cmp(&b), Ordering::Less);
        assert_eq!(a.lex_cmp(&c), Ordering::Less);
        assert_eq!(c.lex_cmp(&b), Ordering::Less);
        assert_eq!(a.complement().to_bw(), "bw\nbb");
    }
}
