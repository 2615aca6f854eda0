//! The `twisty` program (`puzzle-search twisty`, and the `twisty`
//! example): twisty puzzles from twsearch's definition files: God's algorithm (the
//! census of every distance) with the output twsearch prints, and optimal
//! solves of scramble files.
//!
//! ```text
//! puzzle-search twisty PUZZLE.tws|2x2x2|3x3x3 [-g] [--scrambles FILE.scr|-]
//!     [--scramblealg "R U R' U'"]
//!     [--random N [--seed S]] [--moves U,F,R] [-q] [--table-states N] [--views N] [--no-reduce]
//!     [--any] [--no-inverse] [--table-bits 2|4] [--max-time SECS] [-M|--max-memory MB] [-t|--threads N] [--cache DIR]
//!     [--stats] [--progress]
//! puzzle-search twisty /tmp/peers-ext/twsearch/samples/main/2x2x2.tws -g --moves U,F,R
//! puzzle-search twisty 3x3x3 --random 3 --stats -t 2 -M 2048
//! ```
//! `--random N` solves N random positions (`random-1`, ...): uniform over
//! the whole group for the built-in cubes, by walks of 1000 random moves
//! elsewhere (said on stderr). The tables are indexed by symmetry class
//! where the puzzle's symmetries (rotations and mirror images) keep a
//! group of pieces (`--no-reduce`: groups of consecutive pieces), each
//! read at up to `--views N` conjugates of the position (default 3): the
//! 3x3x3 gets its corners by 48 symmetries and two projections' tables
//! (H48's coordinate and all edges' turns: 202 MB at two bits an entry,
//! built once in about 2.5 minutes on 2 cores, 1 GB at the peak; with
//! two projections no table over a part of an orbit); where `-M` holds
//! its build (`-M 3000`: 2.9 GB at the peak, about 14 minutes; `-M 7000`
//! about 8) or it is cached, one
//! projection keeping one slice's turns in their place (1.44 GB in all);
//! or with
//! `--projection-states 536870912` one projection and its edges eight at
//! a time by 16 (117 MB, about a minute), or with `--table-states
//! 134217728` seven at a time by 4 (about 20 s); `--no-reduce --views 1 --table-states 134217728` gives
//! Korf's tables (87 MB). `--max-time SECS` stops a position's search after that
//! long: its line says `stopped` and how many moves it ruled out, and the
//! next position is solved (exit code 1 at the end).
//! `--scrambles FILE` (`-`: stdin) solves each scramble optimally (IDA* in place on
//! every thread, with pattern databases over groups of each orbit's
//! pieces (over its labels where pieces look alike or turns are `?`), at most `--table-states N` entries each, read at the position
//! and its inverse unless `--no-inverse`: `OrbitBound`, built once into
//! the cache directory: `--cache`, else `$XDG_CACHE_HOME/puzzle-search`,
//! else `~/.cache/puzzle-search`, within `--max-memory MB`: 2048 by
//! default, or what is available if less; where the tables would pass
//! it, smaller ones are chosen and a `note:` line on stderr says so),
//! replays the
//! answer, and prints `NAME LENGTH MOVES` a line, the moves in twsearch's notation, the lexicographically
//! smallest optimal answer in the definition's move order. Threads:
//! `RAYON_NUM_THREADS`.
//! `-g` prints one line a distance, `Dist D cnt N tot T` (the states at
//! distance `D` from the solved state, and the total up to it), as
//! `twsearch -g` does (which adds a time). Puzzles whose pieces are all
//! told apart and whose space has at most 2^32 ranks take the dense
//! census (a byte a rank, every layer in parallel); coordinates over the
//! reachable values two bits a rank; where the ranks are too many for the
//! memory, sorted layers of ranks (8 bytes a state held, twice that for
//! the layer being sorted); the
//! others a hash set of the states seen (each layer's look-ups on every
//! thread), within `--max-memory MB` (default: the memory available;
//! `--census-path` forces one). `--progress` shows
//! each layer's distance and size as it completes. `--moves` picks the moves searched (a move's name takes
//! all its powers). `--stats` prints the puzzle, the moves and the
//! census's statistics on stderr. Ctrl-C stops the census (`interrupted`,
//! exit code 130); bad input is one line on stderr naming the file, line
//! and token, exit code 1.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use crate::args::{Failure, finish, memory_limit, prepare};
use crate::output::emit;
use clap::{Parser, ValueEnum};
use puzzle_search_core::{
    Budget, Limit, MakeUnmake, Outcome, Phase, Puzzle, Solver, Strategy, input::SplitMix64, replay,
};
use puzzle_twisty::{
    CensusPath as Path, CensusPlan, Definition, Draw, Moves, OrbitBound, Position, TableOptions,
    Twisty, parse_scrambles, random_position,
};

