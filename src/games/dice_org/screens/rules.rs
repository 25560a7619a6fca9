//! Rules: the engine's `RULES.md` (D1-D11) with its D-numbers, fetched
//! beside the page when this screen opens (`shell::rules`: the 30 KB of
//! text stay out of the page's first load), and the options of the open
//! season.

use super::super::state::Ctx;
use crate::shell::rules::RulesText;
use leptos::prelude::*;

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <section class="rules">
            <h2>"Rules (D1-D11)"</h2>
            {move || ctx.with_game(|s| {
                let o = s.state().options;
                view! {
                    <aside class="options" aria-label="Options of this season">
                        <h2>"Options of this season"</h2>
                        <p>{o.to_string()}</p>
                    </aside>
                }
            })}
            <RulesText letter='D'/>
        </section>
    }
}
