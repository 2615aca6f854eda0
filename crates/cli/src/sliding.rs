//! The `sliding` example's program (judge format in, answers out), shared
//! with the MPI driver's `sliding_mpi`, which prints the same answers byte
//! for byte: [`run`] with a [`Batch`] that says how a file's boards are
//! solved ([`Threads`] here, MPI ranks there). The options and formats:
//! `examples/sliding.rs`.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use puzzle_search_core::pdb::{Abstraction, PatternDb};
use puzzle_search_core::{Report, Shortest, Solver};
use puzzle_sliding::{
    Board, Bound, Dir, Goal, Partition, Patterns, Sliding, parse_board, parse_size,
};

use crate::svg;

// No doc comments on the values: clap would print them in `--help`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum GoalArg {
    BlankLast,
    BlankFirst,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum BoundArg {
    Manhattan,
    LinearConflict,
    Pdb,
    Pdb663,
    Pdb78,
    Pdb6666,
}

/// Optimal solutions of sliding-tile puzzles (judge format).
#[derive(Parser, Debug)]
#[command(name = "sliding", version)]
pub struct Args {
    /// The input file; `-` or nothing for stdin.
    file: Option<PathBuf>,
    /// Where the blank goes in the goal.
    #[arg(long, value_enum, default_value = "blank-last")]
    goal: GoalArg,
    /// The lower bound (default: pdb on 4x4 and 5x5, linear-conflict
    /// elsewhere). pdb is the 7-8 partition on 4x4 when its tables are in
    /// the cache, else 6-6-3; 6-6-6-6 on 5x5.
    #[arg(long, value_enum)]
    bound: Option<BoundArg>,
    /// The directory pattern databases are kept in.
    #[arg(long)]
    cache: Option<PathBuf>,
    /// The most memory table builds and loads may take, in MB (default:
    /// what the system has available).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..))]
    max_memory: Option<u64>,
    /// Search statistics and times on stderr.
    #[arg(long)]
    stats: bool,
    /// Search every blank-move sequence, not only those without a better
    /// twin (the answers are the same; for comparing node counts).
    #[arg(long)]
    no_twins: bool,
    /// Each board and its moves drawn on stderr.
    #[arg(long)]
    show: bool,
    /// Print the number of shortest solutions after the length instead of
    /// the moves: `LENGTH COUNT`.
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// Print every shortest solution, one line each (`LENGTH MOVES`), in
    /// lexicographic order, then an empty line.
    #[arg(long)]
    all: bool,
    /// A spinner on stderr with each search's depth, nodes and rate (on a
    /// terminal); Ctrl-C stops the search either way.
    #[arg(long)]
    progress: bool,
    /// Write each solution as a strip of boards to FILE (the first board;
    /// then FILE-2, FILE-3, ...), in SVG.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
}

/// Says on stderr why the search for line `n` ended without an answer;
/// the exit code: 130 for Ctrl-C, 1 for any other limit.
fn stopped(n: usize, why: puzzle_search_core::Undecided) -> ExitCode {
    if why.limit() == Some(puzzle_search_core::Limit::Cancelled) {
        crate::say!("error: line {n}: interrupted: the search was stopped by Ctrl-C");
        ExitCode::from(crate::interrupt::EXIT_INTERRUPTED)
    } else {
        crate::say!("error: line {n}: the search stopped without an answer: {why}");
        ExitCode::FAILURE
    }
}

fn cache_dir(args: &Args) -> Option<PathBuf> {
    crate::args::cache_dir(args.cache.as_deref())
}

/// Whether every table of `partition` is in the cache `dir` (a file
/// under its name; its checks come when it is loaded).
fn cached(dir: Option<&std::path::Path>, partition: Partition, goal: Goal) -> bool {
    dir.is_some_and(|d| {
        partition
            .abstractions(goal)
            .iter()
            .all(|a| PatternDb::file_in(d, &a.name()).is_file())
    })
}

