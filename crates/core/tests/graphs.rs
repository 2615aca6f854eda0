//! The core's strategies on seeded random explicit graphs, against brute
//! force: every move sequence enumerated in lexicographic order.

use puzzle_search_core::Sequential;
use std::ops::ControlFlow;

use puzzle_testkit::graph::Graph;

use puzzle_search_core::{
    Budget, DepthMode, Outcome, Puzzle, ReplayError, Shortest, Solver, Strategy, input::SplitMix64,
    replay,
};

fn solved(outcome: &Outcome<u8>) -> Option<Vec<u8>> {
    solved_opt(outcome.clone())
}

/// Every option combination of a strategy (also used by `canonical`).
pub(crate) fn variants(strategy: Strategy) -> Vec<Solver> {
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
        let graph = Graph::small(&mut rng);
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
        let graph = Graph::small(&mut rng);
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
        strategies.push(Solver::new(Strategy::AStar {
            max_depth: max as u32,
        }));
        for solver in strategies {
            let report = solver.solve(&graph, &start);
            let got = solved(&report.outcome);
            assert_eq!(got, expected, "from {start} {solver:?}");
            if let Some(moves) = got {
                assert_eq!(
                    replay(&graph, &start, &moves),
                    Ok(edges_end(&graph, start, &moves))
                );
            }
        }
    }
}

/// Where `moves` lead from `start` (an illegal move stays put).
fn edges_end(graph: &Graph, start: u32, moves: &[u8]) -> u32 {
    moves.iter().fold(start, |at, m| {
        graph.edges[at as usize]
            .iter()
            .find(|e| e.0 == *m)
            .map(|e| e.1)
            .unwrap_or(at)
    })
}

#[test]
fn replay_rejects_illegal_and_unsolved_sequences() {
    let edges = vec![vec![(0, 1), (2, 0)], vec![(1, 2)], vec![]];
    let graph = Graph::new(edges, vec![false, false, true], 1);
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
    let graph = Graph::small(&mut rng);
    let report = Solver::new(Strategy::IdaStar { max_depth: 6 })
        .budget(Budget::default().max_nodes(1 << 40))
        .solve(&graph, &0);
    assert!(!matches!(report.outcome, Outcome::Stopped(_)));
}

/// The graph with its bound kept on some states and 0 on the others:
/// still admissible, no longer consistent (A* must reopen states).
struct Jittered<'a>(&'a Graph, u64);

impl Puzzle for Jittered<'_> {
    type State = u32;
    type Move = u8;
    fn successors(&self, s: &u32, out: &mut Vec<(u8, u32)>) {
        self.0.successors(s, out);
    }
    fn is_goal(&self, s: &u32) -> bool {
        self.0.is_goal(s)
    }
    fn lower_bound(&self, s: &u32) -> Option<u32> {
        let keep = (self.1 >> (s % 64)) & 1 == 1;
        self.0.dist[*s as usize].map(|d| if keep { d } else { 0 })
    }
}

#[test]
fn astar_with_an_inconsistent_bound_and_every_shortest_solution_equal_brute_force() {
    let mut rng = SplitMix64::new(13);
    let (mut many, mut solved) = (0, 0);
    for _ in 0..400 {
        let graph = Graph::small(&mut rng);
        let start = rng.below(graph.edges.len() as u64) as u32;
        let max = 8;
        let shortest = (0..=max).find(|&d| !graph.every_sequence(start, d).is_empty());
        let expected = shortest
            .map(|d| graph.every_sequence(start, d))
            .unwrap_or_default();
        let jitter = Jittered(&graph, rng.next_u64());
        let astar = Solver::new(Strategy::AStar {
            max_depth: max as u32,
        });
        assert_eq!(
            solved_opt(astar.solve(&jitter, &start).outcome),
            expected.first().cloned(),
            "A* from {start}"
        );
        for solver in [
            Solver::new(Strategy::IdaStar {
                max_depth: max as u32,
            }),
            Solver::new(Strategy::IdaStar {
                max_depth: max as u32,
            })
            .table(true)
            .dedup(true)
            .parallel(true),
        ] {
            let (all, report) = solver.shortest_solutions(&graph, &start, max as u32, usize::MAX);
            assert_eq!(all, expected, "from {start}");
            let count = solver.count_shortest(&jitter, &start, max as u32);
            match shortest {
                Some(d) => {
                    let found = Shortest::Found {
                        length: d as u32,
                        count: expected.len() as u128,
                    };
                    assert_eq!(report.outcome, found);
                    assert_eq!(count.outcome, found);
                }
                None => {
                    assert_eq!(report.outcome, Shortest::NoSolution);
                    assert_eq!(count.outcome, Shortest::NoSolution);
                }
            }
            // The first k, and a visitor that stops.
            for k in 1..4 {
                let (first, _) = solver.shortest_solutions(&graph, &start, max as u32, k);
                assert_eq!(first, expected[..k.min(expected.len())]);
            }
            let mut seen = 0;
            solver.for_each_shortest(&graph, &start, max as u32, |_| {
                seen += 1;
                ControlFlow::Break(())
            });
            assert_eq!(seen, usize::from(!expected.is_empty()));
        }
        many += usize::from(expected.len() > 1);
        solved += usize::from(!expected.is_empty());
    }
    assert!(many > 30 && solved > 150, "{many} {solved}");
}

fn solved_opt(outcome: Outcome<u8>) -> Option<Vec<u8>> {
    outcome
        .into_result()
        .unwrap_or_else(|limit| panic!("stopped unexpectedly: {limit}"))
}

