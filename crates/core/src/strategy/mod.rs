//! The strategies: depth-limited DFS, IDA*, BFS, and the parallel pass.

pub(crate) mod all;
pub(crate) mod astar;
pub(crate) mod bfs;
pub(crate) mod bidir;
pub(crate) mod dfs;
pub(crate) mod ida;
#[cfg(feature = "parallel")]
pub(crate) mod parallel;

use crate::budget::Limit;
use crate::engine::{Engine, Flow, INF, Rules};
use crate::meter::{Ctx, Interrupt, Meter};
use crate::outcome::Outcome;
use crate::puzzle::Puzzle;
use crate::stats::Stats;
use crate::table::Memo;

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
/// reachable from `start` (`NoSolution`), or the budget ran out.
pub(crate) fn reach_check<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    ctx: &Ctx<'_>,
    stats: &mut Stats,
) -> Option<Outcome<P::Move>> {
    let cap = REACH_STATES.min(ctx.budget.max_states);
    // With no depth limit the BFS prunes dead ends only, so "no solution"
    // means the whole reachable space was seen and holds no goal.
    match bfs::search(puzzle, start, INF, cap, ctx, None, stats) {
        Outcome::NoSolution => Some(Outcome::NoSolution),
        Outcome::Solved(_) | Outcome::Stopped(Limit::States) => None,
        Outcome::Stopped(limit) => Some(Outcome::Stopped(limit)),
    }
}

/// A node's children with their moves, in canonical order.
pub(crate) type Children<P> = Vec<(<P as Puzzle>::Move, <P as Puzzle>::State)>;

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

/// Runs DFS passes from one start, sequentially or in parallel, keeping the
/// transposition table between passes (its facts stay true across IDA*
/// iterations).
pub(crate) enum Runner<'a, P: Puzzle> {
    Sequential(Box<Engine<'a, P>>),
    #[cfg(feature = "parallel")]
    Parallel(parallel::Parallel<'a, P>),
}

impl<'a, P: Puzzle> Runner<'a, P> {
    pub(crate) fn new(
        puzzle: &'a P,
        ctx: &'a Ctx<'a>,
        rules: Rules,
        table_bytes: usize,
        parallel: bool,
    ) -> Self {
        // On one thread the parallel form would only add its locks.
        #[cfg(feature = "parallel")]
        if parallel && rayon::current_num_threads() > 1 {
            return Runner::Parallel(parallel::Parallel::new(puzzle, ctx, table_bytes));
        }
        let _ = parallel;
        let engine = Engine::new(
            puzzle,
            rules,
            Memo::local(table_bytes),
            Meter::new(ctx),
            ctx.hasher.clone(),
        );
        Runner::Sequential(Box::new(engine))
    }

    /// One pass from `start` under `rules`, with the work it did.
    pub(crate) fn pass(&mut self, start: &P::State, rules: Rules) -> (PassEnd<P::Move>, Stats) {
        match self {
            Runner::Sequential(engine) => {
                engine.rules = rules;
                engine.path.clear();
                let end = match engine.run(start, None) {
                    Flow::Found => PassEnd::Found(engine.path.clone()),
                    Flow::Fail(_) | Flow::Deferred => PassEnd::Fail {
                        next: engine.min_pruned,
                    },
                    Flow::Stop(Interrupt::Limit(limit)) => PassEnd::Stopped(limit),
                    // Only parallel tasks are preempted.
                    Flow::Stop(Interrupt::Preempted) => PassEnd::Fail { next: INF },
                };
                (end, std::mem::take(&mut engine.stats))
            }
            #[cfg(feature = "parallel")]
            Runner::Parallel(par) => par.pass(start, rules),
        }
    }
}
