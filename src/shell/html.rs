//! Read-only views (reports, tables, posts, rules) written as HTML text and set as
//! an element's content: far less code than a reactive view per cell, and
//! these parts have nothing to interact with. Every text from outside the
//! page (names, pasted lines, the engine's sentences) goes through [`esc`].

use std::fmt::Write as _;
use wasm_bindgen::JsCast;

/// The element matching `selector` that an event (a click on a button in
/// HTML set as content, delegated to its box) came from, the target or
/// its nearest ancestor; `None` for an event from elsewhere in the box.
pub fn event_from(ev: &web_sys::Event, selector: &str) -> Option<web_sys::Element> {
    ev.target()?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .closest(selector)
        .ok()?
}

/// `text` escaped for HTML content and attribute values.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// An HTML fragment being written.
#[derive(Default)]
pub struct Html(pub String);

impl Html {
    /// Appends raw HTML (written by this page, not from outside).
    pub fn raw(&mut self, s: &str) -> &mut Html {
        self.0.push_str(s);
        self
    }

    /// Appends escaped text.
    pub fn text(&mut self, s: &str) -> &mut Html {
        self.0.push_str(&esc(s));
        self
    }

    /// `<tag attrs>text</tag>`, the text escaped; `attrs` raw (with a
    /// leading space when not empty).
    pub fn el(&mut self, tag: &str, attrs: &str, text: &str) -> &mut Html {
        let _ = write!(self.0, "<{tag}{attrs}>{}</{tag}>", esc(text));
        self
    }

    /// A table with a caption, column headers, and rows whose first cell
    /// is the row's header. Each row: its raw `<tr>` attributes and cells
    /// (escaped text). An empty caption leaves it out.
    pub fn table(
        &mut self,
        attrs: &str,
        caption: &str,
        heads: &[&str],
        rows: &[(String, Vec<String>)],
    ) -> &mut Html {
        let _ = write!(self.0, "<table{attrs}>");
        if !caption.is_empty() {
            self.el("caption", "", caption);
        }
        self.0.push_str("<thead><tr>");
        for h in heads {
            self.el("th", " scope=\"col\"", h);
        }
        self.0.push_str("</tr></thead><tbody>");
        for (tr, cells) in rows {
            let _ = write!(self.0, "<tr{tr}>");
            for (i, c) in cells.iter().enumerate() {
                if i == 0 {
                    self.el("th", " scope=\"row\"", c);
                } else {
                    self.el("td", "", c);
                }
            }
            self.0.push_str("</tr>");
        }
        self.0.push_str("</tbody></table>");
        self
    }

    /// A list of escaped items.
    pub fn list(&mut self, tag: &str, attrs: &str, items: &[String]) -> &mut Html {
        let _ = write!(self.0, "<{tag}{attrs}>");
        for i in items {
            self.el("li", "", i);
        }
        let _ = write!(self.0, "</{tag}>");
        self
    }

    /// The HTML written.
    pub fn done(&mut self) -> String {
        std::mem::take(&mut self.0)
    }
}

/// ` name="value"` with the value escaped.
pub fn attr(name: &str, value: &str) -> String {
    format!(" {name}=\"{}\"", esc(value))
}

/// Rows a long list shows at first, and how many more each "Show more"
/// adds: a 1 MB paste is tens of thousands of rows, which the page would
/// take seconds to lay out at once.
pub const PAGE: usize = 100;

/// The line under a list paged in HTML, as [`show_more`] writes it, for
/// lists written as HTML (in a worker, or in one string): "100 of 350
/// WHAT. Show 100 more", its button (`data-act="more"`) answered by the
/// list's delegated click; empty when all `total` rows are `shown`.
/// `testid` names the line; `what` says what is listed and what comes
/// first ("posts shown: those with a line not counted first").
///
/// [`show_more`]: super::ui::show_more
pub fn more_html(testid: &str, shown: usize, total: usize, what: &str) -> String {
    if total <= shown {
        return String::new();
    }
    format!(
        "<p class=\"more muted\" data-testid=\"{testid}\">{shown} of {total} {what}. <button type=\"button\" data-act=\"more\">Show {} more</button></p>",
        PAGE.min(total - shown)
    )
}

/// A text box holding more than this many bytes is not laid out (its
/// element gets the class `long`: the stylesheet hides it behind a "show
/// it" checkbox, `.held`), its text kept and read in full: Chromium lays
/// out every line of a box, 1 to 2 ms a kilobyte, so a 1 MB paste shown
/// would hold the page for seconds, and 30 KB pasted into Survival's
/// whole-thread box made a frame of 47 to 70 ms, traced, most of it the
/// box's text (no task over 50 ms). A forum page of 25 posts is
/// 10 to 30 KB: over this it is read, and shown when asked.
pub const HELD: usize = 16 * 1024;

/// [`HELD`] for one player's box among a dozen (Mini-Survivor's orders,
/// Survival's night messages): a round's or a night's message is a few
/// hundred bytes, so a box over 4 KB holds a pasted pile and is held.
pub const BOX_HELD: usize = 4 * 1024;

/// [`PAGE`] for the checked lines of one player's box among a dozen
/// (Survival's night messages, and the night preview's lists that show
/// them again): a night's message is a few lines, so a box past this
/// many holds a pasted pile. A dozen such boxes laid out a hundred lines
/// each held the page for a fifth of a second, and twenty each still made
/// the frame that shows them 40 to 60 ms of style and layout in Chromium
/// (no task over 50 ms); ten each kept it near 25, yet a
/// loaded machine still saw 50 to 70 ms in one run of a few (the first
/// layout of new text). Five each: a real night's message is one to five
/// lines, so a box shows it whole. "Show more" adds a [`PAGE`] to each.
/// (Mini-Survivor's orders boxes show a dozen, a round's submission
/// being longer: `BOX_LINES` in its Orders screen.)
pub const BOX_PAGE: usize = 5;
