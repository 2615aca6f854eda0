//! The transposition table's gate: at which nodes a look-up is worth its
//! cost. It never changes what a look-up concludes, only where one is
//! made, so no answer depends on it (`docs/strategies.md`, "Where the
//! table pays").
//!
//! A node is looked up where its *margin* (its moves left less its bound,
//! or with a gate by moves left its moves left alone) reaches the current
//! *slack*. Per window of look-ups the slack rises while the hits save too
//! few nodes and falls back towards its floor while they save many. The
//! default gate also watches for an exact bound: a long run of nodes
//! left out with margin 0 (the bound equal to the moves left everywhere)
//! would otherwise keep the table off for good, since no look-up is made
//! to show it pays; it then gates on the moves left.

use super::Rules;

/// Look-ups per window of [`Gate::adapt`].
const PROBE_WINDOW: u32 = 1024;
/// A look-up should save at least `1 / SAVED_PER_PROBE` expanded nodes.
const SAVED_PER_PROBE: u64 = 8;
/// With the default gate, a look-up should save this many expanded nodes.
const AUTO_SAVED_PER_PROBE: u64 = 4;
/// Hits that save this many expanded nodes a look-up lower the slack.
const SAVED_TO_LOWER: u64 = 16;
/// The slack is raised no further than this.
const MAX_SLACK: u32 = 32;
/// With the default gate, this many nodes in a row left out of the table
/// with a bound equal to their moves left (an exact bound: peg
/// solitaire's pegs less one) switch the gate to the moves left, which it
/// then adapts as before.
const TIGHT_RUN: u32 = 4096;

/// Where the table is consulted now, and what the look-ups have paid.
#[derive(Clone, Debug)]
pub(super) struct Gate {
    /// The slack from which the table is used now: starts at the rules'
    /// `table_floor`, raised while look-ups do not pay and lowered back
    /// towards it while they pay well (see [`Gate::adapt`]).
    slack: u32,
    /// The floor the slack comes back down to.
    floor: u32,
    /// The default gate (it asks more of a look-up, and may switch to the
    /// moves left).
    auto: bool,
    /// The slack is compared with the moves left alone (the rules'
    /// `table_by_left`, or the default gate after a run of exact bounds).
    by_left: bool,
    /// Nodes in a row the gate left out with margin 0 (see [`TIGHT_RUN`]).
    tight_run: u32,
    /// Look-ups in the current window, and the nodes their hits saved.
    probes: u32,
    saved: u64,
}

impl Gate {
    pub(super) fn new(rules: &Rules) -> Self {
        Self {
            slack: rules.table_floor,
            floor: rules.table_floor,
            auto: rules.table_auto,
            by_left: rules.table_by_left,
            tight_run: 0,
            probes: 0,
            saved: 0,
        }
    }

    /// Whether a node with `left` moves left (at least one) and this
    /// `bound` is looked up.
    #[inline]
    pub(super) fn admits(&mut self, left: u32, bound: u32) -> bool {
        let margin = if self.by_left { left } else { left - bound };
        if margin >= self.slack {
            self.tight_run = 0;
            return true;
        }
        if self.auto && !self.by_left {
            self.watch(margin);
        }
        false
    }

    /// Counts a run of nodes left out with margin 0; a long one switches
    /// the default gate to the moves left, from its floor.
    #[cold]
    fn watch(&mut self, margin: u32) {
        if margin > 0 {
            self.tight_run = 0;
            return;
        }
        self.tight_run += 1;
        if self.tight_run >= TIGHT_RUN {
            self.by_left = true;
            self.slack = self.floor;
        }
    }

    /// One look-up made; `saved` is `Some(log2 of the work)` of the
    /// subtree a hit saved.
    #[inline]
    pub(super) fn looked_up(&mut self, saved: Option<u8>) {
        if let Some(work) = saved {
            self.saved += 1u64 << work.min(40);
        }
        self.probes += 1;
        if self.probes == PROBE_WINDOW {
            self.adapt();
        }
    }

    /// Once per window of look-ups: while the hits saved too few nodes
    /// (with a gate the solver set, one per `SAVED_PER_PROBE` look-ups;
    /// with the default gate, `AUTO_SAVED_PER_PROBE` a look-up), use the
    /// table only on larger subtrees (slack + 1); when they saved many
    /// (`SAVED_TO_LOWER` a look-up), come back down towards the floor. The
    /// default gate's floor is 0, the table at every node with a move
    /// left: a weak bound (Rush Hour's, Klotski's) leaves many nodes of
    /// small slack that root large subtrees reached by many routes, the
    /// hits there pay for many look-ups and the slack stays at 0; a strong
    /// bound (the 15-puzzle's) leaves such subtrees small, the hits save
    /// less than a look-up costs and the slack goes up (to 2-4 on Korf's
    /// instances, where the old fixed floor of 3 held it).
    #[cold]
    fn adapt(&mut self) {
        let probes = u64::from(self.probes);
        // The default gate knows nothing of the puzzle's node cost, and
        // starts at every node: it asks more of a look-up (the price of a
        // dozen cheap nodes) than a gate the solver set.
        let pays = if self.auto {
            self.saved >= probes * AUTO_SAVED_PER_PROBE
        } else {
            self.saved * SAVED_PER_PROBE >= probes
        };
        if !pays {
            self.slack = (self.slack + 1).min(MAX_SLACK);
        } else if self.saved > probes * SAVED_TO_LOWER && self.slack > self.floor {
            self.slack -= 1;
        }
        self.probes = 0;
        self.saved = 0;
    }
}
