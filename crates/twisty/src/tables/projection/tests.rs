use super::*;
use crate::tables::digits::Digits;
use crate::tables::narrow::Narrow;
use puzzle_search_core::pdb::{Abstraction, PatternDb};

/// The projected state of a whole position, without any symmetry: the
/// orbits' values in mixed radix.
fn key(p: &Projection, s: &[u8]) -> u64 {
    p.parts.iter().fold(0, |k, x| k * x.radix() + x.rank(s))
}

/// Every projected state a breadth-first search over the projected
/// states (no symmetry) reaches from solved has that distance in the
/// table at its index; the table reaches no other index.
fn check(def: &Definition, moves: &Moves, max: u64) -> Projection {
    let sym = Symmetries::new(def, moves);
    check_made(Projection::new(def, moves, &sym, max).expect("a projection"))
}

/// [`check`] of a projection made.
fn check_made(p: Projection) -> Projection {
    let space = crate::tables::space::Named::new(&p, "test".into());
    let db = PatternDb::build(&space, None).expect("built");
    let states = p.parts.iter().map(Part::radix).product::<u64>();
    let len = p.len();
    let mut dist = vec![u8::MAX; states as usize];
    let mut layer = vec![p.solved.clone()];
    dist[key(&p, &p.solved) as usize] = 0;
    let (mut d, mut buf, mut seen) = (0u8, vec![0u8; len], 1u64);
    let mut indices = std::collections::HashSet::new();
    while !layer.is_empty() {
        let mut next = Vec::new();
        for g in &layer {
            let i = p.index(g, &mut buf);
            assert_eq!(db.get(i), d, "distance of {g:?}");
            indices.insert(i);
            for m in &p.moves {
                let mut c = vec![0u8; len];
                compose(g, m.as_slice(), &p.orbits, &mut c);
                let k = key(&p, &c) as usize;
                if dist[k] == u8::MAX {
                    dist[k] = d + 1;
                    seen += 1;
                    next.push(c);
                }
            }
        }
        layer = next;
        d += 1;
    }
    let reached = (0..p.size())
        .filter(|&i| db.get(i) != PatternDb::UNREACHED)
        .count();
    assert_eq!(
        reached,
        indices.len(),
        "indices reached by the build and by the search"
    );
    assert!(
        p.size() * 4 < seen,
        "the classes save indices: {} of {seen}",
        p.size()
    );
    // The build by whole positions (no step tables) gives the same
    // table as the build by the tables.
    let mut p = p;
    let steps = p.steps.take();
    assert!(steps.is_some());
    let space = crate::tables::space::Named::new(&p, "test".into());
    let whole = PatternDb::build(&space, None).expect("built");
    assert!((0..p.size()).all(|i| whole.get(i) == db.get(i)));
    p.steps = steps;
    p
}

#[test]
fn projected_distances_equal_a_search_of_the_projection() {
    // The 2x2x2's corners by tetrad, turns kept: one orbit.
    let cube = Definition::builtin("2x2x2")
        .expect("built in")
        .expect("parses");
    let moves = Moves::all(&cube).expect("moves");
    let p = check(&cube, &moves, 1 << 24);
    assert!(p.parts[0].oriented);
    // The 3x3x3's corners by tetrad and edges by slice, no turns (the
    // cap leaves none): two orbits, blocks of four.
    let cube = Definition::builtin("3x3x3")
        .expect("built in")
        .expect("parses");
    let moves = Moves::all(&cube).expect("moves");
    let p = check(&cube, &moves, 1 << 20);
    // 782 classes of the edges' 34,650 arrangements, times the
    // corners' 70.
    assert_eq!(p.size(), 782 * 70);
    assert_eq!(p.parts.len(), 2);
    assert!(p.parts.iter().all(|x| !x.oriented));
    assert_eq!(
        p.label(&cube),
        "projection EDGE in blocks 4+4+4, CORNER in blocks 4+4 by 48 symmetries"
    );
}

