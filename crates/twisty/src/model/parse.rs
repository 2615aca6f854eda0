//! Reading twsearch's definition format (`.tws`) and its scramble files
//! (`.scr`): tokens a line, `#` lines are comments, blocks end with `End`.

use std::fmt;

use smallvec::SmallVec;

use crate::model::position::{Orbit, Position, WILD};

/// Why a definition or scramble file was refused: the line (1-based), the
/// token, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    line: usize,
    token: String,
    kind: ErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ErrorKind {
    /// A block or keyword we do not read, with why.
    Unsupported(&'static str),
    /// A keyword where it may not stand.
    Misplaced(&'static str),
    /// The wrong number of tokens on a line.
    Tokens {
        want: usize,
        got: usize,
    },
    /// Not a number, or out of range.
    Number {
        min: usize,
        max: usize,
    },
    /// A set name that is not defined, or defined twice.
    UnknownSet,
    DuplicateSet,
    /// A move's pieces that are not a permutation.
    NotPermutation,
    /// A scramble whose pieces are not the solved state's.
    NotSolvedPieces,
    /// A third line of numbers, or numbers before a set name.
    UnexpectedNumbers,
    /// The file ended inside a block.
    Unterminated,
    /// Something the file lacks (sets, a solved state, moves).
    Missing(&'static str),
    /// A name used twice.
    Duplicate(&'static str),
    /// A move name no move has.
    UnknownMove,
    /// A move of the puzzle that the moves chosen leave out.
    NotChosen,
    /// A move sequence written in a way the notation does not read, and
    /// how to write it.
    Notation(String),
    /// A move name holding a character the move notation reads.
    BadMoveName,
    /// A move name that is another move's (named, on that line) with a
    /// power after it.
    PowerName(String, usize),
    /// Anything else that is not a keyword.
    Unexpected,
}

impl ParseError {
    pub(crate) fn new(line: usize, token: &str, kind: ErrorKind) -> Self {
        Self {
            line,
            token: token.to_string(),
            kind,
        }
    }

    /// The 1-based line the error is on (0: the file as a whole).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The token the error names (empty when none).
    pub fn token(&self) -> &str {
        &self.token
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        if !self.token.is_empty() {
            // Cut and escaped: a line of any length stays one short line.
            write!(f, "`{}`: ", puzzle_search_core::input::excerpt(&self.token))?;
        }
        match &self.kind {
            ErrorKind::Unsupported(why) => write!(f, "not supported: {why}"),
            ErrorKind::Misplaced(what) => write!(f, "{what}"),
            ErrorKind::Tokens { want, got } => {
                write!(f, "expected {want} tokens on the line, found {got}")
            }
            ErrorKind::Number { min, max } => write!(f, "expected a number from {min} to {max}"),
            ErrorKind::UnknownSet => f.write_str("no such set"),
            ErrorKind::DuplicateSet => f.write_str("this set is given twice in the block"),
            ErrorKind::NotPermutation => {
                f.write_str("a move's pieces must be a permutation (each number once)")
            }
            ErrorKind::NotSolvedPieces => {
                f.write_str("the pieces differ from the solved state's (as a multiset)")
            }
            ErrorKind::UnexpectedNumbers => {
                f.write_str("numbers where a set name or End was expected")
            }
            ErrorKind::Unterminated => f.write_str("the file ends inside a block (no End)"),
            ErrorKind::Missing(what) => write!(f, "the definition has no {what}"),
            ErrorKind::Duplicate(what) => write!(f, "a second {what} of this name"),
            ErrorKind::UnknownMove => f.write_str("no move of this name"),
            ErrorKind::NotChosen => {
                f.write_str("a move of the puzzle, but not among the moves chosen (--moves)")
            }
            ErrorKind::Notation(how) => f.write_str(how),
            ErrorKind::BadMoveName => f.write_str(
                "a move name may not hold `(`, `)`, `,` or `#` (move sequences read them)",
            ),
            ErrorKind::PowerName(base, at) => write!(
                f,
                "reads as a power of move `{base}` (line {at}): answers and scrambles naming it would not read back; rename one of them"
            ),
            ErrorKind::Unexpected => f.write_str("unexpected token (not a keyword)"),
        }
    }
}

impl std::error::Error for ParseError {}

/// A file's lines as tokens, comments and blank lines skipped, each with
/// its 1-based line number.
pub(crate) struct Lines<'a> {
    lines: std::iter::Enumerate<RawLines<'a>>,
    /// The last line read, for errors at the end of the file.
    pub(crate) last: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `text`, a UTF-8 byte-order mark before them left out
    /// (twsearch reads such files too).
    pub(crate) fn new(text: &'a str) -> Self {
        Self {
            lines: RawLines {
                rest: Some(text.strip_prefix('\u{feff}').unwrap_or(text)),
            }
            .enumerate(),
            last: 0,
        }
    }
}

/// A text's lines ended by `\n`, `\r\n` or a lone `\r` (files from old
/// Macs), in one pass.
struct RawLines<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for RawLines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match rest.find(['\n', '\r']) {
            Some(at) => {
                let skip = if rest[at..].starts_with("\r\n") { 2 } else { 1 };
                let tail = &rest[at + skip..];
                self.rest = (!tail.is_empty()).then_some(tail);
                Some(&rest[..at])
            }
            None => {
                self.rest = None;
                (!rest.is_empty()).then_some(rest)
            }
        }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = (usize, Vec<&'a str>);

    fn next(&mut self) -> Option<Self::Item> {
        for (i, line) in self.lines.by_ref() {
            self.last = i + 1;
            if line.starts_with('#') {
                continue;
            }
            let toks: Vec<&str> = line.split_whitespace().collect();
            if !toks.is_empty() {
                return Some((i + 1, toks));
            }
        }
        None
    }
}

/// `toks` has exactly `want` tokens.
pub(crate) fn expect(line: usize, toks: &[&str], want: usize) -> Result<(), ParseError> {
    if toks.len() == want {
        Ok(())
    } else {
        Err(ParseError::new(
            line,
            toks.first().copied().unwrap_or(""),
            ErrorKind::Tokens {
                want,
                got: toks.len(),
            },
        ))
    }
}

/// A number from `min` to `max`.
pub(crate) fn number(line: usize, tok: &str, min: usize, max: usize) -> Result<usize, ParseError> {
    match tok.parse::<usize>() {
        Ok(v) if (min..=max).contains(&v) && tok.bytes().all(|b| b.is_ascii_digit()) => Ok(v),
        _ => Err(ParseError::new(line, tok, ErrorKind::Number { min, max })),
    }
}

/// What a position block is read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind<'a> {
    /// The solved state: labels may repeat, `?` orientations allowed.
    Solved,
    /// A move: a permutation, orientations given by the source position
    /// (twsearch's `Move` blocks).
    Move,
    /// A scramble's state: the solved state's pieces (the solved state and
    /// how its block numbered them), `?` where it has.
    State(&'a Position, &'a Labels),
}

/// The solved state's labels as the file gives them, per orbit: for the
/// relabelling of scramble states (the same packing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Labels {
    /// Per orbit: the file's value (1-based) to the packed label, or
    /// `None` for an orbit the solved state left as the identity.
    pub(crate) pack: Vec<Option<Vec<Option<u8>>>>,
}

/// Reads a position block's body (after its keyword line) up to `End`.
/// Sets the block leaves out are the identity (solved: the identity
/// labels); a set with one line of numbers has no turn.
pub(crate) fn position(
    lines: &mut Lines<'_>,
    orbits: &[Orbit],
    index: &std::collections::HashMap<String, usize>,
    kind: Kind<'_>,
    labels: &mut Labels,
) -> Result<Position, ParseError> {
    let mut pos = Position::identity(orbits);
    let mut given = vec![false; orbits.len()];
    // The set being read, and how many number lines it has had.
    let mut current: Option<(usize, usize)> = None;
    let mut raw: Vec<Option<(usize, Vec<usize>)>> = vec![None; orbits.len()];
    // (line, orientations as read: `None` for `?`)
    let mut turns: Vec<Option<(usize, Vec<Option<usize>>)>> = vec![None; orbits.len()];
    loop {
        let Some((line, toks)) = lines.next() else {
            return Err(ParseError::new(lines.last, "", ErrorKind::Unterminated));
        };
        let first = toks[0];
        if first == "End" {
            expect(line, &toks, 1)?;
            if let Some((set, 0)) = current {
                return Err(ParseError::new(
                    line,
                    &orbits[set].name,
                    ErrorKind::Missing("numbers for this set"),
                ));
            }
            break;
        }
        // A signed number (`-1`) is a number line too, refused by range.
        let numeric = first
            .trim_start_matches(['-', '+'])
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_digit())
            || first == "?";
        if numeric {
            let Some((set, seen)) = current else {
                return Err(ParseError::new(line, first, ErrorKind::UnexpectedNumbers));
            };
            let o = &orbits[set];
            expect(line, &toks, o.pieces).map_err(|mut e| {
                e.token = o.name.clone();
                e
            })?;
            match seen {
                0 => {
                    let mut v = Vec::with_capacity(o.pieces);
                    for t in &toks {
                        v.push(number(line, t, 1, 255)?);
                    }
                    raw[set] = Some((line, v));
                }
                1 => {
                    let mut v = Vec::with_capacity(o.pieces);
                    for t in &toks {
                        if *t == "?" && kind != Kind::Move {
                            v.push(None);
                        } else {
                            v.push(Some(number(line, t, 0, usize::from(o.orientations) - 1)?));
                        }
                    }
                    turns[set] = Some((line, v));
                }
                _ => return Err(ParseError::new(line, first, ErrorKind::UnexpectedNumbers)),
            }
            current = Some((set, seen + 1));
            continue;
        }
        expect(line, &toks, 1).map_err(|_| ParseError::new(line, first, ErrorKind::Unexpected))?;
        if let Some((set, 0)) = current {
            return Err(ParseError::new(
                line,
                &orbits[set].name,
                ErrorKind::Missing("numbers for this set"),
            ));
        }
        // By a map of the names, not a scan: a file of 100,000 sets reads
        // in linear time.
        let Some(&set) = index.get(first) else {
            return Err(ParseError::new(line, first, ErrorKind::UnknownSet));
        };
        if given[set] {
            return Err(ParseError::new(line, first, ErrorKind::DuplicateSet));
        }
        given[set] = true;
        current = Some((set, 0));
    }
    if kind == Kind::Solved {
        labels.pack = vec![None; orbits.len()];
    }
    let mut off = 0;
    for (set, o) in orbits.iter().enumerate() {
        let n = o.pieces;
        let bytes = &mut pos.0;
        if let Some((at, values)) = &raw[set] {
            let at = *at;
            match kind {
                Kind::Move => {
                    let mut seen = vec![false; n];
                    for &v in values {
                        if v > n || seen[v - 1] {
                            return Err(ParseError::new(at, &o.name, ErrorKind::NotPermutation));
                        }
                        seen[v - 1] = true;
                    }
                    for (j, &v) in values.iter().enumerate() {
                        bytes[off + j] = (v - 1) as u8;
                    }
                }
                Kind::Solved => {
                    // Distinct values in increasing order become 0, 1, ...
                    let mut used = [false; 256];
                    for &v in values {
                        used[v] = true;
                    }
                    let mut pack = vec![None; 256];
                    let mut k = 0u8;
                    for (v, u) in used.iter().enumerate() {
                        if *u {
                            pack[v] = Some(k);
                            k += 1;
                        }
                    }
                    for (j, &v) in values.iter().enumerate() {
                        bytes[off + j] = pack[v].unwrap_or(0);
                    }
                    labels.pack[set] = Some(pack);
                }
                Kind::State(solved, sl) => {
                    for (j, &v) in values.iter().enumerate() {
                        let packed = match &sl.pack[set] {
                            Some(pack) => pack[v],
                            None => (v <= n).then(|| (v - 1) as u8),
                        };
                        let Some(p) = packed else {
                            return Err(ParseError::new(at, &o.name, ErrorKind::NotSolvedPieces));
                        };
                        bytes[off + j] = p;
                    }
                    let mut a: SmallVec<[u8; 64]> = bytes[off..off + n].into();
                    let mut b: SmallVec<[u8; 64]> = solved.0[off..off + n].into();
                    a.sort_unstable();
                    b.sort_unstable();
                    if a != b {
                        return Err(ParseError::new(at, &o.name, ErrorKind::NotSolvedPieces));
                    }
                }
            }
        } else if let Kind::State(solved, _) = kind {
            bytes[off..off + n].copy_from_slice(&solved.0[off..off + n]);
        }
        if let Some((_, t)) = &turns[set] {
            for (j, v) in t.iter().enumerate() {
                bytes[off + n + j] = v.map_or(WILD, |v| v as u8);
            }
            if kind == Kind::Move {
                // The file gives a move's turn by source position: the
                // turn at `j` is the one given for `p[j]`.
                let given: Vec<u8> = bytes[off + n..off + 2 * n].to_vec();
                for j in 0..n {
                    bytes[off + n + j] = given[usize::from(bytes[off + j])];
                }
            }
        }
        // A scramble's piece is wild where that piece is wild in the
        // solved state, wherever it now sits (its `?` travels with it
        // under every move): read per piece, by its label. Pieces alike
        // whose copies differ (some `?`, some not) take what is given.
        if let Kind::State(solved, _) = kind {
            // Per label: 1 every copy wild, 2 none, 3 both.
            let mut wild = [0u8; 256];
            for j in 0..n {
                let label = usize::from(solved.0[off + j]);
                wild[label] |= if solved.0[off + n + j] == WILD { 1 } else { 2 };
            }
            for j in 0..n {
                let label = usize::from(bytes[off + j]);
                let given = bytes[off + n + j] == WILD;
                match wild[label] {
                    1 => bytes[off + n + j] = WILD,
                    2 if given => {
                        let at = turns[set].as_ref().map_or(0, |t| t.0);
                        return Err(ParseError::new(
                            at,
                            &o.name,
                            ErrorKind::Unsupported(
                                "a `?` orientation on a piece the solved state orients",
                            ),
                        ));
                    }
                    _ => {}
                }
            }
        }
        off += 2 * n;
    }
    Ok(pos)
}
