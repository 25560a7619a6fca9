//! Rule options (RULES.md marks each): the points where a moderator may
//! choose the other reading. Options are values, not code paths.

use serde::{Deserialize, Serialize};

/// How the day's vote decides (S5.5).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VoteRule {
    /// The highest count at the deadline (S6.1; the default).
    #[default]
    Plurality,
    /// More than half of all voters' weight, checked after each post (S5.5).
    Majority,
}

/// What settles a revote that ties again or has no vote (S6.4).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SecondTie {
    /// A lot with the game's generator (S6.5; the default).
    #[default]
    Lot,
    /// No elimination.
    None,
}

/// When the Evil Forces win (S8.1).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EvilWinsAt {
    /// At least as many as the other living players (the default).
    #[default]
    Parity,
    /// Strictly more.
    Majority,
}

/// Whether an exposed, watching Green Activist is eliminated (S3.4).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Discovery {
    /// Eliminated, cause *discovered* (the default).
    #[default]
    Expose,
    /// Never: `expose` is accepted and does nothing.
    Never,
}

/// Every rule option of a game. Missing members take the defaults; unknown
/// members are refused.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// S5.5.
    pub vote_rule: VoteRule,
    /// S6.4.
    pub second_tie: SecondTie,
    /// S8.1.
    pub evil_wins_at: EvilWinsAt,
    /// S3.4.
    pub green_activist_discovery: Discovery,
    /// S9.1: whether posts show an eliminated player's card.
    pub reveal_cards: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            vote_rule: VoteRule::Plurality,
            second_tie: SecondTie::Lot,
            evil_wins_at: EvilWinsAt::Parity,
            green_activist_discovery: Discovery::Expose,
            reveal_cards: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_names_and_defaults() {
        let o: Options = serde_json::from_str(r#"{"vote_rule":"majority"}"#).unwrap();
        assert_eq!(o.vote_rule, VoteRule::Majority);
        assert!(o.reveal_cards);
        assert!(serde_json::from_str::<Options>(r#"{"vote_rule":"most"}"#).is_err());
        assert!(serde_json::from_str::<Options>(r#"{"colour":"red"}"#).is_err());
        let all: Options = serde_json::from_str(
            r#"{"vote_rule":"plurality","second_tie":"none","evil_wins_at":"majority","green_activist_discovery":"never","reveal_cards":false}"#,
        )
        .unwrap();
        assert_eq!(all.second_tie, SecondTie::None);
        assert_eq!(all.evil_wins_at, EvilWinsAt::Majority);
        assert_eq!(all.green_activist_discovery, Discovery::Never);
        assert!(!all.reveal_cards);
    }
}
