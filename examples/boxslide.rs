//! The box-slide maze: `H W L` and the rows in, `k` and the moves (or `-1`)
//! out.
//!
//! ```text
//! cargo run --release --example boxslide [FILE] [--strategy NAME] [--show] [--stats]
//! ```
//! `--strategy` runs one core configuration instead of the default
//! (`solve`): `ida` (plain), `ida+dedup`, `ida+memo`, `ida+memo+dedup`,
//! `parallel` (the same as `solve`), `bfs`. `--show` draws the grid after
//! each move on stderr, `*` marking the boxes each pass clears; `--stats`
//! prints the search statistics.
//!
//! The program is `puzzle-search boxslide` (`cargo install --path crates/cli`);
//! this example runs the same code.

use std::process::ExitCode;

fn main() -> ExitCode {
    puzzle_search_cli::boxslide::main(std::env::args_os().collect())
}
