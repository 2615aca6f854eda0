//! The core's integration tests, one binary with a module per subject
//! (ripgrep's layout). The models and oracles come from `puzzle-testkit`.

mod adversarial;
mod any_shortest;
mod automaton;
mod batch;
mod canonical;
mod census;
mod counting;
mod eight_puzzle;
mod engine;
mod fifteen;
mod goal_reachable;
mod graphs;
mod hand_over;
mod in_place;
mod layered;
mod portable;
mod progress;
mod rush_hour;
