//! The classes of a lead's values under symmetries, found one way for
//! every index by class (a group of pieces' placements, [`SymGroup`];
//! a projection's lead, [`Projection`]): each value not yet classed is
//! its class's representative, and its conjugates by every symmetry are
//! classed with it, each told the symmetry that takes it back (one
//! conjugation a value and symmetry, where searching each value's
//! smallest conjugate took one a value and symmetry *and* a comparison
//! pass).
//!
//! The index by class built on these classes is "the lead by class, the
//! rest seen from the class's representative": `class`, then what the
//! lead keeps besides (its turns) and the other orbits' values in the
//! conjugate `r^-1 g r`, `r` the symmetry of the lead's word
//! ([`ClassIndex`](crate::tables::class_space::ClassIndex),
//! [`Projection`]; the argument in docs/proofs/twisty.md, "Census by
//! symmetry class").
//!
//! [`SymGroup`]: crate::tables::symgroup::SymGroup
//! [`Projection`]: crate::tables::projection::Projection

/// A lead's values as [`classify`] walks them.
pub(crate) trait Lead {
    /// Takes value `v` as the one the next conjugates are of.
    fn load(&mut self, v: u64);
    /// The loaded value conjugated by symmetry `s`.
    fn conjugate(&mut self, s: usize) -> u64;
    /// A symmetry taking `q`, the last conjugate (by `s`), back to the
    /// loaded value `v`: `s`'s inverse where it is known to be one.
    fn back(&mut self, s: usize, q: u64, v: u64) -> usize;
}

/// The classes [`classify`] found.
pub(crate) struct Classed {
    /// Per value: its class shifted left by the word's shift, or'ed with
    /// the symmetry taking it to its class's representative.
    pub(crate) words: Vec<u32>,
    /// Per class: its representative (the least value of the class).
    pub(crate) reps: Vec<u32>,
    /// Per class: where its stabiliser starts in `stab` (one more entry
    /// at the end).
    pub(crate) stab_at: Vec<u32>,
    /// The symmetries other than the identity that fix a class's
    /// representative, class after class.
    pub(crate) stab: Vec<u8>,
}

/// A value not yet classed in [`Classed::words`].
const OPEN: u32 = u32::MAX;

/// The classes of `values` under `syms` symmetries (`identity` among
/// them), words laid out as `class << shift | symmetry`. In value order:
/// each value not yet classed starts a class and is its representative
/// (so the least of its class); each of its conjugates not yet classed
/// joins it with the symmetry `back` gives. A conjugate's class is its
/// representative's, since the symmetries are a group (a conjugate of a
/// conjugate is a conjugate); the symmetries taking a value to its
/// representative are `t r` with `t` in the representative's stabiliser,
/// which is why the stabilisers are kept.
pub(crate) fn classify(
    lead: &mut impl Lead,
    values: u64,
    syms: usize,
    identity: usize,
    shift: u32,
) -> Classed {
    let mut out = Classed {
        words: vec![OPEN; values as usize],
        reps: Vec::new(),
        stab_at: Vec::new(),
        stab: Vec::new(),
    };
    for v in 0..values {
        if out.words[v as usize] != OPEN {
            continue;
        }
        let class = out.reps.len() as u32;
        out.reps.push(v as u32);
        out.stab_at.push(out.stab.len() as u32);
        lead.load(v);
        for s in 0..syms {
            let q = lead.conjugate(s);
            if q == v && s != identity {
                out.stab.push(s as u8);
            }
            if out.words[q as usize] != OPEN {
                continue;
            }
            out.words[q as usize] = class << shift | lead.back(s, q, v) as u32;
        }
    }
    out.stab_at.push(out.stab.len() as u32);
    out
}
