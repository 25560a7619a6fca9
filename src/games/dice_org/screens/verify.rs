//! Verify a season (D1.4): from the seed and salt revealed in the final
//! post and the public setup, recompute the commitment published at the
//! start. (The dice log replays every die from the seed.)

use super::super::state::Ctx;
use super::widgets::{check, field, lines};
use dice_org::setup::{commitment, committed_text};
use dice_org::{AttributeSource, SetupInput, TeamSource};
use leptos::prelude::*;

#[component]
pub fn Verify() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let players = RwSignal::new(String::new());
    let teams = RwSignal::new(String::new());
    let rolled = RwSignal::new(true);
    let dealt = RwSignal::new(true);
    let seed = RwSignal::new(String::new());
    let salt = RwSignal::new(String::new());
    let input = move || -> Result<SetupInput, String> {
        Ok(SetupInput {
            players: lines(&players.get()),
            teams: lines(&teams.get()),
            attributes: if rolled.get() {
                AttributeSource::Rolled
            } else {
                AttributeSource::Entered(Vec::new())
            },
            assignment: if dealt.get() {
                TeamSource::Dealt
            } else {
                TeamSource::Assigned(Vec::new())
            },
            options: Default::default(),
            seed: seed
                .get()
                .trim()
                .parse()
                .map_err(|_| "the seed is a whole number".to_string())?,
            salt: salt.get().parse()?,
        })
    };
    let fill = move |_| {
        let Some(i) = ctx
            .with_game_untracked(|s| s.state().is_over().then(|| s.setup().clone()))
            .flatten()
        else {
            return;
        };
        players.set(i.players.join("\n"));
        teams.set(i.teams.join("\n"));
        rolled.set(matches!(i.attributes, AttributeSource::Rolled));
        dealt.set(matches!(i.assignment, TeamSource::Dealt));
        seed.set(i.seed.to_string());
        salt.set(i.salt.to_string());
    };
    let over = move || ctx.with_game(|s| s.state().is_over()).unwrap_or(false);
    view! {
        <section class="verify">
            <h2>"Verify a season"</h2>
            <p class="muted">"The final post reveals the seed and salt. With the players and teams in the order of the start, recompute the commitment published at the start (SHA-256 of the text shown below) and, for rolled attributes and dealt teams, what the seed gave."</p>
            {move || over().then(|| view! { <p><button on:click=fill data-testid="fill-verify">"Fill in from the open season (its seed is public now)"</button></p> })}
            <form class="form" on:submit=|ev| ev.prevent_default()>
                <label>"Players, one per line, in roster order" <textarea rows="8" prop:value=players on:input=move |ev| players.set(event_target_value(&ev))></textarea></label>
                <label>"Teams, one per line, in team order" <textarea rows="4" prop:value=teams on:input=move |ev| teams.set(event_target_value(&ev))></textarea></label>
                {check("Attributes were rolled (not entered)".into(), false, "verify-rolled", rolled.into(), Signal::stored(true), Callback::new(move |v| rolled.set(v)))}
                {check("Teams were dealt (not assigned)".into(), false, "verify-dealt", dealt.into(), Signal::stored(true), Callback::new(move |v| dealt.set(v)))}
                {field("Seed".into(), "verify-seed", seed.into(), Callback::new(move |v| seed.set(v)))}
                {field("Salt (64 hex digits)".into(), "verify-salt", salt.into(), Callback::new(move |v| salt.set(v)))}
            </form>
            {move || match input() {
                Ok(i) => {
                    view! {
                        <h3>"Commitment"</h3>
                        <p><code data-testid="verify-commitment">{commitment(&i)}</code></p>
                        <details><summary>"The committed text"</summary><pre>{committed_text(&i)}</pre></details>

                    }.into_any()
                }
                Err(e) => view! { <p class="muted" role="status">{e}</p> }.into_any(),
            }}
        </section>
    }
}
