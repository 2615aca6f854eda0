//! [`Narrow`]: a step table's entries, two bytes each where every value
//! fits, else four (a projection's step tables and their cache file).

/// A step table's entries: two bytes each where every value fits
/// (half the cache lines of four), else four.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Narrow {
    Two(Vec<u16>),
    Four(Vec<u32>),
}

impl Narrow {
    /// `values`, every one below `radix`.
    pub(crate) fn new(values: Vec<u32>, radix: u64) -> Narrow {
        if radix <= 1 << 16 {
            Narrow::Two(values.into_iter().map(|v| v as u16).collect())
        } else {
            Narrow::Four(values)
        }
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> usize {
        match self {
            Narrow::Two(v) => usize::from(v[i]),
            Narrow::Four(v) => v[i] as usize,
        }
    }

    pub(crate) fn bytes(&self) -> u64 {
        match self {
            Narrow::Two(v) => 2 * v.len() as u64,
            Narrow::Four(v) => 4 * v.len() as u64,
        }
    }

    /// How many entries.
    pub(crate) fn len(&self) -> u64 {
        match self {
            Narrow::Two(v) => v.len() as u64,
            Narrow::Four(v) => v.len() as u64,
        }
    }

    /// Whether it has no entry.
    pub(crate) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether its entries are two bytes each.
    pub(crate) fn two(&self) -> bool {
        matches!(self, Narrow::Two(_))
    }

    /// Whether every entry is below `bound`.
    pub(crate) fn all_below(&self, bound: u64) -> bool {
        match self {
            Narrow::Two(v) => v.iter().all(|&x| u64::from(x) < bound),
            Narrow::Four(v) => v.iter().all(|&x| u64::from(x) < bound),
        }
    }
}
