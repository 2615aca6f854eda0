//! Rush Hour (6x6): each board solved by every strategy on the defaults,
//! in both metrics, each answer checked against a breadth-first oracle and
//! timed. The model is `puzzle_testkit::rush_hour` (a weak bound and a
//! goal that is a predicate); the numbers back `docs/choosing.md`.
//!
//! ```text
//! cargo run --release --example rush_hour                 # the hardest board and an unsolvable one
//! cargo run --release --example rush_hour -- BOARD ...    # boards of 36 characters (o empty, x wall, A the red car)
//! ```
//!
//! Each strategy runs five times (`RUNS=N` to change it) under a 2 s
//! limit (a search the limit stops runs once: plain IDA* on the hardest
//! board), about 25 s in all; the fastest time is printed, with the
//! nodes expanded (the reachability check's included). `ida+table` is
//! the default table;
//! `min-left 1` and `min-slack 1` are the gates a user could set by hand.
//! Each report's notes are printed below its line. Exit code 1 when a
//! board is refused or an answer differs from the oracle's.

use std::time::{Duration, Instant};

use puzzle_search::{Outcome, Report, Solver, Strategy, replay};
use puzzle_testkit::rush_hour::{HARDEST, Metric, RushHour};

/// An unsolvable board: the lying `B` in `A`'s row can never leave it.
/// 42,750 states reachable.
const UNSOLVABLE: &str = "JGGoooJoCCoEAAoBBEooFFooDDDooooIIIHH";

/// The fastest of `runs` timings of `f`, with its last report; a search
/// stopped by its limit is not run again.
fn best<M>(runs: usize, mut f: impl FnMut() -> Report<M>) -> (Duration, Report<M>) {
    let mut fastest = Duration::MAX;
    let mut last = None;
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        let r = f();
        fastest = fastest.min(t.elapsed());
        let stopped = matches!(r.outcome, Outcome::Stopped(_));
        last = Some(r);
        if stopped {
            break;
        }
    }
    (fastest, last.expect("at least one run"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards: Vec<&str> = if args.is_empty() {
        vec![HARDEST, UNSOLVABLE]
    } else {
        args.iter().map(String::as_str).collect()
    };
    let strategies: [(&str, Solver); 8] = [
        (
            "ida+table left1",
            Solver::new(Strategy::ida()).table(true).table_min_left(1),
        ),
        (
            "ida+table slack1",
            Solver::new(Strategy::ida()).table(true).table_min_slack(1),
        ),
        ("ida", Solver::new(Strategy::ida())),
        ("ida+table", Solver::new(Strategy::ida()).table(true)),
        ("bfs", Solver::new(Strategy::bfs())),
        ("astar", Solver::new(Strategy::astar())),
        ("bidirectional", Solver::new(Strategy::bidirectional())),
        (
            "ida+table, 1 thread",
            Solver::new(Strategy::ida()).table(true).threads(1),
        ),
    ];
    let runs: usize = std::env::var("RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let mut wrong = false;
    println!(
        "{:<38} {:<6} {:>7} {:<20} {:>8} {:>10} {:>12}",
        "board", "metric", "states", "strategy", "answer", "time", "expanded"
    );
    for board in boards {
        for metric in [Metric::Slide, Metric::Step] {
            let puzzle = match RushHour::parse(board, metric) {
                Ok(p) => p,
                Err(e) => {
                    puzzle_search_cli::say!("rush_hour: board {board}: {e}");
                    std::process::exit(1);
                }
            };
            let states = puzzle.reachable().len();
            let want = puzzle.oracle();
            for (name, solver) in &strategies {
                let solver = solver
                    .budget(puzzle_search::Budget::default().time_limit(Duration::from_secs(2)));
                let (time, report): (Duration, Report<_>) =
                    best(runs, || solver.solve(&puzzle, &puzzle.start()));
                let answer = match &report.outcome {
                    Outcome::Solved(moves) => {
                        if replay(&puzzle, &puzzle.start(), moves).is_err()
                            || Some(moves.len() as u32) != want
                        {
                            wrong = true;
                        }
                        moves.len().to_string()
                    }
                    Outcome::NoSolution => {
                        wrong |= want.is_some();
                        "none".into()
                    }
                    other => format!("{other:?}"),
                };
                println!(
                    "{:<38} {:<6} {:>7} {:<20} {:>8} {:>8.1}ms {:>12}",
                    board,
                    format!("{metric:?}").to_lowercase(),
                    states,
                    name,
                    answer,
                    time.as_secs_f64() * 1e3,
                    report.stats.expanded + report.stats.reach_expanded
                );
                for note in &report.notes {
                    println!("    note: {note}");
                }
            }
        }
    }
    if wrong {
        puzzle_search_cli::say!("rush_hour: an answer differs from the oracle's");
        std::process::exit(1);
    }
}
