//! [`PieceGroup`]: a subset of one orbit's pieces, tracked by where each
//! piece is and how it is turned (Korf's edge tables for the 3x3x3, six
//! edges at a time, made generic): the coordinate a pattern database is
//! built over when the whole orbit is too large for one.
//!
//! Why it is an abstraction: a move sends the piece on position `p` to the
//! position `j` with `m.p[j] = p` and adds `m.o[j]` to its orientation, so
//! each tracked piece's new place and turn depend only on its own old ones
//! and the move, whatever the untracked pieces do. The group's coordinate
//! after a move is a function of its coordinate before: every path of the
//! puzzle maps to a path of the abstraction, no longer.

use puzzle_search_core::rank;

use crate::algebra::shape::Shape;
use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::tables::space::IndexSpace;

/// The most pieces an orbit split into groups may have (positions are
/// bits of a `u64`).
pub(crate) const MAX_GROUP_ORBIT: usize = 64;

/// The largest coordinate a move table is built for (entries a move; a
/// table of `moves x size` `u32`s): the coordinate tables' and the piece
/// groups' placements.
pub const MAX_COORD: u64 = 1 << 22;

/// No tracked piece has this label's slot.
const NONE: u8 = u8::MAX;

/// A subset of one orbit's pieces (all told apart, no wild orientation):
/// the coordinate is the partial permutation of their positions (the
/// first piece's position, then the second's among the positions left,
/// ...) times their orientations in base `o`, the last orientation left
/// out when the group is the whole orbit and every move keeps the sum.
#[derive(Clone, Debug)]
pub(crate) struct PieceGroup {
    pub(crate) orbit: usize,
    offset: usize,
    pub(crate) n: usize,
    pub(crate) o: u8,
    /// The tracked labels, in order.
    pub(crate) labels: Vec<u8>,
    /// Per label of the orbit: its index among `labels`, or `NONE`.
    pub(crate) slot: Vec<u8>,
    /// Orientations counted (`labels.len()`, one less when the last
    /// follows from the others).
    counted: usize,
    /// `n! / (n - k)!` placements.
    pub(crate) perms: u64,
    /// `o^counted` orientations.
    pub(crate) turns: u64,
}

impl PieceGroup {
    /// The group of `labels` (distinct, below the orbit's size) of the
    /// orbit of `shape`, or `None` when the orbit has more than
    /// [`MAX_GROUP_ORBIT`] pieces or the count passes `u64`.
    pub(crate) fn new(orbit: usize, shape: Shape, labels: Vec<u8>) -> Option<PieceGroup> {
        let (n, o, k) = (shape.pieces, shape.orientations, labels.len());
        if n > MAX_GROUP_ORBIT || k == 0 || k > n {
            return None;
        }
        let mut slot = vec![NONE; n];
        for (i, &l) in labels.iter().enumerate() {
            slot[usize::from(l)] = i as u8;
        }
        let counted = if k == n && shape.kept { k - 1 } else { k };
        let perms = (n - k + 1..=n).try_fold(1u64, |f, x| f.checked_mul(x as u64))?;
        let turns = u64::from(o).checked_pow(counted as u32)?;
        perms.checked_mul(turns)?;
        Some(PieceGroup {
            orbit,
            offset: shape.offset,
            n,
            o,
            labels,
            slot,
            counted,
            perms,
            turns,
        })
    }

    /// Whether the group is its whole orbit. Its table then reads the same
    /// at a position and at its inverse (see `OrbitBound`'s stages).
    pub(crate) fn whole(&self) -> bool {
        self.labels.len() == self.n
    }

    /// Where the orbit's bytes start in a position.
    pub(crate) fn offset(&self) -> usize {
        self.offset
    }

    /// How many coordinates (`perms * turns`).
    pub(crate) fn size(&self) -> u64 {
        self.perms * self.turns
    }

    /// The coordinate of the group in position `s` (a slice of a whole
    /// position).
    #[inline]
    pub(crate) fn key(&self, s: &[u8]) -> u64 {
        let mut pos = [0u8; MAX_GROUP_ORBIT];
        let mut ori = [0u8; MAX_GROUP_ORBIT];
        self.locate(s, &mut pos, &mut ori);
        self.rank(&pos, &ori)
    }

