//! [`ClassIndex`]: the census by symmetry class where the moves turn
//! several orbits: one orbit, the *lead*, indexed by
//! the class of its placement under the symmetries, and every other
//! moving orbit, the *rest*, by its coordinates over the values the moves
//! reach, all seen from the class's representative.
//!
//! The index of a position `g` whose lead placement is `p`: with `r(p)`
//! the symmetry taking `p` to its class's representative (one fixed
//! symmetry a placement, [`SymGroup`]'s tables), `h = r(p)^-1 g r(p)`;
//! the index is `(class(p) * turns + t) * rest + x`, `t` the lead's
//! orientations in `h` and `x` the rest's coordinates in `h` (each rest
//! orbit's labels and turns numbered among the values the moves reach,
//! [`Rest`]). Why this counts every position once, `|c|` positions an
//! index, is the single orbit's argument (`class_census.rs`) with `h`'s
//! other orbits in the index: for a fixed `p`, conjugating by the fixed
//! `r(p)` is a bijection between positions of placement `p` and those of
//! placement `rep(c)`, and `h` is reached exactly when `g` is
//! (conjugation by a symmetry maps the moves onto the moves and fixes
//! solved). A rest orbit's values in `h` are values the moves reach
//! for the same reason, so each is numbered.
//!
//! The neighbours of an index are those of its position `h` (the
//! representative's placement, the orientations and the rest unranked),
//! each conjugated to its own representative; where that representative
//! is fixed by other symmetries, the child's other indices (its
//! conjugates by them) are emitted too, so every index of a class gets
//! its distance, as in [`SymSpace`](crate::tables::symgroup::SymSpace).

use std::cell::RefCell;

use crate::algebra::symmetry::Symmetries;
use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::tables::coords::Coordinates;
use crate::tables::group::{MAX_COORD, MAX_GROUP_ORBIT, PieceGroup};
use crate::tables::rest::{MAX_REST, Rest};
use crate::tables::space::IndexSpace;
use crate::tables::symgroup::SymGroup;

/// What a census or table by class takes of a puzzle: the lead (the
/// moving orbit of the most placements, at most [`MAX_COORD`], whose
/// placements are classed), the other moving orbits (orbits that copy
/// others left out), the symmetries and those that keep the lead.
#[derive(Debug)]
pub(crate) struct Plan {
    pub(crate) group: PieceGroup,
    pub(crate) rest: Vec<Rest>,
    pub(crate) symmetries: Symmetries,
    pub(crate) kept: Vec<usize>,
    /// The coordinates' ranks, where the plan was given them (several
    /// orbits moved): what a caller weighing the two censuses compares.
    pub(crate) coordinate_ranks: Option<u64>,
}

impl Plan {
    /// The plan for `def` under `moves`, or `None` where none takes it
    /// (see [`ClassCensus::new`](crate::ClassCensus::new)).
    pub(crate) fn new(def: &Definition, moves: &Moves) -> Option<Plan> {
        let moving = crate::algebra::shape::moving_orbits(def, moves);
        // The lead's pieces are told apart: where no moving orbit's are
        // (`turnstile`), no plan, and no coordinates made to find it out
        // (their tables stayed resident: 7 MB of its census's peak).
        if !moving
            .iter()
            .any(|&k| crate::algebra::shape::of(def, moves, k).is_some())
        {
            return None;
        }
        let several = moving.len() > 1;
        let symmetries = Symmetries::new(def, moves);
        match several {
            true => Self::with(def, moves, Some(&Coordinates::of(def, moves)?), &symmetries),
            false => Self::with(def, moves, None, &symmetries),
        }
    }

