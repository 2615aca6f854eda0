//! The twisty-puzzle crate against brute force and known counts: the
//! definition reader's errors, move powers and names, composition and
//! inverses, the rank, the census (dense against hash, and the cubes'
//! published distance counts), canonical sequences against plain search.

use puzzle_search_core::MakeUnmake;
use std::collections::HashMap;

use puzzle_search_core::{Budget, Limit, Ranked, Solver, Strategy, input::SplitMix64, replay};
use puzzle_twisty::{Definition, Moves, Position, Twisty, parse_scrambles, power_name};

/// Three pieces with orientations, one move of order 3 turning them, one
/// swapping two with a twist: a small group to check against brute force.
const SMALL: &str = "\
# a comment
Name Small

Set C 4 3
Set E 3 2

Solved
C
1 2 3 4
0 0 0 0
E
1 2 3
End

Move A
C
2 3 1 4
1 1 1 0
End

Move B
C
1 2 4 3
0 0 1 2
E
2 3 1
1 0 1
End
";

fn small() -> Definition {
    Definition::parse(SMALL).expect("valid")
}

fn error(text: &str) -> String {
    Definition::parse(text).expect_err("refused").to_string()
}

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

/// The dense census (perfect rank) equals the hash census, and ranks
/// round-trip, on the small group, the same with pieces that look alike
/// (two of the four corners, all three edges: ranked as arrangements of
/// their labels), and the 2x2x2 with U and R.
#[test]
fn dense_census_equals_hash_census() {
    let alike = Definition::parse(
        &SMALL
            .replace("1 2 3 4\n0 0 0 0", "1 1 2 3\n0 0 0 0")
            .replace("E\n1 2 3\nEnd", "E\n1 1 1\nEnd"),
    )
    .expect("valid");
    assert_ne!(alike.solved(), small().solved());
    for (def, names) in [
        (small(), vec![]),
        (small(), vec!["B"]),
        (alike, vec![]),
        (
            Definition::builtin("2x2x2")
                .expect("built in")
                .expect("valid"),
            vec!["U", "R"],
        ),
    ] {
        let moves = if names.is_empty() {
            Moves::all(&def)
        } else {
            Moves::select(&def, &names)
        }
        .expect("moves");
        let puzzle = Twisty::new(def.clone(), moves);
        let solver = Solver::new(Strategy::bfs()).budget(Budget::default().max_states(1 << 30));
        let hash = solver.census(&puzzle, def.solved());
        let dense = solver.census_ranked(&puzzle, def.solved());
        assert_eq!(hash.layers, dense.layers);
        assert_eq!(hash.stopped, None);
        assert!(puzzle.space_size() >= hash.states());
        assert!(puzzle.space_size() < u64::MAX, "ranked");
        let mut rng = SplitMix64::new(9);
        for _ in 0..500 {
            let r = rng.below(puzzle.space_size());
            assert_eq!(puzzle.rank(&puzzle.unrank(r)), r);
        }
    }
}

/// The 2x2x2 with U, F and R (one corner fixed): the well-known quarter-
/// and half-turn counts, 3,674,160 positions, God's number 11.
#[test]
fn two_by_two_census_with_u_f_r() {
    let def = Definition::builtin("2x2x2")
        .expect("built in")
        .expect("valid");
    let moves = Moves::select(&def, &["U", "F", "R"]).expect("moves");
    let puzzle = Twisty::new(def.clone(), moves);
    let census = Solver::new(Strategy::bfs())
        .budget(Budget::default().max_states(1 << 30))
        .census_ranked(&puzzle, def.solved());
    assert_eq!(
        census.layers,
        [
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
        ]
    );
}

/// The 3x3x3 built from its geometry: the first layers of the half-turn
/// metric (1, 18, 243, 3240, 43239), and classic orders (`R U`: 105; the
/// "sexy move" `R U R' U'`: 6; a face turn: 4).
#[test]
fn three_by_three_first_layers_and_orders() {
    let def = Definition::builtin("3x3x3")
        .expect("built in")
        .expect("valid");
    let moves = Moves::all(&def).expect("moves");
    assert_eq!(moves.len(), 18);
    let o = def.orbits();
    let m = |name: &str| moves.get(moves.find(name).expect("a move")).clone();
    let order = |p: &Position| {
        let id = Position::identity(o);
        let mut q = p.clone();
        let mut k = 1;
        while q != id {
            q = q.then(p, o);
            k += 1;
        }
        k
    };
    assert_eq!(order(&m("R").then(&m("U"), o)), 105);
    let sexy = m("R").then(&m("U"), o).then(&m("R'"), o).then(&m("U'"), o);
    assert_eq!(order(&sexy), 6);
    assert_eq!(order(&m("F")), 4);
    let puzzle = Twisty::new(def.clone(), moves);
    let census = Solver::new(Strategy::bfs())
        .budget(Budget::default().max_states(50_000))
        .census(&puzzle, def.solved());
    assert_eq!(census.layers, [1, 18, 243, 3240, 43239]);
    assert_eq!(census.stopped, Some(Limit::States));
}

/// IDA* with the canonical automaton finds answers as short as BFS's
/// distances, the lexicographically smallest (against a plain BFS that
/// reads the smallest path off the distances), replayed: every
/// `every`-th state within `max` moves.
fn check_smallest(def: &Definition, moves: &Moves, max: u32, every: usize) -> usize {
    let puzzle = Twisty::new(def.clone(), moves.clone());
    assert!(puzzle.automaton().states() > 1);
    check_answers(&puzzle, max, every)
}

