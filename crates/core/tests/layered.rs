//! Layered puzzles and symmetry classes against plain searches and brute
//! force: the one-layer census, the counts keyed by state, the paths to
//! dead ends, the census and counts by class, answers unfolded.

use std::collections::HashMap;

use puzzle_search_core::{
    Budget, Classes, Limit, Paths, PathsTo, Puzzle, Shortest, Solver, Strategy, Symmetry, replay,
};
use puzzle_testkit::peg::{self, Board, Peg};

/// A puzzle with its layers hidden: the plain paths of every call.
struct Plain<'a, P>(&'a P);

impl<P: Puzzle> Puzzle for Plain<'_, P> {
    type State = P::State;
    type Move = P::Move;
    fn successors(&self, s: &P::State, out: &mut Vec<(P::Move, P::State)>) {
        self.0.successors(s, out);
    }
    fn is_goal(&self, s: &P::State) -> bool {
        self.0.is_goal(s)
    }
    fn lower_bound(&self, s: &P::State) -> Option<u32> {
        self.0.lower_bound(s)
    }
}

/// Boards of the central game a few jumps from its end: positions of
/// `pegs` pegs reached from a solution walked backwards are too rare, so
/// take the late layers of a real game instead: the positions `jumps`
/// jumps along the first solution found, whose futures are small.
fn late_boards(peg: &Peg) -> Vec<Board> {
    let solution = Solver::new(Strategy::Dfs {
        depth: 31,
        mode: puzzle_search_core::DepthMode::Exactly,
    })
    .table(true)
    .solve(peg, &peg::start())
    .solution()
    .expect("the central game is solvable")
    .to_vec();
    (18..=24)
        .map(|n| {
            solution[..n]
                .iter()
                .try_fold(peg::start(), |b, &m| peg.apply(&b, m))
                .expect("legal jumps")
        })
        .collect()
}

/// Every path from `s`, by brute force: (to goals, to dead ends).
fn brute_paths(peg: &Peg, s: Board, memo: &mut HashMap<Board, (u128, u128)>) -> (u128, u128) {
    if let Some(&w) = memo.get(&s) {
        return w;
    }
    let mut kids = Vec::new();
    peg.successors(&s, &mut kids);
    let mut w = (u128::from(peg.is_goal(&s)), u128::from(kids.is_empty()));
    for (_, c) in kids {
        let (g, d) = brute_paths(peg, c, memo);
        w = (w.0 + g, w.1 + d);
    }
    memo.insert(s, w);
    w
}

#[test]
fn the_layered_census_equals_the_hash_census() {
    let peg = Peg::new();
    let solver = Solver::new(Strategy::bfs());
    for board in late_boards(&peg) {
        let layered = solver.census(&peg, &board);
        let plain = solver.census(&Plain(&peg), &board);
        assert_eq!(layered.layers, plain.layers, "{board:#x}");
        assert_eq!(layered.stopped, None);
    }
}

#[test]
fn layered_counts_equal_the_plain_counts_and_brute_force() {
    let peg = Peg::new();
    let solver = Solver::new(Strategy::ida());
    let mut memo = HashMap::new();
    for board in late_boards(&peg) {
        let layered = solver.count_shortest(&peg, &board, 40);
        let plain = solver.count_shortest(&Plain(&peg), &board, 40);
        assert_eq!(layered.outcome, plain.outcome, "{board:#x}");
        let (goals, dead_ends) = brute_paths(&peg, board, &mut memo);
        if let Shortest::Found { count, .. } = layered.outcome {
            // One peg left is the only goal, so every solution is shortest.
            assert_eq!(count, goals);
        } else {
            assert_eq!(goals, 0);
        }
        let all = solver.count_paths(&peg, &board, PathsTo::DeadEnds);
        assert_eq!(all.outcome, Paths::Found { count: dead_ends });
        assert_eq!(all.by_length.iter().sum::<u128>(), dead_ends);
        let to_goals = solver.count_paths(&peg, &board, PathsTo::Goals);
        assert_eq!(to_goals.outcome, Paths::Found { count: goals });
    }
}

/// A chain of diamonds: from layer `d`, two moves into one state of
/// layer `d + 1`, `n` times: 2^n paths, past what a `u64` holds.
struct Diamonds(u32);

