//! The `sliding` example over MPI ranks: the same arguments, the same
//! answers on stdout byte for byte, each board's IDA* split over every
//! rank (the boards one after another, each on all ranks at once).
//!
//! ```text
//! mpirun -np 4 target/release/examples/sliding_mpi --goal blank-first boards.txt
//! ```
//! Each rank runs `RAYON_NUM_THREADS` searcher threads (1 when unset) and
//! needs the pattern databases: from the cache directory (`--cache`, a
//! directory every node sees, or a copy on each), else built by each rank
//! on first use. The root (rank 0) reads the input and prints; `--count`
//! and `--all` run on the root alone. See `docs/distributed.md`.

use std::process::ExitCode;

use clap::Parser;
use puzzle_search_cli::sliding::{self, Args, Batch};
use puzzle_search_core::{Outcome, Report, Solver, Stats};
use puzzle_search_mpi::{Cluster, Work};
use puzzle_sliding::{Board, Dir, Sliding, parse_board};

/// The root's batch: a file of at least as many boards as there are
/// threads in all, each board whole on one thread of some rank (as the
/// `sliding` example spreads them over threads); fewer, each board's
/// search split over every rank.
struct Ranks<'c>(&'c Cluster);

impl Batch for Ranks<'_> {
    fn solve(
        &self,
        puzzle: &Sliding,
        boards: &[Board],
        solver: &Solver,
        done: &(dyn Fn() + Sync),
    ) -> Vec<Report<Dir>> {
        let cluster = self.0;
        if boards.len() > 1 && boards.len() >= cluster.total_threads() {
            let Some(first) = boards.first() else {
                return Vec::new();
            };
            let items: Vec<Vec<u8>> = boards.iter().map(|b| job(b).into_bytes()).collect();
            let whole = solver.clone().parallel(false);
            let solve = |item: &[u8]| solve_item(puzzle, &whole, item);
            return cluster
                .map(job(first).as_bytes(), &items, &solve)
                .iter()
                .map(|bytes| {
                    done();
                    bincode::deserialize(bytes).expect("a report the ranks encoded")
                })
                .collect();
        }
        boards
            .iter()
            .map(|board| {
                let report = if board.is_solvable(puzzle.goal()) {
                    let node = puzzle.node(board);
                    cluster.solve_in_place(job(board).as_bytes(), solver, puzzle, &node)
                } else {
                    // As `Sliding::solve_batch` answers it: no search.
                    let mut stats = Stats::default();
                    stats.dead_ends = 1;
                    Report::new(Outcome::NoSolution, stats)
                };
                done();
                report
            })
            .collect()
    }
}

/// One board of a batch, whole: its report, encoded.
fn solve_item(puzzle: &Sliding, solver: &Solver, item: &[u8]) -> Vec<u8> {
    let (_, board) = read_job(item).expect("a board the root wrote");
    let report = puzzle
        .solve_with(&board, solver)
        .expect("a board of the batch's size");
    bincode::serialize(&report).expect("reports serialise")
}

/// A board as the other ranks read it: `W H` and the tiles.
fn job(board: &Board) -> String {
    let tiles: Vec<String> = (0..board.len())
        .map(|c| board.tile(c).to_string())
        .collect();
    format!("{} {} {}", board.width(), board.height(), tiles.join(" "))
}

/// The size and board of a job.
fn read_job(job: &[u8]) -> Result<((usize, usize), Board), String> {
    let text = String::from_utf8_lossy(job);
    let mut words = text.splitn(3, ' ');
    let mut size = || words.next().and_then(|w| w.parse::<usize>().ok());
    let (Some(w), Some(h)) = (size(), size()) else {
        return Err(format!("a job that is not a board: {text}"));
    };
    let board = parse_board(words.next().unwrap_or(""), 1, w, h).map_err(|e| e.to_string())?;
    Ok(((w, h), board))
}

/// A rank other than the root: serves every board's parts and batches.
fn serve(cluster: &Cluster, args: &Args) -> ExitCode {
    let (solver, _) = puzzle_search_cli::args::prepare(&Sliding::solver(), false);
    let whole = solver.clone().parallel(false);
    let mut made: Option<((usize, usize), Sliding)> = None;
    while let Some(work) = cluster.next_job() {
        let (Work::Search(job) | Work::Map(job)) = &work else {
            eprintln!(
                "error: rank {}: a job sliding_mpi does not give",
                cluster.rank()
            );
            return ExitCode::FAILURE;
        };
        let (size, board) = match read_job(job) {
            Ok(read) => read,
            Err(e) => {
                eprintln!("error: rank {}: {e}", cluster.rank());
                return ExitCode::FAILURE;
            }
        };
        // One puzzle (and its tables) per size, made once.
        if made.as_ref().is_none_or(|(s, _)| *s != size) {
            match sliding::puzzle(args, size.0, size.1) {
                Ok(p) => made = Some((size, p)),
                Err(e) => {
                    eprintln!("error: rank {}: {e}", cluster.rank());
                    return ExitCode::FAILURE;
                }
            }
        }
        let (_, puzzle) = made.as_ref().expect("made above");
        match work {
            Work::Search(_) => cluster.serve_in_place(&solver, puzzle, &puzzle.node(&board)),
            Work::Map(_) => cluster.serve_map(&|item| solve_item(puzzle, &whole, item)),
            Work::Census(_) => unreachable!("refused above"),
        }
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args = Args::parse();
    let threads = std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(1);
    let cluster = match Cluster::init(threads) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if cluster.is_root() {
        let code = sliding::run(&args, &Ranks(&cluster));
        cluster.finish();
        code
    } else {
        serve(&cluster, &args)
    }
}
