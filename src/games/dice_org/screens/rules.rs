//! Rules: the players' guide (`GUIDE.md`, drawn by the rules worker, its camp played by the engine),
//! the options of the open season, then the engine's `RULES.md` (D1-D11)
//! rule by rule with its D-number (`shell::rules`). Both texts are fetched
//! beside the page when this screen opens: the page's first load need not
//! carry them.

use super::super::state::Ctx;
use crate::shell::html::Html;
use crate::shell::rules::{RulesPage, no_options};
use leptos::prelude::*;

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let options = move || {
        ctx.with_game(|s| {
            let o = s.state().options.to_string();
            let items: Vec<String> = o.split(", ").map(str::to_string).collect();
            Html::default()
                .list("ul", " data-testid=\"game-options\"", &items)
                .done()
        })
        .unwrap_or_else(|| no_options("season"))
    };
    view! {
        <RulesPage letter='D'>
            <div inner_html=options></div>
        </RulesPage>
    }
}
