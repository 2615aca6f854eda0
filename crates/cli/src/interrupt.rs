//! Ctrl-C: the first one stops the running search cleanly (through the
//! core's cancel flag, so the example reports what it has), a second one
//! ends the process at once.
//!
//! The handler costs a thread, which a whole-process timing of a quick
//! search notices (5% on the Mayan peer inputs, about 10 ms each), so the
//! examples [`arm`] it only once a search has run for a quarter of a
//! second (from the core's first running report); Ctrl-C before that ends
//! the process as usual.

use std::sync::OnceLock;

use puzzle_search_core::CancelFlag;

/// The exit code of a process ended by Ctrl-C (128 + SIGINT), as shells
/// report it.
pub const EXIT_INTERRUPTED: u8 = 130;

/// The flag Ctrl-C sets once [`arm`] has installed the handler.
///
/// ```
/// let flag = puzzle_search_cli::interrupt::ctrl_c_flag();
/// assert!(!flag.is_cancelled());
/// ```
pub fn ctrl_c_flag() -> CancelFlag {
    static FLAG: OnceLock<CancelFlag> = OnceLock::new();
    FLAG.get_or_init(CancelFlag::new).clone()
}

/// Installs the Ctrl-C handler that sets [`ctrl_c_flag`] (once; later
/// calls do nothing). If no handler can be installed (another one is),
/// Ctrl-C keeps its default effect.
///
/// ```
/// puzzle_search_cli::interrupt::arm();
/// puzzle_search_cli::interrupt::arm(); // once is enough
/// ```
pub fn arm() {
    static ARMED: OnceLock<()> = OnceLock::new();
    ARMED.get_or_init(|| {
        let set = ctrl_c_flag();
        // A second Ctrl-C while the search winds down ends the process.
        let _ = ctrlc::set_handler(move || {
            if set.is_cancelled() {
                std::process::exit(i32::from(EXIT_INTERRUPTED));
            }
            set.cancel();
        });
    });
}
