//! Perfect ranks of the combinatorial objects that pattern databases and
//! censuses index by: permutations and partial permutations (placements
//! of `k` distinct pieces among `n` places), permutations of one parity,
//! subsets (colex), arrangements of a multiset, and orientations in base
//! `o`. Each rank is a bijection from its objects onto `0..count`, and
//! each `*_unrank` its inverse (tested over every object of small sizes).
//!
//! One copy for every crate: the sliding tiles' patterns, the twisty
//! puzzles' orbits and coordinates, the rotation game's masks and the
//! testkit's census all rank through here. The hot ones are branch-light
//! and allocate nothing: a placement costs one popcount a piece, a subset
//! one table read a byte.
//!
//! ```
//! use puzzle_search_core::rank;
//!
//! // 3 pieces among 5 places: 5 * 4 * 3 = 60 ranks.
//! assert_eq!(rank::placements(5, 3), Some(60));
//! let r = rank::placement_rank(5, &[4, 0, 2]);
//! let mut back = [0u8; 3];
//! rank::placement_unrank(5, r, &mut back);
//! assert_eq!(back, [4, 0, 2]);
//! // A whole permutation's placement rank is its Lehmer rank.
//! assert_eq!(rank::permutation_rank(&[2, 1, 0]), 5);
//! ```

/// The most pieces a permutation ranked here may have: `20!` is the
/// largest factorial a `u64` holds.
pub const MAX_PERMUTED: usize = 20;

/// The most places a placement or subset ranked here may have (one bit
/// each in a `u64` mask).
pub const MAX_PLACES: usize = 64;

/// `n! / (n - k)!`: the number of placements of `k` distinct pieces among
/// `n` places, or `None` when `k > n` or past `u64`.
///
/// ```
/// assert_eq!(puzzle_search_core::rank::placements(16, 16), Some(20_922_789_888_000));
/// assert_eq!(puzzle_search_core::rank::placements(3, 4), None);
/// ```
pub fn placements(n: usize, k: usize) -> Option<u64> {
    if k > n {
        return None;
    }
    (n - k + 1..=n).try_fold(1u64, |p, f| p.checked_mul(f as u64))
}

/// The rank of placement `p` (distinct places, each below `n <= 64`)
/// among [`placements`]`(n, p.len())`: for each piece in turn, how many
/// free places are below its own, in mixed radix `n, n - 1, ...`. When
/// `p` holds all `n` places this is the permutation's Lehmer rank.
///
/// ```
/// use puzzle_search_core::rank::placement_rank;
/// assert_eq!(placement_rank(4, &[0, 1]), 0);
/// assert_eq!(placement_rank(4, &[3, 2]), 11);
/// ```
#[inline]
pub fn placement_rank(n: usize, p: &[u8]) -> u64 {
    let mut used = 0u64;
    let mut rank = 0u64;
    for (i, &c) in p.iter().enumerate() {
        let below = (used & ((1u64 << c) - 1)).count_ones();
        rank = rank * (n - i) as u64 + u64::from(u32::from(c) - below);
        used |= 1 << c;
    }
    rank
}

/// The placement of rank `rank` ([`placement_rank`]'s inverse for
/// `p.len()` pieces among `n` places) into `p`; returns the places it
/// uses as a mask.
///
/// ```
/// use puzzle_search_core::rank::placement_unrank;
/// let mut p = [0u8; 2];
/// assert_eq!(placement_unrank(4, 11, &mut p), 0b1100);
/// assert_eq!(p, [3, 2]);
/// ```
#[inline]
pub fn placement_unrank(n: usize, rank: u64, p: &mut [u8]) -> u64 {
    let m = p.len();
    let mut digits = [0u8; MAX_PLACES];
    // Division by a small radix is several times cheaper in 32 bits, and
    // most ranks (every table a machine can hold) fit.
    if let Ok(mut r) = u32::try_from(rank) {
        for i in (0..m).rev() {
            let radix = (n - i) as u32;
            digits[i] = (r % radix) as u8;
            r /= radix;
        }
    } else {
        let mut r = rank;
        for i in (0..m).rev() {
            let radix = (n - i) as u64;
            digits[i] = (r % radix) as u8;
            r /= radix;
        }
    }
    let mut used = 0u64;
    for (c, &d) in p.iter_mut().zip(&digits[..m]) {
        *c = select(!used, u32::from(d)) as u8;
        used |= 1 << *c;
    }
    used
}