    /// The coordinate of the group in the inverse of position `s`, read
    /// without building it (see [`inverse_into`](Self::inverse_into)).
    #[cfg(test)]
    pub(crate) fn inverse_key(&self, s: &[u8]) -> u64 {
        let mut pos = [0u8; MAX_GROUP_ORBIT];
        let mut ori = [0u8; MAX_GROUP_ORBIT];
        self.inverse_into(s, &mut pos, &mut ori);
        self.rank(&pos, &ori)
    }

    /// The tracked pieces of the inverse of position `s`: where the
    /// solved state is the identity, the inverse holds label `l` on
    /// position `s.p[l]`, turned by `-s.o[l]`.
    #[inline]
    pub(crate) fn inverse_into(&self, s: &[u8], pos: &mut [u8], ori: &mut [u8]) {
        let (off, n, o) = (self.offset, self.n, self.o);
        for (i, &l) in self.labels.iter().enumerate() {
            let l = usize::from(l);
            pos[i] = s[off + l];
            let t = s[off + n + l];
            ori[i] = if t == 0 { 0 } else { o - t };
        }
    }

    /// Where each tracked piece is in position `s` (`loc`, by tracked
    /// piece) and how it is turned (`ori`): read once a node, so that
    /// each child's takes [`moved_into`](Self::moved_into), a step a
    /// piece, not a pass over the orbit.
    #[inline]
    pub(crate) fn locate(&self, s: &[u8], loc: &mut [u8], ori: &mut [u8]) {
        let (off, n) = (self.offset, self.n);
        for j in 0..n {
            let i = self.slot[usize::from(s[off + j])];
            if i != NONE {
                loc[usize::from(i)] = j as u8;
                ori[usize::from(i)] = s[off + n + j];
            }
        }
    }

    /// The coordinate of the child by a move, from the pieces
    /// [`locate`](Self::locate)d in its parent and the move as `moved`
    /// (see [`moved`]).
    #[cfg(test)]
    pub(crate) fn key_moved(&self, loc: &[u8], ori: &[u8], moved: &[u8]) -> u64 {
        let mut pos = [0u8; MAX_GROUP_ORBIT];
        let mut turned = [0u8; MAX_GROUP_ORBIT];
        self.moved_into(loc, ori, moved, &mut pos, &mut turned);
        self.rank(&pos, &turned)
    }

    /// The tracked pieces after a move, from the pieces
    /// [`locate`](Self::locate)d before it and the move as `moved` (a
    /// whole position's layout: per orbit, where the piece on each
    /// position goes, then the turn it gets).
    #[inline]
    pub(crate) fn moved_into(
        &self,
        loc: &[u8],
        ori: &[u8],
        moved: &[u8],
        pos: &mut [u8],
        turned: &mut [u8],
    ) {
        let (off, n, o) = (self.offset, self.n, self.o);
        let k = self.labels.len();
        for i in 0..k {
            let at = usize::from(loc[i]);
            pos[i] = moved[off + at];
            let t = ori[i] + moved[off + n + at];
            turned[i] = if t >= o { t - o } else { t };
        }
    }

    /// The tracked pieces of the inverse of the child of `s` by move `m`,
    /// read without building the child.
    #[inline]
    pub(crate) fn inverse_after_into(&self, s: &[u8], m: &[u8], pos: &mut [u8], ori: &mut [u8]) {
        let (off, n, o) = (self.offset, self.n, self.o);
        for (i, &l) in self.labels.iter().enumerate() {
            let l = usize::from(l);
            let from = usize::from(m[off + l]);
            pos[i] = s[off + from];
            let t = s[off + n + from] + m[off + n + l];
            let t = if t >= o { t - o } else { t };
            ori[i] = if t == 0 { 0 } else { o - t };
        }
    }

    /// [`inverse_key`](Self::inverse_key) of the child of `s` by move
    /// `m`.
    #[cfg(test)]
    pub(crate) fn inverse_key_after(&self, s: &[u8], m: &[u8]) -> u64 {
        let mut pos = [0u8; MAX_GROUP_ORBIT];
        let mut ori = [0u8; MAX_GROUP_ORBIT];
        self.inverse_after_into(s, m, &mut pos, &mut ori);
        self.rank(&pos, &ori)
    }

    /// The coordinate of placements `pos` and orientations `ori` (by
    /// tracked piece).
    #[inline]
    pub(crate) fn rank(&self, pos: &[u8], ori: &[u8]) -> u64 {
        self.perm_rank(pos) * self.turns + self.turn_rank(ori)
    }

