//! Solving by linear algebra over GF(2).
//!
//! # Why it gives the same answer as the search
//! Presses commute and a double press cancels, so a solution is a set of
//! cells, and the pieces are a linear function of that set over GF(2).
//! Chasing (see [`chase`](crate::chase)) shows that every solution is
//! fixed by its first row. Done with the first row as unknowns
//! `x_0..x_{N-1}`, each press of rows `1..M` is an affine function of them
//! (a bit vector of `N + 1` bits: the unknowns and a constant), and the
//! condition that the last row ends white is a system `A x = b` of `N`
//! equations. Gaussian elimination decides solvability before anything is
//! enumerated; the solutions are `x_0 + span(null space)`, exactly the
//! first rows that chasing would accept. Enumerating the null space in
//! Gray-code order (one grid XOR per step) visits every solution, so the
//! fewest presses and, among those, the lexicographically smallest grid are
//! found exactly as chasing finds them, in `2^nullity` steps instead of
//! `2^N`. A board wider than tall is solved transposed (the press pattern
//! is symmetric, so the solution sets correspond), with the first column as
//! the unknowns, and its solutions turned back before the choice: a
//! `1 x N` row has one unknown, not `N`.

use std::ops::ControlFlow;

use puzzle_search_core::Limit;

use crate::grid::{Grid, cross_row, xor_into};

/// A solution and what is known about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The cells to press.
    pub presses: Grid,
    /// The dimension of the null space: there are `2^nullity` solutions.
    pub nullity: usize,
    /// Whether `presses` is proved minimal and lexicographically smallest
    /// (the null space was enumerated).
    pub minimal: bool,
}

/// The default cap on enumeration work, in 64-bit word operations
/// (`2^nullity x rows x words per row`): about a second.
pub const DEFAULT_WORK: u64 = 1 << 30;

/// Solves `board` (turning every piece white): the fewest presses, then the
/// lexicographically smallest grid, when the null space is small enough to
/// enumerate within [`DEFAULT_WORK`]; otherwise some solution, with
/// `minimal == false`. `None` when no solution exists.
///
/// ```
/// use puzzle_flip::{algebra, parse_fliptile};
/// // The Fliptile sample.
/// let board = parse_fliptile("4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1")?;
/// let solution = algebra::solve(&board).expect("solvable");
/// assert!(solution.minimal);
/// assert_eq!(solution.presses.to_string(), "0 0 0 0\n1 0 0 1\n1 0 0 1\n0 0 0 0");
/// # Ok::<(), puzzle_flip::ParseError>(())
/// ```
pub fn solve(board: &Grid) -> Option<Solution> {
    solve_with_work(board, DEFAULT_WORK)
}

/// [`solve`] with a cap on the enumeration work (0: never enumerate).
///
/// ```
/// use puzzle_flip::{algebra, parse_fliptile};
/// let board = parse_fliptile("4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1")?;
/// // No enumeration allowed: some solution, not proved minimal.
/// let some = algebra::solve_with_work(&board, 0).expect("solvable");
/// assert_eq!((some.nullity, some.minimal), (4, false)); // 2^4 solutions on 4x4
/// # Ok::<(), puzzle_flip::ParseError>(())
/// ```
pub fn solve_with_work(board: &Grid, max_work: u64) -> Option<Solution> {
    // The watcher never stops the work, so the result is never `Err`.
    solve_watched(board, max_work, &mut |_| ControlFlow::Continue(())).unwrap_or(None)
}

/// Where [`solve_watched`] is: a stage (`"chasing"`, `"eliminating"`,
/// `"enumerating"`) and how far through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step {
    /// The stage's name.
    pub stage: &'static str,
    /// Steps done in this stage.
    pub done: u64,
    /// Steps in this stage.
    pub total: u64,
}