impl Puzzle for Diamonds {
    type State = (u32, bool);
    type Move = u8;
    fn successors(&self, &(d, half): &(u32, bool), out: &mut Vec<(u8, (u32, bool))>) {
        if half {
            out.push((0, (d + 1, false)));
        } else if d < 2 * self.0 {
            out.extend([(0, (d + 1, true)), (1, (d + 1, true))]);
        }
    }
    fn is_goal(&self, s: &(u32, bool)) -> bool {
        s.0 == 2 * self.0
    }
    fn layer(&self, s: &(u32, bool)) -> Option<u32> {
        Some(s.0)
    }
}

#[test]
fn counts_past_a_u64_stay_exact() {
    let solver = Solver::new(Strategy::bfs());
    for n in [63, 64, 65, 100, 127] {
        let report = solver.count_shortest(&Diamonds(n), &(0, false), u32::MAX);
        assert_eq!(
            report.outcome,
            Shortest::Found {
                length: 2 * n,
                count: 1 << n
            }
        );
        let paths = solver.count_paths(&Diamonds(n), &(0, false), PathsTo::DeadEnds);
        assert_eq!(paths.outcome, Paths::Found { count: 1 << n });
    }
    // 2^128 and more: said, not wrapped.
    let report = solver.count_shortest(&Diamonds(130), &(0, false), u32::MAX);
    assert_eq!(report.outcome, Shortest::TooMany { length: 260 });
}

#[test]
fn the_state_cap_stops_a_layered_census_after_complete_layers() {
    let peg = Peg::new();
    let capped = Solver::new(Strategy::bfs()).budget(Budget::default().max_states(5_000));
    let census = capped.census(&peg, &peg::start());
    assert_eq!(census.stopped, Some(Limit::States));
    assert_eq!(census.layers, [1, 4, 12, 60, 296, 1338]);
    let count = capped.count_shortest(&peg, &peg::start(), 31);
    assert_eq!(count.outcome, Shortest::Stopped(Limit::States));
}

/// A puzzle that says it is layered and is not.
struct Liar;

impl Puzzle for Liar {
    type State = u8;
    type Move = u8;
    fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
        out.push((0, s.wrapping_add(2)));
    }
    fn is_goal(&self, _: &u8) -> bool {
        false
    }
    fn layer(&self, s: &u8) -> Option<u32> {
        Some(u32::from(*s))
    }
}

#[test]
#[should_panic(expected = "every move of a layered puzzle must lead one layer deeper")]
fn a_wrong_layer_is_caught() {
    Solver::new(Strategy::bfs()).census(&Liar, &0);
}

#[test]
fn classes_give_the_states_census_and_the_counts() {
    let peg = Peg::new();
    let solver = Solver::new(Strategy::bfs());
    // The opening layers of the central game, whose start is symmetric.
    let capped = solver.clone().budget(Budget::default().max_states(200_000));
    let states = capped.census(&peg, &peg::start());
    let by_class = capped
        .census_classes(&peg, &peg::start())
        .expect("symmetric start");
    let n = states.layers.len().min(by_class.layers.len());
    assert!(n >= 8);
    assert_eq!(states.layers[..n], by_class.layers[..n]);
    let classes = by_class.classes.expect("a census by class");
    assert_eq!(classes[..4], [1, 1, 2, 8]);
    // Brute force: the distinct representatives of each layer.
    let mut layer = vec![peg::start()];
    for (d, &want) in classes.iter().enumerate().take(n) {
        let mut reps: Vec<Board> = layer.iter().map(|b| peg.representative(b)).collect();
        reps.sort_unstable();
        reps.dedup();
        assert_eq!(reps.len() as u64, want, "layer {d}");
        let mut next = Vec::new();
        let mut kids = Vec::new();
        for b in &layer {
            kids.clear();
            peg.successors(b, &mut kids);
            next.extend(kids.iter().map(|k| k.1));
        }
        next.sort_unstable();
        next.dedup();
        layer = next;
    }
    // Counts on classes from symmetric boards equal the puzzle's: boards
    // made of whole orbits of holes, 9 to 13 pegs.
    let on_classes = Classes::new(&peg);
    let mut orbits: Vec<Board> = (0..49)
        .filter(|&c| peg::holes() >> c & 1 != 0)
        .map(|c| (0..8).fold(0, |m, k| m | peg.image(1 << c, k)))
        .collect();
    orbits.sort_unstable();
    orbits.dedup();
    let mut memo = HashMap::new();
    let mut tried = 0;
    for (i, a) in orbits.iter().enumerate() {
        for b in &orbits[i + 1..] {
            let board = a | b | 1 << peg::CENTRE;
            if !(9..=13).contains(&board.count_ones()) || tried >= 12 {
                continue;
            }
            tried += 1;
            assert!(peg.is_symmetric(&board));
            let (goals, dead_ends) = brute_paths(&peg, board, &mut memo);
            let counted = solver.count_paths(&on_classes, &board, PathsTo::Goals);
            assert_eq!(counted.outcome, Paths::Found { count: goals }, "{board:#x}");
            let games = solver.count_paths(&on_classes, &board, PathsTo::DeadEnds);
            assert_eq!(
                games.outcome,
                Paths::Found { count: dead_ends },
                "{board:#x}"
            );
            let shortest = solver.count_shortest(&on_classes, &board, 40);
            let plain = solver.count_shortest(&peg, &board, 40);
            assert_eq!(shortest.outcome, plain.outcome, "{board:#x}");
        }
    }
    assert!(tried >= 6, "{tried} boards tried");
}

