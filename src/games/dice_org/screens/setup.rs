//! Season setup (D1): the roster pasted one per line, team names, teams
//! assigned per player or dealt balanced at random, attributes rolled by the
//! season's generator or entered, every rule option, the seed and the
//! commitment to it. Every check is the engine's (`setup::check`); the
//! preview is the engine's own start of the season.

use super::super::state::{Ctx, Screen};
use super::widgets::{field, lines, number, select, table};
use crate::shell::io;
use crate::shell::page::import;
use crate::shell::paste::ListBox;
use crate::shell::signup::{self, SignupBox};
use crate::shell::ui::read_picked;
use dice_org::options::{Deadlock, JurySize, Options, TeamScore};
use dice_org::save::{Drafts, SeasonFile};
use dice_org::setup::commitment;
use dice_org::{AttributeSource, Attributes, ByName, Season, SetupInput, TeamSource};
use leptos::prelude::*;

/// (value, label) pairs.
fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// A text signal bound to a select or field.
fn bind(s: RwSignal<String>) -> (Signal<String>, Callback<String>) {
    (s.into(), Callback::new(move |v| s.set(v)))
}

/// A select bound to a signal, with a visible label.
fn choose(
    label: &str,
    testid: &'static str,
    options: Vec<(String, String)>,
    s: RwSignal<String>,
) -> AnyView {
    let (v, set) = bind(s);
    view! { <label>{label.to_string()}{select(label.to_string(), testid, options, v, set)}</label> }
        .into_any()
}

/// A text field bound to a signal.
fn text(label: &str, testid: &'static str, s: RwSignal<String>) -> AnyView {
    let (v, set) = bind(s);
    field(label.to_string(), testid, v, set)
}

/// A cell's text in a per-player map, as a signal and a setter.
fn cell(map: RwSignal<ByName<String>>, key: String) -> (Signal<String>, Callback<String>) {
    let k = key.clone();
    (
        Signal::derive(move || map.with(|m| m.get(&k).cloned().unwrap_or_default())),
        Callback::new(move |v| {
            map.update(|m| {
                m.insert(key.clone(), v);
            })
        }),
    )
}

