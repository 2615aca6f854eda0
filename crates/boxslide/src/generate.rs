//! Seeded levels.

use puzzle_search_core::SplitMix64;

use crate::board::Board;
use crate::parse::Level;
use crate::puzzle::BoxSlide;

/// A seeded random board: `height x width`, empty outer columns, about
/// `boxes` boxes (a multiple of 3) in colours `1..=colours`, settled, no run
/// of three. `None` after many failed tries or for impossible sizes.
pub fn generate(
    rng: &mut SplitMix64,
    height: usize,
    width: usize,
    boxes: usize,
    colours: u8,
) -> Option<Board> {
    if width < 3 || colours == 0 || colours > 15 {
        return None;
    }
    let inner = width - 2;
    for _ in 0..1000 {
        let mut board = Board::empty(height, width)?;
        let mut heights = vec![0usize; inner];
        let mut pool: Vec<u8> = (0..boxes / 3)
            .flat_map(|_| {
                let c = 1 + rng.below(u64::from(colours)) as u8;
                [c, c, c]
            })
            .collect();
        rng.shuffle(&mut pool);
        let mut fits = true;
        for colour in pool {
            let open: Vec<usize> = (0..inner).filter(|&i| heights[i] < height).collect();
            let Some(&i) = open.get(rng.below(open.len().max(1) as u64) as usize) else {
                fits = false;
                break;
            };
            board.set(height - 1 - heights[i], i + 1, colour);
            heights[i] += 1;
        }
        if fits && board.first_run().is_none() {
            return Some(board);
        }
    }
    None
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
/// colours; `None` if none was found. (Fuller boards branch so much that
/// proving a 6-move answer shortest can take long: see [`level`].)
pub fn level_with_answer(
    rng: &mut SplitMix64,
    height: usize,
    width: usize,
    moves: u32,
    tries: usize,
) -> Option<Level> {
    level(rng, height, width, None, Wanted::Moves(moves), tries)
}

/// A level of `height x width` whose answer is `wanted`, from up to `tries`
/// random boards of `boxes` boxes (rounded down to a multiple of 3; `None`:
/// 3 to 12) in 2 to 4 colours (3 to 5 for 18 boxes or more). Each
/// candidate is solved with [`solver`](crate::solver) (on every core), so
/// dense boards take as long as their search. `None` if no board fits
/// (also at once for fewer than 3 boxes or more than the inner columns
/// hold).
///
/// ```
/// use puzzle_boxslide::{Wanted, level};
/// use puzzle_search_core::SplitMix64;
/// let l = level(&mut SplitMix64::new(1), 5, 5, Some(6), Wanted::Moves(2), 20_000);
/// assert!(l.is_some_and(|l| puzzle_boxslide::solve(&l).0.is_some_and(|m| m.len() == 2)));
/// assert!(level(&mut SplitMix64::new(1), 5, 5, Some(99), Wanted::Moves(2), 10).is_none());
/// ```
pub fn level(
    rng: &mut SplitMix64,
    height: usize,
    width: usize,
    boxes: Option<usize>,
    wanted: Wanted,
    tries: usize,
) -> Option<Level> {
    let cells = height * (width.saturating_sub(2));
    if boxes.is_some_and(|n| n < 3 || n > cells) {
        // No board of that many boxes fits inside the empty outer columns.
        return None;
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
        let Some(board) = generate(rng, height, width, count, colours) else {
            continue;
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
            return Some(Level { board, limit });
        }
    }
    None
}
