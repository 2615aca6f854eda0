//! Klotski (Huarong Dao) on the classic 4x5 tray, in three metrics, with a
//! breadth-first oracle of its own: the model a new user wrote on the core
//! and found every-solution counting exponential on.
//!
//! Ten pieces: one 2x2 (the goal piece), four 1x2 upright, one 2x1 lying,
//! four 1x1; two cells free. Pieces of one shape are interchangeable, so a
//! layout is the shape at each cell: three bits a cell (the shape's anchor,
//! its top-left cell, or "covered"), 60 bits in a `u64`. The goal: the 2x2
//! at the bottom middle (rows 3-4, columns 1-2). From the start 横刀立马
//! ("sideways sword, mounted horse") 25,955 layouts are reachable in every
//! metric.
//!
//! The 2x2 piece moves one cell a move in every metric (a step of it takes
//! both free cells), so its Manhattan distance to the goal is admissible
//! everywhere: a weak bound (3 at the start, against answers of 81 and
//! more), the case that made the counting exponential.

use std::collections::VecDeque;

use std::collections::HashMap;

use arrayvec::ArrayVec;
use puzzle_search_core::Puzzle;

/// The tray's width.
pub const W: usize = 4;
/// The tray's height.
pub const H: usize = 5;

const EMPTY: u64 = 0;
const BIG: u64 = 1;
const UPRIGHT: u64 = 2;
const LYING: u64 = 3;
const SINGLE: u64 = 4;
const COVERED: u64 = 5;

/// Where the 2x2 piece's top-left cell is in the goal (row 3, column 1).
const GOAL_ANCHOR: usize = 3 * W + 1;

/// What one move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// A piece moves one cell.
    Step,
    /// A piece moves any number of cells in one straight line.
    Line,
    /// A piece moves any number of cells along any path of free cells
    /// (the traditional count: 81 moves from 横刀立马).
    Path,
}

/// A layout: three bits a cell, row-major.
pub type Layout = u64;

/// A move: the moved piece's anchor cell before and after.
pub type Move = (u8, u8);

/// Klotski in one metric.
#[derive(Clone, Copy, Debug)]
pub struct Klotski {
    /// What one move is.
    pub metric: Metric,
}

fn get(l: Layout, cell: usize) -> u64 {
    (l >> (3 * cell)) & 7
}

fn set(l: Layout, cell: usize, code: u64) -> Layout {
    (l & !(7 << (3 * cell))) | (code << (3 * cell))
}

/// Width and height of a shape.
fn size(code: u64) -> (usize, usize) {
    match code {
        BIG => (2, 2),
        UPRIGHT => (1, 2),
        LYING => (2, 1),
        _ => (1, 1),
    }
}

/// The cells a piece of `code` anchored at `(r, c)` covers, if in the tray.
fn cells(code: u64, r: usize, c: usize) -> Option<impl Iterator<Item = usize>> {
    let (w, h) = size(code);
    (r + h <= H && c + w <= W)
        .then(|| (0..h).flat_map(move |dr| (0..w).map(move |dc| (r + dr) * W + c + dc)))
}

fn place(mut l: Layout, code: u64, anchor: usize) -> Layout {
    let (r, c) = (anchor / W, anchor % W);
    for cell in cells(code, r, c).expect("placed in the tray") {
        l = set(l, cell, COVERED);
    }
    set(l, anchor, code)
}

fn lift(mut l: Layout, code: u64, anchor: usize) -> Layout {
    let (r, c) = (anchor / W, anchor % W);
    for cell in cells(code, r, c).expect("lifted from the tray") {
        l = set(l, cell, EMPTY);
    }
    l
}

/// Whether a piece of `code` fits at `anchor` of `l` (all its cells free).
fn fits(l: Layout, code: u64, anchor: usize) -> bool {
    let (r, c) = (anchor / W, anchor % W);
    cells(code, r, c).is_some_and(|mut cs| cs.all(|cell| get(l, cell) == EMPTY))
}

/// The anchor one cell from `anchor` in direction `d` (0 up, 1 down, 2
/// left, 3 right), if in the tray.
fn step(anchor: usize, d: usize) -> Option<usize> {
    let (r, c) = (anchor / W, anchor % W);
    match d {
        0 if r > 0 => Some(anchor - W),
        1 if r + 1 < H => Some(anchor + W),
        2 if c > 0 => Some(anchor - 1),
        3 if c + 1 < W => Some(anchor + 1),
        _ => None,
    }
}

impl Klotski {
    /// The start 横刀立马: uprights in the corners' columns, the 2x2 at
    /// the top middle, the lying piece below it, two singles under that
    /// and two in the bottom corners.
    pub fn start() -> Layout {
        let mut l = 0;
        for (code, anchor) in [
            (UPRIGHT, 0),
            (BIG, 1),
            (UPRIGHT, 3),
            (UPRIGHT, 8),
            (LYING, 9),
            (UPRIGHT, 11),
            (SINGLE, 13),
            (SINGLE, 14),
            (SINGLE, 16),
            (SINGLE, 19),
        ] {
            l = place(l, code, anchor);
        }
        l
    }