#[test]
fn canonical_sequences_keep_the_smallest_shortest_answer() {
    let def = small();
    let moves = Moves::all(&def).expect("moves");
    assert_eq!(check_smallest(&def, &moves, 40, 1), 72);
    // The 2x2x2 by U and R (29,160 positions): those within 6 moves.
    let cube = Definition::builtin("2x2x2")
        .expect("built in")
        .expect("valid");
    let ur = Moves::select(&cube, &["U", "R"]).expect("moves");
    assert!(check_smallest(&cube, &ur, 6, 5) > 200);
    // And with all six face turns (opposite faces commute): within 4.
    let all = Moves::all(&cube).expect("moves");
    assert!(check_smallest(&cube, &all, 4, 31) > 200);
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

/// The coordinate tables give the census of the positions themselves (the
/// 2x2x2's coordinates span 88,179,840 ranks: the two-bit dense census),
/// and their states follow the positions move by move.
#[test]
fn coordinates_agree_with_positions() {
    use puzzle_search_core::Puzzle;
    use puzzle_twisty::Coordinates;
    let cube = Definition::builtin("2x2x2")
        .expect("built in")
        .expect("valid");
    for (def, names) in [
        (small(), vec![]),
        (cube.clone(), vec!["U", "R"]),
        (cube, vec!["F", "D", "L"]),
    ] {
        let moves = if names.is_empty() {
            Moves::all(&def)
        } else {
            Moves::select(&def, &names)
        }
        .expect("moves");
        let puzzle = Twisty::new(def.clone(), moves.clone());
        let coords = Coordinates::new(&puzzle).expect("fits");
        let solver = Solver::new(Strategy::bfs()).budget(Budget::default().max_states(1 << 30));
        let by_coords = solver.census_ranked(&coords, &coords.start(def.solved()).expect("solved"));
        if names.len() == 3 {
            // F, D and L: the U, F, R counts by symmetry (3,674,160).
            assert_eq!(
                by_coords.layers,
                [
                    1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
                ]
            );
        } else {
            assert_eq!(
                solver.census(&puzzle, def.solved()).layers,
                by_coords.layers
            );
        }
        // A random walk: the coordinates of each position are the
        // coordinate state the tables reach.
        let mut rng = SplitMix64::new(21);
        let mut p = def.solved().clone();
        let mut c = coords.start(&p).expect("solved");
        let mut kids = Vec::new();
        for _ in 0..300 {
            let m = rng.below(moves.len() as u64) as usize;
            p = p.then(moves.get(m), def.orbits());
            kids.clear();
            coords.successors(&c, &mut kids);
            c = kids[m].1;
            assert_eq!(Some(c), coords.start(&p));
            assert_eq!(coords.unrank(coords.rank(&c)), c);
            let mut ranks = Vec::new();
            coords.successor_ranks(coords.rank(&c), &mut |r| ranks.push(r));
            kids.clear();
            coords.successors(&c, &mut kids);
            assert_eq!(
                ranks,
                kids.iter().map(|(_, k)| coords.rank(k)).collect::<Vec<_>>()
            );
        }
    }
}

/// Distances to solved of every position within `max` moves (moves closed
/// under inverse), by BFS.
fn distances(def: &Definition, moves: &Moves, max: u32) -> HashMap<Position, u32> {
    let o = def.orbits();
    let mut dist: HashMap<Position, u32> = HashMap::from([(def.solved().clone(), 0)]);
    let mut layer = vec![def.solved().clone()];
    let mut d = 0;
    while !layer.is_empty() && d < max {
        d += 1;
        let mut next = Vec::new();
        for p in &layer {
            for i in 0..moves.len() {
                let c = p.then(moves.get(i), o);
                if !dist.contains_key(&c) {
                    dist.insert(c.clone(), d);
                    next.push(c);
                }
            }
        }
        layer = next;
    }
    dist
}

/// Two orbits of six pieces, three moves: a small cube-like puzzle whose
/// tables are small (175,000 and 23,000 entries).
const MINI: &str = "\
Name Mini
Set C 6 3
Set E 6 2
Solved
C
1 2 3 4 5 6
E
1 2 3 4 5 6
End
Move A
C
2 3 4 1 5 6
1 2 1 2 0 0
E
2 3 4 1 5 6
1 1 0 0 0 0
End
Move B
C
1 2 4 5 6 3
0 0 2 1 2 1
E
1 2 4 5 6 3
0 0 1 0 1 0
End
Move D
C
6 2 3 4 5 1
1 0 0 0 0 2
E
4 2 3 1 5 6
1 0 0 1 0 0
End
";

/// Checks `bound` against BFS distances within `max` moves: never above,
/// equal where `exact`; returns how many were equal.
fn check_bound(
    puzzle: &Twisty,
    bound: &puzzle_twisty::OrbitBound,
    max: u32,
    exact: bool,
) -> (usize, usize) {
    let def = puzzle.definition();
    let dist = distances(def, puzzle.moves(), max);
    let mut equal = 0;
    for (p, &d) in &dist {
        let b = bound.lower(p);
        assert!(b <= d, "{b} > {d} at {p:?}");
        if exact {
            assert_eq!(b, d);
        }
        equal += usize::from(b == d);
    }
    (equal, dist.len())
}

/// The orbits' tables: exact where one orbit is the whole puzzle, and
/// admissible with two orbits, and IDA* with them gives the
/// lexicographically smallest shortest answers. (The cubes' tables are
/// tens of MB: `three_by_three_tables`, ignored.)
#[test]
fn orbit_tables_are_exact_or_admissible() {
    use puzzle_twisty::OrbitBound;
    // One orbit (the small group's corners alone): exact everywhere.
    let one = Definition::parse(
        &SMALL
            .replace("Set E 3 2\n", "")
            .replace("E\n1 2 3\n", "")
            .replace("E\n2 3 1\n1 0 1\n", ""),
    )
    .expect("valid");
    assert_eq!(one.orbits().len(), 1);
    let plain = Twisty::new(one.clone(), Moves::all(&one).expect("moves"));
    let bound = OrbitBound::build(
        plain.definition(),
        plain.moves(),
        &Budget::default(),
        None,
        None,
    )
    .expect("tables");
    let (_, n) = check_bound(&plain, &bound, 40, true);
    assert!(n > 20);
    // Two orbits: admissible, often exact near solved.
    let mini = Definition::parse(MINI).expect("valid");
    let moves = Moves::all(&mini).expect("moves");
    let plain = Twisty::new(mini.clone(), moves.clone());
    let bound = OrbitBound::build(
        plain.definition(),
        plain.moves(),
        &Budget::default(),
        None,
        None,
    )
    .expect("tables");
    // Its two orbits' tables (no symmetry: no projection's table).
    assert!(bound.projection().is_none());
    assert_eq!(bound.tables().len(), 2);
    let (equal, n) = check_bound(&plain, &bound, 5, false);
    assert!(equal > n / 2, "{equal} of {n}");
    // Not closed under inverse: refused.
    let half = Moves::select(&mini, &["A'", "D"]).expect("moves");
    let open = Twisty::new(mini.clone(), half);
    assert!(
        OrbitBound::build(
            open.definition(),
            open.moves(),
            &Budget::default(),
            None,
            None
        )
        .is_err()
    );
    // IDA* with the tables: the BFS's smallest shortest answers.
    let puzzle = plain.with_bound(bound);
    check_answers(&puzzle, 5, 7);
}

/// Where the whole puzzle's coordinates fit, its one table is exact on
/// every position reached (the small group's two orbits), an unreachable state is a dead end, the
/// in-place search keeps exactly the children within the pass, and IDA*
/// gives the BFS's smallest shortest answers both ways.
#[test]
fn the_whole_puzzles_table_is_exact() {
    let def = small();
    // A corner twisted alone: no rank.
    let mut twisted = def.solved().as_slice().to_vec();
    twisted[4] = 1;
    let bound = whole_table_is_exact(&def, puzzle_twisty::TableOptions::default(), &twisted);
    assert_eq!(bound, "whole puzzle");
    // Two orbits with a rotation, their coordinates (17,280 ranks) past
    // the cap: the table by class (the ring's classes under the
    // rotation and mirror images, six symmetries, times the other
    // orbit's values).
    let ring = Definition::parse(RING_TWO).expect("valid");
    let options = puzzle_twisty::TableOptions {
        max_states: 12_000,
        ..puzzle_twisty::TableOptions::default()
    };
    // Two of the ring's pieces swapped: an odd permutation, not numbered.
    let mut swapped = ring.solved().as_slice().to_vec();
    swapped.swap(0, 1);
    let bound = whole_table_is_exact(&ring, options, &swapped);
    assert_eq!(bound, "whole puzzle by 6 symmetries");
    // One orbit moved: its one table is the puzzle's distance too.
    let one = Definition::parse(RING_ONE).expect("valid");
    let mut swapped = one.solved().as_slice().to_vec();
    swapped.swap(0, 1);
    let bound = whole_table_is_exact(&one, puzzle_twisty::TableOptions::default(), &swapped);
    assert!(bound.starts_with("P "), "{bound}");
    // MINI's coordinates span 4.0e9 ranks: past the cap, its orbits get
    // their tables.
    let mini = Definition::parse(MINI).expect("valid");
    let plain = Twisty::new(mini.clone(), Moves::all(&mini).expect("moves"));
    let bound = tables(&plain, puzzle_twisty::TableOptions::default());
    assert_eq!(
        bound.tables().len(),
        2 + usize::from(bound.projection().is_some())
    );
    assert!(!bound.exact());
}

/// Six pieces on a ring cycled three at a time, three more swapped and
/// flipped, and the ring's turn by two places (a rotation).
const RING_TWO: &str = "Set P 6 1\nSet Q 3 2\nSolved\nP\n1 2 3 4 5 6\nQ\n1 2 3\nEnd\n\
    Move A\nP\n2 3 1 4 5 6\nQ\n2 1 3\n1 0 0\nEnd\n\
    Move B\nP\n1 2 4 5 3 6\nQ\n1 3 2\n0 1 0\nEnd\n\
    Move C\nP\n5 2 3 4 6 1\nQ\n3 2 1\n0 0 1\nEnd\n\
    Move x\nP\n3 4 5 6 1 2\nQ\n2 3 1\nEnd\n";

/// [`RING_TWO`]'s ring alone, turned as it turns it.
const RING_ONE: &str = "Set P 6 2\nSolved\nP\n1 2 3 4 5 6\nEnd\n\
    Move A\nP\n2 3 1 4 5 6\n1 0 0 0 0 0\nEnd\n\
    Move B\nP\n1 2 4 5 3 6\n0 0 1 0 0 0\nEnd\n\
    Move C\nP\n5 2 3 4 6 1\n0 0 0 0 1 0\nEnd\n\
    Move x\nP\n3 4 5 6 1 2\nEnd\n";

/// Checks that `def`'s tables under `options` are one exact table over
/// the whole puzzle: the bound is the distance on every position, the
/// in-place search keeps exactly the children within the pass, IDA*'s
/// answers are the shortest, the position `outside` (not in the group)
/// is a dead end; returns the table's name in `--stats`.
fn whole_table_is_exact(
    def: &Definition,
    options: puzzle_twisty::TableOptions,
    outside: &[u8],
) -> String {
    use puzzle_search_core::InPlace;
    let plain = Twisty::new(def.clone(), Moves::all(def).expect("moves"));
    let bound = tables(&plain, options);
    assert_eq!(bound.tables().len(), 1, "one table over both orbits");
    assert!(bound.exact());
    let (equal, n) = check_bound(&plain, &bound, 40, true);
    assert_eq!(equal, n);
    let outside = def.solved().clone().with_bytes(outside).expect("length");
    assert_eq!(bound.lower(&outside), u32::MAX);
    let puzzle = plain.with_bound(bound.count_reads(true));
    let dist = distances(def, puzzle.moves(), 40);
    for (p, &d) in &dist {
        for left in 1..=d + 1 {
            let mut kept = Vec::new();
            InPlace::moves(&puzzle, p, left, None, &mut kept);
            let want: Vec<u16> = (0..puzzle.moves().len() as u16)
                .filter(|&m| {
                    let c = p.then(puzzle.moves().get(usize::from(m)), def.orbits());
                    dist[&c] < left
                })
                .collect();
            let mut got = kept.clone();
            got.sort_unstable();
            assert_eq!(got, want, "{p:?} left {left}");
        }
    }
    assert!(check_answers(&puzzle, 40, 3) > 10);
    // `--stats` names the one table, its reads and cuts (an orbit's
    // table also cuts children unread, by its parent's entry).
    let reads = puzzle.bound().expect("a bound").take_reads();
    assert_eq!(reads.len(), 1);
    assert!(reads[0].reads > 0 && reads[0].cuts > 0, "{}", reads[0]);
    reads[0].table.clone()
}

/// `plain`'s tables under `options`, no cache, no cap.
fn tables(plain: &Twisty, options: puzzle_twisty::TableOptions) -> puzzle_twisty::OrbitBound {
    puzzle_twisty::OrbitBound::build_with(
        plain.definition(),
        plain.moves(),
        options,
        &Budget::default(),
        None,
        None,
    )
    .expect("tables")
}

/// `plain`'s tables of at most `max_states` coordinates, by pieces (not
/// by symmetry class), read at the position alone and, where `inverse`,
/// at its inverse.
fn plain_tables(plain: &Twisty, max_states: u64, inverse: bool) -> puzzle_twisty::OrbitBound {
    tables(
        plain,
        puzzle_twisty::TableOptions {
            max_states,
            inverse,
            views: 1,
            reduce: false,
            pack_above: None,
            project_from: None,
            project_to: 0,
        },
    )
}

/// A table over a whole orbit reads the same at a position and at its
/// inverse (the proof the bound relies on to leave those reads out, in
/// docs/proofs/twisty.md, "Reads that cannot cut"): checked on every position within 6 moves of
/// the two-orbit puzzle, whose tables are whole orbits, table by table
/// (the bound's value is their largest, so a table that differed at the
/// inverse would show unless another covered it: each orbit is also
/// tested alone), and with the inverse read asked for, the bound equals
/// the bound without it.
#[test]
fn a_whole_orbits_table_reads_the_same_at_the_inverse() {
    use puzzle_twisty::TableOptions;
    let mini = Definition::parse(MINI).expect("valid");
    let plain = Twisty::new(mini.clone(), Moves::all(&mini).expect("moves"));
    let build = |inverse| plain_tables(&plain, TableOptions::default().max_states, inverse);
    let (forward, both) = (build(false), build(true));
    assert_eq!(forward.tables().len(), 2, "one table a whole orbit");
    let o = mini.orbits();
    let dist = distances(&mini, plain.moves(), 6);
    let mut differ = 0;
    for p in dist.keys() {
        let inverse = p.inverse(o);
        assert_eq!(forward.lower(p), forward.lower(&inverse), "at {p:?}");
        assert_eq!(both.lower(p), forward.lower(p));
        // Each orbit alone: the position with the other orbit solved.
        let mut from = 0;
        for orbit in o {
            let to = from + 2 * orbit.pieces;
            let only = |q: &Position| {
                let mut bytes = mini.solved().as_slice().to_vec();
                bytes[from..to].copy_from_slice(&q.as_slice()[from..to]);
                mini.solved()
                    .clone()
                    .with_bytes(&bytes)
                    .expect("same length")
            };
            let (alone, alone_inverse) = (only(p), only(&inverse));
            from = to;
            assert_eq!(forward.lower(&alone), forward.lower(&alone_inverse));
            differ += usize::from(forward.lower(&alone) != forward.lower(p));
        }
    }
    assert!(dist.len() > 100 && differ > 0);
}

/// Tables over groups of pieces (both orbits split: three groups of two
/// corners, two of three edges), read at the position alone or at its
/// inverse too: never above the BFS distance, the inverse never weaker
/// and somewhere stronger, and IDA* (plain and in place) with them gives
/// the BFS's smallest shortest answers.
#[test]
fn piece_group_tables_and_the_inverse_are_admissible() {
    let mini = Definition::parse(MINI).expect("valid");
    let plain = Twisty::new(mini.clone(), Moves::all(&mini).expect("moves"));
    let build = |inverse| plain_tables(&plain, 2000, inverse);
    let (forward, both) = (build(false), build(true));
    assert_eq!(forward.tables().len(), 5);
    assert!(!forward.reads_inverse() && both.reads_inverse());
    check_bound(&plain, &forward, 6, false);
    let (equal, n) = check_bound(&plain, &both, 6, false);
    assert!(equal > n / 8, "{equal} of {n}");
    let dist = distances(&mini, plain.moves(), 6);
    let stronger = dist
        .keys()
        .filter(|p| {
            assert!(both.lower(p) >= forward.lower(p));
            both.lower(p) > forward.lower(p)
        })
        .count();
    assert!(stronger > 0);
    for bound in [forward, both] {
        let puzzle = plain.clone().with_bound(bound);
        assert!(check_answers(&puzzle, 5, 5) > 100);
    }
}

/// A built-in puzzle by the moves named (all of them where none are).
fn builtin_by(name: &str, moves: &[&str]) -> (Definition, Twisty) {
    let def = Definition::builtin(name).expect("built in").expect("valid");
    let moves = if moves.is_empty() {
        Moves::all(&def)
    } else {
        Moves::select(&def, moves)
    }
    .expect("moves");
    (def.clone(), Twisty::new(def, moves))
}

/// Tables read at conjugates of the position by the puzzle's symmetries
/// (the 2x2x2 by U, F and R: the three turns about the UFR corner; the
/// 3x3x3: the 24 rotations), over small groups of pieces: never above the
/// BFS distance, never weaker than the position alone and somewhere
/// stronger, and IDA* with them gives the BFS's smallest shortest
/// answers.
#[test]
fn symmetric_views_are_admissible() {
    use puzzle_twisty::TableOptions;
    for (name, moves, max_states, depth, views, every) in [
        ("2x2x2", &["U", "F", "R"][..], 10_000, 6, 3, 211),
        ("3x3x3", &[][..], 600, 4, 6, 1999),
    ] {
        let (def, plain) = builtin_by(name, moves);
        let build = |views, reduce| {
            let options = TableOptions {
                max_states,
                inverse: true,
                views,
                reduce,
                pack_above: None,
                project_from: None,
                project_to: 0,
            };
            tables(&plain, options)
        };
        // Indexed by symmetry class: admissible too, and the in-place
        // search's children agree with the bound (below).
        let reduced = build(views, true);
        assert!(reduced.reduced() > 0, "{name}");
        check_bound(&plain, &reduced, depth, false);
        let (alone, sym) = (build(1, false), build(views, false));
        assert!(alone.views().iter().all(|&v| v == 1));
        assert!(
            sym.views().iter().all(|&v| v == views),
            "{name}: {:?}",
            sym.views()
        );
        check_bound(&plain, &alone, depth, false);
        check_bound(&plain, &sym, depth, false);
        let dist = distances(&def, plain.moves(), depth);
        let stronger = dist
            .keys()
            .filter(|p| {
                assert!(sym.lower(p) >= alone.lower(p));
                sym.lower(p) > alone.lower(p)
            })
            .count();
        assert!(
            stronger > dist.len() / 20,
            "{name}: {stronger} of {}",
            dist.len()
        );
        // The in-place search's children (tables read at the conjugated
        // children, by the conjugated moves) keep exactly the children
        // whose bound allows them.
        for bound in [sym, reduced] {
            let puzzle = plain.clone().with_bound(bound);
            let o = def.orbits();
            let mut out = Vec::new();
            for (p, _) in dist.iter().step_by(17) {
                for left in 1..=depth + 1 {
                    out.clear();
                    puzzle_search_core::InPlace::moves(&puzzle, p, left, None, &mut out);
                    let want: Vec<u16> = (0..puzzle.moves().len() as u16)
                        .filter(|&m| {
                            let child = p.then(puzzle.moves().get(usize::from(m)), o);
                            puzzle_search_core::Puzzle::lower_bound(&puzzle, &child)
                                .is_some_and(|b| b < left)
                        })
                        .collect();
                    assert_eq!(out, want, "{name} at {p:?}, {left} left");
                }
            }
            assert!(check_answers(&puzzle, depth, every) > 20, "{name}");
        }
    }
}

/// Tables packed to two bits (`pack_above: Some(0)`: every table over a
/// group of pieces, however small): the bound never passes the BFS
/// distance nor the full tables' bound, is below it somewhere (the packing
/// is at work), is no longer exact, the in-place search never cuts a
/// child within reach (its BFS distance below the moves left; the
/// parent's-entry rule may cut by the parent's read what the child's own
/// packed read would keep) and keeps only children whose bound allows
/// them (the rule keeps children unread only on a sure read), and IDA*
/// (debug builds check `moves_bounded`'s promise) gives the
/// BFS's smallest shortest answers (the 2x2x2 by U, F and R; the 3x3x3
/// with tables of at most 600 coordinates, by class, and with tables of
/// at most 60,000 and the projection's).
#[test]
fn packed_tables_stay_admissible() {
    use puzzle_twisty::TableOptions;
    for (name, moves, max_states, project_from, depth, every) in [
        ("2x2x2", &["U", "F", "R"][..], 2_000, None, 6, 211),
        ("3x3x3", &[][..], 600, None, 4, 1999),
        // With the projection's table (no turns at this size), packed too.
        ("3x3x3", &[][..], 60_000, Some(1), 4, 1999),
    ] {
        let (def, plain) = builtin_by(name, moves);
        let build = |pack_above| {
            let options = TableOptions {
                max_states,
                pack_above,
                project_from,
                ..TableOptions::default()
            };
            tables(&plain, options)
        };
        let (full, packed) = (build(None), build(Some(0)));
        assert_eq!(packed.projection().is_some(), project_from.is_some());
        assert!(packed.tables().iter().all(|t| !t.is_exact()), "{name}");
        assert!(!packed.exact());
        check_bound(&plain, &packed, depth, false);
        let dist = distances(&def, plain.moves(), depth);
        let lower = dist
            .keys()
            .filter(|p| {
                assert!(packed.lower(p) <= full.lower(p), "{name} at {p:?}");
                packed.lower(p) < full.lower(p)
            })
            .count();
        assert!(lower > 0, "{name}");
        let puzzle = plain.clone().with_bound(packed);
        let o = def.orbits();
        let mut out = Vec::new();
        let (mut kept, mut within) = (0, 0);
        for (p, _) in dist.iter().step_by(13) {
            for left in 1..=depth + 1 {
                out.clear();
                puzzle_search_core::InPlace::moves(&puzzle, p, left, None, &mut out);
                for m in 0..puzzle.moves().len() as u16 {
                    let child = p.then(puzzle.moves().get(usize::from(m)), o);
                    let near = dist.get(&child).is_some_and(|&d| d < left);
                    assert!(!near || out.contains(&m), "{name} at {p:?}, {left} left");
                    // Every child kept reads within the moves left
                    // (`moves_bounded`'s promise).
                    let allowed = puzzle_search_core::Puzzle::lower_bound(&puzzle, &child)
                        .is_some_and(|b| b < left);
                    assert!(allowed || !out.contains(&m), "{name} at {p:?}, {left} left");
                    kept += out.contains(&m) as usize;
                    within += allowed as usize;
                }
            }
        }
        // Not vacuous: children are kept, and the packed reads keep some.
        assert!(kept > 0 && within > 0, "{name}");
        assert!(check_answers(&puzzle, depth, every) > 20, "{name}");
    }
}

/// IDA* on `puzzle` (with its bound, if any) against the
/// lexicographically smallest shortest path read off a BFS (moves closed
/// under inverse, so distances from solved are distances to it), on every
/// `every`-th position within `max` moves, each answer replayed; returns
/// how many were checked.
fn check_answers(puzzle: &Twisty, max: u32, every: usize) -> usize {
    let def = puzzle.definition();
    let moves = puzzle.moves();
    let o = def.orbits();
    let dist = distances(def, moves, max);
    let solver = Solver::new(Strategy::IdaStar { max_depth: 40 }).parallel(false);
    let mut starts: Vec<&Position> = dist.keys().collect();
    starts.sort();
    let mut checked = 0;
    for start in starts.into_iter().step_by(every) {
        let mut path = Vec::new();
        let mut p = start.clone();
        while dist[&p] > 0 {
            let (i, c) = (0..moves.len())
                .map(|i| (i, p.then(moves.get(i), o)))
                .find(|(_, c)| dist.get(c).is_some_and(|&e| e + 1 == dist[&p]))
                .expect("a move down");
            path.push(i as u16);
            p = c;
        }
        let report = solver.solve(puzzle, start);
        let got = report.solution().expect("solved");
        assert_eq!(got, path.as_slice(), "from {start:?}");
        assert_eq!(&replay(puzzle, start, got).expect("legal"), def.solved());
        // In place (children cut by the tables in `moves`): the same
        // answer. (Not always the same nodes: a child cut there counts as
        // needing one move more than the pass allows, so a pass may come
        // that the exact bounds would have skipped.)
        let in_place = solver.solve(MakeUnmake(puzzle), start);
        assert_eq!(in_place.solution(), Some(got), "in place from {start:?}");
        checked += 1;
    }
    checked
}

/// The cubes' tables: the 2x2x2 by U and R exact on all 29,160
/// positions, the 3x3x3's (the defaults by symmetry class, then Korf's:
/// corners whole, edges six at a time; each read at the inverse too)
/// admissible within 4 moves, and IDA* with them against BFS.
/// `cargo test --release -p puzzle-twisty -- --ignored three_by_three_tables`
/// (about two minutes: the 3x3x3's default tables, 161 + 59 MB built
/// and 117 MB held packed, and Korf's, 87 MB built and 46 MB packed).
#[test]
#[ignore = "tables of 220 and 87 MB: cargo test --release -p puzzle-twisty -- --ignored"]
fn three_by_three_tables() {
    use puzzle_twisty::OrbitBound;
    let cube = Definition::builtin("2x2x2")
        .expect("built in")
        .expect("valid");
    let ur = Moves::select(&cube, &["U", "R"]).expect("moves");
    let plain = Twisty::new(cube.clone(), ur);
    let bound = OrbitBound::build(
        plain.definition(),
        plain.moves(),
        &Budget::default(),
        None,
        None,
    )
    .expect("tables");
    assert_eq!(check_bound(&plain, &bound, 40, true).1, 29_160);
    let three = Definition::builtin("3x3x3")
        .expect("built in")
        .expect("valid");
    let plain = Twisty::new(three.clone(), Moves::all(&three).expect("moves"));
    // The defaults: corners by 48 symmetries and two projections' tables
    // (all edges' turns, H48's coordinate), each read at the position
    // and the inverse (no table over a part of an orbit beside two
    // projections); then Korf's tables.
    let bound = OrbitBound::build(
        plain.definition(),
        plain.moves(),
        &Budget::default(),
        None,
        None,
    )
    .expect("tables");
    assert_eq!(bound.tables().len(), 3);
    assert_eq!(bound.reduced(), 1);
    assert_eq!(bound.views(), vec![1, 1, 1]);
    assert_eq!(
        bound.projections(),
        [
            "projection EDGE in blocks 4+4+4, CORNER in blocks 4+4 turned by 48 symmetries",
            "projection EDGE in blocks 4+4+4 turned, CORNER in blocks 4+4 by 48 symmetries"
        ]
    );
    let (equal, n) = check_bound(&plain, &bound, 4, false);
    assert!(equal > n / 2, "{equal} of {n}");
    check_answers(&plain.clone().with_bound(bound), 4, 97);
    let korf = puzzle_twisty::TableOptions {
        max_states: 1 << 27,
        reduce: false,
        views: 1,
        ..puzzle_twisty::TableOptions::default()
    };
    let bound = OrbitBound::build_with(
        plain.definition(),
        plain.moves(),
        korf,
        &Budget::default(),
        None,
        None,
    )
    .expect("tables");
    assert_eq!(bound.tables().len(), 3);
    assert_eq!(bound.reduced(), 0);
    let (equal, n) = check_bound(&plain, &bound, 4, false);
    assert!(equal > n / 2, "{equal} of {n}");
    check_answers(&plain.with_bound(bound), 4, 97);
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

/// The parent's-entry rule of the in-place search (a table not read at
/// the children of a position whose own entry shows that none can be cut,
/// or that all are; proof in docs/proofs/twisty.md, "Reads the parent's
/// entry settles"): with it on and off, `InPlace::moves` keeps exactly the
/// children whose own bound (read per state, without the rule) is within
/// the moves left after them, for every position within 5 moves of the
/// two-orbit puzzle (tables over groups of pieces, read at the inverse
/// too) and for 3x3x3 positions along random walks (small tables by
/// symmetry class, read at three conjugates and the inverse, and the
/// projection's table: edges by slice, corners by tetrad), every
/// `left` from 1 to 9.
#[test]
fn the_parents_entry_settles_only_what_the_children_would() {
    use puzzle_search_core::{InPlace, Puzzle};
    let check = |plain: &Twisty, bound: puzzle_twisty::OrbitBound, positions: &[Position]| {
        let on = plain.clone().with_bound(bound);
        let off = plain
            .clone()
            .with_bound(tables(plain, options_of(plain)).settle_by_parent(false));
        let o = plain.definition().orbits();
        let (mut settled, mut cut) = (0usize, 0usize);
        for p in positions {
            for left in 1..=9u32 {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                InPlace::moves(&on, p, left, None, &mut a);
                InPlace::moves(&off, p, left, None, &mut b);
                let want: Vec<u16> = (0..plain.moves().len() as u16)
                    .filter(|&m| {
                        let child = p.then(plain.moves().get(usize::from(m)), o);
                        on.lower_bound(&child).is_some_and(|d| d < left)
                    })
                    .collect();
                assert_eq!(a, want, "rule on, left {left} at {p:?}");
                assert_eq!(b, want, "rule off, left {left} at {p:?}");
                settled += usize::from(a.len() == plain.moves().len());
                cut += usize::from(a.is_empty());
            }
        }
        assert!(settled > 0 && cut > 0, "{settled} all kept, {cut} none");
    };
    let mini = Definition::parse(MINI).expect("valid");
    let plain = Twisty::new(mini.clone(), Moves::all(&mini).expect("moves"));
    let near: Vec<Position> = distances(&mini, plain.moves(), 5).into_keys().collect();
    check(&plain, tables(&plain, options_of(&plain)), &near);
    let cube = Definition::builtin("3x3x3")
        .expect("built in")
        .expect("valid");
    let plain = Twisty::new(cube.clone(), Moves::all(&cube).expect("moves"));
    let mut rng = SplitMix64::new(44);
    let mut walk = Vec::new();
    let mut p = cube.solved().clone();
    for _ in 0..300 {
        let m = (rng.next_u64() % plain.moves().len() as u64) as usize;
        p = p.then(plain.moves().get(m), cube.orbits());
        walk.push(p.clone());
    }
    check(&plain, tables(&plain, options_of(&plain)), &walk);
}

/// The small tables [`the_parents_entry_settles_only_what_the_children_would`]
/// reads: the two-orbit puzzle's by groups of two or three pieces, the
/// 3x3x3's by symmetry class (at most 60,000 coordinates each) and its
/// projection (edges by slice, corners by tetrad, no turns: 54,740
/// indices by class).
fn options_of(plain: &Twisty) -> puzzle_twisty::TableOptions {
    let cube = plain.definition().orbits().len() == 2 && plain.moves().len() == 18;
    puzzle_twisty::TableOptions {
        max_states: if cube { 60_000 } else { 2000 },
        inverse: true,
        views: 3,
        reduce: cube,
        pack_above: None,
        project_from: cube.then_some(1),
        project_to: if cube { 60_000 } else { 2000 },
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

/// The 3x3x3 as a cross puzzle, twsearch's way: four edges told apart
/// and oriented, the other eight alike with `?` orientations, the corners
/// all alike and `?`.
fn cross() -> Definition {
    let text = Definition::builtin_text("3x3x3").expect("built in");
    let (head, rest) = text.split_at(text.find("Solved").expect("a solved state"));
    let tail = &rest[rest.find("End").expect("its end")..];
    let solved = "Solved\nEDGE\n1 1 1 1 2 3 4 5 1 1 1 1\n? ? ? ? 0 0 0 0 ? ? ? ?\nCORNER\n1 1 1 1 1 1 1 1\n? ? ? ? ? ? ? ?\n";
    Definition::parse(&format!("{head}{solved}{tail}")).expect("valid")
}

/// Tables over pieces alike and `?` orientations: where the
/// table sees everything the puzzle tells apart (the cross puzzle: the
/// whole edge orbit in one table, 190,080 entries; the corners show
/// nothing), the bound equals the distance at every position within five
/// moves (breadth first), and the solver's lengths equal those
/// distances. On a toy whose labels split into several tables the bound
/// never passes the distance (admissible) and the in-place reads keep
/// exactly the children the per-state bound keeps, with the parent's-
/// entry rule and without.
#[test]
fn tables_over_pieces_alike_bound_and_where_they_see_all_are_exact() {
    use puzzle_search_core::{InPlace, Puzzle};
    let def = cross();
    let plain = Twisty::new(def.clone(), Moves::all(&def).expect("moves"));
    let bound = puzzle_twisty::OrbitBound::build(
        plain.definition(),
        plain.moves(),
        &Budget::default(),
        None,
        None,
    )
    .expect("tables");
    assert_eq!(bound.tables().len(), 1);
    assert_eq!(bound.tables()[0].len(), 190_080);
    let near = distances(&def, plain.moves(), 5);
    for (p, &d) in &near {
        assert_eq!(bound.lower(p), d, "at {p:?}");
    }
    let puzzle = plain.clone().with_bound(bound);
    for (p, &d) in near.iter().filter(|(_, d)| **d == 5).take(20) {
        let report = Solver::new(Strategy::ida()).solve(MakeUnmake(&puzzle), p);
        let moves = report.solution().expect("solved").to_vec();
        assert_eq!(moves.len() as u32, d);
        assert!(puzzle.is_goal(&replay(&puzzle, p, &moves).expect("replays")));
    }

    // The toy: labels 1, 2 told apart, 3 twice, a `?` on one copy of 4;
    // tables of at most 40 entries: several per orbit.
    let toy = Definition::parse(
        "Set E 6 2\nSolved\nE\n1 2 3 3 4 4\n0 0 0 0 ? 0\nEnd\nMove A\nE\n2 3 4 5 6 1\n1 0 0 1 0 0\nEnd\nMove B\nE\n1 3 2 4 6 5\n0 1 1 0 0 0\nEnd\n",
    )
    .expect("valid");
    let plain = Twisty::new(toy.clone(), Moves::all(&toy).expect("moves"));
    let options = puzzle_twisty::TableOptions {
        max_states: 40,
        ..puzzle_twisty::TableOptions::default()
    };
    let build = |on: bool| tables(&plain, options).settle_by_parent(on);
    assert!(build(true).tables().len() >= 2);
    let all = distances(&toy, plain.moves(), 64);
    let on = plain.clone().with_bound(build(true));
    let off = plain.clone().with_bound(build(false));
    let (mut cut, mut exact) = (0, 0);
    for (p, &d) in &all {
        let lower = on.lower_bound(p).expect("reachable");
        assert!(lower <= d, "{lower} over {d} at {p:?}");
        exact += usize::from(lower == d && d > 0);
        for left in 1..=6u32 {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            InPlace::moves(&on, p, left, None, &mut a);
            InPlace::moves(&off, p, left, None, &mut b);
            let want: Vec<u16> = (0..plain.moves().len() as u16)
                .filter(|&m| {
                    let child = p.then(plain.moves().get(usize::from(m)), toy.orbits());
                    on.lower_bound(&child).is_some_and(|c| c < left)
                })
                .collect();
            assert_eq!(a, want, "rule on, left {left} at {p:?}");
            assert_eq!(b, want, "rule off, left {left} at {p:?}");
            cut += usize::from(a.len() < plain.moves().len());
        }
    }
    assert!(cut > 0 && exact > 0, "{cut} cut, {exact} exact");
}

/// A definition that names no rotation (twsearch's own `2x2x2.tws`)
/// gets its symmetries from the moves themselves: the
/// built-in 2x2x2's text with its `x`, `y`, `z` blocks taken out finds
/// the same 48 (24 rotations and their mirror images), each mapping the
/// moves onto the moves, and every conjugate of every position within
/// four moves is as far from solved (breadth first).
#[test]
fn symmetries_are_found_from_the_moves_where_none_is_named() {
    let text = Definition::builtin_text("2x2x2").expect("built in");
    // Drop every `Move x|y|z ... End` block.
    let mut kept = String::new();
    let mut skipping = false;
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("Move ") {
            skipping = puzzle_twisty::is_rotation(name.trim());
        }
        if !skipping {
            kept.push_str(line);
            kept.push('\n');
        }
        if line.trim() == "End" {
            skipping = false;
        }
    }
    let bare = Definition::parse(&kept).expect("valid");
    assert!(bare.rotations().is_empty());
    let named = Definition::parse(&text).expect("valid");
    assert!(!named.rotations().is_empty());
    let moves = Moves::all(&bare).expect("moves");
    let found = puzzle_twisty::Symmetries::new(&bare, &moves);
    let given = puzzle_twisty::Symmetries::new(&named, &Moves::all(&named).expect("moves"));
    assert_eq!((found.len(), given.len()), (48, 48));
    let mirrors = (0..found.len()).filter(|&i| found.is_mirror(i)).count();
    assert_eq!(mirrors, 24);
    let dist = distances(&bare, &moves, 4);
    for (p, &d) in &dist {
        for i in 0..found.len() {
            let c = found.conjugate(i, p);
            assert_eq!(dist.get(&c), Some(&d), "symmetry {i} at {p:?}");
        }
    }
}

/// Orientations that no move changes (`2gen.tws`'s edges,
/// declared with two orientations that `<R, U>` never flips) are ranked
/// as one: the census's space is `2^n` times smaller, on the coordinate
/// path and the dense one, and its layers equal those of the same puzzle
/// declared without them.
#[test]
fn orientations_no_move_changes_are_ranked_as_one() {
    let with = "Set C 4 3\nSet E 4 2\nSolved\nC\n1 2 3 4\nE\n1 2 3 4\nEnd\nMove A\nC\n2 3 1 4\n1 1 1 0\nE\n2 1 3 4\nEnd\nMove B\nC\n1 3 4 2\nE\n1 2 4 3\nEnd\n";
    let without = with.replace("Set E 4 2", "Set E 4 1");
    let census = |text: &str| {
        let def = Definition::parse(text).expect("valid");
        let puzzle = Twisty::new(def.clone(), Moves::all(&def).expect("moves"));
        let dense = Solver::new(Strategy::bfs()).census_ranked(&puzzle, def.solved());
        let coords = puzzle_twisty::Coordinates::new(&puzzle).expect("small orbits");
        let by_coords = Solver::new(Strategy::bfs())
            .census_ranked(&coords, &coords.start(def.solved()).expect("solved"));
        let hashed = Solver::new(Strategy::bfs()).census(&puzzle, def.solved());
        assert_eq!(dense.layers, hashed.layers);
        assert_eq!(by_coords.layers, hashed.layers);
        (
            puzzle.space_size(),
            coords.size(),
            puzzle.unturned_orbits(),
            hashed.layers,
        )
    };
    let (a, b) = (census(with), census(&without));
    assert_eq!(a.2, [1]);
    assert!(b.2.is_empty());
    assert_eq!((a.0, a.1), (b.0, b.1));
    assert_eq!(a.3, b.3);
}

/// The coordinates rank the reachable group, not the product of orbits
/// on a toy where the three rules see every invariant (orbit
/// `B` moved as `A`, so a copy; `A` only ever even, 12 values; `C`'s
/// parity tied to `D`'s, so `D` counts half) the space is exactly the 72
/// positions reached, against 1,728 ranks of the positions' own rank
/// (which sees only the orbits every move keeps even), and the census
/// equals the hash census layer by layer on both ranks. A position that
/// breaks a rule (the copy differs, or the tied parities) has no
/// coordinates.
#[test]
fn coordinates_rank_the_reachable_group() {
    use puzzle_twisty::Coordinates;
    let text = "Set A 4 1\nSet B 4 1\nSet C 2 1\nSet D 3 1\n\
        Solved\nA\n1 2 3 4\nB\n1 2 3 4\nC\n1 2\nD\n1 2 3\nEnd\n\
        Move X\nA\n2 3 1 4\nB\n2 3 1 4\nC\n2 1\nD\n2 1 3\nEnd\n\
        Move Y\nA\n1 3 4 2\nB\n1 3 4 2\nEnd\n\
        Move Z\nD\n2 3 1\nEnd\n";
    let def = Definition::parse(text).expect("valid");
    let puzzle = Twisty::new(def.clone(), Moves::all(&def).expect("moves"));
    let coords = Coordinates::new(&puzzle).expect("small orbits");
    let start = coords.start(def.solved()).expect("solved");
    let by_coords = Solver::new(Strategy::bfs()).census_ranked(&coords, &start);
    let hashed = Solver::new(Strategy::bfs()).census(&puzzle, def.solved());
    assert_eq!(by_coords.layers, hashed.layers);
    assert_eq!(hashed.states(), 72);
    assert_eq!(coords.size(), 72);
    // The positions' own rank sees only each orbit's parity where every
    // move is even on it (A and B): 12 x 12 x 2 x 6.
    assert_eq!(puzzle.space_size(), 12 * 12 * 2 * 6);
    let dense = Solver::new(Strategy::bfs()).census_ranked(&puzzle, def.solved());
    assert_eq!(dense.layers, hashed.layers);
    // Both ranks undone by their unranks along a random walk (the large
    // spaces' two-bit census unranks every state it expands).
    let moves = puzzle.moves();
    let mut rng = SplitMix64::new(45);
    let mut p = def.solved().clone();
    for _ in 0..200 {
        p = p.then(
            moves.get(rng.below(moves.len() as u64) as usize),
            def.orbits(),
        );
        assert_eq!(puzzle.unrank(puzzle.rank(&p)), p);
        let c = coords.start(&p).expect("reached");
        assert_eq!(coords.unrank(coords.rank(&c)), c);
    }
    // One move of each kind alone breaks a rule.
    let alone = |name: &str, orbit: &str, perm: &str| {
        let text = format!("{text}Move {name}\n{orbit}\n{perm}\nEnd\n");
        let other = Definition::parse(&text).expect("valid");
        let m = Moves::select(&other, &[name]).expect("its move");
        def.solved().then(m.get(0), def.orbits())
    };
    assert!(coords.start(&alone("S", "B", "2 3 1 4")).is_none()); // copy differs
    assert!(coords.start(&alone("S", "C", "2 1")).is_none()); // parities untied
    assert!(coords.start(&alone("S", "A", "2 1 3 4")).is_none()); // A odd
}

/// The coordinate census equals the hash census on puzzles that mix the
/// numberings: pieces alike with orientations, a whole orbit no move
/// touches, orbits whose permutations and orientations move alike,
/// parities tied across three orbits, and look-alike coordinates that are
/// not copies.
#[test]
fn coordinate_census_equals_the_hash_census_on_mixed_orbits() {
    let defs = [
        // Pieces alike (labels 1 1 2 2 3) that also turn, beside an orbit
        // no move touches.
        "Set P 5 3\nSet Q 3 2\nSolved\nP\n1 1 2 2 3\nQ\n1 2 3\nEnd\n\
         Move R\nP\n2 3 4 5 1\n1 0 0 0 2\nEnd\nMove S\nP\n2 1 3 4 5\n0 1 0 0 0\nEnd\n",
        // Orientations moved alike (T and U: one copy), parities tied
        // across three orbits (V, W, X: one move odd on all three, one on
        // two).
        "Set T 3 3\nSet U 3 3\nSet V 3 1\nSet W 2 1\nSet X 4 1\n\
         Solved\nT\n1 2 3\nU\n1 2 3\nV\n1 2 3\nW\n1 2\nX\n1 2 3 4\nEnd\n\
         Move F\nT\n2 3 1\n1 1 1\nU\n2 3 1\n1 1 1\nV\n2 1 3\nW\n2 1\nX\n2 1 3 4\nEnd\n\
         Move G\nV\n1 3 2\nX\n1 2 4 3\nEnd\n\
         Move H\nX\n2 3 1 4\nV\n2 3 1\nEnd\n",
        // Two orbits with as many values and one solved value, moved by
        // different moves: not copies.
        "Set K 3 1\nSet L 3 1\nSolved\nK\n1 2 3\nL\n1 2 3\nEnd\n\
         Move M\nK\n2 3 1\nEnd\nMove N\nL\n2 3 1\nEnd\n",
    ];
    for text in defs {
        let def = Definition::parse(text).expect("valid");
        let puzzle = Twisty::new(def.clone(), Moves::all(&def).expect("moves"));
        let coords = puzzle_twisty::Coordinates::new(&puzzle).expect("small orbits");
        let start = coords.start(def.solved()).expect("solved");
        let by_coords = Solver::new(Strategy::bfs()).census_ranked(&coords, &start);
        let hashed = Solver::new(Strategy::bfs()).census(&puzzle, def.solved());
        assert_eq!(by_coords.layers, hashed.layers, "{text}");
        assert!(coords.size() >= hashed.states());
        assert!(coords.size() <= puzzle.space_size(), "{text}");
        let dense = Solver::new(Strategy::bfs()).census_ranked(&puzzle, def.solved());
        assert_eq!(dense.layers, hashed.layers, "{text}");
        // Sorted layers, of the coordinates' ranks and of the positions'.
        assert!(puzzle.ranked());
        let sorted = Solver::new(Strategy::bfs()).census_sorted(&coords, &start);
        assert_eq!(sorted.layers, hashed.layers, "{text}");
        let sorted = Solver::new(Strategy::bfs()).census_sorted(&puzzle, def.solved());
        assert_eq!(sorted.layers, hashed.layers, "{text}");
    }
}

/// An orbit of 70 pieces told apart (past what a permutation rank or a
/// parity's bit set holds) leaves the census to the hash path, never a
/// panic: no rank (`u64::MAX`) and no coordinates.
#[test]
fn orbits_past_the_ranks_are_left_to_the_hash_census() {
    let n = 70;
    let ids: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let mut cycle: Vec<String> = (2..=n).map(|i| i.to_string()).collect();
    cycle.push("1".into());
    let text = format!(
        "Set P {n} 1\nSolved\nP\n{}\nEnd\nMove A\nP\n{}\nEnd\n",
        ids.join(" "),
        cycle.join(" ")
    );
    let def = Definition::parse(&text).expect("valid");
    let puzzle = Twisty::new(def.clone(), Moves::all(&def).expect("moves"));
    assert_eq!(puzzle.space_size(), u64::MAX);
    assert!(puzzle_twisty::Coordinates::new(&puzzle).is_none());
}
