//! Seeded levels.

use arrayvec::ArrayVec;

use puzzle_search_core::input::{GenerateError, SplitMix64};

use crate::board::{Board, MAX_COLOURS, MAX_SIDE};
use crate::parse::Level;
use crate::puzzle::BoxSlide;

/// What an impossible board size breaks.
const BAD_SIZE: &str = "sides must be 1 to 16 (the width at least 3), colours 1 to 15, and the boxes must fit in the inner columns";

/// A seeded random board: `height x width`, empty outer columns, `boxes`
/// boxes rounded down to a multiple of 3 in colours `1..=colours`,
/// settled, no run of three.
///
/// # Errors
/// [`GenerateError`]: a bad request for impossible sizes, or giving up
/// after 1,000 boards that held a run.
///
/// ```
/// use puzzle_boxslide::{GenerateError, generate};
/// use puzzle_search_core::input::SplitMix64;
/// let board = generate(&mut SplitMix64::new(1), 6, 6, 9, 3)?;
/// assert!(board.is_stable() && board.first_run().is_none());
/// assert!(generate(&mut SplitMix64::new(1), 2, 4, 9, 3).is_err_and(|e| e.is_bad_request()));
/// # Ok::<(), GenerateError>(())
/// ```
pub fn generate(
    rng: &mut SplitMix64,
    height: usize,
    width: usize,
    boxes: usize,
    colours: u8,
) -> Result<Board, GenerateError> {
    let fits = (1..=MAX_SIDE).contains(&height) && (3..=MAX_SIDE).contains(&width);
    if !fits || !(1..=MAX_COLOURS).contains(&colours) || boxes / 3 * 3 > height * (width - 2) {
        return Err(GenerateError::bad_request(BAD_SIZE));
    }
    let inner = width - 2;
    for _ in 0..1000 {
        let mut board = Board::empty(height, width).ok_or(GenerateError::bad_request(BAD_SIZE))?;
        // Fixed capacities, no heap: at most 16 x 14 boxes, 14 columns.
        let mut heights = [0usize; MAX_SIDE];
        let mut pool: ArrayVec<u8, { MAX_SIDE * MAX_SIDE }> = (0..boxes / 3)
            .flat_map(|_| {
                let c = 1 + rng.below(u64::from(colours)) as u8;
                [c, c, c]
            })
            .collect();
        rng.shuffle(&mut pool);
        let mut fits = true;
        for colour in pool {
            let open: ArrayVec<usize, MAX_SIDE> =
                (0..inner).filter(|&i| heights[i] < height).collect();
            let Some(&i) = open.get(rng.below(open.len().max(1) as u64) as usize) else {
                fits = false;
                break;
            };
            board.set(height - 1 - heights[i], i + 1, colour);
            heights[i] += 1;
        }
        if fits && board.first_run().is_none() {
            return Ok(board);
        }
    }
    Err(GenerateError::gave_up(
        "no board without a run of three",
        1000,
    ))
}

/// What a generated level's answer must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// A shortest solution of exactly this many moves (the limit).
    Moves(u32),
    /// No solution within this limit.
    NoneWithin(u32),
}

/// A level whose shortest solution has exactly `moves` moves (limit
/// `moves`), from up to `tries` random boards of 3 to 12 boxes in 2 to 4
/// colours. (Fuller boards branch so much that
/// proving a 6-move answer shortest can take long: see [`level`].)
///
/// ```
/// use puzzle_boxslide::{level_with_answer, solve};
/// use puzzle_search_core::input::SplitMix64;
/// let level = level_with_answer(&mut SplitMix64::new(3), 5, 5, 2, 20_000)?;
/// assert_eq!(level.limit, 2);
/// assert!(solve(&level).0.is_some_and(|m| m.len() == 2));
/// # Ok::<(), puzzle_boxslide::GenerateError>(())
/// ```
pub fn level_with_answer(
    rng: &mut SplitMix64,
    height: usize,
    width: usize,
    moves: u32,
    tries: usize,
) -> Result<Level, GenerateError> {
    level(rng, height, width, None, Wanted::Moves(moves), tries)
}

/// A level of `height x width` whose answer is `wanted`, from up to `tries`
/// random boards of `boxes` boxes (rounded down to a multiple of 3; `None`:
/// 3 to 12) in 2 to 4 colours (3 to 5 for 18 boxes or more). Each
/// candidate is solved with [`solver`](crate::solver) (on every core), so
/// dense boards take as long as their search.
///
/// # Errors
/// [`GenerateError`]: a bad request, at once, for fewer than 3 boxes, more
/// than the inner columns hold or an impossible size; giving up when none
/// of the `tries` boards fits.
///
/// ```
/// use puzzle_boxslide::{Wanted, level};
/// use puzzle_search_core::input::SplitMix64;
/// let l = level(&mut SplitMix64::new(1), 5, 5, Some(6), Wanted::Moves(2), 20_000)?;
/// assert!(puzzle_boxslide::solve(&l).0.is_some_and(|m| m.len() == 2));
/// assert!(level(&mut SplitMix64::new(1), 5, 5, Some(99), Wanted::Moves(2), 10).is_err());
/// # Ok::<(), puzzle_boxslide::GenerateError>(())
/// ```
pub fn level(
    rng: &mut SplitMix64,
    height: usize,
    width: usize,
    boxes: Option<usize>,
    wanted: Wanted,
    tries: usize,
) -> Result<Level, GenerateError> {
    let cells = height.saturating_mul(width.saturating_sub(2));
    if boxes.is_some_and(|n| n < 3 || n / 3 * 3 > cells) {
        // No board of that many boxes fits inside the empty outer columns.
        return Err(GenerateError::bad_request(
            "at least 3 boxes, and no more than the inner columns hold",
        ));
    }
    let limit = match wanted {
        Wanted::Moves(k) | Wanted::NoneWithin(k) => k,
    };
    for _ in 0..tries {
        let count = match boxes {
            Some(n) => n,
            None => 3 * (1 + rng.below((cells / 3).clamp(1, 4) as u64) as usize),
        };
        let colours = if count >= 18 { 3 } else { 2 } + rng.below(3) as u8;
        let board = match generate(rng, height, width, count, colours) {
            Ok(board) => board,
            Err(e) if e.is_bad_request() => return Err(e),
            Err(_) => continue,
        };
        let report = crate::solver(limit).solve(&BoxSlide, &board);
        let fits = match (wanted, report.solution()) {
            (Wanted::Moves(k), Some(m)) => m.len() as u32 == k,
            (Wanted::NoneWithin(_), None) => {
                matches!(report.outcome, puzzle_search_core::Outcome::NoSolution)
            }
            _ => false,
        };
        if fits {
            return Ok(Level { board, limit });
        }
    }
    Err(GenerateError::gave_up(
        "no level with the answer asked for",
        tries as u64,
    ))
}
