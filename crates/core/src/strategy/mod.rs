//! The strategies: depth-limited DFS, IDA*, BFS, A*, bidirectional BFS,
//! every shortest solution, and how their passes run.
//!
//! This module holds what every strategy is handed ([`Setup`]), the
//! reachability check before practically unlimited depths, and
//! [`Runner`], which runs a strategy's passes sequentially, in parallel or
//! in portable parts. What the pass forms share (how a pass ends, the
//! split phase) is in [`crate::pass`], below both the forms that use it
//! ([`parallel`], [`crate::portable`]) and this module, so that none of
//! them imports another back; the walk over the sequences of one length
//! is [`walk`].

pub(crate) mod all;
pub(crate) mod astar;
pub(crate) mod bfs;
pub(crate) mod bidir;
pub(crate) mod dfs;
pub(crate) mod ida;
pub(crate) mod layers;
#[cfg(feature = "parallel")]
pub(crate) mod parallel;
pub(crate) mod reach;
pub(crate) mod walk;

pub(crate) use reach::{Reach, Verdict};
pub(crate) use walk::{smallest_of_length, walk_length};

use crate::engine::{Engine, InPlaceFn, Rules};
use crate::meter::{Ctx, Meter};
use crate::options::Options;
use crate::outcome::Outcome;
use crate::pass::{PassEnd, PassRun, pass_end};
use crate::portable::{ByParts, PartRunner};
#[cfg(feature = "parallel")]
use crate::puzzle::ParallelPuzzle;
use crate::puzzle::Puzzle;
use crate::stats::Stats;
use crate::table::Memo;

/// Makes the parallel form of a pass. Only a [`ParallelPuzzle`] has one;
/// the strategies take it as an `Option`, so that they compile for any
/// puzzle and [`Sequential`](crate::Sequential)
/// needs no `Sync`.
pub(crate) type ParallelForm<P> = for<'a> fn(
    &'a P,
    &'a Ctx<'a>,
    usize,
    Option<InPlaceFn<P>>,
    bool,
    bool,
) -> Box<dyn PassRun<P> + 'a>;

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
        any: bool,
    ) -> Box<dyn PassRun<P> + 'a> {
        Box::new(parallel::Parallel::new(
            puzzle,
            ctx,
            table_bytes,
            in_place,
            eager,
            any,
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

/// Starts the reachability check ([`reach`]) from `start`: stores up to
/// [`REACH_STATES`](reach::REACH_STATES) states. `Err(outcome)` when that
/// decides the search: no goal is reachable (`NoSolution`), or the budget
/// ran out. Its work is reported apart from the strategy's, in
/// `reach_expanded` (it counts against the budget all the same).
pub(crate) fn reach_check<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    ctx: &Ctx<'_>,
    stats: &mut Stats,
) -> Result<Reach<P>, Outcome<P::Move>> {
    let mut check = Reach::new(start, ctx);
    match check.advance(puzzle, u64::MAX, reach::REACH_STATES, ctx, stats) {
        Ok(Verdict::NoGoal) => Err(Outcome::NoSolution),
        Ok(_) => {
            check.base = check.generated;
            Ok(check)
        }
        Err(limit) => Err(Outcome::Stopped(limit)),
    }
}

/// A node's children with their moves, in canonical order.
pub(crate) type Children<P> = Vec<(<P as Puzzle>::Move, <P as Puzzle>::State)>;

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
        // On one thread the parallel form would only add its locks (and
        // rayon is not asked unless there is a parallel form to run).
        if let Some(make) = setup.parallel.filter(|_| crate::threads::many()) {
            let eager = setup.options.hand_over_always;
            let any = setup.options.any_shortest;
            return Runner::Parallel(make(puzzle, ctx, table_bytes, setup.in_place, eager, any));
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
