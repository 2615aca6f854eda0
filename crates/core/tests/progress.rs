//! What the progress hook and the report's notes tell of A*,
//! bidirectional search and IDA* on a zero bound.

use std::sync::{Arc, Mutex};

use puzzle_search_core::{Phase, Progress, Puzzle, Solver, Strategy};

/// A token on 0..=40 steps left or right; the goal is 40. Moves undo
/// each other, so the goal side's predecessors are the successors.
struct Line {
    bound: bool,
}

impl Puzzle for Line {
    type State = u8;
    type Move = i8;
    fn successors(&self, s: &u8, out: &mut Vec<(i8, u8)>) {
        if *s > 0 {
            out.push((-1, s - 1));
        }
        if *s < 40 {
            out.push((1, s + 1));
        }
    }
    fn is_goal(&self, s: &u8) -> bool {
        *s == 40
    }
    fn lower_bound(&self, s: &u8) -> Option<u32> {
        Some(if self.bound { u32::from(40 - s) / 2 } else { 0 })
    }
    fn predecessors(&self, s: &u8, out: &mut Vec<(i8, u8)>) -> bool {
        self.successors(s, out);
        true
    }
    fn goal_states(&self, out: &mut Vec<u8>) -> bool {
        out.push(40);
        true
    }
}

/// The layer reports of a solve.
fn layers(solver: Solver, puzzle: &Line) -> Vec<Progress> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&seen);
    let report = solver
        .on_progress(move |p: &Progress| {
            if p.phase == Phase::Layer {
                sink.lock().unwrap().push(*p);
            }
        })
        .solve(puzzle, &0);
    assert_eq!(report.solution().map(<[i8]>::len), Some(40));
    seen.lock().unwrap().clone()
}

#[test]
fn astar_and_bidirectional_search_report_each_layer() {
    let astar = layers(Solver::new(Strategy::astar()), &Line { bound: true });
    // f rises from 20 to 40 in steps of 1 (g + (40 - g) / 2).
    assert!(astar.len() >= 10, "{astar:?}");
    assert!(
        astar
            .windows(2)
            .all(|w| w[0].depth < w[1].depth && w[0].layer <= w[1].layer)
    );
    let bidir = layers(
        Solver::new(Strategy::bidirectional()),
        &Line { bound: false },
    );
    // One report a layer of either side, up to the radius 40 of both.
    assert_eq!(
        bidir.iter().map(|p| p.depth).collect::<Vec<_>>(),
        (1..=40).collect::<Vec<_>>()
    );
}

#[test]
fn ida_on_a_zero_bound_says_so() {
    let ida = Solver::new(Strategy::ida());
    let blind = ida.solve(&Line { bound: false }, &0);
    assert_eq!(blind.solution().map(<[i8]>::len), Some(40));
    assert!(
        blind.notes.iter().any(|n| n.contains("bound of 0")),
        "{:?}",
        blind.notes
    );
    let bounded = ida.solve(&Line { bound: true }, &0);
    assert!(
        !bounded.notes.iter().any(|n| n.contains("bound of 0")),
        "{:?}",
        bounded.notes
    );
}
