//! The game's seeded random generator (R1.5): the console's shared
//! [`GameRng`], stream 0 for the deal (R1.3) and stream `r` for round `r`
//! (R6.7, R7.3).

pub use console_core::rng::GameRng;

/// The stream for the deal (R1.3).
pub fn for_deal(seed: u64) -> GameRng {
    GameRng::stream(seed, 0)
}

/// The stream for round `round` (R6.7, R7.3).
pub fn for_round(seed: u64, round: u16) -> GameRng {
    GameRng::stream(seed, u64::from(round))
}
