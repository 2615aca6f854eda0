//! The depth-limited DFS that every DFS and IDA* strategy runs.
//!
//! One loop serves three uses: a depth-limited pass in *exact* mode (goals
//! count only after exactly `limit` moves), a pass in *at-most* mode (the
//! first goal met in canonical order; one IDA* iteration is such a pass),
//! and the split phase of the parallel search, which stops at a fixed depth
//! and hands the open nodes out as tasks.
//!
//! # Design rationale
//! Preorder DFS in canonical move order meets move sequences in
//! lexicographic order (a prefix before its extensions), so the first goal
//! met is the lexicographically smallest solution of the pass. Each pruning
//! only removes sequences that cannot be that answer; the proofs are in
//! `docs/strategies.md`.
//!
//! The search keeps its own stack of frames instead of recursing, so depth
//! is limited by memory, not by the thread's stack; a frame's buffers are
//! kept for the next node at that depth, so the loop does not allocate once
//! the deepest depth has been reached, and memory grows with the depth
//! reached, never with the limit. A child is hashed at most once: in its
//! parent's frame when duplicate elimination needs it (and that hash then
//! serves the transposition table too), otherwise when the table looks it
//! up; leaves (no move left after them) are not hashed at all, since
//! neither looks at them.

use std::hash::BuildHasher;

use hashbrown::HashTable;

use crate::meter::{Interrupt, Meter, SearchHasher};
use crate::puzzle::{InPlace, Promise, Puzzle};
use crate::stats::Stats;
use crate::table::Memo;

mod gate;
mod in_place;
mod order;
mod table;

use gate::Gate;
use in_place::search_in_place;
pub(crate) use order::check_order;

/// "No bound known" / unreachable.
pub(crate) const INF: u32 = u32::MAX;

/// Exact-mode failures are remembered for this many move counts (one bit each).
const FAIL_BITS: u32 = 64;

/// Which solutions a pass looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Exactly `limit` moves.
    Exact,
    /// At most `limit` moves.
    AtMost,
}

/// The result of searching one subtree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// A solution; the engine's path holds it.
    Found,
    /// No solution; in at-most mode the subtree's root needs at least this
    /// many moves.
    Fail(u32),
    /// Some nodes below were handed out as parallel tasks.
    Deferred,
    /// Stopped early.
    Stop(Interrupt),
}

/// An open node left for a parallel task: the whole subtree below it, or
/// (a part handed over by a running search) its children from `from` on.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub(crate) struct Task<P: Puzzle> {
    /// The moves from the start.
    pub(crate) path: Vec<P::Move>,
    pub(crate) state: P::State,
    /// The state before it, so the task too skips the move straight back.
    pub(crate) parent: Option<P::State>,
    /// The canonical-sequence automaton's state there.
    pub(crate) q: u32,
    /// Only the children whose move is this one or later.
    pub(crate) from: Option<P::Move>,
}

#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
impl<P: Puzzle> Task<P> {
    /// Where the task's part of the tree starts in preorder: the moves to
    /// its first node. Preorder in canonical order is lexicographic order
    /// of these sequences (a prefix first), and the tasks of a pass cover
    /// disjoint stretches of it, so this orders them.
    pub(crate) fn start(&self) -> Vec<P::Move> {
        let mut start = self.path.clone();
        start.extend(self.from);
        start
    }
}

/// Where a search in a parallel pass hands work over to idle threads.
pub(crate) trait Sink<P: Puzzle> {
    /// Takes a task handed over.
    fn take(&self, task: Task<P>);
}

/// Search options an engine needs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rules {
    pub(crate) mode: Mode,
    pub(crate) limit: u32,
    pub(crate) dedup: bool,
    /// Only shortest solutions are wanted (IDA*): a move back to the
    /// grandparent is skipped, and with a table a state reached again
    /// deeper than before is skipped. Not for DFS, where detours count.
    pub(crate) shortest: bool,
    /// Compare the slack with the moves left alone, not with the moves
    /// left minus the bound (`Solver::table_min_left`).
    pub(crate) table_by_left: bool,
    /// The slack the engine starts at and may come back down to while
    /// look-ups pay: the table is used only at nodes whose moves left
    /// exceed their bound by at least the current slack (the one the
    /// solver set; 0 by default: every node with a move left).
    pub(crate) table_floor: u32,
    /// The gate is the default one (see [`gate`]).
    pub(crate) table_auto: bool,
}

