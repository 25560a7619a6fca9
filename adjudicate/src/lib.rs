//! The one case command: a rules case of any game in, its record out.
//!
//! A case names its game in its `game` member (`"survival"`,
//! `"survival-circle"`, `"dice-org"`; absent: Mini-Survivor). The member
//! chooses a [`Game`]; each game's engine reads the rest by its own
//! `cases/FORMAT.md` and gives its typed record, one variant of
//! [`Record`].

use serde::Serialize;
use serde_json::Value;

/// The games a case may name, with the value of `game` that selects each
/// (`None`: the member is absent, Mini-Survivor).
pub const GAMES: [(&str, Option<&str>); 4] = [
    ("mini-survivor", None),
    ("survival", Some("survival")),
    ("survival-circle", Some("survival-circle")),
    ("dice-org", Some("dice-org")),
];

/// The game a case is of, chosen by its `game` member.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Game {
    /// No `game` member, or `"mini-survivor"`.
    MiniSurvivor,
    /// `"survival"`.
    Survival,
    /// `"survival-circle"`.
    SurvivalCircle,
    /// `"dice-org"`.
    DiceOrg,
}

/// A case's record, typed by game: what that engine's case command gives
/// (each game's FORMAT.md "The record"). Written as the record alone, with
/// no member naming the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Record {
    /// Rounds, game over, Tokens of Life, garnets, the EC.
    MiniSurvivor(mini_survivor::case::Record),
    /// Phases, the winners.
    Survival(survival::record::Record),
    /// Turns, the position, the AI's move.
    SurvivalCircle(survival_circle::case::Record),
    /// Steps, voted out, the jury, the winner.
    DiceOrg(dice_org::case::SeasonRecord),
}

impl Game {
    /// The game a case names.
    ///
    /// # Errors
    /// Not JSON, a `game` member that is not a string, or an unknown game
    /// (one-line messages).
    pub fn of(json: &str) -> Result<Game, String> {
        let value: Value = serde_json::from_str(json).map_err(|e| format!("not JSON: {e}"))?;
        match value.get("game") {
            None => Ok(Game::MiniSurvivor),
            Some(Value::String(g)) => match g.as_str() {
                "mini-survivor" => Ok(Game::MiniSurvivor),
                "survival" => Ok(Game::Survival),
                "survival-circle" => Ok(Game::SurvivalCircle),
                "dice-org" => Ok(Game::DiceOrg),
                g => Err(format!(
                    "unknown game {g:?}: expected \"survival\", \"survival-circle\", \"dice-org\" or none (Mini-Survivor)"
                )),
            },
            Some(other) => Err(format!("\"game\" must be a string, not {other}")),
        }
    }

    /// Plays the case in `json` with this game's engine.
    ///
    /// # Errors
    /// The engine's one-line reason the case is broken.
    pub fn run(self, json: &str) -> Result<Record, String> {
        match self {
            Game::MiniSurvivor => mini_survivor::case::run_case(json)
                .map(Record::MiniSurvivor)
                .map_err(|e| e.to_string()),
            Game::Survival => survival::case::run_case(json).map(Record::Survival),
            Game::SurvivalCircle => {
                survival_circle::case::run_case(json).map(Record::SurvivalCircle)
            }
            Game::DiceOrg => dice_org::case::run_case(json).map(Record::DiceOrg),
        }
    }
}

/// Plays the case in `json` with the engine its `game` member names.
///
/// # Errors
/// Not JSON, an unknown `game`, or the engine's reason the case is broken
/// (each a one-line message).
pub fn run(json: &str) -> Result<Record, String> {
    Game::of(json)?.run(json)
}

impl Record {
    /// The record as the command prints it: pretty JSON with every
    /// object's members in name order (through a JSON value, whose objects
    /// keep their members sorted), whatever the order of the typed
    /// record's fields.
    ///
    /// # Panics
    ///
    /// Never: every game's record is plain data (maps keyed by strings), which
    /// always converts to a JSON value and back to text.
    pub fn to_pretty_json(&self) -> String {
        let value = serde_json::to_value(self).expect("a record serialises");
        serde_json::to_string_pretty(&value).expect("a JSON value serialises")
    }
}