    /// [`new`](Self::new) with the puzzle's coordinates (needed where
    /// several orbits move) and symmetries made already.
    pub(crate) fn with(
        def: &Definition,
        moves: &Moves,
        coords: Option<&Coordinates>,
        symmetries: &Symmetries,
    ) -> Option<Plan> {
        let mut moving = crate::algebra::shape::moving_orbits(def, moves);
        // The coordinates where other orbits move: an orbit that copies
        // others (the pyraminx's second corner orbit) is left out of the
        // index, the others determining it.
        if moving.len() > 1 {
            let coords = coords?;
            moving.retain(|&k| !coords.copied(k));
        }
        let mut groups = Vec::with_capacity(moving.len());
        for &k in &moving {
            let shape = crate::algebra::shape::of(def, moves, k)?;
            let all = (0..shape.pieces).map(|l| l as u8).collect();
            groups.push((PieceGroup::new(k, shape, all)?, shape.kept));
        }
        let lead = (0..groups.len())
            .filter(|&i| groups[i].0.perms <= MAX_COORD)
            .max_by_key(|&i| (groups[i].0.perms, std::cmp::Reverse(i)))?;
        let (group, _) = groups.swap_remove(lead);
        groups.sort_by_key(|(g, _)| g.orbit);
        if groups.len() > MAX_REST {
            return None;
        }
        let symmetries = symmetries.clone();
        let kept = SymGroup::kept(&group, &symmetries)?;
        let mut rest: Vec<Rest> = Vec::with_capacity(groups.len());
        if let Some(coords) = coords.filter(|_| !groups.is_empty()) {
            for (g, kept_sum) in groups {
                let reached = coords.reached(g.orbit);
                // An orbit whose labels copy an earlier rest orbit's, the
                // symmetries moving both alike: only its turns are a digit.
                let source = coords
                    .labels_copy_of(g.orbit)
                    .and_then(|o| rest.iter_mut().find(|b| b.group.orbit == o))
                    .filter(|b| moves_alike(&symmetries, &kept, &b.group, &g));
                if let Some(b) = source {
                    if b.ride(g.clone(), &symmetries, kept_sum, reached.1) {
                        continue;
                    }
                }
                rest.push(Rest::new(g, &symmetries, kept.clone(), kept_sum, reached)?);
            }
        }
        Some(Plan {
            group,
            rest,
            symmetries,
            kept,
            coordinate_ranks: coords.map(Coordinates::size),
        })
    }

    /// About how many indices (see [`indices`]).
    pub(crate) fn indices(&self) -> u64 {
        indices(&self.group, &self.rest, self.kept.len())
    }

    /// The index over this plan's classes (made here, or read from the
    /// `cache` directory under `name` where the lead's placements are
    /// many), the moves `moves` of `def`, the rest orbits of at most
    /// `tabled` values as tables; with why the classes were not cached,
    /// if so.
    pub(crate) fn index(
        &self,
        def: &Definition,
        moves: &Moves,
        cache: Option<&std::path::Path>,
        name: &str,
        tabled: u64,
    ) -> Option<(ClassIndex, Option<std::io::Error>)> {
        let (sym, unsaved) = SymGroup::new_cached(
            self.group.clone(),
            &self.symmetries,
            self.kept.clone(),
            cache,
            name,
        );
        let layout = crate::tables::group::moved(def, moves);
        let index = ClassIndex::new(
            sym,
            self.rest.clone(),
            layout,
            def.solved().as_slice(),
            tabled,
        )?;
        Some((index, unsaved))
    }
}

/// Whether every symmetry of `kept` moves orbit `b`'s places as it moves
/// orbit `a`'s (same size, the same permutation).
fn moves_alike(symmetries: &Symmetries, kept: &[usize], a: &PieceGroup, b: &PieceGroup) -> bool {
    let n = a.n;
    b.n == n
        && kept.iter().all(|&k| {
            let r = symmetries.get(k).as_slice();
            r[a.offset()..a.offset() + n] == r[b.offset()..b.offset() + n]
        })
}

/// About how many indices a lead `group` classed under `kept` symmetries
/// and the `rest` take: the lead's placements over the symmetries (a
/// class kept by more than the identity counts as fewer placements) times
/// its orientations, times the rest's values.
pub(crate) fn indices(group: &PieceGroup, rest: &[Rest], kept: usize) -> u64 {
    let rest = rest.iter().map(Rest::radix).product::<u64>();
    (group.perms / kept as u64 * group.turns).saturating_mul(rest)
}

/// A rest orbit's pieces, by label: places then turns.
type Pieces = [[u8; MAX_GROUP_ORBIT]; 2];

/// One move from a class's representative turned one way: the child's
/// lead part of the index (its class and turns seen from its own
/// representative, times the rest's size), the symmetry taking it there
/// (index into the kept ones), and where its equivalents' lead parts
/// are in [`MovedCache::equiv`].
struct Moved {
    base: u64,
    to_rep: u8,
    equiv: std::ops::Range<usize>,
}

