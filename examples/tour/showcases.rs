//! The tour's showcases: one real instance per puzzle, solved the plain
//! way and the strong way.

use super::*;

/// One way of solving one instance, a line of the showcase.
pub(crate) struct Way {
    pub(crate) way: String,
    pub(crate) threads: usize,
    pub(crate) nodes: Option<u64>,
    pub(crate) time: Duration,
    pub(crate) answer: String,
}

/// An instance with its ways, the first the baseline of the speed-ups.
pub(crate) struct Showcase {
    pub(crate) instance: String,
    pub(crate) ways: Vec<Way>,
}

/// The threads a search runs on here: one, or every one of rayon's.
pub(crate) fn threads_of(parallel: bool) -> usize {
    if parallel {
        rayon::current_num_threads()
    } else {
        1
    }
}

/// A 15-puzzle 400 random moves from the blank-first goal (seed 8, 50
/// moves): Manhattan against the 6-6-3 pattern databases with the mirror.
pub(crate) fn fifteen() -> Result<Showcase, String> {
    use puzzle_search::sliding::{Board, Bound, Goal, Patterns, Sliding};
    let goal = Goal::BlankFirst;
    let board = Board::goal(4, 4, goal)
        .ok_or("4x4")?
        .walk(400, &mut SplitMix64::new(8));
    let one = Solver::new(Strategy::IdaStar { max_depth: 80 }).parallel(false);
    let all = Solver::new(Strategy::IdaStar { max_depth: 80 });
    let partition = Patterns::default_partition(4, 4, goal).ok_or("a 4x4 partition")?;
    let dir = puzzle_search_cli::args::cache_dir(None);
    // A spinner: the build settles one state a blank region, far fewer
    // than the ranks it could reach, so no fraction of them is telling.
    let bar = puzzle_search_cli::progress::spinner("pattern databases");
    let told = std::sync::Once::new();
    let progress = |name: &str, p: puzzle_search::pdb::BuildProgress| {
        told.call_once(|| {
            bar.suspend(|| {
                puzzle_search_cli::say!(
                    "building the 15-puzzle's pattern databases once (seconds on 2 cores; \
                     kept in {})",
                    dir.as_deref()
                        .map_or("memory only".into(), |d| d.display().to_string())
                );
            });
        });
        bar.set_message(format!(
            "{name}: distance {}, {} states there, {} in all",
            p.depth, p.layer, p.done
        ));
    };
    let loaded = Instant::now();
    let (tables, problems) =
        Patterns::load_or_build(4, 4, goal, &partition, dir.as_deref(), Some(&progress))
            .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    for e in problems.unsaved() {
        puzzle_search_cli::say!("warning: pattern database cache: {e}");
    }
    let loaded = loaded.elapsed();
    let md = Sliding::new(4, 4, goal, Bound::Manhattan).map_err(|e| e.to_string())?;
    let pdb = Sliding::new(4, 4, goal, Bound::Pdb(std::sync::Arc::new(tables)))
        .map_err(|e| e.to_string())?;
    let mut ways = Vec::new();
    for (way, puzzle, solver, parallel) in [
        ("IDA*, Manhattan distance".to_string(), &md, &one, false),
        (
            format!("IDA*, 6-6-3 pattern databases (ready in {loaded:.1?})"),
            &pdb,
            &one,
            false,
        ),
        ("the same, every thread".to_string(), &pdb, &all, true),
    ] {
        let report = puzzle
            .solve_with(&board, solver)
            .map_err(|e| e.to_string())?;
        let answer = match report.outcome.clone().into_result() {
            Ok(Some(moves)) if replay(puzzle, &puzzle.node(&board), &moves).is_ok() => {
                format!("{} moves", moves.len())
            }
            Ok(Some(_)) => "REPLAY FAILED".into(),
            Ok(None) => "unsolvable".into(),
            Err(limit) => limit.to_string(),
        };
        ways.push(Way {
            way,
            threads: threads_of(parallel),
            nodes: Some(report.stats.expanded),
            time: report.stats.elapsed,
            answer,
        });
    }
    Ok(Showcase {
        instance: format!("15-puzzle, 400 random moves ({board})"),
        ways,
    })
}