/// Twisty puzzles from twsearch definition files.
#[derive(Parser, Debug)]
#[command(name = "twisty", version)]
pub struct Args {
    /// The puzzle's definition file (twsearch's `.tws` format), or a
    /// built-in puzzle: `2x2x2`, `3x3x3`.
    puzzle: PathBuf,
    /// God's algorithm: the number of states at each distance.
    #[arg(short = 'g', long = "god")]
    god: bool,
    /// The moves to search, by name, comma-separated (default: all).
    #[arg(long, value_delimiter = ',')]
    moves: Vec<String>,
    /// The quarter-turn metric, as twsearch's `-q`: only the moves that
    /// turn once either way are searched (`U`, `U'`), so lengths and
    /// census distances count quarter turns (`U2` is `U U`).
    #[arg(short = 'q', long = "quarter")]
    quarter: bool,
    /// The most memory the census or the tables may take, in MB (`-M`,
    /// as twsearch). The census's default: what the system has
    /// available. The tables' default: 2048 MB (or what is available,
    /// if less); tables that would pass the cap (their builds' peaks
    /// with the tables held) are chosen smaller: the projection's table
    /// left out first, then each table's `--table-states` halved (said
    /// on stderr). Larger tables on request: a larger `-M` with a larger
    /// `--table-states`.
    #[arg(short = 'M', long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..))]
    max_memory: Option<u64>,
    /// Threads for the census, the table builds and the searches
    /// (default: one a core, or `RAYON_NUM_THREADS`; `-t`, as twsearch).
    #[arg(short = 't', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Solve each scramble of this file (twsearch's `.scr` format)
    /// optimally: one line each, `NAME LENGTH MOVES`; `-` reads them from
    /// stdin.
    #[arg(long, value_name = "FILE")]
    scrambles: Option<PathBuf>,
    /// Solve the position these moves reach from solved (twsearch's
    /// `--scramblealg`, e.g. "R U R' U'"), named `scramblealg`. Moves as
    /// cubers write them, here and in scramble files: powers (`R3`,
    /// `R2'`), groups (`(R U)2`, `(R U)'`), rotations (`x y z`: the moves
    /// after one named as the puzzle is then held) and wide turns (`Rw`,
    /// `r`, `3Rw` where the definition has the inner layers).
    #[arg(long, value_name = "MOVES")]
    scramblealg: Option<String>,
    /// The directory pattern databases are kept in.
    #[arg(long)]
    cache: Option<PathBuf>,
    /// Statistics on stderr.
    #[arg(long)]
    stats: bool,
    /// The census's path (`-g`): `class` (by symmetry class under the
    /// rotations and mirror images: one moving orbit's placements by
    /// class, the other moving orbits by their coordinates, two bits
    /// an index; taken by `auto` where its
    /// indices are at most a quarter of the coordinates' ranks and, past
    /// 64 MB, its bytes at most theirs), `coordinate` (move tables over the values
    /// the moves reach, two bits a rank), `dense` (the positions' own rank,
    /// a byte or two bits a rank), `sorted` (each layer a sorted array of
    /// ranks, the coordinates' or the positions': eight bytes a state,
    /// for ranks too many for two bits each), `hash` (a hash set of the
    /// positions, about 58 bytes a state); `auto` takes the first that
    /// fits the memory cap, in that order. A forced path that cannot take
    /// the puzzle is an error that says why.
    #[arg(long, value_enum, default_value_t = CensusPath::Auto)]
    census_path: CensusPath,
    /// A spinner on stderr: the census's layers as they complete (distance
    /// and size), each search's depth, nodes and rate.
    #[arg(long)]
    progress: bool,
    /// The most coordinates one pattern database may have: a larger
    /// orbit is split into groups of pieces that fit. Where the whole
    /// puzzle's coordinates fit (and two orbits or more move), one exact
    /// table over them is built instead (the Skewb: 340,122,240 ranks,
    /// 170 MB); a smaller N keeps the orbits' tables.
    #[arg(long, value_name = "N", default_value_t = puzzle_twisty::MAX_TABLE,
          value_parser = clap::value_parser!(u64).range(2..))]
    table_states: u64,
    /// Print any optimal answer, not the lexicographically smallest:
    /// the first one a thread finds ends the search, as H48 and twsearch
    /// stop (the length is the same; which answer depends on the timing,
    /// and on one thread it is still the smallest).
    #[arg(long)]
    any: bool,
    /// Read the tables at the position only, not at its inverse too.
    #[arg(long)]
    no_inverse: bool,
    /// Bits an entry of each table over a group of pieces of more than
    /// 2^24 keys: 2 (the default) packs it into lines of 120 entries,
    /// each read as a lower bound (the line's least, two values of the
    /// line's own, or a floor over them): about half the memory (the
    /// 3x3x3's tables 161 -> 86 MB) for 0.2% more nodes there; 4 keeps
    /// the full tables. Both are cached.
    #[arg(long, value_name = "2|4", default_value_t = 2,
          value_parser = parse_bits)]
    table_bits: u8,
    /// The most indices of a projection's table: of the choices of the
    /// turns kept, the two of the most indices within it are built. By
    /// default 2^33, taken where `-M` holds the build (or the table is
    /// cached), else 2^30: the 3x3x3's edges by slice with one slice's
    /// turns and corners with theirs (5,389,227,270 indices, 1.44 GB
    /// packed, built once on 2 cores in about 14 minutes with a 2.9 GB
    /// peak, `-M 3000` the first time, or in about 8 with `-M 7000`),
    /// else all edges' turns
    /// (638,668,800 indices, 170 MB packed, built once in about 150 s)
    /// and H48's coordinate (117,567,450). With two, no table over a
    /// part of an orbit is built (the cube's eight-edge table: measured
    /// slower beside them).
    #[arg(long, value_name = "N", default_value_t = puzzle_twisty::PROJECT_TO_BY_MEMORY,
          value_parser = clap::value_parser!(u64).range(1..))]
    projection_states: u64,
    /// Build no table over the projection of several orbits (each
    /// orbit's pieces relabelled by the blocks of places the moves'
    /// squares keep: the 3x3x3's corners by tetrad with their turns and
    /// edges by slice, H48's coordinate, 117,567,450 indices by class
    /// under its 48 symmetries).
    #[arg(long)]
    no_projection: bool,
    /// Read each table over a group of pieces at up to N conjugates of
    /// the position by the puzzle's symmetries (its rotations), the
    /// position among them: 1 reads the position alone.
    #[arg(long, value_name = "N", default_value_t = puzzle_twisty::DEFAULT_VIEWS as u64,
          value_parser = clap::value_parser!(u64).range(1..=puzzle_twisty::MAX_VIEWS as u64))]
    views: u64,
    /// Index tables by symmetry class where the puzzle's symmetries keep
    /// a group of pieces (the default: the 3x3x3's edges eight at a
    /// time by 16 symmetries).
    #[arg(long, conflicts_with = "no_reduce")]
    reduce: bool,
    /// Split every orbit into groups of consecutive pieces instead (Korf's
    /// tables for the 3x3x3, with `--views 1 --table-states 134217728`).
    #[arg(long)]
    no_reduce: bool,
    /// Solve N random positions optimally (`random-1`, ...): uniform over
    /// the whole group for the built-in cubes, else by long random walks
    /// (said on stderr).
    #[arg(long, value_name = "N")]
    random: Option<usize>,
    /// The seed of `--random`.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Stop each position's search after this many seconds: its line
    /// then says `stopped` with the depth ruled out, and the next
    /// position is solved (exit code 1 at the end).
    #[arg(long, value_name = "SECS", value_parser = parse_secs)]
    max_time: Option<std::time::Duration>,
}

