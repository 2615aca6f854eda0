//! The sliding-tile crate against brute force: every board of the small
//! sizes against a full breadth-first search, the bounds admissible on
//! every 3x3 board, the pattern databases on 4x4, the parser's errors.

use puzzle_search_core::MakeUnmake;
use std::collections::HashMap;

mod common;
use common::{bfs, smallest_path};
use std::sync::Arc;

use puzzle_search_core::{input::SplitMix64, replay};
use puzzle_sliding::{
    Board, Bound, Dir, Goal, Partition, Patterns, Sliding, parse_board, parse_size,
};

/// Every permutation of `0..n`.
fn permutations(n: usize) -> Vec<Vec<u8>> {
    let mut all = vec![vec![]];
    for k in 0..n as u8 {
        all = all
            .into_iter()
            .flat_map(|p: Vec<u8>| {
                (0..=p.len()).map(move |i| {
                    let mut q = p.clone();
                    q.insert(i, k);
                    q
                })
            })
            .collect();
    }
    all
}

fn small_tables(width: usize, height: usize, goal: Goal, partition: &[Vec<u8>]) -> Arc<Patterns> {
    let (p, report) =
        Patterns::load_or_build(width, height, goal, partition, None, None).expect("a partition");
    // No cache: every table built, none loaded, no file touched.
    assert!(report.unsaved().is_empty());
    assert_eq!(report.tables().len(), partition.len());
    assert!(report.tables().iter().all(|t| !t.loaded));
    Arc::new(p)
}

#[test]
fn every_board_of_2x2_and_2x3_and_3x2_against_bfs() {
    for (w, h) in [(2, 2), (2, 3), (3, 2)] {
        for goal in [Goal::BlankLast, Goal::BlankFirst] {
            let dist = bfs(w, h, goal);
            let part = Patterns::default_partition(w, h, goal).expect("small");
            let bounds = [
                Bound::Manhattan,
                Bound::LinearConflict,
                Bound::Pdb(small_tables(w, h, goal, &part)),
            ];
            let (mut solvable, mut not) = (0, 0);
            for tiles in permutations(w * h) {
                let board = Board::from_tiles(w, h, &tiles).expect("valid");
                assert_eq!(
                    board.is_solvable(goal),
                    dist.contains_key(&board),
                    "{board}"
                );
                for bound in &bounds {
                    let puzzle = Sliding::new(w, h, goal, bound.clone()).expect("a valid puzzle");
                    let answer = puzzle.solve(&board).expect("right size");
                    match dist.get(&board) {
                        Some(_) => {
                            let moves = answer.expect("solvable").0;
                            assert_eq!(moves, smallest_path(&dist, &board), "{board} {bound:?}");
                        }
                        None => assert_eq!(answer, None),
                    }
                }
                if dist.contains_key(&board) {
                    solvable += 1;
                } else {
                    not += 1;
                }
            }
            assert_eq!(solvable, not);
        }
    }
}

