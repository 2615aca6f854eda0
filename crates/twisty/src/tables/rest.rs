//! [`Rest`]: a moving orbit outside the lead of an index by class, by
//! its coordinates: its pieces, their conjugation by the lead's
//! symmetries, and its labels' and turns' values the moves reach.

use puzzle_search_core::rank;

use crate::tables::group::{MAX_GROUP_ORBIT, PieceGroup};
use crate::tables::symgroup::SymGroup;

/// The most orbits outside the lead (a thread's scratch holds each one's
/// pieces on the stack).
pub(crate) const MAX_REST: usize = 15;

/// A moving orbit outside the lead: its pieces (all told apart, no wild
/// orientation), its conjugation by the lead's symmetries, and its
/// labels' and turns' values the moves reach (as [`Coordinates`](crate::tables::coords::Coordinates) number them).
#[derive(Clone, Debug)]
pub(crate) struct Rest {
    pub(crate) group: PieceGroup,
    /// The conjugation tables over the lead's kept symmetries, in the
    /// same order (no classes).
    pub(crate) conj: SymGroup,
    /// The labels' values reached (Lehmer ranks of the labels by
    /// position), ascending; their count where every value is reached.
    pub(crate) labels: Values,
    /// The turns' values reached (base `o` by position), ascending.
    pub(crate) turns: Values,
    /// Whether every move keeps the turns' sum (the last turn then
    /// follows from the others in the rank).
    pub(crate) kept: bool,
    /// Orbits whose labels copy this one's (moved alike from equal solved
    /// labels), each adding only its turns: their pieces sit where this
    /// orbit's pieces of the same labels sit (the pyraminx's tips on its
    /// centres). Their turns follow this orbit's in a pieces' `ori`, `n`
    /// bytes each.
    pub(crate) riders: Vec<Rider>,
}

/// An orbit riding on a [`Rest`] (see [`Rest::riders`]): its pieces, its
/// conjugation tables, its turns' values reached.
#[derive(Clone, Debug)]
pub(crate) struct Rider {
    group: PieceGroup,
    conj: SymGroup,
    turns: Values,
    kept: bool,
}

/// A coordinate's values reached, ascending: all of `0..n` (numbered by
/// themselves) or a list searched.
#[derive(Clone, Debug)]
pub(crate) enum Values {
    All(u64),
    Some(Vec<u32>),
}

impl Values {
    pub(crate) fn new(values: &[u32], count: u64) -> Values {
        if values.len() as u64 == count {
            Values::All(count)
        } else {
            Values::Some(values.to_vec())
        }
    }

    pub(crate) fn len(&self) -> u64 {
        match self {
            Values::All(n) => *n,
            Values::Some(v) => v.len() as u64,
        }
    }

    #[inline]
    pub(crate) fn number(&self, raw: u64) -> Option<u64> {
        match self {
            Values::All(n) => (raw < *n).then_some(raw),
            Values::Some(v) => {
                let raw = u32::try_from(raw).ok()?;
                v.binary_search(&raw).ok().map(|i| i as u64)
            }
        }
    }

    #[inline]
    pub(crate) fn value(&self, number: u64) -> u64 {
        match self {
            Values::All(_) => number,
            Values::Some(v) => u64::from(v[number as usize]),
        }
    }
}

impl Rest {
    /// Orbit `group.orbit` outside the lead, conjugated by the lead's
    /// kept symmetries, its labels' and turns' reached values from the
    /// coordinates.
    pub(crate) fn new(
        group: PieceGroup,
        symmetries: &crate::algebra::symmetry::Symmetries,
        kept: Vec<usize>,
        kept_sum: bool,
        (labels, turns): (&[u32], &[u32]),
    ) -> Option<Rest> {
        let n = group.n;
        let perms = rank::placements(n, n)?;
        let turn_count = u64::from(group.o).checked_pow(if kept_sum { n - 1 } else { n } as u32)?;
        Some(Rest {
            conj: SymGroup::unclassified(group.clone(), symmetries, kept),
            group,
            labels: Values::new(labels, perms),
            turns: Values::new(turns, turn_count),
            kept: kept_sum,
            riders: Vec::new(),
        })
    }

    /// Adds orbit `group` as a rider (its labels copy this orbit's, and
    /// every kept symmetry moves its places as it moves this orbit's),
    /// its turns' values reached `turns`; `false` (nothing added) where
    /// its pieces or turns do not fit beside this orbit's.
    pub(crate) fn ride(
        &mut self,
        group: PieceGroup,
        symmetries: &crate::algebra::symmetry::Symmetries,
        kept_sum: bool,
        turns: &[u32],
    ) -> bool {
        let n = self.group.n;
        let Some(count) = u64::from(group.o).checked_pow(if kept_sum { n - 1 } else { n } as u32)
        else {
            return false;
        };
        if group.n != n || n * (self.riders.len() + 2) > MAX_GROUP_ORBIT {
            return false;
        }
        self.riders.push(Rider {
            conj: SymGroup::unclassified(group.clone(), symmetries, self.conj.kept.clone()),
            group,
            turns: Values::new(turns, count),
            kept: kept_sum,
        });
        true
    }

