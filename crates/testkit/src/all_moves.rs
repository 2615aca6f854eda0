//! `AllMoves(puzzle)`: the same puzzle without its `successors_within`, so
//! that every move is generated whatever the moves left. For ablation rows
//! in the benches.

use puzzle_search_core::Puzzle;

/// A puzzle that generates every move, even with one move left.
#[derive(Debug)]
pub struct AllMoves<P>(pub P);

impl<P: Puzzle> Puzzle for AllMoves<P> {
    type State = P::State;
    type Move = P::Move;
    fn successors(&self, state: &P::State, out: &mut Vec<(P::Move, P::State)>) {
        self.0.successors(state, out);
    }
    fn is_goal(&self, state: &P::State) -> bool {
        self.0.is_goal(state)
    }
    fn lower_bound(&self, state: &P::State) -> Option<u32> {
        self.0.lower_bound(state)
    }
}

/// The same puzzle with its lower bound cut to 0 (dead ends kept): the
/// ablation row for a puzzle's numeric bound.
#[derive(Debug)]
pub struct DeadEndsOnly<P>(pub P);

impl<P: Puzzle> Puzzle for DeadEndsOnly<P> {
    type State = P::State;
    type Move = P::Move;
    fn successors(&self, state: &P::State, out: &mut Vec<(P::Move, P::State)>) {
        self.0.successors(state, out);
    }
    fn successors_within(
        &self,
        state: &P::State,
        left: u32,
        out: &mut Vec<(P::Move, P::State)>,
    ) -> bool {
        self.0.successors_within(state, left, out)
    }
    fn is_goal(&self, state: &P::State) -> bool {
        self.0.is_goal(state)
    }
    fn lower_bound(&self, state: &P::State) -> Option<u32> {
        self.0.lower_bound(state).map(|_| 0)
    }
}