#[test]
fn the_cube_projects_to_h48s_coordinate() {
    let cube = Definition::builtin("3x3x3")
        .expect("built in")
        .expect("parses");
    let moves = Moves::all(&cube).expect("moves");
    let sym = Symmetries::new(&cube, &moves);
    let p = Projection::new(&cube, &moves, &sym, 1 << 29).expect("a projection");
    // Corners by tetrad with their turns (3,393 classes under the 48
    // symmetries, as H48 counts them), edges by slice.
    assert_eq!(
        p.label(&cube),
        "projection EDGE in blocks 4+4+4, CORNER in blocks 4+4 turned by 48 symmetries"
    );
    assert_eq!(p.reps.len(), 3393);
    assert_eq!(p.size(), 3393 * 34650);
    let mut g = p.solved.clone();
    for part in &p.parts {
        for x in (0..part.radix()).step_by(997) {
            part.lift(x, &mut g);
            assert_eq!(part.rank(&g), x);
        }
    }
    // Every symmetry's inverse found (classify's fast path).
    let inverses = p.inverses();
    for (i, &j) in inverses.iter().enumerate() {
        assert_eq!(i == p.identity, j == p.identity, "symmetry {i}");
    }
    // The index read without making the conjugate equals the one read
    // from the conjugate made whole, along a walk.
    assert!(!p.rest_turned);
    let len = p.len();
    let (mut t, mut h) = (vec![0u8; len], vec![0u8; len]);
    walk_stepped(&p, 500, |s| {
        let w = p.words[p.parts[0].rank(s) as usize];
        p.symmetries.conjugate_into((w & 0xff) as usize, s, &mut h);
        assert_eq!(p.parts[0].rank(&h), u64::from(p.reps[(w >> 8) as usize]));
        assert_eq!(p.index(s, &mut t), p.rest_of(u64::from(w >> 8), &h));
    });
}

/// Along a walk of `n` moves from solved, the position's index from
/// its rows, every child's index stepped by the tables and those of
/// the children made and ranked in passes equal those read from the
/// positions themselves ([`Projection::index`]); `each` sees each
/// position.
fn walk_stepped(p: &Projection, n: usize, mut each: impl FnMut(&[u8])) {
    let len = p.len();
    let (mut s, mut t, mut h) = (p.solved.clone(), vec![0u8; len], vec![0u8; len]);
    let all: Vec<u16> = (0..p.moves.len() as u16).collect();
    let mut stepped = vec![0u64; all.len()];
    for i in 0..n {
        let m = p.moves[(i * 7 + i / 3) % p.moves.len()].as_slice();
        compose(&s, m, &p.orbits, &mut t);
        std::mem::swap(&mut s, &mut t);
        let (at, rows) = p.index_and_rows(&s).expect("step tables");
        assert_eq!(at, p.index(&s, &mut t));
        assert!(p.child_indices(&rows, &all, &mut stepped));
        for (m, &x) in stepped.iter().enumerate() {
            compose(&s, p.moves[m].as_slice(), &p.orbits, &mut h);
            assert_eq!(x, p.index(&h, &mut t), "move {m}");
        }
        // The same children made and ranked in passes, every third
        // one left out (its index `u64::MAX`).
        let mut made = vec![0u64; all.len()];
        p.made_indices(&mut h, &mut t, &mut made, |m, c| {
            compose(&s, p.moves[m].as_slice(), &p.orbits, c);
            m % 3 != 1
        });
        for (m, (&x, &y)) in stepped.iter().zip(&made).enumerate() {
            assert_eq!(y, if m % 3 == 1 { u64::MAX } else { x }, "move {m}");
        }
        each(&s);
    }
}

