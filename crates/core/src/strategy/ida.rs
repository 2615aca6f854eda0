//! IDA*: iterative deepening on `g + bound`.
//!
//! Each iteration is an at-most pass to the threshold. Every earlier
//! iteration proved that no solution is shorter than the threshold, so the
//! first solution a pass meets is a shortest one, and being the first in
//! canonical order it is the lexicographically smallest of them. The next
//! threshold is the smallest `g + bound` that was cut off, so no length is
//! skipped that could hold a solution.

use crate::engine::{INF, Mode, Rules};
use crate::meter::Ctx;
use crate::outcome::Outcome;
use crate::pass::PassEnd;
use crate::progress::{Phase, Progress};
use crate::puzzle::Puzzle;
use crate::stats::Stats;
use crate::strategy::reach::REACH_SHARE;
use crate::strategy::{DEEP, Reach, Runner, Setup, Verdict, reach_check};

/// A shortest solution of at most `max_depth` moves, lexicographically
/// smallest among the shortest.
pub(crate) fn solve<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    max_depth: u32,
    ctx: &Ctx<'_>,
    setup: Setup<'_, P>,
    stats: &mut Stats,
) -> Outcome<P::Move> {
    search(
        puzzle,
        start,
        max_depth,
        ctx,
        setup,
        stats,
        max_depth >= DEEP && !setup.options.goal_reachable,
        0,
    )
}

/// [`solve`], with the reachability check first when `reach`, and the
/// first threshold at least `floor`: a length no solution is known to be
/// shorter than (the threshold of an IDA* pass that earlier passes led to,
/// or one more than a BFS's complete layers), so that the passes below it
/// need not run again. The answer is the same: the passes from `floor` on
/// never skip past the shortest length (see `docs/strategies.md`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn search<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    max_depth: u32,
    ctx: &Ctx<'_>,
    setup: Setup<'_, P>,
    stats: &mut Stats,
    reach: bool,
    floor: u32,
) -> Outcome<P::Move> {
    let options = setup.options;
    let Some(mut threshold) = puzzle.lower_bound(start) else {
        stats.dead_ends += 1;
        return Outcome::NoSolution;
    };
    threshold = threshold.max(floor);
    // The reachability check, grown alongside the passes (see `reach`).
    let mut check = None;
    if reach {
        match reach_check(puzzle, start, ctx, stats) {
            Ok(c) => check = Some(c),
            Err(outcome) => return outcome,
        }
    }
    // IDA*'s generated children so far, and the last pass's.
    let (mut done, mut last) = (0u64, 0u64);
    // Only shortest solutions are wanted: no move straight back, and with
    // a table no state reached again in more moves than before.
    let mut rules = Rules {
        mode: Mode::AtMost,
        limit: threshold,
        dedup: options.dedup,
        shortest: true,
        table_by_left: options.table_by_left,
        table_floor: options.table_floor(),
        table_auto: options.table_auto,
    };
    let mut runner = Runner::new(puzzle, ctx, rules, options.table_bytes, setup);
    let sequential = matches!(runner, Runner::Sequential(_));
    while threshold <= max_depth {
        rules.limit = threshold;
        ctx.set_depth(threshold);
        let (end, pass_stats) = runner.pass(start, rules);
        // A pass to `threshold` expands states within that distance only;
        // more expansions than there are such states were repeats (a
        // sequential pass expands each node once; parallel ones repeat
        // their split phase).
        let within = check
            .as_ref()
            .and_then(|c: &Reach<P>| c.within.get(threshold as usize));
        if let Some(&states) = within.filter(|_| sequential) {
            stats.repeated += pass_stats.expanded.saturating_sub(states);
        }
        *stats += pass_stats;
        stats.iterations += 1;
        // A pass stopped by the budget did not finish: it is not
        // reported as an iteration done (a hook may take a finished
        // pass without an answer as that depth ruled out).
        if let (Some(hook), false) = (&options.progress, matches!(end, PassEnd::Stopped(_))) {
            hook(&Progress {
                phase: Phase::Iteration,
                depth: threshold,
                nodes: ctx.nodes(),
                elapsed: ctx.start.elapsed(),
                layer: 0,
            });
        }
        match end {
            PassEnd::Found(moves) => return Outcome::Solved(moves),
            PassEnd::Stopped(limit) => return Outcome::Stopped(limit),
            PassEnd::Fail { next } if next == INF => break,
            PassEnd::Fail { next } => threshold = next,
        }
        // The check's share of the work: of the passes done and of the
        // next, estimated from the growth of the last two.
        let before = std::mem::replace(&mut last, pass_stats.generated);
        done += last;
        if let Some(c) = check.as_mut().filter(|c| c.verdict() == Verdict::Open) {
            let growth = last.checked_div(before).map_or(1, |g| g.clamp(1, 4));
            let until = c.base + (done + last * growth) / REACH_SHARE;
            match c.advance(puzzle, until, usize::MAX, ctx, stats) {
                Ok(Verdict::NoGoal) => return Outcome::NoSolution,
                Ok(_) => {}
                Err(limit) => return Outcome::Stopped(limit),
            }
        }
    }
    Outcome::NoSolution
}
