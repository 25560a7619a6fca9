//! Players: the moderator's events of the round under way (R10): a
//! replacement, a removal with its reason, a deadline extension; each one
//! given to the engine (which applies it, or refuses it with its reason),
//! listed with its public post, the new player's catch-up message, and an
//! undo. Then the prod list (R10.8): the players the engine says owe
//! orders, with the prod message to copy. Shown on the Setup screen of an
//! open game; the posts are on the Posts screen too.

use super::super::report_view::options_html;
use super::super::state::Ctx;
use super::posts::copy_button;
use console_core::events::{Event, Extension, Removal, RemovalReason, Replacement};
use leptos::prelude::*;
use mini_survivor::events::{
    EventNote, RoundEvent, catch_up, deadline_line, event_post, prod_list, prod_text,
    round_deadline,
};
use mini_survivor::save::deadline_of;
use mini_survivor::{Game, PlayedRound, Segment};

/// The deadline of `round` with its extensions (R10.9): the one set on the
/// Posts screen plus the extensions among that round's events (the round
/// under way's, or a played round's).
pub fn extended_deadline(ctx: Ctx, game: &Game, round: u16) -> Option<i64> {
    let set = ctx.deadlines.with(|d| deadline_of(d, round));
    let events: &[RoundEvent] = if game.position().round() == round && !game.is_over() {
        game.pending_events()
    } else {
        game.rounds()
            .iter()
            .find(|r| r.report.round == round)
            .map_or(&[], |r: &PlayedRound| r.events.as_slice())
    };
    round_deadline(set, events).current()
}

/// The public posts of the round under way's events (R10.7), with a label
/// each, and the catch-up message of each new player: (label, text).
pub fn pending_posts(ctx: Ctx, game: &Game) -> Vec<(String, String)> {
    let format = ctx.format.get();
    let setup = game.setup();
    let pos = game.position();
    let deadline = extended_deadline(ctx, game, pos.round());
    let drafts = ctx.drafts.get();
    let mut out = Vec::new();
    for n in game.pending_notes() {
        let text = event_post(n, setup, pos, deadline, format);
        if !text.is_empty() {
            out.push((n.text(), text));
        }
        if let EventNote::Replace { slot, player, old } = n
            && setup.players.name(*slot) == player
        {
            let orders = drafts.get(player).cloned().unwrap_or_default();
            out.push((
                format!("Catch-up message for {player} (R10.7)"),
                catch_up(setup, pos, *slot, old, &orders, deadline, format),
            ));
        }
    }
    out
}

fn reason_of(s: &str) -> RemovalReason {
    match s {
        "rule_break" => RemovalReason::RuleBreak,
        "quit" => RemovalReason::Quit,
        _ => RemovalReason::Inactivity,
    }
}

