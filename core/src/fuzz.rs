//! The time-bounded fuzz loop every engine's `tests/fuzz.rs` runs (feature
//! `fuzz`, for tests only): proptest's generators feed a check until the
//! time budget is spent; a panic names the input that caused it.
//!
//! The budget is `FUZZ_SECONDS` (default 2 s: the smoke run of the test
//! command; long runs use 600), read from the environment by the test, not
//! by the engines, which stay free of I/O.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
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
