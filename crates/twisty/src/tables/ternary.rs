//! [`Ternary`]: the digit-wise sum modulo 3 of two ranks of base-3
//! digits (an orbit's turns where pieces turn three ways), so that a
//! conjugate's turns are its labels' part plus its turns' part, as the
//! two-way turns' parts are XORed ([`Steps::conj_turns`](super::steps::Steps)).

/// The most digits: ten, so that the lanes (three bits a digit) fit 32
/// bits and the two look-up tables back to a rank hold at most 2^15
/// entries (128 KB; 12 KB for the cube's seven corner turns).
const MOST_DIGITS: u32 = 10;

/// Sums of ranks below `3^digits`, digit by digit modulo 3.
#[derive(Debug)]
pub(crate) struct Ternary {
    /// Rank -> its digits, three bits each (lane `i`: digit of `3^i`).
    lanes: Vec<u32>,
    /// The low `low_lanes` lanes -> their part of the rank.
    low: Vec<u32>,
    /// The other lanes -> their part of the rank.
    high: Vec<u32>,
    /// How many lanes `low` takes.
    low_lanes: u32,
    /// Bit 0 of every lane.
    ones: u32,
    /// Bit 2 of every lane.
    highs: u32,
}

impl Ternary {
    /// Whether `size` is `3^k` for some `1 <= k <= 10` (what
    /// [`new`](Self::new) takes).
    pub(crate) fn fits(size: u64) -> bool {
        Self::digits(size).is_some()
    }

    /// `k` where `size` is `3^k`, `1 <= k <= 10`.
    fn digits(size: u64) -> Option<u32> {
        (1..=MOST_DIGITS).find(|&k| 3u64.pow(k) == size)
    }

    /// The sums of ranks below `size`, where `size` is `3^k` for some
    /// `1 <= k <= 10`; `None` otherwise.
    pub(crate) fn new(size: u64) -> Option<Ternary> {
        let digits = Self::digits(size)?;
        let lanes: Vec<u32> = (0..size)
            .map(|r| {
                let mut x = r;
                let mut out = 0u32;
                for i in 0..digits {
                    out |= ((x % 3) as u32) << (3 * i);
                    x /= 3;
                }
                out
            })
            .collect();
        let low_lanes = digits.div_ceil(2);
        let part = |first: u32, count: u32| -> Vec<u32> {
            (0..1u32 << (3 * count))
                .map(|code| {
                    (0..count).fold(0u32, |rank, i| {
                        // Lanes of 3 or more never occur in a sum
                        // reduced modulo 3; any value is harmless.
                        let d = (code >> (3 * i)) & 7;
                        rank + d * 3u32.pow(first + i)
                    })
                })
                .collect()
        };
        let ones = (0..digits).fold(0u32, |m, i| m | 1 << (3 * i));
        Some(Ternary {
            lanes,
            low: part(0, low_lanes),
            high: part(low_lanes, digits - low_lanes),
            low_lanes,
            ones,
            highs: ones << 2,
        })
    }

    /// The rank whose digits are those of `a` and `b` summed modulo 3.
    #[inline]
    pub(crate) fn add(&self, a: usize, b: usize) -> usize {
        // Each lane 0 to 4: no carry between lanes of three bits.
        let s = self.lanes[a] + self.lanes[b];
        // Lanes of 3 or 4 have bit 2 set once 1 is added (4 or 5).
        let over = ((s + self.ones) & self.highs) >> 2;
        let r = s - 3 * over;
        let low = r & ((1 << (3 * self.low_lanes)) - 1);
        (self.low[low as usize] + self.high[(r >> (3 * self.low_lanes)) as usize]) as usize
    }

    /// The rank whose digits are those of `a` less those of `b`, modulo
    /// 3 (so that `add(sub(a, b), b) == a`).
    pub(crate) fn sub(&self, a: usize, b: usize) -> usize {
        // Less b is plus 2b.
        self.add(a, self.add(b, b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair of ranks of 3 and 7 digits sums as the digits do, and
    /// `sub` undoes `add`; sizes not powers of 3 (or past ten digits) are
    /// refused.
    #[test]
    fn sums_digit_by_digit() {
        for k in [1u32, 3, 7] {
            let size = 3u64.pow(k);
            let t = Ternary::new(size).expect("a power of 3");
            let digits = |mut x: u64| -> Vec<u64> {
                (0..k)
                    .map(|_| {
                        let d = x % 3;
                        x /= 3;
                        d
                    })
                    .collect()
            };
            let step = (size / 200).max(1);
            for a in (0..size).step_by(step as usize) {
                for b in (0..size).step_by(step as usize + 1) {
                    let want: u64 = digits(a)
                        .iter()
                        .zip(digits(b))
                        .enumerate()
                        .map(|(i, (x, y))| (x + y) % 3 * 3u64.pow(i as u32))
                        .sum();
                    let got = t.add(a as usize, b as usize);
                    assert_eq!(got as u64, want, "{a} + {b} in {k} digits");
                    assert_eq!(t.add(t.sub(a as usize, b as usize), b as usize), a as usize);
                }
            }
        }
        assert!(Ternary::new(6).is_none());
        assert!(Ternary::new(3u64.pow(11)).is_none());
        assert!(Ternary::new(1).is_none());
    }
}
