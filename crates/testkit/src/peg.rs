//! English peg solitaire (33 holes) on the core, and the hand-written
//! programs a user would write instead: the model of `examples/peg_solitaire`
//! and the baselines its figures are measured against.
//!
//! The board is the 7x7 square less its four 2x2 corners, a bit a cell
//! (`row * 7 + column`, 49 bits of a `u64`, 33 of them holes). A move is
//! one jump: a peg jumps over a neighbour (up, down, left or right) into
//! the empty hole beyond, and the neighbour is removed. Every jump removes
//! a peg, so the puzzle is *layered*: a state's layer is the number of
//! pegs missing, and every move goes one layer deeper.
//!
//! The central game starts with every hole filled but the centre and ends
//! with one peg, in the centre. Published figures (Bell; Beasley, *The
//! Ins and Outs of Peg Solitaire*): 187,636,299 positions reachable from
//! the start in 32 layers, 23,475,688 up to the board's 8 symmetries,
//! 40,861,647,040,079,968 solutions, 577,116,156,815,309,849,672 complete
//! games (jump sequences played until no jump is left).

use std::collections::HashMap;

use puzzle_search_core::{Puzzle, Symmetry};

/// The board's side.
pub const SIDE: usize = 7;
/// The centre hole.
pub const CENTRE: usize = 3 * SIDE + 3;

/// A position: a bit a cell, set where a peg stands.
pub type Board = u64;

/// Whether `(row, column)` is a hole of the English board.
pub const fn is_hole(row: usize, column: usize) -> bool {
    row < SIDE && column < SIDE && !((row < 2 || row > 4) && (column < 2 || column > 4))
}

/// Every hole, as a mask.
pub const fn holes() -> Board {
    let mut mask = 0;
    let mut cell = 0;
    while cell < SIDE * SIDE {
        if is_hole(cell / SIDE, cell % SIDE) {
            mask |= 1 << cell;
        }
        cell += 1;
    }
    mask
}

/// The central game's start: every hole but the centre.
pub const fn start() -> Board {
    holes() & !(1 << CENTRE)
}

/// One jump: the cells it takes a peg from, over and into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    /// The jumping peg's hole.
    pub from: u8,
    /// The hole jumped over (its peg is removed).
    pub over: u8,
    /// The empty hole the peg lands in.
    pub to: u8,
}

/// Every jump of the board, in the canonical move order (by `from`, then
/// up, left, right, down): 76 of them.
pub fn jumps() -> Vec<Jump> {
    let mut out = Vec::new();
    for cell in 0..SIDE * SIDE {
        let (r, c) = ((cell / SIDE) as isize, (cell % SIDE) as isize);
        if !is_hole(r as usize, c as usize) {
            continue;
        }
        for (dr, dc) in [(-1, 0), (0, -1), (0, 1), (1, 0)] {
            let (r2, c2) = (r + 2 * dr, c + 2 * dc);
            if r2 < 0 || c2 < 0 || !is_hole(r2 as usize, c2 as usize) {
                continue;
            }
            let at = |r: isize, c: isize| (r as usize * SIDE + c as usize) as u8;
            out.push(Jump {
                from: at(r, c),
                over: at(r + dr, c + dc),
                to: at(r2, c2),
            });
        }
    }
    out
}

/// Peg solitaire, one jump a move, toward one peg in the centre.
#[derive(Clone, Debug)]
pub struct Peg {
    /// For each jump, the mask of its three cells and the two that must
    /// hold pegs.
    masks: Vec<(Board, Board)>,
    /// The eight symmetries of the square, as cell maps.
    maps: [[u8; SIDE * SIDE]; 8],
    /// `rows[k][r][v]`: the image under symmetry `k` of row `r` holding
    /// the 7 bits `v` (an image is 7 look-ups, where bit by bit it is 33
    /// steps).
    rows: Vec<[[Board; 128]; SIDE]>,
}

impl Default for Peg {
    fn default() -> Self {
        Self::new()
    }
}

