//! Production (D9): the producers change anything at any time: attributes,
//! RP, counters, advantages and immunity, pools, advantages waiting at a
//! camp, teams (add, rename, move players, merge all), players (add, quit),
//! options. An edit is a list of changes with the producer's note; the
//! engine previews it before it is applied, and every edit is in the log
//! and can be undone (D9.2).

use super::super::state::Ctx;
use super::widgets::{HiddenNote, field, number, select};
use console_core::events::{Extension, RemovalReason};
use dice_org::ByName;
use dice_org::Entry;
use dice_org::edit::{Change, Edit, PlayerChange};
use dice_org::options::{Deadlock, JurySize, OptionsPatch, TeamScore};
use dice_org::post::utc;
use dice_org::step::StepReport;
use dice_org::{Advantage, State};
use leptos::prelude::*;

/// The kinds of change, with their labels.
const KINDS: &[(&str, &str)] = &[
    (
        "player",
        "Change a player (attributes, RP, counters, advantages, immunity, team)",
    ),
    ("pool", "Set a team's pool"),
    ("camp", "Place advantages at a team's camp"),
    ("merge", "Merge all teams into one"),
    ("add_team", "Add a team"),
    ("rename", "Rename a team"),
    ("add_player", "Add a player"),
    ("replace", "Replace a player: NEW replaces OLD (D9.4)"),
    (
        "quit",
        "A player leaves: quits, or is removed by the producers (D9.5)",
    ),
    ("deadline", "Set the deadline of the phase to play (D9.6)"),
    ("extend", "Extend the deadline (D9.6)"),
    ("options", "Change options"),
];

type Fields = RwSignal<ByName<String>>;

fn get(f: Fields, k: &str) -> String {
    f.with_untracked(|m| m.get(k).cloned().unwrap_or_default())
}

fn cards(text: &str) -> Vec<Advantage> {
    text.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case("none"))
        .map(Advantage::from)
        .collect()
}

fn small(f: Fields, k: &str, what: &str) -> Result<Option<u8>, String> {
    Ok(number(&get(f, k), what)?.map(|v| v.min(255) as u8))
}

/// The change the fields describe.
fn build(kind: &str, f: Fields, s: &State) -> Result<Change, String> {
    let player = || {
        let p = get(f, "player");
        if p.is_empty() {
            s.alive()
                .next()
                .map(|(id, _)| s.name(id).to_string())
                .ok_or("no living player".to_string())
        } else {
            Ok(p)
        }
    };
    let team = || {
        let t = get(f, "team");
        if t.is_empty() {
            s.teams
                .first()
                .map(|t| t.name.clone())
                .ok_or("no team".to_string())
        } else {
            Ok(t)
        }
    };
    let name = || {
        let n = get(f, "name").trim().to_string();
        if n.is_empty() {
            Err("write a name".to_string())
        } else {
            Ok(n)
        }
    };
    Ok(match kind {
        "player" | "add_player" => {
            let adds = kind == "add_player";
            let adv = get(f, "advantages");
            Change::Player(PlayerChange {
                name: if adds { name()? } else { player()? },
                team: match get(f, "move").as_str() {
                    "" if adds => Some(team()?),
                    "" => None,
                    t => Some(t.to_string()),
                },
                competition: small(f, "competition", "Competition")?,
                survival: small(f, "survival", "Survival")?,
                rp: number(&get(f, "rp"), "RP")?,
                counters: number(&get(f, "counters"), "Counters")?,
                advantages: (!adv.trim().is_empty()).then(|| cards(&adv)),
                immune: match get(f, "immune").as_str() {
                    "grant" => Some(true),
                    "remove" => Some(false),
                    _ => None,
                },
            })
        }
        "pool" => Change::Pool {
            team: team()?,
            pool: number(&get(f, "value"), "The pool")?.ok_or("write the pool")?,
        },
        "camp" => Change::CampAdvantages {
            team: team()?,
            cards: cards(&get(f, "cards")),
        },
        "merge" => Change::Merge { name: name()? },
        "add_team" => Change::AddTeam { name: name()? },
        "rename" => Change::RenameTeam {
            from: team()?,
            to: name()?,
        },
        "replace" => Change::Replace {
            old: player()?,
            new: name()?,
        },
        "quit" => Change::Quit {
            player: player()?,
            reason: match get(f, "reason").as_str() {
                "inactivity" => Some(RemovalReason::Inactivity),
                "rule_break" => Some(RemovalReason::RuleBreak),
                _ => None,
            },
        },
        "deadline" => {
            // <input type="datetime-local"> value "YYYY-MM-DDTHH:MM", read as UTC.
            let t = js_sys::Date::parse(&format!("{}:00Z", get(f, "at")));
            if t.is_nan() {
                return Err("write the deadline's date and time (UTC)".into());
            }
            Change::Deadline {
                at: (t / 1000.0) as i64,
            }
        }
        "extend" => Change::Extend(Extension {
            by: i64::from(number(&get(f, "hours"), "Hours")?.ok_or("write the hours to add")?)
                * 3600,
            reason: get(f, "why").trim().to_string(),
        }),
        _ => Change::Options(OptionsPatch {
            team_score: match get(f, "team_score").as_str() {
                "mean" => Some(TeamScore::Mean),
                "sum" => Some(TeamScore::Sum),
                _ => None,
            },
            reward_rp: number(&get(f, "reward_rp"), "The reward")?,
            food_per_player: number(&get(f, "food"), "Food per player")?,
            conversation_slots: number(&get(f, "slots"), "Conversation slots")?,
            deadlock: match get(f, "deadlock").as_str() {
                "survival_roll" => Some(Deadlock::SurvivalRoll),
                "rocks" => Some(Deadlock::Rocks),
                _ => None,
            },
            jury_size: number(&get(f, "jury"), "The jury size")?
                .map(|n| JurySize::new(n).map_err(|e| e.to_string()))
                .transpose()?,
        }),
    })
}

