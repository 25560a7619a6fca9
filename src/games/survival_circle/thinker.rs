//! The AI from the page's side: the Web Worker that runs it
//! (`console-circle-worker`, built by Trunk next to the page and loaded
//! through its loader shim the first time the AI is asked, never before),
//! the question in progress, and stopping. The page's thread only sends
//! the position and reads short answers, so it never blocks while the AI
//! thinks. Stopping terminates the worker; the next question starts a new
//! one (a search cannot read a message while it runs).

use super::protocol::{Reply, Request, Task};
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use survival_circle::ai::{MoveEval, Progress, SearchResult};
use survival_circle::{State, Value};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Trunk's loader shim for the worker (worker files are not hashed).
pub(super) const WORKER_URL: &str = "./console-circle-worker_loader.js";

#[wasm_bindgen]
extern "C" {
    /// A dedicated Web Worker.
    pub(super) type Worker;
    #[wasm_bindgen(constructor, catch)]
    pub(super) fn new(url: &str) -> Result<Worker, JsValue>;
    #[wasm_bindgen(method, js_name = postMessage)]
    pub(super) fn post_message(this: &Worker, message: &str);
    #[wasm_bindgen(method)]
    pub(super) fn terminate(this: &Worker);
    #[wasm_bindgen(method, setter)]
    pub(super) fn set_onmessage(this: &Worker, f: Option<&js_sys::Function>);
    #[wasm_bindgen(method, setter)]
    pub(super) fn set_onerror(this: &Worker, f: Option<&js_sys::Function>);
}

/// The worker, whether it has said it is ready, and a question waiting
/// for it to be.
struct Slot {
    worker: Worker,
    ready: bool,
    waiting: Option<String>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(JsValue)>,
}

thread_local! {
    static SLOT: RefCell<Option<Slot>> = const { RefCell::new(None) };
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
}

/// Terminates the worker, if there is one; answers it had already posted
/// are dropped with its handlers.
fn end_worker() {
    if let Some(s) = SLOT.with_borrow_mut(Option::take) {
        s.worker.set_onmessage(None);
        s.worker.set_onerror(None);
        s.worker.terminate();
    }
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
        if let Err(e) = self.send(text) {
            self.fail(e);
        }
    }

    /// Stops the question in progress (terminates the worker); its answer
    /// will not come.
    pub fn stop(self) {
        end_worker();
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

    fn send(self, text: String) -> Result<(), String> {
        SLOT.with_borrow_mut(|slot| {
            if slot.is_none() {
                *slot = Some(self.spawn()?);
            }
            let s = slot.as_mut().expect("just made");
            if s.ready {
                s.worker.post_message(&text);
            } else {
                s.waiting = Some(text);
            }
            Ok(())
        })
    }

    fn spawn(self) -> Result<Slot, String> {
        let worker = Worker::new(WORKER_URL).map_err(|e| format!("{e:?}"))?;
        let on_message =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                if let Some(text) = ev.data().as_string() {
                    self.receive(&text);
                }
            });
        let on_error = Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
            let what = js_sys::Reflect::get(&ev, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
                .unwrap_or_else(|| "it could not be loaded".to_string());
            self.fail(what);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Slot {
            worker,
            ready: false,
            waiting: None,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    fn fail(self, why: String) {
        end_worker();
        self.thinking.set(None);
        self.answered(Answer::Failed(why));
    }

    fn receive(self, text: &str) {
        let Ok(reply) = serde_json::from_str::<Reply>(text) else {
            return;
        };
        let current = self.thinking.with_untracked(|t| t.as_ref().map(|t| t.id));
        match reply {
            Reply::Ready => SLOT.with_borrow_mut(|slot| {
                if let Some(s) = slot.as_mut() {
                    s.ready = true;
                    if let Some(text) = s.waiting.take() {
                        s.worker.post_message(&text);
                    }
                }
            }),
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
