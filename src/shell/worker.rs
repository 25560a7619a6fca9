//! A page's link to a dedicated Web Worker of ours (the site's worker, the
//! circle's AI and record reader): started on first use from its Trunk
//! loader shim, each message it posts handed on as text, what the page
//! asks before it says it is ready kept until then, and ended (handlers
//! dropped, terminated) when it fails or is no longer wanted.

use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A dedicated Web Worker.
    type Worker;
    #[wasm_bindgen(constructor, catch)]
    fn new(url: &str) -> Result<Worker, JsValue>;
    #[wasm_bindgen(method, js_name = postMessage)]
    fn post_message(this: &Worker, message: &str);
    #[wasm_bindgen(method)]
    fn terminate(this: &Worker);
    #[wasm_bindgen(method, setter)]
    fn set_onmessage(this: &Worker, f: Option<&js_sys::Function>);
    #[wasm_bindgen(method, setter)]
    fn set_onerror(this: &Worker, f: Option<&js_sys::Function>);
}

/// A started worker, whether it has said it is ready, and the messages
/// waiting for it to be.
pub struct Link {
    worker: Worker,
    ready: bool,
    waiting: Vec<String>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(JsValue)>,
}

impl Link {
    /// Starts the worker whose loader shim is at `url`: each text message
    /// it posts goes to `on_message`; its failure (it could not load, it
    /// crashed) goes to `on_error` with the browser's reason, or `unknown`
    /// when there is none.
    ///
    /// # Errors
    /// When the browser refuses to start it: the reason.
    pub fn start(
        url: &str,
        mut on_message: impl FnMut(&str) + 'static,
        mut on_error: impl FnMut(String) + 'static,
        unknown: &'static str,
    ) -> Result<Link, String> {
        let worker = Worker::new(url).map_err(|e| format!("{e:?}"))?;
        let on_message =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                if let Some(text) = ev.data().as_string() {
                    on_message(&text);
                }
            });
        let on_error = Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
            let what = js_sys::Reflect::get(&ev, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
                .unwrap_or_else(|| unknown.to_string());
            on_error(what);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Link {
            worker,
            ready: false,
            waiting: Vec::new(),
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Posts `message` now if the worker is ready, else keeps it (after
    /// those already waiting, or instead of them when `latest_only`: a
    /// newer question makes the older ones moot).
    pub fn post(&mut self, message: String, latest_only: bool) {
        if self.ready {
            self.worker.post_message(&message);
        } else {
            if latest_only {
                self.waiting.clear();
            }
            self.waiting.push(message);
        }
    }

    /// The worker said it listens: what waited is posted, in order.
    pub fn set_ready(&mut self) {
        self.ready = true;
        for m in std::mem::take(&mut self.waiting) {
            self.worker.post_message(&m);
        }
    }

    /// Ends the worker: its handlers go (answers it had already posted are
    /// dropped) and it is terminated.
    pub fn end(self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// A page's one instance of a worker (kept in a `thread_local!`): started
/// by the first message sent, ready when it says so, ended when it fails
/// or is stopped (the next message starts a new one).
pub struct Slot(RefCell<Option<Link>>);

impl Default for Slot {
    fn default() -> Slot {
        Slot::new()
    }
}

impl Slot {
    /// No worker yet.
    pub const fn new() -> Slot {
        Slot(RefCell::new(None))
    }

    /// Starts the worker with `start` if none runs (so a first question
    /// does not wait for its code to load); a failure to start is left
    /// for the next [`Slot::send`] to report.
    pub fn warm(&self, start: impl FnOnce() -> Result<Link, String>) {
        let mut slot = self.0.borrow_mut();
        if slot.is_none() {
            *slot = start().ok();
        }
    }

    /// Posts `message` (latest only: a question not yet posted is dropped
    /// for it), starting the worker with `start` first if none runs.
    ///
    /// # Errors
    /// When the worker cannot be started: the reason.
    pub fn send(
        &self,
        message: String,
        start: impl FnOnce() -> Result<Link, String>,
    ) -> Result<(), String> {
        let mut slot = self.0.borrow_mut();
        if slot.is_none() {
            *slot = Some(start()?);
        }
        slot.as_mut().expect("just made").post(message, true);
        Ok(())
    }

    /// The worker said it listens (see [`Link::set_ready`]).
    pub fn ready(&self) {
        if let Some(link) = self.0.borrow_mut().as_mut() {
            link.set_ready();
        }
    }

    /// Ends the worker, if there is one; answers it had already posted are
    /// dropped with its handlers.
    pub fn end(&self) {
        if let Some(link) = self.0.borrow_mut().take() {
            link.end();
        }
    }
}
