//! The box-slide maze through the public API: the sample, each rule by
//! hand, the fast solver against plain iterative deepening, bad input.

use puzzle_boxslide::{Board, BoxSlide, Dir, Level, Move, generate};
use puzzle_search_core::{Puzzle, Solver, Strategy, input::SplitMix64, replay};

const SAMPLE: &str = "7 6 2
0 1 0 0 0 0
0 2 0 0 0 0
0 3 0 0 0 0
0 2 1 0 0 0
0 1 3 3 0 0
0 2 2 1 0 0
0 1 1 2 2 0
";

fn board(rows: &[&[u8]]) -> Board {
    let mut b = Board::empty(rows.len(), rows[0].len()).expect("a valid size");
    for (r, row) in rows.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            b.set(r, c, v);
        }
    }
    b
}

fn mv(r: u8, c: u8, dir: Dir) -> Move {
    Move { r, c, dir }
}

#[test]
fn the_spec_sample() {
    let level: Level = SAMPLE.parse().expect("valid");
    let answer = puzzle_boxslide::solve(&level);
    assert_eq!(answer.to_string(), "2\n2 1 D\n4 0 R");
    let moves = answer.0.expect("solvable");
    assert!(replay(&BoxSlide, &level.board, &moves).is_ok());
    // One move short: none.
    let short = Level { limit: 1, ..level };
    assert_eq!(puzzle_boxslide::solve(&short).to_string(), "-1");
    let bfs = Solver::new(Strategy::Bfs { max_depth: 2 });
    assert_eq!(
        puzzle_boxslide::solve_with(&level, &bfs).solution(),
        Some(&moves[..])
    );
}

#[test]
fn a_vertical_swap_and_a_box_lifted_into_air() {
    let b = board(&[&[0, 0, 0], &[0, 1, 0], &[0, 2, 0]]);
    assert_eq!(
        b.apply(mv(1, 1, Dir::D)),
        Some(board(&[&[0, 0, 0], &[0, 2, 0], &[0, 1, 0]]))
    );
    // The 1 lifted into the empty cell above falls back: nothing changes.
    assert_eq!(b.apply(mv(0, 1, Dir::D)), Some(b));
    assert_eq!(b.apply(mv(0, 0, Dir::D)), None, "both cells empty");
    assert_eq!(b.apply(mv(2, 2, Dir::D)), None, "off the grid");
}

#[test]
fn chains_and_crossing_runs() {
    // The bottom-row swap stacks three 1s in column 2; they vanish, the 2
    // on top falls beside the two 2s on the left, and those three vanish.
    let chain = board(&[&[0, 0, 2, 0], &[0, 0, 1, 0], &[0, 0, 1, 0], &[2, 2, 3, 1]]);
    let swapped = chain.swap(mv(3, 2, Dir::R)).expect("legal");
    assert_eq!(swapped.marked_cells(), [(1, 2), (2, 2), (3, 2)]);
    let after = chain.apply(mv(3, 2, Dir::R)).expect("legal");
    assert_eq!(
        after,
        board(&[&[0, 0, 0, 0], &[0, 0, 0, 0], &[0, 0, 0, 0], &[0, 0, 0, 3]])
    );
    // A cross: a row and a column of 4s sharing a cell vanish together.
    let cross = board(&[&[0, 4, 0], &[0, 4, 0], &[4, 4, 4]]);
    assert_eq!(cross.marked_cells().len(), 5);
    assert!(cross.settled().is_empty());
}

#[test]
fn both_sides() {
    let b = board(&[&[0, 0, 0, 0], &[1, 0, 0, 2], &[2, 1, 1, 3]]);
    // Left edge: the 1 at (1, 0) slides right onto the 1 at (2, 1); two in a
    // column are no run.
    assert_eq!(
        b.apply(mv(1, 0, Dir::R)),
        Some(board(&[&[0, 0, 0, 0], &[0, 1, 0, 2], &[2, 1, 1, 3]]))
    );
    // Right edge: the 2 at (1, 3) slides left into (1, 2) and rests on a 1.
    assert_eq!(
        b.apply(mv(1, 2, Dir::R)),
        Some(board(&[&[0, 0, 0, 0], &[1, 0, 2, 0], &[2, 1, 1, 3]]))
    );
    assert_eq!(b.apply(mv(1, 3, Dir::R)), None);
}

