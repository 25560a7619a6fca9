//! The moderator's events (S10) on the Night and Day screens: a
//! replacement, a removal with its reason, a deadline extension, drafted
//! for the phase to play (kept in the save's drafts, each one cancelled in
//! one click, committed with the phase and undone with it), each shown
//! with what the engine makes of it; the players' activity in the phase
//! with the prod list under the moderator's threshold and the prod
//! messages to copy (S10.8); the day's vote history (S10.9). The engine
//! applies every rule: this module only builds events and shows reports.

use super::super::state::{Ctx, Screen, Stage};
use crate::shell::html::{Html, attr};
use crate::shell::ui::CopyButton;
use console_core::events::{
    Event, Extension, ProdWhy, Removal, RemovalReason, Replacement, prod_message,
};
use leptos::prelude::*;
use survival::count::VoteCount;
use survival::events::{EventNote, day_activity, history, night_activity, prod_list};
use survival::report::PhaseReport;
use survival::thread::ThreadSplit;
use survival::vote::Target;
use survival::{NightInput, PhaseInput, PlayerId, Roster};

/// The time now, UNIX seconds.
pub fn now() -> i64 {
    (js_sys::Date::now() / 1000.0) as i64
}

/// The vote count post as the moderator chose it, counting down from
/// now ([`count_post`](super::super::posts_text::count_post)).
pub fn count_post(
    count: &VoteCount,
    changes: Option<&[survival::events::VoteChange]>,
    names: &[String],
    format: survival::post::Format,
    deadline: Option<i64>,
) -> Vec<String> {
    super::super::posts_text::count_post(count, changes, names, format, deadline, now())
}

