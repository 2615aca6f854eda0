//! Command-line handling shared by the judge-format examples:
//! `[FILE|-] [--strategy NAME] [--show] [--stats]` (clap: `--help`,
//! `--version`), input from FILE or stdin.

use std::process::ExitCode;

use indicatif::ProgressBar;
use puzzle_search_core::{Budget, Limit, Solver};

/// The parsed command line (clap derive; the strategy names and the
/// program's name and summary are set per example by [`parse_args`]).
#[derive(Clone, Debug, clap::Parser)]
pub struct Args {
    /// The input file; `-` or nothing for stdin.
    #[arg(value_name = "FILE")]
    pub path: Option<String>,
    /// Run this configuration instead of the default.
    #[arg(long, visible_alias = "solver", value_name = "NAME")]
    pub strategy: Option<String>,
    /// Replay the answer on stderr.
    #[arg(long)]
    pub show: bool,
    /// Search statistics on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Colours in --show: auto = only on a terminal, and not with NO_COLOR
    /// set.
    #[arg(long, value_name = "WHEN", default_value = "auto", value_parser = ["auto", "always", "never"])]
    pub color: String,
    /// A spinner on stderr with the search's depth, nodes and rate (on a
    /// terminal); Ctrl-C stops the search either way.
    #[arg(long)]
    pub progress: bool,
    /// Write the solution as a strip of boards to FILE, in SVG.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
}

