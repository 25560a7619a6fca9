//! Verifiable randomness (Mini-Survivor R1.5, Survival S1.6, Dice ORG
//! D1.4): at the deal the moderator publishes a SHA-256 commitment to the
//! game's secret (seed and a 256-bit random salt) together with everything
//! else the deal depends on; at the end the seed and salt are revealed and
//! anyone can recompute both the commitment and the deal. The salt makes even
//! a small typed seed (`7`) impossible to find by trying seeds against the
//! published commitment. Each game writes its own committed text (a version
//! line, then one input per line) and hashes it with [`sha256_hex`].

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

/// SHA-256 of `text` as 64 lowercase hex digits.
pub fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_of_a_known_text() {
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn salt_hex_round_trip() {
        let salt = Salt([0xab; 32]);
        assert_eq!(salt.to_string().parse::<Salt>(), Ok(salt));
        assert!("xyz".parse::<Salt>().is_err());
        assert!("g".repeat(64).parse::<Salt>().is_err());
    }
}