/// One level of the explicit stack: a node being expanded.
struct Frame<P: Puzzle> {
    children: Vec<(P::Move, P::State)>,
    /// The children's hashes, when they were hashed (see the module doc).
    hashes: Vec<u64>,
    /// The next child to search.
    next: usize,
    /// In at-most mode: one more than the smallest bound of a failed child.
    need: u32,
    /// Some node below was handed out as a task.
    deferred: bool,
    /// A child was skipped as the second order of two commuting moves, so
    /// what this node learns holds only where it was reached from.
    commuted: bool,
    /// The node's own hash (valid when `tabled`).
    hash: u64,
    /// The node was looked up in the table, so what it learns is stored.
    tabled: bool,
    /// `stats.expanded` when the node was expanded: its subtree's size.
    work: u64,
    /// Shortest searches: the move straight back was generated (the puzzle
    /// names no inverse), so children are compared with the grandparent.
    compare_back: bool,
    /// The canonical-sequence automaton's state at this node.
    q: u32,
}

impl<P: Puzzle> Default for Frame<P> {
    fn default() -> Self {
        Self {
            children: Vec::new(),
            hashes: Vec::new(),
            next: 0,
            need: INF,
            deferred: false,
            commuted: false,
            hash: 0,
            tabled: false,
            work: 0,
            compare_back: false,
            q: 0,
        }
    }
}

/// Why a child is not searched (see [`Engine::skip`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Skip {
    No,
    /// The move straight back, in a shortest search.
    Back,
    /// The second order of two commuting moves.
    Commuted,
}

/// What entering a node decided.
enum Enter {
    /// The node was settled without expanding it.
    Done(Flow),
    /// Its children are in the frame, to be searched.
    Expanded,
}

/// A reusable DFS over one puzzle.
pub(crate) struct Engine<'a, P: Puzzle> {
    puzzle: &'a P,
    pub(crate) rules: Rules,
    pub(crate) memo: Memo<'a, P::State>,
    pub(crate) meter: Meter<'a>,
    pub(crate) stats: Stats,
    /// The moves from the start to the current node (the answer on `Found`).
    pub(crate) path: Vec<P::Move>,
    /// The smallest `g + bound` among nodes cut off in at-most mode: the
    /// next IDA* threshold.
    pub(crate) min_pruned: u32,
    /// In the split phase: the depth at which nodes become tasks, and the tasks.
    pub(crate) split: Option<(u32, Vec<Task<P>>)>,
    frames: Vec<Frame<P>>,
    seen: HashTable<usize>,
    hasher: SearchHasher,
    /// Where the table is consulted (see [`gate`]).
    gate: Gate,
    /// The in-place loop for this puzzle, when it has one and the solver
    /// asked for it (see [`InPlaceFn`]).
    pub(crate) in_place: Option<InPlaceFn<P>>,
    /// The canonical-sequence automaton's state at the root of the next
    /// run (a parallel task's; 0 at the start).
    pub(crate) root_q: u32,
    /// The next run searches only the root's children from this move on
    /// (a task handed over).
    pub(crate) root_from: Option<P::Move>,
    /// Where this engine hands work over when its meter asks
    /// ([`Interrupt::HandOver`]); only parallel tasks have one.
    pub(crate) sink: Option<&'a dyn Sink<P>>,
    /// A hand-over was asked for while a node was expanded (the loops over
    /// frames act on it once the node is on the stack).
    hand_over: bool,
}

