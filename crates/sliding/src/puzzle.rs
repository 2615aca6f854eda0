//! The board as a core [`Puzzle`], and solving.

use puzzle_search_core::MakeUnmake;
use std::fmt;
use std::sync::Arc;

use puzzle_search_core::{
    InPlace, MoveAutomaton, Outcome, Promise, Puzzle, Ranked, Report, Solver, Stats, Strategy,
};

use crate::board::{Board, Dir, Goal, MAX_CELLS, step};
use crate::heuristic::Manhattan;
use crate::patterns::{Keys, Patterns, Saved, Values, cell_in};

/// The lower bound IDA* uses.
#[derive(Clone, Debug)]
pub enum Bound {
    /// Manhattan distance, kept in the search state and updated per move.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Additive pattern databases (with the mirrored look-up on squares).
    Pdb(Arc<Patterns>),
}

/// A search state: the board, its Manhattan distance, and with pattern
/// databases each pattern's value and what finds it, all kept up to date
/// move by move (one table look-up per changed pattern, not per tile or
/// per pattern). Equal boards are equal nodes (the rest follows from the
/// board), and only the board is hashed.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Node {
    /// The board.
    pub board: Board,
    /// Its Manhattan distance from the goal.
    pub manhattan: u8,
    /// With ranked tables: the cell of each tile, 5 bits a tile (else 0).
    inv: u128,
    /// With direct tables: each pattern's index, direct and mirrored.
    keys: Keys,
    /// With [`Bound::Pdb`]: each pattern's value, direct and mirrored.
    pdb: Values,
}

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
    }
}

impl Eq for Node {}

impl std::hash::Hash for Node {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.board.hash(state);
    }
}

/// A sliding-tile puzzle of one size and goal, with a bound.
#[derive(Clone, Debug)]
pub struct Sliding {
    width: usize,
    height: usize,
    goal: Goal,
    bound: Bound,
    manhattan: Manhattan,
    /// `targets[cell]`: where the blank goes from `cell`, per direction in
    /// move order (`NONE` off the board): no division per move.
    targets: [[u8; 4]; MAX_CELLS],
    /// The goal board.
    home: Board,
    /// The duplicate-sequence automaton for shortest searches, if on.
    twins: Option<&'static MoveAutomaton>,
}

/// No target: the edge of the board.
const NONE: u8 = u8::MAX;

/// Why [`Sliding::new`] or [`Sliding::solve`] refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveError {
    kind: ErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ErrorKind {
    Size {
        width: usize,
        height: usize,
    },
    TablesShape {
        tables: (usize, usize, Goal),
        puzzle: (usize, usize, Goal),
    },
    BoardSize {
        board: (usize, usize),
        puzzle: (usize, usize),
    },
    Unfinished(String),
}

impl SolveError {
    fn new(kind: ErrorKind) -> Self {
        Self { kind }
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Size { width, height } => write!(
                f,
                "a {width}x{height} board: sides of at least 2 and at most {MAX_CELLS} cells"
            ),
            ErrorKind::TablesShape { tables, puzzle } => write!(
                f,
                "pattern databases for {}x{} {:?} boards, not {}x{} {:?}",
                tables.0, tables.1, tables.2, puzzle.0, puzzle.1, puzzle.2
            ),
            ErrorKind::BoardSize { board, puzzle } => write!(
                f,
                "a {}x{} board for a {}x{} puzzle",
                board.0, board.1, puzzle.0, puzzle.1
            ),
            ErrorKind::Unfinished(why) => write!(f, "the search ended without an answer: {why}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// A shortest solution: judge format `"<moves> <letters>"`, `"0"` for a
/// solved board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer(pub Vec<Dir>);

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.len())?;
        if !self.0.is_empty() {
            f.write_str(" ")?;
            for d in &self.0 {
                write!(f, "{d}")?;
            }
        }
        Ok(())
    }
}

