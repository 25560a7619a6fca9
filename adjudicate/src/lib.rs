//! The one case command: a rules case of any game in, its record out.
//!
//! A case names its game in its `game` member (`"survival"`,
//! `"survival-circle"`, `"dice-org"`; absent: Mini-Survivor). Each game's
//! engine reads the rest by its own `cases/FORMAT.md`.

use serde_json::Value;

/// The games a case may name, with the value of `game` that selects each
/// (`None`: the member is absent, Mini-Survivor).
pub const GAMES: [(&str, Option<&str>); 4] = [
    ("mini-survivor", None),
    ("survival", Some("survival")),
    ("survival-circle", Some("survival-circle")),
    ("dice-org", Some("dice-org")),
];

/// Plays the case in `json` with the engine its `game` member names.
/// Errors: not JSON, an unknown `game`, or the engine's reason the case is
/// broken (each a one-line message).
pub fn run(json: &str) -> Result<Value, String> {
    let value: Value = serde_json::from_str(json).map_err(|e| format!("not JSON: {e}"))?;
    let game = match value.get("game") {
        None => None,
        Some(Value::String(g)) => Some(g.as_str()),
        Some(other) => return Err(format!("\"game\" must be a string, not {other}")),
    };
    match game {
        None | Some("mini-survivor") => mini_survivor::case::run_case(json)
            .map_err(|e| e.to_string())
            .and_then(|r| serde_json::to_value(r).map_err(|e| e.to_string())),
        Some("survival") => survival::case::run_case(json)
            .and_then(|r| serde_json::to_value(r).map_err(|e| e.to_string())),
        Some("survival-circle") => survival_circle::case::run_case(json)
            .and_then(|r| serde_json::to_value(r).map_err(|e| e.to_string())),
        Some("dice-org") => dice_org::case::run_case(json),
        Some(g) => Err(format!(
            "unknown game {g:?}: expected \"survival\", \"survival-circle\", \"dice-org\" or none (Mini-Survivor)"
        )),
    }
}