/// The place of the `n`-th set bit of `mask` (from 0; 64 when it has
/// fewer): the free place a placement digit names.
///
/// ```
/// assert_eq!(puzzle_search_core::rank::select(0b1011_0100, 2), 5);
/// ```
#[inline(always)]
pub fn select(mut mask: u64, n: u32) -> u32 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// The Lehmer rank of a permutation of `0..p.len()` (at most
/// [`MAX_PERMUTED`] pieces): [`placement_rank`] with every place used.
///
/// ```
/// use puzzle_search_core::rank::permutation_rank;
/// assert_eq!(permutation_rank(&[0, 1, 2]), 0);
/// assert_eq!(permutation_rank(&[1, 0, 2]), 2);
/// ```
#[inline]
pub fn permutation_rank(p: &[u8]) -> u64 {
    placement_rank(p.len(), p)
}

/// The permutation of `0..out.len()` with Lehmer rank `rank`
/// ([`permutation_rank`]'s inverse).
///
/// ```
/// let mut p = [0u8; 3];
/// puzzle_search_core::rank::permutation_unrank(2, &mut p);
/// assert_eq!(p, [1, 0, 2]);
/// ```
#[inline]
pub fn permutation_unrank(rank: u64, out: &mut [u8]) {
    placement_unrank(out.len(), rank, out);
}

/// Whether permutation `p` of `0..p.len()` is odd (an odd number of
/// transpositions): the length minus its number of cycles, mod 2.
///
/// ```
/// use puzzle_search_core::rank::is_odd;
/// assert!(!is_odd(&[0, 1, 2]));
/// assert!(is_odd(&[1, 0, 2]));
/// assert!(!is_odd(&[1, 2, 0]));
/// ```
pub fn is_odd(p: &[u8]) -> bool {
    let mut seen = 0u64;
    let mut cycles = 0;
    for i in 0..p.len() {
        if seen >> i & 1 == 0 {
            cycles += 1;
            let mut j = i;
            while seen >> j & 1 == 0 {
                seen |= 1 << j;
                j = usize::from(p[j]);
            }
        }
    }
    (p.len() - cycles) % 2 == 1
}

/// The rank of permutation `p` (of `0..n`, `2 <= n <= MAX_PERMUTED`)
/// among the `n! / 2` of its own parity: the placement rank of its first
/// `n - 2` pieces, since the last two then stand in the one order that
/// gives the parity. Spaces whose moves keep a parity (the pyraminx's
/// edges, the cube's corners and edges together) are ranked this way,
/// half the size of all permutations.
///
/// ```
/// use puzzle_search_core::rank::{is_odd, parity_rank, parity_unrank};
/// let p = [3, 0, 2, 1];
/// assert!(!is_odd(&p));
/// assert!(parity_rank(&p) < 24 / 2);
/// let mut back = [0u8; 4];
/// parity_unrank(parity_rank(&p), false, &mut back);
/// assert_eq!(back, p);
/// ```
///
/// # Panics
/// When `p` has fewer than 2 pieces (one parity only: nothing to rank).
#[inline]
pub fn parity_rank(p: &[u8]) -> u64 {
    placement_rank(p.len(), &p[..p.len() - 2])
}

/// The permutation of `0..out.len()` of parity `odd` and rank `rank` among
/// those ([`parity_rank`]'s inverse).
///
/// # Panics
/// When `out` has fewer than 2 places.
pub fn parity_unrank(rank: u64, odd: bool, out: &mut [u8]) {
    let n = out.len();
    let used = placement_unrank(n, rank, &mut out[..n - 2]);
    let free = !used & (u64::MAX >> (64 - n));
    out[n - 2] = free.trailing_zeros() as u8;
    out[n - 1] = (63 - free.leading_zeros()) as u8;
    if is_odd(out) != odd {
        out.swap(n - 2, n - 1);
    }
}

