//! The core's strategies on the 8-puzzle: agreement, parallel determinism,
//! budgets and progress.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use puzzle_search_core::{
    Budget, CancelFlag, DepthMode, Limit, Outcome, Phase, Puzzle, Solver, Strategy, replay,
};
use puzzle_testkit::eight_puzzle::{Board, EightPuzzle, Slide, instances};

fn solution(solver: &Solver, start: &Board) -> Vec<Slide> {
    let report = solver.solve(&EightPuzzle, start);
    match report.outcome {
        Outcome::Solved(moves) => {
            assert!(
                replay(&EightPuzzle, start, &moves).is_ok(),
                "{moves:?} does not replay"
            );
            moves
        }
        other => panic!("{start:?}: {other:?} with {solver:?}"),
    }
}

#[test]
fn every_strategy_finds_the_same_shortest_answer() {
    for start in instances(25, 1) {
        let expected = solution(&Solver::new(Strategy::Bfs { max_depth: 31 }), &start);
        let n = expected.len() as u32;
        let solvers = [
            Solver::new(Strategy::AStar { max_depth: 31 }),
            Solver::new(Strategy::Bidirectional { max_depth: 31 }),
            Solver::new(Strategy::IdaStar { max_depth: 31 }),
            Solver::new(Strategy::IdaStar { max_depth: 31 })
                .table(true)
                .dedup(true),
            Solver::new(Strategy::IdaStar { max_depth: 31 }).table_bytes(4096),
            Solver::new(Strategy::IdaStar { max_depth: 31 })
                .table(true)
                .parallel(true),
            Solver::new(Strategy::Dfs {
                depth: n,
                mode: DepthMode::AtMost,
            })
            .table(true),
            Solver::new(Strategy::Dfs {
                depth: n,
                mode: DepthMode::Exactly,
            })
            .table(true),
        ];
        for solver in &solvers {
            assert_eq!(solution(solver, &start), expected, "{start:?} {solver:?}");
        }
        // One move short there is nothing, in either DFS mode.
        if n > 0 {
            for mode in [DepthMode::AtMost, DepthMode::Exactly] {
                let report = Solver::new(Strategy::Dfs { depth: n - 1, mode })
                    .table(true)
                    .solve(&EightPuzzle, &start);
                assert_eq!(report.outcome, Outcome::NoSolution);
            }
        }
    }
}

#[test]
fn exact_depth_can_differ_from_shortest() {
    // From one move away, exactly 3 moves go there and back and back again.
    let start = Board::solved()
        .slide(Slide::Up)
        .expect("the blank can move up");
    let exact = solution(
        &Solver::new(Strategy::Dfs {
            depth: 3,
            mode: DepthMode::Exactly,
        }),
        &start,
    );
    assert_eq!(exact, [Slide::Down, Slide::Left, Slide::Right]);
    let at_most = solution(
        &Solver::new(Strategy::Dfs {
            depth: 3,
            mode: DepthMode::AtMost,
        }),
        &start,
    );
    assert_eq!(at_most, [Slide::Down]);
    // An even number of moves can never undo one move (parity).
    let report = Solver::new(Strategy::Dfs {
        depth: 4,
        mode: DepthMode::Exactly,
    })
    .dedup(true)
    .table(true)
    .solve(&EightPuzzle, &start);
    assert_eq!(report.outcome, Outcome::NoSolution);
}

#[test]
fn parallel_equals_sequential_on_1_2_and_4_threads() {
    let starts = instances(12, 2);
    let sequential: Vec<_> = starts
        .iter()
        .map(|s| solution(&Solver::new(Strategy::IdaStar { max_depth: 31 }), s))
        .collect();
    for threads in [1, 2, 4] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool");
        pool.install(|| {
            for (start, expected) in starts.iter().zip(&sequential) {
                for memo in [false, true] {
                    let ida = Solver::new(Strategy::IdaStar { max_depth: 31 })
                        .table(memo)
                        .parallel(true);
                    assert_eq!(&solution(&ida, start), expected, "{threads} threads");
                    let n = expected.len() as u32;
                    for mode in [DepthMode::AtMost, DepthMode::Exactly] {
                        let dfs = Solver::new(Strategy::Dfs { depth: n + 2, mode }).table(memo);
                        let seq = dfs.solve(&EightPuzzle, start).outcome;
                        let par = dfs
                            .clone()
                            .parallel(true)
                            .solve(&EightPuzzle, start)
                            .outcome;
                        assert_eq!(seq, par, "{threads} threads, {mode:?}");
                    }
                }
            }
        });
    }
}

