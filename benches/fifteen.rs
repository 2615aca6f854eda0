//! The engine on the 15-puzzle with a Manhattan bound (a 4x4 model until
//! the sliding-tile crate exists), and on a tree where the table cannot
//! help.
//!
//! ```text
//! cargo bench --bench fifteen
//! ```
//! Instances: Korf's 2, 20, 43 and 77 (0.3 to 1.2 s each with plain IDA*
//! here), read from `../shared/data/korf100`; the group is skipped with a
//! message when that folder is missing. Variants: `ida`, `ida+table`
//! (the default gate), `ida+table-slack3` (the fixed gate of old),
//! `parallel-2` and `parallel-2+table` (pools of two threads). `tree`: a
//! complete ternary tree 15 deep with no goal (states are paths, so
//! nothing repeats), IDA* and exact DFS with and without the table.
//! Results: `docs/benchmarks.md`.
// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use puzzle_search::{DepthMode, Puzzle, Solver, Strategy};
use puzzle_testkit::fifteen::{Fifteen, korf100};

const INSTANCES: [usize; 4] = [2, 20, 43, 77];

fn korf(c: &mut Criterion) {
    let Some(all) = korf100() else {
        eprintln!("fifteen: ../shared/data/korf100 is missing, Korf's instances skipped");
        return;
    };
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool");
    let ida = Solver::new(Strategy::IdaStar { max_depth: 80 });
    let variants = [
        ("ida", ida.clone()),
        ("ida+table", ida.table(true)),
        // The fixed gate the default table had before the adaptive one.
        ("ida+table-slack3", ida.table(true).table_min_slack(3)),
        ("parallel-2", ida.parallel(true)),
        ("parallel-2+table", ida.table(true).parallel(true)),
    ];
    for id in INSTANCES {
        let (board, optimal) = all[id - 1];
        let mut group = c.benchmark_group(format!("fifteen/korf{id}"));
        group.sample_size(10);
        for (name, solver) in &variants {
            group.bench_function(BenchmarkId::from_parameter(name), |b| {
                b.iter(|| {
                    let report = two.install(|| solver.solve(&Fifteen, black_box(&board)));
                    assert_eq!(report.solution().map(<[_]>::len), Some(optimal as usize));
                })
            });
        }
        group.finish();
    }
}

/// A complete ternary tree; states are paths, so nothing ever repeats.
struct Tree;

impl Puzzle for Tree {
    type State = (u8, u64);
    type Move = u8;
    fn successors(&self, s: &(u8, u64), out: &mut Vec<(u8, (u8, u64))>) {
        let (d, id) = *s;
        out.extend((0..3).map(|m| (m, (d + 1, id * 3 + u64::from(m)))));
    }
    fn is_goal(&self, _: &(u8, u64)) -> bool {
        false
    }
}

fn tree(c: &mut Criterion) {
    let mut group = c.benchmark_group("fifteen/tree");
    group.sample_size(10);
    let ida = Solver::new(Strategy::IdaStar { max_depth: 15 });
    let dfs = Solver::new(Strategy::Dfs {
        depth: 15,
        mode: DepthMode::Exactly,
    });
    for (name, solver) in [
        ("ida", ida.clone()),
        ("ida+table", ida.table(true)),
        ("dfs-exact", dfs.clone()),
        ("dfs-exact+table", dfs.table(true)),
    ] {
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| solver.solve(&Tree, black_box(&(0, 0))).outcome)
        });
    }
    group.finish();
}

criterion_group!(benches, korf, tree);
criterion_main!(benches);
