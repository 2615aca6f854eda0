//! Work that moves between threads: the parallel passes with the test
//! setting that hands work over at every budget check
//! (`Solver::hand_over_always`), against the sequential search, at many
//! thread counts. Every hand-over the timing could cause happens here
//! somewhere, so the answers must still be the sequential ones; budgets
//! and cancellation must still stop the search while work moves.

use puzzle_search_core::{MakeUnmake, Sequential};
use std::time::Duration;

use puzzle_testkit::graph::Graph;
use puzzle_testkit::stepped::Stepped;

use crate::canonical::Ringed;
use crate::eight_puzzle::Endless;

use puzzle_search_core::{
    Budget, CancelFlag, DepthMode, Limit, Outcome, Puzzle, Solver, Strategy, input::SplitMix64,
};

/// DFS in both modes and IDA*, at a few depths.
pub(crate) fn strategies() -> Vec<Strategy> {
    let mut all = vec![Strategy::IdaStar { max_depth: 9 }];
    for depth in [3, 5, 7] {
        for mode in [DepthMode::Exactly, DepthMode::AtMost] {
            all.push(Strategy::Dfs { depth, mode });
        }
    }
    all
}

/// The options that change the loop a task runs: plain, a table (small
/// and large), duplicate elimination.
fn with_options(strategy: Strategy) -> Vec<Solver> {
    vec![
        Solver::new(strategy),
        Solver::new(strategy).table_bytes(64).table_min_slack(0),
        Solver::new(strategy)
            .table_bytes(1 << 20)
            .table_min_slack(0),
        Solver::new(strategy).dedup(true),
    ]
}

/// Checks `puzzle` from `start` at 2, 3, 8 and 16 threads, handing over at
/// every chance, against the sequential answer; in place too when
/// `stepped` is given. Returns how many searches had a solution; adds the
/// hand-overs of the plain and in-place searches to `handed`.
fn check<P>(
    puzzle: &P,
    stepped: Option<&Stepped<P>>,
    start: &P::State,
    label: &str,
    handed: &mut (u64, u64),
) -> usize
where
    P: Puzzle<State: Send + Sync + Copy, Move: Send + Sync> + Sync + Clone,
{
    let mut solved = 0;
    for strategy in strategies() {
        for base in with_options(strategy) {
            let want = base.solve(Sequential(puzzle), start).outcome;
            solved += usize::from(matches!(want, Outcome::Solved(_)));
            for threads in [2, 3, 8, 16] {
                let solver = base.threads(threads).hand_over_always(true);
                let got = solver.solve(puzzle, start);
                assert_eq!(got.outcome, want, "{label} {threads} threads {solver:?}");
                handed.0 += got.stats.handed_over;
                if let Some(stepped) = stepped {
                    let got = solver.solve(MakeUnmake(stepped), start);
                    assert_eq!(got.outcome, want, "{label} in place {threads} {solver:?}");
                    handed.1 += got.stats.handed_over;
                }
            }
        }
    }
    solved
}

#[test]
fn handing_over_at_every_chance_keeps_the_sequential_answer() {
    let mut rng = SplitMix64::new(2020);
    let mut solved = 0;
    let mut handed = (0, 0);
    for i in 0..40 {
        let mut graph = if i % 2 == 0 {
            Graph::sparse(&mut rng, 10, 6)
        } else {
            Graph::cyclic(&mut rng, 14, 8)
        };
        graph.trim = i % 3 == 0;
        graph.dead_ends = i % 4 != 0;
        let start = rng.below(graph.edges.len() as u64) as u32;
        let stepped = Stepped::<_>(graph.clone());
        solved += check(
            &graph,
            Some(&stepped),
            &start,
            &format!("graph {i}"),
            &mut handed,
        );
    }
    // Some with answers, some without; work moved in both loops.
    assert!(solved > 100 && solved < 1000, "{solved}");
    assert!(handed.0 > 1000 && handed.1 > 1000, "{handed:?}");
}

