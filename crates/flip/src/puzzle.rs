//! Flipping as a core [`Puzzle`]: states are whole boards of up to 64 cells.

use std::error::Error;
use std::fmt;

use puzzle_search_core::{Budget, Limit, Puzzle, Report, Solver, Stats, Strategy};

use crate::grid::Grid;

/// The board has more than 64 cells, too many for one state word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    cells: usize,
}

impl TooLarge {
    /// The board's cells.
    ///
    /// ```
    /// use puzzle_flip::{FlipPuzzle, Grid};
    /// let err = FlipPuzzle::new(&Grid::new(9, 9)).unwrap_err();
    /// assert_eq!(err.cells(), 81);
    /// ```
    pub fn cells(&self) -> usize {
        self.cells
    }
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

/// Why [`bfs_to_white`] gave no answer: the board is too large for a
/// state word, or a budget limit (by default the BFS's state cap) stopped
/// the search before it could decide. Never "impossible": that is
/// `Ok(None)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BfsError {
    kind: BfsErrorKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BfsErrorKind {
    TooLarge(usize),
    Stopped(Limit),
    /// Bidirectional search refused (never BFS's case).
    Refused,
}

impl BfsError {
    /// The limit that stopped the search, if that is the reason.
    ///
    /// ```
    /// use puzzle_flip::{Grid, bfs_to_white_with};
    /// use puzzle_search_core::{Budget, Limit};
    /// let mut board = Grid::new(4, 4);
    /// board.press(0, 0);
    /// board.press(3, 3);
    /// board.press(1, 2);
    /// let err = bfs_to_white_with(&board, Budget::default().max_states(10)).unwrap_err();
    /// assert_eq!(err.limit(), Some(Limit::States));
    /// ```
    pub fn limit(&self) -> Option<Limit> {
        match self.kind {
            BfsErrorKind::Stopped(l) => Some(l),
            BfsErrorKind::TooLarge(_) | BfsErrorKind::Refused => None,
        }
    }
}

impl From<TooLarge> for BfsError {
    fn from(e: TooLarge) -> Self {
        Self {
            kind: BfsErrorKind::TooLarge(e.cells),
        }
    }
}

impl fmt::Display for BfsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            BfsErrorKind::TooLarge(cells) => write!(f, "{}", TooLarge { cells }),
            BfsErrorKind::Refused => f.write_str("the search refused to answer"),
            BfsErrorKind::Stopped(limit) => write!(
                f,
                "the state search stopped ({limit}) before an answer; the board may still be \
                 solvable (the algebra and the chase decide it without a cap)"
            ),
        }
    }
}