/// All the edges' turns kept (the corners' dropped: 638,668,800
/// indices, past the default cap): the edges are a rest orbit with
/// two turns, conjugated by labels and turns apart (XOR), and every
/// child's stepped index, and every neighbour the build steps, equals
/// the one made whole.
#[test]
fn turned_edges_conjugate_by_labels_and_turns_apart() {
    let cube = Definition::builtin("3x3x3")
        .expect("built in")
        .expect("parses");
    let moves = Moves::all(&cube).expect("moves");
    let sym = Symmetries::new(&cube, &moves);
    let mut p = Projection::new(&cube, &moves, &sym, 1 << 30).expect("a projection");
    assert_eq!(
        p.label(&cube),
        "projection EDGE in blocks 4+4+4 turned, CORNER in blocks 4+4 by 48 symmetries"
    );
    assert_eq!(p.size(), 638_668_800);
    assert!(p.rest_turned);
    let st = p.steps.as_ref().expect("step tables");
    assert!(st.conj_turns[1].is_some());
    let mut t = vec![0u8; p.len()];
    let mut indices = Vec::new();
    walk_stepped(&p, 300, |s| indices.push(p.index(s, &mut t)));
    // The build's neighbours by the tables and by whole positions.
    let steps = p.steps.take();
    let mut whole = Vec::new();
    for &i in &indices {
        let space = crate::tables::space::Named::new(&p, "test".into());
        space.neighbours(i, &mut whole);
    }
    p.steps = steps;
    let mut by_tables = Vec::new();
    for &i in &indices {
        let space = crate::tables::space::Named::new(&p, "test".into());
        space.neighbours(i, &mut by_tables);
    }
    assert_eq!(by_tables, whole);
}
/// Step tables kept in the cache read back equal to those made; a
/// file of other tables under a right checksum (every edge conjugate
/// shifted, as another projection's or a crafted file's would be) is
/// not taken: the sampled check against conjugates made whole refuses
/// it and the tables are made and saved anew (a single entry changed
/// under a right checksum is not caught: the checksum is there for
/// accidents, as the tables' own files say). A file cut short is
/// made anew too.
#[test]
fn step_tables_read_back_from_the_cache_or_are_made_anew() {
    let cube = Definition::builtin("3x3x3")
        .expect("built in")
        .expect("parses");
    let moves = Moves::all(&cube).expect("moves");
    let sym = Symmetries::new(&cube, &moves);
    let made = Projection::new(&cube, &moves, &sym, 1 << 29).expect("a projection");
    let want = made.steps.as_ref().expect("step tables").tables();
    let want: Vec<Option<Narrow>> = want.into_iter().map(|t| t.cloned()).collect();
    let dir = std::env::temp_dir().join(format!("twisty-stp-{}", std::process::id()));
    let fresh = || {
        Projection::several(&cube, &moves, &sym, 0, 1 << 29, 1)
            .pop()
            .expect("one")
    };
    let got = |p: &Projection| -> Vec<Option<Narrow>> {
        let t = p.steps.as_ref().expect("step tables").tables();
        t.into_iter().map(|t| t.cloned()).collect()
    };
    // Made and saved, then read.
    let mut p = fresh();
    assert!(p.attach_steps(Some(&dir), "h48").is_none());
    assert!(got(&p) == want);
    let path = crate::tables::steps_file::file_in(&dir, "h48");
    let mut q = fresh();
    assert!(q.attach_steps(Some(&dir), "h48").is_none());
    assert!(got(&q) == want);
    // Every edge conjugate shifted, saved with a right checksum (orbit
    // 1's third table: five an orbit).
    let mut bad = want.clone();
    match &mut bad[5 + 2] {
        Some(Narrow::Two(v)) => v.iter_mut().for_each(|x| *x = (*x + 1) % 34_650),
        _ => panic!("the edges' conjugates: two bytes each"),
    }
    let refs: Vec<Option<&Narrow>> = bad.iter().map(Option::as_ref).collect();
    crate::tables::steps_file::save(&path, &refs).expect("saved");
    let mut r = fresh();
    let said = r.attach_steps(Some(&dir), "h48").expect("said").to_string();
    assert!(said.contains("is not valid step tables"), "{said}");
    assert!(got(&r) == want, "refused and made anew");
    let saved = crate::tables::steps_file::load(&path).expect("read");
    assert!(saved.as_ref() == Some(&want), "saved anew");
    // Every lead's value after a move wrong (its edges' labels one
    // further), in range and with a right checksum: refused too.
    let mut bad = want.clone();
    match &mut bad[0] {
        Some(Narrow::Two(v)) => v.iter_mut().for_each(|x| *x = (*x + 1) % 34_650),
        _ => panic!("the lead's steps: two bytes each"),
    }
    let refs: Vec<Option<&Narrow>> = bad.iter().map(Option::as_ref).collect();
    crate::tables::steps_file::save(&path, &refs).expect("saved");
    let mut r = fresh();
    assert!(r.attach_steps(Some(&dir), "h48").is_some(), "said");
    assert!(got(&r) == want, "refused and made anew");
    let bytes = std::fs::read(&path).expect("read");
    std::fs::write(&path, &bytes[..bytes.len() / 2]).expect("cut");
    let mut c = fresh();
    assert!(c.attach_steps(Some(&dir), "h48").is_some(), "said");
    assert!(got(&c) == want);
    std::fs::remove_dir_all(&dir).ok();
}