/// The partition `--bound` names for a `w` x `h` board (`pdb`: the 7-8 on
/// 4x4 when cached, with a hint on stderr when not), or the one-line
/// refusal.
fn partition_for(
    wanted: BoundArg,
    w: usize,
    h: usize,
    goal: Goal,
    dir: Option<&std::path::Path>,
) -> Result<Vec<Vec<u8>>, String> {
    let named = match wanted {
        BoundArg::Pdb663 => Some(Partition::SixSixThree),
        BoundArg::Pdb78 => Some(Partition::SevenEight),
        BoundArg::Pdb6666 => Some(Partition::SixSixSixSix),
        _ => None,
    };
    if let Some(p) = named {
        let (pw, ph) = p.shape();
        if (w, h) != (pw, ph) {
            return Err(format!(
                "--bound {}: a partition of {pw}x{ph} boards, not {w}x{h}",
                bound_name(wanted)
            ));
        }
        return Ok(p.tiles(goal));
    }
    if (w, h) == (4, 4) {
        if cached(dir, Partition::SevenEight, goal) {
            return Ok(Partition::SevenEight.tiles(goal));
        }
        crate::say!(
            "hint: --bound pdb78 builds the 7-8 tables once (minutes, about 1.6 GB at the peak, \
             576 MB kept); 4x4 searches are then about ten times faster"
        );
    }
    Patterns::default_partition(w, h, goal).ok_or_else(|| {
        format!("no pattern databases for {w}x{h} boards (up to 12 cells, 3x3, 4x4 and 5x5)")
    })
}

/// The name `--bound` takes for `b`.
fn bound_name(b: BoundArg) -> String {
    b.to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default()
}

fn bound_for(args: &Args, w: usize, h: usize, goal: Goal) -> Result<Bound, String> {
    let wanted = args.bound.unwrap_or(if matches!((w, h), (4, 4) | (5, 5)) {
        BoundArg::Pdb
    } else {
        BoundArg::LinearConflict
    });
    Ok(match wanted {
        BoundArg::Manhattan => Bound::Manhattan,
        BoundArg::LinearConflict => Bound::LinearConflict,
        BoundArg::Pdb | BoundArg::Pdb663 | BoundArg::Pdb78 | BoundArg::Pdb6666 => {
            let dir = cache_dir(args);
            // Said before any table is built (the 15-puzzle's take a
            // minute), not after.
            if let Some(d) = dir.as_deref().filter(|d| d.exists() && !d.is_dir()) {
                return Err(format!("cache directory {}: not a directory", d.display()));
            }
            let partition = partition_for(wanted, w, h, goal, dir.as_deref())?;
            crate::interrupt::arm();
            let mut budget =
                puzzle_search_core::Budget::default().cancel_flag(crate::interrupt::ctrl_c_flag());
            if let Some(cap) = crate::args::memory_limit(args.max_memory) {
                budget = budget.max_memory(cap);
            }
            let started = Instant::now();
            // On a terminal a bar per table; else one line per table,
            // when its build starts.
            let terminal = io::stderr().is_terminal();
            let last = std::sync::Mutex::new(String::new());
            // A spinner with the layer sizes: the build settles one state a
            // blank region, far fewer than the ranks, so a fraction of
            // those would mislead.
            let bar = crate::progress::spinner("pattern databases");
            let progress = |name: &str, p: puzzle_search_core::pdb::BuildProgress| {
                if terminal {
                    bar.set_message(format!(
                        "building {name}: distance {}, {} states there, {} in all",
                        p.depth, p.layer, p.done
                    ));
                } else if let Ok(mut last) = last.lock() {
                    if *last != name {
                        crate::say!("building {name} ({} abstract states at most)", p.total);
                        *last = name.to_owned();
                    }
                }
            };
            let (tables, report) = Patterns::load_or_build_within(
                w,
                h,
                goal,
                &partition,
                dir.as_deref(),
                &budget,
                Some(&progress),
            )
            .map_err(|e| e.to_string())?;
            bar.finish_and_clear();
            // What was built, always (minutes of work deserve a line); what
            // was loaded, with --stats.
            for t in report.tables().iter().filter(|t| args.stats || !t.loaded) {
                crate::say!("{t}");
            }
            for e in report.unsaved() {
                crate::say!("warning: pattern database cache: {e}");
            }
            if args.stats {
                crate::say!("tables ready in {:.2?}", started.elapsed());
            }
            Bound::Pdb(Arc::new(tables))
        }
    })
}