/// A walk on the integers that never ends: nothing bounds its searches
/// but the budget.
pub(crate) struct Endless;

impl Puzzle for Endless {
    type State = i64;
    type Move = i8;
    fn successors(&self, s: &i64, out: &mut Vec<(i8, i64)>) {
        out.extend([(-1, s - 1), (1, s + 1), (2, s * 2 + 1)]);
    }
    fn is_goal(&self, _: &i64) -> bool {
        false
    }
}

fn every_strategy() -> Vec<Solver> {
    let deep = 1_000_000;
    vec![
        Solver::new(Strategy::Dfs {
            depth: 60,
            mode: DepthMode::Exactly,
        }),
        Solver::new(Strategy::Dfs {
            depth: 60,
            mode: DepthMode::AtMost,
        })
        .table(true),
        Solver::new(Strategy::Dfs {
            depth: 60,
            mode: DepthMode::AtMost,
        })
        .parallel(true),
        Solver::new(Strategy::IdaStar { max_depth: deep }),
        Solver::new(Strategy::IdaStar { max_depth: deep })
            .table(true)
            .dedup(true)
            .parallel(true),
        Solver::new(Strategy::Bfs { max_depth: deep }),
    ]
}

#[test]
fn node_limit_stops_every_strategy() {
    for solver in every_strategy() {
        let report = solver
            .budget(Budget::default().max_nodes(50_000))
            .solve(&Endless, &0);
        assert_eq!(report.outcome, Outcome::Stopped(Limit::Nodes));
        // Checked every 256 nodes per thread; the reachability check's
        // nodes (reported apart) count against the limit too.
        let nodes = report.stats.expanded + report.stats.reach_expanded;
        assert!(nodes > 50_000 && nodes < 52_000, "{}", report.stats);
    }
}

#[test]
fn time_limit_and_deadline_stop_every_strategy() {
    for solver in every_strategy() {
        let t = Instant::now();
        let report = solver
            .clone()
            .budget(Budget::default().time_limit(Duration::from_millis(30)))
            .solve(&Endless, &0);
        assert_eq!(report.outcome, Outcome::Stopped(Limit::Time));
        assert!(t.elapsed() < Duration::from_secs(5));
        let deadline = Instant::now() + Duration::from_millis(30);
        let report = solver
            .budget(Budget::default().deadline(deadline))
            .solve(&Endless, &0);
        assert_eq!(report.outcome, Outcome::Stopped(Limit::Time));
    }
}

#[test]
fn cancel_flag_stops_every_strategy_from_another_thread() {
    for solver in every_strategy() {
        let flag = CancelFlag::new();
        let solver = solver.budget(Budget::default().cancel_flag(flag.clone()));
        let report = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(20));
                flag.cancel();
            });
            solver.solve(&Endless, &0)
        });
        assert_eq!(report.outcome, Outcome::Stopped(Limit::Cancelled));
        assert!(report.stats.expanded > 0);
    }
    // A flag set before the start stops the search before any work.
    let flag = CancelFlag::new();
    flag.cancel();
    let report = Solver::new(Strategy::IdaStar { max_depth: 100 })
        .budget(Budget::default().cancel_flag(flag))
        .solve(&Endless, &0);
    assert_eq!(report.outcome, Outcome::Stopped(Limit::Cancelled));
    assert_eq!(report.stats.expanded, 0);
}

#[test]
fn bfs_stops_at_its_state_limit_instead_of_eating_memory() {
    let report = Solver::new(Strategy::Bfs {
        max_depth: 1_000_000,
    })
    .budget(Budget::default().max_states(10_000))
    .solve(&Endless, &0);
    assert_eq!(report.outcome, Outcome::Stopped(Limit::States));
    assert!(report.stats.peak_visited <= 10_000, "{}", report.stats);
}

