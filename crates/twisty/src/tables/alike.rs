//! [`LabelGroup`]: tables for orbits whose pieces are not all told apart
//! or not all oriented: pieces that look alike (a label shared by
//! several, the 4x4x4's centres, a cross puzzle's other edges) and `?`
//! orientations (a piece whose turn the solved state ignores).
//!
//! The coordinate is what the position shows of some labels (the
//! *tracked* ones): per place of the orbit, which tracked label sits
//! there (or none), and, for the places holding a label the solved state
//! orients on every copy, its turn. The labels are ranked as an
//! arrangement of a multiset (the copies of a label are one symbol, all
//! untracked pieces another), the turns in base `o` in order of place.
//!
//! *Why it is an abstraction*: a move puts on place `j` what was on
//! `m.p[j]`, turned by `m.o[j]`; so the new symbol on `j` is the old one
//! on `m.p[j]`, and a tracked turn the old one plus `m.o[j]`: a function
//! of the coordinate alone, whatever the pieces do that it does not see.
//! Every path of the puzzle maps to a path as long, the solved state to
//! the goal, and the distance to the goal never exceeds the puzzle's.
//! A turn is tracked only where every copy of the label is oriented when
//! solved: such pieces are never `?` (a scramble's `?` on one is refused,
//! a move keeps a known turn known). Dropping a turn, a label or a piece
//! only makes the abstraction coarser, never wrong.

use puzzle_search_core::pdb::PatternDb;
use puzzle_search_core::rank;

use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::model::position::WILD;
use crate::tables::group::MAX_GROUP_ORBIT;
use crate::tables::read::{Buffers, Frame, Table, View};
use crate::tables::space::IndexSpace;

/// The most coordinates one table over pieces alike has (its build ranks
/// each neighbour from its places, with no move tables: about a
/// hundred nanoseconds each).
pub(crate) const MAX_ALIKE_TABLE: u64 = 1 << 24;

/// Tracked labels of one orbit: see the module's documentation.
#[derive(Clone, Debug)]
pub(crate) struct LabelGroup {
    pub(crate) orbit: usize,
    offset: usize,
    n: usize,
    o: u8,
    /// Per label: its symbol (0: not tracked; `1..`: tracked, in order).
    symbol: Vec<u8>,
    /// Per symbol: whether its turns are tracked.
    oriented: Vec<bool>,
    /// Per symbol: how many places hold it (symbol 0: the untracked
    /// pieces).
    counts: Vec<u8>,
    /// Per symbol: how many subsets its copies' places may be among the
    /// places the symbols before it leave (`C(left, count)`; symbol 0
    /// unused).
    radix: Vec<u64>,
    /// Per symbol: the product of the radices after it.
    weight: Vec<u64>,
    /// The tracked labels, in order (for the table's name).
    pub(crate) labels: Vec<u8>,
    placements: u64,
    turns: u64,
}

impl LabelGroup {
    /// The group of `tracked` labels (each with whether its turns are
    /// tracked) of orbit `orbit` of `def`, or `None` where the orbit has
    /// more than [`MAX_GROUP_ORBIT`] places, nothing is tracked, or the
    /// count passes `u64`.
    pub(crate) fn new(
        def: &Definition,
        orbit: usize,
        tracked: &[(u8, bool)],
    ) -> Option<LabelGroup> {
        let orbits = def.orbits();
        let offset = def.offset(orbit);
        let (n, o) = (orbits[orbit].pieces, orbits[orbit].orientations);
        if n > MAX_GROUP_ORBIT || tracked.is_empty() || tracked.len() >= MAX_SYMBOLS {
            return None;
        }
        let solved = &def.solved().as_slice()[offset..offset + n];
        let mut symbol = vec![0u8; n];
        let mut oriented = vec![false];
        for (i, &(l, turns)) in tracked.iter().enumerate() {
            *symbol.get_mut(usize::from(l))? = (i + 1) as u8;
            oriented.push(turns && o > 1);
        }
        let mut counts = vec![0u8; tracked.len() + 1];
        for &l in solved {
            counts[usize::from(symbol[usize::from(l)])] += 1;
        }
        let placements = puzzle_search_core::rank::arrangements(&counts)?;
        let turned: usize = (0..counts.len())
            .filter(|&s| oriented[s])
            .map(|s| usize::from(counts[s]))
            .sum();
        let turns = u64::from(o).checked_pow(turned as u32)?;
        placements.checked_mul(turns)?;
        let mut radix = vec![1u64; counts.len()];
        let mut left = n;
        for s in 1..counts.len() {
            let c = usize::from(counts[s]);
            radix[s] = rank::BINOMIALS[left][c];
            left -= c;
        }
        let mut weight = vec![1u64; counts.len()];
        for s in (1..counts.len().saturating_sub(1)).rev() {
            weight[s] = weight[s + 1] * radix[s + 1];
        }
        Some(LabelGroup {
            weight,
            radix,
            orbit,
            offset,
            n,
            o,
            symbol,
            oriented,
            counts,
            labels: tracked.iter().map(|&(l, _)| l).collect(),
            placements,
            turns,
        })
    }

