//! Verify a deal: from the revealed seed and salt and the public settings,
//! recompute the commitment published at the start and the deal itself.

use leptos::prelude::*;
use mini_survivor::commitment::{Salt, commitment};
use mini_survivor::{Grid, Options, Place, Roster, Setup, deal};

#[component]
pub fn Verify() -> impl IntoView {
    let players = RwSignal::new(String::new());
    let per = RwSignal::new("5".to_string());
    let rows = RwSignal::new("3".to_string());
    let cols = RwSignal::new("4".to_string());
    let seed = RwSignal::new(String::new());
    let salt = RwSignal::new(String::new());
    let result = move || -> Result<(String, Vec<String>), String> {
        let names: Vec<String> = players
            .get()
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect();
        let roster = Roster::new(names).map_err(|e| e.to_string())?;
        let grid = Grid::new(
            rows.get()
                .trim()
                .parse()
                .map_err(|_| "rows: a whole number")?,
            cols.get()
                .trim()
                .parse()
                .map_err(|_| "columns: a whole number")?,
        )
        .map_err(|e| e.to_string())?;
        let per: usize = per
            .get()
            .trim()
            .parse()
            .map_err(|_| "survivors per player: a whole number")?;
        let seed: u64 = seed
            .get()
            .trim()
            .parse()
            .map_err(|_| "the seed is a whole number")?;
        let mut setup = Setup::new(roster, grid, Options::default(), seed);
        setup.salt = salt.get().parse::<Salt>()?;
        let start = deal(&setup, per, &vec![0; setup.players.len()]).map_err(|e| e.to_string())?;
        let roster = setup
            .players
            .ids()
            .map(|p| {
                let list: Vec<String> = start
                    .survivors_of(p)
                    .map(|s| match s.place {
                        Place::Tribe(t) => format!("{} ({t})", s.id),
                        _ => s.id.to_string(),
                    })
                    .collect();
                format!("{}: {}", setup.players.name(p), list.join(", "))
            })
            .collect();
        Ok((commitment(&setup, per), roster))
    };
    let field = |label: &'static str, sig: RwSignal<String>| view! { <label>{label} <input prop:value=sig on:input=move |ev| sig.set(event_target_value(&ev))/></label> };
    view! {
        <section class="verify">
            <h2>"Verify a deal"</h2>
            <p class="muted">"At the end of a game the moderator reveals the seed and salt. Enter them with the players (in the order of the game) to recompute the commitment published at the start, and the deal."</p>
            <form class="form" on:submit=|ev| ev.prevent_default()>
                <label class="wide">"Players, one per line, in order" <textarea rows="8" prop:value=players on:input=move |ev| players.set(event_target_value(&ev))></textarea></label>
                {field("Survivors per player", per)}
                {field("Rows", rows)}
                {field("Columns", cols)}
                {field("Seed", seed)}
                {field("Salt (64 hex digits)", salt)}
            </form>
            {move || match result() {
                Ok((c, roster)) => view! {
                    <h3>"Commitment"</h3>
                    <p><code data-testid="commitment">{c}</code></p>
                    <h3>"The deal"</h3>
                    <ul>{roster.into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}</ul>
                }.into_any(),
                Err(e) => view! { <p class="muted" role="status">{e}</p> }.into_any(),
            }}
        </section>
    }
}
