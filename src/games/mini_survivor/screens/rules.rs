//! Rules: the game in short, with R-numbers, and the options of the open game.

use super::super::state::Ctx;
use leptos::prelude::*;
use mini_survivor::{Adjacency, OutcastWithoutMove};

const RULES: &[(&str, &str)] = &[
    (
        "R1",
        "Setup: P players each control K secret survivors, dealt so every tribe of the grid holds the same number and no player has two in one tribe. Each player starts with 1 idol.",
    ),
    (
        "R2",
        "Each round has three segments: Assassination, Voting, Movement. Orders for all three are sent at once. An eliminated survivor's controller is revealed.",
    ),
    (
        "R3",
        "Orders are lines: `17 a 4 Kraken` (assassinate, guessing the owner), `17 v 4` (vote), `17 i` (idol), `17 m B` (move). Only the first letter of the action counts. `end` ends a submission. A later line of the same kind replaces an earlier one. Bad lines are rejected with a reason.",
    ),
    (
        "R4",
        "Assassination: a right guess eliminates the target, a wrong one the attacker. All attacks resolve at once. Outcasts cannot attack or be attacked.",
    ),
    (
        "R5",
        "Voting: every survivor in a tribe votes (for itself by default). The most votes, or all tied, are eliminated. Votes by or for assassinated survivors are discarded. An idol turns votes against its survivor into self-votes; extra idols cost 3, 5, 7... garnets.",
    ),
    (
        "R6",
        "Movement: a survivor may move to an adjacent tribe; outcasts must move to any tribe. A tribe left with 1 or 2 survivors after the moves turns them into outcasts.",
    ),
    (
        "R7",
        "After Assassination and after Voting, a tribe cut to 2 or fewer is removed and its members become outcasts. If every tribe would go, all members become outcasts and one random tribe goes (never the last).",
    ),
    (
        "R8",
        "The game ends when 5 or fewer survivors are alive. Tokens of Life: one per surviving survivor. Garnets: one per survivor alive at the end of the first round with 25 or fewer alive. The player fully eliminated first is the Elimination Candidate.",
    ),
    (
        "R9",
        "Result posts show eliminations with controllers, vote counts, removed tribes, outcasts and the line-up; never a living survivor's controller, who attacked or voted for whom, or anyone's idols and garnets.",
    ),
];

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let mut html = String::from("<h2>Rules in short</h2><dl>");
    for (r, t) in RULES {
        html.push_str(&format!("<dt>{r}</dt><dd>{t}</dd>"));
    }
    html.push_str("</dl>");
    if let Some(o) = ctx
        .live
        .with_untracked(|l| l.as_ref().map(|l| l.game.setup().options))
    {
        html.push_str(&format!(
            "<h3>Options of this game</h3><ul><li>Adjacency (R6.1): {}</li><li>Idols announced in posts (R5.6): {}</li><li>Outcast without a move (R6.7): {}</li></ul>",
            if o.adjacency == Adjacency::Diagonal { "edge or corner" } else { "sharing an edge" },
            if o.announce_idols { "yes" } else { "no" },
            if o.outcast_without_move == OutcastWithoutMove::Stay { "stays outcast" } else { "placed in a random tribe" }
        ));
    }
    view! { <section class="rules" inner_html=html></section> }
}