#[test]
fn astar_reopens_states_under_an_inconsistent_bound() {
    // Larger graphs, so that a state is often first reached the long way.
    let mut rng = SplitMix64::new(14);
    let mut solved = 0;
    for _ in 0..400 {
        let n = 20 + rng.below(30) as usize;
        let graph = Graph::sparse(&mut rng, n, 25);
        let start = rng.below(n as u64) as u32;
        let max = 20;
        let bfs = Solver::new(Strategy::Bfs { max_depth: max }).solve(&graph, &start);
        let jitter = Jittered(&graph, rng.next_u64());
        let astar = Solver::new(Strategy::AStar { max_depth: max }).solve(&jitter, &start);
        assert_eq!(astar.outcome, bfs.outcome, "from {start}");
        solved += usize::from(bfs.solution().is_some());
    }
    assert!(solved > 100, "{solved}");
}

#[test]
fn bidirectional_bfs_equals_bfs() {
    let mut rng = SplitMix64::new(15);
    let (mut solved, mut long) = (0, 0);
    for i in 0..600 {
        let (n, rate) = if i % 2 == 0 {
            (2 + rng.below(7) as usize, 4)
        } else {
            (20 + rng.below(30) as usize, 25)
        };
        let mut graph = Graph::sparse(&mut rng, n, rate);
        let start = rng.below(n as u64) as u32;
        for max in [3, 20] {
            graph.reversible = false;
            let bfs = Solver::new(Strategy::Bfs { max_depth: max }).solve(&graph, &start);
            graph.reversible = true;
            let both =
                Solver::new(Strategy::Bidirectional { max_depth: max }).solve(&graph, &start);
            graph.reversible = false;
            assert_eq!(both.outcome, bfs.outcome, "from {start}, max {max}");
            // Without predecessors it is BFS itself.
            let plain =
                Solver::new(Strategy::Bidirectional { max_depth: max }).solve(&graph, &start);
            assert_eq!(plain.outcome, bfs.outcome);
            if let Some(m) = bfs.solution() {
                solved += 1;
                long += usize::from(m.len() >= 4);
            }
        }
    }
    assert!(solved > 300 && long > 25, "{solved} {long}");
}

/// The graph behind a `Cell` counter: not `Sync`, so only
/// `Sequential` takes it.
struct Counted<'a> {
    graph: &'a Graph,
    calls: std::cell::Cell<u64>,
}

impl Puzzle for Counted<'_> {
    type State = u32;
    type Move = u8;
    fn successors(&self, s: &u32, out: &mut Vec<(u8, u32)>) {
        self.calls.set(self.calls.get() + 1);
        self.graph.successors(s, out);
    }
    fn is_goal(&self, s: &u32) -> bool {
        self.graph.is_goal(s)
    }
    fn lower_bound(&self, s: &u32) -> Option<u32> {
        self.graph.lower_bound(s)
    }
}

#[test]
fn a_puzzle_that_is_not_sync_is_solved_sequentially_with_the_same_answers() {
    let mut rng = SplitMix64::new(17);
    let mut calls = 0;
    for _ in 0..300 {
        let graph = Graph::small(&mut rng);
        let start = rng.below(graph.goals.len() as u64) as u32;
        let counted = Counted {
            graph: &graph,
            calls: std::cell::Cell::new(0),
        };
        for strategy in [
            Strategy::Dfs {
                depth: 4,
                mode: DepthMode::AtMost,
            },
            Strategy::IdaStar { max_depth: 6 },
            Strategy::Bfs { max_depth: 6 },
            Strategy::AStar { max_depth: 6 },
            Strategy::Bidirectional { max_depth: 6 },
        ] {
            // Parallel and a pool asked for: ignored, the search stays here.
            let solver = Solver::new(strategy).table(true).threads(2);
            let here = solver.solve(Sequential(&counted), &start);
            assert_eq!(
                here.outcome,
                solver.solve(&graph, &start).outcome,
                "{strategy:?}"
            );
        }
        calls += counted.calls.get();
    }
    assert!(calls > 300, "{calls}");
}

/// A graph whose moves are 24 bytes: BFS then keeps no move in its nodes
/// and reads the answer back by expanding each parent on its path again.
struct WideMoves<'a>(&'a Graph);

impl Puzzle for WideMoves<'_> {
    type State = u32;
    type Move = (u8, [u64; 2]);
    fn successors(&self, s: &u32, out: &mut Vec<(Self::Move, u32)>) {
        let mut narrow = Vec::new();
        self.0.successors(s, &mut narrow);
        out.extend(narrow.into_iter().map(|(m, t)| ((m, [u64::from(m); 2]), t)));
    }
    fn is_goal(&self, s: &u32) -> bool {
        self.0.is_goal(s)
    }
}

#[test]
fn bfs_with_large_moves_reads_its_answer_back() {
    let mut rng = SplitMix64::new(41);
    for _ in 0..200 {
        let graph = Graph::cyclic(&mut rng, 60, 3);
        let bfs = Solver::new(Strategy::bfs());
        let narrow = bfs.solve(&graph, &0);
        let wide = bfs.solve(&WideMoves(&graph), &0);
        let read: Option<Vec<u8>> = wide.solution().map(|m| m.iter().map(|w| w.0).collect());
        assert_eq!(read.as_deref(), narrow.solution());
        assert_eq!(narrow.solution().map(<[u8]>::to_vec), graph.expected(0));
    }
}
