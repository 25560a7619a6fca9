//! The time-bounded fuzz loop every engine's `tests/fuzz.rs` runs (feature
//! `fuzz`, for tests only): proptest's generators feed a check until the
//! time budget is spent; a panic names the input that caused it.
//!
//! The budget is `FUZZ_SECONDS` (default 2 s: the smoke run of the test
//! command; long runs use 600), read from the environment by the test, not
//! by the engines, which stay free of I/O.
//!
//! The loaders' targets share two helpers: [`mutated`] is a valid save
//! file or case with some of its nodes swapped for generated ones (by
//! [`mutate`], one at a time), and [`first_half`] cuts a file short, as a
//! download that stopped midway would.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use serde_json::Value;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

/// The time each fuzz target runs: `FUZZ_SECONDS` seconds, 2 when unset or
/// not a number.
#[must_use]
pub fn budget() -> Duration {
    Duration::from_secs_f64(
        std::env::var("FUZZ_SECONDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .filter(|s: &f64| s.is_finite() && *s >= 0.0)
            .unwrap_or(2.0),
    )
}

/// Runs `check` on values drawn from `strategy` (deterministic runner)
/// until [`budget`] is spent, prints how many inputs were tried and
/// returns that number.
///
/// # Panics
/// When `check` panics, with the target's `name` and the input that caused
/// it; when the strategy cannot draw a value.
pub fn fuzz<S: Strategy>(name: &str, strategy: S, check: impl Fn(&S::Value)) -> u64
where
    S::Value: std::fmt::Debug,
{
    let mut runner = TestRunner::deterministic();
    let budget = budget();
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < budget {
        let value = strategy.new_tree(&mut runner).expect("a value").current();
        if catch_unwind(AssertUnwindSafe(|| check(&value))).is_err() {
            panic!("fuzz {name}: panicked on input {value:?}");
        }
        n += 1;
    }
    println!(
        "fuzz {name}: {n} inputs in {:.0} s, no panic",
        start.elapsed().as_secs_f64()
    );
    n
}

/// Replaces the node of `v` that `path` leads to with `new`.
///
/// `path` is any list of numbers, as proptest draws them
/// (`vec(any::<usize>(), 0..n)`): each step picks a member of an object
/// (in key order) or an element of an array, modulo its length, so every
/// path leads somewhere. The walk stops early, replacing the node it is
/// on, at a scalar or an empty object or array; an empty path replaces
/// `v` itself.
pub fn mutate(v: &mut Value, path: &[usize], new: Value) {
    let Some((&first, rest)) = path.split_first() else {
        *v = new;
        return;
    };
    // An object's members in key order, the order its keys are listed in.
    let child = match v {
        Value::Object(m) if !m.is_empty() => {
            let i = first % m.len();
            m.values_mut().nth(i)
        }
        Value::Array(a) if !a.is_empty() => {
            let i = first % a.len();
            a.get_mut(i)
        }
        _ => None,
    };
    match child {
        Some(child) => mutate(child, rest, new),
        None => *v = new,
    }
}

/// `base` with each of `edits`, a path and the node to put there, applied
/// in turn by [`mutate`]: a valid file with a few of its nodes swapped.
#[must_use]
pub fn mutated(base: &Value, edits: &[(Vec<usize>, Value)]) -> Value {
    let mut v = base.clone();
    for (path, new) in edits {
        mutate(&mut v, path, new.clone());
    }
    v
}

/// The first half of `text` (at most `text.len() / 2` bytes), cut at the
/// last character boundary there: a file cut short.
#[must_use]
pub fn first_half(text: &str) -> &str {
    let cut = (0..=text.len() / 2)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    &text[..cut]
}