/// A thread's moves from the last class and turns asked for
/// (consecutive indices share them, the rest's digits below: made once
/// for every `rest` indices), and its buffers.
struct MovedCache {
    id: Option<(u64, u64)>,
    moves: Vec<Moved>,
    /// The children's equivalents where their representative is fixed by
    /// other symmetries: each one's lead part and the symmetry.
    equiv: Vec<(u64, u8)>,
    /// Per rest orbit not tabled: the parent's pieces, the child's, and
    /// the child's seen from its representative.
    pieces: Vec<[Pieces; 3]>,
}

thread_local! {
    static MOVED: RefCell<MovedCache> = const {
        RefCell::new(MovedCache { id: None, moves: Vec::new(), equiv: Vec::new(), pieces: Vec::new() })
    };
}

/// The most values a rest orbit may take for its moves and conjugates to
/// be tables (value x move, value x symmetry: a few MB at most); one
/// of more values is moved and conjugated piece by piece.
pub(crate) const TABLED: u64 = 1 << 18;

/// A rest orbit of few values as tables: each value's number after each
/// move and under each kept symmetry ([`UNNUMBERED`] where not reached).
#[derive(Debug)]
struct Tables {
    step: Vec<u32>,
    conj: Vec<u32>,
}

/// The most entries a rest orbit's tables hold (16 MB).
const TABLE_ENTRIES: u64 = 1 << 22;

/// A table entry whose value is not among those reached.
const UNNUMBERED: u32 = u32::MAX;

impl Tables {
    /// `b`'s tables where it takes at most `tabled` values (the moves
    /// as `moved` lays them out, `moves` of them, `syms` kept
    /// symmetries).
    fn new(
        b: &Rest,
        moved: &[u8],
        (len, moves, syms): (usize, usize, usize),
        tabled: u64,
    ) -> Option<Tables> {
        let radix = b.radix();
        // A definition of thousands of moves would make even few values'
        // tables large: past `TABLE_ENTRIES` the pieces' path is taken.
        let entries = radix.saturating_mul((moves + syms) as u64);
        if radix > tabled || entries > TABLE_ENTRIES {
            return None;
        }
        let number = |p: &[u8], o: &[u8]| b.number(p, o).map_or(UNNUMBERED, |x| x as u32);
        let mut step = Vec::with_capacity(radix as usize * moves);
        let mut conj = Vec::with_capacity(radix as usize * syms);
        let (mut p, mut o) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        let (mut q, mut t) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        for x in 0..radix {
            b.pieces(x, &mut p, &mut o);
            for m in 0..moves {
                b.moved_into(&p, &o, &moved[m * len..][..len], &mut q, &mut t);
                step.push(number(&q, &t));
            }
            for s in 0..syms {
                b.conjugate(s, &p, &o, &mut q, &mut t);
                conj.push(number(&q, &t));
            }
        }
        Some(Tables { step, conj })
    }
}

/// The index over a lead's classes and the rest (see the module's
/// docs), with what stepping it takes: the moves, the rest's tables.
#[derive(Debug)]
pub(crate) struct ClassIndex {
    /// Told apart from every other index in this process (the threads'
    /// caches are keyed by it).
    id: u64,
    lead: SymGroup,
    rest: Vec<Rest>,
    /// The moves as [`crate::tables::group::moved`] lays them out.
    moved: Vec<u8>,
    len: usize,
    moves: usize,
    /// The rest's indices (the product of their radices).
    rest_size: u64,
    /// Per rest orbit, its tables where it takes few values.
    tables: Vec<Option<Tables>>,
    /// How many symmetries are kept.
    syms: usize,
    goal: u64,
}

impl ClassIndex {
    /// The index over `lead`'s classes and `rest`, the moves as `moved`
    /// lays them out (positions of `solved.len()` bytes), the rest orbits
    /// of at most `tabled` values as tables ([`TABLED`]); `None` where
    /// the index passes `u64` or the solved position is not numbered.
    pub(crate) fn new(
        lead: SymGroup,
        rest: Vec<Rest>,
        moved: Vec<u8>,
        solved: &[u8],
        tabled: u64,
    ) -> Option<ClassIndex> {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        if rest.len() > MAX_REST {
            return None;
        }
        let rest_size = rest
            .iter()
            .try_fold(1u64, |r, b| r.checked_mul(b.radix()))?;
        lead.size().checked_mul(rest_size)?;
        let len = solved.len();
        let moves = moved.len() / len.max(1);
        let syms = lead.kept.len();
        let tables = rest
            .iter()
            .map(|b| Tables::new(b, &moved, (len, moves, syms), tabled))
            .collect();
        let mut index = ClassIndex {
            id: NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            lead,
            rest,
            moved,
            len,
            moves,
            rest_size,
            tables,
            syms,
            goal: 0,
        };
        index.goal = index.index(solved)?;
        Some(index)
    }

