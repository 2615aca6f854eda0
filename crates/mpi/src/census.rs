//! The census over ranks: states spread by a fixed hash, one all-to-all
//! exchange a layer, at most `max_states` a rank.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Instant;

use crate::Cluster;
use crate::wire::{TAG_CENSUS, decode, encode, offsets, round_slices};
use mpi::Count;
use mpi::collective::{CommunicatorCollectives, SystemOperation};
use mpi::datatype::{Partition, PartitionMut};
use mpi::point_to_point::Destination;
use mpi::topology::Communicator;
use puzzle_search_core::{Census, Limit, Puzzle, Stats};
use serde::Serialize;
use serde::de::DeserializeOwned;

impl Cluster {
    /// The root: how many states lie at each distance from `start`, as
    /// `Solver::census` counts them, with the states spread over every
    /// rank by a hash (each rank keeps its share in a hash set: at most
    /// `max_states` per rank, else the census stops with
    /// `Limit::States` after its last complete layer). Layer by layer,
    /// each rank expands its share of the frontier and sends each child to
    /// the rank that owns it (one all-to-all exchange a layer). The other
    /// ranks get [`Work::Census`](crate::Work::Census) with `job` and must
    /// [`serve_census`](Self::serve_census) the same puzzle and start.
    ///
    /// # Panics
    /// On a rank other than the root, or after [`finish`](Self::finish).
    pub fn census<P>(&self, job: &[u8], puzzle: &P, start: &P::State, max_states: usize) -> Census
    where
        P: Puzzle,
        P::State: Serialize + DeserializeOwned,
    {
        assert!(self.is_root(), "Cluster::census runs on the root (rank 0)");
        assert!(!self.ended.get(), "Cluster::census after finish");
        for r in 1..self.size() {
            self.world
                .process_at_rank(r as i32)
                .send_with_tag(job, TAG_CENSUS);
        }
        self.census_here(puzzle, start, max_states)
    }

    /// A rank other than the root: its share of the current
    /// [`census`](Self::census) (the same puzzle, start and `max_states`).
    ///
    /// # Panics
    /// On the root.
    pub fn serve_census<P>(&self, puzzle: &P, start: &P::State, max_states: usize)
    where
        P: Puzzle,
        P::State: Serialize + DeserializeOwned,
    {
        assert!(
            !self.is_root(),
            "Cluster::serve_census runs on ranks other than the root"
        );
        self.census_here(puzzle, start, max_states);
    }

    /// Every rank's part of a census; every rank gets the whole result.
    pub(crate) fn census_here<P>(&self, puzzle: &P, start: &P::State, max_states: usize) -> Census
    where
        P: Puzzle,
        P::State: Serialize + DeserializeOwned,
    {
        let began = Instant::now();
        let (size, me) = (self.size(), self.rank());
        // The same hash on every rank (fixed keys), so all agree who owns
        // a state.
        let owner = |state: &P::State| {
            let mut h = DefaultHasher::new();
            state.hash(&mut h);
            (h.finish() % size as u64) as usize
        };
        let mut seen: HashSet<P::State> = HashSet::new();
        let mut frontier = Vec::new();
        if owner(start) == me {
            seen.insert(start.clone());
            frontier.push(start.clone());
        }
        let mut layers = vec![1u64];
        let (mut stopped, mut stats) = (None, Stats::default());
        let mut children = Vec::new();
        loop {
            let mut out: Vec<Vec<P::State>> = (0..size).map(|_| Vec::new()).collect();
            for state in frontier.drain(..) {
                children.clear();
                puzzle.successors(&state, &mut children);
                stats.expanded += 1;
                stats.generated += children.len() as u64;
                for (_, child) in children.drain(..) {
                    out[owner(&child)].push(child);
                }
            }
            // This rank's own children stay here, not encoded.
            let mut arrived = std::mem::take(&mut out[me]);
            arrived.extend(self.exchange(out));
            let mut full = false;
            for child in arrived {
                if seen.contains(&child) {
                    stats.duplicates += 1;
                } else if seen.len() >= max_states {
                    full = true;
                } else {
                    seen.insert(child.clone());
                    frontier.push(child);
                }
            }
            let layer = self.sum(frontier.len() as u64);
            if self.sum(u64::from(full)) > 0 {
                stopped = Some(Limit::States);
                break;
            }
            if layer == 0 {
                break;
            }
            layers.push(layer);
        }
        stats.expanded = self.sum(stats.expanded);
        stats.generated = self.sum(stats.generated);
        stats.duplicates = self.sum(stats.duplicates);
        stats.peak_visited = self.sum(seen.len() as u64);
        stats.peak_frontier = layers.iter().copied().max().unwrap_or(0);
        stats.elapsed = began.elapsed();
        Census::new(layers, stopped, stats)
    }

    /// `value` summed over every rank.
    pub(crate) fn sum(&self, value: u64) -> u64 {
        let mut total = 0u64;
        self.world
            .all_reduce_into(&value, &mut total, SystemOperation::sum());
        total
    }

    /// Sends `out[r]` to rank `r` and returns what every rank sent here
    /// (one all-to-all exchange; every rank calls it).
    pub(crate) fn exchange<T: Serialize + DeserializeOwned>(&self, out: Vec<Vec<T>>) -> Vec<T> {
        let bytes: Vec<Vec<u8>> = out.iter().map(encode).collect();
        // MPI counts and offsets are 32-bit: rounds of at most `chunk`
        // bytes to each rank, so that one round's whole buffer fits too,
        // as many rounds as the largest message of any rank needs.
        let chunk = (Count::MAX as usize / bytes.len().max(1)).max(1);
        let longest = bytes.iter().map(Vec::len).max().unwrap_or(0);
        let rounds = self.max(longest.div_ceil(chunk).max(1) as u64);
        let mut received: Vec<Vec<u8>> = vec![Vec::new(); bytes.len()];
        for round in 0..rounds as usize {
            let slices = round_slices(&bytes, chunk, round);
            // Each slice is at most `chunk` bytes, and all together at most
            // `Count::MAX`: the conversions below cannot truncate.
            let counts: Vec<Count> = slices.iter().map(|s| s.len() as Count).collect();
            let mut got = vec![0 as Count; counts.len()];
            self.world.all_to_all_into(&counts[..], &mut got[..]);
            let (send_at, recv_at) = (offsets(&counts), offsets(&got));
            let send: Vec<u8> = slices.concat();
            let mut recv = vec![0u8; got.iter().map(|&n| n as usize).sum()];
            {
                let sent = Partition::new(&send[..], &counts[..], &send_at[..]);
                let mut into = PartitionMut::new(&mut recv[..], &got[..], &recv_at[..]);
                self.world.all_to_all_varcount_into(&sent, &mut into);
            }
            for ((from, at), n) in received.iter_mut().zip(&recv_at).zip(&got) {
                from.extend_from_slice(&recv[*at as usize..(*at + *n) as usize]);
            }
        }
        let mut all = Vec::new();
        for part in received {
            all.extend(decode::<Vec<T>>(&part, "census layer"));
        }
        all
    }

    /// The largest of `value` over every rank.
    pub(crate) fn max(&self, value: u64) -> u64 {
        let mut most = 0u64;
        self.world
            .all_reduce_into(&value, &mut most, SystemOperation::max());
        most
    }
}
