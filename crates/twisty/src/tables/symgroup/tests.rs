use super::*;
use crate::model::definition::Definition;
use crate::model::position::Position;
use crate::tables::group::{GroupSpace, moved};
use crate::tables::space::Named;
use puzzle_search_core::Budget;
use puzzle_search_core::pdb::PatternDb;

/// The table by class equals the plain table at every coordinate of
/// the group: its distance read through the class index, for every
/// placement and orientation.
fn check_against_plain(def: &Definition, moves: &Moves, orbit: usize, max_states: u64) -> usize {
    let symmetries = Symmetries::new(def, moves);
    let shape = crate::algebra::shape::of(def, moves, orbit).expect("told apart");
    let (group, kept) = choose(orbit, shape, &symmetries, max_states).expect("a symmetric group");
    let plain = GroupSpace::new(&group, def, moves);
    let plain = Named::new(&plain, "plain".into());
    let plain = PatternDb::build_within(&plain, &Budget::default(), None).expect("plain table");
    let sym = SymGroup::new(group.clone(), &symmetries, kept);
    let layout = moved(def, moves);
    let space = SymSpace::new(&sym, moves, &layout, def.solved().as_slice());
    let space = Named::new(&space, "sym".into());
    let db = PatternDb::build_within(&space, &Budget::default(), None).expect("sym table");
    assert!(db.len() < plain.len(), "{} of {}", db.len(), plain.len());
    let (mut pos, mut ori) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
    for p in 0..group.perms {
        group.unrank_perm(p, &mut pos);
        for t in 0..group.turns {
            group.unrank_turns(t, &mut ori);
            let raw = plain.get(group.rank(&pos, &ori));
            assert_eq!(
                db.get(sym.index(&pos, &ori)),
                raw,
                "placement {p} turns {t}"
            );
        }
    }
    sym.kept.len()
}

/// The built-in 3x3x3, all its moves, its 48 symmetries.
fn cube() -> (Definition, Moves, Symmetries) {
    let cube = Definition::builtin("3x3x3")
        .expect("built in")
        .expect("valid");
    let moves = Moves::all(&cube).expect("moves");
    let symmetries = Symmetries::new(&cube, &moves);
    (cube, moves, symmetries)
}

/// The classes marked from each representative's conjugates are the
/// classes found by searching each placement's smallest conjugate:
/// the same representatives in the same order, the same stabilisers,
/// and each placement's symmetry takes it to its representative (the
/// 3x3x3's slice edges by 16 symmetries, four corners by 24).
#[test]
fn classes_by_marking_equal_classes_by_search() {
    let (cube, moves, symmetries) = cube();
    for (orbit, max_states) in [(0, 30_000), (1, 20_000)] {
        let shape = crate::algebra::shape::of(&cube, &moves, orbit).expect("told apart");
        let (group, kept) = choose(orbit, shape, &symmetries, max_states).expect("a group");
        let marked = SymGroup::new(group, &symmetries, kept);
        let mut searched = SymGroup::new(marked.group.clone(), &symmetries, marked.kept.clone());
        searched.classify_by_search();
        assert_eq!(marked.reps, searched.reps);
        assert_eq!(marked.stab, searched.stab);
        let (mut pos, mut conj) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        for p in 0..marked.group.perms {
            let word = marked.class_of(p);
            assert_eq!(word >> 6, searched.class_of(p) >> 6, "placement {p}");
            marked.group.unrank_perm(p, &mut pos);
            marked.conjugate_placement((word & 63) as usize, &pos, &mut conj);
            let rep = marked.reps[(word >> 6) as usize];
            assert_eq!(
                marked.group.perm_rank(&conj),
                u64::from(rep),
                "placement {p}"
            );
        }
    }
}

