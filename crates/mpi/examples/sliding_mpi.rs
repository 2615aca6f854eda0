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
use puzzle_search_mpi::Cluster;
use puzzle_sliding::{Board, Dir, Sliding, parse_board};

/// The root's batch: each board over every rank.
struct Ranks<'c>(&'c Cluster);

impl Batch for Ranks<'_> {
    fn solve(
        &self,
        puzzle: &Sliding,
        boards: &[Board],
        solver: &Solver,
        done: &(dyn Fn() + Sync),
    ) -> Vec<Report<Dir>> {
        boards
            .iter()
            .map(|board| {
                let report = if board.is_solvable(puzzle.goal()) {
                    let node = puzzle.node(board);
                    self.0
                        .solve_in_place(job(board).as_bytes(), solver, puzzle, &node)
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

/// A board as the other ranks read it: `W H` and the tiles.
fn job(board: &Board) -> String {
    let tiles: Vec<String> = (0..board.len())
        .map(|c| board.tile(c).to_string())
        .collect();
    format!("{} {} {}", board.width(), board.height(), tiles.join(" "))
}

/// A rank other than the root: serves every board's parts.
fn serve(cluster: &Cluster, args: &Args) -> ExitCode {
    let (solver, _) = puzzle_search_cli::args::prepare(&Sliding::solver(), false);
    let mut made: Option<((usize, usize), Sliding)> = None;
    while let Some(job) = cluster.next_job() {
        let text = String::from_utf8_lossy(&job);
        let mut words = text.splitn(3, ' ');
        let size = (words.next(), words.next());
        let (Some(Ok(w)), Some(Ok(h))) = (size.0.map(str::parse), size.1.map(str::parse)) else {
            eprintln!(
                "error: rank {}: a job that is not a board: {text}",
                cluster.rank()
            );
            return ExitCode::FAILURE;
        };
        let board = match parse_board(words.next().unwrap_or(""), 1, w, h) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: rank {}: {e}", cluster.rank());
                return ExitCode::FAILURE;
            }
        };
        // One puzzle (and its tables) per size, made once.
        if made.as_ref().is_none_or(|(size, _)| *size != (w, h)) {
            match sliding::puzzle(args, w, h) {
                Ok(p) => made = Some(((w, h), p)),
                Err(e) => {
                    eprintln!("error: rank {}: {e}", cluster.rank());
                    return ExitCode::FAILURE;
                }
            }
        }
        let (_, puzzle) = made.as_ref().expect("made above");
        cluster.serve_in_place(&solver, puzzle, &puzzle.node(&board));
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
