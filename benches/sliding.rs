//! The sliding-tile crate on Korf's 15-puzzle instances.
//!
//! ```text
//! cargo bench --bench sliding
//! ```
//! Groups (all skipped with a message when `../shared/data/korf100` is
//! missing):
//! - `sliding/manhattan`: the ten instances with the fewest nodes in Korf's
//!   1985 table (79, 12, 42, 55, 97, 19, 94, 47, 93, 9), one thread,
//!   Manhattan IDA* of the crate (`ida`) against `pathfinding::idastar` on
//!   the same model (`pathfinding-idastar`: the crate's `Node` and
//!   successors, Manhattan as the heuristic, unit costs).
//! - `sliding/pdb`: Korf's instances 1 to 10 in a row, additive 6-6-3
//!   pattern databases with the mirrored look-up, both threads. The tables
//!   come from the example's cache (`$XDG_CACHE_HOME/puzzle-search` or
//!   `~/.cache/puzzle-search`), built there first if missing (about 20 s).
//! - `sliding/pdb-all`: all 100 the same way (about 16 s an iteration,
//!   three minutes in all: `cargo bench --bench sliding -- pdb-all`).
//! - `sliding/build`: building the 3-tile table of that partition.
//! - `sliding/census` (needs no data): the 2x5 puzzle's 1,814,400 boards
//!   counted by distance, one thread: written by hand, `census_ranked`,
//!   `census` (`cargo bench --bench sliding -- census`).
//!
//! All 100 instances: `cargo run --release --example sliding -- --goal
//! blank-first --stats < ../shared/data/korf100/korf100.in` (about 16 s).
//! Results: `docs/puzzles/sliding.md`.
// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use puzzle_search::pdb::PatternDb;
use puzzle_search::sliding::{
    Board, Bound, Goal, Node, PatternAbstraction, Patterns, Sliding, parse_board,
};
use puzzle_search::{Puzzle, Solver, Strategy};

/// Korf's boards with their optimal lengths and 1985 node counts.
fn korf100() -> Option<Vec<(Board, usize, u64)>> {
    let dir = puzzle_testkit::shared_dir("data/korf100");
    let boards = std::fs::read_to_string(dir.join("korf100.in")).ok()?;
    let optimal = std::fs::read_to_string(dir.join("optimal.txt")).ok()?;
    let facts = optimal.lines().filter(|l| !l.starts_with('#')).map(|l| {
        let f: Vec<u64> = l
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        (f[1] as usize, f[2])
    });
    let boards = boards
        .lines()
        .enumerate()
        .skip(1)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| parse_board(l, i + 1, 4, 4).ok());
    boards
        .zip(facts)
        .map(|(b, (len, nodes))| Some((b?, len, nodes)))
        .collect()
}

fn cache_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("puzzle-search"))
}

fn sliding(c: &mut Criterion) {
    let Some(all) = korf100() else {
        eprintln!("sliding: ../shared/data/korf100 is missing, Korf's instances skipped");
        return;
    };
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool");
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool");

    // Manhattan IDA*: ours against pathfinding on the same model.
    let manhattan = Sliding::new(4, 4, Goal::BlankFirst, Bound::Manhattan).expect("a valid puzzle");
    let ida = Solver::new(Strategy::IdaStar { max_depth: 255 }).parallel(false);
    let mut group = c.benchmark_group("sliding/manhattan");
    group.sample_size(10);
    for id in [79, 12, 42, 55, 97, 19, 94, 47, 93, 9] {
        let (board, optimal, _) = all[id - 1];
        let start = manhattan.node(&board);
        group.bench_function(BenchmarkId::new("ida", id), |b| {
            b.iter(|| {
                let report = one.install(|| ida.solve(&manhattan, black_box(&start)));
                assert_eq!(report.solution().map(<[_]>::len), Some(optimal));
            })
        });
        group.bench_function(BenchmarkId::new("pathfinding-idastar", id), |b| {
            b.iter(|| {
                let mut buf = Vec::new();
                let found = pathfinding::prelude::idastar(
                    black_box(&start),
                    |n: &Node| {
                        buf.clear();
                        manhattan.successors(n, &mut buf);
                        buf.iter().map(|(_, c)| (*c, 1u32)).collect::<Vec<_>>()
                    },
                    |n| u32::from(n.manhattan),
                    |n| n.manhattan == 0,
                );
                assert_eq!(found.map(|(_, cost)| cost as usize), Some(optimal));
            })
        });
    }
    group.finish();

    // Pattern databases: Korf 1 to 10 in a row, both threads.
    let partition = Patterns::default_partition(4, 4, Goal::BlankFirst).expect("4x4");
    let (tables, _) = Patterns::load_or_build(
        4,
        4,
        Goal::BlankFirst,
        &partition,
        cache_dir().as_deref(),
        None,
    )
    .expect("the default partition");
    let pdb =
        Sliding::new(4, 4, Goal::BlankFirst, Bound::Pdb(Arc::new(tables))).expect("a valid puzzle");
    let parallel = Sliding::solver();
    let mut group = c.benchmark_group("sliding/pdb");
    group.sample_size(10);
    // Solves the instances in a row on both cores, checking each length.
    let solve_all = |set: &[(Board, usize, u64)]| {
        two.install(|| {
            for (board, optimal, _) in set {
                let report = pdb.solve_with(black_box(board), &parallel).expect("4x4");
                assert_eq!(report.solution().map(<[_]>::len), Some(*optimal));
            }
        })
    };
    group.bench_function("korf1-10", |b| b.iter(|| solve_all(&all[..10])));
    group.finish();

    // All 100 (about 16 s an iteration: filter it in or out by name).
    let mut group = c.benchmark_group("sliding/pdb-all");
    group.sample_size(10);
    group.bench_function("korf1-100", |b| b.iter(|| solve_all(&all)));
    group.finish();

    let mut group = c.benchmark_group("sliding/build");
    group.sample_size(10);
    let small = PatternAbstraction::new(4, 4, Goal::BlankFirst, &partition[2]);
    group.bench_function("3-tile", |b| {
        b.iter(|| two.install(|| PatternDb::build(black_box(&small), None).expect("3 tiles")))
    });
    group.finish();
}

/// `sliding/census`: the 1,814,400 boards of the 2x5 puzzle (blank-last
/// goal) counted by distance, one thread: the census written by hand (a
/// queue and a distance array by rank, `puzzle_testkit::census`), the
/// core's dense census (`census_ranked`) and its hash census (`census`).
fn census(c: &mut Criterion) {
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool");
    let puzzle = Sliding::new(2, 5, Goal::BlankLast, Bound::Manhattan).expect("2x5");
    let start = puzzle.node(&Board::goal(2, 5, Goal::BlankLast).expect("2x5"));
    let solver = Solver::new(Strategy::bfs());
    let mut group = c.benchmark_group("sliding/census");
    group.sample_size(10);
    group.bench_function("hand-written", |b| {
        b.iter(|| puzzle_testkit::census::hand_written(black_box(2), 5))
    });
    group.bench_function("census-ranked", |b| {
        b.iter(|| one.install(|| solver.census_ranked(&puzzle, black_box(&start))))
    });
    group.bench_function("census-hash", |b| {
        b.iter(|| solver.census(&puzzle, black_box(&start)))
    });
    group.finish();
}

criterion_group!(benches, sliding, census);
criterion_main!(benches);
