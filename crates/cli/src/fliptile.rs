//! The `fliptile` program (`puzzle-search fliptile`, and the `fliptile` example).
//!
//! Fliptile (POJ 3279) in judge format: `M N` and the rows in, the press
//! grid with the fewest presses (lexicographically smallest among those)
//! or `IMPOSSIBLE` out.
//!
//! ```text
//! puzzle-search fliptile [FILE] [--solver algebra|chase|bfs] [--show] [--stats]
//! ```
//! `bfs` searches board states with the core's BFS (at most 64 cells) for
//! the fewest presses; BFS cannot express Fliptile's tie-break (see
//! `FlipPuzzle`), so the grid it prints is the chase's, checked to have
//! BFS's count. `--show` prints the board after the presses on stderr.

use std::ffi::OsString;
use std::process::ExitCode;
use std::time::Instant;

use crate::{args as cli, output, svg};
use puzzle_flip::{Grid, algebra, bfs_to_white, chase, parse_fliptile};

fn solve(board: &Grid, solver: &str, stats: bool) -> Result<Option<Grid>, String> {
    match solver {
        "algebra" => {
            let solution = algebra::solve(board);
            if let (true, Some(s)) = (stats, &solution) {
                crate::say!("algebra: nullity {}, minimal {}", s.nullity, s.minimal);
            }
            Ok(solution.map(|s| s.presses))
        }
        "chase" => chase::solve(board).map_err(|e| e.to_string()),
        "bfs" => {
            let (presses, report) = bfs_to_white(board).map_err(|e| e.to_string())?;
            if stats {
                crate::say!("bfs: {report}");
            }
            let fewest = presses.as_ref().map(Grid::count_ones);
            let grid = chase::solve(board).map_err(|e| e.to_string())?;
            if grid.as_ref().map(Grid::count_ones) != fewest {
                return Err(format!(
                    "bfs found {fewest:?} presses, chasing {:?}",
                    grid.map(|g| g.count_ones())
                ));
            }
            Ok(grid)
        }
        other => Err(format!("unknown solver {other} (algebra, chase, bfs)")),
    }
}

fn run(args: Vec<OsString>) -> Result<(), cli::Failure> {
    let args = cli::parse_args_from(
        "fliptile",
        "Fliptile (POJ 3279) in judge format: M N and the rows in, the press grid with the fewest presses (or IMPOSSIBLE) out",
        &["algebra", "chase", "bfs"],
        args,
    );
    let solver = args.strategy.as_deref().unwrap_or("algebra");
    let input = cli::read_input(args.path.as_deref())?;
    let board = parse_fliptile(&input).map_err(|e| e.to_string())?;
    let t = Instant::now();
    let presses = solve(&board, solver, args.stats)?;
    if args.stats {
        crate::say!("{solver}: {:.1?}", t.elapsed());
    }
    if let Some(path) = &args.svg {
        svg::save(path, &svg::flip_picture(&board, presses.as_ref()))?;
    }
    match presses {
        Some(p) => {
            if args.show {
                crate::say!("after the presses:\n{}", board.apply(&p));
            }
            output::emit(format_args!("{p}"));
        }
        None => output::emit(format_args!("IMPOSSIBLE")),
    }
    Ok(())
}

/// Runs the program on `args` (its name first): answers on stdout,
/// errors on stderr, the exit code.
pub fn main(args: Vec<OsString>) -> ExitCode {
    cli::finish(run(args))
}
