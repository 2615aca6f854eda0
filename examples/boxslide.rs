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

#[path = "common/output.rs"]
mod output;

#[path = "common/cli.rs"]
mod cli;
#[path = "common/paint.rs"]
mod paint;

use std::process::ExitCode;

use puzzle_search::boxslide::{self, Board, Level};
use puzzle_search::{Outcome, Solver, Strategy};

fn solver_named(name: &str, limit: u32) -> Result<Solver<'static>, String> {
    let ida = Solver::new(Strategy::IdaStar { max_depth: limit });
    Ok(match name {
        "ida" => ida,
        "ida+dedup" => ida.dedup(true),
        "ida+memo" => ida.table(true).table_min_left(1),
        "ida+memo+dedup" => ida.table(true).table_min_left(1).dedup(true),
        "parallel" => boxslide::solver(limit),
        "bfs" => Solver::new(Strategy::Bfs { max_depth: limit }),
        other => {
            return Err(format!(
                "unknown strategy {other} (ida, ida+dedup, ida+memo, ida+memo+dedup, parallel, bfs)"
            ));
        }
    })
}

fn draw(title: &str, board: &Board, marked: &[(usize, usize)], colour: bool) {
    let mut out = format!("{title}\n");
    for r in 0..board.height() {
        for c in 0..board.width() {
            out.push_str(&paint::cell(
                board.get(r, c),
                marked.contains(&(r, c)),
                colour,
            ));
        }
        out.push('\n');
    }
    eprint!("{out}");
}

fn run() -> Result<(), String> {
    let args = cli::parse_args(
        "boxslide",
        "The box-slide maze: H W L and the rows in, k and the moves (or -1) out",
        &[
            "ida",
            "ida+dedup",
            "ida+memo",
            "ida+memo+dedup",
            "parallel",
            "bfs",
        ],
    );
    let input = cli::read_input(args.path.as_deref())?;
    let level: Level = input
        .parse()
        .map_err(|e: boxslide::ParseError| e.to_string())?;
    let name = args.strategy.as_deref().unwrap_or("parallel");
    let report = boxslide::solve_with(&level, &solver_named(name, level.limit)?);
    if args.stats {
        eprintln!("{name}: {}", report.stats);
    }
    let answer = match report.outcome {
        Outcome::Solved(moves) => boxslide::Answer(Some(moves)),
        Outcome::NoSolution => boxslide::Answer(None),
        Outcome::Stopped(limit) => return Err(format!("search stopped: {limit}")),
    };
    if let (true, Some(moves)) = (args.show, &answer.0) {
        let colour = paint::colour_wanted(&args.color);
        draw("start:", &level.board, &[], colour);
        let mut board = level.board;
        for m in moves {
            let mut next = board.swap(*m).ok_or("an answer move is illegal")?;
            loop {
                let marked = next.marked_cells();
                draw(&format!("move {m}:"), &next, &marked, colour);
                if marked.is_empty() {
                    break;
                }
                next = next.apply_clear();
            }
            board = next;
        }
    }
    output::emit(format_args!("{answer}"));
    Ok(())
}

fn main() -> ExitCode {
    cli::finish(run())
}
