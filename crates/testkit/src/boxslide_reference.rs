//! A plain box-slide engine on a `Vec<Vec<u8>>` grid, written from the
//! spec alone, and plain iterative deepening over it (the grid copied per
//! level, every legal move tried, no memo, no duplicate check).
//!
//! Used by `puzzle-boxslide`'s tests and the `boxslide` bench.
// Index loops keep the reference as close to the spec text as possible.
#![allow(clippy::needless_range_loop)]

use puzzle_boxslide::{Board, Dir, Move};

/// `grid[row][column]`, row 0 at the top, 0 = empty.
pub type Grid = Vec<Vec<u8>>;

/// The board's cells as a plain grid.
pub fn from_board(b: &Board) -> Grid {
    (0..b.height())
        .map(|r| (0..b.width()).map(|c| b.get(r, c)).collect())
        .collect()
}

fn fall(g: &mut Grid) {
    let (h, w) = (g.len(), g[0].len());
    for c in 0..w {
        let boxes: Vec<u8> = (0..h).map(|r| g[r][c]).filter(|&v| v != 0).collect();
        for r in 0..h {
            g[r][c] = 0;
        }
        for (i, &v) in boxes.iter().rev().enumerate() {
            g[h - 1 - i][c] = v;
        }
    }
}

fn clear(g: &mut Grid) -> bool {
    let (h, w) = (g.len(), g[0].len());
    let mut marked = vec![vec![false; w]; h];
    for r in 0..h {
        for c in 0..w {
            let v = g[r][c];
            if v == 0 {
                continue;
            }
            if c + 2 < w && g[r][c + 1] == v && g[r][c + 2] == v {
                for i in 0..3 {
                    marked[r][c + i] = true;
                }
            }
            if r + 2 < h && g[r + 1][c] == v && g[r + 2][c] == v {
                for i in 0..3 {
                    marked[r + i][c] = true;
                }
            }
        }
    }
    let mut any = false;
    for r in 0..h {
        for c in 0..w {
            if marked[r][c] {
                g[r][c] = 0;
                any = true;
            }
        }
    }
    any
}

/// The spec's move, or `None` when illegal.
pub fn apply(g: &Grid, mv: Move) -> Option<Grid> {
    let (h, w) = (g.len(), g[0].len());
    let (r, c) = (mv.r as usize, mv.c as usize);
    let (r2, c2) = match mv.dir {
        Dir::R => (r, c + 1),
        Dir::D => (r + 1, c),
    };
    if r2 >= h || c2 >= w || (g[r][c] == 0 && g[r2][c2] == 0) {
        return None;
    }
    let mut next = g.clone();
    next[r][c] = g[r2][c2];
    next[r2][c2] = g[r][c];
    fall(&mut next);
    while clear(&mut next) {
        fall(&mut next);
    }
    Some(next)
}

fn is_empty(g: &Grid) -> bool {
    g.iter().all(|row| row.iter().all(|&v| v == 0))
}

/// Every legal move in order (`r`, `c`, `R` before `D`).
pub fn legal_moves(g: &Grid) -> Vec<Move> {
    let mut out = Vec::new();
    for r in 0..g.len() {
        for c in 0..g[0].len() {
            for dir in [Dir::R, Dir::D] {
                let mv = Move {
                    r: r as u8,
                    c: c as u8,
                    dir,
                };
                if apply(g, mv).is_some() {
                    out.push(mv);
                }
            }
        }
    }
    out
}

/// Iterative deepening: depth 0, 1, ... up to `limit`, each a full DFS in
/// move order that gives up at boards `dead` calls dead; the first solution
/// is shortest and lexicographically smallest.
fn deepen(g: &Grid, limit: u32, dead: fn(&Grid) -> bool) -> Option<Vec<Move>> {
    fn go(g: &Grid, left: u32, path: &mut Vec<Move>, dead: fn(&Grid) -> bool) -> bool {
        if left == 0 {
            return is_empty(g);
        }
        if dead(g) {
            return false;
        }
        for mv in legal_moves(g) {
            let next = apply(g, mv).expect("legal");
            path.push(mv);
            if go(&next, left - 1, path, dead) {
                return true;
            }
            path.pop();
        }
        false
    }
    (0..=limit).find_map(|depth| {
        let mut path = Vec::new();
        go(g, depth, &mut path, dead).then_some(path)
    })
}

/// Plain iterative deepening: every legal move, no pruning at all.
pub fn solve_plain(g: &Grid, limit: u32) -> Option<Vec<Move>> {
    deepen(g, limit, |_| false)
}

/// The classic contest form: plain iterative deepening plus the one cheap
/// pruning every contestant adds, a colour with 1 or 2 boxes left is a dead
/// end.
pub fn solve_classic(g: &Grid, limit: u32) -> Option<Vec<Move>> {
    deepen(g, limit, |g| {
        let mut count = [0u8; 16];
        for row in g {
            for &v in row {
                count[v as usize] += 1;
            }
        }
        count[1..].iter().any(|&c| c == 1 || c == 2)
    })
}
