//! Twisty puzzles from twsearch's definition files: God's algorithm (the
//! census of every distance) with the output twsearch prints.
//!
//! ```text
//! cargo run --release --example twisty -- PUZZLE.tws -g [--moves U,F,R] [--max-memory MB] [--stats]
//! cargo run --release --example twisty -- /tmp/peers-ext/twsearch/samples/main/2x2x2.tws -g --moves U,F,R
//! ```
//! `-g` prints one line a distance, `Dist D cnt N tot T` (the states at
//! distance `D` from the solved state, and the total up to it), as
//! `twsearch -g` does (which adds a time). Puzzles whose pieces are all
//! told apart and whose space has at most 2^32 ranks take the dense
//! census (a byte a rank, every layer in parallel); the others a hash set
//! of the states seen, within `--max-memory MB` (default: the memory
//! available). `--moves` picks the moves searched (a move's name takes
//! all its powers). `--stats` prints the puzzle, the moves and the
//! census's statistics on stderr. Ctrl-C stops the census (`interrupted`,
//! exit code 130); bad input is one line on stderr naming the file, line
//! and token, exit code 1.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use puzzle_search_cli::args::{Failure, finish, memory_limit};
use puzzle_search_cli::output::emit;
use puzzle_search_core::{Budget, Ranked, Solver, Strategy};
use puzzle_twisty::{Coordinates, Definition, Moves, Twisty};

/// Twisty puzzles from twsearch definition files.
#[derive(Parser, Debug)]
#[command(name = "twisty", version)]
struct Args {
    /// The puzzle's definition file (twsearch's `.tws` format), or a
    /// built-in puzzle: `2x2x2`, `3x3x3`.
    puzzle: PathBuf,
    /// God's algorithm: the number of states at each distance.
    #[arg(short = 'g', long = "god")]
    god: bool,
    /// The moves to search, by name, comma-separated (default: all).
    #[arg(long, value_delimiter = ',')]
    moves: Vec<String>,
    /// The most memory the census may take, in MB (default: what the
    /// system has available).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..))]
    max_memory: Option<u64>,
    /// Statistics on stderr.
    #[arg(long)]
    stats: bool,
}

fn main() -> ExitCode {
    finish(run(&Args::parse()))
}

fn run(args: &Args) -> Result<(), Failure> {
    let path = args.puzzle.display().to_string();
    // A built-in name (`2x2x2`, `3x3x3`) unless a file of that name exists.
    let text = match Definition::builtin_text(&path) {
        Some(text) if !args.puzzle.exists() => text,
        _ => std::fs::read_to_string(&args.puzzle)
            .map_err(|e| Failure::from(format!("cannot read {path}: {e}")))?,
    };
    let def = Definition::parse(&text).map_err(|e| Failure::from(format!("{path}: {e}")))?;
    let moves = if args.moves.is_empty() {
        Moves::all(&def)
    } else {
        let names: Vec<&str> = args.moves.iter().map(String::as_str).collect();
        Moves::select(&def, &names)
    }
    .map_err(|e| Failure::from(format!("{path}: {e}")))?;
    let puzzle = Twisty::new(def, moves);
    if args.stats {
        eprintln!(
            "{}: {} orbits, {} moves ({}), canonical automaton of {} states",
            puzzle.definition().name(),
            puzzle.definition().orbits().len(),
            puzzle.moves().len(),
            puzzle.moves().names().join(" "),
            puzzle.automaton().states()
        );
    }
    if !args.god {
        return Err(Failure::from("nothing to do: give -g (God's algorithm)"));
    }
    god(args, &puzzle)
}

/// The census, printed as twsearch prints it: on coordinate tables where
/// they fit, else by the puzzle's own rank, else by hash.
fn god(args: &Args, puzzle: &Twisty) -> Result<(), Failure> {
    let memory = memory_limit(args.max_memory);
    let fits = |ranks: u64| ranks <= 1 << 32 && memory.is_none_or(|m| ranks <= m);
    let coords = Coordinates::new(puzzle).filter(|c| fits(c.size()));
    let ranks = puzzle.space_size();
    let (way, dense) = match &coords {
        Some(_) => ("coordinate", true),
        None if fits(ranks) => ("dense", true),
        None => ("hash", false),
    };
    let state_bytes = puzzle.definition().solved().as_slice().len() as u64;
    // A hash census keeps each state with its table's slack: about twice
    // a state's bytes and a word, plus the layer lists.
    let per_state = 2 * (state_bytes.max(48) + 8);
    let mut budget = Budget::default().cancel_flag(puzzle_search_cli::interrupt::ctrl_c_flag());
    let cap = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    budget = match (&coords, dense, memory) {
        // A byte a rank, checked against the memory above.
        (Some(c), _, _) => budget.max_states(cap(c.size())),
        (None, true, _) => budget.max_states(cap(ranks)),
        (None, false, Some(m)) => budget.max_states(cap(m / per_state)),
        (None, false, None) => budget,
    };
    puzzle_search_cli::interrupt::arm();
    let solver = Solver::new(Strategy::bfs()).budget(budget);
    let started = Instant::now();
    let start = puzzle.definition().solved();
    let census = match &coords {
        Some(c) => solver.census_ranked(c, &c.start(start)),
        None if dense => solver.census_ranked(puzzle, start),
        None => solver.census(puzzle, start),
    };
    let mut total = 0u64;
    for (d, &n) in census.layers.iter().enumerate() {
        total += n;
        emit(format_args!("Dist {d} cnt {n} tot {total}"));
    }
    if args.stats {
        eprintln!(
            "{way} census: {} states, radius {:?}, {:.3?} ({})",
            census.states(),
            census.radius(),
            started.elapsed(),
            census.stats
        );
    }
    match census.stopped {
        None => Ok(()),
        Some(limit) if !dense && limit == puzzle_search_core::Limit::States => {
            Err(Failure::from(format!(
                "the census stopped after distance {}: more states than --max-memory holds (about {per_state} bytes a state)",
                census.layers.len().saturating_sub(1)
            )))
        }
        Some(limit) => Err(Failure::stopped(limit)),
    }
}