#[component]
pub fn Setup() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let s = |v: &str| RwSignal::new(v.to_string());
    let name = s("New season");
    let players = s("");
    let teams = s("Koru\nMana");
    let assign = s("deal");
    let enter = s("roll");
    // Per player: "<name>" to the team assigned; "<name>/c" and "<name>/s"
    // to the attributes entered.
    let per_player = RwSignal::new(ByName::<String>::new());
    let team_score = s("mean");
    let reward = s("1");
    let food = s("5");
    let slots = s("3");
    let deadlock = s("survival_roll");
    let jury = s("7");
    let seed = s("");
    let salt = RwSignal::new(io::random_salt());

    let list = signup::list_of(move || players.get());
    let input = move || -> Result<SetupInput, String> {
        if let Some(t) = list.with(|l| l.too_long) {
            return Err(format!("players: {t}"));
        }
        dice_org::setup::check_count(list.with(|l| l.names.len())).map_err(|e| e.to_string())?;
        if let Some(p) = list
            .with(|l| l.name_problems(dice_org::setup::MIN_PLAYERS..=dice_org::edit::MAX_PLAYERS))
        {
            return Err(format!("players: {p}"));
        }
        let names = list.with(|l| l.names());
        let team_names = lines(&teams.get());
        let seed = match seed.get().trim() {
            "" => 0,
            t => t.parse::<u64>().map_err(|_| {
                "the seed must be a whole number from 0 to 18446744073709551615".to_string()
            })?,
        };
        let options = Options {
            team_score: if team_score.get() == "sum" {
                TeamScore::Sum
            } else {
                TeamScore::Mean
            },
            reward_rp: number(&reward.get(), "The reward")?.unwrap_or(1),
            food_per_player: number(&food.get(), "Food per player")?.unwrap_or(5),
            conversation_slots: number(&slots.get(), "Conversation slots")?.unwrap_or(3),
            deadlock: if deadlock.get() == "rocks" {
                Deadlock::Rocks
            } else {
                Deadlock::SurvivalRoll
            },
            jury_size: JurySize::new(jury.get().parse().unwrap_or(7)).map_err(|e| e.to_string())?,
            // A new season: each player's camp dice from their own stream (D11.1).
            camp_dice: Default::default(),
        };
        let p = per_player.get();
        let get = |k: String| p.get(&k).cloned().unwrap_or_default();
        let assignment = if assign.get() == "assign" {
            TeamSource::Assigned(
                names
                    .iter()
                    .map(|n| {
                        let t = get(n.clone());
                        if team_names.contains(&t) {
                            t
                        } else {
                            team_names.first().cloned().unwrap_or_default()
                        }
                    })
                    .collect(),
            )
        } else {
            TeamSource::Dealt
        };
        let attributes = if enter.get() == "enter" {
            let mut v = Vec::new();
            for n in &names {
                let c = number(&get(format!("{n}/c")), &format!("{n}'s Competition"))?
                    .ok_or(format!("enter {n}'s Competition"))?;
                let s = number(&get(format!("{n}/s")), &format!("{n}'s Survival"))?
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
        let season = Season::new(input().ok()?).ok()?;
        let s = season.start();
        let rows: Vec<(String, Vec<String>)> = s
            .alive()
            .map(|(p, l)| {
                (
                    s.name(p).to_string(),
                    vec![s.team_name(l.team).to_string(), l.attributes.to_string()],
                )
            })
            .collect();
        Some(rows)
    };
    let start = move |_| {
        if seed.get_untracked().trim().is_empty() {
            seed.set(io::random_seed().to_string());
        }
        match input().and_then(|i| Season::new(i).map_err(|e| e.to_string())) {
            Ok(season) => {
                let file = SeasonFile::of(&name.get_untracked(), &season, Drafts::default());
                ctx.start(file, season);
                ctx.say("Season started. The teams post and each player's attributes are on the Posts screen.");
                ctx.go(Screen::Board);
            }
            Err(e) => ctx.error(e),
        }
    };
    let on_pick = move |ev: leptos::ev::Event| {
        read_picked(ctx.shell, &ev, move |t| import(ctx, &t));
    };
    let area = |label: &'static str, testid: &'static str, rows: u32, s: RwSignal<String>| {
        view! { <ListBox label testid rows value=s set=move |v| s.set(v)/> }
    };
    let juries: Vec<(String, String)> = (1..40)
        .filter(|&n| JurySize::new(n).is_ok())
        .map(|n| (n.to_string(), n.to_string()))
        .collect();
    view! {
        <section class="setup">
            <h2>"New season"</h2>
            <p class="actions"><label class="file">"Open a season file (.json) " <input type="file" accept=".json,application/json" on:change=on_pick data-testid="open-file"/></label></p>
            <form on:submit=|ev| ev.prevent_default() class="form">
                {text("Season name", "season-name", name)}
                <SignupBox label="Players: paste the sign-up list, one per line or separated by commas, in roster order (D1.1, D11.2)" testid="players" list value=players set=move |v| players.set(v)/>
                {area("Teams, one per line, in team order (1 to 4)", "teams", 4, teams)}
                {choose("Teams (D1.1)", "assignment", pairs(&[("deal", "Dealt at random into balanced teams"), ("assign", "Assigned: a team for each player")]), assign)}
                {choose("Attributes (D1.2)", "attributes", pairs(&[("roll", "Rolled, 3d6 each, by the season's generator"), ("enter", "Entered")]), enter)}
                {move || (assign.get() == "assign" || enter.get() == "enter").then(|| {
                    let options: Vec<(String, String)> = lines(&teams.get()).into_iter().map(|t| (t.clone(), t)).collect();
                    let (a, e) = (assign.get() == "assign", enter.get() == "enter");
                    view! {
                        <div class="wide per-player">
                            <p>"Each player's team and attributes"</p>
                            {list.with(|l| l.names.iter().take(dice_org::edit::MAX_PLAYERS).map(|(_, n)| n.clone()).collect::<Vec<_>>()).into_iter().map(|n| {
                                let (tv, ts) = cell(per_player, n.clone());
                                let (cv, cs) = cell(per_player, format!("{n}/c"));
                                let (sv, ss) = cell(per_player, format!("{n}/s"));
                                view! {
                                    <fieldset><legend>{n.clone()}</legend>
                                        {a.then(|| select(format!("{n}'s team"), "player-team", options.clone(), tv, ts))}
                                        {e.then(|| view! { {field(format!("{n}'s Competition"), "competition", cv, cs)}{field(format!("{n}'s Survival"), "survival", sv, ss)} })}
                                    </fieldset>
                                }
                            }).collect_view()}
                        </div>
                    }
                })}
                <fieldset class="wide">
                    <legend>"Rule options"</legend>
                    {choose("Team score (D4.2)", "team-score", pairs(&[("mean", "Mean of the members' results"), ("sum", "Sum of the members' results")]), team_score)}
                    {text("Reward RP (D4.5)", "reward", reward)}
                    {text("Food per player (D5.1)", "food", food)}
                    {text("Conversation slots (D6.3)", "slots", slots)}
                    {choose("Deadlock after a tied revote (D7.5)", "deadlock", pairs(&[("survival_roll", "Survival roll-off"), ("rocks", "Rocks")]), deadlock)}
                    {choose("Jury size (D8.1)", "jury", juries, jury)}
                </fieldset>
                <fieldset class="wide">
                    <legend>"Seed and commitment (D1.4)"</legend>
                    {text("Seed (blank: a random one when you start)", "seed", seed)}
                    <button type="button" on:click=move |_| seed.set(io::random_seed().to_string())>"Random seed"</button>
                    <p class="wide">"Salt: " <code data-testid="salt">{move || salt.get().to_string()}</code> " "
                        <button type="button" on:click=move |_| salt.set(io::random_salt())>"New salt"</button></p>
                    <p class="wide muted">"Publish the commitment at the start; the seed and salt are revealed in the final post, so anyone can check every die (Verify screen)."</p>
                    {move || input().ok().filter(|_| !seed.get().trim().is_empty()).map(|i| view! {
                        <p class="wide">"Commitment: " <code data-testid="setup-commitment">{commitment(&i)}</code></p>
                    })}
                </fieldset>
                {move || input().err().filter(|_| !players.get().trim().is_empty()).map(|p| view! { <p class="error wide" role="alert" data-testid="setup-problem">{p}</p> })}
                {move || preview().map(|rows| view! { <div class="wide">{table("What this seed gives: teams and attributes [Competition, Survival] (secret)".to_string(), false, "setup-preview",
                    &["Player", "Team", "Attributes"], rows)}</div> })}
                <p class="wide"><button class="primary" type="button" on:click=start disabled=move || input().is_err() data-testid="start">"Start the season"</button></p>
            </form>
        </section>
    }
}
