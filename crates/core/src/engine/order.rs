//! The contract check of [`Puzzle::successors`](crate::Puzzle::successors):
//! moves in strictly ascending order, checked in every build.

/// [`check_order`] for a list of moves.
#[inline]
pub(super) fn check_move_order<M: Ord + std::fmt::Debug + Copy>(moves: &[M]) {
    if moves.windows(2).any(|w| w[0] >= w[1]) {
        out_of_order(moves.iter().copied());
    }
}

/// Panics unless the moves are strictly ascending, as
/// [`Puzzle::successors`] promises. One comparison per child: a wrong order
/// would give wrong answers silently, so release builds check it too.
#[inline]
pub(crate) fn check_order<M: Ord + std::fmt::Debug + Copy, S>(children: &[(M, S)]) {
    if children.windows(2).any(|w| w[0].0 >= w[1].0) {
        out_of_order(children.iter().map(|c| c.0));
    }
}

/// The contract of [`Puzzle::successors`] is broken: say so and stop.
#[cold]
#[inline(never)]
fn out_of_order<M: std::fmt::Debug>(moves: impl Iterator<Item = M>) -> ! {
    let moves: Vec<M> = moves.collect();
    panic!(
        "Puzzle::successors must push moves in strictly ascending Move order \
         (the canonical order that defines the answer); got {moves:?}"
    );
}
