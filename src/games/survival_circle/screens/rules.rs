//! Rules: the players' guide (`GUIDE.md`, drawn by the rules worker, its landings played by the
//! engine), the options of the open game (C5.3, C6.2), then the engine's
//! `RULES.md` (C1-C8) rule by rule with its C-number (`shell::rules`, as
//! every game's rules page). Both texts are fetched beside the page when
//! this screen opens.

use super::super::state::Ctx;
use crate::shell::rules::{RulesPage, linked_html, no_options};
use leptos::prelude::*;
use survival_circle::{OpponentLanding, OwnLanding};

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let options = move || {
        ctx.with_game(|g| {
            let o = g.options();
            let items = [
                format!(
                    "Landing on one's own token (C5.3): {}",
                    match o.own_landing {
                        OwnLanding::Discard => "the played token is removed too (the ruling)",
                        OwnLanding::Place => "the played token is placed on the landing cell",
                    }
                ),
                format!(
                    "Landing on an opposing token (C6.2): {}",
                    match o.opponent_landing {
                        OpponentLanding::Discard =>
                            "the played token is removed, the board does not change (the ruling)",
                        OpponentLanding::ReplaceSingle =>
                            "a lone opposing token is replaced by the played token",
                    }
                ),
            ];
            let items: String = items
                .iter()
                .map(|i| format!("<li>{}</li>", linked_html(i, 'C')))
                .collect();
            format!("<ul data-testid=\"game-options\">{items}</ul>")
        })
        .unwrap_or_else(|| no_options("game"))
    };
    view! {
        <RulesPage letter='C'>
            <div inner_html=options></div>
        </RulesPage>
    }
}
