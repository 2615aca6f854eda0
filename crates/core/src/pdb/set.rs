//! [`TableSet`]: the tables a puzzle's bound reads, loaded or built one
//! after another under one budget and one cache directory, and the
//! [`SetReport`] of what was done with each.
//!
//! A puzzle's bound is rarely one table: sliding's partitions have three
//! or four, a twisty puzzle's orbits one or more each, and the tables live
//! together in memory. The set is where what they share is kept once:
//! - **memory**: the budget's cap covers the whole set. The entries of
//!   every table can be checked up front ([`TableSet::check`]), and each
//!   build gets the cap less what the tables already held take (and less
//!   what the caller holds beside it, the `extra` of
//!   [`TableSet::table`]); an error names the whole set's bytes against
//!   the whole cap, not one build's share;
//! - **the cache**: each table is read from its file in the cache
//!   directory when the file is there and sound (name, key count and
//!   checksum checked: [`PatternDb::load`]), else built and saved;
//! - **reporting**: which tables were loaded and which built, their size
//!   and time, and every file that could not be read or saved
//!   ([`SetReport::unsaved`]): kept, never dropped, for the caller to say.

use std::fmt;
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

use super::{Abstraction, BuildProgress, ErrorKind, PatternDb, PdbError};
use crate::Budget;

/// A hook told each table's name and its build's progress.
pub type TableHook<'a> = dyn Fn(&str, BuildProgress) + Sync + 'a;

/// Loads or builds the tables of a set, one after another, under one
/// budget and one cache directory (the module docs say what it shares).
///
/// ```
/// use puzzle_search_core::Budget;
/// use puzzle_search_core::pdb::{Abstraction, TableSet};
/// /// A ring of `n` cells: a token steps left or right, the goal is cell 0.
/// struct Ring(u64);
/// impl Abstraction for Ring {
///     fn name(&self) -> String { format!("ring {}", self.0) }
///     fn size(&self) -> u64 { self.0 }
///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
///     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
///         out.extend([((r + 1) % self.0, true), ((r + self.0 - 1) % self.0, true)]);
///     }
/// }
/// let dir = std::env::temp_dir().join(format!("table-set-doc-{}", std::process::id()));
/// let budget = Budget::default();
/// let mut set = TableSet::new(&budget).cache(Some(&dir));
/// let small = set.table(&Ring(12), 0)?;
/// let large = set.table(&Ring(40), 0)?;
/// assert_eq!((small.get(6), large.get(20)), (6, 20));
/// let report = set.finish();
/// assert_eq!(report.tables().len(), 2);
/// assert!(report.tables().iter().all(|t| !t.loaded)); // built, then saved
/// assert!(report.unsaved().is_empty());
///
/// // A second set finds them in the cache.
/// let mut again = TableSet::new(&budget).cache(Some(&dir));
/// again.table(&Ring(12), 0)?;
/// assert!(again.report().tables()[0].loaded);
/// std::fs::remove_dir_all(&dir).ok();
/// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
/// ```
pub struct TableSet<'a> {
    budget: Budget,
    cache: Option<&'a Path>,
    progress: Option<&'a TableHook<'a>>,
    resident: u64,
    report: SetReport,
}

impl fmt::Debug for TableSet<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TableSet")
            .field("cache", &self.cache)
            .field("resident", &self.resident)
            .field("report", &self.report)
            .finish()
    }
}

impl<'a> TableSet<'a> {
    /// An empty set whose tables are built under `budget`: its memory cap
    /// covers the whole set, its time limit and cancel flag stop a build.
    /// No cache and no progress hook until [`cache`](Self::cache) and
    /// [`progress`](Self::progress) say so.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::TableSet;
    /// let set = TableSet::new(&Budget::default());
    /// assert_eq!(set.resident(), 0);
    /// assert!(set.report().tables().is_empty());
    /// ```
    pub fn new(budget: &Budget) -> Self {
        Self {
            budget: budget.clone(),
            cache: None,
            progress: None,
            resident: 0,
            report: SetReport::default(),
        }
    }

    /// Keeps the tables in `dir` (`None`: built in memory, never saved).
    ///
    /// ```
    /// use std::path::Path;
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::TableSet;
    /// let set = TableSet::new(&Budget::default()).cache(Some(Path::new("/tmp/tables")));
    /// assert!(format!("{set:?}").contains("/tmp/tables"));
    /// ```
    pub fn cache(mut self, dir: Option<&'a Path>) -> Self {
        self.cache = dir;
        self
    }

