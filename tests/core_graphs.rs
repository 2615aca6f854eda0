//! The core's strategies on seeded random explicit graphs, against brute
//! force: every move sequence enumerated in lexicographic order.

use std::collections::VecDeque;

use puzzle_search::{
    Budget, DepthMode, Outcome, Puzzle, ReplayError, Solver, SplitMix64, Strategy, replay,
};

/// A directed graph whose edges are labelled moves; some nodes are goals.
struct Graph {
    edges: Vec<Vec<(u8, u32)>>,
    goals: Vec<bool>,
    /// Exact distance to a goal (None: unreachable), divided by `weaken`.
    dist: Vec<Option<u32>>,
    weaken: u32,
}

impl Graph {
    fn random(rng: &mut SplitMix64) -> Self {
        let n = 2 + rng.below(7) as usize;
        let mut edges = Vec::with_capacity(n);
        for _ in 0..n {
            let mut labels: Vec<u8> = (0..5).collect();
            rng.shuffle(&mut labels);
            let degree = rng.below(4) as usize;
            let mut out: Vec<(u8, u32)> = labels[..degree]
                .iter()
                .map(|&l| (l, rng.below(n as u64) as u32))
                .collect();
            out.sort();
            edges.push(out);
        }
        let goals: Vec<bool> = (0..n).map(|_| rng.below(4) == 0).collect();
        let mut dist = vec![None; n];
        let mut queue = VecDeque::new();
        for v in 0..n {
            if goals[v] {
                dist[v] = Some(0);
                queue.push_back(v);
            }
        }
        while let Some(v) = queue.pop_front() {
            for u in 0..n {
                if dist[u].is_none() && edges[u].iter().any(|&(_, w)| w as usize == v) {
                    dist[u] = Some(dist[v].unwrap_or(0) + 1);
                    queue.push_back(u);
                }
            }
        }
        Self {
            edges,
            goals,
            dist,
            weaken: 1 + rng.below(3) as u32,
        }
    }

    /// First sequence in lexicographic order (a prefix before its
    /// extensions) that satisfies `ok(len, state)`, with at most `max` moves.
    fn brute(&self, start: u32, max: usize, ok: &dyn Fn(usize, u32) -> bool) -> Option<Vec<u8>> {
        fn go(
            g: &Graph,
            at: u32,
            path: &mut Vec<u8>,
            max: usize,
            ok: &dyn Fn(usize, u32) -> bool,
        ) -> bool {
            if ok(path.len(), at) {
                return true;
            }
            if path.len() == max {
                return false;
            }
            for &(m, to) in &g.edges[at as usize] {
                path.push(m);
                if go(g, to, path, max, ok) {
                    return true;
                }
                path.pop();
            }
            false
        }
        let mut path = Vec::new();
        go(self, start, &mut path, max, ok).then_some(path)
    }
}

impl Puzzle for Graph {
    type State = u32;
    type Move = u8;
    fn successors(&self, s: &u32, out: &mut Vec<(u8, u32)>) {
        out.extend_from_slice(&self.edges[*s as usize]);
    }
    fn is_goal(&self, s: &u32) -> bool {
        self.goals[*s as usize]
    }
    fn lower_bound(&self, s: &u32) -> Option<u32> {
        self.dist[*s as usize].map(|d| d / self.weaken)
    }
}

fn solved(outcome: &Outcome<u8>) -> Option<Vec<u8>> {
    match outcome {
        Outcome::Solved(m) => Some(m.clone()),
        Outcome::NoSolution => None,
        Outcome::Stopped(limit) => panic!("stopped unexpectedly: {limit}"),
    }
}

/// Every option combination of a strategy.
fn variants(strategy: Strategy) -> Vec<Solver<'static>> {
    let mut all = Vec::new();
    for table in [0, 64, 1 << 20] {
        for dedup in [false, true] {
            for parallel in [false, true] {
                all.push(
                    Solver::new(strategy)
                        .table_bytes(table)
                        .table_min_slack(0)
                        .dedup(dedup)
                        .parallel(parallel),
                );
            }
        }
    }
    // The table as users switch it on.
    all.push(Solver::new(strategy).table(true).parallel(true));
    all
}