#[test]
fn every_3x3_board_bounds_admissible_and_a_sample_solved_exactly() {
    for goal in [Goal::BlankLast, Goal::BlankFirst] {
        let dist = bfs(3, 3, goal);
        assert_eq!(dist.len(), 181_440);
        let part = Patterns::default_partition(3, 3, goal).expect("3x3");
        let tables = small_tables(3, 3, goal, &part);
        let lc = Sliding::new(3, 3, goal, Bound::LinearConflict).expect("a valid puzzle");
        let pdb = Sliding::new(3, 3, goal, Bound::Pdb(tables.clone())).expect("a valid puzzle");
        // Zero-aware tables of the same partition: admissible, and never
        // below the plain ones (each entry is one of the states the plain
        // entry takes the least of).
        let (zero, _) = Patterns::load_or_build_zero_aware(
            3,
            3,
            goal,
            &part,
            None,
            &puzzle_search_core::Budget::default(),
            None,
        )
        .expect("a partition");
        let zero = Arc::new(zero);
        let za = Sliding::new(3, 3, goal, Bound::Pdb(zero.clone())).expect("a valid puzzle");
        let (mut exact_pdb, mut exact_lc, mut above) = (0, 0, 0);
        for (board, &d) in &dist {
            use puzzle_search_core::Puzzle;
            let h_lc = lc.lower_bound(&lc.node(board)).expect("a bound");
            let h_pdb = pdb.lower_bound(&pdb.node(board)).expect("a bound");
            let h_za = za.lower_bound(&za.node(board)).expect("a bound");
            assert!(
                h_za <= d && h_za >= h_pdb,
                "{board}: zero-aware {h_za}, {h_pdb}, {d}"
            );
            above += usize::from(h_za > h_pdb);
            assert!(h_lc <= d && h_pdb <= d, "{board}: {h_lc} {h_pdb} > {d}");
            assert_eq!(h_lc % 2, d % 2, "{board}: parity");
            exact_lc += usize::from(h_lc == d);
            exact_pdb += usize::from(h_pdb == d);
        }
        // Neither bound is trivial; the tables are the sharper, and the
        // zero-aware ones sharper still on some boards.
        assert!(
            exact_pdb > exact_lc && exact_lc > 1000,
            "{exact_pdb} {exact_lc}"
        );
        assert!(above > 1000, "zero-aware above plain on {above} boards");
        // Every board, solvable or not: parity agrees with the BFS.
        for tiles in permutations(9) {
            let b = Board::from_tiles(3, 3, &tiles).expect("valid");
            assert_eq!(b.is_solvable(goal), dist.contains_key(&b));
        }
        // A sample, every bound: the smallest shortest path, replayed.
        let mut boards: Vec<&Board> = dist.keys().collect();
        boards.sort_by_key(|b| b.tiles());
        for b in boards.into_iter().step_by(601) {
            let want = smallest_path(&dist, b);
            for bound in [
                Bound::Manhattan,
                Bound::LinearConflict,
                Bound::Pdb(tables.clone()),
                Bound::Pdb(zero.clone()),
            ] {
                let puzzle = Sliding::new(3, 3, goal, bound).expect("a valid puzzle");
                let got = puzzle.solve(b).expect("size").expect("solvable").0;
                assert_eq!(got, want, "{b}");
                assert!(replay(&puzzle, &puzzle.node(b), &got).is_ok());
            }
        }
    }
}

#[test]
fn pattern_databases_on_4x4_agree_with_linear_conflicts() {
    // Small patterns (3 tiles each) keep the test fast; the answers of all
    // bounds must be equal: each is exact.
    let partition: Vec<Vec<u8>> = vec![
        vec![1, 2, 3],
        vec![4, 5, 6],
        vec![7, 8, 9],
        vec![10, 11, 12],
        vec![13, 14, 15],
    ];
    let mut rng = SplitMix64::new(15);
    for goal in [Goal::BlankFirst, Goal::BlankLast] {
        let tables = small_tables(4, 4, goal, &partition);
        let lc = Sliding::new(4, 4, goal, Bound::LinearConflict).expect("a valid puzzle");
        let pdb = Sliding::new(4, 4, goal, Bound::Pdb(tables.clone())).expect("a valid puzzle");
        for _ in 0..12 {
            // A random walk of 40 moves without reversals.
            let b = walked(4, 4, goal, 40, &mut rng);
            use puzzle_search_core::Puzzle;
            // The values kept per move equal the ones computed afresh, on
            // every node of a walk through the children.
            let mut node = pdb.node(&b);
            let mut children = Vec::new();
            for step in 0..30 {
                children.clear();
                pdb.successors(&node, &mut children);
                for (_, child) in &children {
                    let fresh = tables.bound(&child.board).max(u32::from(child.manhattan));
                    assert_eq!(pdb.lower_bound(child), Some(fresh));
                    assert_eq!(*child, pdb.node(&child.board));
                }
                node = children[step % children.len()].1;
            }
            let node = pdb.node(&b);
            let with_lc = lc.solve(&b).expect("size").expect("solvable");
            let with_pdb = pdb.solve(&b).expect("size").expect("solvable");
            assert_eq!(with_lc, with_pdb, "{b}");
            assert!(pdb.lower_bound(&node).expect("bound") <= with_pdb.0.len() as u32);
        }
    }
}

