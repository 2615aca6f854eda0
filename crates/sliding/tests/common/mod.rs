//! What the sliding crate's test files share: a full breadth-first search
//! from the goal and the lexicographically smallest shortest path read off
//! its distances.

use std::collections::HashMap;

use puzzle_sliding::{Board, Dir, Goal};

/// Distances from the goal of every board that reaches it.
pub(crate) fn bfs(width: usize, height: usize, goal: Goal) -> HashMap<Board, u32> {
    let start = Board::goal(width, height, goal).expect("size");
    let mut dist = HashMap::from([(start, 0)]);
    let mut layer = vec![start];
    let mut d = 0;
    while !layer.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for b in &layer {
            for dir in Dir::ALL {
                if let Some((c, _)) = b.slide(dir) {
                    dist.entry(c).or_insert_with(|| {
                        next.push(c);
                        d
                    });
                }
            }
        }
        layer = next;
    }
    dist
}

/// The lexicographically smallest shortest path, walking down the BFS
/// distances: every move that lowers the distance starts a shortest path.
pub(crate) fn smallest_path(dist: &HashMap<Board, u32>, board: &Board) -> Vec<Dir> {
    let mut path = Vec::new();
    let mut b = *board;
    while dist[&b] > 0 {
        let (dir, next) = Dir::ALL
            .iter()
            .find_map(|&d| {
                b.slide(d)
                    .map(|(c, _)| (d, c))
                    .filter(|(_, c)| dist[c] + 1 == dist[&b])
            })
            .expect("a move down");
        path.push(dir);
        b = next;
    }
    path
}
