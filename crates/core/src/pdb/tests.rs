//! The pattern databases' unit tests: building, keys, files.

use std::fs;
use std::time::Duration;

use super::file::{digest, header};
use super::*;
use crate::Budget;

/// A line of `n` cells; moving right of cell `free_from` costs nothing.
struct Line {
    n: u64,
    free_from: u64,
}
impl Abstraction for Line {
    fn name(&self) -> String {
        format!("line {} {}", self.n, self.free_from)
    }
    fn size(&self) -> u64 {
        self.n
    }
    fn goals(&self, out: &mut Vec<u64>) {
        out.push(0);
    }
    fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
        if r > 0 {
            out.push((r - 1, r <= self.free_from));
        }
        if r + 1 < self.n {
            out.push((r + 1, r < self.free_from));
        }
    }
    fn key_size(&self) -> u64 {
        self.n.div_ceil(2)
    }
    fn key(&self, r: u64) -> u64 {
        r / 2
    }
}

#[test]
fn free_moves_keep_the_distance_and_keys_keep_the_least() {
    let t = PatternDb::build(
        &Line {
            n: 40,
            free_from: 20,
        },
        None,
    )
    .expect("a small table");
    // Cells 0..=20 cost their index, the rest 20; key k = cells 2k, 2k+1.
    for k in 0..20 {
        assert_eq!(u64::from(t.get(k)), (2 * k).min(20), "key {k}");
    }
    assert!(!t.is_nibble());
    assert_eq!(t.max_distance(), 20);
    let small = PatternDb::build(
        &Line {
            n: 20,
            free_from: 5,
        },
        None,
    )
    .expect("a small table");
    assert!(small.is_nibble());
    assert_eq!(small.get(9), 5);
}