impl Sliding {
    /// The puzzle on `width x height` boards (each side at least 2, at
    /// most 25 cells) with `goal` and `bound`.
    ///
    /// # Errors
    /// The size is out of range, or pattern tables are for another size or
    /// goal.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Bound, Goal, Sliding};
    /// let puzzle = Sliding::new(3, 3, Goal::BlankLast, Bound::LinearConflict)?;
    /// assert!(Sliding::new(9, 9, Goal::BlankLast, Bound::Manhattan).is_err()); // 81 cells
    /// # Ok::<(), puzzle_sliding::SolveError>(())
    /// ```
    pub fn new(width: usize, height: usize, goal: Goal, bound: Bound) -> Result<Self, SolveError> {
        let cells = width.saturating_mul(height);
        if width < 2 || height < 2 || cells > MAX_CELLS {
            return Err(SolveError::new(ErrorKind::Size { width, height }));
        }
        if let Bound::Pdb(p) = &bound {
            if p.shape() != (width, height, goal) {
                return Err(SolveError::new(ErrorKind::TablesShape {
                    tables: p.shape(),
                    puzzle: (width, height, goal),
                }));
            }
        }
        let mut targets = [[NONE; 4]; MAX_CELLS];
        for (cell, t) in targets.iter_mut().enumerate().take(cells) {
            for (slot, dir) in t.iter_mut().zip(Dir::ALL) {
                *slot = step(cell, dir, width, cells).map_or(NONE, |c| c as u8);
            }
        }
        let home = Board::goal(width, height, goal)
            .ok_or(SolveError::new(ErrorKind::Size { width, height }))?;
        Ok(Self {
            width,
            height,
            goal,
            bound,
            manhattan: Manhattan::new(width, height, goal),
            targets,
            home,
            twins: Some(crate::twins::twin_automaton()),
        })
    }

