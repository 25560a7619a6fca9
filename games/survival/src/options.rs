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

/// Which edition of the reading rules (S2.3, S5.3, S5.4) a game uses
/// (S2.8). Written as the number.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default)]
pub enum Reading {
    /// The first rules: a name is a full name or a unique prefix; votes
    /// are `vote NAME` at a line's start, `[vote]` tags and `unvote`,
    /// with the NAME the whole rest of the line. Games saved before the
    /// second edition keep it, so they replay as they were played.
    First,
    /// The current rules (the default for new games and cases).
    #[default]
    Second,
}

impl Serialize for Reading {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(match self {
            Reading::First => 1,
            Reading::Second => 2,
        })
    }
}

impl<'de> Deserialize<'de> for Reading {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Reading, D::Error> {
        match u8::deserialize(d)? {
            1 => Ok(Reading::First),
            2 => Ok(Reading::Second),
            n => Err(serde::de::Error::custom(format!(
                "reading {n} is not 1 or 2"
            ))),
        }
    }
}

fn first_reading() -> Reading {
    Reading::First
}

/// Whether word-form votes must be bold (S5.3).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VoteBold {
    /// Bold or not (the default).
    #[default]
    Optional,
    /// `vote NAME`, `##vote NAME` and `unvote` count only in bold; tags
    /// (`[vote]`, `[v]`) and bot commands (`!vote`, `/vote`) count as they
    /// are.
    Required,
}

/// Where in a line a vote may stand (S5.3).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VotePlace {
    /// A word-form vote starts its line (the default); tags anywhere.
    #[default]
    LineStart,
    /// A bold word-form vote may stand anywhere in its line.
    Anywhere,
}

/// What a vote naming no candidate does to the voter's earlier vote (S5.4).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InvalidVote {
    /// The earlier vote stands (the default).
    #[default]
    Keeps,
    /// The earlier vote is withdrawn, as by `unvote`.
    Withdraws,
}

/// Whether a vote form in a signature counts (S5.3).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SignatureVotes {
    /// A signature's vote forms are ignored, listed with the reason
    /// `signature` (the default).
    #[default]
    Ignored,
    /// A house rule: a signature is read as the post's text.
    Counted,
}

/// Every rule option of a game. Missing members take the defaults, except
/// `reading`, which is 1 when missing (a game saved before it existed;
/// case files read a missing `reading` as 2); unknown members are refused.
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
    /// S2.8: the edition of the reading rules.
    #[serde(default = "first_reading")]
    pub reading: Reading,
    /// S5.6: whether a vote for no elimination counts (as a candidate of
    /// its own).
    pub no_elimination: bool,
    /// S5.3: whether word-form votes must be bold.
    pub vote_bold: VoteBold,
    /// S5.3: where in a line a vote may stand.
    pub vote_place: VotePlace,
    /// S5.4: what a vote naming no candidate does to the earlier vote.
    pub invalid_vote: InvalidVote,
    /// S10.3: whether the removal post shows the removed player's card.
    pub reveal_removed: bool,
    /// S5.3: whether a vote form in an author's signature counts.
    pub signature_votes: SignatureVotes,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            vote_rule: VoteRule::Plurality,
            second_tie: SecondTie::Lot,
            evil_wins_at: EvilWinsAt::Parity,
            green_activist_discovery: Discovery::Expose,
            reveal_cards: true,
            reading: Reading::Second,
            no_elimination: true,
            vote_bold: VoteBold::Optional,
            vote_place: VotePlace::LineStart,
            invalid_vote: InvalidVote::Keeps,
            reveal_removed: true,
            signature_votes: SignatureVotes::Ignored,
        }
    }
}

impl Options {
    /// The options of a game file that has none: the defaults under the
    /// first reading rules (S2.8).
    pub fn first_rules() -> Options {
        Options {
            reading: Reading::First,
            ..Options::default()
        }
    }

    /// Whether the current reading rules apply (S2.8).
    pub fn second_reading(&self) -> bool {
        self.reading == Reading::Second
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
        // A file without `reading` was saved under the first rules (S2.8).
        assert_eq!(all.reading, Reading::First);
        assert_eq!(Options::default().reading, Reading::Second);
        let json = serde_json::to_string(&Options::default()).unwrap();
        assert!(json.contains(r#""reading":2"#), "{json}");
        let o: Options = serde_json::from_str(&json).unwrap();
        assert_eq!(o, Options::default());
        let h: Options = serde_json::from_str(
            r#"{"reading":2,"no_elimination":false,"vote_bold":"required","vote_place":"anywhere","invalid_vote":"withdraws"}"#,
        )
        .unwrap();
        assert!(!h.no_elimination);
        assert_eq!(h.vote_bold, VoteBold::Required);
        assert_eq!(h.vote_place, VotePlace::Anywhere);
        assert_eq!(h.invalid_vote, InvalidVote::Withdraws);
        assert!(serde_json::from_str::<Options>(r#"{"reading":3}"#).is_err());
    }
}
