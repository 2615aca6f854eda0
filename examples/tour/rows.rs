//! The tour's `--quick` table: every strategy on each puzzle's toy
//! sample, a row each.

use super::*;

/// One line of the table.
pub(crate) struct Row {
    pub(crate) puzzle: &'static str,
    pub(crate) strategy: String,
    pub(crate) answer: String,
    pub(crate) nodes: u64,
    pub(crate) time: Duration,
}

/// The 8-puzzle of the `custom_puzzle` example, seed 2026, by every strategy.
/// A table cell for an outcome: the moves, each written by `show`, once
/// they replay to a goal; `none` when there is no solution; the limit when
/// the search stopped.
pub(crate) fn answer_cell<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    outcome: &Outcome<P::Move>,
    none: &str,
    show: impl Fn(&P::Move) -> String,
) -> String {
    match outcome.clone().into_result() {
        Ok(Some(moves)) if replay(puzzle, start, &moves).is_ok() => moves
            .iter()
            .map(show)
            .collect::<String>()
            .trim_end()
            .to_string(),
        Ok(Some(_)) => "REPLAY FAILED".to_string(),
        Ok(None) => none.to_string(),
        Err(limit) => limit.to_string(),
    }
}

pub(crate) fn eight_puzzle_rows(rows: &mut Vec<Row>) {
    let start = Board::random(&mut SplitMix64::new(2026));
    let optimal = Solver::new(Strategy::IdaStar { max_depth: 31 })
        .solve(&EightPuzzle, &start)
        .solution()
        .map_or(31, |m| m.len() as u32);
    let solvers = eight_puzzle::every_strategy(optimal);
    for (name, solver) in solvers {
        let report = solver.solve(&EightPuzzle, &start);
        let answer = answer_cell(&EightPuzzle, &start, &report.outcome, "no solution", |m| {
            m.letter().to_string()
        });
        rows.push(Row {
            puzzle: "8-puzzle",
            strategy: name.to_string(),
            answer,
            nodes: report.stats.expanded,
            time: report.stats.elapsed,
        });
    }
}

/// The first board of the Rotation Game's spec sample (answer `AC`, 2).
pub(crate) fn rotation_rows(rows: &mut Vec<Row>) {
    let board: rotation::Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
        .parse()
        .expect("the spec sample is a valid board");
    let t = Instant::now();
    let table_time = rotation::pdb::table().build_time();
    let answer = rotation::solve(&board);
    rows.push(Row {
        puzzle: "rotation",
        strategy: format!("pdb (table {table_time:.0?})"),
        answer: answer.map_or_else(|e| e.to_string(), |a| a.to_string().replace('\n', " ")),
        nodes: 0,
        time: t.elapsed(),
    });
    let max_depth = rotation::MAX_DEPTH;
    let solvers = [
        ("ida", Solver::new(Strategy::IdaStar { max_depth })),
        (
            "ida parallel",
            Solver::new(Strategy::IdaStar { max_depth }).parallel(true),
        ),
        ("bfs", Solver::new(Strategy::Bfs { max_depth })),
        ("astar", Solver::new(Strategy::AStar { max_depth })),
    ];
    for (name, solver) in solvers {
        let report = rotation::solve_with(&board, &solver);
        let (nodes, time) = (report.stats.expanded, report.stats.elapsed);
        let answer = match rotation::Answer::from_outcome(&board, report.outcome) {
            Ok(a) => a.to_string().replace('\n', " "),
            Err(e) => e.to_string(),
        };
        rows.push(Row {
            puzzle: "rotation",
            strategy: name.to_string(),
            answer,
            nodes,
            time,
        });
    }
}

/// The Mayan puzzle's spec sample (n = 3; answer 2 1 1, 3 1 1, 3 0 1).
pub(crate) fn mayan_rows(rows: &mut Vec<Row>) {
    let problem: mayan::Problem = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n"
        .parse()
        .expect("the spec sample is valid");
    let dfs = Solver::new(Strategy::Dfs {
        depth: problem.n,
        mode: DepthMode::Exactly,
    });
    let solvers = [
        ("solve (parallel)", mayan::solver(problem.n)),
        ("dfs exactly n", dfs.clone()),
        (
            "dfs +table +dedup",
            dfs.table(true).table_min_left(1).dedup(true),
        ),
    ];
    for (name, solver) in solvers {
        let report = mayan::solve_with(&problem, &solver);
        let answer = answer_cell(&mayan::Mayan, &problem.board, &report.outcome, "-1", |m| {
            format!("({m}) ")
        });
        rows.push(Row {
            puzzle: "mayan",
            strategy: name.to_string(),
            answer,
            nodes: report.stats.expanded,
            time: report.stats.elapsed,
        });
    }
}

