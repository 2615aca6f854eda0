//! Building or loading a partition's tables, and the default partitions.

use std::path::Path;

use puzzle_search_core::Budget;
use puzzle_search_core::pdb::{Abstraction, SetReport, TableHook, TableSet};

use super::direct::Direct;
use super::error::PatternsKind;
use super::values::{MAX_PATTERNS, NO_SLOT};
use super::{Partition, PatternAbstraction, Patterns, PatternsError};
use crate::board::{Goal, MAX_CELLS};

/// A hook told each table's name and build progress (the core's
/// [`TableHook`]).
pub type BuildHook<'a> = TableHook<'a>;

impl Patterns {
    /// The partition used by default: 4x4, the 6-6-3 partition
    /// ([`Partition::SixSixThree`]: `{1,2,3,5,6,7} {4,8,9,12,13,14}
    /// {10,11,15}` for the blank-first goal, the same shapes turned half a
    /// turn for blank-last, tile `t` becoming `16 - t`; the 7-8 tables are
    /// better but take minutes and GBs to build, so they are asked for by
    /// name); 5x5 the 6-6-6-6 ([`Partition::SixSixSixSix`]); 3x3 `{1..4} {5..8}`; 12 cells (3x4, 4x3, 2x6,
    /// 6x2) `{1..6} {7..11}` (one pattern of all 11 tiles would be an
    /// exact table of 479,001,600 states: minutes and most of a gigabyte
    /// to build; the two take about a second); otherwise every tile in one
    /// pattern when the board has at most 10 cells (3,628,800 states at
    /// most), and `None` (no default) for the other sizes above 12.
    ///
    /// ```
    /// use puzzle_sliding::{Goal, Patterns};
    /// let parts = Patterns::default_partition(4, 4, Goal::BlankFirst).expect("4x4 has one");
    /// assert_eq!(parts.iter().map(Vec::len).collect::<Vec<_>>(), [6, 6, 3]);
    /// assert_eq!(Patterns::default_partition(5, 5, Goal::BlankFirst).map(|p| p.len()), Some(4));
    /// assert!(Patterns::default_partition(6, 4, Goal::BlankFirst).is_none());
    /// let twelve = Patterns::default_partition(3, 4, Goal::BlankLast).expect("12 cells");
    /// assert_eq!(twelve.iter().map(Vec::len).collect::<Vec<_>>(), [6, 5]);
    /// ```
    pub fn default_partition(width: usize, height: usize, goal: Goal) -> Option<Vec<Vec<u8>>> {
        let cells = width * height;
        // The shapes are cells of the blank-first goal, where cell c holds
        // tile c. Turned half a turn they fit the blank-last goal, where
        // cell cells-1-c holds tile cells-c.
        let shift = |v: Vec<u8>| -> Vec<u8> {
            match goal {
                Goal::BlankFirst => v,
                Goal::BlankLast => v.into_iter().map(|c| cells as u8 - c).collect(),
            }
        };
        match (width, height) {
            (4, 4) => Some(Partition::SixSixThree.tiles(goal)),
            (5, 5) => Some(Partition::SixSixSixSix.tiles(goal)),
            (3, 3) => Some(vec![shift(vec![1, 2, 3, 4]), shift(vec![5, 6, 7, 8])]),
            _ if cells == 12 => Some(vec![(1..=6).collect(), (7..=11).collect()]),
            _ if cells <= 10 => Some(vec![(1..cells as u8).collect()]),
            _ => None,
        }
    }

