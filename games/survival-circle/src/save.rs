//! The game file: what the app saves and exports. Versioned JSON
//! (`"format": "survival-circle-game", "version": 1`) holding the start
//! position, the moves, the moves that can be redone, the game's and players' names,
//! the mode and the AI's seed. Loading replays every move and compares the
//! stored final position: a damaged file is refused with the reason.

use crate::game::{Game, Mode, Players};
use crate::notation::Rejection;
use crate::state::{Position, PositionError, State};
use crate::value::Value;
use console_core::save::{EnvelopeError, check_envelope};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The `format` member of a game file.
pub const FORMAT: &str = "survival-circle-game";
/// The current `version`.
pub const VERSION: u32 = 1;

/// A saved game (version 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`] when written.
    pub version: u32,
    /// The game's name in the app (read as empty from files written before
    /// it was kept; the home page's index shows it).
    #[serde(default)]
    pub name: String,
    /// The players' names.
    pub players: Players,
    /// How the game is played.
    pub mode: Mode,
    /// The AI's seed, as a string.
    #[serde(with = "console_core::save::u64_string")]
    pub seed: u64,
    /// The starting position, with the options.
    pub start: Position,
    /// The values played, in order.
    pub moves: Vec<Value>,
    /// Moves undone that can be redone, next first.
    #[serde(default)]
    pub redo: Vec<Value>,
    /// The position after the moves ([`State::code`]), checked on load.
    pub position: String,
}

/// Why a game file is refused. `Display` names the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Size, JSON, format or version ([`check_envelope`]).
    Envelope(EnvelopeError),
    /// Not of the file's shape: serde's message.
    Invalid(String),
    /// The start position is impossible.
    Start(PositionError),
    /// A move does not replay: its 1-based turn and why.
    Move(usize, Rejection),
    /// A move to redo does not replay: its place and why.
    Redo(usize, Rejection),
    /// The stored final position is not what the moves give.
    Mismatch {
        /// Stored.
        stored: String,
        /// Replayed.
        replayed: String,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Envelope(e) => e.fmt(f),
            LoadError::Invalid(e) => write!(f, "not a valid survival-circle game file: {e}"),
            LoadError::Start(e) => write!(f, "the starting position is impossible: {e}"),
            LoadError::Move(i, e) => write!(f, "move {i} cannot be played: {e}"),
            LoadError::Redo(i, e) => write!(f, "move {i} to redo cannot be played: {e}"),
            LoadError::Mismatch { stored, replayed } => write!(
                f,
                "the moves give the position {replayed:?}, not the stored {stored:?}: the file was changed or is damaged"
            ),
        }
    }
}

impl std::error::Error for LoadError {}

impl GameFile {
    /// The file of a game.
    pub fn of(game: &Game) -> GameFile {
        GameFile {
            format: FORMAT.to_string(),
            version: VERSION,
            name: game.name.clone(),
            players: game.players.clone(),
            mode: game.mode,
            seed: game.seed,
            start: game.start().position(),
            moves: game.moves(),
            redo: game.redo_moves(),
            position: game.state().code(),
        }
    }

    /// The file as compact JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a game file serialises")
    }

    /// Replays the file into a game, checking every move and the final
    /// position.
    pub fn replay(&self) -> Result<Game, LoadError> {
        let start = State::from_position(&self.start).map_err(LoadError::Start)?;
        let mut game = Game::from_start(start, self.players.clone(), self.mode, self.seed);
        game.name.clone_from(&self.name);
        for (i, v) in self.moves.iter().enumerate() {
            game.play(*v).map_err(|e| LoadError::Move(i + 1, e))?;
        }
        let replayed = game.state().code();
        if replayed != self.position {
            return Err(LoadError::Mismatch {
                stored: self.position.clone(),
                replayed,
            });
        }
        game.set_redo(&self.redo)
            .map_err(|(i, e)| LoadError::Redo(i, e))?;
        Ok(game)
    }
}

/// The game as a save file (JSON).
pub fn save(game: &Game) -> String {
    GameFile::of(game).to_json()
}

/// Reads a save file: envelope first (a file of another game or a newer
/// version is named as such), then the members, then every move replayed.
/// Nothing is half-loaded.
pub fn load(json: &str) -> Result<Game, LoadError> {
    check_envelope(json, FORMAT, VERSION).map_err(LoadError::Envelope)?;
    let file: GameFile =
        serde_json::from_str(json).map_err(|e| LoadError::Invalid(e.to_string()))?;
    file.replay()
}
