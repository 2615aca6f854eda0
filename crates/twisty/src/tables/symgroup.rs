//! [`SymGroup`]: a group of pieces whose table is indexed by symmetry
//! class: the placements of its pieces under the symmetries that keep
//! its pieces (Kociemba's sym-coordinates, generic), times the
//! orientations seen from the class's representative.
//!
//! Why a class has one distance: a symmetry `r` that maps the group's
//! labels onto themselves maps the group's coordinate of `g` to that of
//! `r^-1 g r` (the conjugate's tracked pieces are `g`'s, moved and turned
//! by `r`: below), and `r^-1 g r` is as far from solved as `g`
//! ([`Symmetries`]); in the abstraction too, since conjugation by `r`
//! maps each move's action on the group to another move's and fixes the
//! goal. So the table keeps one entry a class.
//!
//! The index: each placement `p` of the group's pieces has a class (the
//! smallest placement among its conjugates is its representative) and a
//! symmetry `r(p)` taking it there (tables over placements, made once);
//! the index of a state is `class * turns + t`, `t` the orientations of
//! the state conjugated by `r(p)`. Where a representative is kept by
//! other symmetries too, one class has several indices for conjugate
//! states; the table build gives each of them its distance (every
//! neighbour is emitted with all its equivalents: below), so each is
//! exact.

use crate::algebra::symmetry::Symmetries;
use crate::model::moves::Moves;
use crate::tables::classing::{Lead, classify};
use crate::tables::group::{MAX_GROUP_ORBIT, PieceGroup};
use crate::tables::space::IndexSpace;

/// The most symmetries a group is reduced by (their sets are `u64`
/// masks).
const MAX_KEPT: usize = 64;

/// A group of one orbit's pieces indexed by symmetry class (see the
/// module's docs).
#[derive(Clone, Debug)]
pub(crate) struct SymGroup {
    /// Told apart from every other group made in this process (the
    /// build's per-thread cache is keyed by it).
    id: u64,
    pub(crate) group: PieceGroup,
    /// The symmetries that keep the group's labels (indices into the
    /// puzzle's [`Symmetries`]), the identity first.
    pub(crate) kept: Vec<usize>,
    /// Per kept symmetry `r` and position `x` of the orbit: `phi(x)`, the
    /// `j` with `r.p[j] = x` (labels map the same way: the solved state
    /// is the identity).
    phi: Vec<u8>,
    /// Per kept symmetry and tracked piece `i`: the tracked index of its
    /// image `phi(labels[i])`.
    image: Vec<u8>,
    /// Per kept symmetry and tracked piece: the turn `r^-1.o[label]`.
    turn_label: Vec<u8>,
    /// Per kept symmetry and position `x`: the turn `r.o[phi(x)]`.
    turn_place: Vec<u8>,
    /// Per kept symmetry and turn `t`: `t`, or `-t` for a mirror image
    /// (which reverses the turns it carries).
    sense: Vec<u8>,
    /// Per placement: its class times 64 plus the kept symmetry (index
    /// into `kept`) taking it to its class's representative (one read a
    /// look-up).
    class: Vec<u32>,
    /// Per class: its representative placement.
    reps: Vec<u32>,
    /// Per class: the kept symmetries that fix its representative (bit
    /// `s` for `kept[s]`; bit 0, the identity, always).
    stab: Vec<u64>,
}

impl SymGroup {
    /// The bytes [`new`](Self::new) takes for `group`: four a placement,
    /// twelve a class at most.
    pub(crate) fn bytes(group: &PieceGroup) -> u64 {
        group.perms * (4 + 12)
    }

    /// The symmetries of `symmetries` that keep `group`'s labels, or
    /// `None` when only the identity does, there are more than 64, or the
    /// placements pass `u32`.
    pub(crate) fn kept(group: &PieceGroup, symmetries: &Symmetries) -> Option<Vec<usize>> {
        let off = group.offset();
        let mut mine = [false; MAX_GROUP_ORBIT];
        for &l in &group.labels {
            mine[usize::from(l)] = true;
        }
        let kept: Vec<usize> = (0..symmetries.len())
            .filter(|&s| {
                let r = symmetries.get(s).as_slice();
                group
                    .labels
                    .iter()
                    .all(|&l| mine[usize::from(r[off + usize::from(l)])])
            })
            .collect();
        (kept.len() > 1 && kept.len() <= MAX_KEPT && group.perms <= u64::from(u32::MAX))
            .then_some(kept)
    }

