//! [`OrbitBound::build_with`] and its kin: which tables a definition
//! gets (the whole puzzle where it fits; else each orbit's group, by
//! class where symmetries keep one, the tables over pieces alike, the
//! projections), built or loaded as one [`TableSet`] under one memory
//! cap, and the schedule they are read in.

use std::path::Path;

use puzzle_search_core::pdb::{self, Abstraction, BuildProgress, PatternDb, TableHook, TableSet};
use puzzle_search_core::{Budget, RankedSpace};

use super::error::BoundError;
use super::options::{FIT_FLOOR, MAX_PROJECTIONS, MAX_TABLE, MAX_VIEWS, PROJECT_TO, TableOptions};
use super::{MAX_USED, OrbitBound, Stage, Which};
use crate::algebra::shape;
use crate::algebra::symmetry::Symmetries;
use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::model::position::Position;
use crate::tables::alike::{AlikeSpace, AlikeTable, LabelGroup, MAX_ALIKE_TABLE, split_alike};
use crate::tables::class_space::{Plan, TABLED};
use crate::tables::coords::Coordinates;
use crate::tables::group::{GroupSpace, PieceGroup, split};
use crate::tables::orbit::OrbitTable;
use crate::tables::projected::ProjectedTable;
use crate::tables::projection::Projection;
use crate::tables::space::Named;
use crate::tables::symgroup::{SymGroup, SymSpace, choose};
use crate::tables::whole::{WholeIndex, WholeTable};

