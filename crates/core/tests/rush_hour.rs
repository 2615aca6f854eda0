//! Rush Hour: a weak bound and a goal that is a predicate. The
//! hardest board of Fogleman's database by every strategy on the
//! defaults, in both metrics, against the breadth-first oracle; an
//! unsolvable board answered "no solution" by every strategy (IDA*
//! without the table too: its reachability check grows); bidirectional
//! search refusing an incomplete goal list and saying when it ran as BFS;
//! the notes a wasteful search gets.

use puzzle_search_core::{Budget, Outcome, Puzzle, Solver, Strategy, replay};
use puzzle_testkit::rush_hour::{HARDEST, Metric, RushHour, State};

/// An unsolvable board: the lying `B` in `A`'s row can never leave it
/// (1,508 states reachable).
const UNSOLVABLE: &str = "KoooDDKLLLooAAJoBBoHJoIoGHCEIoGHCEFF";

fn strategies() -> Vec<(&'static str, Solver)> {
    vec![
        ("ida+table", Solver::new(Strategy::ida()).table(true)),
        ("bfs", Solver::new(Strategy::bfs())),
        ("astar", Solver::new(Strategy::astar())),
        ("bidirectional", Solver::new(Strategy::bidirectional())),
    ]
}

#[test]
fn hardest_board_by_every_strategy() {
    for (metric, want) in [(Metric::Slide, 51), (Metric::Step, 81)] {
        let puzzle = RushHour::parse(HARDEST, metric).expect("a board");
        assert_eq!(puzzle.oracle(), Some(want));
        assert_eq!(puzzle.reachable().len(), 4780);
        let start = puzzle.start();
        let mut answers = Vec::new();
        for (name, solver) in strategies() {
            let report = solver.solve(&puzzle, &start);
            let moves = report
                .solution()
                .unwrap_or_else(|| panic!("{name}: {report:?}"));
            assert_eq!(moves.len(), want as usize, "{name} {metric:?}");
            assert!(replay(&puzzle, &start, moves).is_ok_and(|s| puzzle.is_goal(&s)));
            assert!(report.notes.is_empty(), "{name}: {:?}", report.notes);
            answers.push(moves.to_vec());
        }
        // Every strategy returns the lexicographically smallest shortest.
        assert!(answers.windows(2).all(|w| w[0] == w[1]), "{metric:?}");
    }
}

/// The default table needs a few tens of thousands of nodes where the
/// gate of old (look-ups only at a slack of 3) needed 1.76 million: the
/// gate comes down to every node with a move left, as
/// `table_min_left(1)` would.
#[test]
fn default_table_adapts_to_a_weak_bound() {
    let puzzle = RushHour::parse(HARDEST, Metric::Slide).expect("a board");
    let start = puzzle.start();
    let auto = Solver::new(Strategy::ida())
        .table(true)
        .solve(&puzzle, &start);
    let by_left = Solver::new(Strategy::ida())
        .table(true)
        .table_min_left(1)
        .solve(&puzzle, &start);
    let fixed = Solver::new(Strategy::ida())
        .table(true)
        .table_min_slack(3)
        .budget(Budget::default().max_nodes(400_000))
        .solve(&puzzle, &start);
    assert_eq!(auto.outcome, by_left.outcome);
    assert!(
        auto.stats.expanded < by_left.stats.expanded * 11 / 10,
        "{} against {}",
        auto.stats.expanded,
        by_left.stats.expanded
    );
    assert!(
        matches!(fixed.outcome, Outcome::Stopped(_)),
        "{:?}",
        fixed.stats
    );
    // The fixed gate's waste is named, with its fix.
    assert_note(&fixed, "table_min_left(1)");
}

#[test]
fn plain_ida_names_the_table() {
    let puzzle = RushHour::parse(HARDEST, Metric::Slide).expect("a board");
    let report = Solver::new(Strategy::ida())
        .budget(Budget::default().max_nodes(200_000))
        .solve(&puzzle, &puzzle.start());
    assert!(matches!(report.outcome, Outcome::Stopped(_)));
    assert!(
        report.stats.repeated > report.stats.expanded / 2,
        "{}",
        report.stats
    );
    assert_note(&report, "Solver::table(true)");
}

#[test]
fn unsolvable_board_by_every_strategy() {
    for metric in [Metric::Slide, Metric::Step] {
        let puzzle = RushHour::parse(UNSOLVABLE, metric).expect("a board");
        assert_eq!(puzzle.oracle(), None);
        let states = puzzle.reachable().len();
        assert_eq!(states, 1508);
        let mut all = strategies();
        all.push(("ida", Solver::new(Strategy::ida())));
        all.push((
            "dfs",
            Solver::new(Strategy::Dfs {
                depth: 1000,
                mode: puzzle_search_core::DepthMode::AtMost,
            }),
        ));
        for (name, solver) in all {
            let report = solver
                .budget(Budget::default().max_nodes(20_000_000))
                .solve(&puzzle, &puzzle.start());
            assert_eq!(report.outcome, Outcome::NoSolution, "{name} {metric:?}");
        }
    }
}

/// A space larger than the check's first 16,384 states: plain IDA* proves
/// "no solution" once its passes have done about 8 times the space's size.
#[test]
fn reach_check_grows_with_the_passes() {
    // A torus of 200 x 200 cells with no goal: 40,000 states.
    let torus = puzzle_search_core::from_fn(
        |&(r, c): &(u16, u16), out: &mut Vec<(u8, (u16, u16))>| {
            out.extend([(0, ((r + 1) % 200, c)), (1, (r, (c + 1) % 200))]);
        },
        |_: &(u16, u16)| false,
    );
    let report = Solver::new(Strategy::ida())
        .table(true)
        .budget(Budget::default().max_nodes(5_000_000))
        .solve(&torus, &(0, 0));
    assert_eq!(report.outcome, Outcome::NoSolution, "{}", report.stats);
    // The check saw every state; IDA* alone would have run 398 passes.
    assert_eq!(report.stats.reach_states, 40_000);
    assert!(report.stats.iterations < 398, "{}", report.stats);
}

