//! The rules pages' Markdown, read by `pulldown-cmark` in the rules
//! worker (`src/bin/rules-worker.rs`; the page itself never links this
//! code, so the library stays out of every page's first load). What this
//! module adds is the pages' own reading of the two files:
//!
//! - in the guide (`GUIDE.md`), headings go one level down and an empty
//!   fenced block `example NAME` becomes the engine's drawing of the
//!   example ([`example_for`]: no outcome is typed twice, and the
//!   engines' example code is in the worker, not in any page's first
//!   load);
//! - in the rules (`RULES.md`), each top-level item starting with a rule
//!   number becomes a paragraph `<p class="rule" id="S5-3"
//!   tabindex="-1"><strong>S5.3</strong> ...` (its own bold, such as
//!   **Ruling**, as `<b>`), section headings are
//!   anchored by their number (`#S5`), and the developers' preamble (the
//!   paragraphs before the first section that point at the seeds and tell
//!   us to cite the numbers in code) and the title are left out;
//! - in both, every rule number cited is linked to its rule, and raw HTML
//!   is shown as text, never as markup.
//!
//! The same worker answers a game's computations that need not be in its
//! page ([`Doc::Game`], [`game_answer`]): Dice ORG's Verify, dice log, prod
//! list and odds; Survival's posts, activity and vote history.

use super::html::{Html, esc};
use super::rules::anchor;
use console_core::guide::{is_rule_number, split_rule_numbers};
use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Parser, Tag, TagEnd};
use serde::{Deserialize, Serialize};

/// Which file a request is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Doc {
    /// `GUIDE.md`: [`guide_html`].
    Guide,
    /// `RULES.md`: [`rules_html`].
    Rules,
    /// Not a file: a game's computation the page leaves to the worker
    /// (the game's own request as JSON text, answered by [`game_answer`]):
    /// Dice ORG's Verify, odds, dice log and prod list as HTML
    /// (`games::dice_org::worker`); Survival's posts, activity and vote
    /// history as JSON (`games::survival::posts_text`). They so stay out
    /// of the pages' first loads and never block them.
    Game,
}

/// What the page asks the worker: a file's text to render for the game
/// whose rule numbers start with `letter`. Sent as one message
/// ([`RenderRequest::message`]): a JSON line with the number, the file
/// and the letter, then the text as it is, so a megabyte pasted is
/// neither escaped on the page nor unescaped in the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RenderRequest {
    /// The page's number for the request, repeated in the reply.
    pub id: u32,
    /// Which file.
    pub doc: Doc,
    /// The letter of the game's rule numbers ('S', 'D', 'C', 'R').
    pub letter: char,
    /// The file's text (after the message's first line, not in its JSON).
    #[serde(skip)]
    pub text: String,
}

impl RenderRequest {
    /// The request as the worker's message ([`super::message::with_text`]).
    pub fn message(&self) -> String {
        super::message::with_text(self, &self.text)
    }

    /// A message written by [`RenderRequest::message`], read back.
    ///
    /// # Errors
    /// When the message has no first line or its head is not a request's
    /// JSON: the reader's reason.
    pub fn from_message(message: &str) -> Result<RenderRequest, String> {
        let (mut r, text): (RenderRequest, &str) = super::message::split(message)?;
        r.text = text.to_string();
        Ok(r)
    }
}

/// What the worker answers, as one message ([`RenderReply::message`]): a
/// head line (`ready`, `html <id>`, `failed`), then the HTML or the
/// reason as it is. No JSON: the page reads a megabyte's answer without
/// unescaping it, and links no JSON reader for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenderReply {
    /// The worker is listening (messages sent before were lost).
    Ready,
    /// The HTML of request `id`.
    Html {
        /// The request's number.
        id: u32,
        /// The HTML.
        html: String,
    },
    /// A message that was not a request.
    Failed {
        /// Why.
        error: String,
    },
}

impl RenderReply {
    /// The reply as the worker's message.
    pub fn message(&self) -> String {
        match self {
            RenderReply::Ready => "ready\n".to_string(),
            RenderReply::Html { id, html } => format!("html {id}\n{html}"),
            RenderReply::Failed { error } => format!("failed\n{error}"),
        }
    }

