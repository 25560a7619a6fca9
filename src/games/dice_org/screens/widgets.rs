//! Pieces several screens share: the engine's reasons as a list, the
//! screen-sharing notice, and small parsers for form fields.

use crate::shell::html::{Html, attr};
use leptos::prelude::*;

/// The engine's explanation of a step, one line per fact (producers only),
/// written as HTML text (`shell::html`: far less code than a view per line).
#[allow(non_snake_case)]
pub fn Explain(lines: Vec<String>) -> AnyView {
    let mut h = Html::default();
    for l in &lines {
        let cls = if l.starts_with("Rejected") {
            " class=\"rejected\""
        } else {
            ""
        };
        h.el("li", cls, l);
    }
    view! { <ul class="explain" data-testid="explain" inner_html=h.done()></ul> }.into_any()
}

/// Shown instead of secrets while they are hidden for screen sharing.
#[allow(non_snake_case)]
pub fn HiddenNote() -> AnyView {
    view! {
        <p class="hidden-note" role="note" data-testid="hidden-note">
            "Secrets are hidden for screen sharing. Turn off “Hide secrets” on the Board to see this."
        </p>
    }
    .into_any()
}

/// A table of text: `heads` are the column headers (the first heads the
/// row headers); each row is its header (also its `data-row`) and cells.
/// One helper for every table of text, written as HTML text into `h`,
/// keeps the page's code small.
pub fn write_table(
    h: &mut Html,
    caption: &str,
    hidden_caption: bool,
    testid: &str,
    heads: &[&str],
    rows: &[(String, Vec<String>)],
) {
    h.raw("<table class=\"grid-table\"")
        .raw(&attr("data-testid", testid))
        .raw(">")
        .el(
            "caption",
            if hidden_caption {
                " class=\"sr-only\""
            } else {
                ""
            },
            caption,
        )
        .raw("<thead><tr>");
    for x in heads {
        h.el("th", " scope=\"col\"", x);
    }
    h.raw("</tr></thead><tbody>");
    for (r, cells) in rows {
        h.raw("<tr").raw(&attr("data-row", r)).raw(">");
        h.el("th", " scope=\"row\"", r);
        for c in cells {
            h.el("td", "", c);
        }
        h.raw("</tr>");
    }
    h.raw("</tbody></table>");
}

/// [`write_table`] as a view.
pub fn table(
    caption: String,
    hidden_caption: bool,
    testid: &'static str,
    heads: &[&str],
    rows: Vec<(String, Vec<String>)>,
) -> AnyView {
    let mut h = Html::default();
    write_table(&mut h, &caption, hidden_caption, testid, heads, &rows);
    view! { <div class="table-wrap" inner_html=h.done()></div> }.into_any()
}

/// A select: `options` are (value, label); `set` gets the value chosen.
/// Every select of the page is this one (a small page).
pub fn select(
    label: String,
    testid: &'static str,
    options: Vec<(String, String)>,
    value: Signal<String>,
    set: Callback<String>,
) -> AnyView {
    view! {
        <select aria-label=label data-testid=testid on:change=move |ev| set.run(event_target_value(&ev))>
            {options.into_iter().map(|(v, l)| {
                let w = v.clone();
                view! { <option value=v selected=move || value.with(|x| *x == w)>{l}</option> }
            }).collect_view()}
        </select>
    }
    .into_any()
}

/// (value, label) pairs of names, with a first choice of value "" labelled `none`.
pub fn name_options(none: &str, names: &[String]) -> Vec<(String, String)> {
    std::iter::once((String::new(), none.to_string()))
        .chain(names.iter().map(|n| (n.clone(), n.clone())))
        .collect()
}

/// A labelled checkbox (the label only for screen readers when
/// `hide_label`); `enabled` false greys it out.
pub fn check(
    label: String,
    hide_label: bool,
    testid: &'static str,
    checked: Signal<bool>,
    enabled: Signal<bool>,
    set: Callback<bool>,
) -> AnyView {
    view! {
        <label class="toggle"><input type="checkbox" data-testid=testid prop:checked=checked
            disabled=move || !enabled.get() on:change=move |ev| set.run(event_target_checked(&ev))/><span class:sr-only=hide_label>{label}</span></label>
    }
    .into_any()
}

/// A labelled text field.
pub fn field(
    label: String,
    testid: &'static str,
    value: Signal<String>,
    set: Callback<String>,
) -> AnyView {
    view! {
        <label>{label}<input data-testid=testid prop:value=value on:input=move |ev| set.run(event_target_value(&ev))/></label>
    }
    .into_any()
}

/// A whole number from a field; blank is `None`.
pub fn number(text: &str, what: &str) -> Result<Option<u32>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<u32>()
        .map(Some)
        .map_err(|_| format!("{what} must be a whole number, not {t:?}"))
}

/// The non-empty trimmed lines of a text.
pub fn lines(s: &str) -> Vec<String> {
    s.lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Names joined with commas, or "none".
pub fn list(v: &[String]) -> String {
    if v.is_empty() {
        "none".to_string()
    } else {
        v.join(", ")
    }
}