    /// The placement coordinate of `pos` (each tracked piece's position).
    #[inline]
    pub(crate) fn perm_rank(&self, pos: &[u8]) -> u64 {
        rank::placement_rank(self.n, &pos[..self.labels.len()])
    }

    /// The orientation coordinate of `ori` (by tracked piece; the last is
    /// not read when it follows from the others).
    #[inline]
    pub(crate) fn turn_rank(&self, ori: &[u8]) -> u64 {
        let k = self.labels.len();
        rank::orientation_rank(&ori[..k], self.o, self.counted < k)
    }

    /// The placements of placement coordinate `p` (the inverse of the
    /// first half of [`rank`](Self::rank)).
    pub(crate) fn unrank_perm(&self, p: u64, pos: &mut [u8]) {
        rank::placement_unrank(self.n, p, &mut pos[..self.labels.len()]);
    }

    /// The orientations of orientation coordinate `t` (the last from the
    /// others when it is left out).
    pub(crate) fn unrank_turns(&self, t: u64, ori: &mut [u8]) {
        let k = self.labels.len();
        rank::orientation_unrank(t, self.o, self.counted < k, &mut ori[..k]);
    }
}

/// A group's coordinates with move tables, as the core's table build sees
/// them: a placement and a move give the new placement and the turns the
/// move adds to each tracked piece (as a number in base `o`), and the
/// orientation coordinate adds those digit by digit. The tables are made
/// on the first neighbour asked for: a table loaded from the cache needs
/// none.
pub(crate) struct GroupSpace<'a> {
    group: &'a PieceGroup,
    moves: &'a Moves,
    goal: u64,
    tables: std::sync::OnceLock<MoveTables>,
    /// The most bytes the placement tables may take where not the
    /// default (see [`direct`](Self::direct)); past it each neighbour is
    /// computed from its pieces instead.
    cap: Option<u64>,
}

/// The most bytes a group's placement tables may take (`next` and
/// `added`): 256 MB, or eight times the table's own bytes where that is
/// more. A definition of hundreds of moves (507 move powers
/// over 10 pieces: 14.7 GB of tables for a table of 1.8 MB, 7.4 GB of
/// them touched) has each neighbour computed from its pieces instead, at
/// about the cost of making the tables' entries.
const MAX_PLACEMENT_TABLES: u64 = 1 << 28;

/// [`GroupSpace`]'s move tables.
struct MoveTables {
    /// Per move and position: where the piece there goes, and the turn
    /// it gets there (`moves x pieces` bytes each).
    to: Vec<u8>,
    turn: Vec<u8>,
    /// Whether `next` and `added` are left out (past the cap): each
    /// neighbour from `to` and `turn`.
    direct: bool,
    /// `next[p * moves + m]`: the placement after move `m`.
    next: Vec<u32>,
    /// `added[p * moves + m]`: the turns move `m` adds, by tracked piece,
    /// as an orientation coordinate.
    added: Vec<u32>,
    /// `sum[t * turns + d]`: orientations `t` plus `d`, digit by digit,
    /// where `turns^2` is small enough to tabulate.
    sum: Option<Vec<u32>>,
}

/// The most entries of a group's orientation-sum table.
const MAX_SUM_TABLE: u64 = 1 << 24;

