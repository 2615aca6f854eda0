//! The twisty crate's reading: the definition reader's errors, move
//! powers and names, scramble files, mutated inputs, line ends; the
//! positions' composition and inverses.

use puzzle_search_core::{Budget, Solver, Strategy, input::SplitMix64, replay};
use puzzle_twisty::{Definition, Moves, Position, Twisty, parse_scrambles, power_name};

mod common;
use common::*;

#[test]
fn bad_definitions_name_line_and_token() {
    let head = "Set C 2 1\nSolved\nC\n1 2\nEnd\n";
    assert_eq!(
        error("Bogus 1\n"),
        "line 1: `Bogus`: unexpected token (not a keyword)"
    );
    assert_eq!(
        error("Set C 2 1 9\n"),
        "line 1: `Set`: expected 4 tokens on the line, found 5"
    );
    assert_eq!(
        error("Set C 0 1\n"),
        "line 1: `0`: expected a number from 1 to 255"
    );
    assert_eq!(
        error("Set C 2 200\n"),
        "line 1: `200`: expected a number from 1 to 127"
    );
    assert_eq!(
        error(&format!("{head}Move M\nD\n2 1\nEnd\n")),
        "line 7: `D`: no such set"
    );
    assert_eq!(
        error(&format!("{head}Move M\nC\n2 1\nC\n2 1\nEnd\n")),
        "line 9: `C`: this set is given twice in the block"
    );
    assert_eq!(
        error(&format!("{head}Move M\nC\n2 2\nEnd\n")),
        "line 8: `C`: a move's pieces must be a permutation (each number once)"
    );
    assert_eq!(
        error(&format!("{head}Move M\nC\n2 1\n")),
        "line 8: the file ends inside a block (no End)"
    );
    assert_eq!(error(head), "line 5: the definition has no moves");
    assert!(
        error(&format!("{head}Illegal C 1 2\n")).starts_with("line 6: `Illegal`: not supported")
    );
    assert!(
        error(&format!("{head}Move M\nC\n2 1\nEnd\nMoveSequence X M M\n"))
            .starts_with("line 10: `MoveSequence`: not supported")
    );
    assert_eq!(
        error(&format!("{head}Move M\nC\n2 1\nEnd\nMove M\nC\n2 1\nEnd\n")),
        "line 10: `M`: a second move of this name"
    );
    assert_eq!(
        error(&format!("{head}Move M\nC\n2 1\n1 0\nEnd\n")),
        "line 9: `1`: expected a number from 0 to 0"
    );
    assert_eq!(
        error(&format!("{head}Move M\nC\n2 1\n0 0\n0 0\nEnd\n")),
        "line 10: `0`: numbers where a set name or End was expected"
    );
}

