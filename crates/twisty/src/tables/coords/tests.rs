use super::*;

/// A coordinate's table is refused past the entries left (before it
/// is held), and what it takes is counted off them.
#[test]
fn tables_past_the_entry_budget_are_refused() {
    let raw = Raw {
        offset: 0,
        pieces: 3,
        numbering: Numbering::Permutation,
        count: 6,
    };
    // A 3-cycle and a swap: all six permutations, two moves.
    let moves: [(&[u8], &[u8]); 2] = [(&[1, 2, 0], &[0, 0, 0]), (&[1, 0, 2], &[0, 0, 0])];
    let mut entries = 11;
    assert!(reach(&raw, 0, &moves, &mut entries).is_none());
    let mut entries = 12;
    let slot = reach(&raw, 0, &moves, &mut entries).expect("fits");
    assert_eq!((slot.values.len(), entries), (6, 0));
    assert!(slot.split);
    // The 3-cycle alone: the even three, one parity.
    let mut entries = 100;
    let slot = reach(&raw, 0, &moves[..1], &mut entries).expect("fits");
    assert_eq!((slot.values.len(), entries, slot.split), (3, 97, false));
}
