//! Sliding-tile puzzles (8-, 15-, 24-puzzle) in the judge format of
//! `shared/specs/sliding.md`.
//!
//! ```text
//! cargo run --release --example sliding -- [FILE|-] [--goal blank-last|blank-first]
//!     [--bound manhattan|linear-conflict|pdb|pdb663|pdb78|pdb6666] [--cache DIR]
//!     [--max-memory MB] [--stats] [--show] [--no-twins]
//! cargo run --release --example sliding -- --goal blank-first < ../shared/data/korf100/korf100.in
//! cargo run --release --example sliding -- --goal blank-first < ../shared/data/korf50/easy15.in
//! ```
//! Reads `W H` and one board per line from FILE or stdin; prints per board
//! the length of the shortest solution and its moves (the
//! lexicographically smallest among the shortest, `D < L < R < U`, naming
//! where the blank goes), or `unsolvable`. The default bound is `pdb` on
//! 4x4 and 5x5 (additive pattern databases with the reflected look-up,
//! built on first use with a bar on stderr, then kept in the cache
//! directory: `--cache`, else `$XDG_CACHE_HOME/puzzle-search`, else
//! `~/.cache/puzzle-search`) and `linear-conflict` elsewhere. On 4x4
//! `pdb` is the 7-8 partition (`pdb78`: 576 MB of tables, minutes and
//! about 1.6 GB to build once) when its tables are in the cache, else the
//! 6-6-3 (`pdb663`: 36 MB, seconds) with a one-line hint; on 5x5 the
//! 6-6-6-6 (`pdb6666`, Korf and Felner's: four tables of 128 MB, minutes
//! to build once); on other sizes one pattern of every tile up to 10
//! cells, tiles 1-6 and 7-11 on 12 cells, 3x3 two patterns of four. A
//! named partition on another size is refused. Builds and loads stay
//! within `--max-memory MB` (default: the memory available), checked
//! before anything is built. The boards of a file are solved side by side, one
//! per thread (`Sliding::solve_batch`; idle threads help the searches still
//! running), and answered in input order; boards typed at a terminal, and
//! `--count` and `--all`, take them one by one. `--stats` prints
//! each search's statistics and its own time on stderr (they overlap), and
//! a total with the wall-clock time; `--progress` shows a bar of boards
//! done (one board: the search's spinner); `--show`
//! draws each board and the moves on stderr. `--no-twins` searches
//! every blank-move sequence (by default those with a better twin are
//! left out: same answers, fewer nodes; `docs/puzzles/sliding.md`). `--count` prints `LENGTH
//! COUNT` (how many shortest solutions) per board, `--all` every shortest
//! solution, one a line, and an empty line after each board. Bad input: one line on
//! stderr naming the line, exit code 1, the boards before it answered.

use std::process::ExitCode;

use clap::Parser;
use puzzle_search_cli::sliding::{Args, Threads, run};

fn main() -> ExitCode {
    run(&Args::parse(), &Threads)
}
