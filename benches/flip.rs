//! Flip Game / Fliptile / Lights Out: the core's BFS against GF(2)
//! algebra on 4x4 boards, chasing against algebra on 15x15 Fliptile, and
//! algebra alone on Lights Out boards up to 1000x1000.
//!
//! ```text
//! cargo bench --bench flip
//! ```
//! Results: `docs/benchmarks.md` and `docs/puzzles/flip.md`.
// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use puzzle_search::flip::{FlipPuzzle, Grid, algebra, chase};
use puzzle_search::{Solver, SplitMix64, Strategy};

fn grid4(bits: u32) -> Grid {
    let mut g = Grid::new(4, 4);
    for i in 0..16 {
        g.set(i / 4, i % 4, bits >> i & 1 == 1);
    }
    g
}

fn four_by_four(c: &mut Criterion) {
    let mut group = c.benchmark_group("flip/4x4");
    group.sample_size(10);
    // 256 boards spread over all 65,536; BFS on every one takes minutes.
    let sample: Vec<Grid> = (0..1u32 << 16).step_by(256).map(grid4).collect();
    let white = Grid::new(4, 4);
    let puzzle = FlipPuzzle::new(&white).expect("16 cells");
    let bfs = Solver::new(Strategy::Bfs { max_depth: 16 });
    group.bench_function("bfs-256-boards", |b| {
        b.iter(|| {
            sample
                .iter()
                .filter(|g| {
                    bfs.solve(&puzzle, &puzzle.pack(black_box(g)))
                        .solution()
                        .is_some()
                })
                .count()
        })
    });
    group.bench_function("algebra-256-boards", |b| {
        b.iter(|| {
            sample
                .iter()
                .filter(|g| algebra::solve(black_box(g)).is_some())
                .count()
        })
    });
    group.bench_function("algebra-all-65536-boards", |b| {
        b.iter(|| {
            (0..1u32 << 16)
                .filter(|&bits| algebra::solve(&grid4(black_box(bits))).is_some())
                .count()
        })
    });
    group.finish();
}

fn fliptile(c: &mut Criterion) {
    let mut rng = SplitMix64::new(15);
    let boards: Vec<Grid> = (0..10).map(|_| Grid::random(15, 15, &mut rng)).collect();
    let mut group = c.benchmark_group("flip/fliptile-15x15-10-boards");
    group.sample_size(10);
    group.bench_function("chase", |b| {
        b.iter(|| {
            boards
                .iter()
                .filter(|g| matches!(chase::solve(black_box(g)), Ok(Some(_))))
                .count()
        })
    });
    group.bench_function("algebra", |b| {
        b.iter(|| {
            boards
                .iter()
                .filter(|g| algebra::solve(black_box(g)).is_some())
                .count()
        })
    });
    group.finish();
}

fn lights_out(c: &mut Criterion) {
    let mut group = c.benchmark_group("flip/lights-out");
    group.sample_size(10);
    for n in [16, 32, 64, 128, 256, 512, 1000] {
        let mut rng = SplitMix64::new(1);
        let board = Grid::new(n, n).apply(&Grid::random(n, n, &mut rng));
        group.bench_with_input(
            BenchmarkId::new("algebra-solve-and-verify", n),
            &board,
            |b, board| {
                b.iter(|| {
                    let s = algebra::solve(black_box(board)).expect("solvable by construction");
                    board.apply(&s.presses).is_zero()
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, four_by_four, fliptile, lights_out);
criterion_main!(benches);
