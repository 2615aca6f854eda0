//! `threads(1)` and `parallel(false)` keep every call on the calling
//! thread: the process's thread count does not change across a solve, a
//! census, a ranked census and the shortest-solution counts, and rayon's
//! global pool is never started. A binary of its own: no other test may
//! start threads meanwhile. Linux only (it reads `/proc/self/task`).

use puzzle_search_core::{Puzzle, Ranked, Solver, Strategy};
use puzzle_testkit::rush_hour::{HARDEST, Metric, RushHour};

/// The process's threads, where the system tells.
fn threads() -> Option<usize> {
    std::fs::read_dir("/proc/self/task").ok().map(|d| d.count())
}

/// Bit strings of length 12; a move flips one bit (4,096 states).
struct Bits;
impl Puzzle for Bits {
    type State = u16;
    type Move = u8;
    fn successors(&self, s: &u16, out: &mut Vec<(u8, u16)>) {
        out.extend((0..12).map(|b| (b, s ^ 1 << b)));
    }
    fn is_goal(&self, s: &u16) -> bool {
        *s == 0xfff
    }
    fn lower_bound(&self, s: &u16) -> Option<u32> {
        Some(12 - s.count_ones())
    }
}
impl Ranked for Bits {
    fn space_size(&self) -> u64 {
        1 << 12
    }
    fn rank(&self, s: &u16) -> u64 {
        u64::from(*s)
    }
    fn unrank(&self, r: u64) -> u16 {
        r as u16
    }
}

/// Every kind of call, on the given solver (its strategy replaced where
/// the call needs another).
fn every_call(solver: &Solver) {
    let puzzle = RushHour::parse(HARDEST, Metric::Slide).expect("a board");
    let start = puzzle.start();
    let ida = solver.with_strategy(Strategy::ida()).table(true);
    assert_eq!(
        ida.solve(&puzzle, &start).solution().map(<[_]>::len),
        Some(51)
    );
    let plain = solver.with_strategy(Strategy::IdaStar { max_depth: 12 });
    assert_eq!(plain.solve(&Bits, &0).solution().map(<[_]>::len), Some(12));
    let bfs = solver.with_strategy(Strategy::bfs());
    assert_eq!(bfs.census(&puzzle, &start).states(), 4780);
    assert_eq!(bfs.census_ranked(&Bits, &0).states(), 4096);
    assert_eq!(
        bfs.distances_ranked(&Bits, &0)
            .expect("small")
            .census()
            .states(),
        4096
    );
    let counted = ida.count_shortest(&puzzle, &start, u32::MAX);
    assert!(matches!(
        counted.outcome,
        puzzle_search_core::Shortest::Found { length: 51, .. }
    ));
    let batch = ida.solve_batch(&puzzle, &[start, start], |_, _| {});
    assert!(
        batch
            .iter()
            .all(|r| r.solution().map(<[_]>::len) == Some(51))
    );
}

#[test]
fn one_thread_means_one() {
    let Some(before) = threads() else {
        eprintln!("one_thread: /proc/self/task is not readable here, skipped");
        return;
    };
    for solver in [
        Solver::new(Strategy::ida()).threads(1),
        Solver::new(Strategy::ida()).parallel(false),
        Solver::new(Strategy::ida()).threads(4).threads(1),
    ] {
        every_call(&solver);
        assert_eq!(threads(), Some(before), "{solver:?} started threads");
    }
    // The count sees threads where they are made: a pool of two, counted
    // while its solver (which owns it) lives; a pool dropped before the
    // count lets its threads exit at their own pace (this raced).
    let two = Solver::new(Strategy::ida()).threads(2);
    every_call(&two);
    assert!(
        threads().is_some_and(|n| n >= before + 2),
        "a pool of two was not seen"
    );
    drop(two);
}
