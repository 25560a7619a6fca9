//! Pieces several screens share: the engine's reasons as a list, the
//! screen-sharing notice, and small parsers for form fields.

use leptos::prelude::*;

/// The engine's explanation of a step, one line per fact (producers only).
#[component]
pub fn Explain(lines: Vec<String>) -> impl IntoView {
    view! {
        <ul class="explain" data-testid="explain">
            {lines.into_iter().map(|l| {
                let cls = if l.starts_with("Rejected") { "rejected" } else { "" };
                view! { <li class=cls>{l}</li> }
            }).collect_view()}
        </ul>
    }
}

/// Shown instead of secrets while they are hidden for screen sharing.
#[component]
pub fn HiddenNote() -> impl IntoView {
    view! {
        <p class="hidden-note" role="note" data-testid="hidden-note">
            "Secrets are hidden for screen sharing. Turn off “Hide secrets” on the Board to see this."
        </p>
    }
}

/// A table of text: `heads` are the column headers (the first heads the
/// row headers); each row is its header (also its `data-row`) and cells.
/// One helper for every table of text keeps the page's code small.
pub fn table(
    caption: String,
    hidden_caption: bool,
    testid: &'static str,
    heads: &[&str],
    rows: Vec<(String, Vec<String>)>,
) -> AnyView {
    let heads: Vec<String> = heads.iter().map(|h| h.to_string()).collect();
    view! {
        <table class="grid-table" data-testid=testid>
            <caption class:sr-only=hidden_caption>{caption}</caption>
            <thead><tr>{heads.into_iter().map(|h| view! { <th scope="col">{h}</th> }).collect_view()}</tr></thead>
            <tbody>
                {rows.into_iter().map(|(h, cells)| view! {
                    <tr data-row=h.clone()><th scope="row">{h.clone()}</th>
                        {cells.into_iter().map(|c| view! { <td>{c}</td> }).collect_view()}
                    </tr>
                }).collect_view()}
            </tbody>
        </table>
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
