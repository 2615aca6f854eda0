//! Limits on a search: nodes, time, a cancel flag and stored states.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// A flag that stops a running search when set; clone it to share it with
/// another thread.
#[derive(Clone, Debug, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

/// A flag over an atomic that other code sets too: a signal handler that
/// may only store to an `AtomicBool` (`signal-hook`'s flag registration),
/// say.
///
/// ```
/// use std::sync::{Arc, OnceLock};
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use puzzle_search_core::CancelFlag;
/// let raw = Arc::new(AtomicBool::new(false));
/// let flag = CancelFlag::from(Arc::clone(&raw));
/// raw.store(true, Ordering::Relaxed);
/// assert!(flag.is_cancelled());
/// ```
impl From<Arc<AtomicBool>> for CancelFlag {
    fn from(flag: Arc<AtomicBool>) -> Self {
        Self(flag)
    }
}

impl CancelFlag {
    /// A new, unset flag.
    ///
    /// ```
    /// use puzzle_search_core::CancelFlag;
    /// assert!(!CancelFlag::new().is_cancelled());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search holding this flag to stop.
    ///
    /// ```
    /// use puzzle_search_core::{Budget, CancelFlag, Limit, Outcome, Solver, Strategy, from_fn};
    /// let flag = CancelFlag::new();
    /// flag.cancel(); // from another thread, in real use
    /// let endless = from_fn(|s: &u64, out: &mut Vec<(u8, u64)>| out.push((0, s + 1)), |_: &u64| false);
    /// let report = Solver::new(Strategy::Dfs { depth: 1 << 20, mode: puzzle_search_core::DepthMode::AtMost })
    ///     .budget(Budget::default().cancel_flag(flag))
    ///     .solve(&endless, &0);
    /// assert_eq!(report.outcome, Outcome::Stopped(Limit::Cancelled));
    /// ```
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`cancel`](Self::cancel) was called.
    ///
    /// ```
    /// use puzzle_search_core::CancelFlag;
    /// let flag = CancelFlag::new();
    /// let shared = flag.clone();
    /// shared.cancel();
    /// assert!(flag.is_cancelled());
    /// ```
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Which limit of a [`Budget`] stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Limit {
    /// More nodes were expanded than [`Budget::max_nodes`] allows.
    Nodes,
    /// The time limit or deadline passed.
    Time,
    /// The [`CancelFlag`] was set.
    Cancelled,
    /// BFS would have stored more than [`Budget::max_states`] states.
    States,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Nodes => "node limit reached",
            Limit::Time => "time limit reached",
            Limit::Cancelled => "cancelled",
            Limit::States => "state limit reached",
        })
    }
}

/// The limits a search runs under. The default limits nothing but the
/// states a search may store: as many as half the memory the process may
/// use holds ([`state_cap`](Self::state_cap)), so that no search eats all
/// memory.
///
/// Nodes, time and the cancel flag are checked every 256 expanded nodes per
/// thread, so a search stops within a few hundred nodes of its limit.
///
/// ```
/// use std::time::Duration;
/// use puzzle_search_core::{Budget, CancelFlag};
///
/// let flag = CancelFlag::new();
/// let budget = Budget::default()
///     .max_nodes(1_000_000)
///     .time_limit(Duration::from_secs(2))
///     .cancel_flag(flag.clone());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Stop after expanding this many nodes (all threads together).
    pub(crate) max_nodes: Option<u64>,
    /// Stop this long after the search starts.
    pub(crate) time_limit: Option<Duration>,
    /// Stop at this instant.
    pub(crate) deadline: Option<Instant>,
    /// Stop when this flag is set.
    pub(crate) cancel: Option<CancelFlag>,
    /// The most states a search may store; `None`: what the memory holds
    /// ([`Budget::state_cap`]).
    pub(crate) max_states: Option<usize>,
    /// The most bytes a pattern-database build may allocate.
    pub(crate) max_memory: Option<u64>,
}

impl Budget {
    /// The cap on states stored where neither [`max_states`](Self::max_states)
    /// nor the memory the process may use is known: 2^24 (about 16.7
    /// million).
    pub const DEFAULT_MAX_STATES: usize = 1 << 24;

    /// The most states a search may store, where each takes
    /// `bytes_per_state` bytes in its structures (the search says what it
    /// pays: its table's entry, the slack of its growth). The cap set by
    /// [`max_states`](Self::max_states) when there is one; else as many as
    /// fit in the [`max_memory`](Self::max_memory) cap, or in half of the
    /// memory the process may use ([`memory_available`]: the least of the
    /// memory available, `ulimit -v` and the cgroup's limit, read at the first call);
    /// [`DEFAULT_MAX_STATES`](Self::DEFAULT_MAX_STATES) where none is known.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// assert_eq!(Budget::default().max_states(1000).state_cap(64), 1000);
    /// assert_eq!(Budget::default().max_memory(64_000).state_cap(64), 1000);
    /// // By default, what half the machine's memory holds.
    /// assert!(Budget::default().state_cap(16) >= 1 << 20);
    /// ```
    pub fn state_cap(&self, bytes_per_state: u64) -> usize {
        if let Some(states) = self.max_states {
            return states;
        }
        match self.memory_for_states() {
            Some(bytes) => usize::try_from(bytes / bytes_per_state.max(1)).unwrap_or(usize::MAX),
            None => Self::DEFAULT_MAX_STATES,
        }
    }