    /// `group` indexed by its classes under `kept` (from
    /// [`kept`](Self::kept)): the placement tables made here (a pass over
    /// the placements, each conjugated by every kept symmetry).
    #[cfg(test)]
    pub(crate) fn new(group: PieceGroup, symmetries: &Symmetries, kept: Vec<usize>) -> SymGroup {
        let mut out = Self::unclassified(group, symmetries, kept);
        out.classify();
        out
    }

    /// [`new`](Self::new), its placement classes read from the cache
    /// directory `dir` where a trusted file of them is there (named after
    /// the table `name`), else made and written there; with the error
    /// that kept them from being read or written, if any (the group is
    /// whole either way). Groups of fewer than
    /// [`CACHED_FROM`](crate::tables::classes::CACHED_FROM) placements are made.
    pub(crate) fn new_cached(
        group: PieceGroup,
        symmetries: &Symmetries,
        kept: Vec<usize>,
        dir: Option<&std::path::Path>,
        name: &str,
    ) -> (SymGroup, Option<std::io::Error>) {
        Self::cached_from(
            group,
            symmetries,
            kept,
            dir,
            name,
            crate::tables::classes::CACHED_FROM,
        )
    }

    /// [`new_cached`](Self::new_cached), caching groups of `from`
    /// placements or more.
    fn cached_from(
        group: PieceGroup,
        symmetries: &Symmetries,
        kept: Vec<usize>,
        dir: Option<&std::path::Path>,
        name: &str,
        from: u64,
    ) -> (SymGroup, Option<std::io::Error>) {
        let mut out = Self::unclassified(group, symmetries, kept);
        let Some(dir) = dir.filter(|_| out.group.perms >= from) else {
            out.classify();
            return (out, None);
        };
        let path = crate::tables::classes::file_in(dir, name);
        let error = match crate::tables::classes::load(&path, out.group.perms, out.kept.len()) {
            Ok(Some(c)) => {
                (out.class, out.reps, out.stab) = (c.class, c.reps, c.stab);
                return (out, None);
            }
            // No file: nothing to say; one there but not trusted: said.
            Ok(None) => std::fs::metadata(&path)
                .is_ok()
                .then(|| crate::tables::classes::refused(&path)),
            Err(e) => Some(std::io::Error::new(
                e.kind(),
                format!("reading {}: {e}", path.display()),
            )),
        };
        out.classify();
        let classes = crate::tables::classes::Classes {
            class: std::mem::take(&mut out.class),
            reps: std::mem::take(&mut out.reps),
            stab: std::mem::take(&mut out.stab),
        };
        // The cache directory made first, as the tables' files make it.
        let saved = std::fs::create_dir_all(dir)
            .and_then(|()| crate::tables::classes::save(&path, &classes));
        (out.class, out.reps, out.stab) = (classes.class, classes.reps, classes.stab);
        (out, error.or(saved.err()))
    }

    /// The group's tables over its kept symmetries, its classes not yet
    /// made (the census by class conjugates the orbits it does not
    /// classify with these alone).
    pub(crate) fn unclassified(
        group: PieceGroup,
        symmetries: &Symmetries,
        kept: Vec<usize>,
    ) -> SymGroup {
        let (n, k, off) = (group.n, group.labels.len(), group.offset());
        let o = group.o;
        let ks = kept.len();
        let mut phi = vec![0u8; ks * n];
        let mut image = vec![0u8; ks * k];
        let mut turn_label = vec![0u8; ks * k];
        let mut turn_place = vec![0u8; ks * n];
        let mut sense = vec![0u8; ks * usize::from(o)];
        for (s, &sym) in kept.iter().enumerate() {
            for t in 0..o {
                sense[s * usize::from(o) + usize::from(t)] = if symmetries.is_mirror(sym) {
                    (o - t) % o
                } else {
                    t
                };
            }
            let r = symmetries.get(sym).as_slice();
            for j in 0..n {
                phi[s * n + usize::from(r[off + j])] = j as u8;
            }
            for j in 0..n {
                let x = usize::from(r[off + j]);
                // phi(x) = j, so r.o[phi(x)] = r.o[j].
                turn_place[s * n + x] = r[off + n + j];
            }
            for (i, &l) in group.labels.iter().enumerate() {
                let l = usize::from(l);
                let j = usize::from(phi[s * n + l]);
                image[s * k + i] = group.slot[j];
                // r^-1.o[l] = -r.o[j] where r.p[j] = l (as
                // `Position::inverse` makes it).
                turn_label[s * k + i] = (o - r[off + n + j] % o) % o;
            }
        }
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        SymGroup {
            id: NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            group,
            kept,
            phi,
            image,
            turn_label,
            turn_place,
            sense,
            class: Vec::new(),
            reps: Vec::new(),
            stab: Vec::new(),
        }
    }

