//! The twisty crate's censuses against brute force and known counts:
//! dense against hash, the cubes' published distance counts, the
//! reachable group's coordinates, canonical sequences against plain
//! search.

use puzzle_search_core::{Budget, Limit, Ranked, Solver, Strategy, input::SplitMix64};
use puzzle_twisty::{Definition, Moves, Position, Twisty};

mod common;
use common::*;

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

/// The census plan tells each layer as it finishes, and a census
/// cancelled from that callback (the class path: its walk returns no
/// layers of its own) returns the layers it finished, equal to the start
/// of the whole census, with the limit that stopped it.
#[test]
fn a_census_stopped_returns_the_layers_it_finished() {
    use puzzle_search_core::CancelFlag;
    use puzzle_twisty::{CensusPath, CensusPlan};
    let def = Definition::builtin("2x2x2")
        .expect("built in")
        .expect("parses");
    let puzzle = Twisty::new(def.clone(), Moves::all(&def).expect("moves"));
    let plan = CensusPlan::new(&puzzle, Some(CensusPath::Class), None).expect("a plan");
    let flag = CancelFlag::new();
    let budget = Budget::default().cancel_flag(flag.clone());
    let mut told = Vec::new();
    let run = plan.run(&puzzle, &budget, None, &mut |d, n| {
        told.push(n);
        if d == 3 {
            flag.cancel();
        }
    });
    assert_eq!(run.stopped, Some(Limit::Cancelled));
    assert!(run.layers.len() >= 4, "{:?}", run.layers);
    assert_eq!(run.layers, told);
    // The 2x2x2's first layers by its 18 face turns.
    assert_eq!(run.layers[..4], [1, 18, 243, 2874]);
}
