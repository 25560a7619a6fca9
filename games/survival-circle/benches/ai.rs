//! The AI's figures (not a timed test): `cargo bench -p survival-circle
//! --bench ai` prints
//!
//! - nodes per second of the full search on one core (mid-game positions);
//! - the time to solve exactly (prove the result) at 20, 22, 24, 26 and 28
//!   turns before the end, median over several positions reached by moves
//!   half greedy, half random (seeded), with min and max;
//! - matches of the full AI against the greedy player and against the
//!   Medium level, paired openings, both colours, with the points;
//! - a match of the full AI with the fitted evaluation against the same
//!   search with material alone (`eval` part), the evidence that the fit
//!   helps play and not only the fit's error.
//!
//! Times are on-CPU times of the thread (`/proc/thread-self/schedstat`), so
//! other processes on a busy machine do not count; wall times are printed
//! when they differ much.
//!
//! `AI_BENCH=speed,solve,match,eval` picks parts (default: all);
//! `AI_SOLVE_POSITIONS` (default 7), `AI_SOLVE_CAP_S` (default 30) and
//! `AI_SOLVE_PLIES` (default `20,22,24,26,28`) shape the solve part;
//! `AI_MATCH_PAIRS` (default 10) and `AI_MATCH_MS` (default 100) the
//! matches.

use console_core::rng::GameRng;
use std::time::Instant;
use survival_circle::ai::eval::{FEATURES, WEIGHTS};
use survival_circle::ai::{Level, Limits, Searcher, greedy, never};
use survival_circle::{Options, State, Value};

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn want(part: &str) -> bool {
    std::env::var("AI_BENCH").map_or(true, |v| v.split(',').any(|p| p == part))
}

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

/// Seconds this thread has run on a CPU (Linux; 0 elsewhere).
fn cpu_s() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0.0, |ns| ns as f64 / 1e9)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn speed() {
    let mut total_nodes = 0u64;
    let mut total_s = 0.0;
    for seed in 0..6 {
        let s = position(100 + seed, 96 - 10 * seed as u8 - 4, Options::default());
        let mut searcher = Searcher::new(64 << 20);
        let t = cpu_s();
        let r = searcher.search(&s, Limits::nodes(20_000_000), &mut never, &mut |_| {});
        total_s += cpu_s() - t;
        total_nodes += r.nodes;
    }
    println!(
        "speed: {:.1} million nodes/s on one core ({} nodes in {:.2} s on CPU, 6 positions from 4 to 54 turns played, 20 M nodes each)",
        total_nodes as f64 / total_s / 1e6,
        total_nodes,
        total_s
    );
}

fn solve() {
    let n = env("AI_SOLVE_POSITIONS", 7u64);
    let cap = env("AI_SOLVE_CAP_S", 30.0f64);
    let plies: Vec<u8> = std::env::var("AI_SOLVE_PLIES")
        .unwrap_or_else(|_| "20,22,24,26,28".to_string())
        .split(',')
        .filter_map(|s| s.parse().ok())
        .collect();
    println!(
        "solve: exact solve times on CPU, {n} positions each (greedy and random moves), cap {cap} s"
    );
    for left in plies {
        let mut times = Vec::new();
        let mut nodes = Vec::new();
        let mut unsolved = 0;
        // One searcher, cleared before each position (as the page's worker
        // keeps one): the table's pages are in memory before the clock
        // starts, not faulted in during the search.
        let mut searcher = Searcher::new(256 << 20);
        for seed in 0..n {
            let s = position(1000 + seed, left, Options::default());
            searcher.clear();
            let t = cpu_s();
            // The cap is checked every million nodes or so: reading the
            // thread's CPU time (a file of /proc) every 1,024 nodes took a
            // third of a 26-turn solve.
            let mut next = 0;
            let mut stop = |nodes: u64| {
                if nodes < next {
                    return false;
                }
                next = nodes + (1 << 20);
                cpu_s() - t > cap
            };
            let r = searcher.search(&s, Limits::NONE, &mut stop, &mut |_| {});
            let dt = cpu_s() - t;
            if r.solved.is_some() {
                times.push(dt);
            } else {
                unsolved += 1;
                times.push(f64::INFINITY);
            }
            nodes.push(r.nodes as f64);
        }
        let min = times.iter().cloned().fold(f64::INFINITY, f64::min);
        let max = times.iter().cloned().fold(0.0, f64::max);
        println!(
            "  {left:>2} turns left: median {:>8.3} s (min {:.3}, max {:.3}), median {:.1} M nodes{}",
            median(&mut times),
            min,
            max,
            median(&mut nodes) / 1e6,
            if unsolved > 0 {
                format!(", {unsolved} not solved within the cap")
            } else {
                String::new()
            }
        );
    }
}

