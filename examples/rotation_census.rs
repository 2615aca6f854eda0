//! The Rotation Game's census: how many of the 9,465,511,770 boards need
//! each number of moves, and so the game's God's number.
//!
//! ```text
//! cargo run --release --example rotation_census
//! ```
//! Progress goes to stderr; the histogram to stdout.

use std::io::IsTerminal;
use std::sync::Mutex;

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
    puzzle_search_cli::say!(
        "distance table: {} masks, built in {:.1?}",
        pdb::MASKS,
        table.build_time()
    );
    // A bar on a terminal; elsewhere a line every ten per cent.
    let terminal = std::io::stderr().is_terminal();
    let bar = puzzle_search_cli::progress::bar(1, "first sets");
    let last_tenth = Mutex::new(0u64);
    let progress = |done: u64, total: u64| {
        if terminal {
            bar.set_length(total);
            bar.set_position(done);
        } else if let Ok(mut last) = last_tenth.lock() {
            let tenth = done * 10 / total.max(1);
            if tenth > *last {
                *last = tenth;
                puzzle_search_cli::say!("{done} of {total} first sets ({}%)", tenth * 10);
            }
        }
    };
    let result = census(&progress);
    bar.finish_and_clear();
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