/// The in-place loop ([`search_in_place`]) for a puzzle known to be
/// [`InPlace`], as a plain function pointer: the engine and the strategies
/// stay generic over any [`Puzzle`], and only the solver's in-place entry
/// points, where `P: InPlace` is known, can make one.
pub(crate) type InPlaceFn<P> =
    for<'e, 'a> fn(&'e mut Engine<'a, P>, &'e <P as Puzzle>::State, u32) -> Flow;

/// The in-place loop of `P`.
pub(crate) fn in_place_fn<P: InPlace>() -> InPlaceFn<P> {
    search_in_place::<P>
}

/// The state of the node at stack index `top`.
fn node<'s, P: Puzzle>(frames: &'s [Frame<P>], root: &'s P::State, top: usize) -> &'s P::State {
    if top == 0 {
        root
    } else {
        let f = &frames[top - 1];
        &f.children[f.next - 1].1
    }
}

/// log2 of a subtree's size, rounded up: the table's measure of value.
fn log2(n: u64) -> u8 {
    (64 - n.leading_zeros()) as u8
}

impl<'a, P: Puzzle> Engine<'a, P> {
    pub(crate) fn new(
        puzzle: &'a P,
        rules: Rules,
        memo: Memo<'a, P::State>,
        meter: Meter<'a>,
        hasher: SearchHasher,
    ) -> Self {
        Self {
            puzzle,
            rules,
            memo,
            meter,
            stats: Stats::default(),
            path: Vec::new(),
            min_pruned: INF,
            split: None,
            frames: Vec::new(),
            seen: HashTable::new(),
            hasher,
            gate: Gate::new(&rules),
            in_place: None,
            root_q: 0,
            root_from: None,
            sink: None,
            hand_over: false,
        }
    }

    /// Searches from `state`, which the moves in `self.path` reached from
    /// `parent` (`None` at the start).
    pub(crate) fn run(&mut self, state: &P::State, parent: Option<&P::State>) -> Flow {
        let g = self.path.len() as u32;
        self.min_pruned = INF;
        let flow = if g > self.rules.limit {
            Flow::Fail(INF)
        } else {
            let mut frames = std::mem::take(&mut self.frames);
            let flow = if let Some(run) = self.in_place.filter(|_| self.is_lean()) {
                run(self, state, g)
            } else if self.is_lean() {
                self.search_lean(&mut frames, state, parent, g)
            } else {
                self.search(&mut frames, state, parent, g)
            };
            self.frames = frames;
            flow
        };
        self.meter.flush();
        flow
    }

    /// The DFS loop over an explicit stack: `frames[top]` holds the node at
    /// depth `g0 + top`, `frames[top - 1]`'s current child.
    fn search(
        &mut self,
        frames: &mut Vec<Frame<P>>,
        root: &P::State,
        root_parent: Option<&P::State>,
        g0: u32,
    ) -> Flow {
        if let Some(flow) = self.enter_root(frames, root, root_parent, g0) {
            return flow;
        }
        let (canon, promise) = (self.canon(), self.promise());
        // On a part handed over, what the root learns holds for that part
        // only: it stores nothing (`deferred`).
        frames[0].deferred |= self.root_from.is_some();
        let mut top = 0usize;
        loop {
            let g = g0 + top as u32;
            let i = frames[top].next;
            if i == frames[top].children.len() {
                let flow = self.leave(&frames[..], root, top, g);
                if top == 0 {
                    return flow;
                }
                top -= 1;
                self.path.pop();
                let f = &mut frames[top];
                match flow {
                    Flow::Fail(lb) => f.need = f.need.min(lb.saturating_add(1)),
                    Flow::Deferred => f.deferred = true,
                    // `leave` only fails or defers.
                    Flow::Found | Flow::Stop(_) => return flow,
                }
                continue;
            }
            frames[top].next += 1;
            if frames.len() == top + 1 {
                frames.push(Frame::default());
            }
            let (lower, upper) = frames.split_at_mut(top + 1);
            let (mv, child) = &lower[top].children[i];
            match self.skip(lower, root, root_parent, top, *mv, child) {
                Skip::No => {}
                Skip::Back => continue,
                Skip::Commuted => {
                    frames[top].commuted = true;
                    continue;
                }
            }
            let parent = node(lower, root, top);
            upper[0].q = if canon {
                match self.puzzle.canonical(parent, lower[top].q, *mv, promise) {
                    Some(q) => q,
                    None => {
                        self.stats.canonical += 1;
                        frames[top].commuted = true;
                        continue;
                    }
                }
            } else {
                0
            };
            let hash = lower[top].hashes.get(i).copied();
            self.path.push(*mv);
            match self.enter(child, hash, Some(parent), g + 1, &mut upper[0]) {
                Enter::Expanded => {
                    top += 1;
                    if self.hand_over {
                        self.hand_over_frames(frames, root, root_parent, top);
                    }
                    continue;
                }
                Enter::Done(Flow::Fail(lb)) => {
                    let f = &mut frames[top];
                    f.need = f.need.min(lb.saturating_add(1));
                }
                Enter::Done(Flow::Deferred) => frames[top].deferred = true,
                Enter::Done(flow @ (Flow::Found | Flow::Stop(_))) => return flow,
            }
            self.path.pop();
        }
    }

    /// What this pass promises, for [`Puzzle::canonical`].
    fn promise(&self) -> Promise {
        match (self.rules.shortest, self.rules.mode) {
            (true, _) => Promise::Shortest,
            (false, Mode::AtMost) => Promise::AtMost,
            (false, Mode::Exact) => Promise::Exactly,
        }
    }

    /// Canonical sequences apply where paths are not merged by state: no
    /// table and no duplicate elimination (see the proofs).
    fn canon(&self) -> bool {
        !self.memo.is_on() && !self.rules.dedup
    }

    /// Enters the root of a pass into `frames[0]`; `Some` when that
    /// settles the pass.
    fn enter_root(
        &mut self,
        frames: &mut Vec<Frame<P>>,
        root: &P::State,
        root_parent: Option<&P::State>,
        g0: u32,
    ) -> Option<Flow> {
        if frames.is_empty() {
            frames.push(Frame::default());
        }
        frames[0].q = self.root_q;
        match self.enter(root, None, root_parent, g0, &mut frames[0]) {
            Enter::Done(flow) => Some(flow),
            Enter::Expanded => {
                if let Some(from) = self.root_from {
                    let f = &mut frames[0];
                    f.next = f.children.partition_point(|c| c.0 < from);
                }
                if self.hand_over {
                    self.hand_over_frames(frames, root, root_parent, 0);
                }
                None
            }
        }
    }

    /// Hands the open children of the shallowest node that has any over
    /// to the sink, as one task, and drops them here; never the child on
    /// the current path nor, at the node just expanded (`top`), its next
    /// child, so this search keeps work and every task handed over is
    /// smaller than the one it came from.
    #[cold]
    fn hand_over_frames(
        &mut self,
        frames: &mut [Frame<P>],
        root: &P::State,
        root_parent: Option<&P::State>,
        top: usize,
    ) {
        self.hand_over = false;
        let Some(sink) = self.sink else { return };
        let found = (0..=top).find_map(|s| {
            // Below `top` the current child is before `next`; at `top` it
            // is the one at `next`, not yet entered.
            let first = frames[s].next + usize::from(s == top);
            (first < frames[s].children.len()).then_some((s, first))
        });
        let Some((s, first)) = found else { return };
        let parent = match s {
            0 => root_parent.cloned(),
            _ => Some(node(frames, root, s - 1).clone()),
        };
        let task = Task {
            path: self.path[..self.path.len() - (top - s)].to_vec(),
            state: node(frames, root, s).clone(),
            parent,
            q: frames[s].q,
            from: Some(frames[s].children[first].0),
        };
        self.stats.handed_over += 1;
        let f = &mut frames[s];
        f.children.truncate(first);
        f.hashes.truncate(first);
        // What the node learns now covers the part kept only.
        f.deferred = true;
        sink.take(task);
    }

    /// Whether the child of `mv` of the node at stack index `top` is
    /// skipped: in shortest searches the move straight back (when it was
    /// generated), and the second order of two commuting moves (`b` right
    /// after `a` when `b < a`). Counts what it skips.
    #[inline(always)]
    fn skip(
        &mut self,
        frames: &[Frame<P>],
        root: &P::State,
        root_parent: Option<&P::State>,
        top: usize,
        mv: P::Move,
        child: &P::State,
    ) -> Skip {
        let grandparent = || {
            if top == 0 {
                root_parent
            } else {
                Some(node(frames, root, top - 1))
            }
        };
        if self.rules.shortest && frames[top].compare_back && grandparent() == Some(child) {
            // A shortest solution never moves straight back.
            self.stats.back += 1;
            return Skip::Back;
        }
        if let Some(&last) = self.path.last() {
            if mv < last && grandparent().is_some_and(|b| self.puzzle.commutes(b, mv, last)) {
                self.stats.commuted += 1;
                return Skip::Commuted;
            }
        }
        Skip::No
    }

    /// No table, no duplicate elimination, no split: nothing the lean loop
    /// ([`search_lean`](Self::search_lean)) leaves out is asked for.
    fn is_lean(&self) -> bool {
        !self.memo.is_on() && !self.rules.dedup && self.split.is_none()
    }

    /// The loop of [`search`](Self::search) for passes with no table, no
    /// duplicate elimination and no split (plain DFS and IDA*, the common
    /// case): the same nodes in the same order with the same results, but
    /// nothing per node that only those options need (no hashes, no table
    /// bookkeeping, no split check, no parent looked up for a task).
    fn search_lean(
        &mut self,
        frames: &mut Vec<Frame<P>>,
        root: &P::State,
        root_parent: Option<&P::State>,
        g0: u32,
    ) -> Flow {
        if let Some(flow) = self.enter_root(frames, root, root_parent, g0) {
            return flow;
        }
        let Rules { mode, limit, .. } = self.rules;
        let promise = self.promise();
        let mut top = 0usize;
        loop {
            let g = g0 + top as u32;
            let i = frames[top].next;
            if i == frames[top].children.len() {
                // Exhausted, as in `leave` (which stores nothing here).
                let lb = match mode {
                    Mode::Exact => limit - g + 1,
                    Mode::AtMost => frames[top].need,
                };
                if top == 0 {
                    return Flow::Fail(lb);
                }
                top -= 1;
                self.path.pop();
                let f = &mut frames[top];
                f.need = f.need.min(lb.saturating_add(1));
                continue;
            }
            frames[top].next = i + 1;
            if frames.len() == top + 1 {
                frames.push(Frame::default());
            }
            let (lower, upper) = frames.split_at_mut(top + 1);
            let (mv, child) = &lower[top].children[i];
            let mv = *mv;
            if self.skip(lower, root, root_parent, top, mv, child) != Skip::No {
                continue;
            }
            let parent = node(lower, root, top);
            let Some(q) = self.puzzle.canonical(parent, lower[top].q, mv, promise) else {
                self.stats.canonical += 1;
                continue;
            };
            match self.settle(child, g + 1) {
                Ok(_) => {}
                Err(Flow::Fail(lb)) => {
                    let f = &mut lower[top];
                    f.need = f.need.min(lb.saturating_add(1));
                    continue;
                }
                Err(flow) => {
                    self.path.push(mv);
                    return flow;
                }
            }
            self.path.push(mv);
            upper[0].q = q;
            if let Err(stop) = self.expand(child, g + 1, &mut upper[0]) {
                return Flow::Stop(stop);
            }
            top += 1;
            if self.hand_over {
                self.hand_over_frames(frames, root, root_parent, top);
            }
        }
    }

    /// Settles a node `g` moves from the start from its goal test and its
    /// bound: `Err` with the result when that decides it, else its bound.
    #[inline(always)]
    pub(crate) fn settle(&mut self, state: &P::State, g: u32) -> Result<u32, Flow> {
        self.settle_known(state, g, false)
    }

    /// [`settle`](Self::settle), where `known` says the state's bound was
    /// read by its parent and is within the moves left
    /// ([`InPlace::moves_bounded`](crate::InPlace::moves_bounded)): only
    /// the goal test (and, with no move left, the cut) remains; the bound
    /// returned is then 0.
    #[inline]
    pub(crate) fn settle_known(
        &mut self,
        state: &P::State,
        g: u32,
        known: bool,
    ) -> Result<u32, Flow> {
        let Rules { mode, limit, .. } = self.rules;
        let left = limit - g;
        let goal = match mode {
            Mode::AtMost => self.puzzle.is_goal(state),
            Mode::Exact => left == 0 && self.puzzle.is_goal(state),
        };
        if goal {
            return Err(Flow::Found);
        }
        if left == 0 && mode == Mode::Exact {
            // Not a goal after exactly the moves asked for.
            self.stats.bound_cutoffs += 1;
            return Err(Flow::Fail(1));
        }
        if known {
            debug_assert!(
                self.puzzle.lower_bound(state).is_some_and(|b| b <= left),
                "InPlace::moves_bounded: a child kept over its bound"
            );
            if left > 0 {
                return Ok(0);
            }
            // Not a goal with no move left: one more is needed, as below.
            self.stats.bound_cutoffs += 1;
            self.min_pruned = self.min_pruned.min(g.saturating_add(1));
            return Err(Flow::Fail(1));
        }
        let Some(mut bound) = self.puzzle.lower_bound(state) else {
            self.stats.dead_ends += 1;
            return Err(Flow::Fail(INF));
        };
        if left == 0 {
            // Not a goal, so at least one more move is needed.
            bound = bound.max(1);
        }
        if bound > left {
            self.stats.bound_cutoffs += 1;
            self.min_pruned = self.min_pruned.min(g.saturating_add(bound));
            return Err(Flow::Fail(bound));
        }
        Ok(bound)
    }

    /// Expands a node `g` moves from the start, reached by the moves in
    /// `self.path`, into `frame`: counts it against the budget, generates
    /// its children (in shortest searches without the move straight back
    /// when the puzzle names its inverse) and checks their order.
    #[inline(always)]
    fn expand(&mut self, state: &P::State, g: u32, frame: &mut Frame<P>) -> Result<(), Interrupt> {
        match self.meter.tick() {
            Ok(()) => {}
            Err(Interrupt::HandOver) => self.hand_over = true,
            Err(stop) => return Err(stop),
        }
        let left = self.rules.limit - g;
        let children = &mut frame.children;
        children.clear();
        let except = if self.rules.shortest {
            self.path.last().and_then(|&m| self.puzzle.inverse(m))
        } else {
            None
        };
        let left_out = match except {
            Some(m) => self.puzzle.successors_except(state, left, m, children),
            None => self.puzzle.successors_within(state, left, children),
        };
        self.stats.expanded += 1;
        self.stats.generated += children.len() as u64;
        check_order(children);
        frame.compare_back = self.rules.shortest && except.is_none();
        frame.next = 0;
        // A child left out needs at least `left` more moves: `1 + left` in
        // all, and in IDA* the next threshold is then at most `g + 1 + left`.
        frame.need = if left_out {
            self.min_pruned = self
                .min_pruned
                .min(g.saturating_add(left).saturating_add(1));
            left.saturating_add(1)
        } else {
            INF
        };
        frame.deferred = false;
        frame.commuted = false;
        frame.work = self.stats.expanded;
        Ok(())
    }

    /// Visits a node `g` moves from the start: settles it from its goal
    /// test, its bound and the table, or expands it into `frame`.
    #[inline]
    fn enter(
        &mut self,
        state: &P::State,
        hash: Option<u64>,
        parent: Option<&P::State>,
        g: u32,
        frame: &mut Frame<P>,
    ) -> Enter {
        frame.tabled = false;
        let bound = match self.settle(state, g) {
            Ok(bound) => bound,
            Err(flow) => return Enter::Done(flow),
        };
        let left = self.rules.limit - g;
        // The table pays only where a subtree is worth more than a look-up
        // (see [`gate`]); a node with no move left is a leaf: the table has
        // nothing to save there.
        if self.memo.is_on() && left > 0 && self.gate.admits(left, bound) {
            let hash = hash.unwrap_or_else(|| self.hasher.hash_one(state));
            frame.hash = hash;
            frame.tabled = true;
            if let Some(flow) = self.consult(state, hash, g, left) {
                return Enter::Done(flow);
            }
        }
        if let Some((depth, tasks)) = &mut self.split {
            if g == *depth {
                tasks.push(Task {
                    path: self.path.clone(),
                    state: state.clone(),
                    parent: parent.cloned(),
                    q: frame.q,
                    from: None,
                });
                return Enter::Done(Flow::Deferred);
            }
        }
        if let Err(stop) = self.expand(state, g, frame) {
            return Enter::Done(Flow::Stop(stop));
        }
        let children = &mut frame.children;
        frame.hashes.clear();
        // For duplicate elimination, children with a move left after them
        // are hashed here, and the table reuses the hash; leaves are not.
        if left >= 2 && self.rules.dedup {
            let hasher = &self.hasher;
            frame
                .hashes
                .extend(children.iter().map(|c| hasher.hash_one(&c.1)));
            if children.len() > 1 {
                let before = children.len();
                drop_repeats(&mut self.seen, children, &mut frame.hashes);
                self.stats.duplicates += (before - children.len()) as u64;
            }
        }
        Enter::Expanded
    }
}

/// Keeps the first child of every distinct state, in order, with its hash.
fn drop_repeats<M, S: Eq>(
    seen: &mut HashTable<usize>,
    children: &mut Vec<(M, S)>,
    hashes: &mut Vec<u64>,
) {
    seen.clear();
    let mut kept = 0;
    for i in 0..children.len() {
        let hash = hashes[i];
        let repeat = seen
            .find(hash, |&j| {
                hashes[j] == hash && children[j].1 == children[i].1
            })
            .is_some();
        if !repeat {
            children.swap(kept, i);
            hashes.swap(kept, i);
            seen.insert_unique(hash, kept, |&j| hashes[j]);
            kept += 1;
        }
    }
    children.truncate(kept);
    hashes.truncate(kept);
}
