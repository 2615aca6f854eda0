//! Whether the work running on this thread may spread over rayon's
//! threads: not inside a call of a solver told `threads(1)` or
//! `parallel(false)`, which keeps every step on the calling thread and
//! never starts rayon's global pool.

use std::cell::Cell;

thread_local! {
    /// Set while a one-thread solver's call runs on this thread.
    static ONE: Cell<bool> = const { Cell::new(false) };
}

/// Restores the flag when the call ends, a panic included.
struct Restore(bool);

impl Drop for Restore {
    fn drop(&mut self) {
        ONE.with(|one| one.set(self.0));
    }
}

/// Runs `f` with every step kept on this thread.
pub(crate) fn on_one_thread<R>(f: impl FnOnce() -> R) -> R {
    let _restore = Restore(ONE.with(|one| one.replace(true)));
    f()
}

/// More than one thread to spread work over: false inside
/// [`on_one_thread`] (without asking rayon, so its global pool is not
/// started), else whether the current pool has several.
pub(crate) fn many() -> bool {
    #[cfg(feature = "parallel")]
    {
        !ONE.with(Cell::get) && rayon::current_num_threads() > 1
    }
    #[cfg(not(feature = "parallel"))]
    {
        false
    }
}
