//! The game file: what the app saves and exports. Versioned JSON
//! (`"format": "survival-circle-game", "version": 1`) holding the start
//! position, the moves, the moves that can be redone, the game's and
//! players' names, the mode and the AI's seed, and the moderator's
//! unplayed drafts ([`Drafts`]: the Forum screen's paste box). Written and read by serde's
//! derives through [`SaveFile`]: loading replays every move and compares
//! the stored final position, so a damaged file is refused with the reason.

use crate::game::{Game, Mode, Players};
use crate::state::{Position, State};
use crate::value::Value;
use console_core::save::{LoadError, SaveFile};
use serde::{Deserialize, Serialize};
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
    /// A forfeit that ended the game (C9.1); absent in older files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<crate::forfeit::Forfeit>,
    /// The replacements made, in order (C9.4); absent in older files.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replacements: Vec<crate::forfeit::Replacement>,
    /// What the moderator pasted and has not played yet; absent in older
    /// files and when there is none. Not checked against the game (a
    /// draft may be half written or wrong: the page shows why).
    #[serde(default, skip_serializing_if = "Drafts::is_empty")]
    pub drafts: Drafts,
}

/// What a paste on the Forum screen is (C8.1, C8.6).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PasteKind {
    /// A player's post: one move found in its text (C8.6, C8.7).
    #[default]
    Post,
    /// The next move or moves in notation (C8.1).
    Next,
    /// The thread's whole record from the start (C8.1).
    Whole,
}

/// The moderator's unplayed inputs, saved and exported with the game so
/// that a reload, another screen or a discarded tab loses nothing. The
/// page empties the box when what it holds is played.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drafts {
    /// The Forum screen's paste box, as pasted (any size; a record of a
    /// megabyte is kept whole).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub forum: String,
    /// What the box holds: a post, the next moves or the whole record.
    #[serde(default, skip_serializing_if = "is_post")]
    pub kind: PasteKind,
}

fn is_post(k: &PasteKind) -> bool {
    *k == PasteKind::Post
}

impl Drafts {
    /// Whether there is nothing to keep: an empty box for a post.
    pub fn is_empty(&self) -> bool {
        self.forum.is_empty() && self.kind == PasteKind::Post
    }
}

impl GameFile {
    /// The file of a game, without drafts.
    pub fn of(game: &Game) -> GameFile {
        GameFile::with_drafts(game, Drafts::default())
    }

    /// The file of a game with the moderator's drafts.
    pub fn with_drafts(game: &Game, drafts: Drafts) -> GameFile {
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
            forfeit: game.forfeit().cloned(),
            replacements: game.replacements().to_vec(),
            drafts,
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

    /// Replays the file into a game, checking every move, the stored
    /// final position and the moves to redo.
    ///
    /// # Errors
    /// [`LoadError::Replay`] at `"the setup"` (an impossible starting
    /// position), `"move N"` (a move that cannot be played), `"the
    /// position"` (the moves do not give the stored position) or `"move N
    /// to redo"`.
    fn replay(&self) -> Result<Game, LoadError> {
        let start = State::from_position(&self.start).map_err(|e| {
            LoadError::replay(
                "the setup",
                format!("the starting position is impossible: {e}"),
            )
        })?;
        let mut game = Game::from_start(start, self.players.clone(), self.mode, self.seed);
        game.name.clone_from(&self.name);
        for (i, v) in self.moves.iter().enumerate() {
            game.play(*v).map_err(|e| {
                LoadError::replay(
                    format!("move {}", i + 1),
                    format!("it cannot be played: {e}"),
                )
            })?;
        }
        let replayed = game.state().code();
        if replayed != self.position {
            return Err(LoadError::replay(
                "the position",
                format!(
                    "the moves give the position {replayed:?}, not the stored {:?}: the file was changed or is damaged",
                    self.position
                ),
            ));
        }
        game.set_redo(&self.redo).map_err(|(i, e)| {
            LoadError::replay(
                format!("move {i} to redo"),
                format!("it cannot be played: {e}"),
            )
        })?;
        game.set_replacements(self.replacements.clone())
            .map_err(|i| {
                LoadError::replay(
                    format!("replacement {i}"),
                    "it is made after more moves than the game has, or before the one ahead of it",
                )
            })?;
        if let Some(f) = &self.forfeit {
            game.forfeit_game(f.clone()).map_err(|_| {
                LoadError::replay("the forfeit", "it comes after the end of the game")
            })?;
        }
        Ok(game)
    }
}