    /// Whether shortest searches leave out blank-move sequences that have
    /// a better twin (on by default): Taylor and Korf's duplicate-pruning
    /// automaton, here over the 2,667 sequences of at most 12 moves that
    /// reach a position some shorter, or as long and lexicographically
    /// smaller, sequence reaches on every board where they are legal. The
    /// answers stay the same (the twin is kept, and it is the better
    /// answer); IDA* expands fewer nodes (Korf's 100 with the 6-6-3
    /// tables: 45% fewer). Only searches for the shortest answer use it
    /// (`Promise::Shortest`); proof in `docs/puzzles/sliding.md`
    /// ("Duplicate sequences").
    ///
    /// ```
    /// use puzzle_sliding::{Board, Bound, Goal, Sliding};
    /// use puzzle_search_core::input::SplitMix64;
    /// let home = Board::goal(4, 4, Goal::BlankFirst).expect("4x4");
    /// let board = home.walk(60, &mut SplitMix64::new(5));
    /// let on = Sliding::new(4, 4, Goal::BlankFirst, Bound::Manhattan)?;
    /// let off = on.clone().prune_twins(false);
    /// let solver = Sliding::solver().parallel(false);
    /// let (a, b) = (on.solve_with(&board, &solver)?, off.solve_with(&board, &solver)?);
    /// assert_eq!(a.outcome, b.outcome);
    /// assert!(a.stats.expanded < b.stats.expanded);
    /// assert!(a.stats.canonical > 0 && b.stats.canonical == 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prune_twins(mut self, on: bool) -> Self {
        self.twins = on.then(crate::twins::twin_automaton);
        self
    }

    /// The search state of `board`.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Bound, Goal, Sliding};
    /// let puzzle = Sliding::new(3, 3, Goal::BlankLast, Bound::LinearConflict)?;
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).expect("valid");
    /// assert_eq!(puzzle.node(&board).manhattan, 1);
    /// # Ok::<(), puzzle_sliding::SolveError>(())
    /// ```
    pub fn node(&self, board: &Board) -> Node {
        // The inverse and the pattern values only with tables (else 0, so
        // that equal boards stay equal nodes).
        let (mut inv, mut keys, mut pdb) = (0u128, Keys::default(), Values::default());
        if let Bound::Pdb(p) = &self.bound {
            for c in 0..board.len() {
                inv |= (c as u128) << (5 * u32::from(board.tile(c)));
            }
            p.values(inv, &mut pdb);
            if p.is_direct() {
                keys = p.keys(inv, &mut pdb);
                inv = 0;
            }
        }
        Node {
            board: *board,
            manhattan: self.manhattan.board(board) as u8,
            inv,
            keys,
            pdb,
        }
    }

    /// What [`solve`](Self::solve) runs: IDA* (no move limit that a board
    /// of 25 cells can reach: 255), in parallel with the `parallel`
    /// feature.
    ///
    /// ```
    /// use puzzle_sliding::Sliding;
    /// use puzzle_search_core::Strategy;
    /// assert_eq!(Sliding::solver().strategy(), Strategy::IdaStar { max_depth: 255 });
    /// ```
    pub fn solver() -> Solver {
        Solver::new(Strategy::IdaStar { max_depth: 255 }).parallel(cfg!(feature = "parallel"))
    }

    /// The shortest solution, lexicographically smallest among the
    /// shortest (`D < L < R < U`); `Ok(None)` for a board that cannot
    /// reach the goal (by parity, without search).
    ///
    /// # Errors
    /// The board is of another size.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Bound, Goal, Sliding};
    /// let puzzle = Sliding::new(3, 3, Goal::BlankLast, Bound::LinearConflict)?;
    /// let board = Board::from_tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8]).expect("valid");
    /// assert_eq!(puzzle.solve(&board)?.map(|a| a.to_string()), Some("2 RR".to_string()));
    /// # Ok::<(), puzzle_sliding::SolveError>(())
    /// ```
    pub fn solve(&self, board: &Board) -> Result<Option<Answer>, SolveError> {
        let report = self.solve_with(board, &Self::solver())?;
        match report.outcome.into_result() {
            Ok(moves) => Ok(moves.map(Answer)),
            // Without a budget IDA* ends only with an answer.
            Err(limit) => Err(SolveError::new(ErrorKind::Unfinished(limit.to_string()))),
        }
    }

    /// Runs `solver` on `board`. A board that cannot reach the goal (by
    /// parity) is answered [`Outcome::NoSolution`] at once, without a
    /// search (its statistics count one dead end).
    ///
    /// # Errors
    /// The board is of another size.
    ///
    /// ```
    /// use puzzle_sliding::{Bound, Goal, Sliding, parse_board};
    /// use puzzle_search_core::{Outcome, Solver, Strategy};
    /// let puzzle = Sliding::new(3, 3, Goal::BlankLast, Bound::Manhattan)?;
    /// let board = parse_board("1 2 3 4 5 6 0 7 8", 1, 3, 3)?;
    /// let report = puzzle.solve_with(&board, &Solver::new(Strategy::ida()))?;
    /// assert_eq!(report.solution().map(<[_]>::len), Some(2));
    /// let swapped = parse_board("2 1 3 4 5 6 7 8 0", 1, 3, 3)?;
    /// let report = puzzle.solve_with(&swapped, &Solver::new(Strategy::ida()))?;
    /// assert_eq!(report.outcome, Outcome::NoSolution);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_with(&self, board: &Board, solver: &Solver) -> Result<Report<Dir>, SolveError> {
        if (board.width(), board.height()) != (self.width, self.height) {
            return Err(SolveError::new(ErrorKind::BoardSize {
                board: (board.width(), board.height()),
                puzzle: (self.width, self.height),
            }));
        }
        if !board.is_solvable(self.goal) {
            let mut stats = Stats::default();
            stats.dead_ends = 1;
            return Ok(Report::new(Outcome::NoSolution, stats));
        }
        Ok(solver.solve(MakeUnmake(self), &self.node(board)))
    }

    /// Runs `solver` on every board, side by side
    /// ([`Solver::solve_batch`] of a [`MakeUnmake`]): the reports in input order, each
    /// what [`solve_with`](Self::solve_with) gives for that board alone
    /// (unsolvable boards answered at once). `done(i, &report)` is called
    /// as board `i` finishes, from the thread that ran it.
    ///
    /// # Errors
    /// A board is of another size (nothing is solved then).
    ///
    /// ```
    /// use puzzle_sliding::{Bound, Goal, Sliding, parse_board};
    /// use puzzle_search_core::{Outcome, Solver, Strategy};
    /// let puzzle = Sliding::new(3, 3, Goal::BlankLast, Bound::Manhattan)?;
    /// let boards = [
    ///     parse_board("1 2 3 4 5 6 0 7 8", 1, 3, 3)?,
    ///     parse_board("2 1 3 4 5 6 7 8 0", 2, 3, 3)?, // unsolvable
    /// ];
    /// let reports = puzzle.solve_batch(&boards, &Solver::new(Strategy::ida()), |_, _| {})?;
    /// assert_eq!(reports[0].solution().map(<[_]>::len), Some(2));
    /// assert_eq!(reports[1].outcome, Outcome::NoSolution);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_batch(
        &self,
        boards: &[Board],
        solver: &Solver,
        done: impl Fn(usize, &Report<Dir>) + Sync,
    ) -> Result<Vec<Report<Dir>>, SolveError> {
        if let Some(b) = boards
            .iter()
            .find(|b| (b.width(), b.height()) != (self.width, self.height))
        {
            return Err(SolveError::new(ErrorKind::BoardSize {
                board: (b.width(), b.height()),
                puzzle: (self.width, self.height),
            }));
        }
        let unsolvable = || {
            let mut stats = Stats::default();
            stats.dead_ends = 1;
            Report::new(Outcome::NoSolution, stats)
        };
        let searched: Vec<usize> = (0..boards.len())
            .filter(|&i| boards[i].is_solvable(self.goal))
            .collect();
        let nodes: Vec<Node> = searched.iter().map(|&i| self.node(&boards[i])).collect();
        let found = solver.solve_batch(MakeUnmake(self), &nodes, |k, r| done(searched[k], r));
        let mut reports: Vec<Option<Report<Dir>>> = boards.iter().map(|_| None).collect();
        for (k, report) in found.into_iter().enumerate() {
            reports[searched[k]] = Some(report);
        }
        Ok(reports
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                r.unwrap_or_else(|| {
                    let r = unsolvable();
                    done(i, &r);
                    r
                })
            })
            .collect())
    }

    /// The goal convention.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Bound, Goal, Sliding};
    /// let puzzle = Sliding::new(3, 3, Goal::BlankLast, Bound::LinearConflict)?;
    /// assert_eq!(puzzle.goal(), Goal::BlankLast);
    /// # Ok::<(), puzzle_sliding::SolveError>(())
    /// ```
    pub fn goal(&self) -> Goal {
        self.goal
    }
}

