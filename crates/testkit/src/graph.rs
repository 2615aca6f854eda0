//! Seeded random explicit graphs as puzzles, with the exact distances and
//! brute-force enumerations the strategies are checked against.

use std::collections::VecDeque;

use puzzle_search_core::{Puzzle, input::SplitMix64};

/// A directed graph whose edges are labelled moves (sorted by label, so
/// `successors` gives them in the canonical order); some nodes are goals.
///
/// The knobs are public fields so that a test can turn one case into
/// another (an exact bound, an inconsistent one, children left out).
#[derive(Clone, Debug)]
pub struct Graph {
    /// `edges[v]`: the moves out of `v` and where they lead, by label.
    pub edges: Vec<Vec<(u8, u32)>>,
    /// `goals[v]`: whether `v` is a goal.
    pub goals: Vec<bool>,
    /// Exact distance to a goal; `None` when no goal is reachable.
    pub dist: Vec<Option<u32>>,
    /// The bound is `dist / weaken` (1: exact, larger: weaker)...
    pub weaken: u32,
    /// ...but exact at these states (an admissible, inconsistent bound).
    pub exact: Vec<u32>,
    /// Whether `lower_bound` says `None` (dead end) where no goal is
    /// reachable; when false the bound is 0 there and the search has to
    /// find the dead end itself.
    pub dead_ends: bool,
    /// Whether `successors_within` leaves out every child it may (those
    /// with no goal within the moves left).
    pub trim: bool,
    /// Whether the graph gives predecessors and its goal list (for
    /// bidirectional search).
    pub reversible: bool,
}

impl Graph {
    /// A graph from its edges (each list sorted by label) and goals, with
    /// exact distances computed backwards from the goals; dead ends are
    /// not reported, children not trimmed, predecessors not given.
    pub fn new(edges: Vec<Vec<(u8, u32)>>, goals: Vec<bool>, weaken: u32) -> Self {
        let n = edges.len();
        let mut reverse = vec![Vec::new(); n];
        for (u, out) in edges.iter().enumerate() {
            for &(_, v) in out {
                reverse[v as usize].push(u);
            }
        }
        let mut dist = vec![None; n];
        let mut queue = VecDeque::new();
        for v in (0..n).filter(|&v| goals[v]) {
            dist[v] = Some(0);
            queue.push_back(v);
        }
        while let Some(v) = queue.pop_front() {
            let d = dist[v].map_or(0, |d| d + 1);
            for &u in &reverse[v] {
                if dist[u].is_none() {
                    dist[u] = Some(d);
                    queue.push_back(u);
                }
            }
        }
        Self {
            edges,
            goals,
            dist,
            weaken,
            exact: Vec::new(),
            dead_ends: false,
            trim: false,
            reversible: false,
        }
    }

    /// A small sparse graph: 2 to 8 nodes, each a goal with probability
    /// 1/4 (see [`Graph::sparse`]).
    pub fn small(rng: &mut SplitMix64) -> Self {
        let n = 2 + rng.below(7) as usize;
        Self::sparse(rng, n, 4)
    }

    /// `n` nodes with 0 to 3 moves each among labels 0..5, each node a goal
    /// with probability `1 / goal_one_in`, a bound weakened by 1 to 3, dead
    /// ends reported.
    pub fn sparse(rng: &mut SplitMix64, n: usize, goal_one_in: u64) -> Self {
        let edges = random_edges(rng, n, 5, 0);
        let goals = (0..n).map(|_| rng.below(goal_one_in) == 0).collect();
        let weaken = 1 + rng.below(3) as u32;
        let mut graph = Self::new(edges, goals, weaken);
        graph.dead_ends = true;
        graph
    }

    /// `n` nodes with 1 to 3 moves each among labels 0..6 (many cycles),
    /// `goals_per_100` goals in a hundred, a bound weakened by 1, 2, 3 or
    /// 1000, dead ends left for the search to find.
    pub fn cyclic(rng: &mut SplitMix64, n: usize, goals_per_100: u64) -> Self {
        let edges = random_edges(rng, n, 6, 1);
        let goals = (0..n).map(|_| rng.below(100) < goals_per_100).collect();
        let weaken = [1, 2, 3, 1000][rng.below(4) as usize];
        Self::new(edges, goals, weaken)
    }

    /// The lexicographically smallest shortest solution, from the exact
    /// distances: at each step the smallest move that gets one closer.
    pub fn expected(&self, start: u32) -> Option<Vec<u8>> {
        let mut at = start as usize;
        let mut moves = Vec::new();
        let mut d = self.dist[at]?;
        while d > 0 {
            let &(m, to) = self.edges[at]
                .iter()
                .find(|&&(_, to)| self.dist[to as usize] == Some(d - 1))?;
            moves.push(m);
            at = to as usize;
            d -= 1;
        }
        Some(moves)
    }

