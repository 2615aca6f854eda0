//! [`MoveAutomaton`]: a finite automaton over move sequences that leaves
//! out every sequence containing one of a set of forbidden words (Aho and
//! Corasick's matcher, made a full transition table), the form
//! [`Puzzle::canonical`](crate::Puzzle::canonical) takes.

use std::collections::VecDeque;
use std::fmt;

/// The automaton's entry for "leave this sequence out".
const REJECT: u32 = u32::MAX;

/// A finite automaton over move sequences (moves numbered `0..moves`)
/// that rejects a sequence as soon as it ends in one of a set of
/// forbidden words: Taylor and Korf's duplicate-pruning machine, given
/// the words (for instance those [`find_twins`](crate::find_twins)
/// finds). One transition is one table read, so
/// [`Puzzle::canonical`](crate::Puzzle::canonical) can call
/// [`step`](Self::step) per generated move.
///
/// State 0 is the start (nothing played). The states are the prefixes of
/// the words that contain no word, so a set of short words gives a small
/// table.
///
/// ```
/// use puzzle_search_core::MoveAutomaton;
/// // Moves 0 and 1; leave out "1 0" (say, commuting moves out of order).
/// let a = MoveAutomaton::new(2, &[vec![1, 0]])?;
/// assert!(a.accepts(&[0, 0, 1, 1]));
/// assert!(!a.accepts(&[0, 1, 0]));
/// let q = a.step(0, 1).expect("1 is allowed first");
/// assert_eq!(a.step(q, 0), None);
/// # Ok::<(), puzzle_search_core::AutomatonError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAutomaton {
    moves: usize,
    /// `next[q * moves + m]`: the state after move `m` from state `q`, or
    /// `REJECT`.
    next: Vec<u32>,
    words: usize,
}

/// Why [`MoveAutomaton::new`] refused its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutomatonError {
    kind: ErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ErrorKind {
    Moves(usize),
    EmptyWord(usize),
    Symbol { word: usize, at: usize, symbol: u8 },
    TooLarge,
}

impl fmt::Display for AutomatonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ErrorKind::Moves(n) => write!(f, "{n} moves: an automaton takes 1 to 256"),
            ErrorKind::EmptyWord(w) => {
                write!(f, "word {w} is empty (it would leave out every sequence)")
            }
            ErrorKind::Symbol { word, at, symbol } => {
                write!(f, "word {word}, move {at}: {symbol} is not a move")
            }
            ErrorKind::TooLarge => f.write_str("the words need more than 2^32 - 1 states"),
        }
    }
}

impl std::error::Error for AutomatonError {}

impl MoveAutomaton {
    /// The automaton over `moves` moves that leaves out exactly the
    /// sequences containing a word of `words` (a word a list of move
    /// numbers).
    ///
    /// # Errors
    /// `moves` is 0 or over 256, a word is empty, or a word holds a move
    /// number of `moves` or more.
    ///
    /// ```
    /// use puzzle_search_core::MoveAutomaton;
    /// assert!(MoveAutomaton::new(2, &[vec![2]]).is_err());
    /// let a = MoveAutomaton::new(4, &[vec![0, 1, 0], vec![1, 1]])?;
    /// assert_eq!((a.states(), a.words()), (4, 2)); // "", "0", "0 1", "1"
    /// # Ok::<(), puzzle_search_core::AutomatonError>(())
    /// ```
    pub fn new(moves: usize, words: &[Vec<u8>]) -> Result<Self, AutomatonError> {
        let err = |kind| Err(AutomatonError { kind });
        if moves == 0 || moves > 256 {
            return err(ErrorKind::Moves(moves));
        }
        for (w, word) in words.iter().enumerate() {
            if word.is_empty() {
                return err(ErrorKind::EmptyWord(w));
            }
            if let Some(at) = word.iter().position(|&s| usize::from(s) >= moves) {
                return err(ErrorKind::Symbol {
                    word: w,
                    at,
                    symbol: word[at],
                });
            }
        }
        // The trie of the words: `goto` rows of `moves` entries, `REJECT`
        // where no edge is (yet).
        let mut goto = vec![REJECT; moves];
        let mut end = vec![false];
        for word in words {
            let mut q = 0usize;
            for &s in word {
                let slot = q * moves + usize::from(s);
                if goto[slot] == REJECT {
                    let new = end.len();
                    if new >= REJECT as usize {
                        return err(ErrorKind::TooLarge);
                    }
                    goto[slot] = new as u32;
                    goto.extend(std::iter::repeat_n(REJECT, moves));
                    end.push(false);
                }
                q = goto[slot] as usize;
            }
            end[q] = true;
        }
        // Breadth first: each node's missing edges become its failure
        // link's (already complete: it is shallower), and a node is an end
        // when its failure link is (a word ends in a suffix of it).
        let nodes = end.len();
        let mut fail = vec![0u32; nodes];
        let mut queue = VecDeque::new();
        for slot in &mut goto[..moves] {
            match *slot {
                REJECT => *slot = 0,
                child => queue.push_back(child as usize),
            }
        }
        while let Some(u) = queue.pop_front() {
            let f = fail[u] as usize;
            end[u] |= end[f];
            for s in 0..moves {
                let via_fail = goto[f * moves + s];
                match goto[u * moves + s] {
                    REJECT => goto[u * moves + s] = via_fail,
                    child => {
                        fail[child as usize] = via_fail;
                        queue.push_back(child as usize);
                    }
                }
            }
        }
        // Only the nodes that are no end stay, numbered in trie order (the
        // root first); an edge into an end rejects.
        let mut number = vec![REJECT; nodes];
        let mut kept = 0u32;
        for (q, _) in end.iter().enumerate().filter(|(_, e)| !**e) {
            number[q] = kept;
            kept += 1;
        }
        if end[0] {
            // Unreachable: every word is non-empty, so the root is no end.
            return err(ErrorKind::EmptyWord(0));
        }
        let mut next = Vec::with_capacity(kept as usize * moves);
        for q in (0..nodes).filter(|&q| !end[q]) {
            next.extend(
                goto[q * moves..(q + 1) * moves]
                    .iter()
                    .map(|&t| number[t as usize]),
            );
        }
        Ok(Self {
            moves,
            next,
            words: words.len(),
        })
    }