#[test]
fn the_spec_sample_is_korf_1_with_57_moves() {
    // Korf's instance 1 takes seconds with Manhattan alone; check its
    // parse and solvability here, the answer in the ignored test below.
    let (w, h) = parse_size("4 4", 1).expect("size");
    let b = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", 2, w, h).expect("board");
    assert!(b.is_solvable(Goal::BlankFirst));
    assert!(!b.is_solvable(Goal::BlankLast));
}

#[test]
fn bad_input_gets_one_line_naming_what_and_where() {
    let cases: [(&str, &str); 6] = [
        ("4", "line 1: expected the size `W H`"),
        ("4 x", "line 1: number 2: \"x\" is not a number"),
        ("1 4", "line 1: W = 1 is out of range (2 to 25)"),
        ("6 5", "line 1: 30 cells: at most 25 are supported"),
        ("4 4 4", "line 1: expected only `W H`"),
        (
            "99999999999999999999999 2",
            "line 1: W = 99999999999999999999999 is out of range (2 to 25)",
        ),
    ];
    for (input, want) in cases {
        assert_eq!(parse_size(input, 1).unwrap_err().to_string(), want);
    }
    let boards: [(&str, &str); 4] = [
        ("1 2 3", "line 3: expected 4 numbers, found 3"),
        ("1 2 3 0 1", "line 3: expected 4 numbers, found 5"),
        ("1 2 3 4", "line 3: number 4: 4 is outside 0..4"),
        ("1 -2 3 0", "line 3: number 2: \"-2\" is not a number"),
    ];
    for (input, want) in boards {
        assert_eq!(parse_board(input, 3, 2, 2).unwrap_err().to_string(), want);
    }
    // A size the caller got wrong is an error too, never a panic.
    assert!(parse_board("0", 3, 1, 1).is_err());
    assert!(parse_board("0 1 2", 3, 40, 40).is_err());
    assert!(parse_board("0 1 2", 3, usize::MAX, 3).is_err());
    let long = "7".repeat(100);
    let msg = parse_board(&long, 3, 2, 2).unwrap_err().to_string();
    assert!(msg.len() < 100 && msg.contains("..."), "{msg}");
}

/// Korf's 100 with the default 6-6-3 tables: every length optimal, every
/// answer replayed. Builds the tables (about 20 s) into the user's cache
/// unless they are there. Run with
/// `cargo test --release -p puzzle-sliding -- --ignored korf`.
#[test]
#[ignore = "about 40 s in release: Korf's 100 with pattern databases"]
fn korf_100_optimal_with_pattern_databases() {
    korf_100(Partition::SixSixThree);
}

/// Korf's 100 with the 7-8 tables and their reflection, as the 6-6-3
/// test; builds the tables (minutes, about 1.6 GB at the peak) unless
/// they are in the user's cache. Run with
/// `cargo test --release -p puzzle-sliding -- --ignored korf_100_with_7_8`.
#[test]
#[ignore = "minutes in release the first time: the 7-8 tables"]
fn korf_100_with_7_8_tables() {
    korf_100(Partition::SevenEight);
}

