//! The Rotation Game (POJ 2286) in judge format.
//!
//! ```text
//! cargo run --release --example rotation [FILE] [--strategy pdb|ida|bfs] [--show] [--stats]
//! ```
//! Reads cases of 24 numbers (a lone `0` ends them) from FILE or stdin and
//! prints, per case, the moves (or `No moves needed`) and the centre
//! number, exactly as the judge expects. `--show` draws the board after
//! each move on stderr, `--stats` prints the search statistics on stderr.

use std::io::{Read, Write};
use std::process::ExitCode;

use puzzle_search::rotation::{self, Answer, Board, Move, pdb};
use puzzle_search::{Progress, Solver, Strategy};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Method {
    Pdb,
    Ida,
    Bfs,
}

struct Args {
    path: Option<String>,
    method: Method,
    show: bool,
    stats: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        path: None,
        method: Method::Pdb,
        show: false,
        stats: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--show" => args.show = true,
            "--stats" => args.stats = true,
            "--strategy" => {
                args.method = match it.next().as_deref() {
                    Some("pdb") => Method::Pdb,
                    Some("ida") => Method::Ida,
                    Some("bfs") => Method::Bfs,
                    other => {
                        return Err(format!(
                            "--strategy takes pdb, ida or bfs, not {}",
                            other.unwrap_or("nothing")
                        ));
                    }
                }
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            path if args.path.is_none() => args.path = Some(path.to_string()),
            extra => return Err(format!("unexpected argument {extra}")),
        }
    }
    Ok(args)
}

/// The board with each number in its own colour, on stderr.
fn draw(board: &Board, after: Option<Move>) {
    let colour = |v: char| match v {
        '1' => "\x1b[41;97m 1 \x1b[0m".to_string(),
        '2' => "\x1b[42;30m 2 \x1b[0m".to_string(),
        '3' => "\x1b[44;97m 3 \x1b[0m".to_string(),
        ' ' => "   ".to_string(),
        other => other.to_string(),
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
    eprint!("{out}");
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut input = String::new();
    let read = match &args.path {
        Some(path) => std::fs::read_to_string(path).map(|s| input = s),
        None => std::io::stdin().read_to_string(&mut input).map(|_| ()),
    };
    if let Err(e) = read {
        eprintln!(
            "error: cannot read {}: {e}",
            args.path.as_deref().unwrap_or("stdin")
        );
        return ExitCode::FAILURE;
    }
    let boards = match rotation::parse_cases(&input) {
        Ok(boards) => boards,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };

    let progress = |p: &Progress| {
        if p.elapsed.as_secs() >= 1 {
            eprintln!(
                "  {:?} {} done, {} nodes, {:.1?}",
                p.phase, p.depth, p.nodes, p.elapsed
            );
        }
    };
    let mut stdout = std::io::stdout().lock();
    for (i, board) in boards.iter().enumerate() {
        let result = match args.method {
            Method::Pdb => {
                let t = std::time::Instant::now();
                let answer = rotation::solve(board);
                if args.stats {
                    let built = pdb::table().build_time();
                    eprintln!(
                        "case {}: table built in {built:.1?}, solved in {:.1?}",
                        i + 1,
                        t.elapsed()
                    );
                }
                answer
            }
            Method::Ida | Method::Bfs => {
                let strategy = if args.method == Method::Ida {
                    Strategy::IdaStar {
                        max_depth: rotation::MAX_DEPTH,
                    }
                } else {
                    Strategy::Bfs {
                        max_depth: rotation::MAX_DEPTH,
                    }
                };
                let solver = Solver::new(strategy).on_progress(&progress);
                rotation::solve_with(board, &solver).map(|(answer, stats)| {
                    if args.stats {
                        eprintln!("case {}: {stats}", i + 1);
                    }
                    answer
                })
            }
        };
        let answer: Answer = match result {
            Ok(answer) => answer,
            Err(e) => {
                eprintln!("error: case {}: {e}", i + 1);
                return ExitCode::FAILURE;
            }
        };
        if args.show {
            draw(board, None);
            let mut at = *board;
            for &m in &answer.moves {
                at = at.apply(m);
                draw(&at, Some(m));
            }
        }
        if writeln!(stdout, "{answer}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
