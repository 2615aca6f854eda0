//! [`Definition`]: a puzzle read from twsearch's definition format.

use crate::model::parse::{ErrorKind, Kind, Labels, Lines, ParseError, expect, number, position};
use crate::model::position::{Orbit, Position};

/// A permutation puzzle as its definition file gives it: orbits, the
/// solved state, the moves (each once: [`Moves`](crate::Moves) adds their
/// powers) and the whole-puzzle rotations.
///
/// The format is twsearch's (`.tws`): `Name N`; `Set NAME PIECES
/// ORIENTATIONS` per orbit; `Solved` then, per set, its name, a line of
/// piece numbers (1-based; equal numbers are pieces that look alike) and
/// an optional line of orientations (`?`: not tracked), then `End`; and
/// `Move NAME` blocks the same way (a permutation; orientations given by
/// the source position, as twsearch reads them). A set a block leaves out
/// is untouched. Moves named `x`, `y`, `z` (with `2` or `'`) or in
/// capitals ending in `v` are rotations of the whole puzzle, kept apart.
/// Lines starting with `#` are comments. `Illegal`, `MoveAlias`,
/// `MoveSequence`, `MoveTransformation` and `StartState` are refused with
/// the line and why.
///
/// ```
/// use puzzle_twisty::Definition;
/// let def = Definition::parse("\
/// Name Two
/// Set PIECE 2 1
/// Solved
/// PIECE
/// 1 2
/// End
/// Move S
/// PIECE
/// 2 1
/// End
/// ")?;
/// assert_eq!((def.name(), def.orbits().len(), def.moves().len()), ("Two", 1, 1));
/// # Ok::<(), puzzle_twisty::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    name: String,
    orbits: Vec<Orbit>,
    solved: Position,
    moves: Vec<(String, Position)>,
    rotations: Vec<(String, Position)>,
    /// How the solved block numbered its pieces, to read scramble states.
    labels: Labels,
    /// Where each orbit's bytes start in a position (kept: summing the
    /// orbits before one is quadratic over 100,000 orbits).
    offsets: Vec<usize>,
}

/// Whether twsearch takes a move of this name for a rotation of the
/// whole puzzle: `x`, `y`, `z` (alone or with `2` or `'`), or capitals
/// and underscores followed by `v`.
///
/// ```
/// use puzzle_twisty::is_rotation;
/// assert!(is_rotation("x") && is_rotation("y'") && is_rotation("BRv"));
/// assert!(!is_rotation("U") && !is_rotation("x3") && !is_rotation("v"));
/// ```
pub fn is_rotation(name: &str) -> bool {
    let b = name.as_bytes();
    if matches!(b.first(), Some(b'x' | b'y' | b'z'))
        && (b.len() == 1 || (b.len() == 2 && matches!(b[1], b'2' | b'\'')))
    {
        return true;
    }
    let caps = b
        .iter()
        .take_while(|&&c| c == b'_' || c.is_ascii_uppercase())
        .count();
    caps > 0 && caps + 1 == b.len() && b[caps] == b'v'
}

