//! The README's first command: one real instance per puzzle, solved two
//! ways side by side (the plain technique and the strong one: Manhattan
//! against pattern databases, classic IDA* against Rotation's table, plain
//! IDA* against the full Box-slide solver, a census by hash against one by
//! rank, a 3x3x3 cube's tables read at the position alone against at its
//! inverse too), with nodes, time, threads and the speed-up; and Lights
//! Out on a million lights. About 7 s on 2 cores once built; the first
//! run builds the 15-puzzle's pattern databases and the cube's tables
//! (seconds each, 6 MB and 87 MB) and keeps them in the cache directory. `--quick` prints the old table
//! instead: every strategy on each puzzle's toy sample, in microseconds.
//!
//! ```text
//! cargo run --release --example tour
//! cargo run --release --example tour -- --quick
//! ```

use puzzle_search::MakeUnmake;
use std::time::{Duration, Instant};

use puzzle_search::{
    DepthMode, Outcome, Puzzle, Solver, SplitMix64, Strategy, boxslide, flip, mayan, replay,
    rotation,
};
use puzzle_search_cli::table::{Align, Table};
use puzzle_testkit::eight_puzzle::{self, Board, EightPuzzle};

mod rows;
mod showcases;

use rows::*;
use showcases::*;

/// The showcase: each instance, its ways, and the speed-up over the first.
fn show(cases: &[Showcase]) {
    let mut table = Table::new(
        &[
            ("way", Align::Left),
            ("threads", Align::Right),
            ("nodes", Align::Right),
            ("time", Align::Right),
            ("speed-up", Align::Right),
            ("answer", Align::Left),
        ],
        2,
    );
    for case in cases {
        table.heading(case.instance.clone());
        let base = case.ways.first().map(|w| w.time);
        for (i, w) in case.ways.iter().enumerate() {
            let speed = match base {
                Some(b) if i > 0 && !w.time.is_zero() => {
                    format!("{:.1}x", b.as_secs_f64() / w.time.as_secs_f64())
                }
                _ => String::new(),
            };
            let nodes = w.nodes.map_or("-".into(), |n| n.to_string());
            table.row([
                w.way.clone(),
                w.threads.to_string(),
                nodes,
                format!("{:.2?}", w.time),
                speed,
                w.answer.clone(),
            ]);
        }
    }
    for line in table.lines() {
        println!("{line}");
    }
}

fn main() -> std::process::ExitCode {
    // One option; clap gives `--help` and `--version` and refuses the rest.
    let matches = clap::Command::new("tour")
        .version(env!("CARGO_PKG_VERSION"))
        .about(
            "One real instance per puzzle, solved the plain way and the strong way side by side \
             (--quick: every strategy on the toy samples)",
        )
        .arg(
            clap::Arg::new("quick")
                .long("quick")
                .action(clap::ArgAction::SetTrue)
                .help("Every strategy on each puzzle's toy sample, in microseconds"),
        )
        .get_matches();
    if matches.get_flag("quick") {
        quick();
        return std::process::ExitCode::SUCCESS;
    }
    println!(
        "puzzle-search tour: real instances, each solved two ways ({} threads here)",
        rayon::current_num_threads()
    );
    let mut cases = Vec::new();
    for case in [
        fifteen(),
        cube(),
        pocket_random(),
        rotation_deep(),
        boxslide_dense(),
        Ok(lights_out()),
        census(),
    ] {
        match case {
            Ok(c) => cases.push(c),
            Err(e) => {
                puzzle_search_cli::say!("error: {e}");
                return std::process::ExitCode::FAILURE;
            }
        }
    }
    show(&cases);
    std::process::ExitCode::SUCCESS
}

/// The toy table: every puzzle sample by every strategy that applies.
fn quick() {
    let mut rows = Vec::new();
    eight_puzzle_rows(&mut rows);
    rotation_rows(&mut rows);
    mayan_rows(&mut rows);
    flip_rows(&mut rows);
    boxslide_rows(&mut rows);
    sliding_rows(&mut rows);
    let mut table = Table::new(
        &[
            ("puzzle", Align::Left),
            ("strategy", Align::Left),
            ("nodes", Align::Right),
            ("time", Align::Right),
            ("answer", Align::Left),
        ],
        0,
    );
    for r in &rows {
        table.row([
            r.puzzle.to_string(),
            r.strategy.to_string(),
            r.nodes.to_string(),
            format!("{:.1?}", r.time),
            r.answer.to_string(),
        ]);
    }
    for line in table.lines() {
        println!("{line}");
    }
}