    /// The bytes stored states may take: the memory cap, else half the
    /// memory the process may use (`None`: not known).
    pub(crate) fn memory_for_states(&self) -> Option<u64> {
        // Read once a process: reading `/proc` costs tens of microseconds,
        // and small searches are called by the thousand.
        static AVAILABLE: OnceLock<Option<u64>> = OnceLock::new();
        self.max_memory
            .or_else(|| AVAILABLE.get_or_init(memory_available).map(|free| free / 2))
    }

    /// The cap of [`max_states`](Self::max_states), if one was set.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// assert_eq!(Budget::default().states_set(), None);
    /// assert_eq!(Budget::default().max_states(5).states_set(), Some(5));
    /// ```
    pub fn states_set(&self) -> Option<usize> {
        self.max_states
    }

    /// Stops the search after expanding `nodes` nodes (all threads together).
    ///
    /// ```
    /// use puzzle_search_core::{Budget, DepthMode, Limit, Outcome, Solver, Strategy, from_fn};
    /// // Counting up forever: no goal.
    /// let endless = from_fn(|s: &u64, out: &mut Vec<(u8, u64)>| out.push((0, s + 1)), |_: &u64| false);
    /// let deep = Solver::new(Strategy::Dfs { depth: 1 << 30, mode: DepthMode::AtMost });
    /// let report = deep.budget(Budget::default().max_nodes(10_000)).solve(&endless, &0);
    /// assert_eq!(report.outcome, Outcome::Stopped(Limit::Nodes));
    /// ```
    pub fn max_nodes(mut self, nodes: u64) -> Self {
        self.max_nodes = Some(nodes);
        self
    }

    /// Stops the search `limit` after it starts.
    ///
    /// ```
    /// use puzzle_search_core::{Budget, DepthMode, Limit, Outcome, Solver, Strategy, from_fn};
    /// // Counting up forever: no goal.
    /// let endless = from_fn(|s: &u64, out: &mut Vec<(u8, u64)>| out.push((0, s + 1)), |_: &u64| false);
    /// let deep = Solver::new(Strategy::Dfs { depth: 1 << 30, mode: DepthMode::AtMost });
    /// let limit = std::time::Duration::from_millis(20);
    /// let report = deep.budget(Budget::default().time_limit(limit)).solve(&endless, &0);
    /// assert_eq!(report.outcome, Outcome::Stopped(Limit::Time));
    /// ```
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Stops the search at the instant `at`.
    ///
    /// ```
    /// use puzzle_search_core::{Budget, DepthMode, Limit, Outcome, Solver, Strategy, from_fn};
    /// // Counting up forever: no goal.
    /// let endless = from_fn(|s: &u64, out: &mut Vec<(u8, u64)>| out.push((0, s + 1)), |_: &u64| false);
    /// let deep = Solver::new(Strategy::Dfs { depth: 1 << 30, mode: DepthMode::AtMost });
    /// let at = std::time::Instant::now() + std::time::Duration::from_millis(20);
    /// let report = deep.budget(Budget::default().deadline(at)).solve(&endless, &0);
    /// assert_eq!(report.outcome, Outcome::Stopped(Limit::Time));
    /// ```
    pub fn deadline(mut self, at: Instant) -> Self {
        self.deadline = Some(at);
        self
    }

    /// Stops the search when `flag` is set (from another thread, say).
    ///
    /// ```
    /// use puzzle_search_core::{Budget, CancelFlag};
    /// let flag = CancelFlag::new();
    /// let budget = Budget::default().cancel_flag(flag.clone());
    /// // Hand `budget` to a solver, keep `flag` to stop it.
    /// # let _ = budget;
    /// ```
    pub fn cancel_flag(mut self, flag: CancelFlag) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Caps the states a search stores: BFS, A* and bidirectional BFS,
    /// the censuses (the states held at once), the states
    /// [`Solver::count_shortest`](crate::Solver::count_shortest) and
    /// [`Solver::for_each_shortest`](crate::Solver::for_each_shortest)
    /// remember. Reaching it stops the search with [`Limit::States`]. By
    /// default the cap is what the memory holds
    /// ([`state_cap`](Self::state_cap)); to cap bytes instead, use
    /// [`max_memory`](Self::max_memory).
    ///
    /// ```
    /// use puzzle_search_core::{Budget, Limit, Outcome, Solver, Strategy, from_fn};
    /// // Counting up forever: no goal, every state new.
    /// let endless = from_fn(|s: &u64, out: &mut Vec<(u8, u64)>| out.push((0, s + 1)), |_: &u64| false);
    /// let report = Solver::new(Strategy::Bfs { max_depth: 1 << 30 })
    ///     .budget(Budget::default().max_states(1_000))
    ///     .solve(&endless, &0);
    /// assert_eq!(report.outcome, Outcome::Stopped(Limit::States));
    /// ```
    pub fn max_states(mut self, states: usize) -> Self {
        self.max_states = Some(states);
        self
    }

