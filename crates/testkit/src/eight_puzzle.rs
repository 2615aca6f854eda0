//! The 8-puzzle (3x3 sliding tiles) as a `Puzzle`: how a user adds a puzzle.
//!
//! The README's teaching model, run by `examples/custom_puzzle`; also the
//! `tour` example's, the core's behaviour tests' and the strategies bench's.

use std::fmt;

use puzzle_search_core::{DepthMode, Puzzle, Solver, Strategy, input::SplitMix64};

/// Where the blank moves. The derived `Ord` (D < L < R < U) is the
/// canonical order, so `successors` pushes the moves in that order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Slide {
    /// Blank moves down.
    Down,
    /// Blank moves left.
    Left,
    /// Blank moves right.
    Right,
    /// Blank moves up.
    Up,
}

impl Slide {
    /// One letter: `D`, `L`, `R`, `U`.
    pub fn letter(self) -> char {
        match self {
            Slide::Down => 'D',
            Slide::Left => 'L',
            Slide::Right => 'R',
            Slide::Up => 'U',
        }
    }
}

/// A board: nine 4-bit cells (cell `i` in bits `4i..4i+4`, 0 is the blank)
/// and the blank's cell. Small and `Copy`, as states should be.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    cells: u64,
    blank: u8,
}

impl Board {
    /// The solved board `1 2 3 / 4 5 6 / 7 8 _`.
    pub const fn solved() -> Self {
        Self {
            cells: 0x0_8765_4321,
            blank: 8,
        }
    }

    /// A board from its nine tiles, row by row, 0 for the blank; `None`
    /// unless they are a permutation of `0..9`.
    pub fn from_tiles(tiles: [u8; 9]) -> Option<Self> {
        let mut seen = 0u16;
        let mut cells = 0u64;
        for (i, &t) in tiles.iter().enumerate() {
            if t > 8 || seen & (1 << t) != 0 {
                return None;
            }
            seen |= 1 << t;
            cells |= u64::from(t) << (4 * i);
        }
        let blank = tiles.iter().position(|&t| t == 0)? as u8;
        Some(Self { cells, blank })
    }

    /// The tile in cell `i`.
    pub fn tile(&self, i: usize) -> u8 {
        ((self.cells >> (4 * i)) & 0xF) as u8
    }

    /// Whether the solved board can be reached (an even number of
    /// inversions among the tiles).
    pub fn is_solvable(&self) -> bool {
        let tiles: Vec<u8> = (0..9).map(|i| self.tile(i)).filter(|&t| t != 0).collect();
        let inversions = (0..8)
            .flat_map(|i| (i + 1..8).map(move |j| (i, j)))
            .filter(|&(i, j)| tiles[i] > tiles[j]);
        inversions.count() % 2 == 0
    }

    /// A random solvable board (uniform over the 181,440 of them).
    pub fn random(rng: &mut SplitMix64) -> Self {
        loop {
            let mut tiles = [0, 1, 2, 3, 4, 5, 6, 7, 8];
            rng.shuffle(&mut tiles);
            let board = Self::from_tiles(tiles).expect("a permutation is valid");
            if board.is_solvable() {
                return board;
            }
        }
    }

    /// The board after sliding the blank, if it can go that way.
    pub fn slide(&self, s: Slide) -> Option<Self> {
        let b = self.blank as usize;
        let to = match s {
            Slide::Down if b < 6 => b + 3,
            Slide::Left if b % 3 > 0 => b - 1,
            Slide::Right if b % 3 < 2 => b + 1,
            Slide::Up if b >= 3 => b - 3,
            _ => return None,
        };
        let tile = (self.cells >> (4 * to)) & 0xF;
        let cells = self.cells & !(0xF << (4 * to)) | tile << (4 * b);
        Some(Self {
            cells,
            blank: to as u8,
        })
    }

    /// The sum of every tile's Manhattan distance to its home cell.
    pub fn manhattan(&self) -> u32 {
        (0..9)
            .map(|i| u32::from(MANHATTAN[usize::from(self.tile(i))][i]))
            .sum()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..9 {
            let sep = if i % 3 == 2 && i < 8 { " / " } else { " " };
            match self.tile(i) {
                0 => write!(f, "_{sep}")?,
                t => write!(f, "{t}{sep}")?,
            }
        }
        Ok(())
    }
}

/// `MANHATTAN[tile][cell]`: how far `tile` in `cell` is from home (0 for
/// the blank), computed once at compile time.
const MANHATTAN: [[u8; 9]; 9] = {
    let mut table = [[0u8; 9]; 9];
    let mut tile = 1;
    while tile < 9 {
        let home = tile - 1;
        let mut cell = 0;
        while cell < 9 {
            table[tile][cell] =
                ((cell / 3).abs_diff(home / 3) + (cell % 3).abs_diff(home % 3)) as u8;
            cell += 1;
        }
        tile += 1;
    }
    table
};

/// The puzzle itself holds no data: the rules are in the board.
#[derive(Debug)]
pub struct EightPuzzle;

impl Puzzle for EightPuzzle {
    type State = Board;
    type Move = Slide;

    fn successors(&self, board: &Board, out: &mut Vec<(Slide, Board)>) {
        for s in [Slide::Down, Slide::Left, Slide::Right, Slide::Up] {
            if let Some(next) = board.slide(s) {
                out.push((s, next));
            }
        }
    }

    fn is_goal(&self, board: &Board) -> bool {
        *board == Board::solved()
    }

    fn lower_bound(&self, board: &Board) -> Option<u32> {
        Some(board.manhattan())
    }

    fn apply(&self, board: &Board, s: Slide) -> Option<Board> {
        board.slide(s)
    }

    // For bidirectional BFS: the slide `s` leads here from the board the
    // opposite slide gives.
    fn predecessors(&self, board: &Board, out: &mut Vec<(Slide, Board)>) -> bool {
        for (s, back) in [
            (Slide::Down, Slide::Up),
            (Slide::Left, Slide::Right),
            (Slide::Right, Slide::Left),
            (Slide::Up, Slide::Down),
        ] {
            if let Some(prev) = board.slide(back) {
                out.push((s, prev));
            }
        }
        true
    }

    fn goal_states(&self, out: &mut Vec<Board>) -> bool {
        out.push(Board::solved());
        true
    }
}

/// The benched and tested instances: seeded random boards sorted from easy
/// to hard by their optimal length.
pub fn instances(count: usize, seed: u64) -> Vec<Board> {
    let mut rng = SplitMix64::new(seed);
    (0..count).map(|_| Board::random(&mut rng)).collect()
}

/// Every strategy with its options, named, for a board whose optimal
/// solution has `optimal` moves (the DFS rows search to that depth).
pub fn every_strategy(optimal: u32) -> Vec<(&'static str, Solver)> {
    let ida = Solver::new(Strategy::IdaStar { max_depth: 31 });
    let dfs = |mode| {
        Solver::new(Strategy::Dfs {
            depth: optimal,
            mode,
        })
        .table(true)
    };
    vec![
        ("ida", ida.clone()),
        ("ida +table +dedup", ida.table(true).dedup(true)),
        ("ida parallel", ida.parallel(true)),
        ("bfs", Solver::new(Strategy::Bfs { max_depth: 31 })),
        ("astar", Solver::new(Strategy::AStar { max_depth: 31 })),
        (
            "bidirectional bfs",
            Solver::new(Strategy::Bidirectional { max_depth: 31 }),
        ),
        ("dfs exactly n +table", dfs(DepthMode::Exactly)),
        ("dfs at most n +table", dfs(DepthMode::AtMost)),
    ]
}