    /// The placement tables: each placement's class and the symmetry to
    /// its representative (the smallest of its conjugates). Placements in
    /// order: one not yet classed is the smallest of its class (every
    /// smaller one was met, and its class marked whole), so it opens a
    /// class, and its conjugates by each kept symmetry `s` are marked
    /// with it and `s^-1` (the symmetry taking them back). A conjugation
    /// a placement, not one a placement and symmetry: the 3x3x3's eight
    /// edges by 16 symmetries (20M placements) in about a second, where
    /// searching each placement's smallest conjugate took five on two
    /// threads.
    fn classify(&mut self) {
        let (n, k, ks) = (self.group.n, self.group.labels.len(), self.kept.len());
        // Each kept symmetry's inverse on placements (the kept symmetries
        // are a group: the inverse is among them).
        let inverse: Option<Vec<usize>> = (0..ks)
            .map(|s| {
                (0..ks).find(|&t| {
                    (0..n).all(|x| {
                        usize::from(self.phi[t * n + usize::from(self.phi[s * n + x])]) == x
                    }) && (0..k).all(|i| {
                        usize::from(self.image[t * k + usize::from(self.image[s * k + i])]) == i
                    })
                })
            })
            .collect();
        let Some(inverse) = inverse else {
            return self.classify_by_search();
        };
        /// The placements as the classes' walk sees them.
        struct Placements<'a> {
            sym: &'a SymGroup,
            inverse: &'a [usize],
            pos: [u8; MAX_GROUP_ORBIT],
            conj: [u8; MAX_GROUP_ORBIT],
        }
        impl Lead for Placements<'_> {
            fn load(&mut self, p: u64) {
                self.sym.group.unrank_perm(p, &mut self.pos);
            }
            fn conjugate(&mut self, s: usize) -> u64 {
                self.sym.conjugate_placement(s, &self.pos, &mut self.conj);
                self.sym.group.perm_rank(&self.conj)
            }
            fn back(&mut self, s: usize, _: u64, _: u64) -> usize {
                self.inverse[s]
            }
        }
        let mut lead = Placements {
            sym: self,
            inverse: &inverse,
            pos: [0; MAX_GROUP_ORBIT],
            conj: [0; MAX_GROUP_ORBIT],
        };
        // The identity is the first kept symmetry: a representative's own
        // word is its class with symmetry 0, as the table's index reads.
        let classed = classify(&mut lead, self.group.perms, ks, 0, 6);
        // Each class's stabiliser as a mask of kept symmetries, the
        // identity's bit always set.
        let stab = classed
            .stab_at
            .windows(2)
            .map(|w| {
                classed.stab[w[0] as usize..w[1] as usize]
                    .iter()
                    .fold(1u64, |m, &s| m | 1 << s)
            })
            .collect();
        self.class = classed.words;
        self.reps = classed.reps;
        self.stab = stab;
    }

    /// [`classify`](Self::classify) where a kept symmetry's inverse was
    /// not found among them (never for a group of symmetries; kept as
    /// the safe way): each placement's smallest conjugate searched, on
    /// every core, then the classes numbered in order.
    fn classify_by_search(&mut self) {
        let g = &self.group;
        let perms = g.perms as usize;
        // First, on every core: each placement's smallest conjugate and
        // the symmetry that gives it, as `smallest * 64 + symmetry`
        // (placements below 2^26).
        let mut class = vec![0u32; perms];
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let chunk = perms.div_ceil(threads).max(1);
        std::thread::scope(|scope| {
            for (k, part) in class.chunks_mut(chunk).enumerate() {
                let this = &*self;
                scope.spawn(move || {
                    let (mut pos, mut conj) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
                    for (i, word) in part.iter_mut().enumerate() {
                        let p = (k * chunk + i) as u64;
                        this.group.unrank_perm(p, &mut pos);
                        let mut best = (p, 0usize);
                        for s in 1..this.kept.len() {
                            this.conjugate_placement(s, &pos, &mut conj);
                            let q = this.group.perm_rank(&conj);
                            if q < best.0 {
                                best = (q, s);
                            }
                        }
                        *word = (best.0 as u32) << 6 | best.1 as u32;
                    }
                });
            }
        });
        // Then in order: a representative (its own smallest) opens a
        // class, met before the rest of it; the others take its class.
        let mut reps = Vec::new();
        let mut stab = Vec::new();
        let (mut pos, mut conj) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        for p in 0..perms {
            let (smallest, s) = ((class[p] >> 6) as usize, class[p] & 63);
            if smallest == p {
                g.unrank_perm(p as u64, &mut pos);
                let mut fixed = 1u64;
                for s in 1..self.kept.len() {
                    self.conjugate_placement(s, &pos, &mut conj);
                    if g.perm_rank(&conj) == p as u64 {
                        fixed |= 1 << s;
                    }
                }
                class[p] = (reps.len() as u32) << 6;
                reps.push(p as u32);
                stab.push(fixed);
            } else {
                class[p] = (class[smallest] & !63) | s;
            }
        }
        self.class = class;
        self.reps = reps;
        self.stab = stab;
    }

    /// The placement of the conjugate by kept symmetry `s`: tracked piece
    /// `i` at `pos[i]` becomes piece `image(i)` at `phi(pos[i])`.
    #[inline]
    pub(crate) fn conjugate_placement(&self, s: usize, pos: &[u8], out: &mut [u8]) {
        let (n, k) = (self.group.n, self.group.labels.len());
        for i in 0..k {
            out[usize::from(self.image[s * k + i])] = self.phi[s * n + usize::from(pos[i])];
        }
    }

    /// The orientations of the conjugate by kept symmetry `s`: piece `i`
    /// at `pos[i]` turned `ori[i]` becomes piece `image(i)` turned
    /// `ori[i] + r^-1.o[label i] + r.o[phi(pos[i])]`, for a mirror image
    /// `-ori[i] + ...` (`Symmetries::conjugate`'s `s (r^-1.o + g.o) +
    /// r.o`, with `s r^-1.o[l] = -r.o[phi(l)]` either way: the
    /// `turn_label` made in [`new`](Self::new)).
    #[inline]
    pub(crate) fn conjugate_turns(&self, s: usize, pos: &[u8], ori: &[u8], out: &mut [u8]) {
        let (n, k, o) = (self.group.n, self.group.labels.len(), self.group.o);
        let sense = &self.sense[s * usize::from(o)..][..usize::from(o)];
        for i in 0..k {
            // Each term below `o` (at most 127): the sum below `3 o`,
            // reduced by subtraction (a division a piece cost more than
            // the rest of the look-up).
            let mut t = u16::from(sense[usize::from(ori[i])])
                + u16::from(self.turn_label[s * k + i])
                + u16::from(self.turn_place[s * n + usize::from(pos[i])]);
            let o = u16::from(o);
            if t >= o {
                t -= o;
            }
            if t >= o {
                t -= o;
            }
            out[usize::from(self.image[s * k + i])] = t as u8;
        }
    }

    /// Class `c`'s representative placement.
    #[inline]
    pub(crate) fn rep(&self, c: u32) -> u32 {
        self.reps[c as usize]
    }

    /// The kept symmetries that fix class `c`'s representative (bit `s`
    /// for `kept[s]`; bit 0, the identity, always).
    #[inline]
    pub(crate) fn stab(&self, c: u32) -> u64 {
        self.stab[c as usize]
    }

    /// How many classes of placements.
    pub(crate) fn classes(&self) -> u64 {
        self.reps.len() as u64
    }

    /// The table's size: classes times orientations.
    pub(crate) fn size(&self) -> u64 {
        self.classes() * self.group.turns
    }

    /// The index of the tracked pieces at `pos` turned `ori` (every
    /// tracked piece's orientation given, the last one too).
    #[inline]
    pub(crate) fn index(&self, pos: &[u8], ori: &[u8]) -> u64 {
        let p = self.group.perm_rank(pos);
        self.index_of(self.class_of(p), pos, ori)
    }

    /// The class word of placement `p` (see [`index_of`](Self::index_of)).
    #[inline]
    pub(crate) fn class_of(&self, p: u64) -> u32 {
        self.class[p as usize]
    }

    /// The index of the tracked pieces at `pos` turned `ori`, their
    /// placement's [`class_of`](Self::class_of) word read already (so
    /// that a batch's reads overlap).
    #[inline]
    pub(crate) fn index_of(&self, word: u32, pos: &[u8], ori: &[u8]) -> u64 {
        let (c, s) = (word >> 6, (word & 63) as usize);
        let mut turned = [0u8; MAX_GROUP_ORBIT];
        self.conjugate_turns(s, pos, ori, &mut turned);
        u64::from(c) * self.group.turns + self.group.turn_rank(&turned)
    }

    /// The other indices of the state at index `rank` (its conjugates by
    /// the symmetries fixing its representative), pushed to `out` with
    /// cost `cost`.
    fn equivalents(&self, rank: u64, cost: bool, out: &mut Vec<(u64, bool)>) {
        let g = &self.group;
        let c = rank / g.turns;
        let mask = self.stab[c as usize];
        if mask == 1 {
            return;
        }
        let (mut pos, mut ori, mut turned) = (
            [0u8; MAX_GROUP_ORBIT],
            [0u8; MAX_GROUP_ORBIT],
            [0u8; MAX_GROUP_ORBIT],
        );
        g.unrank_perm(u64::from(self.reps[c as usize]), &mut pos);
        g.unrank_turns(rank % g.turns, &mut ori);
        for s in 1..self.kept.len() {
            if mask & (1 << s) != 0 {
                self.conjugate_turns(s, &pos, &ori, &mut turned);
                let other = c * g.turns + g.turn_rank(&turned);
                if other != rank {
                    out.push((other, cost));
                }
            }
        }
    }
}

