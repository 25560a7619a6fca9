//! History: every step and edit of the season in order with its result in
//! the engine's words (`explain`), and undo of the last one.

use super::super::state::Ctx;
use super::widgets::{Explain, HiddenNote};
use leptos::prelude::*;

#[component]
pub fn History() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let steps = move || {
        ctx.with_game(|s| {
            (0..s.played().len())
                .map(|i| (i, s.played()[i].entry.kind(), s.explain(i)))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    move || {
        if ctx.hide.get() {
            return view! { <section class="history"><h2>"History"</h2>{HiddenNote()}</section> }
                .into_any();
        }
        let list = steps();
        let n = list.len();
        view! {
            <section class="history">
                <h2>"History"</h2>
                {if n == 0 { view! { <p class="muted">"Nothing played yet."</p> }.into_any() } else { view! {
                    <p><button class="danger" data-testid="undo-last" on:click=move |_| ctx.undo()>"Undo the last step"</button></p>
                    <ol class="log" data-testid="history">
                        {list.into_iter().map(|(i, kind, lines)| {
                            let title = lines.first().cloned().unwrap_or_default();
                            view! {
                                <li data-kind=kind>
                                    <details open=i + 1 == n>
                                        <summary>{format!("Step {}: {title}", i + 1)}</summary>
                                        {Explain(lines)}
                                    </details>
                                </li>
                            }
                        }).collect_view()}
                    </ol>
                }.into_any() }}
            </section>
        }.into_any()
    }
}