/// The rank of orientations `t` (each below `o`) as a number in base `o`,
/// the last left out when `kept` (every move keeps their sum a multiple
/// of `o`, so the last follows from the others): `o^len` ranks, or
/// `o^(len - 1)` when `kept`.
///
/// ```
/// use puzzle_search_core::rank::{orientation_rank, orientation_unrank};
/// assert_eq!(orientation_rank(&[1, 2, 0], 3, true), 5);
/// let mut t = [0u8; 3];
/// orientation_unrank(5, 3, true, &mut t);
/// assert_eq!(t, [1, 2, 0]);
/// ```
#[inline]
pub fn orientation_rank(t: &[u8], o: u8, kept: bool) -> u64 {
    let k = if kept { t.len() - 1 } else { t.len() };
    t[..k]
        .iter()
        .fold(0u64, |r, &x| r * u64::from(o) + u64::from(x))
}

/// The orientations of rank `rank` ([`orientation_rank`]'s inverse) into
/// `out`; when `kept`, the last makes their sum a multiple of `o`.
#[inline]
pub fn orientation_unrank(mut rank: u64, o: u8, kept: bool, out: &mut [u8]) {
    let n = out.len();
    let k = if kept { n - 1 } else { n };
    let o = u64::from(o);
    let mut sum = 0u64;
    for j in (0..k).rev() {
        out[j] = (rank % o) as u8;
        rank /= o;
        sum += u64::from(out[j]);
    }
    if kept {
        out[n - 1] = ((o - sum % o) % o) as u8;
    }
}

/// How many arrangements a multiset of labels with these `counts` has
/// (`n! / (c_0! c_1! ...)`), or `None` past `u64`.
///
/// ```
/// // Two pieces alike of one label, two of another: 4! / (2! 2!).
/// assert_eq!(puzzle_search_core::rank::arrangements(&[2, 2]), Some(6));
/// ```
pub fn arrangements(counts: &[u8]) -> Option<u64> {
    // Built up one label at a time: choose the places of each label's
    // copies among those so far, a binomial each (exact at every step).
    let mut total = 1u64;
    let mut placed = 0u64;
    for &c in counts {
        for i in 1..=u64::from(c) {
            placed += 1;
            total = total.checked_mul(placed)? / i;
        }
    }
    Some(total)
}

/// The rank of arrangement `p` of the multiset with `counts` (each label
/// below `counts.len()`): lexicographic, among
/// [`arrangements`]`(counts)`, or 0 where those pass `u64`. `p` holds
/// every copy (`p.len()` is the sum of `counts`); `counts` is used as
/// scratch and restored.
///
/// ```
/// use puzzle_search_core::rank::{multiset_rank, multiset_unrank};
/// let mut counts = [2u8, 2];
/// assert_eq!(multiset_rank(&[0, 0, 1, 1], &mut counts), 0);
/// assert_eq!(multiset_rank(&[1, 1, 0, 0], &mut counts), 5);
/// let mut p = [0u8; 4];
/// multiset_unrank(5, &mut counts, &mut p);
/// assert_eq!(p, [1, 1, 0, 0]);
/// ```
pub fn multiset_rank(p: &[u8], counts: &mut [u8]) -> u64 {
    // The arrangements of what is left, stepped one place at a time: with
    // `left` places and `total` arrangements, those that put label `v`
    // here are `total * counts[v] / left` (exact: the multinomial with
    // one `v` fewer), so those with a smaller label than `x` are `total`
    // times their copies over `left`: one division a place.
    let Some(mut total) = arrangements(counts) else {
        return 0;
    };
    let mut left = p.len() as u64;
    let mut r = 0u64;
    // Below 2^56 a product with a count (at most 255) fits a `u64`.
    let narrow = total < 1 << 56;
    for &x in p {
        let x = usize::from(x);
        let smaller: u64 = counts[..x].iter().map(|&c| u64::from(c)).sum();
        let c = u64::from(counts[x]);
        if narrow {
            r += total * smaller / left;
            total = total * c / left;
        } else {
            let t = u128::from(total);
            r += (t * u128::from(smaller) / u128::from(left)) as u64;
            total = (t * u128::from(c) / u128::from(left)) as u64;
        }
        counts[x] -= 1;
        left -= 1;
    }
    for &x in p {
        counts[usize::from(x)] += 1;
    }
    r
}

