//! [`find_twins`]: the move sequences that have a better twin, found by a
//! breadth-first search of short sequences (Taylor and Korf's
//! duplicate detection), for a [`MoveAutomaton`](crate::MoveAutomaton).

use std::hash::Hash;

use hashbrown::HashMap;

use crate::meter::SearchHasher;

/// What [`find_twins`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twins {
    /// The words: move sequences each of which has a twin (a sequence
    /// reaching the same state from the start) that is shorter, or as
    /// long and lexicographically smaller, and that the caller's `keep`
    /// accepted; none contains another as a proper suffix or prefix.
    pub words: Vec<Vec<u8>>,
    /// How many moves deep every sequence was examined: the asked depth
    /// (also when the search stored every state before it: each longer
    /// sequence then holds a word), or less where `max_states` stopped it
    /// (the words found are all good either way).
    pub depth: usize,
    /// The distinct states stored.
    pub states: usize,
}

/// The move sequences of at most `depth` moves (moves numbered
/// `0..moves`, in the puzzle's move order) that reach a state some better
/// sequence reaches: shorter, or as long and lexicographically smaller.
/// `apply(state, mv)` plays a move (`None`: not legal there); `keep(word,
/// twin)` decides whether a word found with its twin is kept: there the
/// caller checks that the twin is legal wherever the word is, which the
/// search, started from one state, cannot know. At most `max_states`
/// states are stored.
///
/// The search is breadth first, each state's children in move order, and
/// expands a state only from the first sequence that reaches it; a
/// sequence that reaches a stored state is a word, its twin the sequence
/// that stored it. Sequences within a layer are met in lexicographic
/// order (by induction on the layers), so the twin is shorter or as long
/// and smaller. A word whose proper suffix is a word is dropped (the
/// suffix leaves out all it would).
///
/// With the twins legal wherever their words are, every word satisfies
/// [`Puzzle::canonical`](crate::Puzzle::canonical)'s contract for
/// [`Promise::Shortest`](crate::Promise::Shortest): a
/// [`MoveAutomaton`](crate::MoveAutomaton) over them may leave them out.
/// For the other promises keep only the words whose twins are as long.
///
/// ```
/// use puzzle_search_core::{MoveAutomaton, find_twins};
/// // A point on the plane: 0 = x + 1, 1 = y + 1. "1 0" has the twin "0 1".
/// let twins = find_twins((0i32, 0i32), 2, 4, 1000, |&(x, y), m| {
///     Some(if m == 0 { (x + 1, y) } else { (x, y + 1) })
/// }, |_, _| true);
/// assert_eq!(twins.words, vec![vec![1, 0]]);
/// let a = MoveAutomaton::new(2, &twins.words)?;
/// assert!(a.accepts(&[0, 0, 1, 1]) && !a.accepts(&[0, 1, 0]));
/// # Ok::<(), puzzle_search_core::AutomatonError>(())
/// ```
pub fn find_twins<S: Clone + Eq + Hash>(
    start: S,
    moves: usize,
    depth: usize,
    max_states: usize,
    mut apply: impl FnMut(&S, usize) -> Option<S>,
    mut keep: impl FnMut(&[u8], &[u8]) -> bool,
) -> Twins {
    let moves = moves.min(256);
    // Each stored state's parent and the move into it; the stored states
    // of one layer, in order.
    let mut parent: Vec<(u32, u8)> = vec![(u32::MAX, 0)];
    let mut seen: HashMap<S, u32, SearchHasher> = HashMap::with_hasher(SearchHasher::default());
    seen.insert(start.clone(), 0);
    let mut layer: Vec<(u32, S)> = vec![(0, start)];
    let path = |parent: &[(u32, u8)], mut node: u32| {
        let mut p = Vec::new();
        while node != 0 {
            let (up, mv) = parent[node as usize];
            p.push(mv);
            node = up;
        }
        p.reverse();
        p
    };
    let mut words: Vec<Vec<u8>> = Vec::new();
    let mut done = 0;
    'layers: while done < depth {
        if layer.is_empty() {
            // Every state is stored: each longer sequence holds a word.
            done = depth;
            break;
        }
        let mut next = Vec::new();
        for (node, state) in &layer {
            for mv in 0..moves {
                let Some(child) = apply(state, mv) else {
                    continue;
                };
                if let Some(&other) = seen.get(&child) {
                    let mut word = path(&parent, *node);
                    word.push(mv as u8);
                    let twin = path(&parent, other);
                    if keep(&word, &twin) {
                        words.push(word);
                    }
                } else {
                    if parent.len() >= max_states.min(u32::MAX as usize) {
                        break 'layers;
                    }
                    let id = parent.len() as u32;
                    parent.push((*node, mv as u8));
                    seen.insert(child.clone(), id);
                    next.push((id, child));
                }
            }
        }
        layer = next;
        done += 1;
    }
    // Shortest first, so that a word's suffixes are judged before it.
    words.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    words.dedup();
    let mut kept: hashbrown::HashSet<Vec<u8>, SearchHasher> =
        hashbrown::HashSet::with_hasher(SearchHasher::default());
    words.retain(|w| {
        let redundant = (1..w.len()).any(|i| kept.contains(&w[i..]));
        if !redundant {
            kept.insert(w.clone());
        }
        !redundant
    });
    Twins {
        words,
        depth: done,
        states: parent.len(),
    }
}