#[test]
fn progress_reports_every_iteration_pass_and_layer() {
    let start = instances(1, 3)[0];
    let n = solution(&Solver::new(Strategy::Bfs { max_depth: 31 }), &start).len() as u32;
    let seen = Arc::new(Mutex::new(Vec::new()));
    // Running reports (a quarter-second apart) are not part of this count.
    let log_to = Arc::clone(&seen);
    let hook = move |p: &puzzle_search_core::Progress| {
        if p.phase != Phase::Running {
            log_to
                .lock()
                .expect("not poisoned")
                .push((p.phase, p.depth));
        }
    };
    // One hook for three solvers: the builder keeps it behind an `Arc`.
    let with_hook = Solver::new(Strategy::IdaStar { max_depth: 31 }).on_progress(hook);
    let report = with_hook.solve(&EightPuzzle, &start);
    let iterations = report.stats.iterations as usize;
    let log = std::mem::take(&mut *seen.lock().expect("not poisoned"));
    assert_eq!(log.len(), iterations);
    assert!(log.iter().all(|&(phase, _)| phase == Phase::Iteration));
    assert_eq!(log.last().map(|l| l.1), Some(n));
    assert!(log.windows(2).all(|w| w[0].1 < w[1].1));

    // A pass the budget stops is not reported done: on a walk without
    // a goal each finished pass is one depth more, the stopped one is
    // counted in the statistics but not reported.
    let stopped = with_hook
        .budget(Budget::default().max_nodes(50_000))
        .solve(&Endless, &0);
    assert_eq!(stopped.outcome, Outcome::Stopped(Limit::Nodes));
    let log = std::mem::take(&mut *seen.lock().expect("not poisoned"));
    assert!(log.len() > 3);
    assert_eq!(log.len() + 1, stopped.stats.iterations as usize);
    assert!(log.windows(2).all(|w| w[0].1 + 1 == w[1].1), "{log:?}");

    with_hook
        .with_strategy(Strategy::Bfs { max_depth: 31 })
        .solve(&EightPuzzle, &start);
    let log = std::mem::take(&mut *seen.lock().expect("not poisoned"));
    // BFS reports each finished layer; the goal is found while building layer n.
    let layers: Vec<u32> = log
        .iter()
        .map(|&(phase, d)| {
            assert_eq!(phase, Phase::Layer);
            d
        })
        .collect();
    assert_eq!(layers, (1..n).collect::<Vec<_>>());

    with_hook
        .with_strategy(Strategy::Dfs {
            depth: n,
            mode: DepthMode::AtMost,
        })
        .solve(&EightPuzzle, &start);
    assert_eq!(*seen.lock().expect("not poisoned"), [(Phase::Pass, n)]);
}

#[test]
fn stats_print_in_one_line() {
    let start = instances(1, 4)[0];
    let report = Solver::new(Strategy::IdaStar { max_depth: 31 }).solve(&EightPuzzle, &start);
    let line = report.stats.to_string();
    assert!(!line.contains('\n'));
    assert!(line.starts_with(&format!(
        "expanded {} generated {}",
        report.stats.expanded, report.stats.generated
    )));
    assert!(line.contains(&format!("iterations {}", report.stats.iterations)));
}