/// Refuses a move or rotation name that a move sequence would not read
/// back as itself: one holding a character the move notation reads
/// (`(`, `)`, `,`, `#`), or one that is another move's name with a power
/// after it (`X2`, `X'`, `X3` beside `X`; `R22` beside `R2`, whose half
/// turn is named so): a printed answer or a scramble naming it would mean
/// that power, or the other way round.
fn check_names(named: &[(String, usize)]) -> Result<(), ParseError> {
    let lines: std::collections::HashMap<&str, usize> =
        named.iter().map(|(n, l)| (n.as_str(), *l)).collect();
    for (name, line) in named {
        if name.contains(['(', ')', ',', '#']) {
            return Err(ParseError::new(*line, name, ErrorKind::BadMoveName));
        }
        // Another name followed by what a power adds (digits, then
        // perhaps a `'`): every pair of names whose powers' names could
        // meet is one of these (a power's name is its move's name, the
        // amount unless 1, `'` where inverted), `R22` beside `R2` too.
        // The notation reads at most 10 digits as an amount (a `u32`),
        // so at most 11 bases are looked up, whatever the name's length.
        let quote = usize::from(name.ends_with('\''));
        let stem = &name[..name.len() - quote];
        let digits = stem.len() - stem.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        if let Some((base, &at)) = (1 - quote.min(1)..=digits.min(10))
            .map(|k| &stem[..stem.len() - k])
            .filter(|base| !base.is_empty())
            .find_map(|base| lines.get(base).map(|at| (base, at)))
        {
            return Err(ParseError::new(
                *line,
                name,
                ErrorKind::PowerName(base.to_string(), at),
            ));
        }
    }
    Ok(())
}