/// A 3x3x3 cube 13 face turns from solved (`scripts/cube-scrambles.py 20
/// 12 16 2026`, its fifth), solved optimally through the generic twisty
/// crate: Korf's tables read at the position alone on one thread, then
/// the defaults (tables by symmetry class, read at three conjugates and
/// at the inverse) on every thread.
pub(crate) fn cube() -> Result<Showcase, String> {
    use puzzle_search::twisty::{Definition, Moves, TableOptions, Twisty, parse_scrambles};
    let def = Definition::builtin("3x3x3")
        .ok_or("the built-in cube")?
        .map_err(|e| e.to_string())?;
    let moves = Moves::all(&def).map_err(|e| e.to_string())?;
    let plain = Twisty::new(def, moves);
    let text = "ScrambleAlg s5\nL U R2 D' U R F' D' B2 U2 R D U\nEnd\n";
    let scramble = parse_scrambles(text, plain.definition(), plain.moves())
        .map_err(|e| e.to_string())?
        .remove(0);
    let start = scramble.position(plain.definition(), plain.moves());
    let dir = puzzle_search_cli::args::cache_dir(None);
    let mut ways = Vec::new();
    for (symmetric, parallel) in [(false, false), (true, true)] {
        // Korf's tables read at the position alone, then the defaults.
        // Tables of at most 2^27 entries (the old defaults):
        // built in seconds, so the tour stays short; the program's
        // defaults are eight edges at a time (86 MB packed, about a minute)
        // and the projection's table (H48's coordinate, another minute).
        let small = 1 << 27;
        let options = if symmetric {
            TableOptions {
                max_states: small,
                project_from: None,
                ..TableOptions::default()
            }
        } else {
            plain_tables(small)
        };
        // Said once for both sets of tables (the message names both),
        // when a table is built (not when loaded).
        static TOLD: std::sync::Once = std::sync::Once::new();
        let progress = |_: puzzle_search::pdb::BuildProgress| {
            TOLD.call_once(|| {
                puzzle_search_cli::say!(
                    "building the cube's tables once (87 MB, then 65 MB by symmetry class: about 30 s on 2 cores; kept in {})",
                    dir.as_deref()
                        .map_or("memory only".into(), |d| d.display().to_string())
                );
            });
        };
        ways.push(twisty_way(&plain, &start, options, parallel, 30, Some(&progress), |ready| {
            if symmetric {
                format!(
                    "tables by symmetry class, read at 3 conjugates and the inverse, every thread (ready in {ready:.1?})"
                )
            } else {
                format!("IDA*, corners whole and edges six at a time (ready in {ready:.1?})")
            }
        })?);
    }
    Ok(Showcase {
        instance: "3x3x3 cube, 13 random face turns".into(),
        ways,
    })
}

/// The plain way's tables: groups of consecutive pieces of at most
/// `max_states` coordinates each, read at the position alone, full
/// width, no projection.
pub(crate) fn plain_tables(max_states: u64) -> puzzle_search::twisty::TableOptions {
    puzzle_search::twisty::TableOptions {
        max_states,
        inverse: false,
        views: 1,
        reduce: false,
        pack_above: None,
        project_from: None,
        project_to: 0,
    }
}

/// `start` solved by IDA* (at most `max_depth` moves) with `plain`'s
/// tables built by `options` (from the cache where there, `progress`
/// hearing each build), on every thread where `parallel`; `way` names it
/// from the time the tables took.
pub(crate) fn twisty_way(
    plain: &puzzle_search::twisty::Twisty,
    start: &puzzle_search::twisty::Position,
    options: puzzle_search::twisty::TableOptions,
    parallel: bool,
    max_depth: u32,
    progress: Option<&(dyn Fn(puzzle_search::pdb::BuildProgress) + Sync)>,
    way: impl FnOnce(Duration) -> String,
) -> Result<Way, String> {
    let dir = puzzle_search_cli::args::cache_dir(None);
    let ready = Instant::now();
    let bound = puzzle_search::twisty::OrbitBound::build_with(
        plain.definition(),
        plain.moves(),
        options,
        &puzzle_search::Budget::default(),
        dir.as_deref(),
        progress,
    )
    .map_err(|e| e.to_string())?;
    let ready = ready.elapsed();
    let puzzle = plain.clone().with_bound(bound);
    let solver = Solver::new(Strategy::IdaStar { max_depth }).parallel(parallel);
    let report = solver.solve(MakeUnmake(&puzzle), start);
    let answer = answer_cell(&puzzle, start, &report.outcome, "unsolvable", |&m| {
        format!("{} ", puzzle.moves().names()[usize::from(m)])
    });
    Ok(Way {
        way: way(ready),
        threads: threads_of(parallel),
        nodes: Some(report.stats.expanded),
        time: report.stats.elapsed,
        answer: format!("{} moves", answer.split_whitespace().count()),
    })
}

