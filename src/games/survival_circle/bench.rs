//! A benchmark run inside the page by `scripts/bench` (compiled only with
//! the `bench` feature, so never shipped): the AI's search speed in the
//! browser, on middle-game positions like the native benchmark's
//! (`games/survival-circle/benches/ai.rs`: seeded games of half greedy,
//! half random moves).

use console_core::rng::GameRng;
use survival_circle::ai::{Limits, Searcher, deadline, greedy};
use survival_circle::{Options, State, Value};
use wasm_bindgen::prelude::*;

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// The position of game `seed` with `left` turns left.
fn position(seed: u64, left: u8) -> State {
    let mut s = State::new(Options::default());
    let mut rng = GameRng::stream(seed, 1);
    while s.turns_left() > left {
        let legal: Vec<Value> = s.legal_values().iter().collect();
        let v = if rng.below(2) == 0 {
            greedy(&s).expect("a move")
        } else {
            legal[rng.below(legal.len())]
        };
        s.apply(v);
    }
    s
}

/// The AI's nodes per second in this page: middle-game positions (60
/// turns left, seeds 1, 2, ...) each searched for up to a second by the
/// full search with the default tables, until `ms` milliseconds have
/// passed in all.
#[wasm_bindgen]
pub fn bench_circle_nodes(ms: f64) -> f64 {
    let mut searcher = Searcher::default();
    let start = now();
    let mut nodes = 0u64;
    let mut seed = 1;
    while now() - start < ms {
        let s = position(seed, 60);
        let budget = (ms - (now() - start)).clamp(1.0, 1000.0);
        let mut stop = deadline(now, budget);
        nodes += searcher
            .search(&s, Limits::NONE, &mut stop, &mut |_| {})
            .nodes;
        seed += 1;
    }
    nodes as f64 / ((now() - start) / 1000.0)
}