/// Classes cached: the first build writes them, the second reads the
/// same back, a damaged file is made again (and rewritten, and said), a
/// directory not there is made, and an unwritable directory is said,
/// the classes whole.
#[test]
fn classes_cached_read_back_the_same() {
    let (cube, moves, symmetries) = cube();
    let shape = crate::algebra::shape::of(&cube, &moves, 0).expect("told apart");
    let (group, kept) = choose(0, shape, &symmetries, 30_000).expect("a group");
    let made = SymGroup::new(group.clone(), &symmetries, kept.clone());
    let dir = std::env::temp_dir().join(format!("twisty-symgroup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let build = |dir: &std::path::Path| {
        SymGroup::cached_from(
            group.clone(),
            &symmetries,
            kept.clone(),
            Some(dir),
            "slice",
            0,
        )
    };
    let path = crate::tables::classes::file_in(&dir, "slice");
    for round in 0..3 {
        if round == 2 {
            let mut bytes = std::fs::read(&path).expect("written");
            bytes[40] ^= 1;
            std::fs::write(&path, bytes).expect("damaged");
        }
        let (got, error) = build(&dir);
        // The damaged file is said, as it is made again.
        match round {
            2 => assert!(
                error.is_some_and(|e| e.to_string().contains("is not valid placement classes")),
                "round 2"
            ),
            _ => assert!(error.is_none(), "round {round}: {error:?}"),
        }
        assert!(path.exists());
        assert_eq!(
            (&got.class, &got.reps, &got.stab),
            (&made.class, &made.reps, &made.stab),
            "round {round}"
        );
    }
    // A directory not there yet: made.
    let fresh = dir.join("new").join("deeper");
    let (got, error) = build(&fresh);
    assert!(error.is_none(), "{error:?}");
    assert!(crate::tables::classes::file_in(&fresh, "slice").exists());
    assert_eq!(got.reps, made.reps);
    // A file where the directory should be: made, and said.
    let file = dir.join("not-a-dir");
    std::fs::write(&file, b"").expect("file");
    let (got, error) = build(&file);
    assert!(error.is_some());
    assert_eq!(got.reps, made.reps);
    std::fs::remove_dir_all(&dir).ok();
}

/// The 3x3x3: four edges (a slice, kept by eight rotations and eight
/// mirror images).
#[test]
fn cube_groups_by_class_equal_the_plain_tables() {
    let (cube, moves, _) = cube();
    assert_eq!(check_against_plain(&cube, &moves, 0, 30_000), 16);
    // Four corners, every other one: kept by the twelve rotations
    // that keep a tetrahedron and its twelve mirror images (the
    // mirrors' negated turns checked on corners, three a piece).
    assert_eq!(check_against_plain(&cube, &moves, 1, 20_000), 24);
}

/// A whole orbit whose last orientation follows from the others: four
/// pieces, a move `A` and its conjugates by a rotation `x` of order 4.
#[test]
fn a_whole_orbit_by_class_equals_the_plain_table() {
    let orbits = [crate::model::position::Orbit {
        name: "C".into(),
        pieces: 4,
        orientations: 3,
    }];
    let id = Position::identity(&orbits);
    let a = id
        .clone()
        .with_bytes(&[1, 2, 0, 3, 1, 1, 1, 0])
        .expect("bytes");
    let x = id
        .clone()
        .with_bytes(&[1, 2, 3, 0, 1, 2, 0, 0])
        .expect("bytes");
    let xi = x.inverse(&orbits);
    let mut text = String::from("Set C 4 3\nSolved\nC\n1 2 3 4\nEnd\n");
    let write = |name: &str, m: &Position, text: &mut String| {
        let b = m.as_slice();
        let p: Vec<String> = b[..4].iter().map(|v| (v + 1).to_string()).collect();
        // The format gives each turn by the piece's source position.
        let mut by_source = [0u8; 4];
        for j in 0..4 {
            by_source[usize::from(b[j])] = b[4 + j];
        }
        let o: Vec<String> = by_source.iter().map(u8::to_string).collect();
        text.push_str(&format!(
            "Move {name}\nC\n{}\n{}\nEnd\n",
            p.join(" "),
            o.join(" ")
        ));
    };
    let mut m = a.clone();
    for name in ["A", "B", "D", "E"] {
        write(name, &m, &mut text);
        m = xi.then(&m, &orbits).then(&x, &orbits);
    }
    write("x", &x, &mut text);
    let def = Definition::parse(&text).expect("valid");
    let moves = Moves::all(&def).expect("moves");
    let sym = Symmetries::new(&def, &moves);
    assert!(sym.len() >= 4, "{} symmetries of {text}", sym.len());
    check_against_plain(&def, &moves, 0, 1000);
}
