//! The game file: what the app saves and exports. Versioned JSON
//! (`"format": "mini-survivor-game", "version": 2`) holding the setup, the
//! seed, the starting position (a seed's deal, or a position entered for a
//! game already under way, `Setup::origin`) and every round's submissions
//! as pasted, so the game replays exactly (R1.5). Each round's record is
//! stored too, and loading replays the game and compares: a file whose
//! records disagree with its orders is reported, not trusted.
//!
//! Written and read by serde's derives through [`SaveFile`]. Version 2
//! (this one) writes the seed as a decimal string, may start at any round
//! from a position (`origin: "position"`), keeps one deadline per round
//! and the chosen post format. Version-1 files (seed as a number, a dealt
//! round-1 start, one `deadline` for the next round) still load: see
//! [`GameFile::upgrade`].

use crate::case::RoundRecord;
use crate::events::RoundEvent;
use crate::game::Game;
use crate::player::PlayerId;
use crate::position::{Origin, Position, Setup};
use console_core::format::Format;
use console_core::save::{LoadError, SaveFile};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// The `format` member of a game file.
pub const FORMAT: &str = "mini-survivor-game";
/// The current `version` (written); every version from 1 up to it is read.
pub const VERSION: u32 = 2;
/// The highest round a game may start at (a position entered by hand).
pub const MAX_START_ROUND: u16 = 999;

/// One round in a game file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundFile {
    /// Player name -> submission text as pasted.
    pub submissions: BTreeMap<String, String>,
    /// The record the round produced when it was played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<RoundRecord>,
    /// The moderator's events given with the round (R10), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<RoundEvent>,
}

/// A saved or exported game (version 2; version 1 is read too).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`] when written.
    pub version: u32,
    /// The game's name, chosen by the moderator.
    pub name: String,
    /// Players, grid, tribe names, options, seed, origin.
    pub setup: Setup,
    /// The position the game started from: round 1 of a deal, or any
    /// round of an entered position (`setup.origin`).
    pub start: Position,
    /// Every round played, oldest first.
    pub rounds: Vec<RoundFile>,
    /// Unsent work: player name -> draft submission for the next round.
    #[serde(default)]
    pub drafts: BTreeMap<String, String>,
    /// Unsent work: the bulk paste box.
    #[serde(default)]
    pub bulk_draft: String,
    /// What the bulk box's splits took for each player this round, by
    /// roster index (`console_core::text::take_part`: each a
    /// `console_core::text::PartSeen` as text): the same pile split again
    /// takes nothing twice. Absent: nothing split yet.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub bulk_seen: BTreeMap<String, String>,
    /// Each round's deadline (R9.6): (round, UNIX seconds), by round, at
    /// most one per round; the posts that announce round `r` show its
    /// deadline. See [`deadline_of`] and [`set_deadline`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deadlines: Vec<(u16, i64)>,
    /// The post format the moderator chose for this game.
    #[serde(default)]
    pub post_format: Format,
    /// Queued submissions for coming rounds (the built-in demo's script).
    #[serde(default)]
    pub script: Vec<BTreeMap<String, String>>,
    /// Queued moderator's events (R10) for coming rounds, by the same
    /// index as `script` (an imported case's): each round's are given
    /// once, when that round comes up; those given are emptied here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub script_events: Vec<Vec<RoundEvent>>,
    /// The moderator's events given with the round under way (R10), in
    /// order (those of played rounds are in `rounds`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<RoundEvent>,
    /// The deal commitment published with the first line-up (R1.5), as
    /// the file was written: on load, the setup must still give it.
    /// Absent for a game started from a position, and in older files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
}

/// A round's length when it cannot be told (R9.6): 48 hours, in seconds.
pub const ROUND_LENGTH: i64 = 48 * 3600;

/// The deadline the next round gets when a round is played and the next
/// has none (R9.6): the played round's deadline with its extensions
/// (`played_end`, R10.9) plus the played round's length, which is its
/// deadline as set (`played_set`) less the round before's with its
/// extensions (`before_end`). Returns (the deadline, the length added in
/// seconds, whether it is the played round's: else, not known or not a
/// positive time, [`ROUND_LENGTH`]), or `None` when the played round had
/// no deadline.
pub fn next_deadline(
    before_end: Option<i64>,
    played_set: Option<i64>,
    played_end: Option<i64>,
) -> Option<(i64, i64, bool)> {
    let measured = before_end
        .zip(played_set)
        .map(|(b, p)| p - b)
        .filter(|l| *l > 0);
    let length = measured.unwrap_or(ROUND_LENGTH);
    Some((
        played_end?.saturating_add(length),
        length,
        measured.is_some(),
    ))
}

