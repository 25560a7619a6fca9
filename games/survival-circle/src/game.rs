//! The app's game: a start state, the moves played (with undo and redo),
//! the players' names and the mode, all plain data; everything else is
//! replayed from them.

use crate::ai::Level;
use crate::notation::Rejection;
use crate::notation::{Played, play_text, write_moves};
use crate::options::Options;
use crate::player::Player;
use crate::state::{MoveReport, State, Undo};
use crate::value::Value;
use console_core::rng::GameRng;
use serde::{Deserialize, Serialize};

/// The players' names (free text; posts escape them). Serialised
/// `{"Blue": ..., "Red": ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// Blue's name.
    #[serde(rename = "Blue")]
    pub blue: String,
    /// Red's name.
    #[serde(rename = "Red")]
    pub red: String,
}

impl Players {
    /// A player's name.
    pub fn name(&self, p: Player) -> &str {
        match p {
            Player::Blue => &self.blue,
            Player::Red => &self.red,
        }
    }
}

impl Default for Players {
    fn default() -> Players {
        Players {
            blue: "Blue".to_string(),
            red: "Red".to_string(),
        }
    }
}

/// How the game is played. Serialised with a `kind` member:
/// `{"kind": "hot_seat"}`, `{"kind": "vs_ai", "ai": "Red", "level":
/// "medium"}`, `{"kind": "forum"}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Mode {
    /// Two people at one screen.
    #[default]
    HotSeat,
    /// Against the AI, which plays `ai` at `level`.
    VsAi {
        /// The colour the AI plays.
        ai: Player,
        /// Its strength.
        level: Level,
    },
    /// By forum or Discord: moves pasted as records, positions copied as
    /// posts (C8).
    Forum,
}

/// The result of pasting a whole record from the start ([`Game::paste`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paste {
    /// Each move of the text: what it did or why it was rejected (C8.2).
    pub moves: Vec<Played>,
    /// Accepted moves that are new to the game (now played).
    pub added: usize,
    /// If the record disagrees with the moves already played: the 1-based
    /// turn where it first differs. The game is then unchanged.
    pub conflict: Option<usize>,
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: State,
    state: State,
    played: Vec<Undo>,
    redo: Vec<Value>,
    /// The players' names.
    pub players: Players,
    /// How it is played.
    pub mode: Mode,
    /// The seed of the AI's noise ([`Game::ai_rng`]).
    pub seed: u64,
    /// The name the app shows and saves the game under (free text; empty
    /// unless set).
    pub name: String,
}

impl Game {
    /// A new game from the start (C1.2).
    pub fn new(options: Options, players: Players, mode: Mode, seed: u64) -> Game {
        Game::from_start(State::new(options), players, mode, seed)
    }

    /// A game from any position (analysis, a case).
    pub fn from_start(start: State, players: Players, mode: Mode, seed: u64) -> Game {
        Game {
            start,
            state: start,
            played: Vec::new(),
            redo: Vec::new(),
            players,
            mode,
            seed,
            name: String::new(),
        }
    }

    /// The position now.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The starting position.
    pub fn start(&self) -> &State {
        &self.start
    }

    /// The options.
    pub fn options(&self) -> Options {
        self.start.options()
    }

    /// The values played, in order.
    pub fn moves(&self) -> Vec<Value> {
        self.played.iter().map(|u| u.report().value).collect()
    }

    /// What each move did, in order.
    pub fn history(&self) -> Vec<MoveReport> {
        self.played.iter().map(|u| u.report()).collect()
    }

    /// The last move, if any.
    pub fn last_move(&self) -> Option<MoveReport> {
        self.played.last().map(|u| u.report())
    }

    /// The moves undone that [`Game::redo`] can play again, next first.
    pub fn redo_moves(&self) -> Vec<Value> {
        self.redo.iter().rev().copied().collect()
    }

    /// The record in notation (C8.1): `B5 R3 B8 ...`.
    pub fn record(&self) -> String {
        write_moves(self.start.to_move(), &self.moves())
    }