    /// A message written by [`RenderReply::message`], read back (`None`:
    /// not a reply).
    pub fn from_message(message: &str) -> Option<RenderReply> {
        let (head, text) = message.split_once('\n')?;
        Some(match head {
            "ready" => RenderReply::Ready,
            "failed" => RenderReply::Failed {
                error: text.to_string(),
            },
            _ => RenderReply::Html {
                id: head.strip_prefix("html ")?.parse().ok()?,
                html: text.to_string(),
            },
        })
    }
}

/// The worker's answer to a request.
pub fn render(r: &RenderRequest) -> RenderReply {
    let html = match r.doc {
        Doc::Guide => guide_html(&r.text, r.letter, &|name| example_for(r.letter, name)),
        Doc::Rules => rules_html(&r.text, r.letter),
        Doc::Game => game_answer(r.letter, &r.text),
    };
    RenderReply::Html { id: r.id, html }
}

/// A guide example of the game whose rule numbers start with `letter`,
/// drawn by its engine (`None`: no such example). The worker draws them, so
/// the engines' example code stays out of every page's first load.
pub fn example_for(letter: char, name: &str) -> Option<String> {
    use crate::games::{dice_org, mini_survivor, survival, survival_circle};
    match letter {
        'R' => mini_survivor::guide_example(name),
        'S' => survival::guide_example(name),
        'C' => survival_circle::guide_example(name),
        'D' => dice_org::guide_example(name),
        _ => None,
    }
}

/// The answer to a game's computation (`Doc::Game`) for the game whose
/// rule numbers start with `letter`: Dice ORG's HTML, Survival's JSON
/// reply, Mini-Survivor's bulk split (JSON); a note for a game that leaves none to the worker.
pub fn game_answer(letter: char, text: &str) -> String {
    match letter {
        'D' => crate::games::dice_org::worker::answer(text),
        'S' => crate::games::survival::posts_text::answer(text),
        'R' => crate::games::mini_survivor::worker::answer(text),
        _ => "<p class=\"error\">This game asks the worker nothing.</p>".to_string(),
    }
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
                    // `**Ruling:**` as <b>: a rule's <strong> is its number.
                    Event::Start(Tag::Strong) => target.push(Event::InlineHtml("<b>".into())),
                    Event::End(TagEnd::Strong) => target.push(Event::InlineHtml("</b>".into())),
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

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: &str = "# Title: the rules as the console must apply them\n\nThis restates `../seeds/x.txt`; cite them in code, tests.\n\nTerms: a *player*.\n\n## D1 Setup\n- D1.1 **Ruling:** Four to *forty*\n  players, `3d6` (D1.2).\n- D1.2 Teams:\n  - one\n  - two\n- a bullet <b>x</b>\n\n## D2 Rolls\n- D2.1 <b>x</b>\n";

    #[test]
    fn a_request_message_keeps_its_text_as_it_is() {
        let r = RenderRequest {
            id: 7,
            doc: Doc::Game,
            letter: 'D',
            text: "{\"a\": 1}\nAnn:\n\"vote\" \\ Bob\n\n".to_string(),
        };
        let m = r.message();
        assert!(
            m.starts_with("{\"id\":7,\"doc\":\"game\",\"letter\":\"D\"}\n{\"a\""),
            "{m}"
        );
        assert_eq!(RenderRequest::from_message(&m), Ok(r));
        assert!(RenderRequest::from_message("no head").is_err());
        for reply in [
            RenderReply::Ready,
            RenderReply::Html {
                id: 12,
                html: "<p>a\nb</p>".to_string(),
            },
            RenderReply::Failed {
                error: "bad".to_string(),
            },
        ] {
            assert_eq!(RenderReply::from_message(&reply.message()), Some(reply));
        }
        assert_eq!(RenderReply::from_message("html x\n"), None);
        assert!(RenderRequest::from_message("{\"id\":1}\ntext").is_err());
    }

    #[test]
    fn rules_anchor_numbers_and_drop_the_developers_lines() {
        let h = rules_html(RULES, 'D');
        assert!(!h.contains("Title"), "{h}");
        assert!(!h.contains("cite them"), "{h}");
        assert!(h.contains("<p>Terms: a <em>player</em>.</p>"), "{h}");
        assert!(h.contains("<h3 id=\"D1\">D1 Setup</h3>"), "{h}");
        assert!(
            h.contains("<p class=\"rule\" id=\"D1-1\" tabindex=\"-1\"><strong>D1.1</strong> <b>Ruling:</b> Four to <em>forty</em>\nplayers, <code>3d6</code> (<a href=\"#D1-2\" data-rule=\"D1.2\">D1.2</a>).</p>"),
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
