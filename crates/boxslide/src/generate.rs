//! Seeded levels.

use puzzle_search_core::{Solver, SplitMix64, Strategy};

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
        if fits && board.marked_cells().is_empty() {
            return Some(board);
        }
    }
    None
}

/// A level whose shortest solution has exactly `moves` moves (limit
/// `moves`), from up to `tries` random boards of 3 to 12 boxes in 2 to 4
/// colours; `None` if none was found. (Fuller boards branch so much that
/// proving a 6-move answer shortest can take minutes.)
pub fn level_with_answer(
    rng: &mut SplitMix64,
    height: usize,
    width: usize,
    moves: u32,
    tries: usize,
) -> Option<Level> {
    let cells = height * (width.saturating_sub(2));
    for _ in 0..tries {
        let boxes = 3 * (1 + rng.below((cells / 3).clamp(1, 4) as u64) as usize);
        let colours = 2 + rng.below(3) as u8;
        let Some(board) = generate(rng, height, width, boxes, colours) else {
            continue;
        };
        let report = Solver::new(Strategy::IdaStar { max_depth: moves })
            .table(true)
            .dedup(true)
            .solve(&BoxSlide, &board);
        if report.solution().is_some_and(|m| m.len() as u32 == moves) {
            return Some(Level {
                board,
                limit: moves,
            });
        }
    }
    None
}
