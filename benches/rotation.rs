//! Classic IDA* against the pattern-database solver on seeded random
//! boards grouped by optimal depth, and on a file of 30 deep boards.
//!
//! ```text
//! cargo bench --bench rotation
//! ```
//! Results: `docs/benchmarks.md` and `docs/puzzles/rotation.md`.
// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use puzzle_search::rotation::{self, Answer, Board, pdb};
use puzzle_search::{Solver, SplitMix64, Strategy};

fn boards(depth: u32, count: usize) -> Vec<Board> {
    pdb::table().boards_of_depth(depth, count, &mut SplitMix64::new(u64::from(depth)))
}

fn ida() -> Solver {
    Solver::new(Strategy::IdaStar {
        max_depth: rotation::MAX_DEPTH,
    })
}

fn solve_all(set: &[Board], solve: impl Fn(&Board) -> Option<Answer>) -> Vec<Option<Answer>> {
    set.iter().map(|board| solve(black_box(board))).collect()
}

fn by_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("rotation/by-depth");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for depth in [4, 6, 8, 9, 10, 11, 12, 13] {
        // Deep boards take IDA* seconds each: fewer of them.
        let set = boards(depth, if depth >= 12 { 1 } else { 8 });
        group.bench_with_input(BenchmarkId::new("pdb", depth), &set, |b, set| {
            b.iter(|| solve_all(set, pdb::solve))
        });
        group.bench_with_input(BenchmarkId::new("ida", depth), &set, |b, set| {
            b.iter(|| {
                solve_all(set, |board| {
                    Answer::from_outcome(board, rotation::solve_with(board, &ida()).outcome).ok()
                })
            })
        });
    }
    group.finish();
}

fn deep_file(c: &mut Criterion) {
    // Ten boards each of depth 11, 12 and 13. Classic IDA* on this file
    // takes about 20 s, too long for criterion's samples: it is timed by
    // the `rotation` example instead (docs/puzzles/rotation.md).
    let file: Vec<Board> = [11, 12, 13]
        .into_iter()
        .flat_map(|d| boards(d, 10))
        .collect();
    let mut group = c.benchmark_group("rotation/30-boards-depth-11-13");
    group.sample_size(10);
    group.bench_function("pdb-with-table-build", |b| {
        b.iter(|| {
            let table = pdb::DistanceTable::build();
            solve_all(&file, |board| table.solve(board))
        })
    });
    group.finish();
}

fn table_build(c: &mut Criterion) {
    let mut group = c.benchmark_group("rotation/table");
    group.sample_size(10);
    group.bench_function("build", |b| b.iter(pdb::DistanceTable::build));
    group.finish();
}

criterion_group!(benches, table_build, by_depth, deep_file);
criterion_main!(benches);
