//! The strategies: depth-limited DFS, IDA*, BFS, and the parallel pass.

pub(crate) mod all;
pub(crate) mod astar;
pub(crate) mod bfs;
pub(crate) mod bidir;
pub(crate) mod dfs;
pub(crate) mod ida;
pub(crate) mod layers;
#[cfg(feature = "parallel")]
pub(crate) mod parallel;

use std::hash::BuildHasher;
use std::ops::ControlFlow;
use std::time::Duration;

use hashbrown::HashTable;

use crate::budget::Limit;
use crate::engine::{Engine, Flow, INF, InPlaceFn, Rules, Task};
use crate::meter::{Ctx, Interrupt, Meter, SearchHasher};
use crate::outcome::Outcome;
use crate::portable::{ByParts, PartRunner};
#[cfg(feature = "parallel")]
use crate::puzzle::ParallelPuzzle;
use crate::puzzle::Puzzle;
use crate::solver::Options;
use crate::stats::Stats;
use crate::table::Memo;

/// The growth from one pass to the next assumed when only one is known.
const GROWTH: f64 = 8.0;

/// What the next pass should take, from what the last two took: the last
/// one times the growth between them (`GROWTH` when only one is known);
/// `None` before any. (IDA* passes grow by a factor that stays about the
/// same from one to the next.)
pub(crate) fn predict(took: [Option<Duration>; 2]) -> Option<Duration> {
    let last = took[1]?;
    let growth = match took[0] {
        Some(before) if !before.is_zero() => {
            (last.as_secs_f64() / before.as_secs_f64()).clamp(1.0, 16.0)
        }
        _ => GROWTH,
    };
    Some(last.mul_f64(growth))
}

/// One DFS pass in a form other than the sequential engine's.
pub(crate) trait PassRun<P: Puzzle> {
    /// One pass from `start` under `rules`, with the work it did.
    fn run_pass(&mut self, start: &P::State, rules: Rules) -> (PassEnd<P::Move>, Stats);
}

/// Makes the parallel form of a pass. Only a [`ParallelPuzzle`] has one;
/// the strategies take it as an `Option`, so that they compile for any
/// puzzle and [`Solver::solve_sequential`](crate::Solver::solve_sequential)
/// needs no `Sync`.
pub(crate) type ParallelForm<P> =
    for<'a> fn(&'a P, &'a Ctx<'a>, usize, Option<InPlaceFn<P>>, bool) -> Box<dyn PassRun<P> + 'a>;

/// How a strategy runs: the solver's options, when it may run in
/// parallel the parallel form of a pass, and when the puzzle is searched
/// in place its in-place loop.
pub(crate) struct Setup<'o, P: Puzzle> {
    pub(crate) options: &'o Options,
    pub(crate) parallel: Option<ParallelForm<P>>,
    pub(crate) in_place: Option<InPlaceFn<P>>,
    /// Passes split into portable parts for this runner
    /// ([`Solver::solve_by_parts`](crate::Solver::solve_by_parts)).
    pub(crate) parts: Option<&'o dyn PartRunner<P::Move>>,
}

impl<P: Puzzle> Clone for Setup<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Puzzle> Copy for Setup<'_, P> {}

/// The parallel form for `P`.
#[cfg(feature = "parallel")]
pub(crate) fn parallel_form<P: ParallelPuzzle>() -> ParallelForm<P> {
    fn make<'a, P: ParallelPuzzle>(
        puzzle: &'a P,
        ctx: &'a Ctx<'a>,
        table_bytes: usize,
        in_place: Option<InPlaceFn<P>>,
        eager: bool,
    ) -> Box<dyn PassRun<P> + 'a> {
        Box::new(parallel::Parallel::new(
            puzzle,
            ctx,
            table_bytes,
            in_place,
            eager,
        ))
    }
    make::<P>
}

/// Depth limits from this one up count as "practically unlimited": before
/// such a DFS or IDA*, a small BFS checks whether any goal is reachable at
/// all, so that a finite space without one is answered at once instead of
/// searched to the limit round its cycles (IDA* with a table would end
/// too, but only while the table keeps what it learned).
pub(crate) const DEEP: u32 = 256;

/// The most states that check stores before it gives up (the space is then
/// large or infinite, and the search runs as asked).
const REACH_STATES: usize = 1 << 14;

