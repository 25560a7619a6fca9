//! Advantage cards (D7.2): single use, held secretly, found at camp (D5.4)
//! or given by the producers (D9.1).

use serde::{Deserialize, Serialize};
use std::fmt;

/// An advantage card, written by its name (`"Hidden Immunity"`,
/// `"Extra Vote"`, or any producers' text).
#[derive(Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum Advantage {
    /// Played by its holder on any voter (self included) before or after
    /// the votes are cast: that player is immune for this vote and votes
    /// cast on them do not count (D7.2).
    HiddenImmunity,
    /// Played before the votes are cast: its holder casts one more vote (D7.2).
    ExtraVote,
    /// Any other card: the producers' text, applied by hand (D9).
    Other(String),
}

impl Advantage {
    /// The card's name as written in cases, save files and messages.
    pub fn name(&self) -> &str {
        match self {
            Advantage::HiddenImmunity => "Hidden Immunity",
            Advantage::ExtraVote => "Extra Vote",
            Advantage::Other(s) => s,
        }
    }
}

impl From<String> for Advantage {
    fn from(s: String) -> Advantage {
        match s.as_str() {
            "Hidden Immunity" => Advantage::HiddenImmunity,
            "Extra Vote" => Advantage::ExtraVote,
            _ => Advantage::Other(s),
        }
    }
}

impl From<&str> for Advantage {
    fn from(s: &str) -> Advantage {
        Advantage::from(s.to_string())
    }
}

impl From<Advantage> for String {
    fn from(a: Advantage) -> String {
        match a {
            Advantage::Other(s) => s,
            other => other.name().to_string(),
        }
    }
}

impl fmt::Display for Advantage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for a in [
            Advantage::HiddenImmunity,
            Advantage::ExtraVote,
            Advantage::Other("Steal a Vote".into()),
        ] {
            let json = serde_json::to_string(&a).unwrap();
            assert_eq!(serde_json::from_str::<Advantage>(&json).unwrap(), a);
        }
        assert_eq!(Advantage::from("Extra Vote"), Advantage::ExtraVote);
        assert_eq!(
            Advantage::from("extra vote"),
            Advantage::Other("extra vote".into())
        );
    }
}
