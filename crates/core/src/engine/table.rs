//! The engine's transposition-table reads and writes: a node looked up
//! as it is entered ([`Engine::consult`]), what its finished subtree
//! taught stored as it is left ([`Engine::leave`]). What each entry means
//! and why a hit may cut the subtree: `docs/strategies.md`, "The
//! transposition table".

use crate::puzzle::Puzzle;
use crate::table::Info;

use super::{Engine, FAIL_BITS, Flow, Frame, INF, Mode, Rules, log2, node};

impl<P: Puzzle> Engine<'_, P> {
    /// Looks a node up in the table; `Some` when what is known settles it.
    /// Also tells the gate what it paid.
    pub(super) fn consult(
        &mut self,
        state: &P::State,
        hash: u64,
        g: u32,
        left: u32,
    ) -> Option<Flow> {
        let Rules { mode, shortest, .. } = self.rules;
        let mut transposed = false;
        let (flow, work) = match mode {
            Mode::Exact => match self.memo.get(hash, state) {
                Some(info) if left < FAIL_BITS && info.fails >> left & 1 == 1 => {
                    (Some(Flow::Fail(left + 1)), info.work)
                }
                _ => (None, 0),
            },
            Mode::AtMost if !shortest => match self.memo.get(hash, state) {
                Some(info) if info.lb > left => (Some(Flow::Fail(info.lb)), info.work),
                _ => (None, 0),
            },
            Mode::AtMost => {
                let verdict = self.memo.update(hash, state, Info::new(g), |info| {
                    if info.depth < g {
                        // Reached before in fewer moves: no shortest
                        // solution passes here.
                        return (Some(Flow::Fail(INF)), info.work, true);
                    }
                    if info.depth > g {
                        // Reached in fewer moves than before: what was
                        // learned held only for the deeper visits.
                        info.depth = g;
                        info.lb = 0;
                    }
                    if info.lb > left {
                        (Some(Flow::Fail(info.lb)), info.work, false)
                    } else {
                        (None, 0, false)
                    }
                });
                let (flow, work, t) = verdict.unwrap_or((None, 0, false));
                transposed = t;
                (flow, work)
            }
        };
        match flow {
            Some(_) if transposed => self.stats.transpositions += 1,
            Some(Flow::Fail(lb)) => {
                self.stats.table_hits += 1;
                if mode == Mode::AtMost {
                    self.min_pruned = self.min_pruned.min(g.saturating_add(lb));
                }
            }
            _ => {}
        }
        self.gate.looked_up(flow.is_some().then_some(work));
        flow
    }

    /// Finishes the node at stack index `top`, `g` moves from the start,
    /// whose children are all searched: records what was learned.
    pub(super) fn leave(
        &mut self,
        frames: &[Frame<P>],
        root: &P::State,
        top: usize,
        g: u32,
    ) -> Flow {
        let f = &frames[top];
        if f.deferred {
            return Flow::Deferred;
        }
        let left = self.rules.limit - g;
        // Exhausted: in exact mode `left` moves fail; in at-most mode every
        // child needed more than `left - 1`, so `need > left`.
        let lb = match self.rules.mode {
            Mode::Exact => left + 1,
            Mode::AtMost => f.need,
        };
        // A node that skipped a commuted child learned a bound for paths
        // that avoid it: true here (the skipped paths have twins through a
        // smaller sibling higher up, which its parent's bound covers), not
        // where the node is reached in another way. It stores nothing.
        if f.tabled && !f.commuted {
            let state = node(frames, root, top);
            let work = log2(self.stats.expanded - f.work);
            let (mode, shortest) = (self.rules.mode, self.rules.shortest);
            if mode == Mode::Exact && left >= FAIL_BITS {
                return Flow::Fail(lb);
            }
            self.memo.update(f.hash, state, Info::new(g), |info| {
                match mode {
                    Mode::Exact => info.fails |= 1 << left,
                    Mode::AtMost if !shortest => info.lb = info.lb.max(lb),
                    Mode::AtMost => {
                        // The bound holds for visits `g` moves from the start
                        // or deeper; a shallower entry is worth more.
                        if info.depth == g {
                            info.lb = info.lb.max(lb);
                        } else if info.depth > g {
                            info.depth = g;
                            info.lb = lb;
                        } else {
                            return;
                        }
                    }
                }
                info.work = info.work.max(work);
            });
        }
        Flow::Fail(lb)
    }
}