/// [`solve_with_work`] that tells `watch` how far it is (about once per
/// board row or column, and every 65,536 candidates while enumerating)
/// and stops when `watch` answers `Break`: for progress bars and Ctrl-C
/// on boards large enough to take long (the work is cubic in the side).
///
/// # Errors
/// [`Limit::Cancelled`] when `watch` stopped it; never "no solution".
///
/// ```
/// use std::ops::ControlFlow;
/// use puzzle_flip::{Grid, algebra};
/// use puzzle_search_core::Limit;
/// let mut board = Grid::new(50, 50);
/// board.press(10, 10);
/// let mut steps = 0;
/// let solved = algebra::solve_watched(&board, algebra::DEFAULT_WORK, &mut |_| {
///     steps += 1;
///     ControlFlow::Continue(())
/// });
/// assert!(solved.is_ok_and(|s| s.is_some()) && steps >= 100);
/// let stopped = algebra::solve_watched(&board, algebra::DEFAULT_WORK, &mut |_| ControlFlow::Break(()));
/// assert_eq!(stopped.unwrap_err(), Limit::Cancelled);
/// ```
pub fn solve_watched(
    board: &Grid,
    max_work: u64,
    watch: &mut dyn FnMut(Step) -> ControlFlow<()>,
) -> Result<Option<Solution>, Limit> {
    let (m, n) = (board.rows(), board.cols());
    if m == 0 || n == 0 {
        return Ok(Some(Solution {
            presses: board.clone(),
            nullity: 0,
            minimal: true,
        }));
    }
    // Work along the shorter side: the unknowns are one row of the board
    // as chased, so a wide board is solved transposed (the press pattern is
    // symmetric) and the solutions turned back before the choice, which
    // compares grids in the board's own row order.
    let wide = n > m;
    let frame = if wide {
        board.transposed()
    } else {
        board.clone()
    };
    let system = last_row_system(&frame, watch)?;
    let Some((particular, null_basis)) = system.solve(watch)? else {
        return Ok(None);
    };
    let back = |g: Grid| if wide { g.transposed() } else { g };
    let p0 = back(chase_from(&frame, &particular));
    let zero = Grid::new(frame.rows(), frame.cols());
    let basis: Vec<Grid> = null_basis
        .iter()
        .map(|first| back(chase_from(&zero, first)))
        .collect();
    let nullity = basis.len();
    let work = (m * board.stride()) as u64;
    if nullity >= 63 || (1u64 << nullity).saturating_mul(work) > max_work {
        return Ok(Some(Solution {
            presses: p0,
            nullity,
            minimal: false,
        }));
    }
    let mut current = p0.clone();
    let mut best = p0;
    let mut best_count = best.count_ones();
    for step in 1u64..1 << nullity {
        if step % (1 << 16) == 0 {
            look(watch, "enumerating", step, 1 << nullity)?;
        }
        current.xor_assign(&basis[step.trailing_zeros() as usize]);
        let count = current.count_ones();
        if count < best_count || (count == best_count && current.lex_cmp(&best).is_lt()) {
            best_count = count;
            best.clone_from(&current);
        }
    }
    Ok(Some(Solution {
        presses: best,
        nullity,
        minimal: true,
    }))
}

/// Asks `watch` whether to go on.
fn look(
    watch: &mut dyn FnMut(Step) -> ControlFlow<()>,
    stage: &'static str,
    done: u64,
    total: u64,
) -> Result<(), Limit> {
    match watch(Step { stage, done, total }) {
        ControlFlow::Continue(()) => Ok(()),
        ControlFlow::Break(()) => Err(Limit::Cancelled),
    }
}

/// The press grid that chasing gives for first row `first` (its last row
/// ends white when `first` solves the system).
fn chase_from(board: &Grid, first: &[u64]) -> Grid {
    let (m, stride) = (board.rows(), board.stride());
    let mut presses = Grid::new(m, board.cols());
    let mut lights = board.clone();
    presses.row_mut(0).copy_from_slice(&first[..stride]);
    let mut spread = vec![0u64; stride];
    for r in 0..m {
        let p = presses.row(r);
        cross_row(p, &mut spread, board.last_mask());
        xor_into(lights.row_mut(r), &spread);
        if r > 0 {
            xor_into(lights.row_mut(r - 1), p);
        }
        if r + 1 < m {
            xor_into(lights.row_mut(r + 1), p);
            // The lit pieces of row r are the presses of row r + 1.
            presses.row_mut(r + 1).copy_from_slice(lights.row(r));
        }
    }
    presses
}

