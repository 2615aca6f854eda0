//! The dense census of large spaces (two bits a rank) against the hash
//! census, budgets, and the `successor_ranks` default.

use puzzle_search_core::{Budget, CancelFlag, Limit, Puzzle, Ranked, Solver, Strategy};

/// Ranks of a space of `2^25 + 16` ranks (past the two-bit threshold) of
/// which 1,024 are reachable from any start below 2^25: moves that flip
/// bit 0, 20 or 24, turn bits 1-3 by three or five, or add 1 or 15 to bits
/// 8-11 (each undone by another move, every state below 2^25).
struct Sparse;

const SIZE: u64 = (1 << 25) + 16;

impl Puzzle for Sparse {
    type State = u64;
    type Move = u8;
    fn successors(&self, s: &u64, out: &mut Vec<(u8, u64)>) {
        let field = |shift: u32, width: u32, k: u64| {
            let mask = ((1u64 << width) - 1) << shift;
            (s & !mask) | ((((s & mask) >> shift) + k) << shift & mask)
        };
        out.extend([
            (0, s ^ 1),
            (1, field(1, 3, 3)),
            (2, field(1, 3, 5)),
            (3, field(8, 4, 1)),
            (4, field(8, 4, 15)),
            (5, s ^ 1 << 20),
            (6, s ^ 1 << 24),
        ]);
    }
    fn is_goal(&self, s: &u64) -> bool {
        *s == 0
    }
}

impl Ranked for Sparse {
    fn space_size(&self) -> u64 {
        SIZE
    }
    fn rank(&self, s: &u64) -> u64 {
        *s
    }
    fn unrank(&self, r: u64) -> u64 {
        r
    }
}

#[test]
fn two_bit_census_equals_the_hash_census() {
    let solver = Solver::new(Strategy::bfs()).budget(Budget::default().max_states(1 << 30));
    for start in [0, 12_345, (1 << 25) - 1] {
        let hash = solver.census(&Sparse, &start);
        let dense = solver.census_ranked(&Sparse, &start);
        assert_eq!(hash.stopped, None);
        assert_eq!(dense.layers, hash.layers, "from {start}");
        assert_eq!(dense.stopped, None);
        assert_eq!(hash.states(), 1024);
        // The two-bit path keeps no state list: its peak is the space.
        assert_eq!(dense.stats.peak_visited, SIZE);
    }
}

#[test]
fn two_bit_census_budgets() {
    // A space larger than `max_states` ranks is refused.
    let small = Solver::new(Strategy::bfs()).budget(Budget::default().max_states(1000));
    let refused = small.census_ranked(&Sparse, &0);
    assert_eq!(refused.stopped, Some(Limit::States));
    assert!(refused.layers.is_empty());
    assert_eq!(refused.notes.len(), 1, "{:?}", refused.notes);
    assert!(
        refused.notes[0].contains("more than the cap of 1000"),
        "{:?}",
        refused.notes
    );
    // The sorted census says so up front, and goes as far as the cap lets it.
    let sorted = small.census_sorted(&Sparse, &0);
    assert!(
        sorted.notes[0].contains("the census may stop"),
        "{:?}",
        sorted.notes
    );
    let roomy = Solver::new(Strategy::bfs()).budget(Budget::default().max_states(1 << 30));
    assert!(roomy.census_ranked(&Sparse, &0).notes.is_empty());
    // A cancelled census stops, said so, never as a finished one.
    let flag = CancelFlag::new();
    flag.cancel();
    let cancelled = Solver::new(Strategy::bfs())
        .budget(Budget::default().max_states(1 << 30).cancel_flag(flag))
        .census_ranked(&Sparse, &0);
    assert_eq!(cancelled.stopped, Some(Limit::Cancelled));
}

#[test]
fn successor_ranks_default_ranks_the_successors() {
    let mut got = Vec::new();
    Sparse.successor_ranks(2, &mut |r| got.push(r));
    let mut want = Vec::new();
    Sparse.successors(&2, &mut want);
    assert_eq!(got, want.iter().map(|(_, s)| *s).collect::<Vec<_>>());
}

/// A graph of 300,007 states whose layers run to tens of thousands (past
/// the parallel census's one-thread threshold): three mixing moves and
/// their inverses' stand-ins.
struct Mixing;

const MIXING: u64 = 300_007;

impl Puzzle for Mixing {
    type State = u64;
    type Move = u8;
    fn successors(&self, s: &u64, out: &mut Vec<(u8, u64)>) {
        out.extend([
            (0, (s * 3 + 1) % MIXING),
            (1, (s * 5 + 7) % MIXING),
            (2, (s + 1) % MIXING),
            (3, (s + MIXING - 1) % MIXING),
            (4, (s * 7 + 2) % MIXING),
        ]);
    }
    fn is_goal(&self, _: &u64) -> bool {
        false
    }
}

/// The hash census on several threads against one thread: the same
/// layers and counts, and a state cap stops both after the same layer.
#[test]
fn parallel_hash_census_equals_the_sequential_one() {
    let one = Solver::new(Strategy::bfs());
    let want = one.census_sequential(&Mixing, &0);
    assert_eq!(want.states(), MIXING);
    assert!(want.layers.iter().any(|&n| n > 10_000), "{:?}", want.layers);
    for threads in [2, 3] {
        let many = one.threads(threads);
        let got = many.census(&Mixing, &0);
        assert_eq!(got.layers, want.layers, "{threads} threads");
        assert_eq!(got.stopped, None);
        assert_eq!(got.stats.expanded, want.stats.expanded);
        assert_eq!(got.stats.generated, want.stats.generated);
        assert_eq!(got.stats.duplicates, want.stats.duplicates);
        let cap = Budget::default().max_states(100_000);
        let capped = many.budget(cap.clone()).census(&Mixing, &0);
        let capped_one = one.budget(cap).census_sequential(&Mixing, &0);
        assert_eq!(capped.stopped, Some(Limit::States));
        assert_eq!(capped.layers, capped_one.layers);
    }
}
