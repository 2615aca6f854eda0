use std::collections::HashSet;

use super::*;
use crate::puzzle::Twisty;

fn puzzle(text: &str) -> Twisty {
    let def = Definition::parse(text).expect("a definition");
    let moves = Moves::all(&def).expect("moves");
    Twisty::new(def, moves)
}

fn cube3() -> Twisty {
    let def = Definition::builtin("3x3x3")
        .expect("built in")
        .expect("parses");
    let moves = Moves::all(&def).expect("moves");
    Twisty::new(def, moves)
}

/// `state` with its bytes changed at `(index, value)`.
fn with(state: &Position, changes: &[(usize, u8)]) -> Position {
    let mut b = state.as_slice().to_vec();
    for &(i, v) in changes {
        b[i] = v;
    }
    state.clone().with_bytes(&b).expect("same length")
}

#[test]
fn the_cubes_twists_flips_and_parities_are_caught() {
    let cube = cube3();
    let solved = cube.definition().solved().clone();
    // EDGE: labels 0..12, orientations 12..24; CORNER: 24..32, 32..40.
    let err = |p: &Position| cube.check_invariants(p).unwrap_err().to_string();
    assert_eq!(
        err(&with(&solved, &[(32, 1)])),
        "CORNER orientation sum 1, must be 0 (mod 3)"
    );
    assert_eq!(
        err(&with(&solved, &[(12, 1)])),
        "EDGE orientation sum 1, must be 0 (mod 2)"
    );
    assert_eq!(
        err(&with(&solved, &[(0, 1), (1, 0)])),
        "EDGE permutation odd, CORNER permutation even: the moves never make that combination"
    );
    // Two edges and two corners swapped: both odd, which the cube
    // makes (a quarter turn is odd on both).
    assert!(
        cube.check_invariants(&with(&solved, &[(0, 1), (1, 0), (24, 1), (25, 0)]))
            .is_ok()
    );
    // A twist balanced by another: kept.
    assert!(
        cube.check_invariants(&with(&solved, &[(32, 1), (33, 2)]))
            .is_ok()
    );
    // Every position a walk reaches passes.
    let mut p = solved.clone();
    let mut x = 12345u64;
    for _ in 0..2000 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = (x >> 33) as usize % cube.moves().len();
        p = p.then(cube.moves().get(m), cube.definition().orbits());
        assert_eq!(cube.check_invariants(&p), Ok(()));
    }
    let short = Position::identity(&cube.definition().orbits()[..1]);
    assert_eq!(
        cube.check_invariants(&short).unwrap_err().to_string(),
        "not a position of this puzzle"
    );
}

#[test]
fn pieces_a_subset_of_moves_never_moves_are_caught() {
    let def = Definition::builtin("3x3x3")
        .expect("built in")
        .expect("parses");
    let ur = Moves::select(&def, &["U", "R"]).expect("moves");
    let all = Moves::all(&def).expect("moves");
    let cube = Twisty::new(def.clone(), ur);
    let f = all.get(all.find("F").expect("F"));
    let after_f = def.solved().then(f, def.orbits());
    let msg = cube.check_invariants(&after_f).unwrap_err().to_string();
    assert!(msg.contains("which no move brings there"), "{msg}");
    let u = all.get(all.find("U").expect("U"));
    assert!(
        cube.check_invariants(&def.solved().then(u, def.orbits()))
            .is_ok()
    );
    // Necessary, not sufficient: `<U, R>` on the 2x2x2 keeps more
    // than these (29,160 positions), and a swap of two corners it
    // moves passes them (`U` and `R` are odd); the search then finds
    // it out of reach by exhausting the group.
    let cube2 = Definition::builtin("2x2x2")
        .expect("built in")
        .expect("parses");
    let ur = Twisty::new(
        cube2.clone(),
        Moves::select(&cube2, &["U", "R"]).expect("moves"),
    );
    assert!(
        ur.check_invariants(&with(cube2.solved(), &[(0, 1), (1, 0)]))
            .is_ok()
    );
}

