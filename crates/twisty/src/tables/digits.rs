//! [`Digits`]: an orbit's kept blocks' turns stepped apart from its
//! labels, so that a step table whose turns are folded into its labels
//! shrinks to one entry a placement and move plus a few small maps.
//!
//! An orbit that keeps the turns of some blocks only (the 3x3x3's lead
//! keeps the four slice edges' flips: `Part::block_turns`) folds them
//! into its labels' value, `q * radix + d` (`q` the placement, `d` the
//! kept places' turns in place order), because whose turns they are
//! depends on where the blocks lie. After a move, the placement is a
//! function of the placement alone (a place's new label is the old one
//! on `m.p[j]`), and each kept place's new turn is the old turn of the
//! place it came from plus `m.o[j]`: which places those are is fixed by
//! the placement and the move. So `d' = f(d)` with `f` chosen by `(q,
//! m)`: a reordering of the digits and an addition, few distinct ones
//! (on the cube, at most 24 orders by 16 flips). The folded table (the
//! cube's 554,400 values by 18 moves, 40 MB) becomes one word a `(q,
//! m)` (`q'` and `f`'s number: 2.5 MB) and the distinct `f`s as tables
//! of `radix` entries. Both are read from the folded table itself
//! ([`Digits::split`]), which checks that `q'` does not depend on `d`:
//! any table where it does is left folded.

use std::collections::HashMap;

use crate::tables::narrow::Narrow;

/// The most entries the maps may have in all (beyond, the table stays
/// folded: the maps would be as large as what they save).
const MOST_MAP_ENTRIES: usize = 1 << 16;

/// The maps of an orbit whose kept blocks' turns (its *digits*) are
/// stepped apart from its placement (see the module's docs).
#[derive(Clone, Debug)]
pub(crate) struct Digits {
    /// How many digit values (`Part::block_radix`).
    radix: usize,
    /// How many low bits of a step entry name the map.
    shift: u32,
    /// `map * radix + digits` -> the digits after; a power of two of maps.
    maps: Narrow,
}

impl Digits {
    /// The folded value after a move from step entry `entry` (the
    /// placement after, shifted, and the map's number) and the digits
    /// before.
    #[inline]
    pub(crate) fn after(&self, entry: usize, digits: usize) -> usize {
        let map = entry & ((1 << self.shift) - 1);
        (entry >> self.shift) * self.radix + self.maps.get(map * self.radix + digits)
    }

    /// How many digit values.
    #[inline]
    pub(crate) fn radix(&self) -> usize {
        self.radix
    }

    /// The maps' table (for the cache file).
    pub(crate) fn maps(&self) -> &Narrow {
        &self.maps
    }

    /// Splits `folded` (`value * moves + m` -> the value after move `m`,
    /// each value `q * radix + d`, `radix > 1`) into the step entries
    /// (`q * moves + m` -> `q' << shift | map`) and their `Digits`;
    /// `None` where a placement after depends on the digits, the table
    /// is empty or not a whole number of placements, the maps would pass
    /// [`MOST_MAP_ENTRIES`], or an entry would pass 32 bits.
    pub(crate) fn split(folded: &[u32], radix: usize, moves: usize) -> Option<(Narrow, Digits)> {
        if radix < 2 || moves == 0 || folded.is_empty() || folded.len() % (radix * moves) != 0 {
            return None;
        }
        let placements = folded.len() / (radix * moves);
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut maps: Vec<u32> = Vec::new();
        let mut map = vec![0u32; radix];
        let mut entries = Vec::with_capacity(placements * moves);
        for q in 0..placements {
            for m in 0..moves {
                let at = |d: usize| folded[(q * radix + d) * moves + m] as usize;
                let next = at(0) / radix;
                for (d, x) in map.iter_mut().enumerate() {
                    let v = at(d);
                    if v / radix != next {
                        return None;
                    }
                    *x = (v % radix) as u32;
                }
                let id = match ids.get(map.as_slice()) {
                    Some(&id) => id,
                    None => {
                        if maps.len() + radix > MOST_MAP_ENTRIES {
                            return None;
                        }
                        let id = ids.len() as u32;
                        ids.insert(map.clone(), id);
                        maps.extend_from_slice(&map);
                        id
                    }
                };
                entries.push((next, id));
            }
        }
        // A power of two of maps (the last repeated), so that every
        // entry's low bits name one: a file's entries are then checked
        // by their range alone.
        let count = ids.len().next_power_of_two();
        let shift = count.trailing_zeros();
        let last = maps[maps.len() - radix..].to_vec();
        while maps.len() < count * radix {
            maps.extend_from_slice(&last);
        }
        let bound = (placements as u64) << shift;
        if bound > 1 << 32 {
            return None;
        }
        let entries = entries
            .into_iter()
            .map(|(q, id)| ((q as u32) << shift) | id)
            .collect();
        let digits = Digits {
            radix,
            shift,
            maps: Narrow::new(maps, radix as u64),
        };
        Some((Narrow::new(entries, bound), digits))
    }

