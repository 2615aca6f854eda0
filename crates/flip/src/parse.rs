//! The judges' input formats.

use std::error::Error;
use std::fmt;

use crate::grid::Grid;

/// Bad input: where (line from 1, and column from 1 where there is one)
/// and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    line: usize,
    column: Option<usize>,
    what: String,
}

impl ParseError {
    /// The line of the input the error is on, from 1.
    ///
    /// ```
    /// use puzzle_flip::parse_fliptile;
    /// let err = parse_fliptile("2 2\n0 1\n1 5").unwrap_err();
    /// assert_eq!(err.line(), 3);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column (the piece's position in its row, from 1), where the
    /// error has one.
    ///
    /// ```
    /// use puzzle_flip::parse_fliptile;
    /// let err = parse_fliptile("2 2\n0 1\n1 5").unwrap_err();
    /// assert_eq!(err.column(), Some(2));
    /// ```
    pub fn column(&self) -> Option<usize> {
        self.column
    }

    fn new(line: usize, column: Option<usize>, what: impl Into<String>) -> Self {
        Self {
            line,
            column,
            what: what.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {c}: {}", self.line, self.what),
            None => write!(f, "line {}: {}", self.line, self.what),
        }
    }
}

impl Error for ParseError {}

/// `n thing` or `n things`.
fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// The pieces of one line: `b`/`w`/`0`/`1`, spaces between them optional.
fn pieces(line: &str, number: usize) -> Result<Vec<bool>, ParseError> {
    line.chars()
        .filter(|c| !c.is_whitespace())
        .enumerate()
        .map(|(i, ch)| match ch {
            'b' | '1' => Ok(true),
            'w' | '0' => Ok(false),
            other => Err(ParseError::new(
                number,
                Some(i + 1),
                format!("'{}' is not b, w, 0 or 1", other.escape_default()),
            )),
        })
        .collect()
}

/// Rows from the non-empty lines of `s` (the first of them is line
/// `first_line`), all of one length.
pub(crate) fn parse_rows(s: &str, first_line: usize) -> Result<Grid, ParseError> {
    let mut rows: Vec<Vec<bool>> = Vec::new();
    for (i, line) in s.lines().enumerate() {
        let number = first_line + i;
        if line.trim().is_empty() {
            continue;
        }
        let row = pieces(line, number)?;
        if let Some(first) = rows.first() {
            if row.len() != first.len() {
                return Err(ParseError::new(
                    number,
                    None,
                    format!(
                        "{}, but the first row has {}",
                        count(row.len(), "piece"),
                        first.len()
                    ),
                ));
            }
        }
        rows.push(row);
    }
    let cols = rows.first().map_or(0, Vec::len);
    if cols == 0 {
        return Err(ParseError::new(first_line, None, "no rows"));
    }
    let mut grid = Grid::new(rows.len(), cols);
    for (r, row) in rows.iter().enumerate() {
        for (c, &on) in row.iter().enumerate() {
            grid.set(r, c, on);
        }
    }
    Ok(grid)
}

/// Reads Flip Game input (POJ 1753): 4 lines of 4 pieces `b`/`w`.
///
/// # Errors
/// A piece other than `b`/`w`/`0`/`1`, a ragged row, or not 4x4.
///
/// ```
/// use puzzle_flip::parse_flip_game;
/// let board = parse_flip_game("bwwb\nbbwb\nbwwb\nbwww")?;
/// assert_eq!((board.rows(), board.cols()), (4, 4));
/// let err = parse_flip_game("bwwb\nbbxb\nbwwb\nbwww").unwrap_err();
/// assert_eq!((err.line(), err.column()), (2, Some(3)));
/// # Ok::<(), puzzle_flip::ParseError>(())
/// ```
pub fn parse_flip_game(input: &str) -> Result<Grid, ParseError> {
    let grid = parse_rows(input, 1)?;
    if grid.cols() != 4 {
        return Err(ParseError::new(
            1,
            None,
            format!("{} pieces in a row, expected 4", grid.cols()),
        ));
    }
    if grid.rows() != 4 {
        return Err(ParseError::new(
            1,
            None,
            format!("{} rows, expected 4", grid.rows()),
        ));
    }
    Ok(grid)
}

/// Reads Fliptile input (POJ 3279): `M N`, then `M` rows of `N` values
/// `0`/`1` separated by spaces.
///
/// # Errors
/// `M` or `N` missing, zero or not a number; a bad value; a ragged row;
/// not `M` rows of `N`.
///
/// ```
/// use puzzle_flip::parse_fliptile;
/// let board = parse_fliptile("2 3\n1 0 1\n0 0 1")?;
/// assert_eq!((board.rows(), board.cols(), board.count_ones()), (2, 3, 3));
/// assert!(parse_fliptile("2 3\n1 0\n0 0 1").is_err());
/// # Ok::<(), puzzle_flip::ParseError>(())
/// ```
pub fn parse_fliptile(input: &str) -> Result<Grid, ParseError> {
    let mut lines = input.splitn(2, '\n');
    let header = lines.next().unwrap_or("");
    let rest = lines.next().unwrap_or("");
    let mut dims = header.split_whitespace();
    let mut dim = |name: &str, column: usize| -> Result<usize, ParseError> {
        let token = dims
            .next()
            .ok_or_else(|| ParseError::new(1, Some(column), format!("{name} is missing")))?;
        match token.parse::<usize>() {
            Ok(0) => Err(ParseError::new(
                1,
                Some(column),
                format!("{name} must be at least 1"),
            )),
            Ok(v) => Ok(v),
            Err(_) => Err(ParseError::new(
                1,
                Some(column),
                format!(
                    "{name} is not a number: '{}'",
                    puzzle_search_core::input::excerpt(token)
                ),
            )),
        }
    };
    let (m, n) = (dim("M", 1)?, dim("N", 2)?);
    if let Some(extra) = dims.next() {
        return Err(ParseError::new(
            1,
            Some(3),
            format!(
                "unexpected '{}' after M and N",
                puzzle_search_core::input::excerpt(extra)
            ),
        ));
    }
    if rest.trim().is_empty() {
        return Err(ParseError::new(2, None, format!("no rows, expected {m}")));
    }
    let grid = parse_rows(rest, 2)?;
    if grid.cols() != n {
        return Err(ParseError::new(
            2,
            None,
            format!("{} values in a row, expected N = {n}", grid.cols()),
        ));
    }
    if grid.rows() != m {
        return Err(ParseError::new(
            1,
            None,
            format!("{} rows, expected M = {m}", grid.rows()),
        ));
    }
    Ok(grid)
}

impl std::str::FromStr for Grid {
    type Err = ParseError;

    /// One row per non-empty line, pieces as `b`/`w` or `0`/`1`, spaces
    /// between them optional.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_rows(s, 1)
    }
}
