//! The core's strategies side by side on the 8-puzzle, and the same model
//! through the `pathfinding` crate's `idastar` and `bfs` as the peer.
//!
//! ```text
//! cargo bench --bench strategies
//! ```
//! Instances: seeded random solvable boards, the first of each optimal
//! length in `LENGTHS` (easy to hard). Results: `docs/benchmarks.md`.
// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use puzzle_search::{Solver, Strategy};
use puzzle_testkit::eight_puzzle::{Board, EightPuzzle, Slide, instances};

const LENGTHS: [usize; 5] = [12, 18, 22, 26, 30];

/// One board per length in `LENGTHS`, with that optimal length.
fn boards() -> Vec<(usize, Board)> {
    let ida = Solver::new(Strategy::IdaStar { max_depth: 31 });
    let pool: Vec<(usize, Board)> = instances(4000, 2026)
        .into_iter()
        .filter_map(|b| ida.solve(&EightPuzzle, &b).solution().map(|m| (m.len(), b)))
        .collect();
    LENGTHS
        .iter()
        .filter_map(|&len| pool.iter().find(|(l, _)| *l == len).copied())
        .collect()
}

fn neighbours(b: &Board) -> impl Iterator<Item = Board> + use<> {
    let b = *b;
    [Slide::Down, Slide::Left, Slide::Right, Slide::Up]
        .into_iter()
        .filter_map(move |s| b.slide(s))
}

fn strategies(c: &mut Criterion) {
    let solvers = [
        ("ida", Solver::new(Strategy::IdaStar { max_depth: 31 })),
        (
            "ida+memo+dedup",
            Solver::new(Strategy::IdaStar { max_depth: 31 })
                .table(true)
                .dedup(true),
        ),
        (
            "ida-parallel",
            Solver::new(Strategy::IdaStar { max_depth: 31 }).parallel(true),
        ),
        ("bfs", Solver::new(Strategy::Bfs { max_depth: 31 })),
        // No depth limit, so the bound never prunes: like for like with pathfinding's bfs.
        (
            "bfs-unbounded",
            Solver::new(Strategy::Bfs {
                max_depth: u32::MAX,
            }),
        ),
    ];
    let solved = Board::solved();
    for (len, board) in boards() {
        let mut group = c.benchmark_group(format!("8-puzzle/{len}-moves"));
        group.sample_size(20);
        for (name, solver) in &solvers {
            group.bench_function(BenchmarkId::from_parameter(name), |b| {
                b.iter(|| solver.solve(&EightPuzzle, black_box(&board)).outcome)
            });
        }
        group.bench_function(BenchmarkId::from_parameter("pathfinding-idastar"), |b| {
            b.iter(|| {
                pathfinding::prelude::idastar(
                    black_box(&board),
                    |n| neighbours(n).map(|m| (m, 1u32)),
                    |n| n.manhattan(),
                    |n| *n == solved,
                )
            })
        });
        group.bench_function(BenchmarkId::from_parameter("pathfinding-bfs"), |b| {
            b.iter(|| pathfinding::prelude::bfs(black_box(&board), neighbours, |n| *n == solved))
        });
        group.finish();
    }
}

criterion_group!(benches, strategies);
criterion_main!(benches);
