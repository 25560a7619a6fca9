//! The game's seeded random generator (Mini-Survivor R1.5, Survival S1.6,
//! Dice ORG D1.4).
//!
//! ChaCha8 from `rand_chacha`, whose output stream is fixed by its
//! specification. Each purpose gets its own stream of the same seed (a deal,
//! a round, a phase), so replaying a game from its seed and inputs
//! reproduces every draw, and undoing a phase needs no stored generator
//! state. Where one stream runs through a whole game (Dice ORG's dice), its
//! position is kept as a [`RngState`] in the game. Sampling is done here from
//! raw `u64` words, not with `rand`'s distributions, so that a change of
//! `rand`'s algorithms cannot change a replay.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// A deterministic generator for one purpose of one game.
#[derive(Clone, Debug)]
pub struct GameRng(ChaCha8Rng);

/// Where a generator stands: its seed, stream and word position. Plain data
/// for save files; the seed and position are written as decimal strings
/// because JSON numbers above 2^53 are rounded by JavaScript.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RngState {
    /// The game's seed.
    #[serde(with = "crate::save::u64_string")]
    pub seed: u64,
    /// The stream (purpose) within the seed.
    pub stream: u64,
    /// 32-bit words consumed so far.
    #[serde(with = "crate::save::u64_string")]
    pub words: u64,
}

impl GameRng {
    /// Stream `stream` of `seed`: each purpose of a game uses its own number
    /// (Mini-Survivor: 0 for the deal, `r` for round `r`).
    pub fn stream(seed: u64, stream: u64) -> GameRng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        GameRng(rng)
    }

    /// A generator at a saved position.
    pub fn from_state(state: RngState) -> GameRng {
        let mut rng = GameRng::stream(state.seed, state.stream);
        rng.0.set_word_pos(u128::from(state.words));
        rng
    }

    /// Where this generator stands, for a save file; `seed` is the seed it
    /// was made from.
    pub fn state(&self, seed: u64) -> RngState {
        RngState {
            seed,
            stream: self.0.get_stream(),
            words: self.0.get_word_pos() as u64,
        }
    }

    /// A uniform integer in `0..n`. `n` must be at least 1.
    ///
    /// Lemire's multiply-and-reject method: unbiased, and fixed here so the
    /// stream of results never changes.
    ///
    /// # Panics
    ///
    /// If `n` is 0 (there is no integer in `0..0`).
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

    /// One six-sided die: 1 to 6 (D1.4).
    pub fn die(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// A raw 64-bit word (seeds, salts).
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
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

    fn draws(mut r: GameRng) -> Vec<usize> {
        (0..8).map(|_| r.below(1000)).collect()
    }

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let a = draws(GameRng::stream(7, 1));
        assert_eq!(a, draws(GameRng::stream(7, 1)));
        assert_ne!(a, draws(GameRng::stream(7, 2)));
        assert_ne!(a, draws(GameRng::stream(8, 1)));
        assert!(a.iter().all(|&x| x < 1000));
    }

    #[test]
    fn below_covers_the_range() {
        let mut r = GameRng::stream(1, 0);
        let mut seen = [false; 5];
        for _ in 0..200 {
            seen[r.below(5)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn dice_are_one_to_six_and_all_faces_come_up() {
        let mut r = GameRng::stream(3, 9);
        let mut seen = [0u32; 7];
        for _ in 0..600 {
            seen[usize::from(r.die())] += 1;
        }
        assert_eq!(seen[0], 0);
        assert!(seen[1..].iter().all(|&n| n > 50), "{seen:?}");
    }

    #[test]
    fn a_saved_state_resumes_the_same_stream() {
        let mut a = GameRng::stream(u64::MAX, 4);
        for _ in 0..5 {
            a.die();
        }
        let state = a.state(u64::MAX);
        let json = serde_json::to_string(&state).unwrap();
        assert!(json.contains("\"18446744073709551615\""), "{json}");
        let back: RngState = serde_json::from_str(&json).unwrap();
        let mut b = GameRng::from_state(back);
        assert_eq!(draws(a), draws(b.clone()));
        b.die();
    }
}