    /// Loads each pattern's table from `dir`, or builds it (calling
    /// `progress` with the pattern's name and the build's progress) and
    /// saves it there, as one [`TableSet`]. The set's report comes beside
    /// the tables: which were loaded and which built, and why a file could
    /// not be read or saved ([`SetReport::unsaved`]; the tables work
    /// without the files).
    ///
    /// # Errors
    /// [`PatternsError`]: the size is not a board's, the partition is
    /// invalid (a tile outside `1..cells`, in two patterns, or more than
    /// [`MAX_PATTERNS`] patterns), or a table cannot be built.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Goal, Patterns};
    /// // 3x3, two patterns, built in memory (no directory to keep them in).
    /// let partition = Patterns::default_partition(3, 3, Goal::BlankLast).expect("3x3 has one");
    /// let (patterns, _) = Patterns::load_or_build(3, 3, Goal::BlankLast, &partition, None, None)?;
    /// assert_eq!(patterns.tables().count(), 2);
    /// let bad = Patterns::load_or_build(3, 3, Goal::BlankLast, &[vec![1, 9]], None, None);
    /// assert!(bad.is_err()); // tile 9 on a 3x3 board
    /// # Ok::<(), puzzle_sliding::PatternsError>(())
    /// ```
    pub fn load_or_build(
        width: usize,
        height: usize,
        goal: Goal,
        partition: &[Vec<u8>],
        dir: Option<&Path>,
        progress: Option<&BuildHook<'_>>,
    ) -> Result<(Self, SetReport), PatternsError> {
        Self::load_or_build_within(
            width,
            height,
            goal,
            partition,
            dir,
            &Budget::default(),
            progress,
        )
    }

    /// [`load_or_build`](Self::load_or_build) under `budget`: its memory
    /// cap ([`Budget::max_memory`]) holds the tables' entries (a byte a
    /// key at most, checked before anything is read or built) and, while
    /// a table is built, the tables held so far plus that build's peak
    /// ([`PatternDb::bytes_needed`](puzzle_search_core::pdb::PatternDb::bytes_needed)); its time limit and cancel flag stop
    /// a build.
    ///
    /// # Errors
    /// As [`load_or_build`](Self::load_or_build), and when the tables or a
    /// build would pass the memory cap (the message names the bytes), or
    /// a limit stopped a build.
    ///
    /// ```
    /// use puzzle_sliding::{Goal, Patterns};
    /// use puzzle_search_core::{Budget, rank};
    /// let partition = Patterns::default_partition(3, 3, Goal::BlankLast).expect("3x3 has one");
    /// let tight = Budget::default().max_memory(1000);
    /// let err = Patterns::load_or_build_within(3, 3, Goal::BlankLast, &partition, None, &tight, None)
    ///     .unwrap_err();
    /// assert!(err.to_string().contains("bytes"), "{err}");
    /// let roomy = Budget::default().max_memory(1 << 24);
    /// assert!(Patterns::load_or_build_within(3, 3, Goal::BlankLast, &partition, None, &roomy, None).is_ok());
    /// ```
    pub fn load_or_build_within(
        width: usize,
        height: usize,
        goal: Goal,
        partition: &[Vec<u8>],
        dir: Option<&Path>,
        budget: &Budget,
        progress: Option<&BuildHook<'_>>,
    ) -> Result<(Self, SetReport), PatternsError> {
        let shape = (width, height, goal);
        Self::assemble(shape, partition, false, dir, budget, progress)
    }

    /// [`load_or_build_within`](Self::load_or_build_within) with
    /// zero-aware tables ([`PatternAbstraction::zero_aware`]): an entry a
    /// place of the tiles and region of the blank, ranked (never indexed
    /// directly). Stronger and slower to look up: on Korf's 24-puzzle #38
    /// with the 6-6-6-6 partition, 94.9M nodes expanded in 39.8 s against
    /// the plain tables' 119.3M in 27.4 s (one thread).
    ///
    /// # Errors
    /// As [`load_or_build_within`](Self::load_or_build_within).
    ///
    /// ```
    /// use puzzle_sliding::{Goal, Patterns};
    /// use puzzle_search_core::{Budget, rank};
    /// let partition = Patterns::default_partition(3, 3, Goal::BlankLast).expect("3x3 has one");
    /// let (zero, _) = Patterns::load_or_build_zero_aware(
    ///     3, 3, Goal::BlankLast, &partition, None, &Budget::default(), None)?;
    /// let (plain, _) = Patterns::load_or_build(3, 3, Goal::BlankLast, &partition, None, None)?;
    /// let board = puzzle_sliding::Board::from_tiles(3, 3, &[8, 7, 6, 5, 4, 3, 2, 1, 0]).expect("valid");
    /// assert!(zero.bound(&board) >= plain.bound(&board));
    /// # Ok::<(), puzzle_sliding::PatternsError>(())
    /// ```
    pub fn load_or_build_zero_aware(
        width: usize,
        height: usize,
        goal: Goal,
        partition: &[Vec<u8>],
        dir: Option<&Path>,
        budget: &Budget,
        progress: Option<&BuildHook<'_>>,
    ) -> Result<(Self, SetReport), PatternsError> {
        let shape = (width, height, goal);
        Self::assemble(shape, partition, true, dir, budget, progress)
    }