/// The choice of `def`'s projections (within `max` indices) that keeps
/// one block's turns of orbit `orbit` (the others' all), made with its
/// step tables.
fn block_turned(def: &Definition, moves: &Moves, max: u64, orbit: &str) -> Projection {
    let sym = Symmetries::new(def, moves);
    let (_, parts, keep) = Projection::choices(def, moves, &sym, max)
        .expect("choices")
        .into_iter()
        .find(|(_, parts, _)| {
            parts
                .iter()
                .any(|p| p.block_turns != 0 && def.orbits()[p.orbit].name == orbit)
        })
        .expect("a choice keeping one block's turns");
    let mut p = Projection::of_choice(def, moves, &sym, parts, &keep).expect("made");
    p.steps = p.make_steps();
    p
}

#[test]
fn one_blocks_turns_kept_by_the_symmetries_that_keep_the_block() {
    // The 2x2x2's corners by tetrad, one tetrad's turns kept: indexed by
    // the 24 symmetries that keep that tetrad, read at two conjugates
    // (one showing each tetrad); the table equals a search of the
    // projected states.
    let cube = Definition::builtin("2x2x2")
        .expect("built in")
        .expect("parses");
    let moves = Moves::all(&cube).expect("moves");
    let p = check_made(block_turned(&cube, &moves, 1 << 24, "CORNER"));
    assert_eq!(p.symmetries.len(), 24);
    assert_eq!(p.views().len(), 2);
    assert_eq!(p.parts[0].radix(), 70 * 81);
    assert_eq!(
        p.label(&cube),
        "projection CORNER in blocks 4+4 turned on block 1 by 24 symmetries"
    );
    // The 3x3x3's: edges by slice with one slice's turns, corners by
    // tetrad with theirs (nxopt's and Cube Explorer's choice of 16
    // symmetries about one axis, read at three conjugates). Its index is
    // at every conjugate by its symmetries one of the position's
    // equivalents (those its class's stabiliser gives, which the build
    // gives the same entry), and its children's indices stepped equal
    // those made.
    let cube = Definition::builtin("3x3x3")
        .expect("built in")
        .expect("parses");
    let moves = Moves::all(&cube).expect("moves");
    let p = block_turned(&cube, &moves, 1 << 34, "EDGE");
    assert!(p.steps.is_some());
    assert_eq!(p.symmetries.len(), 16);
    assert_eq!(p.views().len(), 3);
    assert_eq!(
        p.label(&cube),
        "projection EDGE in blocks 4+4+4 turned on block 1, CORNER in blocks 4+4 turned by 16 symmetries"
    );
    assert_eq!(p.parts[0].radix(), 34650 * 16);
    let mut g = p.solved.clone();
    for part in &p.parts {
        for x in (0..part.radix()).step_by(997) {
            part.lift(x, &mut g);
            assert_eq!(part.rank(&g), x);
        }
    }
    let len = p.len();
    let (mut t, mut c, mut h) = (vec![0u8; len], vec![0u8; len], vec![0u8; len]);
    let mut stabilised = 0;
    walk_stepped(&p, 300, |s| {
        let mut equivalents = Vec::new();
        p.indices(s, &mut h, &mut t, &mut |i| equivalents.push(i));
        stabilised += usize::from(equivalents.len() > 1);
        for k in 0..p.symmetries.len() {
            p.symmetries.conjugate_into(k, s, &mut c);
            let i = p.index(&c, &mut t);
            assert!(equivalents.contains(&i), "conjugate {k}");
        }
    });
    assert!(stabilised > 0);
    // The corners turn three ways: conjugated by labels and turns apart,
    // summed digit by digit; the indices and the build's neighbours by
    // the step tables equal those made whole.
    let mut p = p;
    let st = p.steps.as_ref().expect("step tables");
    assert!(st.conj_turns[1].is_some() && st.ternary[1].is_some());
    // The lead's slice flips stepped apart from its placements (16
    // digit values; a step entry a placement and move).
    let digits = st.digits[0].as_ref().expect("the lead's digits apart");
    assert_eq!(digits.radix(), 16);
    assert_eq!(st.labels[0].len(), 34_650 * 18);
    assert!(st.digits[1].is_none());
    // Wrong maps (every flip after a move the next value), as a damaged
    // file's would be: the check a file's tables pass fails.
    let maps = match digits.maps() {
        Narrow::Two(v) => Narrow::Two(v.iter().map(|&x| (x + 1) % 16).collect()),
        Narrow::Four(_) => panic!("16 digit values: two bytes each"),
    };
    let (wrong, _) = Digits::from_maps(maps, 16, 34_650).expect("in range");
    let st = p.steps.as_mut().expect("step tables");
    let right = st.digits[0].replace(wrong);
    assert!(!p.steps_agree(p.steps.as_ref().expect("step tables"), 256));
    p.steps.as_mut().expect("step tables").digits[0] = right;
    assert!(p.steps_agree(p.steps.as_ref().expect("step tables"), 256));
    let mut indices = Vec::new();
    let mut positions = Vec::new();
    walk_stepped(&p, 200, |s| {
        indices.push(p.index(s, &mut t));
        positions.push(s.to_vec());
    });
    let steps = p.steps.take();
    let whole_indices: Vec<u64> = positions.iter().map(|s| p.index(s, &mut t)).collect();
    assert_eq!(indices, whole_indices);
    let space = crate::tables::space::Named::new(&p, "test".into());
    let mut whole = Vec::new();
    for &i in &indices {
        space.neighbours(i, &mut whole);
    }
    p.steps = steps;
    let space = crate::tables::space::Named::new(&p, "test".into());
    let mut by_tables = Vec::new();
    for &i in &indices {
        space.neighbours(i, &mut by_tables);
    }
    assert_eq!(by_tables, whole);
}

