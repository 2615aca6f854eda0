//! The census of a sliding-tile puzzle (every board reachable from the
//! goal, counted by distance) over MPI ranks: the layers, God's number
//! of the space and the time.
//!
//! ```text
//! mpirun -np 4 target/release/examples/census_mpi 5 2 [STATES_PER_RANK]
//! ```
//! Prints `distance count` lines, then `states N, radius R, T s on K
//! ranks` (or that a rank's cap stopped it). The layers are those of
//! `Solver::census` on one machine (`tests/mpirun.rs` checks small sizes).

use std::process::ExitCode;
use std::time::Instant;

use puzzle_search_mpi::{Cluster, Work};
use puzzle_sliding::{Board, Bound, Goal, Sliding};

fn main() -> ExitCode {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (Some(&w), Some(&h)) = (args.first(), args.get(1)) else {
        eprintln!("usage: census_mpi W H [STATES_PER_RANK]");
        return ExitCode::FAILURE;
    };
    let cap = args.get(2).copied().unwrap_or(usize::MAX);
    let puzzle = match Sliding::new(w, h, Goal::BlankLast, Bound::Manhattan) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Some(goal) = Board::goal(w, h, Goal::BlankLast) else {
        eprintln!("error: no {w}x{h} board");
        return ExitCode::FAILURE;
    };
    let start = puzzle.node(&goal);
    let cluster = match Cluster::init(1) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if !cluster.is_root() {
        while let Some(Work::Census(_)) = cluster.next_job() {
            cluster.serve_census(&puzzle, &start, cap);
        }
        return ExitCode::SUCCESS;
    }
    let began = Instant::now();
    let census = cluster.census(b"census", &puzzle, &start, cap);
    for (d, n) in census.layers.iter().enumerate() {
        println!("{d} {n}");
    }
    match census.radius() {
        Some(r) => println!(
            "states {}, radius {r}, {:.3} s on {} ranks",
            census.states(),
            began.elapsed().as_secs_f64(),
            cluster.size()
        ),
        None => println!(
            "stopped by a rank's cap of {cap} states after {} layers",
            census.layers.len()
        ),
    }
    cluster.finish();
    ExitCode::SUCCESS
}
