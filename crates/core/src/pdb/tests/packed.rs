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