    /// How many coordinates.
    pub(crate) fn size(&self) -> u64 {
        self.placements * self.turns
    }

    /// The coordinate of position `s` (a whole position).
    #[inline]
    pub(crate) fn key(&self, s: &[u8]) -> u64 {
        let (off, n) = (self.offset, self.n);
        let mut sym = [0u8; MAX_GROUP_ORBIT];
        let mut ori = [0u8; MAX_GROUP_ORBIT];
        for j in 0..n {
            sym[j] = self.symbol[usize::from(s[off + j])];
            ori[j] = s[off + n + j];
        }
        self.rank(&sym[..n], &ori[..n])
    }

    /// The coordinate of the child of `s` by move `m` (as a position:
    /// place `j` gets what was on `m.p[j]`, turned by `m.o[j]`), read
    /// without making the child.
    #[inline]
    pub(crate) fn key_after(&self, s: &[u8], m: &[u8]) -> u64 {
        let (off, n, o) = (self.offset, self.n, self.o);
        let mut sym = [0u8; MAX_GROUP_ORBIT];
        let mut ori = [0u8; MAX_GROUP_ORBIT];
        for j in 0..n {
            let from = usize::from(m[off + j]);
            sym[j] = self.symbol[usize::from(s[off + from])];
            let t = s[off + n + from];
            ori[j] = if t == WILD {
                WILD
            } else {
                let t = t + m[off + n + j];
                if t >= o { t - o } else { t }
            };
        }
        self.rank(&sym[..n], &ori[..n])
    }

    /// The coordinate of symbols `sym` and turns `ori`, by place (the
    /// turns read only where the symbol's are tracked): see
    /// [`rank_masks`](Self::rank_masks).
    #[inline]
    fn rank(&self, sym: &[u8], ori: &[u8]) -> u64 {
        let mut masks = [0u64; MAX_SYMBOLS];
        for (j, &x) in sym.iter().enumerate() {
            masks[usize::from(x)] |= 1u64 << j;
        }
        let turned = masks
            .iter()
            .zip(&self.oriented)
            .skip(1)
            .filter(|&(_, &o)| o)
            .fold(0u64, |acc, (&m, _)| acc | m);
        self.rank_masks(&masks, turned, ori)
    }