fn korf_100(partition: Partition) {
    let dir = puzzle_testkit::shared_dir("data/korf100");
    let (Ok(boards), Ok(optimal)) = (
        std::fs::read_to_string(dir.join("korf100.in")),
        std::fs::read_to_string(dir.join("optimal.txt")),
    ) else {
        eprintln!("skipped: {} is missing", dir.display());
        return;
    };
    let lengths: Vec<usize> = optimal
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().nth(1)?.parse().ok())
        .collect();
    let cache = user_cache();
    let partition = partition.tiles(Goal::BlankFirst);
    let (tables, _) =
        Patterns::load_or_build(4, 4, Goal::BlankFirst, &partition, cache.as_deref(), None)
            .expect("the default partition");
    let puzzle =
        Sliding::new(4, 4, Goal::BlankFirst, Bound::Pdb(Arc::new(tables))).expect("a valid puzzle");
    let mut solved = 0;
    for (i, line) in boards
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .enumerate()
    {
        let board = parse_board(line, i + 2, 4, 4).expect("a board");
        let moves = puzzle.solve(&board).expect("4x4").expect("solvable").0;
        assert_eq!(moves.len(), lengths[i], "instance {}", i + 1);
        assert!(replay(&puzzle, &puzzle.node(&board), &moves).is_ok());
        solved += 1;
    }
    assert_eq!(solved, 100);
}

/// The user's table cache, as the examples find it.
fn user_cache() -> Option<std::path::PathBuf> {
    use std::path::PathBuf;
    std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .map(|d| d.join("puzzle-search"))
}

/// The five easiest of Korf's 50 24-puzzles (#38, #40, #25, #32, #44:
/// 81 to 97 moves) with the 6-6-6-6 tables and their reflection: every
/// length the optimum of `optimal.txt`, every answer replayed. Builds the
/// four tables (minutes, about 730 MB at the peak) into the user's cache
/// unless they are there; the searches take minutes more. Run with
/// `cargo test --release -p puzzle-sliding -- --ignored korf_50`.
#[test]
#[ignore = "minutes in release: the 24-puzzle's tables and five searches"]
fn korf_50_five_easiest_optimal() {
    let dir = puzzle_testkit::shared_dir("data/korf50");
    let (Ok(boards), Ok(optimal)) = (
        std::fs::read_to_string(dir.join("korf50.in")),
        std::fs::read_to_string(dir.join("optimal.txt")),
    ) else {
        eprintln!("skipped: {} is missing", dir.display());
        return;
    };
    let lengths: HashMap<usize, usize> = optimal
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            Some((w.next()?.parse().ok()?, w.next()?.parse().ok()?))
        })
        .collect();
    let boards: Vec<&str> = boards
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert_eq!(boards.len(), 50);
    let partition = Partition::SixSixSixSix.tiles(Goal::BlankFirst);
    let (tables, _) = Patterns::load_or_build(
        5,
        5,
        Goal::BlankFirst,
        &partition,
        user_cache().as_deref(),
        None,
    )
    .expect("the 6-6-6-6 partition");
    let puzzle =
        Sliding::new(5, 5, Goal::BlankFirst, Bound::Pdb(Arc::new(tables))).expect("a valid puzzle");
    for id in [38, 40, 25, 32, 44] {
        let board = parse_board(boards[id - 1], id + 1, 5, 5).expect("a board");
        let moves = puzzle.solve(&board).expect("5x5").expect("solvable").0;
        assert_eq!(moves.len(), lengths[&id], "instance {id}");
        assert!(replay(&puzzle, &puzzle.node(&board), &moves).is_ok());
    }
}

#[test]
fn every_strategy_gives_the_same_answer_on_3x3_and_4x4() {
    use puzzle_search_core::{Solver, Strategy};
    let mut rng = SplitMix64::new(8);
    for (w, h, walk) in [(3, 3, 40), (4, 4, 24), (2, 4, 30)] {
        let puzzle =
            Sliding::new(w, h, Goal::BlankLast, Bound::LinearConflict).expect("a valid puzzle");
        for _ in 0..6 {
            let mut b = Board::goal(w, h, Goal::BlankLast).expect("size");
            for _ in 0..walk {
                let dirs: Vec<Dir> = Dir::ALL
                    .into_iter()
                    .filter(|&d| b.slide(d).is_some())
                    .collect();
                b = b
                    .slide(dirs[rng.below(dirs.len() as u64) as usize])
                    .expect("on board")
                    .0;
            }
            let want = puzzle.solve(&b).expect("size").expect("solvable").0;
            for strategy in [
                Strategy::astar(),
                Strategy::Bidirectional { max_depth: 80 },
                Strategy::bfs(),
            ] {
                let got = puzzle.solve_with(&b, &Solver::new(strategy)).expect("size");
                assert_eq!(got.solution(), Some(&want[..]), "{b} {strategy:?}");
            }
        }
    }
}