    /// Tells `hook` each build's progress, with the table's name.
    ///
    /// ```
    /// use std::sync::Mutex;
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::{Abstraction, BuildProgress, TableSet};
    /// struct Pair;
    /// impl Abstraction for Pair {
    ///     fn name(&self) -> String { "pair".into() }
    ///     fn size(&self) -> u64 { 2 }
    ///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    ///     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) { out.push((1 - r, true)) }
    /// }
    /// let heard = Mutex::new(Vec::new());
    /// let hook = |name: &str, p: BuildProgress| {
    ///     if p.finished { heard.lock().unwrap().push((name.to_string(), p.depth)) }
    /// };
    /// let budget = Budget::default();
    /// let mut set = TableSet::new(&budget).progress(Some(&hook));
    /// set.table(&Pair, 0)?;
    /// assert_eq!(*heard.lock().unwrap(), [("pair".to_string(), 0), ("pair".to_string(), 1)]);
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn progress(mut self, hook: Option<&'a TableHook<'a>>) -> Self {
        self.progress = hook;
        self
    }

    /// Refuses, before anything is read or built, a set whose tables
    /// would hold `bytes` (their entries: at most a byte a key) over the
    /// budget's memory cap. The error names both figures.
    ///
    /// # Errors
    /// [`PdbError`] when `bytes` and what the set holds already pass the
    /// cap.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::TableSet;
    /// let budget = Budget::default().max_memory(1000);
    /// let set = TableSet::new(&budget);
    /// assert!(set.check(1000).is_ok());
    /// let err = set.check(1001).unwrap_err();
    /// assert!(err.to_string().contains("1001 bytes"), "{err}");
    /// ```
    pub fn check(&self, bytes: u64) -> Result<(), PdbError> {
        let needed = self.resident.saturating_add(bytes);
        match self.budget.memory_cap() {
            Some(allowed) if needed > allowed => {
                Err(PdbError(ErrorKind::SetOverBudget { needed, allowed }))
            }
            _ => Ok(()),
        }
    }

    /// The table of `abstraction`: read from the cache when its file is
    /// there and sound, else built within the budget's cap less what the
    /// set holds and `extra` (bytes the caller keeps beside the build:
    /// its move tables, say), and saved to the cache. Why a file could not
    /// be read or saved goes to the report; the table is returned either
    /// way.
    ///
    /// # Errors
    /// [`PdbError`] when the build would pass the memory cap (the message
    /// names the whole set's bytes, `extra` and the build's peak, against
    /// the whole cap), cannot allocate, reaches distance 255, or a limit
    /// stopped it ([`PdbError::stopped`]).
    ///
    /// # Panics
    /// As [`PatternDb::build`], for a broken `Abstraction`.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::{Abstraction, PatternDb, TableSet};
    /// struct Ring;
    /// impl Abstraction for Ring {
    ///     fn name(&self) -> String { "ring 12".into() }
    ///     fn size(&self) -> u64 { 12 }
    ///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    ///     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
    ///         out.extend([((r + 1) % 12, true), ((r + 11) % 12, true)]);
    ///     }
    /// }
    /// // The build needs 15 bytes; 10 more are held beside it.
    /// assert_eq!(PatternDb::bytes_needed(&Ring), Some(8 + 12));
    /// let budget = Budget::default().max_memory(25);
    /// let err = TableSet::new(&budget).table(&Ring, 10).unwrap_err();
    /// assert!(err.to_string().contains("30 bytes"), "{err}");
    /// assert!(TableSet::new(&budget).table(&Ring, 5).is_ok());
    /// ```
    pub fn table<A: Abstraction>(
        &mut self,
        abstraction: &A,
        extra: u64,
    ) -> Result<PatternDb, PdbError> {
        let held = self.resident.saturating_add(extra);
        let cap = self.budget.memory_cap();
        // Over the cap: said in the user's terms (all the set holds and
        // this build's peak, against the whole cap), not the build's share.
        let whole = |allowed| {
            let needed = PatternDb::bytes_needed(abstraction)
                .unwrap_or(u64::MAX)
                .saturating_add(held);
            PdbError(ErrorKind::SetOverBudget { needed, allowed })
        };
        let within = match cap {
            Some(allowed) if held >= allowed => return Err(whole(allowed)),
            Some(allowed) => self.budget.clone().max_memory(allowed - held),
            None => self.budget.clone(),
        };
        let name = abstraction.name();
        let hook = self.progress.map(|p| {
            let name = name.as_str();
            move |bp: BuildProgress| p(name, bp)
        });
        let hook_ref = hook.as_ref().map(|h| h as &(dyn Fn(BuildProgress) + Sync));
        let started = Instant::now();
        let fetched = match self.cache {
            Some(dir) => PatternDb::fetch(abstraction, dir, &within, hook_ref),
            None => PatternDb::build_within(abstraction, &within, hook_ref).map(|table| {
                super::file::Fetched {
                    table,
                    loaded: false,
                    error: None,
                }
            }),
        };
        let fetched = fetched.map_err(|e| match (e.0, cap) {
            (ErrorKind::OverBudget { .. }, Some(allowed)) => whole(allowed),
            _ => e,
        })?;
        let table = fetched.table;
        self.resident = self.resident.saturating_add(table.bytes() as u64);
        self.report.tables.push(TableNote {
            name: table.name().to_owned(),
            loaded: fetched.loaded,
            keys: table.len(),
            bytes: table.bytes() as u64,
            max_distance: table.max_distance(),
            time: started.elapsed(),
        });
        self.report.unsaved.extend(fetched.error);
        Ok(table)
    }

