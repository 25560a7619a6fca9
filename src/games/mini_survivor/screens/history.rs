//! History: every round as pasted and as adjudicated, with the way to its
//! posts and private messages; undo the last one.

use super::super::report_view::ReportView;
use super::super::state::{Ctx, Screen};
use leptos::prelude::*;

#[component]
pub fn History() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let shown = RwSignal::new(None::<usize>);
    let pending = move || {
        ctx.with_game(|g| {
            g.pending_notes()
                .iter()
                .map(|n| n.text())
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let undo = move |_| {
        let ask = if pending().is_empty() {
            "Undo the last adjudication? Its orders go back into the drafts."
        } else {
            "Undo the last event of the round under way?"
        };
        if crate::shell::ui::confirm(ask) {
            if let Some(done) = ctx.undo() {
                ctx.say(done);
            }
            shown.set(None);
        }
    };
    view! {
        <section class="history">
            <h2>"History"</h2>
            {move || ctx.live.with(|l| {
                let l = l.as_ref()?;
                let n = l.game.rounds().len();
                Some(view! {
                    <div class="row">
                        {l.game.rounds().iter().enumerate().map(|(i, r)| view! {
                            <button aria-pressed=move || (shown.get() == Some(i)).to_string() on:click=move |_| shown.set(Some(i))>{format!("Round {}", r.report.round)}</button>
                        }).collect_view()}
                        {(n > 0 && l.game.pending_events().is_empty()).then(|| view! { <button class="danger" on:click=undo data-testid="undo">"Undo last round"</button> })}
                        {(!l.game.pending_events().is_empty()).then(|| view! { <button class="danger" on:click=undo data-testid="undo">"Undo last event"</button> })}
                        {(n == 0).then(|| view! { <p class="muted">"No round played yet."</p> })}
                    </div>
                    {(!l.game.pending_events().is_empty()).then(|| view! {
                        <h3>{format!("Round {} under way: the moderator's events (R10)", l.game.position().round())}</h3>
                        <ol data-testid="history-pending-events">{pending().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}</ol>
                    })}
                })
            })}
            {move || {
                let i = shown.get()?;
                ctx.live.with(|l| {
                    let l = l.as_ref()?;
                    let r = l.game.rounds().get(i)?;
                    let setup = l.game.round_setup(r);
                    let round = r.report.round;
                    Some(view! {
                        <h3>{format!("Round {round}")}</h3>
                        <button data-testid="round-posts" on:click=move |_| {
                            ctx.posts_stage.set(Some(i + 1));
                            ctx.go(Screen::Posts);
                        }>{format!("Posts and private messages of round {round}")}</button>
                        {(!r.report.events.is_empty()).then(|| view! {
                            <h4>"The moderator's events (R10)"</h4>
                            <ol data-testid="history-events">{r.report.events.iter().map(|n| view! { <li>{n.text()}</li> }).collect_view()}</ol>
                        })}
                        <details><summary>"Orders as pasted"</summary>
                            {r.submissions.iter().map(|(p, t)| view! { <h4>{setup.players.name(*p).to_string()}</h4><pre>{t.clone()}</pre> }).collect_view()}
                        </details>
                        <ReportView setup=setup.clone() report=r.report.clone() after=r.after.clone()/>
                    })
                })
            }}
        </section>
    }
}
