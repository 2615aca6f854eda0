//! What the twisty crate's test files share: small definitions, breadth-first
//! distances, and checks of bounds and answers against them.

#![allow(dead_code)] // each test file uses some of them

use std::collections::HashMap;

use puzzle_search_core::{Budget, MakeUnmake, Solver, Strategy, replay};
use puzzle_twisty::{Definition, Moves, Position, Twisty};

/// Three pieces with orientations, one move of order 3 turning them, one
/// swapping two with a twist: a small group to check against brute force.
pub(crate) const SMALL: &str = "\
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

pub(crate) fn small() -> Definition {
    Definition::parse(SMALL).expect("valid")
}

pub(crate) fn error(text: &str) -> String {
    Definition::parse(text).expect_err("refused").to_string()
}

/// IDA* with the canonical automaton finds answers as short as BFS's
/// distances, the lexicographically smallest (against a plain BFS that
/// reads the smallest path off the distances), replayed: every
/// `every`-th state within `max` moves.
pub(crate) fn check_smallest(def: &Definition, moves: &Moves, max: u32, every: usize) -> usize {
    let puzzle = Twisty::new(def.clone(), moves.clone());
    assert!(puzzle.automaton().states() > 1);
    check_answers(&puzzle, max, every)
}

/// Distances to solved of every position within `max` moves (moves closed
/// under inverse), by BFS.
pub(crate) fn distances(def: &Definition, moves: &Moves, max: u32) -> HashMap<Position, u32> {
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
pub(crate) const MINI: &str = "\
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
pub(crate) fn check_bound(
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

/// Six pieces on a ring cycled three at a time, three more swapped and
/// flipped, and the ring's turn by two places (a rotation).
pub(crate) const RING_TWO: &str = "Set P 6 1\nSet Q 3 2\nSolved\nP\n1 2 3 4 5 6\nQ\n1 2 3\nEnd\n\
    Move A\nP\n2 3 1 4 5 6\nQ\n2 1 3\n1 0 0\nEnd\n\
    Move B\nP\n1 2 4 5 3 6\nQ\n1 3 2\n0 1 0\nEnd\n\
    Move C\nP\n5 2 3 4 6 1\nQ\n3 2 1\n0 0 1\nEnd\n\
    Move x\nP\n3 4 5 6 1 2\nQ\n2 3 1\nEnd\n";

/// [`RING_TWO`]'s ring alone, turned as it turns it.
pub(crate) const RING_ONE: &str = "Set P 6 2\nSolved\nP\n1 2 3 4 5 6\nEnd\n\
    Move A\nP\n2 3 1 4 5 6\n1 0 0 0 0 0\nEnd\n\
    Move B\nP\n1 2 4 5 3 6\n0 0 1 0 0 0\nEnd\n\
    Move C\nP\n5 2 3 4 6 1\n0 0 0 0 1 0\nEnd\n\
    Move x\nP\n3 4 5 6 1 2\nEnd\n";

/// Checks that `def`'s tables under `options` are one exact table over
/// the whole puzzle: the bound is the distance on every position, the
/// in-place search keeps exactly the children within the pass, IDA*'s
/// answers are the shortest, the position `outside` (not in the group)
/// is a dead end; returns the table's name in `--stats`.
pub(crate) fn whole_table_is_exact(
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
pub(crate) fn tables(
    plain: &Twisty,
    options: puzzle_twisty::TableOptions,
) -> puzzle_twisty::OrbitBound {
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
pub(crate) fn plain_tables(
    plain: &Twisty,
    max_states: u64,
    inverse: bool,
) -> puzzle_twisty::OrbitBound {
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

/// A built-in puzzle by the moves named (all of them where none are).
pub(crate) fn builtin_by(name: &str, moves: &[&str]) -> (Definition, Twisty) {
    let def = Definition::builtin(name).expect("built in").expect("valid");
    let moves = if moves.is_empty() {
        Moves::all(&def)
    } else {
        Moves::select(&def, moves)
    }
    .expect("moves");
    (def.clone(), Twisty::new(def, moves))
}

/// IDA* on `puzzle` (with its bound, if any) against the
/// lexicographically smallest shortest path read off a BFS (moves closed
/// under inverse, so distances from solved are distances to it), on every
/// `every`-th position within `max` moves, each answer replayed; returns
/// how many were checked.
pub(crate) fn check_answers(puzzle: &Twisty, max: u32, every: usize) -> usize {
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

/// The small tables [`the_parents_entry_settles_only_what_the_children_would`]
/// reads: the two-orbit puzzle's by groups of two or three pieces, the
/// 3x3x3's by symmetry class (at most 60,000 coordinates each) and its
/// projection (edges by slice, corners by tetrad, no turns: 54,740
/// indices by class).
pub(crate) fn options_of(plain: &Twisty) -> puzzle_twisty::TableOptions {
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

/// The 3x3x3 as a cross puzzle, twsearch's way: four edges told apart
/// and oriented, the other eight alike with `?` orientations, the corners
/// all alike and `?`.
pub(crate) fn cross() -> Definition {
    let text = Definition::builtin_text("3x3x3").expect("built in");
    let (head, rest) = text.split_at(text.find("Solved").expect("a solved state"));
    let tail = &rest[rest.find("End").expect("its end")..];
    let solved = "Solved\nEDGE\n1 1 1 1 2 3 4 5 1 1 1 1\n? ? ? ? 0 0 0 0 ? ? ? ?\nCORNER\n1 1 1 1 1 1 1 1\n? ? ? ? ? ? ? ?\n";
    Definition::parse(&format!("{head}{solved}{tail}")).expect("valid")
}
