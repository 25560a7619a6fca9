//! Verify a deal: from the revealed seed and salt and the public settings,
//! recompute the commitment published at the start and the deal itself, and
//! say whether it matches the published one. Fills in from the open game
//! (its seed and salt once the game is over). A game started from a
//! position has no deal: Verify says it does not apply.

use super::super::state::Ctx;
use crate::shell::paste::paste_into;
use leptos::prelude::*;
use mini_survivor::commitment::{Salt, commitment};
use mini_survivor::{Grid, Options, Origin, Place, Roster, Setup, deal};

#[component]
pub fn Verify() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let players = RwSignal::new(String::new());
    let per = RwSignal::new("5".to_string());
    let rows = RwSignal::new("3".to_string());
    let cols = RwSignal::new("4".to_string());
    let seed = RwSignal::new(String::new());
    let salt = RwSignal::new(String::new());
    let published = RwSignal::new(String::new());
    // The open game: whether it was dealt, and whether it is over.
    let open = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| (l.game.setup().origin == Origin::Deal, l.game.is_over()))
        })
    };
    let fill = move || {
        ctx.live.with_untracked(|l| {
            let Some(l) = l else { return };
            // The setup as dealt: the names the commitment was made with,
            // whatever replacements came later (R10.1, R9.7).
            let s = l.game.dealt_setup();
            players.set(s.players.names().join("\n"));
            per.set(l.game.per_player().to_string());
            rows.set(s.grid.rows().to_string());
            cols.set(s.grid.cols().to_string());
            published.set(l.game.deal_commitment().unwrap_or_default());
            // The seed and salt stay secret until the end (R9.2).
            if l.game.is_over() {
                seed.set(s.seed.to_string());
                salt.set(s.salt.to_string());
            }
        });
    };
    if open().is_some_and(|(dealt, _)| dealt) {
        fill();
    }
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
    // Nothing to say before the inputs that need typing are there.
    let started = move || {
        [players, seed, salt]
            .iter()
            .all(|s| s.with(|t| !t.trim().is_empty()))
    };
    let field = |label: &'static str, sig: RwSignal<String>| view! { <label>{label} <input prop:value=sig on:input=move |ev| sig.set(event_target_value(&ev))/></label> };
    view! {
        <section class="verify">
            <h2>"Verify a deal"</h2>
            <p class="muted">"At the end of a game the moderator reveals the seed and salt. Enter them with the players as they were at the deal, in order (the final post lists them), to recompute the commitment published at the start, and the deal."</p>
            {move || match open() {
                Some((false, _)) => Some(view! {
                    <p class="note" data-testid="not-dealt">"The open game started from a position, not from a deal: there is no deal commitment to verify. Its seed drives only the random draws of R6.7 and R7.3."</p>
                }.into_any()),
                Some((true, over)) => Some(view! {
                    <p class="row">
                        <button on:click=move |_| fill() data-testid="fill">"Fill in from the open game"</button>
                        {(!over).then(|| view! { <span class="muted">"(its seed and salt come in once the game is over)"</span> })}
                    </p>
                }.into_any()),
                None => None,
            }}
            <form class="form" on:submit=|ev| ev.prevent_default()>
                <label class="wide">"Players, one per line, in order" <textarea rows="8" prop:value=players on:input=move |ev| players.set(event_target_value(&ev)) on:paste=paste_into(players)></textarea></label>
                {field("Survivors per player", per)}
                {field("Rows", rows)}
                {field("Columns", cols)}
                {field("Seed", seed)}
                {field("Salt (64 hex digits)", salt)}
                <label class="wide">"Published commitment (to compare; optional)" <input prop:value=published on:input=move |ev| published.set(event_target_value(&ev)) data-testid="published"/></label>
            </form>
            {move || {
                if !started() {
                    return view! { <p class="muted">"Enter the players, the seed and the salt."</p> }.into_any();
                }
                match result() {
                    Ok((c, roster)) => {
                        let want = published.get().trim().to_ascii_lowercase();
                        let verdict = (!want.is_empty()).then(|| if want == c {
                            view! { <p class="ok" data-testid="match">"It matches the published commitment: this deal is the one committed to at the start."</p> }.into_any()
                        } else {
                            view! { <p class="error" data-testid="match">"It does NOT match the published commitment."</p> }.into_any()
                        });
                        view! {
                            <h3>"Commitment"</h3>
                            <p><code data-testid="commitment">{c}</code></p>
                            {verdict}
                            <h3>"The deal"</h3>
                            <ul>{roster.into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}</ul>
                        }.into_any()
                    }
                    Err(e) => view! { <p class="error" role="status">{e}</p> }.into_any(),
                }
            }}
        </section>
    }
}
