//! The Mayan puzzle, n = 5: the classic contest DFS against each technique
//! added in turn, on seeded dense boards, solvable and not.
//!
//! ```text
//! cargo bench --bench mayan
//! ```
//! Variants: `classic` (a 5x7 array copied per level; left swaps into
//! occupied cells skipped; colours with 1 or 2 blocks are dead ends),
//! `packed` (the crate's packed-column engine through the core's plain
//! exact DFS, same prunings), then `+dedup`, `+memo`, `+memo+dedup`, and
//! `parallel` (what `puzzle_mayan::solve` runs). Results:
//! `docs/benchmarks.md` and `docs/puzzles/mayan.md`.
// criterion's macros generate undocumented items.
#![allow(missing_docs)]

#[path = "../tests/common/mayan_reference.rs"]
mod reference;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use puzzle_search::mayan::{self, Problem, generate};
use puzzle_search::{DepthMode, Solver, SplitMix64, Strategy};

/// Four solvable and four unsolvable seeded boards of 18 to 25 blocks.
fn boards() -> (Vec<Problem>, Vec<Problem>) {
    let mut rng = SplitMix64::new(5);
    let (mut solvable, mut unsolvable) = (Vec::new(), Vec::new());
    let mut i = 0;
    while solvable.len() < 4 || unsolvable.len() < 4 {
        let blocks = 18 + (i % 8);
        let colours = 3 + (i % 4) as u8;
        i += 1;
        let Ok(board) = generate(&mut rng, blocks, colours, true) else {
            continue;
        };
        let problem = Problem { n: 5, board };
        let set = if mayan::solve(&problem).0.is_some() {
            &mut solvable
        } else {
            &mut unsolvable
        };
        if set.len() < 4 {
            set.push(problem);
        }
    }
    (solvable, unsolvable)
}

fn mayan(c: &mut Criterion) {
    let (solvable, unsolvable) = boards();
    let dfs = Solver::new(Strategy::Dfs {
        depth: 5,
        mode: DepthMode::Exactly,
    });
    let variants = [
        ("packed", dfs.clone()),
        ("packed+dedup", dfs.clone().dedup(true)),
        ("packed+memo", dfs.clone().table(true).table_min_slack(1)),
        (
            "packed+memo+dedup",
            dfs.clone().table(true).table_min_slack(1).dedup(true),
        ),
        ("parallel", mayan::solver(5)),
    ];
    for (name, set) in [("unsolvable", &unsolvable), ("solvable", &solvable)] {
        let mut group = c.benchmark_group(format!("mayan/n5-{name}"));
        group.sample_size(10);
        group.bench_function(BenchmarkId::from_parameter("classic"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|p| {
                        reference::solve_classic(&reference::from_board(black_box(&p.board)), 5)
                    })
                    .collect::<Vec<_>>()
            })
        });
        for (variant, solver) in &variants {
            group.bench_function(BenchmarkId::from_parameter(variant), |b| {
                b.iter(|| {
                    set.iter()
                        .map(|p| mayan::solve_with(black_box(p), solver).outcome)
                        .collect::<Vec<_>>()
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, mayan);
criterion_main!(benches);
