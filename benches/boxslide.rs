//! The box-slide maze on seeded generated levels: each engine technique in
//! turn, one thread against two.
//!
//! ```text
//! cargo bench --bench boxslide
//! ```
//! Sets: `easy` (5x5 needing 3 moves, 6x6 needing 4; generator seed 1),
//! `hard` (7x7 with 15 and 18 boxes, seed 3, and 8x8 with 18, seed 4, all
//! needing exactly 5 moves) and `none` (the same sizes and seeds with no
//! answer within 5): the first level of each kind in
//! `scripts/peer-inputs.sh`, which compares the C++ peers on them.
//! Variants: `classic` (a `Vec<Vec<u8>>` grid copied per level, every
//! legal move; `easy` only, it takes minutes on the others), `packed-ida`
//! (the crate's engine through the core's plain IDA*), `+dedup`, `+table`,
//! `+table` (what `solve` runs, on one thread), `+table+dedup`,
//! `parallel-2` (`solve` on a pool of two threads) and three ablations of
//! `solve` on one thread: `solve-all-last-moves` (every move generated with
//! one move left: the share of `successors_within`), `solve-no-gather`
//! (lower bound 0, dead ends kept: the share of the gathering bound) and
//! `solve-slack-gate` (the table gated on the moves left minus the bound). Results: `docs/benchmarks.md`.
// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use puzzle_search::boxslide::{self, BoxSlide, Level, Wanted, level, level_with_answer};
use puzzle_search::{Solver, SplitMix64, Strategy};
use puzzle_testkit::all_moves::{AllMoves, DeadEndsOnly};

/// Builds a solver for a move limit.
type MakeSolver = fn(u32) -> Solver;

fn sets() -> Vec<(&'static str, Vec<Level>)> {
    let mut rng = SplitMix64::new(1);
    let easy = vec![
        level_with_answer(&mut rng, 5, 5, 3, 20_000).expect("a level"),
        level_with_answer(&mut rng, 6, 6, 4, 20_000).expect("a level"),
    ];
    let dense = |h, w, seed, boxes, wanted| {
        level(
            &mut SplitMix64::new(seed),
            h,
            w,
            Some(boxes),
            wanted,
            20_000,
        )
        .expect("a level")
    };
    let (five, none) = (Wanted::Moves(5), Wanted::NoneWithin(5));
    let hard = vec![
        dense(7, 7, 3, 15, five),
        dense(7, 7, 3, 18, five),
        dense(8, 8, 4, 18, five),
    ];
    let unsolvable = vec![
        dense(7, 7, 3, 15, none),
        dense(7, 7, 3, 18, none),
        dense(8, 8, 4, 18, none),
    ];
    vec![("easy", easy), ("hard", hard), ("none", unsolvable)]
}

fn boxslide(c: &mut Criterion) {
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool");
    for (name, set) in sets() {
        let mut group = c.benchmark_group(format!("boxslide/{name}"));
        group.sample_size(10);
        if name == "easy" {
            group.bench_function(BenchmarkId::from_parameter("classic"), |b| {
                b.iter(|| {
                    set.iter()
                        .map(|l| {
                            puzzle_testkit::boxslide_reference::solve_classic(
                                &puzzle_testkit::boxslide_reference::from_board(black_box(
                                    &l.board,
                                )),
                                l.limit,
                            )
                        })
                        .collect::<Vec<_>>()
                })
            });
        }
        let variants: [(&str, MakeSolver); 5] = [
            ("packed-ida", |k| {
                Solver::new(Strategy::IdaStar { max_depth: k })
            }),
            ("+dedup", |k| {
                Solver::new(Strategy::IdaStar { max_depth: k }).dedup(true)
            }),
            ("+table", |k| {
                Solver::new(Strategy::IdaStar { max_depth: k })
                    .table(true)
                    .table_min_left(1)
            }),
            ("+table+dedup", |k| {
                boxslide::solver(k).parallel(false).dedup(true)
            }),
            ("parallel-2", boxslide::solver),
        ];
        for (variant, make) in variants {
            if name != "easy" && (variant == "packed-ida" || variant == "+dedup") {
                // Seconds per level without the table: shown on `easy`.
                continue;
            }
            group.bench_function(BenchmarkId::from_parameter(variant), |b| {
                b.iter(|| {
                    two.install(|| {
                        set.iter()
                            .map(|l| boxslide::solve_with(black_box(l), &make(l.limit)).outcome)
                            .collect::<Vec<_>>()
                    })
                })
            });
        }
        // Ablation: what `solve` runs on one thread, but every move
        // generated with one move left.
        group.bench_function(BenchmarkId::from_parameter("solve-all-last-moves"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|l| {
                        let solver = boxslide::solver(l.limit).parallel(false);
                        solver
                            .solve(&AllMoves(BoxSlide), black_box(&l.board))
                            .outcome
                    })
                    .collect::<Vec<_>>()
            })
        });
        // Ablation: without the gathering bound (dead ends kept), gating
        // the table on the moves left as `solve` does ...
        group.bench_function(BenchmarkId::from_parameter("solve-no-gather"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|l| {
                        let solver = boxslide::solver(l.limit).parallel(false);
                        solver
                            .solve(&DeadEndsOnly(BoxSlide), black_box(&l.board))
                            .outcome
                    })
                    .collect::<Vec<_>>()
            })
        });
        // ... and with the bound but the table gated on the slack.
        group.bench_function(BenchmarkId::from_parameter("solve-slack-gate"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|l| {
                        let solver = boxslide::solver(l.limit).parallel(false).table_min_slack(1);
                        solver.solve(&BoxSlide, black_box(&l.board)).outcome
                    })
                    .collect::<Vec<_>>()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, boxslide);
criterion_main!(benches);