/// The deadline of `round` in a list of (round, deadline).
pub fn deadline_of(deadlines: &[(u16, i64)], round: u16) -> Option<i64> {
    deadlines.iter().find(|d| d.0 == round).map(|d| d.1)
}

/// Sets (or, with `None`, clears) the deadline of `round`, keeping the list
/// by round with one entry per round.
pub fn set_deadline(deadlines: &mut Vec<(u16, i64)>, round: u16, at: Option<i64>) {
    deadlines.retain(|d| d.0 != round);
    if let Some(at) = at {
        let i = deadlines
            .iter()
            .position(|d| d.0 > round)
            .unwrap_or(deadlines.len());
        deadlines.insert(i, (round, at));
    }
}

impl GameFile {
    /// The file for a game, with empty drafts.
    pub fn of(name: &str, game: &Game) -> GameFile {
        GameFile {
            format: FORMAT.to_string(),
            version: VERSION,
            name: name.to_string(),
            setup: game.dealt_setup().clone(),
            start: game.start().clone(),
            rounds: game
                .rounds()
                .iter()
                .map(|r| {
                    let setup = game.round_setup(r);
                    RoundFile {
                        submissions: console_core::text::map_of(
                            r.submissions
                                .iter()
                                .map(|(p, t)| (setup.players.name(*p).to_string(), t.clone())),
                        ),
                        record: Some(RoundRecord::new(&setup, &r.report, &r.after)),
                        events: r.events.clone(),
                    }
                })
                .collect(),
            drafts: BTreeMap::new(),
            bulk_draft: String::new(),
            bulk_seen: BTreeMap::new(),
            deadlines: Vec::new(),
            post_format: Format::default(),
            script: Vec::new(),
            script_events: Vec::new(),
            events: game.pending_events().to_vec(),
            commitment: game.deal_commitment(),
        }
    }
}

impl SaveFile for GameFile {
    type Game = Game;
    const FORMAT: &'static str = FORMAT;
    const VERSION: u32 = VERSION;

    fn name(&self) -> &str {
        &self.name
    }

    /// Version 1 to 2: version 1 had only deals (a file starting from a
    /// position is refused), and kept one `deadline`, the next round's,
    /// which becomes that round's entry of `deadlines`. Read in any
    /// version, a file is kept in memory (and written) as the current one.
    ///
    /// # Errors
    /// [`LoadError::Shape`]: a version-1 file starting from a position, or
    /// a `deadline` that is not a whole number.
    fn upgrade(version: u32, mut json: Value) -> Result<Value, LoadError> {
        let Some(file) = json.as_object_mut() else {
            return Ok(json);
        };
        if version == 1 {
            let origin = file.get("setup").and_then(|s| s.get("origin"));
            if origin.is_some_and(|o| *o == serde_json::json!(Origin::Position)) {
                return Err(LoadError::Shape(
                    "a version-1 file cannot start from a position".into(),
                ));
            }
            match file.remove("deadline") {
                None | Some(Value::Null) => {}
                Some(d) => {
                    let d = d.as_i64().ok_or_else(|| {
                        LoadError::Shape(format!("deadline: expected a whole number, not {d}"))
                    })?;
                    let start = file
                        .get("start")
                        .and_then(|s| s.get("round"))
                        .and_then(Value::as_u64)
                        .unwrap_or(1);
                    let rounds = file
                        .get("rounds")
                        .and_then(Value::as_array)
                        .map_or(0, Vec::len);
                    let next = u16::try_from(start + rounds as u64).unwrap_or(u16::MAX);
                    let mut deadlines: Vec<(u16, i64)> = match file.remove("deadlines") {
                        Some(v) => {
                            serde_json::from_value(v).map_err(|e| LoadError::from_json(&e))?
                        }
                        None => Vec::new(),
                    };
                    if deadline_of(&deadlines, next).is_none() {
                        set_deadline(&mut deadlines, next, Some(d));
                    }
                    file.insert("deadlines".into(), serde_json::json!(deadlines));
                }
            }
        }
        file.insert("version".into(), Value::from(VERSION));
        Ok(json)
    }