    /// Caps the bytes a pattern-database build
    /// ([`PatternDb::build_within`](crate::pdb::PatternDb::build_within))
    /// allocates: a build that would need more is refused up front, before
    /// anything is allocated, with an error naming what it needs (default:
    /// no cap but the allocator's, whose failure is an error too). Where
    /// [`max_states`](Self::max_states) is not set, it also caps the
    /// states searches and censuses store, at what each pays a state
    /// ([`state_cap`](Self::state_cap)).
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::{Abstraction, PatternDb};
    /// struct Ring;
    /// impl Abstraction for Ring {
    ///     fn name(&self) -> String { "ring 100".into() }
    ///     fn size(&self) -> u64 { 100 }
    ///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    ///     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
    ///         out.extend([((r + 1) % 100, true), ((r + 99) % 100, true)]);
    ///     }
    /// }
    /// // 100 states: 4 words of codes (32 bytes) and 100 bytes of entries.
    /// let tight = Budget::default().max_memory(100);
    /// let err = PatternDb::build_within(&Ring, &tight, None).unwrap_err();
    /// assert!(err.to_string().contains("bytes"), "{err}");
    /// assert!(PatternDb::build_within(&Ring, &Budget::default().max_memory(1 << 20), None).is_ok());
    /// ```
    pub fn max_memory(mut self, bytes: u64) -> Self {
        self.max_memory = Some(bytes);
        self
    }

    /// The memory cap of [`max_memory`](Self::max_memory), if any.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// assert_eq!(Budget::default().memory_cap(), None);
    /// assert_eq!(Budget::default().max_memory(1 << 30).memory_cap(), Some(1 << 30));
    /// ```
    pub fn memory_cap(&self) -> Option<u64> {
        self.max_memory
    }

    /// Whether the cancel flag is set or the deadline (counted from
    /// `start`) has passed: the limit that stops a bulk step.
    pub(crate) fn exceeded(&self, start: Instant) -> Option<Limit> {
        if self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled) {
            return Some(Limit::Cancelled);
        }
        match self.effective_deadline(start) {
            Some(at) if Instant::now() >= at => Some(Limit::Time),
            _ => None,
        }
    }

    /// The earlier of the deadline and `start + time_limit`.
    pub(crate) fn effective_deadline(&self, start: Instant) -> Option<Instant> {
        // A limit past what an `Instant` can hold (`Duration::MAX`) is none.
        let from_limit = self.time_limit.and_then(|d| start.checked_add(d));
        match (self.deadline, from_limit) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// The memory this process may still take, in bytes: the least of what
/// Linux says is left (`MemAvailable`), the address-space limit
/// (`ulimit -v`) less the address space already taken, and the cgroup's
/// `memory.max` less its `memory.current` (containers, systemd slices);
/// `None` where none is known (another system). Read afresh each call.
///
/// ```
/// if let Some(bytes) = puzzle_search_core::memory_available() {
///     assert!(bytes > 0);
/// }
/// ```
pub fn memory_available() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    // A `/proc` line's number after `key`, in kB.
    let kb = |text: &str, key: &str| -> Option<u64> {
        let line = text.lines().find(|l| l.starts_with(key))?;
        line.split_whitespace()
            .nth(1)?
            .parse::<u64>()
            .ok()?
            .checked_mul(1024)
    };
    let available = read("/proc/meminfo").and_then(|t| kb(&t, "MemAvailable:"));
    // `Max address space  SOFT  HARD  bytes`: the soft limit binds.
    let address = read("/proc/self/limits").and_then(|t| {
        let line = t.lines().find(|l| l.starts_with("Max address space"))?;
        let soft: u64 = line.split_whitespace().nth(3)?.parse().ok()?;
        let taken = read("/proc/self/status")
            .and_then(|s| kb(&s, "VmSize:"))
            .unwrap_or(0);
        Some(soft.saturating_sub(taken))
    });
    let cgroup = read("/sys/fs/cgroup/memory.max").and_then(|max| {
        let max: u64 = max.trim().parse().ok()?; // `max`: no limit
        let used = read("/sys/fs/cgroup/memory.current")
            .and_then(|c| c.trim().parse::<u64>().ok())
            .unwrap_or(0);
        Some(max.saturating_sub(used))
    });
    [available, address, cgroup].into_iter().flatten().min()
}
