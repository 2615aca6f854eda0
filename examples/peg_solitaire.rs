//! English peg solitaire (33 holes), the central game: every published
//! figure from the core's layered census, counts and symmetry classes,
//! each timed, beside the hand-written programs a user would write.
//!
//! ```text
//! cargo run --release --example peg_solitaire            # every figure
//! cargo run --release --example peg_solitaire -- census  # one of them
//! ```
//!
//! Parts: `census` (positions a layer), `classes` (the same up to the
//! board's 8 symmetries), `count` (solutions), `games` (complete games),
//! `solve` (one solution, on classes, unfolded and replayed), `moves`
//! (the fewest moves when a chain of jumps by one peg is a move), and the
//! baselines `hand-census` and `hand-count`. The model is
//! `puzzle_testkit::peg`; figures and how they compare:
//! `docs/puzzles/peg_solitaire.md`.

use std::time::Instant;

use puzzle_search::{Classes, Paths, PathsTo, Puzzle, Shortest, Solver, Strategy, replay};
use puzzle_testkit::peg::{self, Peg};

fn main() {
    let parts: Vec<String> = std::env::args().skip(1).collect();
    let known = [
        "census",
        "classes",
        "count",
        "games",
        "solve",
        "moves",
        "hand-census",
        "hand-count",
    ];
    if let Some(bad) = parts.iter().find(|p| !known.contains(&p.as_str())) {
        eprintln!(
            "peg_solitaire: unknown part `{bad}` (expected one of {})",
            known.join(", ")
        );
        std::process::exit(2);
    }
    let want = |p: &str| {
        if parts.is_empty() {
            !p.starts_with("hand")
        } else {
            parts.iter().any(|q| q == p)
        }
    };
    let game = Peg::new();
    let start = peg::start();
    let solver = Solver::new(Strategy::bfs());
    if want("census") {
        let t = Instant::now();
        let census = solver.census(&game, &start);
        println!(
            "census: {} positions in {} layers ({:?}), {:.1} s",
            census.states(),
            census.layers.len(),
            census.stopped,
            t.elapsed().as_secs_f64()
        );
        println!("  layers: {:?}", census.layers);
    }
    if want("classes") {
        let t = Instant::now();
        let census = solver
            .census_classes(&game, &start)
            .expect("the central game's start is symmetric");
        let classes = census.classes.as_ref().map_or(0, |c| c.iter().sum::<u64>());
        println!(
            "classes: {classes} positions up to symmetry ({} positions, {:?}), {:.1} s",
            census.states(),
            census.stopped,
            t.elapsed().as_secs_f64()
        );
    }
    if want("count") {
        let t = Instant::now();
        let report = solver.count_shortest(&game, &start, 31);
        match report.outcome {
            Shortest::Found { length, count } => println!(
                "count: {count} solutions of {length} jumps, {:.1} s",
                t.elapsed().as_secs_f64()
            ),
            other => println!("count: {other:?}"),
        }
    }
    if want("games") {
        let t = Instant::now();
        let report = solver.count_paths(&game, &start, PathsTo::DeadEnds);
        match report.outcome {
            Paths::Found { count } => println!(
                "games: {count} complete games, {:.1} s",
                t.elapsed().as_secs_f64()
            ),
            other => println!("games: {other:?}"),
        }
    }
    if want("solve") {
        let t = Instant::now();
        let classes = Classes::new(&game);
        let on_classes = Solver::new(Strategy::Dfs {
            depth: 31,
            mode: puzzle_search::DepthMode::Exactly,
        })
        .solve(&classes, &start);
        let moves = on_classes
            .solution()
            .and_then(|m| classes.unfold(&start, m))
            .expect("the central game has a solution");
        let end = replay(&game, &start, &moves).expect("the unfolded jumps replay");
        assert!(game.is_goal(&end));
        let jumps: Vec<String> = moves
            .iter()
            .map(|&m| {
                let j = game.jump(m);
                format!("{}-{}", j.from, j.to)
            })
            .collect();
        println!(
            "solve: {} jumps, replayed: {}, {:.2} s",
            moves.len(),
            jumps.join(" "),
            t.elapsed().as_secs_f64()
        );
    }
    if want("moves") {
        let t = Instant::now();
        let chains = peg::Chains::new();
        let report = Solver::new(Strategy::bidirectional()).solve(&chains, &start);
        let moves = report
            .solution()
            .expect("the central game has a solution")
            .to_vec();
        let end = replay(&chains, &start, &moves).expect("the chains replay");
        assert!(chains.is_goal(&end));
        println!(
            "moves: {} moves of chained jumps (bidirectional search, {} states), {:.1} s",
            moves.len(),
            report.stats.peak_visited,
            t.elapsed().as_secs_f64()
        );
    }
    if want("hand-census") {
        let t = Instant::now();
        let layers = peg::hand_census(&game, start);
        println!(
            "hand-census: {} positions in {} layers, {:.1} s",
            layers.iter().sum::<u64>(),
            layers.len(),
            t.elapsed().as_secs_f64()
        );
    }
    if want("hand-count") {
        let t = Instant::now();
        let count = peg::hand_count(&game, start);
        println!(
            "hand-count: {count} solutions, {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
}
