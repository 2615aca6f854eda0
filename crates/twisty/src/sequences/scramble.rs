//! twsearch's scramble files: `ScrambleAlg NAME` then moves up to `End`,
//! or `Scramble NAME` (also `ScrambleState`, `StartState`) then a state
//! block as the definition's `Solved`.

use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::model::parse::{ErrorKind, Lines, ParseError, expect};
use crate::model::position::Position;

/// One scramble of a scramble file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scramble {
    /// Its name.
    pub name: String,
    /// The line its block starts on.
    pub line: usize,
    /// The moves or the state.
    pub kind: ScrambleKind,
}

/// What a scramble gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScrambleKind {
    /// Moves from the solved state (indices into the [`Moves`] given).
    Alg(Vec<u16>),
    /// A state.
    State(Position),
}

impl Scramble {
    /// The scrambled position: the solved state after the moves, or the
    /// state given.
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, parse_scrambles};
    /// let def = Definition::parse("Set P 2 1\nSolved\nP\n1 2\nEnd\nMove S\nP\n2 1\nEnd\n")?;
    /// let moves = Moves::all(&def)?;
    /// let s = parse_scrambles("ScrambleAlg one\nS\nEnd\n", &def, &moves)?;
    /// assert_eq!(s[0].position(&def, &moves).as_slice(), &[1, 0, 0, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self, def: &Definition, moves: &Moves) -> Position {
        match &self.kind {
            ScrambleKind::Alg(seq) => seq.iter().fold(def.solved().clone(), |p, &m| {
                p.then(moves.get(usize::from(m)), def.orbits())
            }),
            ScrambleKind::State(p) => p.clone(),
        }
    }
}

/// Reads a scramble file for `def`, its moves named among `moves` (a
/// scramble may use a move the search leaves out only if `moves` has it).
///
/// # Errors
/// A [`ParseError`] naming the line and token: an unknown move or
/// keyword, a block not ended, a state whose pieces are not the solved
/// state's.
///
/// ```
/// use puzzle_twisty::{Definition, Moves, parse_scrambles};
/// let def = Definition::parse("Set P 2 1\nSolved\nP\n1 2\nEnd\nMove S\nP\n2 1\nEnd\n")?;
/// let moves = Moves::all(&def)?;
/// let e = parse_scrambles("ScrambleAlg bad\nS T\nEnd\n", &def, &moves).expect_err("T");
/// assert_eq!(e.to_string(), "line 2: `T`: no move of this name");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_scrambles(
    text: &str,
    def: &Definition,
    moves: &Moves,
) -> Result<Vec<Scramble>, ParseError> {
    let mut lines = Lines::new(text);
    let mut out = Vec::new();
    let mut notation = crate::sequences::notation::Notation::new(def, moves);
    while let Some((line, toks)) = lines.next() {
        match toks[0] {
            "ScrambleAlg" => {
                expect(line, &toks, 2)?;
                let mut seq = Vec::new();
                notation.start();
                loop {
                    let Some((at, toks)) = lines.next() else {
                        return Err(ParseError::new(lines.last, "", ErrorKind::Unterminated));
                    };
                    if toks[0] == "End" {
                        expect(at, &toks, 1)?;
                        break;
                    }
                    // Commas separate moves too, as twsearch reads them;
                    // powers (`R3`, `R2'`) and groups (`(R U)2`, `(R U)'`)
                    // as cubers write them.
                    notation.read_line(&toks.join(" "), at, &mut seq)?;
                    if seq.len() > crate::sequences::notation::MAX_EXPANDED {
                        return Err(ParseError::new(
                            at,
                            toks[0],
                            ErrorKind::Unsupported("the scramble passes 1,048,576 moves"),
                        ));
                    }
                }
                out.push(Scramble {
                    name: toks[1].to_string(),
                    line,
                    kind: ScrambleKind::Alg(seq),
                });
            }
            "Scramble" | "ScrambleState" | "StartState" => {
                let name = match toks.len() {
                    1 => "noname".to_string(),
                    2 => toks[1].to_string(),
                    got => {
                        return Err(ParseError::new(
                            line,
                            toks[0],
                            ErrorKind::Tokens { want: 2, got },
                        ));
                    }
                };
                let state = def.read_state(&mut lines)?;
                out.push(Scramble {
                    name,
                    line,
                    kind: ScrambleKind::State(state),
                });
            }
            other => return Err(ParseError::new(line, other, ErrorKind::Unexpected)),
        }
    }
    Ok(out)
}
