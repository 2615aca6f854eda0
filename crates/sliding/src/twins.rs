//! Duplicate-sequence pruning for sliding tiles (Taylor and Korf's
//! automaton): the blank-move sequences that have a better twin on every
//! board where they are legal, found once on an unbounded grid, and the
//! [`MoveAutomaton`] that leaves them out.

use std::sync::OnceLock;

use puzzle_search_core::{MoveAutomaton, find_twins};

use crate::board::Dir;

/// The words of 12 moves as [`words`] finds them (a second
/// of search), one a line in the judge's letters: shipped, so that no
/// process pays the search. A test finds them again and compares.
const SHIPPED: &str = include_str!("twins12.txt");

/// The most states the search for twins stores (above what depth 12
/// reaches: 1,009,209).
const MAX_STATES: usize = 1 << 24;

/// The most moves a twin is looked for (at most one tile more is
/// displaced a move, and [`Open`] lists at most this many).
const MAX_DEPTH: usize = 16;

/// A position on the unbounded grid after at most [`MAX_DEPTH`] blank
/// moves from the origin: where the blank is, and each displaced tile as
/// one `u32` (its cell's row and column, then the row and column it
/// started on, a byte each offset by 128), sorted. Tiles still home are
/// left out, so equal positions are equal values; no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Open {
    blank: (i8, i8),
    len: u8,
    moved: [u32; MAX_DEPTH],
}

/// The blank's step for a move: (row, column).
fn delta(dir: Dir) -> (i8, i8) {
    match dir {
        Dir::D => (1, 0),
        Dir::L => (0, -1),
        Dir::R => (0, 1),
        Dir::U => (-1, 0),
    }
}

/// A cell as the high half of an entry of [`Open::moved`].
fn cell_key((r, c): (i8, i8)) -> u32 {
    (u32::from(r as u8 ^ 0x80) << 24) | (u32::from(c as u8 ^ 0x80) << 16)
}

impl Open {
    /// The position after the blank goes `dir`: the tile on the blank's
    /// new cell goes to its old one.
    fn after(&self, dir: Dir) -> Open {
        let (dr, dc) = delta(dir);
        let from = self.blank;
        let to = (from.0 + dr, from.1 + dc);
        let mut next = *self;
        next.blank = to;
        let list = &mut next.moved;
        let mut len = usize::from(next.len);
        // The tile on `to`: displaced (listed) or home (started there).
        let key_to = cell_key(to);
        let origin = match list[..len].binary_search_by(|e| (e & 0xffff_0000).cmp(&key_to)) {
            Ok(i) => {
                let o = list[i] & 0xffff;
                list.copy_within(i + 1..len, i);
                len -= 1;
                // Unused entries stay 0, so that equal positions are equal.
                list[len] = 0;
                o
            }
            Err(_) => key_to >> 16,
        };
        let key_from = cell_key(from);
        if origin != key_from >> 16 {
            let at = list[..len].partition_point(|e| *e < key_from);
            list.copy_within(at..len, at + 1);
            list[at] = key_from | origin;
            len += 1;
        }
        next.len = len as u8;
        next
    }
}

/// The rows and columns the blank visits along `moves` from the origin:
/// (least row, greatest row, least column, greatest column).
fn span(moves: &[u8]) -> (i8, i8, i8, i8) {
    let (mut r, mut c) = (0i8, 0i8);
    let mut s = (0, 0, 0, 0);
    for &m in moves {
        let (dr, dc) = delta(Dir::ALL[usize::from(m)]);
        r += dr;
        c += dc;
        s = (s.0.min(r), s.1.max(r), s.2.min(c), s.3.max(c));
    }
    s
}

/// The blank-move sequences of at most `depth` moves (16 at most) that
/// have a better twin on every board where they are legal: a sequence
/// that reaches the same position and is shorter, or as long and
/// lexicographically smaller (`D < L < R < U`). None contains another as
/// a proper prefix or suffix; [`twin_automaton`] leaves out the sequences
/// that contain one of those of 12 moves.
///
/// Found by [`find_twins`] on the unbounded grid (a sequence's effect
/// depends only on the blank's path, so two sequences with one effect
/// there have it on every board where both are legal), each kept where
/// its twin's blank path spans no row or column the word's does not: on
/// a rectangular board the word's path stays on the board, so the twin's
/// does. Depth 12 stores about a million positions (a second); 14 about
/// 8.8 million (seconds, 2.5 GB).
///
/// ```
/// use puzzle_sliding::{Dir, twin_words};
/// let words = twin_words(6);
/// // The move straight back, and the blank half round a 2x2 block the
/// // larger way (`RDLURD` has the twin `DRULDR`).
/// assert_eq!(words.len(), 8);
/// assert!(words.contains(&vec![Dir::R, Dir::D, Dir::L, Dir::U, Dir::R, Dir::D]));
/// ```
pub fn twin_words(depth: usize) -> Vec<Vec<Dir>> {
    words(depth)
        .iter()
        .map(|w| w.iter().map(|&m| Dir::ALL[usize::from(m)]).collect())
        .collect()
}

