//! Rules: the players' guide (`GUIDE.md`, drawn by the rules worker, its night chain played by the
//! engine), the options of the open game, then the engine's `RULES.md`
//! (S1-S9) rule by rule with its S-number (`shell::rules`). Both texts are
//! fetched beside the page when this screen opens: the page's first load
//! need not carry them.

use super::super::state::{Ctx, option_lines};
use crate::shell::rules::{RulesPage, linked_html, no_options};
use leptos::prelude::*;

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let options = move || {
        ctx.live.with(|l| match l {
            Some(l) => {
                let items: String = option_lines(&l.game.setup().options)
                    .iter()
                    .map(|o| format!("<li>{}</li>", linked_html(o, 'S')))
                    .collect();
                format!("<ul data-testid=\"game-options\">{items}</ul>")
            }
            None => no_options("game"),
        })
    };
    view! {
        <RulesPage letter='S'>
            <div inner_html=options></div>
        </RulesPage>
    }
}