impl<'a> GroupSpace<'a> {
    /// The abstraction of `group` under `moves` (its placements at most
    /// 2^32).
    pub(crate) fn new(group: &'a PieceGroup, def: &Definition, moves: &'a Moves) -> GroupSpace<'a> {
        GroupSpace {
            group,
            moves,
            goal: group.key(def.solved().as_slice()),
            tables: std::sync::OnceLock::new(),
            cap: None,
        }
    }

    /// This space with placement tables of at most `cap` bytes (tests
    /// force the direct path so).
    #[cfg(test)]
    pub(crate) fn with_cap(mut self, cap: u64) -> Self {
        self.cap = Some(cap);
        self
    }

    /// Whether the placement tables pass the cap: by default the larger
    /// of [`MAX_PLACEMENT_TABLES`] and eight times the table's own bytes
    /// (half a byte an entry), so that the tables of the cube's seven
    /// edges (575 MB beside a 255 MB table) stay as they were.
    fn direct(&self) -> bool {
        let tables = (2 * self.group.perms).saturating_mul(self.moves.len() as u64 * 4);
        let cap = self
            .cap
            .unwrap_or_else(|| MAX_PLACEMENT_TABLES.max(self.group.size().saturating_mul(4)));
        tables > cap
    }

    /// The bytes the move tables take once made.
    pub(crate) fn table_bytes(&self) -> u64 {
        let g = self.group;
        if self.direct() {
            return 2 * (self.moves.len() * g.n) as u64;
        }
        let sum = if g.turns * g.turns <= MAX_SUM_TABLE {
            g.turns * g.turns
        } else {
            0
        };
        (2 * g.perms * self.moves.len() as u64 + sum) * 4
    }

    fn tables(&self) -> &MoveTables {
        self.tables.get_or_init(|| self.make_tables())
    }

    fn make_tables(&self) -> MoveTables {
        let group = self.group;
        let moves = self.moves;
        let (n, k, o) = (group.n, group.labels.len(), group.o);
        let nm = moves.len();
        let off = group.offset;
        // Per move: where a piece on each position goes, and the turn it
        // gets there.
        let mut to = vec![0u8; nm * n];
        let mut turn = vec![0u8; nm * n];
        for m in 0..nm {
            let mv = moves.get(m).as_slice();
            for j in 0..n {
                let from = usize::from(mv[off + j]);
                to[m * n + from] = j as u8;
                turn[m * n + from] = mv[off + n + j];
            }
        }
        if self.direct() {
            return MoveTables {
                to,
                turn,
                direct: true,
                next: Vec::new(),
                added: Vec::new(),
                sum: None,
            };
        }
        let perms = group.perms as usize;
        let mut next = vec![0u32; perms * nm];
        let mut added = vec![0u32; perms * nm];
        let mut pos = [0u8; MAX_GROUP_ORBIT];
        let mut moved = [0u8; MAX_GROUP_ORBIT];
        let mut adds = [0u8; MAX_GROUP_ORBIT];
        for p in 0..perms {
            group.unrank_perm(p as u64, &mut pos);
            for m in 0..nm {
                step(
                    &to[m * n..][..n],
                    &turn[m * n..][..n],
                    &pos[..k],
                    &mut moved,
                    &mut adds,
                );
                next[p * nm + m] = group.perm_rank(&moved) as u32;
                added[p * nm + m] = group.turn_rank(&adds) as u32;
            }
        }
        let sum = (group.turns * group.turns <= MAX_SUM_TABLE).then(|| {
            let t = group.turns as usize;
            let mut table = vec![0u32; t * t];
            let (mut a, mut b, mut c) = (
                [0u8; MAX_GROUP_ORBIT],
                [0u8; MAX_GROUP_ORBIT],
                [0u8; MAX_GROUP_ORBIT],
            );
            for x in 0..t {
                group.unrank_turns(x as u64, &mut a);
                for y in 0..t {
                    group.unrank_turns(y as u64, &mut b);
                    for i in 0..k {
                        c[i] = (a[i] + b[i]) % o;
                    }
                    table[x * t + y] = group.turn_rank(&c) as u32;
                }
            }
            table
        });
        MoveTables {
            to,
            turn,
            direct: false,
            next,
            added,
            sum,
        }
    }
}

/// One move on a group's tracked pieces at `pos`: where each goes
/// (`moved`) and the turn it gets there (`adds`), from the move's `to`
/// and `turn` by position.
#[inline]
fn step(to: &[u8], turn: &[u8], pos: &[u8], moved: &mut [u8], adds: &mut [u8]) {
    for (i, &at) in pos.iter().enumerate() {
        moved[i] = to[usize::from(at)];
        adds[i] = turn[usize::from(at)];
    }
}

