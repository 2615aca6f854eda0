//! Checks searches over MPI ranks against the sequential search: random
//! graphs (DFS in both modes and IDA*, plain, with a table, with
//! duplicate elimination) and 8-puzzle boards (IDA*, the plain and the
//! in-place loop), with work handed over between ranks. Prints one line
//! and exits 0 when every answer equals the sequential one, 1 otherwise.
//!
//! ```text
//! mpirun -np 3 target/release/examples/mpi_check [THREADS_PER_RANK]
//! ```
//! `cargo test` in this crate runs it at 1 to 4 ranks (`tests/mpirun.rs`).

use std::process::ExitCode;

use puzzle_flip::{FlipPuzzle, Grid};
use puzzle_search_core::{
    DepthMode, Outcome, Puzzle, Report, Sequential, Solver, Strategy, input::SplitMix64,
};
use puzzle_search_mpi::{Cluster, Work};
use puzzle_sliding::{Board, Bound, Goal, Sliding};
use puzzle_testkit::graph::Graph;

/// One search: a graph and start with a solver, an 8-puzzle board (in
/// place or not), or a start of another puzzle crate with its solver.
enum Case {
    Graph(Box<(Graph, u32, Solver)>),
    Eight(Board, bool),
    /// A 3x3 board under a node limit that stops the search.
    Capped(Board),
    Mayan(Box<puzzle_mayan::Problem>),
    BoxSlide(Box<puzzle_boxslide::Level>),
    Rotation(puzzle_rotation::Board),
    Flip(u64),
}

/// The Flip Game's puzzle: a 4x4 board to turn all white.
fn flip() -> FlipPuzzle {
    FlipPuzzle::new(&Grid::new(4, 4)).expect("4x4")
}

/// The solvers of the other crates' cases (as their `solve` runs them,
/// or IDA* where a crate's `solve` uses no search).
fn crate_solver(case: &Case) -> Solver {
    match case {
        Case::Mayan(p) => puzzle_mayan::solver(p.n),
        Case::BoxSlide(l) => puzzle_boxslide::solver(l.limit),
        _ => Solver::new(Strategy::IdaStar { max_depth: 20 }),
    }
}

/// The cases, the same on every rank (one seed).
fn cases() -> Vec<Case> {
    let mut rng = SplitMix64::new(4242);
    let mut cases = Vec::new();
    for i in 0..12 {
        let mut graph = if i % 2 == 0 {
            Graph::sparse(&mut rng, 10, 6)
        } else {
            Graph::cyclic(&mut rng, 14, 8)
        };
        graph.dead_ends = i % 4 != 0;
        let start = rng.below(graph.edges.len() as u64) as u32;
        let mut strategies = vec![Strategy::IdaStar { max_depth: 9 }];
        for mode in [DepthMode::Exactly, DepthMode::AtMost] {
            strategies.push(Strategy::Dfs { depth: 6, mode });
        }
        for strategy in strategies {
            for solver in [
                Solver::new(strategy),
                Solver::new(strategy)
                    .table_bytes(1 << 16)
                    .table_min_slack(0),
                Solver::new(strategy).dedup(true),
            ] {
                // Half of them answer asks for work at the next node, so
                // that parts are handed over on these small graphs.
                let solver = solver.hand_over_always(i % 2 == 0);
                cases.push(Case::Graph(Box::new((graph.clone(), start, solver))));
            }
        }
    }
    for k in 0..4u32 {
        let p =
            puzzle_mayan::problem(&mut rng, 2 + k % 2, 10, Some(k % 3 != 2)).expect("a problem");
        cases.push(Case::Mayan(Box::new(p)));
        let l = puzzle_boxslide::level(
            &mut rng,
            5,
            5,
            None,
            puzzle_boxslide::Wanted::Moves(2),
            20_000,
        )
        .expect("a level");
        cases.push(Case::BoxSlide(Box::new(l)));
        cases.push(Case::Rotation(puzzle_rotation::Board::random(&mut rng)));
        // 2 to 5 presses from white.
        let puzzle = flip();
        let mut s = 0u64;
        let mut children = Vec::new();
        for _ in 0..2 + k {
            children.clear();
            puzzle.successors(&s, &mut children);
            s = children[rng.below(children.len() as u64) as usize].1;
        }
        cases.push(Case::Flip(s));
    }
    let home = Board::goal(3, 3, Goal::BlankLast).expect("3x3");
    for (k, steps) in [20, 40, 60, 80, 100, 120].into_iter().enumerate() {
        let board = home.walk(steps, &mut rng);
        cases.push(Case::Eight(board, k % 2 == 0));
    }
    // The hardest 3x3 boards (31 moves), stopped long before that.
    for tiles in ["8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1"] {
        let board = puzzle_sliding::parse_board(tiles, 1, 3, 3).expect("a 3x3 board");
        cases.push(Case::Capped(board));
    }
    cases
}

