//! Fits the evaluation's weights (`src/ai/eval.rs`) to exact endgame values.
//!
//!     cargo run --profile bench -p survival-circle --example fit_eval -- [games] [turns left, ...]
//!
//! Plays games between Medium-level players (4 turns deep, with noise from
//! the seeded generator, so the positions are varied but sensible), takes
//! the positions 14, 16 and 18 turns before the end (default), solves each
//! exactly, and fits the weights by least squares to the exact final score
//! difference (from the mover's side). Prints each feature's weight, and
//! the error of the fit against material alone, on the fitted positions and
//! on positions of other games held out.

use console_core::rng::GameRng;
use survival_circle::ai::eval::{FEATURES, NAMES, WEIGHTS, features_of};
use survival_circle::ai::{Level, Limits, SCALE, Searcher, never};
use survival_circle::{Options, State};

fn sample(
    games: std::ops::Range<u64>,
    lefts: &[u8],
    searcher: &mut Searcher,
) -> Vec<([f64; FEATURES], f64)> {
    let mut out = Vec::new();
    let mut player = Searcher::new(4 << 20);
    for g in games {
        let mut rng = GameRng::stream(g, 3);
        let mut s = State::new(Options::default());
        while !s.is_terminal() {
            if lefts.contains(&s.turns_left()) {
                searcher.clear();
                let r = searcher.search(&s, Limits::NONE, &mut never, &mut |_| {});
                assert!(r.solved.is_some());
                let f = features_of(&s).map(f64::from);
                out.push((f, f64::from(r.score) / f64::from(SCALE)));
            }
            let r = player.choose(
                &s,
                Level::Medium,
                &mut rng,
                Limits::NONE,
                &mut never,
                &mut |_| {},
            );
            s.apply(r.best.expect("a move"));
        }
    }
    out
}

/// Least squares by the normal equations (Gaussian elimination with
/// pivoting); `used` picks the features (the others get weight 0).
fn fit(data: &[([f64; FEATURES], f64)], used: &[usize]) -> [f64; FEATURES] {
    let n = used.len();
    let mut a = vec![vec![0.0; n + 1]; n];
    for (f, y) in data {
        for i in 0..n {
            for j in 0..n {
                a[i][j] += f[used[i]] * f[used[j]];
            }
            a[i][n] += f[used[i]] * y;
        }
    }
    for col in 0..n {
        let p = (col..n)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .unwrap();
        a.swap(col, p);
        if a[col][col].abs() < 1e-12 {
            continue;
        }
        let pivot = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let k = row[col] / pivot[col];
                for (x, p) in row[col..].iter_mut().zip(&pivot[col..]) {
                    *x -= k * p;
                }
            }
        }
    }
    let mut w = [0.0; FEATURES];
    for i in 0..n {
        if a[i][i].abs() > 1e-12 {
            w[used[i]] = a[i][n] / a[i][i];
        }
    }
    w
}

fn rmse(data: &[([f64; FEATURES], f64)], w: &[f64; FEATURES]) -> f64 {
    let se: f64 = data
        .iter()
        .map(|(f, y)| {
            let p: f64 = f.iter().zip(w).map(|(a, b)| a * b).sum();
            (p - y).powi(2)
        })
        .sum();
    (se / data.len() as f64).sqrt()
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(120);
    let lefts: Vec<u8> = if args.len() > 1 {
        args[1..].iter().map(|&x| x as u8).collect()
    } else {
        vec![14, 16, 18]
    };
    let mut searcher = Searcher::new(64 << 20);
    let train = sample(0..games, &lefts, &mut searcher);
    let test = sample(100_000..100_000 + games / 3, &lefts, &mut searcher);
    println!(
        "{} positions to fit, {} held out ({:?} turns left)",
        train.len(),
        test.len(),
        lefts
    );
    let all: Vec<usize> = std::env::var("FEATS")
        .ok()
        .map(|v| v.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|| (0..FEATURES).collect());
    let material = fit(&train, &[0]);
    let w = fit(&train, &all);
    let current = WEIGHTS.map(|x| f64::from(x) / f64::from(SCALE));
    println!("feature          fitted weight (tokens)");
    for i in 0..FEATURES {
        println!("  {:<16} {:>8.3}", NAMES[i], w[i]);
    }
    for (label, weights) in [
        ("material alone", &material),
        ("all features", &w),
        ("weights in use", &current),
    ] {
        println!(
            "{label:<15} rmse fitted {:.3}, held out {:.3} tokens",
            rmse(&train, weights),
            rmse(&test, weights)
        );
    }
    println!(
        "weights in SCALE units: {:?}",
        w.map(|x| (x * f64::from(SCALE)).round() as i32)
    );
}
