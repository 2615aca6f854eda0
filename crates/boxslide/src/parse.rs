//! The level format: `H W L`, then `H` rows of `W` colours, top row first.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use crate::board::{Board, MAX_COLOURS, MAX_SIDE};

/// Bad input, naming the row and column where there are ones (both from
/// 0, as in moves; the header is "the first line").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A header value missing or not a number.
    Header(String),
    /// `H` or `W` outside `1..=16`.
    Side {
        /// `H` or `W`.
        name: &'static str,
        /// The value.
        value: i64,
    },
    /// A token in a row that is not an integer.
    NotInteger {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// The token.
        text: String,
    },
    /// A colour outside `0..=15`.
    Colour {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// The value.
        value: i64,
    },
    /// A row with the wrong number of values.
    Ragged {
        /// The row.
        row: usize,
        /// How many values it has.
        values: usize,
        /// `W`.
        width: usize,
    },
    /// Fewer or more rows than `H`.
    Rows {
        /// How many rows there are.
        rows: usize,
        /// `H`.
        height: usize,
    },
    /// A box with an empty cell below it.
    Floating {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },
    /// A run of three on the starting board.
    InitialRun {
        /// A cell of it.
        row: usize,
        /// See `row`.
        col: usize,
        /// Its colour.
        colour: u8,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Header(what) => write!(f, "first line: {what}"),
            ParseError::Side { name, value } => {
                write!(f, "first line: {name} = {value} must be 1 to {MAX_SIDE}")
            }
            ParseError::NotInteger { row, col, text } => {
                write!(f, "row {row}, column {col}: '{text}' is not an integer")
            }
            ParseError::Colour { row, col, value } => {
                write!(
                    f,
                    "row {row}, column {col}: colour {value} is outside 0..={MAX_COLOURS}"
                )
            }
            ParseError::Ragged { row, values, width } => {
                write!(f, "row {row}: {values} values, expected W = {width}")
            }
            ParseError::Rows { rows, height } => write!(f, "{rows} rows, expected H = {height}"),
            ParseError::Floating { row, col } => {
                write!(
                    f,
                    "row {row}, column {col}: the box floats (the cell below is empty)"
                )
            }
            ParseError::InitialRun { row, col, colour } => write!(
                f,
                "row {row}, column {col}: the starting board already holds a run of three of colour {colour}"
            ),
        }
    }
}

impl Error for ParseError {}

/// A level: the starting board and the move limit `L`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The board (settled, no run of three).
    pub board: Board,
    /// The most moves allowed.
    pub limit: u32,
}

impl FromStr for Level {
    type Err = ParseError;

    /// Parses and checks a level.
    ///
    /// # Errors
    /// Every case the spec lists: a floating box, a starting run of three,
    /// a colour outside `1..=15`, a ragged row, `H` or `W` of 0 or more
    /// than 16, a missing or negative limit; also non-integers and a wrong
    /// number of rows.
    fn from_str(s: &str) -> Result<Self, ParseError> {
        let mut lines = s.lines().filter(|l| !l.trim().is_empty());
        let header = lines
            .next()
            .ok_or(ParseError::Header("the input is empty".into()))?;
        let mut fields = header.split_whitespace();
        let mut field = |name: &'static str| -> Result<i64, ParseError> {
            let text = fields
                .next()
                .ok_or_else(|| ParseError::Header(format!("{name} is missing")))?;
            text.parse().map_err(|_| {
                ParseError::Header(format!(
                    "{name} = '{}' is not an integer",
                    puzzle_search_core::excerpt(text)
                ))
            })
        };
        let (h, w) = (field("H")?, field("W")?);
        let limit = field("the move limit L")?;
        for (name, value) in [("H", h), ("W", w)] {
            if !(1..=MAX_SIDE as i64).contains(&value) {
                return Err(ParseError::Side { name, value });
            }
        }
        if limit < 0 {
            return Err(ParseError::Header(format!(
                "the move limit L = {limit} is negative"
            )));
        }
        if let Some(extra) = fields.next() {
            return Err(ParseError::Header(format!(
                "unexpected '{extra}' after H W L"
            )));
        }
        let (h, w) = (h as usize, w as usize);
        let mut board = Board::empty(h, w).ok_or(ParseError::Side {
            name: "H",
            value: h as i64,
        })?;
        let mut rows = 0;
        for (row, line) in lines.enumerate() {
            if row >= h {
                return Err(ParseError::Rows {
                    rows: row + 1,
                    height: h,
                });
            }
            let tokens: Vec<&str> = line.split_whitespace().collect();
            for (col, text) in tokens.iter().enumerate().take(w) {
                let value: i64 = text.parse().map_err(|_| ParseError::NotInteger {
                    row,
                    col,
                    text: puzzle_search_core::excerpt(text),
                })?;
                if !(0..=i64::from(MAX_COLOURS)).contains(&value) {
                    return Err(ParseError::Colour { row, col, value });
                }
                board.set(row, col, value as u8);
            }
            if tokens.len() != w {
                return Err(ParseError::Ragged {
                    row,
                    values: tokens.len(),
                    width: w,
                });
            }
            rows += 1;
        }
        if rows != h {
            return Err(ParseError::Rows { rows, height: h });
        }
        if let Some((row, col)) = board.floating_box() {
            return Err(ParseError::Floating { row, col });
        }
        if let Some((row, col)) = board.first_run() {
            return Err(ParseError::InitialRun {
                row,
                col,
                colour: board.get(row, col),
            });
        }
        Ok(Level {
            board,
            limit: limit.min(i64::from(u32::MAX)) as u32,
        })
    }
}

impl fmt::Display for Level {
    /// The level format.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}\n{}",
            self.board.height(),
            self.board.width(),
            self.limit,
            self.board
        )
    }
}
