//! Canonical move sequences (`Puzzle::canonical`) against brute force: a
//! random graph beside a ring of three, where moves on different parts
//! commute (an automaton puts them in ascending order, for every promise)
//! and two ring moves in a row collapse into at most one (left out for
//! shortest searches only). Every strategy, with and without the options
//! that merge paths by state, must give the answer of the plain graph.

use puzzle_search_core::MakeUnmake;
use std::ops::ControlFlow;

use puzzle_testkit::graph::Graph;

use crate::graphs::variants;
use puzzle_testkit::stepped::Stepped;

use puzzle_search_core::{
    DepthMode, Promise, Puzzle, Shortest, Solver, Strategy, input::SplitMix64,
};

/// A random graph (moves `0..6`) beside a ring of three (move 10 turns it
/// forward, 11 back). States `u * 3 + r`.
pub(crate) struct Ringed {
    pub(crate) graph: Graph,
}

impl Ringed {
    pub(crate) fn random(rng: &mut SplitMix64) -> Self {
        let n = 2 + rng.below(6) as usize;
        let a = Graph::cyclic(rng, n, 30);
        let goal_r = rng.below(3) as u32;
        let mut edges = Vec::new();
        let mut goals = Vec::new();
        for u in 0..n as u32 {
            for r in 0..3u32 {
                let mut out: Vec<(u8, u32)> = a.edges[u as usize]
                    .iter()
                    .map(|&(m, to)| (m, to * 3 + r))
                    .collect();
                out.push((10, u * 3 + (r + 1) % 3));
                out.push((11, u * 3 + (r + 2) % 3));
                edges.push(out);
                goals.push(a.goals[u as usize] && r == goal_r);
            }
        }
        let weaken = [1, 2, 1000][rng.below(3) as usize];
        Self {
            graph: Graph::new(edges, goals, weaken),
        }
    }
}

impl Puzzle for Ringed {
    type State = u32;
    type Move = u8;
    fn successors(&self, s: &u32, out: &mut Vec<(u8, u32)>) {
        self.graph.successors(s, out);
    }
    fn is_goal(&self, s: &u32) -> bool {
        self.graph.is_goal(s)
    }
    fn lower_bound(&self, s: &u32) -> Option<u32> {
        self.graph.lower_bound(s)
    }
    /// `q` is the last move plus one (0: none yet).
    fn canonical(&self, _: &u32, q: u32, mv: u8, promise: Promise) -> Option<u32> {
        if let Some(last) = q.checked_sub(1).map(|l| l as u8) {
            let ring = |m: u8| m >= 10;
            // `last mv` has the twin `mv last`: as long, and smaller.
            if ring(last) != ring(mv) && mv < last {
                return None;
            }
            // Two ring moves: at most one does the same, shorter.
            if promise == Promise::Shortest && ring(last) && ring(mv) {
                return None;
            }
        }
        Some(u32::from(mv) + 1)
    }
}

#[test]
fn canonical_sequences_keep_every_answer() {
    let mut rng = SplitMix64::new(77);
    let (mut left_out, mut solved) = (0u64, 0);
    for _ in 0..150 {
        let p = Ringed::random(&mut rng);
        let g = &p.graph;
        let start = rng.below(g.edges.len() as u64) as u32;
        let stepped = Stepped::<_>(Ringed { graph: g.clone() });
        // Shortest: the exact reference of the plain graph.
        let want = g.expected(start).filter(|m| m.len() <= 9);
        solved += usize::from(want.is_some());
        let mut shortest = variants(Strategy::IdaStar { max_depth: 9 });
        shortest.extend([
            Solver::new(Strategy::Bfs { max_depth: 9 }),
            Solver::new(Strategy::AStar { max_depth: 9 }),
        ]);
        for solver in shortest {
            let report = solver.solve(&p, &start);
            left_out += report.stats.canonical;
            assert_eq!(
                report.solution().map(<[u8]>::to_vec),
                want,
                "{start} {solver:?}"
            );
            let fast = solver.solve(MakeUnmake(&stepped), &start);
            assert_eq!(
                fast.solution().map(<[u8]>::to_vec),
                want,
                "in place {solver:?}"
            );
        }
        // Depth-limited: brute force over every sequence of the plain graph.
        for depth in [2, 4, 5] {
            let d = depth as usize;
            let exact = g.brute(start, d, &|len, s| len == d && g.goals[s as usize]);
            let at_most = g.brute(start, d, &|_, s| g.goals[s as usize]);
            for (mode, want) in [(DepthMode::Exactly, exact), (DepthMode::AtMost, at_most)] {
                for solver in variants(Strategy::Dfs { depth, mode }) {
                    let report = solver.solve(&p, &start);
                    left_out += report.stats.canonical;
                    assert_eq!(report.solution().map(<[u8]>::to_vec), want, "{solver:?}");
                    let fast = solver.solve(MakeUnmake(&stepped), &start);
                    assert_eq!(
                        fast.solution().map(<[u8]>::to_vec),
                        want,
                        "in place {solver:?}"
                    );
                }
            }
        }
        // The listing calls list every shortest sequence, pruned or not.
        let ida = Solver::new(Strategy::IdaStar { max_depth: 9 });
        let mut listed = 0u64;
        let report = ida.for_each_shortest(&p, &start, 9, |_| {
            listed += 1;
            ControlFlow::Continue(())
        });
        let plain = Solver::new(Strategy::IdaStar { max_depth: 9 }).count_shortest(g, &start, 9);
        assert_eq!(report.outcome, plain.outcome);
        if let Shortest::Found { count, .. } = plain.outcome {
            assert_eq!(u128::from(listed), count);
        }
    }
    assert!(left_out > 10_000 && solved > 50, "{left_out} {solved}");
}
