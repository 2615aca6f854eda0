//! Two bits an entry: the lines of
//! [`PatternDb::packed`](super::PatternDb::packed), 120 keys each, each
//! with two values of its own, its least entry `m` and a step `b > m`,
//! and each key as one of four codes: `m`, `b`, `b + 1`, or "`b + 2` or
//! more". A key reads a lower bound of the table's entry, at 32 bytes a
//! line (a little over a quarter byte a key: about half a nibble
//! table's memory).
//!
//! *Why a lower bound.* An entry `d` is coded `m` where `d < b` (and
//! `m <= d`: the line's least), itself where `b <= d <= b + 1`, and
//! `b + 2` where `d >= b + 2`. An unreached key counts as infinitely far
//! (coded "`b + 2` or more", a finite bound that no longer proves a dead
//! end) unless the line holds no reached key (the line then reads
//! [`PatternDb::UNREACHED`](super::PatternDb::UNREACHED) everywhere).
//! Where `b + 2` passes 254, the largest distance stored, the code reads `UNREACHED` (255), and then
//! no reached entry is that far, so only unreached keys hold it. So every
//! read is at most the abstract distance, and a bound made of such reads
//! stays admissible. It is not consistent in general (a child may read
//! two less than its parent where its entry is coded `m`), which a search
//! relying on consistency must not assume; IDA*'s cuts need only
//! admissibility.
//!
//! *The step.* Each line takes the `b` that keeps the most of its
//! entries' sum (the smallest such `b`), among `m + 1 ..= m + 16`
//! and at most 253 where `m` allows (else `m + 1`): on tables whose
//! entries crowd around two or three values (the 3x3x3's eight-edge
//! table: 9 and 10 hold 88% of its keys)
//! nearly every entry reads exactly (0.38% read lower there,
//! docs/notes/twisty-history.md, "Two bits an entry").

/// A key no goal reaches ([`PatternDb::UNREACHED`](super::PatternDb::UNREACHED)).
const UNREACHED: u8 = u8::MAX;

/// Keys a line holds: 30 bytes of four two-bit codes after the two
/// values.
pub(super) const LINE_KEYS: u64 = 120;

/// The steps tried above a line's least entry.
const STEPS: u8 = 16;

/// One line of a packed table: 32 bytes, aligned so that a read touches
/// one cache line.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(32))]
pub(super) struct Line {
    /// The line's least entry: code 0.
    low: u8,
    /// `b - 1`: code `c > 0` reads `step + c`.
    step: u8,
    codes: [u8; 30],
}

/// A line of no use but to fill a batch's slots before its keys' lines
/// are found.
pub(super) static BLANK: Line = Line {
    low: 0,
    step: 0,
    codes: [0; 30],
};

impl Line {
    /// The entry of the line's key `j` (`j < LINE_KEYS`).
    #[inline]
    pub(super) fn get(&self, j: usize) -> u8 {
        let c = self.codes[j / 4] >> (2 * (j % 4)) & 3;
        if c == 0 {
            self.low
        } else {
            self.step.saturating_add(c)
        }
    }

    /// The entry of key `j`, and whether the read is the entry itself:
    /// codes 1 and 2 always are; code 0 where the step is one over the
    /// least (then an entry below the step is the least); code 3 never
    /// (but in a line with nothing reached, where every read is
    /// "unreached" and true).
    #[inline]
    pub(super) fn get_sure(&self, j: usize) -> (u8, bool) {
        let c = self.codes[j / 4] >> (2 * (j % 4)) & 3;
        match c {
            0 => (self.low, self.step == self.low || self.low == UNREACHED),
            3 => (self.step.saturating_add(3), self.low == UNREACHED),
            _ => (self.step.saturating_add(c), true),
        }
    }