/// The census's paths (`--census-path`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum CensusPath {
    /// The first of the others that fits.
    Auto,
    /// By symmetry class: one moving orbit's placements by class under
    /// the rotations and mirror images, the other moving orbits by their
    /// coordinates, two bits an index.
    Class,
    /// Move tables on coordinates over the values the moves reach.
    Coordinate,
    /// The positions' own rank.
    Dense,
    /// Sorted layers of ranks (the coordinates', else the positions'
    /// own): eight bytes a state held, for spaces whose ranks are too
    /// many for two bits each.
    Sorted,
    /// A hash set of the positions.
    Hash,
}

/// `--table-bits`: 2 or 4.
fn parse_bits(s: &str) -> Result<u8, String> {
    match s {
        "2" => Ok(2),
        "4" => Ok(4),
        _ => Err(format!("`{s}`: 2 or 4")),
    }
}

/// A positive number of seconds.
fn parse_secs(s: &str) -> Result<std::time::Duration, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() && x < 1e9 => Ok(std::time::Duration::from_secs_f64(x)),
        // Said as it is: a number too large, not "not a number".
        Ok(x) if x >= 1e9 => Err(format!(
            "`{s}` seconds: at most 999999999 (about 31 years; leave --max-time out for no limit)"
        )),
        _ => Err(format!("`{s}` is not a positive number of seconds")),
    }
}

