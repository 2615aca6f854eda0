//! The Rotation Game through the public API: the spec's sample and move
//! table, the book data, IDA* against the pattern database, bad input.

use puzzle_rotation::{Answer, Board, Move, ParseError, Rotation, SolveError, parse_cases, pdb};
use puzzle_search_core::MakeUnmake;
use puzzle_search_core::{Solver, Strategy, input::SplitMix64, replay};

/// The judge's output for an input, through the public solver.
/// The judge's answer by `solver`.
fn solved(board: &Board, solver: &Solver) -> Result<Answer, SolveError> {
    Answer::from_outcome(board, puzzle_rotation::solve_with(board, solver).outcome)
}

fn judge(input: &str) -> Result<String, ParseError> {
    let boards = parse_cases(input)?;
    let mut out = String::new();
    for board in &boards {
        let answer = puzzle_rotation::solve(board).expect("boards with eight of each always solve");
        assert!(
            replay(&Rotation, board, &answer.moves).is_ok(),
            "{board:?}: {answer}"
        );
        out.push_str(&format!("{answer}\n"));
    }
    Ok(out)
}

#[test]
fn the_spec_sample() {
    let input = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n\
                 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n";
    assert_eq!(judge(input), Ok("AC\n2\nDDHH\n2\n".to_string()));
}

#[test]
fn a_solved_board_needs_no_moves() {
    // Twos fill the centre (cells 6 7 8 11 12 15 16 17), ones and threes the rest.
    let solved = "1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 3 3 3";
    let board: Board = solved.parse().expect("valid");
    assert!(board.has_eight_of_each());
    assert_eq!(board.centre_number(), Some(2));
    assert_eq!(
        judge(&format!("{solved}\n0")),
        Ok("No moves needed\n2\n".to_string())
    );
}

/// The move table exactly as the spec prints it.
const SPEC_TABLE: [(&str, &str); 8] = [
    ("A", "0 2 6 11 15 20 22"),
    ("B", "1 3 8 12 17 21 23"),
    ("C", "10 9 8 7 6 5 4"),
    ("D", "19 18 17 16 15 14 13"),
    ("E", "23 21 17 12 8 3 1"),
    ("F", "22 20 15 11 6 2 0"),
    ("G", "13 14 15 16 17 18 19"),
    ("H", "4 5 6 7 8 9 10"),
];

#[test]
fn every_move_follows_the_spec_table() {
    for (m, (letter, line)) in Move::ALL.into_iter().zip(SPEC_TABLE) {
        assert_eq!(m.to_string(), letter);
        let line: Vec<u32> = line
            .split(' ')
            .map(|c| c.parse().expect("a cell"))
            .collect();
        for cell in 0..24u32 {
            // Where does what stood in `cell` go? Cell l_i takes l_{i+1}'s
            // content, l_6 takes l_0's; cells off the line stay.
            let to = match line.iter().position(|&c| c == cell) {
                Some(0) => line[6],
                Some(i) => line[i - 1],
                None => cell,
            };
            assert_eq!(m.permute(1 << cell), 1 << to, "move {letter}, cell {cell}");
        }
        // And on a whole board: a lone 3 walks along the line.
        let mut cells = [1u8; 24];
        for c in 0..8 {
            cells[16 + c] = 2;
        }
        cells[line[3] as usize] = 3;
        let lone = cells.iter().filter(|&&v| v == 3).count();
        let board = Board::from_cells(&cells).expect("valid");
        let after = board.apply(m);
        assert_eq!(after.cells().iter().filter(|&&v| v == 3).count(), lone);
        if lone == 1 {
            assert_eq!(after.cell(line[2] as usize), 3, "move {letter}");
        }
    }
    for (a, b) in [
        (Move::A, Move::F),
        (Move::B, Move::E),
        (Move::C, Move::H),
        (Move::D, Move::G),
    ] {
        assert_eq!(a.inverse(), b);
        assert_eq!(b.inverse(), a);
    }
}

