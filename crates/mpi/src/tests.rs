//! Unit tests of the scheduler's hand-out rule and the wire format.

use crate::pace::fewest;
use crate::wire::{offsets, round_slices};

#[test]
fn rounds_of_slices_put_every_message_back_together() {
    let bytes: Vec<Vec<u8>> = vec![
        (0..10).collect(),
        vec![],
        (0..3).collect(),
        (0..7).collect(),
    ];
    for chunk in 1..12 {
        let longest = bytes.iter().map(Vec::len).max().unwrap_or(0);
        let rounds = longest.div_ceil(chunk).max(1);
        let mut back = vec![Vec::new(); bytes.len()];
        for round in 0..rounds {
            for (b, s) in back.iter_mut().zip(round_slices(&bytes, chunk, round)) {
                assert!(s.len() <= chunk);
                b.extend_from_slice(s);
            }
        }
        assert_eq!(back, bytes, "chunk {chunk}");
    }
}

#[test]
fn the_next_part_goes_to_the_rank_that_holds_fewest_a_thread() {
    // Rank 1 has 4 threads: 3 parts there are fewer a thread than 1
    // on rank 0's one thread.
    assert_eq!(fewest(&[1, 3, 2], &[1, 4, 1], 2), Some(1));
    // Ties go to the lower rank; full ranks take none.
    assert_eq!(fewest(&[1, 1], &[1, 1], 2), Some(0));
    assert_eq!(fewest(&[2, 1], &[1, 1], 2), Some(1));
    assert_eq!(fewest(&[1, 1], &[1, 1], 1), None);
}

#[test]
fn offsets_are_the_running_sums() {
    assert_eq!(offsets(&[3, 0, 5, 1]), [0, 3, 3, 8]);
    assert!(offsets(&[]).is_empty());
}
