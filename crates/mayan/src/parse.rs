//! The judge format: `n`, then five columns bottom to top, each ended by `0`.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use puzzle_search_core::input::Token;

use crate::board::{Board, COLOURS, HEIGHT, Run, WIDTH};

/// Why the input is not a valid puzzle: one line of text naming what and
/// where. Places are given as editors count them: lines from 1, and the
/// token's number over the whole input from 1; columns as the judge's
/// `x`, from 0.
///
/// ```
/// use puzzle_mayan::Problem;
/// let err = "3\n1 0\nx 0\n0\n0\n0".parse::<Problem>().unwrap_err();
/// assert_eq!(err.line(), Some(3));
/// assert_eq!(err.to_string(), "line 3, token 4: 'x' is not an integer");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    kind: Kind,
    /// The line and the token number, where the error has a place.
    at: Option<(usize, usize)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Empty,
    NotInteger(String),
    MovesOutOfRange(i64),
    ColourOutOfRange { x: usize, colour: i64 },
    ColumnTooTall { x: usize },
    MissingZero { x: usize },
    TooFewColumns { columns: usize },
    Trailing(String),
    InitialRun(Run),
}

impl ParseError {
    fn new(kind: Kind, at: Option<Token<'_>>) -> Self {
        Self {
            kind,
            at: at.map(|t| (t.line, t.number)),
        }
    }

    /// The line of the input the error is on (from 1), where it has one.
    ///
    /// ```
    /// use puzzle_mayan::Problem;
    /// let err = "3\n1 0\n0\n0\n0\n0\n7".parse::<Problem>().unwrap_err();
    /// assert_eq!(err.line(), Some(7));
    /// ```
    pub fn line(&self) -> Option<usize> {
        self.at.map(|(line, _)| line)
    }

    /// The number of the token the error is at (from 1, over the whole
    /// input), where it has one.
    ///
    /// ```
    /// use puzzle_mayan::Problem;
    /// let err = "3\n1 0\n0\n0\n0\n0\n7".parse::<Problem>().unwrap_err();
    /// assert_eq!(err.token(), Some(8));
    /// ```
    pub fn token(&self) -> Option<usize> {
        self.at.map(|(_, token)| token)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((line, token)) = self.at {
            write!(f, "line {line}, token {token}: ")?;
        }
        match &self.kind {
            Kind::Empty => f.write_str("the input is empty: expected n and five columns"),
            Kind::NotInteger(text) => write!(f, "'{text}' is not an integer"),
            Kind::MovesOutOfRange(n) => write!(f, "n = {n} is outside 1..=5"),
            Kind::ColourOutOfRange { x, colour } => {
                write!(f, "column x={x}: colour {colour} is outside 1..={COLOURS}")
            }
            Kind::ColumnTooTall { x } => {
                write!(f, "column x={x}: the column is taller than {HEIGHT} blocks")
            }
            Kind::MissingZero { x } => {
                write!(
                    f,
                    "column x={x}: the input ends before the column's closing 0"
                )
            }
            Kind::TooFewColumns { columns } => {
                write!(f, "the input ends after {columns} of {WIDTH} columns")
            }
            Kind::Trailing(text) => write!(f, "unexpected '{text}' after the fifth column"),
            Kind::InitialRun(run) => {
                write!(f, "the starting board already holds a run of three: {run}")
            }
        }
    }
}

impl Error for ParseError {}

/// A judge case: clear `board` in exactly `n` moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The number of moves, 1 to 5.
    pub n: u32,
    /// The starting board (settled, with no run of three).
    pub board: Board,
}

impl FromStr for Problem {
    type Err = ParseError;

    /// Parses and checks judge input.
    ///
    /// # Errors
    /// Every case the spec lists: a missing `0`, a column taller than 7, a
    /// colour outside `1..=10`, `n` outside `1..=5`, a non-integer token,
    /// too few columns, trailing garbage, a starting run of three.
    fn from_str(s: &str) -> Result<Self, ParseError> {
        let mut tokens = tokens_of(s);
        let (first, n) = tokens
            .next_int()?
            .ok_or(ParseError::new(Kind::Empty, None))?;
        if !(1..=5).contains(&n) {
            return Err(ParseError::new(Kind::MovesOutOfRange(n), Some(first)));
        }
        let board = tokens.columns()?;
        tokens.finish()?;
        if let Some(run) = board.first_run() {
            return Err(ParseError::new(Kind::InitialRun(run), None));
        }
        Ok(Problem { n: n as u32, board })
    }
}

impl fmt::Display for Problem {
    /// The judge's input layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{}", self.n, self.board)
    }
}

/// Parses five columns and nothing else.
pub(crate) fn parse_board(s: &str) -> Result<Board, ParseError> {
    let mut tokens = tokens_of(s);
    let board = tokens.columns()?;
    tokens.finish()?;
    Ok(board)
}

/// The input's tokens with their places.
struct Tokens<I> {
    inner: I,
}

/// The tokens of `s` with their places.
fn tokens_of(s: &str) -> Tokens<impl Iterator<Item = Token<'_>>> {
    Tokens {
        inner: puzzle_search_core::input::tokens(s),
    }
}

impl<'a, I: Iterator<Item = Token<'a>>> Tokens<I> {
    fn next_text(&mut self) -> Option<(Token<'a>, &'a str)> {
        self.inner.next().map(|t| (t, t.text))
    }

    fn next_int(&mut self) -> Result<Option<(Token<'a>, i64)>, ParseError> {
        match self.next_text() {
            None => Ok(None),
            Some((at, text)) => text.parse().map(|v| Some((at, v))).map_err(|_| {
                let text = puzzle_search_core::input::excerpt(text);
                ParseError::new(Kind::NotInteger(text), Some(at))
            }),
        }
    }

    fn columns(&mut self) -> Result<Board, ParseError> {
        let mut cells = [[0u8; HEIGHT]; WIDTH];
        let mut heights = [0usize; WIDTH];
        for x in 0..WIDTH {
            loop {
                let Some((at, v)) = self.next_int()? else {
                    let kind = if heights[x] == 0 {
                        Kind::TooFewColumns { columns: x }
                    } else {
                        Kind::MissingZero { x }
                    };
                    return Err(ParseError::new(kind, None));
                };
                if v == 0 {
                    break;
                }
                if !(1..=i64::from(COLOURS)).contains(&v) {
                    let kind = Kind::ColourOutOfRange { x, colour: v };
                    return Err(ParseError::new(kind, Some(at)));
                }
                if heights[x] == HEIGHT {
                    return Err(ParseError::new(Kind::ColumnTooTall { x }, Some(at)));
                }
                cells[x][heights[x]] = v as u8;
                heights[x] += 1;
            }
        }
        let columns: [&[u8]; WIDTH] = std::array::from_fn(|x| &cells[x][..heights[x]]);
        // Every value was checked above, so this cannot fail.
        Board::from_columns(columns).ok_or(ParseError::new(Kind::Empty, None))
    }

    fn finish(&mut self) -> Result<(), ParseError> {
        match self.next_text() {
            None => Ok(()),
            Some((at, text)) => {
                let text = puzzle_search_core::input::excerpt(text);
                Err(ParseError::new(Kind::Trailing(text), Some(at)))
            }
        }
    }
}

impl FromStr for Board {
    type Err = ParseError;

    /// Parses five columns in the judge's layout (no `n` before them).
    /// Boards that hold a run of three are accepted here; [`Problem`](crate::Problem)
    /// rejects them.
    fn from_str(s: &str) -> Result<Self, ParseError> {
        parse_board(s)
    }
}
