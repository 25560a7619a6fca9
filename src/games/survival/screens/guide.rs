//! The guide's worked examples drawn (`GUIDE.md`, `survival::guide`): the
//! players as a table (card, what they sent, what became of them;
//! eliminated rows marked), the chain of eliminations in the order they
//! happened as a row of boxes, then the engine's sentences.

use crate::shell::html::{attr, esc};
use crate::shell::rules::{example_figure, steps_html};
use survival::guide::{Example, example};

/// The example as HTML: the table, the chain, the sentences.
pub fn example_html(e: &Example) -> String {
    let rows: Vec<(String, Vec<String>)> = e
        .rows()
        .into_iter()
        .map(|r| {
            (
                if r.result == "alive" {
                    String::new()
                } else {
                    " class=\"out\"".to_string()
                },
                vec![
                    r.name,
                    r.card.to_string(),
                    if r.sent.is_empty() {
                        "(nothing)".to_string()
                    } else {
                        r.sent.join(" · ")
                    },
                    r.result,
                ],
            )
        })
        .collect();
    let mut h = example_figure(e.name, e.title, e.rules);
    h.raw(&format!(
        "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\"{}>",
        attr("aria-label", "The players this night")
    ))
    .table(
        " class=\"example-table\"",
        "Cards and private messages",
        &["Player", "Card", "Sent", "Result"],
        &rows,
    )
    .raw("</div>");
    let roster = &e.setup.roster;
    h.raw("<ol class=\"chain\" aria-label=\"Eliminations in the order they happened\">");
    for x in &e.report.eliminations {
        let causes: Vec<&str> = x.causes.iter().map(|c| c.name()).collect();
        h.raw("<li>")
            .el("strong", "", roster.name(x.player))
            .raw(" ")
            .el(
                "span",
                " class=\"muted\"",
                &format!("{}: {}", e.setup.card(x.player), causes.join(", ")),
            )
            .raw("</li>");
    }
    h.raw("</ol>")
        .raw(&steps_html(&e.steps(), 'S'))
        .raw("</figure>");
    let _ = esc;
    h.done()
}

/// The drawing of the example `name`, played by the engine now; `None` for
/// an unknown name.
pub fn example_by_name(name: &str) -> Option<String> {
    example(name).map(|e| example_html(&e))
}
