//! Progress bars on stderr (indicatif), drawn only when stderr is a
//! terminal: a pipe or a file gets nothing.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use puzzle_search_core::{Phase, Progress};

/// A bar of `len` steps named `what`, with the count, rate and time left.
///
/// ```
/// let bar = puzzle_search_cli::progress::bar(10, "levels");
/// bar.inc(1);
/// bar.finish_and_clear();
/// ```
pub fn bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{msg} [{bar:30}] {human_pos}/{human_len} ({per_sec}, {eta} left)",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
    bar.set_message(what.to_string());
    bar
}

/// A spinner for work of unknown length, redrawn on its own ten times a
/// second.
///
/// ```
/// let spinner = puzzle_search_cli::progress::spinner("searching");
/// spinner.finish_and_clear();
/// ```
pub fn spinner(what: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    bar.set_style(style);
    bar.set_message(what.to_string());
    bar.enable_steady_tick(Duration::from_millis(100));
    bar
}

/// A search progress hook that writes the phase, depth, nodes and rate on
/// `bar` (a [`spinner`]), for `Solver::on_progress`.
///
/// ```
/// use puzzle_search_core::{Solver, Strategy};
/// let spinner = puzzle_search_cli::progress::spinner("searching");
/// let solver = Solver::new(Strategy::ida()).on_progress(puzzle_search_cli::progress::search_hook(spinner.clone()));
/// # let _ = solver;
/// spinner.finish_and_clear();
/// ```
pub fn search_hook(bar: ProgressBar) -> impl Fn(&Progress) + Send + Sync + 'static {
    move |p: &Progress| {
        let what = match p.phase {
            Phase::Iteration => "iteration done",
            Phase::Pass => "pass done",
            Phase::Layer => "layer done",
            Phase::Running => "running",
            _ => "searching",
        };
        let secs = p.elapsed.as_secs_f64();
        let rate = if secs > 0.0 {
            p.nodes as f64 / secs
        } else {
            0.0
        };
        bar.set_message(format!(
            "depth {}, {what}: {} nodes, {:.1}M nodes/s",
            p.depth,
            p.nodes,
            rate / 1e6
        ));
    }
}

/// A table build's hook: says once, as a build of 2^26 entries or more
/// starts (a table not in the cache can take minutes), that tables are
/// being built into `cache`; with `bar`, shows each table's distance,
/// entries done and an estimate of the time left (the time so far scaled
/// by the entries left).
pub fn build_hook(
    cache: Option<&std::path::Path>,
    bar: Option<ProgressBar>,
) -> impl Fn(puzzle_search_core::pdb::BuildProgress) + Sync {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Instant;
    let building = std::sync::Mutex::new(None::<(Instant, u64)>);
    let said = AtomicBool::new(false);
    let dir = cache
        .map(|d| format!(" {}", d.display()))
        .unwrap_or_default();
    move |p| {
        let Ok(mut at) = building.lock() else { return };
        // Tables of fewer entries build within seconds: not said.
        if p.total >= 1 << 26 && !said.swap(true, Ordering::Relaxed) {
            crate::say!("building tables not in the cache{dir} (once: they are kept there)");
        }
        // A new table's build: its entries done start again.
        let since = match *at {
            Some((since, last)) if p.done >= last => since,
            _ => Instant::now(),
        };
        *at = Some((since, p.done));
        if let Some(bar) = &bar {
            let fraction = p.done as f64 / p.total.max(1) as f64;
            let left = if fraction > 0.01 {
                let secs = since.elapsed().as_secs_f64() * (1.0 - fraction) / fraction;
                format!(", about {secs:.0} s left")
            } else {
                String::new()
            };
            bar.set_message(format!(
                "building a table: distance {}, {} of {} entries ({:.1}%{left})",
                p.depth,
                p.done,
                p.total,
                100.0 * fraction
            ));
        }
    }
}
