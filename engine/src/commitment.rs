//! Verifiable randomness (R1.5): at the deal the moderator publishes a
//! SHA-256 commitment to the game's secret (seed and a 256-bit random salt)
//! together with everything else the deal depends on; at the end the seed
//! and salt are revealed and anyone can recompute both the commitment and
//! the deal. The salt makes even a small typed seed (`7`) impossible to
//! find by trying seeds against the published commitment.

use crate::position::Setup;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// A 256-bit salt, serialised as 64 lowercase hex digits.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Default, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Salt(pub [u8; 32]);

impl fmt::Debug for Salt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Salt({self})")
    }
}

impl fmt::Display for Salt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl TryFrom<String> for Salt {
    type Error = String;
    fn try_from(s: String) -> Result<Salt, String> {
        s.parse()
    }
}

impl From<Salt> for String {
    fn from(s: Salt) -> String {
        s.to_string()
    }
}

impl std::str::FromStr for Salt {
    type Err = String;
    /// 64 hex digits (either case, surrounding spaces ignored).
    fn from_str(s: &str) -> Result<Salt, String> {
        let s = s.trim();
        let bad = || {
            format!(
                "a salt is 64 hex digits, not {:?}",
                s.chars().take(80).collect::<String>()
            )
        };
        if s.len() != 64 || !s.is_ascii() {
            return Err(bad());
        }
        let mut out = [0u8; 32];
        for (i, b) in out.iter_mut().enumerate() {
            *b = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
        }
        Ok(Salt(out))
    }
}

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
    Sha256::digest(committed_text(setup, per_player).as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
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

    #[test]
    fn salt_hex_round_trip() {
        let salt = Salt([0xab; 32]);
        assert_eq!(salt.to_string().parse::<Salt>(), Ok(salt));
        assert!("xyz".parse::<Salt>().is_err());
        assert!("g".repeat(64).parse::<Salt>().is_err());
    }
}
