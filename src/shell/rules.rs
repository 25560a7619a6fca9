//! Every game's Rules screen, written for players and moderators: the
//! players' guide (`GUIDE.md`) with its worked examples played by the
//! engine, the options chosen for the open game, then the numbered rules
//! (`RULES.md`) for reference, each rule anchored by its number (`#S5-3`)
//! and every citation of a rule linked to it.
//!
//! Both files are copied beside the page by the build (`<link data-trunk
//! rel="copy-file">` in the page's `index.html`) and fetched when the Rules
//! screen opens; their Markdown is rendered by the rules worker
//! (`shell::markdown` in `console-rules-worker`, built beside the home
//! page), started then too. So neither the texts nor the Markdown library
//! are in a page's first load (the service worker keeps all three for
//! offline use). The worker also draws the guide's worked examples with
//! each game's engine.

use super::html::{Html, attr, esc};
use super::markdown::{Doc, RenderReply, RenderRequest};
use console_core::guide::split_rule_numbers;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The id of a rule's anchor: `S5.3` -> `S5-3`.
pub fn anchor(number: &str) -> String {
    number.replace('.', "-")
}

/// `text` as HTML: escaped, every rule number of `letter` linked to its
/// rule (`<a href="#S7-1" data-rule="S7.1">S7.1</a>`), for the sentences
/// the engines write about the examples and the options.
pub fn linked_html(text: &str, letter: char) -> String {
    split_rule_numbers(text, letter)
        .into_iter()
        .map(|(n, piece)| {
            if n {
                format!(
                    "<a href=\"#{}\" data-rule=\"{piece}\">{piece}</a>",
                    anchor(piece)
                )
            } else {
                esc(piece)
            }
        })
        .collect()
}

/// The start of a guide example's drawing: `<figure class="example"
/// data-example="NAME">` and its caption "TITLE (RULES)"; the caller adds
/// the drawing and the sentences, then closes the figure.
pub fn example_figure(name: &str, title: &str, rules: &[&str]) -> Html {
    let mut h = Html::default();
    h.raw(&format!(
        "<figure class=\"example\"{}>",
        attr("data-example", name)
    ))
    .el("figcaption", "", &format!("{title} ({})", rules.join(", ")));
    h
}

/// A list of sentences (`<ol class="steps">`), each [`linked_html`].
pub fn steps_html(steps: &[String], letter: char) -> String {
    let mut s = String::from("<ol class=\"steps\">");
    for step in steps {
        s.push_str("<li>");
        s.push_str(&linked_html(step, letter));
        s.push_str("</li>");
    }
    s.push_str("</ol>");
    s
}

/// What the options part of a Rules screen says with no game open
/// (`what`: "game", "season").
pub fn no_options(what: &str) -> String {
    format!(
        "<p class=\"muted\" data-testid=\"no-options\">No {what} is open: the options are chosen when a {what} is set up.</p>"
    )
}

/// The rules worker's loader shim, beside the home page (worker files are
/// not hashed).
const WORKER_URL: &str = "../console-rules-worker_loader.js";

#[wasm_bindgen]
extern "C" {
    /// A dedicated Web Worker.
    type Worker;
    #[wasm_bindgen(constructor, catch)]
    fn new(url: &str) -> Result<Worker, JsValue>;
    #[wasm_bindgen(method, js_name = postMessage)]
    fn post_message(this: &Worker, message: &str);
    #[wasm_bindgen(method, setter)]
    fn set_onmessage(this: &Worker, f: Option<&js_sys::Function>);
    #[wasm_bindgen(method, setter)]
    fn set_onerror(this: &Worker, f: Option<&js_sys::Function>);
}

/// A rendered file, or why it is not there.
pub type Rendered = RwSignal<Option<Result<String, String>>>;

/// The worker, whether it has said it is ready, the requests waiting for
/// it to be, and where each pending answer goes.
struct Slot {
    worker: Worker,
    ready: bool,
    waiting: Vec<String>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(JsValue)>,
}

