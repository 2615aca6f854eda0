//! Seeded mutations of valid inputs, for fuzz-style tests of the parsers
//! and the examples: what a hostile or careless user could feed them.

use puzzle_search_core::input::SplitMix64;

/// Tokens worth trying in any position: extremes, signs, other bases,
/// control and non-ASCII characters, a long run of digits.
const NASTY: [&str; 18] = [
    "0",
    "-1",
    "99",
    "4294967297",
    "18446744073709551616",
    "-9223372036854775809",
    "1e3",
    "0x10",
    "+2",
    "1.5",
    "x",
    "\0",
    "\u{feff}",
    "\u{00e9}",
    "\t",
    "\r\n",
    "99999999999999999999999999999999999999",
    "",
];

/// One mutation of `input`: a token replaced, inserted or deleted, a line
/// doubled or dropped, the input cut short or its lines swapped.
pub fn mutate(input: &str, rng: &mut SplitMix64) -> String {
    let mut lines: Vec<Vec<String>> = input
        .lines()
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    if lines.is_empty() {
        lines.push(Vec::new());
    }
    let pick = |rng: &mut SplitMix64| NASTY[rng.below(NASTY.len() as u64) as usize].to_string();
    let l = rng.below(lines.len() as u64) as usize;
    match rng.below(8) {
        0 if !lines[l].is_empty() => {
            let t = rng.below(lines[l].len() as u64) as usize;
            lines[l][t] = pick(rng);
        }
        1 => {
            let t = rng.below(lines[l].len() as u64 + 1) as usize;
            let token = pick(rng);
            lines[l].insert(t, token);
        }
        2 if !lines[l].is_empty() => {
            let t = rng.below(lines[l].len() as u64) as usize;
            lines[l].remove(t);
        }
        3 => {
            let copy = lines[l].clone();
            lines.insert(l, copy);
        }
        4 if lines.len() > 1 => {
            lines.remove(l);
        }
        5 => lines.truncate(l),
        6 => {
            let other = rng.below(lines.len() as u64) as usize;
            lines.swap(l, other);
        }
        _ => {
            // A number nudged by one: values just outside their range.
            if let Some(t) = lines[l].iter_mut().find(|t| t.parse::<i64>().is_ok()) {
                let v: i64 = t.parse().unwrap_or(0);
                *t = if rng.below(2) == 0 { v + 1 } else { v - 1 }.to_string();
            }
        }
    }
    let mut out: String = lines
        .iter()
        .map(|l| l.join(" "))
        .collect::<Vec<_>>()
        .join("\n");
    if rng.below(4) > 0 {
        out.push('\n');
    }
    out
}

/// `count` inputs, each `input` with one to three mutations.
///
/// ```
/// use puzzle_search_core::input::SplitMix64;
/// let inputs = puzzle_testkit::mutate::mutations("3\n1 0\n0", &mut SplitMix64::new(1), 50);
/// assert_eq!(inputs.len(), 50);
/// assert!(inputs.iter().any(|i| i != "3\n1 0\n0"));
/// ```
pub fn mutations(input: &str, rng: &mut SplitMix64, count: usize) -> Vec<String> {
    (0..count)
        .map(|_| {
            let mut text = input.to_string();
            for _ in 0..1 + rng.below(3) {
                text = mutate(&text, rng);
            }
            text
        })
        .collect()
}

/// Whether `message` is one short line: no line break, at most `max`
/// characters (bad tokens are quoted cut and escaped).
pub fn is_one_short_line(message: &str, max: usize) -> bool {
    !message.contains(['\n', '\r']) && message.chars().count() <= max
}