/// Only the goal farthest from the start, listed alone.
struct FarGoal(RushHour, State);

impl Puzzle for FarGoal {
    type State = State;
    type Move = (u8, i8);
    fn successors(&self, s: &State, out: &mut Vec<((u8, i8), State)>) {
        self.0.successors(s, out);
    }
    fn is_goal(&self, s: &State) -> bool {
        self.0.is_goal(s)
    }
    fn lower_bound(&self, s: &State) -> Option<u32> {
        self.0.lower_bound(s)
    }
    fn predecessors(&self, s: &State, out: &mut Vec<((u8, i8), State)>) -> bool {
        self.0.predecessors(s, out)
    }
    fn goal_states(&self, out: &mut Vec<State>) -> bool {
        out.push(self.1);
        true
    }
}

/// The goal as a predicate alone: no `goal_states`.
struct Predicate(RushHour);

impl Puzzle for Predicate {
    type State = State;
    type Move = (u8, i8);
    fn successors(&self, s: &State, out: &mut Vec<((u8, i8), State)>) {
        self.0.successors(s, out);
    }
    fn is_goal(&self, s: &State) -> bool {
        self.0.is_goal(s)
    }
    fn predecessors(&self, s: &State, out: &mut Vec<((u8, i8), State)>) -> bool {
        self.0.predecessors(s, out)
    }
}

#[test]
fn bidirectional_is_right_or_refuses() {
    let puzzle = RushHour::parse(HARDEST, Metric::Slide).expect("a board");
    let dist = puzzle.reachable();
    let (&far, &d) = dist
        .iter()
        .filter(|(s, _)| puzzle.is_goal(s))
        .max_by_key(|&(s, d)| (d, std::cmp::Reverse(*s)))
        .expect("goals");
    assert!(d > 51, "the farthest goal is {d} moves away");
    let bidir = Solver::new(Strategy::bidirectional());
    let report = bidir.solve(&FarGoal(puzzle.clone(), far), &puzzle.start());
    let Outcome::Refused(why) = &report.outcome else {
        panic!("{:?}", report.outcome);
    };
    assert!(
        why.to_string().contains("goal_states is incomplete"),
        "{why}"
    );
    // A listed state that is not a goal is refused too.
    let report = bidir.solve(&FarGoal(puzzle.clone(), puzzle.start()), &puzzle.start());
    assert!(
        matches!(report.outcome, Outcome::Refused(_)),
        "{:?}",
        report.outcome
    );
    // Without a list: BFS's answer, and a note that says so.
    let report = bidir.solve(&Predicate(puzzle.clone()), &puzzle.start());
    assert_eq!(report.solution().map(<[_]>::len), Some(51));
    assert_note(&report, "plain BFS");
}

/// Seeded random boards, small enough for the oracle: the default table,
/// bidirectional search and A* agree with it, and every answer replays.
#[test]
fn random_boards_against_the_oracle() {
    let mut rng = puzzle_search_core::input::SplitMix64::new(42);
    let mut tried = 0;
    while tried < 24 {
        let board = random_board(&mut rng);
        let Ok(puzzle) = RushHour::parse(&board, Metric::Slide) else {
            continue;
        };
        if puzzle.reachable().len() > 3000 {
            continue;
        }
        tried += 1;
        let want = puzzle.oracle();
        for (name, solver) in strategies() {
            let report = solver.solve(&puzzle, &puzzle.start());
            let got = match &report.outcome {
                Outcome::Solved(moves) => {
                    let end = replay(&puzzle, &puzzle.start(), moves).expect("legal moves");
                    assert!(puzzle.is_goal(&end));
                    Some(moves.len() as u32)
                }
                Outcome::NoSolution => None,
                other => panic!("{name} {board}: {other:?}"),
            };
            assert_eq!(got, want, "{name} {board}");
        }
    }
}

/// A board of `A` in row 2 and up to 10 random vehicles.
fn random_board(rng: &mut puzzle_search_core::input::SplitMix64) -> String {
    let mut g = [b'o'; 36];
    let a = rng.below(3) as usize;
    g[12 + a] = b'A';
    g[13 + a] = b'A';
    let mut name = b'B';
    for _ in 0..10 {
        let len = 2 + rng.below(2) as usize;
        let lying = rng.below(2) == 0;
        let (r, c) = (rng.below(6) as usize, rng.below(6) as usize);
        let cells: Vec<usize> = (0..len)
            .map(|k| if lying { (r, c + k) } else { (r + k, c) })
            .filter(|&(r, c)| r < 6 && c < 6)
            .map(|(r, c)| r * 6 + c)
            .collect();
        if cells.len() == len && cells.iter().all(|&i| g[i] == b'o') {
            for &i in &cells {
                g[i] = name;
            }
            name += 1;
        }
    }
    String::from_utf8(g.to_vec()).expect("ascii")
}

/// `report` has a note that holds `text`.
fn assert_note<M>(report: &puzzle_search_core::Report<M>, text: &str) {
    assert!(
        report.notes.iter().any(|n| n.contains(text)),
        "no note with {text:?}: {:?}",
        report.notes
    );
}
