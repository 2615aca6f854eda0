//! The error of the puzzle crates' seeded generators.

use std::error::Error;
use std::fmt;

/// Why a seeded generator made nothing: a request no board can meet, or
/// nothing of the kind asked for in the tries allowed. Every puzzle
/// crate's generator returns it (`Result<_, GenerateError>`).
///
/// ```
/// use puzzle_search_core::input::GenerateError;
/// let err = GenerateError::bad_request("blocks must be at most 35");
/// assert!(err.is_bad_request());
/// assert_eq!(err.to_string(), "impossible request: blocks must be at most 35");
/// let err = GenerateError::gave_up("no board without a run of three", 10_000);
/// assert!(!err.is_bad_request());
/// assert_eq!(err.to_string(), "no board without a run of three in 10000 tries");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateError(Kind);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    BadRequest(&'static str),
    GaveUp { what: &'static str, tries: u64 },
}

impl GenerateError {
    /// A request no board can meet; `why` names the limits it broke.
    ///
    /// ```
    /// use puzzle_search_core::input::GenerateError;
    /// let err = GenerateError::bad_request("colours must be 1 to 10");
    /// assert!(err.to_string().contains("colours must be 1 to 10"));
    /// ```
    pub fn bad_request(why: &'static str) -> Self {
        Self(Kind::BadRequest(why))
    }

    /// `what` was not found in `tries` tries.
    ///
    /// ```
    /// use puzzle_search_core::input::GenerateError;
    /// let err = GenerateError::gave_up("no level of 6 moves", 500);
    /// assert_eq!(err.to_string(), "no level of 6 moves in 500 tries");
    /// ```
    pub fn gave_up(what: &'static str, tries: u64) -> Self {
        Self(Kind::GaveUp { what, tries })
    }

    /// Whether the request itself was impossible (else the generator gave
    /// up: more tries, or another seed, may succeed).
    ///
    /// ```
    /// use puzzle_search_core::input::GenerateError;
    /// assert!(GenerateError::bad_request("x").is_bad_request());
    /// assert!(!GenerateError::gave_up("x", 1).is_bad_request());
    /// ```
    pub fn is_bad_request(&self) -> bool {
        matches!(self.0, Kind::BadRequest(_))
    }
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Kind::BadRequest(why) => write!(f, "impossible request: {why}"),
            Kind::GaveUp { what, tries } => write!(f, "{what} in {tries} tries"),
        }
    }
}

impl Error for GenerateError {}