#[test]
fn dfs_exact_and_at_most_equal_brute_force() {
    let mut rng = SplitMix64::new(11);
    let mut solved_exact = 0;
    let mut solved_at_most = 0;
    for _ in 0..300 {
        let graph = Graph::random(&mut rng);
        let start = rng.below(graph.edges.len() as u64) as u32;
        for depth in 0..=6u32 {
            let d = depth as usize;
            let exact = graph.brute(start, d, &|len, s| len == d && graph.goals[s as usize]);
            let at_most = graph.brute(start, d, &|_, s| graph.goals[s as usize]);
            solved_exact += usize::from(exact.is_some());
            solved_at_most += usize::from(at_most.is_some());
            for solver in variants(Strategy::Dfs {
                depth,
                mode: DepthMode::Exactly,
            }) {
                let got = solved(&solver.solve(&graph, &start).outcome);
                assert_eq!(got, exact, "exact {depth} from {start} {solver:?}");
            }
            for solver in variants(Strategy::Dfs {
                depth,
                mode: DepthMode::AtMost,
            }) {
                let got = solved(&solver.solve(&graph, &start).outcome);
                assert_eq!(got, at_most, "at most {depth} from {start} {solver:?}");
            }
        }
    }
    // The cases must not all be trivial either way.
    assert!(solved_exact > 300 && solved_exact < 1800, "{solved_exact}");
    assert!(
        solved_at_most > 300 && solved_at_most < 1800,
        "{solved_at_most}"
    );
}

#[test]
fn ida_and_bfs_give_the_shortest_lexicographically_smallest() {
    let mut rng = SplitMix64::new(12);
    for _ in 0..300 {
        let graph = Graph::random(&mut rng);
        let start = rng.below(graph.edges.len() as u64) as u32;
        let max = 8;
        // Shortest first, then lexicographic: the first exact-length hit.
        let expected = (0..=max)
            .find_map(|d| graph.brute(start, d, &|len, s| len == d && graph.goals[s as usize]));
        let mut strategies = variants(Strategy::IdaStar {
            max_depth: max as u32,
        });
        strategies.push(Solver::new(Strategy::Bfs {
            max_depth: max as u32,
        }));
        for solver in strategies {
            let report = solver.solve(&graph, &start);
            let got = solved(&report.outcome);
            assert_eq!(got, expected, "from {start} {solver:?}");
            if let Some(moves) = got {
                assert_eq!(
                    replay(&graph, &start, &moves),
                    Ok(graph.edges_end(start, &moves))
                );
            }
        }
    }
}

impl Graph {
    fn edges_end(&self, start: u32, moves: &[u8]) -> u32 {
        moves.iter().fold(start, |at, m| {
            self.edges[at as usize]
                .iter()
                .find(|e| e.0 == *m)
                .map(|e| e.1)
                .unwrap_or(at)
        })
    }
}

#[test]
fn replay_rejects_illegal_and_unsolved_sequences() {
    let graph = Graph {
        edges: vec![vec![(0, 1), (2, 0)], vec![(1, 2)], vec![]],
        goals: vec![false, false, true],
        dist: vec![Some(2), Some(1), Some(0)],
        weaken: 1,
    };
    assert_eq!(replay(&graph, &0, &[0, 1]), Ok(2));
    assert_eq!(replay(&graph, &0, &[2, 0, 1]), Ok(2));
    assert_eq!(
        replay(&graph, &0, &[1]),
        Err(ReplayError::IllegalMove { index: 0, mv: 1 })
    );
    assert_eq!(
        replay(&graph, &0, &[0, 1, 0]),
        Err(ReplayError::IllegalMove { index: 2, mv: 0 })
    );
    assert_eq!(replay(&graph, &0, &[0]), Err(ReplayError::NotSolved));
    assert_eq!(replay(&graph, &0, &[]), Err(ReplayError::NotSolved));
    assert_eq!(
        ReplayError::IllegalMove { index: 2, mv: 7u8 }.to_string(),
        "move 3 (7) is not legal"
    );
}

#[test]
fn budget_limits_do_not_fire_on_small_searches() {
    let mut rng = SplitMix64::new(13);
    let graph = Graph::random(&mut rng);
    let report = Solver::new(Strategy::IdaStar { max_depth: 6 })
        .budget(Budget::default().max_nodes(1 << 40))
        .solve(&graph, &0);
    assert!(!matches!(report.outcome, Outcome::Stopped(_)));
}