    /// The coordinate of each tracked symbol's places `masks[s]` and the
    /// turns `ori` (by place, read at the places `turned`: those of the
    /// oriented symbols). The placement is a number in mixed radix, a
    /// digit a tracked symbol: where its copies are among the places the
    /// symbols before it left free, as a subset's colex rank (`sum C(i_k,
    /// k + 1)` over its places' indices among the free ones, `k` from 0);
    /// the untracked pieces take what is left. A binomial table read a
    /// place, no division. The turns follow in base `o`, in order of
    /// place.
    #[inline]
    fn rank_masks(&self, masks: &[u64; MAX_SYMBOLS], turned: u64, ori: &[u8]) -> u64 {
        // A place's index among those free before its symbol is its index
        // less the places before it that hold a smaller tracked symbol.
        // Each digit goes in at its weight (the radices after it).
        let mut taken = 0u64;
        let mut p = 0u64;
        for (s, &w) in self.weight.iter().enumerate().skip(1) {
            p += rank::colex_among(masks[s], taken) * w;
            taken |= masks[s];
        }
        let mut t = 0u64;
        let mut m = turned;
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            m &= m - 1;
            t = t * u64::from(self.o) + u64::from(ori[j]);
        }
        p * self.turns + t
    }

    /// The symbols and turns (by place; 0 where untracked) of coordinate
    /// `r`: [`rank`](Self::rank)'s inverse.
    fn unrank(&self, r: u64, sym: &mut [u8], ori: &mut [u8]) {
        let n = sym.len();
        let symbols = self.counts.len();
        // The digits, last symbol first.
        let mut digits = [0u64; MAX_SYMBOLS];
        let mut p = r / self.turns;
        for s in (1..symbols).rev() {
            digits[s] = p % self.radix[s];
            p /= self.radix[s];
        }
        sym.fill(0);
        for (s, &digit) in digits.iter().enumerate().take(symbols).skip(1) {
            colex_place(sym, 0, s as u8, self.counts[s], digit);
        }
        let mut t = r % self.turns;
        for j in (0..n).rev() {
            ori[j] = if self.oriented[usize::from(sym[j])] {
                let d = (t % u64::from(self.o)) as u8;
                t /= u64::from(self.o);
                d
            } else {
                0
            };
        }
    }
}

/// Puts symbol `s` on the `count` places of `sym` still holding `empty`
/// that colex rank `digit` names among them
/// ([`rank::colex_among`]'s inverse).
pub(crate) fn colex_place(sym: &mut [u8], empty: u8, s: u8, count: u8, digit: u64) {
    let taken = sym
        .iter()
        .enumerate()
        .fold(0u64, |m, (j, &x)| if x == empty { m } else { m | 1 << j });
    let mut mask = rank::colex_unrank_among(digit, usize::from(count), taken, sym.len());
    while mask != 0 {
        sym[mask.trailing_zeros() as usize] = s;
        mask &= mask - 1;
    }
}

/// The most symbols a [`LabelGroup`] has: 15 tracked labels and the
/// untracked pieces (more would make tables far past
/// [`MAX_ALIKE_TABLE`] on any orbit that has them).
const MAX_SYMBOLS: usize = 16;

/// The tracked labels of orbit `orbit` split into [`LabelGroup`]s of at
/// most `max_states` coordinates: every label of the orbit (a turn
/// tracked where every copy is oriented when solved), in one group where
/// they fit, else packed in order of label, a group closed when the next
/// label would not fit; a label that fits in no group alone is left out.
/// Groups of one coordinate (nothing to tell apart) are dropped.
pub(crate) fn split_alike(def: &Definition, orbit: usize, max_states: u64) -> Vec<LabelGroup> {
    let orbits = def.orbits();
    let offset = def.offset(orbit);
    let n = orbits[orbit].pieces;
    if n > MAX_GROUP_ORBIT {
        return Vec::new();
    }
    let solved = def.solved().as_slice();
    // Per label: present, and every copy oriented.
    let mut present = vec![false; n];
    let mut oriented = vec![true; n];
    for j in 0..n {
        let l = usize::from(solved[offset + j]);
        present[l] = true;
        oriented[l] &= solved[offset + n + j] != WILD;
    }
    let labels: Vec<(u8, bool)> = (0..n)
        .filter(|&l| present[l])
        .map(|l| (l as u8, oriented[l]))
        .collect();
    let fits = |t: &[(u8, bool)]| LabelGroup::new(def, orbit, t).filter(|g| g.size() <= max_states);
    if let Some(whole) = fits(&labels) {
        return if whole.size() > 1 {
            vec![whole]
        } else {
            Vec::new()
        };
    }
    let mut out = Vec::new();
    let mut from = 0;
    while from < labels.len() {
        let mut to = from;
        while to < labels.len() && fits(&labels[from..=to]).is_some() {
            to += 1;
        }
        if to == from {
            from += 1; // this label alone does not fit
            continue;
        }
        if let Some(g) = fits(&labels[from..to]).filter(|g| g.size() > 1) {
            out.push(g);
        }
        from = to;
    }
    out
}