impl IndexSpace for GroupSpace<'_> {
    fn size(&self) -> u64 {
        self.group.size()
    }

    fn goals(&self, out: &mut Vec<u64>) {
        out.push(self.goal);
    }

    #[inline]
    fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>) {
        let g = self.group;
        let nm = self.moves.len();
        let MoveTables {
            to,
            turn,
            direct,
            next,
            added,
            sum,
        } = self.tables();
        let (p, t) = ((rank / g.turns) as usize, rank % g.turns);
        if *direct {
            // Where each tracked piece goes and what it turns, ranked
            // again: as `make_tables` makes an entry.
            let (k, n) = (g.labels.len(), g.n);
            let (mut pos, mut a) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
            let (mut moved, mut b) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
            g.unrank_perm(p as u64, &mut pos);
            g.unrank_turns(t, &mut a);
            for m in 0..nm {
                step(
                    &to[m * n..][..n],
                    &turn[m * n..][..n],
                    &pos[..k],
                    &mut moved,
                    &mut b,
                );
                for i in 0..k {
                    b[i] = (a[i] + b[i]) % g.o;
                }
                out.push((g.perm_rank(&moved) * g.turns + g.turn_rank(&b), true));
            }
            return;
        }
        let row = p * nm;
        match sum {
            Some(sum) => {
                let sums = &sum[t as usize * g.turns as usize..][..g.turns as usize];
                for m in 0..nm {
                    let np = u64::from(next[row + m]);
                    let nt = u64::from(sums[added[row + m] as usize]);
                    out.push((np * g.turns + nt, true));
                }
            }
            None => {
                let k = g.labels.len();
                let (mut a, mut b) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
                g.unrank_turns(t, &mut a);
                for m in 0..nm {
                    g.unrank_turns(u64::from(added[row + m]), &mut b);
                    for i in 0..k {
                        b[i] = (a[i] + b[i]) % g.o;
                    }
                    let np = u64::from(next[row + m]);
                    out.push((np * g.turns + g.turn_rank(&b), true));
                }
            }
        }
    }
}

/// Each move as [`PieceGroup::key_moved`] reads it (for `OrbitBound`): per orbit, where the
/// piece on each position goes (`m.p[j] = p` sends `p` to `j`), then the
/// turn it gets there (`m.o[j]`).
pub(crate) fn moved(
    def: &crate::model::definition::Definition,
    moves: &crate::model::moves::Moves,
) -> Vec<u8> {
    let mut out = Vec::new();
    for m in 0..moves.len() {
        let mv = moves.get(m).as_slice();
        let mut here = mv.to_vec();
        let mut off = 0;
        for o in def.orbits() {
            let n = o.pieces;
            for j in 0..n {
                let from = usize::from(mv[off + j]);
                here[off + from] = j as u8;
                here[off + n + from] = mv[off + n + j];
            }
            off += 2 * n;
        }
        out.extend(here);
    }
    out
}

