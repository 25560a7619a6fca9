//! The guide's worked examples drawn (`GUIDE.md`, `mini_survivor::guide`):
//! the tribe as a table (survivor, controller, orders, votes received,
//! result; eliminated rows marked), then the engine's sentences.

use crate::shell::html::attr;
use crate::shell::rules::{example_figure, steps_html};
use mini_survivor::guide::{Example, example};

/// The example as HTML: the tribe table, then the sentences.
pub fn example_html(e: &Example) -> String {
    let tribe = e.setup.tribe_name(e.tribe()).to_string();
    let rows: Vec<(String, Vec<String>)> = e
        .rows()
        .into_iter()
        .map(|r| {
            let out = r.result != "stays" && r.result != "outcast";
            (
                if out {
                    " class=\"out\"".to_string()
                } else {
                    String::new()
                },
                vec![
                    r.survivor.to_string(),
                    r.controller,
                    if r.orders.is_empty() {
                        "(none)".to_string()
                    } else {
                        r.orders.join(" · ")
                    },
                    r.votes.map_or("–".to_string(), |v| v.to_string()),
                    r.result,
                ],
            )
        })
        .collect();
    let mut h = example_figure(e.name, e.title, e.rules);
    h.raw(&format!(
        "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\"{}>",
        attr(
            "aria-label",
            &format!("Tribe {tribe}, round {}", e.report.round)
        )
    ))
    .table(
        " class=\"example-table\"",
        &format!("Tribe {tribe} in round {}", e.report.round),
        &["Survivor", "Controller", "Orders", "Votes", "Result"],
        &rows,
    )
    .raw("</div>")
    .raw(&steps_html(&e.steps(), 'R'))
    .raw("</figure>");
    h.done()
}

/// The drawing of the example `name`, played by the engine now; `None` for
/// an unknown name.
pub fn example_by_name(name: &str) -> Option<String> {
    example(name).map(|e| example_html(&e))
}