/// A [`LabelGroup`] as the core's table build sees it: each state
/// unranked once, its tracked pieces (four on a cross) followed through
/// each move by a table of where each place's piece goes, and the child
/// ranked from its symbols' places (no pass over the orbit's places a
/// child: the cross table's build 0.22 s -> 0.11 s on one thread).
pub(crate) struct AlikeSpace<'a> {
    group: &'a LabelGroup,
    /// Per move, `MAX_GROUP_ORBIT` bytes each: where the piece on each
    /// place goes, and the turn it gets there.
    dest: Vec<u8>,
    turn: Vec<u8>,
    goal: u64,
}

impl<'a> AlikeSpace<'a> {
    /// The abstraction of `group` under `moves`.
    pub(crate) fn new(group: &'a LabelGroup, def: &Definition, moves: &'a Moves) -> AlikeSpace<'a> {
        let (off, n) = (group.offset, group.n);
        let mut dest = vec![0u8; moves.len() * MAX_GROUP_ORBIT];
        let mut turn = vec![0u8; moves.len() * MAX_GROUP_ORBIT];
        for m in 0..moves.len() {
            let b = moves.get(m).as_slice();
            // Place `j` gets what was on `m.p[j]`, turned by `m.o[j]`.
            for j in 0..n {
                let from = usize::from(b[off + j]);
                dest[m * MAX_GROUP_ORBIT + from] = j as u8;
                turn[m * MAX_GROUP_ORBIT + from] = b[off + n + j];
            }
        }
        AlikeSpace {
            group,
            dest,
            turn,
            goal: group.key(def.solved().as_slice()),
        }
    }
}

impl IndexSpace for AlikeSpace<'_> {
    fn size(&self) -> u64 {
        self.group.size()
    }

    fn goals(&self, out: &mut Vec<u64>) {
        out.push(self.goal);
    }

    fn neighbours(&self, r: u64, out: &mut Vec<(u64, bool)>) {
        let g = self.group;
        let (n, o) = (g.n, g.o);
        let (mut sym, mut ori) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        g.unrank(r, &mut sym[..n], &mut ori[..n]);
        // The tracked pieces in order of symbol (a symbol's copies
        // together): place and turn (0 where untracked).
        let symbols = g.counts.len();
        let mut pieces = [(0u8, 0u8); MAX_GROUP_ORBIT];
        let mut start = [0usize; MAX_SYMBOLS + 1];
        for s in 1..symbols {
            start[s + 1] = start[s] + usize::from(g.counts[s]);
        }
        let mut fill = start;
        for j in 0..n {
            let s = usize::from(sym[j]);
            if s != 0 {
                pieces[fill[s]] = (j as u8, ori[j]);
                fill[s] += 1;
            }
        }
        let mut to_ori = [0u8; MAX_GROUP_ORBIT];
        for (dest, turn) in self
            .dest
            .chunks_exact(MAX_GROUP_ORBIT)
            .zip(self.turn.chunks_exact(MAX_GROUP_ORBIT))
        {
            // `rank_masks` a symbol at a time, its places' mask made from
            // its copies' destinations.
            let (mut taken, mut turned, mut p) = (0u64, 0u64, 0u64);
            for s in 1..symbols {
                let mut mask = 0u64;
                for &(j, t) in &pieces[start[s]..start[s + 1]] {
                    let d = usize::from(dest[usize::from(j)]);
                    mask |= 1u64 << d;
                    let t = t + turn[usize::from(j)];
                    to_ori[d] = if t >= o { t - o } else { t };
                }
                if g.oriented[s] {
                    turned |= mask;
                }
                p += rank::colex_among(mask, taken) * g.weight[s];
                taken |= mask;
            }
            let mut t = 0u64;
            while turned != 0 {
                let j = turned.trailing_zeros() as usize;
                turned &= turned - 1;
                t = t * u64::from(o) + u64::from(to_ori[j]);
            }
            out.push((p * g.turns + t, true));
        }
    }
}

