//! The judge format: `n`, then five columns bottom to top, each ended by `0`.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use crate::board::{Board, COLOURS, HEIGHT, Run, WIDTH};

/// Why the input is not a valid puzzle. Tokens are counted from 1 over the
/// whole input, columns as `x` from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The input is empty.
    Empty,
    /// A token that is not an integer.
    NotInteger {
        /// Its position.
        token: usize,
        /// The token.
        text: String,
    },
    /// `n` outside `1..=5`.
    MovesOutOfRange {
        /// The value.
        n: i64,
    },
    /// A colour outside `1..=10`.
    ColourOutOfRange {
        /// Its position.
        token: usize,
        /// Its column.
        x: usize,
        /// The value.
        colour: i64,
    },
    /// A column with more than 7 blocks.
    ColumnTooTall {
        /// The token of the eighth block.
        token: usize,
        /// The column.
        x: usize,
    },
    /// The input ends inside a column, before its `0`.
    MissingZero {
        /// The column.
        x: usize,
    },
    /// The input ends before the fifth column.
    TooFewColumns {
        /// How many columns were complete.
        columns: usize,
    },
    /// More tokens after the fifth column.
    Trailing {
        /// Its position.
        token: usize,
        /// The token.
        text: String,
    },
    /// The starting board already holds a run of three.
    InitialRun(Run),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => f.write_str("the input is empty: expected n and five columns"),
            ParseError::NotInteger { token, text } => {
                write!(f, "token {token}: '{text}' is not an integer")
            }
            ParseError::MovesOutOfRange { n } => {
                write!(f, "token 1: n = {n} is outside 1..=5")
            }
            ParseError::ColourOutOfRange { token, x, colour } => {
                write!(
                    f,
                    "token {token} (column x={x}): colour {colour} is outside 1..={COLOURS}"
                )
            }
            ParseError::ColumnTooTall { token, x } => {
                write!(
                    f,
                    "token {token} (column x={x}): the column is taller than {HEIGHT} blocks"
                )
            }
            ParseError::MissingZero { x } => {
                write!(
                    f,
                    "column x={x}: the input ends before the column's closing 0"
                )
            }
            ParseError::TooFewColumns { columns } => {
                write!(f, "the input ends after {columns} of {WIDTH} columns")
            }
            ParseError::Trailing { token, text } => {
                write!(
                    f,
                    "token {token}: unexpected '{text}' after the fifth column"
                )
            }
            ParseError::InitialRun(run) => {
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
        let mut tokens = Tokens::new(s);
        let (_, n) = tokens.next_int()?.ok_or(ParseError::Empty)?;
        if !(1..=5).contains(&n) {
            return Err(ParseError::MovesOutOfRange { n });
        }
        let board = tokens.columns()?;
        tokens.finish()?;
        if let Some(run) = board.first_run() {
            return Err(ParseError::InitialRun(run));
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
    let mut tokens = Tokens::new(s);
    let board = tokens.columns()?;
    tokens.finish()?;
    Ok(board)
}

/// Whitespace-separated tokens, numbered from 1.
struct Tokens<'a> {
    inner: std::iter::Enumerate<std::str::SplitWhitespace<'a>>,
}

impl<'a> Tokens<'a> {
    fn new(s: &'a str) -> Self {
        Self {
            inner: s.split_whitespace().enumerate(),
        }
    }

    fn next_int(&mut self) -> Result<Option<(usize, i64)>, ParseError> {
        match self.inner.next() {
            None => Ok(None),
            Some((i, text)) => {
                text.parse()
                    .map(|v| Some((i + 1, v)))
                    .map_err(|_| ParseError::NotInteger {
                        token: i + 1,
                        text: puzzle_search_core::excerpt(text),
                    })
            }
        }
    }

    fn columns(&mut self) -> Result<Board, ParseError> {
        let mut cells = [[0u8; HEIGHT]; WIDTH];
        let mut heights = [0usize; WIDTH];
        for x in 0..WIDTH {
            loop {
                let Some((token, v)) = self.next_int()? else {
                    return Err(if heights[x] == 0 {
                        ParseError::TooFewColumns { columns: x }
                    } else {
                        ParseError::MissingZero { x }
                    });
                };
                if v == 0 {
                    break;
                }
                if !(1..=i64::from(COLOURS)).contains(&v) {
                    return Err(ParseError::ColourOutOfRange {
                        token,
                        x,
                        colour: v,
                    });
                }
                if heights[x] == HEIGHT {
                    return Err(ParseError::ColumnTooTall { token, x });
                }
                cells[x][heights[x]] = v as u8;
                heights[x] += 1;
            }
        }
        let columns: [&[u8]; WIDTH] = std::array::from_fn(|x| &cells[x][..heights[x]]);
        // Every value was checked above, so this cannot fail.
        Board::from_columns(columns).ok_or(ParseError::Empty)
    }

    fn finish(&mut self) -> Result<(), ParseError> {
        match self.inner.next() {
            None => Ok(()),
            Some((i, text)) => Err(ParseError::Trailing {
                token: i + 1,
                text: puzzle_search_core::excerpt(text),
            }),
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
