//! The guide's worked examples drawn (`GUIDE.md`, `dice_org::guide`): the
//! team's pool through the camp as a row of steps, the members as a table
//! (attributes, counters, choices, the roll worked out to what it adds,
//! bonus rolls), then the engine's sentences.

use crate::shell::html::attr;
use crate::shell::rules::{example_figure, steps_html};
use dice_org::guide::{Example, example};

/// The example as HTML: the pool, the table, the sentences.
pub fn example_html(e: &Example) -> String {
    let mut h = example_figure(e.name, e.title, e.rules);
    for t in &e.report.teams {
        let eaten = if t.consumed { t.need } else { 0 };
        let gathered: u32 = t.gathering.iter().map(|g| g.roll.result).sum();
        h.raw(&format!(
            "<ol class=\"chain pool\"{}>",
            attr("aria-label", &format!("{}'s pool through the camp", t.team))
        ))
        .el("li", "", &format!("Pool {}", t.pool_before))
        .el(
            "li",
            "",
            &format!("eats {eaten}: {}", t.pool_before - eaten),
        )
        .el("li", "", &format!("gathers {gathered}: {}", t.pool_after))
        .raw("</ol>");
        let rows: Vec<(String, Vec<String>)> = e
            .rows()
            .into_iter()
            .map(|r| {
                (
                    String::new(),
                    vec![
                        format!("{} {}", r.name, r.attributes),
                        format!("{} → {}", r.counters.0, r.counters.1),
                        if r.choices.is_empty() {
                            "none".to_string()
                        } else {
                            r.choices.join(", ")
                        },
                        // The roll worked out ends with what it adds to
                        // the pool; then any bonus roll.
                        std::iter::once(r.working)
                            .chain(r.bonus.iter().map(|b| format!("bonus roll {b}")))
                            .collect::<Vec<_>>()
                            .join("; "),
                    ],
                )
            })
            .collect();
        h.raw(&format!(
            "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\"{}>",
            attr("aria-label", &format!("{} at camp", t.team))
        ))
        .table(
            " class=\"example-table\"",
            &format!("{} at camp, round {}", t.team, e.report.round),
            &[
                "Player [C, S]",
                "Counters",
                "Choices",
                "Survival roll: adds",
            ],
            &rows,
        )
        .raw("</div>");
    }
    h.raw(&steps_html(&e.steps(), 'D')).raw("</figure>");
    h.done()
}

/// The drawing of the example `name`, played by the engine now; `None` for
/// an unknown name.
pub fn example_by_name(name: &str) -> Option<String> {
    example(name).map(|e| example_html(&e))
}
