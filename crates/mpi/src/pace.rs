//! How a rank paces itself, shared by the map, the part schedule and the
//! serving loop: which rank gets the next item, how many a thread holds,
//! and the main thread's backing-off wait between two looks at MPI.

use std::sync::mpsc::Receiver;
use std::time::Duration;

/// The rank the next part or item goes to: of the ranks holding fewer
/// than `per_thread` a thread (`held`, `threads` per rank), the one that
/// holds fewest a thread.
pub(crate) fn fewest(held: &[usize], threads: &[usize], per_thread: usize) -> Option<usize> {
    (0..held.len())
        .filter(|&r| held[r] < threads[r] * per_thread)
        .min_by_key(|&r| (held[r] * 1024 / threads[r], r))
}

/// Items of a map a rank holds per searcher thread: one worked on and one
/// waiting, so that a thread that finishes one starts the next without
/// waiting for the root to hear of it.
pub(crate) const QUEUED: usize = 2;

/// How long a rank's main thread first waits when nothing arrived (it
/// polls MPI and waits on its threads in turn; the threads do the work);
/// the wait doubles while nothing arrives, up to [`IDLE_MAX`], unless the
/// rank's threads have nothing to do (then the core is free, and the
/// sooner it sees work the better). A report of its own threads wakes it
/// at once. (With one core per rank, as `mpirun` binds by default, a main
/// thread waking every 50 us while its thread searched took 40% of the
/// searcher's time.)
pub(crate) const IDLE: Duration = Duration::from_micros(20);

/// The longest wait between two looks at MPI.
pub(crate) const IDLE_MAX: Duration = Duration::from_millis(1);

/// The main thread's wait between two looks at MPI (see [`IDLE`]).
pub(crate) struct Backoff(pub(crate) Duration);

impl Default for Backoff {
    fn default() -> Self {
        Self(IDLE)
    }
}

impl Backoff {
    /// After a look at MPI and the threads: when something happened
    /// (`busy`), nothing; else waits up to the current wait for what this
    /// rank's threads send on `done`, and doubles the wait when nothing
    /// came, unless the threads are `idle`.
    pub(crate) fn wait<T>(&mut self, busy: bool, idle: bool, done: &Receiver<T>) -> Option<T> {
        if busy {
            self.0 = IDLE;
            return None;
        }
        match done.recv_timeout(self.0) {
            Ok(finished) => {
                self.0 = IDLE;
                Some(finished)
            }
            Err(_) => {
                self.0 = if idle {
                    IDLE
                } else {
                    (self.0 * 2).min(IDLE_MAX)
                };
                None
            }
        }
    }
}
