//! Long pasted records read off the page: the Forum screen
//! hands a text (a record or a post) of more than [`LONG`] bytes to a second instance of the
//! circle's Web Worker (`src/bin/circle-worker.rs`, the AI's own instance
//! is stopped and restarted with its searches, which would drop a
//! reading) and shows the page of verdicts it answers. Only the last
//! question counts: an answer to an older one is dropped.

use super::protocol::{Pasted, Reading, Reply};
use super::reading::{PostCheck, Verdicts};
use super::thinker::WORKER_URL;
use crate::shell::worker::{Link, Slot};
use leptos::prelude::*;
use survival_circle::Game;
use survival_circle::save::GameFile;

/// A text longer than this (bytes) is read in the worker; a shorter one
/// (a post of a move or two, a short record) on the page at once (about
/// 1,300 moves: a few milliseconds).
pub const LONG: usize = 4 * 1024;

thread_local! {
    static SLOT: Slot = const { Slot::new() };
}

/// What the worker read.
#[derive(Clone, Debug, PartialEq)]
pub enum Read {
    /// A record's page of verdicts.
    Record(Verdicts),
    /// A player's post.
    Post(PostCheck),
}

/// The readings as the page sees them: the last question asked and the
/// answer that came.
#[derive(Copy, Clone)]
pub struct Reader {
    /// The id of the last question (0: none yet).
    asked: RwSignal<u32>,
    /// The latest answer: its id and the verdicts, or why there are none.
    answer: RwSignal<Option<(u32, Result<Read, String>)>>,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader::new()
    }
}

impl Reader {
    /// No question asked yet.
    pub fn new() -> Reader {
        Reader {
            asked: RwSignal::new(0),
            answer: RwSignal::new(None),
        }
    }

    /// Starts the worker if it is not running, so the first long paste
    /// does not wait for its code to load (the Forum screen calls this
    /// when a record is about to be pasted).
    pub fn warm(self) {
        SLOT.with(|s| s.warm(|| self.spawn()));
    }

    /// Asks for `text` read against `game` as what was `pasted`, with
    /// `shown` verdicts worded (a record); an earlier question's answer
    /// will be dropped.
    pub fn ask(self, game: &Game, text: String, pasted: Pasted, shown: usize) {
        let id = self.asked.get_untracked().wrapping_add(1).max(1);
        self.asked.set(id);
        let reading = Reading {
            id,
            game: GameFile::of(game),
            text,
            pasted,
            shown,
        };
        let sent = SLOT.with(|s| s.send(reading.message(), || self.spawn()));
        if let Err(e) = sent {
            self.fail(e);
        }
    }

    /// The answer to the last question (tracked): `None` while it is read.
    ///
    /// # Errors
    /// Why the worker could not read it (it failed to load or crashed).
    pub fn current(self) -> Option<Result<Read, String>> {
        let asked = self.asked.get();
        self.answer.with(|a| {
            a.as_ref()
                .filter(|(id, _)| *id == asked)
                .map(|(_, r)| r.clone())
        })
    }

    fn spawn(self) -> Result<Link, String> {
        Link::start(
            WORKER_URL,
            move |text| self.receive(text),
            move |why| self.fail(why),
            "it could not be loaded",
        )
    }

    /// The worker failed: the last question is answered with why.
    fn fail(self, why: String) {
        SLOT.with(Slot::end);
        let id = self.asked.get_untracked();
        self.answer.set(Some((id, Err(why))));
    }

    fn receive(self, text: &str) {
        let Ok(reply) = serde_json::from_str::<Reply>(text) else {
            return;
        };
        let asked = self.asked.get_untracked();
        match reply {
            Reply::Ready => SLOT.with(Slot::ready),
            Reply::Read { id, verdicts } if id == asked => {
                self.answer.set(Some((id, Ok(Read::Record(verdicts)))));
            }
            Reply::Post { id, post } if id == asked => {
                self.answer.set(Some((id, Ok(Read::Post(post)))));
            }
            Reply::Failed { id, error } if id == asked => {
                self.answer.set(Some((id, Err(error))));
            }
            _ => {}
        }
    }
}
