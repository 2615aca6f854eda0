//! Ctrl-C: the first one stops the running search cleanly (through the
//! core's cancel flag, so the example reports what it has), a second one
//! ends the process at once.
//!
//! The handler only sets a flag (`signal-hook`'s flag registration: no
//! thread, no cost a quick search would notice), so the examples [`arm`] it
//! before their first search and every Ctrl-C is caught. (It used to be a
//! `ctrlc` handler thread, about 10 ms a process, armed late to spare quick
//! runs; a Ctrl-C before then killed the process without a word.)

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use puzzle_search_core::CancelFlag;

/// The exit code of a process ended by Ctrl-C (128 + SIGINT), as shells
/// report it.
pub const EXIT_INTERRUPTED: u8 = 130;

/// The one flag, shared by the signal handler and every search.
fn shared() -> &'static Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(Arc::default)
}

/// The flag Ctrl-C sets once [`arm`] has installed the handler.
///
/// ```
/// let flag = puzzle_search_cli::interrupt::ctrl_c_flag();
/// assert!(!flag.is_cancelled());
/// ```
pub fn ctrl_c_flag() -> CancelFlag {
    CancelFlag::from(Arc::clone(shared()))
}

/// Installs the Ctrl-C handler that sets [`ctrl_c_flag`] (once; later
/// calls do nothing); a Ctrl-C when the flag is already set ends the
/// process with [`EXIT_INTERRUPTED`]. If no handler can be installed,
/// Ctrl-C keeps its default effect.
///
/// ```
/// puzzle_search_cli::interrupt::arm();
/// puzzle_search_cli::interrupt::arm(); // once is enough
/// assert!(!puzzle_search_cli::interrupt::ctrl_c_flag().is_cancelled());
/// ```
pub fn arm() {
    static ARMED: OnceLock<()> = OnceLock::new();
    ARMED.get_or_init(|| {
        use signal_hook::consts::SIGINT;
        let flag = shared();
        // The shutdown is registered first, so it sees the flag as the
        // previous Ctrl-C left it: set means this is the second one.
        let _ = signal_hook::flag::register_conditional_shutdown(
            SIGINT,
            i32::from(EXIT_INTERRUPTED),
            Arc::clone(flag),
        );
        let _ = signal_hook::flag::register(SIGINT, Arc::clone(flag));
    });
}
