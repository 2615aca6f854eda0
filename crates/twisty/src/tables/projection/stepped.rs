//! The projection's step tables at work: made, checked, read from the
//! cache or saved ([`Projection::attach_steps`]), and the indices of a
//! position's children stepped by them ([`Projection::child_indices`],
//! [`Projection::made_indices`]) rather than each child made and ranked.

use super::*;
use crate::tables::digits::Digits;
use crate::tables::narrow::Narrow;
use crate::tables::steps::{MAX_STEPPED, Rows, STEP_ENTRIES, Steps, WIDE};
use crate::tables::ternary::Ternary;

/// Whether a rest orbit's conjugates are made by its labels and turns
/// apart: where its pieces turn two ways, or three ways (`three`) with
/// `3^k` turns, `k <= 10` (`Steps::conj_turns`).
fn splits(p: &Part, three: bool) -> bool {
    p.oriented && (p.o == 2 || (three && p.o == 3 && Ternary::fits(p.turns)))
}

impl Projection {
    /// The move and conjugation tables of [`Steps`], where each fits in
    /// [`STEP_ENTRIES`] and the orbits are at most [`MAX_STEPPED`]. An
    /// orbit's value after a move, or in a conjugate, depends on that
    /// orbit's bytes alone (a move and a conjugation act on each orbit
    /// apart), so each value is lifted with the other orbits solved.
    pub(super) fn make_steps(&self) -> Option<Steps> {
        // Three-way turns apart where their check holds; else by value.
        let three = self.parts[1..].iter().any(|p| splits(p, true) && p.o == 3);
        self.make_steps_with(true)
            .or_else(|| three.then(|| self.make_steps_with(false)).flatten())
    }

    /// [`make_steps`](Self::make_steps), three-way turns apart where
    /// `three`.
    fn make_steps_with(&self, three: bool) -> Option<Steps> {
        let (moves, syms) = (self.moves.len(), self.symmetries.len());
        let fits = |n: u64, k: usize| n.checked_mul(k as u64).is_some_and(|e| e <= STEP_ENTRIES);
        // A rest orbit's conjugates by its labels and turns apart where
        // it has two turns, or three and `three` (linear:
        // `Steps::conj_turns`), else by value.
        let split = |p: &Part| splits(p, three);
        if self.parts.len() > MAX_STEPPED
            || !self
                .parts
                .iter()
                .all(|p| fits(p.placements, moves) && fits(p.turns, moves))
            || !self.parts[1..].iter().all(|p| {
                if split(p) {
                    fits(p.placements, syms) && fits(p.turns, syms) && p.radix() <= 1 << 32
                } else {
                    fits(p.radix(), syms)
                }
            })
        {
            return None;
        }
        let (mut g, mut c) = (self.solved.clone(), vec![0u8; self.solved.len()]);
        let mut steps = Steps {
            labels: Vec::with_capacity(self.parts.len()),
            turns: Vec::with_capacity(self.parts.len()),
            digits: Vec::with_capacity(self.parts.len()),
            conj: Vec::with_capacity(self.parts.len()),
            conj_turns: Vec::with_capacity(self.parts.len()),
            ternary: Vec::with_capacity(self.parts.len()),
        };
        for (i, p) in self.parts.iter().enumerate() {
            let t = p.turns;
            let ternary = (i > 0 && split(p) && p.o == 3)
                .then(|| Ternary::new(t))
                .flatten();
            // The labels lifted with turns 0, the turns with labels 0:
            // each after a move is a function of itself.
            let mut labels = Vec::with_capacity(p.placements as usize * moves);
            for l in 0..p.placements {
                p.lift(l * t, &mut g);
                for m in &self.moves {
                    compose(&g, m.as_slice(), &self.orbits, &mut c);
                    labels.push((p.rank(&c) / t) as u32);
                }
            }
            let mut turns = Vec::new();
            if t > 1 {
                turns.reserve(t as usize * moves);
                for x in 0..t {
                    p.lift(x, &mut g);
                    for m in &self.moves {
                        compose(&g, m.as_slice(), &self.orbits, &mut c);
                        turns.push((p.rank(&c) % t) as u32);
                    }
                }
            }
            let mut conj = Vec::new();
            let mut conj_turns = None;
            if i > 0 && split(p) {
                // The labels' conjugates with turns 0, and what turns `x`
                // add with labels 0 (XOR those of both 0; three ways:
                // less them, digit by digit).
                conj.reserve(p.placements as usize * syms);
                for l in 0..p.placements {
                    p.lift(l * t, &mut g);
                    for k in 0..syms {
                        self.symmetries.conjugate_into(k, &g, &mut c);
                        conj.push(p.rank(&c) as u32);
                    }
                }
                let mut zero = Vec::with_capacity(syms);
                let mut add = Vec::with_capacity(t as usize * syms);
                for x in 0..t {
                    p.lift(x, &mut g);
                    for k in 0..syms {
                        self.symmetries.conjugate_into(k, &g, &mut c);
                        let v = (p.rank(&c) % t) as u32;
                        if x == 0 {
                            zero.push(v);
                        }
                        add.push(match &ternary {
                            Some(three) => three.sub(v as usize, zero[k] as usize) as u32,
                            None => v ^ zero[k],
                        });
                    }
                }
                conj_turns = Some(Narrow::new(add, t));
            } else if i > 0 {
                conj.reserve(p.radix() as usize * syms);
                for x in 0..p.radix() {
                    p.lift(x, &mut g);
                    for k in 0..syms {
                        self.symmetries.conjugate_into(k, &g, &mut c);
                        conj.push(p.rank(&c) as u32);
                    }
                }
            }
            // Kept blocks' turns folded into the labels: stepped apart
            // where they split (`Digits`), else left folded.
            let apart = (p.block_radix > 1 && t == 1)
                .then(|| Digits::split(&labels, p.block_radix as usize, moves))
                .flatten();
            match apart {
                Some((entries, digits)) => {
                    steps.labels.push(entries);
                    steps.digits.push(Some(digits));
                }
                None => {
                    steps.labels.push(Narrow::new(labels, p.placements));
                    steps.digits.push(None);
                }
            }
            steps.turns.push(Narrow::new(turns, t));
            steps.conj.push(Narrow::new(conj, p.radix()));
            steps.conj_turns.push(conj_turns);
            steps.ternary.push(ternary);
        }
        self.steps_agree(&steps, 4096).then_some(steps)
    }