    /// Rebuilds the game from setup, start and orders, checking each
    /// round's stored record (R1.5).
    ///
    /// # Errors
    /// [`LoadError::Replay`] at `"the setup"` (an inconsistent setup or
    /// starting position, a dealt game not starting at round 1, a start
    /// after [`MAX_START_ROUND`], a deal commitment other than the one the
    /// file recorded: [`LoadError::check_commitment`]) or at `"round N"` (orders from someone
    /// who is not a player, a round after the end of the game, a stored
    /// record the orders do not give).
    fn replay(&self) -> Result<Game, LoadError> {
        let setup_error = |why: String| LoadError::replay("the setup", why);
        self.setup.check().map_err(|e| setup_error(e.to_string()))?;
        self.start
            .check(&self.setup)
            .map_err(|e| setup_error(e.to_string()))?;
        match (self.setup.origin, self.start.round()) {
            (Origin::Deal, 1) => {}
            (Origin::Deal, _) => {
                return Err(setup_error(
                    "a dealt game's starting position is not round 1".into(),
                ));
            }
            (Origin::Position, r) if r > MAX_START_ROUND => {
                return Err(setup_error(format!(
                    "the game starts at round {r}; the highest allowed is {MAX_START_ROUND}"
                )));
            }
            (Origin::Position, _) => {}
        }
        let mut game = Game::new(self.setup.clone(), self.start.clone());
        // The seed, salt and names must still give the commitment published
        // (R1.5): changed in the file, the next rounds' draws would differ
        // with no word.
        if let Some(c) = game.deal_commitment() {
            LoadError::check_commitment(self.commitment.as_deref(), &c)?;
        }
        for (i, round) in self.rounds.iter().enumerate() {
            let at = || format!("round {}", i + 1);
            for e in &round.events {
                game.add_event(e.clone());
            }
            let players = game.setup().players.clone();
            let mut subs: Vec<(PlayerId, &str)> = Vec::with_capacity(round.submissions.len());
            for (name, text) in &round.submissions {
                let p = players.find(name).ok_or_else(|| {
                    LoadError::replay(at(), format!("orders from {name:?}, who is not a player"))
                })?;
                subs.push((p, text.as_str()));
            }
            game.play(&subs)
                .ok_or_else(|| LoadError::replay(at(), "it comes after the end of the game"))?;
            let played = game.rounds().last().expect("just played");
            let setup = game.round_setup(played);
            // A stored record is read without its events (written only).
            let mut fresh = RoundRecord::new(&setup, &played.report, &played.after);
            fresh.events.clear();
            if let Some(stored) = &round.record
                && *stored != fresh
            {
                return Err(LoadError::replay(
                    at(),
                    "its recorded results do not follow from its orders: the file was changed or is damaged",
                ));
            }
        }
        for e in &self.events {
            game.add_event(e.clone());
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R9.6: the next round's deadline is the played round's, with its
    /// extensions, plus the played round's length.
    /// R1.5: a seed or salt changed in a saved file before round 1 is
    /// refused with the reason, not dealt again with no word.
    #[test]
    fn a_changed_seed_or_salt_is_refused() {
        let setup = crate::position::Setup::new(
            crate::player::Roster::new(["Ann", "Bob", "Cid", "Dee"]).unwrap(),
            crate::tribe::Grid::new(2, 2).unwrap(),
            crate::options::Options::default(),
            41,
        );
        let setup = crate::position::Setup {
            salt: console_core::commitment::Salt([7; 32]),
            ..setup
        };
        let start = crate::deal::deal(&setup, 2, &[0; 4]).unwrap();
        let file = GameFile::of("t", &Game::new(setup, start));
        let json = serde_json::to_string(&file).unwrap();
        assert!(json.contains(&format!(
            "\"commitment\":\"{}\"",
            file.commitment.clone().unwrap()
        )));
        assert!(GameFile::parse(&json).is_ok());
        let seed = json.replace("\"seed\":\"41\"", "\"seed\":\"42\"");
        assert_ne!(seed, json);
        let e = GameFile::parse(&seed).unwrap_err().to_string();
        assert!(
            e.starts_with("the setup: its seed, salt and players give the deal commitment"),
            "{e}"
        );
        let mut salted = file.clone();
        salted.setup.salt.0[0] ^= 1;
        assert!(GameFile::parse(&serde_json::to_string(&salted).unwrap()).is_err());
        // A file from before commitments were recorded loads as before.
        let mut old = file;
        old.commitment = None;
        assert!(GameFile::parse(&serde_json::to_string(&old).unwrap()).is_ok());
    }

    #[test]
    fn the_next_deadline_adds_the_played_rounds_length() {
        let h = 3600;
        // No round before: 48 hours.
        assert_eq!(
            next_deadline(None, Some(100 * h), Some(100 * h)),
            Some((148 * h, 48 * h, false))
        );
        // The round before ended at 76 h, this one was set for 100 h (24
        // hours) and extended to 110 h: the next is at 134 h.
        assert_eq!(
            next_deadline(Some(76 * h), Some(100 * h), Some(110 * h)),
            Some((134 * h, 24 * h, true))
        );
        // A deadline set before the round before's end is no length.
        assert_eq!(
            next_deadline(Some(120 * h), Some(100 * h), Some(100 * h)),
            Some((148 * h, 48 * h, false))
        );
        assert_eq!(next_deadline(Some(1), Some(2), None), None);
    }
}
