//! The Rotation Game's census: how many of the 9,465,511,770 boards need
//! each number of moves, and so the game's God's number.
//!
//! ```text
//! cargo run --release --example rotation_census
//! ```
//! Progress goes to stderr; the histogram to stdout.

use std::sync::Mutex;
use std::time::Instant;

use puzzle_search::rotation::census::{BOARDS, census};
use puzzle_search::rotation::pdb;
use puzzle_search_cli::output;

fn main() {
    // No options; clap gives `--help` and `--version` and refuses the rest
    // (the census takes minutes, so a stray argument must not start it).
    clap::Command::new("rotation_census")
        .version(env!("CARGO_PKG_VERSION"))
        .about("The Rotation Game's census: boards per number of moves, and God's number")
        .get_matches();
    let table = pdb::table();
    eprintln!(
        "distance table: {} masks, built in {:.1?}",
        pdb::MASKS,
        table.build_time()
    );
    let last = Mutex::new(Instant::now());
    let progress = |done: u64, total: u64| {
        let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed().as_millis() >= 500 || done == total {
            *last = Instant::now();
            eprint!(
                "\r{done} of {total} first sets ({:.0}%)",
                100.0 * done as f64 / total as f64
            );
        }
    };
    let result = census(&progress);
    eprintln!();
    output::emit(format_args!("depth  boards"));
    for (d, c) in result.counts.iter().enumerate() {
        output::emit(format_args!("{d:>5}  {c}"));
    }
    output::emit(format_args!(
        "total  {} (expected {BOARDS})",
        result.total()
    ));
    output::emit(format_args!("God's number: {}", result.gods_number()));
    output::emit(format_args!(
        "time: {:.2?} on {} threads",
        result.elapsed,
        rayon::current_num_threads()
    ));
}
