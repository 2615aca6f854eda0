//! Every shortest solution: its length and a guide to the states on it,
//! then their number or one depth-first pass that meets them all in
//! lexicographic order.
//!
//! Two searches race for the length, in slices of growing size (each
//! four times the last, from 16,384 nodes): IDA* first (the solver's
//! options; restarted with the larger node quota from the threshold it
//! had reached) and the counting layers of [`layers`](super::layers)
//! (half as many states, resumed where the last slice stopped, until the
//! budget's `max_states`). Where the bound is strong IDA* wins by far (the
//! 8-puzzle: within its first slice, the layers never run); where it is
//! weak and the space small (Klotski under a Manhattan bound: IDA* met
//! each state with dozens of moves-left values) the layers win, and they
//! know the count already. Either way the work is within a small factor
//! of the faster of the two, never exponential on a space that fits.
//!
//! After IDA*, counting and listing are depth first with memos keyed by
//! the state *and* the moves left (the same state with other moves left
//! has another answer); after the layers, a state is entered only at its
//! own layer, so each is met with one number of moves left. Only two cuts
//! are made, and neither can drop a shortest sequence: a child whose bound
//! exceeds the moves left (admissible: no goal within them), and a child
//! whose answer for those moves left is known. No table, no duplicate
//! elimination, no commuting-move pruning: those drop sequences that reach
//! the same state, which here must all be counted. Proofs:
//! `docs/strategies.md`, "Every shortest solution".

use std::hash::BuildHasher;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;

use hashbrown::HashTable;

use crate::budget::Limit;
use crate::meter::{Ctx, Interrupt, Meter};
use crate::outcome::{Outcome, Shortest, ShortestMethod};
use crate::puzzle::Puzzle;
use crate::stats::Stats;
use crate::strategy::layers::{Layers, Step};
use crate::strategy::{Children, Setup, ida, walk_length};

/// The first slice of the race: nodes for IDA*.
const FIRST_SLICE: u64 = 1 << 14;
/// The layers' slice is IDA*'s over this: states stored (each expanded
/// later) against nodes expanded.
const LAYER_SHARE: u64 = 2;

fn stopped(i: Interrupt) -> Shortest {
    Shortest::Stopped(i.limit())
}

/// The outcome of the race for the length and, when it found one, of
/// `then` on it, with the search that found it.
pub(crate) fn then_with<P: Puzzle>(
    found: Result<Length<'_, P>, Shortest>,
    then: impl FnOnce(&Length<'_, P>) -> Shortest,
) -> (Shortest, Option<ShortestMethod>) {
    match found {
        Ok(found) => (then(&found), Some(found.method())),
        Err(end) => (end, None),
    }
}

/// What the race found: the length, and what guides the pass after it.
pub(crate) struct Length<'p, P: Puzzle> {
    /// Moves in each shortest solution.
    pub(crate) length: u32,
    /// The layers, when they won (with the count), or `None` after IDA*.
    guide: Option<(Layers<'p, P>, u128)>,
}

impl<P: Puzzle> Length<'_, P> {
    /// Which search found the length.
    pub(crate) fn method(&self) -> ShortestMethod {
        match self.guide {
            Some(_) => ShortestMethod::Layers,
            None => ShortestMethod::DepthFirst,
        }
    }
}

/// How one IDA* slice ended.
enum Slice {
    Done(Result<u32, Shortest>),
    /// The slice's node quota ran out (not the budget's).
    Quota,
}

/// IDA* for the length, under `quota` nodes on top of the budget (`None`:
/// the budget alone). Its nodes count against the budget as every other.
#[allow(clippy::too_many_arguments)]
fn ida_slice<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    max_depth: u32,
    ctx: &Ctx<'_>,
    setup: Setup<'_, P>,
    stats: &mut Stats,
    quota: Option<u64>,
    floor: &mut u32,
) -> Slice {
    let answer = |outcome: Outcome<P::Move>| match outcome {
        Outcome::Solved(moves) => Ok(moves.len() as u32),
        Outcome::NoSolution => Err(Shortest::NoSolution),
        Outcome::Stopped(l) => Err(Shortest::Stopped(l)),
        // Only bidirectional search refuses; this is IDA*.
        Outcome::Refused(_) => unreachable!("IDA* does not refuse"),
    };
    // The layers already tell whether a goal is reachable at all.
    let reach = false;
    let Some(quota) = quota else {
        return Slice::Done(answer(ida::search(
            puzzle, start, max_depth, ctx, setup, stats, reach, *floor,
        )));
    };
    let left = ctx
        .budget
        .max_nodes
        .map(|max| max.saturating_sub(ctx.nodes()));
    let mut budget = ctx.budget.clone();
    budget.max_nodes = Some(left.map_or(quota, |l| l.min(quota)));
    budget.time_limit = None;
    budget.deadline = ctx.deadline;
    let sub = Ctx::new(&budget, ctx.progress);
    let outcome = ida::search(puzzle, start, max_depth, &sub, setup, stats, reach, *floor);
    ctx.nodes.fetch_add(sub.nodes(), Ordering::Relaxed);
    // The pass the quota stopped had a threshold that the passes before
    // it proved no solution shorter than.
    *floor = (*floor).max(sub.depth.load(Ordering::Relaxed));
    match outcome {
        Outcome::Stopped(Limit::Nodes) if left.is_none_or(|l| l > quota) => Slice::Quota,
        outcome => Slice::Done(answer(outcome)),
    }
}

