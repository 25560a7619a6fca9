//! History: every phase with its inputs as pasted (private messages,
//! posts, revote posts, decisions), what the engine made of them, and the
//! way to its posts; undo the last phase (its inputs go back into the
//! drafts to be corrected and committed again).

use super::super::report_view::{PagedReport, report_html};
use super::super::state::{Ctx, Screen, Stage};
use super::common::capital;
use crate::shell::html::Html;
use crate::shell::ui::confirm;
use leptos::prelude::*;
use survival::save::InputFile;

#[component]
pub fn History() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let shown = RwSignal::new(None::<usize>);
    let undo = move |_| {
        let last = ctx.live.with_untracked(|l| {
            l.as_ref()
                .and_then(|l| l.game.phases().last().map(|p| p.report.phase.to_string()))
        });
        let Some(last) = last else { return };
        if confirm(&format!(
            "Undo {last}? Its messages, posts and decisions go back into the drafts, replacing what is there now."
        )) && let Some(p) = ctx.undo()
        {
            shown.set(None);
            ctx.say(format!(
                "{} undone; its inputs are back in the drafts",
                capital(&p)
            ));
        }
    };
    view! {
        <section class="history">
            <h2>"History"</h2>
            {move || ctx.live.with(|l| {
                let l = l.as_ref()?;
                let n = l.game.phases().len();
                Some(view! {
                    <div class="row" role="group" aria-label="Phases">
                        {l.game.phases().iter().enumerate().map(|(i, p)| view! {
                            <button aria-pressed=move || (shown.get() == Some(i)).to_string() on:click=move |_| shown.set(Some(i)) data-testid="phase-button">{capital(&p.report.phase.to_string())}</button>
                        }).collect_view()}
                        {(n > 0).then(|| view! { <button class="danger" on:click=undo data-testid="undo">{format!("Undo {}", l.game.phases()[n - 1].report.phase)}</button> })}
                        {(n == 0).then(|| view! { <p class="muted">"No phase played yet."</p> })}
                    </div>
                })
            })}
            {move || {
                let i = shown.get()?;
                ctx.live.with(|l| {
                    let l = l.as_ref()?;
                    let p = l.game.phases().get(i)?;
                    let setup = &l.game.setup_of(&p.after);
                    let phase = p.report.phase;
                    let mut h = Html::default();
                    let mut texts = |title: &str, m: Vec<(String, String)>| {
                        if m.is_empty() {
                            return;
                        }
                        h.el("h4", "", title).raw("<dl class=\"inputs\">");
                        for (n, t) in m {
                            h.el("dt", "", &n).raw("<dd>").el("pre", "", &t).raw("</dd>");
                        }
                        h.raw("</dl>");
                    };
                    let numbered = |v: Vec<(String, String)>| v.into_iter().enumerate().map(|(k, (a, t))| (format!("{}. {a}", k + 1), t)).collect();
                    match InputFile::of(&setup.roster, &p.input) {
                        InputFile::Night { actions, decisions } => {
                            texts("Private messages", actions.into_iter().collect());
                            texts("Decisions", decisions.into_iter().collect());
                        }
                        InputFile::Day { posts, revote, decisions } => {
                            texts("Posts, in order", numbered(posts));
                            texts("Revote posts", numbered(revote));
                            texts("Decisions", decisions.into_iter().collect());
                        }
                    }
                    let inputs = h.done();
                    Some(view! {
                        <h3>{capital(&phase.to_string())}</h3>
                        <button data-testid="phase-posts" on:click=move |_| {
                            ctx.posts_stage.set(Some(Stage::Phase(i)));
                            ctx.go(Screen::Posts);
                        }>{format!("Posts of {phase}")}</button>
                        <details><summary>"Inputs as pasted"</summary><div inner_html=inputs></div></details>
                        <PagedReport html=Callback::new({
                            let (setup, report) = (setup.clone(), p.report.clone());
                            move |shown| report_html(&setup, &report, shown)
                        })/>
                    })
                })
            }}
        </section>
    }
}