    /// [`table`](Self::table) held at two bits an entry
    /// ([`PatternDb::packed`]: lower bounds, about half the memory). With
    /// a cache, the packed copy is read from its own file (the
    /// abstraction's name and ` packed`) where it is there and sound, and
    /// the full table is never loaded; else the full table is loaded or
    /// built (and cached) as `table` does, packed, dropped, and the copy
    /// saved beside it. While packing both are held; the set then counts
    /// the copy's bytes only. Where building the full table would pass
    /// the cap (and it is not cached), the copy is built directly
    /// ([`PatternDb::build_packed_within`]: a second search instead of a
    /// byte a key) and no full table is saved. The copy keeps its own name (` packed`
    /// added) in the report.
    ///
    /// # Errors
    /// As [`table`](Self::table); a packed file that would pass the cap
    /// is [over budget](PdbError) like a build.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::{Abstraction, TableSet};
    /// // A path of 200 cells, 0 the goal.
    /// struct Path;
    /// impl Abstraction for Path {
    ///     fn name(&self) -> String { "path".into() }
    ///     fn size(&self) -> u64 { 200 }
    ///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    ///     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
    ///         out.extend([r.saturating_sub(1), (r + 1).min(199)].map(|n| (n, true)));
    ///     }
    /// }
    /// let dir = std::env::temp_dir().join(format!("table-set-packed-{}", std::process::id()));
    /// let budget = Budget::default();
    /// let mut set = TableSet::new(&budget).cache(Some(&dir));
    /// let table = set.packed(&Path, 0)?;
    /// assert!(!table.is_exact() && table.get(199) < 199);
    /// assert_eq!(set.resident(), table.bytes() as u64); // the copy only
    /// // Next time the copy is read from its own file.
    /// let mut again = TableSet::new(&budget).cache(Some(&dir));
    /// let back = again.packed(&Path, 0)?;
    /// assert!((0..200).all(|k| back.get(k) == table.get(k)));
    /// assert!(again.report().tables()[0].loaded);
    /// assert_eq!(again.report().tables()[0].name, "path packed");
    /// // A corrupt copy is built again, and the report says so.
    /// let file = puzzle_search_core::pdb::PatternDb::file_in(&dir, "path packed");
    /// std::fs::write(&file, b"not a table")?;
    /// let mut third = TableSet::new(&budget).cache(Some(&dir));
    /// let rebuilt = third.packed(&Path, 0)?;
    /// assert!((0..200).all(|k| rebuilt.get(k) == table.get(k)));
    /// assert!(third.report().unsaved()[0].to_string().contains("is not a valid table of `path packed`"));
    /// std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn packed<A: Abstraction>(
        &mut self,
        abstraction: &A,
        extra: u64,
    ) -> Result<PatternDb, PdbError> {
        let name = format!("{} packed", abstraction.name());
        let started = Instant::now();
        if let Some(dir) = self.cache {
            let path = PatternDb::file_in(dir, &name);
            match PatternDb::read(&path, &name, Some(abstraction.key_size())) {
                // Not a packed file: said, as it is rebuilt.
                Ok(Some(table)) if table.is_exact() => {
                    self.report
                        .unsaved
                        .extend(super::file::refused(&path, &name));
                }
                Ok(Some(table)) => {
                    let held = self.resident.saturating_add(table.bytes() as u64);
                    let needed = held.saturating_add(extra);
                    match self.budget.memory_cap() {
                        Some(allowed) if needed > allowed => {
                            return Err(PdbError(ErrorKind::SetOverBudget { needed, allowed }));
                        }
                        _ => {}
                    }
                    self.resident = held;
                    self.report.tables.push(TableNote {
                        name: name.clone(),
                        loaded: true,
                        keys: table.len(),
                        bytes: table.bytes() as u64,
                        max_distance: table.max_distance(),
                        time: started.elapsed(),
                    });
                    return Ok(table);
                }
                // Missing: nothing to say; there but refused: said.
                Ok(None) => self
                    .report
                    .unsaved
                    .extend(super::file::refused(&path, &name)),
                Err(e) => self.report.unsaved.push(io::Error::new(
                    e.kind(),
                    format!("cannot read {}: {e}", path.display()),
                )),
            }
        }
        // Where building the table whole would pass the cap, the lines are
        // built directly: a second search instead of a byte a key (unless
        // the whole table is cached: then it is read, if the cap holds it,
        // and packed).
        let whole = PatternDb::bytes_needed(abstraction).unwrap_or(u64::MAX);
        let held = self.resident.saturating_add(extra);
        let direct = self
            .budget
            .memory_cap()
            .filter(|&allowed| held.saturating_add(whole) > allowed);
        if let Some(allowed) = direct {
            let cached = self
                .cache
                .is_some_and(|dir| PatternDb::file_in(dir, &abstraction.name()).is_file());
            if !cached {
                return self.packed_directly(abstraction, held, allowed, name, started);
            }
        }
        let full = match (self.table(abstraction, extra), direct) {
            (Err(e), Some(allowed)) if e.over_memory().is_some() => {
                return self.packed_directly(abstraction, held, allowed, name, started);
            }
            (full, _) => full?,
        };
        let mut table = full.packed();
        table.name = name.clone();
        self.resident = self
            .resident
            .saturating_sub(full.bytes() as u64)
            .saturating_add(table.bytes() as u64);
        drop(full);
        self.save_packed(&table, &name);
        if let Some(note) = self.report.tables.last_mut() {
            note.name = name;
            note.bytes = table.bytes() as u64;
            note.time = started.elapsed();
        }
        Ok(table)
    }

    /// Saves a packed copy named `name` to the cache, if there is one;
    /// why it could not be saved goes to the report.
    fn save_packed(&mut self, table: &PatternDb, name: &str) {
        if let Some(dir) = self.cache {
            let path = PatternDb::file_in(dir, name);
            if let Err(e) = table.save(&path) {
                self.report.unsaved.push(io::Error::new(
                    e.kind(),
                    format!("cannot save {}: {e}", path.display()),
                ));
            }
        }
    }

    /// [`packed`](Self::packed)'s table built directly
    /// ([`PatternDb::build_packed_within`]) under the cap `allowed`, `held`
    /// bytes held beside it, and saved to the cache.
    fn packed_directly<A: Abstraction>(
        &mut self,
        abstraction: &A,
        held: u64,
        allowed: u64,
        name: String,
        started: Instant,
    ) -> Result<PatternDb, PdbError> {
        let peak = PatternDb::packed_bytes_needed(abstraction).unwrap_or(u64::MAX);
        let over = PdbError(ErrorKind::SetOverBudget {
            needed: held.saturating_add(peak),
            allowed,
        });
        if held >= allowed {
            return Err(over);
        }
        let within = self.budget.clone().max_memory(allowed - held);
        let label = abstraction.name();
        let hook = self.progress.map(|p| {
            let label = label.as_str();
            move |bp: BuildProgress| p(label, bp)
        });
        let hook_ref = hook.as_ref().map(|h| h as &(dyn Fn(BuildProgress) + Sync));
        let mut table = PatternDb::build_packed_within(abstraction, &within, hook_ref).map_err(
            |e| match e.0 {
                ErrorKind::OverBudget { .. } => over,
                _ => e,
            },
        )?;
        table.name = name.clone();
        self.resident = self.resident.saturating_add(table.bytes() as u64);
        self.save_packed(&table, &name);
        self.report.tables.push(TableNote {
            name,
            loaded: false,
            keys: table.len(),
            bytes: table.bytes() as u64,
            max_distance: table.max_distance(),
            time: started.elapsed(),
        });
        Ok(table)
    }

    /// The bytes the set's tables hold so far.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::{Abstraction, TableSet};
    /// struct Pair;
    /// impl Abstraction for Pair {
    ///     fn name(&self) -> String { "pair".into() }
    ///     fn size(&self) -> u64 { 2 }
    ///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    ///     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) { out.push((1 - r, true)) }
    /// }
    /// let budget = Budget::default();
    /// let mut set = TableSet::new(&budget);
    /// set.table(&Pair, 0)?;
    /// assert_eq!(set.resident(), 1); // two 4-bit entries
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn resident(&self) -> u64 {
        self.resident
    }

    /// What was done so far.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::TableSet;
    /// assert!(TableSet::new(&Budget::default()).report().unsaved().is_empty());
    /// ```
    pub fn report(&self) -> &SetReport {
        &self.report
    }

    /// Ends the set, giving its report.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::TableSet;
    /// let report = TableSet::new(&Budget::default()).finish();
    /// assert_eq!(report.bytes(), 0);
    /// ```
    pub fn finish(self) -> SetReport {
        self.report
    }
}