impl OrbitBound {
    /// The tables of the definition's orbits under `moves`, with the
    /// default [`TableOptions`], as one [`TableSet`]: each loaded from
    /// `cache` when there (checked as every table is) or built and saved
    /// there, within `budget` (its memory cap covers all the tables held
    /// and each build's move tables and search beside them).
    /// `progress` hears each build's layers; [`report`](Self::report)
    /// says what was done.
    ///
    /// # Errors
    /// A move whose inverse is not searched, or a table that cannot be
    /// built within the budget.
    pub fn build(
        def: &Definition,
        moves: &Moves,
        budget: &Budget,
        cache: Option<&Path>,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<OrbitBound, BoundError> {
        Self::build_with(def, moves, TableOptions::default(), budget, cache, progress)
    }

    /// [`build_with`](Self::build_with), the tables chosen by the
    /// budget's memory cap: where a table would pass it (its build's
    /// peak with the tables held before it), projections larger than
    /// [`PROJECT_TO`] are left out first (`project_to` lowered to it:
    /// [`PROJECT_TO_BY_MEMORY`](crate::PROJECT_TO_BY_MEMORY) asks for the largest the cap allows),
    /// then the projection's table, then every table's cap (`max_states`
    /// and `project_to`) is halved
    /// and the set built again, down to [`FIT_FLOOR`]. Tables are built
    /// largest first, so a cap too small for the largest is found before
    /// anything is built; those built before a refusal are taken from
    /// `cache` on the next try (without a cache they are built again).
    /// Returns the bound and the options it was built with (equal to
    /// `options` where everything fit).
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, OrbitBound, TableOptions, Twisty};
    /// use puzzle_search_core::Budget;
    /// let def = Definition::builtin("2x2x2").expect("built in")?;
    /// let puzzle = Twisty::new(def.clone(), Moves::all(&def)?);
    /// let options = TableOptions { reduce: false, ..TableOptions::default() };
    /// // The corners' one table (3,674,160 coordinates) needs more than
    /// // 2 MB to build: the cap is halved until a split fits.
    /// let budget = Budget::default().max_memory(2 << 20);
    /// let (bound, used) =
    ///     OrbitBound::build_fitting(puzzle.definition(), puzzle.moves(), options, &budget, None, None)?;
    /// assert!(used.max_states < options.max_states);
    /// assert!(bound.tables().len() > 1);
    /// assert!(bound.tables().iter().map(|t| t.bytes() as u64).sum::<u64>() <= 2 << 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`build_with`](Self::build_with); a memory refusal only where
    /// even [`FIT_FLOOR`] coordinates a table do not fit.
    pub fn build_fitting(
        def: &Definition,
        moves: &Moves,
        options: TableOptions,
        budget: &Budget,
        cache: Option<&Path>,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<(OrbitBound, TableOptions), BoundError> {
        let mut tried = options;
        loop {
            let err = match Self::build_with(def, moves, tried, budget, cache, progress) {
                Ok(bound) => return Ok((bound, tried)),
                Err(e) if e.over_memory().is_some() => e,
                Err(e) => return Err(e),
            };
            if tried.project_to > PROJECT_TO && tried.project_from.is_some() {
                // Projections larger than the default's (built only where
                // the cap holds their build): the default's next.
                tried.project_to = PROJECT_TO;
            } else if tried.project_from.is_some() && options.project_from.is_some() {
                // The projection is an extra table: left out before the
                // orbits' tables are made smaller.
                tried.project_from = None;
            } else if tried.max_states / 2 >= FIT_FLOOR {
                tried.max_states /= 2;
                tried.project_to = (tried.project_to / 2).max(1);
                tried.project_from = options.project_from;
            } else {
                return Err(err);
            }
        }
    }

    /// [`build`](Self::build) with `options`: the largest table, and
    /// whether the inverse is read.
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves, OrbitBound, TableOptions, Twisty};
    /// use puzzle_search_core::Budget;
    /// let def = Definition::parse("Set P 4 3\nSolved\nP\n1 2 3 4\nEnd\nMove T\nP\n2 3 1 4\n1 1 1 0\nEnd\nMove S\nP\n1 2 4 3\nEnd\n")?;
    /// let puzzle = Twisty::new(def.clone(), Moves::all(&def)?);
    /// // At most 200 coordinates a table, groups of consecutive pieces: the
    /// // orbit (4! * 3^3 = 648) goes in two groups of two pieces (4 * 3
    /// // places, 3^2 turns: 108 each).
    /// let options = TableOptions { max_states: 200, reduce: false, ..TableOptions::default() };
    /// let bound = OrbitBound::build_with(puzzle.definition(), puzzle.moves(), options, &Budget::default(), None, None)?;
    /// assert_eq!(bound.tables().len(), 2);
    /// assert!(bound.reads_inverse());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`build`](Self::build).
    pub fn build_with(
        def: &Definition,
        moves: &Moves,
        options: TableOptions,
        budget: &Budget,
        cache: Option<&Path>,
        progress: Option<&(dyn Fn(BuildProgress) + Sync)>,
    ) -> Result<OrbitBound, BoundError> {
        if let Some(m) = (0..moves.len()).find(|&m| moves.inverse(m).is_none()) {
            return Err(BoundError::not_closed(&moves.names()[m].clone()));
        }
        // The tables' names carry a digest of the definition and moves,
        // so a cached table of another puzzle of the same name is never
        // taken for this one's.
        let digest = pdb::fingerprint(
            (0..moves.len())
                .flat_map(|m| moves.get(m).as_slice().iter().copied())
                .chain(def.solved().as_slice().iter().copied()),
        );
        let symmetries = Symmetries::new(def, moves);
        let layout = crate::tables::group::moved(def, moves);
        // Each orbit: one group indexed by symmetry class where the
        // symmetries keep one that fits, else groups of consecutive
        // pieces.
        let mut groups: Vec<(PieceGroup, Option<Vec<usize>>)> = Vec::new();
        let mut alike_groups: Vec<LabelGroup> = Vec::new();
        for k in 0..def.orbits().len() {
            let Some(shape) = shape::of(def, moves, k) else {
                // Pieces alike or `?` orientations: tables over what the
                // position shows of the labels.
                alike_groups.extend(split_alike(def, k, options.max_states.min(MAX_ALIKE_TABLE)));
                continue;
            };
            let reduced = options
                .reduce
                .then(|| choose(k, shape, &symmetries, options.max_states))
                .flatten();
            match reduced {
                Some((group, kept)) => groups.push((group, Some(kept))),
                None => groups.extend(
                    split(k, shape, options.max_states)
                        .into_iter()
                        .filter(|g| g.size() > 1)
                        .map(|g| (g, None)),
                ),
            }
        }
        alike_groups.sort_by_key(|g| std::cmp::Reverse(g.size()));
        // The largest first: they cut most, and a cut stops the reading.
        groups.sort_by_key(|(g, kept)| {
            std::cmp::Reverse(g.size() / kept.as_ref().map_or(1, |k| k.len() as u64))
        });
        // One set: one memory cap over all the tables (and each build's
        // move tables beside them), one cache, one report.
        let named = progress.map(|p| move |_: &str, bp: BuildProgress| p(bp));
        let mut set = TableSet::new(budget)
            .cache(cache)
            .progress(named.as_ref().map(|h| h as &TableHook<'_>));
        // The whole puzzle in one table where its coordinates or its
        // classes fit, its build is short and it has two orbits moved or
        // more (one orbit's tables are over the whole puzzle already):
        // exact, so no other table is built. By class where that is at
        // most a quarter of the coordinates' ranks or they do not fit (and
        // `reduce` asks for classes).
        let fits = |size: u64| {
            size <= options.max_states && size.saturating_mul(moves.len() as u64) <= WHOLE_CHILDREN
        };
        let several = shape::moving_orbits(def, moves).len() > 1;
        let coords = Coordinates::of(def, moves).filter(|_| several);
        let classes = options
            .reduce
            .then(|| Plan::with(def, moves, coords.as_ref(), &symmetries))
            .flatten()
            .filter(|p| {
                !p.rest.is_empty()
                    && fits(p.indices())
                    && coords.as_ref().is_none_or(|c| {
                        !fits(c.size()) || p.indices().saturating_mul(4) <= c.size()
                    })
            });
        let whole = if let Some(plan) = classes {
            let name = format!(
                "twisty {} whole by {} symmetries {digest:016x}",
                def.name(),
                plan.kept.len()
            );
            if let Some(allowed) = budget.memory_cap() {
                let needed = SymGroup::bytes(&plan.group).saturating_add(set.resident());
                if needed >= allowed {
                    return Err(BoundError::memory(needed, allowed));
                }
            }
            let (index, unsaved) = plan
                .index(def, moves, cache, &name, TABLED)
                .ok_or(BoundError::unindexed("its indices pass 2^64"))?;
            let space = Named::new(&index, name);
            let db = set
                .table(&space, index.table_bytes())
                .map_err(BoundError::from)?;
            let label = format!("whole puzzle by {} symmetries", plan.kept.len());
            Some((WholeIndex::Classes(index), db, label, unsaved))
        } else if let Some(coords) = coords.filter(|c| fits(c.size())) {
            match coords.start(def.solved()) {
                Some(goal) => {
                    let name = format!("twisty {} whole {digest:016x}", def.name());
                    let space = RankedSpace::new(&coords, name, &[goal]);
                    let db = set
                        .table(&space, coords.table_bytes())
                        .map_err(BoundError::from)?;
                    let label = "whole puzzle".to_string();
                    Some((WholeIndex::Coordinates(coords), db, label, None))
                }
                None => None,
            }
        } else {
            None
        };
        if let Some((index, db, label, unsaved)) = whole {
            return Ok(OrbitBound {
                whole: Some(WholeTable { index, db }),
                exact: true,
                labels: vec![label],
                tally: None,
                settle: true,
                class_errors: unsaved.into_iter().collect(),
                report: set.finish(),
                stages: vec![Stage {
                    table: Which::Whole,
                    slot: 0,
                    inverse: false,
                }],
                moves: moves.clone(),
                parts: Vec::new(),
                alike: Vec::new(),
                projections: Vec::new(),
                symmetries,
                used: vec![0],
                len: def.solved().as_slice().len(),
                moved: layout,
            });
        }
        let mut parts = Vec::new();
        let mut labels = Vec::new();
        let mut class_errors = Vec::new();
        // One table over the one orbit the moves turn, its pieces all
        // told apart: the puzzle's own distance (the 2x2x2's corners),
        // so never packed (an exact table gives IDA* its depth at once).
        let moving = shape::moving_orbits(def, moves);
        let one = alike_groups.is_empty()
            && matches!(groups.as_slice(), [(g, _)] if g.whole() && moving == [g.orbit]);
        let options = TableOptions {
            pack_above: options.pack_above.filter(|_| !one),
            ..options
        };
        let identity = def.solved() == &Position::identity(def.orbits());
        let mut projections = match options.project_from {
            // Only where symmetries shrink them: without, the projection
            // cut 15% of the nodes of `Trajbers_octahedron`'s 16-move
            // scrambles at twice the cost a node (1.55 -> 2.35 s); with
            // 16 and 48 it pays (docs/notes/twisty-history.md, "A
            // table over the projection").
            Some(from) if options.reduce && !one && identity && symmetries.len() > 1 => {
                Projection::several(
                    def,
                    moves,
                    &symmetries,
                    from,
                    // Small tables keep small projections; at the
                    // default size and above, `project_to` alone.
                    if options.max_states >= MAX_TABLE {
                        options.project_to
                    } else {
                        options.project_to.min(options.max_states.saturating_mul(2))
                    },
                    MAX_PROJECTIONS,
                )
            }
            _ => Vec::new(),
        };
        // Read (and built) the smallest first: its reads hit the caches
        // most (on the cube H48's 31 MB before all edges' turns' 170 MB:
        // s13 0.70-0.75 s against 1.09 s the other way round).
        // A projection read at several conjugates (one block's turns kept,
        // taken only where larger than every other) first: it refines the
        // others and cuts the most (on the cube, its 1.4 GB before all
        // edges' turns' 170 MB: H48's first 17-move position 12.5 s
        // against 17.7 s the other way round, 70.6% of the children cut
        // at its first read against 17.8% at the 170 MB's).
        projections.reverse();
        projections.sort_by_key(|p| p.views().len() == 1);
        // With two projections, no table over a part of an orbit: on the
        // cube the eight-edge table beside H48's coordinate and all edges'
        // turns cost more than it cut (the 13-move scramble s13: 1.10 -> 0.70-0.75 s,
        // a 16-mover 11.9-13.4 -> 8.0-8.5 s on 2 threads, fewer nodes;
        // docs/notes/twisty-history.md, "Two projections").
        // A projection read at several conjugates is read alone: beside
        // it all edges' turns cut 2.6% and 0.6% of the cube's children
        // that reached them, for 5% of the reads (H48's 17-movers 1-3:
        // 33.2-34.3 s alone against 37.7-38.3 s with it; its 18-mover 2:
        // 54.3 against 57.2 s, 2% more nodes; 1.50 GB against 1.68 GB).
        let alone = projections.first().is_some_and(|p| p.views().len() > 1);
        if alone {
            projections.truncate(1);
        }
        if projections.len() >= 2 || alone {
            groups.retain(|(g, _)| g.whole());
        }
        for (group, kept) in groups {
            let orbit = &def.orbits()[group.orbit];
            let (db, sym) = match kept {
                None => {
                    let label = range_label(&orbit.name, "pieces", &group.labels);
                    let name = format!("twisty {} {label} {digest:016x}", def.name());
                    labels.push(label);
                    let space = GroupSpace::new(&group, def, moves);
                    // The build's move tables count against the memory cap
                    // too: the search gets what they leave.
                    let bytes = space.table_bytes();
                    let db = fetch(&mut set, &Named::new(&space, name), bytes, options)?;
                    (db, None)
                }
                Some(kept) => {
                    let pieces = group.labels.iter().fold(0u64, |m, &l| m | 1 << l);
                    let label = format!(
                        "{} pieces {pieces:x} by {} symmetries",
                        orbit.name,
                        kept.len()
                    );
                    let name = format!("twisty {} {label} {digest:016x}", def.name());
                    labels.push(label);
                    let placements = SymGroup::bytes(&group);
                    if let Some(allowed) = budget.memory_cap() {
                        let needed = placements.saturating_add(set.resident());
                        if needed >= allowed {
                            return Err(BoundError::memory(needed, allowed));
                        }
                    }
                    // The placement classes from the cache where there.
                    let (sym, unsaved) =
                        SymGroup::new_cached(group.clone(), &symmetries, kept, cache, &name);
                    class_errors.extend(unsaved);
                    let space = SymSpace::new(&sym, moves, &layout, def.solved().as_slice());
                    let db = fetch(&mut set, &Named::new(&space, name), placements, options)?;
                    (db, Some(sym))
                }
            };
            parts.push(OrbitTable {
                group,
                sym,
                db,
                views: Vec::new(),
            });
        }
        let mut alike = Vec::new();
        for group in alike_groups {
            let label = range_label(&def.orbits()[group.orbit].name, "labels", &group.labels);
            let name = format!("twisty {} {label} {digest:016x}", def.name());
            labels.push(label);
            let space = AlikeSpace::new(&group, def, moves);
            let db = set
                .table(&Named::new(&space, name), 0)
                .map_err(BoundError::from)?;
            alike.push(AlikeTable { group, db });
        }
        let mut built = Vec::with_capacity(projections.len());
        for mut proj in projections {
            let label = proj.label(def);
            let name = format!("twisty {} {label} {digest:016x}", def.name());
            // Its step tables from the cache where there.
            class_errors.extend(proj.attach_steps(cache, &name));
            labels.push(label);
            let space = Named::new(&proj, name);
            let db = fetch(&mut set, &space, proj.bytes(), options)?;
            built.push(ProjectedTable {
                proj,
                db,
                views: Vec::new(),
            });
        }
        let mut projections = built;
        let mut used = vec![0];
        for table in &mut projections {
            for &i in table.proj.views() {
                match slot_of(&mut used, i) {
                    Some(slot) => table.views.push(slot),
                    None => continue,
                }
            }
        }
        for part in &mut parts {
            for i in views(&part.group, &symmetries, options.views.clamp(1, MAX_VIEWS)) {
                if let Some(slot) = slot_of(&mut used, i) {
                    part.views.push(slot);
                }
            }
        }
        let inverse = options.inverse && identity;
        let stages = schedule(&parts, alike.len(), &projections, inverse);
        // `one` above: that table is then the distance itself (and kept
        // unpacked for it).
        let exact = one;
        Ok(OrbitBound {
            whole: None,
            exact,
            labels,
            tally: None,
            settle: true,
            class_errors,
            report: set.finish(),
            stages,
            moves: moves.clone(),
            parts,
            alike,
            projections,
            symmetries,
            used,
            len: def.solved().as_slice().len(),
            moved: layout,
        })
    }
}

/// The most children (ranks times moves) the build of a table over the
/// whole puzzle may walk: 2^33. The Skewb's 340,122,240 ranks by 16
/// moves built in 5.7 s on 2 cores here (3.1M of them reached), the
/// Pyraminx's 302,330,880 by 16 in 23.7 s (all reached); past the cap
/// the build could take minutes, and the tables over orbits are built
/// instead.
const WHOLE_CHILDREN: u64 = 1 << 33;

/// for it and the table is larger than `pack_above`
/// ([`TableSet::packed`]: the packed copy cached beside the full one).
fn fetch<A: Abstraction>(
    set: &mut TableSet<'_>,
    space: &A,
    extra: u64,
    options: TableOptions,
) -> Result<PatternDb, BoundError> {
    let db = match options.pack_above {
        Some(above) if space.key_size() > above => set.packed(space, extra),
        _ => set.table(space, extra),
    };
    db.map_err(BoundError::from)
}

/// A table's label: its orbit, what it tracks and the first and last of
/// `labels` (1-based, as the definition numbers them): `EDGE pieces 1-6`.
fn range_label(orbit: &str, what: &str, labels: &[u8]) -> String {
    let (first, last) = (labels[0], labels[labels.len() - 1]);
    format!(
        "{orbit} {what} {}-{}",
        u32::from(first) + 1,
        u32::from(last) + 1
    )
}

/// Up to `most` symmetries (indices) to read `group`'s table at, the
/// identity first: greedily, the one whose pieces (the labels of `g`
/// that the table reads at `r^-1 g r`: `r`'s labels on the group's
/// positions) differ most from the nearest already chosen, ties to the
/// lowest index; none whose pieces are already read (the same pieces
/// give the same bound: conjugation by a symmetry that keeps them is an
/// automorphism of the abstraction fixing its goal).
fn views(group: &PieceGroup, symmetries: &Symmetries, most: usize) -> Vec<usize> {
    let pieces = |i: usize| -> u64 {
        let r = symmetries.get(i).as_slice();
        group.labels.iter().fold(0u64, |set, &l| {
            set | 1 << r[group.offset() + usize::from(l)]
        })
    };
    let sets: Vec<u64> = (0..symmetries.len()).map(pieces).collect();
    let mut chosen = vec![0usize];
    while chosen.len() < most {
        let best = (0..sets.len())
            .filter(|&i| chosen.iter().all(|&c| sets[c] != sets[i]))
            .max_by_key(|&i| {
                let nearest = chosen
                    .iter()
                    .map(|&c| (sets[c] ^ sets[i]).count_ones())
                    .min()
                    .unwrap_or(0);
                (nearest, std::cmp::Reverse(i))
            });
        match best {
            Some(i) => chosen.push(i),
            None => break,
        }
    }
    chosen
}

/// The slot of symmetry `i` among those `used` (added where new and
/// there is room: `None` past [`MAX_USED`]).
fn slot_of(used: &mut Vec<usize>, i: usize) -> Option<usize> {
    match used.iter().position(|&u| u == i) {
        Some(slot) => Some(slot),
        None if used.len() < MAX_USED => {
            used.push(i);
            Some(used.len() - 1)
        }
        None => None,
    }
}

/// The schedule: the stages in the order they are read. Each projection
/// at the position (at each of its conjugates), then at its inverse
/// (measured 15% faster than last on
/// a 16-mover, 19.6 -> 16.7 s: the stages after it read fewer children);
/// each orbit's table at each of its conjugates, the largest first; each
/// again at the inverse, except a whole orbit's, which reads the same
/// there (docs/proofs/twisty.md, "Reads that cannot cut"); then the
/// tables over pieces alike, at the position only.
fn schedule(
    parts: &[OrbitTable],
    alike: usize,
    projections: &[ProjectedTable],
    inverse: bool,
) -> Vec<Stage> {
    let mut stages = Vec::new();
    for (i, table) in projections.iter().enumerate() {
        for inv in [false, true] {
            for &slot in &table.views {
                if !inv || inverse {
                    stages.push(Stage {
                        table: Which::Projected(i),
                        slot,
                        inverse: inv,
                    });
                }
            }
        }
    }
    for inv in [false, true] {
        for (k, part) in parts.iter().enumerate() {
            for &slot in &part.views {
                if !inv || (inverse && !part.group.whole()) {
                    stages.push(Stage {
                        table: Which::Orbit(k),
                        slot,
                        inverse: inv,
                    });
                }
            }
        }
    }
    for i in 0..alike {
        stages.push(Stage {
            table: Which::Alike(i),
            slot: 0,
            inverse: false,
        });
    }
    stages
}
