//! Packed tables (two bits an entry) against the plain search's
//! distances.

use super::*;

/// A packed copy against the plain search's distances, line by line:
/// for each line some step `b` (one for the whole line) gives every read
/// (`m` below `b`, the distance at `b` and `b + 1`, `b + 2` further,
/// unreached as infinitely far, a line with nothing reached unreached),
/// and no step keeps a larger sum; every read at most the distance. On
/// graphs deep and shallow, many keys unreached, a size not a multiple
/// of the line, and byte tables (distances past 14).
#[test]
fn packed_tables_read_each_lines_best_step() {
    let cases = [
        (1_000, 700, 30, 1_000),
        (70_000, 140_000, 0, 70_000),
        (100_000, 90_000, 0, 100_000),
        (150_000, 400_000, 70, 40_000),
    ];
    let model = |d: u8, m: u8, b: u8| {
        if d < b {
            m
        } else if d <= b + 1 {
            d
        } else if b >= 253 {
            u8::MAX
        } else {
            b + 2
        }
    };
    let (mut lossy, mut unsure) = (0, 0);
    let dir = scratch("packed");
    fs::create_dir_all(&dir).expect("a temporary directory");
    for (i, &(n, edges, free, keys)) in cases.iter().enumerate() {
        let graph = Random::new(n, edges, free, keys, i as u64 + 40);
        let want = graph.reference();
        let table = PatternDb::build(&graph, None).expect("a small table");
        let packed = table.packed();
        assert!(!packed.is_exact() && table.is_exact());
        assert!(
            packed.bytes() <= (keys as usize).div_ceil(120) * 32,
            "case {i}"
        );
        let file = dir.join(format!("t{i}.pdb"));
        packed.save(&file).expect("writable");
        let back = PatternDb::load(&file, "random")
            .expect("readable")
            .expect("valid");
        assert!(
            !back.is_exact() && back.bytes() == packed.bytes(),
            "case {i}"
        );
        assert!(
            (0..keys).all(|k| back.get(k) == packed.get(k)),
            "case {i}: loaded back"
        );
        // A code changed, or the file cut short: refused (rebuilt).
        let mut bytes = fs::read(&file).expect("readable");
        let at = bytes.len() - 40;
        bytes[at] ^= 4;
        fs::write(&file, &bytes).expect("writable");
        assert!(
            PatternDb::load(&file, "random")
                .expect("readable")
                .is_none(),
            "case {i}"
        );
        bytes[at] ^= 4;
        fs::write(&file, &bytes[..bytes.len() - 1]).expect("writable");
        assert!(
            PatternDb::load(&file, "random")
                .expect("readable")
                .is_none(),
            "case {i}"
        );
        for (line, chunk) in want.chunks(120).enumerate() {
            let reads: Vec<u8> = (0..chunk.len())
                .map(|j| packed.get((line * 120 + j) as u64))
                .collect();
            for (j, (&r, &d)) in reads.iter().zip(chunk).enumerate() {
                let key = (line * 120 + j) as u64;
                assert!(r <= d, "case {i} key {key}");
                lossy += usize::from(r != d);
                // A sure read is the entry itself.
                let (got, sure) = packed.get_sure(key);
                assert_eq!(got, r, "case {i} key {key}");
                assert!(!sure || r == d, "case {i} key {key}");
                unsure += usize::from(!sure);
            }
            let m = chunk.iter().copied().min().unwrap_or(u8::MAX);
            if m == u8::MAX {
                assert!(reads.iter().all(|&r| r == u8::MAX), "case {i} line {line}");
                continue;
            }
            let sum = |b: u8| -> u64 {
                chunk
                    .iter()
                    .map(|&d| u64::from(model(d, m, b).min(d)))
                    .sum()
            };
            let steps = (m + 1)..=(m.saturating_add(16)).min(253);
            let best = steps.clone().map(sum).max().expect("a step");
            let fits = steps
                .clone()
                .any(|b| chunk.iter().zip(&reads).all(|(&d, &r)| model(d, m, b) == r));
            assert!(fits, "case {i} line {line}: {chunk:?} read {reads:?}");
            let got: u64 = reads
                .iter()
                .zip(chunk)
                .map(|(&r, &d)| u64::from(r.min(d)))
                .sum();
            assert_eq!(got, best, "case {i} line {line}");
        }
    }
    fs::remove_dir_all(&dir).ok();
    // The cases do exercise the codes' limits.
    assert!(lossy > 0 && unsure >= lossy);
}

