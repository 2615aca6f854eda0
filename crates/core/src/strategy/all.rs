//! Every shortest solution: the length from IDA*, then one depth-first pass
//! that meets every sequence of that length ending at a goal, in
//! lexicographic order; or their number, counted per state.
//!
//! Only two cuts are made, and neither can drop a shortest sequence: a
//! child whose bound exceeds the moves left (admissible: no goal within
//! them), and a child met before at the same depth whose subtree held no
//! goal at the right depth (same state, same moves left: same result). No
//! table, no duplicate elimination, no commuting-move pruning: those drop
//! sequences that reach the same state, which here must all be listed.

use std::ops::ControlFlow;

use hashbrown::HashMap;

use crate::budget::Limit;
use crate::meter::{Ctx, Interrupt, Meter};
use crate::outcome::{Outcome, Shortest};
use crate::puzzle::Puzzle;
use crate::stats::Stats;
use crate::strategy::{Children, Setup, ida, walk_length};

fn stopped(i: Interrupt) -> Shortest {
    Shortest::Stopped(i.limit())
}

/// The length of the shortest solutions, or how the search ended.
pub(crate) fn length<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    max_depth: u32,
    ctx: &Ctx<'_>,
    setup: Setup<'_, P>,
    stats: &mut Stats,
) -> Result<u32, Shortest> {
    match ida::solve(puzzle, start, max_depth, ctx, setup, stats) {
        Outcome::Solved(moves) => Ok(moves.len() as u32),
        Outcome::NoSolution => Err(Shortest::NoSolution),
        Outcome::Stopped(l) => Err(Shortest::Stopped(l)),
    }
}

/// Calls `visit` on every shortest solution, `length` moves long (as
/// [`length`] found), in lexicographic order, until it breaks.
pub(crate) fn for_each<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    length: u32,
    ctx: &Ctx<'_>,
    stats: &mut Stats,
    visit: &mut dyn FnMut(&[P::Move]) -> ControlFlow<()>,
) -> Shortest {
    let mut meter = Meter::new(ctx);
    let mut cuts = 0u64;
    let mut keep = |s: &P::State, g: u32| {
        let fits = puzzle
            .lower_bound(s)
            .is_some_and(|h| g.saturating_add(h) <= length);
        cuts += u64::from(!fits);
        fits
    };
    let walked = walk_length(puzzle, start, length, &mut meter, stats, &mut keep, visit);
    stats.bound_cutoffs += cuts;
    meter.flush();
    match walked {
        Ok(count) => Shortest::Found { length, count },
        Err(i) => stopped(i),
    }
}

/// The number of shortest solutions: per state and moves left, the number
/// of ways on to a goal, each counted once (sequences of the shortest
/// length that end at a goal are exactly the shortest solutions: none
/// passes a goal or a state twice, or a shorter one would exist).
pub(crate) fn count<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    max_depth: u32,
    ctx: &Ctx<'_>,
    setup: Setup<'_, P>,
    stats: &mut Stats,
) -> Shortest {
    let length = match length(puzzle, start, max_depth, ctx, setup, stats) {
        Ok(l) => l,
        Err(end) => return end,
    };
    if length == 0 {
        return Shortest::Found { length, count: 1 };
    }
    let mut meter = Meter::new(ctx);
    // Ways on from a state with some moves left. One entry per state (the
    // last counted): a state is nearly always met with one number of moves
    // left, and a look-up with another recounts, so it stays exact.
    let mut memo: HashMap<P::State, (u32, u128)> = HashMap::new();
    // Frames, kept and reused per depth: the state, its moves left, its
    // children, the next child, the ways counted so far.
    let mut frames: Vec<Frame<P>> = Vec::new();
    let mut top = 0;
    let open =
        |frames: &mut Vec<Frame<P>>, top: usize, state: P::State, left: u32, stats: &mut Stats| {
            if frames.len() == top {
                frames.push(Frame {
                    state: state.clone(),
                    left,
                    kids: Vec::new(),
                    next: 0,
                    ways: 0,
                });
            }
            let f = &mut frames[top];
            f.kids.clear();
            puzzle.successors(&state, &mut f.kids);
            stats.expanded += 1;
            stats.generated += f.kids.len() as u64;
            (f.state, f.left, f.next, f.ways) = (state, left, 0, 0);
        };
    open(&mut frames, top, start.clone(), length, stats);
    top += 1;
    loop {
        let f = &mut frames[top - 1];
        let left = f.left;
        if let Some((_, child)) = f.kids.get(f.next) {
            f.next += 1;
            let ways = if left == 1 {
                Some(u128::from(puzzle.is_goal(child)))
            } else if let Some(&(_, w)) = memo.get(child).filter(|e| e.0 == left - 1) {
                stats.table_hits += 1;
                Some(w)
            } else {
                match puzzle.lower_bound(child) {
                    Some(h) if h < left => None, // open it below
                    _ => {
                        stats.bound_cutoffs += 1;
                        Some(0)
                    }
                }
            };
            match ways {
                Some(w) => f.ways = f.ways.saturating_add(w),
                None => {
                    if let Err(i) = meter.tick() {
                        meter.flush();
                        return stopped(i);
                    }
                    let child = child.clone();
                    open(&mut frames, top, child, left - 1, stats);
                    top += 1;
                }
            }
            continue;
        }
        top -= 1;
        let ways = f.ways;
        if memo.len() >= meter.max_states() && !memo.contains_key(&f.state) {
            meter.flush();
            stats.peak_visited = memo.len() as u64;
            return Shortest::Stopped(Limit::States);
        }
        memo.insert(f.state.clone(), (left, ways));
        if top == 0 {
            meter.flush();
            stats.peak_visited = memo.len() as u64;
            // The sums saturate: at `u128::MAX` the true count may be more.
            return match ways {
                u128::MAX => Shortest::TooMany { length },
                count => Shortest::Found { length, count },
            };
        }
        let parent = &mut frames[top - 1];
        parent.ways = parent.ways.saturating_add(ways);
    }
}

/// One level of the counting walk.
struct Frame<P: Puzzle> {
    state: P::State,
    left: u32,
    kids: Children<P>,
    next: usize,
    ways: u128,
}