#[test]
fn answers_on_classes_unfold_into_replayable_moves() {
    let peg = Peg::new();
    let classes = Classes::new(&peg);
    let dfs = Solver::new(Strategy::Dfs {
        depth: 31,
        mode: puzzle_search_core::DepthMode::Exactly,
    })
    .table(true);
    let on_classes = dfs.solve(&classes, &peg::start());
    let moves = classes
        .unfold(&peg::start(), on_classes.solution().expect("solvable"))
        .expect("a path of classes");
    assert_eq!(moves.len(), 31);
    let end = replay(&peg, &peg::start(), &moves).expect("replays");
    assert!(peg.is_goal(&end));
    // Not a path of classes: refused, not made up.
    assert_eq!(classes.unfold(&peg::start(), &[0, 0]), None);
}

/// The depth-first search for one solution of the central game with an
/// exact bound (pegs less one): the default gate must keep the table on
/// (it was switched off once the slack passed every margin, 0 here).
#[test]
fn the_default_gate_keeps_the_table_with_an_exact_bound() {
    let peg = Peg::new();
    let dfs = Solver::new(Strategy::Dfs {
        depth: 31,
        mode: puzzle_search_core::DepthMode::Exactly,
    })
    .table(true)
    .budget(Budget::default().max_nodes(5_000_000));
    let by_default = dfs.solve(&peg, &peg::start());
    let by_left = dfs.table_min_left(1).solve(&peg, &peg::start());
    assert!(by_default.solution().is_some(), "{:?}", by_default.outcome);
    assert_eq!(by_default.solution(), by_left.solution());
    let (a, b) = (by_default.stats.expanded, by_left.stats.expanded);
    assert!(a <= 2 * b, "default gate {a} nodes, table_min_left(1) {b}");
}

#[test]
fn the_peg_model_images_by_row_equal_them_by_cell() {
    let peg = Peg::new();
    let mut rng = puzzle_search_core::input::SplitMix64::new(7);
    for _ in 0..2_000 {
        let board = rng.next_u64() & peg::holes();
        for k in 0..8 {
            assert_eq!(peg.image(board, k), peg.image_by_cell(board, k));
        }
    }
}

#[test]
fn the_chain_model_predecessors_invert_its_successors() {
    let chains = peg::Chains::new();
    let mut rng = puzzle_search_core::input::SplitMix64::new(11);
    for _ in 0..300 {
        let board = rng.next_u64() & rng.next_u64() & peg::holes();
        let mut kids = Vec::new();
        chains.successors(&board, &mut kids);
        assert!(kids.windows(2).all(|w| w[0].0 < w[1].0), "move order");
        for &(m, child) in &kids {
            let mut back = Vec::new();
            chains.predecessors(&child, &mut back);
            assert!(back.contains(&(m, board)), "{m:#x} from {board:#x}");
        }
        let mut back = Vec::new();
        chains.predecessors(&board, &mut back);
        for &(m, before) in &back {
            kids.clear();
            chains.successors(&before, &mut kids);
            assert!(kids.contains(&(m, board)), "{m:#x} into {board:#x}");
        }
    }
}