/// The length of the shortest solutions, by the race of IDA* and the
/// counting layers (module docs), or how the search ended.
pub(crate) fn length<'p, P: Puzzle>(
    puzzle: &'p P,
    start: &P::State,
    max_depth: u32,
    ctx: &Ctx<'_>,
    setup: Setup<'_, P>,
    stats: &mut Stats,
) -> Result<Length<'p, P>, Shortest> {
    let mut layers = Some(Layers::new(puzzle, start, max_depth, ctx));
    let mut meter = Meter::new(ctx);
    let mut slice = FIRST_SLICE;
    // No solution is shorter than this (what either search proved).
    let mut floor = 0;
    loop {
        // IDA* first: where the bound is strong it is done in the first
        // slice, and the layers never run.
        let quota = layers.as_ref().map(|_| slice);
        match ida_slice(
            puzzle, start, max_depth, ctx, setup, stats, quota, &mut floor,
        ) {
            Slice::Done(Ok(length)) => {
                return Ok(Length {
                    length,
                    guide: None,
                });
            }
            Slice::Done(Err(end)) => return Err(end),
            Slice::Quota => {}
        }
        if let Some(mut l) = layers.take() {
            let quota = usize::try_from(slice / LAYER_SHARE).unwrap_or(usize::MAX);
            match l.run(quota, &mut meter, stats) {
                Step::Found { length, count } => {
                    return Ok(Length {
                        length,
                        guide: Some((l, count)),
                    });
                }
                Step::NoSolution => return Err(Shortest::NoSolution),
                Step::Stopped(limit) => return Err(Shortest::Stopped(limit)),
                // Over `max_states`: dropped, IDA* alone from now on.
                Step::Full => {}
                Step::Paused => {
                    floor = floor.max(l.floor());
                    layers = Some(l);
                }
            }
        }
        slice = slice.saturating_mul(4);
    }
}

/// Calls `visit` on every shortest solution, `found.length` moves long,
/// in lexicographic order, until it breaks.
pub(crate) fn for_each<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    found: &Length<'_, P>,
    ctx: &Ctx<'_>,
    stats: &mut Stats,
    visit: &mut dyn FnMut(&[P::Move]) -> ControlFlow<()>,
) -> Shortest {
    let length = found.length;
    let mut meter = Meter::new(ctx);
    let mut cuts = 0u64;
    let layers = found.guide.as_ref().map(|(l, _)| l);
    let mut keep = |s: &P::State, g: u32| {
        // After the layers: only at its own layer is a state on a
        // shortest solution.
        let at_layer = layers.is_none_or(|l| l.depth(s) == Some(g));
        let fits = at_layer
            && puzzle
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

/// The number of shortest solutions: the layers' count when they won the
/// race, else per state and moves left the number of ways on to a goal,
/// each counted once (sequences of the shortest length that end at a goal
/// are exactly the shortest solutions: none passes a goal or a state
/// twice, or a shorter one would exist).
pub(crate) fn count<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    found: &Length<'_, P>,
    ctx: &Ctx<'_>,
    stats: &mut Stats,
) -> Shortest {
    let length = found.length;
    let total = match &found.guide {
        Some((_, count)) => *count,
        None if length == 0 => 1,
        None => match count_depth_first(puzzle, start, length, ctx, stats) {
            Ok(count) => count,
            Err(end) => return end,
        },
    };
    // The sums saturate: at `u128::MAX` the true count may be more.
    match total {
        u128::MAX => Shortest::TooMany { length },
        count => Shortest::Found { length, count },
    }
}

/// The count after IDA*: depth first, memoised per (state, moves left).
fn count_depth_first<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    length: u32,
    ctx: &Ctx<'_>,
    stats: &mut Stats,
) -> Result<u128, Shortest> {
    let mut meter = Meter::new(ctx);
    let hasher = &ctx.hasher;
    // Ways on to a goal from a state with some moves left.
    let mut memo: HashTable<(P::State, u32, u128)> = HashTable::new();
    // An entry of a table at most half full.
    let cap = meter.max_states(2 * std::mem::size_of::<(P::State, u32, u128)>() + 2);
    let key_hash = |s: &P::State, left: u32| hasher.hash_one((s, left));
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
            } else if let Some(&(_, _, w)) = memo.find(key_hash(child, left - 1), |e| {
                e.1 == left - 1 && e.0 == *child
            }) {
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
                        stats.peak_visited = stats.peak_visited.max(memo.len() as u64);
                        return Err(stopped(i));
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
        if top == 0 {
            meter.flush();
            stats.peak_visited = stats.peak_visited.max(memo.len() as u64);
            return Ok(ways);
        }
        // A frame is opened only for a (state, moves left) not in the
        // memo, so this entry is new.
        if memo.len() >= cap {
            meter.flush();
            stats.peak_visited = stats.peak_visited.max(memo.len() as u64);
            return Err(Shortest::Stopped(Limit::States));
        }
        let hash = key_hash(&f.state, left);
        memo.insert_unique(hash, (f.state.clone(), left, ways), |e| {
            hasher.hash_one((&e.0, e.1))
        });
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
