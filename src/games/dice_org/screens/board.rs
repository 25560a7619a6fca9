//! The season board: teams side by side with their pools, each living
//! player with attributes, RP, depletion counters and their penalties (D2.1),
//! advantages and immunity; who is out, the jury, the winner. "Hide secrets"
//! asks the engine for the board with secrets blanked (`board(true)`), so
//! the page never shows what the engine hid (screen sharing, D10).

use super::super::state::{Ctx, Screen, phase_name};
use super::widgets::{list, table};
use dice_org::season::BoardPlayer;
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

#[component]
pub fn Board() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let board = move || {
        let hide = ctx.hide.get();
        ctx.with(|s| s.board(hide))
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
            {move || board().map(|b| {
                // Secret columns only when the engine gave secrets.
                let secret = b.teams.iter().flat_map(|t| &t.members).any(|p| p.attributes.is_some());
                view! {
                    <div class="teams">
                        {b.teams.into_iter().filter(|t| !t.members.is_empty()).map(|t| {
                            let name = t.name.clone();
                            view! {
                                <section class="team" aria-label=format!("Team {name}") data-team=name.clone()>
                                    <h3>{name.clone()}</h3>
                                    <p>"Pool: " <strong data-testid="pool">{t.pool}</strong>
                                        {t.camp.map(|c| view! { <span class="muted">{format!(" · waiting at camp: {}", list(&c.iter().map(|a| a.name().to_string()).collect::<Vec<_>>()))}</span> })}
                                    </p>
                                    {table(format!("Members of {name}"), true, "members",
                                        if secret { &["Player", "Attributes [C, S]", "RP", "Counters", "Penalties (D2.1)", "Advantages", "Immune"] } else { &["Player", "Immune"] },
                                        t.members.into_iter().map(|p| {
                                            let immune = if p.immune { "★ immune" } else { "no" }.to_string();
                                            let mut cells = Vec::new();
                                            if let Some(a) = p.attributes {
                                                cells = vec![a.to_string(), p.rp.unwrap_or(0).to_string(), p.counters.unwrap_or(0).to_string(), penalties(&p), advantages(&p)];
                                            }
                                            cells.push(immune);
                                            (p.name, cells)
                                        }).collect())}
                                </section>
                            }
                        }).collect_view()}
                    </div>
                    <dl class="summary">
                        {b.to_vote.map(|t| view! { <dt>"Votes next"</dt><dd data-testid="to-vote">{t}</dd> })}
                        <dt>"Out (oldest first)"</dt><dd data-testid="voted-out">{list(&b.voted_out)}</dd>
                        <dt>"Jury"</dt><dd data-testid="jury">{list(&b.jury)}</dd>
                        {b.winner.map(|w| view! { <dt>"Winner"</dt><dd data-testid="winner">{w}</dd> })}
                    </dl>
                }
            })}
        </section>
    }
}
