//! Ctrl-C and SIGTERM (what `timeout` and `kill` send): the first one
//! stops the running search or census cleanly (through the core's cancel
//! flag, so the program reports what it has: a census's finished layers),
//! a second one ends the process at once.
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

/// Installs the Ctrl-C and SIGTERM handlers that set [`ctrl_c_flag`]
/// (once; later calls do nothing); a signal when the flag is already set
/// ends the process (130 after Ctrl-C, 143 after SIGTERM). If no handler
/// can be installed, the signal keeps its default effect.
///
/// ```
/// puzzle_search_cli::interrupt::arm();
/// puzzle_search_cli::interrupt::arm(); // once is enough
/// assert!(!puzzle_search_cli::interrupt::ctrl_c_flag().is_cancelled());
/// ```
pub fn arm() {
    static ARMED: OnceLock<()> = OnceLock::new();
    ARMED.get_or_init(|| {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let flag = shared();
        for signal in [SIGINT, SIGTERM] {
            // The shutdown is registered first, so it sees the flag as
            // the previous signal left it: set means this is the second
            // one (exit 128 + the signal, as shells report it).
            let _ = signal_hook::flag::register_conditional_shutdown(
                signal,
                128 + signal,
                Arc::clone(flag),
            );
            let _ = signal_hook::flag::register(signal, Arc::clone(flag));
        }
    });
}