/// A uniformly random 2x2x2 position (`twisty 2x2x2 --random 1 --seed
/// 2026`), solved optimally: tables over four corners at a time read at
/// the position alone on one thread, then the default (one exact table
/// over the whole cube by its symmetries) on every thread. A random
/// 3x3x3 position takes minutes (`twisty 3x3x3 --random 10`, the figures
/// in docs/puzzles/twisty.md), too long for the tour.
pub(crate) fn pocket_random() -> Result<Showcase, String> {
    use puzzle_search::twisty::{Definition, Moves, TableOptions, Twisty, random_position};
    let def = Definition::builtin("2x2x2")
        .ok_or("the built-in 2x2x2")?
        .map_err(|e| e.to_string())?;
    let moves = Moves::all(&def).map_err(|e| e.to_string())?;
    let plain = Twisty::new(def, moves);
    let (start, _) = random_position(
        plain.definition(),
        plain.moves(),
        &mut SplitMix64::new(2026),
    );
    let mut ways = Vec::new();
    for strong in [false, true] {
        let options = if strong {
            TableOptions::default()
        } else {
            // 8 * 7 * 6 * 5 places and 3^4 turns: four corners a table.
            plain_tables(8 * 7 * 6 * 5 * 81)
        };
        ways.push(twisty_way(
            &plain,
            &start,
            options,
            strong,
            20,
            None,
            |ready| {
                if strong {
                    format!(
                        "one exact table by symmetry class, every thread (ready in {ready:.1?})"
                    )
                } else {
                    format!("IDA*, corners four at a time, at the position (ready in {ready:.1?})")
                }
            },
        )?);
    }
    Ok(Showcase {
        instance: "2x2x2 cube, a uniformly random position".into(),
        ways,
    })
}

/// A Rotation Game board 13 moves from solved (God's number; the first of
/// `rotation_boards 13 1`): classic IDA* against the pattern database.
pub(crate) fn rotation_deep() -> Result<Showcase, String> {
    let board: rotation::Board = "3 3 3 2 2 1 1 1 2 1 1 1 2 3 2 3 3 2 3 2 3 2 1 1"
        .parse()
        .map_err(|e: rotation::ParseError| e.to_string())?;
    let built = rotation::pdb::table().build_time();
    let classic = Solver::new(Strategy::IdaStar {
        max_depth: rotation::MAX_DEPTH,
    })
    .parallel(false);
    let report = rotation::solve_with(&board, &classic);
    let answer = |outcome| match rotation::Answer::from_outcome(&board, outcome) {
        Ok(a) => format!("{} moves", a.to_string().lines().next().map_or(0, str::len)),
        Err(e) => e.to_string(),
    };
    let mut ways = vec![Way {
        way: "IDA*, classic bound (8 - most of one number in the centre)".into(),
        threads: 1,
        nodes: Some(report.stats.expanded),
        time: report.stats.elapsed,
        answer: answer(report.outcome),
    }];
    let t = Instant::now();
    let table = rotation::solve(&board);
    ways.push(Way {
        way: format!("exact pattern database, walked (built in {built:.0?})"),
        threads: 1,
        nodes: None,
        time: t.elapsed(),
        answer: table.map_or_else(
            |e| e.to_string(),
            |a| format!("{} moves", a.to_string().lines().next().map_or(0, str::len)),
        ),
    });
    Ok(Showcase {
        instance: "Rotation Game, a board 13 moves from solved".into(),
        ways,
    })
}

