//! The season board: teams side by side with their pools, each living
//! player with attributes, RP, depletion counters and their penalties (D2.1),
//! advantages and immunity; who is out, the jury, the winner. "Hide secrets"
//! asks the engine for the board with secrets blanked (`board(true)`), so
//! the page never shows what the engine hid (screen sharing, D10).

use super::super::state::{Ctx, Screen, phase_name};
use super::widgets::{list, write_table};
use crate::shell::html::{Html, attr};
use dice_org::season::{Board as BoardView, BoardPlayer};
use leptos::prelude::*;

fn penalties(p: &BoardPlayer) -> String {
    match p.penalties {
        Some(x) if x.stat + x.roll + x.outcome == 0 => "none".to_string(),
        Some(x) => format!(
            "stats −{}, rolls −{}, outcomes −{}",
            x.stat, x.roll, x.outcome
        ),
        None => String::new(),
    }
}

fn advantages(p: &BoardPlayer) -> String {
    p.advantages.as_ref().map_or(String::new(), |v| {
        list(&v.iter().map(|a| a.name().to_string()).collect::<Vec<_>>())
    })
}

/// The teams and the season's summary as HTML text (`shell::html`): read
/// only, so far less code than a view per cell.
fn board_html(b: BoardView) -> String {
    let mut h = Html::default();
    // Secret columns only when the engine gave secrets.
    let secret = b
        .teams
        .iter()
        .flat_map(|t| &t.members)
        .any(|p| p.attributes.is_some());
    h.raw("<div class=\"teams\">");
    for t in b.teams.into_iter().filter(|t| !t.members.is_empty()) {
        let name = t.name;
        h.raw("<section class=\"team\"")
            .raw(&attr("aria-label", &format!("Team {name}")))
            .raw(&attr("data-team", &name))
            .raw(">")
            .el("h3", "", &name)
            .raw("<p>Pool: ")
            .el("strong", " data-testid=\"pool\"", &t.pool.to_string());
        if let Some(c) = t.camp {
            let waiting: Vec<String> = c.iter().map(|a| a.name().to_string()).collect();
            h.el(
                "span",
                " class=\"muted\"",
                &format!(" · waiting at camp: {}", list(&waiting)),
            );
        }
        h.raw("</p>");
        let rows: Vec<(String, Vec<String>)> = t
            .members
            .into_iter()
            .map(|p| {
                let immune = if p.immune { "★ immune" } else { "no" }.to_string();
                let mut cells = Vec::new();
                if let Some(a) = p.attributes {
                    cells = vec![
                        a.to_string(),
                        p.rp.unwrap_or(0).to_string(),
                        p.counters.unwrap_or(0).to_string(),
                        penalties(&p),
                        advantages(&p),
                    ];
                }
                cells.push(immune);
                (p.name, cells)
            })
            .collect();
        let heads: &[&str] = if secret {
            &[
                "Player",
                "Attributes [C, S]",
                "RP",
                "Counters",
                "Penalties (D2.1)",
                "Advantages",
                "Immune",
            ]
        } else {
            &["Player", "Immune"]
        };
        write_table(
            &mut h,
            &format!("Members of {name}"),
            true,
            "members",
            heads,
            &rows,
        );
        h.raw("</section>");
    }
    h.raw("</div><dl class=\"summary\">");
    if let Some(t) = b.to_vote {
        h.el("dt", "", "Votes next")
            .el("dd", " data-testid=\"to-vote\"", &t);
    }
    h.el("dt", "", "Out (oldest first)")
        .el("dd", " data-testid=\"voted-out\"", &list(&b.voted_out))
        .el("dt", "", "Jury")
        .el("dd", " data-testid=\"jury\"", &list(&b.jury));
    if let Some(w) = b.winner {
        h.el("dt", "", "Winner")
            .el("dd", " data-testid=\"winner\"", &w);
    }
    h.raw("</dl>");
    h.done()
}

#[component]
pub fn Board() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let board = move || {
        let hide = ctx.hide.get();
        ctx.with_game(|s| s.board(hide))
    };
    view! {
        <section class="board">
            <div class="board-head row">
                <h2>{move || board().map(|b| {
                    if b.winner.is_some() { "The season is over".to_string() } else { format!("Round {}: {} next", b.round, phase_name(b.next)) }
                })}</h2>
                <label class="toggle"><input type="checkbox" prop:checked=ctx.hide on:change=move |ev| ctx.hide.set(event_target_checked(&ev)) data-testid="hide-secrets"/>" Hide secrets (screen sharing)"</label>
                <button class="primary" on:click=move |_| ctx.go(Screen::Round)>"Open the round wizard"</button>
            </div>
            <div inner_html=move || board().map(board_html).unwrap_or_default()></div>
        </section>
    }
}
