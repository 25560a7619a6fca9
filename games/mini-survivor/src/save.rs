//! The game file: what the app saves and exports. Versioned JSON
//! (`"format": "mini-survivor-game", "version": 1`) holding the setup, the
//! seed, the round-1 position and every round's submissions as pasted, so
//! the game replays exactly (R1.5). Each round's record is stored too, and
//! loading replays the game and compares: a file whose records disagree
//! with its orders is reported, not trusted.

use crate::case::RoundRecord;
use crate::game::Game;
use crate::player::PlayerId;
use crate::position::{Position, Setup};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The `format` member of a game file.
pub const FORMAT: &str = "mini-survivor-game";
/// The current `version`.
pub const VERSION: u32 = 1;
/// The largest file accepted, in bytes.
pub const MAX_FILE_BYTES: usize = 8 * 1024 * 1024;

/// One round in a game file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundFile {
    /// Player name -> submission text as pasted.
    pub submissions: BTreeMap<String, String>,
    /// The record the round produced when it was played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<RoundRecord>,
}

/// A saved or exported game (version 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`] when written.
    pub version: u32,
    /// The game's name, chosen by the moderator.
    pub name: String,
    /// Players, grid, tribe names, options, seed.
    pub setup: Setup,
    /// The position at the start of round 1.
    pub start: Position,
    /// Every round played, oldest first.
    pub rounds: Vec<RoundFile>,
    /// Unsent work: player name -> draft submission for the next round.
    #[serde(default)]
    pub drafts: BTreeMap<String, String>,
    /// Unsent work: the bulk paste box.
    #[serde(default)]
    pub bulk_draft: String,
    /// Deadline of the next round, UNIX seconds (R9.6).
    #[serde(default)]
    pub deadline: Option<i64>,
    /// Queued submissions for coming rounds (the built-in demo's script).
    #[serde(default)]
    pub script: Vec<BTreeMap<String, String>>,
}

/// Why a game file cannot be loaded. `Display` names the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Larger than [`MAX_FILE_BYTES`].
    TooLarge(usize),
    /// Not JSON, or not of the file's shape: serde's message (with line and column).
    Invalid(String),
    /// JSON of another kind.
    WrongFormat(String),
    /// A version this app does not know.
    UnsupportedVersion(u32),
    /// Setup or position inconsistent.
    Inconsistent(String),
    /// A round names a player that is not in the game.
    UnknownPlayer {
        /// Round, from 1.
        round: usize,
        /// The name.
        name: String,
    },
    /// Replaying the orders does not give the stored record.
    Tampered {
        /// Round, from 1.
        round: usize,
    },
    /// Rounds after the game had ended.
    AfterGameOver {
        /// Round, from 1.
        round: usize,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::TooLarge(n) => write!(
                f,
                "the file is {n} bytes; the largest accepted is {MAX_FILE_BYTES}"
            ),
            LoadError::Invalid(e) => write!(f, "not a valid game file: {e}"),
            LoadError::WrongFormat(s) => {
                write!(f, "this is not a Mini-Survivor game file (format {s:?})")
            }
            LoadError::UnsupportedVersion(v) => {
                write!(
                    f,
                    "game file version {v} is not supported (this app reads version {VERSION})"
                )
            }
            LoadError::Inconsistent(e) => write!(f, "the game file is inconsistent: {e}"),
            LoadError::UnknownPlayer { round, name } => {
                write!(
                    f,
                    "round {round} has orders from {name:?}, who is not a player"
                )
            }
            LoadError::Tampered { round } => write!(
                f,
                "round {round}'s recorded results do not follow from its orders: the file was changed or is damaged"
            ),
            LoadError::AfterGameOver { round } => {
                write!(f, "round {round} comes after the end of the game")
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// Only the envelope, read first so a wrong format or version is named
/// before the rest is parsed.
#[derive(Deserialize)]
struct Envelope {
    format: Option<String>,
    version: Option<u32>,
}

impl GameFile {
    /// The file for a game, with empty drafts.
    pub fn of(name: &str, game: &Game) -> GameFile {
        let setup = game.setup();
        GameFile {
            format: FORMAT.to_string(),
            version: VERSION,
            name: name.to_string(),
            setup: setup.clone(),
            start: game.start().clone(),
            rounds: game
                .rounds()
                .iter()
                .map(|r| RoundFile {
                    submissions: r
                        .submissions
                        .iter()
                        .map(|(p, t)| (setup.players.name(*p).to_string(), t.clone()))
                        .collect(),
                    record: Some(RoundRecord::new(setup, &r.report, &r.after)),
                })
                .collect(),
            drafts: BTreeMap::new(),
            bulk_draft: String::new(),
            deadline: None,
            script: Vec::new(),
        }
    }

    /// Parses and checks a file, replaying every round (R1.5).
    ///
    /// Errors: [`LoadError`] naming the problem; nothing is half-loaded.
    pub fn parse(json: &str) -> Result<(GameFile, Game), LoadError> {
        if json.len() > MAX_FILE_BYTES {
            return Err(LoadError::TooLarge(json.len()));
        }
        let env: Envelope =
            serde_json::from_str(json).map_err(|e| LoadError::Invalid(e.to_string()))?;
        match env.format.as_deref() {
            Some(FORMAT) => {}
            other => return Err(LoadError::WrongFormat(other.unwrap_or("none").to_string())),
        }
        match env.version {
            Some(VERSION) => {}
            Some(v) => return Err(LoadError::UnsupportedVersion(v)),
            None => return Err(LoadError::Invalid("no version".into())),
        }
        let file: GameFile =
            serde_json::from_str(json).map_err(|e| LoadError::Invalid(e.to_string()))?;
        let game = file.replay()?;
        Ok((file, game))
    }

    /// Rebuilds the game from setup, start and orders, checking each
    /// round's stored record.
    pub fn replay(&self) -> Result<Game, LoadError> {
        self.setup
            .check()
            .map_err(|e| LoadError::Inconsistent(e.to_string()))?;
        self.start
            .check(&self.setup)
            .map_err(|e| LoadError::Inconsistent(e.to_string()))?;
        if self.start.round() != 1 {
            return Err(LoadError::Inconsistent(
                "the starting position is not round 1".into(),
            ));
        }
        let mut game = Game::new(self.setup.clone(), self.start.clone());
        for (i, round) in self.rounds.iter().enumerate() {
            let mut subs: Vec<(PlayerId, &str)> = Vec::with_capacity(round.submissions.len());
            for (name, text) in &round.submissions {
                let p = self
                    .setup
                    .players
                    .find(name)
                    .ok_or_else(|| LoadError::UnknownPlayer {
                        round: i + 1,
                        name: name.clone(),
                    })?;
                subs.push((p, text.as_str()));
            }
            let played = game
                .play(&subs)
                .ok_or(LoadError::AfterGameOver { round: i + 1 })?;
            if let Some(stored) = &round.record
                && *stored != RoundRecord::new(&self.setup, &played.report, &played.after)
            {
                return Err(LoadError::Tampered { round: i + 1 });
            }
        }
        Ok(game)
    }

    /// The file as JSON, compact: what the browser stores and what an
    /// export downloads (one serialiser, so the browser build carries one).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a game file serialises")
    }
}