#[test]
fn saved_tables_load_back_and_damaged_ones_are_refused() {
    let line = Line {
        n: 101,
        free_from: 60,
    };
    let t = PatternDb::build(&line, None).expect("a small table");
    let dir = std::env::temp_dir().join(format!("pdb-test-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("temp dir");
    let path = PatternDb::file_in(&dir, &line.name());
    t.save(&path).expect("save");
    let back = PatternDb::load(&path, &line.name())
        .expect("read")
        .expect("valid");
    assert_eq!(
        back,
        PatternDb {
            build_time: Duration::ZERO,
            ..t.clone()
        }
    );
    // Another abstraction's name: refused.
    assert_eq!(PatternDb::load(&path, "line 101 61").expect("read"), None);
    // A flipped bit anywhere, or a cut: refused.
    let data = fs::read(&path).expect("read");
    for i in [0, 9, 20, data.len() / 2, data.len() - 1] {
        let mut bad = data.clone();
        bad[i] ^= 4;
        assert_eq!(PatternDb::decode(bad, &line.name(), None), None, "byte {i}");
    }
    assert_eq!(
        PatternDb::decode(data[..data.len() - 3].to_vec(), &line.name(), None),
        None
    );
    // load_or_build: the damaged file is rebuilt and rewritten, and said.
    fs::write(&path, &data[..10]).expect("write");
    let (again, err) = PatternDb::load_or_build(&line, &dir, None).expect("a small table");
    assert!(err.is_some_and(|e| e.to_string().contains("not a valid table")));
    assert_eq!(again.get(30), t.get(30));
    assert!(
        PatternDb::load(&path, &line.name())
            .expect("read")
            .is_some()
    );
    fs::remove_dir_all(&dir).ok();
}

/// A file as `save` writes it, with any header values: a valid
/// checksum over whatever it holds.
fn crafted(name: &str, len: u64, nibble: u8, max: u8, entries: &[u8]) -> Vec<u8> {
    let mut out = header(name, len, 0, max);
    let at = out.len() - 2;
    out[at] = nibble;
    let sum = digest(&out, entries);
    out.extend_from_slice(entries);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

#[test]
fn crafted_files_with_valid_checksums_are_refused_where_checkable() {
    let line = Line {
        n: 101,
        free_from: 60,
    };
    let name = line.name();
    let keys = line.key_size();
    let good = PatternDb::build(&line, None).expect("a small table");
    assert_eq!(good.max_distance(), 60);
    let bytes = |n: u64, d: u8| vec![d; n as usize];
    // Each: refused by decode (the key count checked when given).
    let cases = [
        ("keys", crafted(&name, keys - 9, 0, 60, &bytes(keys - 9, 1))),
        ("width", crafted(&name, keys, 3, 60, &bytes(keys, 1))),
        // Packed lines: a least over the largest distance; a step below
        // the least.
        (
            "line least",
            crafted(&name, 120, 2, 5, &[[6u8; 2].as_slice(), &[0; 30]].concat()),
        ),
        (
            "line step",
            crafted(&name, 120, 2, 5, &[[3u8, 2].as_slice(), &[0; 30]].concat()),
        ),
        ("above max", crafted(&name, keys, 0, 60, &bytes(keys, 61))),
        ("max 255", crafted(&name, keys, 0, 255, &bytes(keys, 1))),
        (
            "nibble max",
            crafted(&name, keys, 1, 15, &bytes(keys.div_ceil(2), 0x11)),
        ),
        ("nibble above", crafted(&name, 4, 1, 3, &[0x44, 0x11])),
    ];
    for (what, data) in &cases {
        assert_eq!(
            PatternDb::decode(data.clone(), &name, Some(keys)),
            None,
            "{what}"
        );
    }
    // The short table used to panic the search (index out of range);
    // load_or_build now rebuilds it, right.
    let dir = std::env::temp_dir().join(format!("pdb-crafted-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("temp dir");
    let path = PatternDb::file_in(&dir, &name);
    fs::write(&path, &cases[0].1).expect("write");
    assert!(PatternDb::load(&path, &name).expect("read").is_some());
    let (t, err) = PatternDb::load_or_build(&line, &dir, None).expect("a small table");
    assert!(err.is_some_and(|e| e.to_string().contains("built again")));
    assert!((0..keys).all(|k| t.get(k) == good.get(k)));
    fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn fifos_and_devices_are_not_read() {
    use std::sync::mpsc;
    let dir = std::env::temp_dir().join(format!("pdb-fifo-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("temp dir");
    let fifo = dir.join("fifo.pdb");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let zero = dir.join("zero.pdb");
    std::os::unix::fs::symlink("/dev/zero", &zero).expect("a link");
    let mut paths = vec![zero];
    if made.is_ok_and(|s| s.success()) {
        paths.push(fifo);
    } else {
        eprintln!("no mkfifo here: the FIFO case is skipped");
    }
    for path in paths {
        let (tx, rx) = mpsc::channel();
        let p = path.clone();
        std::thread::spawn(move || tx.send(PatternDb::load(&p, "x").map(|t| t.is_none())));
        let got = rx.recv_timeout(Duration::from_secs(20));
        assert!(matches!(got, Ok(Ok(true))), "{}: {got:?}", path.display());
    }
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn saves_race_without_harm_and_failures_leave_nothing() {
    let line = Line {
        n: 2001,
        free_from: 3,
    };
    let t = PatternDb::build(&line, None).expect("a small table");
    let dir = std::env::temp_dir().join(format!("pdb-race-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("temp dir");
    let path = PatternDb::file_in(&dir, &line.name());
    // Writers of one file at once: each rename is whole, none fails
    // (one temporary name once served every writer).
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..25 {
                    t.save(&path).expect("saved");
                }
            });
        }
    });
    assert!(
        PatternDb::load(&path, &line.name())
            .expect("read")
            .is_some()
    );
    // A save that cannot rename (a directory in the way) leaves no
    // temporary file, and load_or_build names the path.
    fs::remove_file(&path).expect("remove");
    fs::create_dir_all(path.join("in-the-way")).expect("a directory");
    assert!(t.save(&path).is_err());
    let (_, err) = PatternDb::load_or_build(&line, &dir, None).expect("a small table");
    let err = err.expect("not saved").to_string();
    assert!(
        err.starts_with("cannot save ") && err.contains(&*path.to_string_lossy()),
        "{err}"
    );
    let left: Vec<_> = fs::read_dir(&dir).expect("list").flatten().collect();
    assert_eq!(left.len(), 1, "{left:?}");
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn distances_of_255_and_oversized_spaces_are_errors() {
    // A line of 300 costly steps: distance 255 cannot be stored.
    let long = Line {
        n: 300,
        free_from: 300,
    };
    assert_eq!(
        PatternDb::build(&long, None),
        Err(PdbError(ErrorKind::TooDeep))
    );
    let fine = Line {
        n: 255,
        free_from: 255,
    };
    assert_eq!(
        PatternDb::build(&fine, None).map(|t| t.max_distance()),
        Ok(254)
    );
    // Past 2^40 states: refused up front by the memory cap, naming both.
    let huge = Line {
        n: 1 << 40,
        free_from: 0,
    };
    let capped = Budget::default().max_memory(6 << 30);
    let err = PatternDb::build_within(&huge, &capped, None).expect_err("over the cap");
    assert!(
        matches!(err, PdbError(ErrorKind::OverBudget { needed, allowed })
            if needed == (1 << 40) / 4 + (1 << 40) / 2 && allowed == 6 << 30),
        "{err}"
    );
    assert!(err.to_string().contains("bytes"), "{err}");
}

/// A random graph of `n` states with costly and free edges (both ways,
/// the same cost), several goals, and keys that merge states.
struct Random {
    adjacency: Vec<Vec<(u64, bool)>>,
    goals: Vec<u64>,
    keys: u64,
    /// No free edge: the build may settle late layers bottom-up.
    all_cost: bool,
}

impl Random {
    fn new(n: u64, edges: u64, free_share: u64, keys: u64, seed: u64) -> Self {
        let mut rng = crate::SplitMix64::new(seed);
        let mut adjacency = vec![Vec::new(); n as usize];
        for _ in 0..edges {
            let (a, b) = (rng.next_u64() % n, rng.next_u64() % n);
            let costs = rng.next_u64() % 100 >= free_share;
            adjacency[a as usize].push((b, costs));
            adjacency[b as usize].push((a, costs));
        }
        let goals = (0..3).map(|_| rng.next_u64() % n).collect();
        Self {
            adjacency,
            goals,
            keys,
            all_cost: free_share == 0,
        }
    }

    /// Each key's least distance, by a plain 0-1 breadth-first search
    /// with a double-ended queue and a byte a state.
    fn reference(&self) -> Vec<u8> {
        let dist = self.distances();
        let mut table = vec![u8::MAX; self.keys as usize];
        for (s, &d) in dist.iter().enumerate() {
            let k = self.key(s as u64) as usize;
            table[k] = table[k].min(d);
        }
        table
    }

    /// Each state's distance (`u8::MAX`: not reached), by that search.
    fn distances(&self) -> Vec<u8> {
        let mut dist = vec![u8::MAX; self.adjacency.len()];
        let mut queue = std::collections::VecDeque::new();
        for &g in &self.goals {
            dist[g as usize] = 0;
            queue.push_back(g);
        }
        while let Some(s) = queue.pop_front() {
            let d = dist[s as usize];
            for &(n, costs) in &self.adjacency[s as usize] {
                let nd = d + u8::from(costs);
                if nd < dist[n as usize] {
                    dist[n as usize] = nd;
                    if costs {
                        queue.push_back(n);
                    } else {
                        queue.push_front(n);
                    }
                }
            }
        }
        dist
    }
}

impl Abstraction for Random {
    fn name(&self) -> String {
        "random".into()
    }
    fn size(&self) -> u64 {
        self.adjacency.len() as u64
    }
    fn goals(&self, out: &mut Vec<u64>) {
        out.extend(&self.goals);
    }
    fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
        out.extend(&self.adjacency[r as usize]);
    }
    fn key_size(&self) -> u64 {
        self.keys
    }
    fn key(&self, r: u64) -> u64 {
        r.wrapping_mul(0x9e37_79b9_7f4a_7c15) % self.keys
    }
    fn every_move_costs(&self) -> bool {
        self.all_cost
    }
}

/// The two-bit build against a plain 0-1 search on random graphs: sparse
/// (deep, many unreached states) and dense, few and many free edges, keys
/// that merge states, spaces of several chunks (so that chunks run in
/// parallel and free moves cross them), a size not a multiple of 32.
#[test]
fn two_bit_build_matches_a_plain_search_on_random_graphs() {
    let cases = [
        (1_000, 700, 30, 1_000),
        (1_001, 3_000, 50, 97),
        (200_003, 260_000, 20, 200_003),
        (150_000, 400_000, 70, 40_000),
        (70_000, 140_000, 0, 70_000),
        (70_000, 140_000, 100, 5_000),
        // Every edge costs: dense (late layers bottom-up, all reached),
        // sparse (states never reached are looked at bottom-up too), keys
        // merged.
        (300_001, 2_400_000, 0, 300_001),
        (100_000, 90_000, 0, 100_000),
        (120_000, 1_000_000, 0, 1_000),
    ];
    for (i, &(n, edges, free, keys)) in cases.iter().enumerate() {
        let graph = Random::new(n, edges, free, keys, i as u64 + 7);
        let want = graph.reference();
        let table = PatternDb::build(&graph, None).expect("a small table");
        let got: Vec<u8> = (0..keys).map(|k| table.get(k)).collect();
        assert_eq!(got, want, "case {i}");
    }
    // The dense case with every edge costing has a layer larger than the
    // states left after it: the build took it bottom-up.
    let dense = Random::new(300_001, 2_400_000, 0, 300_001, 13);
    let want = dense.distances();
    let mut sizes = vec![0u64; 256];
    for &d in &want {
        sizes[usize::from(d)] += 1;
    }
    let mut left = want.len() as u64;
    let bottom_up = sizes.iter().any(|&layer| {
        left -= layer;
        layer > left && left > 0
    });
    assert!(bottom_up, "{:?}", &sizes[..12]);
}

/// A build's progress: layers in order, their sizes summing to the
/// states reached; the limits stop it with the limit named.
#[test]
fn progress_names_each_layer_and_limits_stop_a_build() {
    let line = Line {
        n: 100_000,
        free_from: 50,
    };
    let seen = std::sync::Mutex::new(Vec::new());
    let hook = |p: BuildProgress| {
        if p.finished {
            seen.lock()
                .expect("not poisoned")
                .push((p.depth, p.layer, p.done));
        }
    };
    PatternDb::build(&line, Some(&hook)).expect("a small table");
    let seen = seen.into_inner().expect("not poisoned");
    // Cells 0..=50 at their index, one a layer; every later cell at 50.
    assert_eq!(seen.len(), 51);
    assert!(
        seen.iter()
            .enumerate()
            .all(|(d, &(depth, _, _))| usize::from(depth) == d)
    );
    assert_eq!(seen[49].1, 1);
    assert_eq!(seen[50].1, 100_000 - 50);
    assert_eq!(seen[50].2, 100_000);
    let flag = crate::CancelFlag::new();
    flag.cancel();
    let budget = crate::Budget::default().cancel_flag(flag);
    let err = PatternDb::build_within(&line, &budget, None).expect_err("cancelled");
    assert_eq!(err.stopped(), Some(crate::Limit::Cancelled));
    let budget = crate::Budget::default().time_limit(Duration::ZERO);
    let err = PatternDb::build_within(&line, &budget, None).expect_err("out of time");
    assert_eq!(err.stopped(), Some(crate::Limit::Time));
}

/// A fresh directory under the system's temp for one test.
fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pdb-set-{tag}-{}", std::process::id()));
    fs::remove_dir_all(&dir).ok();
    dir
}

#[test]
fn a_set_builds_saves_loads_and_rebuilds_a_damaged_file() {
    let dir = scratch("cache");
    let lines = [
        Line {
            n: 30,
            free_from: 30,
        },
        Line {
            n: 50,
            free_from: 10,
        },
    ];
    let build = |dir: &std::path::Path| {
        let budget = Budget::default();
        let mut set = TableSet::new(&budget).cache(Some(dir));
        let tables: Vec<PatternDb> = lines
            .iter()
            .map(|l| set.table(l, 0).expect("small tables"))
            .collect();
        (tables, set.finish())
    };
    // The entries (a loaded table's build time is zero: not compared).
    let entries = |tables: &[PatternDb]| -> Vec<Vec<u8>> {
        tables
            .iter()
            .map(|t| (0..t.len()).map(|k| t.get(k)).collect())
            .collect()
    };
    let (first, report) = build(&dir);
    assert_eq!(report.tables().len(), 2);
    assert!(report.tables().iter().all(|t| !t.loaded));
    assert!(report.unsaved().is_empty(), "{report}");
    assert_eq!(report.bytes(), first.iter().map(|t| t.bytes() as u64).sum());
    assert_eq!(report.tables()[1].name, lines[1].name());
    assert_eq!(report.tables()[1].max_distance, first[1].max_distance());

    let (again, report) = build(&dir);
    assert!(report.tables().iter().all(|t| t.loaded), "{report}");
    assert_eq!(entries(&again), entries(&first));
    assert!(report.to_string().contains("loaded"), "{report}");

    // One byte of the second file flipped: refused, rebuilt, saved again.
    let path = PatternDb::file_in(&dir, &lines[1].name());
    let mut bytes = fs::read(&path).expect("saved");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x5a;
    fs::write(&path, bytes).expect("writable");
    let (mended, report) = build(&dir);
    assert!(
        report.tables()[0].loaded && !report.tables()[1].loaded,
        "{report}"
    );
    // Said, not silent: the file and that it was built again.
    assert_eq!(report.unsaved().len(), 1, "{report}");
    let said = report.unsaved()[0].to_string();
    assert!(
        said.contains("not a valid table") && said.contains("built again"),
        "{said}"
    );
    assert_eq!(entries(&mended), entries(&first));
    let (_, report) = build(&dir);
    assert!(report.tables().iter().all(|t| t.loaded), "{report}");
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_set_reports_what_it_cannot_save_and_builds_all_the_same() {
    let file = scratch("file");
    fs::write(&file, b"a file where the directory should be").expect("writable");
    let budget = Budget::default();
    let mut set = TableSet::new(&budget).cache(Some(&file));
    for n in [10, 20] {
        let t = set.table(&Line { n, free_from: n }, 0).expect("small");
        assert_eq!(u64::from(t.get(n / 2 - 1)), n - 2);
    }
    let report = set.finish();
    assert_eq!(report.unsaved().len(), 2, "{report}");
    assert!(
        report
            .unsaved()
            .iter()
            .all(|e| e.to_string().contains("cannot")),
        "{report}"
    );
    fs::remove_file(&file).ok();
}

#[test]
fn a_sets_memory_cap_covers_every_table_it_holds() {
    let line = Line {
        n: 4000,
        free_from: 100,
    };
    // Alone, each build fits; the second does not fit beside the first.
    let peak = PatternDb::bytes_needed(&line).expect("small");
    let alone = {
        let budget = Budget::default();
        let mut set = TableSet::new(&budget);
        set.table(&line, 0).expect("fits").bytes() as u64
    };
    let budget = Budget::default().max_memory(peak + alone - 1);
    let mut set = TableSet::new(&budget);
    set.table(&line, 0).expect("the first fits");
    assert_eq!(set.resident(), alone);
    let err = set.table(&line, 0).expect_err("the second does not");
    // Named in the whole set's terms: what it holds and the build's peak.
    let needed = format!("{} bytes", peak + alone);
    assert!(err.to_string().contains(&needed), "{err}");
    assert!(err.stopped().is_none());
    // `extra` counts too, and the up-front check names the sum.
    let budget = Budget::default().max_memory(peak + 100);
    assert!(TableSet::new(&budget).table(&line, 100).is_ok());
    assert!(TableSet::new(&budget).table(&line, 101).is_err());
    assert!(TableSet::new(&budget).check(peak + 100).is_ok());
    assert!(TableSet::new(&budget).check(peak + 101).is_err());
}

/// A random graph seen as a census over classes: one key, each state
/// weighing `rank % 5 + 1`.
struct Weighed<'a>(&'a Random);

impl Abstraction for Weighed<'_> {
    fn name(&self) -> String {
        "weighed".into()
    }
    fn size(&self) -> u64 {
        self.0.size()
    }
    fn goals(&self, out: &mut Vec<u64>) {
        self.0.goals(out);
    }
    fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
        self.0.neighbours(r, out);
    }
    fn key_size(&self) -> u64 {
        1
    }
    fn key(&self, _: u64) -> u64 {
        0
    }
    fn every_move_costs(&self) -> bool {
        self.0.every_move_costs()
    }
    fn weight(&self, r: u64) -> u64 {
        r % 5 + 1
    }
}

/// Each finished layer's weight is the sum of its states' weights, by a
/// plain search: top-down with free moves (states settled from the
/// stack), and with every edge costing, dense, so that late layers are
/// settled bottom-up (the case above that asserts it).
#[test]
fn layer_weights_are_the_sums_of_their_states_weights() {
    for (i, &(n, edges, free)) in [(150_000, 400_000, 70), (300_001, 2_400_000, 0)]
        .iter()
        .enumerate()
    {
        let graph = Random::new(n, edges, free, n, if free == 0 { 13 } else { 3 });
        let mut want = Vec::new();
        for (s, &d) in graph.distances().iter().enumerate() {
            if d != u8::MAX {
                want.resize(want.len().max(usize::from(d) + 1), 0u64);
                want[usize::from(d)] += s as u64 % 5 + 1;
            }
        }
        let got = std::sync::Mutex::new(Vec::new());
        let hook = |p: BuildProgress| {
            if p.finished {
                got.lock().expect("not poisoned").push(p.weight);
            }
        };
        PatternDb::build(&Weighed(&graph), Some(&hook)).expect("a small build");
        let mut got = got.into_inner().expect("not poisoned");
        while got.last() == Some(&0) {
            got.pop();
        }
        assert_eq!(got, want, "case {i}");
    }
}

/// Packed tables, two bits an entry.
mod packed;
