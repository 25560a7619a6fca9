//! The dice log (D1.4): every die drawn, in order, with the step that drew
//! it, who rolled it and why, so the producers can audit any result.

use super::super::state::Ctx;
use super::widgets::{HiddenNote, select, table};
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
    let rows = move || {
        let f = current();
        ctx.with_game(|s| {
            s.dice_log()
                .into_iter()
                .enumerate()
                .filter(|(_, d)| match f.as_str() {
                    "all" => true,
                    "setup" => d.entry.is_none(),
                    i => d.entry.map(|e| e.to_string()).as_deref() == Some(i),
                })
                .map(|(k, d)| {
                    (
                        k + 1,
                        d.entry
                            .map_or("setup".to_string(), |e| format!("step {}", e + 1)),
                        d.die.why.who.clone(),
                        d.die.why.to_string(),
                        d.die.value,
                    )
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
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
                {move || table("Dice drawn".to_string(), true, "dice-table", &["#", "Step", "Who", "Why", "Die"],
                    rows().into_iter().map(|(k, step, who, why, v)| (k.to_string(), vec![step, who, why, v.to_string()])).collect())}
            </section>
        }.into_any()
    }
}
