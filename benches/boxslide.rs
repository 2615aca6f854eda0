//! The box-slide maze: classic iterative deepening against each technique
//! added in turn and the core's BFS, on seeded generated levels.
//!
//! ```text
//! cargo bench --bench boxslide
//! ```
//! Sets (generator seed 1): `easy` (5x5 needing 3 moves, 6x6 needing 4),
//! `hard` (7x7 and 8x8 needing 5), `unsolvable` (two 7x7 boards with no
//! solution within 4 moves). Variants: `classic` (a `Vec<Vec<u8>>` grid
//! copied per level, every legal move, colours with 1 or 2 boxes dead),
//! `packed-ida` (the crate's engine through the core's plain IDA*, which
//! also skips moves that change nothing and moves straight back), then
//! `+dedup`, `+memo`, `+memo+dedup`, `parallel` (what `solve` runs) and
//! `bfs`. Results: `docs/benchmarks.md`, `docs/puzzles/boxslide.md`.
// criterion's macros generate undocumented items.
#![allow(missing_docs)]

#[path = "../tests/common/boxslide_reference.rs"]
mod reference;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use puzzle_search::boxslide::{self, Level, generate, level_with_answer};
use puzzle_search::{Solver, SplitMix64, Strategy};

/// Builds a solver for a move limit.
type MakeSolver = fn(u32) -> Solver<'static>;

fn sets() -> Vec<(&'static str, Vec<Level>)> {
    let mut rng = SplitMix64::new(1);
    let mut level = |h, w, k| level_with_answer(&mut rng, h, w, k, 20_000).expect("a level exists");
    let easy = vec![level(5, 5, 3), level(6, 6, 4)];
    let hard = vec![level(7, 7, 5), level(8, 8, 5)];
    let mut unsolvable = Vec::new();
    let mut rng = SplitMix64::new(2);
    while unsolvable.len() < 2 {
        let Some(board) = generate(&mut rng, 7, 7, 12, 3) else {
            continue;
        };
        let level = Level { board, limit: 4 };
        if boxslide::solve(&level).0.is_none() {
            unsolvable.push(level);
        }
    }
    vec![("easy", easy), ("hard", hard), ("unsolvable", unsolvable)]
}

fn boxslide(c: &mut Criterion) {
    for (name, set) in sets() {
        let mut group = c.benchmark_group(format!("boxslide/{name}"));
        group.sample_size(10);
        group.bench_function(BenchmarkId::from_parameter("classic"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|l| {
                        reference::solve_classic(
                            &reference::from_board(black_box(&l.board)),
                            l.limit,
                        )
                    })
                    .collect::<Vec<_>>()
            })
        });
        let variants: [(&str, MakeSolver); 6] = [
            ("packed-ida", |k| {
                Solver::new(Strategy::IdaStar { max_depth: k })
            }),
            ("+dedup", |k| {
                Solver::new(Strategy::IdaStar { max_depth: k }).dedup(true)
            }),
            ("+memo", |k| {
                Solver::new(Strategy::IdaStar { max_depth: k })
                    .table(true)
                    .table_min_slack(1)
            }),
            ("+memo+dedup", |k| {
                Solver::new(Strategy::IdaStar { max_depth: k })
                    .table(true)
                    .table_min_slack(1)
                    .dedup(true)
            }),
            ("parallel", boxslide::solver),
            ("bfs", |k| Solver::new(Strategy::Bfs { max_depth: k })),
        ];
        for (variant, make) in variants {
            group.bench_function(BenchmarkId::from_parameter(variant), |b| {
                b.iter(|| {
                    set.iter()
                        .map(|l| boxslide::solve_with(black_box(l), &make(l.limit)).outcome)
                        .collect::<Vec<_>>()
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, boxslide);
criterion_main!(benches);