impl Error for BfsError {}

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
    /// The puzzle on boards of `target`'s size, aiming at `target`.
    ///
    /// # Errors
    /// [`TooLarge`] beyond 64 cells.
    ///
    /// ```
    /// use puzzle_flip::{FlipPuzzle, Grid};
    /// assert!(FlipPuzzle::new(&Grid::new(4, 4)).is_ok());
    /// assert!(FlipPuzzle::new(&Grid::new(9, 9)).is_err());
    /// ```
    pub fn new(target: &Grid) -> Result<Self, TooLarge> {
        let (rows, cols) = (target.rows(), target.cols());
        let cells = rows.saturating_mul(cols);
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
    ///
    /// ```
    /// use puzzle_flip::{FlipPuzzle, Grid};
    /// let puzzle = FlipPuzzle::new(&Grid::new(2, 2))?;
    /// let mut grid = Grid::new(2, 2);
    /// grid.set(1, 0, true);
    /// assert_eq!(puzzle.pack(&grid), 0b0100); // cell r * cols + c
    /// # Ok::<(), puzzle_flip::TooLarge>(())
    /// ```
    pub fn pack(&self, grid: &Grid) -> u64 {
        Self::pack_with(self.cols, grid)
    }

    /// The press grid of a move sequence (cell indices).
    ///
    /// ```
    /// use puzzle_flip::{FlipPuzzle, Grid};
    /// let puzzle = FlipPuzzle::new(&Grid::new(2, 2))?;
    /// // Cell 3 pressed twice cancels out.
    /// assert_eq!(puzzle.presses(2, &[0, 3, 3]).to_bw(), "bw\nww");
    /// # Ok::<(), puzzle_flip::TooLarge>(())
    /// ```
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

/// Searches, with `solver`, for presses (cell indices `r * cols + c`, in
/// the order pressed) that turn `board` all white: the state-space form
/// of the puzzle, for any of the core's strategies. (The judge answers
/// come from [`algebra`](crate::algebra) and [`chase`](crate::chase),
/// which need no search.)
///
/// # Errors
/// [`TooLarge`] beyond 64 cells.
///
/// ```
/// use puzzle_flip::{Grid, solve_with};
/// use puzzle_search_core::{Solver, Strategy};
/// let mut board = Grid::new(3, 3);
/// board.press(1, 1);
/// let report = solve_with(&board, &Solver::new(Strategy::bfs()))?;
/// assert_eq!(report.solution(), Some(&[4u16][..]));
/// # Ok::<(), puzzle_flip::TooLarge>(())
/// ```
pub fn solve_with(board: &Grid, solver: &Solver) -> Result<Report<u16>, TooLarge> {
    let puzzle = FlipPuzzle::new(&Grid::new(board.rows(), board.cols()))?;
    Ok(solver.solve(&puzzle, &puzzle.pack(board)))
}

/// The fewest presses that turn `board` all white, found by the core's BFS
/// over board states, with the search statistics; `None` inside when
/// impossible. The grid is a minimum one, not necessarily Fliptile's
/// tie-break (see [`FlipPuzzle`]).
///
/// # Errors
/// [`BfsError`] beyond 64 cells, or when the BFS's default state cap
/// (what half the memory holds: [`Budget::state_cap`](puzzle_search_core::Budget::state_cap))
/// stops it: a board of `n` cells may reach 2^n states.
///
/// ```
/// use puzzle_flip::{Grid, bfs_to_white};
/// let mut board = Grid::new(3, 3);
/// board.press(0, 0);
/// board.press(2, 2);
/// let (presses, _stats) = bfs_to_white(&board)?;
/// assert_eq!(presses.map(|p| p.count_ones()), Some(2));
/// # Ok::<(), puzzle_flip::BfsError>(())
/// ```
pub fn bfs_to_white(board: &Grid) -> Result<(Option<Grid>, Stats), BfsError> {
    bfs_to_white_with(board, Budget::default())
}

/// [`bfs_to_white`] under `budget`.
///
/// ```
/// use puzzle_flip::{Grid, bfs_to_white_with};
/// use puzzle_search_core::{Budget, Limit};
/// let mut board = Grid::new(5, 5);
/// for (r, c) in [(0, 0), (1, 2), (2, 4), (3, 1), (4, 3), (2, 2), (0, 4)] {
///     board.press(r, c);
/// }
/// // Too few states allowed: a clear "stopped", never "impossible".
/// let err = bfs_to_white_with(&board, Budget::default().max_states(1_000)).unwrap_err();
/// assert_eq!(err.limit(), Some(Limit::States));
/// ```
///
/// # Errors
/// As [`bfs_to_white`], with the budget's limits.
pub fn bfs_to_white_with(board: &Grid, budget: Budget) -> Result<(Option<Grid>, Stats), BfsError> {
    let max_depth = (board.rows() * board.cols()) as u32;
    let bfs = Solver::new(Strategy::Bfs { max_depth }).budget(budget);
    let report = solve_with(board, &bfs)?;
    match report.outcome.into_result() {
        Ok(Some(moves)) => {
            let puzzle = FlipPuzzle::new(&Grid::new(board.rows(), board.cols()))?;
            Ok((Some(puzzle.presses(board.rows(), &moves)), report.stats))
        }
        Ok(None) => Ok((None, report.stats)),
        Err(why) => Err(BfsError {
            kind: match why.limit() {
                Some(limit) => BfsErrorKind::Stopped(limit),
                None => BfsErrorKind::Refused,
            },
        }),
    }
}