impl Sliding {
    /// Pushes the children of `node` in move order, without the move
    /// `except`.
    #[inline(always)]
    fn push_children(&self, node: &Node, except: Option<Dir>, out: &mut Vec<(Dir, Node)>) {
        let from = node.board.blank();
        for (dir, &to) in Dir::ALL.iter().zip(&self.targets[from]) {
            if to != NONE && Some(*dir) != except {
                let mut child = *node;
                self.advance(&mut child, from, usize::from(to));
                out.push((*dir, child));
            }
        }
    }

    /// The blank goes from cell `from` to its neighbour `to` (the tile
    /// there goes to `from`): the board, its Manhattan distance and the
    /// pattern values follow.
    #[inline(always)]
    fn advance(&self, node: &mut Node, from: usize, to: usize) -> Saved {
        let tile = node.board.slide_here(to);
        let m =
            u32::from(node.manhattan) + self.manhattan.of(tile, from) - self.manhattan.of(tile, to);
        node.manhattan = m as u8;
        match &self.bound {
            Bound::Pdb(p) if p.is_direct() => p.step(tile, to, from, &mut node.keys, &mut node.pdb),
            Bound::Pdb(p) => {
                let saved = node.pdb.save(p.touched(tile));
                node.inv = moved(node.inv, tile, from, to);
                p.update(node.inv, tile, &mut node.pdb);
                saved
            }
            _ => Saved::default(),
        }
    }

    /// The cell the blank reaches from `from` going `dir` (a legal move).
    #[inline(always)]
    fn target(&self, from: usize, dir: Dir) -> usize {
        usize::from(self.targets[from][dir as usize])
    }
}

/// The packed inverse after `tile` goes to cell `from` and the blank to `to`.
#[inline(always)]
fn moved(inv: u128, tile: u8, from: usize, to: usize) -> u128 {
    let t5 = 5 * u32::from(tile);
    let inv = inv & !(31u128 << t5) & !31u128 | (from as u128) << t5 | to as u128;
    debug_assert_eq!(cell_in(inv, tile) as usize, from);
    inv
}

/// What [`InPlace::unmake`] needs to take a move back on a [`Node`]: the
/// blank's cell, the Manhattan distance, and the pattern keys, values and
/// sums the move changed, as they were before it.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    from: u8,
    manhattan: u8,
    pdb: Saved,
}