/// What a [`TableSet`] did: each table loaded or built, and why a file
/// could not be read or saved. Its `Display` is one line a table and one
/// a file error, for a program's `--stats` or warnings.
#[derive(Debug, Default)]
pub struct SetReport {
    tables: Vec<TableNote>,
    unsaved: Vec<io::Error>,
}

impl SetReport {
    /// Each table, in the order the set took them.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::{Abstraction, TableSet};
    /// struct Pair;
    /// impl Abstraction for Pair {
    ///     fn name(&self) -> String { "pair".into() }
    ///     fn size(&self) -> u64 { 2 }
    ///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    ///     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) { out.push((1 - r, true)) }
    /// }
    /// let budget = Budget::default();
    /// let mut set = TableSet::new(&budget);
    /// set.table(&Pair, 0)?;
    /// let report = set.finish();
    /// assert_eq!(report.tables()[0].name, "pair");
    /// assert_eq!((report.tables()[0].keys, report.tables()[0].max_distance), (2, 1));
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn tables(&self) -> &[TableNote] {
        &self.tables
    }

    /// Why a file could not be read (a corrupt or unreadable one, then
    /// rebuilt) or a built table could not be saved, each naming the path.
    /// The tables work without the files; a caller says these to the user.
    ///
    /// ```
    /// use puzzle_search_core::Budget;
    /// use puzzle_search_core::pdb::{Abstraction, TableSet};
    /// struct Pair;
    /// impl Abstraction for Pair {
    ///     fn name(&self) -> String { "pair".into() }
    ///     fn size(&self) -> u64 { 2 }
    ///     fn goals(&self, out: &mut Vec<u64>) { out.push(0) }
    ///     fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) { out.push((1 - r, true)) }
    /// }
    /// // A cache "directory" that is a file: nothing can be saved in it.
    /// let file = std::env::temp_dir().join(format!("table-set-file-{}", std::process::id()));
    /// std::fs::write(&file, b"not a directory").expect("writable temp");
    /// let budget = Budget::default();
    /// let mut set = TableSet::new(&budget).cache(Some(&file));
    /// assert_eq!(set.table(&Pair, 0)?.get(1), 1); // built all the same
    /// let report = set.finish();
    /// assert_eq!(report.unsaved().len(), 1);
    /// assert!(report.to_string().contains("cannot"), "{report}");
    /// std::fs::remove_file(&file).ok();
    /// # Ok::<(), puzzle_search_core::pdb::PdbError>(())
    /// ```
    pub fn unsaved(&self) -> &[io::Error] {
        &self.unsaved
    }