/// A player in a bench match.
#[derive(Copy, Clone)]
enum Player {
    /// The full search with `ms` per move and these weights.
    Full(f64, [i32; FEATURES]),
    Level(Level),
    Greedy,
}

fn play(s: &State, who: Player, searcher: &mut Searcher, rng: &mut GameRng) -> Value {
    match who {
        Player::Greedy => greedy(s).expect("a move"),
        Player::Full(ms, _) => {
            let t = Instant::now();
            let mut stop = |_| t.elapsed().as_secs_f64() * 1000.0 >= ms;
            searcher
                .search(s, Limits::NONE, &mut stop, &mut |_| {})
                .best
                .expect("a move")
        }
        Player::Level(l) => searcher
            .choose(s, l, rng, Limits::NONE, &mut never, &mut |_| {})
            .best
            .expect("a move"),
    }
}

/// Plays `pairs` paired openings (6 random turns each) with `a` as Blue
/// then as Red; returns `a`'s points (win 1, draw 1/2) and games.
fn match_points(a: Player, b: Player, pairs: u64) -> (f64, u64) {
    let mut points = 0.0;
    let mut games = 0;
    let mut sa = Searcher::new(64 << 20);
    let mut sb = Searcher::new(64 << 20);
    if let Player::Full(_, w) = a {
        sa.set_weights(w);
    }
    if let Player::Full(_, w) = b {
        sb.set_weights(w);
    }
    for pair in 0..pairs {
        let mut opening = State::new(Options::default());
        let mut rng = GameRng::stream(7_000 + pair, 0);
        for _ in 0..6 {
            let vals: Vec<Value> = opening.legal_values().iter().collect();
            opening.apply(vals[rng.below(vals.len())]);
        }
        for a_is_blue in [true, false] {
            let mut s = opening;
            let mut rng = GameRng::stream(7_000 + pair, 1 + u64::from(a_is_blue));
            sa.clear();
            sb.clear();
            while !s.is_terminal() {
                let blue_to_move = s.to_move() == survival_circle::Player::Blue;
                let v = if blue_to_move == a_is_blue {
                    play(&s, a, &mut sa, &mut rng)
                } else {
                    play(&s, b, &mut sb, &mut rng)
                };
                s.apply(v);
            }
            let score = s.score();
            let (mine, theirs) = if a_is_blue {
                (score.blue, score.red)
            } else {
                (score.red, score.blue)
            };
            points += match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
            games += 1;
        }
    }
    (points, games)
}

fn matches() {
    let pairs = env("AI_MATCH_PAIRS", 10u64);
    let ms = env("AI_MATCH_MS", 100.0f64);
    for (label, b) in [
        ("greedy", Player::Greedy),
        ("Medium level", Player::Level(Level::Medium)),
    ] {
        let (p, g) = match_points(Player::Full(ms, WEIGHTS), b, pairs);
        println!(
            "match: full AI ({ms} ms/move) v {label}: {p} of {g} points ({:.0}%), {pairs} paired openings, both colours",
            100.0 * p / g as f64
        );
    }
}

fn eval_match() {
    let pairs = env("AI_MATCH_PAIRS", 10u64);
    let ms = env("AI_MATCH_MS", 100.0f64);
    let mut material = [0; FEATURES];
    material[0] = 100;
    let (p, g) = match_points(Player::Full(ms, WEIGHTS), Player::Full(ms, material), pairs);
    println!(
        "eval: fitted evaluation v material alone, same search, {ms} ms/move: {p} of {g} points ({:.0}%), {pairs} paired openings",
        100.0 * p / g as f64
    );
}

fn main() {
    if want("speed") {
        speed();
    }
    if want("solve") {
        solve();
    }
    if want("match") {
        matches();
    }
    if want("eval") {
        eval_match();
    }
}