/// A path of 255 reached cells (distances up to 254, the most a table
/// stores) and unreached ones, keyed so that the first line holds 253,
/// 254 and then unreached keys: packed, that line reads exactly (its step
/// 254, past the usual cap; "b + 2 or more" is "unreached"), every key
/// at most its entry, and the file loads back.
#[test]
fn packed_lines_at_the_largest_distances() {
    struct Far;
    impl Abstraction for Far {
        fn name(&self) -> String {
            "far".into()
        }
        fn size(&self) -> u64 {
            400
        }
        fn goals(&self, out: &mut Vec<u64>) {
            out.push(0)
        }
        fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
            if r > 0 {
                out.push((r - 1, true));
            }
            if r < 254 {
                out.push((r + 1, true));
            }
        }
        fn key(&self, r: u64) -> u64 {
            (r + 400 - 253) % 400
        }
    }
    let table = PatternDb::build(&Far, None).expect("distances up to 254");
    let packed = table.packed();
    for key in 0..400 {
        // The first line exactly; the others (reached and unreached keys
        // mixed) at most the entry.
        assert!(packed.get(key) <= table.get(key), "key {key}");
        assert!(key >= 120 || packed.get(key) == table.get(key), "key {key}");
    }
    assert_eq!(
        (packed.get(0), packed.get(1), packed.get(2)),
        (253, 254, u8::MAX)
    );
    // Built directly: the same lines (the step of 254 included).
    let direct = PatternDb::build_packed_within(&Far, &Budget::default(), None).expect("small");
    assert_eq!(direct.max, 254);
    for k in 0..400 {
        assert_eq!(direct.get_sure(k), packed.get_sure(k), "key {k}");
    }
    assert!(direct.entries == packed.entries);
    let dir = scratch("far");
    fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("far.pdb");
    packed.save(&file).expect("writable");
    let back = PatternDb::load(&file, "far")
        .expect("readable")
        .expect("valid");
    assert!((0..400).all(|k| back.get(k) == packed.get(k)));
    fs::remove_dir_all(&dir).ok();
}

/// [`Random`] keyed by its ranks, and saying so.
struct ByRank<'a>(&'a Random);

impl Abstraction for ByRank<'_> {
    fn name(&self) -> String {
        "random by rank".into()
    }
    fn size(&self) -> u64 {
        self.0.size()
    }
    fn goals(&self, out: &mut Vec<u64>) {
        self.0.goals(out)
    }
    fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
        self.0.neighbours(r, out)
    }
    fn every_move_costs(&self) -> bool {
        self.0.every_move_costs()
    }
    fn keys_are_ranks(&self) -> bool {
        true
    }
}