/// The arrangement of rank `rank` ([`multiset_rank`]'s inverse) into
/// `out`. `counts` is used as scratch and restored.
pub fn multiset_unrank(mut rank: u64, counts: &mut [u8], out: &mut [u8]) {
    let Some(mut total) = arrangements(counts) else {
        return;
    };
    let mut left = out.len() as u128;
    for o in out.iter_mut() {
        let t = u128::from(total);
        for (v, c) in counts.iter_mut().enumerate() {
            if *c == 0 {
                continue;
            }
            let here = (t * u128::from(*c) / left) as u64;
            if rank < here {
                *o = v as u8;
                total = here;
                *c -= 1;
                break;
            }
            rank -= here;
        }
        left -= 1;
    }
    for &x in out.iter() {
        counts[usize::from(x)] += 1;
    }
}

/// `C(n, k)`, or `None` past `u64`.
///
/// ```
/// assert_eq!(puzzle_search_core::rank::binomial(24, 8), Some(735_471));
/// assert_eq!(puzzle_search_core::rank::binomial(3, 4), Some(0));
/// ```
pub fn binomial(n: usize, k: usize) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    // Exact at each step: the product of i consecutive numbers is a
    // multiple of i!.
    (1..=k as u64).try_fold(1u64, |c, i| {
        u64::try_from(u128::from(c) * u128::from((n - k) as u64 + i) / u128::from(i)).ok()
    })
}

/// Colex ranks of the `k`-subsets of `0..n` (as masks), by the
/// combinatorial number system: a mask's rank is the sum of `C(c, j)` over
/// its set bits `c`, the `j`-th from 1. Ranking reads one table entry a
/// byte of the mask (what each byte adds, given how many bits lie below
/// it), so it needs no popcount instruction and no loop over the bits.
///
/// ```
/// use puzzle_search_core::rank::Subsets;
/// let s = Subsets::new(24, 8).expect("C(24, 8) fits");
/// assert_eq!(s.count(), 735_471);
/// assert_eq!(s.rank(0xFF), 0);
/// assert_eq!(s.rank(0xFF_0000), 735_470);
/// assert_eq!(s.unrank(123_456).count_ones(), 8);
/// assert_eq!(s.rank(s.unrank(123_456)), 123_456);
/// ```
#[derive(Clone, Debug)]
pub struct Subsets {
    n: usize,
    k: usize,
    count: u32,
    /// `binom[p * (k + 1) + j]` = C(p, j), `p <= n`, `j <= k`.
    binom: Vec<u32>,
    /// `rows[before][b][v]`: what byte `b` holding bits `v` adds to the
    /// rank when `before` bits are set below it. Fixed sizes (65 counts
    /// of bits, 8 bytes, 256 values), so that a popcount, a byte's place
    /// and a byte index them with no bounds check; the rows past `k` are
    /// never written, and the system maps their zeroed pages only if read.
    rows: Box<[[[u32; 256]; 8]; MAX_PLACES + 1]>,
}

impl Subsets {
    /// The `k`-subsets of `0..n`, or `None` when `n > 64`, `k > n` or
    /// `C(n, k)` does not fit a `u32` (tables indexed by it would not fit
    /// a machine's memory anyway).
    pub fn new(n: usize, k: usize) -> Option<Self> {
        if n > MAX_PLACES || k > n {
            return None;
        }
        let count = u32::try_from(binomial(n, k)?).ok()?;
        let w = k + 1;
        let mut binom = vec![0u32; (n + 1) * w];
        for p in 0..=n {
            for j in 0..=k {
                // C(p, j) for j < k may pass C(n, k) (C(64, 31) does):
                // saturated, as no k-subset's rank or unrank reads one
                // that large (each term of a rank is below C(n, k)).
                binom[p * w + j] = binomial(p, j)
                    .and_then(|c| u32::try_from(c).ok())
                    .unwrap_or(u32::MAX);
            }
        }
        let nbytes = n.div_ceil(8);
        let mut rows: Box<[[[u32; 256]; 8]; MAX_PLACES + 1]> =
            vec![[[0u32; 256]; 8]; MAX_PLACES + 1]
                .into_boxed_slice()
                .try_into()
                .expect("the length is MAX_PLACES + 1");
        for b in 0..nbytes {
            for before in 0..=k {
                for v in 0..256usize {
                    let mut sum = 0u32;
                    let mut j = before;
                    for i in 0..8 {
                        let c = 8 * b + i;
                        if v >> i & 1 == 1 && c < n {
                            j += 1;
                            if j <= k {
                                sum = sum.saturating_add(binom[c * w + j]);
                            }
                        }
                    }
                    rows[before][b][v] = sum;
                }
            }
        }
        Some(Self {
            n,
            k,
            count,
            binom,
            rows,
        })
    }