/// Every arrangement of the solved pieces with every orientation.
fn all_states(def: &Definition) -> Vec<Position> {
    let mut out = vec![Vec::<u8>::new()];
    for (k, o) in def.orbits().iter().enumerate() {
        let off = def.offset(k);
        let labels = &def.solved().as_slice()[off..off + o.pieces];
        let mut perms: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..o.pieces {
            let mut next = Vec::new();
            for p in &perms {
                for &l in labels {
                    let used = p.iter().filter(|&&x| x == l).count();
                    let have = labels.iter().filter(|&&x| x == l).count();
                    if used < have && !next.contains(&[p.as_slice(), &[l]].concat()) {
                        next.push([p.as_slice(), &[l]].concat());
                    }
                }
            }
            perms = next;
        }
        let turns = (o.orientations as usize).pow(o.pieces as u32);
        let mut grown = Vec::new();
        for prefix in &out {
            for p in &perms {
                for t in 0..turns {
                    let mut v = prefix.clone();
                    v.extend(p);
                    let mut t = t;
                    for _ in 0..o.pieces {
                        v.push((t % o.orientations as usize) as u8);
                        t /= o.orientations as usize;
                    }
                    grown.push(v);
                }
            }
        }
        out = grown;
    }
    out.into_iter()
        .map(|b| def.solved().clone().with_bytes(&b).expect("length"))
        .collect()
}

/// On small puzzles whose invariants are all of these kinds, the
/// states that pass are exactly those a search reaches: a rule too
/// strict fails a reached one, a rule too loose passes more.
#[test]
fn the_states_that_pass_are_the_reachable_ones_on_small_puzzles() {
    let toys = [
        // Even 3-cycles with twists summing to 0: A4 x 3^3.
        "Set P 4 3\nSolved\nP\n1 2 3 4\nEnd\nMove A\nP\n2 3 1 4\n1 1 1 0\nEnd\nMove B\nP\n1 3 4 2\n0 2 0 1\nEnd\n",
        // Parities tied across two orbits; twists summing to 1 on one.
        "Set A 3 2\nSet B 4 1\nSolved\nA\n1 2 3\nB\n1 2 3 4\nEnd\nMove S\nA\n2 1 3\n1 0 0\nB\n2 1 3 4\nEnd\nMove T\nA\n2 3 1\nEnd\nMove U\nB\n1 3 4 2\nEnd\n",
        // Two blocks in one orbit (1 2 | 3 4 5), one never turned, and
        // pieces alike.
        "Set P 5 2\nSolved\nP\n1 1 2 3 3\nEnd\nMove A\nP\n2 1 3 4 5\n1 0 0 0 0\nEnd\nMove B\nP\n1 2 4 5 3\nEnd\n",
        // Tied parities of two blocks of one orbit.
        "Set P 4 1\nSolved\nP\n1 2 3 4\nEnd\nMove A\nP\n2 1 4 3\nEnd\n",
    ];
    for text in toys {
        let p = puzzle(text);
        let def = p.definition();
        let mut seen = HashSet::from([def.solved().clone()]);
        let mut frontier = vec![def.solved().clone()];
        while let Some(s) = frontier.pop() {
            for m in 0..p.moves().len() {
                let c = s.then(p.moves().get(m), def.orbits());
                if seen.insert(c.clone()) {
                    frontier.push(c);
                }
            }
        }
        let states = all_states(def);
        let passing: HashSet<Position> = states
            .iter()
            .filter(|s| p.check_invariants(s).is_ok())
            .cloned()
            .collect();
        assert_eq!(passing, seen, "{text}");
        assert!(states.len() > seen.len(), "{text}: every state reached");
    }
    // Messages on the first toy (every move even, twists summing to 0).
    let p = puzzle(toys[0]);
    let solved = p.definition().solved().clone();
    let err = |s: &Position| p.check_invariants(s).unwrap_err().to_string();
    assert_eq!(
        err(&with(&solved, &[(0, 1), (1, 0)])),
        "P permutation odd, and every move is even on it"
    );
    assert_eq!(
        err(&with(&solved, &[(4, 2)])),
        "P orientation sum 2, must be 0 (mod 3)"
    );
    // The third: two blocks, the second never turned, pieces alike.
    let p = puzzle(toys[2]);
    let solved = p.definition().solved().clone();
    let err = |s: &Position| p.check_invariants(s).unwrap_err().to_string();
    assert_eq!(
        err(&with(&solved, &[(1, 1), (2, 0)])),
        "P position 2 holds piece 2, which no move brings there"
    );
    assert_eq!(
        err(&with(&solved, &[(7, 1)])),
        "P position 3 holds piece 2 turned 1, and no move turns it"
    );
    assert_eq!(
        err(&with(&solved, &[(5, WILD)])),
        "P positions 1 2 has 1 orientations `?`, the solved state 0"
    );
}