/// Searched in place by [`Solver::solve`] of a [`MakeUnmake`]: a move changes the one
/// node (the board, the Manhattan distance and at most two pattern
/// indices), and taking it back restores the values it changed from the
/// undo record instead of looking them up again.
impl InPlace for Sliding {
    type Undo = Undo;

    #[inline(always)]
    fn moves(&self, node: &Node, _left: u32, except: Option<Dir>, out: &mut Vec<Dir>) -> bool {
        let from = node.board.blank();
        for (dir, &to) in Dir::ALL.iter().zip(&self.targets[from]) {
            if to != NONE && Some(*dir) != except {
                out.push(*dir);
            }
        }
        false
    }

    #[inline(always)]
    fn make(&self, node: &mut Node, mv: Dir) -> Self::Undo {
        let from = node.board.blank();
        let manhattan = node.manhattan;
        let pdb = self.advance(node, from, self.target(from, mv));
        Undo {
            from: from as u8,
            manhattan,
            pdb,
        }
    }

    /// Manhattan and direct tables: the child's bound from the one or two
    /// entries the move changes; linear conflicts and ranked tables: `None`.
    #[inline(always)]
    fn bound_after(&self, node: &Node, mv: Dir) -> Option<u32> {
        let from = node.board.blank();
        let to = self.target(from, mv);
        let tile = node.board.tile(to);
        let m = || {
            u32::from(node.manhattan) + self.manhattan.of(tile, from) - self.manhattan.of(tile, to)
        };
        match &self.bound {
            Bound::Manhattan => Some(m()),
            Bound::LinearConflict => None,
            Bound::Pdb(p) => {
                let t = p.total_after(tile, to, from, &node.keys, &node.pdb)?;
                Some(if p.covers_all() { t } else { t.max(m()) })
            }
        }
    }

    /// Direct tables: the keys and entries the cut needs are the ones the
    /// move writes, computed once; Manhattan: one sum for both.
    #[inline(always)]
    fn make_within(&self, node: &mut Node, mv: Dir, max: u32) -> Result<Undo, u32> {
        let from = node.board.blank();
        let to = self.target(from, mv);
        let tile = node.board.tile(to);
        let manhattan = node.manhattan;
        // The child's Manhattan distance: the bound, or with tables only
        // what the played node keeps (worked out after the cut, which half
        // the children meet).
        let m =
            || u32::from(manhattan) + self.manhattan.of(tile, from) - self.manhattan.of(tile, to);
        let (pdb, m) = match &self.bound {
            Bound::Manhattan => match m() {
                m if m > max => return Err(m),
                m => (Saved::default(), m),
            },
            Bound::LinearConflict => return Ok(self.make(node, mv)),
            Bound::Pdb(p) => {
                let floor = if p.covers_all() { 0 } else { m() };
                match p.step_within(tile, to, from, &mut node.keys, &mut node.pdb, floor, max) {
                    Some(Ok(saved)) => (saved, m()),
                    Some(Err(bound)) => return Err(bound),
                    // Ranked tables: the two entries read first; a cut
                    // child is never played.
                    None => {
                        let inv = moved(node.inv, tile, from, to);
                        let after = p.ranked_after(inv, tile, &node.pdb);
                        let bound = u32::from(after.2[0].max(after.2[1])).max(floor);
                        if bound > max {
                            return Err(bound);
                        }
                        node.inv = inv;
                        (p.ranked_set(&mut node.pdb, after), m())
                    }
                }
            }
        };
        node.board.slide_here(to);
        node.manhattan = m as u8;
        Ok(Undo {
            from: from as u8,
            manhattan,
            pdb,
        })
    }

    #[inline(always)]
    fn unmake(&self, node: &mut Node, _mv: Dir, undo: Undo) {
        let to = node.board.blank();
        let from = usize::from(undo.from);
        let tile = node.board.slide_here(from);
        node.manhattan = undo.manhattan;
        if let Bound::Pdb(p) = &self.bound {
            if p.is_direct() {
                p.step_back(tile, undo.pdb, &mut node.keys, &mut node.pdb);
            } else {
                node.pdb.restore(p.touched(tile), undo.pdb);
                node.inv = moved(node.inv, tile, to, from);
            }
        }
    }
}