    /// `C(n, k)`: the number of subsets, and of ranks.
    pub fn count(&self) -> u64 {
        u64::from(self.count)
    }

    /// The colex rank of `mask` (`k` bits set, all below `n`).
    #[inline]
    pub fn rank(&self, mask: u64) -> u64 {
        match self.n.div_ceil(8) {
            0 => 0,
            1 => self.rank_in::<1>(mask),
            2 => self.rank_in::<2>(mask),
            3 => self.rank_in::<3>(mask),
            4 => self.rank_in::<4>(mask),
            5 => self.rank_in::<5>(mask),
            6 => self.rank_in::<6>(mask),
            7 => self.rank_in::<7>(mask),
            _ => self.rank_in::<8>(mask),
        }
    }

    /// [`rank`](Self::rank) for a caller that knows the width: `n` in
    /// `8 * BYTES - 7 ..= 8 * BYTES` (the rotation game's 24 cells: 3).
    /// One unrolled read a byte, each independent of the others, with no
    /// dispatch on the width: a hot loop's rank (measured: a loop over the
    /// bytes carrying the count below made the rotation census 1.8x
    /// slower than three fixed reads, dispatching on the width 1.4x).
    ///
    /// ```
    /// let s = puzzle_search_core::rank::Subsets::new(24, 8).expect("fits");
    /// assert_eq!(s.rank_in::<3>(0xFF_0000), s.rank(0xFF_0000));
    /// ```
    ///
    /// A wider `n` would read only the low bytes: a wrong rank (checked in
    /// debug builds).
    #[inline(always)]
    pub fn rank_in<const BYTES: usize>(&self, mask: u64) -> u64 {
        debug_assert_eq!(mask.count_ones() as usize, self.k);
        debug_assert!(self.n <= 8 * BYTES, "{} places in {BYTES} bytes", self.n);
        let mut rank = 0u32;
        for b in 0..BYTES.min(8) {
            // The bits below byte `b`: at most 64.
            let below = (mask & ((1u64 << (8 * b)) - 1)).count_ones() as usize;
            rank += self.rows[below][b][usize::from((mask >> (8 * b)) as u8)];
        }
        u64::from(rank)
    }

    /// The subset of rank `rank` ([`rank`](Self::rank)'s inverse), as a
    /// mask: from the `k`-th bit down, the highest place whose binomial
    /// still fits.
    pub fn unrank(&self, rank: u64) -> u64 {
        let w = self.k + 1;
        let mut rank = rank as u32;
        let mut mask = 0u64;
        let mut top = self.n;
        for j in (1..=self.k).rev() {
            let mut p = top - 1;
            while self.binom[p * w + j] > rank {
                p -= 1;
            }
            mask |= 1 << p;
            rank -= self.binom[p * w + j];
            top = p;
        }
        mask
    }
}

/// `C(n, k)` for `n, k <= 64` (every one within `u64`), made at compile
/// time: `BINOMIALS[n][k]`.
///
/// ```
/// use puzzle_search_core::rank::BINOMIALS;
/// assert_eq!(BINOMIALS[24][8], 735_471);
/// assert_eq!(BINOMIALS[64][32], 1_832_624_140_942_590_534);
/// assert_eq!(BINOMIALS[3][4], 0);
/// ```
pub static BINOMIALS: [[u64; MAX_PLACES + 1]; MAX_PLACES + 1] = binomial_table();