    /// How many indices.
    pub(crate) fn size(&self) -> u64 {
        self.lead.size() * self.rest_size
    }

    /// The lead's classes.
    pub(crate) fn lead(&self) -> &SymGroup {
        &self.lead
    }

    /// Each index's class among the lead's: its index over the lead's
    /// orientations and the rest.
    pub(crate) fn per_class(&self) -> u64 {
        self.lead.group.turns * self.rest_size
    }

    /// How many moves the index steps (the search's moves past them are
    /// not its to bound).
    pub(crate) fn moves(&self) -> usize {
        self.moves
    }

    /// The index of each child of position `s` by `moves` (each below
    /// [`moves`](Self::moves)), in order, into `out`: `None` where a
    /// value is not among those numbered (a position the moves do not
    /// reach). The lead's pieces and the rest's numbers or pieces are
    /// read from `s` once; each child's then by a step a piece or the
    /// tables, no position built.
    pub(crate) fn child_indices(&self, s: &[u8], moves: &[u16], out: &mut Vec<Option<u64>>) {
        let g = &self.lead.group;
        let k = g.labels.len();
        let (mut loc, mut ori) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        g.locate(s, &mut loc, &mut ori);
        let mut numbers = [Some(0u64); MAX_REST];
        let mut pieces = [[[0u8; MAX_GROUP_ORBIT]; 2]; MAX_REST];
        for (i, b) in self.rest.iter().enumerate() {
            let [p, o] = &mut pieces[i];
            b.locate(s, p, o);
            if self.tables[i].is_some() {
                numbers[i] = b.number(p, o);
            }
        }
        let (mut pos, mut turned, mut turns) = (
            [0u8; MAX_GROUP_ORBIT],
            [0u8; MAX_GROUP_ORBIT],
            [0u8; MAX_GROUP_ORBIT],
        );
        let (mut cp, mut co, mut sp, mut so) = (
            [0u8; MAX_GROUP_ORBIT],
            [0u8; MAX_GROUP_ORBIT],
            [0u8; MAX_GROUP_ORBIT],
            [0u8; MAX_GROUP_ORBIT],
        );
        'moves: for &m in moves {
            let m = usize::from(m);
            let moved = &self.moved[m * self.len..][..self.len];
            g.moved_into(&loc, &ori, moved, &mut pos, &mut turned);
            let word = self.lead.class_of(g.perm_rank(&pos));
            let s = (word & 63) as usize;
            self.lead.conjugate_turns(s, &pos, &turned, &mut turns);
            let mut x = u64::from(word >> 6) * g.turns + g.turn_rank(&turns[..k]);
            for (i, b) in self.rest.iter().enumerate() {
                let v = match (&self.tables[i], numbers[i]) {
                    (Some(t), Some(n)) => {
                        let after = t.step[n as usize * self.moves + m];
                        t.conj
                            .get(after as usize * self.syms + s)
                            .filter(|&&v| v != UNNUMBERED)
                            .map(|&v| u64::from(v))
                    }
                    (Some(_), None) => None,
                    (None, _) => {
                        let [p, o] = &pieces[i];
                        b.moved_into(p, o, moved, &mut cp, &mut co);
                        b.conjugate(s, &cp, &co, &mut sp, &mut so);
                        b.number(&sp, &so)
                    }
                };
                let Some(v) = v else {
                    out.push(None);
                    continue 'moves;
                };
                x = x * b.radix() + v;
            }
            out.push(Some(x));
        }
    }

    /// The bytes the index's tables hold beyond the lead's classes (the
    /// rest's moves and conjugates).
    pub(crate) fn table_bytes(&self) -> u64 {
        self.tables
            .iter()
            .flatten()
            .map(|t| 4 * (t.step.len() + t.conj.len()) as u64)
            .sum()
    }

    /// The index of position `s` (see the module's docs).
    pub(crate) fn index(&self, s: &[u8]) -> Option<u64> {
        let g = &self.lead.group;
        let (mut pos, mut ori, mut turned) = (
            [0u8; MAX_GROUP_ORBIT],
            [0u8; MAX_GROUP_ORBIT],
            [0u8; MAX_GROUP_ORBIT],
        );
        g.locate(s, &mut pos, &mut ori);
        let word = self.lead.class_of(g.perm_rank(&pos));
        let to_rep = (word & 63) as usize;
        self.lead.conjugate_turns(to_rep, &pos, &ori, &mut turned);
        let mut x = u64::from(word >> 6) * g.turns + g.turn_rank(&turned);
        let (mut cp, mut co) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        for b in &self.rest {
            b.locate(s, &mut pos, &mut ori);
            b.conjugate(to_rep, &pos, &ori, &mut cp, &mut co);
            x = x * b.radix() + b.number(&cp, &co)?;
        }
        Some(x)
    }

    /// The index of the lead's class `c`, its turns `turns` and the rest's
    /// pieces `rest` (by orbit), each seen from the representative.
    #[inline]
    fn index_of(&self, c: u32, turns: &[u8], rest: &[Pieces]) -> Option<u64> {
        let g = &self.lead.group;
        let mut x = u64::from(c) * g.turns + g.turn_rank(turns);
        for (b, [p, o]) in self.rest.iter().zip(rest) {
            x = x * b.radix() + b.number(p, o)?;
        }
        Some(x)
    }

    /// Fills `cache` with the moves from the lead's class and turns
    /// `top` (an index over the rest's size): each child's lead part,
    /// its symmetry to its representative, and its equivalents' lead
    /// parts.
    fn lead_moves(&self, top: u64, cache: &mut MovedCache) {
        let g = &self.lead.group;
        let k = g.labels.len();
        cache.moves.clear();
        cache.equiv.clear();
        let c = (top / g.turns) as u32;
        let (mut loc, mut ori) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        g.unrank_perm(u64::from(self.lead.rep(c)), &mut loc);
        g.unrank_turns(top % g.turns, &mut ori);
        let (mut pos, mut turned) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
        let (mut turns, mut rep, mut other) = (
            [0u8; MAX_GROUP_ORBIT],
            [0u8; MAX_GROUP_ORBIT],
            [0u8; MAX_GROUP_ORBIT],
        );
        for m in 0..self.moves {
            let moved = &self.moved[m * self.len..][..self.len];
            g.moved_into(&loc, &ori, moved, &mut pos, &mut turned);
            let word = self.lead.class_of(g.perm_rank(&pos));
            let to_rep = (word & 63) as u8;
            self.lead
                .conjugate_turns(usize::from(to_rep), &pos, &turned, &mut turns);
            let class = word >> 6;
            let lead =
                |t: &[u8]| (u64::from(class) * g.turns + g.turn_rank(&t[..k])) * self.rest_size;
            let from = cache.equiv.len();
            let mask = self.lead.stab(class);
            if mask != 1 {
                g.unrank_perm(u64::from(self.lead.rep(class)), &mut rep);
                for s in 1..self.syms {
                    if mask & (1 << s) != 0 {
                        self.lead.conjugate_turns(s, &rep, &turns, &mut other);
                        cache.equiv.push((lead(&other), s as u8));
                    }
                }
            }
            cache.moves.push(Moved {
                base: lead(&turns),
                to_rep,
                equiv: from..cache.equiv.len(),
            });
        }
    }

    /// The other indices of the position at class `c` (its
    /// representative's placement `rep`), turns `turns` and rest `rest`:
    /// its conjugates by the symmetries that fix `rep`.
    fn equivalents(
        &self,
        c: u32,
        turns: &[u8],
        rest: &[Pieces],
        index: u64,
        out: &mut Vec<(u64, bool)>,
    ) {
        let mask = self.lead.stab(c);
        if mask == 1 {
            return;
        }
        let g = &self.lead.group;
        let mut rep = [0u8; MAX_GROUP_ORBIT];
        g.unrank_perm(u64::from(self.lead.rep(c)), &mut rep);
        let mut t = [0u8; MAX_GROUP_ORBIT];
        let mut conj = [[[0u8; MAX_GROUP_ORBIT]; 2]; MAX_REST];
        for s in 1..self.lead.kept.len() {
            if mask & (1 << s) == 0 {
                continue;
            }
            self.lead.conjugate_turns(s, &rep, turns, &mut t);
            for (b, ([p, o], [cp, co])) in self.rest.iter().zip(rest.iter().zip(conj.iter_mut())) {
                b.conjugate(s, p, o, cp, co);
            }
            if let Some(other) = self.index_of(c, &t, &conj[..self.rest.len()]) {
                if other != index {
                    out.push((other, true));
                }
            }
        }
    }
}

