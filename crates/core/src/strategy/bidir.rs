//! Bidirectional BFS: layers from the start and from the goals, the smaller
//! side first, until they meet; then the lexicographically smallest
//! sequence of that length, read off by one depth-first pass that both
//! searches' distances guide. Puzzles without
//! [`Puzzle::predecessors`] or [`Puzzle::goal_states`] get plain BFS (the
//! same answer; the report's notes say so).
//!
//! # An incomplete goal list
//! The goal side starts from the goals `goal_states` lists; a goal left out
//! and nearer than those could make the answer too long. What is checked,
//! so that such a list is refused ([`Outcome::Refused`]) rather than
//! answered wrongly where it shows: every listed state is a goal; every
//! neighbour (successor or predecessor) of a listed goal that is a goal is
//! listed too, so the list is closed under moves between goals (a goal
//! reachable from a listed one through goals alone is listed); and every
//! state either side generates is tested with `is_goal`, so a goal the
//! forward side reaches, or the goal side meets, unlisted is refused. A
//! left-out goal that is not next to a listed one and that neither side
//! reaches before they meet cannot be seen: the list must hold it.

use hashbrown::HashMap;

use crate::budget::Limit;
use crate::meter::{Ctx, Meter, SearchHasher};
use crate::options::Options;
use crate::outcome::{Outcome, Refusal};
use crate::puzzle::Puzzle;
use crate::stats::Stats;
use crate::strategy::{bfs, smallest_of_length};

pub(crate) fn solve<P: Puzzle>(
    puzzle: &P,
    start: &P::State,
    max_depth: u32,
    ctx: &Ctx<'_>,
    options: &Options,
    stats: &mut Stats,
    fallback: &mut bool,
) -> Outcome<P::Move> {
    let mut goals = Vec::new();
    let mut probe = Vec::new();
    if !puzzle.goal_states(&mut goals) || !puzzle.predecessors(start, &mut probe) {
        *fallback = true;
        return bfs::solve(puzzle, start, max_depth, ctx, options, stats);
    }
    if puzzle.is_goal(start) {
        return Outcome::Solved(Vec::new());
    }
    if puzzle.lower_bound(start).is_none() {
        stats.dead_ends += 1;
        return Outcome::NoSolution;
    }
    let mut meter = Meter::new(ctx);
    // An entry of a side's map (at most half full) and of its layer.
    let per_state = 3 * std::mem::size_of::<(P::State, u32)>() + 2;
    let cap = ctx.budget.state_cap(per_state as u64);
    // Distances from the start, and to a goal.
    let mut fwd: HashMap<P::State, u32, SearchHasher> = HashMap::with_hasher(ctx.hasher.clone());
    let mut bwd: HashMap<P::State, u32, SearchHasher> = HashMap::with_hasher(ctx.hasher.clone());
    fwd.insert(start.clone(), 0);
    let mut f_layer = vec![start.clone()];
    let mut b_layer = Vec::new();
    for (index, g) in goals.into_iter().enumerate() {
        if !puzzle.is_goal(&g) {
            return Outcome::Refused(Refusal::not_a_goal(index));
        }
        if !bwd.contains_key(&g) {
            bwd.insert(g.clone(), 0);
            b_layer.push(g);
        }
    }
    // The list is closed under moves between goals: a goal next to a
    // listed one is listed.
    for g in &b_layer {
        probe.clear();
        puzzle.successors(g, &mut probe);
        puzzle.predecessors(g, &mut probe);
        stats.generated += probe.len() as u64;
        if probe
            .iter()
            .any(|(_, n)| !bwd.contains_key(n) && puzzle.is_goal(n))
        {
            meter.flush();
            return Outcome::Refused(Refusal::goal_not_listed(false, 1));
        }
    }
    let (mut rf, mut rb) = (0u32, 0u32);
    let mut out = Vec::new();
    // The first state both sides reached (its two distances add up to the
    // length, see below).
    let mut meet: Option<P::State> = None;
    let length = 'meet: loop {
        if f_layer.is_empty() || b_layer.is_empty() || rf.saturating_add(rb) >= max_depth {
            meter.flush();
            stats.peak_visited = (fwd.len() + bwd.len()) as u64;
            return Outcome::NoSolution;
        }
        let forward = f_layer.len() <= b_layer.len();
        let (layer, mine, other) = if forward {
            (&mut f_layer, &mut fwd, &bwd)
        } else {
            (&mut b_layer, &mut bwd, &fwd)
        };
        let depth = if forward { rf + 1 } else { rb + 1 };
        let mut next = Vec::new();
        let mut met = false;
        stats.peak_frontier = stats.peak_frontier.max(layer.len() as u64);
        for s in layer.iter() {
            if let Err(i) = meter.tick() {
                meter.flush();
                return Outcome::Stopped(i.limit());
            }
            out.clear();
            if forward {
                if puzzle.lower_bound(s).is_none() {
                    stats.dead_ends += 1;
                    continue;
                }
                puzzle.successors(s, &mut out);
            } else {
                puzzle.predecessors(s, &mut out);
            }
            stats.expanded += 1;
            stats.generated += out.len() as u64;
            for (_, n) in out.drain(..) {
                if mine.contains_key(&n) {
                    stats.duplicates += 1;
                    continue;
                }
                if mine.len() + other.len() >= cap {
                    meter.flush();
                    return Outcome::Stopped(Limit::States);
                }
                if !met && other.contains_key(&n) {
                    met = true;
                    meet = Some(n.clone());
                }
                // A goal either side generates must be one the goal side
                // started from (those are in `bwd` at 0, so never new
                // there): else `goal_states` left it out, and the answer
                // could be longer than the shortest.
                let listed = forward && other.get(&n) == Some(&0);
                if !listed && puzzle.is_goal(&n) {
                    meter.flush();
                    return Outcome::Refused(Refusal::goal_not_listed(forward, depth));
                }
                mine.insert(n.clone(), depth);
                next.push(n);
            }
        }
        *layer = next;
        if forward {
            rf += 1;
        } else {
            rb += 1;
        }
        // A layer of either side done: the radius searched (both sides
        // together), the states stored.
        ctx.set_depth(rf + rb);
        crate::census::report(
            ctx.progress,
            ctx,
            (rf + rb) as usize,
            (fwd.len() + bwd.len()) as u64,
            meter.flush(),
        );
        // Both sides complete to rf and rb and no meet before: the
        // distance is above rf + rb - 1, so a meet now gives exactly rf + rb.
        if met {
            break 'meet rf + rb;
        }
    };
    stats.peak_visited = (fwd.len() + bwd.len()) as u64;
    if length > max_depth {
        meter.flush();
        return Outcome::NoSolution;
    }

    // Any shortest solution will do: read one off the two sides through
    // the state where they met. Its distances add up to `length`: at most
    // `rf + rb` (each side complete to its radius), at least the shortest.
    if options.any_shortest {
        if let Some(path) = meet.and_then(|m| read_through(puzzle, &m, &fwd, &bwd, stats)) {
            meter.flush();
            return Outcome::Solved(path);
        }
    }

    // The smallest sequence of `length` moves: a state at depth `g` is
    // kept only if its distance from the start is `g` and to a goal
    // `length - g`, as far as the two searches know them (so each kept
    // state has one depth, and failures are remembered once).
    let on_path = |s: &P::State, g: u32| -> bool {
        let left = length - g;
        let from_start = match fwd.get(s) {
            Some(&d) => d == g,
            None => g > rf,
        };
        let to_goal = match bwd.get(s) {
            Some(&d) => d == left,
            None => left > rb,
        };
        from_start && to_goal && puzzle.lower_bound(s).is_some_and(|h| h <= left)
    };
    let found = smallest_of_length(puzzle, start, length, &mut meter, stats, &mut |s, g| {
        on_path(s, g)
    });
    meter.flush();
    match found {
        Ok(Some(path)) => Outcome::Solved(path),
        Err(i) => Outcome::Stopped(i.limit()),
        Ok(None) => panic!(
            "Puzzle contract broken: predecessors and goal_states must agree with successors and is_goal (a meet at {length} moves, then no such sequence)"
        ),
    }
}

