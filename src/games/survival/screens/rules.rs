//! Rules: the engine's `RULES.md` (S1-S9) with its S-numbers, and the
//! options of the open game. The text is the engine's `RULES.md`, copied
//! beside the page by the build (`pages/survival/index.html`) and fetched
//! when this screen opens (the service worker keeps it for offline use):
//! 15 KB of text the page's first load need not carry (`survival::RULES`
//! is the same text, for native tools).

use super::super::html::{Html, attr, esc};
use super::super::state::{Ctx, option_lines};
use leptos::prelude::*;

/// A section of the rules: its heading, and its numbered rules (number,
/// text) or paragraphs (empty number).
struct Section {
    heading: String,
    items: Vec<(String, String)>,
}

fn sections(text: &str) -> Vec<Section> {
    let mut out = vec![Section {
        heading: String::new(),
        items: Vec::new(),
    }];
    for line in text.lines() {
        let t = line.trim();
        let sec = out.last_mut().expect("one section");
        if t.is_empty() || t.starts_with("# ") {
            if sec
                .items
                .last()
                .is_some_and(|(n, p)| n.is_empty() && !p.is_empty())
                || sec.items.is_empty()
            {
                sec.items.push((String::new(), String::new()));
            }
        } else if let Some(h) = t.strip_prefix("## ") {
            out.push(Section {
                heading: h.to_string(),
                items: Vec::new(),
            });
        } else if let Some(item) = t.strip_prefix("- ") {
            let (num, rest) = match item.split_once(' ') {
                Some((n, r))
                    if n.starts_with('S') && n[1..].starts_with(|c: char| c.is_ascii_digit()) =>
                {
                    (n.to_string(), r.to_string())
                }
                _ => (String::from("•"), item.to_string()),
            };
            sec.items.push((num, rest));
        } else if let Some((_, p)) = sec.items.last_mut() {
            if !p.is_empty() {
                p.push(' ');
            }
            p.push_str(t);
        }
    }
    for s in &mut out {
        s.items.retain(|(n, p)| !(n.is_empty() && p.is_empty()));
    }
    out
}

/// Text with `code` spans as code and `**` marks dropped, as HTML.
fn inline(text: &str) -> String {
    text.replace("**", "")
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("<code>{}</code>", esc(part))
            } else {
                esc(part)
            }
        })
        .collect()
}

/// The rules as HTML: a heading per section, a paragraph per rule with its
/// S-number (an anchor `#S5-3`).
fn rules_html(text: &str) -> String {
    let mut h = Html::default();
    for s in sections(text) {
        if !s.heading.is_empty() {
            h.el("h3", "", &s.heading);
        }
        for (n, p) in s.items {
            if n.is_empty() {
                h.raw("<p>").raw(&inline(&p)).raw("</p>");
            } else {
                let id = if n.starts_with('S') {
                    attr("id", &n.replace('.', "-"))
                } else {
                    String::new()
                };
                h.raw(&format!("<p class=\"rule\"{id}><strong>"))
                    .text(&n)
                    .raw("</strong> ")
                    .raw(&inline(&p))
                    .raw("</p>");
            }
        }
    }
    h.done()
}

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let text = RwSignal::new(None::<Result<String, String>>);
    leptos::task::spawn_local(async move { text.set(Some(fetch_text("RULES.md").await)) });
    let options = move || {
        ctx.live.with(|l| {
            l.as_ref().map(|l| {
                let mut h = Html::default();
                h.el("h3", "", "Options of this game").list(
                    "ul",
                    "",
                    &option_lines(&l.game.setup().options),
                );
                h.done()
            })
        })
    };
    view! {
        <section class="rules">
            <h2>"Rules (S1-S9)"</h2>
            <aside class="options" aria-label="Options of this game" inner_html=move || options().unwrap_or_default()></aside>
            <div inner_html=move || match text.get() {
                None => "<p class=\"muted\">Loading the rules…</p>".to_string(),
                Some(Ok(t)) => rules_html(&t),
                Some(Err(e)) => Html::default().el("p", " class=\"error\"", &format!("The rules could not be loaded: {e}")).done(),
            }></div>
        </section>
    }
}

/// The text of a file beside the page, by the browser's `fetch`.
async fn fetch_text(url: &str) -> Result<String, String> {
    use js_sys::{Function, Reflect};
    use wasm_bindgen::{JsCast, JsValue};
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