/// The events box of the round under way.
#[component]
pub fn PlayerEvents() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let names = move || {
        ctx.with_game(|g| g.setup().players.names().to_vec())
            .unwrap_or_default()
    };
    let round = move || ctx.with_game(|g| g.position().round()).unwrap_or(0);
    let old = RwSignal::new(String::new());
    let new = RwSignal::new(String::new());
    let removed = RwSignal::new(String::new());
    let reason = RwSignal::new("inactivity".to_string());
    let at = RwSignal::new("assassination".to_string());
    let note = RwSignal::new(String::new());
    let hours = RwSignal::new("24".to_string());
    let why = RwSignal::new(String::new());
    let prod_hours = RwSignal::new("12".to_string());
    let pick = move |sig: RwSignal<String>| {
        let v = sig.get_untracked();
        if v.is_empty() {
            names().first().cloned().unwrap_or_default()
        } else {
            v
        }
    };
    // Gives the event to the engine: applied, or refused with its reason
    // (then taken back, so nothing changes: R10.6).
    let give = move |e: RoundEvent| {
        let done = ctx.update_game(|g| {
            let note = g.add_event(e).clone();
            if note.is_refused() {
                g.undo_event();
            }
            note
        });
        match done {
            Some(EventNote::Refused { why, .. }) => ctx.error(format!("Refused (R10.6): {why}")),
            Some(n) => {
                if let EventNote::Replace { player, old, .. } = &n {
                    // The slot's draft follows its new name.
                    ctx.drafts.update(|d| {
                        if let Some(t) = d.remove(old) {
                            d.insert(player.clone(), t);
                        }
                    });
                }
                ctx.say(format!(
                    "{}: its post is below and on the Posts screen",
                    n.text()
                ));
            }
            None => {}
        }
    };
    let replace = move |_| {
        give(
            Event::Replace(Replacement {
                new: new.get_untracked(),
                old: pick(old),
            })
            .into(),
        );
        new.set(String::new());
        old.set(String::new());
    };
    let remove = move |_| {
        give(RoundEvent {
            event: Event::Remove(Removal {
                player: pick(removed),
                reason: reason_of(&reason.get_untracked()),
                note: note.get_untracked(),
            }),
            at: if at.get_untracked() == "voting" {
                Segment::Voting
            } else {
                Segment::Assassination
            },
        });
        note.set(String::new());
        removed.set(String::new());
    };
    let extend = move |_| {
        let h: f64 = hours.get_untracked().trim().parse().unwrap_or(0.0);
        give(
            Event::Extend(Extension {
                by: (h * 3600.0).round() as i64,
                reason: why.get_untracked(),
            })
            .into(),
        );
        why.set(String::new());
    };
    let undo = move |_| {
        let back = ctx
            .update_game(|g| {
                let n = g.pending_notes().last().cloned();
                g.undo_event().map(|_| n)
            })
            .flatten()
            .flatten();
        if let Some(EventNote::Replace { player, old, .. }) = &back {
            ctx.drafts.update(|d| {
                if let Some(t) = d.remove(player) {
                    d.insert(old.clone(), t);
                }
            });
        }
        if let Some(n) = back {
            ctx.say(format!("Event undone: {}", n.text()));
        }
    };
    let notes = move || {
        ctx.with_game(|g| {
            g.pending_notes()
                .iter()
                .map(EventNote::text)
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let posts = move || {
        ctx.live
            .with(|l| l.as_ref().map(|l| pending_posts(ctx, &l.game)))
            .unwrap_or_default()
    };
    // R10.8: the players the engine says owe orders, under the threshold.
    let prods = move || {
        let subs = ctx.submissions();
        let format = ctx.format.get();
        let hours: u32 = prod_hours.get().trim().parse().unwrap_or(12);
        let now = (js_sys::Date::now() / 1000.0) as i64;
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let g = &l.game;
            if g.is_over() {
                return None;
            }
            let deadline = extended_deadline(ctx, g, g.position().round());
            let owed = console_core::Session::owed(g, &subs);
            let list = prod_list(owed, deadline, Some(now), hours);
            let names: Vec<String> = list
                .iter()
                .map(|p| g.setup().players.name(*p).to_string())
                .collect();
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            let public = (!refs.is_empty()).then(|| prod_text(&refs, deadline, format));
            let each: Vec<(String, String)> = refs
                .iter()
                .map(|n| (n.to_string(), prod_text(&[n], deadline, format)))
                .collect();
            let left = deadline.map(|d| deadline_line(d, Some(now), format));
            Some((names, public, each, left))
        })
    };
    let select = move |sig: RwSignal<String>, id: &'static str| {
        view! {
            <select data-testid=id on:change=move |ev| sig.set(event_target_value(&ev))
                inner_html=move || {
                    let n = names();
                    let cur = sig.get();
                    options_html(n.iter().map(|x| (x.clone(), x.as_str())), &cur)
                }></select>
        }
    };
    view! {
        <section class="player-events" data-testid="player-events">
            <h2>{move || format!("Players: events of round {} (R10)", round())}</h2>
            <p class="muted">"A replacement takes over the slot (survivors, idol, orders; the old name still reads as the slot's). A removal takes the player's living survivors out at the start of the next segment. An extension moves this round's deadline."</p>
            <div class="row">
                <label>"Replace " {select(old, "replace-old")}</label>
                <label>" by " <input data-testid="replace-new" prop:value=new on:input=move |ev| new.set(event_target_value(&ev))/></label>
                <button data-testid="replace" on:click=replace disabled=move || new.with(|n| n.trim().is_empty())>"Replace (R10.1)"</button>
            </div>
            <div class="row">
                <label>"Remove " {select(removed, "remove-player")}</label>
                <label>" for "
                    <select data-testid="remove-reason" on:change=move |ev| reason.set(event_target_value(&ev))>
                        <option value="inactivity">"inactivity"</option>
                        <option value="rule_break">"a rule break"</option>
                        <option value="quit">"leaving the game"</option>
                    </select>
                </label>
                <label>" "
                    <select data-testid="remove-at" on:change=move |ev| at.set(event_target_value(&ev))>
                        <option value="assassination">"at the start of the round"</option>
                        <option value="voting">"at the start of the Voting segment"</option>
                    </select>
                </label>
                <label>" note " <input data-testid="remove-note" prop:value=note on:input=move |ev| note.set(event_target_value(&ev))/></label>
                <button class="danger" data-testid="remove" on:click=remove>"Remove (R10.2)"</button>
            </div>
            <div class="row">
                <label>"Extend the deadline by " <input type="number" min="1" class="small" data-testid="extend-hours" prop:value=hours on:input=move |ev| hours.set(event_target_value(&ev))/>" hours"</label>
                <label>" because " <input data-testid="extend-reason" prop:value=why on:input=move |ev| why.set(event_target_value(&ev))/></label>
                <button data-testid="extend" on:click=extend>"Extend (R10.9)"</button>
            </div>
            {move || {
                let n = notes();
                (!n.is_empty()).then(|| view! {
                    <h3>"This round's events"</h3>
                    <ol data-testid="event-notes">{n.into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}</ol>
                    <button data-testid="undo-event" on:click=undo>"Undo last event"</button>
                })
            }}
            {move || posts().into_iter().map(|(label, text)| view! {
                <div class="post">
                    <h4>{label.clone()}</h4>
                    <pre data-testid="event-post" tabindex="0">{text.clone()}</pre>
                    {copy_button(ctx, text, "post".to_string())}
                </div>
            }).collect_view()}
            <h3>"Prods (R10.8)"</h3>
            <label>"Prod players without orders when at most " <input type="number" min="0" class="small" data-testid="prod-hours" prop:value=prod_hours on:input=move |ev| prod_hours.set(event_target_value(&ev))/>" hours are left"</label>
            {move || prods().map(|(names, public, each, left)| view! {
                <p>{left.unwrap_or_else(|| "No deadline set (Posts screen): every player without orders is listed.".to_string())}</p>
                <p>"Without orders: " <span data-testid="prod-list">{if names.is_empty() { "nobody".to_string() } else { names.join(", ") }}</span></p>
                {public.map(|text| view! {
                    <div class="post">
                        <h4>"One public post"</h4>
                        <pre data-testid="prod-post" tabindex="0">{text.clone()}</pre>
                        {copy_button(ctx, text, "prod post".to_string())}
                    </div>
                })}
                <details><summary>"One message per player"</summary>
                    {each.into_iter().map(|(name, text)| view! {
                        <div class="post">
                            <h4>{name.clone()}</h4>
                            <pre tabindex="0">{text.clone()}</pre>
                            {copy_button(ctx, text, format!("prod for {name}"))}
                        </div>
                    }).collect_view()}
                </details>
            })}
        </section>
    }
}