    /// The line's 32 bytes, as a file holds them.
    pub(super) fn bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        out[0] = self.low;
        out[1] = self.step;
        out[2..].copy_from_slice(&self.codes);
        out
    }

    /// The line of 32 bytes [`bytes`](Self::bytes) gave (`b` is 32
    /// long).
    pub(super) fn from_bytes(b: &[u8]) -> Line {
        let mut codes = [0u8; 30];
        codes.copy_from_slice(&b[2..32]);
        Line {
            low: b[0],
            step: b[1],
            codes,
        }
    }

    /// Whether the line's two values are as [`of`](Self::of) makes them
    /// for a table whose largest distance is `max`: both "unreached", or
    /// the least at most `max` and the step at least the least (`b > m`).
    pub(super) fn plausible(&self, max: u8) -> bool {
        (self.low == UNREACHED && self.step == UNREACHED)
            || (self.low <= max && self.step >= self.low)
    }

    /// The line of `entries` (at most [`LINE_KEYS`]).
    fn of(entries: &[u8]) -> Line {
        let low = entries.iter().copied().min().unwrap_or(UNREACHED);
        if low == UNREACHED {
            return Line::unreached();
        }
        let mut count = [0u32; BINS];
        for &d in entries {
            count[usize::from(d - low).min(BINS - 1)] += 1;
        }
        let b = step_of(low, &count);
        let mut line = Line::head(low, b);
        for (j, &d) in entries.iter().enumerate() {
            line.set_code(j, code(d, b));
        }
        line
    }

    /// Sets key `j`'s code (from 0).
    pub(super) fn set_code(&mut self, j: usize, c: u8) {
        self.codes[j / 4] |= c << (2 * (j % 4));
    }

    /// A line with nothing reached: every key reads "unreached".
    pub(super) fn unreached() -> Line {
        Line {
            low: UNREACHED,
            step: UNREACHED,
            codes: [0; 30],
        }
    }

    /// A line of least entry `low` and step `b` (`b > low`), every code
    /// 0.
    pub(super) fn head(low: u8, b: u8) -> Line {
        Line {
            low,
            step: b - 1,
            codes: [0; 30],
        }
    }
}

/// The bins of a line's entries that choose its step: bin `i` counts the
/// entries at the line's least plus `i`, the last one those that far or
/// further (unreached included).
pub(super) const BINS: usize = STEPS as usize + 3;

/// The step `b` of a line of least entry `low` (reached) whose entries
/// fall in the bins `count` ([`BINS`]): the one that keeps the most of
/// their sum, the smallest such.
pub(super) fn step_of(low: u8, count: &[u32; BINS]) -> u8 {
    // The sum read with step b = low + s: below b reads low, b and b + 1
    // themselves, further b + 2.
    let mut best = (0u64, 1u8);
    for s in 1..=STEPS.min(253 - low.min(252)) {
        let sum: u64 = count
            .iter()
            .enumerate()
            .map(|(i, &n)| {
                let i = i as u64;
                let s = u64::from(s);
                let read = if i < s { 0 } else { i.min(s + 2) };
                u64::from(n) * read
            })
            .sum();
        if sum > best.0 {
            best = (sum, s);
        }
    }
    low + best.1
}

/// The code of entry `d` in a line of step `b`: 0 below `b` (read as the
/// line's least), 1 and 2 for `b` and `b + 1`, 3 further (unreached
/// included).
#[inline]
pub(super) fn code(d: u8, b: u8) -> u8 {
    if d < b { 0 } else { (d - b).min(2) + 1 }
}

/// The lines of the `n` entries `get` reads, on every thread where there
/// are several.
pub(super) fn pack(n: u64, get: impl Fn(u64) -> u8 + Sync) -> Vec<Line> {
    let count = n.div_ceil(LINE_KEYS) as usize;
    let mut lines = vec![
        Line {
            low: 0,
            step: 0,
            codes: [0; 30]
        };
        count
    ];
    let fill = |first: usize, out: &mut [Line]| {
        let mut entries = [0u8; LINE_KEYS as usize];
        for (i, line) in out.iter_mut().enumerate() {
            let start = (first + i) as u64 * LINE_KEYS;
            let len = (n - start).min(LINE_KEYS) as usize;
            for (j, e) in entries[..len].iter_mut().enumerate() {
                *e = get(start + j as u64);
            }
            *line = Line::of(&entries[..len]);
        }
    };
    /// Lines a task: 120K keys.
    const TASK: usize = 1 << 10;
    #[cfg(feature = "parallel")]
    if count > TASK && crate::threads::many() {
        use rayon::prelude::*;
        lines
            .par_chunks_mut(TASK)
            .enumerate()
            .for_each(|(t, out)| fill(t * TASK, out));
        return lines;
    }
    fill(0, &mut lines);
    lines
}
