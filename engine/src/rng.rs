//! The game's seeded random generator (R1.5).
//!
//! ChaCha8 from `rand_chacha`, whose output stream is fixed by its
//! specification. Each use gets its own stream (0 for the deal, `r` for round
//! `r`), so replaying a game from its seed and orders reproduces every draw,
//! and undoing a round needs no stored generator state. Sampling is done here
//! from raw `u64` words, not with `rand`'s distributions, so that a change of
//! `rand`'s algorithms cannot change a replay.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A deterministic generator for one purpose of one game.
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    /// The stream for the deal (R1.3).
    pub fn for_deal(seed: u64) -> GameRng {
        GameRng::stream(seed, 0)
    }

    /// The stream for round `round` (R6.7, R7.3).
    pub fn for_round(seed: u64, round: u16) -> GameRng {
        GameRng::stream(seed, u64::from(round))
    }

    fn stream(seed: u64, stream: u64) -> GameRng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        GameRng(rng)
    }

    /// A uniform integer in `0..n`. `n` must be at least 1.
    ///
    /// Lemire's multiply-and-reject method: unbiased, and fixed here so the
    /// stream of results never changes.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        let n = n as u64;
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.0.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as usize;
            }
        }
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let a: Vec<usize> = (0..8)
            .map(|_| 0)
            .scan(GameRng::for_round(7, 1), |r, _| Some(r.below(1000)))
            .collect();
        let b: Vec<usize> = (0..8)
            .map(|_| 0)
            .scan(GameRng::for_round(7, 1), |r, _| Some(r.below(1000)))
            .collect();
        let c: Vec<usize> = (0..8)
            .map(|_| 0)
            .scan(GameRng::for_round(7, 2), |r, _| Some(r.below(1000)))
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert!(a.iter().all(|&x| x < 1000));
    }

    #[test]
    fn below_covers_the_range() {
        let mut r = GameRng::for_deal(1);
        let mut seen = [false; 5];
        for _ in 0..200 {
            seen[r.below(5)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