/// One move from a class's representative, for [`SymSpace::neighbours`].
struct Moved {
    class: u32,
    to_rep: u8,
    pos: [u8; MAX_GROUP_ORBIT],
    added: [u8; MAX_GROUP_ORBIT],
}

/// A thread's moves from the class it expands last.
struct MovedCache {
    /// The group (its id) and the class.
    id: Option<(u64, u64)>,
    moves: Vec<Moved>,
}

thread_local! {
    static MOVED: std::cell::RefCell<MovedCache> =
        const { std::cell::RefCell::new(MovedCache { id: None, moves: Vec::new() }) };
}

/// A [`SymGroup`]'s indices as the core's table build sees them: a
/// class's representative with its orientations, moved by each move and
/// indexed again, each neighbour with its equivalents (so that every
/// index of a class gets its distance: the neighbours are symmetric, as
/// the moves are closed under inverse and conjugation).
pub(crate) struct SymSpace<'a> {
    sym: &'a SymGroup,
    moves: &'a Moves,
    moved: &'a [u8],
    len: usize,
    goal: u64,
}

impl<'a> SymSpace<'a> {
    /// The abstraction of `sym` under `moves` (as `moved` lays them out,
    /// positions `len` bytes), its goal the solved position `solved`.
    pub(crate) fn new(
        sym: &'a SymGroup,
        moves: &'a Moves,
        moved: &'a [u8],
        solved: &[u8],
    ) -> SymSpace<'a> {
        let (mut pos, mut ori) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        sym.group.locate(solved, &mut pos, &mut ori);
        SymSpace {
            sym,
            moves,
            moved,
            len: solved.len(),
            goal: sym.index(&pos, &ori),
        }
    }
}

