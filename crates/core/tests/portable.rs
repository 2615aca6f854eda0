//! Portable parts (`Solver::solve_by_parts`, `Solver::part_searcher`):
//! passes split into parts that a runner searches in any order, each part
//! by a searcher of its own or one shared, against the sequential search.

use puzzle_search_core::{MakeUnmake, Sequential};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::Ordering;

use puzzle_testkit::graph::Graph;
use puzzle_testkit::stepped::Stepped;

use crate::canonical::Ringed;
use crate::eight_puzzle::Endless;
use crate::hand_over::strategies;

use puzzle_search_core::portable::{
    Part, PartEnd, PartError, PartReport, PartRunner, PartSearcher,
};
use puzzle_search_core::{
    Budget, InPlace, Limit, Outcome, Puzzle, Solver, Stats, Strategy, input::SplitMix64,
};

/// Searches the parts in a random order, a new searcher every few parts
/// (as parts spread over processes would be), its searchers handing work
/// over at random when `split` says so (the parts handed over join the
/// others), and leaves the parts right of the leftmost solution unsearched
/// when `skip` says so.
struct Shuffled<'a, P: Puzzle> {
    /// The solver, checking for hand-overs at every node.
    solver: Solver,
    /// How a searcher is made: the plain loop or the in-place one.
    with: With<P>,
    puzzle: &'a P,
    start: &'a P::State,
    rng: RefCell<SplitMix64>,
    wanted: usize,
    skip: bool,
    split: bool,
    /// Parts searched, over every pass.
    parts: RefCell<usize>,
    /// Parts handed over, over every pass.
    handed: RefCell<u64>,
    /// What each pass was predicted to take, as `parts_wanted` heard.
    predicted: RefCell<Vec<Option<std::time::Duration>>>,
}

impl<'a, P: Puzzle> Shuffled<'a, P> {
    fn new(
        solver: &'a Solver,
        puzzle: &'a P,
        start: &'a P::State,
        seed: u64,
        wanted: usize,
    ) -> Self {
        Self {
            solver: solver.hand_over_always(true),
            with: plain::<P>,
            puzzle,
            start,
            rng: RefCell::new(SplitMix64::new(seed)),
            wanted,
            skip: seed % 2 == 0,
            split: seed % 3 != 0,
            parts: RefCell::new(0),
            handed: RefCell::new(0),
            predicted: RefCell::new(Vec::new()),
        }
    }
}

