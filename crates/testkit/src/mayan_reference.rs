//! A plain, obviously-correct Mayan engine on a 5x7 array, written from the
//! spec alone, and the two DFS solvers the fast one is measured against:
//! a plain one (every legal move, no pruning) and the classic contest one
//! (copy the board per level; skip left swaps into occupied cells; a colour
//! with 1 or 2 blocks is a dead end).
//!
//! Used by `puzzle-mayan`'s tests and the `mayan` bench.

use puzzle_mayan::{Board, Dir, Move};

/// `grid[x][y]`, 0 = empty.
pub type Grid = [[u8; 7]; 5];

/// The board's cells as a plain grid.
pub fn from_board(board: &Board) -> Grid {
    let mut g = [[0u8; 7]; 5];
    for (x, col) in g.iter_mut().enumerate() {
        for (y, cell) in col.iter_mut().enumerate() {
            *cell = board.get(x, y);
        }
    }
    g
}

/// The plain grid as a board.
pub fn to_board(g: &Grid) -> Board {
    let cols: Vec<Vec<u8>> = g
        .iter()
        .map(|c| c.iter().copied().take_while(|&v| v != 0).collect())
        .collect();
    Board::from_columns([&cols[0], &cols[1], &cols[2], &cols[3], &cols[4]]).expect("a valid grid")
}

/// Every column falls: blocks keep their order and drop to the bottom.
fn fall(g: &mut Grid) {
    for col in g.iter_mut() {
        let blocks: Vec<u8> = col.iter().copied().filter(|&v| v != 0).collect();
        *col = [0; 7];
        col[..blocks.len()].copy_from_slice(&blocks);
    }
}

/// Marks every block in a horizontal or vertical line of 3+ of one colour,
/// removes them all at once; false if none.
fn clear(g: &mut Grid) -> bool {
    let mut marked = [[false; 7]; 5];
    for x in 0..5 {
        for y in 0..7 {
            let c = g[x][y];
            if c == 0 {
                continue;
            }
            if x + 2 < 5 && g[x + 1][y] == c && g[x + 2][y] == c {
                for i in 0..3 {
                    marked[x + i][y] = true;
                }
            }
            if y + 2 < 7 && g[x][y + 1] == c && g[x][y + 2] == c {
                for i in 0..3 {
                    marked[x][y + i] = true;
                }
            }
        }
    }
    let mut any = false;
    for x in 0..5 {
        for y in 0..7 {
            if marked[x][y] {
                g[x][y] = 0;
                any = true;
            }
        }
    }
    any
}

/// The spec's move: swap the two cells, let every column fall, then clear
/// and fall until nothing is cleared. `None` if not legal.
pub fn apply(g: &Grid, mv: Move) -> Option<Grid> {
    let (x, y) = (mv.x as usize, mv.y as usize);
    let to = x as i32 + i32::from(mv.dir.g());
    if x >= 5 || y >= 7 || !(0..5).contains(&to) || g[x][y] == 0 {
        return None;
    }
    let to = to as usize;
    let mut next = *g;
    let tmp = next[x][y];
    next[x][y] = next[to][y];
    next[to][y] = tmp;
    fall(&mut next);
    while clear(&mut next) {
        fall(&mut next);
    }
    Some(next)
}

fn is_empty(g: &Grid) -> bool {
    g.iter().all(|c| c.iter().all(|&v| v == 0))
}

/// Every legal move in the judge's order.
pub fn legal_moves(g: &Grid) -> Vec<Move> {
    let mut out = Vec::new();
    for x in 0..5u8 {
        for y in 0..7u8 {
            if g[x as usize][y as usize] != 0 {
                for dir in [Dir::R, Dir::L] {
                    let to = x as i32 + i32::from(dir.g());
                    if (0..5).contains(&to) {
                        out.push(Move::new(x, y, dir));
                    }
                }
            }
        }
    }
    out
}

/// The plain DFS: every legal move in order, no pruning at all.
pub fn solve_plain(g: &Grid, n: u32) -> Option<Vec<Move>> {
    fn go(g: &Grid, left: u32, path: &mut Vec<Move>) -> bool {
        if left == 0 {
            return is_empty(g);
        }
        for mv in legal_moves(g) {
            let next = apply(g, mv).expect("legal");
            path.push(mv);
            if go(&next, left - 1, path) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut path = Vec::new();
    go(g, n, &mut path).then_some(path)
}

/// The classic contest DFS: copy the grid per level, skip left swaps into
/// occupied cells, prune colours with 1 or 2 blocks.
pub fn solve_classic(g: &Grid, n: u32) -> Option<Vec<Move>> {
    fn stranded(g: &Grid) -> bool {
        let mut count = [0u8; 11];
        for col in g {
            for &v in col {
                count[v as usize] += 1;
            }
        }
        count[1..].iter().any(|&c| c == 1 || c == 2)
    }
    fn go(g: &Grid, left: u32, path: &mut Vec<Move>) -> bool {
        if is_empty(g) {
            return left == 0;
        }
        if left == 0 || stranded(g) {
            return false;
        }
        for x in 0..5usize {
            for y in 0..7usize {
                if g[x][y] == 0 {
                    break;
                }
                for dir in [Dir::R, Dir::L] {
                    let to = x as i32 + i32::from(dir.g());
                    if !(0..5).contains(&to) || (dir == Dir::L && g[to as usize][y] != 0) {
                        continue;
                    }
                    let mv = Move::new(x as u8, y as u8, dir);
                    let next = apply(g, mv).expect("legal");
                    path.push(mv);
                    if go(&next, left - 1, path) {
                        return true;
                    }
                    path.pop();
                }
            }
        }
        false
    }
    let mut path = Vec::new();
    go(g, n, &mut path).then_some(path)
}