    /// The position after the first `n` moves (replayed from the start).
    pub fn state_at(&self, n: usize) -> State {
        let mut s = self.start;
        for u in self.played.iter().take(n) {
            s.apply(u.report().value);
        }
        s
    }

    /// Plays `value` for the player to move (C8.2 checks); a new move
    /// forgets the moves that could be redone.
    pub fn play(&mut self, value: Value) -> Result<MoveReport, Rejection> {
        let undo = self.state.play(value)?;
        self.played.push(undo);
        self.redo.clear();
        Ok(undo.report())
    }

    /// Plays every move of a text in turn (C8.1); rejected moves are
    /// reported and skipped (C8.2).
    pub fn play_text(&mut self, text: &str) -> Vec<Played> {
        let mut s = self.state;
        let out = play_text(&mut s, text);
        let values: Vec<Value> = out
            .iter()
            .filter_map(|p| p.result.as_ref().ok().map(|r| r.value))
            .collect();
        for v in values {
            self.play(v).expect("checked by play_text");
        }
        out
    }

    /// Reads a whole record from the start (by forum: the thread's moves
    /// pasted): if it agrees with the moves played so far, the new moves are
    /// played; otherwise the game is unchanged and the first differing turn
    /// is named.
    pub fn paste(&mut self, text: &str) -> Paste {
        let mut s = self.start;
        let moves = play_text(&mut s, text);
        let accepted: Vec<Value> = moves
            .iter()
            .filter_map(|p| p.result.as_ref().ok().map(|r| r.value))
            .collect();
        let mine = self.moves();
        let common = mine
            .iter()
            .zip(&accepted)
            .take_while(|(a, b)| a == b)
            .count();
        if common < mine.len() && common < accepted.len() {
            return Paste {
                moves,
                added: 0,
                conflict: Some(common + 1),
            };
        }
        let mut added = 0;
        for v in accepted.iter().skip(mine.len()) {
            self.play(*v).expect("replayed from the start");
            added += 1;
        }
        Paste {
            moves,
            added,
            conflict: None,
        }
    }

    /// Whether a move can be taken back.
    pub fn can_undo(&self) -> bool {
        !self.played.is_empty()
    }

    /// Whether an undone move can be played again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last move; returns its value.
    pub fn undo(&mut self) -> Option<Value> {
        let u = self.played.pop()?;
        self.state.undo(u);
        self.redo.push(u.report().value);
        Some(u.report().value)
    }

    /// Plays the last undone move again.
    pub fn redo(&mut self) -> Option<MoveReport> {
        let v = self.redo.pop()?;
        let undo = self.state.play(v).expect("a redo replays an undone move");
        self.played.push(undo);
        Some(undo.report())
    }

    /// Sets the moves that can be redone (next first), as a save file
    /// stores them; refused (the game unchanged) if they do not replay.
    pub fn set_redo(&mut self, next: &[Value]) -> Result<(), (usize, Rejection)> {
        let mut s = self.state;
        for (i, v) in next.iter().enumerate() {
            s.play(*v).map_err(|e| (i + 1, e))?;
        }
        self.redo = next.iter().rev().copied().collect();
        Ok(())
    }

    /// Whether the AI is to move (mode vs AI, game not over), and at what
    /// level.
    pub fn ai_to_move(&self) -> Option<Level> {
        match self.mode {
            Mode::VsAi { ai, level } if ai == self.state.to_move() && !self.state.is_terminal() => {
                Some(level)
            }
            _ => None,
        }
    }

    /// The AI's generator for the current turn: stream `turn` of the game's
    /// seed, so the same position in the same game gets the same noise.
    pub fn ai_rng(&self) -> GameRng {
        ai_rng(self.seed, &self.state)
    }
}

/// The AI's generator for the position `state` of a game with this `seed`
/// (what [`Game::ai_rng`] gives): stream `turns played` of the seed. A Web
/// Worker that receives the state and the seed builds the same generator.
pub fn ai_rng(seed: u64, state: &State) -> GameRng {
    GameRng::stream(seed, u64::from(state.turns_played()))
}
