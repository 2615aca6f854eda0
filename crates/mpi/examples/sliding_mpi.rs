//! The `sliding` example over MPI ranks: the same arguments, the same
//! answers on stdout byte for byte, each board's IDA* split over every
//! rank, the boards of a file searched at once (a rank that runs dry
//! takes parts of any board still searched), or, with at least one board
//! a thread, each board whole on one thread.
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

/// The root's batch, the reports in the boards' order. A file of at
/// least [`WHOLE`] boards a thread in all: each board whole on one thread
/// of some rank (no messages while it is searched; the file ends with its
/// slowest board). Fewer: every board's search split into parts over every
/// rank, the boards at once (a rank that runs dry takes parts of any board
/// still searched).
struct Ranks<'c>(&'c Cluster);

/// Boards a thread from which a file's boards are searched whole. On 2
/// cores whole boards were faster from one a thread on (four Korf boards
/// with Manhattan: 1.12x the threads' search time whole, 1.18x split;
/// Korf's 100 with tables: 3.9 s whole, 4.4 s split); where the two cross
/// on many cores was not measured.
const WHOLE: usize = 1;

impl Batch for Ranks<'_> {
    fn solve(
        &self,
        puzzle: &Sliding,
        boards: &[Board],
        solver: &Solver,
        done: &(dyn Fn() + Sync),
    ) -> Vec<Report<Dir>> {
        let searched: Vec<&Board> = boards
            .iter()
            .filter(|b| b.is_solvable(puzzle.goal()))
            .collect();
        let nodes: Vec<_> = searched.iter().map(|b| puzzle.node(b)).collect();
        let mut found = if nodes.is_empty() {
            Vec::new()
        } else if nodes.len() >= WHOLE * self.0.total_threads() {
            let items: Vec<Vec<u8>> = searched.iter().map(|b| job(&[b]).into_bytes()).collect();
            let whole = solver.clone().parallel(false);
            let solve = |item: &[u8]| solve_item(puzzle, &whole, item);
            self.0
                .map(job(&searched[..1]).as_bytes(), &items, &solve)
                .iter()
                .map(|bytes| {
                    done();
                    bincode::deserialize(bytes).expect("a report the ranks encoded")
                })
                .collect()
        } else {
            let job = job(&searched);
            let solve = &|_: usize, _: &Report<Dir>| done();
            self.0
                .solve_batch_in_place(job.as_bytes(), solver, puzzle, &nodes, solve)
        }
        .into_iter();
        boards
            .iter()
            .map(|board| {
                if board.is_solvable(puzzle.goal()) {
                    found.next().expect("a report for every board searched")
                } else {
                    // As `Sliding::solve_batch` answers it: no search.
                    done();
                    let mut stats = Stats::default();
                    stats.dead_ends = 1;
                    Report::new(Outcome::NoSolution, stats)
                }
            })
            .collect()
    }
}

/// The boards (at least one, all of one size) as the other ranks read
/// them: `W H`, then a board a line.
fn job(boards: &[&Board]) -> String {
    let (w, h) = (boards[0].width(), boards[0].height());
    let mut text = format!("{w} {h}");
    for board in boards {
        let tiles: Vec<String> = (0..board.len())
            .map(|c| board.tile(c).to_string())
            .collect();
        text.push('\n');
        text.push_str(&tiles.join(" "));
    }
    text
}

/// One board of a batch, whole: its report, encoded.
fn solve_item(puzzle: &Sliding, solver: &Solver, item: &[u8]) -> Vec<u8> {
    let (_, boards) = read_job(item).expect("a board the root wrote");
    let report = puzzle
        .solve_with(&boards[0], solver)
        .expect("a board of the batch's size");
    bincode::serialize(&report).expect("reports serialise")
}

/// The size and boards of a job.
fn read_job(job: &[u8]) -> Result<((usize, usize), Vec<Board>), String> {
    let text = String::from_utf8_lossy(job);
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let mut size = first.split(' ').map(|w| w.parse::<usize>().ok());
    let (Some(Some(w)), Some(Some(h))) = (size.next(), size.next()) else {
        return Err(format!("a job that is not a batch of boards: {first}"));
    };
    let boards = lines
        .enumerate()
        .map(|(i, line)| parse_board(line, i + 2, w, h).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    Ok(((w, h), boards))
}

/// A rank other than the root: serves every batch's parts or boards.
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
        let (size, boards) = match read_job(job) {
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
        if let Work::Map(_) = work {
            cluster.serve_map(&|item| solve_item(puzzle, &whole, item));
        } else {
            let nodes: Vec<_> = boards.iter().map(|b| puzzle.node(b)).collect();
            cluster.serve_batch_in_place(&solver, puzzle, &nodes);
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