    /// The tables of `partition` (zero-aware or plain), loaded or built.
    fn assemble(
        (width, height, goal): (usize, usize, Goal),
        partition: &[Vec<u8>],
        zero: bool,
        dir: Option<&Path>,
        budget: &Budget,
        progress: Option<&BuildHook<'_>>,
    ) -> Result<(Self, SetReport), PatternsError> {
        let cells = width.saturating_mul(height);
        if width < 2 || height < 2 || cells > MAX_CELLS {
            return Err(PatternsError::from(PatternsKind::Size { width, height }));
        }
        if partition.len() > MAX_PATTERNS {
            return Err(PatternsError::from(PatternsKind::TooMany(partition.len())));
        }
        let mut seen = 0u32;
        let mut part_of = [None; 32];
        for (i, tiles) in partition.iter().enumerate() {
            for &t in tiles {
                if usize::from(t) < 32 {
                    part_of[usize::from(t)] = Some(i as u8);
                }
            }
        }
        for &t in partition.iter().flatten() {
            if t == 0 || usize::from(t) >= cells || seen >> t & 1 == 1 {
                return Err(PatternsError::from(PatternsKind::Tile { tile: t, cells }));
            }
            seen |= 1 << t;
        }
        let abstractions: Vec<PatternAbstraction> = partition
            .iter()
            .map(|tiles| {
                if zero {
                    PatternAbstraction::zero_aware(width, height, goal, tiles)
                } else {
                    PatternAbstraction::new(width, height, goal, tiles)
                }
            })
            .collect();
        // One set: the entries of all the tables checked against the cap
        // before anything is read or built, each build given what the
        // tables held so far leave.
        let mut set = TableSet::new(budget).cache(dir).progress(progress);
        set.check(abstractions.iter().map(Abstraction::key_size).sum())
            .map_err(PatternsKind::Pdb)?;
        let mut parts = Vec::new();
        for abs in abstractions {
            let table = set.table(&abs, 0).map_err(PatternsKind::Pdb)?;
            parts.push((abs, table));
        }
        let mirror = (width == height).then(|| {
            let flip: Vec<u8> = (0..cells)
                .map(|c| ((c % width) * width + c / width) as u8)
                .collect();
            let mirror_tile = (0..cells as u8)
                .map(|t| goal.tile_at(usize::from(flip[goal.cell_of(t, cells)]), cells))
                .collect();
            (mirror_tile, flip)
        });
        // Direct indices leave the blank out: not for zero-aware tables.
        let direct = if zero {
            None
        } else {
            Direct::new(cells, &parts, mirror.as_ref())
        };
        let covers_all = partition.iter().map(Vec::len).sum::<usize>() == cells - 1;
        let mut touched = [[NO_SLOT; 2]; 32];
        for (t, slots) in touched.iter_mut().enumerate().take(cells) {
            if let Some(i) = part_of[t] {
                slots[0] = i;
            }
            if let Some((mirror_tile, _)) = &mirror {
                if let Some(i) = part_of[usize::from(mirror_tile[t])] {
                    slots[1] = MAX_PATTERNS as u8 + i;
                }
            }
        }
        Ok((
            Self {
                width,
                cells,
                goal,
                parts,
                part_of,
                mirror,
                direct,
                covers_all,
                touched,
            },
            set.finish(),
        ))
    }
}
