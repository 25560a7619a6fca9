//! The dice log (D1.4): every die drawn, in order, with the step that drew
//! it, who rolled it and why, so the producers can audit any result. The
//! table is written in the site's worker
//! ([`crate::games::dice_org::worker`]).

use super::super::state::Ctx;
use super::widgets::{HiddenNote, select};
use crate::games::dice_org::worker::{SeasonText, Task};
use crate::shell::rules::ask_worker_as;
use leptos::prelude::*;

#[component]
pub fn DiceLog() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // "all", "setup", or a step index; default the last step.
    let filter = RwSignal::new(None::<String>);
    let steps = move || {
        ctx.with_game(|s| {
            (0..s.played().len())
                .filter(|&i| !s.played()[i].dice.is_empty())
                .map(|i| (i, s.explain(i).into_iter().next().unwrap_or_default()))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let current = move || {
        filter.get().unwrap_or_else(|| {
            steps()
                .last()
                .map_or("setup".to_string(), |(i, _)| i.to_string())
        })
    };
    // The table is written in the site's worker (the season replayed):
    // asked again whenever the filter or the season changes.
    let answer = RwSignal::new(None::<Result<String, String>>);
    Effect::new(move |_| {
        let filter = current();
        let task = ctx.with_game(|s| Task::Dice {
            season: SeasonText {
                setup: s.setup().clone(),
                entries: s.entries(),
            },
            filter,
        });
        if let Some(Ok(text)) = task.map(|t| serde_json::to_string(&t)) {
            ask_worker_as("The dice log could not be computed", 'D', text, answer);
        }
    });
    move || {
        if ctx.hide.get() {
            return view! { <section class="dice"><h2>"Dice log"</h2>{HiddenNote()}</section> }
                .into_any();
        }
        view! {
            <section class="dice">
                <h2>"Dice log"</h2>
                <p class="muted">"Every die from the season's seeded generator, in the order drawn (D11). After the final, the seed is public and anyone can replay them."</p>
                <label>"Show "{move || select("Show".into(), "dice-filter",
                    [("all".to_string(), "every die".to_string()), ("setup".into(), "setup (attributes)".into())].into_iter()
                        .chain(steps().into_iter().map(|(i, l)| (i.to_string(), format!("step {}: {l}", i + 1)))).collect(),
                    Signal::derive(current), Callback::new(move |v| filter.set(Some(v))))}</label>
                {move || match answer.get() {
                    None => view! { <p class="muted" role="status">"Reading the dice…"</p> }.into_any(),
                    Some(Ok(html)) => view! { <div class="table-wrap" inner_html=html></div> }.into_any(),
                    Some(Err(e)) => view! { <p class="error" role="alert">{e}</p> }.into_any(),
                }}
            </section>
        }.into_any()
    }
}
