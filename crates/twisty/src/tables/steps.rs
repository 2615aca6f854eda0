//! [`Steps`]: a projection's step tables, each orbit's labels and turns
//! after each move and each rest orbit's value in each symmetry's
//! conjugate (their cache file: [`steps_file`](super::steps_file)).

use crate::tables::digits::Digits;
use crate::tables::narrow::Narrow;
use crate::tables::ternary::Ternary;

/// The most entries one of [`Steps`]' tables has (64 MB of `u32`s).
pub(crate) const STEP_ENTRIES: u64 = 1 << 24;

/// The most orbits a projection stepped by [`Steps`] has.
pub(crate) const MAX_STEPPED: usize = 8;

/// A position's rows in [`Steps`]' tables, per orbit (lead first): its
/// labels' and its turns' rows, ranked once for the position's own index
/// and its children's.
pub(crate) struct Rows(pub(crate) [(usize, usize); MAX_STEPPED]);

/// The most children [`Projection::child_indices`] steps in one pass.
pub(crate) const WIDE: usize = 32;

/// Tables that step a projection's index by a move:
/// each orbit's labels and turns after each move, apart, and each rest
/// orbit's value in each symmetry's conjugate, so that a child's index
/// takes a few look-ups an orbit and the class word, not a child made
/// and ranked. Labels and turns apart because each is a function of
/// itself alone under a move (a place's new label is the old one on
/// `m.p[j]`, its new turn the old one there plus `m.o[j]`), and the
/// tables are small: the 3x3x3's lead (70 tetrad arrangements, 2,187
/// turns) takes 81 KB by 18 moves where its 153,090 values took 11 MB.
/// Entries are two bytes where every value fits (the edges' 34,650
/// arrangements: 1.2 MB by move, 3.3 MB by 48 symmetries): 4.7 MB in
/// all where whole values in four bytes took 20 MB (the same speed,
/// measured; 15 MB less memory).
#[derive(Debug)]
pub(crate) struct Steps {
    /// Per orbit (lead first): `labels * moves + move` -> labels.
    pub(crate) labels: Vec<Narrow>,
    /// Per orbit: `turns * moves + move` -> turns (empty where its
    /// turns are not kept).
    pub(crate) turns: Vec<Narrow>,
    /// Per orbit whose kept blocks' turns are stepped apart from its
    /// placement ([`Digits`]; `None` for the others): its `labels` are
    /// then `placement * moves + move` -> the placement after and the
    /// map of the digits, and its rows' second half is the digits
    /// themselves. The 3x3x3's lead (34,650 slice placements by the
    /// slice edges' 16 flips, by 18 moves) takes 2.5 MB where it
    /// took 40 MB folded.
    pub(crate) digits: Vec<Option<Digits>>,
    /// Per orbit (the lead's empty): `value * symmetries + symmetry` ->
    /// the value in that conjugate; for an orbit of two turns kept (split,
    /// below) indexed by its labels alone, the value of its labels with
    /// turns 0.
    pub(crate) conj: Vec<Narrow>,
    /// Per orbit whose turns are kept and two (`None` for the others):
    /// `turns * symmetries + symmetry` -> what the turns add to the
    /// conjugate's turns. A conjugate's turn on place `j` is `M(c[b] +
    /// t[a]) + r.o[j]` (`a = r.p[j]`, `b` the label on `a`, `c` the
    /// inverse's turns by block, constant on a block: checked, `M` the
    /// mirror's negation), linear over two turns: so the conjugate's
    /// turns are those of its labels with turns 0 XOR those of turns `t`
    /// with labels 0 less those of both 0; its ranks are binary digits,
    /// so the ranks XOR too. The edges' 71M values by 48 symmetries would
    /// be 3.4e9 entries; labels and turns apart, 1.7M and 98K. Where
    /// pieces turn three ways (and their turns are `3^k`, `k <= 10`),
    /// the same holds digit by digit modulo 3 (`ternary`): the 3x3x3's
    /// corners by tetrad with their turns, 153,090 values by 16
    /// symmetries (9.8 MB, a miss a read), take 4.5 KB and 70 KB.
    pub(crate) conj_turns: Vec<Option<Narrow>>,
    /// Per orbit split whose pieces turn three ways: the digit-wise sum
    /// its conjugates' turns are made with ([`conj_of`](Self::conj_of));
    /// `None` for the others (two ways: XOR).
    pub(crate) ternary: Vec<Option<Ternary>>,
}

