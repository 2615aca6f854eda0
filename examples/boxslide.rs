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

use std::process::ExitCode;

use puzzle_search::boxslide::{self, Board, Level};
use puzzle_search::{Solver, Strategy};
use puzzle_search_cli::{args as cli, output, paint, variant};

fn solver_named(name: &str, limit: u32) -> Result<Solver, String> {
    match name {
        "parallel" => Ok(boxslide::solver(limit)),
        "bfs" => Ok(Solver::new(Strategy::Bfs { max_depth: limit })),
        _ => variant(
            name,
            "ida",
            Solver::new(Strategy::IdaStar { max_depth: limit }),
        )
        .ok_or_else(|| {
            format!(
                "unknown strategy {name} (ida, ida+dedup, ida+memo, ida+memo+dedup, parallel, bfs)"
            )
        }),
    }
}

fn draw(title: &str, board: &Board, marked: &[(usize, usize)], colour: bool) {
    let at = |r, c| (board.get(r, c), marked.contains(&(r, c)));
    eprint!(
        "{}",
        paint::grid(title, board.height(), board.width(), at, colour)
    );
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
    let moves = report.outcome.into_result();
    let answer = boxslide::Answer(moves.map_err(|limit| format!("search stopped: {limit}"))?);
    if let (true, Some(moves)) = (args.show, &answer.0) {
        let colour = paint::colour_wanted(&args.color);
        draw("start:", &level.board, &[], colour);
        let mut board = level.board;
        for m in moves {
            let mut next = board.swap(*m).ok_or("an answer move is illegal")?;
            loop {
                let marked = next.marked_cells();
                draw(&format!("move {m}:"), &next, &marked, colour);
                match next.clear_pass() {
                    Some(after) => next = after,
                    None => break,
                }
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