/// The drafted events with what each does, the forms that add one, and
/// the way to their posts.
#[component]
pub fn Events() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // Living players as the phase starts with the events drafted so far.
    let living = Memo::new(move |_| {
        ctx.opening()
            .map(|(setup, state, _)| {
                setup
                    .roster
                    .ids()
                    .filter(|p| state.is_alive(*p))
                    .map(|p| setup.roster.name(p).to_string())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    });
    let notes = Memo::new(move |_| {
        ctx.opening()
            .map(|(setup, _, notes)| {
                // The names as dealt and replaced before this phase: a
                // note names the slot as the events leave it.
                notes
                    .iter()
                    .map(|n| n.text(&setup.roster))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    });
    // Adds an event unless the engine refuses it (S10.6): then says why.
    let add = move |e: Event| {
        let mut events = ctx.events.get_untracked();
        events.push(e);
        let refused = ctx.live.with_untracked(|l| {
            let (_, _, notes) = l.as_ref()?.game.start_with(&events);
            match notes.last() {
                Some(EventNote::Refused { why, .. }) => Some(why.clone()),
                _ => None,
            }
        });
        match refused {
            Some(ref why) => ctx.warn(format!("Not done: {why}")),
            None => {
                ctx.events.set(events);
                ctx.say(
                    "Event added: it applies from the start of this phase and is committed with it",
                );
            }
        }
        refused.is_none()
    };
    let old = RwSignal::new(String::new());
    let new = RwSignal::new(String::new());
    let removed = RwSignal::new(String::new());
    let reason = RwSignal::new(String::new());
    let note = RwSignal::new(String::new());
    let hours = RwSignal::new("24".to_string());
    let why = RwSignal::new(String::new());
    let pick = move |s: RwSignal<String>| {
        let v = s.get_untracked();
        if v.is_empty() {
            living.with_untracked(|l| l.first().cloned().unwrap_or_default())
        } else {
            v
        }
    };
    let replace = move |_| {
        let r = Replacement {
            new: new.get_untracked().trim().to_string(),
            old: pick(old),
        };
        if add(Event::Replace(r)) {
            // The slot has a new name now: the selects start again.
            new.set(String::new());
            old.set(String::new());
            removed.set(String::new());
        }
    };
    let remove = move |_| {
        let r = Removal {
            player: pick(removed),
            reason: match reason.get_untracked().as_str() {
                "rule_break" => RemovalReason::RuleBreak,
                "quit" => RemovalReason::Quit,
                _ => RemovalReason::Inactivity,
            },
            note: note.get_untracked().trim().to_string(),
        };
        if add(Event::Remove(r)) {
            note.set(String::new());
            old.set(String::new());
            removed.set(String::new());
        }
    };
    let extend = move |_| {
        let Ok(h) = hours.get_untracked().trim().parse::<i64>() else {
            ctx.warn("Extension: give a whole number of hours");
            return;
        };
        let x = Extension {
            by: h * 3600,
            reason: why.get_untracked().trim().to_string(),
        };
        if add(Event::Extend(x)) {
            why.set(String::new());
        }
    };
    let options = move || {
        living
            .get()
            .into_iter()
            .map(|n| view! { <option value=n.clone()>{n.clone()}</option> })
            .collect_view()
    };
    view! {
        <section class="events" aria-label="The moderator's events" data-testid="events-box">
            <h3>"The moderator's events (S10)"</h3>
            <p class="muted">"A replacement, a removal or an extension applies from the start of this phase and is committed with it; History undoes it with the phase."</p>
            <ol data-testid="drafted-events">
                {move || notes.get().into_iter().enumerate().map(|(i, text)| view! {
                    <li>{text}" "
                        <button data-testid="cancel-event" on:click=move |_| {
                            ctx.events.update(|e| { if i < e.len() { e.remove(i); } });
                            ctx.say("Event cancelled");
                        }>"Cancel"</button>
                    </li>
                }).collect_view()}
            </ol>
            {move || (!notes.with(Vec::is_empty)).then(|| view! {
                <button class="primary" data-testid="events-posts" on:click=move |_| {
                    ctx.posts_stage.set(Some(Stage::Events));
                    ctx.go(Screen::Posts);
                }>"Write the events' posts"</button>
            })}
            <div class="row">
                <label>"Replace "<select data-testid="replace-old" on:change=move |ev| old.set(event_target_value(&ev))>{options}</select></label>
                <label>" by "<input data-testid="replace-new" prop:value=new on:input=move |ev| new.set(event_target_value(&ev))/></label>
                <button data-testid="replace" on:click=replace>"Replace (S10.1)"</button>
            </div>
            <div class="row">
                <label>"Remove "<select data-testid="remove-player" on:change=move |ev| removed.set(event_target_value(&ev))>{options}</select></label>
                <label>" for "
                    <select data-testid="remove-reason" on:change=move |ev| reason.set(event_target_value(&ev))>
                        <option value="inactivity">"inactivity"</option>
                        <option value="rule_break">"a rule break"</option>
                        <option value="quit">"leaving the game"</option>
                    </select>
                </label>
                <label>" note "<input data-testid="remove-note" prop:value=note on:input=move |ev| note.set(event_target_value(&ev))/></label>
                <button data-testid="remove" on:click=remove>"Remove (S10.3)"</button>
            </div>
            <div class="row">
                <label>"Extend the deadline by "<input type="number" min="1" data-testid="extend-hours" prop:value=hours on:input=move |ev| hours.set(event_target_value(&ev))/>" hours"</label>
                <label>" reason "<input data-testid="extend-reason" prop:value=why on:input=move |ev| why.set(event_target_value(&ev))/></label>
                <button data-testid="extend" on:click=extend>"Extend (S10.5)"</button>
            </div>
        </section>
    }
}

/// The activity table as HTML (S10.8).
fn activity_html(roster: &Roster, act: &[console_core::events::Activity]) -> String {
    let rows: Vec<(String, Vec<String>)> = act
        .iter()
        .map(|a| {
            let name = roster.name(PlayerId::from_index(a.slot));
            (
                attr("data-player", name),
                vec![
                    name.to_string(),
                    a.posts.to_string(),
                    a.words.to_string(),
                    a.last_post.clone().unwrap_or_default(),
                    match a.acted {
                        Some(true) => "in",
                        Some(false) => "not in",
                        None => "",
                    }
                    .to_string(),
                ],
            )
        })
        .collect();
    Html::default()
        .table(
            " class=\"activity\" data-testid=\"activity\"",
            "Activity this phase (S10.8)",
            &["Player", "Posts", "Words", "Last post", "Actions"],
            &rows,
        )
        .done()
}

/// Each player's activity in the phase, the prod list under the
/// moderator's threshold, and the prod messages to copy (S10.8).
/// `split` is the day's thread as the Day screen splits it (`None` at
/// night).
#[component]
pub fn Activity(#[prop(optional)] split: Option<Memo<Option<ThreadSplit>>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let data = Memo::new(move |_| {
        let actions = split.is_none().then(|| ctx.night_actions());
        let threshold = ctx.prod.get();
        let left = ctx.deadline_now().map(|d| d - now());
        let run = |s: Option<&ThreadSplit>| {
            ctx.live.with(|l| {
                let g = &l.as_ref()?.game;
                if g.is_over() {
                    return None;
                }
                let act = match (s, &actions) {
                    (Some(s), _) => day_activity(g, s),
                    (None, Some(a)) => night_activity(
                        g,
                        &NightInput {
                            actions: a.clone(),
                            decisions: Default::default(),
                        },
                    ),
                    (None, None) => return None,
                };
                let prods = prod_list(g, &act, threshold, left);
                Some((act, prods))
            })
        };
        match split {
            Some(m) => m.with(|s| s.as_ref().and_then(|s| run(Some(s)))),
            None => run(None),
        }
    });
    let table = move || {
        data.with(|d| {
            let (act, _) = d.as_ref()?;
            ctx.roster().map(|r| activity_html(&r, act))
        })
        .unwrap_or_default()
    };
    let prods = move || {
        let format = ctx.format.get();
        let deadline = ctx.deadline_now();
        let roster = ctx.roster()?;
        data.with(|d| {
            let (_, prods) = d.as_ref()?;
            let names: Vec<&str> = prods
                .iter()
                .map(|p| roster.name(PlayerId::from_index(p.slot)))
                .collect();
            let mut all_why: Vec<ProdWhy> = Vec::new();
            for w in prods.iter().flat_map(|p| p.why.iter()) {
                if !all_why.contains(w) {
                    all_why.push(*w);
                }
            }
            let public = (!names.is_empty()).then(|| prod_message(&names, &all_why, deadline, format));
            let each: Vec<(String, String, String)> = prods
                .iter()
                .zip(&names)
                .map(|(p, n)| {
                    let why: Vec<&str> = p
                        .why
                        .iter()
                        .map(|w| match w {
                            ProdWhy::Posts => "too few posts",
                            ProdWhy::NoActions => "no action near the deadline",
                        })
                        .collect();
                    (
                        n.to_string(),
                        why.join(", "),
                        prod_message(&[n], &p.why, deadline, format),
                    )
                })
                .collect();
            Some(view! {
                <p data-testid="prod-count">{format!("To prod ({}): {}", names.len(), if names.is_empty() { "no one".to_string() } else { names.join(", ") })}</p>
                <ul data-testid="prods">
                    {each.into_iter().map(|(n, why, text)| view! {
                        <li data-player=n.clone()>{format!("{n}: {why} ")}
                            <CopyButton shell=ctx.shell text=Signal::stored(text) label="Copy the prod message"/>
                        </li>
                    }).collect_view()}
                </ul>
                {public.map(|text| view! {
                    <pre data-testid="prod-post">{text.clone()}</pre>
                    <CopyButton shell=ctx.shell text=Signal::stored(text) label="Copy one public prod post"/>
                })}
            })
        })
    };
    let set = move |posts: bool, v: String| {
        if let Ok(n) = v.trim().parse::<u32>() {
            ctx.prod.update(|t| {
                if posts {
                    t.max_posts = n;
                } else {
                    t.hours_before = n;
                }
            });
        }
    };
    view! {
        <section class="activity" aria-label="Activity and prods" data-testid="activity-box">
            <h3>"Activity and prods (S10.8)"</h3>
            <div class="scroll" inner_html=table></div>
            <div class="row">
                <label>"Prod at "<input type="number" min="0" data-testid="prod-posts" prop:value=move || ctx.prod.get().max_posts.to_string() on:change=move |ev| set(true, event_target_value(&ev))/>" posts or fewer"</label>
                <label>", or no action with "<input type="number" min="0" data-testid="prod-hours" prop:value=move || ctx.prod.get().hours_before.to_string() on:change=move |ev| set(false, event_target_value(&ev))/>" hours or fewer left"</label>
            </div>
            {move || ctx.deadline_now().map(|d| view! {
                <p data-testid="time-left">{format!("Deadline {}: {} left", survival::post::utc(d), console_core::events::duration_text((d - now()).max(0)))}</p>
            })}
            {prods}
        </section>
    }
}

/// The day's vote history (S10.9) as a table: post, voter, from, to.
#[component]
pub fn VoteHistory(preview: Memo<Option<(PhaseInput, PhaseReport)>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let html = move || {
        let roster = ctx.roster()?;
        let who = |t: Option<Target>| match t {
            Some(Target::Player(p)) => roster.name(p).to_string(),
            Some(Target::NoElimination) => "No elimination".to_string(),
            None => "no vote".to_string(),
        };
        preview.with(|p| {
            let day = p.as_ref()?.1.day()?;
            let rows: Vec<(String, Vec<String>)> = history(day)
                .into_iter()
                .map(|c| {
                    (
                        String::new(),
                        vec![
                            format!("{}{}", if c.revote { "revote " } else { "" }, c.post),
                            roster.name(c.voter).to_string(),
                            who(c.from),
                            who(c.to),
                        ],
                    )
                })
                .collect();
            Some(
                Html::default()
                    .table(
                        " class=\"vote-history\" data-testid=\"vote-history\"",
                        "Vote history (S10.9)",
                        &["Post", "Voter", "From", "To"],
                        &rows,
                    )
                    .done(),
            )
        })
    };
    view! {
        <section class="vote-history" aria-label="Vote history">
            <div class="scroll" inner_html=move || html().unwrap_or_default()></div>
        </section>
    }
}