#[test]
fn thousands_of_mutated_inputs_give_answers_or_one_line_errors() {
    use puzzle_search_core::{Budget, Solver, Strategy};
    use puzzle_testkit::mutate::{is_one_short_line, mutations};
    let sample = "3 3\n2 3 6 1 5 0 4 7 8\n";
    let (mut parsed, mut refused) = (0, 0);
    for input in mutations(sample, &mut SplitMix64::new(65), 5000) {
        let mut lines = input
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let Some((i, size)) = lines.next() else {
            continue;
        };
        let parsed_input = parse_size(size, i + 1).and_then(|(w, h)| {
            lines
                .map(|(j, line)| parse_board(line, j + 1, w, h))
                .collect::<Result<Vec<_>, _>>()
                .map(|boards| (w, h, boards))
        });
        match parsed_input {
            Ok((w, h, boards)) => {
                parsed += 1;
                let puzzle = Sliding::new(w, h, Goal::BlankLast, Bound::LinearConflict)
                    .expect("a parsed size");
                let capped =
                    Solver::new(Strategy::ida()).budget(Budget::default().max_nodes(100_000));
                for board in &boards {
                    let report = puzzle.solve_with(board, &capped).expect("its size");
                    if let Some(moves) = report.solution() {
                        assert!(replay(&puzzle, &puzzle.node(board), moves).is_ok());
                    }
                }
            }
            Err(e) => {
                refused += 1;
                assert!(is_one_short_line(&e.to_string(), 160), "{input:?}: {e}");
            }
        }
    }
    assert!(parsed > 200 && refused > 2000, "{parsed} {refused}");
}

/// A board `walk` random moves (no reversals) from the goal.
fn walked(w: usize, h: usize, goal: Goal, walk: usize, rng: &mut SplitMix64) -> Board {
    let mut b = Board::goal(w, h, goal).expect("size");
    let mut last: Option<Dir> = None;
    for _ in 0..walk {
        let dirs: Vec<Dir> = Dir::ALL
            .into_iter()
            .filter(|&d| Some(d.reverse()) != last && b.slide(d).is_some())
            .collect();
        let d = dirs[rng.below(dirs.len() as u64) as usize];
        b = b.slide(d).expect("on board").0;
        last = Some(d);
    }
    b
}

