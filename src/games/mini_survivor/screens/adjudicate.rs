//! Adjudicate: preview the round from the current drafts, then commit it.

use super::super::report_view::{FinalView, ReportView};
use super::super::state::{Ctx, Screen};
use leptos::prelude::*;
use mini_survivor::{PlayerId, final_result, play_round};

#[component]
pub fn Adjudicate() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let preview = Memo::new(move |_| {
        let drafts = ctx.drafts.get();
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            if l.game.is_over() {
                return None;
            }
            let setup = l.game.setup();
            let subs: Vec<(PlayerId, &str)> = drafts
                .iter()
                .filter_map(|(n, t)| setup.players.find(n).map(|p| (p, t.as_str())))
                .collect();
            let (after, report) = play_round(setup, l.game.position(), &subs);
            Some((setup.clone(), report, after))
        })
    });
    let commit = move |_| {
        let round = ctx
            .live
            .with_untracked(|l| l.as_ref().map_or(0, |l| l.game.rounds().len() + 1));
        if ctx.commit_round() {
            let summary = ctx.live.with_untracked(|l| {
                l.as_ref().and_then(|l| l.game.rounds().last()).map(|r| {
                    let out = r.report.eliminated();
                    format!(
                        "Round {round} adjudicated: {} eliminated{}",
                        out.len(),
                        if r.report.game_over {
                            ". The game is over."
                        } else {
                            ""
                        }
                    )
                })
            });
            ctx.say(summary.unwrap_or_default());
        }
    };
    view! {
        <section class="adjudicate">
            {move || ctx.live.with(|l| {
                let l = l.as_ref()?;
                let setup = l.game.setup().clone();
                final_result(&setup, l.game.position()).map(|r| view! { <FinalView setup=setup result=r/> })
            })}
            {move || preview.get().map(|(setup, report, after)| view! {
                <h2>{format!("Round {}: preview", report.round)}</h2>
                <p class="muted">"Nothing is final until you commit. Change orders on the Orders or Board screen and this preview follows."</p>
                <button class="primary" on:click=commit data-testid="commit">{format!("Commit round {}", report.round)}</button>
                <ReportView setup=setup report=report after=after/>
            })}
            {move || ctx.live.with(|l| {
                let l = l.as_ref()?;
                let r = l.game.rounds().last()?;
                let setup = l.game.setup().clone();
                Some(view! {
                    <details class="last" open=l.game.is_over()>
                        <summary>{format!("Last committed: round {}", r.report.round)}</summary>
                        <div data-testid="last-result"><ReportView setup=setup report=r.report.clone() after=r.after.clone()/></div>
                        <button on:click=move |_| ctx.go(Screen::Posts)>"Write the posts"</button>
                    </details>
                })
            })}
        </section>
    }
}
