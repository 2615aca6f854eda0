//! A wrapper that searches any puzzle with `Copy` states in place, for
//! checking the engine's in-place path against the plain one on puzzles
//! (random graphs) that have no in-place form of their own.

use puzzle_search_core::{InPlace, Promise, Puzzle};

/// `P` as an [`InPlace`] puzzle: `moves` lists the children of
/// `successors_within`, `make` replaces the state by the child (the undo
/// record is the state before), and `bound_after` plays the move to give
/// the child's bound (so that the engine's cut-before-make path runs too).
/// `inverse` is `P`'s, so on graphs without one IDA* here skips no move
/// back (the plain path compares states instead).
///
/// With `BOUNDED` ([`bounded`]), `moves` keeps only the children whose
/// bound allows them (`Some(b)` with `b <= left - 1`) and says so
/// ([`InPlace::moves_bounded`]): the engine then skips their bound (and
/// `bound_after` gives none, so that path is the one tested).
#[derive(Clone, Debug)]
pub struct Stepped<P, const BOUNDED: bool = false>(pub P);

/// `p` as a [`Stepped`] whose `moves` keeps only children within their
/// bound.
pub fn bounded<P>(p: P) -> Stepped<P, true> {
    Stepped(p)
}

impl<P: Puzzle, const BOUNDED: bool> Puzzle for Stepped<P, BOUNDED> {
    type State = P::State;
    type Move = P::Move;
    fn successors(&self, s: &P::State, out: &mut Vec<(P::Move, P::State)>) {
        self.0.successors(s, out);
    }
    fn successors_within(
        &self,
        s: &P::State,
        left: u32,
        out: &mut Vec<(P::Move, P::State)>,
    ) -> bool {
        self.0.successors_within(s, left, out)
    }
    fn is_goal(&self, s: &P::State) -> bool {
        self.0.is_goal(s)
    }
    fn lower_bound(&self, s: &P::State) -> Option<u32> {
        self.0.lower_bound(s)
    }
    fn inverse(&self, mv: P::Move) -> Option<P::Move> {
        self.0.inverse(mv)
    }
    fn commutes(&self, s: &P::State, first: P::Move, second: P::Move) -> bool {
        self.0.commutes(s, first, second)
    }
    fn canonical(&self, s: &P::State, q: u32, mv: P::Move, promise: Promise) -> Option<u32> {
        self.0.canonical(s, q, mv, promise)
    }
}

impl<P: Puzzle<State: Copy>, const BOUNDED: bool> InPlace for Stepped<P, BOUNDED> {
    type Undo = P::State;
    fn moves(
        &self,
        s: &P::State,
        left: u32,
        except: Option<P::Move>,
        out: &mut Vec<P::Move>,
    ) -> bool {
        let mut children = Vec::new();
        if !BOUNDED {
            let left_out = self.0.successors_within(s, left, &mut children);
            out.extend(
                children
                    .into_iter()
                    .map(|c| c.0)
                    .filter(|&m| Some(m) != except),
            );
            return left_out;
        }
        self.0.successors(s, &mut children);
        let mut cut = false;
        for (m, c) in children {
            if Some(m) == except {
                continue;
            }
            match self.0.lower_bound(&c) {
                Some(b) if left == 0 || b < left => out.push(m),
                _ => cut = true,
            }
        }
        cut
    }
    fn moves_bounded(&self) -> bool {
        BOUNDED
    }
    fn make(&self, s: &mut P::State, mv: P::Move) -> P::State {
        let before = *s;
        // `make` is only told moves `moves` listed, so `apply` finds them.
        if let Some(child) = self.0.apply(s, mv) {
            *s = child;
        }
        before
    }
    fn unmake(&self, s: &mut P::State, _mv: P::Move, before: P::State) {
        *s = before;
    }
    fn bound_after(&self, s: &P::State, mv: P::Move) -> Option<u32> {
        if BOUNDED {
            return None;
        }
        self.0.apply(s, mv).and_then(|c| self.0.lower_bound(&c))
    }
}
