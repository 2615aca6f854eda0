//! The engine on hard shapes: larger random graphs full of cycles against an
//! exact reference, enormous depth limits, a million-move chain, a broken
//! `successors` contract.

use puzzle_testkit::graph::Graph;

use puzzle_search_core::{
    Budget, DepthMode, Limit, Outcome, Puzzle, Solver, Strategy, input::SplitMix64,
};

const ROUNDS: usize = 150;

fn shortest_searches(max_depth: u32) -> Vec<Solver> {
    let mut all = Vec::new();
    for table in [0, 300, 1 << 20] {
        for dedup in [false, true] {
            for parallel in [false, true] {
                all.push(
                    Solver::new(Strategy::IdaStar { max_depth })
                        .table_bytes(table)
                        .table_min_slack(0)
                        .dedup(dedup)
                        .parallel(parallel),
                );
            }
        }
    }
    all.push(Solver::new(Strategy::IdaStar { max_depth }).table(true));
    all.push(Solver::new(Strategy::Bfs { max_depth }));
    all
}

#[test]
fn shortest_answers_on_cyclic_graphs_equal_the_exact_reference() {
    let mut rng = SplitMix64::new(21);
    let (mut solvable, mut unsolvable) = (0, 0);
    for round in 0..ROUNDS {
        let n = 10 + rng.below(50) as usize;
        let mut graph = Graph::cyclic(&mut rng, n, 4);
        graph.trim = round % 3 == 0;
        let start = rng.below(n as u64) as u32;
        let expected = graph.expected(start);
        // A limit that cuts some answers short, and an enormous one.
        let tight = expected
            .as_ref()
            .map_or(5, |m| m.len() as u32)
            .saturating_sub(1);
        for max_depth in [tight, 1_000_000] {
            let want = expected.clone().filter(|m| m.len() as u32 <= max_depth);
            for solver in shortest_searches(max_depth) {
                // Without a table IDA* may circle on a big space; it has a
                // budget, and may only run out of it with an enormous limit.
                let solver = solver.budget(Budget::default().max_nodes(2_000_000));
                let report = solver.solve(&graph, &start);
                match report.outcome.into_result() {
                    Ok(got) => assert_eq!(got, want, "round {round} {solver:?}"),
                    Err(limit) => panic!("round {round} {solver:?}: {limit}"),
                }
            }
        }
        solvable += usize::from(expected.is_some());
        unsolvable += usize::from(expected.is_none());
    }
    assert!(
        solvable > 30 && unsolvable > 30,
        "{solvable} / {unsolvable}"
    );
}

/// The case that makes the table forget a bound when a state is reached in
/// fewer moves than before. Bounds are 0 but at `x`, where it is exact
/// (6), so the way through `x` is cut until the iteration to 7 moves. In
/// the iteration to 6, `s` is first met 5 moves deep under `a`, where its
/// only move leads straight back to `a`: it learns "no shortest solution
/// through `s` 5 or more moves deep", true, but the answer passes `s` after
/// 2 moves: `1 0 0 1 0 0 0`; through `P1 P2 P3 a` it takes 8 moves.
#[test]
fn a_bound_learned_deep_is_not_used_shallower() {
    // S=0, P1=1, P2=2, a=3, s=4, Q1=5, Q2=6, Q3=7, goal=8, x=9, P3=10.
    let edges = vec![
        vec![(0, 1), (1, 9)],
        vec![(0, 2)],
        vec![(0, 10)],
        vec![(0, 4), (1, 5)],
        vec![(0, 3)],
        vec![(0, 6)],
        vec![(0, 7)],
        vec![(0, 8)],
        vec![],
        vec![(0, 4)],
        vec![(0, 3)],
    ];
    let mut goals = vec![false; 11];
    goals[8] = true;
    let mut graph = Graph::new(edges, goals, 1000);
    graph.exact = vec![9];
    assert_eq!(graph.expected(0), Some(vec![1, 0, 0, 1, 0, 0, 0]));
    for solver in shortest_searches(10) {
        let report = solver.solve(&graph, &0);
        assert_eq!(
            graph.expected(0).as_deref(),
            report.solution(),
            "{solver:?}"
        );
    }
}

/// Brute force: every sequence, in lexicographic order.
fn brute(g: &Graph, at: u32, path: &mut Vec<u8>, left: u32, exact: bool) -> bool {
    if g.goals[at as usize] && (!exact || left == 0) {
        return true;
    }
    if left == 0 {
        return false;
    }
    for &(m, to) in &g.edges[at as usize] {
        path.push(m);
        if brute(g, to, path, left - 1, exact) {
            return true;
        }
        path.pop();
    }
    false
}

