//! The `flip` program (`puzzle-search flip`, and the `flip` example).
//!
//! Flip Game (POJ 1753) in judge format: 4 lines of `b`/`w` in, the fewest
//! flips that make all pieces one side (or `Impossible`) out.
//!
//! ```text
//! puzzle-search flip [FILE] [--solver algebra|chase|bfs] [--show] [--stats]
//! ```
//! `--show` prints the flips on stderr; `--stats` the time (and, for
//! `bfs`, the search statistics).

use std::ffi::OsString;
use std::process::ExitCode;
use std::time::Instant;

use crate::{args as cli, output, svg};
use puzzle_flip::{FlipGameAnswer, Grid, algebra, bfs_to_white, chase, flip_game, parse_flip_game};

/// The fewest presses to turn `board` into all white, and the presses.
fn to_white(board: &Grid, solver: &str, stats: bool) -> Result<Option<Grid>, String> {
    match solver {
        "algebra" => Ok(algebra::solve(board).map(|s| s.presses)),
        "chase" => chase::solve(board).map_err(|e| e.to_string()),
        "bfs" => {
            let (presses, report) = bfs_to_white(board).map_err(|e| e.to_string())?;
            if stats {
                crate::say!("bfs: {report}");
            }
            Ok(presses)
        }
        other => Err(format!("unknown solver {other} (algebra, chase, bfs)")),
    }
}

fn run(args: Vec<OsString>) -> Result<(), cli::Failure> {
    let args = cli::parse_args_from(
        "flip",
        "Flip Game (POJ 1753) in judge format: 4 lines of b/w in, the fewest flips that make all pieces one side (or Impossible) out",
        &["algebra", "chase", "bfs"],
        args,
    );
    let solver = args.strategy.as_deref().unwrap_or("algebra");
    let input = cli::read_input(args.path.as_deref())?;
    let board = parse_flip_game(&input).map_err(|e| e.to_string())?;
    let t = Instant::now();
    let white = to_white(&board, solver, args.stats)?;
    let black = to_white(&board.complement(), solver, args.stats)?;
    let best = match (white, black) {
        (Some(w), Some(b)) => Some(if b.count_ones() < w.count_ones() {
            b
        } else {
            w
        }),
        (w, b) => w.or(b),
    };
    let answer = FlipGameAnswer(best.as_ref().map(Grid::count_ones));
    if solver == "algebra" {
        debug_assert_eq!(answer, flip_game(&board));
    }
    if args.stats {
        crate::say!("{solver}: {:.1?}", t.elapsed());
    }
    if let (true, Some(presses)) = (args.show, &best) {
        crate::say!("flip these (b):\n{}", presses.to_bw());
    }
    if let Some(path) = &args.svg {
        svg::save(path, &svg::flip_picture(&board, best.as_ref()))?;
    }
    output::emit(format_args!("{answer}"));
    Ok(())
}

/// Runs the program on `args` (its name first): answers on stdout,
/// errors on stderr, the exit code.
pub fn main(args: Vec<OsString>) -> ExitCode {
    cli::finish(run(args))
}