/// A dense Box-slide level (7x7, 24 boxes, 5 moves; made by
/// `boxslide_levels 7 7 5 3 1 --boxes 24`): plain IDA* against the full
/// solver (transposition table, every thread).
pub(crate) fn boxslide_dense() -> Result<Showcase, String> {
    let level: boxslide::Level = "7 7 5\n0 0 1 0 0 0 0\n0 0 1 0 0 0 0\n0 0 2 1 1 0 0\n\
                                  0 0 1 3 2 3 0\n0 2 2 3 1 1 0\n0 1 1 2 3 2 0\n0 3 1 3 1 1 0\n"
        .parse()
        .map_err(|e: boxslide::ParseError| e.to_string())?;
    let plain = Solver::new(Strategy::IdaStar {
        max_depth: level.limit,
    })
    .parallel(false);
    let full = boxslide::solver(level.limit);
    let mut ways = Vec::new();
    for (way, solver, parallel) in [
        ("IDA*, plain", &plain, false),
        (
            "IDA*, table and every thread (boxslide::solve)",
            &full,
            true,
        ),
    ] {
        let report = boxslide::solve_with(&level, solver);
        let answer = answer_cell(
            &boxslide::BoxSlide,
            &level.board,
            &report.outcome,
            "-1",
            |m| format!("({m}) "),
        );
        ways.push(Way {
            way: way.into(),
            threads: threads_of(parallel),
            nodes: Some(report.stats.expanded),
            time: report.stats.elapsed,
            answer: format!("{} moves", answer.matches('(').count()),
        });
    }
    Ok(Showcase {
        instance: "Box-slide, 7x7 with 24 boxes".into(),
        ways,
    })
}

/// Lights Out on a 1000 x 1000 board (a million lights, seed 1): GF(2)
/// algebra, the presses replayed to check them.
pub(crate) fn lights_out() -> Showcase {
    let n = 1000;
    let board = flip::Grid::new(n, n).apply(&flip::Grid::random(n, n, &mut SplitMix64::new(1)));
    let t = Instant::now();
    let solved = flip::algebra::solve(&board);
    let time = t.elapsed();
    let answer = match solved {
        Some(s) if board.apply(&s.presses).is_zero() => {
            format!("{} presses, checked", s.presses.count_ones())
        }
        Some(_) => "REPLAY FAILED".into(),
        None => "unsolvable".into(),
    };
    Showcase {
        instance: "Lights Out, 1000 x 1000".into(),
        ways: vec![Way {
            way: "GF(2) algebra (no search: 2^1000000 press sets)".into(),
            threads: 1,
            nodes: None,
            time,
            answer,
        }],
    }
}

/// Every position of the 2x5 sliding puzzle (1,814,400 boards): a census
/// by hash set against one by perfect rank.
pub(crate) fn census() -> Result<Showcase, String> {
    use puzzle_search::sliding::{Board, Bound, Goal, Sliding};
    let puzzle =
        Sliding::new(5, 2, Goal::BlankLast, Bound::Manhattan).map_err(|e| e.to_string())?;
    let home = puzzle.node(&Board::goal(5, 2, Goal::BlankLast).ok_or("2x5")?);
    let solver = Solver::new(Strategy::bfs());
    let mut ways = Vec::new();
    for (way, census) in [
        ("BFS census, hash set", solver.census(&puzzle, &home)),
        (
            "BFS census, a byte per rank",
            solver.census_ranked(&puzzle, &home),
        ),
    ] {
        ways.push(Way {
            way: way.into(),
            // Both censuses run each layer on every thread.
            threads: threads_of(true),
            nodes: Some(census.stats.expanded),
            time: census.stats.elapsed,
            answer: format!(
                "{} states, farthest {} moves",
                census.states(),
                census.radius().map_or("?".into(), |r| r.to_string())
            ),
        });
    }
    Ok(Showcase {
        instance: "2x5 sliding puzzle, every position".into(),
        ways,
    })
}
