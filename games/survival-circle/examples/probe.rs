//! Development probe: solve positions N turns before the end and print
//! nodes and time per position (no table allocation in the timing).
//! `cargo run --release --example probe -- 18 5` (`PROGRESS=1`: the nodes
//! after each depth, on standard error)

use console_core::rng::GameRng;
use std::time::Instant;
use survival_circle::ai::{Limits, Searcher, greedy, never};
use survival_circle::{Options, State};

/// A position `left` turns before the end, reached from the start by
/// moves that are greedy half the time and random otherwise (seeded, and
/// independent of the AI's evaluation, so figures compare across versions).
fn position(seed: u64, left: u8, options: Options) -> State {
    let mut s = State::new(options);
    let mut rng = GameRng::stream(seed, 1);
    while s.turns_left() > left {
        let legal: Vec<survival_circle::Value> = s.legal_values().iter().collect();
        let v = if rng.below(2) == 0 {
            greedy(&s).expect("a move")
        } else {
            legal[rng.below(legal.len())]
        };
        s.apply(v);
    }
    s
}

/// Nanoseconds this thread has run on a CPU (Linux), so that other
/// processes on a busy machine do not count.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let left = args.first().copied().unwrap_or(18) as u8;
    let n = args.get(1).copied().unwrap_or(5);
    let mb = args.get(2).copied().unwrap_or(256) as usize;
    let mut searcher = Searcher::new(mb << 20);
    let mut total = (0u64, 0.0);
    for seed in 0..n {
        let s = position(1000 + seed, left, Options::default());
        searcher.clear();
        let t = Instant::now();
        let c = cpu_ns();
        let limits = std::env::var("DEPTH")
            .ok()
            .and_then(|d| d.parse().ok())
            .map_or(Limits::NONE, Limits::depth);
        let verbose = std::env::var("PROGRESS").is_ok();
        let r = searcher.search(&s, limits, &mut never, &mut |p| {
            if verbose {
                eprintln!(
                    "  depth {:>2} nodes {:>10} score {}",
                    p.depth, p.nodes, p.score
                );
            }
        });
        let wall = t.elapsed().as_secs_f64();
        let dt = (cpu_ns() - c) as f64 / 1e9;
        if wall > 1.5 * dt {
            eprintln!("(busy machine: {wall:.3} s wall for {dt:.3} s on CPU)");
        }
        total.0 += r.nodes;
        total.1 += dt;
        println!(
            "{} left {left}: best {:?} score {} solved {:?} nodes {} time {:.3} s ({:.1} M/s)",
            s.code(),
            r.best.map(|v| v.get()),
            r.score,
            r.solved.map(|s| (s.blue, s.red)),
            r.nodes,
            dt,
            r.nodes as f64 / dt / 1e6
        );
    }
    println!(
        "total {} nodes {:.3} s {:.1} M/s",
        total.0,
        total.1,
        total.0 as f64 / total.1 / 1e6
    );
}
