//! The judge format: cases of 24 numbers, ended by a `0`.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use crate::board::{Board, CELLS};

/// Why the input is not valid judge input. Each names the case (from 1)
/// and, where there is one, the token (from 1, counted over the input).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A token that is not an integer.
    NotInteger {
        /// The case it belongs to.
        case: usize,
        /// Its position in the input.
        token: usize,
        /// The token.
        text: String,
    },
    /// An integer outside `1..=3` inside a case.
    OutOfRange {
        /// The case it belongs to.
        case: usize,
        /// Its position in the input.
        token: usize,
        /// The value.
        value: i64,
    },
    /// A single board (not judge input) has more than 24 values.
    TooMany {
        /// The first value too many.
        token: usize,
    },
    /// The input ended inside a case.
    CutShort {
        /// The case.
        case: usize,
        /// How many of its 24 values were there.
        values: usize,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::NotInteger { case, token, text } => {
                write!(f, "case {case}, token {token}: '{text}' is not an integer")
            }
            ParseError::OutOfRange { case, token, value } => {
                write!(f, "case {case}, token {token}: {value} is outside 1..=3")
            }
            ParseError::TooMany { token } => {
                write!(
                    f,
                    "token {token}: a board has {CELLS} values, this is one more"
                )
            }
            ParseError::CutShort { case, values } => {
                write!(
                    f,
                    "case {case}: the input ends after {values} of its {CELLS} values"
                )
            }
        }
    }
}

impl Error for ParseError {}

/// Reads judge input: cases of 24 numbers until a lone `0` or the end of
/// the input (after a complete case). What follows the `0` is not read.
///
/// # Errors
/// The first [`ParseError`] in the input.
///
/// ```
/// use puzzle_rotation::parse_cases;
/// let cases = parse_cases("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n")?;
/// assert_eq!(cases.len(), 1);
/// assert_eq!(parse_cases("0").map(|c| c.len()), Ok(0));
/// assert_eq!(
///     parse_cases("1 2 x").unwrap_err().to_string(),
///     "case 1, token 3: 'x' is not an integer"
/// );
/// # Ok::<(), puzzle_rotation::ParseError>(())
/// ```
pub fn parse_cases(input: &str) -> Result<Vec<Board>, ParseError> {
    let mut tokens = input
        .split_whitespace()
        .enumerate()
        .map(|(i, t)| (i + 1, t));
    let mut cases = Vec::new();
    loop {
        let case = cases.len() + 1;
        let Some((token, text)) = tokens.next() else {
            return Ok(cases);
        };
        if integer(case, token, text)? == 0 {
            return Ok(cases);
        }
        let mut cells = [0u8; CELLS];
        cells[0] = value(case, token, text)?;
        for (i, cell) in cells.iter_mut().enumerate().skip(1) {
            let Some((token, text)) = tokens.next() else {
                return Err(ParseError::CutShort { case, values: i });
            };
            *cell = value(case, token, text)?;
        }
        cases.push(Board::from_valid_cells(&cells));
    }
}

/// Parses exactly one board of 24 numbers.
pub(crate) fn parse_board(s: &str) -> Result<Board, ParseError> {
    let mut cells = [0u8; CELLS];
    let mut count = 0;
    for (i, text) in s.split_whitespace().enumerate() {
        let v = value(1, i + 1, text)?;
        if let Some(cell) = cells.get_mut(i) {
            *cell = v;
        }
        count += 1;
    }
    if count < CELLS {
        return Err(ParseError::CutShort {
            case: 1,
            values: count,
        });
    }
    if count > CELLS {
        return Err(ParseError::TooMany { token: CELLS + 1 });
    }
    Ok(Board::from_valid_cells(&cells))
}

fn integer(case: usize, token: usize, text: &str) -> Result<i64, ParseError> {
    text.parse().map_err(|_| ParseError::NotInteger {
        case,
        token,
        text: puzzle_search_core::excerpt(text),
    })
}

fn value(case: usize, token: usize, text: &str) -> Result<u8, ParseError> {
    let v = integer(case, token, text)?;
    if (1..=3).contains(&v) {
        Ok(v as u8)
    } else {
        Err(ParseError::OutOfRange {
            case,
            token,
            value: v,
        })
    }
}

impl FromStr for Board {
    type Err = ParseError;

    /// Parses 24 whitespace-separated numbers in cell order (a judge line,
    /// or the `#` drawing that `Display` prints).
    fn from_str(s: &str) -> Result<Self, ParseError> {
        parse_board(s)
    }
}
