//! One DFS pass in the forms other than the sequential engine's (threads,
//! portable parts): how a pass ends, the split phase that cuts it into
//! tasks, and the prediction of a pass's time from the last two.

use std::time::Duration;

use crate::budget::Limit;
use crate::engine::{Engine, Flow, INF, Rules, Task};
use crate::meter::Interrupt;
use crate::puzzle::Puzzle;
use crate::stats::Stats;

/// The growth from one pass to the next assumed when only one is known.
const GROWTH: f64 = 8.0;

/// What the next pass should take, from what the last two took: the last
/// one times the growth between them (`GROWTH` when only one is known);
/// `None` before any. (IDA* passes grow by a factor that stays about the
/// same from one to the next.)
pub(crate) fn predict(took: [Option<Duration>; 2]) -> Option<Duration> {
    let last = took[1]?;
    let growth = match took[0] {
        Some(before) if !before.is_zero() => {
            (last.as_secs_f64() / before.as_secs_f64()).clamp(1.0, 16.0)
        }
        _ => GROWTH,
    };
    Some(last.mul_f64(growth))
}

/// One DFS pass in a form other than the sequential engine's.
pub(crate) trait PassRun<P: Puzzle> {
    /// One pass from `start` under `rules`, with the work it did.
    fn run_pass(&mut self, start: &P::State, rules: Rules) -> (PassEnd<P::Move>, Stats);
}

/// How one DFS pass ended.
pub(crate) enum PassEnd<M> {
    /// The lexicographically smallest solution of the pass.
    Found(Vec<M>),
    /// None; `next` is the smallest cut-off `g + bound` (the next IDA*
    /// threshold), `INF` when nothing was cut off by depth.
    Fail { next: u32 },
    /// A budget limit stopped the pass.
    Stopped(Limit),
}

/// How a whole pass that one engine ran from the start ended.
pub(crate) fn pass_end<P: Puzzle>(engine: &mut Engine<'_, P>, flow: Flow) -> PassEnd<P::Move> {
    match flow {
        Flow::Found => PassEnd::Found(std::mem::take(&mut engine.path)),
        Flow::Fail(_) | Flow::Deferred => PassEnd::Fail {
            next: engine.min_pruned,
        },
        Flow::Stop(Interrupt::Limit(limit)) => PassEnd::Stopped(limit),
        // Only parallel tasks are preempted or hand work over.
        Flow::Stop(Interrupt::Preempted | Interrupt::HandOver) => PassEnd::Fail { next: INF },
    }
}

/// Stop deepening the split when the tasks have not grown for this many
/// depths (a chain-like space would otherwise be split to its end).
const FLAT_DEPTHS: u32 = 4;
/// ...or when the split phase, which runs on one thread, expanded this many.
const SPLIT_NODES: u64 = 1 << 14;
/// Make the split shallower when it gives this many times the tasks wanted.
const TOO_MANY: usize = 8;

/// How a pass's split phase ended.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub(crate) enum Split<P: Puzzle> {
    /// The pass is decided without tasks.
    Done(PassEnd<P::Move>),
    /// The open nodes at the split depth, in canonical (preorder) order;
    /// `leaf`: a solution met above the split depth, right of every task;
    /// `next`: the smallest cut-off of the split phase.
    Tasks {
        tasks: Vec<Task<P>>,
        leaf: Option<Vec<P::Move>>,
        next: u32,
    },
}

/// The split phase of a pass run in parts (threads or processes): runs
/// the pass sequentially down to a split depth (from `*split`, the depth
/// that did last time), deepening it until there are about `target`
/// tasks, or making it shallower when there are far too many (IDA*'s
/// trees grow with each iteration, and the split phase runs on one
/// thread). `engine` makes the engine it runs with.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub(crate) fn split_phase<'e, P: Puzzle>(
    engine: &dyn Fn() -> Engine<'e, P>,
    start: &P::State,
    rules: Rules,
    target: usize,
    split: &mut u32,
    stats: &mut Stats,
) -> Split<P> {
    let mut depth = (*split).min(rules.limit.saturating_sub(1)).max(1);
    let (mut grown_at, mut most) = (depth, 0);
    let (mut deepened, mut shrunk) = (false, false);
    let result = loop {
        let mut engine = engine();
        engine.split = Some((depth, Vec::new()));
        let flow = engine.run(start, None);
        let split_nodes = engine.stats.expanded;
        *stats += std::mem::take(&mut engine.stats);
        let tasks = engine.split.take().map(|(_, t)| t).unwrap_or_default();
        match flow {
            Flow::Found if tasks.is_empty() => break Split::Done(PassEnd::Found(engine.path)),
            Flow::Found => {
                break Split::Tasks {
                    tasks,
                    leaf: Some(engine.path),
                    next: INF,
                };
            }
            Flow::Fail(_) => {
                break Split::Done(PassEnd::Fail {
                    next: engine.min_pruned,
                });
            }
            Flow::Stop(Interrupt::Limit(limit)) => break Split::Done(PassEnd::Stopped(limit)),
            // The split phase's engine has no preemption or sink.
            Flow::Stop(Interrupt::Preempted | Interrupt::HandOver) => {
                break Split::Done(PassEnd::Fail { next: INF });
            }
            Flow::Deferred => {
                if tasks.len() > most {
                    (grown_at, most) = (depth, tasks.len());
                }
                if tasks.len() > TOO_MANY * target && depth > 1 && !deepened {
                    depth -= 1;
                    shrunk = true;
                    continue;
                }
                let deepen = tasks.len() < target
                    && !shrunk
                    && depth + 1 < rules.limit
                    && depth < grown_at + FLAT_DEPTHS
                    && split_nodes < SPLIT_NODES;
                if !deepen {
                    break Split::Tasks {
                        tasks,
                        leaf: None,
                        next: engine.min_pruned,
                    };
                }
                depth += 1;
                deepened = true;
            }
        }
    };
    if let Split::Tasks { .. } = result {
        *split = depth;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_pass_is_predicted_from_the_growth_of_the_last_two() {
        let ms = Duration::from_millis;
        assert_eq!(predict([None, None]), None);
        assert_eq!(predict([None, Some(ms(1))]), Some(ms(8)));
        assert_eq!(predict([Some(ms(1)), Some(ms(3))]), Some(ms(9)));
        // A pass that shrank is not taken to shrink further; growth capped.
        assert_eq!(predict([Some(ms(4)), Some(ms(2))]), Some(ms(2)));
        assert_eq!(predict([Some(ms(1)), Some(ms(100))]), Some(ms(1600)));
        assert_eq!(predict([Some(ms(0)), Some(ms(1))]), Some(ms(8)));
    }
}