impl Peg {
    /// The model, its 76 jumps and 8 symmetries precomputed.
    pub fn new() -> Self {
        let masks = jumps()
            .iter()
            .map(|j| {
                let full = 1 << j.from | 1 << j.over;
                (full | 1 << j.to, full)
            })
            .collect();
        let mut maps = [[0u8; SIDE * SIDE]; 8];
        for (k, map) in maps.iter_mut().enumerate() {
            for (cell, image) in map.iter_mut().enumerate() {
                let (mut r, mut c) = (cell / SIDE, cell % SIDE);
                if k & 1 != 0 {
                    c = SIDE - 1 - c;
                }
                if k & 2 != 0 {
                    r = SIDE - 1 - r;
                }
                if k & 4 != 0 {
                    (r, c) = (c, r);
                }
                *image = (r * SIDE + c) as u8;
            }
        }
        let rows = maps
            .iter()
            .map(|map| {
                let mut by_row = [[0; 128]; SIDE];
                for (r, table) in by_row.iter_mut().enumerate() {
                    for (v, image) in table.iter_mut().enumerate() {
                        for c in (0..SIDE).filter(|c| v >> c & 1 != 0) {
                            *image |= 1 << map[r * SIDE + c];
                        }
                    }
                }
                by_row
            })
            .collect();
        Self { masks, maps, rows }
    }

    /// The board under symmetry `k` (0..8: bit 0 mirrors the columns, bit
    /// 1 the rows, bit 2 transposes; 0 is the identity).
    pub fn image(&self, board: Board, k: usize) -> Board {
        let rows = &self.rows[k];
        (0..SIDE).fold(0, |out, r| {
            out | rows[r][(board >> (SIDE * r)) as usize & 127]
        })
    }

    /// [`image`](Self::image) cell by cell, the plain form it is checked
    /// against.
    pub fn image_by_cell(&self, board: Board, k: usize) -> Board {
        let mut out = 0;
        let mut rest = board;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= 1 << self.maps[k][cell];
        }
        out
    }

    /// The jump number `mv` as cells.
    pub fn jump(&self, mv: u8) -> Jump {
        jumps()[usize::from(mv)]
    }
}

impl Puzzle for Peg {
    type State = Board;
    type Move = u8;

    fn successors(&self, s: &Board, out: &mut Vec<(u8, Board)>) {
        for (i, &(mask, pegs)) in self.masks.iter().enumerate() {
            if s & mask == pegs {
                out.push((i as u8, s ^ mask));
            }
        }
    }

    fn is_goal(&self, s: &Board) -> bool {
        *s == 1 << CENTRE
    }

    /// Each jump removes one peg and one peg is left at the end: the moves
    /// left are exactly the pegs less one (`None` for a board whose pegs
    /// cannot all go: none here is cheap to tell, so none).
    fn lower_bound(&self, s: &Board) -> Option<u32> {
        Some(s.count_ones().saturating_sub(1))
    }

    fn layer(&self, s: &Board) -> Option<u32> {
        Some(64 - s.count_ones())
    }
}

impl Symmetry for Peg {
    fn symmetries(&self) -> usize {
        8
    }

    fn image(&self, s: &Board, k: usize) -> Board {
        Peg::image(self, *s, k)
    }
}

/// The census a user writes by hand: each layer a sorted, deduplicated
/// `Vec<u64>` of boards, built from the last one alone (every jump goes
/// one layer deeper). The baseline of the core's layered census.
pub fn hand_census(peg: &Peg, start: Board) -> Vec<u64> {
    let mut layer = vec![start];
    let mut sizes = Vec::new();
    let mut out = Vec::new();
    while !layer.is_empty() {
        sizes.push(layer.len() as u64);
        let mut next = Vec::new();
        for s in &layer {
            out.clear();
            peg.successors(s, &mut out);
            next.extend(out.iter().map(|c| c.1));
        }
        next.sort_unstable();
        next.dedup();
        layer = next;
    }
    sizes
}

/// The count a user writes by hand: depth first with a
/// `HashMap<u64, u64>` memo of the solutions from each board. The
/// baseline of the core's counts.
pub fn hand_count(peg: &Peg, start: Board) -> u64 {
    fn ways(peg: &Peg, s: Board, memo: &mut HashMap<Board, u64>) -> u64 {
        if peg.is_goal(&s) {
            return 1;
        }
        if let Some(&w) = memo.get(&s) {
            return w;
        }
        let mut kids = Vec::new();
        peg.successors(&s, &mut kids);
        let w = kids.iter().map(|&(_, c)| ways(peg, c, memo)).sum();
        memo.insert(s, w);
        w
    }
    ways(peg, start, &mut HashMap::new())
}