impl Definition {
    /// Reads a definition.
    ///
    /// # Errors
    /// A [`ParseError`] naming the line, the token and what is wrong: an
    /// unknown keyword or set, a block out of place or not ended, a number
    /// out of range, a move that is not a permutation, a name given twice,
    /// a block we do not read; a move name that would not read back as
    /// itself in a move sequence (`X2` beside a move `X`: the half turn's
    /// name; a name holding `(`, `)`, `,` or `#`).
    ///
    /// ```
    /// use puzzle_twisty::Definition;
    /// let e = Definition::parse("Set A 2 1\nSolved\nA\n1 2\nEnd\nMove M\nA\n1 1\nEnd\n")
    ///     .expect_err("not a permutation");
    /// assert_eq!(e.to_string(), "line 8: `A`: a move's pieces must be a permutation (each number once)");
    /// let e = Definition::parse("Set A 4 1\nSolved\nA\n1 2 3 4\nEnd\nMove X\nA\n2 3 4 1\nEnd\nMove X2\nA\n2 1 3 4\nEnd\n")
    ///     .expect_err("X2 reads as X's half turn");
    /// assert!(e.to_string().starts_with("line 10: `X2`: reads as a power of move `X` (line 6)"));
    /// ```
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let mut lines = Lines::new(text);
        let mut name: Option<String> = None;
        let mut orbits: Vec<Orbit> = Vec::new();
        let mut solved: Option<Position> = None;
        let mut labels = Labels::default();
        let mut moves: Vec<(String, Position)> = Vec::new();
        let mut rotations: Vec<(String, Position)> = Vec::new();
        // The sets' and moves' names, looked up by hash (linear parsing).
        let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        let mut move_names: std::collections::HashSet<String> = std::collections::HashSet::new();
        // Each move's and rotation's name with its line, for the check
        // that every name reads back (after the whole file is read).
        let mut named: Vec<(String, usize)> = Vec::new();
        while let Some((line, toks)) = lines.next() {
            let key = toks[0];
            let misplaced = |what| Err(ParseError::new(line, key, ErrorKind::Misplaced(what)));
            match key {
                "Name" => {
                    if name.is_some() || !orbits.is_empty() {
                        return misplaced("Name must come first, once");
                    }
                    expect(line, &toks, 2)?;
                    name = Some(toks[1].to_string());
                }
                "Set" => {
                    if solved.is_some() {
                        return misplaced("Set must come before Solved");
                    }
                    expect(line, &toks, 4)?;
                    if index.contains_key(toks[1]) {
                        return Err(ParseError::new(line, toks[1], ErrorKind::Duplicate("set")));
                    }
                    index.insert(toks[1].to_string(), orbits.len());
                    let pieces = number(line, toks[2], 1, 255)?;
                    let orientations = number(line, toks[3], 1, 127)? as u8;
                    orbits.push(Orbit {
                        name: toks[1].to_string(),
                        pieces,
                        orientations,
                    });
                }
                "Solved" => {
                    if solved.is_some() {
                        return misplaced("a second Solved block");
                    }
                    if orbits.is_empty() {
                        return Err(ParseError::new(
                            line,
                            key,
                            ErrorKind::Missing("Set before Solved"),
                        ));
                    }
                    expect(line, &toks, 1)?;
                    solved = Some(position(
                        &mut lines,
                        &orbits,
                        &index,
                        Kind::Solved,
                        &mut labels,
                    )?);
                }
                "Move" => {
                    if solved.is_none() {
                        return misplaced("Move must come after Solved");
                    }
                    expect(line, &toks, 2)?;
                    let m = position(&mut lines, &orbits, &index, Kind::Move, &mut labels)?;
                    let name = toks[1].to_string();
                    if !move_names.insert(name.clone()) {
                        return Err(ParseError::new(line, toks[1], ErrorKind::Duplicate("move")));
                    }
                    named.push((name.clone(), line));
                    if is_rotation(&name) {
                        rotations.push((name, m));
                    } else {
                        moves.push((name, m));
                    }
                }
                "Illegal" => {
                    return Err(ParseError::new(
                        line,
                        key,
                        ErrorKind::Unsupported(
                            "illegal-position rules (Illegal blocks) are not read; the puzzle would be searched without them",
                        ),
                    ));
                }
                "MoveAlias" | "MoveSequence" | "MoveTransformation" => {
                    return Err(ParseError::new(
                        line,
                        key,
                        ErrorKind::Unsupported(
                            "moves defined from other moves or by transformation are not read yet",
                        ),
                    ));
                }
                "StartState" => {
                    return Err(ParseError::new(
                        line,
                        key,
                        ErrorKind::Unsupported(
                            "a start state in the definition: give it as a Scramble in a scramble file",
                        ),
                    ));
                }
                _ => return Err(ParseError::new(line, key, ErrorKind::Unexpected)),
            }
        }
        let end = lines.last;
        if orbits.is_empty() {
            return Err(ParseError::new(end, "", ErrorKind::Missing("Set")));
        }
        let Some(solved) = solved else {
            return Err(ParseError::new(end, "", ErrorKind::Missing("Solved block")));
        };
        if moves.is_empty() {
            return Err(ParseError::new(end, "", ErrorKind::Missing("moves")));
        }
        check_names(&named)?;
        let offsets = orbits
            .iter()
            .scan(0, |at, o| {
                let here = *at;
                *at += 2 * o.pieces;
                Some(here)
            })
            .collect();
        Ok(Self {
            offsets,
            name: name.unwrap_or_else(|| "Unnamed".to_string()),
            orbits,
            solved,
            moves,
            rotations,
            labels,
        })
    }

    /// The puzzle's name (`Unnamed` when the file gives none).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The orbits, in the file's order.
    pub fn orbits(&self) -> &[Orbit] {
        &self.orbits
    }

    /// The solved state.
    pub fn solved(&self) -> &Position {
        &self.solved
    }

    /// The moves (rotations left out), each once, in the file's order.
    pub fn moves(&self) -> &[(String, Position)] {
        &self.moves
    }

    /// Where orbit `k`'s bytes start in a position.
    pub(crate) fn offset(&self, k: usize) -> usize {
        self.offsets[k]
    }

    /// The rotations of the whole puzzle (see [`is_rotation`]).
    pub fn rotations(&self) -> &[(String, Position)] {
        &self.rotations
    }

    /// Reads a scramble's state block (after its keyword line), with the
    /// solved state's numbering of pieces.
    pub(crate) fn read_state(&self, lines: &mut Lines<'_>) -> Result<Position, ParseError> {
        let index = self
            .orbits
            .iter()
            .enumerate()
            .map(|(k, o)| (o.name.clone(), k))
            .collect();
        position(
            lines,
            &self.orbits,
            &index,
            Kind::State(&self.solved, &self.labels),
            &mut Labels::default(),
        )
    }
}
