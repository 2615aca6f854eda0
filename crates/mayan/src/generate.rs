//! A seeded generator of valid boards.

use arrayvec::ArrayVec;

use puzzle_search_core::input::{GenerateError, SplitMix64};

use crate::board::{Board, COLOURS, HEIGHT, WIDTH};

/// A seeded random valid board: `blocks` blocks of colours `1..=colours`,
/// settled, with no run of three. With `triples`, every colour's count is
/// a multiple of 3 (`blocks` is then rounded down to one), as a clearable
/// board needs.
///
/// # Errors
/// [`GenerateError`] for impossible requests.
///
/// ```
/// use puzzle_mayan::generate;
/// use puzzle_search_core::input::SplitMix64;
/// let board = generate(&mut SplitMix64::new(1), 12, 4, true)?;
/// assert!(board.is_settled() && board.first_run().is_none());
/// assert!(board.colour_counts().iter().all(|&c| c % 3 == 0));
/// # Ok::<(), puzzle_mayan::GenerateError>(())
/// ```
pub fn generate(
    rng: &mut SplitMix64,
    blocks: usize,
    colours: u8,
    triples: bool,
) -> Result<Board, GenerateError> {
    if blocks > WIDTH * HEIGHT || !(1..=COLOURS).contains(&colours) {
        return Err(GenerateError::bad_request(
            "blocks must be at most 35 and colours 1 to 10",
        ));
    }
    for _ in 0..10_000 {
        // Fixed capacities, no heap: at most 35 blocks, 7 a column.
        let mut pool: ArrayVec<u8, { WIDTH * HEIGHT }> = if triples {
            (0..blocks / 3)
                .flat_map(|_| {
                    let c = 1 + rng.below(u64::from(colours)) as u8;
                    [c, c, c]
                })
                .collect()
        } else {
            (0..blocks)
                .map(|_| 1 + rng.below(u64::from(colours)) as u8)
                .collect()
        };
        rng.shuffle(&mut pool);
        let mut columns: [ArrayVec<u8, HEIGHT>; WIDTH] = Default::default();
        let mut fits = true;
        for c in pool {
            let open: ArrayVec<usize, WIDTH> =
                (0..WIDTH).filter(|&x| columns[x].len() < HEIGHT).collect();
            if open.is_empty() {
                fits = false;
                break;
            }
            columns[open[rng.below(open.len() as u64) as usize]].push(c);
        }
        if !fits {
            continue;
        }
        let board = Board::from_columns(std::array::from_fn(|x| columns[x].as_slice()));
        if let Some(board) = board.filter(|b| b.first_run().is_none()) {
            return Ok(board);
        }
    }
    Err(GenerateError::gave_up(
        "no board without a run of three",
        10_000,
    ))
}

/// A seeded problem for benchmarks: `n` moves, `blocks` blocks (rounded down
/// to a multiple of 3) in 3 to 6 colours; with `solvable = Some(want)`
/// only a board whose answer exists (`true`) or not (`false`), each
/// candidate solved with [`solver`](crate::solver).
///
/// # Errors
/// [`GenerateError`] for impossible requests, or `GaveUp` after 100,000
/// candidates.
///
/// ```
/// use puzzle_mayan::problem;
/// use puzzle_search_core::input::SplitMix64;
/// let p = problem(&mut SplitMix64::new(2), 3, 12, Some(true))?;
/// assert!(puzzle_mayan::solve(&p).0.is_some());
/// # Ok::<(), puzzle_mayan::GenerateError>(())
/// ```
pub fn problem(
    rng: &mut SplitMix64,
    n: u32,
    blocks: usize,
    solvable: Option<bool>,
) -> Result<crate::Problem, GenerateError> {
    for _ in 0..100_000 {
        let colours = 3 + rng.below(4) as u8;
        let board = generate(rng, blocks, colours, true)?;
        let problem = crate::Problem { n, board };
        let fits = solvable.is_none_or(|want| {
            let report = crate::solver(n)
                .parallel(false)
                .solve(&crate::Mayan, &board);
            report.solution().is_some() == want
        });
        if fits {
            return Ok(problem);
        }
    }
    Err(GenerateError::gave_up(
        "no board with the answer asked for",
        100_000,
    ))
}
