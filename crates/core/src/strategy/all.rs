//! Every shortest solution: the length from IDA*, then one depth-first pass
//! that meets every sequence of that length ending at a goal, in
//! lexicographic order; or their number, counted per state.
//!
//! Only two cuts are made, and neither can drop a shortest sequence: a
//! child whose bound exceeds the moves left (admissible: no goal within
//! them), and a move straight back to the grandparent (a sequence that
//! visits a state twice can be shortened, so it is not shortest). No table,
//! no duplicate elimination, no commuting-move pruning: those drop
//! sequences that reach the same state, which here must all be counted.

use std::ops::ControlFlow;

use hashbrown::HashMap;

use crate::budget::Limit;
use crate::meter::{Ctx, Interrupt, Meter};
use crate::outcome::{Outcome, Shortest};
use crate::puzzle::Puzzle;
use crate::solver::Options;
use crate::stats::Stats;
use crate::strategy::Children;
use crate::strategy::ida;

fn stopped(i: Interrupt) -> Shortest {
    match i {
        Interrupt::Limit(l) => Shortest::Stopped(l),
        Interrupt::Preempted => Shortest::Stopped(Limit::Cancelled),
    }
}

/// The length of the shortest solutions, or how the search ended.
fn length<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    max_depth: u32,
    ctx: &Ctx<'_>,
    options: &Options<'_>,
    stats: &mut Stats,
) -> Result<u32, Shortest> {
    match ida::solve(puzzle, start, max_depth, ctx, options, stats) {
        Outcome::Solved(moves) => Ok(moves.len() as u32),
        Outcome::NoSolution => Err(Shortest::NoSolution),
        Outcome::Stopped(l) => Err(Shortest::Stopped(l)),
    }
}

/// Calls `visit` on every shortest solution in lexicographic order, until
/// it breaks.
pub(crate) fn for_each<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    max_depth: u32,
    ctx: &Ctx<'_>,
    options: &Options<'_>,
    stats: &mut Stats,
    visit: &mut dyn FnMut(&[P::Move]) -> ControlFlow<()>,
) -> Shortest {
    let length = match length(puzzle, start, max_depth, ctx, options, stats) {
        Ok(l) => l,
        Err(end) => return end,
    };
    let mut meter = Meter::new(ctx);
    let mut count: u128 = 0;
    if length == 0 {
        let _ = visit(&[]);
        return Shortest::Found { length, count: 1 };
    }
    // Frames: the children of the node at depth `stack.len() - 1`.
    let mut states: Vec<P::State> = vec![start.clone()];
    let mut path: Vec<P::Move> = Vec::new();
    let mut stack: Vec<(Children<P>, usize)> = Vec::new();
    let mut first = Vec::new();
    puzzle.successors(start, &mut first);
    stack.push((first, 0));
    loop {
        let g = stack.len() as u32;
        let Some((kids, next)) = stack.last_mut() else {
            break;
        };
        let Some((mv, child)) = kids.get(*next).cloned() else {
            stack.pop();
            states.pop();
            path.pop();
            continue;
        };
        *next += 1;
        if g >= 2 && states.get(states.len() - 2) == Some(&child) {
            continue; // straight back
        }
        if g == length {
            if puzzle.is_goal(&child) {
                count += 1;
                path.push(mv);
                let flow = visit(&path);
                path.pop();
                if flow.is_break() {
                    break;
                }
            }
            continue;
        }
        match puzzle.lower_bound(&child) {
            Some(h) if g + h <= length => {}
            _ => {
                stats.bound_cutoffs += 1;
                continue;
            }
        }
        if let Err(i) = meter.tick() {
            meter.flush();
            return stopped(i);
        }
        let mut grand = Vec::new();
        puzzle.successors(&child, &mut grand);
        stats.expanded += 1;
        stats.generated += grand.len() as u64;
        path.push(mv);
        states.push(child);
        stack.push((grand, 0));
    }
    meter.flush();
    Shortest::Found { length, count }
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
    options: &Options<'_>,
    stats: &mut Stats,
) -> Shortest {
    let length = match length(puzzle, start, max_depth, ctx, options, stats) {
        Ok(l) => l,
        Err(end) => return end,
    };
    let mut meter = Meter::new(ctx);
    let mut memo: HashMap<(P::State, u32), u128> = HashMap::new();
    // Frames: (state, moves left, children, next child, ways so far).
    type Frame<P> = (
        <P as Puzzle>::State,
        u32,
        Vec<(<P as Puzzle>::Move, <P as Puzzle>::State)>,
        usize,
        u128,
    );
    let mut stack: Vec<Frame<P>> = Vec::new();
    let open = |state: &P::State, left: u32, stats: &mut Stats| -> Frame<P> {
        let mut kids = Vec::new();
        puzzle.successors(state, &mut kids);
        stats.expanded += 1;
        stats.generated += kids.len() as u64;
        (state.clone(), left, kids, 0, 0)
    };
    if length == 0 {
        return Shortest::Found { length, count: 1 };
    }
    stack.push(open(start, length, stats));
    let mut total = 0;
    while let Some(top) = stack.last_mut() {
        let (_, left, kids, next, _) = top;
        let left = *left;
        if let Some((_, child)) = kids.get(*next).cloned() {
            *next += 1;
            let ways = if left == 1 {
                Some(u128::from(puzzle.is_goal(&child)))
            } else if let Some(&w) = memo.get(&(child.clone(), left - 1)) {
                stats.table_hits += 1;
                Some(w)
            } else {
                match puzzle.lower_bound(&child) {
                    Some(h) if h < left => None, // open it below
                    _ => {
                        stats.bound_cutoffs += 1;
                        Some(0)
                    }
                }
            };
            match ways {
                Some(w) => top.4 = top.4.saturating_add(w),
                None => {
                    if let Err(i) = meter.tick() {
                        meter.flush();
                        return stopped(i);
                    }
                    let frame = open(&child, left - 1, stats);
                    stack.push(frame);
                }
            }
            continue;
        }
        let (state, left, _, _, ways) = stack.pop().expect("the top frame");
        memo.insert((state, left), ways);
        match stack.last_mut() {
            Some(parent) => parent.4 = parent.4.saturating_add(ways),
            None => total = ways,
        }
    }
    meter.flush();
    stats.peak_visited = memo.len() as u64;
    Shortest::Found {
        length,
        count: total,
    }
}