    /// The first sequence in lexicographic order (a prefix before its
    /// extensions) of at most `max` moves whose end satisfies
    /// `ok(length, state)`, by plain enumeration.
    pub fn brute(
        &self,
        start: u32,
        max: usize,
        ok: &dyn Fn(usize, u32) -> bool,
    ) -> Option<Vec<u8>> {
        fn go(
            g: &Graph,
            at: u32,
            path: &mut Vec<u8>,
            max: usize,
            ok: &dyn Fn(usize, u32) -> bool,
        ) -> bool {
            if ok(path.len(), at) {
                return true;
            }
            if path.len() == max {
                return false;
            }
            for &(m, to) in &g.edges[at as usize] {
                path.push(m);
                if go(g, to, path, max, ok) {
                    return true;
                }
                path.pop();
            }
            false
        }
        let mut path = Vec::new();
        go(self, start, &mut path, max, ok).then_some(path)
    }

    /// Every sequence of exactly `len` moves from `start` that ends at a
    /// goal, in lexicographic order, by plain enumeration.
    pub fn every_sequence(&self, start: u32, len: usize) -> Vec<Vec<u8>> {
        fn go(g: &Graph, at: u32, path: &mut Vec<u8>, len: usize, out: &mut Vec<Vec<u8>>) {
            if path.len() == len {
                if g.goals[at as usize] {
                    out.push(path.clone());
                }
                return;
            }
            for &(m, to) in &g.edges[at as usize] {
                path.push(m);
                go(g, to, path, len, out);
                path.pop();
            }
        }
        let mut out = Vec::new();
        go(self, start, &mut Vec::new(), len, &mut out);
        out
    }
}

/// `n` nodes, each with `min_degree..=3` moves: distinct labels drawn from
/// `0..labels`, random targets, sorted by label.
fn random_edges(
    rng: &mut SplitMix64,
    n: usize,
    labels: u8,
    min_degree: usize,
) -> Vec<Vec<(u8, u32)>> {
    let mut edges = Vec::with_capacity(n);
    for _ in 0..n {
        let mut pool: Vec<u8> = (0..labels).collect();
        rng.shuffle(&mut pool);
        let degree = min_degree + rng.below(4 - min_degree as u64) as usize;
        let mut out: Vec<(u8, u32)> = pool[..degree]
            .iter()
            .map(|&l| (l, rng.below(n as u64) as u32))
            .collect();
        out.sort();
        edges.push(out);
    }
    edges
}

impl Graph {
    /// The shortest solutions from `start` of at most `max` moves: their
    /// length and number, by a breadth-first search that sums, for each
    /// node, the ways into it over the moves from the layer before (two
    /// moves between the same nodes are two ways). `None`: no goal within
    /// `max` moves. The oracle of the core's counting.
    pub fn path_count(&self, start: u32, max: u32) -> Option<(u32, u128)> {
        let n = self.edges.len();
        let mut depth = vec![u32::MAX; n];
        let mut ways = vec![0u128; n];
        depth[start as usize] = 0;
        ways[start as usize] = 1;
        let mut layer = vec![start];
        for d in 0..=max {
            let goals: u128 = layer
                .iter()
                .filter(|&&v| self.goals[v as usize])
                .map(|&v| ways[v as usize])
                .sum();
            if goals > 0 {
                return Some((d, goals));
            }
            let mut next = Vec::new();
            for &u in &layer {
                for &(_, v) in &self.edges[u as usize] {
                    if depth[v as usize] == u32::MAX {
                        depth[v as usize] = d + 1;
                        next.push(v);
                    }
                    if depth[v as usize] == d + 1 {
                        ways[v as usize] += ways[u as usize];
                    }
                }
            }
            if next.is_empty() {
                return None;
            }
            layer = next;
        }
        None
    }
}

impl Puzzle for Graph {
    type State = u32;
    type Move = u8;
    fn successors(&self, s: &u32, out: &mut Vec<(u8, u32)>) {
        out.extend_from_slice(&self.edges[*s as usize]);
    }
    fn successors_within(&self, s: &u32, left: u32, out: &mut Vec<(u8, u32)>) -> bool {
        self.successors(s, out);
        if self.trim {
            out.retain(|&(_, c)| self.dist[c as usize].is_some_and(|d| d < left));
        }
        self.trim
    }
    fn is_goal(&self, s: &u32) -> bool {
        self.goals[*s as usize]
    }
    fn lower_bound(&self, s: &u32) -> Option<u32> {
        let weaken = if self.exact.contains(s) {
            1
        } else {
            self.weaken
        };
        match self.dist[*s as usize] {
            Some(d) => Some(d / weaken),
            None if self.dead_ends => None,
            None => Some(0),
        }
    }
    fn predecessors(&self, s: &u32, out: &mut Vec<(u8, u32)>) -> bool {
        if self.reversible {
            for (from, edges) in self.edges.iter().enumerate() {
                let into = edges.iter().filter(|e| e.1 == *s);
                out.extend(into.map(|e| (e.0, from as u32)));
            }
        }
        self.reversible
    }
    fn goal_states(&self, out: &mut Vec<u32>) -> bool {
        if self.reversible {
            out.extend((0..self.goals.len() as u32).filter(|&v| self.goals[v as usize]));
        }
        self.reversible
    }
}
