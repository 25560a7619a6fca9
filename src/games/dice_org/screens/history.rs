//! History: every step and edit of the season in order with its result in
//! the engine's words (`explain`), undo of the last one (asked to
//! confirm, naming what it undoes) and redo of what was undone.

use super::super::state::Ctx;
use super::widgets::{Explain, HiddenNote};
use leptos::prelude::*;

#[component]
pub fn History() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // Undo asked for, waiting for the producer's confirmation.
    let asking = RwSignal::new(false);
    let redo_view = move || {
        let kind = ctx.redo.with(|r| r.last().map(|e| e.kind()))?;
        Some(view! {
            <p><button data-testid="redo" on:click=move |_| {
                if let Err(e) = ctx.redo() {
                    ctx.error(format!("Redo refused: {e}"));
                }
            }>{format!("Redo the undone {kind}")}</button></p>
        })
    };
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
                {redo_view}
                {if n == 0 { view! { <p class="muted">"Nothing played yet."</p> }.into_any() } else { view! {
                    {move || if asking.get() {
                        let title = ctx.with_game(|s| s.played().len().checked_sub(1).map(|i| (i, s.explain(i).into_iter().next().unwrap_or_default()))).flatten();
                        let (i, title) = title.unwrap_or_default();
                        view! {
                            <div class="confirm" role="alert" data-testid="undo-confirm">
                                <p>{format!("Undo step {}: {title}? It can be redone; a production edit undone does not go back into the Production draft.", i + 1)}</p>
                                <p class="actions">
                                    <button class="danger" data-testid="undo-yes" on:click=move |_| { asking.set(false); ctx.undo(); }>"Yes, undo it"</button>
                                    <button data-testid="undo-no" on:click=move |_| asking.set(false)>"Cancel"</button>
                                </p>
                            </div>
                        }.into_any()
                    } else {
                        view! { <p><button class="danger" data-testid="undo-last" on:click=move |_| asking.set(true)>"Undo the last step"</button></p> }.into_any()
                    }}
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
