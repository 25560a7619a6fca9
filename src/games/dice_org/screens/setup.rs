//! Season setup (D1): the roster pasted one per line, team names, teams
//! assigned per player or dealt balanced at random, attributes rolled by the
//! season's generator or entered, every rule option, the seed and the
//! commitment to it. Every check is the engine's (`setup::check`); the
//! preview is the engine's own start of the season.

use super::super::app::import;
use super::super::state::{Ctx, Live, Screen};
use super::widgets::{lines, number, table};
use crate::shell::io;
use crate::shell::ui::read_file;
use dice_org::ByName;
use dice_org::options::{Deadlock, JurySize, Options, TeamScore};
use dice_org::save::Drafts;
use dice_org::setup::commitment;
use dice_org::{AttributeSource, Attributes, Season, SetupInput, TeamSource};
use leptos::prelude::*;

/// The jury sizes D8.1 allows up to 40 players.
fn jury_sizes() -> Vec<u32> {
    (1..40).filter(|&n| JurySize::new(n).is_ok()).collect()
}

#[component]
pub fn Setup() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let name = RwSignal::new("New season".to_string());
    let players = RwSignal::new(String::new());
    let teams = RwSignal::new("Koru\nMana".to_string());
    let assign = RwSignal::new(false);
    let assigned = RwSignal::new(ByName::<String>::new());
    let enter = RwSignal::new(false);
    // Entered attributes: "<name>/c" and "<name>/s" to the text typed.
    let entered = RwSignal::new(ByName::<String>::new());
    let team_score = RwSignal::new(TeamScore::Mean);
    let reward = RwSignal::new("1".to_string());
    let food = RwSignal::new("5".to_string());
    let slots = RwSignal::new("3".to_string());
    let deadlock = RwSignal::new(Deadlock::SurvivalRoll);
    let jury = RwSignal::new(7u32);
    let seed = RwSignal::new(String::new());
    let salt = RwSignal::new(io::random_salt());

    let input = move || -> Result<SetupInput, String> {
        let names = lines(&players.get());
        let team_names = lines(&teams.get());
        let seed_text = seed.get();
        let seed = match seed_text.trim() {
            "" => 0,
            t => t.parse::<u64>().map_err(|_| {
                "the seed must be a whole number from 0 to 18446744073709551615".to_string()
            })?,
        };
        let options = Options {
            team_score: team_score.get(),
            reward_rp: number(&reward.get(), "The reward")?.unwrap_or(1),
            food_per_player: number(&food.get(), "Food per player")?.unwrap_or(5),
            conversation_slots: number(&slots.get(), "Conversation slots")?.unwrap_or(3),
            deadlock: deadlock.get(),
            jury_size: JurySize::new(jury.get()).map_err(|e| e.to_string())?,
        };
        let assignment = if assign.get() {
            let a = assigned.get();
            TeamSource::Assigned(
                names
                    .iter()
                    .map(|n| {
                        a.get(n)
                            .filter(|t| team_names.contains(t))
                            .cloned()
                            .unwrap_or_else(|| team_names.first().cloned().unwrap_or_default())
                    })
                    .collect(),
            )
        } else {
            TeamSource::Dealt
        };
        let attributes = if enter.get() {
            let e = entered.get();
            let mut v = Vec::new();
            for n in &names {
                let field = |k: &str| e.get(&format!("{n}/{k}")).cloned().unwrap_or_default();
                let (c, s) = (field("c"), field("s"));
                let c = number(&c, &format!("{n}'s Competition"))?
                    .ok_or(format!("enter {n}'s Competition"))?;
                let s = number(&s, &format!("{n}'s Survival"))?
                    .ok_or(format!("enter {n}'s Survival"))?;
                v.push(Attributes {
                    competition: c.min(255) as u8,
                    survival: s.min(255) as u8,
                });
            }
            AttributeSource::Entered(v)
        } else {
            AttributeSource::Rolled
        };
        let input = SetupInput {
            players: names,
            teams: team_names,
            attributes,
            assignment,
            options,
            seed,
            salt: salt.get(),
        };
        dice_org::setup::check(&input).map_err(|e| e.to_string())?;
        Ok(input)
    };
    let preview = move || {
        if seed.get().trim().is_empty() {
            return None;
        }
        let input = input().ok()?;
        let season = Season::new(input).ok()?;
        let s = season.start();
        let rows: Vec<(String, String, String)> = s
            .alive()
            .map(|(p, l)| {
                (
                    s.name(p).to_string(),
                    s.team_name(l.team).to_string(),
                    l.attributes.to_string(),
                )
            })
            .collect();
        Some((season.commitment(), rows))
    };
    let start = move |_| {
        if seed.get_untracked().trim().is_empty() {
            seed.set(io::random_seed().to_string());
        }
        let made = input().and_then(|i| Season::new(i).map_err(|e| e.to_string()));
        match made {
            Ok(season) => {
                let id = io::new_id();
                ctx.shell.route.update(|r| r.game = Some(id.clone()));
                ctx.drafts.set(Drafts::default());
                ctx.live.set(Some(Live {
                    id,
                    name: name.get_untracked(),
                    season,
                }));
                ctx.say("Season started. The teams post and each player's attributes are on the Posts screen.");
                ctx.go(Screen::Board);
            }
            Err(e) => ctx.error(e),
        }
    };
    let on_pick = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(f) = input.files().and_then(|l| l.get(0)) {
            read_file(ctx.shell, f, move |t| import(ctx, &t));
        }
    };
    let roster = move || lines(&players.get());
    let team_list = move || lines(&teams.get());
    view! {
        <section class="setup">
            <h2>"New season"</h2>
            <p class="actions"><label class="file">"Open a season file (.json) " <input type="file" accept=".json,application/json" on:change=on_pick data-testid="open-file"/></label></p>
            <form on:submit=|ev| ev.prevent_default() class="form">
                <label>"Season name" <input prop:value=name on:input=move |ev| name.set(event_target_value(&ev)) data-testid="season-name"/></label>
                <label class="wide">"Players, one per line, in roster order (D1.1, D11.2)"
                    <textarea rows="10" prop:value=players on:input=move |ev| players.set(event_target_value(&ev)) data-testid="players"></textarea>
                </label>
                <label>"Teams, one per line, in team order (1 to 4)"
                    <textarea rows="4" prop:value=teams on:input=move |ev| teams.set(event_target_value(&ev)) data-testid="teams"></textarea>
                </label>
                <fieldset>
                    <legend>"Teams (D1.1)"</legend>
                    <label><input type="radio" name="assign" prop:checked=move || !assign.get() on:change=move |_| assign.set(false) data-testid="deal"/>" Deal at random into balanced teams"</label>
                    <label><input type="radio" name="assign" prop:checked=assign on:change=move |_| assign.set(true) data-testid="assign"/>" Assign a team to each player"</label>
                </fieldset>
                <fieldset>
                    <legend>"Attributes (D1.2)"</legend>
                    <label><input type="radio" name="attrs" prop:checked=move || !enter.get() on:change=move |_| enter.set(false) data-testid="roll"/>" Roll 3d6 each with the season's generator"</label>
                    <label><input type="radio" name="attrs" prop:checked=enter on:change=move |_| enter.set(true) data-testid="enter"/>" Enter them"</label>
                </fieldset>
                {move || (assign.get() || enter.get()).then(|| {
                    let teams = team_list();
                    view! {
                        <table class="wide grid-table">
                            <caption>"Each player's team and attributes"</caption>
                            <thead><tr><th scope="col">"Player"</th>
                                {assign.get().then(|| view! { <th scope="col">"Team"</th> })}
                                {enter.get().then(|| view! { <th scope="col">"Competition"</th><th scope="col">"Survival"</th> })}
                            </tr></thead>
                            <tbody>
                            {roster().into_iter().map(|n| {
                                let teams = teams.clone();
                                let (k1, k2, k3, k4) = (n.clone(), n.clone(), n.clone(), n.clone());
                                view! {
                                    <tr><th scope="row">{n.clone()}</th>
                                    {assign.get().then(|| view! {
                                        <td><select aria-label=format!("{n}'s team") on:change=move |ev| assigned.update(|a| { a.insert(k1.clone(), event_target_value(&ev)); })>
                                            {teams.iter().map(|t| {
                                                let (t1, k) = (t.clone(), k2.clone());
                                                view! { <option value=t.clone() selected=move || assigned.with(|a| a.get(&k) == Some(&t1))>{t.clone()}</option> }
                                            }).collect_view()}
                                        </select></td>
                                    })}
                                    {enter.get().then(|| view! {
                                        <td><input type="number" min="3" max="18" class="small" aria-label=format!("{n}'s Competition")
                                            on:change=move |ev| entered.update(|e| { e.insert(format!("{k3}/c"), event_target_value(&ev)); })/></td>
                                        <td><input type="number" min="3" max="18" class="small" aria-label=format!("{n}'s Survival")
                                            on:change=move |ev| entered.update(|e| { e.insert(format!("{k4}/s"), event_target_value(&ev)); })/></td>
                                    })}
                                    </tr>
                                }
                            }).collect_view()}
                            </tbody>
                        </table>
                    }
                })}
                <fieldset class="wide">
                    <legend>"Rule options"</legend>
                    <label>"Team score (D4.2)"
                        <select on:change=move |ev| team_score.set(if event_target_value(&ev) == "sum" { TeamScore::Sum } else { TeamScore::Mean })>
                            <option value="mean" selected=move || team_score.get() == TeamScore::Mean>"Mean of the members' results"</option>
                            <option value="sum" selected=move || team_score.get() == TeamScore::Sum>"Sum of the members' results"</option>
                        </select>
                    </label>
                    <label>"Reward RP (D4.5)" <input type="number" min="0" prop:value=reward on:input=move |ev| reward.set(event_target_value(&ev))/></label>
                    <label>"Food per player (D5.1)" <input type="number" min="0" prop:value=food on:input=move |ev| food.set(event_target_value(&ev))/></label>
                    <label>"Conversation slots (D6.3)" <input type="number" min="0" prop:value=slots on:input=move |ev| slots.set(event_target_value(&ev))/></label>
                    <label>"Deadlock after a tied revote (D7.5)"
                        <select on:change=move |ev| deadlock.set(if event_target_value(&ev) == "rocks" { Deadlock::Rocks } else { Deadlock::SurvivalRoll })>
                            <option value="survival_roll" selected=move || deadlock.get() == Deadlock::SurvivalRoll>"Survival roll-off"</option>
                            <option value="rocks" selected=move || deadlock.get() == Deadlock::Rocks>"Rocks"</option>
                        </select>
                    </label>
                    <label>"Jury size (D8.1)"
                        <select on:change=move |ev| jury.set(event_target_value(&ev).parse().unwrap_or(7))>
                            {jury_sizes().into_iter().map(|n| view! { <option value=n.to_string() selected=move || jury.get() == n>{n.to_string()}</option> }).collect_view()}
                        </select>
                    </label>
                </fieldset>
                <fieldset class="wide">
                    <legend>"Seed and commitment (D1.4)"</legend>
                    <label>"Seed (blank: a random one when you start)" <input inputmode="numeric" prop:value=seed on:input=move |ev| seed.set(event_target_value(&ev)) data-testid="seed"/></label>
                    <button type="button" on:click=move |_| seed.set(io::random_seed().to_string())>"Random seed"</button>
                    <p class="wide">"Salt: " <code data-testid="salt">{move || salt.get().to_string()}</code> " "
                        <button type="button" on:click=move |_| salt.set(io::random_salt())>"New salt"</button></p>
                    <p class="wide muted">"Publish the commitment at the start; the seed and salt are revealed in the final post, so anyone can check every die (Verify screen)."</p>
                    {move || match input() {
                        Ok(i) if !seed.get().trim().is_empty() => view! { <p class="wide">"Commitment: " <code data-testid="setup-commitment">{commitment(&i)}</code></p> }.into_any(),
                        _ => ().into_any(),
                    }}
                </fieldset>
                {move || input().err().filter(|_| !players.get().trim().is_empty()).map(|p| view! { <p class="error wide" role="alert" data-testid="setup-problem">{p}</p> })}
                {move || preview().map(|(_, rows)| view! { <div class="wide">{table("What this seed gives: teams and attributes [Competition, Survival] (secret)".to_string(), false, "setup-preview",
                    &["Player", "Team", "Attributes"], rows.into_iter().map(|(n, t, a)| (n, vec![t, a])).collect())}</div> })}
                <p class="wide"><button class="primary" type="button" on:click=start disabled=move || input().is_err() data-testid="start">"Start the season"</button></p>
            </form>
        </section>
    }
}