    /// How many values this orbit adds to the index.
    pub(crate) fn radix(&self) -> u64 {
        self.riders
            .iter()
            .fold(self.labels.len() * self.turns.len(), |r, d| {
                r * d.turns.len()
            })
    }

    /// The pieces of position `s`: each one's place (by label), its turn
    /// and its riders'.
    #[inline]
    pub(crate) fn locate(&self, s: &[u8], pos: &mut [u8], ori: &mut [u8]) {
        self.group.locate(s, pos, ori);
        let n = self.group.n;
        let mut at = [0u8; MAX_GROUP_ORBIT];
        for (r, d) in self.riders.iter().enumerate() {
            d.group.locate(s, &mut at, &mut ori[n * (r + 1)..]);
        }
    }

    /// The pieces after a move laid out as `moved` ([`crate::tables::group::moved`]).
    #[inline]
    pub(crate) fn moved_into(
        &self,
        pos: &[u8],
        ori: &[u8],
        moved: &[u8],
        out_pos: &mut [u8],
        out_ori: &mut [u8],
    ) {
        self.group.moved_into(pos, ori, moved, out_pos, out_ori);
        let n = self.group.n;
        let mut at = [0u8; MAX_GROUP_ORBIT];
        for (r, d) in self.riders.iter().enumerate() {
            let off = n * (r + 1);
            d.group
                .moved_into(pos, &ori[off..], moved, &mut at, &mut out_ori[off..]);
        }
    }

    /// The number of the pieces at `pos` (by label: each one's place)
    /// turned `ori` (by label), or `None` where a value is not reached.
    #[inline]
    pub(crate) fn number(&self, pos: &[u8], ori: &[u8]) -> Option<u64> {
        let n = self.group.n;
        let (mut lab, mut tp) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        for i in 0..n {
            let at = usize::from(pos[i]);
            lab[at] = i as u8;
            tp[at] = ori[i];
        }
        let l = self.labels.number(rank::permutation_rank(&lab[..n]))?;
        let t = self
            .turns
            .number(rank::orientation_rank(&tp[..n], self.group.o, self.kept))?;
        let mut x = l * self.turns.len() + t;
        for (r, d) in self.riders.iter().enumerate() {
            let off = n * (r + 1);
            for i in 0..n {
                tp[usize::from(pos[i])] = ori[off + i];
            }
            let t = d
                .turns
                .number(rank::orientation_rank(&tp[..n], d.group.o, d.kept))?;
            x = x * d.turns.len() + t;
        }
        Some(x)
    }

    /// The pieces of number `x` ([`number`](Self::number)'s inverse).
    #[inline]
    pub(crate) fn pieces(&self, mut x: u64, pos: &mut [u8], ori: &mut [u8]) {
        let n = self.group.n;
        let (mut lab, mut tp) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        // The riders' turns by place, the low digits, kept until the
        // labels say which piece is where.
        let mut by_place = [0u8; MAX_GROUP_ORBIT];
        for (r, d) in self.riders.iter().enumerate().rev() {
            let len = d.turns.len();
            let off = n * (r + 1);
            rank::orientation_unrank(
                d.turns.value(x % len),
                d.group.o,
                d.kept,
                &mut by_place[off..off + n],
            );
            x /= len;
        }
        let t = self.turns.len();
        rank::permutation_unrank(self.labels.value(x / t), &mut lab[..n]);
        rank::orientation_unrank(
            self.turns.value(x % t),
            self.group.o,
            self.kept,
            &mut tp[..n],
        );
        for j in 0..n {
            let l = usize::from(lab[j]);
            pos[l] = j as u8;
            ori[l] = tp[j];
            for r in 0..self.riders.len() {
                let off = n * (r + 1);
                ori[off + l] = by_place[off + j];
            }
        }
    }

    /// The pieces conjugated by kept symmetry `s`.
    #[inline]
    pub(crate) fn conjugate(
        &self,
        s: usize,
        pos: &[u8],
        ori: &[u8],
        out_pos: &mut [u8],
        out_ori: &mut [u8],
    ) {
        self.conj.conjugate_placement(s, pos, out_pos);
        self.conj.conjugate_turns(s, pos, ori, out_ori);
        let n = self.group.n;
        for (r, d) in self.riders.iter().enumerate() {
            let off = n * (r + 1);
            d.conj
                .conjugate_turns(s, pos, &ori[off..], &mut out_ori[off..]);
        }
    }
}
