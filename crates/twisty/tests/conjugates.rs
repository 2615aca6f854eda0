//! The twisty puzzle through the core's `Symmetry`: the census by class
//! against a brute-force count of each layer's classes, and a solution
//! found on classes unfolded into moves that solve.

use std::collections::HashSet;

use puzzle_search_core::{Classes, Solver, Strategy, Symmetry, replay};
use puzzle_twisty::{Conjugates, Definition, Moves, Position, Twisty};

/// Six pieces on a ring, three turns and a rotation by two (23,040
/// positions).
fn ring() -> Definition {
    Definition::parse(
        "Set P 6 2\nSolved\nP\n1 2 3 4 5 6\nEnd\n\
         Move A\nP\n2 3 1 4 5 6\n1 0 0 0 0 0\nEnd\n\
         Move B\nP\n1 2 4 5 3 6\n0 0 1 0 0 0\nEnd\n\
         Move C\nP\n5 2 3 4 6 1\n0 0 0 0 1 0\nEnd\n\
         Move x\nP\n3 4 5 6 1 2\nEnd\n",
    )
    .expect("a valid definition")
}

#[test]
fn classes_of_each_layer_equal_brute_force() {
    let def = ring();
    let puzzle = Twisty::new(def.clone(), Moves::all(&def).expect("moves"));
    let conj = Conjugates::new(&puzzle);
    assert!(conj.symmetries().len() > 1);
    let census = Solver::new(Strategy::bfs())
        .census_classes(&conj, def.solved())
        .expect("solved is symmetric");
    let classes = census.classes.clone().expect("by class");
    // Brute force: every position by layer, its representative.
    let mut seen: HashSet<Position> = HashSet::from([def.solved().clone()]);
    let mut layer = vec![def.solved().clone()];
    let mut kids = Vec::new();
    for (d, (&states, &want)) in census.layers.iter().zip(&classes).enumerate() {
        assert_eq!(layer.len() as u64, states, "layer {d}");
        let reps: HashSet<Position> = layer.iter().map(|p| conj.representative(p)).collect();
        assert_eq!(reps.len() as u64, want, "layer {d}");
        let mut next = Vec::new();
        for p in &layer {
            kids.clear();
            puzzle_search_core::Puzzle::successors(&puzzle, p, &mut kids);
            for (_, c) in kids.drain(..) {
                if seen.insert(c.clone()) {
                    next.push(c);
                }
            }
        }
        layer = next;
    }
    assert!(layer.is_empty());
    assert_eq!(census.states(), 23_040);
}

#[test]
fn a_solution_on_classes_unfolds_into_one_of_the_puzzle() {
    let def = ring();
    let puzzle = Twisty::new(def.clone(), Moves::all(&def).expect("moves"));
    let conj = Conjugates::new(&puzzle);
    let classes = Classes::new(&conj);
    let bfs = Solver::new(Strategy::bfs());
    // A position a few moves out: its class's solution unfolds into as
    // many of the puzzle's moves, which solve it.
    let mut kids = Vec::new();
    let mut at = def.solved().clone();
    for pick in [0, 2, 1, 2, 0] {
        kids.clear();
        puzzle_search_core::Puzzle::successors(&puzzle, &at, &mut kids);
        at = kids[pick].1.clone();
    }
    let plain = bfs.solve(&puzzle, &at);
    let on_classes = bfs.solve(&classes, &conj.representative(&at));
    let moves = classes
        .unfold(&at, on_classes.solution().expect("solvable"))
        .expect("a path of classes");
    assert_eq!(Some(moves.len()), plain.solution().map(<[u16]>::len));
    replay(&puzzle, &at, &moves).expect("the unfolded moves solve it");
}
