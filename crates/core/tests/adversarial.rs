//! What an adversarial pass found: each case failed before its
//! fix.

use std::ops::ControlFlow;
use std::time::Duration;

use puzzle_search_core::{Budget, Limit, Outcome, Puzzle, Shortest, Solver, Strategy};

/// From 0 to 10 by steps of one (`'a'`); `'b'` jumps to a dead state whose
/// bound is `u32::MAX` (admissible: no goal is reachable from it).
struct Cliff;

impl Puzzle for Cliff {
    type State = u32;
    type Move = char;
    fn successors(&self, s: &u32, out: &mut Vec<(char, u32)>) {
        if *s < 100 {
            out.push(('a', s + 1));
            out.push(('b', s + 1000));
        }
    }
    fn is_goal(&self, s: &u32) -> bool {
        *s == 10
    }
    fn lower_bound(&self, s: &u32) -> Option<u32> {
        Some(if *s >= 100 {
            u32::MAX
        } else {
            10u32.saturating_sub(*s)
        })
    }
}

#[test]
fn bounds_of_u32_max_do_not_overflow() {
    let want: Vec<char> = vec!['a'; 10];
    for strategy in [
        Strategy::astar(),
        Strategy::AStar {
            max_depth: u32::MAX,
        },
        Strategy::ida(),
        Strategy::IdaStar {
            max_depth: u32::MAX,
        },
        Strategy::bfs(),
    ] {
        let report = Solver::new(strategy).solve(&Cliff, &0);
        assert_eq!(report.solution(), Some(&want[..]), "{strategy:?}");
    }
    let solver = Solver::new(Strategy::ida());
    let count = solver.count_shortest(&Cliff, &0, u32::MAX);
    assert_eq!(
        count.outcome,
        Shortest::Found {
            length: 10,
            count: 1
        }
    );
    let mut seen = Vec::new();
    let each = solver.for_each_shortest(&Cliff, &0, u32::MAX, |m| {
        seen.push(m.to_vec());
        ControlFlow::Continue(())
    });
    assert_eq!(
        each.outcome,
        Shortest::Found {
            length: 10,
            count: 1
        }
    );
    assert_eq!(seen, [want]);
}

#[test]
fn a_time_limit_of_duration_max_is_no_limit() {
    let solver = Solver::new(Strategy::ida()).budget(Budget::default().time_limit(Duration::MAX));
    assert_eq!(
        solver.solve(&Cliff, &0).solution().map(<[char]>::len),
        Some(10)
    );
    let solver = solver.budget(
        Budget::default()
            .time_limit(Duration::MAX)
            .deadline(std::time::Instant::now() + Duration::from_secs(3600)),
    );
    assert_eq!(
        solver.solve(&Cliff, &0).solution().map(<[char]>::len),
        Some(10)
    );
}

/// An `n` x `n` lattice from the corner to the far corner: right or down,
/// C(2n, n) shortest paths through n^2 states.
struct Lattice(u32);

impl Puzzle for Lattice {
    type State = (u32, u32);
    type Move = char;
    fn successors(&self, &(r, c): &(u32, u32), out: &mut Vec<(char, (u32, u32))>) {
        if r < self.0 {
            out.push(('D', (r + 1, c)));
        }
        if c < self.0 {
            out.push(('R', (r, c + 1)));
        }
    }
    fn is_goal(&self, &(r, c): &(u32, u32)) -> bool {
        (r, c) == (self.0, self.0)
    }
    fn lower_bound(&self, &(r, c): &(u32, u32)) -> Option<u32> {
        Some(2 * self.0 - r - c)
    }
}

#[test]
fn counting_and_listing_keep_to_max_states() {
    let lattice = Lattice(60);
    let capped = Solver::new(Strategy::ida()).budget(Budget::default().max_states(100));
    // Counting memoises one entry per state: 3,721 of them, over 100.
    let report = capped.count_shortest(&lattice, &(0, 0), 200);
    assert_eq!(report.outcome, Shortest::Stopped(Limit::States));
    assert!(report.stats.peak_visited <= 100, "{:?}", report.stats);
    // Uncapped, the same call counts C(120, 60) exactly.
    let full = Solver::new(Strategy::ida()).count_shortest(&lattice, &(0, 0), 200);
    assert_eq!(
        full.outcome,
        Shortest::Found {
            length: 120,
            count: 96_614_908_840_363_322_603_893_139_521_372_656,
        }
    );
    // C(140, 70) is about 9.4e40, over u128::MAX: said so, not a number
    // that looks exact (it came back as Found { count: u128::MAX }).
    let big = Solver::new(Strategy::ida()).count_shortest(&Lattice(70), &(0, 0), 200);
    assert_eq!(big.outcome, Shortest::TooMany { length: 140 });
    // Listing remembers the states with no goal below: from every lattice
    // state a dead end (`Z`) of bound 0 runs as deep as the search; its
    // hundreds of states overfill a memory of 100.
    let traps = Traps(Lattice(8));
    let report = capped.for_each_shortest(&traps, &(0, 0, 0), 16, |_| ControlFlow::Continue(()));
    assert_eq!(report.outcome, Shortest::Stopped(Limit::States));
    let report = Solver::new(Strategy::ida())
        .for_each_shortest(&traps, &(0, 0, 0), 16, |_| ControlFlow::Continue(()));
    assert_eq!(
        report.outcome,
        Shortest::Found {
            length: 16,
            count: 12_870
        }
    );
}

