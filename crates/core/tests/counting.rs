//! Counting and listing every shortest solution, against breadth-first
//! path counts: random graphs with weak and inconsistent bounds (both
//! searches of the race must win some), Klotski in three metrics, and the
//! budget's limits (a stop, never a wrong count or "no solution").

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use puzzle_testkit::eight_puzzle::{EightPuzzle, instances};
use puzzle_testkit::graph::Graph;
use puzzle_testkit::klotski::{Klotski, Metric};

use puzzle_search_core::{
    Budget, Limit, Outcome, Phase, Puzzle, Shortest, ShortestMethod, Solver, Strategy,
    input::SplitMix64, replay,
};

/// Checks a listing: distinct, strictly ascending, each a solution of
/// `length` moves; with the right number of them, it is exactly the
/// shortest solutions in lexicographic order.
fn check_listing<P: Puzzle>(puzzle: &P, start: &P::State, list: &[Vec<P::Move>], length: u32) {
    for w in list.windows(2) {
        assert!(
            w[0] < w[1],
            "not strictly ascending: {:?} then {:?}",
            w[0],
            w[1]
        );
    }
    for moves in list {
        assert_eq!(moves.len() as u32, length);
        let end = replay(puzzle, start, moves).expect("every listed move is legal");
        assert!(puzzle.is_goal(&end), "{moves:?} does not end at a goal");
    }
}

fn solvers(max: u32) -> Vec<Solver> {
    vec![
        Solver::new(Strategy::IdaStar { max_depth: max }),
        Solver::new(Strategy::ida()).table(true).dedup(true),
        Solver::new(Strategy::IdaStar { max_depth: max })
            .table(true)
            .parallel(true),
    ]
}

/// A long, thin graph: `n` nodes on a line, each with 2 or 3 moves to
/// nodes at most `reach` away (most of them forward), one goal near the
/// far end: answers dozens of moves long, so that a weak bound leaves
/// IDA* exponential and the layers win.
fn corridor(rng: &mut SplitMix64, n: usize, reach: u64) -> Graph {
    let mut edges = Vec::with_capacity(n);
    for u in 0..n as u64 {
        let degree = 2 + rng.below(2);
        let mut out: Vec<(u8, u32)> = (0..degree)
            .map(|label| {
                let back = rng.below(4) == 0;
                let hop = 1 + rng.below(reach);
                let v = if back {
                    u.saturating_sub(hop)
                } else {
                    (u + hop).min(n as u64 - 1)
                };
                (label as u8, v as u32)
            })
            .collect();
        out.sort();
        edges.push(out);
    }
    let mut goals = vec![false; n];
    goals[n - 1 - rng.below(3) as usize] = true;
    Graph::new(edges, goals, 1)
}

#[test]
fn counts_and_listings_on_random_graphs_equal_path_counts() {
    let mut rng = SplitMix64::new(33);
    let (mut by_layers, mut depth_first, mut solved) = (0, 0, 0);
    for case in 0..240 {
        let n = [20, 2_000, 50_000][case % 3];
        let mut graph = if case % 4 == 0 {
            // One goal: answers as long as the graph is wide (about 15
            // moves on 50,000 nodes), so that the space within them
            // outgrows the first slices and a good bound lets IDA* win.
            let g = Graph::cyclic(&mut rng, n, 1);
            let mut goals = vec![false; n];
            goals[rng.below(n as u64) as usize] = true;
            let weaken = [1, 1, 2, 1000][case / 4 % 4];
            Graph::new(g.edges, goals, weaken)
        } else {
            let mut g = corridor(&mut rng, [60, 300, 600][case % 3], 4);
            g.weaken = [3, 1000][case % 2];
            g
        };
        let n = graph.edges.len();
        if case % 4 == 1 {
            // Inconsistent: exact at some states, much weaker elsewhere.
            graph.weaken = 1000;
            graph.exact = (0..n as u32).filter(|_| rng.below(3) == 0).collect();
        }
        graph.dead_ends = case % 4 < 2;
        let start = rng.below(n as u64 / 4 + 1) as u32;
        let max = [12, 400, u32::MAX][case % 5 % 3];
        let oracle = graph.path_count(start, max);
        for solver in solvers(max) {
            let counted = solver.count_shortest(&graph, &start, max);
            let (list, listed) = solver.shortest_solutions(&graph, &start, max, 2_000);
            let (first, _) = solver.shortest_solutions(&graph, &start, max, 1);
            match oracle {
                Some((length, count)) => {
                    let want = Shortest::Found { length, count };
                    assert_eq!(counted.outcome, want, "case {case} {solver:?}");
                    check_listing(&graph, &start, &list, length);
                    assert_eq!(list.len() as u128, count.min(2_000), "case {case}");
                    assert_eq!(first[..], list[..1], "case {case}");
                    assert!(
                        matches!(listed.outcome, Shortest::Found { length: l, .. } if l == length)
                    );
                    match counted.method {
                        Some(ShortestMethod::Layers) => by_layers += 1,
                        Some(ShortestMethod::DepthFirst) => depth_first += 1,
                        other => panic!("{other:?}"),
                    }
                    solved += 1;
                }
                None => {
                    assert_eq!(counted.outcome, Shortest::NoSolution, "case {case}");
                    assert_eq!(listed.outcome, Shortest::NoSolution, "case {case}");
                    assert!(list.is_empty() && first.is_empty());
                }
            }
        }
    }
    // Both searches of the race won some cases.
    eprintln!("{solved} solved, {by_layers} by layers, {depth_first} depth first");
    assert!(
        solved > 300 && by_layers > 60 && depth_first > 60,
        "{solved} solved, {by_layers} by layers, {depth_first} depth first"
    );
}

