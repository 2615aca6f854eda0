//! The root's scheduler of parts: the passes under way, parts handed out
//! leftmost first to the rank that holds fewest a thread, asks for work
//! once none waits, stops right of a solution; the part runner each
//! search's driver gives the core; what a rank's threads share (`Control`).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::Cluster;
use crate::pace::{Backoff, QUEUED, fewest};
use crate::wire::{Job, Sent, TAG_ASK, TAG_PART, TAG_REPORT, TAG_STOP, decode, encode};
use mpi::point_to_point::{Destination, MatchedReceiveVec, Source, Status};
use mpi::topology::Communicator;
use puzzle_search_core::portable::{Part, PartEnd, PartReport, PartRunner};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// How long a part takes to reach a rank's thread after another part of
/// that rank ended, at worst: the rank's and then the root's main thread
/// each look at MPI at least every [`IDLE_MAX`](crate::pace::IDLE_MAX), plus the messages. A rank
/// holds enough parts per thread to keep it busy that long.
pub(crate) const LATENCY: Duration = Duration::from_millis(3);

/// The most parts a rank holds per thread (a queued part cannot move to
/// another rank: at the end of a pass only hand-overs even work out).
pub(crate) const MOST_QUEUED: usize = 32;

/// Every part of a pass with its report (none for a part left
/// unsearched), as a [`PartRunner`] returns them.
pub(crate) type Searched<M> = Vec<(Part<M>, Option<PartReport<M>>)>;

/// What stops a rank's parts right of a solution and asks them to hand
/// work over, behind one lock (taken when a part starts or ends and when
/// the root says something, never while searching).
pub(crate) struct Control<M> {
    pub(crate) watch: Mutex<Watch<M>>,
    /// Parts given to the threads and not finished.
    pub(crate) pending: AtomicUsize,
}

/// A searcher thread's part and flags.
pub(crate) struct Slot<M> {
    /// The part it searches: pass, number, start.
    pub(crate) at: Option<(u64, u32, Vec<M>)>,
    /// Its searcher's stop flag and hand-over request.
    pub(crate) flags: Option<(Arc<AtomicBool>, Arc<AtomicBool>)>,
}

/// Asks kept for parts no thread has taken yet, at most (more are
/// dropped: asks for parts that ended before the ask came).
pub(crate) const MOST_ASKED: usize = 1024;

pub(crate) struct Watch<M> {
    /// Per pass, the start right of which no part matters (a solution or
    /// a budget stop left of it).
    pub(crate) cuts: HashMap<u64, Vec<M>>,
    pub(crate) threads: Vec<Slot<M>>,
    /// Parts asked to hand work over before a thread took them.
    pub(crate) asked: HashSet<(u64, u32)>,
}

