//! What the examples of puzzle-search share (not published; ripgrep keeps
//! its command-line helpers in `grep-cli` the same way):
//!
//! - [`args`]: the judge examples' command line (clap), their input and
//!   their exit codes;
//! - [`output`]: writing to stdout without panicking on a closed pipe or a
//!   full disk;
//! - [`paint`]: board pictures on stderr, coloured only on a terminal;
//! - [`progress`]: progress bars and spinners on stderr, only on a
//!   terminal, and a search progress hook;
//! - [`interrupt`]: Ctrl-C as a cancel flag for the searches;
//! - [`svg`]: solutions as a strip of boards in SVG (`--svg FILE`);
//! - [`mayan`], [`rotation`], [`boxslide`], [`flip`], [`fliptile`]: the
//!   judge programs of those names (`puzzle-search mayan`, ...);
//! - [`sliding`]: the `sliding` program (`puzzle-search sliding`), shared
//!   with `sliding_mpi`;
//! - [`table`]: plain-text tables whose columns fit their widest cell;
//! - [`twisty`]: the `twisty` program (`puzzle-search twisty`);
//! - [`variant`]: the named solver configurations of `--strategy`.

pub mod args;
pub mod boxslide;
pub mod flip;
pub mod fliptile;
pub mod interrupt;
pub mod mayan;
pub mod output;
pub mod paint;
pub mod progress;
pub mod rotation;
pub mod sliding;
pub mod svg;
pub mod table;
pub mod twisty;

use puzzle_search_core::Solver;

/// The configuration `name` of the form `PREFIX` or `PREFIX+OPTION...`
/// with options `memo` (the transposition table, gated at one move left)
/// and `dedup` (duplicate elimination), applied to `base`; `None` when
/// `name` is not of that form.
///
/// ```
/// use puzzle_search_cli::variant;
/// use puzzle_search_core::{Solver, Strategy};
/// let base = Solver::new(Strategy::ida());
/// assert!(variant("ida+memo+dedup", "ida", base.clone()).is_some());
/// assert!(variant("ida+fast", "ida", base.clone()).is_none());
/// assert!(variant("idamemo", "ida", base).is_none());
/// ```
pub fn variant(name: &str, prefix: &str, base: Solver) -> Option<Solver> {
    let rest = name.strip_prefix(prefix)?;
    if !rest.is_empty() && !rest.starts_with('+') {
        return None;
    }
    let mut solver = base;
    for option in rest.split('+').skip(1) {
        solver = match option {
            "memo" => solver.table(true).table_min_left(1),
            "dedup" => solver.dedup(true),
            _ => return None,
        };
    }
    Some(solver)
}