/// `Some(outcome)` when the search is decided before it starts: no goal is
/// reachable from `start` (`NoSolution`), or the budget ran out. `within`
/// gets the number of states within each distance of the start that the
/// check saw whole (IDA* compares its passes with it: see
/// [`Stats::repeated`]).
pub(crate) fn reach_check<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    ctx: &Ctx<'_>,
    stats: &mut Stats,
    within: Option<&mut Vec<u64>>,
) -> Option<Outcome<P::Move>> {
    let cap = REACH_STATES.min(ctx.budget.max_states);
    // With no depth limit the BFS prunes dead ends only, so "no solution"
    // means the whole reachable space was seen and holds no goal. Its work
    // is reported apart from the strategy's (it counts against the
    // budget all the same).
    let mut own = Stats::default();
    let outcome = bfs::search(puzzle, start, INF, cap, ctx, None, true, within, &mut own);
    stats.reach_expanded += own.expanded;
    stats.reach_states = stats.reach_states.max(own.peak_visited);
    match outcome {
        Outcome::NoSolution => Some(Outcome::NoSolution),
        Outcome::Solved(_) | Outcome::Stopped(Limit::States) => None,
        Outcome::Stopped(limit) => Some(Outcome::Stopped(limit)),
    }
}

/// A node's children with their moves, in canonical order.
pub(crate) type Children<P> = Vec<(<P as Puzzle>::Move, <P as Puzzle>::State)>;

/// Walks the sequences of exactly `length` moves from `start` that end at
/// a goal, in lexicographic order, calling `on_goal` on each until it
/// breaks; returns how many it met. Depth first in canonical order; a
/// child at depth `g < length` is entered only when `keep(child, g)` says
/// it may lie on such a sequence. A child whose subtree held none is
/// remembered with its depth (same state, same moves left, same result)
/// and not entered again at that depth: each (state, depth) pair fails at
/// most once, so the walk is linear in the pairs it meets plus the
/// solutions it lists.
pub(crate) fn walk_length<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    length: u32,
    meter: &mut Meter<'_>,
    stats: &mut Stats,
    keep: &mut dyn FnMut(&P::State, u32) -> bool,
    on_goal: &mut dyn FnMut(&[P::Move]) -> ControlFlow<()>,
) -> Result<u128, Interrupt> {
    if length == 0 {
        if puzzle.is_goal(start) {
            let _ = on_goal(&[]);
            return Ok(1);
        }
        return Ok(0);
    }
    let mut count = 0u128;
    // Fruitless (state, depth) pairs: the same state at another depth has
    // other moves left, and may reach a goal in them.
    let hasher = SearchHasher::default();
    let pair_hash = |s: &P::State, g: u32| hasher.hash_one((s, g));
    let mut dead: HashTable<(P::State, u32)> = HashTable::new();
    let mut path: Vec<P::Move> = Vec::new();
    // The entered states, each with whether a goal was met below it.
    let mut states: Vec<(P::State, bool)> = Vec::new();
    // Child lists per depth, kept and reused: no allocation per node.
    let mut frames: Vec<(Children<P>, usize)> = vec![(Vec::new(), 0)];
    puzzle.successors(start, &mut frames[0].0);
    let mut top = 1;
    loop {
        if top == 0 {
            return Ok(count);
        }
        let g = top as u32; // moves to a child of the top frame
        let (kids, next) = &mut frames[top - 1];
        let Some((mv, child)) = kids.get(*next) else {
            top -= 1;
            if let Some((s, fruitful)) = states.pop() {
                if fruitful {
                    if let Some(parent) = states.last_mut() {
                        parent.1 = true;
                    }
                } else {
                    // A state over the budget is an `Interrupt` like any
                    // other limit, never a wrong or short answer.
                    // Entered only when not dead at this depth: a new pair.
                    if dead.len() >= meter.max_states() {
                        return Err(Interrupt::Limit(Limit::States));
                    }
                    let hash = pair_hash(&s, g - 1);
                    dead.insert_unique(hash, (s, g - 1), |e| hasher.hash_one((&e.0, e.1)));
                }
            }
            path.pop();
            continue;
        };
        *next += 1;
        let mv = *mv;
        if g == length {
            if puzzle.is_goal(child) {
                count += 1;
                if let Some(parent) = states.last_mut() {
                    parent.1 = true;
                }
                path.push(mv);
                let flow = on_goal(&path);
                path.pop();
                if flow.is_break() {
                    return Ok(count);
                }
            }
            continue;
        }
        let is_dead = || {
            dead.find(pair_hash(child, g), |e| e.1 == g && e.0 == *child)
                .is_some()
        };
        if !keep(child, g) || is_dead() {
            continue;
        }
        meter.tick()?;
        let child = child.clone();
        if frames.len() == top {
            frames.push((Vec::new(), 0));
        }
        let (grand, at) = &mut frames[top];
        grand.clear();
        *at = 0;
        puzzle.successors(&child, grand);
        stats.expanded += 1;
        stats.generated += grand.len() as u64;
        path.push(mv);
        states.push((child, false));
        top += 1;
    }
}

