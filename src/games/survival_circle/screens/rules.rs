//! Rules: the engine's `RULES.md` (C1-C8) rule by rule with its C-number,
//! fetched beside the page when this screen opens (`shell::rules`, as every
//! game's rules page), and the options of the open game (C5.3, C6.2).

use super::super::state::Ctx;
use crate::shell::rules::RulesText;
use leptos::prelude::*;
use survival_circle::{OpponentLanding, OwnLanding};

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <section class="rules">
            <h2>"Rules"</h2>
            <p class="muted">"The rules exactly as the referee applies them, by number. Rulings settle what the original post left open; two have options, chosen when a game is set up."</p>
            <RulesText letter='C'/>
            {move || ctx.with_game(|g| {
                let o = g.options();
                view! {
                    <h3>"Options of this game"</h3>
                    <ul data-testid="game-options">
                        <li>{format!("Landing on one's own token (C5.3): {}", match o.own_landing { OwnLanding::Discard => "the played token is removed too (the ruling)", OwnLanding::Place => "the played token is placed on the landing cell" })}</li>
                        <li>{format!("Landing on an opposing token (C6.2): {}", match o.opponent_landing { OpponentLanding::Discard => "the played token is removed, the board does not change (the ruling)", OpponentLanding::ReplaceSingle => "a lone opposing token is replaced by the played token" })}</li>
                    </ul>
                }
            })}
        </section>
    }
}
