//! The Mayan puzzle, n = 5, on dense seeded boards: each engine technique
//! in turn, one thread against two.
//!
//! ```text
//! cargo bench --bench mayan
//! ```
//! Sets: `n5-none`, the 12 boards of `scripts/peer-inputs.sh` (21, 24, 27
//! and 30 blocks, seed = blocks, three each, no answer in 5 moves), and
//! `n5-solvable` (four boards of 18 to 25 blocks with an answer, seed 5).
//! Variants: `classic` (a 5x7 array copied per level; left swaps into
//! occupied cells skipped; colours with 1 or 2 blocks are dead ends; on
//! the solvable set only, it takes minutes on the dense one), `packed`
//! (the crate's engine through the core's plain exact DFS), `+dedup`,
//! `+table` (what `solve` runs, on one thread), `+table+dedup`, three
//! ablations of `solve` on one thread: `solve-all-last-moves` (every move
//! generated with one move left: the share of `successors_within`),
//! `solve-no-gather` (lower bound 0, dead ends kept: the share of the
//! gathering bound) and `solve-slack-gate` (the table gated on the moves
//! left minus the bound), and `parallel-2` (what `solve` runs on a pool of
//! two threads). The C++ peers are
//! compared by `scripts/peer-inputs.sh`. Results: `docs/benchmarks.md`.
// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use puzzle_search::mayan::{self, Mayan, Problem, problem};
use puzzle_search::{DepthMode, Solver, SplitMix64, Strategy};
use puzzle_testkit::all_moves::{AllMoves, DeadEndsOnly};

fn none_set() -> Vec<Problem> {
    let mut set = Vec::new();
    for blocks in [21, 24, 27, 30] {
        let mut rng = SplitMix64::new(blocks as u64);
        for _ in 0..3 {
            set.push(problem(&mut rng, 5, blocks, Some(false)).expect("a board"));
        }
    }
    set
}

fn solvable_set() -> Vec<Problem> {
    let mut rng = SplitMix64::new(5);
    (0..4)
        .map(|i| problem(&mut rng, 5, 18 + 2 * i, Some(true)).expect("a board"))
        .collect()
}

fn mayan(c: &mut Criterion) {
    let dfs = Solver::new(Strategy::Dfs {
        depth: 5,
        mode: DepthMode::Exactly,
    });
    let variants = [
        ("packed", dfs.clone()),
        ("+dedup", dfs.dedup(true)),
        ("+table", dfs.table(true).table_min_left(1)),
        ("+table+dedup", mayan::solver(5).parallel(false).dedup(true)),
    ];
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool");
    for (name, set) in [("n5-none", none_set()), ("n5-solvable", solvable_set())] {
        let mut group = c.benchmark_group(format!("mayan/{name}"));
        group.sample_size(10);
        if name == "n5-solvable" {
            group.bench_function(BenchmarkId::from_parameter("classic"), |b| {
                b.iter(|| {
                    set.iter()
                        .map(|p| {
                            puzzle_testkit::mayan_reference::solve_classic(
                                &puzzle_testkit::mayan_reference::from_board(black_box(&p.board)),
                                5,
                            )
                        })
                        .collect::<Vec<_>>()
                })
            });
        }
        for (variant, solver) in &variants {
            group.bench_function(BenchmarkId::from_parameter(variant), |b| {
                b.iter(|| {
                    set.iter()
                        .map(|p| mayan::solve_with(black_box(p), solver).outcome)
                        .collect::<Vec<_>>()
                })
            });
        }
        // Ablation: what `solve` runs on one thread, but every move
        // generated with one move left.
        let one = mayan::solver(5).parallel(false);
        group.bench_function(BenchmarkId::from_parameter("solve-all-last-moves"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|p| one.solve(&AllMoves(Mayan), black_box(&p.board)).outcome)
                    .collect::<Vec<_>>()
            })
        });
        // Ablation: without the gathering bound (dead ends kept).
        group.bench_function(BenchmarkId::from_parameter("solve-no-gather"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|p| one.solve(&DeadEndsOnly(Mayan), black_box(&p.board)).outcome)
                    .collect::<Vec<_>>()
            })
        });
        group.bench_function(BenchmarkId::from_parameter("solve-slack-gate"), |b| {
            let gated = mayan::solver(5).parallel(false).table_min_slack(1);
            b.iter(|| {
                set.iter()
                    .map(|p| gated.solve(&Mayan, black_box(&p.board)).outcome)
                    .collect::<Vec<_>>()
            })
        });
        let parallel = mayan::solver(5);
        group.bench_function(BenchmarkId::from_parameter("parallel-2"), |b| {
            b.iter(|| {
                two.install(|| {
                    set.iter()
                        .map(|p| mayan::solve_with(black_box(p), &parallel).outcome)
                        .collect::<Vec<_>>()
                })
            })
        });
        group.finish();
    }
}

criterion_group!(benches, mayan);
criterion_main!(benches);
