//! The `mayan` program (`puzzle-search mayan`, and the `mayan` example).
//!
//! The Mayan puzzle (NOIP 2011) in judge format.
//!
//! ```text
//! puzzle-search mayan [FILE] [--strategy NAME] [--show] [--stats]
//! ```
//! Reads `n` and five columns from FILE or stdin, prints the
//! lexicographically smallest `n` moves that clear the board, one `x y g`
//! per line, or `-1`. `--show` replays the answer as coloured boards on
//! stderr, marking the blocks each pass clears. `--stats` prints the search
//! statistics on stderr. `--strategy` runs one core configuration instead
//! of the default (`solve`): `dfs` (plain), `dfs+dedup`, `dfs+memo`,
//! `dfs+memo+dedup`, `parallel` (the same as `solve`).

use std::ffi::OsString;
use std::process::ExitCode;

use crate::args::{self as cli, Failure};
use crate::{output, paint, svg, variant};
use puzzle_mayan::{self as mayan, Board, Problem};
use puzzle_search_core::{DepthMode, Solver, Strategy};

fn solver_named(name: &str, n: u32) -> Result<Solver, String> {
    let dfs = Solver::new(Strategy::Dfs {
        depth: n,
        mode: DepthMode::Exactly,
    });
    match name {
        "parallel" => Ok(mayan::solver(n)),
        "ida" | "bfs" => Err(format!(
            "{name} finds shortest solutions; Mayan asks for exactly n moves (use a dfs strategy)"
        )),
        _ => variant(name, "dfs", dfs).ok_or_else(|| {
            format!("unknown strategy {name} (dfs, dfs+dedup, dfs+memo, dfs+memo+dedup, parallel)")
        }),
    }
}

/// The board on stderr with colours, cells in `marked` shown as `*`.
fn draw(title: &str, board: &Board, marked: &[(u8, u8)], colour: bool) {
    // Top row first: line r shows y = 6 - r.
    let at = |r: usize, x: usize| {
        let y = 6 - r;
        (board.get(x, y), marked.contains(&(x as u8, y as u8)))
    };
    crate::output::to_stderr(paint::grid(title, 7, 5, at, colour));
}

fn show(problem: &Problem, answer: &mayan::Answer, colour: bool) {
    draw("start:", &problem.board, &[], colour);
    let Some(moves) = &answer.0 else { return };
    let mut board = problem.board;
    for m in moves {
        let Some(mut next) = board.swap(*m) else {
            return;
        };
        let mut pass = 0;
        loop {
            let marked = next.marked_cells();
            let title = format!(
                "move {m}{}",
                if pass == 0 {
                    String::new()
                } else {
                    format!(", pass {pass}")
                }
            );
            draw(&title, &next, &marked, colour);
            match next.clear_pass() {
                Some(after) => next = after,
                None => break,
            }
            pass += 1;
        }
        board = next;
    }
}

/// Mayan for the pictures: line `r` of a frame is `y = 6 - r`.
struct Picture;

impl svg::Match3 for Picture {
    type Board = Board;
    type Move = mayan::Move;
    fn frame(&self, title: String, board: &Board) -> svg::Frame {
        svg::Frame::from_fn(title, 7, 5, |r, x| Some(board.get(x, 6 - r)))
    }
    fn cells(&self, m: mayan::Move) -> Vec<(usize, usize)> {
        let to = m.x.saturating_add_signed(m.dir.g());
        let r = 6 - usize::from(m.y);
        vec![(r, usize::from(m.x)), (r, usize::from(to))]
    }
    fn swap(&self, board: &Board, m: mayan::Move) -> Option<Board> {
        board.swap(m)
    }
    fn marked(&self, board: &Board) -> Vec<(usize, usize)> {
        let at = |(x, y): (u8, u8)| (6 - usize::from(y), usize::from(x));
        board.marked_cells().into_iter().map(at).collect()
    }
    fn clear_pass(&self, board: &Board) -> Option<Board> {
        board.clear_pass()
    }
}

/// The solution as a strip of boards (see `svg::match3_frames`).
fn picture(problem: &Problem, answer: &mayan::Answer) -> String {
    let moves = answer.0.as_deref().unwrap_or_default();
    let frames = svg::match3_frames(&Picture, problem.board, moves);
    let rows: Vec<String> = (0..7).rev().map(|y: usize| y.to_string()).collect();
    svg::strip(&frames, &rows, &svg::numbers(0..5), svg::Palette::Colours)
}

fn run(args: Vec<OsString>) -> Result<(), Failure> {
    let args = cli::parse_args_from(
        "mayan",
        "The Mayan puzzle (NOIP 2011) in judge format: n and five columns in, the lexicographically smallest n moves that clear the board (or -1) out",
        &[
            "dfs",
            "dfs+dedup",
            "dfs+memo",
            "dfs+memo+dedup",
            "parallel",
            "ida",
            "bfs",
        ],
        args,
    );
    let input = cli::read_input(args.path.as_deref())?;
    let problem: Problem = input
        .parse()
        .map_err(|e: mayan::ParseError| e.to_string())?;
    // The default is `mayan::solver`, which `parallel` names.
    let name = args.strategy.as_deref().unwrap_or("parallel");
    let (solver, spinner) = cli::prepare(&solver_named(name, problem.n)?, args.progress);
    let t = std::time::Instant::now();
    let report = mayan::solve_with(&problem, &solver);
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
    }
    if args.stats {
        crate::say!("{name}: {} (total {:.1?})", report.stats, t.elapsed());
    }
    let moves = report.outcome.into_result().map_err(Failure::undecided)?;
    let answer = mayan::Answer(moves);
    if args.show {
        show(&problem, &answer, paint::colour_wanted(&args.color));
    }
    if let Some(path) = &args.svg {
        svg::save(path, &picture(&problem, &answer))?;
    }
    output::emit(format_args!("{answer}"));
    Ok(())
}

/// Runs the program on `args` (its name first): answers on stdout,
/// errors on stderr, the exit code.
pub fn main(args: Vec<OsString>) -> ExitCode {
    cli::finish(run(args))
}