    /// Whether `steps` give, on about `samples` values spread over each
    /// orbit's range, the values after each move and the conjugates made
    /// whole: on tables just made, the split's linearity checked (its
    /// proof at `Steps::conj_turns`); on tables read from the cache, a
    /// check that they are this projection's.
    pub(super) fn steps_agree(&self, steps: &Steps, samples: u64) -> bool {
        let (moves, syms) = (self.moves.len(), self.symmetries.len());
        let (mut g, mut c) = (self.solved.clone(), vec![0u8; self.solved.len()]);
        let spread = |radix: u64| {
            (0..radix)
                .step_by((radix / samples).max(1) as usize)
                .map(move |x| x.wrapping_mul(0x9e37_79b9_7f4a_7c15) % radix)
        };
        for (k, p) in self.parts.iter().enumerate() {
            for x in spread(p.radix()) {
                p.lift(x, &mut g);
                let rows = steps.rows(k, x, p.turns, moves);
                for (i, m) in self.moves.iter().enumerate() {
                    compose(&g, m.as_slice(), &self.orbits, &mut c);
                    if steps.after(k, p.turns, rows, i) != p.rank(&c) {
                        return false;
                    }
                }
            }
        }
        for (k, p) in self.parts.iter().enumerate().skip(1) {
            if steps.conj.get(k).is_none_or(Narrow::is_empty) {
                continue;
            }
            let t = p.turns;
            for x in spread(p.radix()) {
                let x = x as usize;
                p.lift(x as u64, &mut g);
                for sym in 0..syms {
                    self.symmetries.conjugate_into(sym, &g, &mut c);
                    let (l, u) = (x / t as usize, x % t as usize);
                    if steps.conj_of(k, l, u, t, syms, sym) as u64 != p.rank(&c) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Gives this projection its step tables: read from the cache
    /// directory `dir` beside the table named `name` where the file is
    /// there and sound (`crate::tables::steps_file`), else made (a few tenths of
    /// a second on the cube: most of a cached start) and saved there;
    /// the error of a file not read or not saved (the tables are whole
    /// either way).
    pub(crate) fn attach_steps(
        &mut self,
        dir: Option<&std::path::Path>,
        name: &str,
    ) -> Option<std::io::Error> {
        let Some(dir) = dir else {
            self.steps = self.make_steps();
            return None;
        };
        let path = crate::tables::steps_file::file_in(dir, name);
        // No file: nothing to say; one refused or unreadable: said.
        let error = match crate::tables::steps_file::load(&path) {
            Ok(None) => None,
            Ok(Some(tables)) => match self
                .steps_from(tables)
                .filter(|st| self.steps_agree(st, 256))
            {
                Some(steps) => {
                    self.steps = Some(steps);
                    return None;
                }
                None => Some(crate::tables::steps_file::refused(&path)),
            },
            Err(e) => Some(e),
        };
        self.steps = self.make_steps();
        let saved = match &self.steps {
            Some(st) => std::fs::create_dir_all(dir)
                .and_then(|()| crate::tables::steps_file::save(&path, &st.tables())),
            None => Ok(()),
        };
        error.or(saved.err())
    }

    /// The step tables from a file's tables (each orbit's labels, turns,
    /// conjugates, conjugates' turns and digits' maps, in turn), where
    /// there are as many as the orbits need, each of the length and width
    /// [`make_steps`](Self::make_steps) gives it, every entry in range.
    pub(super) fn steps_from(&self, tables: Vec<Option<Narrow>>) -> Option<Steps> {
        let (moves, syms) = (self.moves.len(), self.symmetries.len());
        if tables.len() != 5 * self.parts.len() {
            return None;
        }
        let mut it = tables.into_iter();
        let mut steps = Steps {
            labels: Vec::new(),
            turns: Vec::new(),
            digits: Vec::new(),
            conj: Vec::new(),
            conj_turns: Vec::new(),
            ternary: Vec::new(),
        };
        // A table of `len` entries each below `below`, as wide as
        // `Narrow::new` makes one of values below `radix`.
        let fit = |n: Option<Narrow>, len: u64, radix: u64, below: u64| -> Option<Narrow> {
            let n = n?;
            (n.len() == len && n.two() == (radix <= 1 << 16) && n.all_below(below)).then_some(n)
        };
        for (i, p) in self.parts.iter().enumerate() {
            let t = p.turns;
            let (m, k) = (moves as u64, syms as u64);
            let (labels, turns, conj, conj_turns, maps) =
                (it.next()?, it.next()?, it.next()?, it.next()?, it.next()?);
            // Digits apart where the file has their maps (where
            // `make_steps` split them).
            match maps {
                Some(maps) if p.block_radix > 1 && t == 1 => {
                    let placements = p.placements / p.block_radix;
                    let (digits, bound) =
                        Digits::from_maps(maps, p.block_radix as usize, placements)?;
                    steps
                        .labels
                        .push(fit(labels, placements * m, bound, bound)?);
                    steps.digits.push(Some(digits));
                }
                Some(_) => return None,
                None => {
                    let l = fit(labels, p.placements * m, p.placements, p.placements)?;
                    steps.labels.push(l);
                    steps.digits.push(None);
                }
            }
            let turns_len = if t > 1 { t * m } else { 0 };
            steps.turns.push(fit(turns, turns_len, t, t)?);
            // Apart where two-way, or three-way as the file has them
            // (by value where `make_steps`' check refused them apart).
            let split = splits(p, conj_turns.is_some());
            let len = match (i, split) {
                (0, _) => 0,
                (_, true) => p.placements * k,
                (_, false) => p.radix() * k,
            };
            steps.conj.push(fit(conj, len, p.radix(), p.radix())?);
            steps.conj_turns.push(match (i, split) {
                (1.., true) => Some(fit(conj_turns, t * k, t, t.next_power_of_two())?),
                _ if conj_turns.is_none() => None,
                _ => return None,
            });
            steps.ternary.push(match (i, split && p.o == 3) {
                (1.., true) => Some(Ternary::new(t)?),
                _ => None,
            });
        }
        Some(steps)
    }

    /// The table build's neighbours of `index` by the step tables:
    /// what [`indices`](Self::indices) gives for each child of the
    /// index's lift, from the values alone (a conjugate's value is a
    /// function of the value conjugated, each orbit apart).
    pub(super) fn step_neighbours(&self, st: &Steps, index: u64, out: &mut Vec<(u64, bool)>) {
        let (count, syms) = (self.moves.len(), self.symmetries.len());
        let rests = self.parts.len() - 1;
        let mut values = [0u64; MAX_STEPPED];
        let mut i = index;
        for k in (1..=rests).rev() {
            let r = self.parts[k].radix();
            values[k] = i % r;
            i /= r;
        }
        values[0] = u64::from(self.reps[i as usize]);
        let mut rows = [(0usize, 0usize); MAX_STEPPED];
        for (k, p) in self.parts.iter().enumerate() {
            rows[k] = st.rows(k, values[k], p.turns, count);
        }
        let mut seen = [0usize; MAX_STEPPED];
        for m in 0..count {
            let lead = st.after(0, self.parts[0].turns, rows[0], m);
            let w = self.words[lead as usize];
            let (class, sym) = ((w >> 8) as usize, (w & 0xff) as usize);
            let mut x = class as u64;
            for k in 1..=rests {
                let p = &self.parts[k];
                let (l, t) = st.after_apart(k, p.turns, rows[k], m);
                seen[k] = st.conj_of(k, l, t, p.turns, syms, sym);
                x = x * p.radix() + seen[k] as u64;
            }
            out.push((x, true));
            let (a, b) = (
                self.stab_at[class] as usize,
                self.stab_at[class + 1] as usize,
            );
            for &t in &self.stab[a..b] {
                let x = (1..=rests)
                    .zip(&seen[1..])
                    .fold(class as u64, |x, (k, &v)| {
                        let p = &self.parts[k];
                        let turns = p.turns as usize;
                        let z = st.conj_of(k, v / turns, v % turns, p.turns, syms, usize::from(t));
                        x * p.radix() + z as u64
                    });
                out.push((x, true));
            }
        }
    }

    /// The indices of the children of a position by `moves` (indices
    /// into the moves the projection was made with) into `out`, stepped
    /// from its orbits' values (`rows`, from
    /// [`index_and_rows`](Self::index_and_rows)) by [`Steps`]' tables:
    /// the lead's value after the move, its class word, each rest orbit's
    /// value after the move seen through the word's symmetry. `false`,
    /// nothing written, where there are no tables or a move is not among
    /// those.
    #[inline]
    pub(crate) fn child_indices(&self, rows: &Rows, moves: &[u16], out: &mut [u64]) -> bool {
        let Some(st) = &self.steps else {
            return false;
        };
        let (count, syms) = (self.moves.len(), self.symmetries.len());
        if moves.iter().any(|&m| usize::from(m) >= count) {
            return false;
        }
        let rows = &rows.0;
        let lead = self.parts[0].turns;
        // In passes over the children, each pass's look-ups independent
        // of one another (the class words, then each rest orbit's values
        // after the move, then their conjugates), so that their cache
        // misses overlap: one child at a time waits on three misses in a
        // row (step, word, conjugate).
        for (out, moves) in out.chunks_mut(WIDE).zip(moves.chunks(WIDE)) {
            let mut words = [0u32; WIDE];
            for (w, &m) in words.iter_mut().zip(moves) {
                *w = self.words[st.after(0, lead, rows[0], usize::from(m)) as usize];
            }
            out.fill(0);
            for (k, p) in self.parts.iter().enumerate().skip(1) {
                let mut apart = [(0usize, 0usize); WIDE];
                for (a, &m) in apart.iter_mut().zip(moves) {
                    *a = st.after_apart(k, p.turns, rows[k], usize::from(m));
                }
                for ((o, &(l, t)), &w) in out.iter_mut().zip(&apart).zip(&words) {
                    let sym = (w & 0xff) as usize;
                    *o = *o * p.radix() + st.conj_of(k, l, t, p.turns, syms, sym) as u64;
                }
            }
            let rest = self.rest;
            for (o, &w) in out.iter_mut().zip(&words) {
                *o += u64::from(w >> 8) * rest;
            }
        }
        true
    }

    /// The index of `s` from the lead's class word `w` and each orbit's
    /// labels and turns `apart` in `s` (lead first): each rest orbit's
    /// value in the word's conjugate, a turned one's by
    /// [`Steps::conj_of`], the others by [`Part::rank_conj`].
    #[inline]
    pub(super) fn rest_apart(&self, st: &Steps, s: &[u8], w: u32, apart: &[(u64, u64)]) -> u64 {
        let sym = (w & 0xff) as usize;
        let syms = self.symmetries.len();
        self.parts.iter().zip(apart).enumerate().skip(1).fold(
            u64::from(w >> 8),
            |x, (k, (p, &(l, t)))| {
                let z = if p.turned() {
                    st.conj_of(k, l as usize, t as usize, p.turns, syms, sym) as u64
                } else {
                    p.rank_conj(s, sym)
                };
                x * p.radix() + z
            },
        )
    }

    /// The index of `s` and the rows its children's indices step from
    /// ([`child_indices`](Self::child_indices)), each orbit ranked once;
    /// `None` where the projection has no step tables.
    #[inline]
    pub(crate) fn index_and_rows(&self, s: &[u8]) -> Option<(u64, Rows)> {
        let st = self.steps.as_ref()?;
        let count = self.moves.len();
        let mut apart = [(0u64, 0u64); MAX_STEPPED];
        for (a, p) in apart.iter_mut().zip(&self.parts) {
            *a = p.rank_apart(s);
        }
        let lead = &self.parts[0];
        let w = self.words[(apart[0].0 * lead.turns + apart[0].1) as usize];
        let index = self.rest_apart(st, s, w, &apart);
        let mut rows = Rows([(0, 0); MAX_STEPPED]);
        for (k, ((r, &(l, t)), p)) in rows.0.iter_mut().zip(&apart).zip(&self.parts).enumerate() {
            *r = st.rows(k, l * p.turns + t, p.turns, count);
        }
        Some((index, rows))
    }

    /// The indices of `out.len()` positions, each made into `buf` by
    /// `make(i, buf)` (`false`: there is none, its index `u64::MAX`),
    /// using `other` as [`index`](Self::index) does. With the step
    /// tables, each is ranked as it is made and the rest is done in
    /// passes over them whose look-ups are independent of one another
    /// (the class words, then each rest orbit's conjugate by
    /// [`Steps::conj_of`]), so that their cache misses overlap, as in
    /// [`child_indices`](Self::child_indices).
    #[inline]
    pub(crate) fn made_indices(
        &self,
        buf: &mut [u8],
        other: &mut [u8],
        out: &mut [u64],
        mut make: impl FnMut(usize, &mut [u8]) -> bool,
    ) {
        let Some(st) = &self.steps else {
            for (i, o) in out.iter_mut().enumerate() {
                *o = if make(i, buf) {
                    self.index(buf, other)
                } else {
                    u64::MAX
                };
            }
            return;
        };
        let syms = self.symmetries.len();
        let lead = self.parts[0].turns;
        let parts = self.parts.len();
        for (c, out) in out.chunks_mut(WIDE).enumerate() {
            // Each one's orbits' labels and turns, `parts` a position
            // (left as they were where there is none: any values read,
            // the index then dropped).
            let mut apart = [(0u32, 0u32); MAX_STEPPED * WIDE];
            let mut made = [false; WIDE];
            for (i, (a, m)) in apart
                .chunks_mut(parts)
                .zip(&mut made)
                .take(out.len())
                .enumerate()
            {
                *m = make(c * WIDE + i, buf);
                if *m {
                    for (x, p) in a.iter_mut().zip(&self.parts) {
                        let (l, t) = p.rank_apart(buf);
                        *x = (l as u32, t as u32);
                    }
                }
            }
            let mut words = [0u32; WIDE];
            for (w, a) in words.iter_mut().zip(apart.chunks(parts)).take(out.len()) {
                *w = self.words[(u64::from(a[0].0) * lead + u64::from(a[0].1)) as usize];
            }
            out.fill(0);
            for (k, p) in self.parts.iter().enumerate().skip(1) {
                for ((o, a), &w) in out.iter_mut().zip(apart.chunks(parts)).zip(&words) {
                    let (l, t) = (a[k].0 as usize, a[k].1 as usize);
                    let z = st.conj_of(k, l, t, p.turns, syms, (w & 0xff) as usize);
                    *o = *o * p.radix() + z as u64;
                }
            }
            for ((o, &w), &m) in out.iter_mut().zip(&words).zip(&made) {
                *o = if m {
                    *o + u64::from(w >> 8) * self.rest
                } else {
                    u64::MAX
                };
            }
        }
    }
}
