//! `Solver::solve_batch`: each start's report is what `solve` gives for it
//! alone, in input order, at any thread count.

use puzzle_search_core::Sequential;
use std::sync::Mutex;

use puzzle_testkit::graph::Graph;

use puzzle_search_core::{
    Budget, CancelFlag, DepthMode, Limit, Outcome, Solver, Strategy, from_fn, input::SplitMix64,
};

#[test]
fn batch_answers_equal_one_at_a_time_at_any_thread_count() {
    let mut rng = SplitMix64::new(20);
    for _ in 0..60 {
        let graph = Graph::small(&mut rng);
        let starts: Vec<u32> = (0..graph.edges.len() as u32).collect();
        for strategy in [
            Strategy::IdaStar { max_depth: 6 },
            Strategy::Bfs { max_depth: 6 },
            Strategy::AStar { max_depth: 6 },
        ] {
            let alone = Solver::new(strategy).parallel(false);
            let want: Vec<_> = starts
                .iter()
                .map(|s| alone.solve(Sequential(&graph), s))
                .collect();
            for threads in [1, 2, 3, 8, 16] {
                let solver = Solver::new(strategy).threads(threads);
                let seen = Mutex::new(Vec::new());
                let got = solver.solve_batch(&graph, &starts, |i, r| {
                    seen.lock().expect("a lock").push((i, r.outcome.clone()));
                });
                assert_eq!(got.len(), starts.len());
                for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                    assert_eq!(g.outcome, w.outcome, "start {i} {strategy:?} {threads}");
                    if threads == 1 {
                        // On one thread, each start's own statistics.
                        let mut g = g.stats;
                        let mut w = w.stats;
                        (g.elapsed, w.elapsed) = Default::default();
                        assert_eq!(g, w, "start {i} {strategy:?}");
                    }
                }
                // `done` once per start, with its report.
                let mut seen = seen.into_inner().expect("a lock");
                seen.sort_by_key(|s| s.0);
                let outcomes: Vec<_> = got.iter().map(|r| r.outcome.clone()).collect();
                assert_eq!(seen.into_iter().map(|s| s.1).collect::<Vec<_>>(), outcomes);
            }
        }
    }
}

#[test]
fn a_cancelled_batch_stops_every_start() {
    // Counting up forever: no goal, so only the budget ends each search.
    let endless = from_fn(
        |s: &u64, out: &mut Vec<(u8, u64)>| out.push((0, s + 1)),
        |_: &u64| false,
    );
    let flag = CancelFlag::new();
    flag.cancel();
    let solver = Solver::new(Strategy::Dfs {
        depth: 1 << 20,
        mode: DepthMode::AtMost,
    })
    .threads(2)
    .budget(Budget::default().cancel_flag(flag));
    let got = solver.solve_batch(&endless, &[0, 5, 9], |_, _| {});
    for r in &got {
        assert_eq!(r.outcome, Outcome::Stopped(Limit::Cancelled));
    }
    // A node limit is each start's own.
    let capped = Solver::new(Strategy::Dfs {
        depth: 1 << 20,
        mode: DepthMode::AtMost,
    })
    .threads(2)
    .budget(Budget::default().max_nodes(5_000));
    for r in capped.solve_batch(&endless, &[0, 5, 9], |_, _| {}) {
        assert_eq!(r.outcome, Outcome::Stopped(Limit::Nodes));
        // The reachability check's nodes count against the limit too.
        let nodes = r.stats.expanded + r.stats.reach_expanded;
        assert!((5_000..50_000).contains(&nodes), "{:?}", r.stats);
    }
}
