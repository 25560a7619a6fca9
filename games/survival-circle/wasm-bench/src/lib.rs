//! The AI's speed in WebAssembly: a `cdylib` exporting two functions that
//! node (`bench.mjs`) times, since the engine has no clock.
//! Same positions as `benches/ai.rs` (greedy and random moves, seeded).

use console_core::rng::GameRng;
use survival_circle::ai::{Limits, Searcher, greedy, never};
use survival_circle::{Options, State, Value};

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

/// Searches the position of `seed` with `left` turns left for at most
/// `nodes` nodes (0: until solved); returns the nodes searched, negative
/// if a search to the end did not solve it.
#[unsafe(no_mangle)]
pub extern "C" fn search(seed: u64, left: u32, nodes: u64) -> i64 {
    let s = position(seed, left as u8);
    let mut searcher = Searcher::new(64 << 20);
    let limits = if nodes == 0 { Limits::NONE } else { Limits::nodes(nodes) };
    let r = searcher.search(&s, limits, &mut never, &mut |_| {});
    if nodes == 0 && r.solved.is_none() {
        -(r.nodes as i64)
    } else {
        r.nodes as i64
    }
}
