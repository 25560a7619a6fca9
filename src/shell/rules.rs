//! Every game's Rules screen, written for players and moderators: the
//! players' guide (`GUIDE.md`) with its worked examples played by the
//! engine, the options chosen for the open game, then the numbered rules
//! (`RULES.md`) for reference, each rule anchored by its number (`#S5-3`)
//! and every citation of a rule linked to it.
//!
//! Both files are copied beside the page by the build (`<link data-trunk
//! rel="copy-file">` in the page's `index.html`) and fetched when the Rules
//! screen opens, so the page's first load does not carry the text (the
//! service worker keeps them for offline use). The Markdown is read by
//! `pulldown-cmark`; what this module adds is the page's own reading of it:
//!
//! - in the guide, an empty fenced block `example NAME` is replaced by the
//!   game's drawing of that example, computed by its engine when the page
//!   renders (no outcome is typed twice);
//! - in the rules, each top-level item starting with a rule number becomes
//!   a paragraph `<p class="rule" id="S5-3"><strong>S5.3</strong> ...`,
//!   section headings are anchored by their number (`#S5`), and the
//!   developers' preamble (the paragraphs before the first section that
//!   point at the seeds and tell us to cite the numbers in code) and the
//!   title are left out;
//! - raw HTML in either file is shown as text, never as markup.

use super::html::{Html, esc};
use console_core::guide::{is_rule_number, split_rule_numbers};
use leptos::prelude::*;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Parser, Tag, TagEnd};

/// The id of a rule's anchor: `S5.3` -> `S5-3`.
pub fn anchor(number: &str) -> String {
    number.replace('.', "-")
}

/// A heading one level down (the page's own `<h2>` is above the files'
/// sections).
fn down(level: HeadingLevel) -> HeadingLevel {
    match level {
        HeadingLevel::H1 => HeadingLevel::H2,
        HeadingLevel::H2 => HeadingLevel::H3,
        HeadingLevel::H3 => HeadingLevel::H4,
        HeadingLevel::H4 => HeadingLevel::H5,
        _ => HeadingLevel::H6,
    }
}

/// `text` with every rule number of `letter` linked to its anchor, as
/// events (the text pieces escaped by the writer).
fn linked<'a>(text: CowStr<'a>, letter: char, out: &mut Vec<Event<'a>>) {
    let pieces = split_rule_numbers(&text, letter);
    if pieces.iter().all(|(n, _)| !n) {
        out.push(Event::Text(text));
        return;
    }
    for (n, piece) in pieces {
        if n {
            out.push(Event::InlineHtml(
                format!(
                    "<a href=\"#{}\" data-rule=\"{piece}\">{piece}</a>",
                    anchor(piece)
                )
                .into(),
            ));
        } else {
            out.push(Event::Text(piece.to_string().into()));
        }
    }
}

/// `text` as HTML: escaped, every rule number of `letter` linked to its
/// rule (`<a href="#S7-1" data-rule="S7.1">S7.1</a>`), for the sentences
/// the engines write about the examples.
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

/// Events as HTML.
fn write(events: Vec<Event<'_>>) -> String {
    let mut s = String::new();
    pulldown_cmark::html::push_html(&mut s, events.into_iter());
    s
}

/// The guide as HTML: headings one level down, rule numbers linked, each
/// fenced `example NAME` block replaced by `example(NAME)` (raw HTML the
/// page writes), or a note when the page does not know the example.
pub fn guide_html(text: &str, letter: char, example: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = Vec::new();
    let mut skip = false;
    let mut code = false;
    for ev in Parser::new(text) {
        match ev {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.starts_with("example ") =>
            {
                let name = info["example ".len()..].trim();
                out.push(Event::Html(
                    example(name)
                        .unwrap_or_else(|| {
                            Html::default()
                                .el(
                                    "p",
                                    " class=\"error\"",
                                    &format!("This page cannot draw the example {name:?}."),
                                )
                                .done()
                        })
                        .into(),
                ));
                skip = true;
            }
            Event::End(TagEnd::CodeBlock) if skip => skip = false,
            _ if skip => {}
            Event::Start(Tag::CodeBlock(k)) => {
                code = true;
                out.push(Event::Start(Tag::CodeBlock(k)));
            }
            Event::End(TagEnd::CodeBlock) => {
                code = false;
                out.push(Event::End(TagEnd::CodeBlock));
            }
            Event::Start(Tag::Heading {
                level,
                id,
                classes,
                attrs,
            }) => {
                out.push(Event::Start(Tag::Heading {
                    level: down(level),
                    id,
                    classes,
                    attrs,
                }));
            }
            Event::End(TagEnd::Heading(level)) => {
                out.push(Event::End(TagEnd::Heading(down(level))))
            }
            Event::Text(t) if !code => linked(t, letter, &mut out),
            Event::Html(h) | Event::InlineHtml(h) => out.push(Event::Text(h)),
            ev => out.push(ev),
        }
    }
    write(out)
}