/// A shortest solution through `meet`, read off the two sides' distances:
/// back to the start by predecessors one closer to it each step, on to a
/// goal by successors one closer to the goals. Each step exists (the side
/// that stored a state at distance `d > 0` found it from one at `d - 1`);
/// `None` if the puzzle's predecessors and successors disagree, and the
/// depth-first pass then decides.
fn read_through<P: Puzzle>(
    puzzle: &P,
    meet: &P::State,
    fwd: &HashMap<P::State, u32, SearchHasher>,
    bwd: &HashMap<P::State, u32, SearchHasher>,
    stats: &mut Stats,
) -> Option<Vec<P::Move>> {
    let (mut moves, _) = descend(meet, fwd, stats, &mut |s, out| {
        puzzle.predecessors(s, out);
    })?;
    moves.reverse();
    let (on, goal) = descend(meet, bwd, stats, &mut |s, out| puzzle.successors(s, out))?;
    moves.extend(on);
    puzzle.is_goal(&goal).then_some(moves)
}

/// Lists a state's neighbours with the moves between them.
type Step<'a, M, S> = &'a mut dyn FnMut(&S, &mut Vec<(M, S)>);

/// From `from`, steps to a neighbour (`step` lists them) one closer by
/// `dist` each time until distance 0: the moves taken and where they end.
fn descend<M, S: Clone + Eq + std::hash::Hash>(
    from: &S,
    dist: &HashMap<S, u32, SearchHasher>,
    stats: &mut Stats,
    step: Step<'_, M, S>,
) -> Option<(Vec<M>, S)> {
    let (mut at, mut d) = (from.clone(), *dist.get(from)?);
    let (mut moves, mut out) = (Vec::new(), Vec::new());
    while d > 0 {
        out.clear();
        step(&at, &mut out);
        stats.expanded += 1;
        stats.generated += out.len() as u64;
        let (mv, next) = out.drain(..).find(|(_, n)| dist.get(n) == Some(&(d - 1)))?;
        moves.push(mv);
        (at, d) = (next, d - 1);
    }
    Some((moves, at))
}