/// [`Lattice`] with a dead end from every state: `(r, c, 0)` is the
/// lattice's `(r, c)`; `Z` goes to `(r, c, k + 1)`, which has no goal
/// below and bound 0.
struct Traps(Lattice);

impl Puzzle for Traps {
    type State = (u32, u32, u32);
    type Move = char;
    fn successors(&self, &(r, c, k): &(u32, u32, u32), out: &mut Vec<(char, (u32, u32, u32))>) {
        if k == 0 {
            let mut on = Vec::new();
            self.0.successors(&(r, c), &mut on);
            out.extend(on.into_iter().map(|(m, (r, c))| (m, (r, c, 0))));
        }
        out.push(('Z', (r, c, k + 1)));
    }
    fn is_goal(&self, &(r, c, k): &(u32, u32, u32)) -> bool {
        k == 0 && self.0.is_goal(&(r, c))
    }
    fn lower_bound(&self, &(r, c, k): &(u32, u32, u32)) -> Option<u32> {
        if k == 0 {
            self.0.lower_bound(&(r, c))
        } else {
            Some(0)
        }
    }
}

#[test]
fn a_star_stopped_by_states_says_how_many_it_held() {
    let report = Solver::new(Strategy::astar())
        .budget(Budget::default().max_states(50))
        .solve(&Lattice(30), &(0, 0));
    assert_eq!(report.outcome, Outcome::Stopped(Limit::States));
    assert_eq!(report.stats.peak_visited, 50);
}

/// The lattice, noting the most threads of the pool its successors ran on.
struct Watched(Lattice, std::sync::atomic::AtomicUsize);

impl Puzzle for Watched {
    type State = (u32, u32);
    type Move = char;
    fn successors(&self, s: &(u32, u32), out: &mut Vec<(char, (u32, u32))>) {
        // On a pool's thread only (the listing itself runs on the caller's).
        if rayon::current_thread_index().is_some() {
            let n = rayon::current_num_threads();
            self.1.fetch_max(n, std::sync::atomic::Ordering::Relaxed);
        }
        self.0.successors(s, out);
    }
    fn is_goal(&self, s: &(u32, u32)) -> bool {
        self.0.is_goal(s)
    }
}

#[test]
fn threads_are_capped_and_every_call_uses_them() {
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let huge = Solver::new(Strategy::ida()).threads(10_000_000);
    assert_eq!(
        huge.thread_count(),
        (cores * Solver::MAX_THREADS_PER_CORE).min(10_000_000)
    );
    // The listing's length search runs on the solver's pool (it ran on
    // the global one).
    let solver = Solver::new(Strategy::ida()).threads(3);
    let watched = Watched(Lattice(5), Default::default());
    let report = solver.for_each_shortest(&watched, &(0, 0), 10, |_| ControlFlow::Continue(()));
    assert_eq!(
        report.outcome,
        Shortest::Found {
            length: 10,
            count: 252
        }
    );
    let most = watched.1.load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!(most, 3, "the pool's threads");
}

/// A line 0..=20, goals 3 and 19, but `goal_states` lists only 19.
struct HalfListed;

impl Puzzle for HalfListed {
    type State = u8;
    type Move = char;
    fn successors(&self, s: &u8, out: &mut Vec<(char, u8)>) {
        if *s > 0 {
            out.push(('L', s - 1));
        }
        if *s < 20 {
            out.push(('R', s + 1));
        }
    }
    fn is_goal(&self, s: &u8) -> bool {
        *s == 3 || *s == 19
    }
    fn predecessors(&self, s: &u8, out: &mut Vec<(char, u8)>) -> bool {
        if *s < 20 {
            out.push(('L', s + 1));
        }
        if *s > 0 {
            out.push(('R', s - 1));
        }
        true
    }
    fn goal_states(&self, out: &mut Vec<u8>) -> bool {
        out.push(19);
        true
    }
}

#[test]
fn bidirectional_search_catches_a_goal_left_out_of_goal_states() {
    // It answered 'R' x 17 from 2 (to 19) where 'R' (to 3) is shorter.
    let solver = Solver::new(Strategy::Bidirectional { max_depth: 40 }).parallel(false);
    // Refused (it panicked before), naming what to fix.
    let report = solver.solve(&HalfListed, &2);
    let Outcome::Refused(why) = &report.outcome else {
        panic!("{:?}", report.outcome);
    };
    assert!(why.to_string().contains("goal_states"), "{why}");
    assert!(report.outcome.clone().into_result().is_err());
}