    /// Where the piece of `code` at `from` (lifted from `rest`) can go in
    /// one move, ascending, not counting where it is.
    fn destinations(
        &self,
        rest: Layout,
        code: u64,
        from: usize,
        out: &mut ArrayVec<usize, { W * H }>,
    ) {
        out.clear();
        match self.metric {
            Metric::Step => {
                out.extend(
                    (0..4)
                        .filter_map(|d| step(from, d))
                        .filter(|&a| fits(rest, code, a)),
                );
            }
            Metric::Line => {
                for d in 0..4 {
                    let mut at = from;
                    while let Some(next) = step(at, d).filter(|&a| fits(rest, code, a)) {
                        out.push(next);
                        at = next;
                    }
                }
            }
            Metric::Path => {
                let mut seen = 1u32 << from;
                let mut queue: ArrayVec<usize, { W * H }> = ArrayVec::new();
                queue.push(from);
                while let Some(at) = queue.pop() {
                    for d in 0..4 {
                        if let Some(next) = step(at, d) {
                            if seen & (1 << next) == 0 && fits(rest, code, next) {
                                seen |= 1 << next;
                                out.push(next);
                                queue.push(next);
                            }
                        }
                    }
                }
            }
        }
        out.sort_unstable();
    }

    /// Every layout reachable from `start`, breadth first, with the
    /// shortest solutions' length and number: the oracle, written apart
    /// from the core (a queue, a map from layout to distance and count).
    /// Returns `(reachable layouts, Some((length, count)))`, or `None` in
    /// the second place when no goal is reachable.
    pub fn oracle(&self, start: Layout) -> (usize, Option<(u32, u128)>) {
        let mut seen: HashMap<Layout, (u32, u128)> = HashMap::new();
        seen.insert(start, (0, 1));
        let mut queue = VecDeque::from([start]);
        let mut kids = Vec::new();
        let mut best: Option<(u32, u128)> = None;
        while let Some(l) = queue.pop_front() {
            let (d, ways) = seen[&l];
            if self.is_goal(&l) {
                match &mut best {
                    None => best = Some((d, ways)),
                    Some((bd, count)) if *bd == d => *count += ways,
                    Some(_) => {}
                }
            }
            kids.clear();
            self.successors(&l, &mut kids);
            for &(_, k) in &kids {
                match seen.get_mut(&k) {
                    None => {
                        seen.insert(k, (d + 1, ways));
                        queue.push_back(k);
                    }
                    Some((kd, kw)) if *kd == d + 1 => *kw += ways,
                    Some(_) => {}
                }
            }
        }
        (seen.len(), best)
    }
}

/// Every layout with the 2x2 piece at its goal, by filling the other
/// cells in order: the first undecided cell is left free (two in all) or
/// is the top-left cell of a piece still to place, so each layout comes
/// once.
fn goal_layouts(out: &mut Vec<Layout>) {
    fn fill(l: Layout, decided: u32, free: u32, left: [u32; 3], out: &mut Vec<Layout>) {
        let Some(cell) = (0..W * H).find(|&c| decided & (1 << c) == 0) else {
            if free == 2 && left == [0; 3] {
                out.push(l);
            }
            return;
        };
        if free < 2 {
            fill(l, decided | 1 << cell, free + 1, left, out);
        }
        for (k, code) in [(0, UPRIGHT), (1, LYING), (2, SINGLE)] {
            if left[k] == 0 {
                continue;
            }
            let Some(covered) = cells(code, cell / W, cell % W) else {
                continue;
            };
            let mask = covered.fold(0u32, |m, c| m | 1 << c);
            if decided & mask != 0 {
                continue;
            }
            let mut rest = left;
            rest[k] -= 1;
            fill(place(l, code, cell), decided | mask, free, rest, out);
        }
    }
    let big = cells(BIG, GOAL_ANCHOR / W, GOAL_ANCHOR % W).expect("in the tray");
    let decided = big.fold(0u32, |m, c| m | 1 << c);
    fill(place(0, BIG, GOAL_ANCHOR), decided, 0, [4, 1, 4], out);
}

impl Puzzle for Klotski {
    type State = Layout;
    type Move = Move;

    fn successors(&self, l: &Layout, out: &mut Vec<(Move, Layout)>) {
        let mut to = ArrayVec::new();
        for from in 0..W * H {
            let code = get(*l, from);
            if code == EMPTY || code == COVERED {
                continue;
            }
            let rest = lift(*l, code, from);
            self.destinations(rest, code, from, &mut to);
            for &a in &to {
                out.push(((from as u8, a as u8), place(rest, code, a)));
            }
        }
    }

    fn is_goal(&self, l: &Layout) -> bool {
        get(*l, GOAL_ANCHOR) == BIG
    }

    /// Moves are reversible in every metric: the piece moved from `a` to
    /// `b` can go back from `b` to `a`.
    fn predecessors(&self, l: &Layout, out: &mut Vec<(Move, Layout)>) -> bool {
        let first = out.len();
        self.successors(l, out);
        for (mv, _) in &mut out[first..] {
            *mv = (mv.1, mv.0);
        }
        true
    }

    /// Every layout with the 2x2 piece at its goal: the other nine pieces
    /// in the sixteen cells left, two of them free (6,795 layouts).
    fn goal_states(&self, out: &mut Vec<Layout>) -> bool {
        goal_layouts(out);
        true
    }

    /// The 2x2 piece's Manhattan distance to its goal.
    fn lower_bound(&self, l: &Layout) -> Option<u32> {
        let anchor = (0..W * H).find(|&c| get(*l, c) == BIG)?;
        let (r, c) = (anchor / W, anchor % W);
        Some((r.abs_diff(GOAL_ANCHOR / W) + c.abs_diff(GOAL_ANCHOR % W)) as u32)
    }
}