const fn binomial_table() -> [[u64; MAX_PLACES + 1]; MAX_PLACES + 1] {
    let mut t = [[0u64; MAX_PLACES + 1]; MAX_PLACES + 1];
    let mut n = 0;
    while n <= MAX_PLACES {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
}

/// The colex rank of the places `mask` among those `taken` leaves free:
/// `sum C(i_j, j)` over its places' indices `i_j` among the free ones,
/// `j` from 1, in order. With `taken` 0 it is [`Subsets::rank`]'s rank;
/// ranking one set of places after another (`taken` the places of those
/// before) numbers arrangements of a multiset a digit a symbol, with no
/// division.
///
/// ```
/// use puzzle_search_core::rank::{colex_among, colex_unrank_among};
/// // Places 1 and 3 among the free places 0, 1, 3, 4 (2 is taken): the
/// // free indices 1 and 2, rank C(1, 1) + C(2, 2) = 2.
/// assert_eq!(colex_among(0b1010, 0b100), 2);
/// assert_eq!(colex_unrank_among(2, 2, 0b100, 5), 0b1010);
/// ```
#[inline]
pub fn colex_among(mask: u64, taken: u64) -> u64 {
    let (mut m, mut rank, mut k) = (mask, 0u64, 0usize);
    while m != 0 {
        let j = m.trailing_zeros();
        m &= m - 1;
        k += 1;
        let below = (!taken & ((1u64 << j) - 1)).count_ones() as usize;
        rank += BINOMIALS[below][k];
    }
    rank
}

/// [`colex_among`]'s inverse: the `k` places of `0..n` (`n <= 64`) that
/// `taken` leaves free whose colex rank among them is `rank` (below
/// `C(free, k)`), the largest first, each the largest whose binomial is
/// within what is left of the rank.
///
/// # Panics
/// Where `n > 64` or `rank` is not below `C(free, k)` (no such places).
pub fn colex_unrank_among(rank: u64, k: usize, taken: u64, n: usize) -> u64 {
    let mut free = [0u8; MAX_PLACES];
    let mut m = 0;
    for j in 0..n {
        if taken >> j & 1 == 0 {
            free[m] = j as u8;
            m += 1;
        }
    }
    let (mut d, mut i, mut mask) = (rank, m, 0u64);
    for j in (1..=k).rev() {
        i -= 1;
        while BINOMIALS[i][j] > d {
            i -= 1;
        }
        d -= BINOMIALS[i][j];
        mask |= 1 << free[i];
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Colex ranks among free places: for every `taken` set of 7 places
    /// and every `k`, a bijection of the `k`-subsets of the free places
    /// onto `0..C(free, k)`, unrank its inverse, and with nothing taken
    /// `Subsets`' rank.
    #[test]
    fn colex_among_free_places_is_perfect() {
        let n = 7;
        for taken in 0u64..1 << n {
            let free = n - taken.count_ones() as usize;
            for (k, &count) in BINOMIALS[free][..=free].iter().enumerate() {
                let mut seen = vec![false; count as usize];
                for mask in 0u64..1 << n {
                    if mask & taken != 0 || mask.count_ones() as usize != k {
                        continue;
                    }
                    let r = colex_among(mask, taken);
                    assert!(!seen[r as usize], "{taken:b} {mask:b}");
                    seen[r as usize] = true;
                    assert_eq!(colex_unrank_among(r, k, taken, n), mask);
                    if taken == 0 {
                        let s = Subsets::new(n, k).expect("small");
                        assert_eq!(s.rank(mask), r);
                    }
                }
                assert!(seen.iter().all(|&s| s));
            }
        }
    }

    /// Every placement of small sizes: a bijection onto
    /// `0..placements(n, k)`, unrank its inverse, the mask its places.
    #[test]
    fn placement_ranks_are_perfect() {
        for n in 0..=6 {
            for k in 0..=n {
                let count = placements(n, k).expect("small");
                let mut seen = vec![false; count as usize];
                let mut p = vec![0u8; k];
                for r in 0..count {
                    let mask = placement_unrank(n, r, &mut p);
                    assert_eq!(mask, p.iter().fold(0u64, |m, &c| m | 1 << c));
                    assert!(p.iter().all(|&c| usize::from(c) < n));
                    assert_eq!(mask.count_ones() as usize, k, "distinct places");
                    let back = placement_rank(n, &p);
                    assert_eq!(back, r);
                    assert!(!seen[r as usize]);
                    seen[r as usize] = true;
                }
            }
        }
        // Past 32-bit ranks: the 64-bit division path.
        let mut p = [0u8; 16];
        for r in [u64::from(u32::MAX) + 1, 20_922_789_887_999] {
            permutation_unrank(r, &mut p);
            assert_eq!(permutation_rank(&p), r);
        }
        assert_eq!(placements(21, 21), None);
        assert_eq!(placements(20, 20), Some(2_432_902_008_176_640_000));
    }

    /// Lehmer ranks follow lexicographic order.
    #[test]
    fn permutation_ranks_are_lexicographic() {
        let mut last = vec![];
        for r in 0..120 {
            let mut p = vec![0u8; 5];
            permutation_unrank(r, &mut p);
            assert!(last < p);
            last = p;
        }
    }

    /// Parity ranks: each parity's permutations onto `0..n!/2`, and the
    /// parity agrees with the count of inversions.
    #[test]
    fn parity_ranks_are_perfect() {
        for n in 2..=6usize {
            let all = placements(n, n).expect("small");
            let mut seen = [vec![false; all as usize / 2], vec![false; all as usize / 2]];
            let mut p = vec![0u8; n];
            for r in 0..all {
                permutation_unrank(r, &mut p);
                let inversions = (0..n)
                    .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                    .filter(|&(i, j)| p[i] > p[j])
                    .count();
                let odd = is_odd(&p);
                assert_eq!(odd, inversions % 2 == 1);
                let pr = parity_rank(&p);
                assert!(!seen[usize::from(odd)][pr as usize]);
                seen[usize::from(odd)][pr as usize] = true;
                let mut q = vec![0u8; n];
                parity_unrank(pr, odd, &mut q);
                assert_eq!(q, p);
            }
            assert!(seen.iter().flatten().all(|&s| s));
        }
    }

    /// Orientation ranks: a bijection, the last digit fixing the sum.
    #[test]
    fn orientation_ranks_are_perfect() {
        for (len, o) in [(1usize, 2u8), (3, 3), (4, 2), (2, 5)] {
            for kept in [false, true] {
                let count = u64::from(o).pow((len - usize::from(kept)) as u32);
                let mut t = vec![0u8; len];
                for r in 0..count {
                    orientation_unrank(r, o, kept, &mut t);
                    assert!(t.iter().all(|&x| x < o));
                    if kept {
                        assert_eq!(
                            t.iter().map(|&x| u32::from(x)).sum::<u32>() % u32::from(o),
                            0
                        );
                    }
                    assert_eq!(orientation_rank(&t, o, kept), r);
                }
            }
        }
    }

    /// Multiset ranks: a bijection onto `0..arrangements`, in
    /// lexicographic order, unrank their inverse.
    #[test]
    fn multiset_ranks_are_lexicographic_and_perfect() {
        for counts in [vec![2u8, 2], vec![1, 3, 1], vec![1, 1, 1, 1], vec![4]] {
            let n: usize = counts.iter().map(|&c| usize::from(c)).sum();
            let total = arrangements(&counts).expect("small");
            let mut c = counts.clone();
            let mut last: Option<Vec<u8>> = None;
            for r in 0..total {
                let mut p = vec![0u8; n];
                multiset_unrank(r, &mut c, &mut p);
                assert_eq!(c, counts);
                assert_eq!(multiset_rank(&p, &mut c), r);
                assert_eq!(c, counts);
                if let Some(l) = &last {
                    assert!(*l < p);
                }
                last = Some(p);
            }
        }
        assert_eq!(arrangements(&[2, 2]), Some(6));
        assert_eq!(arrangements(&[1; 20]), Some(2_432_902_008_176_640_000));
        assert_eq!(arrangements(&[1; 21]), None);
    }

    /// Subset ranks: every `k`-subset of small `n` (bytes spanning the
    /// mask's words) onto `0..C(n, k)` in colex order, and the binomials.
    #[test]
    fn subset_ranks_are_colex_and_perfect() {
        for n in [0usize, 1, 5, 9, 17] {
            for k in 0..=n.min(5) {
                let s = Subsets::new(n, k).expect("small");
                let mut masks: Vec<u64> = (0..1u64 << n)
                    .filter(|m| m.count_ones() as usize == k)
                    .collect();
                // Colex: by the highest differing bit, as numbers.
                masks.sort_unstable();
                assert_eq!(masks.len() as u64, s.count());
                for (r, &m) in masks.iter().enumerate() {
                    assert_eq!(s.rank(m), r as u64, "n {n} k {k} mask {m:b}");
                    assert_eq!(s.unrank(r as u64), m);
                }
            }
        }
        assert!(Subsets::new(65, 1).is_none());
        assert!(Subsets::new(64, 32).is_none(), "C(64, 32) is past u32");
        assert_eq!(binomial(64, 32), Some(1_832_624_140_942_590_534));
        assert_eq!(binomial(68, 34), None);
    }
}