/// The solution as a strip: the start, then before each move the blank
/// and the tile it takes outlined, and the end.
fn picture(board: &Board, moves: &[Dir]) -> String {
    let w = board.width();
    let frame = |title: String, b: &Board| {
        svg::Frame::from_fn(title, b.height(), w, |r, c| Some(b.tile(r * w + c)))
    };
    let mut frames = vec![frame("start".into(), board)];
    let mut at = *board;
    for (k, &m) in moves.iter().enumerate() {
        let mut before = frame(format!("move {}: {}", k + 1, m.letter()), &at);
        let Some(to) = at.target(m) else { break };
        before.outlined = vec![(at.blank() / w, at.blank() % w), (to / w, to % w)];
        frames.push(before);
        let Some((next, _)) = at.slide(m) else { break };
        at = next;
    }
    frames.push(frame("end".into(), &at));
    let rows = svg::numbers(0..board.height());
    svg::strip(&frames, &rows, &svg::numbers(0..w), svg::Palette::Numbers)
}

/// The board as a grid on stderr.
fn draw(board: &Board) -> String {
    let mut s = String::new();
    for r in 0..board.height() {
        for c in 0..board.width() {
            match board.tile(r * board.width() + c) {
                0 => s.push_str("  ."),
                t => s.push_str(&format!("{t:3}")),
            }
        }
        s.push('\n');
    }
    s
}

/// Writes a line to stdout; a closed pipe ends the program quietly.
fn emit(out: &mut impl Write, line: &str) -> Result<(), ExitCode> {
    match writeln!(out, "{line}") {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(ExitCode::SUCCESS),
        Err(e) => {
            crate::say!("error: writing the answer: {e}");
            Err(ExitCode::FAILURE)
        }
    }
}