/// [`twin_words`] as move numbers (`Dir as u8`).
fn words(depth: usize) -> Vec<Vec<u8>> {
    let depth = depth.min(MAX_DEPTH);
    let start = Open {
        blank: (0, 0),
        len: 0,
        moved: [0; MAX_DEPTH],
    };
    let twins = find_twins(
        start,
        Dir::ALL.len(),
        depth,
        MAX_STATES,
        |s, m| Some(s.after(Dir::ALL[m])),
        |word, twin| {
            let (w, t) = (span(word), span(twin));
            t.0 >= w.0 && t.1 <= w.1 && t.2 >= w.2 && t.3 <= w.3
        },
    );
    twins.words
}

/// A word in the judge's letters (`D`, `L`, `R`, `U`).
#[cfg(test)]
fn spell(word: &[u8]) -> String {
    word.iter()
        .map(|&m| Dir::ALL[usize::from(m)].letter())
        .collect()
}

/// The shipped words, read back (letters outside `DLRU` are skipped: the
/// file is ours and the test checks it whole).
fn shipped() -> Vec<Vec<u8>> {
    SHIPPED
        .lines()
        .map(|line| {
            line.bytes()
                .filter_map(|b| Dir::ALL.iter().position(|d| d.letter() == char::from(b)))
                .map(|m| m as u8)
                .collect()
        })
        .filter(|w: &Vec<u8>| !w.is_empty())
        .collect()
}

/// The automaton over [`twin_words`] of 12 moves (2,667 words, 9,732
/// states), built on first use from a shipped copy of the words (about a
/// millisecond; a test finds them again) and shared; moves numbered `Dir
/// as usize`. What [`Sliding::prune_twins`](crate::Sliding::prune_twins)
/// uses.
///
/// ```
/// use puzzle_sliding::{Dir, twin_automaton};
/// let a = twin_automaton();
/// let spell = |w: &[Dir]| w.iter().map(|&d| d as u8).collect::<Vec<u8>>();
/// assert!(a.accepts(&spell(&[Dir::D, Dir::R, Dir::U, Dir::L, Dir::D, Dir::R])));
/// assert!(!a.accepts(&spell(&[Dir::R, Dir::D, Dir::L, Dir::U, Dir::R, Dir::D])));
/// ```
pub fn twin_automaton() -> &'static MoveAutomaton {
    static AUTOMATON: OnceLock<MoveAutomaton> = OnceLock::new();
    AUTOMATON.get_or_init(|| {
        // Four moves, non-empty words of moves below four (the shipped file
        // is checked whole by a test): `new` does not refuse them; were it
        // to, keeping every sequence is always right, only slower.
        MoveAutomaton::new(Dir::ALL.len(), &shipped())
            .unwrap_or_else(|_| MoveAutomaton::keep_all(Dir::ALL.len()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many moves deep the twins are looked for: 2,667 words, an
    /// automaton of 9,732 states (156 KB). Measured on Korf's 100 with the
    /// 6-6-3 tables, one thread: 133.1M nodes expanded without it, 109.6M at
    /// depth 6, 81.2M at 10, 72.6M at 12, 67.4M at 14 (whose search stores
    /// 8.8M states and takes 11 s once; docs/puzzles/sliding.md, "Duplicate
    /// sequences").
    const TWIN_DEPTH: usize = 12;

    /// The shipped file is what the search finds: regenerate it with
    /// `PUZZLE_TWINS_WRITE=1 cargo test -p puzzle-sliding --lib shipped`.
    #[test]
    fn shipped_words_are_the_searchs() {
        let found = words(TWIN_DEPTH);
        let text: String = found.iter().map(|w| spell(w) + "\n").collect();
        if std::env::var_os("PUZZLE_TWINS_WRITE").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/twins12.txt");
            std::fs::write(path, &text).expect("write the words");
        }
        assert_eq!(shipped(), found);
        assert_eq!(SHIPPED, text);
        assert_eq!(found.len(), 2667);
        assert_eq!(twin_automaton().states(), 9732);
    }
}
