//! The twisty crate's tables: every bound admissible (exact where it
//! should be) against breadth-first distances, read at conjugates and the
//! inverse, packed, over pieces alike, with the parent's-entry rule; the
//! answers the smallest shortest.

use puzzle_search_core::{Budget, MakeUnmake, Solver, Strategy, input::SplitMix64, replay};
use puzzle_twisty::{Definition, Moves, Position, Twisty};

mod common;
use common::*;

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

/// A projection keeping one slice's edge turns (the cube's edges by
/// slice with the turns of one slice's pieces, corners by tetrad: 2.4M
/// indices by the 16 symmetries that keep the slice), read at the three
/// conjugates that show each slice's turns and at their inverses: the
/// bound never passes the distance within 4 moves and beats the same
/// tables without it somewhere, the in-place search keeps exactly the
/// children the per-state bound keeps (its children's keys at a
/// conjugate made by the conjugated moves), and IDA* with it gives
/// BFS's lengths.
#[test]
fn a_projection_keeping_one_slices_turns_is_admissible_at_its_views() {
    use puzzle_search_core::{InPlace, Puzzle};
    use puzzle_twisty::TableOptions;
    let (def, plain) = builtin_by("3x3x3", &[]);
    let options = TableOptions {
        max_states: 1_500_000,
        inverse: true,
        views: 1,
        reduce: true,
        pack_above: None,
        project_from: Some(1_000_000),
        project_to: 3_000_000,
    };
    let bound = tables(&plain, options);
    let labels = bound.projections();
    assert_eq!(
        labels,
        [
            "projection EDGE in blocks 4+4+4 turned on block 1, CORNER in blocks 4+4 by 16 symmetries"
        ]
    );
    let without = tables(
        &plain,
        TableOptions {
            project_from: None,
            ..options
        },
    );
    check_bound(&plain, &bound, 4, false);
    let dist = distances(&def, plain.moves(), 4);
    let stronger = dist
        .keys()
        .filter(|p| bound.lower(p) > without.lower(p))
        .count();
    assert!(stronger > 0);
    let puzzle = plain.clone().with_bound(bound);
    let o = def.orbits();
    let mut rng = SplitMix64::new(66);
    let mut p = def.solved().clone();
    let mut kept = 0;
    for _ in 0..200 {
        let m = (rng.next_u64() % plain.moves().len() as u64) as usize;
        p = p.then(plain.moves().get(m), o);
        for left in 1..=9u32 {
            let mut out = Vec::new();
            InPlace::moves(&puzzle, &p, left, None, &mut out);
            let want: Vec<u16> = (0..plain.moves().len() as u16)
                .filter(|&m| {
                    let child = p.then(plain.moves().get(usize::from(m)), o);
                    puzzle.lower_bound(&child).is_some_and(|d| d < left)
                })
                .collect();
            assert_eq!(out, want, "left {left} at {p:?}");
            kept += out.len();
        }
    }
    assert!(kept > 0);
    assert!(check_answers(&puzzle, 4, 1999) > 20);
}
