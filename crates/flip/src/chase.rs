//! Light chasing: try every first row, then each row's presses are forced.
//!
//! After the first row's presses, a lit piece in row `r` can only be put
//! out by pressing the piece below it, so rows `1..M` follow. The first
//! rows are tried in lexicographic order (as strings, left to right), and
//! the first candidate with strictly fewer presses than all before it is
//! kept, which is the Fliptile tie-break: the rest of the grid is fixed by
//! the first row, so the grids compare as their first rows do.

use std::error::Error;
use std::fmt;

use crate::grid::Grid;

/// The widest grid chasing accepts (2^25 first rows); wider grids need
/// [`algebra`](crate::algebra).
pub const MAX_COLS: usize = 25;

/// Chasing would take too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooWide {
    cols: usize,
}

impl TooWide {
    /// The grid's width.
    ///
    /// ```
    /// use puzzle_flip::{Grid, chase};
    /// let err = chase::solve(&Grid::new(2, chase::MAX_COLS + 1)).unwrap_err();
    /// assert_eq!(err.cols(), chase::MAX_COLS + 1);
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }
}

impl fmt::Display for TooWide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} columns: chasing tries 2^N first rows, at most {MAX_COLS} columns",
            self.cols
        )
    }
}

impl Error for TooWide {}

/// The press grid with the fewest presses that turns `board` all white,
/// lexicographically smallest among those; `Ok(None)` when none exists.
///
/// # Errors
/// [`TooWide`] beyond [`MAX_COLS`] columns.
///
/// ```
/// use puzzle_flip::{chase, parse_fliptile};
/// let board = parse_fliptile("4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1")?;
/// let presses = chase::solve(&board).expect("16 columns at most").expect("solvable");
/// assert_eq!(presses.count_ones(), 4);
/// # Ok::<(), puzzle_flip::ParseError>(())
/// ```
pub fn solve(board: &Grid) -> Result<Option<Grid>, TooWide> {
    let (m, n) = (board.rows(), board.cols());
    if n > MAX_COLS {
        return Err(TooWide { cols: n });
    }
    if m == 0 || n == 0 {
        return Ok(Some(board.clone()));
    }
    let full = (1u64 << n) - 1;
    let start: Vec<u64> = (0..m).map(|r| board.row(r)[0]).collect();
    let mut lights = start.clone();
    let mut presses = vec![0u64; m];
    let mut best: Option<(u32, Vec<u64>)> = None;
    for v in 0..1u64 << n {
        // Cell 0 is the most significant: v counts up in string order.
        presses[0] = v.reverse_bits() >> (64 - n);
        lights.copy_from_slice(&start);
        let mut count = 0;
        let limit = best.as_ref().map_or(u32::MAX, |b| b.0);
        let mut pruned = false;
        for r in 0..m {
            let p = presses[r];
            count += p.count_ones();
            if count >= limit {
                pruned = true;
                break;
            }
            lights[r] ^= (p ^ p << 1 ^ p >> 1) & full;
            if r > 0 {
                lights[r - 1] ^= p;
            }
            if r + 1 < m {
                lights[r + 1] ^= p;
                presses[r + 1] = lights[r];
            }
        }
        if !pruned && lights[m - 1] == 0 {
            best = Some((count, presses.clone()));
        }
    }
    Ok(best.map(|(_, rows)| {
        let mut grid = Grid::new(m, n);
        for (r, &row) in rows.iter().enumerate() {
            grid.row_mut(r)[0] = row;
        }
        grid
    }))
}
