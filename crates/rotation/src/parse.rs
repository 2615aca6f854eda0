//! The judge format: cases of 24 numbers, ended by a `0`.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use puzzle_search_core::input::Token;

use crate::board::{Board, CELLS};

/// Why the input is not valid judge input: one line of text naming the
/// case (from 1) and, where there is one, the line (from 1, as editors
/// count) and the token (from 1, over the whole input).
///
/// ```
/// use puzzle_rotation::parse_cases;
/// let err = parse_cases("1 2\n3 x").unwrap_err();
/// assert_eq!((err.line(), err.token()), (Some(2), Some(4)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    kind: Kind,
    case: usize,
    /// The line and the token, where the error has a place.
    at: Option<(usize, usize)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    NotInteger(String),
    OutOfRange(i64),
    TooMany,
    CutShort { values: usize },
}

impl ParseError {
    fn at(case: usize, token: Token<'_>, kind: Kind) -> Self {
        Self {
            kind,
            case,
            at: Some((token.line, token.number)),
        }
    }

    /// The line of the input the error is on (from 1), where it has one.
    ///
    /// ```
    /// use puzzle_rotation::parse_cases;
    /// assert_eq!(parse_cases("1 1\n\n7").unwrap_err().line(), Some(3));
    /// ```
    pub fn line(&self) -> Option<usize> {
        self.at.map(|(line, _)| line)
    }

    /// The number of the token the error is at (from 1, over the whole
    /// input), where it has one.
    ///
    /// ```
    /// use puzzle_rotation::parse_cases;
    /// assert_eq!(parse_cases("1 1\n\n7").unwrap_err().token(), Some(3));
    /// ```
    pub fn token(&self) -> Option<usize> {
        self.at.map(|(_, token)| token)
    }

    /// The case the error is in, from 1.
    ///
    /// ```
    /// use puzzle_rotation::parse_cases;
    /// let one = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";
    /// assert_eq!(parse_cases(&format!("{one}\n1 x")).unwrap_err().case(), 2);
    /// ```
    pub fn case(&self) -> usize {
        self.case
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "case {}", self.case)?;
        if let Some((line, token)) = self.at {
            write!(f, ", line {line}, token {token}")?;
        }
        match &self.kind {
            Kind::NotInteger(text) => write!(f, ": '{text}' is not an integer"),
            Kind::OutOfRange(value) => write!(f, ": {value} is outside 1..=3"),
            Kind::TooMany => write!(f, ": a board has {CELLS} values, this is one more"),
            Kind::CutShort { values } => write!(
                f,
                ": the input ends after {values} of the case's {CELLS} values"
            ),
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
///     "case 1, line 1, token 3: 'x' is not an integer"
/// );
/// # Ok::<(), puzzle_rotation::ParseError>(())
/// ```
pub fn parse_cases(input: &str) -> Result<Vec<Board>, ParseError> {
    match parse_cases_until(input) {
        (cases, None) => Ok(cases),
        (_, Some(e)) => Err(e),
    }
}

/// The cases before the first error, and that error if there is one: for
/// answering the valid cases of a file before reporting its bad one.
///
/// ```
/// use puzzle_rotation::parse_cases_until;
/// let input = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 2 x\n0";
/// let (cases, error) = parse_cases_until(input);
/// assert_eq!(cases.len(), 1);
/// let error = error.expect("a bad case").to_string();
/// assert_eq!(error, "case 2, line 2, token 27: 'x' is not an integer");
/// ```
pub fn parse_cases_until(input: &str) -> (Vec<Board>, Option<ParseError>) {
    let mut tokens = puzzle_search_core::input::tokens(input);
    let mut cases = Vec::new();
    let error = loop {
        let case = cases.len() + 1;
        let Some(token) = tokens.next() else {
            break None;
        };
        match integer(case, token) {
            Ok(0) => break None,
            Ok(_) => {}
            Err(e) => break Some(e),
        }
        let mut cells = [0u8; CELLS];
        let mut fill = || -> Result<(), ParseError> {
            cells[0] = value(case, token)?;
            for (i, cell) in cells.iter_mut().enumerate().skip(1) {
                let Some(token) = tokens.next() else {
                    return Err(ParseError {
                        kind: Kind::CutShort { values: i },
                        case,
                        at: None,
                    });
                };
                *cell = value(case, token)?;
            }
            Ok(())
        };
        if let Err(e) = fill() {
            break Some(e);
        }
        cases.push(Board::from_valid_cells(&cells));
    };
    (cases, error)
}

/// Parses exactly one board of 24 numbers.
pub(crate) fn parse_board(s: &str) -> Result<Board, ParseError> {
    let mut cells = [0u8; CELLS];
    let mut count = 0;
    for (i, token) in puzzle_search_core::input::tokens(s).enumerate() {
        let v = value(1, token)?;
        match cells.get_mut(i) {
            Some(cell) => *cell = v,
            None => return Err(ParseError::at(1, token, Kind::TooMany)),
        }
        count += 1;
    }
    if count < CELLS {
        return Err(ParseError {
            kind: Kind::CutShort { values: count },
            case: 1,
            at: None,
        });
    }
    Ok(Board::from_valid_cells(&cells))
}

fn integer(case: usize, token: Token<'_>) -> Result<i64, ParseError> {
    token.text.parse().map_err(|_| {
        let text = puzzle_search_core::input::excerpt(token.text);
        ParseError::at(case, token, Kind::NotInteger(text))
    })
}

fn value(case: usize, token: Token<'_>) -> Result<u8, ParseError> {
    let v = integer(case, token)?;
    if (1..=3).contains(&v) {
        Ok(v as u8)
    } else {
        Err(ParseError::at(case, token, Kind::OutOfRange(v)))
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
