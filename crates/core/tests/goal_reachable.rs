//! `Solver::goal_reachable`: DFS and IDA* at unlimited depths skip the
//! reachability check, with the same answers where a goal is reachable,
//! and a space with none reported as stopped by the budget, never
//! solved.

use puzzle_search_core::{Budget, DepthMode, Outcome, Solver, Strategy, from_fn, replay};

/// A ring of `n` states, steps of +1 or +3, the goal `goal` (none when
/// `goal >= n`).
fn ring(n: u32, goal: u32) -> impl puzzle_search_core::Puzzle<State = u32, Move = u32> {
    from_fn(
        move |s: &u32, out: &mut Vec<(u32, u32)>| out.extend([(1, (s + 1) % n), (3, (s + 3) % n)]),
        move |s: &u32| *s == goal,
    )
}

#[test]
fn the_same_answers_without_the_check() {
    // DFS from 256 moves on runs the check too.
    let dfs = Strategy::Dfs {
        depth: 300,
        mode: DepthMode::AtMost,
    };
    for strategy in [Strategy::ida(), dfs] {
        for goal in 1..20 {
            let puzzle = ring(20, goal);
            let checked = Solver::new(strategy).solve(&puzzle, &0);
            let trusted = Solver::new(strategy)
                .goal_reachable(true)
                .solve(&puzzle, &0);
            assert_eq!(checked.outcome, trusted.outcome, "goal {goal}");
            let moves = trusted.solution().expect("solved");
            assert_eq!(replay(&puzzle, &0, moves), Ok(goal));
            assert_eq!(trusted.stats.reach_expanded, 0, "no check ran");
        }
    }
    // The check runs by default (IDA* at unlimited depth).
    let report = Solver::new(Strategy::ida()).solve(&ring(20, 7), &0);
    assert!(report.stats.reach_expanded > 0);
}

#[test]
fn a_wrong_claim_runs_to_the_budget_never_to_an_answer() {
    let puzzle = ring(20, 99);
    let checked = Solver::new(Strategy::ida()).solve(&puzzle, &0);
    assert_eq!(checked.outcome, Outcome::NoSolution);
    let trusted = Solver::new(Strategy::ida())
        .goal_reachable(true)
        .budget(Budget::default().max_nodes(100_000))
        .solve(&puzzle, &0);
    assert!(
        matches!(trusted.outcome, Outcome::Stopped(_)),
        "{:?}",
        trusted.outcome
    );
}
