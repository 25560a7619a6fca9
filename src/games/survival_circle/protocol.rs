//! The messages between the page and the AI's Web Worker
//! (`src/bin/circle-worker.rs`): plain serde data, sent as JSON text
//! through `postMessage`. The page asks; the worker says it is ready once
//! its code has loaded, then answers each question with progress reports
//! and one result, tagged with the question's id so a late answer to an
//! older question is recognised and dropped.
//!
//! The same worker also reads long pasted records for the Forum screen
//! ([`Reading`], answered by [`Reply::Read`]): a second worker is started
//! for them, so stopping the AI never drops a reading.

use super::reading::{PostCheck, Verdicts};
use serde::{Deserialize, Serialize};
use survival_circle::State;
use survival_circle::ai::{Level, MoveEval, Progress, SearchResult};
use survival_circle::save::GameFile;

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Increases with every question the page asks.
    pub id: u32,
    /// The position (serialised as its `Position`, checked when read).
    pub state: State,
    /// What to do with it.
    pub task: Task,
    /// The time budget in milliseconds (the worker's `performance.now()`).
    pub ms: f64,
}

/// A question.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Task {
    /// The AI's move at `level`; its noise comes from the game's `seed`
    /// (`survival_circle::game::ai_rng`), so a position gets the same move
    /// in the same game.
    Move {
        /// The AI's strength.
        level: Level,
        /// The game's seed, as a string (JSON numbers lose bits past 2^53).
        #[serde(with = "console_core::save::u64_string")]
        seed: u64,
    },
    /// The AI's evaluation of every legal value (the hint).
    Hint,
}

/// A pasted record to read against a game (By forum, C8.1): the answer
/// is a page of its verdicts ([`Reply::Read`]). Told from a [`Request`]
/// by its members (unknown members are refused).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// Increases with every reading the page asks for.
    pub id: u32,
    /// The open game, as its file (replayed and checked by the worker).
    pub game: GameFile,
    /// The text pasted (after the message's head line, not in its JSON:
    /// [`Reading::message`]).
    #[serde(skip)]
    pub text: String,
    /// What the text is.
    pub pasted: Pasted,
    /// How many verdicts to word.
    pub shown: usize,
}

impl Reading {
    /// The reading as the worker's message: its JSON head, then the text
    /// as it is (`crate::shell::message`), so a megabyte is not escaped.
    pub fn message(&self) -> String {
        crate::shell::message::with_text(self, &self.text)
    }

    /// A message written by [`Reading::message`], read back.
    ///
    /// # Errors
    /// When its first line is not a reading's JSON (a [`Request`] is one
    /// line: no head line, or not a reading's members).
    pub fn from_message(message: &str) -> Result<Reading, String> {
        let (mut r, text): (Reading, &str) = crate::shell::message::split(message)?;
        r.text = text.to_string();
        Ok(r)
    }
}

/// What a pasted text is (the Forum screen's choice).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pasted {
    /// A player's post: one move found in its text (C8.6, C8.7).
    Post,
    /// The next move or moves in notation (C8.1).
    Next,
    /// The thread's whole record from the start (C8.1).
    Whole,
}

/// What the worker says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reply {
    /// Its code has loaded: it takes questions now.
    Ready,
    /// A depth completed for question `id`.
    Progress {
        /// The question.
        id: u32,
        /// Depth, best so far, score, nodes.
        progress: Progress,
    },
    /// The AI's move for question `id`.
    Move {
        /// The question.
        id: u32,
        /// The move and what backs it.
        result: SearchResult,
        /// Milliseconds spent.
        ms: f64,
    },
    /// The hint for question `id`: every legal value, best first.
    Hint {
        /// The question.
        id: u32,
        /// Each value's score.
        evals: Vec<MoveEval>,
    },
    /// The verdicts of reading `id`.
    Read {
        /// The reading.
        id: u32,
        /// A page of verdicts and what playing the record would do.
        verdicts: Verdicts,
    },
    /// The reading of post `id`.
    Post {
        /// The reading.
        id: u32,
        /// The post read against the game.
        post: PostCheck,
    },
    /// Question `id` could not be read (the reason).
    Failed {
        /// The question.
        id: u32,
        /// Why.
        error: String,
    },
}
