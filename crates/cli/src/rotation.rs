//! The `rotation` program (`puzzle-search rotation`, and the `rotation` example).
//!
//! The Rotation Game (POJ 2286) in judge format.
//!
//! ```text
//! puzzle-search rotation [FILE] [--strategy pdb|ida|bfs] [--show] [--stats]
//! ```
//! Reads cases of 24 numbers (a lone `0` ends them) from FILE or stdin and
//! prints, per case, the moves (or `No moves needed`) and the centre
//! number, exactly as the judge expects. `--show` draws the board after
//! each move on stderr, `--stats` prints the search statistics on stderr.

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use crate::args::{self as cli, Failure};
use crate::{paint, svg};
use puzzle_rotation::{self as rotation, Answer, Board, LINES, Move, pdb};
use puzzle_search_core::{MakeUnmake, Outcome, Solver, Strategy};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Method {
    Pdb,
    Ida,
    Bfs,
}

fn method(name: Option<&str>) -> Result<Method, String> {
    match name {
        None | Some("pdb") => Ok(Method::Pdb),
        Some("ida") => Ok(Method::Ida),
        Some("bfs") => Ok(Method::Bfs),
        Some(other) => Err(format!("--strategy takes pdb, ida or bfs, not {other}")),
    }
}

/// The board with each number in its own colour, on stderr.
fn draw(board: &Board, after: Option<Move>, colours: bool) {
    let colour = |v: char| match (v, colours) {
        ('1', true) => "\x1b[41;97m 1 \x1b[0m".to_string(),
        ('2', true) => "\x1b[42;30m 2 \x1b[0m".to_string(),
        ('3', true) => "\x1b[43;30m 3 \x1b[0m".to_string(),
        (' ', _) => "   ".to_string(),
        (other, _) => format!(" {other} "),
    };
    let mut out = String::new();
    match after {
        Some(m) => out.push_str(&format!("after {m}:\n")),
        None => out.push_str("start:\n"),
    }
    for line in board.to_string().lines() {
        // The drawing puts one character and one space per column.
        let cells: String = line.chars().step_by(2).map(colour).collect();
        out.push_str(&cells);
        out.push('\n');
    }
    crate::output::to_stderr(out);
}

/// Where each of the 24 cells stands in the 7x7 drawing (read off the
/// board's own `Display`).
fn places() -> Vec<(usize, usize)> {
    let board = Board::from_cells(&[1; rotation::CELLS]).expect("values 1 to 3");
    let mut places = Vec::new();
    for (r, line) in board.to_string().lines().enumerate() {
        for (c, ch) in line.chars().step_by(2).enumerate() {
            if ch != ' ' {
                places.push((r, c));
            }
        }
    }
    places
}

fn frame(title: String, board: &Board, places: &[(usize, usize)]) -> svg::Frame {
    let cells = board.cells();
    svg::Frame::from_fn(title, 7, 7, |r, c| {
        let cell = places.iter().position(|&p| p == (r, c))?;
        Some(cells[cell])
    })
}

/// The solution as a strip: the start, each move with the seven cells of
/// the line it turns outlined, and the end with the centre outlined.
fn picture(board: &Board, answer: &Answer) -> String {
    let places = places();
    let mut frames = vec![frame("start".into(), board, &places)];
    let mut at = *board;
    for (k, &m) in answer.moves.iter().enumerate() {
        let mut before = frame(format!("move {}: {m}", k + 1), &at, &places);
        before.outlined = LINES[m.index()]
            .iter()
            .map(|&cell| places[usize::from(cell)])
            .collect();
        frames.push(before);
        at = at.apply(m);
    }
    let mut end = frame(format!("end: centre {}", answer.centre), &at, &places);
    end.outlined = (0..rotation::CELLS)
        .filter(|&cell| rotation::CENTRE >> cell & 1 == 1)
        .map(|cell| places[cell])
        .collect();
    frames.push(end);
    let labels = svg::numbers(0..7);
    svg::strip(&frames, &labels, &labels, svg::Palette::Colours)
}

fn run(args: Vec<OsString>) -> Result<(), Failure> {
    let args = cli::parse_args_from(
        "rotation",
        "The Rotation Game (POJ 2286) in judge format: cases of 24 numbers in, the moves and the centre number out",
        &["pdb", "ida", "bfs"],
        args,
    );
    let method = method(args.strategy.as_deref())?;
    let input = cli::read_input(args.path.as_deref())?;
    // The cases before a bad one are answered, then the error is given.
    let (boards, bad) = rotation::parse_cases_until(&input);

    // IDA* and BFS: every case searched side by side (one per thread, in
    // input order, each as alone), then answered in order below.
    let mut reports = match method {
        Method::Pdb => Vec::new(),
        Method::Ida | Method::Bfs => {
            let max_depth = rotation::MAX_DEPTH;
            let strategy = match method {
                Method::Ida => Strategy::IdaStar { max_depth },
                _ => Strategy::Bfs { max_depth },
            };
            let one = boards.len() == 1;
            let (solver, spinner) = cli::prepare(&Solver::new(strategy), args.progress && one);
            let bar =
                (args.progress && !one).then(|| crate::progress::bar(boards.len() as u64, "cases"));
            let reports = solver.solve_batch(MakeUnmake(&rotation::Rotation), &boards, |_, _| {
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
            });
            for p in [spinner, bar].into_iter().flatten() {
                p.finish_and_clear();
            }
            reports
        }
    }
    .into_iter();
    let mut stdout = std::io::stdout().lock();
    for (i, board) in boards.iter().enumerate() {
        let case = i + 1;
        let answer: Answer = match method {
            Method::Pdb => {
                let t = std::time::Instant::now();
                let answer = rotation::solve(board);
                if args.stats {
                    let built = pdb::table().build_time();
                    crate::say!(
                        "case {case}: table built in {built:.1?}, solved in {:.1?}",
                        t.elapsed()
                    );
                }
                answer
            }
            Method::Ida | Method::Bfs => {
                let Some(report) = reports.next() else {
                    return Err(Failure::from(format!("case {case}: not searched")));
                };
                if args.stats {
                    crate::say!("case {case}: {}", report.stats);
                }
                if let Outcome::Stopped(limit) = report.outcome {
                    return Err(Failure::stopped(limit));
                }
                Answer::from_outcome(board, report.outcome)
            }
        }
        .map_err(|e| format!("case {case}: {e}"))?;
        if args.show {
            let colour = paint::colour_wanted(&args.color);
            draw(board, None, colour);
            let mut at = *board;
            for &m in &answer.moves {
                at = at.apply(m);
                draw(&at, Some(m), colour);
            }
        }
        if let Some(path) = &args.svg {
            // One picture per case: FILE for the first, FILE-2, FILE-3...
            let path = match case {
                1 => path.clone(),
                n => format!("{path}-{n}"),
            };
            svg::save(&path, &picture(board, &answer))?;
        }
        writeln!(stdout, "{answer}").map_err(|e| format!("cannot write: {e}"))?;
    }
    match bad {
        Some(e) => Err(Failure::from(e.to_string())),
        None => Ok(()),
    }
}

/// Runs the program on `args` (its name first): answers on stdout,
/// errors on stderr, the exit code.
pub fn main(args: Vec<OsString>) -> ExitCode {
    cli::finish(run(args))
}
