//! Fliptile (POJ 3279) in judge format: `M N` and the rows in, the press
//! grid with the fewest presses (lexicographically smallest among those)
//! or `IMPOSSIBLE` out.
//!
//! ```text
//! cargo run --release --example fliptile [FILE] [--solver algebra|chase|bfs] [--show] [--stats]
//! ```
//! `bfs` searches board states with the core's BFS (at most 64 cells) for
//! the fewest presses; BFS cannot express Fliptile's tie-break (see
//! `FlipPuzzle`), so the grid it prints is the chase's, checked to have
//! BFS's count. `--show` prints the board after the presses on stderr.
//!
//! The program is `puzzle-search fliptile` (`cargo install --path crates/cli`);
//! this example runs the same code.

use std::process::ExitCode;

fn main() -> ExitCode {
    puzzle_search_cli::fliptile::main(std::env::args_os().collect())
}