impl Steps {
    /// Orbit `k`'s value `l * turns + t` (labels `l`, turns `t`) in
    /// conjugate `sym` of `syms`.
    #[inline]
    pub(crate) fn conj_of(
        &self,
        k: usize,
        l: usize,
        t: usize,
        turns: u64,
        syms: usize,
        sym: usize,
    ) -> usize {
        match (&self.conj_turns[k], &self.ternary[k]) {
            (Some(ct), None) => self.conj[k].get(l * syms + sym) ^ ct.get(t * syms + sym),
            (Some(ct), Some(three)) => {
                // The labels' conjugate (turns 0), its turns plus what
                // turns `t` add, digit by digit.
                let v = self.conj[k].get(l * syms + sym) as u32;
                let n = turns as u32;
                let (labels, base) = ((v / n) as usize, (v % n) as usize);
                labels * turns as usize + three.add(base, ct.get(t * syms + sym))
            }
            (None, _) => self.conj[k].get((l * turns as usize + t) * syms + sym),
        }
    }

    /// Orbit `k`'s labels and turns after move `m` from its
    /// [`rows`](Self::rows).
    #[inline]
    pub(crate) fn after_apart(
        &self,
        k: usize,
        turns: u64,
        rows: (usize, usize),
        m: usize,
    ) -> (usize, usize) {
        let l = self.labels[k].get(rows.0 + m);
        if let Some(d) = &self.digits[k] {
            return (d.after(l, rows.1), 0);
        }
        let t = if turns > 1 {
            self.turns[k].get(rows.1 + m)
        } else {
            0
        };
        (l, t)
    }

    /// Where orbit `k`'s value `v` (of `turns` turn values) starts its
    /// rows in [`labels`](Self::labels) and [`turns`](Self::turns), by
    /// `moves`; with [`digits`](Self::digits), its placement's row and
    /// its digits.
    #[inline]
    pub(crate) fn rows(&self, k: usize, v: u64, turns: u64, moves: usize) -> (usize, usize) {
        let (l, t) = ((v / turns) as usize, (v % turns) as usize);
        match &self.digits[k] {
            Some(d) => (l / d.radix() * moves, l % d.radix()),
            None => (l * moves, t * moves),
        }
    }

    /// Orbit `k`'s value after move `m` from its [`rows`](Self::rows).
    #[inline]
    pub(crate) fn after(&self, k: usize, turns: u64, rows: (usize, usize), m: usize) -> u64 {
        let l = self.labels[k].get(rows.0 + m);
        if let Some(d) = &self.digits[k] {
            return d.after(l, rows.1) as u64;
        }
        let l = l as u64;
        if turns > 1 {
            l * turns + self.turns[k].get(rows.1 + m) as u64
        } else {
            l
        }
    }

    /// Its tables as a file holds them: each orbit's labels, turns,
    /// conjugates, conjugates' turns (`None`: not split) and digits'
    /// maps (`None`: none), in turn.
    pub(crate) fn tables(&self) -> Vec<Option<&Narrow>> {
        (0..self.labels.len())
            .flat_map(|k| {
                [
                    Some(&self.labels[k]),
                    Some(&self.turns[k]),
                    Some(&self.conj[k]),
                    self.conj_turns[k].as_ref(),
                    self.digits[k].as_ref().map(Digits::maps),
                ]
            })
            .collect()
    }

    /// The bytes of every table.
    pub(crate) fn bytes(&self) -> u64 {
        self.labels
            .iter()
            .chain(&self.turns)
            .chain(&self.conj)
            .chain(self.conj_turns.iter().flatten())
            .map(Narrow::bytes)
            .sum::<u64>()
            + self.digits.iter().flatten().map(Digits::bytes).sum::<u64>()
    }
}