/// A move name that reads as another move's power, or holds what move
/// sequences read, is refused where it is defined: a printed answer
/// naming it would replay as another move. Names twsearch's own samples
/// use beside no base move (`R2` with no `R`, `r` beside `R`, `2R`) stay.
#[test]
fn move_names_that_would_not_read_back_are_refused() {
    let head = "Set P 4 1\nSolved\nP\n1 2 3 4\nEnd\nMove X\nP\n2 3 4 1\nEnd\n";
    let with = |name: &str| format!("{head}Move {name}\nP\n2 1 3 4\nEnd\n");
    for name in ["X2", "X'", "X3", "X2'", "X1"] {
        assert_eq!(
            error(&with(name)),
            format!(
                "line 10: `{name}`: reads as a power of move `X` (line 6): answers and scrambles naming it would not read back; rename one of them"
            ),
        );
    }
    // Defined before its base move: refused all the same.
    let before =
        "Set P 4 1\nSolved\nP\n1 2 3 4\nEnd\nMove X2\nP\n2 1 3 4\nEnd\nMove X\nP\n2 3 4 1\nEnd\n";
    assert!(error(before).starts_with("line 6: `X2`: reads as a power of move `X` (line 10)"));
    // A power's name of a name ending in digits, and of a name of digits.
    let named = |a: &str, b: &str| {
        format!(
            "Set P 4 1\nSolved\nP\n1 2 3 4\nEnd\nMove {a}\nP\n2 3 4 1\nEnd\nMove {b}\nP\n2 1 3 4\nEnd\n"
        )
    };
    assert!(error(&named("R2", "R22")).contains("`R22`: reads as a power of move `R2`"));
    assert!(error(&named("2", "22")).contains("`22`: reads as a power of move `2`"));
    assert!(error(&named("2", "2'")).contains("`2'`: reads as a power of move `2`"));
    Definition::parse(&named("X", "X'3")).expect("X'3 is no power's name");
    // A name of a million digits is checked at once (at most 11 look-ups):
    // past 10 digits no amount is read, so it is no power of `77`.
    let long = "7".repeat(1 << 20);
    let started = std::time::Instant::now();
    Definition::parse(&named("77", &long)).expect("no power's name");
    Definition::parse(&named("X", &long)).expect("no power's name");
    assert!(error(&named("77", "7712345")).contains("reads as a power of move `77`"));
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "linear"
    );
    // A move beside a rotation of its base name.
    assert!(
        error(&format!(
            "{head}Move x\nP\n1 2 3 4\nEnd\nMove x3\nP\n2 1 3 4\nEnd\n"
        ))
        .contains("`x3`: reads as a power of move `x`")
    );
    for name in ["(X", "X)", "A,B", "X#"] {
        assert!(
            error(&with(name)).contains("a move name may not hold"),
            "{name}"
        );
    }
    for name in ["Y2", "x", "Xw", "2X", "XY"] {
        Definition::parse(&with(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// Every name a search may print reads back, through the scramble
/// reader, as that move alone, on the built-in cubes, a definition of
/// order-5 and order-6 moves and one with names ending in digits.
#[test]
fn every_printed_move_reads_back_as_itself() {
    let digits = "Set P 4 1\nSolved\nP\n1 2 3 4\nEnd\nMove R2\nP\n2 1 3 4\nEnd\nMove 2R\nP\n1 3 4 2\nEnd\nMove r\nP\n2 3 4 1\nEnd\n";
    let defs = [
        Definition::builtin("2x2x2")
            .expect("built in")
            .expect("valid"),
        Definition::builtin("3x3x3")
            .expect("built in")
            .expect("valid"),
        small(),
        Definition::parse(digits).expect("valid"),
    ];
    for def in defs {
        let puzzle = Twisty::new(def.clone(), Moves::all(&def).expect("moves"));
        let all: Vec<u16> = (0..puzzle.moves().len() as u16).collect();
        for &m in &all {
            assert_eq!(
                puzzle.read_moves(&puzzle.spell(&[m])).expect("reads"),
                [m],
                "{}: {}",
                def.name(),
                puzzle.spell(&[m])
            );
        }
        assert_eq!(puzzle.read_moves(&puzzle.spell(&all)).expect("reads"), all);
    }
}

#[test]
fn powers_are_named_as_twsearch_names_them() {
    assert_eq!(power_name("U", 1, 4), "U");
    assert_eq!(power_name("U", 2, 4), "U2");
    assert_eq!(power_name("U", 3, 4), "U'");
    assert_eq!(power_name("R", 1, 5), "R");
    assert_eq!(power_name("R", 2, 5), "R2");
    assert_eq!(power_name("R", 3, 5), "R2'");
    assert_eq!(power_name("R", 4, 5), "R'");
    assert_eq!(power_name("T", 2, 3), "T'");
    assert_eq!(power_name("S", 3, 6), "S3");
    let def = small();
    let moves = Moves::all(&def).expect("moves");
    // A: order 3 on C with twists 1 1 1 (sum 3, so A^3 has twist 0 each).
    // B: C swaps 3 4 twisting; E 3-cycles flipping: order 6.
    assert_eq!(moves.names(), ["A", "A'", "B", "B2", "B3", "B2'", "B'"]);
    for i in 0..moves.len() {
        let inv = moves.inverse(i).expect("closed under inverse");
        let id = Position::identity(def.orbits());
        assert_eq!(moves.get(i).then(moves.get(inv), def.orbits()), id);
    }
    let sel = Moves::select(&def, &["B2", "A"]).expect("names");
    assert_eq!(sel.names(), ["A", "A'", "B2"]);
    assert_eq!(sel.inverse(2), None); // B2's inverse is B2'
    assert!(Moves::select(&def, &["C"]).is_err());
}

/// More move powers than a move index numbers (`u16`) are refused in one
/// line, not numbered wrongly: 300 moves of order 255 (a 3-, 5- and
/// 17-cycle) make 76,200 powers; 257 of order 255 make 65,278 and load,
/// every inverse found (by hash: linear search took 38 s on 128,778).
#[test]
fn more_moves_than_a_move_index_holds_are_refused() {
    let def_of = |k: usize| {
        let mut text = String::from("Set P 25 1\nSolved\nP\n");
        text += &(1..=25)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        text += "\nEnd\n";
        // 1 2 3 | 4 5 6 7 8 | 9 .. 25, each cycled by one.
        let mut p: Vec<usize> = (1..=25).collect();
        for (a, b) in [(0, 3), (3, 8), (8, 25)] {
            p[a..b].rotate_left(1);
        }
        let line = p
            .iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        // `M{m}_`: `M12` beside `M1` would read as M1's half turn.
        for m in 0..k {
            text += &format!("Move M{m}_\nP\n{line}\nEnd\n");
        }
        Definition::parse(&text).expect("valid")
    };
    let e = Moves::all(&def_of(300)).expect_err("76,200 powers");
    assert_eq!(
        e.to_string(),
        "76200 moves with their powers: at most 65535 are searched (choose some with --moves)"
    );
    let moves = Moves::all(&def_of(257)).expect("65,278 powers");
    assert_eq!(moves.len(), 65_278);
    assert!((0..moves.len()).all(|i| moves.inverse(i).is_some()));
}

#[test]
fn composition_is_associative_and_inverses_undo() {
    let def = small();
    let moves = Moves::all(&def).expect("moves");
    let o = def.orbits();
    let mut rng = SplitMix64::new(3);
    let random = |rng: &mut SplitMix64| {
        (0..8).fold(Position::identity(o), |p, _| {
            p.then(moves.get(rng.below(moves.len() as u64) as usize), o)
        })
    };
    for _ in 0..200 {
        let (a, b, c) = (random(&mut rng), random(&mut rng), random(&mut rng));
        assert_eq!(a.then(&b, o).then(&c, o), a.then(&b.then(&c, o), o));
        assert_eq!(a.then(&a.inverse(o), o), Position::identity(o));
        assert_eq!(a.inverse(o).then(&a, o), Position::identity(o));
    }
}

#[test]
fn scramble_files() {
    let def = small();
    let moves = Moves::all(&def).expect("moves");
    let text = "ScrambleAlg one\nA B2\nB'\nEnd\nScramble two\nC\n2 3 1 4\n1 1 1 0\nEnd\n";
    let s = parse_scrambles(text, &def, &moves).expect("valid");
    assert_eq!(s.len(), 2);
    assert_eq!((s[0].name.as_str(), s[0].line, s[1].line), ("one", 1, 5));
    let a = def.solved().then(moves.get(0), def.orbits());
    assert_eq!(s[1].position(&def, &moves), a);
    let e = parse_scrambles("Scramble x\nC\n1 1 2 3\nEnd\n", &def, &moves).expect_err("pieces");
    assert_eq!(
        e.to_string(),
        "line 3: `C`: the pieces differ from the solved state's (as a multiset)"
    );
    let e = parse_scrambles("ScrambleAlg x\nA\n", &def, &moves).expect_err("no End");
    assert_eq!(
        e.to_string(),
        "line 2: the file ends inside a block (no End)"
    );
}

/// Thousands of mutated definitions and scramble files: each reads, or
/// is refused with one short line; never a panic. What reads is searched
/// a little (a census capped at 10,000 states, scrambles solved under a
/// node cap) without a panic either.
#[test]
fn mutated_inputs_read_or_give_one_line_errors() {
    use puzzle_testkit::mutate::{is_one_short_line, mutations};
    let mut rng = SplitMix64::new(31);
    let (mut read, mut refused) = (0, 0);
    for text in mutations(SMALL, &mut rng, 3000) {
        match Definition::parse(&text) {
            Ok(def) => {
                read += 1;
                let Ok(moves) = Moves::all(&def) else {
                    continue;
                };
                let puzzle = Twisty::new(def.clone(), moves);
                let capped =
                    Solver::new(Strategy::bfs()).budget(Budget::default().max_states(10_000));
                let census = capped.census(&puzzle, def.solved());
                assert!(census.states() >= 1);
            }
            Err(e) => {
                refused += 1;
                assert!(is_one_short_line(&e.to_string(), 200), "{e}");
            }
        }
    }
    assert!(
        read > 100 && refused > 1000,
        "{read} read, {refused} refused"
    );
    let def = small();
    let moves = Moves::all(&def).expect("moves");
    let puzzle = Twisty::new(def.clone(), moves.clone());
    let sample =
        "ScrambleAlg one\nA B2\nB'\nEnd\nScramble two\nC\n2 3 1 4\n1 1 1 0\nE\n3 1 2\nEnd\n";
    for text in mutations(sample, &mut rng, 3000) {
        match parse_scrambles(&text, &def, &moves) {
            Ok(list) => {
                for s in list {
                    let start = s.position(&def, &moves);
                    let capped = Solver::new(Strategy::IdaStar { max_depth: 12 })
                        .budget(Budget::default().max_nodes(20_000));
                    let report = capped.solve(&puzzle, &start);
                    if let Some(m) = report.solution() {
                        assert!(replay(&puzzle, &start, m).is_ok());
                    }
                }
            }
            Err(e) => assert!(is_one_short_line(&e.to_string(), 200), "{e}"),
        }
    }
}

/// A `?` in a scramble state belongs to a piece, not a position: a piece
/// whose orientation the solved state leaves open keeps its `?` wherever
/// it is moved (twsearch prints states so), and is solved there; a `?`
/// on a piece the solved state orients is refused in one line.
#[test]
fn a_question_mark_in_a_state_follows_its_piece() {
    let def = Definition::parse("Set E 3 2\nSolved\nE\n1 2 3\n0 0 ?\nEnd\nMove A\nE\n2 3 1\nEnd\n")
        .expect("valid");
    let moves = Moves::all(&def).expect("moves");
    let puzzle = Twisty::new(def.clone(), moves.clone());
    // After A, piece 3 (unoriented) sits at position 2 of 3.
    let text = "ScrambleState moved\nE\n2 3 1\n0 ? 0\nEnd\n";
    let scramble = parse_scrambles(text, &def, &moves)
        .expect("a ? on the piece that has one")
        .remove(0);
    let start = scramble.position(&def, &moves);
    let a = moves.find("A").expect("A");
    assert_eq!(start, def.solved().then(moves.get(a), def.orbits()));
    let report = Solver::new(Strategy::ida()).solve(&puzzle, &start);
    assert_eq!(report.solution().map(<[u16]>::len), Some(1));
    // The `?` on piece 1, whose orientation is tracked: refused.
    let bad = "ScrambleState bad\nE\n2 3 1\n0 0 ?\nEnd\n";
    let e = parse_scrambles(bad, &def, &moves).expect_err("piece 1 is oriented");
    assert!(
        e.to_string().contains("a `?` orientation on a piece"),
        "{e}"
    );
    assert!(!e.to_string().contains('\n'));
}

/// A definition reads the same with `\n`, `\r\n` or lone `\r` line ends
/// and after a UTF-8 byte-order mark, and an error names the same line.
#[test]
fn line_ends_and_a_byte_order_mark_read_alike() {
    let unix = "Set P 3 1\nSolved\nP\n1 2 3\nEnd\nMove T\nP\n2 3 1\nEnd\n";
    let want = Definition::parse(unix).expect("valid");
    for text in [
        unix.replace('\n', "\r\n"),
        unix.replace('\n', "\r"),
        format!("\u{feff}{unix}"),
        format!("\u{feff}{}", unix.replace('\n', "\r")),
    ] {
        let got = Definition::parse(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(got.solved(), want.solved(), "{text:?}");
        assert_eq!(got.moves().len(), want.moves().len());
        let bad = text.replacen("2 3 1", "2 3 X", 1);
        let e = Definition::parse(&bad).expect_err("X");
        assert!(e.to_string().starts_with("line 8:"), "{text:?}: {e}");
    }
}

/// Moves chosen by name: a name given twice is found (not "no move"), an
/// unknown power names the powers there are (a half turn named `R` has
/// no `R2`), and an unknown name with no such move says so alone.
#[test]
fn moves_chosen_twice_or_by_a_missing_power() {
    let def = Definition::parse(
        "Set P 3 1\nSolved\nP\n1 2 3\nEnd\nMove R\nP\n2 1 3\nEnd\nMove T\nP\n2 3 1\nEnd\n",
    )
    .expect("valid");
    let twice = Moves::select(&def, &["T", "T"]).expect("T twice");
    assert_eq!(twice.names(), ["T", "T'"]);
    let e = Moves::select(&def, &["T", "R2"]).expect_err("R is a half turn");
    assert_eq!(e.to_string(), "no move `R2`: the powers of that move are R");
    let e = Moves::select(&def, &["Q"]).expect_err("no Q");
    assert_eq!(e.to_string(), "no move `Q` (nor a power of one)");
}