impl<M: Ord> Control<M> {
    pub(crate) fn new(threads: usize) -> Self {
        let threads = (0..threads)
            .map(|_| Slot {
                at: None,
                flags: None,
            })
            .collect();
        Self {
            watch: Mutex::new(Watch {
                cuts: HashMap::new(),
                threads,
                asked: HashSet::new(),
            }),
            pending: AtomicUsize::new(0),
        }
    }

    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, Watch<M>> {
        self.watch.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A part goes to the threads' queue.
    pub(crate) fn queued(&self) {
        self.pending.fetch_add(1, Ordering::SeqCst);
    }

    /// Whether the threads have no part to search.
    pub(crate) fn idle(&self) -> bool {
        self.pending.load(Ordering::SeqCst) == 0
    }

    /// Thread `t`'s searcher's stop flag and hand-over request.
    pub(crate) fn register(&self, t: usize, stop: Arc<AtomicBool>, ask: Arc<AtomicBool>) {
        self.lock().threads[t].flags = Some((stop, ask));
    }

    /// Thread `t` starts part `id` of `pass`: `false` when it lies right
    /// of the pass's cut (it is then not searched). Its flags are reset
    /// here, under the lock, so that what was meant for its last part
    /// never reaches this one, and set again when this part was asked for
    /// work.
    pub(crate) fn begin(&self, t: usize, pass: u64, id: u32, start: Vec<M>) -> bool {
        let mut watch = self.lock();
        let asked = watch.asked.remove(&(pass, id));
        let right = watch.cuts.get(&pass).is_some_and(|cut| start > *cut);
        let slot = &mut watch.threads[t];
        if let Some((stop, ask)) = &slot.flags {
            stop.store(false, Ordering::SeqCst);
            ask.store(asked && !right, Ordering::SeqCst);
        }
        slot.at = (!right).then_some((pass, id, start));
        !right
    }

    /// Thread `t` finished its part.
    pub(crate) fn end(&self, t: usize) {
        self.lock().threads[t].at = None;
        self.pending.fetch_sub(1, Ordering::SeqCst);
    }

    /// Stops the parts of `pass` that start right of `cut`: those searched
    /// now, and those still queued when a thread takes them.
    pub(crate) fn cut(&self, pass: u64, cut: Vec<M>) {
        let mut watch = self.lock();
        if watch.cuts.get(&pass).is_some_and(|old| *old <= cut) {
            return;
        }
        for slot in &watch.threads {
            if let (Some((p, _, start)), Some((stop, _))) = (&slot.at, &slot.flags) {
                if *p == pass && *start > cut {
                    stop.store(true, Ordering::SeqCst);
                }
            }
        }
        watch.cuts.insert(pass, cut);
    }

    /// Asks part `id` of `pass` to hand work over: its thread now, or the
    /// thread that takes it later.
    pub(crate) fn ask(&self, pass: u64, id: u32) {
        let mut watch = self.lock();
        for slot in &watch.threads {
            if let (Some((p, i, _)), Some((_, ask))) = (&slot.at, &slot.flags) {
                if (*p, *i) == (pass, id) {
                    ask.store(true, Ordering::SeqCst);
                    return;
                }
            }
        }
        if watch.asked.len() >= MOST_ASKED {
            watch.asked.clear();
        }
        watch.asked.insert((pass, id));
    }
}

/// What reaches the root's main thread from its own threads: what a
/// searcher thread sends, a driver's pass, a driver's search ended.
pub(crate) enum Event<M> {
    Sent(Sent<M>),
    Pass(NewPass<M>),
    Ended,
}

/// A pass a driver wants searched, and where its parts' reports go.
pub(crate) struct NewPass<M> {
    /// The start the search is of (its index in the job's starts).
    pub(crate) start: u32,
    pub(crate) limit: u32,
    pub(crate) parts: Vec<Part<M>>,
    pub(crate) answer: Sender<Searched<M>>,
}

/// Sends [`Event::Ended`] when dropped: after a driver's search, or when
/// it panicked.
pub(crate) struct Ended<'a, M>(pub(crate) &'a Sender<Event<M>>);

impl<M> Drop for Ended<'_, M> {
    fn drop(&mut self) {
        let _ = self.0.send(Event::Ended);
    }
}

/// A driver's [`PartRunner`]: hands each pass to the root's main thread
/// and waits for its parts' reports.
pub(crate) struct Driver<'a, M> {
    pub(crate) start: u32,
    pub(crate) events: &'a Sender<Event<M>>,
    /// The most parts a pass is split into.
    pub(crate) most: usize,
}

/// The time a part should take at least, so that its messages (a few
/// tens of microseconds) cost little: a pass predicted to take `t` on one
/// thread is split into about `t / PART_TIME` parts.
pub(crate) const PART_TIME: Duration = Duration::from_millis(2);

impl<M: Send> PartRunner<M> for Driver<'_, M> {
    fn run(&self, limit: u32, parts: Vec<Part<M>>) -> Searched<M> {
        let (answer, reports) = mpsc::channel();
        let pass = NewPass {
            start: self.start,
            limit,
            parts,
            answer,
        };
        self.events
            .send(Event::Pass(pass))
            .unwrap_or_else(|_| panic!("the root's main thread has gone"));
        reports
            .recv()
            .unwrap_or_else(|_| panic!("the root's main thread has gone"))
    }

    fn parts_wanted(&self, predicted: Option<Duration>) -> usize {
        // Enough that uneven parts even out over every thread, but no more
        // than keeps each part long enough to repay its messages: the
        // early passes of an IDA* search are tiny (the first in one part).
        let Some(predicted) = predicted else {
            return 1;
        };
        ((predicted.as_secs_f64() / PART_TIME.as_secs_f64()) as usize).clamp(1, self.most)
    }
}

