//! Flip Game, Fliptile and Lights Out through the public API: samples,
//! every 4x4 board against BFS, chasing against algebra on random grids,
//! bad input.

use std::collections::VecDeque;

use puzzle_flip::{FlipPuzzle, Grid, algebra, chase, flip_game, parse_flip_game, parse_fliptile};
use puzzle_search_core::{Solver, Strategy, input::SplitMix64, replay};

#[test]
fn the_samples() {
    let board = parse_flip_game("bwwb\nbbwb\nbwwb\nbwww\n").expect("valid");
    assert_eq!(flip_game(&board).to_string(), "4");
    let board = parse_fliptile("4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n").expect("valid");
    let expected = "0 0 0 0\n1 0 0 1\n1 0 0 1\n0 0 0 0";
    assert_eq!(
        algebra::solve(&board)
            .map(|s| s.presses.to_string())
            .as_deref(),
        Some(expected)
    );
    assert_eq!(
        chase::solve(&board)
            .ok()
            .flatten()
            .map(|g| g.to_string())
            .as_deref(),
        Some(expected)
    );
}

fn grid4(bits: u32) -> Grid {
    let mut g = Grid::new(4, 4);
    for i in 0..16 {
        g.set(i / 4, i % 4, bits >> i & 1 == 1);
    }
    g
}

/// Fewest presses from every 4x4 board to all white, by a plain BFS over
/// all 65,536 boards (presses are their own inverses, so distances from
/// white are distances to white).
fn distances_to_white() -> Vec<Option<u32>> {
    let masks: Vec<u32> = (0..16)
        .map(|i| {
            let mut g = Grid::new(4, 4);
            g.press(i / 4, i % 4);
            (0..16)
                .filter(|&j| g.get(j / 4, j % 4))
                .map(|j| 1 << j)
                .sum()
        })
        .collect();
    let mut dist = vec![None; 1 << 16];
    dist[0] = Some(0);
    let mut queue = VecDeque::from([0u32]);
    while let Some(s) = queue.pop_front() {
        let d = dist[s as usize].unwrap_or(0);
        for &m in &masks {
            if dist[(s ^ m) as usize].is_none() {
                dist[(s ^ m) as usize] = Some(d + 1);
                queue.push_back(s ^ m);
            }
        }
    }
    dist
}

#[test]
fn every_4x4_board_agrees_with_bfs_and_chasing() {
    let dist = distances_to_white();
    let mut solvable = 0;
    for bits in 0..1u32 << 16 {
        let board = grid4(bits);
        let fast = algebra::solve(&board);
        assert_eq!(
            fast.as_ref().map(|s| s.presses.count_ones() as u32),
            dist[bits as usize],
            "{board:?}"
        );
        let chased = chase::solve(&board).expect("narrow");
        assert_eq!(
            chased,
            fast.as_ref().map(|s| s.presses.clone()),
            "{board:?}"
        );
        if let Some(s) = &fast {
            assert!(s.minimal);
            assert!(board.apply(&s.presses).is_zero());
            solvable += 1;
        }
        let game = flip_game(&board).0.map(|n| n as u32);
        let both = [dist[bits as usize], dist[(!bits & 0xFFFF) as usize]];
        assert_eq!(game, both.into_iter().flatten().min(), "{board:?}");
    }
    // 4x4 Lights Out has nullity 4: one board in 16 is solvable.
    assert_eq!(solvable, 1 << 12);
}

#[test]
fn the_core_bfs_finds_the_same_counts() {
    let white = Grid::new(4, 4);
    let puzzle = FlipPuzzle::new(&white).expect("16 cells");
    let bfs = Solver::new(Strategy::Bfs { max_depth: 16 });
    let dist = distances_to_white();
    for bits in (0..1u32 << 16).step_by(251) {
        let board = grid4(bits);
        let report = bfs.solve(&puzzle, &puzzle.pack(&board));
        let moves = report.solution().map(<[u16]>::to_vec);
        assert_eq!(moves.as_ref().map(|m| m.len() as u32), dist[bits as usize]);
        if let Some(m) = moves {
            assert!(replay(&puzzle, &puzzle.pack(&board), &m).is_ok());
            assert!(board.apply(&puzzle.presses(4, &m)).is_zero());
        }
    }
    assert!(FlipPuzzle::new(&Grid::new(9, 9)).is_err());
}

#[test]
fn chasing_and_algebra_agree_on_random_grids_up_to_15x15() {
    let mut rng = SplitMix64::new(3279);
    let (mut possible, mut impossible, mut ties) = (0, 0, 0);
    for m in 1..=15 {
        for n in 1..=15 {
            for _ in 0..4 {
                let board = Grid::random(m, n, &mut rng);
                let fast = algebra::solve(&board);
                let chased = chase::solve(&board).expect("at most 15 columns");
                assert_eq!(
                    fast.as_ref().map(|s| s.presses.clone()),
                    chased,
                    "{board:?}"
                );
                match &fast {
                    Some(s) => {
                        assert!(s.minimal);
                        assert!(board.apply(&s.presses).is_zero());
                        possible += 1;
                        ties += usize::from(s.nullity > 0);
                    }
                    None => impossible += 1,
                }
            }
        }
    }
    assert!(
        possible > 100 && impossible > 100 && ties > 50,
        "{possible} {impossible} {ties}"
    );
}