/// Peg solitaire in the move metric: a move is a chain of jumps by one
/// peg (Bergholt 1912: the central game in 18 moves, proved least by
/// Beasley). A chain is a `u64`: the starting hole in bits 58-63, then
/// each jump's direction (1 up, 2 left, 3 right, 4 down) in three bits
/// from bit 55 down, 0 after the last. Their numeric order is the chains'
/// lexicographic order, a chain before its extensions: the move order.
#[derive(Clone, Debug, Default)]
pub struct Chains {
    peg: Peg,
}

/// The cell offsets of the four directions, in move order.
const STEPS: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

impl Chains {
    /// The model.
    pub fn new() -> Self {
        Self { peg: Peg::new() }
    }

    /// The hole `n` cells from `cell` in direction `d`, if on the board.
    fn beyond(cell: usize, d: usize, n: isize) -> Option<usize> {
        let (r, c) = ((cell / SIDE) as isize, (cell % SIDE) as isize);
        let (r, c) = (r + n * STEPS[d].0, c + n * STEPS[d].1);
        (r >= 0 && c >= 0 && is_hole(r as usize, c as usize))
            .then(|| r as usize * SIDE + c as usize)
    }

    /// A chain's code from its start and its directions (0-3).
    pub fn code(start: usize, dirs: &[usize]) -> u64 {
        let mut code = (start as u64) << 58;
        for (i, d) in dirs.iter().enumerate() {
            code |= (*d as u64 + 1) << (55 - 3 * i);
        }
        code
    }

    /// A chain's start and directions.
    pub fn decode(code: u64) -> (usize, Vec<usize>) {
        let dirs = (0..18)
            .map(|i| (code >> (55 - 3 * i)) & 7)
            .take_while(|&d| d != 0)
            .map(|d| d as usize - 1)
            .collect();
        ((code >> 58) as usize, dirs)
    }

    /// Every chain on from `at` (the peg's hole), its jumps so far in
    /// `dirs`, pushed in move order (depth first, directions ascending: a
    /// chain before its extensions).
    fn extend(
        &self,
        start: usize,
        at: usize,
        board: Board,
        dirs: &mut Vec<usize>,
        out: &mut Vec<(u64, Board)>,
    ) {
        for d in 0..4 {
            let (Some(over), Some(to)) = (Self::beyond(at, d, 1), Self::beyond(at, d, 2)) else {
                continue;
            };
            if board >> over & 1 == 0 || board >> to & 1 != 0 {
                continue;
            }
            let next = board ^ (1 << at | 1 << over | 1 << to);
            dirs.push(d);
            out.push((Self::code(start, dirs), next));
            self.extend(start, to, next, dirs, out);
            dirs.pop();
        }
    }

    /// Every chain backwards into the peg at `at` (un-jumps by it), each
    /// pushed with the board before it and its forward code.
    fn retract(&self, at: usize, board: Board, back: &mut Vec<usize>, out: &mut Vec<(u64, Board)>) {
        for d in 0..4 {
            // The peg came from two holes back over the one between.
            let (Some(over), Some(from)) = (Self::beyond(at, d, -1), Self::beyond(at, d, -2))
            else {
                continue;
            };
            if board >> over & 1 != 0 || board >> from & 1 != 0 {
                continue;
            }
            let before = board ^ (1 << at | 1 << over | 1 << from);
            back.push(d);
            let forward: Vec<usize> = back.iter().rev().copied().collect();
            out.push((Self::code(from, &forward), before));
            self.retract(from, before, back, out);
            back.pop();
        }
    }
}

impl Puzzle for Chains {
    type State = Board;
    type Move = u64;

    fn successors(&self, s: &Board, out: &mut Vec<(u64, Board)>) {
        let mut dirs = Vec::new();
        let mut rest = *s;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.extend(cell, cell, *s, &mut dirs, out);
        }
    }

    fn is_goal(&self, s: &Board) -> bool {
        self.peg.is_goal(s)
    }

    fn predecessors(&self, s: &Board, out: &mut Vec<(u64, Board)>) -> bool {
        let mut back = Vec::new();
        let mut rest = *s;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.retract(cell, *s, &mut back, out);
        }
        true
    }

    fn goal_states(&self, out: &mut Vec<Board>) -> bool {
        out.push(1 << CENTRE);
        true
    }
}
