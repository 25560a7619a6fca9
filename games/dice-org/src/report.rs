//! What every step shares in its report: rejected choices with their
//! reasons, and the errors that stop a step (nothing is applied then).

use crate::dice::OutOfDice;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A choice the rules refuse (D2.3, D5.2, D7.2, D7.3, ...): it has no
/// effect, and the producers are told why.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Rejection {
    /// The player whose choice it was.
    pub player: String,
    /// Why, for the producers (cites the rule).
    pub reason: String,
}

impl Rejection {
    /// A rejection of `player`'s choice.
    pub fn new(player: &str, reason: impl Into<String>) -> Rejection {
        Rejection {
            player: player.to_string(),
            reason: reason.into(),
        }
    }
}

/// Sorts rejections by player name (byte order), keeping each player's in
/// the order they were found.
pub fn sort_rejections(v: &mut [Rejection]) {
    crate::order::sort_by(v, |a, b| a.player.cmp(&b.player));
}

/// Why a step cannot be played at all (a broken case; in the app, input the
/// UI should not have offered). Nothing of the step is applied.
#[derive(Clone, Eq, PartialEq, Debug)]
pub enum StepError {
    /// The dice ran out (a case with too few dice).
    OutOfDice(OutOfDice),
    /// A name that is no player of the season.
    UnknownPlayer(String),
    /// A name that is no team.
    UnknownTeam(String),
    /// The season is over (D8.2).
    GameOver,
    /// Anything else: what is wrong.
    Invalid(String),
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::OutOfDice(e) => e.fmt(f),
            StepError::UnknownPlayer(n) => write!(f, "unknown player {n:?}"),
            StepError::UnknownTeam(n) => write!(f, "unknown team {n:?}"),
            StepError::GameOver => write!(f, "the season is over: the final has been played"),
            StepError::Invalid(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for StepError {}

impl From<OutOfDice> for StepError {
    fn from(e: OutOfDice) -> StepError {
        StepError::OutOfDice(e)
    }
}
