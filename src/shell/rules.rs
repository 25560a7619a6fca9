//! A game's rules page from its `RULES.md`, for every game: the file is
//! copied beside the page by the build (`<link data-trunk rel="copy-file">`
//! in the page's `index.html`) and fetched when the Rules screen opens, so
//! the page's first load does not carry the text (the service worker keeps
//! it for offline use). Each numbered rule (`S5.3`, `D2.2`, `C4.1`) is a
//! paragraph with its number, anchored as `#S5-3`.

use super::html::{Html, attr, esc};
use leptos::prelude::*;

/// A section of the rules: its heading (empty before the first `## `), and
/// its items: numbered rules (number, text), bullets ("•", text) and
/// paragraphs (empty number).
#[derive(Debug, PartialEq)]
pub struct Section {
    pub heading: String,
    pub items: Vec<(String, String)>,
}

/// Whether `word` is a rule number of the game whose rules start with
/// `letter` (`S5.3` for 'S').
fn is_number(word: &str, letter: char) -> bool {
    word.strip_prefix(letter)
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
}

/// `text` (a RULES.md) as sections: `## ` headings, `- ` items with their
/// continuation lines, paragraphs between blank lines; the `# ` title is
/// left out.
pub fn sections(text: &str, letter: char) -> Vec<Section> {
    let mut out = vec![Section {
        heading: String::new(),
        items: Vec::new(),
    }];
    for line in text.lines() {
        let t = line.trim();
        let sec = out.last_mut().expect("one section");
        if t.is_empty() || t.starts_with("# ") {
            // A blank line ends a paragraph or an item.
            if sec.items.last().is_none_or(|(_, p)| !p.is_empty()) {
                sec.items.push((String::new(), String::new()));
            }
        } else if let Some(h) = t.strip_prefix("## ") {
            out.push(Section {
                heading: h.to_string(),
                items: Vec::new(),
            });
        } else if let Some(item) = t.strip_prefix("- ") {
            let (num, rest) = match item.split_once(' ') {
                Some((n, r)) if is_number(n, letter) => (n.to_string(), r.to_string()),
                _ => ("•".to_string(), item.to_string()),
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
    out.retain(|s| !(s.heading.is_empty() && s.items.is_empty()));
    out
}

/// Text with `code` spans as code and `*` emphasis marks dropped, as HTML.
fn inline(text: &str) -> String {
    text.replace('*', "")
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

/// The rules as HTML: an `<h3>` per section, a paragraph per rule with its
/// number in bold (anchored `#D2-2`), bullets and paragraphs as text.
pub fn rules_html(text: &str, letter: char) -> String {
    let mut h = Html::default();
    for s in sections(text, letter) {
        if !s.heading.is_empty() {
            h.el("h3", "", &s.heading);
        }
        for (n, p) in s.items {
            if n.is_empty() {
                h.raw("<p>").raw(&inline(&p)).raw("</p>");
            } else {
                let id = if is_number(&n, letter) {
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

/// The rules file beside the page (`RULES.md`), fetched once and shown as
/// [`rules_html`]; while loading, a note; if it cannot be fetched (offline
/// before the service worker kept it), the reason.
#[component]
pub fn RulesText(
    /// The letter of the game's rule numbers ('S', 'D', 'C', 'R').
    letter: char,
) -> impl IntoView {
    let text = RwSignal::new(None::<Result<String, String>>);
    leptos::task::spawn_local(async move { text.set(Some(fetch_text("RULES.md").await)) });
    view! {
        <div class="rules-text" inner_html=move || match text.get() {
            None => "<p class=\"muted\">Loading the rules…</p>".to_string(),
            Some(Ok(t)) => rules_html(&t, letter),
            Some(Err(e)) => Html::default().el("p", " class=\"error\"", &format!("The rules could not be loaded: {e}")).done(),
        }></div>
    }
}

/// The text of a file beside the page, by the browser's `fetch`.
///
/// # Errors
/// A sentence for the moderator: offline and not kept, not on the server,
/// or not text.
pub async fn fetch_text(url: &str) -> Result<String, String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# Title\n\nIntro line one\nline two.\n\n## D1 Setup\n- D1.1 Four to *forty*\n  players, `3d6`.\n- a bullet\n\n## D2 Rolls\n- D2.1 <b>x</b>\n";

    #[test]
    fn sections_by_heading_with_numbered_rules() {
        let s = sections(TEXT, 'D');
        assert_eq!(s.len(), 3);
        assert_eq!(
            s[0].items,
            vec![(String::new(), "Intro line one line two.".to_string())]
        );
        assert_eq!(s[1].heading, "D1 Setup");
        assert_eq!(
            s[1].items[0],
            ("D1.1".into(), "Four to *forty* players, `3d6`.".into())
        );
        assert_eq!(s[1].items[1], ("•".into(), "a bullet".into()));
        // Another game's letter is not a rule number.
        assert_eq!(sections(TEXT, 'S')[1].items[0].0, "•");
    }

    #[test]
    fn html_anchors_numbers_and_escapes_text() {
        let h = rules_html(TEXT, 'D');
        assert!(h.contains("<p class=\"rule\" id=\"D1-1\"><strong>D1.1</strong> Four to forty players, <code>3d6</code>.</p>"), "{h}");
        assert!(h.contains("&lt;b&gt;x&lt;/b&gt;"));
        assert!(!h.contains("# Title"));
    }
}