/// A particular first row and a basis of the null space (first rows).
type Reduced = (Vec<u64>, Vec<Vec<u64>>);

/// `N` equations over `N` unknowns, each a row of `N + 1` bits (bit `N`:
/// the constant).
struct System {
    n: usize,
    words: usize,
    rows: Vec<u64>,
}

/// Chases symbolically: the affine form of every press, row by row,
/// keeping two rows; the row after the last must be all zero.
fn last_row_system(
    board: &Grid,
    watch: &mut dyn FnMut(Step) -> ControlFlow<()>,
) -> Result<System, Limit> {
    let (m, n) = (board.rows(), board.cols());
    let words = (n + 1).div_ceil(64);
    let constant = |v: &mut [u64]| v[n / 64] ^= 1 << (n % 64);
    // prev = p[r-1], cur = p[r]; cell c's form at [c * words..(c + 1) * words].
    let mut prev = vec![0u64; n * words];
    let mut cur = vec![0u64; n * words];
    for c in 0..n {
        cur[c * words + c / 64] |= 1 << (c % 64);
    }
    let mut next = vec![0u64; n * words];
    for r in 0..m {
        look(watch, "chasing", r as u64, m as u64)?;
        for c in 0..n {
            let (lo, hi) = (c * words, (c + 1) * words);
            let cell = &mut next[lo..hi];
            cell.copy_from_slice(&cur[lo..hi]);
            xor_into(cell, &prev[lo..hi]);
            if c > 0 {
                xor_into(cell, &cur[lo - words..lo]);
            }
            if c + 1 < n {
                xor_into(cell, &cur[hi..hi + words]);
            }
            if board.get(r, c) {
                constant(cell);
            }
        }
        std::mem::swap(&mut prev, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    Ok(System {
        n,
        words,
        rows: cur,
    })
}

impl System {
    fn row(&self, i: usize) -> &[u64] {
        &self.rows[i * self.words..(i + 1) * self.words]
    }

    fn bit(&self, i: usize, col: usize) -> bool {
        self.row(i)[col / 64] >> (col % 64) & 1 == 1
    }

    /// Reduces to row echelon form; returns a particular first row and a
    /// basis of the null space (first rows), or `None` if inconsistent.
    fn solve(
        mut self,
        watch: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> Result<Option<Reduced>, Limit> {
        let (n, w) = (self.n, self.words);
        let mut pivots = Vec::new();
        let mut rank = 0;
        for col in 0..n {
            look(watch, "eliminating", col as u64, n as u64)?;
            let Some(p) = (rank..n).find(|&i| self.bit(i, col)) else {
                continue;
            };
            for k in 0..w {
                self.rows.swap(p * w + k, rank * w + k);
            }
            let pivot = self.row(rank).to_vec();
            for i in 0..n {
                if i != rank && self.bit(i, col) {
                    xor_into(&mut self.rows[i * w..(i + 1) * w], &pivot);
                }
            }
            pivots.push(col);
            rank += 1;
        }
        // A row reduced to 0 = 1 has no solution.
        if (rank..n).any(|i| self.bit(i, n)) {
            return Ok(None);
        }
        let first_words = n.div_ceil(64);
        let mut particular = vec![0u64; first_words];
        for (i, &col) in pivots.iter().enumerate() {
            if self.bit(i, n) {
                particular[col / 64] |= 1 << (col % 64);
            }
        }
        let mut is_pivot = vec![false; n];
        for &col in &pivots {
            is_pivot[col] = true;
        }
        let basis = (0..n)
            .filter(|&f| !is_pivot[f])
            .map(|f| {
                let mut v = vec![0u64; first_words];
                v[f / 64] |= 1 << (f % 64);
                for (i, &col) in pivots.iter().enumerate() {
                    if self.bit(i, f) {
                        v[col / 64] |= 1 << (col % 64);
                    }
                }
                v
            })
            .collect();
        Ok(Some((particular, basis)))
    }
}
