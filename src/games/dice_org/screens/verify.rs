//! Verify a season (D1.4): from the seed and salt revealed in the final
//! post and the public setup, recompute the commitment published at the
//! start, compared with the commitment as published, and what the seed
//! gives: each player's attribute rolls and team, and, with the open
//! season, every roll replayed beside the one recorded
//! ([`dice_org::verify::verify`]); each comparison says whether it
//! matches.

use super::super::state::Ctx;
use super::widgets::{check, field, lines};
use dice_org::verify::verify;
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
        if let Some(c) = ctx.with_game_untracked(|s| s.commitment()) {
            published.set(c);
        }
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
                {field("Commitment published at the start".into(), "verify-published", published.into(), Callback::new(move |v| published.set(v)))}
            </form>
            {move || match input() {
                Ok(i) => {
                    let p = published.get();
                    let v = ctx.with_game(|s| {
                        // The open season's rolls are compared only when it is the one checked.
                        let same = s.setup().players == i.players;
                        verify(&i, Some(&p), same.then_some(s))
                    }).unwrap_or_else(|| verify(&i, Some(&p), None));
                    let said = |m: Option<bool>| match m { Some(true) => "matches", Some(false) => "DOES NOT MATCH", None => "nothing to compare" };
                    let verdict = if v.all_match() { "Everything checked matches.".to_string() } else {
                        format!("Not verified: commitment {}; {} players differ; {} rolls differ{}.", said(v.commitment_matches),
                            v.players.iter().filter(|p| p.matches == Some(false)).count(), v.mismatched_rolls(),
                            v.problem.as_ref().map(|p| format!("; {p}")).unwrap_or_default())
                    };
                    let dice = |d: &[u8]| d.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
                    view! {
                        <p class=if v.all_match() { "verdict ok" } else { "verdict error" } role="status" data-testid="verify-verdict">{verdict}</p>
                        <h3>"Commitment"</h3>
                        <p>"These inputs give: "<code data-testid="verify-commitment">{v.commitment.clone()}</code></p>
                        <p>"Published: "<code>{v.published.clone().unwrap_or_else(|| "(none written)".into())}</code>" — "<strong data-testid="verify-commitment-match">{said(v.commitment_matches)}</strong></p>
                        <details><summary>"The committed text"</summary><pre>{v.committed_text.clone()}</pre></details>
                        <h3>"What the seed gives (D1.2)"</h3>
                        <table class="grid-table" data-testid="verify-players">
                            <thead><tr><th scope="col">"Player"</th><th scope="col">"Team"</th><th scope="col">"Competition dice"</th><th scope="col">"Survival dice"</th><th scope="col">"Attributes [C, S]"</th><th scope="col">"The season had"</th><th scope="col">"Match"</th></tr></thead>
                            <tbody>{v.players.iter().map(|p| view! {
                                <tr data-row=p.name.clone()>
                                    <th scope="row">{p.name.clone()}</th>
                                    <td>{p.team.clone()}</td>
                                    <td>{p.rolls.map(|r| dice(&r.0)).unwrap_or_else(|| "entered".into())}</td>
                                    <td>{p.rolls.map(|r| dice(&r.1)).unwrap_or_else(|| "entered".into())}</td>
                                    <td>{format!("[{}, {}]", p.attributes.competition, p.attributes.survival)}</td>
                                    <td>{p.told.map(|t| format!("[{}, {}] {}", t.competition, t.survival, p.told_team.clone().unwrap_or_default())).unwrap_or_default()}</td>
                                    <td>{said(p.matches)}</td>
                                </tr>
                            }).collect_view()}</tbody>
                        </table>
                        {(!v.rolls.is_empty()).then(|| view! {
                            <details data-testid="verify-rolls"><summary>{format!("Every roll replayed ({} rolls, {} differ)", v.rolls.len(), v.mismatched_rolls())}</summary>
                                <table class="grid-table">
                                    <thead><tr><th scope="col">"Step"</th><th scope="col">"Roll"</th><th scope="col">"The seed gives"</th><th scope="col">"Recorded"</th><th scope="col">"Match"</th></tr></thead>
                                    <tbody>{v.rolls.iter().map(|r| view! {
                                        <tr><td>{r.entry.map_or("setup".to_string(), |e| (e + 1).to_string())}</td><td>{r.what.clone()}</td>
                                            <td>{format!("{} = {}", dice(&r.dice), r.total)}</td><td>{dice(&r.recorded)}</td><td>{if r.matches { "yes" } else { "NO" }}</td></tr>
                                    }).collect_view()}</tbody>
                                </table>
                            </details>
                        })}
                    }.into_any()
                }
                Err(e) => view! { <p class="muted" role="status">{e}</p> }.into_any(),
            }}
        </section>
    }
}
