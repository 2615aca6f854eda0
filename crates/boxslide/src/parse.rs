//! The level format: `H W L`, then `H` rows of `W` colours, top row first.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use crate::board::{Board, MAX_COLOURS, MAX_SIDE};

/// Bad input: one line of text naming what and where. Lines are counted
/// from 1 as editors count them; cells are named as moves name them,
/// `row r, column c` from 0, row 0 at the top.
///
/// ```
/// use puzzle_boxslide::Level;
/// let err = "2 3 1\n0 0 0\n0 x 0".parse::<Level>().unwrap_err();
/// assert_eq!(err.line(), Some(3));
/// assert_eq!(err.to_string(), "line 3: row 1, column 1: 'x' is not an integer");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    kind: Kind,
    line: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Header(String),
    Side {
        name: &'static str,
        value: i64,
    },
    NotInteger {
        row: usize,
        col: usize,
        text: String,
    },
    Colour {
        row: usize,
        col: usize,
        value: i64,
    },
    Ragged {
        row: usize,
        values: usize,
        width: usize,
    },
    Rows {
        rows: usize,
        height: usize,
    },
    Floating {
        row: usize,
        col: usize,
    },
    InitialRun {
        row: usize,
        col: usize,
        colour: u8,
    },
}

impl ParseError {
    fn at(line: usize, kind: Kind) -> Self {
        Self {
            kind,
            line: Some(line),
        }
    }

    fn nowhere(kind: Kind) -> Self {
        Self { kind, line: None }
    }

    /// The line of the input the error is on (from 1), where it has one.
    ///
    /// ```
    /// use puzzle_boxslide::Level;
    /// let err = "2 2 1\n0 0\n\n0 7 7".parse::<Level>().unwrap_err();
    /// assert_eq!(err.line(), Some(4));
    /// ```
    pub fn line(&self) -> Option<usize> {
        self.line
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        match &self.kind {
            Kind::Header(what) => write!(f, "{what}"),
            Kind::Side { name, value } => write!(f, "{name} = {value} must be 1 to {MAX_SIDE}"),
            Kind::NotInteger { row, col, text } => {
                write!(f, "row {row}, column {col}: '{text}' is not an integer")
            }
            Kind::Colour { row, col, value } => write!(
                f,
                "row {row}, column {col}: colour {value} is outside 0..={MAX_COLOURS}"
            ),
            Kind::Ragged { row, values, width } => {
                write!(f, "row {row}: {values} values, expected W = {width}")
            }
            Kind::Rows { rows, height } => write!(f, "{rows} rows, expected H = {height}"),
            Kind::Floating { row, col } => write!(
                f,
                "row {row}, column {col}: the box floats (the cell below is empty)"
            ),
            Kind::InitialRun { row, col, colour } => write!(
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
        // Blank lines are skipped; the others keep their numbers from 1.
        let mut lines = s
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l))
            .filter(|(_, l)| !l.trim().is_empty());
        let (first, header) = lines.next().ok_or(ParseError::nowhere(Kind::Header(
            "the input is empty: expected H W L".into(),
        )))?;
        let bad_header = |what: String| ParseError::at(first, Kind::Header(what));
        let mut fields = header.split_whitespace();
        let mut field = |name: &'static str| -> Result<i64, ParseError> {
            let text = fields
                .next()
                .ok_or_else(|| bad_header(format!("{name} is missing")))?;
            text.parse().map_err(|_| {
                let text = puzzle_search_core::input::excerpt(text);
                bad_header(format!("{name} = '{text}' is not an integer"))
            })
        };
        let (h, w) = (field("H")?, field("W")?);
        let limit = field("the move limit L")?;
        for (name, value) in [("H", h), ("W", w)] {
            if !(1..=MAX_SIDE as i64).contains(&value) {
                return Err(ParseError::at(first, Kind::Side { name, value }));
            }
        }
        if limit < 0 {
            return Err(bad_header(format!(
                "the move limit L = {limit} is negative"
            )));
        }
        if let Some(extra) = fields.next() {
            let extra = puzzle_search_core::input::excerpt(extra);
            return Err(bad_header(format!("unexpected '{extra}' after H W L")));
        }
        let (h, w) = (h as usize, w as usize);
        let side = Kind::Side {
            name: "H",
            value: h as i64,
        };
        let mut board = Board::empty(h, w).ok_or(ParseError::at(first, side))?;
        // The line each row came from, for errors about the whole board.
        let mut row_lines = [first; MAX_SIDE];
        let mut rows = 0;
        for (row, (at, line)) in lines.enumerate() {
            if row >= h {
                let kind = Kind::Rows {
                    rows: row + 1,
                    height: h,
                };
                return Err(ParseError::at(at, kind));
            }
            row_lines[row] = at;
            let mut values = 0;
            for (col, text) in line.split_whitespace().enumerate() {
                values += 1;
                if col >= w {
                    continue;
                }
                let value: i64 = text.parse().map_err(|_| {
                    let text = puzzle_search_core::input::excerpt(text);
                    ParseError::at(at, Kind::NotInteger { row, col, text })
                })?;
                if !(0..=i64::from(MAX_COLOURS)).contains(&value) {
                    return Err(ParseError::at(at, Kind::Colour { row, col, value }));
                }
                board.set(row, col, value as u8);
            }
            if values != w {
                let kind = Kind::Ragged {
                    row,
                    values,
                    width: w,
                };
                return Err(ParseError::at(at, kind));
            }
            rows += 1;
        }
        if rows != h {
            return Err(ParseError::nowhere(Kind::Rows { rows, height: h }));
        }
        if let Some((row, col)) = board.floating_box() {
            return Err(ParseError::at(row_lines[row], Kind::Floating { row, col }));
        }
        if let Some((row, col)) = board.first_run() {
            let colour = board.get(row, col);
            let kind = Kind::InitialRun { row, col, colour };
            return Err(ParseError::at(row_lines[row], kind));
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
