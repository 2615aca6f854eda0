//! Flipping as a core [`Puzzle`]: states are whole boards of up to 64 cells.

use std::error::Error;
use std::fmt;

use puzzle_search_core::{Puzzle, Solver, Stats, Strategy};

use crate::grid::Grid;

/// The board has more than 64 cells, too many for one state word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// Its cells.
    pub cells: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} cells: state search takes boards of at most 64 cells",
            self.cells
        )
    }
}

impl Error for TooLarge {}

/// Pressing pieces until the board equals `target`. A state is the board
/// as one `u64` (cell `(r, c)` at bit `r * cols + c`); a move is a cell
/// index, pressed in increasing order.
///
/// BFS returns the fewest presses. Its tie-break is not Fliptile's: among
/// shortest sequences it picks the lexicographically smallest *sequence*,
/// which for sets of one size is the *largest* grid in Fliptile's order
/// (the first cell where two sets differ is pressed in the smaller
/// sequence). Use it for counts and solvability; [`chase`](crate::chase)
/// and [`algebra`](crate::algebra) give the judge's grid.
#[derive(Clone, Debug)]
pub struct FlipPuzzle {
    cols: usize,
    masks: Vec<u64>,
    target: u64,
}

impl FlipPuzzle {
    /// The puzzle on boards of `board`'s size, aiming at `target` (same
    /// size).
    ///
    /// # Errors
    /// [`TooLarge`] beyond 64 cells.
    pub fn new(rows: usize, cols: usize, target: &Grid) -> Result<Self, TooLarge> {
        let cells = rows * cols;
        if cells > 64 {
            return Err(TooLarge { cells });
        }
        let masks = (0..cells)
            .map(|i| {
                let mut g = Grid::new(rows, cols);
                g.press(i / cols, i % cols);
                Self::pack_with(cols, &g)
            })
            .collect();
        Ok(Self {
            cols,
            masks,
            target: Self::pack_with(cols, target),
        })
    }

    fn pack_with(cols: usize, grid: &Grid) -> u64 {
        let mut s = 0;
        for r in 0..grid.rows() {
            for c in 0..grid.cols() {
                s |= u64::from(grid.get(r, c)) << (r * cols + c);
            }
        }
        s
    }

    /// A board as a state.
    pub fn pack(&self, grid: &Grid) -> u64 {
        Self::pack_with(self.cols, grid)
    }

    /// The press grid of a move sequence (cell indices).
    pub fn presses(&self, rows: usize, moves: &[u16]) -> Grid {
        let mut g = Grid::new(rows, self.cols);
        for &m in moves {
            let (r, c) = (usize::from(m) / self.cols, usize::from(m) % self.cols);
            g.set(r, c, !g.get(r, c));
        }
        g
    }
}

impl Puzzle for FlipPuzzle {
    type State = u64;
    type Move = u16;

    fn successors(&self, s: &u64, out: &mut Vec<(u16, u64)>) {
        out.extend(
            self.masks
                .iter()
                .enumerate()
                .map(|(i, m)| (i as u16, s ^ m)),
        );
    }

    fn is_goal(&self, s: &u64) -> bool {
        *s == self.target
    }
}

/// The fewest presses that turn `board` all white, found by the core's BFS
/// over board states, with the search statistics; `None` inside when
/// impossible. The grid is a minimum one, not necessarily Fliptile's
/// tie-break (see [`FlipPuzzle`]).
///
/// # Errors
/// [`TooLarge`] beyond 64 cells.
pub fn bfs_to_white(board: &Grid) -> Result<(Option<Grid>, Stats), TooLarge> {
    let white = Grid::new(board.rows(), board.cols());
    let puzzle = FlipPuzzle::new(board.rows(), board.cols(), &white)?;
    let max_depth = (board.rows() * board.cols()) as u32;
    let report = Solver::new(Strategy::Bfs { max_depth }).solve(&puzzle, &puzzle.pack(board));
    let presses = report
        .solution()
        .map(|moves| puzzle.presses(board.rows(), moves));
    Ok((presses, report.stats))
}
