//! Ctrl-C: the first one stops the running search cleanly (through the
//! core's cancel flag, so the example reports what it has), a second one
//! ends the process at once.

use std::sync::OnceLock;

use puzzle_search_core::CancelFlag;

/// The exit code of a process ended by Ctrl-C (128 + SIGINT), as shells
/// report it.
pub const EXIT_INTERRUPTED: u8 = 130;

/// The flag Ctrl-C sets, with the handler installed on first use. If no
/// handler can be installed (another one is), the flag is never set and
/// Ctrl-C keeps its default effect.
///
/// ```
/// let flag = puzzle_search_cli::interrupt::ctrl_c_flag();
/// assert!(!flag.is_cancelled());
/// ```
pub fn ctrl_c_flag() -> CancelFlag {
    static FLAG: OnceLock<CancelFlag> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = CancelFlag::new();
        let set = flag.clone();
        // A second Ctrl-C while the search winds down ends the process.
        let _ = ctrlc::set_handler(move || {
            if set.is_cancelled() {
                std::process::exit(i32::from(EXIT_INTERRUPTED));
            }
            set.cancel();
        });
        flag
    })
    .clone()
}
