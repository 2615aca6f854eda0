//! A tiny seeded random number generator for generators, tests and benches.

/// SplitMix64: fast, seedable, and the same sequence on every platform, so
/// seeded boards and benches are reproducible everywhere. Not for
/// cryptography.
///
/// ```
/// use puzzle_search_core::input::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator seeded with `seed`.
    ///
    /// ```
    /// use puzzle_search_core::input::SplitMix64;
    /// // The same seed, the same numbers.
    /// assert_eq!(SplitMix64::new(7).next_u64(), SplitMix64::new(7).next_u64());
    /// ```
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// use puzzle_search_core::input::SplitMix64;
    /// let mut rng = SplitMix64::new(1);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(crate::hash::GOLDEN);
        crate::hash::mix(self.0)
    }

    /// A number in `0..n`, for `0 < n < 2^32` (multiply-shift, no modulo).
    ///
    /// ```
    /// use puzzle_search_core::input::SplitMix64;
    /// let mut rng = SplitMix64::new(1);
    /// assert!((0..1000).all(|_| rng.below(6) < 6));
    /// ```
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() >> 32) * n) >> 32
    }

    /// Shuffles `items` in place (Fisher-Yates).
    ///
    /// ```
    /// use puzzle_search_core::input::SplitMix64;
    /// let mut v: Vec<u32> = (0..10).collect();
    /// SplitMix64::new(3).shuffle(&mut v);
    /// v.sort();
    /// assert_eq!(v, (0..10).collect::<Vec<_>>());
    /// ```
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}
