//! The AI from the page's side: the Web Worker that runs it
//! (`console-circle-worker`, built by Trunk next to the page and loaded
//! through its loader shim the first time the AI is asked, never before),
//! the question in progress, and stopping. The page's thread only sends
//! the position and reads short answers, so it never blocks while the AI
//! thinks. Stopping terminates the worker; the next question starts a new
//! one (a search cannot read a message while it runs).

use super::protocol::{Reply, Request, Task};
use crate::shell::worker::{Link, Slot};
use leptos::prelude::*;
use std::cell::Cell;
use survival_circle::ai::{MoveEval, Progress, SearchResult};
use survival_circle::{State, Value};

/// Trunk's loader shim for the worker (worker files are not hashed).
pub(super) const WORKER_URL: &str = "./console-circle-worker_loader.js";

thread_local! {
    static SLOT: Slot = const { Slot::new() };
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
}

/// What the AI is asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    /// Its move.
    Move,
    /// The hint.
    Hint,
}

/// The question in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Thinking {
    /// The question's id.
    pub id: u32,
    /// Move or hint.
    pub asked: Asked,
    /// The position asked about.
    pub state: State,
    /// The last depth completed, if any.
    pub progress: Option<Progress>,
}

/// What the worker answered (handed to the page's `on_answer`).
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The AI's move for `state`.
    Move {
        /// The position asked about.
        state: State,
        /// The search's result.
        result: SearchResult,
        /// Milliseconds the worker spent.
        ms: f64,
    },
    /// The hint for `state`.
    Hint {
        /// The position asked about.
        state: State,
        /// Every legal value, best first.
        evals: Vec<MoveEval>,
    },
    /// The worker could not run (it failed to load or crashed).
    Failed(String),
}

/// The AI as the page sees it: the question in progress (a signal the
/// "thinking" indicator follows) and where answers go.
#[derive(Copy, Clone)]
pub struct Thinker {
    /// The question in progress, if any.
    pub thinking: RwSignal<Option<Thinking>>,
    on_answer: StoredValue<Option<Handler>>,
}

/// Where answers go.
type Handler = Box<dyn Fn(Answer) + Send + Sync>;

impl Default for Thinker {
    fn default() -> Thinker {
        Thinker::new()
    }
}

impl Thinker {
    /// A thinker with nowhere to send answers yet.
    pub fn new() -> Thinker {
        Thinker {
            thinking: RwSignal::new(None),
            on_answer: StoredValue::new(None),
        }
    }

    /// Sends answers to `f` (called after `thinking` is cleared).
    pub fn on_answer(self, f: impl Fn(Answer) + Send + Sync + 'static) {
        self.on_answer.set_value(Some(Box::new(f)));
    }

    fn answered(self, answer: Answer) {
        self.on_answer.with_value(|f| {
            if let Some(f) = f {
                f(answer);
            }
        });
    }

    /// Whether a question is in progress (tracked).
    pub fn busy(self) -> bool {
        self.thinking.with(|t| t.is_some())
    }

    /// Asks a question about `state` within `ms` milliseconds; a question
    /// in progress is abandoned (its answer is dropped).
    pub fn ask(self, state: State, task: Task, ms: f64) {
        let id = NEXT_ID.get();
        NEXT_ID.set(id + 1);
        let asked = match task {
            Task::Move { .. } => Asked::Move,
            Task::Hint => Asked::Hint,
        };
        let request = Request {
            id,
            state,
            task,
            ms,
        };
        let Ok(text) = serde_json::to_string(&request) else {
            return;
        };
        self.thinking.set(Some(Thinking {
            id,
            asked,
            state,
            progress: None,
        }));
        if let Err(e) = SLOT.with(|s| s.send(text, || self.spawn())) {
            self.fail(e);
        }
    }

    /// Stops the question in progress (terminates the worker); its answer
    /// will not come.
    pub fn stop(self) {
        SLOT.with(Slot::end);
        if self.thinking.with_untracked(|t| t.is_some()) {
            self.thinking.set(None);
        }
    }

    /// The best value found so far by the move question in progress (its
    /// last completed depth).
    pub fn best_so_far(self) -> Option<Value> {
        self.thinking.with_untracked(|t| {
            t.as_ref()
                .filter(|t| t.asked == Asked::Move)
                .and_then(|t| t.progress.as_ref())
                .and_then(|p| p.best)
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

    fn fail(self, why: String) {
        SLOT.with(Slot::end);
        self.thinking.set(None);
        self.answered(Answer::Failed(why));
    }

    fn receive(self, text: &str) {
        let Ok(reply) = serde_json::from_str::<Reply>(text) else {
            return;
        };
        let current = self.thinking.with_untracked(|t| t.as_ref().map(|t| t.id));
        match reply {
            Reply::Ready => SLOT.with(Slot::ready),
            Reply::Progress { id, progress } if Some(id) == current => {
                self.thinking.update(|t| {
                    if let Some(t) = t {
                        t.progress = Some(progress);
                    }
                });
            }
            Reply::Move { id, result, ms } if Some(id) == current => {
                let state = self.finish();
                self.answered(Answer::Move { state, result, ms });
            }
            Reply::Hint { id, evals } if Some(id) == current => {
                let state = self.finish();
                self.answered(Answer::Hint { state, evals });
            }
            Reply::Failed { error, .. } => self.fail(error),
            _ => {}
        }
    }

    /// Clears the question in progress; returns its position.
    fn finish(self) -> State {
        let state = self
            .thinking
            .with_untracked(|t| t.as_ref().map(|t| t.state))
            .expect("a question in progress");
        self.thinking.set(None);
        state
    }
}