#[test]
fn pdb_and_ida_agree_on_depth_and_sequence_on_1000_boards() {
    let mut rng = SplitMix64::new(2286);
    let ida = Solver::new(Strategy::IdaStar { max_depth: 20 });
    let mut by_depth = [0usize; 14];
    let mut tested = 0;
    while tested < 1000 {
        let board = Board::random(&mut rng);
        let depth = pdb::depth(&board).expect("eight of each");
        if depth > 9 {
            continue;
        }
        tested += 1;
        by_depth[depth as usize] += 1;
        let fast = pdb::solve(&board).expect("eight of each");
        assert_eq!(fast.moves.len() as u32, depth);
        assert!(replay(&Rotation, &board, &fast.moves).is_ok());
        let slow = solved(&board, &ida).expect("IDA* solves it");
        assert_eq!(fast, slow, "{board:?}");
    }
    // The sample must reach the deep end, not only easy boards.
    assert!(by_depth[9] > 100 && by_depth[8] > 100, "{by_depth:?}");
}

#[test]
fn bfs_and_parallel_ida_agree_with_the_table() {
    let mut rng = SplitMix64::new(1667);
    let bfs = Solver::new(Strategy::Bfs { max_depth: 20 });
    let par = Solver::new(Strategy::IdaStar { max_depth: 20 })
        .parallel(true)
        .table(true);
    let mut tested = 0;
    while tested < 40 {
        let board = Board::random(&mut rng);
        if pdb::depth(&board).is_some_and(|d| d <= 6) {
            tested += 1;
            let expected = pdb::solve(&board);
            assert_eq!(solved(&board, &bfs).ok(), expected);
            assert_eq!(solved(&board, &par).ok(), expected);
        }
    }
}

#[test]
fn boards_without_eight_of_each_fall_back_to_ida() {
    let mut rng = SplitMix64::new(5);
    for _ in 0..30 {
        let mut cells = [0u8; 24];
        for c in &mut cells {
            *c = [1, 1, 1, 2, 3][rng.below(5) as usize];
        }
        let board = Board::from_cells(&cells).expect("values 1 to 3");
        if board.has_eight_of_each() {
            continue;
        }
        assert_eq!(pdb::solve(&board), None);
        let answer = puzzle_rotation::solve(&board).expect("ones fill more than the centre");
        let bfs = Solver::new(Strategy::Bfs { max_depth: 12 });
        assert_eq!(solved(&board, &bfs), Ok(answer.clone()));
        assert!(replay(&Rotation, &board, &answer.moves).is_ok());
    }
}

#[test]
fn the_book_data() {
    let dir = puzzle_testkit::shared_dir("data/rotation");
    if !dir.exists() {
        eprintln!("skipped: {} does not exist", dir.display());
        return;
    }
    let mut cases = 0;
    for file in ["1", "2", "3"] {
        let input = std::fs::read_to_string(dir.join(format!("input/{file}.in"))).expect("input");
        let expected =
            std::fs::read_to_string(dir.join(format!("output/{file}.out"))).expect("output");
        assert_eq!(judge(&input).expect("valid input"), expected, "file {file}");
        cases += parse_cases(&input).expect("valid input").len();
    }
    assert_eq!(cases, 62);
}

