//! The census of a space over MPI ranks (every state reachable from a
//! start, counted by distance): a sliding-tile puzzle from its goal, or
//! the Rotation Game's 735,471 masks from the centre. Prints the layers,
//! the radius, the time, and whether the layers equal one machine's
//! census (`Solver::census_ranked`, run on the root afterwards).
//!
//! ```text
//! mpirun -np 4 target/release/examples/census_mpi 5 2 [STATES_PER_RANK]
//! mpirun -np 4 target/release/examples/census_mpi masks [STATES_PER_RANK]
//! ```

use std::process::ExitCode;
use std::time::Instant;

use puzzle_rotation::CENTRE;
use puzzle_rotation::pdb::Masks;
use puzzle_search_core::{Census, Ranked, Solver, Strategy};
use puzzle_search_mpi::{Cluster, Work};
use puzzle_sliding::{Board, Bound, Goal, Sliding};

fn main() -> ExitCode {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Vec<usize> = words.iter().filter_map(|a| a.parse().ok()).collect();
    let masks = words.first().is_some_and(|w| w == "masks");
    let cluster = match Cluster::init(1) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if masks {
        let cap = numbers.first().copied().unwrap_or(usize::MAX);
        return run(&cluster, &Masks, &CENTRE, cap);
    }
    let (Some(&w), Some(&h)) = (numbers.first(), numbers.get(1)) else {
        eprintln!("usage: census_mpi W H [STATES_PER_RANK] | census_mpi masks [STATES_PER_RANK]");
        return ExitCode::FAILURE;
    };
    let cap = numbers.get(2).copied().unwrap_or(usize::MAX);
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
    run(&cluster, &puzzle, &puzzle.node(&goal), cap)
}

/// The census of `puzzle` from `start` on every rank; the root prints it.
fn run<P>(cluster: &Cluster, puzzle: &P, start: &P::State, cap: usize) -> ExitCode
where
    P: Ranked + puzzle_search_core::ParallelPuzzle,
    P::State: serde::Serialize + serde::de::DeserializeOwned,
{
    if !cluster.is_root() {
        while let Some(Work::Census(_)) = cluster.next_job() {
            cluster.serve_census(puzzle, start, cap);
        }
        return ExitCode::SUCCESS;
    }
    let began = Instant::now();
    let census: Census = cluster.census(b"census", puzzle, start, cap);
    let took = began.elapsed();
    cluster.finish();
    for (d, n) in census.layers.iter().enumerate() {
        println!("{d} {n}");
    }
    match census.radius() {
        Some(r) => println!(
            "states {}, radius {r}, {:.3} s on {} ranks",
            census.states(),
            took.as_secs_f64(),
            cluster.size()
        ),
        None => println!(
            "stopped by a rank's cap of {cap} states after {} layers",
            census.layers.len()
        ),
    }
    let here = Solver::new(Strategy::bfs()).census_ranked(puzzle, start);
    let equal = census.layers[..] == here.layers[..census.layers.len().min(here.layers.len())];
    println!(
        "layers equal one machine's census: {}",
        if equal { "yes" } else { "NO" }
    );
    if equal {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