/// Runs the program on `args`: answers on stdout, errors on stderr, the
/// exit code.
pub fn main(args: &Args) -> ExitCode {
    finish(run(args))
}

fn run(args: &Args) -> Result<(), Failure> {
    if let Some(n) = args.threads {
        set_threads(n as usize)?;
    }
    let path = args.puzzle.display().to_string();
    // A built-in name (`2x2x2`, `3x3x3`) unless a file of that name exists.
    let text = match Definition::builtin_text(&path) {
        Some(text) if !args.puzzle.exists() => text,
        _ => crate::args::read_input(Some(&args.puzzle)).map_err(Failure::from)?,
    };
    let def = Definition::parse(&text).map_err(|e| Failure::from(format!("{path}: {e}")))?;
    let moves = if args.moves.is_empty() {
        Moves::all(&def)
    } else {
        // `--moves "U, R"`: the spaces after the commas are not names.
        let names: Vec<&str> = args
            .moves
            .iter()
            .map(|m| m.trim())
            .filter(|m| !m.is_empty())
            .collect();
        Moves::select(&def, &names)
    }
    .map_err(|e| Failure::from(format!("{path}: {e}")))?;
    // Scrambles are read with every move chosen (`U2` in a scramble
    // under `-q` is still `U2`), searched with the quarter turns.
    let scramble_moves = moves.clone();
    let moves = if args.quarter {
        moves.quarter(&def).map_err(|e| {
            Failure::from(format!(
                "{path}: -q keeps only moves that turn once either way: {e}"
            ))
        })?
    } else {
        moves
    };
    let puzzle = Twisty::new(def, moves);
    if args.stats {
        crate::say!(
            "{}: {} orbits, {} moves ({}), canonical automaton of {} states",
            puzzle.definition().name(),
            puzzle.definition().orbits().len(),
            puzzle.moves().len(),
            puzzle.moves().names().join(" "),
            puzzle.automaton().states()
        );
    }
    if args.god {
        god(args, &puzzle)?;
    }
    let mut positions = Vec::new();
    let mut from = path.clone();
    if let Some(file) = &args.scrambles {
        from = file.display().to_string();
        // At most 64 MiB in lines of at most 1 MiB (`args::read_input`).
        let text = if from == "-" {
            from = "stdin".to_string();
            crate::args::read_input(None::<&str>)
        } else {
            crate::args::read_input(Some(file))
        }
        .map_err(Failure::from)?;
        let scrambles = parse_scrambles(&text, puzzle.definition(), &scramble_moves)
            .map_err(|e| Failure::from(format!("{from}: {e}")))?;
        for s in scrambles {
            positions.push((s.position(puzzle.definition(), &scramble_moves), s.name));
        }
    }
    if let Some(alg) = &args.scramblealg {
        // One line of moves, read as a scramble file's `ScrambleAlg`.
        if alg.contains(['\n', '\r']) {
            return Err(Failure::from("--scramblealg: one line of moves"));
        }
        from = "--scramblealg".to_string();
        let text = format!("ScrambleAlg scramblealg\n{alg}\nEnd\n");
        let scrambles =
            parse_scrambles(&text, puzzle.definition(), &scramble_moves).map_err(|e| {
                // The alg is the text's second line: its number says nothing.
                let e = e.to_string();
                Failure::from(format!(
                    "--scramblealg: {}",
                    e.trim_start_matches("line 2: ")
                ))
            })?;
        for s in scrambles {
            positions.push((s.position(puzzle.definition(), &scramble_moves), s.name));
        }
    }
    if let Some(n) = args.random {
        let mut rng = SplitMix64::new(args.seed);
        for i in 1..=n {
            let (p, how) = random_position(puzzle.definition(), puzzle.moves(), &mut rng);
            if let (Draw::Walk(moves), 1) = (how, i) {
                crate::say!(
                    "random positions by {moves} random moves each (a uniform draw is known for the built-in cubes with all their moves only)"
                );
            }
            positions.push((p, format!("random-{i}")));
        }
    }
    if args.scrambles.is_some() || args.scramblealg.is_some() || args.random.is_some() {
        solve(args, puzzle, &from, &positions)?;
    } else if !args.god {
        return Err(Failure::from(
            "nothing to do: give -g (God's algorithm), --scrambles FILE, --scramblealg MOVES or --random N",
        ));
    }
    Ok(())
}

