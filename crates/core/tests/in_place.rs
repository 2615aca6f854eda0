//! The in-place path (`Solver::solve` of a `MakeUnmake`) against the plain one
//! ([`Solver::solve`]) on seeded random graphs: the same answer always, the
//! same expanded nodes where the trees are the same (depth-limited DFS; IDA*
//! here has no inverse moves, so its in-place form does not skip moves
//! back and may expand more).

use puzzle_search_core::{MakeUnmake, Sequential};
use puzzle_testkit::graph::Graph;
use puzzle_testkit::stepped::{Stepped, bounded};

use puzzle_search_core::{Budget, DepthMode, Limit, Outcome, Solver, Strategy, input::SplitMix64};

/// Every strategy the in-place path serves, at depths 0 to 6.
fn strategies() -> Vec<Strategy> {
    let mut all = Vec::new();
    for depth in 0..=6 {
        for mode in [DepthMode::Exactly, DepthMode::AtMost] {
            all.push(Strategy::Dfs { depth, mode });
        }
        all.push(Strategy::IdaStar { max_depth: depth });
    }
    all
}

#[test]
fn in_place_answers_equal_the_plain_path_on_random_graphs() {
    let mut rng = SplitMix64::new(41);
    let (mut solved, mut compared) = (0, 0);
    for i in 0..400 {
        let mut graph = if i % 2 == 0 {
            Graph::small(&mut rng)
        } else {
            Graph::cyclic(&mut rng, 12, 10)
        };
        // Children left out, dead ends told or not: the flags the engine
        // handles on the way.
        graph.trim = i % 3 == 0;
        graph.dead_ends = i % 5 != 0;
        let start = rng.below(graph.edges.len() as u64) as u32;
        let stepped = Stepped::<_>(graph.clone());
        for strategy in strategies() {
            for parallel in [false, true] {
                let solver = Solver::new(strategy).parallel(parallel);
                let plain = solver.solve(&graph, &start);
                let fast = solver.solve(MakeUnmake(&stepped), &start);
                assert_eq!(fast.outcome, plain.outcome, "{i} from {start} {solver:?}");
                solved += usize::from(matches!(plain.outcome, Outcome::Solved(_)));
                if !parallel {
                    let (f, p) = (fast.stats.expanded, plain.stats.expanded);
                    match strategy {
                        Strategy::Dfs { .. } => assert_eq!(f, p, "{i} {strategy:?}"),
                        _ => assert!(f >= p, "{i} {strategy:?}: {f} < {p}"),
                    }
                    compared += 1;
                }
            }
        }
        // Children cut by `moves` itself, their bounds not read again
        // (`InPlace::moves_bounded`): the same answers.
        let bounded = bounded(graph.clone());
        for strategy in strategies() {
            let solver = Solver::new(strategy).parallel(false);
            let plain = solver.solve(&graph, &start);
            let fast = solver.solve(MakeUnmake(&bounded), &start);
            assert_eq!(
                fast.outcome, plain.outcome,
                "bounded {i} from {start} {solver:?}"
            );
        }
        // The sequential in-place entry point agrees too.
        let ida = Solver::new(Strategy::IdaStar { max_depth: 8 });
        assert_eq!(
            ida.solve(Sequential(MakeUnmake(&stepped)), &start).outcome,
            ida.solve(&graph, &start).outcome
        );
    }
    assert!(solved > 1000 && compared > 5000, "{solved} {compared}");
}

#[test]
fn in_place_with_a_table_or_dedup_runs_the_plain_path() {
    // Options the in-place loop does not serve fall back to the plain
    // loop: the same answers, and with dedup (deterministic, unlike the
    // table, whose hasher is seeded per search) the same counts.
    let mut rng = SplitMix64::new(42);
    for _ in 0..100 {
        let graph = Graph::cyclic(&mut rng, 14, 8);
        let start = rng.below(14) as u32;
        for (solver, same_counts) in [
            (
                Solver::new(Strategy::IdaStar { max_depth: 9 }).table(true),
                false,
            ),
            (
                Solver::new(Strategy::IdaStar { max_depth: 9 }).dedup(true),
                true,
            ),
        ] {
            let solver = solver.parallel(false);
            let plain = solver.solve(&graph, &start);
            let fast = solver.solve(MakeUnmake(&Stepped::<_>(graph.clone())), &start);
            assert_eq!(fast.outcome, plain.outcome);
            if same_counts {
                assert_eq!(fast.stats.expanded, plain.stats.expanded);
            }
        }
    }
}

#[test]
fn in_place_search_stops_at_its_budget() {
    // A ring of 64 nodes with no goal but far away: the node limit stops
    // the search, reported as a stop, not as "no solution".
    let n = 64u32;
    let edges = (0..n)
        .map(|v| vec![(0, (v + 1) % n), (1, (v + n - 1) % n)])
        .collect();
    let mut goals = vec![false; n as usize];
    goals[32] = true;
    let mut graph = Graph::new(edges, goals, 1000);
    graph.dead_ends = false;
    let solver = Solver::new(Strategy::IdaStar { max_depth: 40 })
        .budget(Budget::default().max_nodes(300))
        .parallel(false);
    let report = solver.solve(MakeUnmake(&Stepped::<_>(graph)), &0);
    assert_eq!(report.outcome, Outcome::Stopped(Limit::Nodes));
}

/// The deprecated entry points still answer for this release,
/// each as the target form that replaced it.
#[test]
#[allow(deprecated)]
fn deprecated_entry_points_answer_as_their_targets() {
    let mut rng = SplitMix64::new(43);
    for _ in 0..50 {
        let graph = Graph::cyclic(&mut rng, 12, 6);
        let stepped = Stepped::<_>(graph.clone());
        let starts: Vec<u32> = (0..3).map(|_| rng.below(12) as u32).collect();
        let solver = Solver::new(Strategy::IdaStar { max_depth: 8 });
        let s = &starts[0];
        let want = solver.solve(&graph, s);
        assert_eq!(solver.solve_sequential(&graph, s).outcome, want.outcome);
        let fast = solver.solve(MakeUnmake(&stepped), s);
        assert_eq!(solver.solve_in_place(&stepped, s).outcome, fast.outcome);
        assert_eq!(
            solver.solve_in_place_sequential(&stepped, s).outcome,
            solver.solve(Sequential(MakeUnmake(&stepped)), s).outcome
        );
        let old: Vec<_> = solver
            .solve_batch_in_place(&stepped, &starts, |_, _| {})
            .into_iter()
            .map(|r| r.outcome)
            .collect();
        let new: Vec<_> = solver
            .solve_batch(MakeUnmake(&stepped), &starts, |_, _| {})
            .into_iter()
            .map(|r| r.outcome)
            .collect();
        assert_eq!(old, new);
        assert_eq!(fast.outcome, want.outcome);
    }
}
