//! The installed command, `puzzle-search`, as a user runs it: its
//! subcommands answer as the examples of their names do.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `puzzle-search ARGS` with `input` on stdin.
fn run(args: &[&str], input: &str) -> Output {
    spawn(args, input, false)
}

/// `puzzle-search ARGS` with `input` on stdin, and with `close_stderr`
/// its stderr closed before the program writes to it (`prog 2>&1
/// >/dev/null | head -1`).
fn spawn(args: &[&str], input: &str, close_stderr: bool) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle-search"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    if close_stderr {
        // The read end dropped: every write to stderr fails (EPIPE).
        drop(child.stderr.take());
    }
    let mut stdin = child.stdin.take().expect("piped");
    // A program that exits before reading its input: not an error here.
    stdin.write_all(input.as_bytes()).ok();
    drop(stdin);
    child.wait_with_output().expect("the command ends")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn help_lists_every_program_and_version_is_the_crates() {
    let o = run(&["--help"], "");
    assert_eq!(o.status.code(), Some(0));
    for program in [
        "twisty", "sliding", "mayan", "rotation", "boxslide", "flip", "fliptile",
    ] {
        assert!(stdout(&o).contains(program), "{program} in --help");
        let o = run(&[program, "--help"], "");
        assert_eq!(o.status.code(), Some(0), "{program} --help");
        assert!(stdout(&o).contains("Usage: puzzle-search"), "{program}");
    }
    let o = run(&["--version"], "");
    assert!(stdout(&o).contains(env!("CARGO_PKG_VERSION")));
    let o = run(&["twisty", "--version"], "");
    assert!(stdout(&o).contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors_exit_2_and_bad_input_exits_1() {
    assert_eq!(run(&[], "").status.code(), Some(2), "no subcommand");
    assert_eq!(run(&["no-such-program"], "").status.code(), Some(2));
    assert_eq!(
        run(&["sliding", "--no-such-option"], "").status.code(),
        Some(2)
    );
    let o = run(&["sliding"], "3 3\n1 2 3 4 x 6 7 8 0\n");
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn subcommands_answer_as_their_programs() {
    // The sliding judge format: the length and the smallest shortest
    // sequence of blank moves (D < L < R < U).
    let o = run(&["sliding"], "3 3\n1 2 3 4 5 6 0 7 8\n");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "2 RR\n");
    // God's algorithm on the 2x2x2 with U, F, R: 3,674,160 positions
    // in 12 layers, the last `Dist 11 cnt 2644`.
    let o = run(&["twisty", "2x2x2", "-g", "--moves", "U,F,R"], "");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = stdout(&o);
    let last = out.lines().last().expect("a line a distance");
    assert_eq!(last, "Dist 11 cnt 2644 tot 3674160", "{out}");
    // The judge programs: the spec samples' answers.
    let mayan = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";
    assert_eq!(stdout(&run(&["mayan"], mayan)), "2 1 1\n3 1 1\n3 0 1\n");
    let flip = "bwwb\nbbwb\nbwwb\nbwww\n";
    assert_eq!(stdout(&run(&["flip"], flip)), "4\n");
    let o = run(&["rotation", "--no-such-option"], "");
    assert_eq!(o.status.code(), Some(2), "the program's own usage error");
}

/// `puzzle-search ARGS` with `input` on stdin and stderr closed.
fn run_stderr_closed(args: &[&str], input: &str) -> Output {
    spawn(args, input, true)
}

/// Statistics, notes and pictures on a closed stderr are dropped, not a
/// panic (exit code 101 before): the answers still come, exit code 0.
#[test]
fn a_closed_stderr_is_no_panic() {
    let o = run_stderr_closed(&["twisty", "2x2x2", "--scramblealg", "F R", "--stats"], "");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "scramblealg 2 R' F'\n");
    let o = run_stderr_closed(
        &["sliding", "--stats", "--show"],
        "3 3\n1 2 3 4 5 6 0 7 8\n",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "2 RR\n");
    let mayan = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";
    let o = run_stderr_closed(&["mayan", "--stats", "--show"], mayan);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "2 1 1\n3 1 1\n3 0 1\n");
    // An error on a closed stderr: the exit code still says so.
    let o = run_stderr_closed(&["sliding"], "3 3\n1 2 3 4 x 6 7 8 0\n");
    assert_eq!(o.status.code(), Some(1));
}

/// Endless input is refused at its first long line in one line, exit
/// code 1, where every reader but `sliding`'s read it until memory ran out
/// (4.2 GB in 5-11 s).
#[test]
fn endless_input_is_refused_at_once() {
    if !std::path::Path::new("/dev/zero").exists() {
        eprintln!("no /dev/zero here: skipped");
        return;
    }
    for args in [
        &["twisty", "/dev/zero", "-g"][..],
        &["twisty", "3x3x3", "--scrambles", "/dev/zero"],
        &["mayan", "/dev/zero"],
        &["rotation", "/dev/zero"],
        &["boxslide", "/dev/zero"],
        &["flip", "/dev/zero"],
        &["fliptile", "/dev/zero"],
        &["sliding", "/dev/zero"],
    ] {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("line 1: longer than"), "{args:?}: {err}");
    }
    // A directory is said to be one, by every reader.
    let dir = std::env::temp_dir();
    let dir = dir.to_string_lossy();
    for program in [
        "mayan", "rotation", "boxslide", "flip", "fliptile", "sliding",
    ] {
        let o = run(&[program, &dir], "");
        assert_eq!(o.status.code(), Some(1), "{program}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.ends_with("a directory, not a file\n"),
            "{program}: {err}"
        );
    }
    let o = run(&["twisty", &dir, "-g"], "");
    assert!(String::from_utf8_lossy(&o.stderr).contains("a directory, not a file"));
    // A byte-order mark is read past by every reader, `sliding`'s too.
    let o = run(&["sliding"], "\u{feff}3 3\n1 2 3 4 5 6 0 7 8\n");
    assert_eq!(
        stdout(&o),
        "2 RR\n",
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = run(&["flip"], "\u{feff}bwwb\nbbwb\nbwwb\nbwww\n");
    assert_eq!(stdout(&o), "4\n", "{}", String::from_utf8_lossy(&o.stderr));
}