#[test]
fn depth_limited_dfs_keeps_detours_on_cyclic_graphs() {
    let mut rng = SplitMix64::new(22);
    for _ in 0..60 {
        let n = 10 + rng.below(30) as usize;
        let mut graph = Graph::cyclic(&mut rng, n, 6);
        graph.trim = rng.below(2) == 0;
        let start = rng.below(n as u64) as u32;
        for depth in [3, 7, 10] {
            for (mode, exact) in [(DepthMode::Exactly, true), (DepthMode::AtMost, false)] {
                let mut path = Vec::new();
                let want = brute(&graph, start, &mut path, depth, exact).then_some(path);
                for table in [0, 300, 1 << 20] {
                    for parallel in [false, true] {
                        let solver = Solver::new(Strategy::Dfs { depth, mode })
                            .table_bytes(table)
                            .table_min_slack(u32::from(parallel))
                            .dedup(true)
                            .parallel(parallel);
                        let got = solver.solve(&graph, &start).outcome;
                        assert_eq!(
                            got.clone(),
                            match &want {
                                Some(m) => Outcome::Solved(m.clone()),
                                None => Outcome::NoSolution,
                            },
                            "{solver:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn an_enormous_limit_on_a_finite_space_without_a_goal_ends_at_once() {
    let mut rng = SplitMix64::new(23);
    let mut graph = Graph::cyclic(&mut rng, 200, 0);
    graph.weaken = 1;
    for strategy in [
        Strategy::IdaStar {
            max_depth: u32::MAX,
        },
        Strategy::Dfs {
            depth: u32::MAX,
            mode: DepthMode::AtMost,
        },
        Strategy::Dfs {
            depth: 1_000_000,
            mode: DepthMode::Exactly,
        },
        Strategy::Bfs {
            max_depth: u32::MAX,
        },
    ] {
        for table in [false, true] {
            let solver = Solver::new(strategy)
                .table(table)
                .budget(Budget::default().max_nodes(100_000));
            let report = solver.solve(&graph, &0);
            assert_eq!(report.outcome, Outcome::NoSolution, "{solver:?}");
            assert!(
                report.stats.expanded <= 1_000,
                "{solver:?}: {}",
                report.stats
            );
        }
    }
}

/// Numbers from 0 up to `end`, one step at a time; the bound is exact.
struct Chain {
    end: u32,
}

impl Puzzle for Chain {
    type State = u32;
    type Move = u8;
    fn successors(&self, s: &u32, out: &mut Vec<(u8, u32)>) {
        if *s < self.end {
            out.push((0, s + 1));
        }
    }
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.end
    }
    fn lower_bound(&self, s: &u32) -> Option<u32> {
        Some(self.end - s)
    }
}

#[test]
fn a_million_moves_deep_solution_is_found_without_overflowing_the_stack() {
    let end = 1_000_000;
    let chain = Chain { end };
    for solver in [
        Solver::new(Strategy::Dfs {
            depth: end,
            mode: DepthMode::Exactly,
        }),
        Solver::new(Strategy::Dfs {
            depth: u32::MAX,
            mode: DepthMode::AtMost,
        }),
        Solver::new(Strategy::IdaStar {
            max_depth: u32::MAX,
        }),
        Solver::new(Strategy::IdaStar { max_depth: end })
            .table(true)
            .parallel(true),
        Solver::new(Strategy::Bfs {
            max_depth: u32::MAX,
        }),
    ] {
        let report = solver.solve(&chain, &0);
        assert_eq!(
            report.solution().map(<[u8]>::len),
            Some(end as usize),
            "{solver:?}"
        );
    }
}

/// From a number, `*2` or `+1`, forever.
struct Endless;

impl Puzzle for Endless {
    type State = u64;
    type Move = u8;
    fn successors(&self, s: &u64, out: &mut Vec<(u8, u64)>) {
        out.extend([(0, s.wrapping_mul(2)), (1, s.wrapping_add(1))]);
    }
    fn is_goal(&self, _: &u64) -> bool {
        false
    }
}

#[test]
fn the_largest_depth_limit_with_a_node_budget_stops_cleanly() {
    for mode in [DepthMode::Exactly, DepthMode::AtMost] {
        for parallel in [false, true] {
            let report = Solver::new(Strategy::Dfs {
                depth: u32::MAX,
                mode,
            })
            .parallel(parallel)
            .table(true)
            .budget(Budget::default().max_nodes(1000))
            .solve(&Endless, &1);
            assert_eq!(report.outcome, Outcome::Stopped(Limit::Nodes));
            assert!(report.stats.expanded < 2000, "{}", report.stats);
        }
    }
    let report = Solver::new(Strategy::IdaStar {
        max_depth: u32::MAX,
    })
    .budget(Budget::default().max_nodes(1000))
    .solve(&Endless, &1);
    assert_eq!(report.outcome, Outcome::Stopped(Limit::Nodes));
}

/// Pushes its moves in descending order: a broken contract.
struct Backwards;

impl Puzzle for Backwards {
    type State = u8;
    type Move = u8;
    fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
        out.extend([(1, s.wrapping_add(2)), (0, s.wrapping_add(1))]);
    }
    fn is_goal(&self, s: &u8) -> bool {
        *s == 3
    }
}

#[test]
fn successors_out_of_order_stop_every_strategy_with_a_clear_panic() {
    for strategy in [
        Strategy::Dfs {
            depth: 3,
            mode: DepthMode::Exactly,
        },
        Strategy::Dfs {
            depth: 3,
            mode: DepthMode::AtMost,
        },
        Strategy::IdaStar { max_depth: 3 },
        Strategy::Bfs { max_depth: 3 },
    ] {
        let panic = std::panic::catch_unwind(|| Solver::new(strategy).solve(&Backwards, &0))
            .expect_err("a broken order must not give an answer");
        let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(
            message.contains("strictly ascending Move order"),
            "{strategy}: {message}"
        );
    }
}

/// Two random graphs side by side: a state is a pair, moves `0..6` move the
/// first part, `10..16` the second; moves on different parts commute.
struct Product {
    graph: Graph,
    n2: u32,
}

impl Product {
    fn random(rng: &mut SplitMix64) -> Self {
        let (n1, n2) = (3 + rng.below(6) as usize, 3 + rng.below(6) as usize);
        let (a, b) = (Graph::cyclic(rng, n1, 30), Graph::cyclic(rng, n2, 30));
        let mut edges = Vec::new();
        let mut goals = Vec::new();
        for u in 0..n1 {
            for v in 0..n2 {
                let mut out: Vec<(u8, u32)> = a.edges[u]
                    .iter()
                    .map(|&(m, to)| (m, to * n2 as u32 + v as u32))
                    .collect();
                out.extend(
                    b.edges[v]
                        .iter()
                        .map(|&(m, to)| (m + 10, u as u32 * n2 as u32 + to)),
                );
                edges.push(out);
                goals.push(a.goals[u] && b.goals[v]);
            }
        }
        let weaken = [1, 2, 1000][rng.below(3) as usize];
        Self {
            graph: Graph::new(edges, goals, weaken),
            n2: n2 as u32,
        }
    }
}

impl Puzzle for Product {
    type State = u32;
    type Move = u8;
    fn successors(&self, s: &u32, out: &mut Vec<(u8, u32)>) {
        self.graph.successors(s, out);
    }
    fn is_goal(&self, s: &u32) -> bool {
        self.graph.is_goal(s)
    }
    fn lower_bound(&self, s: &u32) -> Option<u32> {
        self.graph.lower_bound(s)
    }
    fn commutes(&self, _: &u32, first: u8, second: u8) -> bool {
        (first < 10) != (second < 10)
    }
}

#[test]
fn commuting_moves_in_one_order_keep_every_answer() {
    let mut rng = SplitMix64::new(24);
    let (mut commuted, mut solved) = (0, 0);
    for _ in 0..120 {
        let p = Product::random(&mut rng);
        let n = p.graph.edges.len() as u64;
        let start = rng.below(n) as u32;
        let _ = p.n2;
        // Shortest: the exact reference.
        let expected = p.graph.expected(start);
        solved += usize::from(expected.is_some());
        for max_depth in [6, 1_000_000] {
            let want = expected.clone().filter(|m| m.len() as u32 <= max_depth);
            for solver in shortest_searches(max_depth) {
                let report = solver.solve(&p, &start);
                commuted += report.stats.commuted;
                assert_eq!(report.solution().map(<[u8]>::to_vec), want, "{solver:?}");
            }
        }
        // Depth-limited: brute force over every sequence.
        for depth in [3, 5] {
            for mode in [DepthMode::Exactly, DepthMode::AtMost] {
                let exact = mode == DepthMode::Exactly;
                let mut path = Vec::new();
                let want = brute(&p.graph, start, &mut path, depth, exact).then_some(path);
                for table in [0, 300, 1 << 20] {
                    for parallel in [false, true] {
                        let solver = Solver::new(Strategy::Dfs { depth, mode })
                            .table_bytes(table)
                            .table_min_slack(0)
                            .dedup(true)
                            .parallel(parallel);
                        let report = solver.solve(&p, &start);
                        commuted += report.stats.commuted;
                        assert_eq!(report.solution().map(<[u8]>::to_vec), want, "{solver:?}");
                    }
                }
            }
        }
    }
    assert!(commuted > 1000 && solved > 20, "{commuted} {solved}");
}
