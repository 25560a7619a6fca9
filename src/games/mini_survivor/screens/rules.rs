//! Rules: the players' guide (`GUIDE.md`, drawn by the rules worker, its assassination and tied vote
//! played by the engine), the options of the open game, then the engine's
//! `RULES.md` (R1-R9) rule by rule with its R-number (`shell::rules`, as
//! every game's rules page). Both texts are fetched beside the page when
//! this screen opens: the page's first load need not carry them.

use super::super::state::Ctx;
use crate::shell::rules::{RulesPage, linked_html, no_options};
use leptos::prelude::*;
use mini_survivor::{Adjacency, OutcastWithoutMove};

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let options = move || {
        ctx.live.with(|l| match l {
            Some(l) => {
                let o = l.game.setup().options;
                let items = [
                    format!(
                        "Adjacency (R6.1): {}",
                        if o.adjacency == Adjacency::Diagonal {
                            "edge or corner"
                        } else {
                            "sharing an edge"
                        }
                    ),
                    format!(
                        "Idols announced in posts (R5.6): {}",
                        if o.announce_idols { "yes" } else { "no" }
                    ),
                    format!(
                        "Outcast without a move (R6.7): {}",
                        if o.outcast_without_move == OutcastWithoutMove::Stay {
                            "stays outcast"
                        } else {
                            "placed in a random tribe"
                        }
                    ),
                ];
                let items: String = items
                    .iter()
                    .map(|i| format!("<li>{}</li>", linked_html(i, 'R')))
                    .collect();
                format!("<ul data-testid=\"game-options\">{items}</ul>")
            }
            None => no_options("game"),
        })
    };
    view! {
        <RulesPage letter='R'>
            <div inner_html=options></div>
        </RulesPage>
    }
}
