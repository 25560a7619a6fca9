//! The Survival circle AI's Web Worker (`console-circle-worker`, loaded by
//! the Survival circle page through Trunk's loader shim
//! `console-circle-worker_loader.js` the first time the AI is asked). It
//! keeps one `Searcher` (its tables stay from move to move), answers each
//! question of `protocol::Request` (JSON text) with progress reports after
//! every completed depth and one result, and searches within the time
//! budget it is given, measured with the worker's own `performance.now()`.
//! The page stops a search by terminating the worker.
//!
//! A second instance reads long pasted records for the Forum screen
//! (`protocol::Reading`, answered with a page of verdicts): the
//! last record read is kept, so "Show more" words more lines without
//! reading it again.

use console_core::save::SaveFile;
use moderator_console::games::survival_circle::protocol::{Pasted, Reading, Reply, Request, Task};
use moderator_console::games::survival_circle::reading::{self, Check};
use std::cell::RefCell;
use survival_circle::ai::{self, Limits, Progress, Searcher};
use survival_circle::game::ai_rng;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The worker's `postMessage` (to the page).
    #[wasm_bindgen(js_name = postMessage)]
    fn post_message(message: &str);
    /// The worker's clock, in milliseconds.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

thread_local! {
    /// The searcher, made at the first question (about 20 MiB of tables).
    static SEARCHER: RefCell<Option<Searcher>> = const { RefCell::new(None) };
    /// The last record read: its game, text, kind and reading.
    static LAST: RefCell<Option<(Reading, Check)>> = const { RefCell::new(None) };
}

/// Reads a pasted record (or words more of the last one read).
fn read(mut r: Reading) {
    let id = r.id;
    let game = match r.game.replay() {
        Ok(g) => g,
        Err(e) => {
            post(&Reply::Failed {
                id,
                error: format!("the game could not be replayed: {e}"),
            });
            return;
        }
    };
    if r.pasted == Pasted::Post {
        let read = reading::check_post(&game, &r.text);
        post(&Reply::Post { id, post: read });
        return;
    }
    let verdicts = LAST.with_borrow_mut(|last| {
        r.id = 0;
        let shown = std::mem::take(&mut r.shown);
        let same = last.as_ref().is_some_and(|(was, _)| *was == r);
        if !same {
            let c = reading::check(&game, &r.text, r.pasted == Pasted::Whole);
            *last = Some((r, c));
        }
        last.as_ref().map(|(_, c)| c.verdicts(shown))
    });
    if let Some(verdicts) = verdicts {
        post(&Reply::Read { id, verdicts });
    }
}

fn post(reply: &Reply) {
    if let Ok(text) = serde_json::to_string(reply) {
        post_message(&text);
    }
}

/// Answers one question.
fn answer(text: &str) {
    if let Ok(r) = Reading::from_message(text) {
        read(r);
        return;
    }
    let request: Request = match serde_json::from_str(text) {
        Ok(r) => r,
        Err(e) => {
            post(&Reply::Failed {
                id: 0,
                error: e.to_string(),
            });
            return;
        }
    };
    let id = request.id;
    let start = performance_now();
    let mut stop = ai::deadline(performance_now, request.ms);
    let mut progress = |p: &Progress| {
        post(&Reply::Progress {
            id,
            progress: p.clone(),
        })
    };
    SEARCHER.with_borrow_mut(|searcher| {
        let searcher = searcher.get_or_insert_with(Searcher::default);
        let state = request.state;
        match request.task {
            Task::Move { level, seed } => {
                let mut rng = ai_rng(seed, &state);
                let result = searcher.choose(
                    &state,
                    level,
                    &mut rng,
                    Limits::NONE,
                    &mut stop,
                    &mut progress,
                );
                post(&Reply::Move {
                    id,
                    result,
                    ms: performance_now() - start,
                });
            }
            Task::Hint => {
                let evals = searcher.analyse(&state, Limits::NONE, &mut stop, &mut progress);
                post(&Reply::Hint { id, evals });
            }
        }
    });
}

fn main() {
    console_error_panic_hook::set_once();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|ev: web_sys::MessageEvent| {
            if let Some(text) = ev.data().as_string() {
                answer(&text);
            }
        });
    let scope = js_sys::global();
    let _ = js_sys::Reflect::set(
        &scope,
        &"onmessage".into(),
        on_message.as_ref().unchecked_ref(),
    );
    on_message.forget();
    // Messages sent before this point were dropped (the code was loading):
    // the page waits for this.
    post(&Reply::Ready);
}
