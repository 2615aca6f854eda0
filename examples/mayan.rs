//! The Mayan puzzle (NOIP 2011) in judge format.
//!
//! ```text
//! cargo run --release --example mayan [FILE] [--strategy NAME] [--show] [--stats]
//! ```
//! Reads `n` and five columns from FILE or stdin, prints the
//! lexicographically smallest `n` moves that clear the board, one `x y g`
//! per line, or `-1`. `--show` replays the answer as coloured boards on
//! stderr, marking the blocks each pass clears. `--stats` prints the search
//! statistics on stderr. `--strategy` runs one core configuration instead
//! of the default (`solve`): `dfs` (plain), `dfs+dedup`, `dfs+memo`,
//! `dfs+memo+dedup`, `parallel` (the same as `solve`).
//!
//! The program is `puzzle-search mayan` (`cargo install --path crates/cli`);
//! this example runs the same code.

use std::process::ExitCode;

fn main() -> ExitCode {
    puzzle_search_cli::mayan::main(std::env::args_os().collect())
}
