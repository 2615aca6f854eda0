//! Command-line handling shared by the judge-format examples:
//! `[FILE] [--strategy NAME] [--show] [--stats]`, input from FILE or stdin.
// Shared through `#[path]` by several test, bench and example targets, where
// its items are public to the including module only.
#![allow(unreachable_pub)]

use std::io::Read;
use std::process::ExitCode;

/// The parsed command line.
pub struct Args {
    /// The input file; stdin when absent.
    pub path: Option<String>,
    /// The value of `--strategy`, if given.
    pub strategy: Option<String>,
    /// `--show`: replay the answer on stderr.
    pub show: bool,
    /// `--stats`: print search statistics on stderr.
    pub stats: bool,
}

/// Parses the process arguments; an error names the offending argument.
pub fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        path: None,
        strategy: None,
        show: false,
        stats: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--show" => args.show = true,
            "--stats" => args.stats = true,
            "--strategy" | "--solver" => {
                args.strategy = Some(it.next().ok_or(format!("{arg} needs a name"))?);
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            path if args.path.is_none() => args.path = Some(path.to_string()),
            extra => return Err(format!("unexpected argument {extra}")),
        }
    }
    Ok(args)
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
