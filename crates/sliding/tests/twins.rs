//! The duplicate-sequence automaton against brute force: every word's
//! twin checked on real boards at every cell where the word is legal, the
//! answers of every small board never left out, and IDA* with and without
//! the automaton giving the same answers.

use std::collections::HashMap;

mod common;
use common::{bfs, smallest_path};

use puzzle_search_core::{input::SplitMix64, replay};
use puzzle_sliding::{Board, Bound, Dir, Goal, Sliding, twin_automaton, twin_words};

fn numbers(word: &[Dir]) -> Vec<u8> {
    word.iter().map(|&d| d as u8).collect()
}

/// A board whose tiles all differ (the goal), with the blank moved to
/// `cell` by a plain walk: every position then shows every tile's place.
fn board_with_blank_at(width: usize, height: usize, cell: usize) -> Board {
    let mut b = Board::goal(width, height, Goal::BlankFirst).expect("size");
    while b.blank() % width < cell % width {
        b = b.slide(Dir::R).expect("on the board").0;
    }
    while b.blank() / width < cell / width {
        b = b.slide(Dir::D).expect("on the board").0;
    }
    b
}

/// Breadth first from `start` to `depth` moves, children in move order:
/// each board's first path is its lexicographically smallest shortest one
/// (kept as the parent's index and the move).
struct Layers {
    index: HashMap<Board, usize>,
    parent: Vec<(usize, Dir)>,
}

impl Layers {
    fn new(start: Board, depth: usize) -> Self {
        let mut index = HashMap::from([(start, 0)]);
        let mut parent = vec![(usize::MAX, Dir::D)];
        let mut layer = vec![start];
        for _ in 0..depth {
            let mut next = Vec::new();
            for b in &layer {
                let at = index[b];
                for d in Dir::ALL {
                    if let Some((c, _)) = b.slide(d) {
                        if let std::collections::hash_map::Entry::Vacant(e) = index.entry(c) {
                            e.insert(parent.len());
                            parent.push((at, d));
                            next.push(c);
                        }
                    }
                }
            }
            layer = next;
        }
        Self { index, parent }
    }

    fn path(&self, board: &Board) -> Vec<Dir> {
        let mut at = self.index[board];
        let mut p = Vec::new();
        while at != 0 {
            let (up, d) = self.parent[at];
            p.push(d);
            at = up;
        }
        p.reverse();
        p
    }
}

/// Every shipped word, at every blank cell of these boards where it is
/// legal, reaches a board that a better sequence on that board reaches:
/// the contract of `Puzzle::canonical` for shortest searches, checked
/// where the proof's box argument applies and where it would fail first
/// (edges and corners of narrow boards).
#[test]
fn every_word_has_a_better_legal_twin_on_real_boards() {
    let words = twin_words(12);
    assert_eq!(words.len(), 2667);
    assert_eq!(twin_automaton().words(), words.len());
    // 5x5: a corner, the edge cells beside it and inner cells (the words are
    // not symmetric under the board's reflections, so these are samples).
    let cases: Vec<(usize, usize, Vec<usize>)> = vec![
        (2, 4, (0..8).collect()),
        (4, 2, (0..8).collect()),
        (3, 3, (0..9).collect()),
        (3, 4, (0..12).collect()),
        (4, 4, (0..16).collect()),
        (5, 5, vec![0, 1, 2, 6, 7, 12]),
    ];
    let mut checked = 0usize;
    for (w, h, cells) in cases {
        for cell in cells {
            let start = board_with_blank_at(w, h, cell);
            let layers = Layers::new(start, 12);
            for word in &words {
                let mut b = start;
                let legal = word.iter().all(|&d| match b.slide(d) {
                    Some((c, _)) => {
                        b = c;
                        true
                    }
                    None => false,
                });
                if !legal {
                    continue;
                }
                let best = layers.path(&b);
                assert!(
                    best.len() < word.len() || (best.len() == word.len() && best < *word),
                    "{w}x{h} blank at {cell}: {word:?} has no better twin (best {best:?})"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 9_000, "only {checked} placements checked");
}

/// The lexicographically smallest shortest solution of every board of
/// these sizes (found by a full breadth-first search from the goal) is
/// never left out by the automaton: the property the proof gives, seen
/// whole on the boards where words of 12 moves fit.
#[test]
fn every_smallest_shortest_solution_is_kept() {
    let a = twin_automaton();
    for (w, h) in [(3, 3), (2, 4), (4, 2)] {
        for goal in [Goal::BlankLast, Goal::BlankFirst] {
            let dist = bfs(w, h, goal);
            let mut left_out = 0;
            for board in dist.keys() {
                let path = smallest_path(&dist, board);
                if !a.accepts(&numbers(&path)) {
                    left_out += 1;
                }
            }
            assert_eq!(left_out, 0, "{w}x{h} {goal:?}");
        }
    }
}

/// IDA* on random 4x4 and 5x5 walks and 3x3 boards: the same answer with
/// and without the automaton (replayed), never more nodes, and fewer in
/// all.
#[test]
fn same_answers_with_and_without_twins() {
    let mut rng = SplitMix64::new(0x7715);
    let (mut on_nodes, mut off_nodes) = (0u64, 0u64);
    for (w, h, steps, boards) in [
        (3, 3, 60, 40),
        (4, 4, 60, 12),
        (5, 5, 50, 4),
        (2, 6, 80, 10),
    ] {
        for goal in [Goal::BlankLast, Goal::BlankFirst] {
            let bound = if w == 5 {
                Bound::LinearConflict
            } else {
                Bound::Manhattan
            };
            let on = Sliding::new(w, h, goal, bound).expect("size");
            let off = on.clone().prune_twins(false);
            let home = Board::goal(w, h, goal).expect("size");
            for _ in 0..boards {
                let board = home.walk(steps, &mut rng);
                let solver = Sliding::solver().parallel(false);
                let a = on.solve_with(&board, &solver).expect("size");
                let b = off.solve_with(&board, &solver).expect("size");
                assert_eq!(a.outcome, b.outcome, "{board}");
                let moves = a.solution().expect("a walk is solvable");
                let end = replay(&on, &on.node(&board), moves).expect("legal");
                assert_eq!(end.board, home);
                assert!(a.stats.expanded <= b.stats.expanded, "{board}");
                on_nodes += a.stats.expanded;
                off_nodes += b.stats.expanded;
            }
        }
    }
    assert!(on_nodes < off_nodes, "{on_nodes} vs {off_nodes}");
}