#[test]
fn in_place_and_plain_paths_give_the_same_answers_and_nodes() {
    use puzzle_search_core::{DepthMode, InPlace, Puzzle, Solver, Strategy};
    let mut rng = SplitMix64::new(23);
    // Every bound and both table forms: direct-indexed (3x3 default, 4x4
    // in 3-tile patterns, 2x4 one pattern) and ranked (2x5 in one 9-tile
    // pattern: 10^9 entries would not fit directly).
    let mut cases: Vec<(usize, usize, Goal, Bound)> = Vec::new();
    for goal in [Goal::BlankLast, Goal::BlankFirst] {
        for (w, h) in [(3, 3), (2, 4), (4, 2), (4, 4)] {
            cases.push((w, h, goal, Bound::Manhattan));
            cases.push((w, h, goal, Bound::LinearConflict));
        }
        let three = Patterns::default_partition(3, 3, goal).expect("3x3");
        cases.push((3, 3, goal, Bound::Pdb(small_tables(3, 3, goal, &three))));
        let small: Vec<Vec<u8>> = (0..5)
            .map(|i| vec![3 * i + 1, 3 * i + 2, 3 * i + 3])
            .collect();
        cases.push((4, 4, goal, Bound::Pdb(small_tables(4, 4, goal, &small))));
        if goal == Goal::BlankLast {
            // Tiles 13-15 in no pattern: the bound is the larger of the sum
            // and Manhattan (one goal: these searches are the slowest).
            let part = &small[..4];
            cases.push((4, 4, goal, Bound::Pdb(small_tables(4, 4, goal, part))));
        }
        let whole = Patterns::default_partition(2, 4, goal).expect("2x4");
        cases.push((2, 4, goal, Bound::Pdb(small_tables(2, 4, goal, &whole))));
        // Ranked with the mirrored look-up: one 8-tile pattern on 3x3
        // (9^8 direct entries are past the direct limit).
        let eight = [(1..9).collect::<Vec<u8>>()];
        cases.push((3, 3, goal, Bound::Pdb(small_tables(3, 3, goal, &eight))));
        // Zero-aware (ranked, the blank's region in the index): 3x3 in
        // two patterns of four, 4x4 in five of three.
        for (w, h, part) in [(3, 3, three.clone()), (4, 4, small.clone())] {
            let (z, _) = Patterns::load_or_build_zero_aware(
                w,
                h,
                goal,
                &part,
                None,
                &puzzle_search_core::Budget::default(),
                None,
            )
            .expect("a partition");
            cases.push((w, h, goal, Bound::Pdb(Arc::new(z))));
        }
    }
    let ranked = Patterns::default_partition(2, 5, Goal::BlankLast).expect("2x5");
    cases.push((
        2,
        5,
        Goal::BlankLast,
        Bound::Pdb(small_tables(2, 5, Goal::BlankLast, &ranked)),
    ));
    for (w, h, goal, bound) in cases {
        let puzzle = Sliding::new(w, h, goal, bound.clone()).expect("a valid puzzle");
        for round in 0..4 {
            let walk = if w * h == 16 { 30 } else { 24 };
            let b = walked(w, h, goal, walk + round, &mut rng);
            let node = puzzle.node(&b);
            let want = puzzle.solve(&b).expect("size").expect("solvable").0;
            for strategy in [
                Strategy::ida(),
                Strategy::Dfs {
                    depth: want.len() as u32,
                    mode: DepthMode::AtMost,
                },
                Strategy::Dfs {
                    depth: want.len() as u32 + 2,
                    mode: DepthMode::Exactly,
                },
            ] {
                let solver = Solver::new(strategy).parallel(false);
                let plain = solver.solve(&puzzle, &node);
                let fast = solver.solve(MakeUnmake(&puzzle), &node);
                let what = format!("{w}x{h} {goal:?} {bound:?} {b} {strategy:?}");
                assert_eq!(fast.outcome, plain.outcome, "{what}");
                assert_eq!(fast.stats.expanded, plain.stats.expanded, "{what}");
                assert_eq!(
                    fast.stats.bound_cutoffs, plain.stats.bound_cutoffs,
                    "{what}"
                );
            }
            assert_eq!(
                Solver::new(Strategy::ida())
                    .solve(MakeUnmake(&puzzle), &node)
                    .solution(),
                Some(&want[..])
            );
            // make then unmake restores every field (not only the board,
            // which is all `==` compares), and the bound told before a
            // move is the child's.
            let mut at = node;
            let mut moves = Vec::new();
            for step in 0..20 {
                moves.clear();
                puzzle.moves(&at, 99, None, &mut moves);
                for &mv in &moves {
                    let before = format!("{at:?}");
                    let peek = puzzle.bound_after(&at, mv);
                    let undo = puzzle.make(&mut at, mv);
                    assert_eq!(format!("{at:?}"), format!("{:?}", puzzle.node(&at.board)));
                    if let Some(peek) = peek {
                        assert_eq!(Some(peek), puzzle.lower_bound(&at));
                    }
                    puzzle.unmake(&mut at, mv, undo);
                    assert_eq!(format!("{at:?}"), before);
                    // `make_within` cuts exactly the children over `max`,
                    // with their bound, touching nothing; otherwise it
                    // plays the move as `make` does.
                    let what = format!("{w}x{h} {goal:?} {bound:?}");
                    let child =
                        puzzle.lower_bound(&puzzle.node(&at.board.slide(mv).expect("legal").0));
                    let c = child.expect("a board has a bound");
                    for max in [c.saturating_sub(1), c, u32::MAX] {
                        match puzzle.make_within(&mut at, mv, max) {
                            Err(bound) => {
                                assert!(bound > max, "{what} {mv:?} {max}");
                                assert_eq!(Some(bound), child, "{what} {mv:?}");
                                assert_eq!(format!("{at:?}"), before);
                            }
                            Ok(undo) => {
                                let made = puzzle.node(&at.board);
                                assert_eq!(format!("{at:?}"), format!("{made:?}"));
                                // Manhattan and direct tables always cut.
                                if peek.is_some() {
                                    assert!(child <= Some(max), "{what} {mv:?} {max}");
                                }
                                puzzle.unmake(&mut at, mv, undo);
                                assert_eq!(format!("{at:?}"), before);
                            }
                        }
                    }
                }
                let mv = moves[step % moves.len()];
                puzzle.make(&mut at, mv);
            }
        }
    }
}

