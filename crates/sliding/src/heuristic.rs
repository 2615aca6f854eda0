//! Manhattan distance (kept incrementally) and linear conflicts.

use crate::board::{Board, Goal, MAX_CELLS};

/// Per size and goal: `distance[tile * cells + cell]`, the Manhattan
/// distance of `tile` in `cell` from its goal cell (0 for the blank).
#[derive(Clone, Debug)]
pub(crate) struct Manhattan {
    width: usize,
    cells: usize,
    goal: Goal,
    /// `distance[tile][cell]`.
    distance: [[u8; MAX_CELLS]; MAX_CELLS],
}

impl Manhattan {
    pub(crate) fn new(width: usize, height: usize, goal: Goal) -> Self {
        let cells = width * height;
        let mut distance = [[0u8; MAX_CELLS]; MAX_CELLS];
        for (tile, row) in distance.iter_mut().enumerate().take(cells).skip(1) {
            let g = goal.cell_of(tile as u8, cells);
            for (cell, d) in row.iter_mut().enumerate().take(cells) {
                *d =
                    ((cell / width).abs_diff(g / width) + (cell % width).abs_diff(g % width)) as u8;
            }
        }
        Self {
            width,
            cells,
            goal,
            distance,
        }
    }

    /// The distance of `tile` in `cell`.
    #[inline]
    pub(crate) fn of(&self, tile: u8, cell: usize) -> u32 {
        u32::from(self.distance[usize::from(tile)][cell])
    }

    /// The whole board's Manhattan distance.
    pub(crate) fn board(&self, board: &Board) -> u32 {
        (0..self.cells).map(|c| self.of(board.tile(c), c)).sum()
    }

    /// Linear conflicts: per row, the tiles whose goal is in that row must
    /// stand in goal order along it, else some must leave the row and come
    /// back (two extra moves each, beyond Manhattan); the fewest that must
    /// leave is the row's tile count minus its longest increasing run of
    /// goal columns. The same for columns. Rows and columns add up: the
    /// extra moves of a row are vertical, those of a column horizontal,
    /// and Manhattan counts neither (Hansson, Mayer and Yung 1992).
    pub(crate) fn conflicts(&self, board: &Board) -> u32 {
        let w = self.width;
        let h = self.cells / w;
        let mut extra = 0;
        // A line holds at most `MAX_CELLS / 2` tiles (the other side is at
        // least 2); sized for any line.
        let mut goals = [0u8; MAX_CELLS];
        for r in 0..h {
            let mut n = 0;
            for c in 0..w {
                let t = board.tile(r * w + c);
                if t != 0 {
                    let g = self.goal.cell_of(t, self.cells);
                    if g / w == r {
                        goals[n] = (g % w) as u8;
                        n += 1;
                    }
                }
            }
            extra += n - longest_increasing(&goals[..n]);
        }
        for c in 0..w {
            let mut n = 0;
            for r in 0..h {
                let t = board.tile(r * w + c);
                if t != 0 {
                    let g = self.goal.cell_of(t, self.cells);
                    if g % w == c {
                        goals[n] = (g / w) as u8;
                        n += 1;
                    }
                }
            }
            extra += n - longest_increasing(&goals[..n]);
        }
        2 * extra as u32
    }
}

/// The longest strictly increasing subsequence of at most [`MAX_CELLS`]
/// values (a line of a board).
fn longest_increasing(v: &[u8]) -> usize {
    let mut best = [0usize; MAX_CELLS];
    let mut longest = 0;
    for i in 0..v.len() {
        best[i] = 1
            + (0..i)
                .filter(|&j| v[j] < v[i])
                .map(|j| best[j])
                .max()
                .unwrap_or(0);
        longest = longest.max(best[i]);
    }
    longest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflicts_in_rows_and_columns() {
        let m = Manhattan::new(3, 3, Goal::BlankLast);
        // 2 1 3 / 4 5 6 / 7 8 0: 1 and 2 swapped in their row.
        let b = Board::from_tiles(3, 3, &[2, 1, 3, 4, 5, 6, 7, 8, 0]).expect("valid");
        assert_eq!(m.board(&b), 2);
        assert_eq!(m.conflicts(&b), 2);
        // 3 2 1 in the top row: two must leave.
        let b = Board::from_tiles(3, 3, &[3, 2, 1, 4, 5, 6, 7, 8, 0]).expect("valid");
        assert_eq!(m.conflicts(&b), 4);
        // 4 above 1 in column 0... 1 below 4: a column conflict.
        let b = Board::from_tiles(3, 3, &[4, 2, 3, 1, 5, 6, 7, 8, 0]).expect("valid");
        assert_eq!(m.conflicts(&b), 2);
        assert_eq!(longest_increasing(&[3, 1, 2, 0, 4]), 3);
    }

    /// Lines longer than five tiles (sides up to 12 are accepted): the
    /// fixed arrays once had five places and panicked here.
    #[test]
    fn conflicts_on_every_accepted_shape() {
        for w in 2..=12 {
            for h in 2..=12 {
                if w * h > MAX_CELLS {
                    continue;
                }
                for goal in [Goal::BlankLast, Goal::BlankFirst] {
                    let m = Manhattan::new(w, h, goal);
                    let home = Board::goal(w, h, goal).expect("a valid size");
                    assert_eq!(m.conflicts(&home), 0, "{w}x{h}");
                    // The first row's tiles reversed: all but one must
                    // leave the row, Manhattan counts none of it.
                    let mut tiles: Vec<u8> = (0..w * h).map(|c| home.tile(c)).collect();
                    let row: Vec<u8> = tiles[..w].iter().rev().copied().collect();
                    tiles[..w].copy_from_slice(&row);
                    let b = Board::from_tiles(w, h, &tiles).expect("valid");
                    let in_row = row.iter().filter(|&&t| t != 0).count() as u32;
                    assert!(m.conflicts(&b) >= 2 * (in_row - 1), "{w}x{h} {goal:?}");
                }
            }
        }
        assert_eq!(
            longest_increasing(&[9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 10, 11]),
            3
        );
    }
}