#[test]
fn the_fast_engine_equals_the_reference() {
    let mut rng = SplitMix64::new(6);
    let mut moves = 0;
    for i in 0..600 {
        let (h, w) = (3 + i % 6, 4 + (i / 6) % 6);
        let Ok(b) = generate(&mut rng, h, w, 3 * (1 + i % 6), 2 + (i % 4) as u8) else {
            continue;
        };
        let g = puzzle_testkit::boxslide_reference::from_board(&b);
        for m in puzzle_testkit::boxslide_reference::legal_moves(&g) {
            let slow = puzzle_testkit::boxslide_reference::apply(&g, m).expect("legal");
            assert_eq!(
                b.apply(m)
                    .map(|x| puzzle_testkit::boxslide_reference::from_board(&x)),
                Some(slow),
                "{b:?} {m}"
            );
            moves += 1;
        }
    }
    assert!(moves > 10_000, "{moves}");
}

#[test]
fn the_solver_equals_plain_iterative_deepening() {
    let mut rng = SplitMix64::new(7);
    let (mut solved, mut unsolved) = (0, 0);
    for i in 0..300 {
        let (h, w) = (3 + i % 3, 5 + i % 2);
        let Ok(b) = generate(&mut rng, h, w, 3 * (1 + i % 3), 2 + (i % 2) as u8) else {
            continue;
        };
        let limit = 1 + (i % 3) as u32;
        let level = Level { board: b, limit };
        let expected = puzzle_testkit::boxslide_reference::solve_plain(
            &puzzle_testkit::boxslide_reference::from_board(&b),
            limit,
        );
        let fast = puzzle_boxslide::solve(&level).0;
        assert_eq!(fast, expected, "{level}");
        let bfs = Solver::new(Strategy::Bfs { max_depth: limit });
        assert_eq!(
            puzzle_boxslide::solve_with(&level, &bfs)
                .solution()
                .map(<[Move]>::to_vec),
            expected
        );
        match expected {
            Some(m) => {
                assert!(replay(&BoxSlide, &b, &m).is_ok());
                solved += 1;
            }
            None => unsolved += 1,
        }
    }
    assert!(
        solved > 30 && unsolved > 30,
        "{solved} solved, {unsolved} not"
    );
}

#[test]
fn an_empty_grid_needs_no_moves() {
    let level: Level = "2 3 0\n0 0 0\n0 0 0\n".parse().expect("valid");
    assert_eq!(puzzle_boxslide::solve(&level).to_string(), "0");
}