#[test]
fn in_place_search_stops_at_its_budget() {
    use puzzle_search_core::{Budget, Limit, Outcome, Solver, Strategy};
    let puzzle = Sliding::new(4, 4, Goal::BlankFirst, Bound::Manhattan).expect("a valid puzzle");
    // Korf's first instance needs 57 moves: far beyond 10,000 nodes.
    let b = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", 1, 4, 4).expect("valid");
    for threads in [false, true] {
        let solver = Solver::new(Strategy::ida())
            .budget(Budget::default().max_nodes(10_000))
            .parallel(threads);
        let report = puzzle.solve_with(&b, &solver).expect("size");
        assert_eq!(report.outcome, Outcome::Stopped(Limit::Nodes));
    }
}

#[test]
fn census_layers_equal_a_full_bfs_on_every_small_size() {
    use puzzle_search_core::{Budget, Distances, Limit, Ranked, Solver, Strategy};
    for (w, h) in [(2, 2), (2, 3), (3, 2), (3, 3)] {
        for goal in [Goal::BlankLast, Goal::BlankFirst] {
            let dist = bfs(w, h, goal);
            let mut want = vec![0u64; 1 + *dist.values().max().expect("boards") as usize];
            for &d in dist.values() {
                want[d as usize] += 1;
            }
            let puzzle = Sliding::new(w, h, goal, Bound::Manhattan).expect("a valid puzzle");
            let start = puzzle.node(&Board::goal(w, h, goal).expect("size"));
            let solver = Solver::new(Strategy::bfs());
            let dense = solver.census_ranked(&puzzle, &start);
            let hashed = solver.census(&puzzle, &start);
            assert_eq!(dense.layers, want, "{w}x{h} {goal:?} dense");
            assert_eq!(hashed.layers, want, "{w}x{h} {goal:?} hash");
            assert_eq!((dense.stopped, hashed.stopped), (None, None));
            // The rank is a bijection on the boards seen.
            for b in dist.keys().take(500) {
                let node = puzzle.node(b);
                assert!(puzzle.rank(&node) < puzzle.space_size());
                assert_eq!(puzzle.unrank(puzzle.rank(&node)).board, *b);
            }
            // The distances by rank: each board's BFS distance, nothing else.
            let by_rank = solver.distances_ranked(&puzzle, &start).expect("small");
            assert_eq!(by_rank.census().layers, want);
            for (b, &d) in &dist {
                let r = puzzle.rank(&puzzle.node(b));
                assert_eq!(by_rank.get(r), Some(d as u8), "{w}x{h} {goal:?} {b}");
            }
            let reached = by_rank
                .as_bytes()
                .iter()
                .filter(|&&d| d != Distances::UNREACHED);
            assert_eq!(reached.count(), dist.len());
            // A node limit stops it after complete layers, and the bytes
            // keep those layers' distances only.
            let limited = Solver::new(Strategy::bfs()).budget(Budget::default().max_nodes(50));
            let part = limited.distances_ranked(&puzzle, &start).expect("small");
            let complete = part.census().layers.len() as u32;
            assert_eq!(part.census().layers[..], want[..complete as usize]);
            if dist.len() > 1000 {
                assert_eq!(part.census().stopped, Some(Limit::Nodes));
                assert!(complete < want.len() as u32);
            }
            for (b, &d) in &dist {
                let r = puzzle.rank(&puzzle.node(b));
                assert_eq!(part.get(r), (d < complete).then_some(d as u8));
            }
            // A cap on the states kept stops both, after complete layers.
            let capped = Solver::new(Strategy::bfs()).budget(Budget::default().max_states(100));
            let part = capped.census(&puzzle, &start);
            assert!(part.states() <= 100 && part.layers[..] == want[..part.layers.len()]);
            if dist.len() > 100 {
                assert_eq!(part.stopped, Some(Limit::States));
                assert_eq!(part.radius(), None);
            } else {
                assert_eq!(part.layers, want);
            }
            if puzzle.space_size() > 100 {
                assert_eq!(
                    capped.census_ranked(&puzzle, &start).stopped,
                    Some(Limit::States)
                );
                let refused = capped.distances_ranked(&puzzle, &start).expect("small");
                assert_eq!(refused.census().stopped, Some(Limit::States));
                assert!(refused.as_bytes().is_empty());
            }
        }
    }
}