    /// The `Digits` of a cache file's maps for digits of `radix` values,
    /// and the bound of its step entries for `placements` placements:
    /// `None` where the maps are not a power of two of `radix` entries
    /// each, each below `radix`, as wide as [`split`](Self::split) makes
    /// them.
    pub(crate) fn from_maps(maps: Narrow, radix: usize, placements: u64) -> Option<(Digits, u64)> {
        let len = usize::try_from(maps.len()).ok()?;
        let count = len.checked_div(radix)?;
        if radix < 2
            || len % radix != 0
            || !count.is_power_of_two()
            || !maps.all_below(radix as u64)
            || maps.two() != (radix <= 1 << 16)
        {
            return None;
        }
        let shift = count.trailing_zeros();
        let bound = placements.checked_shl(shift).filter(|&b| b <= 1 << 32)?;
        Some((Digits { radix, shift, maps }, bound))
    }

    /// Its maps' bytes.
    pub(crate) fn bytes(&self) -> u64 {
        self.maps.bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table folded from placements that move by a function of their
    /// own and digits reordered and added to by the placement and move:
    /// split and stepped apart, every value after every move is the
    /// folded one; a table whose placement depends on the digits stays
    /// folded; the maps read back as a file's.
    #[test]
    fn digits_step_apart_as_folded() {
        let (placements, radix, moves) = (37usize, 9usize, 5usize);
        // Two ternary digits, swapped or not and added to by (q, m).
        let f = |q: usize, m: usize, d: usize| {
            let (a, b) = (d / 3, d % 3);
            let (a, b) = if (q + m) % 2 == 0 { (a, b) } else { (b, a) };
            ((a + q % 3) % 3) * 3 + (b + m) % 3
        };
        let mut folded = Vec::new();
        for q in 0..placements {
            for d in 0..radix {
                for m in 0..moves {
                    let q2 = (q * 7 + m) % placements;
                    folded.push((q2 * radix + f(q, m, d)) as u32);
                }
            }
        }
        let (entries, digits) = Digits::split(&folded, radix, moves).expect("splits");
        assert_eq!(entries.len() as usize, placements * moves);
        for q in 0..placements {
            for d in 0..radix {
                for m in 0..moves {
                    let e = entries.get(q * moves + m);
                    assert_eq!(
                        digits.after(e, d),
                        folded[(q * radix + d) * moves + m] as usize
                    );
                }
            }
        }
        let (back, bound) =
            Digits::from_maps(digits.maps().clone(), radix, placements as u64).expect("maps");
        assert!(entries.all_below(bound));
        assert_eq!(
            back.after(entries.get(7), 4),
            digits.after(entries.get(7), 4)
        );
        assert!(Digits::from_maps(Narrow::Two(vec![0; radix * 3]), radix, 1).is_none());
        assert!(Digits::from_maps(Narrow::Two(vec![9; radix]), radix, 1).is_none());
        // A placement after that depends on the digits: not split.
        let mut bad = folded.clone();
        bad[(3 * radix + 2) * moves + 1] = ((5 * radix) as u32) + 1;
        assert!(Digits::split(&bad, radix, moves).is_none());
        assert!(Digits::split(&folded[1..], radix, moves).is_none());
        assert!(Digits::split(&[], radix, moves).is_none());
    }
}
