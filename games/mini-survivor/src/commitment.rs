//! Verifiable randomness (R1.5): at the deal the moderator publishes a
//! SHA-256 commitment to the game's secret (seed and a 256-bit random salt)
//! together with everything else the deal depends on; at the end the seed
//! and salt are revealed and anyone can recompute both the commitment and
//! the deal. The salt makes even a small typed seed (`7`) impossible to
//! find by trying seeds against the published commitment.

use crate::position::Setup;
pub use console_core::commitment::Salt;
use console_core::commitment::sha256_hex;

/// The text the commitment hashes: a version line, then seed, salt, the
/// players in order, survivors per player and the grid, one per line.
pub fn committed_text(setup: &Setup, per_player: usize) -> String {
    format!(
        "mini-survivor deal v1\nseed {}\nsalt {}\nplayers {}\nsurvivors per player {}\ngrid {} x {}\n",
        setup.seed,
        setup.salt,
        setup.players.names().join("\u{1f}"),
        per_player,
        setup.grid.rows(),
        setup.grid.cols()
    )
}

/// The commitment: SHA-256 of [`committed_text`], as 64 lowercase hex digits.
pub fn commitment(setup: &Setup, per_player: usize) -> String {
    sha256_hex(&committed_text(setup, per_player))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Grid, Options, Roster};

    #[test]
    fn commitment_depends_on_every_input_and_is_stable() {
        let mut s = Setup::new(
            Roster::new(["Ann", "Bob"]).unwrap(),
            Grid::new(1, 2).unwrap(),
            Options::default(),
            7,
        );
        s.salt = Salt([1; 32]);
        let c = commitment(&s, 1);
        assert_eq!(c.len(), 64);
        assert_eq!(c, commitment(&s.clone(), 1));
        let mut other = s.clone();
        other.seed = 8;
        assert_ne!(commitment(&other, 1), c);
        let mut other = s.clone();
        other.salt = Salt([2; 32]);
        assert_ne!(commitment(&other, 1), c);
        assert_ne!(commitment(&s, 2), c);
        // The text is exactly what a verifier can rebuild by hand.
        assert!(committed_text(&s, 1).starts_with("mini-survivor deal v1\nseed 7\nsalt 0101"));
    }
}