/// A packed table built directly (two searches, no byte table) has the
/// lines of the table built whole and packed, its largest distance and
/// name: keys merging states (a bit a key tells their first) and keys
/// that are ranks, free moves, many keys unreached, late layers
/// bottom-up, a ragged last line, distances up to 254; on one thread and
/// on several. A build under a cap between its peak and the whole
/// table's fits where the whole does not.
#[test]
fn direct_packing_equals_the_table_packed() {
    let cases = [
        (1_000, 700, 30, 1_000),
        (1_001, 3_000, 50, 97),
        (200_003, 260_000, 20, 200_003),
        (150_000, 400_000, 70, 40_000),
        (300_001, 2_400_000, 0, 300_001),
        (100_000, 90_000, 0, 100_000),
        (120_000, 1_000_000, 0, 1_000),
    ];
    let same = |direct: &PatternDb, whole: &PatternDb, what: &str| {
        let packed = whole.packed();
        assert!(direct.entries == packed.entries, "{what}: lines differ");
        assert_eq!(direct.max, whole.max, "{what}");
        assert_eq!(direct.len, whole.len, "{what}");
        assert_eq!(direct.name, whole.name, "{what}");
        assert!(!direct.is_exact(), "{what}");
    };
    for (i, &(n, edges, free, keys)) in cases.iter().enumerate() {
        let graph = Random::new(n, edges, free, keys, i as u64 + 70);
        let whole = PatternDb::build(&graph, None).expect("a small table");
        let build = || PatternDb::build_packed_within(&graph, &Budget::default(), None);
        let one = crate::threads::on_one_thread(build).expect("a small table");
        same(&one, &whole, &format!("case {i}, one thread"));
        // The pool's threads (several where the machine has them).
        let pool = build().expect("a small table");
        same(&pool, &whole, &format!("case {i}"));
        let ranked = ByRank(&graph);
        let whole = PatternDb::build(&ranked, None).expect("a small table");
        let direct = PatternDb::build_packed_within(&ranked, &Budget::default(), None)
            .expect("a small table");
        same(&direct, &whole, &format!("case {i} by rank"));
        // Between the two peaks: only the direct build fits.
        let cap = PatternDb::packed_bytes_needed(&ranked).expect("small");
        assert!(cap < PatternDb::bytes_needed(&ranked).expect("small"));
        let budget = Budget::default().max_memory(cap);
        assert!(PatternDb::build_packed_within(&ranked, &budget, None).is_ok());
        assert!(PatternDb::build_within(&ranked, &budget, None).is_err());
        let tighter = Budget::default().max_memory(cap - 1);
        let err = PatternDb::build_packed_within(&ranked, &tighter, None).expect_err("over");
        assert_eq!(err.over_memory(), Some((cap, cap - 1)));
    }
}

/// A set's packed table under a cap that holds the direct build and not
/// the whole one: built directly, saved (and no full table), read back
/// from its file next time; with the whole table cached and a cap that
/// holds reading and packing it, that is what is done.
#[test]
fn a_set_builds_a_packed_table_directly_where_the_whole_one_does_not_fit() {
    let graph = Random::new(200_003, 260_000, 0, 200_003, 91);
    let ranked = ByRank(&graph);
    let want = PatternDb::build(&ranked, None).expect("small").packed();
    let peak = PatternDb::packed_bytes_needed(&ranked).expect("small");
    let budget = Budget::default().max_memory(peak + 1000);
    let dir = scratch("direct-set");
    fs::create_dir_all(&dir).expect("a temporary directory");
    let mut set = TableSet::new(&budget).cache(Some(&dir));
    let table = set.packed(&ranked, 1000).expect("fits directly");
    assert!(table.entries == want.entries);
    assert_eq!(set.resident(), table.bytes() as u64);
    assert!(!set.report().tables()[0].loaded);
    assert!(set.report().unsaved().is_empty());
    assert!(PatternDb::file_in(&dir, "random by rank packed").is_file());
    assert!(
        !PatternDb::file_in(&dir, "random by rank").exists(),
        "no full table saved"
    );
    // Over by a byte: refused, the direct build's peak named.
    let mut tight = TableSet::new(&budget).cache(None);
    let err = tight.packed(&ranked, 1001).expect_err("over");
    assert_eq!(err.over_memory(), Some((peak + 1001, peak + 1000)));
    // Next time: read from its file.
    let mut again = TableSet::new(&budget).cache(Some(&dir));
    let back = again.packed(&ranked, 0).expect("cached");
    assert!(again.report().tables()[0].loaded && back.entries == want.entries);
    // The whole table cached, the packed copy gone: read and packed.
    fs::remove_file(PatternDb::file_in(&dir, "random by rank packed")).expect("there");
    PatternDb::build(&ranked, None)
        .expect("small")
        .save(&PatternDb::file_in(&dir, "random by rank"))
        .expect("writable");
    let roomy = Budget::default().max_memory(2 * peak);
    assert!(PatternDb::bytes_needed(&ranked).expect("small") > 2 * peak);
    let mut third = TableSet::new(&roomy).cache(Some(&dir));
    let packed = third.packed(&ranked, 0).expect("read and packed");
    assert!(third.report().tables()[0].loaded, "the whole table read");
    assert!(packed.entries == want.entries);
    fs::remove_dir_all(&dir).ok();
}