/// Klotski's counts in each metric equal its own breadth-first oracle's,
/// by both searches of the race, and the listing starts with the
/// lexicographically smallest solution.
#[test]
fn klotski_counts_equal_the_oracle_in_every_metric() {
    for metric in [Metric::Step, Metric::Line, Metric::Path] {
        let puzzle = Klotski { metric };
        let start = Klotski::start();
        let (reachable, best) = puzzle.oracle(start);
        assert_eq!(reachable, 25_955, "{metric:?}");
        let (length, count) = best.expect("the goal is reachable");
        if metric == Metric::Path {
            assert_eq!(length, 81, "the published optimum");
        }
        let solver = Solver::new(Strategy::ida());
        let counted = solver.count_shortest(&puzzle, &start, u32::MAX);
        assert_eq!(
            counted.outcome,
            Shortest::Found { length, count },
            "{metric:?}"
        );
        assert_eq!(counted.method, Some(ShortestMethod::Layers));
        // Linear, not exponential: a few times the space, however many
        // moves-left values a state is met with.
        assert!(counted.stats.expanded < 400_000, "{}", counted.stats);
        let (first, listed) = solver.shortest_solutions(&puzzle, &start, u32::MAX, 1);
        assert_eq!(listed.outcome, Shortest::Found { length, count: 1 });
        check_listing(&puzzle, &start, &first, length);
        // The first listed is the answer of BFS (lexicographically smallest).
        let bfs = Solver::new(Strategy::bfs()).solve(&puzzle, &start);
        assert_eq!(bfs.solution(), Some(&first[0][..]), "{metric:?}");
        // Listed whole, when there are few enough.
        if count <= 5_000 {
            let (all, _) = solver.shortest_solutions(&puzzle, &start, u32::MAX, usize::MAX);
            assert_eq!(all.len() as u128, count);
            check_listing(&puzzle, &start, &all, length);
        }
    }
}

#[test]
fn the_depth_first_count_is_keyed_by_moves_left_too() {
    // With the layers out of the race (a state cap below the space), the
    // count after IDA* must still be exact where a state is met with
    // several numbers of moves left: random graphs with bound 0.
    let mut rng = SplitMix64::new(34);
    let mut checked = 0;
    for case in 0..500 {
        let mut graph = Graph::cyclic(&mut rng, 12, 8);
        graph.weaken = 1000;
        let start = rng.below(12) as u32;
        let Some((length, count)) = graph.path_count(start, 10) else {
            continue;
        };
        // Three stored states: the layers are full before the answer,
        // unless it is at most a move away.
        let solver = Solver::new(Strategy::IdaStar { max_depth: 10 })
            .budget(Budget::default().max_states(3));
        let report = solver.count_shortest(&graph, &start, 10);
        match report.outcome {
            Shortest::Found { .. } => {
                assert_eq!(
                    report.outcome,
                    Shortest::Found { length, count },
                    "case {case}"
                );
                checked += usize::from(report.method == Some(ShortestMethod::DepthFirst));
            }
            // The memo itself may not fit in three entries.
            Shortest::Stopped(Limit::States) => {}
            other => panic!("case {case}: {other:?}"),
        }
    }
    assert!(checked > 80, "{checked}");
}

