//! A compact 15-puzzle (4x4 sliding tiles, Korf's blank-first goal) with
//! an incremental Manhattan-distance bound: the engine's benchmark model
//! (16-byte states, against `pathfinding`), kept beside `puzzle-sliding`
//! because it is the smallest honest 15-puzzle: the core's tests and the
//! `fifteen` bench use it.

use puzzle_search_core::Puzzle;

/// Where the blank moves; the derived `Ord` (D < L < R < U) is the spec's
/// canonical order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Slide {
    /// Down.
    D,
    /// Left.
    L,
    /// Right.
    R,
    /// Up.
    U,
}

/// Sixteen 4-bit cells (cell `i` in bits `4i..4i+4`), the blank's cell and
/// the Manhattan distance, kept up to date move by move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: u64,
    blank: u8,
    h: u8,
}

/// `MD[tile][cell]`: the distance of `tile` in `cell` from its home cell
/// (tile `t` belongs in cell `t`; the blank counts 0).
const MD: [[u8; 16]; 16] = {
    let mut t = [[0u8; 16]; 16];
    let mut tile = 1;
    while tile < 16 {
        let mut cell = 0;
        while cell < 16 {
            t[tile][cell] = ((cell / 4).abs_diff(tile / 4) + (cell % 4).abs_diff(tile % 4)) as u8;
            cell += 1;
        }
        tile += 1;
    }
    t
};

impl Board {
    /// A board from its tiles, row by row, 0 for the blank; `None` unless
    /// they are a permutation of `0..16`.
    pub fn from_tiles(tiles: &[u8]) -> Option<Self> {
        if tiles.len() != 16 {
            return None;
        }
        let mut seen = 0u32;
        let (mut cells, mut h) = (0u64, 0u8);
        for (i, &t) in tiles.iter().enumerate() {
            if t > 15 || seen & (1 << t) != 0 {
                return None;
            }
            seen |= 1 << t;
            cells |= u64::from(t) << (4 * i);
            h += MD[usize::from(t)][i];
        }
        let blank = tiles.iter().position(|&t| t == 0)? as u8;
        Some(Self { cells, blank, h })
    }

    fn tile(&self, i: usize) -> usize {
        (self.cells >> (4 * i) & 0xF) as usize
    }

    /// The board after the blank moves `s`, if it can.
    pub fn slide(&self, s: Slide) -> Option<Self> {
        let b = usize::from(self.blank);
        let to = match s {
            Slide::D if b < 12 => b + 4,
            Slide::L if b % 4 > 0 => b - 1,
            Slide::R if b % 4 < 3 => b + 1,
            Slide::U if b >= 4 => b - 4,
            _ => return None,
        };
        let tile = self.tile(to);
        let cells = self.cells & !(0xF << (4 * to)) | (tile as u64) << (4 * b);
        let h = self.h + MD[tile][b] - MD[tile][to];
        Some(Self {
            cells,
            blank: to as u8,
            h,
        })
    }
}

/// The 15-puzzle with Korf's goal `0 1 2 ... 15`.
#[derive(Debug)]
pub struct Fifteen;

impl Puzzle for Fifteen {
    type State = Board;
    type Move = Slide;

    fn successors(&self, board: &Board, out: &mut Vec<(Slide, Board)>) {
        for s in [Slide::D, Slide::L, Slide::R, Slide::U] {
            if let Some(next) = board.slide(s) {
                out.push((s, next));
            }
        }
    }

    fn is_goal(&self, board: &Board) -> bool {
        board.h == 0
    }

    fn lower_bound(&self, board: &Board) -> Option<u32> {
        Some(u32::from(board.h))
    }

    fn apply(&self, board: &Board, s: Slide) -> Option<Board> {
        board.slide(s)
    }
}

/// Korf's 100 instances with their optimal lengths, from
/// `../shared/data/korf100` when that folder exists.
pub fn korf100() -> Option<Vec<(Board, u32)>> {
    let dir = crate::shared_dir("data/korf100");
    let boards = std::fs::read_to_string(dir.join("korf100.in")).ok()?;
    let optimal = std::fs::read_to_string(dir.join("optimal.txt")).ok()?;
    let lengths = optimal
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().nth(1)?.parse().ok());
    let boards = boards
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let tiles: Vec<u8> = l
                .split_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect();
            Board::from_tiles(&tiles)
        });
    boards.zip(lengths).map(|(b, l)| Some((b?, l))).collect()
}
