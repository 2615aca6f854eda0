//! `MoveAutomaton` against a plain substring search, and `find_twins`
//! against replay on permutation groups.

use std::collections::HashMap;

use puzzle_search_core::{MoveAutomaton, find_twins, input::SplitMix64};

fn contains_word(seq: &[u8], words: &[Vec<u8>]) -> bool {
    words
        .iter()
        .any(|w| seq.len() >= w.len() && seq.windows(w.len()).any(|x| x == w.as_slice()))
}

/// Random word sets over 1 to 5 moves, random sequences: the automaton
/// stops a sequence at exactly the first move where a word ends.
#[test]
fn automaton_rejects_exactly_the_sequences_with_a_word() {
    let mut rng = SplitMix64::new(17);
    for round in 0..300 {
        let moves = 1 + rng.below(5) as usize;
        let count = rng.below(12) as usize;
        let words: Vec<Vec<u8>> = (0..count)
            .map(|_| {
                let len = 1 + rng.below(5) as usize;
                (0..len).map(|_| rng.below(moves as u64) as u8).collect()
            })
            .collect();
        let a = MoveAutomaton::new(moves, &words).expect("valid words");
        assert_eq!(a.moves(), moves);
        for _ in 0..40 {
            let len = rng.below(16) as usize;
            let seq: Vec<u8> = (0..len).map(|_| rng.below(moves as u64) as u8).collect();
            // Step by step: rejected at the first prefix that holds a word.
            let mut q = 0;
            for i in 0..seq.len() {
                let prefix_bad = contains_word(&seq[..=i], &words);
                match a.step(q, usize::from(seq[i])) {
                    Some(next) => {
                        assert!(
                            !prefix_bad,
                            "round {round}: {words:?} kept {:?}",
                            &seq[..=i]
                        );
                        q = next;
                    }
                    None => {
                        assert!(
                            prefix_bad,
                            "round {round}: {words:?} left out {:?}",
                            &seq[..=i]
                        );
                        break;
                    }
                }
            }
            assert_eq!(a.accepts(&seq), !contains_word(&seq, &words));
        }
    }
}

#[test]
fn automaton_refuses_bad_words() {
    assert!(MoveAutomaton::new(0, &[]).is_err());
    assert!(MoveAutomaton::new(257, &[]).is_err());
    let e = MoveAutomaton::new(3, &[vec![0], vec![]]).expect_err("empty word");
    assert_eq!(
        e.to_string(),
        "word 1 is empty (it would leave out every sequence)"
    );
    let e = MoveAutomaton::new(3, &[vec![0, 1, 3]]).expect_err("move 3");
    assert_eq!(e.to_string(), "word 0, move 2: 3 is not a move");
    assert_eq!(
        MoveAutomaton::new(256, &[vec![255]])
            .expect("256 moves")
            .states(),
        1
    );
}

/// A permutation of `n` points as a state; moves are fixed permutations.
fn compose(p: &[u8], g: &[u8]) -> Vec<u8> {
    g.iter().map(|&i| p[usize::from(i)]).collect()
}

/// On small permutation groups (generators and their inverses), every
/// word's twin exists: replaying each sequence of at most `depth` moves,
/// a word's end state is reached by a shorter sequence or an as long and
/// smaller one, and no word holds another as a proper prefix or suffix.
/// And every lexicographically smallest shortest sequence to a state is
/// kept by the automaton.
#[test]
fn twins_are_better_and_smallest_paths_are_kept() {
    let groups: Vec<Vec<Vec<u8>>> = vec![
        // S4 by a 4-cycle, its inverse and a transposition.
        vec![vec![1, 2, 3, 0], vec![3, 0, 1, 2], vec![1, 0, 2, 3]],
        // Two commuting 3-cycles and their inverses on 6 points.
        vec![
            vec![1, 2, 0, 3, 4, 5],
            vec![2, 0, 1, 3, 4, 5],
            vec![0, 1, 2, 4, 5, 3],
            vec![0, 1, 2, 5, 3, 4],
        ],
        // Two overlapping 3-cycles (A5 on 5 points).
        vec![
            vec![1, 2, 0, 3, 4],
            vec![0, 1, 3, 4, 2],
            vec![2, 0, 1, 3, 4],
        ],
    ];
    for gens in groups {
        let n = gens[0].len();
        let moves = gens.len();
        let depth = 6;
        let start: Vec<u8> = (0..n as u8).collect();
        let twins = find_twins(
            start.clone(),
            moves,
            depth,
            1 << 20,
            |s, m| Some(compose(s, &gens[m])),
            |_, _| true,
        );
        assert_eq!(twins.depth, depth);
        assert!(!twins.words.is_empty());
        // Every sequence of at most `depth` moves, in length then
        // lexicographic order: the first to reach a state is its best.
        let mut best: HashMap<Vec<u8>, Vec<u8>> = HashMap::new();
        let mut layer: Vec<Vec<u8>> = vec![vec![]];
        best.insert(start.clone(), vec![]);
        let play = |seq: &[u8]| {
            seq.iter()
                .fold(start.clone(), |s, &m| compose(&s, &gens[usize::from(m)]))
        };
        for _ in 0..depth {
            let mut next = Vec::new();
            for seq in &layer {
                for m in 0..moves as u8 {
                    let mut s = seq.clone();
                    s.push(m);
                    best.entry(play(&s)).or_insert_with(|| s.clone());
                    next.push(s);
                }
            }
            layer = next;
        }
        for w in &twins.words {
            let b = &best[&play(w)];
            assert!(
                b.len() < w.len() || (b.len() == w.len() && b < w),
                "{w:?} vs {b:?}"
            );
            for v in &twins.words {
                if v != w && v.len() < w.len() {
                    assert!(!w.ends_with(v) && !w.starts_with(v), "{w:?} holds {v:?}");
                }
            }
        }
        let a = MoveAutomaton::new(moves, &twins.words).expect("valid words");
        for path in best.values() {
            assert!(a.accepts(path), "{path:?} left out");
        }
        // Commuting generators give their out-of-order pair as a word.
        if moves == 4 {
            assert!(twins.words.contains(&vec![2, 0]));
        }
    }
}

#[test]
fn find_twins_stops_at_its_state_limit() {
    let t = find_twins(
        0u64,
        2,
        30,
        100,
        |s, m| Some(s * 2 + m as u64 + 1),
        |_, _| true,
    );
    assert!(t.depth < 30 && t.states <= 100);
    assert!(t.words.is_empty()); // a tree: no twins
}