/// The solver of the capped cases: IDA* that stops after 2,000 nodes.
fn capped() -> Solver {
    Solver::new(Strategy::IdaStar { max_depth: 40 })
        .budget(puzzle_search_core::Budget::default().max_nodes(2_000))
}

/// The censuses checked: `W H CAP`, the sliding puzzle of that size
/// from its goal, at most `CAP` states a rank.
const CENSUSES: [&str; 4] = ["2 3 1000000", "3 2 1000000", "4 2 1000000", "3 3 2000"];

fn census_case(job: &[u8]) -> (Sliding, puzzle_sliding::Node, usize) {
    let text = String::from_utf8_lossy(job);
    let n: Vec<usize> = text
        .split(' ')
        .map(|w| w.parse().expect("a number"))
        .collect();
    let puzzle = Sliding::new(n[0], n[1], Goal::BlankLast, Bound::Manhattan).expect("a size");
    let start = puzzle.node(&Board::goal(n[0], n[1], Goal::BlankLast).expect("a size"));
    (puzzle, start, n[2])
}

/// The map checked: an item's bytes squared, as a number.
fn square(item: &[u8]) -> Vec<u8> {
    let n = u64::from_le_bytes(item.try_into().expect("8 bytes"));
    (n * n).to_le_bytes().to_vec()
}

/// The job numbers of the two batches checked.
const BATCH_EIGHT: usize = 1_000_000;
const BATCH_GRAPH: usize = 1_000_001;

/// A batch: every 3x3 board of the cases, searched in place.
fn eight_batch(cases: &[Case]) -> (Sliding, Vec<puzzle_sliding::Node>) {
    let puzzle = eight();
    let nodes = cases
        .iter()
        .filter_map(|c| match c {
            Case::Eight(board, _) => Some(puzzle.node(board)),
            _ => None,
        })
        .collect();
    (puzzle, nodes)
}

/// A batch: every start of the first cyclic graph, IDA* with a table
/// (kept from part to part of one start, not across starts).
fn graph_batch(cases: &[Case]) -> (Graph, Vec<u32>, Solver) {
    let Case::Graph(case) = &cases[3 * 3] else {
        unreachable!("the cases begin with graphs")
    };
    let graph = case.0.clone();
    let starts = (0..graph.edges.len() as u32).collect();
    let solver = Solver::new(Strategy::IdaStar { max_depth: 9 })
        .table_bytes(1 << 16)
        .table_min_slack(0)
        .hand_over_always(true);
    (graph, starts, solver)
}

/// The outcome of a search over the ranks, counting the parts its
/// searchers handed over.
fn outcome<M>(report: Report<M>, handed: &mut u64) -> Outcome<M> {
    *handed += report.stats.handed_over;
    report.outcome
}

fn eight() -> Sliding {
    Sliding::new(3, 3, Goal::BlankLast, Bound::Manhattan).expect("3x3")
}