/// A part of a pass on the root: where it starts, where it is searched
/// and how it went.
pub(crate) struct Entry<M> {
    pub(crate) part: Part<M>,
    pub(crate) start: Vec<M>,
    /// The rank it was handed to.
    pub(crate) rank: Option<usize>,
    /// Asked to hand work over, with no answer yet (a part handed over or
    /// its report).
    pub(crate) asked: bool,
    pub(crate) report: Option<PartReport<M>>,
}

/// A pass on the root: its parts and where it is cut.
pub(crate) struct Pass<M> {
    /// The start the search is of.
    pub(crate) start: u32,
    pub(crate) limit: u32,
    pub(crate) entries: Vec<Entry<M>>,
    /// Parts waiting, and parts handed out and not reported.
    pub(crate) waiting: usize,
    pub(crate) out: usize,
    /// The leftmost solution met, or the start of the leftmost part a
    /// budget stopped: no part that starts right of it matters.
    pub(crate) cut: Option<Vec<M>>,
    pub(crate) answer: Sender<Searched<M>>,
}

impl<M: Copy + Ord> Pass<M> {
    /// Whether a part that starts at `start` lies right of the cut.
    pub(crate) fn right_of_cut(&self, start: &[M]) -> bool {
        self.cut.as_deref().is_some_and(|cut| start > cut)
    }

    /// Pass `id` of `passes`, which a message names: one under way, unless
    /// the ranks run different programs.
    pub(crate) fn named(passes: &mut HashMap<u64, Self>, id: u64) -> &mut Self {
        passes.get_mut(&id).unwrap_or_else(|| {
            panic!("a message of pass {id}, not under way: ranks running different programs?")
        })
    }

    /// Part `i` of pass `id` (this one), which a message names.
    pub(crate) fn entry(&mut self, id: u64, i: u32) -> &mut Entry<M> {
        self.entries.get_mut(i as usize).unwrap_or_else(|| {
            panic!("a message of part {i} of pass {id}, which has none: ranks running different programs?")
        })
    }
}

/// The parts waiting on the root, the earliest search's leftmost first:
/// the search's start, the part's start, its pass and number.
pub(crate) type Waiting<M> = BinaryHeap<Reverse<(u32, Vec<M>, u64, u32)>>;

/// The root's main thread during a job: hands the parts of every pass
/// under way out over the ranks' threads, the earliest search's leftmost
/// first, as they run dry; once none waits, asks running parts to hand
/// work over; routes what comes back to the passes, and each finished
/// pass to its driver.
pub(crate) struct Scheduler<'c, M> {
    pub(crate) cluster: &'c Cluster,
    /// The root's own searcher threads' queue.
    pub(crate) local: Sender<Job<M>>,
    /// Stops the root's own parts right of a solution, and asks them for
    /// work.
    pub(crate) control: Arc<Control<M>>,
    pub(crate) passes: HashMap<u64, Pass<M>>,
    /// Parts waiting: the search's start, the part's start, pass, number.
    pub(crate) waiting: Waiting<M>,
    /// Per rank: its searcher threads, and the parts it holds (searched or
    /// queued there).
    pub(crate) threads: Vec<usize>,
    pub(crate) held: Vec<usize>,
    /// Asks for work with no answer yet.
    pub(crate) asks: usize,
    /// How long parts take, on average (a moving average, in seconds).
    pub(crate) part_time: f64,
}