/// A [`ClassIndex`] as its table's build and the census by class walk it.
impl IndexSpace for ClassIndex {
    fn size(&self) -> u64 {
        ClassIndex::size(self)
    }

    /// The solved position's indices (one per conjugate that differs).
    fn goals(&self, out: &mut Vec<u64>) {
        out.push(self.goal);
        // The solved position's other indices: its conjugates' (solved
        // is fixed by every symmetry, but a representative fixed by
        // several has several indices).
        let mut more = Vec::new();
        let mut ori = [0u8; MAX_GROUP_ORBIT];
        let g = &self.lead.group;
        let c = (self.goal / self.rest_size / g.turns) as u32;
        g.unrank_turns(self.goal / self.rest_size % g.turns, &mut ori);
        let mut rest = [[[0u8; MAX_GROUP_ORBIT]; 2]; MAX_REST];
        let mut x = self.goal % self.rest_size;
        for (b, [p, o]) in self.rest.iter().zip(rest.iter_mut()).rev() {
            b.pieces(x % b.radix(), p, o);
            x /= b.radix();
        }
        self.equivalents(c, &ori, &rest[..self.rest.len()], self.goal, &mut more);
        out.extend(more.into_iter().map(|(r, _)| r));
        out.sort_unstable();
        out.dedup();
    }