/// `fields[key]` as a signal and a setter.
fn bound(f: Fields, key: &'static str) -> (Signal<String>, Callback<String>) {
    (
        Signal::derive(move || f.with(|m| m.get(key).cloned().unwrap_or_default())),
        Callback::new(move |v| {
            f.update(|m| {
                m.insert(key.to_string(), v);
            })
        }),
    )
}

/// A text field bound to `fields[key]`.
fn input(f: Fields, key: &'static str, label: &'static str) -> AnyView {
    let (v, set) = bound(f, key);
    field(label.to_string(), key, v, set)
}

/// A select bound to `fields[key]`: (value, label) pairs, the first the default.
fn pick(
    f: Fields,
    key: &'static str,
    label: &'static str,
    options: Vec<(String, String)>,
) -> AnyView {
    let (v, set) = bound(f, key);
    view! { <label>{label}{select(label.to_string(), key, options, v, set)}</label> }.into_any()
}

fn keep(mut v: Vec<(String, String)>, label: &str) -> Vec<(String, String)> {
    v.insert(0, (String::new(), label.to_string()));
    v
}

fn pairs(v: &[&str]) -> Vec<(String, String)> {
    v.iter().map(|s| (s.to_string(), s.to_string())).collect()
}

#[component]
pub fn Production() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let kind = RwSignal::new("player".to_string());
    let fields: Fields = RwSignal::new(ByName::new());
    let edit = move || ctx.drafts.with(|d| d.edit.clone().unwrap_or_default());
    let names = move || {
        ctx.with_game(|s| {
            let st = s.state();
            (
                st.alive()
                    .map(|(p, _)| st.name(p).to_string())
                    .collect::<Vec<_>>(),
                st.teams.iter().map(|t| t.name.clone()).collect::<Vec<_>>(),
            )
        })
        .unwrap_or_default()
    };
    let preview = move || {
        let e = edit();
        if e.changes.is_empty() {
            return None;
        }
        ctx.with_game(|s| match s.dry_run(&Entry::Edit(e)) {
            Ok(StepReport::Edit(r)) => Ok(r.lines),
            Ok(_) => Ok(Vec::new()),
            Err(e) => Err(e.to_string()),
        })
    };
    let add = move |_| {
        let k = kind.get_untracked();
        match ctx.with_game_untracked(|s| build(&k, fields, s.state())) {
            Some(Ok(c)) => {
                ctx.drafts
                    .update(|d| d.edit.get_or_insert_with(Edit::default).changes.push(c));
                fields.set(ByName::new());
                ctx.say("Change added to the edit; apply the edit when it is complete");
            }
            Some(Err(e)) => ctx.shell.warn(e),
            None => {}
        }
    };
    let apply = move |_| {
        let e = edit();
        match ctx.play(Entry::Edit(e)) {
            Ok(()) => ctx.drafts.update(|d| d.edit = None),
            Err(err) => ctx.error(err),
        }
    };
    let fields_view = move || {
        let (players, teams) = names();
        let p = pairs(&players.iter().map(String::as_str).collect::<Vec<_>>());
        let t = pairs(&teams.iter().map(String::as_str).collect::<Vec<_>>());
        let juries: Vec<(String, String)> = (1..40)
            .filter(|&n| JurySize::new(n).is_ok())
            .map(|n| (n.to_string(), n.to_string()))
            .collect();
        match kind.get().as_str() {
            "player" => view! {
                {pick(fields, "player", "Player", p)}
                {pick(fields, "move", "Move to team", keep(t, "(stays)"))}
                {input(fields, "competition", "Competition (blank: unchanged)")}
                {input(fields, "survival", "Survival (blank: unchanged)")}
                {input(fields, "rp", "RP (blank: unchanged)")}
                {input(fields, "counters", "Depletion counters (blank: unchanged)")}
                {input(fields, "advantages", "Advantages held, comma-separated (blank: unchanged; none: no advantage)")}
                {pick(fields, "immune", "Immunity", vec![(String::new(), "unchanged".into()), ("grant".into(), "grant".into()), ("remove".into(), "remove".into())])}
            }.into_any(),
            "add_player" => view! {
                {input(fields, "name", "Name")}
                {pick(fields, "move", "Team", t)}
                {input(fields, "competition", "Competition")}
                {input(fields, "survival", "Survival")}
            }.into_any(),
            "pool" => view! { {pick(fields, "team", "Team", t)} {input(fields, "value", "Pool")} }.into_any(),
            "camp" => view! { {pick(fields, "team", "Team", t)} {input(fields, "cards", "Advantages waiting, first found first, comma-separated (e.g. Hidden Immunity, Extra Vote)")} }.into_any(),
            "merge" => view! { {input(fields, "name", "Name of the merged team")} }.into_any(),
            "add_team" => view! { {input(fields, "name", "Name of the new team")} }.into_any(),
            "rename" => view! { {pick(fields, "team", "Team", t)} {input(fields, "name", "New name")} }.into_any(),
            "replace" => view! { {pick(fields, "player", "Player replaced (OLD)", p)} {input(fields, "name", "The new player's name (NEW)")} }.into_any(),
            "quit" => view! {
                {pick(fields, "player", "Player", p)}
                {pick(fields, "reason", "Why", vec![(String::new(), "quits (asked to leave)".into()), ("inactivity".into(), "removed: inactivity".into()), ("rule_break".into(), "removed: a rule break".into())])}
            }.into_any(),
            "deadline" => {
                let (v, set) = bound(fields, "at");
                view! { <label>"Deadline (UTC)"<input type="datetime-local" data-testid="at" prop:value=v on:input=move |ev| set.run(event_target_value(&ev))/></label> }.into_any()
            }
            "extend" => view! { {input(fields, "hours", "Hours to add")} {input(fields, "why", "Reason (for the post)")} }.into_any(),
            _ => view! {
                {pick(fields, "team_score", "Team score (D4.2)", keep(pairs(&["mean", "sum"]), "unchanged"))}
                {input(fields, "reward_rp", "Reward RP (D4.5; blank: unchanged)")}
                {input(fields, "food", "Food per player (D5.1; blank: unchanged)")}
                {input(fields, "slots", "Conversation slots (D6.3; blank: unchanged)")}
                {pick(fields, "deadlock", "Deadlock (D7.5)", keep(pairs(&["survival_roll", "rocks"]), "unchanged"))}
                {pick(fields, "jury", "Jury size (D8.1)", keep(juries, "unchanged"))}
            }.into_any(),
        }
    };
    move || {
        if ctx.hide.get() {
            return view! { <section class="production"><h2>"Production"</h2>{HiddenNote()}</section> }.into_any();
        }
        view! {
            <section class="production">
                <h2>"Production (D9)"</h2>
                <p class="muted">"Change anything at any time. Build an edit from one or more changes, write why, then apply it: it goes into the log and can be undone."</p>
                <p data-testid="deadline-now">{move || ctx.with_game(|s| s.state().deadline.current()).flatten().map_or("No deadline set for the phase to play.".to_string(), |d| format!("Deadline of the phase to play: {}", utc(d)))}</p>
                <form class="form" on:submit=|ev| ev.prevent_default()>
                    <label class="wide">"The change"{select("The change".into(), "change-kind",
                        KINDS.iter().map(|(k, l)| (k.to_string(), l.to_string())).collect(), kind.into(),
                        Callback::new(move |v| { kind.set(v); fields.set(ByName::new()); }))}</label>
                    {fields_view}
                    <p class="wide"><button type="button" data-testid="add-change" on:click=add>"Add this change to the edit"</button></p>
                </form>
                <section class="pending" aria-label="The edit">
                    <h3>"The edit"</h3>
                    <label class="note">"The producers' note (why; shown in the log)"
                        <textarea rows="2" data-testid="edit-note" prop:value=move || edit().note
                            on:input=move |ev| ctx.drafts.update(|d| d.edit.get_or_insert_with(Edit::default).note = event_target_value(&ev))></textarea>
                    </label>
                    {move || match preview() {
                        None => view! { <p class="muted">"No change yet."</p> }.into_any(),
                        Some(Ok(lines)) => view! {
                            <p>"What it does:"</p>
                            <ul data-testid="edit-preview">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                        }.into_any(),
                        Some(Err(e)) => view! { <p class="error" role="alert">{format!("The engine refuses this edit: {e}")}</p> }.into_any(),
                    }}
                    <p class="actions">
                        <button class="primary" data-testid="apply-edit" on:click=apply
                            disabled=move || { let e = edit(); e.changes.is_empty() || e.note.trim().is_empty() || matches!(preview(), Some(Err(_))) }>"Apply the edit"</button>
                        <button on:click=move |_| ctx.drafts.update(|d| d.edit = None)>"Discard the edit"</button>
                    </p>
                    {move || edit().note.trim().is_empty().then(|| view! { <p class="muted">"Write a note to apply the edit."</p> })}
                </section>
                <section aria-label="Production log">
                    <p class="muted">"Every edit, with its note, is in the History screen's log."</p>                </section>
            </section>
        }.into_any()
    }
}
