//! The strategies: depth-limited DFS, IDA*, BFS, and the parallel pass.

pub(crate) mod bfs;
pub(crate) mod dfs;
pub(crate) mod ida;
#[cfg(feature = "parallel")]
pub(crate) mod parallel;

use crate::budget::Limit;
use crate::engine::{Engine, Flow, INF, Rules};
use crate::meter::{Ctx, Interrupt, Meter};
use crate::puzzle::Puzzle;
use crate::stats::Stats;
use crate::table::Memo;

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
        #[cfg(feature = "parallel")]
        if parallel {
            return Runner::Parallel(parallel::Parallel::new(puzzle, ctx, table_bytes));
        }
        let _ = parallel;
        let engine = Engine::new(
            puzzle,
            rules,
            Memo::local(table_bytes),
            Meter::new(ctx),
            ctx.hasher,
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
