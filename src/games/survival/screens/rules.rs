//! Rules: the engine's `RULES.md` (S1-S9) with its S-numbers, and the
//! options of the open game. The text is fetched beside the page when this
//! screen opens (`shell::rules`): 15 KB of text the page's first load need
//! not carry (`survival::RULES` is the same text, for native tools).

use super::super::state::{Ctx, option_lines};
use crate::shell::html::Html;
use crate::shell::rules::RulesText;
use leptos::prelude::*;

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let options = move || {
        ctx.live.with(|l| {
            l.as_ref().map(|l| {
                let mut h = Html::default();
                h.el("h3", "", "Options of this game").list(
                    "ul",
                    "",
                    &option_lines(&l.game.setup().options),
                );
                h.done()
            })
        })
    };
    view! {
        <section class="rules">
            <h2>"Rules (S1-S9)"</h2>
            <aside class="options" aria-label="Options of this game" inner_html=move || options().unwrap_or_default()></aside>
            <RulesText letter='S'/>
        </section>
    }
}