    /// The indices of `rank`'s children and their equivalents.
    fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>) {
        let top = rank / self.rest_size;
        let nr = self.rest.len();
        MOVED.with_borrow_mut(|cache| {
            if cache.id != Some((self.id, top)) {
                cache.id = Some((self.id, top));
                self.lead_moves(top, cache);
            }
            let MovedCache {
                moves,
                equiv,
                pieces,
                ..
            } = cache;
            pieces.resize(nr, [[[0u8; MAX_GROUP_ORBIT]; 2]; 3]);
            // The rest's numbers, and the pieces of those not tabled.
            let mut numbers = [0u64; MAX_REST];
            let mut x = rank % self.rest_size;
            for i in (0..nr).rev() {
                let b = &self.rest[i];
                numbers[i] = x % b.radix();
                x /= b.radix();
                if self.tables[i].is_none() {
                    let [[p, o], _, _] = &mut pieces[i];
                    b.pieces(numbers[i], p, o);
                }
            }
            let mut seen = [0u64; MAX_REST];
            'moves: for (m, mv) in moves.iter().enumerate() {
                let s = usize::from(mv.to_rep);
                let moved = &self.moved[m * self.len..][..self.len];
                let mut r = 0u64;
                for i in 0..nr {
                    let b = &self.rest[i];
                    let x = match &self.tables[i] {
                        Some(t) => {
                            let after = t.step[numbers[i] as usize * self.moves + m];
                            match t.conj.get(after as usize * self.syms + s) {
                                Some(&x) if x != UNNUMBERED => u64::from(x),
                                // Not reached: no child (module docs).
                                _ => continue 'moves,
                            }
                        }
                        None => {
                            let [[p, o], [cp, co], [sp, so]] = &mut pieces[i];
                            b.moved_into(p, o, moved, cp, co);
                            b.conjugate(s, cp, co, sp, so);
                            match b.number(sp, so) {
                                Some(x) => x,
                                None => continue 'moves,
                            }
                        }
                    };
                    seen[i] = x;
                    r = r * b.radix() + x;
                }
                let index = mv.base + r;
                out.push((index, true));
                // The child's conjugates by the symmetries that fix its
                // representative: the lead's part made with the moves,
                // the rest's from its numbers or pieces.
                'equiv: for &(base, s) in &equiv[mv.equiv.clone()] {
                    let s = usize::from(s);
                    let mut r = 0u64;
                    for i in 0..nr {
                        let b = &self.rest[i];
                        let x = match &self.tables[i] {
                            Some(t) => match t.conj.get(seen[i] as usize * self.syms + s) {
                                Some(&x) if x != UNNUMBERED => u64::from(x),
                                _ => continue 'equiv,
                            },
                            None => {
                                let [_, [cp, co], [sp, so]] = &mut pieces[i];
                                b.conjugate(s, sp, so, cp, co);
                                match b.number(cp, co) {
                                    Some(x) => x,
                                    None => continue 'equiv,
                                }
                            }
                        };
                        r = r * b.radix() + x;
                    }
                    if base + r != index {
                        out.push((base + r, true));
                    }
                }
            }
        });
    }
}

#[cfg(test)]
pub(crate) mod tests;
