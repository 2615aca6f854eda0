//! Twisty puzzles from twsearch's definition files: God's algorithm (the
//! census of every distance) with the output twsearch prints, and optimal
//! solves of scramble files.
//!
//! ```text
//! cargo run --release --example twisty -- PUZZLE.tws|2x2x2|3x3x3 [-g] [--scrambles FILE.scr]
//!     [--random N [--seed S]] [--moves U,F,R] [--table-states N] [--views N] [--no-reduce]
//!     [--no-inverse] [--max-time SECS] [--max-memory MB] [--cache DIR] [--stats] [--progress]
//! cargo run --release --example twisty -- /tmp/peers-ext/twsearch/samples/main/2x2x2.tws -g --moves U,F,R
//! cargo run --release --example twisty -- 3x3x3 --random 3 --table-states 1000000000 --stats
//! ```
//! `--random N` solves N random positions (`random-1`, ...): uniform over
//! the whole group for the built-in cubes, by walks of 1000 random moves
//! elsewhere (said on stderr). The tables are indexed by symmetry class
//! where the puzzle's symmetries (rotations and mirror images) keep a
//! group of pieces (`--no-reduce`: groups of consecutive pieces), each
//! read at up to `--views N` conjugates of the position (default 3): the
//! 3x3x3 gets its corners by 48 symmetries and its edges eight at a time
//! by 16 (built once in about a minute on 2 cores, 0.5 GB at the peak;
//! held at two bits an entry, 86 MB, or 161 MB with `--table-bits 4`),
//! or with `--table-states 134217728` seven at a time by 4;
//! `--no-reduce --views 1 --table-states 134217728` gives Korf's tables. `--max-time SECS` stops a position's search after that
//! long: its line says `stopped` and how many moves it ruled out, and the
//! next position is solved (exit code 1 at the end).
//! `--scrambles FILE` solves each scramble optimally (IDA* in place on
//! every thread, with pattern databases over groups of each orbit's
//! pieces, at most `--table-states N` entries each, read at the position
//! and its inverse unless `--no-inverse`: `OrbitBound`, built once into
//! the cache directory: `--cache`, else `$XDG_CACHE_HOME/puzzle-search`,
//! else `~/.cache/puzzle-search`, within `--max-memory`), replays the
//! answer, and prints `NAME LENGTH MOVES` a line, the moves in twsearch's notation, the lexicographically
//! smallest optimal answer in the definition's move order. Threads:
//! `RAYON_NUM_THREADS`.
//! `-g` prints one line a distance, `Dist D cnt N tot T` (the states at
//! distance `D` from the solved state, and the total up to it), as
//! `twsearch -g` does (which adds a time). Puzzles whose pieces are all
//! told apart and whose space has at most 2^32 ranks take the dense
//! census (a byte a rank, every layer in parallel); the others a hash set
//! of the states seen (each layer's look-ups on every thread), within
//! `--max-memory MB` (default: the memory available). `--progress` shows
//! each layer's distance and size as it completes. `--moves` picks the moves searched (a move's name takes
//! all its powers). `--stats` prints the puzzle, the moves and the
//! census's statistics on stderr. Ctrl-C stops the census (`interrupted`,
//! exit code 130); bad input is one line on stderr naming the file, line
//! and token, exit code 1.
//!
//! The program is `puzzle-search twisty` (`cargo install --path
//! crates/cli`); this example runs the same code.

use std::process::ExitCode;

use clap::Parser;
use puzzle_search_cli::twisty::{Args, main as twisty};

fn main() -> ExitCode {
    twisty(&Args::parse())
}