fn run_inner(args: &Args, batch: &dyn Batch) -> Result<(), ExitCode> {
    let input: Box<dyn BufRead> = match &args.file {
        Some(p) if p.as_os_str() != "-" => match std::fs::File::open(p) {
            Ok(f) if f.metadata().is_ok_and(|m| m.is_dir()) => {
                crate::say!(
                    "error: cannot read {}: a directory, not a file",
                    p.display()
                );
                return Err(ExitCode::FAILURE);
            }
            Ok(f) => Box::new(io::BufReader::new(f)),
            Err(e) => {
                crate::say!("error: {}: {e}", p.display());
                return Err(ExitCode::FAILURE);
            }
        },
        _ => Box::new(io::stdin().lock()),
    };
    let goal = goal(args);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut size = None;
    let mut puzzle = None;
    let mut totals = Totals::default();
    // Boards read and not yet answered: answered together (one per thread,
    // `Sliding::solve_batch`) at the end of the input, before an error is
    // reported, or at once when a person types them.
    let mut pending: Vec<(usize, Board)> = Vec::new();
    let typed =
        args.file.as_ref().is_none_or(|p| p.as_os_str() == "-") && io::stdin().is_terminal();
    // A board line is short: 25 numbers. Far longer is not a board, and an
    // endless one must not take all memory.
    for (i, line) in crate::args::lines(input, 1 << 16).enumerate() {
        let n = i + 1;
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                answer_batch(
                    args,
                    batch,
                    puzzle.as_ref(),
                    &mut pending,
                    &mut out,
                    &mut totals,
                )?;
                crate::say!("error: {e}");
                return Err(ExitCode::FAILURE);
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let Some((w, h)) = size else {
            let s = parse_size(&line, n).map_err(|e| {
                crate::say!("error: {e}");
                ExitCode::FAILURE
            })?;
            size = Some(s);
            let bound = bound_for(args, s.0, s.1, goal).map_err(|e| {
                crate::say!("error: {e}");
                ExitCode::FAILURE
            })?;
            puzzle = Some(
                Sliding::new(s.0, s.1, goal, bound)
                    .map_err(|e| {
                        crate::say!("error: {e}");
                        ExitCode::FAILURE
                    })?
                    .prune_twins(!args.no_twins),
            );
            continue;
        };
        let board = match parse_board(&line, n, w, h) {
            Ok(b) => b,
            Err(e) => {
                // The boards before the bad line are answered first.
                answer_batch(
                    args,
                    batch,
                    puzzle.as_ref(),
                    &mut pending,
                    &mut out,
                    &mut totals,
                )?;
                crate::say!("error: {e}");
                return Err(ExitCode::FAILURE);
            }
        };
        let puzzle = puzzle.as_ref().expect("made with the size");
        if args.count || args.all {
            if !board.is_solvable(goal) {
                emit(&mut out, "unsolvable")?;
                if args.all {
                    emit(&mut out, "")?;
                }
                continue;
            }
            let (solver, _) = crate::args::prepare(&Sliding::solver(), false);
            let start = puzzle.node(&board);
            let started = Instant::now();
            let report = if args.count {
                let report = solver.count_shortest(puzzle, &start, 255);
                if let Shortest::Found { length, count } = report.outcome {
                    emit(&mut out, &format!("{length} {count}"))?;
                }
                report
            } else {
                let mut lines = Vec::new();
                let report = solver.for_each_shortest(puzzle, &start, 255, |moves| {
                    lines.push(puzzle_sliding::Answer(moves.to_vec()).to_string());
                    std::ops::ControlFlow::Continue(())
                });
                // A list cut short is not printed as if it were whole.
                if let Shortest::Found { .. } = report.outcome {
                    for l in &lines {
                        emit(&mut out, l)?;
                    }
                    emit(&mut out, "")?;
                }
                report
            };
            match report.outcome {
                Shortest::Found { .. } => {}
                Shortest::Stopped(limit) => {
                    return Err(stopped(n, puzzle_search_core::Undecided::Stopped(limit)));
                }
                Shortest::TooMany { length } => {
                    crate::say!(
                        "error: line {n}: more shortest solutions ({length} moves) than a count holds"
                    );
                    return Err(ExitCode::FAILURE);
                }
                _ => {
                    crate::say!("error: line {n}: no solution within 255 moves");
                    return Err(ExitCode::FAILURE);
                }
            }
            totals.boards += 1;
            totals.wall += started.elapsed();
            totals.nodes += report.stats.expanded;
            if args.stats {
                crate::say!("board: {}", report.stats);
            }
            continue;
        }
        pending.push((n, board));
        if typed {
            answer_batch(
                args,
                batch,
                Some(puzzle),
                &mut pending,
                &mut out,
                &mut totals,
            )?;
        }
    }
    answer_batch(
        args,
        batch,
        puzzle.as_ref(),
        &mut pending,
        &mut out,
        &mut totals,
    )?;
    if let Err(e) = out.flush() {
        if e.kind() != io::ErrorKind::BrokenPipe {
            crate::say!("error: writing the answer: {e}");
            return Err(ExitCode::FAILURE);
        }
    }
    if args.stats {
        let Totals {
            boards,
            nodes,
            wall,
        } = totals;
        let per = if wall.is_zero() {
            0.0
        } else {
            nodes as f64 / wall.as_secs_f64()
        };
        crate::say!(
            "{boards} boards, {nodes} nodes expanded, {wall:.3?} searching, wall clock ({per:.0} nodes/s)",
        );
    }
    if size.is_none() {
        crate::say!("error: line 1: expected the size `W H`");
        return Err(ExitCode::FAILURE);
    }
    Ok(())
}

/// What `--stats` sums up at the end.
#[derive(Default)]
struct Totals {
    boards: usize,
    nodes: u64,
    /// Wall time spent searching (boards searched side by side count once).
    wall: Duration,
}