#[test]
fn the_solved_constant_is_the_solved_board() {
    assert_eq!(
        Board::from_tiles([1, 2, 3, 4, 5, 6, 7, 8, 0]),
        Some(Board::solved())
    );
    assert_eq!(Board::solved().manhattan(), 0);
    let one_off = Board::from_tiles([1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    assert_eq!(one_off.manhattan(), 1);
    assert!(
        !Board::from_tiles([2, 1, 3, 4, 5, 6, 7, 8, 0])
            .expect("valid")
            .is_solvable()
    );
}

#[test]
fn every_shortest_solution_of_the_8_puzzle_matches_a_bfs_count() {
    use std::collections::HashMap;
    for start in instances(6, 3) {
        // Number of shortest move sequences to every state, layer by layer.
        let mut ways: HashMap<Board, (u32, u128)> = HashMap::from([(start, (0, 1))]);
        let mut layer = vec![start];
        let mut depth = 0;
        let mut children = Vec::new();
        let (length, count) = loop {
            if let Some(b) = layer.iter().find(|b| EightPuzzle.is_goal(b)) {
                break (depth, ways[b].1);
            }
            depth += 1;
            let mut next = Vec::new();
            for b in &layer {
                let w = ways[b].1;
                children.clear();
                EightPuzzle.successors(b, &mut children);
                for (_, c) in &children {
                    let e = ways.entry(*c).or_insert_with(|| {
                        next.push(*c);
                        (depth, 0)
                    });
                    if e.0 == depth {
                        e.1 += w;
                    }
                }
            }
            layer = next;
        };
        let solver = Solver::new(Strategy::IdaStar { max_depth: 31 });
        let report = solver.count_shortest(&EightPuzzle, &start, 31);
        assert_eq!(
            report.outcome,
            puzzle_search_core::Shortest::Found { length, count },
            "{start:?}"
        );
        // The first three listed: shortest, replayed, ascending, the first
        // equal to IDA*'s answer.
        let (first, _) = solver.shortest_solutions(&EightPuzzle, &start, 31, 3);
        assert_eq!(first.len(), 3.min(count as usize));
        assert_eq!(first[0], solution(&solver, &start));
        for w in first.windows(2) {
            assert!(w[0] < w[1]);
        }
        for moves in &first {
            assert_eq!(moves.len() as u32, length);
            assert!(replay(&EightPuzzle, &start, moves).is_ok());
        }
    }
}

#[test]
fn a_solver_with_its_own_thread_count_gives_the_sequential_answer() {
    for start in instances(6, 4) {
        let expected = solution(&Solver::new(Strategy::ida()), &start);
        for n in [1, 2, 3] {
            let solver = Solver::new(Strategy::IdaStar { max_depth: 31 })
                .table(true)
                .threads(n);
            assert_eq!(solution(&solver, &start), expected, "{n} threads");
            let count = solver.count_shortest(&EightPuzzle, &start, 31).outcome;
            let plain = Solver::new(Strategy::ida()).count_shortest(&EightPuzzle, &start, 31);
            assert_eq!(count, plain.outcome);
        }
        let astar = solution(&Solver::new(Strategy::astar()), &start);
        assert_eq!(astar, expected);
    }
}

#[test]
fn a_long_single_pass_reports_that_it_is_running() {
    // An endless walk: DFS to a huge depth never finishes its one pass;
    // the time budget ends it after 0.8 s, and the hook must have heard of
    // it meanwhile (reports come every quarter second).
    struct Endless;
    impl Puzzle for Endless {
        type State = u64;
        type Move = u8;
        fn successors(&self, s: &u64, out: &mut Vec<(u8, u64)>) {
            out.extend([
                (0, s.wrapping_mul(3).wrapping_add(1)),
                (1, s.wrapping_add(7)),
            ]);
        }
        fn is_goal(&self, _: &u64) -> bool {
            false
        }
    }
    let running = Arc::new(Mutex::new(Vec::new()));
    let log_to = Arc::clone(&running);
    let hook = move |p: &puzzle_search_core::Progress| {
        if p.phase == Phase::Running {
            log_to
                .lock()
                .expect("not poisoned")
                .push((p.depth, p.nodes));
        }
    };
    let report = Solver::new(Strategy::Dfs {
        depth: 40,
        mode: DepthMode::AtMost,
    })
    .budget(Budget::default().time_limit(Duration::from_millis(800)))
    .on_progress(hook)
    .solve(&Endless, &1);
    assert_eq!(report.outcome, Outcome::Stopped(Limit::Time));
    let log = running.lock().expect("not poisoned");
    assert!(!log.is_empty(), "no running report in 0.8 s");
    assert!(log.iter().all(|&(depth, nodes)| depth == 40 && nodes > 0));
}
