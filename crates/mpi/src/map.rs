//! Maps: whole items (a start each, say) on every rank's threads, the
//! last ones to idle threads only.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};

use crate::Cluster;
use crate::pace::{Backoff, QUEUED, fewest};
use crate::wire::{TAG_ITEM, TAG_JOB_DONE, TAG_MAP, TAG_RESULT, decode};
use mpi::point_to_point::Destination;
use mpi::topology::Communicator;

/// Starts `threads` threads in `scope` that apply `f` to the items of
/// `items` and send the results to `done`.
pub(crate) fn spawn_mappers<'s, 'e: 's>(
    scope: &'s std::thread::Scope<'s, 'e>,
    threads: usize,
    f: &'e (dyn Fn(&[u8]) -> Vec<u8> + Sync),
    items: Receiver<(u32, Vec<u8>)>,
    done: Sender<(u32, Vec<u8>)>,
) {
    let items = Arc::new(Mutex::new(items));
    for _ in 0..threads {
        let (items, done) = (items.clone(), done.clone());
        scope.spawn(move || {
            loop {
                let next = items.lock().map(|rx| rx.recv());
                let Ok(Ok((i, item))) = next else {
                    break;
                };
                if done.send((i, f(&item))).is_err() {
                    break;
                }
            }
        });
    }
}

impl Cluster {
    /// The root: `f` applied to every item, on every rank's threads (each
    /// item whole on one thread, handed out as threads run dry), the
    /// results in the items' order. The other ranks get [`Work::Map`](crate::Work::Map) with
    /// `job` from [`next_job`](Self::next_job) and must
    /// [`serve_map`](Self::serve_map) with the same `f`. For batches of
    /// searches: `job` the puzzle, each item one start, each result its
    /// encoded report; each search then runs whole on one thread (no
    /// messages while it runs, but the batch ends with its slowest
    /// search), where [`solve_batch`](Self::solve_batch) splits them all
    /// over every rank.
    ///
    /// # Panics
    /// On a rank other than the root, or after [`finish`](Self::finish).
    pub fn map(
        &self,
        job: &[u8],
        items: &[Vec<u8>],
        f: &(dyn Fn(&[u8]) -> Vec<u8> + Sync),
    ) -> Vec<Vec<u8>> {
        assert!(self.is_root(), "Cluster::map runs on the root (rank 0)");
        assert!(!self.ended.get(), "Cluster::map after finish");
        for r in 1..self.size() {
            self.world
                .process_at_rank(r as i32)
                .send_with_tag(job, TAG_MAP);
        }
        let mut results: Vec<Option<Vec<u8>>> = vec![None; items.len()];
        std::thread::scope(|scope| {
            let (item_tx, item_rx) = mpsc::channel::<(u32, Vec<u8>)>();
            let (done_tx, done_rx) = mpsc::channel::<(u32, Vec<u8>)>();
            spawn_mappers(scope, self.own, f, item_rx, done_tx);
            let total: usize = self.threads.iter().sum();
            let mut held = vec![0; self.size()];
            let (mut next, mut out, mut wait) = (0usize, 0usize, Backoff::default());
            loop {
                while next < items.len() {
                    // While items are plenty, each thread holds one behind
                    // the one it works on; the last ones go to idle threads
                    // only (an item queued on a busy rank could not move to
                    // one that ran dry).
                    let per_thread = if items.len() - next > total * QUEUED {
                        QUEUED
                    } else {
                        1
                    };
                    let Some(rank) = fewest(&held, &self.threads, per_thread) else {
                        break;
                    };
                    held[rank] += 1;
                    out += 1;
                    let item = (next as u32, items[next].clone());
                    self.hand_out(rank, item, &item_tx, TAG_ITEM);
                    next += 1;
                }
                if out == 0 {
                    break;
                }
                let arrived = self.arrivals(&done_rx, TAG_RESULT, &mut wait, held[0] == 0);
                for (rank, (i, result)) in arrived {
                    held[rank] -= 1;
                    out -= 1;
                    results[i as usize] = Some(result);
                }
            }
            drop(item_tx);
        });
        for r in 1..self.size() {
            self.world
                .process_at_rank(r as i32)
                .send_with_tag(&[0u8][..], TAG_JOB_DONE);
        }
        results
            .into_iter()
            .map(|r| r.expect("every item answered"))
            .collect()
    }

    /// A rank other than the root: applies `f` to the items of the
    /// current [`map`](Self::map) on this rank's threads until it ends.
    ///
    /// # Panics
    /// On the root.
    pub fn serve_map(&self, f: &(dyn Fn(&[u8]) -> Vec<u8> + Sync)) {
        assert!(
            !self.is_root(),
            "Cluster::serve_map runs on ranks other than the root"
        );
        std::thread::scope(|scope| {
            let (item_tx, item_rx) = mpsc::channel::<(u32, Vec<u8>)>();
            let (done_tx, done_rx) = mpsc::channel::<(u32, Vec<u8>)>();
            spawn_mappers(scope, self.own, f, item_rx, done_tx);
            self.serve_loop(
                &done_rx,
                TAG_RESULT,
                || false,
                |tag, bytes| match tag {
                    TAG_ITEM => {
                        let item: (u32, Vec<u8>) = decode(bytes, "item");
                        item_tx.send(item).expect("the threads run");
                    }
                    tag => panic!("rank {}: message tag {tag} during a map", self.rank()),
                },
            );
            drop(item_tx);
        });
    }
}
