//! The `boxslide` program (`puzzle-search boxslide`, and the `boxslide` example).
//!
//! The box-slide maze: `H W L` and the rows in, `k` and the moves (or `-1`)
//! out.
//!
//! ```text
//! puzzle-search boxslide [FILE] [--strategy NAME] [--show] [--stats]
//! ```
//! `--strategy` runs one core configuration instead of the default
//! (`solve`): `ida` (plain), `ida+dedup`, `ida+memo`, `ida+memo+dedup`,
//! `parallel` (the same as `solve`), `bfs`. `--show` draws the grid after
//! each move on stderr, `*` marking the boxes each pass clears; `--stats`
//! prints the search statistics.

use std::ffi::OsString;
use std::process::ExitCode;

use crate::args::{self as cli, Failure};
use crate::{output, paint, svg, variant};
use puzzle_boxslide::{self as boxslide, Board, Dir, Level};
use puzzle_search_core::{Solver, Strategy};

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
    crate::output::to_stderr(paint::grid(
        title,
        board.height(),
        board.width(),
        at,
        colour,
    ));
}

/// Box-slide for the pictures: row 0 at the top, as in the moves.
struct Picture;

impl svg::Match3 for Picture {
    type Board = Board;
    type Move = boxslide::Move;
    fn frame(&self, title: String, board: &Board) -> svg::Frame {
        svg::Frame::from_fn(title, board.height(), board.width(), |r, c| {
            Some(board.get(r, c))
        })
    }
    fn cells(&self, m: boxslide::Move) -> Vec<(usize, usize)> {
        let (r, c) = (usize::from(m.r), usize::from(m.c));
        let other = match m.dir {
            Dir::R => (r, c + 1),
            Dir::D => (r + 1, c),
        };
        vec![(r, c), other]
    }
    fn swap(&self, board: &Board, m: boxslide::Move) -> Option<Board> {
        board.swap(m)
    }
    fn marked(&self, board: &Board) -> Vec<(usize, usize)> {
        board.marked_cells()
    }
    fn clear_pass(&self, board: &Board) -> Option<Board> {
        board.clear_pass()
    }
}

/// The solution as a strip of boards (see `svg::match3_frames`).
fn picture(level: &Level, answer: &boxslide::Answer) -> String {
    let moves = answer.0.as_deref().unwrap_or_default();
    let frames = svg::match3_frames(&Picture, level.board, moves);
    let (h, w) = (level.board.height(), level.board.width());
    svg::strip(
        &frames,
        &svg::numbers(0..h),
        &svg::numbers(0..w),
        svg::Palette::Colours,
    )
}

fn run(args: Vec<OsString>) -> Result<(), Failure> {
    let args = cli::parse_args_from(
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
        args,
    );
    let input = cli::read_input(args.path.as_deref())?;
    let level: Level = input
        .parse()
        .map_err(|e: boxslide::ParseError| e.to_string())?;
    let name = args.strategy.as_deref().unwrap_or("parallel");
    let (solver, spinner) = cli::prepare(&solver_named(name, level.limit)?, args.progress);
    let report = boxslide::solve_with(&level, &solver);
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
    }
    if args.stats {
        crate::say!("{name}: {}", report.stats);
    }
    let moves = report.outcome.into_result().map_err(Failure::undecided)?;
    let answer = boxslide::Answer(moves);
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
    if let Some(path) = &args.svg {
        svg::save(path, &picture(&level, &answer))?;
    }
    output::emit(format_args!("{answer}"));
    Ok(())
}

/// Runs the program on `args` (its name first): answers on stdout,
/// errors on stderr, the exit code.
pub fn main(args: Vec<OsString>) -> ExitCode {
    cli::finish(run(args))
}