impl IndexSpace for SymSpace<'_> {
    fn size(&self) -> u64 {
        self.sym.size()
    }

    fn goals(&self, out: &mut Vec<u64>) {
        out.push(self.goal);
        let mut more = Vec::new();
        self.sym.equivalents(self.goal, true, &mut more);
        out.extend(more.into_iter().map(|(r, _)| r));
        out.sort_unstable();
        out.dedup();
    }

    /// The placements' part of each move (where the pieces go, their
    /// class, the symmetry to its representative, the turns the move
    /// adds) is kept a class: the build visits a class's orientations one
    /// after another, so the placement tables are read once a class, not
    /// once a neighbour.
    fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>) {
        let sym = self.sym;
        let g = &sym.group;
        let k = g.labels.len();
        let c = rank / g.turns;
        let id = (sym.id, c);
        let mut ori = [0u8; MAX_GROUP_ORBIT];
        g.unrank_turns(rank % g.turns, &mut ori);
        MOVED.with_borrow_mut(|cache| {
            if cache.id != Some(id) {
                cache.id = Some(id);
                cache.moves.clear();
                let (mut loc, zero) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
                g.unrank_perm(u64::from(sym.reps[c as usize]), &mut loc);
                for m in 0..self.moves.len() {
                    let moved = &self.moved[m * self.len..][..self.len];
                    let (mut pos, mut added) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
                    g.moved_into(&loc, &zero, moved, &mut pos, &mut added);
                    let word = sym.class_of(g.perm_rank(&pos));
                    cache.moves.push(Moved {
                        class: word >> 6,
                        to_rep: (word & 63) as u8,
                        pos,
                        added,
                    });
                }
            }
            let mut turned = [0u8; MAX_GROUP_ORBIT];
            let mut conj = [0u8; MAX_GROUP_ORBIT];
            for mv in &cache.moves {
                for i in 0..k {
                    let t = ori[i] + mv.added[i];
                    turned[i] = if t >= g.o { t - g.o } else { t };
                }
                sym.conjugate_turns(usize::from(mv.to_rep), &mv.pos, &turned, &mut conj);
                let r = u64::from(mv.class) * g.turns + g.turn_rank(&conj);
                out.push((r, true));
                sym.equivalents(r, true, out);
            }
        });
    }
}

