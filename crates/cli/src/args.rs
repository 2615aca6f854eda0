//! Command-line handling shared by the judge-format examples:
//! `[FILE|-] [--strategy NAME] [--show] [--stats]` (clap: `--help`,
//! `--version`), input from FILE or stdin.

use std::io::Read;
use std::process::ExitCode;

/// The parsed command line.
#[derive(Clone, Debug)]
pub struct Args {
    /// The input file; stdin when absent.
    pub path: Option<String>,
    /// The value of `--strategy`, if given.
    pub strategy: Option<String>,
    /// `--show`: replay the answer on stderr.
    pub show: bool,
    /// `--stats`: print search statistics on stderr.
    pub stats: bool,
    /// `--color`: `auto` (the default), `always` or `never`.
    pub color: String,
}

/// Parses the process arguments with clap: `--help`/`-h`, `--version`,
/// `FILE` or `-` for stdin, `--strategy NAME` (alias `--solver`) among
/// `strategies`, `--show`, `--stats`. Usage errors print clap's message and
/// exit with code 2; help and version exit 0.
pub fn parse_args(name: &'static str, about: &'static str, strategies: &[&'static str]) -> Args {
    use clap::builder::PossibleValuesParser;
    use clap::{Arg, ArgAction, Command};
    let matches = Command::new(name)
        .version(env!("CARGO_PKG_VERSION"))
        .about(about)
        .arg(
            Arg::new("file")
                .value_name("FILE")
                .help("The input file; `-` or nothing for stdin"),
        )
        .arg(
            Arg::new("strategy")
                .long("strategy")
                .visible_alias("solver")
                .value_name("NAME")
                .value_parser(PossibleValuesParser::new(strategies.iter().copied()))
                .help("Run this configuration instead of the default"),
        )
        .arg(
            Arg::new("show")
                .long("show")
                .action(ArgAction::SetTrue)
                .help("Replay the answer on stderr"),
        )
        .arg(
            Arg::new("stats")
                .long("stats")
                .action(ArgAction::SetTrue)
                .help("Search statistics on stderr"),
        )
        .arg(
            Arg::new("color")
                .long("color")
                .value_name("WHEN")
                .value_parser(["auto", "always", "never"])
                .default_value("auto")
                .help("Colours in --show: auto = only on a terminal, and not with NO_COLOR set"),
        )
        .get_matches();
    Args {
        path: matches
            .get_one::<String>("file")
            .filter(|p| p.as_str() != "-")
            .cloned(),
        strategy: matches.get_one::<String>("strategy").cloned(),
        show: matches.get_flag("show"),
        stats: matches.get_flag("stats"),
        color: matches
            .get_one::<String>("color")
            .cloned()
            .unwrap_or_default(),
    }
}

/// The whole input: the file at `path`, or stdin.
pub fn read_input(path: Option<&str>) -> Result<String, String> {
    match path {
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}")),
        None => {
            let mut input = String::new();
            std::io::stdin()
                .read_to_string(&mut input)
                .map_err(|e| format!("cannot read stdin: {e}"))?;
            Ok(input)
        }
    }
}

/// The exit of a judge example: success, or the error on one stderr line
/// and exit code 1.
pub fn finish(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