impl<'c, M> Scheduler<'c, M>
where
    M: Copy + Ord + Serialize + DeserializeOwned + Send,
{
    pub(crate) fn new(
        cluster: &'c Cluster,
        local: Sender<Job<M>>,
        control: Arc<Control<M>>,
    ) -> Self {
        Self {
            cluster,
            local,
            control,
            passes: HashMap::new(),
            waiting: BinaryHeap::new(),
            threads: cluster.threads.clone(),
            held: vec![0; cluster.size()],
            asks: 0,
            // A guess until parts are timed.
            part_time: 1e-3,
        }
    }

    /// Runs the job until its `searches` have ended.
    pub(crate) fn run(mut self, arrived: &Receiver<Event<M>>, searches: usize) {
        let (mut ended, mut wait) = (0, Backoff::default());
        while ended < searches {
            self.hand_out();
            self.ask_for_work();
            let mut events: Vec<(usize, Event<M>)> = arrived.try_iter().map(|e| (0, e)).collect();
            while let Some(probed) = self
                .cluster
                .world
                .any_process()
                .immediate_matched_probe_with_tag(TAG_REPORT)
            {
                let (bytes, status): (Vec<u8>, Status) = probed.matched_receive_vec();
                let sent = decode(&bytes, "report");
                events.push((status.source_rank() as usize, Event::Sent(sent)));
            }
            let idle = self.control.idle();
            events.extend(wait.wait(!events.is_empty(), idle, arrived).map(|e| (0, e)));
            for (rank, event) in events {
                match event {
                    Event::Sent(Sent::Split(pass, from, part)) => self.split(pass, from, part),
                    Event::Sent(Sent::Done(pass, i, report)) => self.done(rank, pass, i, report),
                    Event::Pass(pass) => self.add(pass),
                    Event::Ended => ended += 1,
                }
            }
        }
    }

    /// A driver's new pass: its parts wait.
    pub(crate) fn add(&mut self, new: NewPass<M>) {
        let id = self.cluster.passes.get();
        self.cluster.passes.set(id + 1);
        let mut pass = Pass {
            start: new.start,
            limit: new.limit,
            entries: Vec::with_capacity(new.parts.len()),
            waiting: 0,
            out: 0,
            cut: None,
            answer: new.answer,
        };
        for part in new.parts {
            Self::push(&mut self.waiting, &mut pass, id, part);
        }
        self.passes.insert(id, pass);
        self.settle(id);
    }

    /// Adds `part` to pass `id`: waiting, or unsearched when it lies right
    /// of the pass's cut.
    pub(crate) fn push(waiting: &mut Waiting<M>, pass: &mut Pass<M>, id: u64, part: Part<M>) {
        let i = pass.entries.len() as u32;
        let start = part.start();
        if !pass.right_of_cut(&start) {
            waiting.push(Reverse((pass.start, start.clone(), id, i)));
            pass.waiting += 1;
        }
        pass.entries.push(Entry {
            part,
            start,
            rank: None,
            asked: false,
            report: None,
        });
    }

    /// Hands out the waiting parts, the earliest search's leftmost first,
    /// to the ranks that hold fewest, each up to what keeps its threads
    /// busy while the root hears of their ends.
    pub(crate) fn hand_out(&mut self) {
        let latency = LATENCY.as_secs_f64() / self.part_time;
        let per_thread = (1 + latency.ceil() as usize).clamp(QUEUED, MOST_QUEUED);
        while let Some(rank) = fewest(&self.held, &self.threads, per_thread) {
            let Some(Reverse((_, _, id, i))) = self.waiting.pop() else {
                break;
            };
            let pass = Pass::named(&mut self.passes, id);
            pass.waiting -= 1;
            let entry = &mut pass.entries[i as usize];
            entry.rank = Some(rank);
            self.held[rank] += 1;
            pass.out += 1;
            if rank == 0 {
                self.control.queued();
            }
            let job = (id, pass.start, i, pass.limit, entry.part.clone());
            self.cluster.hand_out(rank, job, &self.local, TAG_PART);
        }
    }

    /// Parts wanted to keep every thread busy until the root hears of
    /// more: two a thread, less what each rank holds.
    pub(crate) fn hungry(&self) -> usize {
        self.held
            .iter()
            .zip(&self.threads)
            .map(|(&held, &threads)| (threads * 2).saturating_sub(held))
            .sum()
    }

    /// Nothing waits and threads are running dry: asks parts handed out to
    /// hand work over, one ask for each part wanted: the earliest search's
    /// leftmost first, left of its cut and not asked yet, on a rank that
    /// is not hungry itself if there is one (a rank's own part split for
    /// it would only wait there).
    pub(crate) fn ask_for_work(&mut self) {
        if !self.waiting.is_empty() {
            return;
        }
        while self.asks < self.hungry() {
            let busy = |rank: usize| self.held[rank] >= self.threads[rank] * 2;
            // Parts out, not asked, left of their pass's cut: on busy ranks
            // first, then the earliest search's, leftmost.
            let best = self
                .passes
                .iter()
                .flat_map(|(&id, pass)| {
                    pass.entries.iter().enumerate().filter_map(move |(i, e)| {
                        let rank = e.rank?;
                        let open = e.report.is_none() && !e.asked && !pass.right_of_cut(&e.start);
                        open.then_some((
                            (!busy(rank), pass.start, &e.start[..]),
                            id,
                            i as u32,
                            rank,
                        ))
                    })
                })
                .min_by(|a, b| a.0.cmp(&b.0))
                .map(|(_, id, i, rank)| (id, i, rank));
            let Some((id, i, rank)) = best else {
                break;
            };
            Pass::named(&mut self.passes, id).entry(id, i).asked = true;
            self.asks += 1;
            if rank == 0 {
                self.control.ask(id, i);
            } else {
                self.cluster
                    .world
                    .process_at_rank(rank as i32)
                    .send_with_tag(&encode(&(id, i))[..], TAG_ASK);
            }
        }
    }

    /// An answer from part `i` of pass `id` to an ask (or its end).
    pub(crate) fn answered(&mut self, id: u64, i: u32) {
        let pass = Pass::named(&mut self.passes, id);
        if std::mem::take(&mut pass.entry(id, i).asked) {
            self.asks -= 1;
        }
    }

    /// Part `from` of pass `id` handed `part` over.
    pub(crate) fn split(&mut self, id: u64, from: u32, part: Part<M>) {
        self.answered(id, from);
        Self::push(
            &mut self.waiting,
            Pass::named(&mut self.passes, id),
            id,
            part,
        );
    }

    /// Part `i` of pass `id`, searched on `rank`, reported.
    pub(crate) fn done(&mut self, rank: usize, id: u64, i: u32, report: PartReport<M>) {
        self.answered(id, i);
        self.held[rank] -= 1;
        if !matches!(report.end, PartEnd::Preempted) {
            // A moving average over about 16 parts.
            let took = report.stats.elapsed.as_secs_f64().max(1e-6);
            self.part_time += (took - self.part_time) / 16.0;
        }
        let pass = Pass::named(&mut self.passes, id);
        pass.out -= 1;
        let entry = pass.entry(id, i);
        let cut = match &report.end {
            PartEnd::Found(path) => Some(path.clone()),
            PartEnd::Stopped(_) => Some(entry.start.clone()),
            _ => None,
        };
        entry.report = Some(report);
        if let Some(cut) = cut {
            if pass.cut.as_ref().is_none_or(|old| cut < *old) {
                self.cut(id, cut);
            }
        }
        self.settle(id);
    }

    /// No part of pass `id` that starts right of `cut` matters: none
    /// waiting is handed out, and every rank stops those it searches
    /// (their reports then say `Preempted`).
    pub(crate) fn cut(&mut self, id: u64, cut: Vec<M>) {
        let pass = Pass::named(&mut self.passes, id);
        let before = self.waiting.len();
        self.waiting
            .retain(|Reverse((_, start, p, _))| *p != id || *start <= cut);
        pass.waiting -= before - self.waiting.len();
        self.control.cut(id, cut.clone());
        let stop = encode(&(id, &cut));
        for r in 1..self.cluster.size() {
            self.cluster
                .world
                .process_at_rank(r as i32)
                .send_with_tag(&stop[..], TAG_STOP);
        }
        pass.cut = Some(cut);
    }

    /// Ends pass `id` when none of its parts waits or is out: its driver
    /// gets every part with its report (none for those left unsearched).
    pub(crate) fn settle(&mut self, id: u64) {
        let done = |p: &Pass<M>| p.waiting == 0 && p.out == 0;
        if !self.passes.get(&id).is_some_and(done) {
            return;
        }
        let Some(pass) = self.passes.remove(&id) else {
            return;
        };
        let parts = pass
            .entries
            .into_iter()
            .map(|e| (e.part, e.report))
            .collect();
        // A driver that has gone has panicked; the scope will say so.
        let _ = pass.answer.send(parts);
    }
}
