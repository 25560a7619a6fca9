//! Rule options (RULES.md): every point where producers may choose another
//! reading is a value here, never a code path. Missing members take the
//! defaults of RULES.md.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How a team's competition score is made from its members' results (D4.2).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TeamScore {
    /// The mean of the members' results, compared exactly as a fraction (the ruling).
    #[default]
    Mean,
    /// The sum of the members' results.
    Sum,
}

/// How a vote that stays tied after the revote is settled (D7.5).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deadlock {
    /// Every tied player makes a survival roll; the lowest is voted out (the ruling).
    #[default]
    SurvivalRoll,
    /// The voters neither tied nor immune draw rocks: a lot (D11.3) picks
    /// who is out; with nobody to draw, the survival roll.
    Rocks,
}

/// Where a camp's dice come from in a seeded season (D11.1). A case's list
/// of dice is drawn in the same order either way.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CampDice {
    /// Each player's camp dice (gathering roll, then bonus rolls) from a
    /// stream of their own, fixed by the round and their roster place: no
    /// one's choices move another's roll (the ruling).
    #[default]
    PlayerStreams,
    /// Every camp die from the season's one dice stream, teams in team
    /// order, each team's gathering then its bonus rolls: a team's bonus
    /// rolls move the next team's rolls. The order of seasons saved before
    /// file version 2, kept so they replay.
    OneStream,
}

/// A jury size D8.1 allows: odd and not divisible by 3 (1, 5, 7, 11, 13, ...).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct JurySize(u32);

/// Why a jury size is refused (D8.1).
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub struct BadJurySize(pub u32);

impl fmt::Display for BadJurySize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "jury size {} is not allowed: D8.1 wants an odd number not divisible by 3 (1, 5, 7, 11, 13, ...)",
            self.0
        )
    }
}

impl std::error::Error for BadJurySize {}

impl JurySize {
    /// The default, 7 (D8.1).
    pub const DEFAULT: JurySize = JurySize(7);

    /// `n` if D8.1 allows it.
    ///
    /// # Errors
    ///
    /// [`BadJurySize`] unless `n` is odd and not a multiple of 3 (D8.1).
    pub fn new(n: u32) -> Result<JurySize, BadJurySize> {
        if n % 2 == 1 && !n.is_multiple_of(3) {
            Ok(JurySize(n))
        } else {
            Err(BadJurySize(n))
        }
    }

    /// The number of jurors.
    pub fn get(self) -> u32 {
        self.0
    }
}

impl Default for JurySize {
    fn default() -> Self {
        JurySize::DEFAULT
    }
}

impl TryFrom<u32> for JurySize {
    type Error = BadJurySize;
    fn try_from(n: u32) -> Result<JurySize, BadJurySize> {
        JurySize::new(n)
    }
}

impl From<JurySize> for u32 {
    fn from(j: JurySize) -> u32 {
        j.0
    }
}

/// All rule options of one season (RULES.md names in brackets).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// `team_score` (D4.2): mean (default) or sum.
    pub team_score: TeamScore,
    /// `reward_rp` (D4.5): RP for each member of the winning team or the
    /// winner; default 1.
    pub reward_rp: u32,
    /// `food_per_player` (D5.1): what a camp consumes per living member;
    /// default 5.
    pub food_per_player: u32,
    /// `conversation_slots` (D6.3): slots per round; default 3.
    pub conversation_slots: u32,
    /// `deadlock` (D7.5): survival roll (default) or rocks.
    pub deadlock: Deadlock,
    /// `jury_size` (D8.1): default 7.
    pub jury_size: JurySize,
    /// `camp_dice` (D11.1): where a seeded season's camp dice come from;
    /// players' own streams (default). Left out of files while the
    /// default.
    #[serde(skip_serializing_if = "is_player_streams")]
    pub camp_dice: CampDice,
}

/// Whether `c` is the default (not written).
fn is_player_streams(c: &CampDice) -> bool {
    *c == CampDice::PlayerStreams
}

impl Default for Options {
    fn default() -> Self {
        Options {
            team_score: TeamScore::Mean,
            reward_rp: 1,
            food_per_player: 5,
            conversation_slots: 3,
            deadlock: Deadlock::SurvivalRoll,
            jury_size: JurySize::DEFAULT,
            camp_dice: CampDice::PlayerStreams,
        }
    }
}

impl fmt::Display for Options {
    /// `team score mean, reward 1 RP, food 5 per player, 3 conversation
    /// slots, deadlock survival roll, jury 7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "team score {}, reward {} RP, food {} per player, {} conversation slots, deadlock {}, jury {}",
            match self.team_score {
                TeamScore::Mean => "mean",
                TeamScore::Sum => "sum",
            },
            self.reward_rp,
            self.food_per_player,
            self.conversation_slots,
            match self.deadlock {
                Deadlock::SurvivalRoll => "survival roll",
                Deadlock::Rocks => "rocks",
            },
            self.jury_size.get()
        )
    }
}

/// A change of some options (D9.1); `None` keeps the current value.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OptionsPatch {
    /// New `team_score`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_score: Option<TeamScore>,
    /// New `reward_rp`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reward_rp: Option<u32>,
    /// New `food_per_player`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub food_per_player: Option<u32>,
    /// New `conversation_slots`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conversation_slots: Option<u32>,
    /// New `deadlock`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadlock: Option<Deadlock>,
    /// New `jury_size`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jury_size: Option<JurySize>,
}

impl OptionsPatch {
    /// `options` with this patch applied.
    pub fn apply(&self, options: Options) -> Options {
        Options {
            team_score: self.team_score.unwrap_or(options.team_score),
            reward_rp: self.reward_rp.unwrap_or(options.reward_rp),
            food_per_player: self.food_per_player.unwrap_or(options.food_per_player),
            conversation_slots: self
                .conversation_slots
                .unwrap_or(options.conversation_slots),
            deadlock: self.deadlock.unwrap_or(options.deadlock),
            jury_size: self.jury_size.unwrap_or(options.jury_size),
            camp_dice: options.camp_dice,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jury_sizes_d8_1() {
        let ok: Vec<u32> = (0..20).filter(|&n| JurySize::new(n).is_ok()).collect();
        assert_eq!(ok, vec![1, 5, 7, 11, 13, 17, 19]);
        assert!(serde_json::from_str::<Options>(r#"{"jury_size": 9}"#).is_err());
        assert!(serde_json::from_str::<Options>(r#"{"jury_size": 4}"#).is_err());
        assert!(serde_json::from_str::<Options>(r#"{"colour": 4}"#).is_err());
    }

    #[test]
    fn defaults_and_names() {
        let o: Options =
            serde_json::from_str(r#"{"deadlock": "rocks", "team_score": "sum"}"#).unwrap();
        assert_eq!(o.deadlock, Deadlock::Rocks);
        assert_eq!(o.team_score, TeamScore::Sum);
        assert_eq!(o.reward_rp, 1);
        assert_eq!(o.food_per_player, 5);
        assert_eq!(o.conversation_slots, 3);
        assert_eq!(o.jury_size.get(), 7);
        let o: Options = serde_json::from_str(r#"{"deadlock": "survival_roll"}"#).unwrap();
        assert_eq!(o.deadlock, Deadlock::SurvivalRoll);
    }
}