/// The tables' memory cap when `-M` is not given (2 GB): the tables are
/// chosen by memory, the default set within it.
const TABLE_MEMORY: u64 = 2 << 30;

/// Each position solved optimally (IDA* with the orbits' tables), its
/// answer replayed before it is printed; `name` says where errors are.
fn solve(
    args: &Args,
    puzzle: Twisty,
    name: &str,
    positions: &[(Position, String)],
) -> Result<(), Failure> {
    // A state outside what the moves reach (a twisted corner, a flipped
    // edge, an odd parity, a piece the moves never bring there) is
    // answered at once; where every one is, no table is built.
    let broken: Vec<Option<String>> = positions
        .iter()
        .map(|(p, _)| puzzle.check_invariants(p).err().map(|e| e.to_string()))
        .collect();
    if broken.iter().all(Option::is_some) {
        for ((_, s), why) in positions.iter().zip(&broken) {
            emit(format_args!(
                "{s} unsolvable: {}",
                why.as_deref().unwrap_or("")
            ));
        }
        return Ok(());
    }
    let mut budget = Budget::default().cancel_flag(crate::interrupt::ctrl_c_flag());
    // The tables' memory: `-M`, else 2 GB (or what is available, if
    // less); tables that would pass it are chosen smaller.
    let cap = match args.max_memory {
        Some(_) => memory_limit(args.max_memory),
        None => Some(memory_limit(None).map_or(TABLE_MEMORY, |m| m.min(TABLE_MEMORY))),
    };
    if let Some(m) = cap {
        budget = budget.max_memory(m);
    }
    let cache = crate::args::cache_dir(args.cache.as_deref());
    // A `--cache` that names a file: said so, where the tables' saves
    // would each fail with "File exists".
    if let Some(dir) = cache.as_deref().filter(|d| d.exists() && !d.is_dir()) {
        return Err(Failure::from(format!(
            "--cache {}: a file, not a directory",
            dir.display()
        )));
    }
    let started = Instant::now();
    crate::interrupt::arm();
    let options = TableOptions {
        max_states: args.table_states,
        inverse: !args.no_inverse,
        views: args.views as usize,
        // `--reduce` and `--no-reduce` are refused together (clap).
        reduce: args.reduce || !args.no_reduce,
        pack_above: (args.table_bits == 2).then_some(puzzle_twisty::PACK_ABOVE),
        project_from: (!args.no_projection).then_some(puzzle_twisty::PROJECT_FROM),
        project_to: args.projection_states,
    };
    // A build is said once, as it starts; `--progress` shows each
    // build's distance and time left.
    let tables = args.progress.then(|| crate::progress::spinner("tables"));
    let told = crate::progress::build_hook(cache.as_deref(), tables.clone());
    let progress: Option<&(dyn Fn(puzzle_search_core::pdb::BuildProgress) + Sync)> = Some(&told);
    let (bound, used) = OrbitBound::build_fitting(
        puzzle.definition(),
        puzzle.moves(),
        options,
        &budget,
        cache.as_deref(),
        progress,
    )
    .map_err(|e| {
        // A memory stop names the flag that changes it.
        let hint = if e.over_memory().is_some() {
            " (raise -M MB)"
        } else {
            ""
        };
        Failure::from(format!("{name}: {e}{hint}"))
    })?;
    let larger_left = used.project_to < options.project_to;
    if used
        == (TableOptions {
            project_to: used.project_to,
            ..options
        })
    {
        // Only the projections beyond the default's left out: said with
        // `--stats` (a default run without the larger one cached).
        if larger_left && args.stats {
            crate::say!(
                "tables: projections of at most {} indices; a larger one's build does not fit -M {} MB (built once with a larger -M, it is read from the cache within this one)",
                used.project_to,
                cap.unwrap_or(0) >> 20
            );
        }
    } else {
        // Smaller tables than asked for: slower searches, so said.
        crate::say!(
            "note: the tables fit within {} MB with at most {} coordinates a table{} (raise -M MB for larger ones)",
            cap.unwrap_or(0) >> 20,
            used.max_states,
            if used.project_from.is_none() && options.project_from.is_some() {
                " and no table over the projection"
            } else {
                ""
            }
        );
    }
    // With --stats, each table read's cut rate is printed a position.
    let bound = bound.count_reads(args.stats);
    if let Some(bar) = &tables {
        bar.finish_and_clear();
    }
    for e in bound.save_errors() {
        // The tables are whole: a file not saved only slows next time's
        // start; one refused was built again.
        crate::say!("warning: table cache: {e}");
    }
    for e in bound.class_errors() {
        crate::say!("warning: a table's placement classes or step tables were not cached: {e}");
    }
    if args.stats {
        let bytes: usize = bound.tables().iter().map(|t| t.bytes()).sum();
        crate::say!(
            "tables ready: {} ({} bytes; {}; {} symmetries ({} mirror images), views {:?}) in {:.3?}",
            bound.tables().len(),
            bytes,
            if bound.reads_inverse() {
                "read at the position and its inverse"
            } else {
                "read at the position"
            },
            bound.symmetries().len(),
            (0..bound.symmetries().len())
                .filter(|&i| bound.symmetries().is_mirror(i))
                .count(),
            bound.views(),
            started.elapsed()
        );
        // Each table loaded or built, with its size and time.
        for t in bound.report().tables() {
            crate::say!("  {t}");
        }
    }
    let exact = bound.exact();
    let puzzle = puzzle.with_bound(bound);
    let (solver, _) = prepare(
        // Every position here is made by the moves searched (scrambles
        // are read with the moves chosen, and `-q`'s quarter turns make
        // the same group; random positions are walks of them, or uniform
        // over the built-in cubes' group of all their moves): solved is
        // reachable, so the reachability check (a BFS of 16K states, each
        // bound read in the large tables) is skipped.
        &Solver::new(Strategy::ida())
            .parallel(true)
            .any_shortest(args.any)
            .goal_reachable(true),
        false,
    );
    let spinner = args.progress.then(|| crate::progress::spinner("searching"));
    // The deepest IDA* pass finished (no answer of that many moves or
    // fewer), for a position stopped by `--max-time`; and the spinner.
    let ruled_out = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
    let show = spinner.clone().map(crate::progress::search_hook);
    let seen = std::sync::Arc::clone(&ruled_out);
    let solver = solver.on_progress(move |p| {
        if p.phase == Phase::Iteration {
            seen.fetch_max(p.depth, std::sync::atomic::Ordering::Relaxed);
        }
        if let Some(show) = &show {
            show(p);
        }
    });
    let mut stopped = 0usize;
    for ((start, s), why) in positions.iter().zip(&broken) {
        if let Some(why) = why {
            emit(format_args!("{s} unsolvable: {why}"));
            continue;
        }
        ruled_out.store(0, std::sync::atomic::Ordering::Relaxed);
        let solver = match args.max_time {
            Some(limit) => solver.budget(
                Budget::default()
                    .cancel_flag(crate::interrupt::ctrl_c_flag())
                    .time_limit(limit),
            ),
            None => solver.clone(),
        };
        // One table over the whole puzzle is the distance: IDA*'s first
        // pass finds the answer, and a finite entry proves solved
        // reachable, so the depth limit skips the reachability check
        // (a breadth-first search of 16K states a position before the
        // first pass: most of the Skewb's ten solves).
        let solver = match puzzle.bound().map(|b| b.lower(start)) {
            Some(d) if exact && d != u32::MAX => {
                solver.with_strategy(Strategy::IdaStar { max_depth: d })
            }
            _ => solver,
        };
        let report = solver.solve(MakeUnmake(&puzzle), start);
        if let Some(sp) = &spinner {
            sp.finish_and_clear();
        }
        match report.outcome {
            Outcome::Solved(moves) => {
                let end = replay(&puzzle, start, &moves)
                    .map_err(|e| Failure::from(format!("{s}: the answer does not replay: {e}")))?;
                if !puzzle.is_goal(&end) {
                    return Err(Failure::from(format!("{s}: the answer does not solve it")));
                }
                // The answer as printed must read back as these moves (a
                // definition's names are checked so that it does).
                let spelled = puzzle.spell(&moves);
                if puzzle.read_moves(&spelled).ok().as_deref() != Some(&moves[..]) {
                    return Err(Failure::from(format!(
                        "{s}: the answer `{spelled}` does not read back as the moves found"
                    )));
                }
                emit(format_args!("{} {} {}", s, moves.len(), spelled));
            }
            Outcome::NoSolution => emit(format_args!("{s} unsolvable")),
            Outcome::Stopped(Limit::Time) if args.max_time.is_some() => {
                stopped += 1;
                emit(format_args!(
                    "{s} stopped after {:.1} s: no answer of {} moves or fewer",
                    report.stats.elapsed.as_secs_f64(),
                    ruled_out.load(std::sync::atomic::Ordering::Relaxed)
                ));
            }
            Outcome::Stopped(limit) => return Err(Failure::stopped(limit)),
            _ => return Err(Failure::from(format!("{s}: no answer"))),
        }
        if args.stats {
            let secs = report.stats.elapsed.as_secs_f64();
            crate::say!(
                "{}: {}, {:.0} nodes/s",
                s,
                report.stats,
                report.stats.expanded as f64 / secs.max(1e-9)
            );
            for reads in puzzle.bound().map(|b| b.take_reads()).unwrap_or_default() {
                crate::say!("  {reads}");
            }
        }
    }
    // Blocks of a cached table damaged since it was checked whole: read
    // as 0 (the answers stay optimal), said once the searches are done.
    for t in puzzle.bound().map(|b| b.tables()).unwrap_or_default() {
        for e in t.block_errors() {
            crate::say!("warning: table cache: {e}");
        }
    }
    if stopped > 0 {
        return Err(Failure::from(format!(
            "{stopped} of {} positions stopped by --max-time",
            positions.len()
        )));
    }
    Ok(())
}