fn main() -> ExitCode {
    let threads = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let cluster = match Cluster::init(threads) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let cases = cases();
    let ida = Solver::new(Strategy::IdaStar { max_depth: 40 }).hand_over_always(true);
    if !cluster.is_root() {
        while let Some(work) = cluster.next_job() {
            let job = match work {
                Work::Search(job) => job,
                Work::Map(_) => {
                    cluster.serve_map(&square);
                    continue;
                }
                Work::Census(job) => {
                    let (puzzle, start, cap) = census_case(&job);
                    cluster.serve_census(&puzzle, &start, cap);
                    continue;
                }
            };
            let k = u32::from_le_bytes(job[..4].try_into().expect("a case number")) as usize;
            if k == BATCH_EIGHT {
                let (puzzle, nodes) = eight_batch(&cases);
                cluster.serve_batch_in_place(&ida, &puzzle, &nodes);
                continue;
            }
            if k == BATCH_GRAPH {
                let (graph, starts, solver) = graph_batch(&cases);
                cluster.serve_batch(&solver, &graph, &starts);
                continue;
            }
            match &cases[k] {
                Case::Graph(case) => {
                    let (graph, start, solver) = &**case;
                    cluster.serve(solver, graph, start);
                }
                Case::Eight(board, in_place) => {
                    let puzzle = eight();
                    let node = puzzle.node(board);
                    if *in_place {
                        cluster.serve_in_place(&ida, &puzzle, &node);
                    } else {
                        cluster.serve(&ida, &puzzle, &node);
                    }
                }
                Case::Capped(board) => {
                    let puzzle = eight();
                    cluster.serve_in_place(&capped(), &puzzle, &puzzle.node(board));
                }
                case => {
                    let solver = crate_solver(case);
                    match case {
                        Case::Mayan(p) => cluster.serve(&solver, &puzzle_mayan::Mayan, &p.board),
                        Case::BoxSlide(l) => {
                            cluster.serve(&solver, &puzzle_boxslide::BoxSlide, &l.board)
                        }
                        Case::Rotation(b) => {
                            cluster.serve_in_place(&solver, &puzzle_rotation::Rotation, b)
                        }
                        Case::Flip(s) => cluster.serve(&solver, &flip(), s),
                        _ => unreachable!("matched above"),
                    }
                }
            }
        }
        return ExitCode::SUCCESS;
    }
    let (mut wrong, mut solved, mut handed) = (0, 0, 0);
    for (k, case) in cases.iter().enumerate() {
        let job = (k as u32).to_le_bytes();
        // (whether they agree, whether there is a solution, what differs)
        let (same, found, said) = match case {
            Case::Graph(case) => {
                let (graph, start, solver) = &**case;
                let want = solver.solve(Sequential(graph), start).outcome;
                let got = outcome(cluster.solve(&job, solver, graph, start), &mut handed);
                (
                    got == want,
                    matches!(want, Outcome::Solved(_)),
                    format!("{got:?} / {want:?}"),
                )
            }
            Case::Eight(board, in_place) => {
                let puzzle = eight();
                let node = puzzle.node(board);
                let got = if *in_place {
                    cluster.solve_in_place(&job, &ida, &puzzle, &node)
                } else {
                    cluster.solve(&job, &ida, &puzzle, &node)
                };
                let got = outcome(got, &mut handed);
                let want = ida.solve(Sequential(&puzzle), &node).outcome;
                (
                    got == want,
                    matches!(want, Outcome::Solved(_)),
                    format!("{got:?} / {want:?}"),
                )
            }
            Case::Capped(board) => {
                let (puzzle, solver) = (eight(), capped());
                let node = puzzle.node(board);
                let got = outcome(
                    cluster.solve_in_place(&job, &solver, &puzzle, &node),
                    &mut handed,
                );
                let want = solver.solve(Sequential(&puzzle), &node).outcome;
                // A stop, said as one: never "no solution", never a guess.
                let stopped = Outcome::Stopped(puzzle_search_core::Limit::Nodes);
                (
                    got == want && want == stopped,
                    false,
                    format!("{got:?} / {want:?}"),
                )
            }
            case => {
                let solver = crate_solver(case);
                fn check<P: puzzle_search_core::ParallelPuzzle>(
                    want: puzzle_search_core::Outcome<P::Move>,
                    got: puzzle_search_core::Outcome<P::Move>,
                ) -> (bool, bool, String)
                where
                    P::Move: PartialEq,
                {
                    let found = matches!(want, Outcome::Solved(_));
                    (got == want, found, format!("{got:?} / {want:?}"))
                }
                match case {
                    Case::Mayan(p) => check::<puzzle_mayan::Mayan>(
                        solver
                            .solve(Sequential(&puzzle_mayan::Mayan), &p.board)
                            .outcome,
                        outcome(
                            cluster.solve(&job, &solver, &puzzle_mayan::Mayan, &p.board),
                            &mut handed,
                        ),
                    ),
                    Case::BoxSlide(l) => check::<puzzle_boxslide::BoxSlide>(
                        solver
                            .solve(Sequential(&puzzle_boxslide::BoxSlide), &l.board)
                            .outcome,
                        outcome(
                            cluster.solve(&job, &solver, &puzzle_boxslide::BoxSlide, &l.board),
                            &mut handed,
                        ),
                    ),
                    Case::Rotation(b) => check::<puzzle_rotation::Rotation>(
                        solver
                            .solve(Sequential(&puzzle_rotation::Rotation), b)
                            .outcome,
                        outcome(
                            cluster.solve_in_place(&job, &solver, &puzzle_rotation::Rotation, b),
                            &mut handed,
                        ),
                    ),
                    Case::Flip(s) => check::<FlipPuzzle>(
                        solver.solve(Sequential(&flip()), s).outcome,
                        outcome(cluster.solve(&job, &solver, &flip(), s), &mut handed),
                    ),
                    _ => unreachable!("matched above"),
                }
            }
        };
        solved += usize::from(found);
        if !same {
            eprintln!("case {k}: got / sequential: {said}");
            wrong += 1;
        }
    }
    // Batches: each search of a batch as the sequential one.
    let (puzzle, nodes) = eight_batch(&cases);
    let got = cluster.solve_batch_in_place(
        &(BATCH_EIGHT as u32).to_le_bytes(),
        &ida,
        &puzzle,
        &nodes,
        &|_, _| (),
    );
    let (graph, starts, solver) = graph_batch(&cases);
    let ended = std::sync::atomic::AtomicUsize::new(0);
    let gone = |_: usize, _: &Report<u8>| {
        ended.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    };
    let got_graph = cluster.solve_batch(
        &(BATCH_GRAPH as u32).to_le_bytes(),
        &solver,
        &graph,
        &starts,
        &gone,
    );
    let mut batched = 0;
    for (node, report) in nodes.iter().zip(got) {
        handed += report.stats.handed_over;
        if report.outcome != ida.solve(Sequential(&puzzle), node).outcome {
            eprintln!("3x3 batch: {:?}", report.outcome);
            wrong += 1;
        }
        batched += 1;
    }
    for (start, report) in starts.iter().zip(got_graph) {
        handed += report.stats.handed_over;
        if report.outcome != solver.solve(Sequential(&graph), start).outcome {
            eprintln!("graph batch, start {start}: {:?}", report.outcome);
            wrong += 1;
        }
        batched += 1;
    }
    if ended.into_inner() != starts.len() {
        eprintln!("graph batch: `done` not called once a search");
        wrong += 1;
    }
    // Censuses: the layers of one machine's census (a cap that stops it
    // says so, after complete layers).
    for job in CENSUSES {
        let (puzzle, start, cap) = census_case(job.as_bytes());
        let here = Solver::new(Strategy::bfs()).census(&puzzle, &start);
        let spread = cluster.census(job.as_bytes(), &puzzle, &start, cap);
        let whole = spread.stopped.is_none() && spread.layers == here.layers;
        let cut = spread.stopped == Some(puzzle_search_core::Limit::States)
            && spread.layers.len() < here.layers.len()
            && spread.layers[..] == here.layers[..spread.layers.len()];
        if !(whole || cut) || (cap >= 1_000_000) != whole {
            eprintln!(
                "census {job}: {:?} where one machine counts {:?}",
                spread.layers, here.layers
            );
            wrong += 1;
        }
    }
    // A map: every item's result in its place.
    let items: Vec<Vec<u8>> = (0..500u64).map(|n| n.to_le_bytes().to_vec()).collect();
    let squares = cluster.map(b"squares", &items, &square);
    for (n, r) in squares.iter().enumerate() {
        if r[..] != ((n * n) as u64).to_le_bytes() {
            eprintln!("map item {n}: {r:?}");
            wrong += 1;
        }
    }
    cluster.finish();
    println!(
        "{} cases ({solved} with a solution, {handed} parts handed over), {batched} searches in 2 batches, {} censuses and a map of 500 on {} ranks x {threads} threads: {} differ from the sequential answer",
        cases.len(),
        CENSUSES.len(),
        cluster.size(),
        wrong
    );
    if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
