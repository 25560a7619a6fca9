//! Verify a season (D1.4): from the seed and salt revealed in the final
//! post and the public setup (with assigned teams, each player's team,
//! D1.5), recompute the commitment published at the start, compared with
//! the commitment as published, and what the seed gives: each player's
//! attribute rolls and team, and, with the open season, every roll
//! replayed beside the one recorded ([`dice_org::verify::verify`]); each
//! comparison says whether it matches. "Fill in" takes the whole setup
//! from the open season once it is over. The check runs in the site's
//! worker ([`crate::games::dice_org::worker`]), never in the page.

use super::super::state::Ctx;
use super::widgets::{check, field, lines};
use crate::games::dice_org::worker::{SeasonText, Task};
use crate::shell::paste::paste_into;
use crate::shell::rules::ask_worker_as;
use dice_org::{AttributeSource, SetupInput, TeamSource};
use leptos::prelude::*;

/// The teams typed for assigned teams (D1.1, D1.5): one line per player in
/// roster order, `Name: Team` (the name may be left out); blank lines
/// skipped.
fn assigned_teams(players: &str, typed: &str) -> Vec<String> {
    let names = lines(players);
    lines(typed)
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            names
                .get(i)
                .and_then(|n| l.strip_prefix(n.as_str()))
                .and_then(|rest| rest.trim_start().strip_prefix(':'))
                .map_or(l.clone(), |t| t.trim().to_string())
        })
        .collect()
}

#[component]
pub fn Verify() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let players = RwSignal::new(String::new());
    let teams = RwSignal::new(String::new());
    let rolled = RwSignal::new(true);
    let dealt = RwSignal::new(true);
    // Assigned teams: one line per player, roster order, `Name: Team`.
    let assigned = RwSignal::new(String::new());
    let seed = RwSignal::new(String::new());
    let salt = RwSignal::new(String::new());
    let published = RwSignal::new(String::new());
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
                TeamSource::Assigned(assigned_teams(&players.get(), &assigned.get()))
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
        assigned.set(match &i.assignment {
            TeamSource::Assigned(teams) => i
                .players
                .iter()
                .zip(teams)
                .map(|(p, t)| format!("{p}: {t}"))
                .collect::<Vec<_>>()
                .join("\n"),
            TeamSource::Dealt => String::new(),
        });
        seed.set(i.seed.to_string());
        salt.set(i.salt.to_string());
        if let Some(c) = ctx.with_game_untracked(|s| s.commitment()) {
            published.set(c);
        }
    };
    let over = move || ctx.with_game(|s| s.state().is_over()).unwrap_or(false);
    // The check runs in the site's worker (D1.4 replays the whole season):
    // asked again whenever an input changes; the latest answer shows.
    let answer = RwSignal::new(None::<Result<String, String>>);
    Effect::new(move |_| {
        let Ok(i) = input() else { return };
        let published = published.get();
        let season = ctx
            .with_game(|s| {
                (s.setup().players == i.players).then(|| SeasonText {
                    setup: s.setup().clone(),
                    entries: s.entries(),
                })
            })
            .flatten();
        if let Ok(text) = serde_json::to_string(&Task::Verify {
            input: i,
            published,
            season,
        }) {
            ask_worker_as("Verify could not be computed", 'D', text, answer);
        }
    });
    view! {
        <section class="verify">
            <h2>"Verify a season"</h2>
            <p class="muted">"The final post reveals the seed and salt. With the players and teams in the order of the start (and each player's team, when assigned), recompute the commitment published at the start (SHA-256 of the text shown below) and, for rolled attributes and dealt teams, what the seed gave."</p>
            {move || over().then(|| view! { <p><button on:click=fill data-testid="fill-verify">"Fill in from the open season (its seed is public now)"</button></p> })}
            <form class="form" on:submit=|ev| ev.prevent_default()>
                <label>"Players, one per line, in roster order" <textarea rows="8" prop:value=players on:input=move |ev| players.set(event_target_value(&ev)) on:paste=paste_into(players)></textarea></label>
                <label>"Teams, one per line, in team order" <textarea rows="4" prop:value=teams on:input=move |ev| teams.set(event_target_value(&ev)) on:paste=paste_into(teams)></textarea></label>
                {check("Attributes were rolled (not entered)".into(), false, "verify-rolled", rolled.into(), Signal::stored(true), Callback::new(move |v| rolled.set(v)))}
                {check("Teams were dealt (not assigned)".into(), false, "verify-dealt", dealt.into(), Signal::stored(true), Callback::new(move |v| dealt.set(v)))}
                {move || (!dealt.get()).then(|| view! {
                    <label>"Each player's team as assigned, one line per player in roster order (Name: Team)" <textarea rows="8" data-testid="verify-assigned" prop:value=assigned on:input=move |ev| assigned.set(event_target_value(&ev)) on:paste=paste_into(assigned)></textarea></label>
                })}
                {move || (!rolled.get()).then(|| view! {
                    <p class="muted">"Entered attributes are never published (D10.3): the open season's are used when it is the one checked."</p>
                })}
                {field("Seed".into(), "verify-seed", seed.into(), Callback::new(move |v| seed.set(v)))}
                {field("Salt (64 hex digits)".into(), "verify-salt", salt.into(), Callback::new(move |v| salt.set(v)))}
                {field("Commitment published at the start".into(), "verify-published", published.into(), Callback::new(move |v| published.set(v)))}
            </form>
            {move || match input() {
                Ok(_) => match answer.get() {
                    None => view! { <p class="muted" role="status">"Checking in the background…"</p> }.into_any(),
                    Some(Ok(html)) => view! { <div inner_html=html></div> }.into_any(),
                    Some(Err(e)) => view! { <p class="error" role="alert">{e}</p> }.into_any(),
                },
                Err(e) => view! { <p class="muted" role="status">{e}</p> }.into_any(),
            }}
        </section>
    }
}
