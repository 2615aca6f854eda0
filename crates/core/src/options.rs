//! What the strategies are told: the depth mode of a DFS and the
//! solver's options. Apart from the solver, so that the strategies take
//! them without importing the solver that calls them.

use std::sync::Arc;

use crate::progress::Hook;

/// The slack from which the table looks nodes up
/// ([`Solver::DEFAULT_TABLE_MIN_SLACK`](crate::Solver::DEFAULT_TABLE_MIN_SLACK)).
pub(crate) const DEFAULT_TABLE_MIN_SLACK: u32 = 3;

/// Which solutions a depth-limited DFS looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DepthMode {
    /// Solutions of exactly the depth (a goal reached earlier does not end
    /// the sequence; the puzzle's moves go on from it).
    Exactly,
    /// Solutions of at most the depth (a goal ends the sequence).
    AtMost,
}

/// The options every strategy reads.
#[derive(Clone)]
pub(crate) struct Options {
    pub(crate) table_bytes: usize,
    pub(crate) table_min_slack: u32,
    /// Gate the table on the moves left alone (see `table_min_left`).
    pub(crate) table_by_left: bool,
    /// The gate is the default one: it may come down below
    /// `table_min_slack` while the table pays (see `Rules::table_floor`).
    pub(crate) table_auto: bool,
    pub(crate) dedup: bool,
    pub(crate) parallel: bool,
    /// Every call on the calling thread, rayon untouched (`threads(1)`,
    /// `parallel(false)`): see `crate::threads`.
    pub(crate) one_thread: bool,
    /// Threads for the parallel passes (`None`: rayon's current pool).
    pub(crate) threads: Option<usize>,
    /// Their pool, made on first use and shared by the solver's clones.
    #[cfg(feature = "parallel")]
    pub(crate) pool: Arc<std::sync::OnceLock<Option<rayon::ThreadPool>>>,
    pub(crate) progress: Option<Arc<Hook>>,
    /// Parallel passes hand work over at every budget check, not only to
    /// idle threads (a test setting, see `hand_over_always`).
    pub(crate) hand_over_always: bool,
    /// Any shortest solution will do (see `any_shortest`).
    pub(crate) any_shortest: bool,
    /// A goal is known reachable from every start: no reachability check
    /// (see `goal_reachable`).
    pub(crate) goal_reachable: bool,
}

impl Options {
    /// The lowest slack the table's gate may come down to: the one the
    /// solver set, or 0 with the default gate.
    pub(crate) fn table_floor(&self) -> u32 {
        if self.table_auto {
            0
        } else {
            self.table_min_slack
        }
    }

    /// The options of [`Solver::new`](crate::Solver::new): no table, no
    /// dedup, sequential, lexicographic answers.
    pub(crate) fn new() -> Self {
        Options {
            table_bytes: 0,
            table_min_slack: DEFAULT_TABLE_MIN_SLACK,
            table_by_left: false,
            table_auto: true,
            threads: None,
            one_thread: false,
            #[cfg(feature = "parallel")]
            pool: Arc::default(),
            dedup: false,
            parallel: false,
            progress: None,
            hand_over_always: false,
            any_shortest: false,
            goal_reachable: false,
        }
    }
}
