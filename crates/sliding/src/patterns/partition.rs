//! The field's named partitions of the tiles.

use super::PatternAbstraction;
use crate::board::Goal;

/// The partitions of the field's benchmarks, by name (`--bound pdb663`,
/// `pdb78`, `pdb6666` in the `sliding` example).
///
/// ```
/// use puzzle_sliding::{Goal, Partition};
/// let p = Partition::SevenEight.tiles(Goal::BlankFirst);
/// assert_eq!(p, [vec![1, 2, 3, 4, 5, 6, 7], vec![8, 9, 10, 11, 12, 13, 14, 15]]);
/// assert_eq!(Partition::SixSixSixSix.shape(), (5, 5));
/// // Turned half a turn for blank-last: tile t becomes cells - t.
/// assert_eq!(Partition::SevenEight.tiles(Goal::BlankLast)[0], [15, 14, 13, 12, 11, 10, 9]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Partition {
    /// 4x4: `{1,2,3,5,6,7} {4,8,9,12,13,14} {10,11,15}` (blank first), 36 MB
    /// of tables built in seconds.
    SixSixThree,
    /// 4x4: `{1..7} {8..15}` (blank first; Felner, Korf and Hanan 2004),
    /// 576 MB of tables (57,657,600 and 518,918,400 keys); built in about
    /// 6 minutes on 2 cores, peaking at 1.6 GB.
    SevenEight,
    /// 5x5: `{1,5,6,10,11,12} {2,3,4,7,8,9} {13,14,18,19,23,24}
    /// {15,16,17,20,21,22}` (blank first; Korf and Felner 2002), four tables
    /// of 127,512,000 keys (510 MB); each built in about 70 s on 2 cores,
    /// peaking at 1.1 GB with the tables before it.
    SixSixSixSix,
}

impl Partition {
    /// The board the partition is for: `(width, height)`.
    ///
    /// ```
    /// use puzzle_sliding::Partition;
    /// assert_eq!(Partition::SevenEight.shape(), (4, 4));
    /// ```
    pub fn shape(self) -> (usize, usize) {
        match self {
            Self::SixSixThree | Self::SevenEight => (4, 4),
            Self::SixSixSixSix => (5, 5),
        }
    }

    /// The patterns' tiles for `goal`: as the variants name them for the
    /// blank-first goal (cell `c` holds tile `c`), turned half a turn for
    /// blank-last (where cell `cells - 1 - c` holds tile `cells - c`).
    ///
    /// ```
    /// use puzzle_sliding::{Goal, Partition};
    /// let p = Partition::SixSixSixSix.tiles(Goal::BlankFirst);
    /// assert_eq!(p.iter().map(Vec::len).sum::<usize>(), 24);
    /// ```
    pub fn tiles(self, goal: Goal) -> Vec<Vec<u8>> {
        let shapes: Vec<Vec<u8>> = match self {
            Self::SixSixThree => vec![
                vec![1, 2, 3, 5, 6, 7],
                vec![4, 8, 9, 12, 13, 14],
                vec![10, 11, 15],
            ],
            Self::SevenEight => vec![(1..=7).collect(), (8..=15).collect()],
            Self::SixSixSixSix => vec![
                vec![1, 5, 6, 10, 11, 12],
                vec![2, 3, 4, 7, 8, 9],
                vec![13, 14, 18, 19, 23, 24],
                vec![15, 16, 17, 20, 21, 22],
            ],
        };
        let (w, h) = self.shape();
        let cells = (w * h) as u8;
        match goal {
            Goal::BlankFirst => shapes,
            Goal::BlankLast => shapes
                .into_iter()
                .map(|v| v.into_iter().map(|t| cells - t).collect())
                .collect(),
        }
    }

    /// The patterns as abstractions, for `goal`: their names find their
    /// files in a cache ([`PatternDb::file_in`](puzzle_search_core::pdb::PatternDb::file_in)).
    ///
    /// ```
    /// use puzzle_sliding::{Goal, Partition};
    /// use puzzle_search_core::pdb::Abstraction;
    /// let parts = Partition::SevenEight.abstractions(Goal::BlankFirst);
    /// assert_eq!(parts[1].size(), 4_151_347_200); // 16!/7!: 8 tiles and the blank
    /// ```
    pub fn abstractions(self, goal: Goal) -> Vec<PatternAbstraction> {
        let (w, h) = self.shape();
        self.tiles(goal)
            .iter()
            .map(|t| PatternAbstraction::new(w, h, goal, t))
            .collect()
    }
}