/// Which projections each definition of a folder (`PROJECTION_SURVEY`,
/// twsearch's samples) is given within 2^30 and within 2^33 indices
/// (the estimates, before classes are counted): a survey, printed.
/// `PROJECTION_SURVEY=DIR cargo test --release -p puzzle-twisty -- --ignored --nocapture projection_survey`
#[test]
#[ignore]
fn projection_survey() {
    let Ok(dir) = std::env::var("PROJECTION_SURVEY") else {
        eprintln!("PROJECTION_SURVEY not set");
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("a folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tws"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let Ok(def) = Definition::parse(&text) else {
            continue;
        };
        let Ok(moves) = Moves::all(&def) else {
            continue;
        };
        let sym = Symmetries::new(&def, &moves);
        if sym.len() < 2 {
            continue;
        }
        let pick = |max: u64| -> Vec<(u64, usize)> {
            let Some(c) = Projection::choices(&def, &moves, &sym, max) else {
                return Vec::new();
            };
            choice::taken(c)
                .iter()
                .filter(|(a, _, _)| *a >= 1 << 20)
                .take(2)
                .map(|(a, _, k)| (*a, k.iter().filter(|&&x| x).count()))
                .collect()
        };
        let (small, large) = (pick(1 << 30), pick(1 << 33));
        let mark = if small == large { "same" } else { "DIFFERS" };
        eprintln!("{} {mark}: {small:?} -> {large:?}", path.display());
    }
}