/// The lexicographically smallest sequence of exactly `length` moves from
/// `start` that ends at a goal (see [`walk_length`]); `Ok(None)` when there
/// is none.
pub(crate) fn smallest_of_length<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    length: u32,
    meter: &mut Meter<'_>,
    stats: &mut Stats,
    keep: &mut dyn FnMut(&P::State, u32) -> bool,
) -> Result<Option<Vec<P::Move>>, Interrupt> {
    let mut found = None;
    walk_length(puzzle, start, length, meter, stats, keep, &mut |moves| {
        found = Some(moves.to_vec());
        ControlFlow::Break(())
    })?;
    Ok(found)
}

/// How one DFS pass ended.
pub(crate) enum PassEnd<M> {
    /// The lexicographically smallest solution of the pass.
    Found(Vec<M>),
    /// None; `next` is the smallest cut-off `g + bound` (the next IDA*
    /// threshold), `INF` when nothing was cut off by depth.
    Fail { next: u32 },
    /// A budget limit stopped the pass.
    Stopped(Limit),
}

/// How a whole pass that one engine ran from the start ended.
pub(crate) fn pass_end<P: Puzzle>(engine: &mut Engine<'_, P>, flow: Flow) -> PassEnd<P::Move> {
    match flow {
        Flow::Found => PassEnd::Found(std::mem::take(&mut engine.path)),
        Flow::Fail(_) | Flow::Deferred => PassEnd::Fail {
            next: engine.min_pruned,
        },
        Flow::Stop(Interrupt::Limit(limit)) => PassEnd::Stopped(limit),
        // Only parallel tasks are preempted or hand work over.
        Flow::Stop(Interrupt::Preempted | Interrupt::HandOver) => PassEnd::Fail { next: INF },
    }
}

/// Stop deepening the split when the tasks have not grown for this many
/// depths (a chain-like space would otherwise be split to its end).
const FLAT_DEPTHS: u32 = 4;
/// ...or when the split phase, which runs on one thread, expanded this many.
const SPLIT_NODES: u64 = 1 << 14;
/// Make the split shallower when it gives this many times the tasks wanted.
const TOO_MANY: usize = 8;

/// How a pass's split phase ended.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub(crate) enum Split<P: Puzzle> {
    /// The pass is decided without tasks.
    Done(PassEnd<P::Move>),
    /// The open nodes at the split depth, in canonical (preorder) order;
    /// `leaf`: a solution met above the split depth, right of every task;
    /// `next`: the smallest cut-off of the split phase.
    Tasks {
        tasks: Vec<Task<P>>,
        leaf: Option<Vec<P::Move>>,
        next: u32,
    },
}