/// The error names the real problem, in one line: a move left out by
/// `--moves`, a power after the `'`, a trailing comment, a time limit too
/// large, a cache that is a file, a definition whose move names would not
/// read back; two flags that contradict each other are a usage error.
#[test]
fn errors_name_the_real_problem() {
    let one_line = |args: &[&str], code: i32, says: &str| {
        let o = run(args, "");
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(code), "{args:?}: {err}");
        if code == 1 {
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
        assert!(err.contains(says), "{args:?}: {err}");
    };
    let alg = |moves: &'static str| ["twisty", "2x2x2", "--scramblealg", moves];
    one_line(
        &["twisty", "2x2x2", "--moves", "U,R", "--scramblealg", "F"],
        1,
        "`F`: a move of the puzzle, but not among the moves chosen (--moves)",
    );
    one_line(
        &alg("R'2"),
        1,
        "`R'2`: the power goes before the `'`: `R2'`",
    );
    one_line(&alg("R U # sexy"), 1, "a comment must be a line of its own");
    one_line(&alg("R 2"), 1, "`2`: a number alone is no move");
    let mut timed = alg("R").to_vec();
    timed.extend(["--max-time", "1e300"]);
    one_line(&timed, 2, "at most 999999999");
    let mut both = alg("R").to_vec();
    both.extend(["--reduce", "--no-reduce"]);
    one_line(&both, 2, "cannot be used with");
    let dir = std::env::temp_dir().join(format!("command-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("not-a-dir");
    std::fs::write(&file, "x").expect("written");
    let mut cached = alg("R").to_vec();
    let file_arg = file.to_string_lossy().into_owned();
    cached.extend(["--cache", &file_arg]);
    one_line(&cached, 1, "a file, not a directory");
    let tws = dir.join("x2.tws");
    std::fs::write(
        &tws,
        "Set P 4 1\nSolved\nP\n1 2 3 4\nEnd\nMove X\nP\n2 3 4 1\nEnd\nMove X2\nP\n2 1 3 4\nEnd\n",
    )
    .expect("written");
    let tws_arg = tws.to_string_lossy().into_owned();
    one_line(
        &["twisty", &tws_arg, "--scramblealg", "X2"],
        1,
        "line 10: `X2`: reads as a power of move `X` (line 6)",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A census through a pipe, killed with SIGTERM once `after` layers have
/// come (so each line came flushed as its layer finished): the layers
/// finished are on stdout, in order and consistent, the exit is not 0,
/// and stderr ends with one line saying why.
#[cfg(unix)]
fn census_killed(args: &[&str], after: usize) {
    use std::io::{BufRead, BufReader, Read};
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle-search"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let mut out = BufReader::new(child.stdout.take().expect("piped"));
    let mut lines = Vec::new();
    while lines.len() < after {
        let mut line = String::new();
        if out.read_line(&mut line).expect("reads") == 0 {
            break;
        }
        lines.push(line.trim_end().to_string());
    }
    assert_eq!(lines.len(), after, "{args:?}: {lines:?}");
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let mut rest = String::new();
    out.read_to_string(&mut rest).expect("reads");
    lines.extend(rest.lines().map(str::to_string));
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("piped")
        .read_to_string(&mut err)
        .expect("reads");
    let status = child.wait().expect("ends");
    assert!(!status.success(), "{args:?}: {status:?}");
    assert_eq!(
        err.lines().last(),
        Some("error: interrupted: stopped by Ctrl-C or SIGTERM"),
        "{err}"
    );
    assert_eq!(err.matches("error").count(), 1, "{err}");
    let mut total = 0u64;
    for (d, line) in lines.iter().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[..2], ["Dist", &d.to_string()[..]], "{line}");
        total += words[3].parse::<u64>().expect("a count");
        assert_eq!(words[5], total.to_string(), "{line}");
    }
}

/// The census by class (the 2x2x2's: about 5 s in a debug build) and a
/// breadth-first census (`<U, R>` on the 3x3x3 in a hash set: minutes),
/// killed after their first layers.
#[cfg(unix)]
#[test]
fn a_census_killed_leaves_its_finished_layers() {
    census_killed(&["twisty", "2x2x2", "-g"], 3);
    census_killed(
        &[
            "twisty",
            "3x3x3",
            "-g",
            "--moves",
            "U,R",
            "--census-path",
            "hash",
        ],
        6,
    );
}
