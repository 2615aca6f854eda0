//! The engine on the 15-puzzle with a Manhattan bound: Korf's instances
//! (from `../shared/data/korf100`, skipped with a message when missing).

use puzzle_search_core::{Puzzle, Solver, Strategy, replay};
use puzzle_testkit::fifteen::{Fifteen, korf100};

/// Korf's quickest instances (under a million nodes with Manhattan IDA*).
const QUICK: [usize; 3] = [8, 12, 79];

#[test]
fn quick_korf_instances_get_their_optimal_length_from_every_engine_option() {
    let Some(all) = korf100() else {
        eprintln!("skipped: ../shared/data/korf100 is missing");
        return;
    };
    for id in QUICK {
        let (board, optimal) = all[id - 1];
        let ida = Solver::new(Strategy::IdaStar { max_depth: 80 });
        let expected = ida.solve(&Fifteen, &board).solution().map(<[_]>::to_vec);
        assert_eq!(
            expected.as_ref().map(Vec::len),
            Some(optimal as usize),
            "instance {id}"
        );
        let moves = expected.unwrap_or_default();
        assert!(replay(&Fifteen, &board, &moves).is_ok_and(|end| Fifteen.is_goal(&end)));
        for solver in [
            ida.table(true),
            ida.table(true).dedup(true),
            ida.parallel(true),
            ida.table(true).parallel(true),
        ] {
            assert_eq!(
                solver.solve(&Fifteen, &board).solution(),
                Some(&moves[..]),
                "{id} {solver:?}"
            );
        }
    }
}

/// Timings for `docs/benchmarks.md`:
/// `cargo test --release -p puzzle-search-core -- --ignored --nocapture fifteen`.
#[test]
#[ignore]
fn timings_on_the_benched_instances() {
    let Some(all) = korf100() else {
        eprintln!("skipped: ../shared/data/korf100 is missing");
        return;
    };
    let ids: Vec<usize> = std::env::var("KORF")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or(vec![2, 20, 43, 77]);
    let pool = |n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .expect("a pool")
    };
    let (one, two) = (pool(1), pool(2));
    for id in ids {
        let (board, optimal) = all[id - 1];
        let ida = Solver::new(Strategy::IdaStar { max_depth: 80 });
        for (name, solver, threads) in [
            ("ida", ida.clone(), &one),
            ("ida+table", ida.table(true), &one),
            ("parallel 2", ida.parallel(true), &two),
            ("parallel+table 2", ida.table(true).parallel(true), &two),
        ] {
            let hook = |p: &puzzle_search_core::Progress| {
                if std::env::var("ITER").is_ok() {
                    println!(
                        "  {:?} depth {} nodes {} at {:?}",
                        p.phase, p.depth, p.nodes, p.elapsed
                    );
                }
            };
            let solver = solver.on_progress(hook);
            let report = threads.install(|| solver.solve(&Fifteen, &board));
            assert_eq!(report.solution().map(<[_]>::len), Some(optimal as usize));
            println!("instance {id:3} {name:18} {}", report.stats);
        }
    }
}

/// A complete tree with no transposition at all (states are paths):
/// where the table cannot help.
struct Tree;

impl Puzzle for Tree {
    type State = (u8, u64);
    type Move = u8;
    fn successors(&self, s: &(u8, u64), out: &mut Vec<(u8, (u8, u64))>) {
        out.extend([
            (0, (s.0 + 1, s.1 * 3)),
            (1, (s.0 + 1, s.1 * 3 + 1)),
            (2, (s.0 + 1, s.1 * 3 + 2)),
        ]);
    }
    fn is_goal(&self, _: &(u8, u64)) -> bool {
        false
    }
}

#[test]
#[ignore]
fn timings_where_the_table_cannot_help() {
    for solver in [
        Solver::new(Strategy::IdaStar { max_depth: 15 }),
        Solver::new(Strategy::IdaStar { max_depth: 15 }).table(true),
        Solver::new(Strategy::IdaStar { max_depth: 15 })
            .table(true)
            .table_min_slack(5),
        Solver::new(Strategy::Dfs {
            depth: 15,
            mode: puzzle_search_core::DepthMode::Exactly,
        }),
        Solver::new(Strategy::Dfs {
            depth: 15,
            mode: puzzle_search_core::DepthMode::Exactly,
        })
        .table(true),
    ] {
        let report = solver.solve(&Tree, &(0, 0));
        println!("tree {solver:?}\n    {}", report.stats);
    }
}