/// Runs `f` with a part searcher of `solver`.
type With<P> = fn(
    &Solver,
    &P,
    &<P as Puzzle>::State,
    &mut dyn FnMut(&mut PartSearcher<'_, P>),
) -> Result<(), PartError>;

fn plain<P: Puzzle>(
    solver: &Solver,
    puzzle: &P,
    start: &P::State,
    f: &mut dyn FnMut(&mut PartSearcher<'_, P>),
) -> Result<(), PartError> {
    solver.part_searcher(Sequential(puzzle), start, f)
}

fn in_place<P: InPlace>(
    solver: &Solver,
    puzzle: &P,
    start: &P::State,
    f: &mut dyn FnMut(&mut PartSearcher<'_, P>),
) -> Result<(), PartError> {
    solver.part_searcher(Sequential(MakeUnmake(puzzle)), start, f)
}

impl<P: Puzzle> PartRunner<P::Move> for Shuffled<'_, P>
where
    P::Move: 'static,
{
    fn run(
        &self,
        limit: u32,
        parts: Vec<Part<P::Move>>,
    ) -> Vec<(Part<P::Move>, Option<PartReport<P::Move>>)> {
        // Parts to search, taken at random; hand-overs join them.
        let queue = Rc::new(RefCell::new(parts));
        let mut done = Vec::new();
        let mut rng = self.rng.borrow_mut();
        while !queue.borrow().is_empty() {
            let chunk = 1 + rng.below(4);
            let seed = rng.next_u64();
            (self.with)(&self.solver, self.puzzle, self.start, &mut |searcher| {
                let ask = searcher.hand_over_flag();
                if self.split {
                    // Each part handed over asks for another, half the time.
                    let (into, again) = (queue.clone(), ask.clone());
                    let mut coin = SplitMix64::new(seed);
                    searcher.hand_over_to(move |part| {
                        into.borrow_mut().push(part);
                        again.store(coin.below(2) == 0, Ordering::Relaxed);
                    });
                }
                for _ in 0..chunk {
                    let len = queue.borrow().len();
                    if len == 0 {
                        break;
                    }
                    let at = rng.below(len as u64) as usize;
                    let part = queue.borrow_mut().swap_remove(at);
                    ask.store(self.split && rng.below(2) == 0, Ordering::Relaxed);
                    let report = searcher.search(limit, &part).expect("a part of ours");
                    *self.handed.borrow_mut() += report.stats.handed_over;
                    done.push((part, Some(report)));
                }
            })
            .expect("DFS and IDA* split");
        }
        *self.parts.borrow_mut() += done.len();
        if self.skip {
            done.sort_by_key(|(part, _)| part.start());
            let first = done.iter().position(|(_, r)| {
                matches!(
                    r.as_ref().map(|r| &r.end),
                    Some(PartEnd::Found(_) | PartEnd::Stopped(_))
                )
            });
            if let Some(first) = first {
                // Right of it: left unsearched (when it handed nothing
                // over), or reported preempted.
                for (_, r) in &mut done[first + 1..] {
                    let handed = r.as_ref().map_or(0, |r| r.stats.handed_over);
                    if handed == 0 && rng.below(2) == 0 {
                        *r = None;
                    } else if let Some(r) = r {
                        r.end = PartEnd::Preempted;
                    }
                }
            }
            // Any order will do.
            done.reverse();
        }
        done
    }

    fn parts_wanted(&self, predicted: Option<std::time::Duration>) -> usize {
        self.predicted.borrow_mut().push(predicted);
        self.wanted
    }
}

#[test]
fn parts_in_any_order_give_the_sequential_answer_on_random_graphs() {
    let mut rng = SplitMix64::new(2222);
    let (mut solved, mut parts, mut handed) = (0, 0, 0);
    for i in 0..40u64 {
        let mut graph = if i % 2 == 0 {
            Graph::sparse(&mut rng, 10, 6)
        } else {
            Graph::cyclic(&mut rng, 14, 8)
        };
        graph.trim = i % 3 == 0;
        graph.dead_ends = i % 4 != 0;
        let start = rng.below(graph.edges.len() as u64) as u32;
        for strategy in strategies() {
            for solver in [
                Solver::new(strategy),
                Solver::new(strategy)
                    .table_bytes(1 << 16)
                    .table_min_slack(0),
                Solver::new(strategy).dedup(true),
            ] {
                let want = solver.solve(Sequential(&graph), &start).outcome;
                solved += usize::from(matches!(want, Outcome::Solved(_)));
                for wanted in [1, 4, 64] {
                    let runner =
                        Shuffled::new(&solver, &graph, &start, i * 7 + wanted as u64, wanted);
                    let got = solver.solve_by_parts(&graph, &start, &runner);
                    assert_eq!(got.outcome, want, "graph {i} {solver:?} {wanted} parts");
                    parts += *runner.parts.borrow();
                    handed += *runner.handed.borrow();
                }
                // Parts searched by the in-place loop.
                let stepped = Stepped::<_>(graph.clone());
                let mut runner = Shuffled::new(&solver, &stepped, &start, i, 16);
                runner.with = in_place::<Stepped<Graph>>;
                let got = solver.solve_by_parts(&stepped, &start, &runner);
                assert_eq!(got.outcome, want, "graph {i} {solver:?} in place");
                handed += *runner.handed.borrow();
            }
        }
    }
    // Some with answers, some without; passes were split, and searchers
    // handed work over.
    assert!(solved > 100 && solved < 800, "{solved}");
    assert!(parts > 1_000, "{parts}");
    assert!(handed > 1_000, "{handed}");
}

#[test]
fn parts_carry_the_canonical_automaton() {
    let mut rng = SplitMix64::new(2323);
    for i in 0..25 {
        let p = Ringed::random(&mut rng);
        let start = rng.below(p.graph.edges.len() as u64) as u32;
        let want = p.graph.expected(start).filter(|m| m.len() <= 9);
        let solver = Solver::new(Strategy::IdaStar { max_depth: 9 });
        let runner = Shuffled::new(&solver, &p, &start, i, 16);
        let got = solver.solve_by_parts(&p, &start, &runner);
        assert_eq!(got.solution().map(<[u8]>::to_vec), want, "{i}");
    }
}

#[test]
fn the_eight_puzzle_by_parts_equals_one_thread() {
    use puzzle_testkit::eight_puzzle::{EightPuzzle, instances};
    for (i, board) in instances(6, 77).into_iter().enumerate() {
        let ida = Solver::new(Strategy::IdaStar { max_depth: 40 });
        let want = ida.solve(Sequential(&EightPuzzle), &board);
        let runner = Shuffled::new(&ida, &EightPuzzle, &board, i as u64, 64);
        let got = ida.solve_by_parts(&EightPuzzle, &board, &runner);
        assert_eq!(got.outcome, want.outcome, "board {i}");
        assert!(*runner.parts.borrow() > 0);
        // No prediction before the first pass; one, from the parts' search
        // times, for every pass after.
        let predicted = runner.predicted.borrow();
        assert_eq!(predicted.first(), Some(&None), "board {i}");
        assert!(predicted[1..].iter().all(Option::is_some), "board {i}");
    }
}

#[test]
fn budgets_stop_a_search_by_parts_and_say_so() {
    // The driving side's node limit, counted over the parts' nodes.
    let solver = Solver::new(Strategy::IdaStar { max_depth: 200 })
        .budget(Budget::default().max_nodes(20_000));
    let searcher_side = Solver::new(Strategy::IdaStar { max_depth: 200 });
    let runner = Shuffled::new(&searcher_side, &Endless, &0, 1, 8);
    let got = solver.solve_by_parts(&Endless, &0, &runner);
    assert_eq!(got.outcome, Outcome::Stopped(Limit::Nodes));
    // The searching side's own limit comes back as a stop too.
    let runner = Shuffled::new(&solver, &Endless, &0, 2, 8);
    let got =
        Solver::new(Strategy::IdaStar { max_depth: 200 }).solve_by_parts(&Endless, &0, &runner);
    assert_eq!(got.outcome, Outcome::Stopped(Limit::Nodes));
}

#[test]
fn a_part_of_another_start_and_a_strategy_that_does_not_split_are_errors() {
    let mut rng = SplitMix64::new(5);
    let graph = Graph::sparse(&mut rng, 10, 6);
    let solver = Solver::new(Strategy::IdaStar { max_depth: 9 });
    // Move 200 is nowhere legal.
    let part = Part {
        path: vec![200u8],
        from: None,
        q: 0,
    };
    let err = solver
        .part_searcher(&graph, &0, |s| s.search(5, &part))
        .expect("IDA* splits")
        .expect_err("an illegal path");
    assert_eq!(
        err.to_string(),
        "move 1 of the part's path is not legal from the start"
    );
    let bfs = Solver::new(Strategy::bfs());
    let err = bfs
        .part_searcher(&graph, &0, |_| ())
        .expect_err("BFS does not split");
    assert!(err.to_string().contains("BFS"), "{err}");
    // `solve_by_parts` runs such a strategy here, as a `Sequential` solve.
    let runner = Shuffled::new(&bfs, &graph, &0, 1, 8);
    let got = bfs.solve_by_parts(&graph, &0, &runner);
    assert_eq!(got.outcome, bfs.solve(Sequential(&graph), &0).outcome);
    assert_eq!(*runner.parts.borrow(), 0);
}

/// Leaves every part unsearched: a broken runner.
struct Lazy;

impl PartRunner<i8> for Lazy {
    fn run(&self, _: u32, parts: Vec<Part<i8>>) -> Vec<(Part<i8>, Option<PartReport<i8>>)> {
        parts.into_iter().map(|part| (part, None)).collect()
    }
}

#[test]
#[should_panic(expected = "left part 0 unsearched")]
fn a_runner_that_leaves_out_a_needed_part_is_caught() {
    let solver = Solver::new(Strategy::IdaStar { max_depth: 200 });
    let _ = solver.solve_by_parts(&Endless, &0, &Lazy);
}

/// Reports every part preempted: a broken runner too.
struct Impatient;

impl PartRunner<i8> for Impatient {
    fn run(&self, _: u32, parts: Vec<Part<i8>>) -> Vec<(Part<i8>, Option<PartReport<i8>>)> {
        let preempted = PartReport {
            end: PartEnd::Preempted,
            stats: Stats::default(),
        };
        parts
            .into_iter()
            .map(|part| (part, Some(preempted.clone())))
            .collect()
    }
}

#[test]
#[should_panic(expected = "preempted part 0 with no solution")]
fn a_runner_that_preempts_a_needed_part_is_caught() {
    let solver = Solver::new(Strategy::IdaStar { max_depth: 200 });
    let _ = solver.solve_by_parts(&Endless, &0, &Impatient);
}

/// Searches every part, handing work over at once, and loses what was
/// handed over: a broken runner.
struct Forgetful<'a>(&'a Solver);

impl PartRunner<i8> for Forgetful<'_> {
    fn run(&self, limit: u32, parts: Vec<Part<i8>>) -> Vec<(Part<i8>, Option<PartReport<i8>>)> {
        let mut done = Vec::new();
        let solver = self.0.hand_over_always(true);
        solver
            .part_searcher(&Endless, &0, |searcher| {
                searcher.hand_over_to(|_| ());
                for part in parts {
                    searcher.hand_over_flag().store(true, Ordering::Relaxed);
                    let report = searcher.search(limit, &part).expect("a part of ours");
                    done.push((part, Some(report)));
                }
            })
            .expect("IDA* splits");
        done
    }
}

#[test]
#[should_panic(expected = "handed over")]
fn a_runner_that_loses_a_part_handed_over_is_caught() {
    let solver = Solver::new(Strategy::IdaStar { max_depth: 200 })
        .budget(Budget::default().max_nodes(100_000));
    let _ = solver.solve_by_parts(&Endless, &0, &Forgetful(&solver));
}