#[test]
fn large_boards_are_solved_and_replayed() {
    let mut rng = SplitMix64::new(7);
    for n in [16, 64, 65, 200] {
        let board = Grid::new(n, n).apply(&Grid::random(n, n, &mut rng));
        let s = algebra::solve(&board).expect("solvable by construction");
        assert!(board.apply(&s.presses).is_zero(), "{n}");
    }
    assert!(chase::solve(&Grid::new(2, 30)).is_err());
}

#[test]
fn bad_input_gets_a_clear_error() {
    let game = [
        (
            "bwwb\nbbxb\nbwwb\nbwww\n",
            "line 2, column 3: 'x' is not b, w, 0 or 1",
        ),
        (
            "bwwb\nbbw\nbwwb\nbwww\n",
            "line 2: 3 pieces, but the first row has 4",
        ),
        ("bwwb\nbbwb\nbwwb\n", "line 1: 3 rows, expected 4"),
        (
            "bwwbb\nbbwbb\nbwwbb\nbwwwb\n",
            "line 1: 5 pieces in a row, expected 4",
        ),
        ("", "line 1: no rows"),
    ];
    for (input, message) in game {
        assert_eq!(
            parse_flip_game(input).map_err(|e| e.to_string()),
            Err(message.to_string())
        );
    }
    let tile = [
        ("0 4\n", "line 1, column 1: M must be at least 1"),
        ("x 4\n", "line 1, column 1: M is not a number: 'x'"),
        ("4\n", "line 1, column 2: N is missing"),
        (
            "2 2\n1 0\n0 2\n",
            "line 3, column 2: '2' is not b, w, 0 or 1",
        ),
        ("2 2\n1 0\n0\n", "line 3: 1 piece, but the first row has 2"),
        (
            "2 3\n1 0\n0 1\n",
            "line 2: 2 values in a row, expected N = 3",
        ),
        ("3 2\n1 0\n0 1\n", "line 1: 2 rows, expected M = 3"),
        ("2 2\n", "line 2: no rows, expected 2"),
    ];
    for (input, message) in tile {
        assert_eq!(
            parse_fliptile(input).map_err(|e| e.to_string()),
            Err(message.to_string()),
            "{input:?}"
        );
    }
}

#[test]
fn a_capped_state_search_is_an_error_never_impossible() {
    use puzzle_flip::{Grid, bfs_to_white, bfs_to_white_with};
    use puzzle_search_core::Budget;
    // A solvable 4x4 board (presses applied to white) under a small cap:
    // stopped, with the limit named, while without the cap it is solved.
    let mut rng = puzzle_search_core::input::SplitMix64::new(9);
    let presses = Grid::random(4, 4, &mut rng);
    let board = Grid::new(4, 4).apply(&presses);
    let (full, _) = bfs_to_white(&board).expect("4x4 fits the default cap");
    assert!(full.is_some());
    // Three presses or more: more than 50 states before the answer.
    assert!(full.as_ref().is_some_and(|g| g.count_ones() >= 3));
    let err = bfs_to_white_with(&board, Budget::default().max_states(50)).unwrap_err();
    assert_eq!(err.limit(), Some(puzzle_search_core::Limit::States));
    assert!(err.to_string().contains("stopped"), "{err}");
    // Sizes whose words overflow are refused, not wrapped to nothing.
    assert!(Grid::try_new(1 << 35, 1 << 35).is_none());
    assert!(Grid::try_new(usize::MAX, 2).is_none());
}

#[test]
fn wide_boards_solved_along_the_short_side_agree_with_chasing() {
    use puzzle_flip::{Grid, algebra, chase};
    let mut rng = puzzle_search_core::input::SplitMix64::new(31);
    let mut solvable = 0;
    for (m, n) in [
        (1, 1),
        (1, 5),
        (1, 12),
        (2, 3),
        (2, 9),
        (3, 5),
        (3, 11),
        (4, 10),
        (5, 7),
    ] {
        for _ in 0..40 {
            let board = Grid::random(m, n, &mut rng);
            let by_algebra = algebra::solve(&board).map(|s| s.presses);
            let by_chase = chase::solve(&board).expect("narrow enough to chase");
            assert_eq!(by_algebra, by_chase, "{m}x{n}: {}", board.to_bw());
            solvable += usize::from(by_chase.is_some());
        }
    }
    assert!(solvable > 100, "{solvable}");
}

#[test]
fn thousands_of_mutated_inputs_give_answers_or_one_line_errors() {
    use puzzle_testkit::mutate::{is_one_short_line, mutations};
    let game = "bwwb\nbbwb\nbwwb\nbwww\n";
    let tile = "4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n";
    let mut rng = SplitMix64::new(64);
    let (mut parsed, mut refused) = (0, 0);
    for input in mutations(game, &mut rng, 3000) {
        match parse_flip_game(&input) {
            Ok(board) => {
                parsed += 1;
                let _ = flip_game(&board);
            }
            Err(e) => {
                refused += 1;
                assert!(is_one_short_line(&e.to_string(), 160), "{input:?}: {e}");
            }
        }
    }
    for input in mutations(tile, &mut rng, 3000) {
        match parse_fliptile(&input) {
            Ok(board) => {
                parsed += 1;
                if let Some(solution) = puzzle_flip::algebra::solve(&board) {
                    assert!(board.apply(&solution.presses).is_zero(), "{input:?}");
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