#[test]
fn handing_over_keeps_canonical_sequences_exact() {
    let mut rng = SplitMix64::new(2121);
    for i in 0..25 {
        let p = Ringed::random(&mut rng);
        let start = rng.below(p.graph.edges.len() as u64) as u32;
        let want = p.graph.expected(start).filter(|m| m.len() <= 9);
        for threads in [2, 3, 8] {
            let solver = Solver::new(Strategy::IdaStar { max_depth: 9 })
                .threads(threads)
                .hand_over_always(true);
            let got = solver.solve(&p, &start);
            assert_eq!(got.solution().map(<[u8]>::to_vec), want, "{i} {threads}");
        }
    }
}

#[test]
fn the_eight_puzzle_answers_equal_one_thread_while_work_moves() {
    use puzzle_testkit::eight_puzzle::{EightPuzzle, instances};
    let mut handed = 0;
    for board in instances(6, 99) {
        let ida = Solver::new(Strategy::IdaStar { max_depth: 40 });
        let want = ida.solve(Sequential(&EightPuzzle), &board);
        for threads in [2, 3, 8] {
            let got = ida
                .threads(threads)
                .hand_over_always(true)
                .solve(&EightPuzzle, &board);
            assert_eq!(got.outcome, want.outcome, "{threads} threads");
            handed += got.stats.handed_over;
        }
    }
    assert!(handed > 1000, "{handed}");
}

#[test]
fn budgets_stop_searches_while_work_moves() {
    for threads in [2, 3, 8] {
        for eager in [false, true] {
            let solver = Solver::new(Strategy::IdaStar { max_depth: 1000 })
                .threads(threads)
                .hand_over_always(eager);
            let report = solver
                .budget(Budget::default().max_nodes(20_000))
                .solve(&Endless, &0);
            assert_eq!(report.outcome, Outcome::Stopped(Limit::Nodes));
            // Each thread checks at least every 256 nodes, and a task
            // that starts checks at once.
            let most = 20_000 + 256 * threads as u64 + 1_000;
            assert!(report.stats.expanded < most, "{threads}: {}", report.stats);

            let flag = CancelFlag::new();
            let cancel = flag.clone();
            let stopper = std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                cancel.cancel();
            });
            let report = solver
                .budget(Budget::default().cancel_flag(flag))
                .solve(&Endless, &0);
            stopper.join().expect("the cancelling thread");
            assert_eq!(report.outcome, Outcome::Stopped(Limit::Cancelled));
        }
    }
}

/// A ternary tree whose nodes are hashes of their paths; goals are rare.
struct Tree {
    one_in: u64,
}

impl Puzzle for Tree {
    type State = u64;
    type Move = u8;
    fn successors(&self, s: &u64, out: &mut Vec<(u8, u64)>) {
        for m in 0..3u8 {
            let mut h = s ^ (u64::from(m) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h = (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            out.push((m, h ^ (h >> 29)));
        }
    }
    fn is_goal(&self, s: &u64) -> bool {
        s % self.one_in == 0
    }
}

#[test]
fn threads_that_run_dry_get_work_handed_over_and_keep_the_answer() {
    // Without the test setting: hand-overs happen when a thread runs dry
    // while others still search.
    let mut handed = 0;
    for (one_in, depth) in [(u64::MAX, 13), (2_000_000, 13), (200_000, 12), (3_000, 9)] {
        let tree = Tree { one_in };
        for mode in [DepthMode::Exactly, DepthMode::AtMost] {
            let solver = Solver::new(Strategy::Dfs { depth, mode });
            let want = solver.solve(Sequential(&tree), &1);
            for threads in [2, 3, 8, 16] {
                let got = solver.threads(threads).solve(&tree, &1);
                assert_eq!(
                    got.outcome, want.outcome,
                    "1 in {one_in}, {threads} threads"
                );
                handed += got.stats.handed_over;
            }
        }
    }
    assert!(handed > 0, "no hand-over");
}