/// The Flip Game and Fliptile samples (answers 4, and the grid with 4
/// presses), by each solver.
pub(crate) fn flip_rows(rows: &mut Vec<Row>) {
    let game = flip::parse_flip_game("bwwb\nbbwb\nbwwb\nbwww\n").expect("the sample is valid");
    let t = Instant::now();
    let answer = flip::flip_game(&game).to_string();
    rows.push(Row {
        puzzle: "flip game",
        strategy: "algebra".into(),
        answer,
        nodes: 0,
        time: t.elapsed(),
    });
    let white = flip::Grid::new(4, 4);
    for (target, name) in [
        (white.clone(), "bfs to white"),
        (white.complement(), "bfs to black"),
    ] {
        let puzzle = flip::FlipPuzzle::new(&target).expect("16 cells");
        let report =
            Solver::new(Strategy::Bfs { max_depth: 16 }).solve(&puzzle, &puzzle.pack(&game));
        let answer = report
            .solution()
            .map_or("impossible".to_string(), |m| format!("{} flips", m.len()));
        let (nodes, time) = (report.stats.expanded, report.stats.elapsed);
        rows.push(Row {
            puzzle: "flip game",
            strategy: name.into(),
            answer,
            nodes,
            time,
        });
    }
    let tile = flip::parse_fliptile("4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n")
        .expect("the sample is valid");
    let show = |g: Option<flip::Grid>| {
        g.map_or("IMPOSSIBLE".into(), |g| g.to_string().replace('\n', " / "))
    };
    let t = Instant::now();
    let answer = show(flip::algebra::solve(&tile).map(|s| s.presses));
    rows.push(Row {
        puzzle: "fliptile",
        strategy: "algebra".into(),
        answer,
        nodes: 0,
        time: t.elapsed(),
    });
    let t = Instant::now();
    let answer = show(flip::chase::solve(&tile).ok().flatten());
    rows.push(Row {
        puzzle: "fliptile",
        strategy: "chase".into(),
        answer,
        nodes: 0,
        time: t.elapsed(),
    });
}

/// The box-slide sample (answer: 2 moves, `2 1 D`, `4 0 R`).
pub(crate) fn boxslide_rows(rows: &mut Vec<Row>) {
    let level: boxslide::Level = "7 6 2\n0 1 0 0 0 0\n0 2 0 0 0 0\n0 3 0 0 0 0\n0 2 1 0 0 0\n\
                                  0 1 3 3 0 0\n0 2 2 1 0 0\n0 1 1 2 2 0\n"
        .parse()
        .expect("the spec sample is valid");
    let solvers = [
        ("solve (parallel)", boxslide::solver(level.limit)),
        (
            "ida",
            Solver::new(Strategy::IdaStar {
                max_depth: level.limit,
            }),
        ),
        (
            "bfs",
            Solver::new(Strategy::Bfs {
                max_depth: level.limit,
            }),
        ),
        (
            "astar",
            Solver::new(Strategy::AStar {
                max_depth: level.limit,
            }),
        ),
    ];
    for (name, solver) in solvers {
        let report = boxslide::solve_with(&level, &solver);
        let puzzle = &boxslide::BoxSlide;
        let answer = answer_cell(puzzle, &level.board, &report.outcome, "-1", |m| {
            format!("({m}) ")
        });
        let (nodes, time) = (report.stats.expanded, report.stats.elapsed);
        rows.push(Row {
            puzzle: "boxslide",
            strategy: name.to_string(),
            answer,
            nodes,
            time,
        });
    }
}

/// A 15-puzzle 40 random moves from the goal (seed 15), linear conflicts.
pub(crate) fn sliding_rows(rows: &mut Vec<Row>) {
    use puzzle_search::sliding::{Board, Bound, Dir, Goal, Sliding};
    let mut rng = SplitMix64::new(15);
    let mut board = Board::goal(4, 4, Goal::BlankLast).expect("4x4");
    for _ in 0..40 {
        let dirs: Vec<Dir> = Dir::ALL
            .into_iter()
            .filter(|&d| board.slide(d).is_some())
            .collect();
        board = board
            .slide(dirs[rng.below(dirs.len() as u64) as usize])
            .expect("a legal slide")
            .0;
    }
    let puzzle =
        Sliding::new(4, 4, Goal::BlankLast, Bound::LinearConflict).expect("a valid puzzle");
    let solvers = [
        // A limit (80 moves is every 15-puzzle's) rather than
        // `Strategy::ida()`, whose unlimited depth first runs a small BFS.
        ("ida", Solver::new(Strategy::IdaStar { max_depth: 80 })),
        (
            "ida parallel",
            Solver::new(Strategy::IdaStar { max_depth: 80 }).parallel(true),
        ),
        ("astar", Solver::new(Strategy::astar())),
        (
            "bidirectional bfs",
            Solver::new(Strategy::Bidirectional { max_depth: 80 }),
        ),
    ];
    for (name, solver) in solvers {
        let Ok(report) = puzzle.solve_with(&board, &solver) else {
            continue;
        };
        let answer = match &report.outcome {
            Outcome::Solved(moves) => puzzle_search::sliding::Answer(moves.clone()).to_string(),
            other => format!("{other:?}"),
        };
        rows.push(Row {
            puzzle: "15-puzzle",
            strategy: name.to_string(),
            answer,
            nodes: report.stats.expanded,
            time: report.stats.elapsed,
        });
    }
}