/// The groups an orbit of `shape` is split into so that each has at most
/// `max_states` coordinates and at most [`MAX_COORD`] placements:
/// the whole orbit when it fits, else as few groups of the largest size
/// that fits as cover the orbit, each of consecutive labels, their starts
/// spread evenly (they overlap where that size does not divide the
/// orbit: larger tables, more told apart). Empty when not even one piece
/// fits.
pub(crate) fn split(orbit: usize, shape: Shape, max_states: u64) -> Vec<PieceGroup> {
    let n = shape.pieces;
    let fits = |g: &PieceGroup| g.size() <= max_states && g.perms <= MAX_COORD;
    let labels = |from: usize, to: usize| (from..to).map(|l| l as u8).collect::<Vec<u8>>();
    if let Some(whole) = PieceGroup::new(orbit, shape, labels(0, n)).filter(fits) {
        return vec![whole];
    }
    let Some(k) = (1..n)
        .rev()
        .find(|&k| PieceGroup::new(orbit, shape, labels(0, k)).is_some_and(|g| fits(&g)))
    else {
        return Vec::new();
    };
    let count = n.div_ceil(k);
    (0..count)
        .filter_map(|g| {
            // Starts from 0 to `n - k`, evenly (count >= 2 here).
            let from = g * (n - k) / (count - 1);
            PieceGroup::new(orbit, shape, labels(from, from + k))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(n: usize, o: u8, kept: bool) -> Shape {
        Shape {
            offset: 0,
            pieces: n,
            orientations: o,
            kept,
        }
    }

    /// Past the placement tables' cap each neighbour is computed from
    /// its pieces: the same neighbours as the tables give, at every rank
    /// of groups of the 2x2x2's corners (a part, and the whole orbit
    /// with its last turn left out).
    #[test]
    fn neighbours_from_pieces_equal_the_tables() {
        let def = Definition::builtin("2x2x2")
            .expect("built in")
            .expect("valid");
        let moves = Moves::all(&def).expect("moves");
        let shape = crate::algebra::shape::of(&def, &moves, 0).expect("told apart");
        let part = PieceGroup::new(0, shape, vec![0, 3, 5]).expect("a group");
        let whole = PieceGroup::new(0, shape, (0..8).collect()).expect("a group");
        for group in [part, whole] {
            let tables = GroupSpace::new(&group, &def, &moves);
            let direct = GroupSpace::new(&group, &def, &moves).with_cap(0);
            assert!(direct.direct() && !tables.direct());
            assert!(direct.table_bytes() < 1000);
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let step = (group.size() / 5000).max(1);
            for r in (0..group.size()).step_by(step as usize) {
                a.clear();
                b.clear();
                tables.neighbours(r, &mut a);
                direct.neighbours(r, &mut b);
                assert_eq!(a, b, "rank {r}");
            }
        }
    }

    /// Ranks are a bijection onto `0..size`, and unrank inverts them.
    #[test]
    fn ranks_are_perfect() {
        for (n, o, kept, k) in [
            (5, 3, true, 5),
            (5, 3, true, 3),
            (6, 2, false, 2),
            (4, 1, true, 4),
        ] {
            let g = PieceGroup::new(0, shape(n, o, kept), (0..k as u8).collect()).expect("fits");
            let mut seen = vec![false; g.size() as usize];
            let (mut pos, mut ori) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
            for p in 0..g.perms {
                g.unrank_perm(p, &mut pos);
                assert_eq!(g.perm_rank(&pos), p);
                for t in 0..g.turns {
                    g.unrank_turns(t, &mut ori);
                    let r = g.rank(&pos, &ori);
                    assert!(!std::mem::replace(&mut seen[r as usize], true));
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    /// Along a random walk on the 3x3x3 (groups of every size): the key
    /// of a child read from its parent equals the child's, and the key
    /// at the inverse equals the inverse position's.
    #[test]
    fn keys_after_a_move_and_at_the_inverse() {
        let def = Definition::builtin("3x3x3")
            .expect("built in")
            .expect("valid");
        let moves = Moves::all(&def).expect("moves");
        let orbits = def.orbits();
        let mut groups = Vec::new();
        for k in 0..orbits.len() {
            let shape = crate::algebra::shape::of(&def, &moves, k).expect("told apart");
            for limit in [30, 5_000, 1 << 20, 1 << 27] {
                groups.extend(split(k, shape, limit));
            }
        }
        assert!(groups.len() > 10);
        let mut rng = puzzle_search_core::input::SplitMix64::new(32);
        let mut p = def.solved().clone();
        let layout = moved(&def, &moves);
        let len = p.as_slice().len();
        for _ in 0..300 {
            let mv = rng.below(moves.len() as u64) as usize;
            let m = moves.get(mv);
            let child = p.then(m, orbits);
            let inverse = p.inverse(orbits);
            for g in &groups {
                let (s, ms) = (p.as_slice(), m.as_slice());
                let (mut loc, mut ori) = ([0u8; MAX_GROUP_ORBIT], [0u8; MAX_GROUP_ORBIT]);
                g.locate(s, &mut loc, &mut ori);
                let at = &layout[mv * len..][..len];
                assert_eq!(g.key_moved(&loc, &ori, at), g.key(child.as_slice()));
                assert_eq!(g.inverse_key(s), g.key(inverse.as_slice()));
                assert_eq!(g.inverse_key_after(s, ms), g.inverse_key(child.as_slice()));
                assert!(g.key(s) < g.size());
            }
            p = child;
        }
    }

    /// The 3x3x3's orbits: corners whole, edges in two groups of six.
    #[test]
    fn cube_splits_as_korf() {
        let corners = split(1, shape(8, 3, true), 1 << 27);
        assert_eq!(corners.len(), 1);
        assert_eq!(corners[0].size(), 88_179_840);
        let edges = split(0, shape(12, 2, true), 1 << 27);
        assert_eq!(edges.len(), 2);
        assert_eq!(edges[0].size(), 42_577_920);
        assert_eq!(edges[1].labels, (6..12).collect::<Vec<u8>>());
        assert!(split(0, shape(12, 2, true), 0).is_empty());
        // Seven edges fit in 2^29: two groups of seven, overlapping on two.
        let seven = split(0, shape(12, 2, true), 1 << 29);
        assert_eq!(seven.len(), 2);
        assert_eq!(seven[0].size(), 510_935_040);
        assert_eq!(seven[1].labels, (5..12).collect::<Vec<u8>>());
        // Ten pieces by fours: three groups, at 0, 3 and 6.
        let tens = split(0, shape(10, 1, true), 5040);
        let starts: Vec<u8> = tens.iter().map(|g| g.labels[0]).collect();
        assert_eq!(starts, [0, 3, 6]);
    }
}