#[test]
fn limits_stop_the_race_and_never_read_as_no_solution() {
    let puzzle = Klotski {
        metric: Metric::Line,
    };
    let start = Klotski::start();
    let nodes = Solver::new(Strategy::ida()).budget(Budget::default().max_nodes(5_000));
    let report = nodes.count_shortest(&puzzle, &start, u32::MAX);
    assert_eq!(report.outcome, Shortest::Stopped(Limit::Nodes));
    assert!(report.method.is_none());
    // Below the space and below what the depth-first memo needs.
    // (IDA* alone then, without a table: it would run for hours on
    // Klotski, so a time limit ends it.)
    let states = Solver::new(Strategy::ida()).budget(
        Budget::default()
            .max_states(1_000)
            .time_limit(std::time::Duration::from_millis(300)),
    );
    let report = states.count_shortest(&puzzle, &start, u32::MAX);
    assert!(
        matches!(report.outcome, Shortest::Stopped(_)),
        "{:?}",
        report.outcome
    );
    let report = states.for_each_shortest(&puzzle, &start, u32::MAX, |_| ControlFlow::Break(()));
    assert!(matches!(report.outcome, Shortest::Stopped(_)));
    // Within 40 moves there is no solution: said so, by either search.
    let near = Solver::new(Strategy::IdaStar { max_depth: 40 });
    assert_eq!(
        near.count_shortest(&puzzle, &start, 40).outcome,
        Shortest::NoSolution
    );
}

#[test]
fn node_counts_repeat_from_run_to_run() {
    // The same search, run again, expands the same nodes: a table's
    // replacements and hash probes use a fixed-seed hasher.
    let puzzle = Klotski {
        metric: Metric::Path,
    };
    let start = Klotski::start();
    let solver = Solver::new(Strategy::ida()).table(true);
    let counts: HashSet<u64> = (0..3)
        .map(|_| solver.solve(&puzzle, &start).stats.expanded)
        .collect();
    assert_eq!(counts.len(), 1, "{counts:?}");
    let bfs: HashSet<u64> = (0..3)
        .map(|_| {
            Solver::new(Strategy::astar())
                .solve(&puzzle, &start)
                .stats
                .expanded
        })
        .collect();
    assert_eq!(bfs.len(), 1, "{bfs:?}");
}

/// Counts, per IDA* pass, the expansions of a state the pass had expanded
/// already (the solver's progress hook clears the pass's set after each).
struct Watched<P: Puzzle> {
    inner: P,
    pass: Arc<Mutex<HashSet<P::State>>>,
    repeats: AtomicU64,
}

impl<P: Puzzle> Watched<P> {
    fn new(inner: P) -> Self {
        Self {
            inner,
            pass: Arc::default(),
            repeats: AtomicU64::new(0),
        }
    }

    /// `solver`, telling this puzzle where each pass ends.
    fn hook(&self, solver: &Solver) -> Solver
    where
        P::State: Send + 'static,
    {
        let pass = Arc::clone(&self.pass);
        solver.on_progress(move |p| {
            if p.phase == Phase::Iteration {
                pass.lock().expect("not poisoned").clear();
            }
        })
    }
}

impl<P: Puzzle> Puzzle for Watched<P> {
    type State = P::State;
    type Move = P::Move;
    fn successors(&self, s: &P::State, out: &mut Vec<(P::Move, P::State)>) {
        if !self.pass.lock().expect("not poisoned").insert(s.clone()) {
            self.repeats.fetch_add(1, Ordering::Relaxed);
        }
        self.inner.successors(s, out);
    }
    fn is_goal(&self, s: &P::State) -> bool {
        self.inner.is_goal(s)
    }
    fn lower_bound(&self, s: &P::State) -> Option<u32> {
        self.inner.lower_bound(s)
    }
}

#[test]
fn repeated_expansions_are_a_true_lower_bound_and_flag_klotski() {
    let start = Klotski::start();
    let watched = Watched::new(Klotski {
        metric: Metric::Line,
    });
    let solver = Solver::new(Strategy::ida()).budget(Budget::default().max_nodes(300_000));
    // The reachability check expands through `successors` too: cleared
    // with the first pass's end, not counted (its states are distinct).
    let report = watched.hook(&solver).solve(&watched, &start);
    assert_eq!(report.outcome, Outcome::Stopped(Limit::Nodes));
    let stats = report.stats;
    let true_repeats = watched.repeats.load(Ordering::Relaxed);
    assert!(
        stats.repeated <= true_repeats,
        "{} > {true_repeats}",
        stats.repeated
    );
    // Most of IDA*'s work on Klotski is repeats, and the stats say so.
    assert!(stats.repeated > stats.expanded / 2, "{stats}");
    assert!(stats.to_string().contains("repeated"));
    // Wherever it is reported, it is a lower bound: the 8-puzzle.
    let ida = Solver::new(Strategy::ida());
    for board in instances(5, 3) {
        let w = Watched::new(EightPuzzle);
        let r = w.hook(&ida).solve(&w, &board);
        assert!(r.stats.repeated <= w.repeats.load(Ordering::Relaxed));
    }
}
