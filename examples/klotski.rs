//! Klotski (Huarong Dao) from 横刀立马, in three metrics: every shortest
//! solution counted, the first listed, the whole space's census, and the
//! shortest answer by BFS, A* and IDA* with the default transposition
//! table, each timed.
//!
//! ```text
//! cargo run --release --example klotski
//! ```
//!
//! The model is `puzzle_testkit::klotski` (a bound as weak as the 2x2
//! piece's Manhattan distance: 3 at the start against answers of 81 and
//! more), the case on which counting every shortest solution used to be
//! exponential. Numbers: `docs/benchmarks.md`.

use std::time::{Duration, Instant};

use puzzle_search::{Shortest, Solver, Strategy};
use puzzle_testkit::klotski::{Klotski, Metric};

/// The fastest of `runs` timings of `f`, with its last result.
fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut fastest = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let r = f();
        fastest = fastest.min(t.elapsed());
        last = Some(r);
    }
    (fastest, last.expect("at least one run"))
}

fn main() {
    let start = Klotski::start();
    println!(
        "{:<6} {:>6} {:>22} {:>12} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "metric",
        "moves",
        "shortest solutions",
        "by",
        "count",
        "first",
        "census",
        "bfs",
        "astar",
        "ida+table"
    );
    for metric in [Metric::Step, Metric::Line, Metric::Path] {
        let puzzle = Klotski { metric };
        let solver = Solver::new(Strategy::ida());
        let (count_time, counted) = best(5, || solver.count_shortest(&puzzle, &start, u32::MAX));
        let (first_time, _) = best(5, || {
            solver.shortest_solutions(&puzzle, &start, u32::MAX, 1)
        });
        let (census_time, census) =
            best(5, || Solver::new(Strategy::bfs()).census(&puzzle, &start));
        let (bfs_time, _) = best(5, || Solver::new(Strategy::bfs()).solve(&puzzle, &start));
        let (astar_time, _) = best(5, || Solver::new(Strategy::astar()).solve(&puzzle, &start));
        let (table_time, tabled) = best(5, || {
            Solver::new(Strategy::ida())
                .table(true)
                .solve(&puzzle, &start)
        });
        let (moves, count) = match counted.outcome {
            Shortest::Found { length, count } => (length.to_string(), count.to_string()),
            other => (format!("{other:?}"), String::new()),
        };
        let by = counted.method.map_or("-".to_string(), |m| m.to_string());
        let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
        println!(
            "{:<6} {:>6} {:>22} {:>12} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}",
            format!("{metric:?}").to_lowercase(),
            moves,
            count,
            by,
            ms(count_time),
            ms(first_time),
            ms(census_time),
            ms(bfs_time),
            ms(astar_time),
            ms(table_time),
        );
        assert_eq!(census.states(), 25_955, "the reachable layouts");
        // IDA* with the default table finds the same length.
        let length = tabled.solution().map(|m| m.len().to_string());
        assert_eq!(
            length.as_deref(),
            Some(moves.as_str()),
            "IDA* with the table"
        );
    }
}
