use super::*;

/// A ring of six places with a second orbit: three pieces of three
/// orientations, each move three-cycling the ring, swapping two of
/// them and turning one, the rotation turning both (the census's
/// tests too).
pub(crate) const TWO: &str = "Set P 6 2\nSet Q 3 3\nSolved\nP\n1 2 3 4 5 6\nQ\n1 2 3\nEnd\n\
    Move A\nP\n2 3 1 4 5 6\n1 0 0 0 0 0\nQ\n2 1 3\n1 0 0\nEnd\n\
    Move B\nP\n1 2 4 5 3 6\n0 0 1 0 0 0\nQ\n1 3 2\n0 1 0\nEnd\n\
    Move C\nP\n5 2 3 4 6 1\n0 0 0 0 1 0\nQ\n3 2 1\n0 0 1\nEnd\n\
    Move x\nP\n3 4 5 6 1 2\nQ\n2 3 1\nEnd\n";

/// The ring (unturned) with two orbits of three pieces moved alike,
/// turned differently: the second rides on the first (its labels
/// copy the first's).
pub(crate) const THREE: &str = "Set P 6 1\nSet Q 3 3\nSet R 3 2\nSolved\nP\n1 2 3 4 5 6\nQ\n1 2 3\nR\n1 2 3\nEnd\n\
    Move A\nP\n2 3 1 4 5 6\nQ\n2 1 3\n1 0 0\nR\n2 1 3\n0 1 0\nEnd\n\
    Move B\nP\n1 2 4 5 3 6\nQ\n1 3 2\n0 1 0\nR\n1 3 2\n0 0 1\nEnd\n\
    Move C\nP\n5 2 3 4 6 1\nQ\n3 2 1\n0 0 1\nR\n3 2 1\n1 0 0\nEnd\n\
    Move x\nP\n3 4 5 6 1 2\nQ\n2 3 1\nR\n2 3 1\nEnd\n";

/// Each index's neighbours are the indices of its position's children
/// (with their equivalents), and the children's indices stepped from
/// the parent's pieces are theirs, on every position a short walk
/// reaches, the other orbit by its pieces and by its tables.
#[test]
fn neighbours_are_the_childrens_indices() {
    for text in [TWO, THREE] {
        let def = Definition::parse(text).expect("parses");
        let moves = Moves::all(&def).expect("moves");
        let plan = Plan::new(&def, &moves).expect("a plan");
        for tabled in [0, TABLED] {
            let sym = SymGroup::new(plan.group.clone(), &plan.symmetries, plan.kept.clone());
            let rest = plan.rest.clone();
            let layout = crate::tables::group::moved(&def, &moves);
            let space = ClassIndex::new(sym, rest, layout, def.solved().as_slice(), tabled)
                .expect("indexed");
            let mut frontier = vec![def.solved().clone()];
            for _ in 0..3 {
                let mut next = Vec::new();
                for p in &frontier {
                    let at = space.index(p.as_slice()).expect("numbered");
                    let mut got = Vec::new();
                    space.neighbours(at, &mut got);
                    let all: Vec<u16> = (0..moves.len() as u16).collect();
                    let mut stepped = Vec::new();
                    space.child_indices(p.as_slice(), &all, &mut stepped);
                    for (m, &step) in stepped.iter().enumerate() {
                        let child = p.then(moves.get(m), def.orbits());
                        let want = space.index(child.as_slice()).expect("numbered");
                        assert!(
                            got.iter().any(|&(r, _)| r == want),
                            "move {m} from {p:?}: {want} not in {got:?}"
                        );
                        assert_eq!(step, Some(want), "move {m} from {p:?}");
                        next.push(child);
                    }
                }
                frontier = next;
            }
        }
    }
}