thread_local! {
    static SLOT: RefCell<Option<Slot>> = const { RefCell::new(None) };
    static PENDING: RefCell<Vec<(u32, Rendered, &'static str)>> = const { RefCell::new(Vec::new()) };
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
}

/// Every pending answer fails with `why` after what failed ("Verify could
/// not be computed (why)"); the worker is dropped (the next request starts
/// a new one).
fn fail_all(why: &str) {
    if let Some(s) = SLOT.with_borrow_mut(Option::take) {
        s.worker.set_onmessage(None);
        s.worker.set_onerror(None);
    }
    for (_, out, what) in PENDING.with_borrow_mut(std::mem::take) {
        out.try_set(Some(Err(format!("{what} ({why})"))));
    }
}

fn receive(text: &str) {
    match RenderReply::from_message(text) {
        Some(RenderReply::Ready) => SLOT.with_borrow_mut(|slot| {
            if let Some(s) = slot.as_mut() {
                s.ready = true;
                for m in std::mem::take(&mut s.waiting) {
                    s.worker.post_message(&m);
                }
            }
        }),
        Some(RenderReply::Html { id, html }) => {
            let out = PENDING
                .with_borrow_mut(|p| p.iter().position(|r| r.0 == id).map(|k| p.remove(k).1));
            if let Some(out) = out {
                out.try_set(Some(Ok(html)));
            }
        }
        Some(RenderReply::Failed { error }) => fail_all(&error),
        None => fail_all("the worker's answer could not be read"),
    }
}

fn spawn() -> Result<Slot, String> {
    let worker = Worker::new(WORKER_URL).map_err(|e| format!("{e:?}"))?;
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            if let Some(text) = ev.data().as_string() {
                receive(&text);
            }
        });
    let on_error = Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
        let what = js_sys::Reflect::get(&ev, &"message".into())
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_else(|| "its worker could not be loaded".to_string());
        fail_all(&what);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Slot {
        worker,
        ready: false,
        waiting: Vec::new(),
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// Asks the rules worker (started on first use) for the HTML of `text`
/// (or, for [`Doc::Game`], a game's answer); the answer, or why there is
/// none after `what` failed, goes to `out`.
fn render(doc: Doc, letter: char, text: String, out: Rendered, what: &'static str) {
    let id = NEXT_ID.replace(NEXT_ID.get() + 1);
    let message = RenderRequest {
        id,
        doc,
        letter,
        text,
    }
    .message();
    PENDING.with_borrow_mut(|p| p.push((id, out, what)));
    let started = SLOT.with_borrow_mut(|slot| {
        if slot.is_none() {
            *slot = Some(spawn()?);
        }
        let s = slot.as_mut().expect("just made");
        if s.ready {
            s.worker.post_message(&message);
        } else {
            s.waiting.push(message);
        }
        Ok::<(), String>(())
    });
    if let Err(e) = started {
        fail_all(&e);
    }
}

/// Asks the site's worker (the rules worker, started on first use) for a
/// game's computation: `text` is the game's request (JSON), read by
/// [`super::markdown::game_answer`] for the game of `letter`; the
/// answer (the game's HTML or JSON), or why there is none, goes to `out`. Long computations so
/// never block the page, and their code is not in its first load.
pub fn ask_worker(letter: char, text: String, out: RwSignal<Option<Result<String, String>>>) {
    ask_worker_as("This could not be computed", letter, text, out);
}

/// [`ask_worker`] saying what failed when the worker does
/// (`what`: "Verify could not be computed"; the reason follows).
pub fn ask_worker_as(
    what: &'static str,
    letter: char,
    text: String,
    out: RwSignal<Option<Result<String, String>>>,
) {
    render(Doc::Game, letter, text, out, what);
}

/// Fetches `file` beside the page and has it rendered into `out`.
fn load(file: &'static str, doc: Doc, letter: char, out: Rendered) {
    leptos::task::spawn_local(async move {
        match fetch_text(file).await {
            Ok(text) => render(doc, letter, text, out, "the rules could not be rendered"),
            Err(e) => out.set(Some(Err(format!("{file} could not be loaded: {e}")))),
        }
    });
}

/// The Rules screen of a game: the guide, then the options of the open
/// game (`children`), then the numbered rules. Both texts are fetched and
/// rendered when the screen opens; while loading, a note; if one cannot be
/// had (offline before the service worker kept it), the reason. A click on
/// a rule citation scrolls to the rule and moves the focus there, without
/// touching the page's URL (its hash is the screen's route).
#[component]
pub fn RulesPage(
    /// The letter of the game's rule numbers ('S', 'D', 'C', 'R').
    letter: char,
    /// The options chosen for the open game, in words.
    children: Children,
) -> impl IntoView {
    let guide: Rendered = RwSignal::new(None);
    let rules: Rendered = RwSignal::new(None);
    load("GUIDE.md", Doc::Guide, letter, guide);
    load("RULES.md", Doc::Rules, letter, rules);
    let shown = move |html: Option<Result<String, String>>, what: &str| match html {
        None => format!("<p class=\"muted\">Loading the {what}…</p>"),
        Some(Ok(h)) => h,
        Some(Err(e)) => Html::default()
            .el("p", " class=\"error\"", &format!("The {what}: {e}"))
            .done(),
    };
    let follow = move |ev: leptos::ev::MouseEvent| {
        let Some(link) = super::html::event_from(&ev, "a[data-rule]") else {
            return;
        };
        ev.prevent_default();
        let id = anchor(&link.get_attribute("data-rule").unwrap_or_default());
        if let Some(el) = document().get_element_by_id(&id) {
            el.scroll_into_view();
            if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        }
    };
    view! {
        <section class="rules" on:click=follow>
            <div class="guide" data-testid="guide" inner_html=move || shown(guide.get(), "guide")></div>
            <section class="options" aria-labelledby="rules-options" data-testid="game-options-section">
                <h2 id="rules-options">"The options chosen for this game"</h2>
                {children()}
            </section>
            <section class="rule-book" aria-labelledby="rules-numbered">
                <h2 id="rules-numbered">"The rules by number"</h2>
                <p class="muted">"The rules exactly as the console applies them. A point marked Ruling settles what the original rules left open; where players could want the other reading it has an option, chosen when the game is set up (above)."</p>
                <div class="rules-text" data-testid="rules-text" inner_html=move || shown(rules.get(), "rules")></div>
            </section>
        </section>
    }
}

/// The text of a file beside the page, by the browser's `fetch`.
///
/// # Errors
/// A sentence for the moderator: offline and not kept, not on the server,
/// or not text.
pub async fn fetch_text(url: &str) -> Result<String, String> {
    use js_sys::{Function, Reflect};
    use wasm_bindgen_futures::JsFuture;
    let call = |target: &JsValue, name: &str, arg: Option<&JsValue>| -> Result<JsValue, String> {
        let f: Function = Reflect::get(target, &name.into())
            .map_err(|_| format!("no {name}"))?
            .dyn_into()
            .map_err(|_| format!("{name} is not a function"))?;
        match arg {
            Some(a) => f.call1(target, a),
            None => f.call0(target),
        }
        .map_err(|e| format!("{e:?}"))
    };
    let promise = call(&js_sys::global(), "fetch", Some(&url.into()))?;
    let response = JsFuture::from(js_sys::Promise::from(promise))
        .await
        .map_err(|_| "the browser could not fetch it (offline, and not kept yet?)".to_string())?;
    if Reflect::get(&response, &"ok".into())
        .ok()
        .and_then(|v| v.as_bool())
        != Some(true)
    {
        return Err("the server does not have it".into());
    }
    let text = call(&response, "text", None)?;
    JsFuture::from(js_sys::Promise::from(text))
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| "it is not text".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_linked() {
        assert_eq!(
            linked_html("a <b> (C5.2).", 'C'),
            "a &lt;b&gt; (<a href=\"#C5-2\" data-rule=\"C5.2\">C5.2</a>)."
        );
    }
}