#[test]
fn bad_input_gets_a_clear_error() {
    let cases = [
        ("", "the input is empty: expected H W L"),
        ("\n3 3\n", "line 2: the move limit L is missing"),
        (
            "3 3 -1\n0 0 0\n0 0 0\n0 0 0\n",
            "line 1: the move limit L = -1 is negative",
        ),
        ("0 3 1\n", "line 1: H = 0 must be 1 to 16"),
        ("3 17 1\n", "line 1: W = 17 must be 1 to 16"),
        (
            "2 3 1\n0 0 0\n0 16 0\n",
            "line 3: row 1, column 1: colour 16 is outside 0..=15",
        ),
        (
            "2 3 1\n0 0 0\n0 x 0\n",
            "line 3: row 1, column 1: 'x' is not an integer",
        ),
        (
            "2 3 1\n0 0 0\n\n0 1\n",
            "line 4: row 1: 2 values, expected W = 3",
        ),
        ("3 3 1\n0 0 0\n0 1 0\n", "2 rows, expected H = 3"),
        (
            "2 3 1\n0 1 0\n0 0 0\n",
            "line 2: row 0, column 1: the box floats (the cell below is empty)",
        ),
        (
            "2 3 1\n0 0 0\n2 2 2\n",
            "line 3: row 1, column 0: the starting board already holds a run of three of colour 2",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(
            input
                .parse::<Level>()
                .map(|_| ())
                .map_err(|e| e.to_string()),
            Err(message.to_string()),
            "{input:?}"
        );
    }
}

#[test]
fn with_one_move_left_only_board_emptying_moves_are_generated() {
    let mut rng = SplitMix64::new(41);
    let (mut boards, mut emptying) = (0, 0);
    while boards < 3000 {
        let (h, w) = (3 + rng.below(6) as usize, 3 + rng.below(6) as usize);
        let boxes = 3 * (1 + rng.below((h * (w - 2) / 3).clamp(1, 6) as u64) as usize);
        let colours = 2 + rng.below(3) as u8;
        let Ok(board) = generate(&mut rng, h, w, boxes, colours) else {
            continue;
        };
        boards += 1;
        let (mut all, mut within) = (Vec::new(), Vec::new());
        BoxSlide.successors(&board, &mut all);
        all.retain(|(_, b)| b.is_empty());
        assert!(BoxSlide.successors_within(&board, 1, &mut within));
        assert_eq!(within, all, "{board:?}");
        emptying += within.len();
        // With more moves left nothing is left out.
        let (mut every, mut two) = (Vec::new(), Vec::new());
        BoxSlide.successors(&board, &mut every);
        assert!(!BoxSlide.successors_within(&board, 2, &mut two));
        assert_eq!(two, every);
    }
    assert!(emptying > 50, "{emptying}");
}

#[test]
fn small_levels_without_an_answer_end_at_once_with_an_enormous_limit() {
    for text in [
        "3 3 1000000\n0 0 1\n1 2 2\n1 1 2",
        "4 3 1000000\n0 0 0\n0 1 2\n0 1 1\n1 2 2",
        "3 3 20\n0 0 1\n1 2 2\n1 1 2",
    ] {
        let level: Level = text.parse().expect("a valid level");
        let report = puzzle_boxslide::solve_with(&level, &puzzle_boxslide::solver(level.limit));
        assert_eq!(
            report.outcome,
            puzzle_search_core::Outcome::NoSolution,
            "{text}"
        );
        assert!(report.stats.expanded < 10_000, "{text}: {}", report.stats);
        // Without the reachability check (limit below 256) the table's
        // depth rule alone ends the search.
        let report = puzzle_boxslide::solve_with(&level, &puzzle_boxslide::solver(200));
        assert_eq!(
            report.outcome,
            puzzle_search_core::Outcome::NoSolution,
            "{text}"
        );
        assert!(report.stats.expanded < 100_000, "{text}: {}", report.stats);
    }
}

#[test]
fn the_gathering_bound_never_exceeds_the_fewest_moves() {
    let mut rng = SplitMix64::new(11);
    let boards: Vec<Board> = (0..1200)
        .filter_map(|i| {
            generate(
                &mut rng,
                3 + i % 3,
                3 + i % 6,
                3 * (1 + i % 3),
                1 + (i % 3) as u8,
            )
            .ok()
        })
        .collect();
    // `BoxSlide`'s bound is the gathering bound.
    let c = puzzle_testkit::fewest::check_bound(&BoxSlide, boards, 3);
    assert!(c.checked > 200 && c.positive > 100 && c.tight > 10, "{c:?}");
}

#[test]
fn a_huge_bad_token_is_cut_and_escaped_in_the_error() {
    let input = format!("2 3 {}\n0 0 0\n0 0 0\n", "9".repeat(1_000_000));
    let err = input.parse::<Level>().unwrap_err().to_string();
    assert!(err.len() < 120 && err.contains("..."), "{err}");
    let input = format!("2 3 1\n0 \u{7}{} 0\n0 0 0\n", "z".repeat(1_000_000));
    let err = input.parse::<Level>().unwrap_err().to_string();
    assert!(err.len() < 120 && err.contains("\\u{7}"), "{err}");
}

#[test]
fn thousands_of_mutated_inputs_give_answers_or_one_line_errors() {
    use puzzle_search_core::Budget;
    use puzzle_testkit::mutate::{is_one_short_line, mutations};
    let sample = "7 6 2\n0 1 0 0 0 0\n0 2 0 0 0 0\n0 3 0 0 0 0\n0 2 1 0 0 0\n\
                  0 1 3 3 0 0\n0 2 2 1 0 0\n0 1 1 2 2 0\n";
    let (mut parsed, mut refused) = (0, 0);
    for input in mutations(sample, &mut SplitMix64::new(63), 5000) {
        match input.parse::<Level>() {
            Ok(level) => {
                parsed += 1;
                let capped = puzzle_boxslide::solver(level.limit.min(6))
                    .budget(Budget::default().max_nodes(50_000));
                let report = puzzle_boxslide::solve_with(&level, &capped);
                if let Some(moves) = report.solution() {
                    assert!(replay(&BoxSlide, &level.board, moves).is_ok(), "{input:?}");
                }
            }
            Err(e) => {
                refused += 1;
                assert!(is_one_short_line(&e.to_string(), 160), "{input:?}: {e}");
            }
        }
    }
    assert!(parsed > 100 && refused > 2000, "{parsed} {refused}");
}

#[test]
fn the_generator_rounds_boxes_down_before_checking_they_fit() {
    let mut rng = SplitMix64::new(3);
    // 3x5: the inner columns hold 9 boxes; 10 and 11 round down to 9.
    for boxes in [9, 10, 11] {
        let board = generate(&mut rng, 3, 5, boxes, 4).expect("9 boxes fit");
        assert_eq!(
            board
                .colour_counts()
                .iter()
                .map(|&c| usize::from(c))
                .sum::<usize>(),
            9
        );
    }
    assert!(generate(&mut rng, 3, 5, 12, 4).is_err_and(|e| e.is_bad_request()));
}
