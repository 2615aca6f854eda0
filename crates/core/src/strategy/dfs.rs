//! Depth-limited DFS: exactly `n` moves or at most `n` moves.

use crate::engine::{Mode, Rules};
use crate::meter::Ctx;
use crate::options::DepthMode;
use crate::outcome::Outcome;
use crate::pass::PassEnd;
use crate::progress::{Phase, Progress};
use crate::puzzle::Puzzle;
use crate::stats::Stats;
use crate::strategy::{DEEP, Runner, Setup, reach_check};

/// One pass to `depth`; the lexicographically smallest solution of `mode`.
pub(crate) fn solve<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    depth: u32,
    mode: DepthMode,
    ctx: &Ctx<'_>,
    setup: Setup<'_, P>,
    stats: &mut Stats,
) -> Outcome<P::Move> {
    let options = setup.options;
    if depth >= DEEP && !options.goal_reachable {
        if let Err(outcome) = reach_check(puzzle, start, ctx, stats) {
            return outcome;
        }
    }
    let mode = match mode {
        DepthMode::Exactly => Mode::Exact,
        DepthMode::AtMost => Mode::AtMost,
    };
    let rules = Rules {
        mode,
        limit: depth,
        dedup: options.dedup,
        shortest: false,
        table_by_left: options.table_by_left,
        table_floor: options.table_floor(),
        table_auto: options.table_auto,
    };
    ctx.set_depth(depth);
    let mut runner = Runner::new(puzzle, ctx, rules, options.table_bytes, setup);
    let (end, pass_stats) = runner.pass(start, rules);
    *stats += pass_stats;
    if let Some(hook) = &options.progress {
        hook(&Progress {
            phase: Phase::Pass,
            depth,
            nodes: ctx.nodes(),
            elapsed: ctx.start.elapsed(),
            layer: 0,
        });
    }
    match end {
        PassEnd::Found(moves) => Outcome::Solved(moves),
        PassEnd::Fail { .. } => Outcome::NoSolution,
        PassEnd::Stopped(limit) => Outcome::Stopped(limit),
    }
}