/// Whether a paragraph of the rules' preamble is meant for developers:
/// it points at the seed documents or asks for rule numbers in code.
fn for_developers(text: &str) -> bool {
    text.contains("seeds/") || text.contains("cite them")
}

/// `RULES.md` as HTML for players: the title and the developers' preamble
/// left out, sections as `<h3 id="S5">`, each top-level item that starts
/// with a rule number as `<p class="rule" id="S5-3"
/// tabindex="-1"><strong>S5.3</strong> text</p>` (its sub-items as a list
/// after it), other items as lists, citations of other rules linked.
pub fn rules_html(text: &str, letter: char) -> String {
    let mut out: Vec<Event<'_>> = Vec::new();
    let mut in_title = false;
    let mut seen_section = false;
    // A preamble paragraph being read: its events and its text.
    let mut para: Option<(Vec<Event<'_>>, String)> = None;
    let mut depth = 0usize;
    let mut item_start = false;
    let mut rule_item = false;
    let mut p_open = false;
    let mut ul_open = false;
    for ev in Parser::new(text) {
        // The first event of a top-level item decides what it is.
        if item_start {
            item_start = false;
            let number = match &ev {
                Event::Text(t) => t
                    .split_once(' ')
                    .filter(|(n, _)| is_rule_number(n, letter))
                    .map(|(n, rest)| (n.to_string(), rest.to_string())),
                _ => None,
            };
            rule_item = number.is_some();
            if let Some((n, rest)) = number {
                if ul_open {
                    out.push(Event::End(TagEnd::List(false)));
                    ul_open = false;
                }
                out.push(Event::InlineHtml(
                    format!(
                        "<p class=\"rule\" id=\"{}\" tabindex=\"-1\"><strong>{}</strong> ",
                        anchor(&n),
                        esc(&n)
                    )
                    .into(),
                ));
                p_open = true;
                linked(rest.into(), letter, &mut out);
                continue;
            }
            if !ul_open {
                out.push(Event::Start(Tag::List(None)));
                ul_open = true;
            }
            out.push(Event::Start(Tag::Item));
        }
        match ev {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H1,
                ..
            }) => in_title = true,
            Event::End(TagEnd::Heading(HeadingLevel::H1)) => in_title = false,
            _ if in_title => {}
            Event::Start(Tag::Heading {
                level,
                classes,
                attrs,
                ..
            }) => {
                seen_section = true;
                out.push(Event::Start(Tag::Heading {
                    level: down(level),
                    id: None,
                    classes,
                    attrs,
                }));
            }
            Event::End(TagEnd::Heading(level)) => {
                out.push(Event::End(TagEnd::Heading(down(level))))
            }
            Event::Start(Tag::Paragraph) if !seen_section && depth == 0 => {
                para = Some((vec![Event::Start(Tag::Paragraph)], String::new()));
            }
            Event::End(TagEnd::Paragraph) if para.is_some() => {
                let (mut events, text) = para.take().expect("a paragraph");
                if !for_developers(&text) {
                    events.push(Event::End(TagEnd::Paragraph));
                    out.extend(events);
                }
            }
            Event::Start(Tag::List(kind)) => {
                depth += 1;
                if depth > 1 {
                    if p_open {
                        out.push(Event::InlineHtml("</p>".into()));
                        p_open = false;
                    }
                    out.push(Event::Start(Tag::List(kind)));
                }
            }
            Event::End(TagEnd::List(ordered)) => {
                depth -= 1;
                if depth > 0 {
                    out.push(Event::End(TagEnd::List(ordered)));
                } else if ul_open {
                    out.push(Event::End(TagEnd::List(false)));
                    ul_open = false;
                }
            }
            Event::Start(Tag::Item) if depth == 1 => item_start = true,
            Event::End(TagEnd::Item) if depth == 1 => {
                if !rule_item {
                    out.push(Event::End(TagEnd::Item));
                } else if p_open {
                    out.push(Event::InlineHtml("</p>".into()));
                    p_open = false;
                }
            }
            ev => {
                let target = match &mut para {
                    Some((events, text)) => {
                        if let Event::Text(t) | Event::Code(t) = &ev {
                            text.push_str(t);
                        }
                        events
                    }
                    None => &mut out,
                };
                match ev {
                    Event::Text(t) => linked(t, letter, target),
                    Event::Html(h) | Event::InlineHtml(h) => target.push(Event::Text(h)),
                    ev => target.push(ev),
                }
            }
        }
    }
    let html = write(out);
    // Section headings anchored by their number: `<h3>S5 Day` -> `<h3 id="S5">`.
    let mut s = String::with_capacity(html.len());
    let mut rest = html.as_str();
    while let Some(i) = rest.find("<h3>") {
        s.push_str(&rest[..i]);
        let after = &rest[i + 4..];
        let word: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if word.len() > 1
            && word.starts_with(letter)
            && word[1..].bytes().all(|b| b.is_ascii_digit())
        {
            s.push_str(&format!("<h3 id=\"{word}\">"));
        } else {
            s.push_str("<h3>");
        }
        rest = after;
    }
    s.push_str(rest);
    s
}

