//! The rules pages' Markdown renderer as a Web Worker
//! (`console-rules-worker`, built once beside the home page and loaded by
//! a game page through Trunk's loader shim `../console-rules-worker_loader.js`
//! the first time its Rules screen opens, never before): `pulldown-cmark`
//! is about 60 KB (brotli) of code that only the Rules screen needs, so it
//! stays out of every page's first load, as the texts do. It answers each
//! `shell::markdown::RenderRequest` (its message: a JSON head line, then
//! the text) with one
//! `RenderReply::Html`, the guide's worked examples drawn by each game's
//! engine (`shell::markdown::example_for`).

use moderator_console::shell::markdown::{RenderReply, RenderRequest, render};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The worker's `postMessage` (to the page).
    #[wasm_bindgen(js_name = postMessage)]
    fn post_message(message: &str);
}

fn post(reply: &RenderReply) {
    post_message(&reply.message());
}

fn main() {
    console_error_panic_hook::set_once();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|ev: web_sys::MessageEvent| {
            let Some(text) = ev.data().as_string() else {
                return;
            };
            match RenderRequest::from_message(&text) {
                Ok(request) => post(&render(&request)),
                Err(error) => post(&RenderReply::Failed { error }),
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
    post(&RenderReply::Ready);
}