#[test]
fn bad_input_gets_a_clear_error() {
    let line = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";
    let cases = [
        (
            format!("{line}\n1 1 4"),
            "case 2, line 2, token 27: 4 is outside 1..=3",
        ),
        (
            format!("{line}\n1 1 0 2"),
            "case 2, line 2, token 27: 0 is outside 1..=3",
        ),
        (
            format!("{line}\n1 2 3"),
            "case 2: the input ends after 3 of the case's 24 values",
        ),
        (
            "1 x".to_string(),
            "case 1, line 1, token 2: 'x' is not an integer",
        ),
        (
            "\n\n-1".to_string(),
            "case 1, line 3, token 1: -1 is outside 1..=3",
        ),
        (
            "1.5".to_string(),
            "case 1, line 1, token 1: '1.5' is not an integer",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(
            parse_cases(&input).map_err(|e| e.to_string()),
            Err(message.to_string())
        );
    }
    // Ending after a complete case without the `0` is fine; so is nothing.
    assert_eq!(parse_cases(line).map(|b| b.len()), Ok(1));
    assert_eq!(parse_cases("").map(|b| b.len()), Ok(0));
    // What follows the `0` is not read.
    assert_eq!(
        parse_cases(&format!("{line}\n0\ngarbage")).map(|b| b.len()),
        Ok(1)
    );
    assert!(format!("{line} 1").parse::<Board>().is_err());
}

/// The full census, about 9 s on 2 cores in release:
/// `cargo test --release --test rotation -- --ignored census`.
#[test]
#[ignore = "slow: runs the full census"]
fn census_counts_every_board_once() {
    let result = puzzle_rotation::census::census(&|_, _| {});
    assert_eq!(result.total(), puzzle_rotation::census::BOARDS);
    // Solved boards: 3 centre numbers, times C(16,8) ways to place the rest.
    assert_eq!(result.counts[0], 3 * 12_870);
    // One move from solved: for each of 8 moves the centre holds 7 of one number.
    assert!(result.counts[1] > 0);
    assert!(result.gods_number() <= puzzle_rotation::MAX_DEPTH as usize);
}

#[test]
fn thousands_of_mutated_inputs_give_answers_or_one_line_errors() {
    use puzzle_testkit::mutate::{is_one_short_line, mutations};
    let sample = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n\
                  1 1 3 2 2 1 3 2 1 2 3 1 3 2 3 3 1 2 1 2 3 1 2 3\n0\n";
    let (mut parsed, mut refused) = (0, 0);
    for input in mutations(sample, &mut SplitMix64::new(62), 5000) {
        match parse_cases(&input) {
            Ok(boards) => {
                parsed += 1;
                for board in boards.iter().filter(|b| b.has_eight_of_each()) {
                    let answer = puzzle_rotation::solve(board).expect("eight of each");
                    assert!(replay(&Rotation, board, &answer.moves).is_ok(), "{input:?}");
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

#[test]
fn in_place_and_plain_ida_expand_the_same_nodes() {
    // `solve_with` searches in place; the plain path (`Solver::solve`)
    // compares children with the grandparent instead of skipping the
    // inverse move: the same tree, so the same answer and node count.
    use puzzle_search_core::InPlace;
    let mut rng = SplitMix64::new(2287);
    let ida = Solver::new(Strategy::IdaStar { max_depth: 20 }).parallel(false);
    for _ in 0..300 {
        let board = Board::random(&mut rng);
        if pdb::depth(&board).is_none_or(|d| d > 8) {
            continue;
        }
        let fast = puzzle_rotation::solve_with(&board, &ida);
        let plain = ida.solve(&Rotation, &board);
        assert_eq!(fast.outcome, plain.outcome, "{board:?}");
        assert_eq!(fast.stats.expanded, plain.stats.expanded, "{board:?}");
        // A move and its undo leave the board as it was.
        for mv in Move::ALL {
            let mut b = board;
            Rotation.make(&mut b, mv);
            Rotation.unmake(&mut b, mv, ());
            assert_eq!(b, board);
        }
    }
}

#[test]
fn the_mask_table_equals_a_plain_bfs_and_the_census_of_the_mask_space() {
    // The table is built by the core's dense census: check it entry by
    // entry against a plain BFS written here (a queue of masks), and its
    // histogram against the hash census from the centre.
    use puzzle_rotation::CENTRE;
    use puzzle_rotation::pdb::{MASKS, Masks, rank, unrank};
    use std::collections::VecDeque;
    let mut plain = vec![u8::MAX; MASKS];
    plain[rank(CENTRE)] = 0;
    let mut queue = VecDeque::from([CENTRE]);
    while let Some(mask) = queue.pop_front() {
        let d = plain[rank(mask)];
        for mv in Move::ALL {
            let to = mv.permute(mask);
            if plain[rank(to)] == u8::MAX {
                plain[rank(to)] = d + 1;
                queue.push_back(to);
            }
        }
    }
    let table = pdb::table();
    assert!(
        table.distances() == plain.as_slice(),
        "the table differs from a plain BFS"
    );
    let mut histogram = Vec::new();
    for &d in table.distances() {
        let d = usize::from(d);
        if histogram.len() <= d {
            histogram.resize(d + 1, 0u64);
        }
        histogram[d] += 1;
    }
    assert_eq!(histogram.iter().sum::<u64>(), MASKS as u64);
    let solver = Solver::new(Strategy::bfs());
    assert_eq!(solver.census_ranked(&Masks, &CENTRE).layers, histogram);
    assert_eq!(solver.census(&Masks, &CENTRE).layers, histogram);
    for r in (0..MASKS).step_by(997) {
        assert_eq!(rank(unrank(r)), r);
        assert_eq!(unrank(r).count_ones(), 8);
    }
}

#[test]
fn canonical_sequences_leave_out_only_what_has_a_twin() {
    use puzzle_search_core::{Promise, Puzzle};
    let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
        .parse()
        .expect("the sample");
    let cells = |m: Move, c: u32| m.permute(1 << c);
    let after = |q: u32, mv: Move, p: Promise| Rotation.canonical(&board, q, mv, p);
    let mut left_out = 0;
    for last in Move::ALL {
        let q = after(0, last, Promise::Exactly).expect("a first move is free");
        for mv in Move::ALL {
            if after(q, mv, Promise::Exactly).is_none() {
                // Same length, every promise: the swap must commute and be
                // smaller.
                left_out += 1;
                assert!(mv < last, "{last:?} {mv:?}");
                for c in 0..24 {
                    let one = mv.permute(cells(last, c));
                    let other = last.permute(cells(mv, c));
                    assert_eq!(one, other, "{last:?} {mv:?} cell {c}");
                }
            }
        }
        // Shortest: the inverse right after, and a fourth turn in a row.
        assert_eq!(after(q, last.inverse(), Promise::Shortest), None);
        let q2 = after(q, last, Promise::Shortest).expect("two in a row");
        let q3 = after(q2, last, Promise::Shortest).expect("three in a row");
        assert_eq!(after(q3, last, Promise::Shortest), None);
        let four = (0..4).fold(board, |b, _| b.apply(last));
        let three_back = (0..3).fold(board, |b, _| b.apply(last.inverse()));
        assert_eq!(four, three_back);
        assert!(after(q3, last, Promise::AtMost).is_some());
    }
    assert_eq!(left_out, 8); // A/F after B/E and C/H after D/G, one order each
}

#[test]
fn a_batch_answers_each_board_as_the_table_does() {
    let mut rng = SplitMix64::new(1668);
    let mut boards = Vec::new();
    while boards.len() < 24 {
        let board = Board::random(&mut rng);
        if pdb::depth(&board).is_some_and(|d| d <= 7) {
            boards.push(board);
        }
    }
    for threads in [1, 2, 3, 8, 16] {
        let solver = Solver::new(Strategy::IdaStar { max_depth: 20 }).threads(threads);
        let reports = solver.solve_batch(MakeUnmake(&Rotation), &boards, |_, _| {});
        for (board, report) in boards.iter().zip(reports) {
            let answer = Answer::from_outcome(board, report.outcome).ok();
            assert_eq!(answer, pdb::solve(board), "{threads} threads");
        }
    }
}