/// The group of `k` or fewer of orbit `orbit`'s pieces (of `shape`) to
/// index by symmetry class: among the sets of pieces that are unions of
/// the cycles of one symmetry on the orbit (the whole orbit among them),
/// the largest whose table, about `size / kept` entries, fits in
/// `max_states`, then the one kept by the most symmetries, then the
/// first found; `None` where the best is kept by the identity alone.
/// (The 3x3x3's edges eight at a time: the two layers around a slice,
/// kept by the eight rotations that keep its axis.)
pub(crate) fn choose(
    orbit: usize,
    shape: crate::algebra::shape::Shape,
    symmetries: &Symmetries,
    max_states: u64,
) -> Option<(PieceGroup, Vec<usize>)> {
    let n = shape.pieces;
    if n > MAX_GROUP_ORBIT || symmetries.is_trivial() {
        return None;
    }
    let off = shape.offset;
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut sets = vec![full];
    for s in 1..symmetries.len() {
        let r = symmetries.get(s).as_slice();
        let mut seen = 0u64;
        let mut cycles = Vec::new();
        for start in 0..n {
            if seen & (1 << start) != 0 {
                continue;
            }
            let mut cycle = 0u64;
            let mut j = start;
            while cycle & (1 << j) == 0 {
                cycle |= 1 << j;
                j = usize::from(r[off + j]);
            }
            seen |= cycle;
            cycles.push(cycle);
        }
        if cycles.len() > 16 {
            continue;
        }
        for pick in 1u32..(1 << cycles.len()) {
            let set = (0..cycles.len())
                .filter(|&c| pick & (1 << c) != 0)
                .fold(0u64, |a, c| a | cycles[c]);
            sets.push(set);
        }
    }
    sets.sort_unstable();
    sets.dedup();
    let mut best: Option<(usize, usize, PieceGroup, Vec<usize>)> = None;
    for set in sets {
        let labels: Vec<u8> = (0..n as u8).filter(|&l| set & (1 << l) != 0).collect();
        let k = labels.len();
        if best.as_ref().is_some_and(|b| b.0 > k) {
            continue;
        }
        let Some(group) = PieceGroup::new(orbit, shape, labels) else {
            continue;
        };
        if group.perms > MAX_PLACEMENTS {
            continue;
        }
        let Some(kept) = SymGroup::kept(&group, symmetries) else {
            continue;
        };
        if group.size() / kept.len() as u64 > max_states {
            continue;
        }
        let better = match &best {
            None => true,
            Some((bk, bs, _, _)) => (k, kept.len()) > (*bk, *bs),
        };
        if better {
            best = Some((k, kept.len(), group, kept));
        }
    }
    best.map(|(_, _, g, kept)| (g, kept))
}

/// The most placements a group indexed by class may have (its placement
/// table takes four bytes each; classes fit 26 bits).
const MAX_PLACEMENTS: u64 = 1 << 26;

#[cfg(test)]
mod tests;
