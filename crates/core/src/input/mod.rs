//! What the puzzle crates need to read and to make inputs, apart from
//! the search: [`tokens`] and [`excerpt`] for their parsers' one-line
//! errors, [`SplitMix64`] and [`GenerateError`] for their seeded
//! generators.
//!
//! ```
//! use puzzle_search_core::input::{SplitMix64, excerpt, tokens};
//! let words: Vec<&str> = tokens("1 2\n3").map(|t| t.text).collect();
//! assert_eq!(words, ["1", "2", "3"]);
//! assert_eq!(excerpt("a\tb"), "a\\tb");
//! assert!(SplitMix64::new(1).below(6) < 6);
//! ```

mod excerpt;
mod generate;
mod rng;

pub use excerpt::{Token, excerpt, tokens};
pub use generate::GenerateError;
pub use rng::SplitMix64;