/// Parses the process arguments with clap: `--help`/`-h`, `--version`,
/// `FILE` or `-` for stdin, `--strategy NAME` (alias `--solver`) among
/// `strategies`, `--show`, `--stats`, `--color`, `--progress`, `--svg`.
/// Usage errors print clap's message and exit with code 2; help and
/// version exit 0.
pub fn parse_args(name: &'static str, about: &'static str, strategies: &[&'static str]) -> Args {
    parse_args_from(name, about, strategies, std::env::args_os())
}

/// [`parse_args`] of `args` (the program's name first), for a program
/// run as a subcommand of `puzzle-search`.
pub fn parse_args_from(
    name: &'static str,
    about: &'static str,
    strategies: &[&'static str],
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Args {
    use clap::builder::PossibleValuesParser;
    use clap::{CommandFactory, FromArgMatches};
    let names: Vec<&'static str> = strategies.to_vec();
    let args: Vec<std::ffi::OsString> = args.into_iter().collect();
    // Run as `puzzle-search NAME`, the usage lines say so.
    let bin = match args.first().and_then(|a| a.to_str()) {
        Some(first) if first.starts_with("puzzle-search ") => first.to_owned(),
        _ => name.to_owned(),
    };
    let command = Args::command()
        .name(name)
        .bin_name(bin)
        .version(env!("CARGO_PKG_VERSION"))
        .about(about)
        .mut_arg("strategy", |a| {
            a.value_parser(PossibleValuesParser::new(names))
        });
    let matches = command.get_matches_from(args);
    let mut args = Args::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if args.path.as_deref() == Some("-") {
        args.path = None;
    }
    args
}

/// The most bytes one line of input may hold (1 MiB): far past any
/// puzzle's line, and an endless one (`/dev/zero`) is refused at once.
pub const MAX_LINE: usize = 1 << 20;

/// The most bytes a whole input may hold (64 MiB): far past any judge
/// file, definition or scramble file, and an endless stream of lines
/// (`yes`) is refused without filling memory.
pub const MAX_INPUT: usize = 64 << 20;

/// The whole input: the file at `path`, or stdin; at most [`MAX_INPUT`]
/// bytes in lines of at most [`MAX_LINE`], UTF-8, a byte-order mark
/// before it left out, each line's end as `\n`. Errors name the file
/// (or `stdin`) and the line.
///
/// ```
/// let e = puzzle_search_cli::args::read_input(Some("/no/such/file")).unwrap_err();
/// assert!(e.starts_with("cannot read /no/such/file: "));
/// let e = puzzle_search_cli::args::read_input(Some(std::env::temp_dir())).unwrap_err();
/// assert!(e.ends_with(": a directory, not a file"));
/// ```
pub fn read_input(path: Option<impl AsRef<std::path::Path>>) -> Result<String, String> {
    match path {
        Some(path) => {
            let path = path.as_ref();
            let name = path.display().to_string();
            let file = std::fs::File::open(path).map_err(|e| format!("cannot read {name}: {e}"))?;
            // A directory opens on Linux; its first read would fail as
            // "line 1: Is a directory".
            if file.metadata().is_ok_and(|m| m.is_dir()) {
                return Err(format!("cannot read {name}: a directory, not a file"));
            }
            read_bounded(std::io::BufReader::new(file), MAX_LINE, MAX_INPUT)
                .map_err(|e| format!("{name}: {e}"))
        }
        None => read_bounded(std::io::stdin().lock(), MAX_LINE, MAX_INPUT)
            .map_err(|e| format!("stdin: {e}")),
    }
}

/// The text of `input`, at most `max_total` bytes in lines of at most
/// `max_line` (see [`lines`]), each line ended by `\n`.
///
/// ```
/// use puzzle_search_cli::args::read_bounded;
/// assert_eq!(read_bounded("\u{feff}a\r\nb".as_bytes(), 10, 100), Ok("a\nb\n".to_string()));
/// assert_eq!(read_bounded(&[0u8; 64][..], 10, 100), Err("line 1: longer than 10 bytes".to_string()));
/// assert_eq!(read_bounded("a\n".repeat(60).as_bytes(), 10, 100),
///     Err("line 51: the input passes 100 bytes".to_string()));
/// ```
pub fn read_bounded(
    input: impl std::io::BufRead,
    max_line: usize,
    max_total: usize,
) -> Result<String, String> {
    let mut text = String::new();
    for (i, line) in lines(input, max_line).enumerate() {
        let line = line?;
        if text.len() + line.len() + 1 > max_total {
            return Err(format!(
                "line {}: the input passes {max_total} bytes",
                i + 1
            ));
        }
        text.push_str(&line);
        text.push('\n');
    }
    Ok(text)
}

/// Where the examples keep pattern databases: `explicit` (`--cache`),
/// else `$XDG_CACHE_HOME/puzzle-search`, else `~/.cache/puzzle-search`;
/// `None` when there is no home either (tables are then built, not kept).
///
/// ```
/// use std::path::Path;
/// let dir = puzzle_search_cli::args::cache_dir(Some(Path::new("/tmp/tables")));
/// assert_eq!(dir.as_deref(), Some(Path::new("/tmp/tables")));
/// ```
pub fn cache_dir(explicit: Option<&std::path::Path>) -> Option<std::path::PathBuf> {
    use std::path::PathBuf;
    if let Some(dir) = explicit {
        return Some(dir.to_path_buf());
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("puzzle-search"))
}

/// The memory a program may use, in bytes: `max_mb` MB (2^20 bytes) when
/// given, else the least of what Linux says is left: `MemAvailable`, the
/// address-space limit (`ulimit -v`) less the address space already
/// taken, and the cgroup's `memory.max` less its `memory.current`
/// (containers, systemd slices); `None` when none is known.
///
/// ```
/// assert_eq!(puzzle_search_cli::args::memory_limit(Some(3)), Some(3 << 20));
/// ```
pub fn memory_limit(max_mb: Option<u64>) -> Option<u64> {
    if let Some(mb) = max_mb {
        return mb.checked_mul(1 << 20);
    }
    puzzle_search_core::memory_available()
}

/// The lines of `input`, each at most `max` bytes (without its end): an
/// endless line becomes an error naming its number instead of taking all
/// memory. A line that is not UTF-8 is an error too. A UTF-8 byte-order
/// mark starting the first line is left out (editors on Windows write
/// one).
///
/// ```
/// let text = "4 4\n1 2 3\n".to_string() + &"9 ".repeat(100);
/// let lines: Vec<_> = puzzle_search_cli::args::lines(text.as_bytes(), 50).collect();
/// assert_eq!(lines[..2], [Ok("4 4".to_string()), Ok("1 2 3".to_string())]);
/// assert_eq!(lines[2], Err("line 3: longer than 50 bytes".to_string()));
/// assert_eq!(lines.len(), 3);
/// ```
pub fn lines(
    mut input: impl std::io::BufRead,
    max: usize,
) -> impl Iterator<Item = Result<String, String>> {
    let mut n = 0usize;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        n += 1;
        let mut buf = Vec::new();
        let cap = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(2);
        let read = std::io::BufRead::read_until(
            &mut std::io::Read::take(&mut input, cap),
            b'\n',
            &mut buf,
        );
        let line = match read {
            Ok(0) => return None,
            Ok(_) => {
                if buf.last() == Some(&b'\n') {
                    buf.pop();
                    if buf.last() == Some(&b'\r') {
                        buf.pop();
                    }
                }
                if n == 1 && buf.starts_with("\u{feff}".as_bytes()) {
                    buf.drain(..3);
                }
                if buf.len() > max {
                    done = true;
                    return Some(Err(format!("line {n}: longer than {max} bytes")));
                }
                String::from_utf8(buf).map_err(|_| format!("line {n}: not UTF-8"))
            }
            Err(e) => Err(format!("line {n}: {e}")),
        };
        done = line.is_err();
        Some(line)
    })
}

/// Why a judge example failed: the one line it prints and its exit code
/// (1 for bad input and other errors, 130 when Ctrl-C stopped it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    message: String,
    code: u8,
}