    /// The bytes all the tables hold.
    ///
    /// ```
    /// use puzzle_search_core::pdb::SetReport;
    /// assert_eq!(SetReport::default().bytes(), 0);
    /// ```
    pub fn bytes(&self) -> u64 {
        self.tables.iter().map(|t| t.bytes).sum()
    }

    /// The report's file errors, taken out (for a caller that keeps them
    /// in a list of its own).
    ///
    /// ```
    /// use puzzle_search_core::pdb::SetReport;
    /// assert!(SetReport::default().into_unsaved().is_empty());
    /// ```
    pub fn into_unsaved(self) -> Vec<io::Error> {
        self.unsaved
    }
}

impl fmt::Display for SetReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in &self.tables {
            writeln!(f, "{t}")?;
        }
        for e in &self.unsaved {
            writeln!(f, "{e}")?;
        }
        Ok(())
    }
}

/// One table of a [`SetReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TableNote {
    /// The abstraction's name ([`Abstraction::name`]).
    pub name: String,
    /// Whether it was read from the cache (else built).
    pub loaded: bool,
    /// Its keys (entries).
    pub keys: u64,
    /// The bytes its entries hold.
    pub bytes: u64,
    /// Its largest distance.
    pub max_distance: u8,
    /// How long loading or building (and saving) it took.
    pub time: Duration,
}

impl fmt::Display for TableNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} in {:.2} s, {} entries in {} bytes, largest {}",
            self.name,
            if self.loaded { "loaded" } else { "built" },
            self.time.as_secs_f64(),
            self.keys,
            self.bytes,
            self.max_distance
        )
    }
}