/// Answers the boards in `pending` (line, board), in input order, and
/// empties it: solved side by side, then each answer printed with its
/// `--stats`, `--show` and `--svg` as one board alone would have them (its
/// own nodes and time). A board stopped by Ctrl-C or a limit ends the run
/// there, the boards before it answered. `--progress` shows the search's
/// spinner for one board, a bar of boards done for more.
fn answer_batch(
    args: &Args,
    batch: &dyn Batch,
    puzzle: Option<&Sliding>,
    pending: &mut Vec<(usize, Board)>,
    out: &mut impl Write,
    totals: &mut Totals,
) -> Result<(), ExitCode> {
    let Some(puzzle) = puzzle.filter(|_| !pending.is_empty()) else {
        return Ok(());
    };
    let boards: Vec<Board> = pending.iter().map(|&(_, b)| b).collect();
    let one = boards.len() == 1;
    let (solver, spinner) = crate::args::prepare(&Sliding::solver(), args.progress && one);
    let bar = (args.progress && !one).then(|| crate::progress::bar(boards.len() as u64, "boards"));
    let started = Instant::now();
    let reports = batch.solve(puzzle, &boards, &solver, &|| {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    });
    totals.wall += started.elapsed();
    for p in [spinner, bar].into_iter().flatten() {
        p.finish_and_clear();
    }
    for ((n, board), report) in pending.drain(..).zip(reports) {
        let answer = match report.outcome.clone().into_result() {
            Ok(None) => "unsolvable".to_owned(),
            Ok(Some(moves)) => {
                if let Some(path) = &args.svg {
                    let path = match totals.boards {
                        0 => path.clone(),
                        done => format!("{path}-{}", done + 1),
                    };
                    if let Err(e) = svg::save(&path, &picture(&board, &moves)) {
                        crate::say!("error: {e}");
                        return Err(ExitCode::FAILURE);
                    }
                }
                puzzle_sliding::Answer(moves).to_string()
            }
            Err(limit) => {
                out.flush().ok();
                return Err(stopped(n, limit));
            }
        };
        totals.boards += 1;
        totals.nodes += report.stats.expanded;
        let k = totals.boards;
        if args.stats {
            crate::say!("board {k}: {:.3?}, {}", report.stats.elapsed, report.stats);
        }
        if args.show {
            crate::output::to_stderr(format_args!("board {k}:\n{}", draw(&board)));
            crate::say!("{answer}");
        }
        emit(out, &answer)?;
    }
    if io::stdout().is_terminal() {
        out.flush().ok();
    }
    Ok(())
}

/// Answers the input `args` names, as the `sliding` example: prints the
/// answers on stdout and returns the exit code. `batch` solves the boards
/// read (all of a file at once, in input order).
pub fn run(args: &Args, batch: &dyn Batch) -> ExitCode {
    match run_inner(args, batch) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// How the boards of a file are solved.
pub trait Batch {
    /// The reports of `boards` of `puzzle`, in their order, each as
    /// `solver` alone would give it; `done` is called as each is.
    fn solve(
        &self,
        puzzle: &Sliding,
        boards: &[Board],
        solver: &Solver,
        done: &(dyn Fn() + Sync),
    ) -> Vec<Report<Dir>>;
}

/// The boards side by side on this machine's threads
/// ([`Sliding::solve_batch`]), the `sliding` example's way.
#[derive(Clone, Copy, Debug, Default)]
pub struct Threads;

impl Batch for Threads {
    fn solve(
        &self,
        puzzle: &Sliding,
        boards: &[Board],
        solver: &Solver,
        done: &(dyn Fn() + Sync),
    ) -> Vec<Report<Dir>> {
        puzzle
            .solve_batch(boards, solver, |_, _| done())
            .expect("boards of the puzzle's size")
    }
}

/// The goal `args` names.
pub fn goal(args: &Args) -> Goal {
    match args.goal {
        GoalArg::BlankLast => Goal::BlankLast,
        GoalArg::BlankFirst => Goal::BlankFirst,
    }
}

/// The puzzle of `width` x `height` boards with the bound `args` names
/// (tables loaded from the cache or built), as the example makes it on
/// reading the size line; the error is the line it prints.
pub fn puzzle(args: &Args, width: usize, height: usize) -> Result<Sliding, String> {
    let goal = goal(args);
    let bound = bound_for(args, width, height, goal)?;
    Sliding::new(width, height, goal, bound)
        .map(|p| p.prune_twins(!args.no_twins))
        .map_err(|e| e.to_string())
}
