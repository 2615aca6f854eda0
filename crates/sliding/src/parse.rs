//! The judge format, one line at a time: `W H`, then a board per line.

use std::fmt;

use puzzle_search_core::input::excerpt;

use crate::board::{Board, MAX_CELLS};

/// What is wrong with an input line, and where (lines count from 1, tokens
/// from 1). Long tokens are cut and escaped in the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    line: usize,
    kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    MissingSize,
    NotANumber {
        token: usize,
        text: String,
    },
    SizeRange {
        what: &'static str,
        value: String,
    },
    TooManyCells {
        cells: usize,
    },
    ExtraSizeToken,
    Count {
        want: usize,
        got: usize,
    },
    ValueRange {
        token: usize,
        value: String,
        cells: usize,
    },
    Repeated {
        token: usize,
        value: u8,
    },
}

impl ParseError {
    /// The line (from 1) the error is on.
    ///
    /// ```
    /// let err = puzzle_sliding::parse_board("1 2 2 0", 5, 2, 2).unwrap_err();
    /// assert_eq!(err.line(), 5);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            Kind::MissingSize => write!(f, "expected the size `W H`"),
            Kind::NotANumber { token, text } => {
                write!(f, "number {token}: \"{}\" is not a number", excerpt(text))
            }
            Kind::SizeRange { what, value } => {
                write!(
                    f,
                    "{what} = {} is out of range (2 to {MAX_CELLS})",
                    excerpt(value)
                )
            }
            Kind::TooManyCells { cells } => {
                write!(f, "{cells} cells: at most {MAX_CELLS} are supported")
            }
            Kind::ExtraSizeToken => write!(f, "expected only `W H`"),
            Kind::Count { want, got } => write!(f, "expected {want} numbers, found {got}"),
            Kind::ValueRange {
                token,
                value,
                cells,
            } => write!(
                f,
                "number {token}: {} is outside 0..{cells}",
                excerpt(value)
            ),
            Kind::Repeated { token, value } => {
                write!(f, "number {token}: {value} appears twice")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// Parses the size line `W H` (`line` is its number, from 1): both at
/// least 2, at most 25 cells.
///
/// ```
/// assert_eq!(puzzle_sliding::parse_size("4 4", 1), Ok((4, 4)));
/// assert!(puzzle_sliding::parse_size("6 5", 1).is_err());
/// ```
///
/// ```
/// use puzzle_sliding::parse_size;
/// assert_eq!(parse_size("4 4", 1)?, (4, 4));
/// assert!(parse_size("9 9", 1).is_err()); // 81 cells
/// # Ok::<(), puzzle_sliding::ParseError>(())
/// ```
pub fn parse_size(text: &str, line: usize) -> Result<(usize, usize), ParseError> {
    let err = |kind| ParseError { line, kind };
    let mut tokens = text.split_whitespace();
    let mut next = |token: usize, what: &'static str| -> Result<usize, ParseError> {
        let t = tokens.next().ok_or(err(Kind::MissingSize))?;
        if !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err(Kind::NotANumber {
                token,
                text: t.to_owned(),
            }));
        }
        match t.parse::<usize>() {
            Ok(v) if (2..=MAX_CELLS).contains(&v) => Ok(v),
            _ => Err(err(Kind::SizeRange {
                what,
                value: t.to_owned(),
            })),
        }
    };
    let w = next(1, "W")?;
    let h = next(2, "H")?;
    if tokens.next().is_some() {
        return Err(err(Kind::ExtraSizeToken));
    }
    if w * h > MAX_CELLS {
        return Err(err(Kind::TooManyCells { cells: w * h }));
    }
    Ok((w, h))
}

/// Parses one board line of a `width x height` input.
///
/// ```
/// let b = puzzle_sliding::parse_board("1 2 3 0", 2, 2, 2).unwrap();
/// assert_eq!(b.blank(), 3);
/// let e = puzzle_sliding::parse_board("1 2 2 0", 2, 2, 2).unwrap_err();
/// assert_eq!(e.to_string(), "line 2: number 3: 2 appears twice");
/// ```
pub fn parse_board(
    text: &str,
    line: usize,
    width: usize,
    height: usize,
) -> Result<Board, ParseError> {
    let err = |kind| ParseError { line, kind };
    // The size comes from the caller: the same rules as `parse_size`.
    if !(2..=MAX_CELLS).contains(&width) || !(2..=MAX_CELLS).contains(&height) {
        let (what, value) = if (2..=MAX_CELLS).contains(&width) {
            ("H", height)
        } else {
            ("W", width)
        };
        return Err(err(Kind::SizeRange {
            what,
            value: value.to_string(),
        }));
    }
    let cells = width * height;
    if cells > MAX_CELLS {
        return Err(err(Kind::TooManyCells { cells }));
    }
    let mut tiles = Vec::with_capacity(cells);
    let mut seen = 0u32;
    let mut count = 0;
    for (i, t) in text.split_whitespace().enumerate() {
        count += 1;
        if count > cells {
            continue; // counted for the message
        }
        let token = i + 1;
        if !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err(Kind::NotANumber {
                token,
                text: t.to_owned(),
            }));
        }
        let v = match t.parse::<usize>() {
            Ok(v) if v < cells => v as u8,
            _ => {
                return Err(err(Kind::ValueRange {
                    token,
                    value: t.to_owned(),
                    cells,
                }));
            }
        };
        if seen >> v & 1 == 1 {
            return Err(err(Kind::Repeated { token, value: v }));
        }
        seen |= 1 << v;
        tiles.push(v);
    }
    if count != cells {
        return Err(err(Kind::Count {
            want: cells,
            got: count,
        }));
    }
    // The tiles are a permutation and the sides were checked, so this is
    // `Some`; were the board's rules ever stricter, the size is to blame.
    Board::from_tiles(width, height, &tiles).ok_or(err(Kind::TooManyCells { cells }))
}