/// The table kind over an orbit with pieces alike or `?` orientations
/// (see [`LabelGroup`]): read at the position only (such a puzzle's
/// solved state is not the identity: no symmetry, no inverse).
#[derive(Debug)]
pub(crate) struct AlikeTable {
    pub(crate) group: LabelGroup,
    pub(crate) db: PatternDb,
}

impl Table for AlikeTable {
    /// Every key is the labels' own rank.
    const SENTINELS: bool = false;

    type Seen = ();

    #[inline]
    fn db(&self) -> &PatternDb {
        &self.db
    }

    #[inline]
    fn see(&self, _: &Frame<'_>, _: &View<'_>, _: bool, _: &mut Buffers) {}

    #[inline]
    fn key(&self, _: &Frame<'_>, view: &View<'_>, _: &(), _: &mut Buffers) -> u64 {
        self.group.key(view.at)
    }

    /// Each child's key from the position and the move.
    #[inline]
    fn child_keys(
        &self,
        frame: &Frame<'_>,
        view: &View<'_>,
        _: &(),
        moves: &[u16],
        keys: &mut [u64],
        _: &mut Buffers,
    ) {
        for (key, &mv) in keys.iter_mut().zip(moves) {
            *key = self
                .group
                .key_after(view.at, frame.all.get(usize::from(mv)).as_slice());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cross on a three-orbit toy: four oriented pieces, two of them
    /// told apart, two alike; a `?` orbit.
    const TOY: &str = "\
Set E 4 2
Set C 3 3
Solved
E
1 2 3 3
0 0 0 0
C
1 1 1
? ? ?
End
Move A
E
2 3 4 1
1 0 0 1
C
2 3 1
1 1 1
End
Move B
E
1 3 2 4
0 1 1 0
C
1 3 2
0 0 0
End
";

    #[test]
    fn ranks_are_perfect_and_keys_follow_the_moves() {
        let def = Definition::parse(TOY).expect("parses");
        let moves = Moves::all(&def).expect("moves");
        let groups = split_alike(&def, 0, u64::MAX);
        assert_eq!(groups.len(), 1);
        let g = &groups[0];
        // 4! / 2! placements of (1, 2, 3, 3), 2^4 turns.
        assert_eq!(g.size(), 12 * 16);
        let (mut sym, mut ori) = ([0u8; 4], [0u8; 4]);
        let mut seen = std::collections::HashSet::new();
        for r in 0..g.size() {
            g.unrank(r, &mut sym, &mut ori);
            assert_eq!(g.rank(&sym, &ori), r);
            // Each a valid arrangement (the counts of the solved state),
            // each once.
            let mut counts = [0u8; 4];
            sym.iter().for_each(|&x| counts[usize::from(x)] += 1);
            assert_eq!(&counts[..g.counts.len()], g.counts.as_slice());
            assert!(seen.insert((sym, ori)));
        }
        // The orbit with a wild orientation and one label: nothing to
        // tell apart, no table.
        assert!(split_alike(&def, 1, u64::MAX).is_empty());
        // key_after equals the key of the child, at every position of a
        // walk.
        let mut p = def.solved().clone();
        for step in 0..40 {
            let m = moves.get(step * 7 % moves.len());
            for k in 0..moves.len() {
                let child = p.then(moves.get(k), def.orbits());
                assert_eq!(
                    g.key_after(p.as_slice(), moves.get(k).as_slice()),
                    g.key(child.as_slice())
                );
            }
            p = p.then(m, def.orbits());
        }
    }

    #[test]
    fn split_packs_labels_in_order_under_the_cap() {
        let def = Definition::parse(TOY).expect("parses");
        // At most 40: label 1 alone is 4 * 2 = 8; with label 2, 12 * 4 =
        // 48 does not fit: three groups of one label each.
        let groups = split_alike(&def, 0, 40);
        let labels: Vec<Vec<u8>> = groups.iter().map(|g| g.labels.clone()).collect();
        assert_eq!(labels, [vec![0], vec![1], vec![2]]);
        assert!(groups.iter().all(|g| g.size() <= 40));
    }
}
