use puzzle_search_core::pdb::Abstraction;

use super::*;
use crate::board::{Dir, step};

#[test]
fn ranks_round_trip() {
    let abs = PatternAbstraction::new(4, 4, Goal::BlankFirst, &[1, 2, 3]);
    let mut p = [0u8; 4];
    for r in (0..abs.size()).step_by(97) {
        abs.unrank(r, &mut p);
        assert_eq!(abs.rank(&p), r);
    }
    assert_eq!(abs.size(), 16 * 15 * 14 * 13);
    assert_eq!(abs.key_size(), 16 * 15 * 14);
}

/// The plain abstraction: a state a blank cell, a free move a step
/// of the blank among cells no pattern tile holds.
struct Plain(PatternAbstraction);

/// The plain abstraction, keyed by state (no least over the blank).
struct States(PatternAbstraction);

impl Abstraction for States {
    fn name(&self) -> String {
        self.0.name()
    }
    fn size(&self) -> u64 {
        Plain(self.0.clone()).size()
    }
    fn goals(&self, out: &mut Vec<u64>) {
        Plain(self.0.clone()).goals(out);
    }
    fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>) {
        Plain(self.0.clone()).neighbours(rank, out);
    }
}

/// Zero-aware tables hold, for every placement of the tiles and every
/// blank cell, the plain 0-1 search's distance of that state; each
/// rank below the size is a state of its own (ranks round-trip), and
/// the sizes of the named partitions are as documented.
#[test]
fn zero_aware_tables_hold_each_states_distance() {
    let mut cases = Vec::new();
    for goal in [Goal::BlankFirst, Goal::BlankLast] {
        cases.push((3, 3, goal, vec![1, 2, 3, 4]));
        cases.push((3, 3, goal, vec![2, 4, 6, 8]));
        cases.push((3, 3, goal, (1..9).collect::<Vec<u8>>()));
        cases.push((2, 3, goal, vec![1, 2, 3, 4, 5]));
        cases.push((4, 3, goal, vec![1, 2, 3, 5]));
        cases.push((4, 4, goal, vec![1, 2, 3]));
        cases.push((5, 5, goal, vec![1, 5, 6]));
    }
    for (w, h, goal, tiles) in cases {
        let zero = PatternAbstraction::zero_aware(w, h, goal, &tiles);
        let plain = PatternAbstraction::new(w, h, goal, &tiles);
        let name = zero.name();
        let maps = zero.zero.clone().expect("zero-aware");
        let k = tiles.len();
        let mut p = [0u8; 32];
        for r in (0..zero.size()).step_by(7) {
            maps.unrank(r, &mut p[..k]);
            let (mask, region) = maps.unrank(r, &mut p[..k]);
            let blank = region.trailing_zeros() as u8;
            assert_eq!(maps.rank(&p[..k], blank), r, "{name} rank {r}");
            assert_eq!(mask & region, 0, "{name} rank {r}");
        }
        let z = PatternDb::build(&zero, None).expect("small");
        let states = PatternDb::build(&States(plain.clone()), None).expect("small");
        for r in 0..plain.size() {
            plain.unrank(r, &mut p[..=k]);
            let at = maps.rank(&p[..k], p[k]);
            assert_eq!(z.get(at), states.get(r), "{name} state {r}");
        }
    }
    let sizes: Vec<Vec<u64>> = [Partition::SevenEight, Partition::SixSixSixSix]
        .iter()
        .map(|p| {
            let (w, h) = p.shape();
            p.tiles(Goal::BlankFirst)
                .iter()
                .map(|t| PatternAbstraction::zero_aware(w, h, Goal::BlankFirst, t).size())
                .collect()
        })
        .collect();
    assert_eq!(
        sizes,
        [vec![139_849_920, 1_425_191_040], vec![181_008_000; 4]]
    );
}

impl Abstraction for Plain {
    fn name(&self) -> String {
        self.0.name()
    }
    fn size(&self) -> u64 {
        self.0.size()
    }
    fn goals(&self, out: &mut Vec<u64>) {
        let abs = &self.0;
        let mut p: Vec<u8> = abs
            .tiles
            .iter()
            .map(|&t| abs.goal.cell_of(t, abs.cells) as u8)
            .collect();
        p.push(abs.goal.cell_of(0, abs.cells) as u8);
        out.push(abs.rank(&p));
    }
    fn neighbours(&self, rank: u64, out: &mut Vec<(u64, bool)>) {
        let abs = &self.0;
        let k = abs.tiles.len();
        let mut p = [0u8; 32];
        abs.unrank(rank, &mut p[..=k]);
        let b = usize::from(p[k]);
        for t in Dir::ALL
            .into_iter()
            .filter_map(|d| step(b, d, abs.width, abs.cells))
        {
            let mut q = p;
            q[k] = t as u8;
            let moved = q[..k].iter().position(|&c| usize::from(c) == t);
            if let Some(j) = moved {
                q[j] = b as u8;
            }
            out.push((abs.rank(&q[..=k]), moved.is_some()));
        }
    }
    fn key_size(&self) -> u64 {
        self.0.key_size()
    }
    fn key(&self, rank: u64) -> u64 {
        self.0.key(rank)
    }
}

/// The tables over blank regions equal the plain 0-1 search's, key by
/// key: boards of every shape the tests can enumerate, patterns that
/// wall the blank into several regions (corners, a full row), both
/// goals, a pattern of every tile.
#[test]
fn blank_regions_give_the_plain_tables() {
    let mut cases: Vec<PatternAbstraction> = Vec::new();
    for goal in [Goal::BlankFirst, Goal::BlankLast] {
        cases.push(PatternAbstraction::new(3, 3, goal, &[1, 2, 3, 4]));
        cases.push(PatternAbstraction::new(3, 3, goal, &[5, 6, 7, 8]));
        cases.push(PatternAbstraction::new(3, 3, goal, &[2, 4, 6, 8]));
        cases.push(PatternAbstraction::new(2, 3, goal, &[1, 2, 3, 4, 5]));
        cases.push(PatternAbstraction::new(3, 2, goal, &[1, 3, 5]));
        cases.push(PatternAbstraction::new(4, 3, goal, &[1, 2, 3, 4, 5]));
        cases.push(PatternAbstraction::new(4, 4, goal, &[1, 2, 3, 4]));
        cases.push(PatternAbstraction::new(4, 4, goal, &[10, 11, 15]));
        cases.push(PatternAbstraction::new(5, 5, goal, &[1, 5, 6]));
        cases.push(PatternAbstraction::new(2, 2, goal, &[1, 2, 3]));
    }
    for abs in cases {
        let name = abs.name();
        let regions = PatternDb::build(&abs, None).expect("small");
        let plain = PatternDb::build(&Plain(abs.clone()), None).expect("small");
        let differ = (0..abs.key_size()).find(|&k| regions.get(k) != plain.get(k));
        assert_eq!(differ, None, "{name}");
        assert_eq!(regions.max_distance(), plain.max_distance(), "{name}");
    }
}

#[test]
fn default_partitions_cover_every_tile_once() {
    for goal in [Goal::BlankFirst, Goal::BlankLast] {
        for (w, h) in [(4, 4), (5, 5), (3, 3), (2, 3), (3, 4)] {
            let p = Patterns::default_partition(w, h, goal).expect("a partition");
            let mut all: Vec<u8> = p.concat();
            all.sort_unstable();
            assert_eq!(
                all,
                (1..(w * h) as u8).collect::<Vec<_>>(),
                "{w}x{h} {goal:?}"
            );
        }
    }
}