/// The boards numbered by the Lehmer code of their tiles (cells in order):
/// `cells!` ranks, both parities (the half the goal cannot reach is never
/// counted). For the core's dense census ([`Solver::census_ranked`]); a
/// board of more than 12 cells has more ranks than that census takes
/// (2^32), so it falls back to the hash census.
///
/// ```
/// use puzzle_sliding::{Board, Bound, Goal, Sliding};
/// use puzzle_search_core::{Solver, Strategy};
/// let puzzle = Sliding::new(2, 3, Goal::BlankLast, Bound::Manhattan)?;
/// let goal = puzzle.node(&Board::goal(2, 3, Goal::BlankLast).expect("2x3"));
/// let census = Solver::new(Strategy::bfs()).census_ranked(&puzzle, &goal);
/// assert_eq!((census.states(), census.radius()), (360, Some(21))); // 6! / 2 boards
/// # Ok::<(), puzzle_sliding::SolveError>(())
/// ```
impl Ranked for Sliding {
    fn space_size(&self) -> u64 {
        let n = (self.width * self.height) as u64;
        (1..=n)
            .try_fold(1u64, |f, k| f.checked_mul(k))
            .unwrap_or(u64::MAX)
    }

    fn rank(&self, node: &Node) -> u64 {
        let n = node.board.len();
        let mut tiles = [0u8; MAX_CELLS];
        for (c, t) in tiles.iter_mut().enumerate().take(n) {
            *t = node.board.tile(c);
        }
        puzzle_search_core::rank::placement_rank(n, &tiles[..n])
    }

    fn unrank(&self, rank: u64) -> Node {
        let n = self.width * self.height;
        let mut tiles = [0u8; MAX_CELLS];
        puzzle_search_core::rank::placement_unrank(n, rank, &mut tiles[..n]);
        // Every rank below `space_size` is a permutation, so a board; a
        // larger one wraps to one (the contract asks for ranks below it).
        let board = Board::from_tiles(self.width, self.height, &tiles[..n]).unwrap_or(self.home);
        self.node(&board)
    }
}

impl Puzzle for Sliding {
    type State = Node;
    type Move = Dir;

    #[inline]
    fn successors(&self, node: &Node, out: &mut Vec<(Dir, Node)>) {
        self.push_children(node, None, out);
    }

    #[inline]
    fn inverse(&self, mv: Dir) -> Option<Dir> {
        Some(mv.reverse())
    }

    #[inline(always)]
    fn canonical(&self, _: &Node, q: u32, mv: Dir, promise: Promise) -> Option<u32> {
        match self.twins {
            Some(a) if promise == Promise::Shortest => a.step(q, mv as usize),
            _ => Some(0),
        }
    }

    #[inline]
    fn successors_except(
        &self,
        node: &Node,
        _left: u32,
        except: Dir,
        out: &mut Vec<(Dir, Node)>,
    ) -> bool {
        self.push_children(node, Some(except), out);
        false
    }

    #[inline(always)]
    fn is_goal(&self, node: &Node) -> bool {
        // Every tile home puts the blank home too.
        node.manhattan == 0
    }

    #[inline(always)]
    fn lower_bound(&self, node: &Node) -> Option<u32> {
        let m = u32::from(node.manhattan);
        Some(match &self.bound {
            Bound::Manhattan => m,
            Bound::LinearConflict => m + self.manhattan.conflicts(&node.board),
            // A partition of every tile already bounds Manhattan.
            Bound::Pdb(p) if p.covers_all() => p.total(&node.pdb),
            Bound::Pdb(p) => p.total(&node.pdb).max(m),
        })
    }

    fn apply(&self, node: &Node, mv: Dir) -> Option<Node> {
        let (board, _) = node.board.slide(mv)?;
        Some(self.node(&board))
    }

    /// The blank going `d` leads here from the board where it goes the
    /// other way: for bidirectional search.
    fn predecessors(&self, node: &Node, out: &mut Vec<(Dir, Node)>) -> bool {
        for d in Dir::ALL {
            if let Some((prev, _)) = node.board.slide(d.reverse()) {
                out.push((d, self.node(&prev)));
            }
        }
        true
    }

    fn goal_states(&self, out: &mut Vec<Node>) -> bool {
        out.push(self.node(&self.home));
        true
    }
}
