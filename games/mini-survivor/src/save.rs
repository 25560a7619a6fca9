//! The game file: what the app saves and exports. Versioned JSON
//! (`"format": "mini-survivor-game", "version": 2`) holding the setup, the
//! seed, the starting position (a seed's deal, or a position entered for a
//! game already under way, `Setup::origin`) and every round's submissions
//! as pasted, so the game replays exactly (R1.5). Each round's record is
//! stored too, and loading replays the game and compares: a file whose
//! records disagree with its orders is reported, not trusted.
//!
//! Version 2 (this one) writes the seed as a decimal string, may start at
//! any round from a position (`origin: "position"`), keeps one deadline per
//! round and the chosen post format. Version-1 files (seed as a number, a
//! dealt round-1 start, one `deadline` for the next round) still load.

use crate::case::RoundRecord;
use crate::game::Game;
use crate::player::PlayerId;
use crate::position::{Origin, Position, Setup};
use console_core::format::Format;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The `format` member of a game file.
pub const FORMAT: &str = "mini-survivor-game";
/// The current `version` (written); every version from 1 up to it is read.
pub const VERSION: u32 = 2;
/// The highest round a game may start at (a position entered by hand).
pub const MAX_START_ROUND: u16 = 999;
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
    /// Version 1 only: the deadline of the next round, UNIX seconds. Read
    /// into [`GameFile::deadlines`] by [`GameFile::parse`]; never written.
    #[serde(default, skip_serializing)]
    pub deadline: Option<i64>,
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
                    submissions: crate::map_of(
                        r.submissions
                            .iter()
                            .map(|(p, t)| (setup.players.name(*p).to_string(), t.clone())),
                    ),
                    record: Some(RoundRecord::new(setup, &r.report, &r.after)),
                })
                .collect(),
            drafts: BTreeMap::new(),
            bulk_draft: String::new(),
            deadline: None,
            deadlines: Vec::new(),
            post_format: Format::default(),
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
        let version = match env.version {
            Some(v @ 1..=VERSION) => v,
            Some(v) => return Err(LoadError::UnsupportedVersion(v)),
            None => return Err(LoadError::Invalid("no version".into())),
        };
        let mut file: GameFile =
            serde_json::from_str(json).map_err(|e| LoadError::Invalid(e.to_string()))?;
        // Version 1 had only deals.
        if version == 1 && file.setup.origin != Origin::Deal {
            return Err(LoadError::Invalid(
                "a version-1 file cannot start from a position".into(),
            ));
        }
        // Version 1 kept one deadline: the next round's.
        if let Some(d) = file.deadline.take() {
            let next = usize::from(file.start.round()) + file.rounds.len();
            let next = u16::try_from(next).unwrap_or(u16::MAX);
            if deadline_of(&file.deadlines, next).is_none() {
                set_deadline(&mut file.deadlines, next, Some(d));
            }
        }
        let game = file.replay()?;
        // Read in any version, kept in memory (and written) as the current one.
        file.version = VERSION;
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
        match (self.setup.origin, self.start.round()) {
            (Origin::Deal, 1) => {}
            (Origin::Deal, _) => {
                return Err(LoadError::Inconsistent(
                    "a dealt game's starting position is not round 1".into(),
                ));
            }
            (Origin::Position, r) if r > MAX_START_ROUND => {
                return Err(LoadError::Inconsistent(format!(
                    "the game starts at round {r}; the highest allowed is {MAX_START_ROUND}"
                )));
            }
            (Origin::Position, _) => {}
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