#[test]
fn census_equals_the_hand_written_one_on_2x4() {
    use puzzle_search_core::{Solver, Strategy};
    let puzzle = Sliding::new(4, 2, Goal::BlankLast, Bound::Manhattan).expect("a valid puzzle");
    let start = puzzle.node(&Board::goal(4, 2, Goal::BlankLast).expect("4x2"));
    let want = puzzle_testkit::census::hand_written(4, 2);
    assert_eq!(want.iter().sum::<u64>(), 20_160); // 8! / 2
    assert_eq!(
        Solver::new(Strategy::bfs())
            .census_ranked(&puzzle, &start)
            .layers,
        want
    );
}

#[test]
fn a_batch_answers_each_board_as_alone() {
    use puzzle_search_core::{Solver, Strategy, input::SplitMix64};
    let puzzle = Sliding::new(3, 3, Goal::BlankLast, Bound::LinearConflict).expect("3x3");
    let home = Board::goal(3, 3, Goal::BlankLast).expect("3x3");
    let mut rng = SplitMix64::new(31);
    let mut boards: Vec<Board> = (0..24).map(|i| home.walk(10 + i, &mut rng)).collect();
    // One that cannot reach the goal: two tiles swapped.
    boards.push(parse_board("2 1 3 4 5 6 7 8 0", 1, 3, 3).expect("valid"));
    for threads in [1, 2, 3, 8, 16] {
        let solver = Solver::new(Strategy::ida()).threads(threads);
        let batch = puzzle
            .solve_batch(&boards, &solver, |_, _| {})
            .expect("3x3 boards");
        for (b, r) in boards.iter().zip(&batch) {
            let alone = puzzle.solve_with(b, &solver).expect("3x3");
            assert_eq!(r.outcome, alone.outcome, "{b} on {threads} threads");
        }
    }
    let wrong = [Board::goal(4, 4, Goal::BlankLast).expect("4x4")];
    assert!(
        puzzle
            .solve_batch(&wrong, &Solver::new(Strategy::ida()), |_, _| {})
            .is_err()
    );
}