impl Failure {
    /// The failure of a search stopped by `limit`: Ctrl-C (the cancel
    /// flag) gives exit code 130, another limit 1.
    pub fn stopped(limit: Limit) -> Self {
        match limit {
            Limit::Cancelled => Self {
                message: "interrupted: stopped by Ctrl-C or SIGTERM".to_string(),
                code: crate::interrupt::EXIT_INTERRUPTED,
            },
            other => Self::from(format!("search stopped: {other}")),
        }
    }

    /// The failure of a search without an answer: stopped as in
    /// [`stopped`](Self::stopped), or refused (exit code 1).
    pub fn undecided(why: puzzle_search_core::Undecided) -> Self {
        match why.limit() {
            Some(limit) => Self::stopped(limit),
            None => Self::from(format!("search refused: {why}")),
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Self { message, code: 1 }
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Self {
        Self::from(message.to_string())
    }
}

/// The exit of a judge example: success, or the error on one stderr line
/// and its exit code.
///
/// ```
/// use std::process::ExitCode;
/// use puzzle_search_cli::args::{Failure, finish};
/// assert_eq!(finish(Ok(())), ExitCode::SUCCESS);
/// assert_eq!(finish(Err(Failure::from("bad input"))), ExitCode::from(1));
/// ```
pub fn finish(result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            crate::say!("error: {}", e.message);
            ExitCode::from(e.code)
        }
    }
}

/// `solver` as the examples run it: stopped by Ctrl-C (the handler is
/// armed here, see [`interrupt`](crate::interrupt)) and,
/// with `progress` (`--progress`), reporting on a spinner (returned, to be
/// cleared when the search ends).
///
/// ```
/// use puzzle_search_core::{Solver, Strategy};
/// let (solver, spinner) = puzzle_search_cli::args::prepare(&Solver::new(Strategy::ida()), false);
/// assert!(spinner.is_none());
/// # let _ = solver;
/// ```
pub fn prepare(solver: &Solver, progress: bool) -> (Solver, Option<ProgressBar>) {
    crate::interrupt::arm();
    let budget = Budget::default().cancel_flag(crate::interrupt::ctrl_c_flag());
    let solver = solver.budget(budget);
    let spinner = progress.then(|| crate::progress::spinner("searching"));
    match spinner.clone().map(crate::progress::search_hook) {
        Some(show) => (solver.on_progress(move |p| show(p)), spinner),
        None => (solver, None),
    }
}