/// God's algorithm by the library's plan ([`CensusPlan`]): the path, its
/// size and memory said up front, each layer printed and flushed as it
/// finishes (a census stopped by a timeout or a signal has printed every
/// layer it finished).
fn god(args: &Args, puzzle: &Twisty) -> Result<(), Failure> {
    let memory = memory_limit(args.max_memory);
    let request = match args.census_path {
        CensusPath::Auto => None,
        CensusPath::Class => Some(Path::Class),
        CensusPath::Coordinate => Some(Path::Coordinate),
        CensusPath::Dense => Some(Path::Dense),
        CensusPath::Sorted => Some(Path::Sorted),
        CensusPath::Hash => Some(Path::Hash),
    };
    let plan = CensusPlan::new(puzzle, request, memory).map_err(|e| {
        let why = e.reason();
        let raise = if why.contains("past the cap") {
            " (-M MB)"
        } else {
            ""
        };
        Failure::from(format!("--census-path {}: {why}{raise}", e.path().name()))
    })?;
    let name = puzzle.definition().name();
    let unturned = puzzle.unturned_orbits();
    if args.stats && !unturned.is_empty() && plan.path() != Path::Class {
        let names: Vec<&str> = unturned
            .iter()
            .map(|&k| puzzle.definition().orbits()[k].name.as_str())
            .collect();
        crate::say!(
            "orientations no move changes, ranked as one: {}",
            names.join(", ")
        );
    }
    crate::say!("{name}: {}", plan.describe());
    if let Some(note) = plan.note(puzzle) {
        crate::say!("note: {note} (raise -M MB)");
    }
    let budget = Budget::default().cancel_flag(crate::interrupt::ctrl_c_flag());
    crate::interrupt::arm();
    let cache = crate::args::cache_dir(args.cache.as_deref());
    let spinner = args.progress.then(|| crate::progress::spinner("census"));
    let mut total = 0u64;
    let started = Instant::now();
    let run = plan.run(puzzle, &budget, cache.as_deref(), &mut |d, n| {
        total += n;
        if let Some(bar) = &spinner {
            bar.set_message(format!(
                "census: distance {d} done, {n} states there, {total} in all"
            ));
            bar.suspend(|| emit(format_args!("Dist {d} cnt {n} tot {total}")));
        } else {
            emit(format_args!("Dist {d} cnt {n} tot {total}"));
        }
    });
    if let Some(bar) = &spinner {
        bar.finish_and_clear();
    }
    if args.stats {
        let way = plan.path().name();
        match &run.stats {
            Some(stats) => crate::say!(
                "{way} census: {total} states, radius {}, {:.3?} ({stats})",
                run.layers.len().saturating_sub(1),
                started.elapsed()
            ),
            None => crate::say!(
                "{way} census: {total} states, radius {}, {:.3?}",
                run.layers.len().saturating_sub(1),
                started.elapsed()
            ),
        }
    }
    if let Some(e) = run.error {
        return Err(Failure::from(format!(
            "{name}: census by {}: {e}",
            plan.path().name()
        )));
    }
    match run.stopped {
        None => Ok(()),
        Some(puzzle_search_core::Limit::States) if plan.bytes().is_none() => {
            Err(Failure::from(format!(
                "the census stopped after distance {}: more states than {} bytes hold ({}; the cap: --max-memory, else the memory available, `ulimit -v` or the cgroup's limit)",
                run.layers.len().saturating_sub(1),
                memory.unwrap_or(0),
                if plan.path() == Path::Sorted {
                    "8 bytes a state held, twice that for the layer being sorted".to_string()
                } else {
                    format!("about {} bytes a state", plan.per_state())
                }
            )))
        }
        Some(limit) => Err(Failure::stopped(limit)),
    }
}

/// Sizes the global thread pool every parallel step runs on (`-t N`).
/// Where `N` is the size rayon would give it anyway (one a core, neither
/// `RAYON_NUM_THREADS` nor `RAYON_RS_NUM_CPUS` set), the pool is left to
/// start when first used, so a run that never spreads work starts no
/// thread (`pyramorphix -g -t 2`: 1.7-1.9 ms -> 1.4 ms a whole process,
/// `perf stat -r 80`).
#[cfg(feature = "parallel")]
fn set_threads(n: usize) -> Result<(), Failure> {
    let default = std::thread::available_parallelism().map_or(1, |c| c.get());
    let told = ["RAYON_NUM_THREADS", "RAYON_RS_NUM_CPUS"]
        .iter()
        .any(|v| std::env::var_os(v).is_some());
    if !told && n == default {
        return Ok(());
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build_global()
        .map_err(|e| Failure::from(format!("-t {n}: {e}")))
}

/// Without the `parallel` feature everything runs on one thread: `-t` is
/// accepted and changes nothing.
#[cfg(not(feature = "parallel"))]
fn set_threads(_: usize) -> Result<(), Failure> {
    Ok(())
}