/// The split phase of a pass run in parts (threads or processes): runs
/// the pass sequentially down to a split depth (from `*split`, the depth
/// that did last time), deepening it until there are about `target`
/// tasks, or making it shallower when there are far too many (IDA*'s
/// trees grow with each iteration, and the split phase runs on one
/// thread). `engine` makes the engine it runs with.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub(crate) fn split_phase<'e, P: Puzzle>(
    engine: &dyn Fn() -> Engine<'e, P>,
    start: &P::State,
    rules: Rules,
    target: usize,
    split: &mut u32,
    stats: &mut Stats,
) -> Split<P> {
    let mut depth = (*split).min(rules.limit.saturating_sub(1)).max(1);
    let (mut grown_at, mut most) = (depth, 0);
    let (mut deepened, mut shrunk) = (false, false);
    let result = loop {
        let mut engine = engine();
        engine.split = Some((depth, Vec::new()));
        let flow = engine.run(start, None);
        let split_nodes = engine.stats.expanded;
        *stats += std::mem::take(&mut engine.stats);
        let tasks = engine.split.take().map(|(_, t)| t).unwrap_or_default();
        match flow {
            Flow::Found if tasks.is_empty() => break Split::Done(PassEnd::Found(engine.path)),
            Flow::Found => {
                break Split::Tasks {
                    tasks,
                    leaf: Some(engine.path),
                    next: INF,
                };
            }
            Flow::Fail(_) => {
                break Split::Done(PassEnd::Fail {
                    next: engine.min_pruned,
                });
            }
            Flow::Stop(Interrupt::Limit(limit)) => break Split::Done(PassEnd::Stopped(limit)),
            // The split phase's engine has no preemption or sink.
            Flow::Stop(Interrupt::Preempted | Interrupt::HandOver) => {
                break Split::Done(PassEnd::Fail { next: INF });
            }
            Flow::Deferred => {
                if tasks.len() > most {
                    (grown_at, most) = (depth, tasks.len());
                }
                if tasks.len() > TOO_MANY * target && depth > 1 && !deepened {
                    depth -= 1;
                    shrunk = true;
                    continue;
                }
                let deepen = tasks.len() < target
                    && !shrunk
                    && depth + 1 < rules.limit
                    && depth < grown_at + FLAT_DEPTHS
                    && split_nodes < SPLIT_NODES;
                if !deepen {
                    break Split::Tasks {
                        tasks,
                        leaf: None,
                        next: engine.min_pruned,
                    };
                }
                depth += 1;
                deepened = true;
            }
        }
    };
    if let Split::Tasks { .. } = result {
        *split = depth;
    }
    result
}

/// Runs DFS passes from one start, sequentially or in parallel, keeping the
/// transposition table between passes (its facts stay true across IDA*
/// iterations).
pub(crate) enum Runner<'a, P: Puzzle> {
    Sequential(Box<Engine<'a, P>>),
    Parallel(Box<dyn PassRun<P> + 'a>),
}

impl<'a, P: Puzzle> Runner<'a, P> {
    pub(crate) fn new(
        puzzle: &'a P,
        ctx: &'a Ctx<'a>,
        rules: Rules,
        table_bytes: usize,
        setup: Setup<'a, P>,
    ) -> Self {
        if let Some(runner) = setup.parts {
            return Runner::Parallel(Box::new(ByParts::new(puzzle, ctx, runner)));
        }
        let parallel = setup.parallel;
        // On one thread the parallel form would only add its locks.
        #[cfg(feature = "parallel")]
        let many = rayon::current_num_threads() > 1;
        #[cfg(not(feature = "parallel"))]
        let many = false;
        if let Some(make) = parallel.filter(|_| many) {
            let eager = setup.options.hand_over_always;
            return Runner::Parallel(make(puzzle, ctx, table_bytes, setup.in_place, eager));
        }
        let mut engine = Engine::new(
            puzzle,
            rules,
            Memo::local(table_bytes),
            Meter::new(ctx),
            ctx.hasher.clone(),
        );
        engine.in_place = setup.in_place;
        Runner::Sequential(Box::new(engine))
    }

    /// One pass from `start` under `rules`, with the work it did.
    pub(crate) fn pass(&mut self, start: &P::State, rules: Rules) -> (PassEnd<P::Move>, Stats) {
        match self {
            Runner::Sequential(engine) => {
                engine.rules = rules;
                engine.path.clear();
                let flow = engine.run(start, None);
                let end = pass_end(engine, flow);
                (end, std::mem::take(&mut engine.stats))
            }
            Runner::Parallel(par) => par.run_pass(start, rules),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_pass_is_predicted_from_the_growth_of_the_last_two() {
        let ms = Duration::from_millis;
        assert_eq!(predict([None, None]), None);
        assert_eq!(predict([None, Some(ms(1))]), Some(ms(8)));
        assert_eq!(predict([Some(ms(1)), Some(ms(3))]), Some(ms(9)));
        // A pass that shrank is not taken to shrink further; growth capped.
        assert_eq!(predict([Some(ms(4)), Some(ms(2))]), Some(ms(2)));
        assert_eq!(predict([Some(ms(1)), Some(ms(100))]), Some(ms(1600)));
        assert_eq!(predict([Some(ms(0)), Some(ms(1))]), Some(ms(8)));
    }
}