    /// The automaton over `moves` moves (clamped to 1..=256) that keeps
    /// every sequence: one state. For callers whose words may not be
    /// available, without an error to handle.
    ///
    /// ```
    /// use puzzle_search_core::MoveAutomaton;
    /// let a = MoveAutomaton::keep_all(3);
    /// assert_eq!((a.states(), a.moves(), a.step(0, 2)), (1, 3, Some(0)));
    /// ```
    pub fn keep_all(moves: usize) -> Self {
        let moves = moves.clamp(1, 256);
        Self {
            moves,
            next: vec![0; moves],
            words: 0,
        }
    }

    /// The state after move `mv` from state `q`, or `None` when the
    /// sequence then ends in a forbidden word. `q` must be a state this
    /// automaton returned (or 0) and `mv` below the number of moves.
    ///
    /// # Panics
    /// On a `q` or `mv` out of range.
    ///
    /// ```
    /// use puzzle_search_core::MoveAutomaton;
    /// let a = MoveAutomaton::new(2, &[vec![0, 0]])?;
    /// let q = a.step(0, 0).expect("one 0 is fine");
    /// assert_eq!(a.step(q, 0), None);
    /// assert_eq!(a.step(q, 1), Some(0)); // back to the start's state
    /// # Ok::<(), puzzle_search_core::AutomatonError>(())
    /// ```
    #[inline(always)]
    pub fn step(&self, q: u32, mv: usize) -> Option<u32> {
        debug_assert!(mv < self.moves);
        let t = self.next[q as usize * self.moves + mv];
        (t != REJECT).then_some(t)
    }

    /// Whether the whole sequence `moves` is kept (contains no word).
    ///
    /// # Panics
    /// On a move number out of range.
    ///
    /// ```
    /// use puzzle_search_core::MoveAutomaton;
    /// let a = MoveAutomaton::new(3, &[vec![2, 1]])?;
    /// assert!(a.accepts(&[1, 2, 2, 0]) && !a.accepts(&[0, 2, 1, 0]));
    /// # Ok::<(), puzzle_search_core::AutomatonError>(())
    /// ```
    pub fn accepts(&self, moves: &[u8]) -> bool {
        let mut q = 0;
        for &m in moves {
            assert!(usize::from(m) < self.moves, "move {m} out of range");
            match self.step(q, usize::from(m)) {
                Some(next) => q = next,
                None => return false,
            }
        }
        true
    }

    /// The number of states (the start included).
    ///
    /// ```
    /// use puzzle_search_core::MoveAutomaton;
    /// assert_eq!(MoveAutomaton::new(2, &[])?.states(), 1);
    /// # Ok::<(), puzzle_search_core::AutomatonError>(())
    /// ```
    pub fn states(&self) -> usize {
        self.next.len() / self.moves
    }

    /// The number of moves it reads.
    ///
    /// ```
    /// use puzzle_search_core::MoveAutomaton;
    /// assert_eq!(MoveAutomaton::new(4, &[])?.moves(), 4);
    /// # Ok::<(), puzzle_search_core::AutomatonError>(())
    /// ```
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// The number of words it was built from.
    ///
    /// ```
    /// use puzzle_search_core::MoveAutomaton;
    /// assert_eq!(MoveAutomaton::new(2, &[vec![0, 1], vec![1, 0]])?.words(), 2);
    /// # Ok::<(), puzzle_search_core::AutomatonError>(())
    /// ```
    pub fn words(&self) -> usize {
        self.words
    }
}
