//! The in-place loop: the lean loop on one state changed by
//! [`InPlace::make`] and [`InPlace::unmake`], for puzzles searched with
//! [`MakeUnmake`](crate::MakeUnmake).

use super::order::check_move_order;
use super::{Engine, Flow, INF, Mode, Rules, Task};
use crate::meter::Interrupt;
use crate::puzzle::InPlace;

/// One level of the in-place loop's stack: a node's moves, as a range of
/// the loop's move stack, and the move into it with its undo record.
struct Level<M, U> {
    /// The next move to try, and the end of this node's moves.
    next: usize,
    end: usize,
    /// The canonical-sequence automaton's state at this node.
    q: u32,
    /// In at-most mode: one more than the smallest bound of a failed child.
    need: u32,
    /// The move that led here and what taking it back needs (`None` at
    /// the root of the pass).
    into: Option<(M, U)>,
}

/// The lean loop ([`Engine::search_lean`]) on one state changed in place
/// by [`InPlace::make`] and [`InPlace::unmake`]: the same nodes in the same
/// order with the same results, as the proofs of the plain loop cover (the
/// only difference is where a child lives). The moves of every open node
/// sit on one stack; each level keeps its range, the move into it and that
/// move's undo record. The engine's path gets the moves only when a
/// solution is found.
pub(super) fn search_in_place<P: InPlace>(
    engine: &mut Engine<'_, P>,
    root: &P::State,
    g0: u32,
) -> Flow {
    if let Err(flow) = engine.settle(root, g0) {
        return flow;
    }
    let puzzle = engine.puzzle;
    let Rules {
        mode,
        limit,
        shortest,
        ..
    } = engine.rules;
    let mut state = root.clone();
    // Sized for the depth limit up to a point, so that few passes grow them.
    let depth = (limit - g0).min(1 << 10) as usize + 1;
    let mut moves: Vec<P::Move> = Vec::with_capacity(4 * depth);
    let mut levels: Vec<Level<P::Move, P::Undo>> = Vec::with_capacity(depth);
    let mut g = g0;
    // The move into the root, if the pass starts below the start (a task).
    let mut last = engine.path.last().copied();
    let mut into = None;
    let promise = engine.promise();
    // Children already within their bound (see `InPlace::moves_bounded`).
    let bounded = puzzle.moves_bounded();
    let mut q = engine.root_q;
    // Expands `state`, `g` moves from the start, reached by `last`.
    macro_rules! expand {
        () => {{
            match engine.meter.tick() {
                Ok(()) => {}
                Err(Interrupt::HandOver) => hand_over_in_place(engine, root, &mut levels, &moves),
                Err(stop) => return Flow::Stop(stop),
            }
            let left = limit - g;
            let except = if shortest {
                last.and_then(|m| puzzle.inverse(m))
            } else {
                None
            };
            let start = moves.len();
            let left_out = puzzle.moves_canonical(&state, q, promise, left, except, &mut moves);
            engine.stats.expanded += 1;
            engine.stats.generated += (moves.len() - start) as u64;
            check_move_order(&moves[start..]);
            let need = if left_out {
                engine.min_pruned = engine
                    .min_pruned
                    .min(g.saturating_add(left).saturating_add(1));
                left.saturating_add(1)
            } else {
                INF
            };
            levels.push(Level {
                next: start,
                end: moves.len(),
                q,
                need,
                into,
            });
        }};
    }
    expand!();
    if let Some(from) = engine.root_from {
        let root = &mut levels[0];
        root.next += moves[root.next..root.end].partition_point(|m| *m < from);
    }
    loop {
        let top = levels.len() - 1;
        let level = &mut levels[top];
        if level.next == level.end {
            let lb = match mode {
                Mode::Exact => limit - g + 1,
                Mode::AtMost => level.need,
            };
            let Some((mv, undo)) = level.into else {
                return Flow::Fail(lb);
            };
            levels.pop();
            puzzle.unmake(&mut state, mv, undo);
            g -= 1;
            // A node's moves follow its parent's on the stack.
            let parent = &mut levels[top - 1];
            moves.truncate(parent.end);
            parent.need = parent.need.min(lb.saturating_add(1));
            continue;
        }
        let mv = moves[level.next];
        level.next += 1;
        let Some(child_q) = puzzle.canonical(&state, level.q, mv, promise) else {
            engine.stats.canonical += 1;
            continue;
        };
        // A child the bound cuts, known before it is played (at-most mode:
        // the exact mode settles a last move by its goal test alone). Its
        // bound is the one `settle` would find, so the same is cut and
        // recorded; a goal's admissible bound is 0, never cut.
        let undo = match mode {
            Mode::AtMost => match puzzle.make_within(&mut state, mv, limit - (g + 1)) {
                Ok(undo) => undo,
                Err(bound) => {
                    #[cfg(debug_assertions)]
                    check_peek(puzzle, &mut state, mv, bound, limit - (g + 1));
                    engine.stats.bound_cutoffs += 1;
                    engine.min_pruned = engine.min_pruned.min((g + 1).saturating_add(bound));
                    level.need = level.need.min(bound.saturating_add(1));
                    continue;
                }
            },
            Mode::Exact => puzzle.make(&mut state, mv),
        };
        match engine.settle_known(&state, g + 1, bounded) {
            Ok(_) => {}
            Err(Flow::Fail(lb)) => {
                let level = &mut levels[top];
                level.need = level.need.min(lb.saturating_add(1));
                puzzle.unmake(&mut state, mv, undo);
                continue;
            }
            Err(flow) => {
                let path = levels.iter().filter_map(|l| l.into.map(|(m, _)| m));
                engine.path.extend(path.chain([mv]));
                return flow;
            }
        }
        g += 1;
        last = Some(mv);
        into = Some((mv, undo));
        q = child_q;
        expand!();
    }
}

/// [`Engine::hand_over_frames`] for the in-place loop: the open moves of
/// the shallowest level that has any go to the sink as one task (its
/// state rebuilt from the root by the moves into the levels above), and
/// the level ends where they began. Called before a node is pushed, so
/// every level's current move is on the path and stays here.
#[cold]
fn hand_over_in_place<P: InPlace>(
    engine: &mut Engine<'_, P>,
    root: &P::State,
    levels: &mut [Level<P::Move, P::Undo>],
    moves: &[P::Move],
) {
    let Some(sink) = engine.sink else { return };
    let Some(s) = levels.iter().position(|l| l.next < l.end) else {
        return;
    };
    let mut state = root.clone();
    let mut path = engine.path.clone();
    for level in &levels[1..=s] {
        if let Some((mv, _)) = level.into {
            engine.puzzle.make(&mut state, mv);
            path.push(mv);
        }
    }
    let level = &mut levels[s];
    let task = Task {
        path,
        state,
        parent: None,
        q: level.q,
        from: Some(moves[level.next]),
    };
    level.end = level.next;
    engine.stats.handed_over += 1;
    sink.take(task);
}

/// Debug builds: a child `make_within` cut has exactly the bound it gave,
/// and that bound is over `max`.
#[cfg(debug_assertions)]
fn check_peek<P: InPlace>(puzzle: &P, state: &mut P::State, mv: P::Move, bound: u32, max: u32) {
    assert!(
        bound > max,
        "InPlace::make_within({mv:?}) cut a child whose bound {bound} is within {max}"
    );
    let undo = puzzle.make(state, mv);
    assert_eq!(
        puzzle.lower_bound(state),
        Some(bound),
        "InPlace::make_within({mv:?}) must cut with the child's lower_bound"
    );
    puzzle.unmake(state, mv, undo);
}