/// The Rules screen of a game: the guide, then the options of the open
/// game (`children`), then the numbered rules. Both texts are fetched when
/// the screen opens; while loading, a note; if one cannot be fetched
/// (offline before the service worker kept it), the reason. A click on a
/// rule citation scrolls to the rule and moves the focus there, without
/// touching the page's URL (its hash is the screen's route).
#[component]
pub fn RulesPage(
    /// The letter of the game's rule numbers ('S', 'D', 'C', 'R').
    letter: char,
    /// The drawing of an example the guide places, from the engine; `None`
    /// for a name the page does not know.
    example: fn(&str) -> Option<String>,
    /// The options chosen for the open game, in words.
    children: Children,
) -> impl IntoView {
    let guide = RwSignal::new(None::<Result<String, String>>);
    let rules = RwSignal::new(None::<Result<String, String>>);
    leptos::task::spawn_local(async move { guide.set(Some(fetch_text("GUIDE.md").await)) });
    leptos::task::spawn_local(async move { rules.set(Some(fetch_text("RULES.md").await)) });
    let shown = move |text: Option<Result<String, String>>,
                      what: &str,
                      html: &dyn Fn(&str) -> String| match text {
        None => format!("<p class=\"muted\">Loading the {what}…</p>"),
        Some(Ok(t)) => html(&t),
        Some(Err(e)) => Html::default()
            .el(
                "p",
                " class=\"error\"",
                &format!("The {what} could not be loaded: {e}"),
            )
            .done(),
    };
    let follow = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let Some(link) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("a[data-rule]").ok().flatten())
        else {
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
            <div class="guide" data-testid="guide" inner_html=move || shown(guide.get(), "guide", &|t| guide_html(t, letter, &example))></div>
            <section class="options" aria-labelledby="rules-options" data-testid="game-options-section">
                <h2 id="rules-options">"The options chosen for this game"</h2>
                {children()}
            </section>
            <section class="rule-book" aria-labelledby="rules-numbered">
                <h2 id="rules-numbered">"The rules by number"</h2>
                <p class="muted">"The rules exactly as the console applies them. A point marked Ruling settles what the original rules left open; where players could want the other reading it has an option, chosen when the game is set up (above)."</p>
                <div class="rules-text" data-testid="rules-text" inner_html=move || shown(rules.get(), "rules", &|t| rules_html(t, letter))></div>
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

    const RULES: &str = "# Title: the rules as the console must apply them\n\nThis restates `../seeds/x.txt`; cite them in code, tests.\n\nTerms: a *player*.\n\n## D1 Setup\n- D1.1 Four to *forty*\n  players, `3d6` (D1.2).\n- D1.2 Teams:\n  - one\n  - two\n- a bullet <b>x</b>\n\n## D2 Rolls\n- D2.1 <b>x</b>\n";

    #[test]
    fn rules_anchor_numbers_and_drop_the_developers_lines() {
        let h = rules_html(RULES, 'D');
        assert!(!h.contains("Title"), "{h}");
        assert!(!h.contains("cite them"), "{h}");
        assert!(h.contains("<p>Terms: a <em>player</em>.</p>"), "{h}");
        assert!(h.contains("<h3 id=\"D1\">D1 Setup</h3>"), "{h}");
        assert!(
            h.contains("<p class=\"rule\" id=\"D1-1\" tabindex=\"-1\"><strong>D1.1</strong> Four to <em>forty</em>\nplayers, <code>3d6</code> (<a href=\"#D1-2\" data-rule=\"D1.2\">D1.2</a>).</p>"),
            "{h}"
        );
        assert!(h.contains("<strong>D1.2</strong> Teams:</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ul>\n<li>a bullet &lt;b&gt;x&lt;/b&gt;</li>\n</ul>"), "{h}");
        assert!(
            h.contains("<strong>D2.1</strong> &lt;b&gt;x&lt;/b&gt;</p>"),
            "{h}"
        );
        // Another game's letter is not a rule number.
        assert!(!rules_html(RULES, 'S').contains("class=\"rule\""));
    }

    #[test]
    fn guide_fills_examples_and_links_rules() {
        let g = "# Guide\n\n## How\n\nLands on (C3.2).\n\n```example one\n```\n\n```example two\n```\n\n```text\nC3.2 in code\n```\n";
        let h = guide_html(g, 'C', &|n| {
            (n == "one").then(|| "<figure>1</figure>".to_string())
        });
        assert!(h.starts_with("<h2>Guide</h2>\n<h3>How</h3>"), "{h}");
        assert!(
            h.contains("(<a href=\"#C3-2\" data-rule=\"C3.2\">C3.2</a>)"),
            "{h}"
        );
        assert!(h.contains("<figure>1</figure>"), "{h}");
        assert!(
            h.contains("This page cannot draw the example &quot;two&quot;."),
            "{h}"
        );
        assert!(
            h.contains("<code class=\"language-text\">C3.2 in code\n</code>"),
            "{h}"
        );
    }
}
