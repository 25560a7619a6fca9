//! Players: the moderator's events of the round under way (R10): a
//! replacement, a removal with its reason, a deadline extension; each one
//! given to the engine (which applies it, or refuses it with its reason),
//! listed with its public post, the new player's catch-up message, and an
//! undo. Then the prod list (R10.8): the players the engine says owe
//! orders, with the prod message to copy. Shown on the Setup screen of an
//! open game; the posts are on the Posts screen too.

use super::super::report_view::options_html;
use super::super::state::Ctx;
use crate::shell::html::esc;
use crate::shell::io;
use console_core::events::{Event, Extension, Removal, RemovalReason, Replacement};
use leptos::prelude::*;
use leptos::task::spawn_local;
use mini_survivor::events::{
    EventNote, RoundEvent, deadline_line, prod_list, prod_text, round_deadline,
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

/// The posts of the round under way's events (R10.7), with a label each:
/// each public post and each new player's catch-up message, as written
/// when the event was given (R9.7).
pub fn pending_posts(ctx: Ctx, game: &Game) -> Vec<(String, String)> {
    let format = ctx.format.get();
    let set = ctx
        .deadlines
        .with(|d| deadline_of(d, game.position().round()));
    let drafts = ctx.drafts.get();
    let names = &game.setup().players;
    game.event_posts(game.rounds().len(), format, set, |p| {
        drafts.get(names.name(p)).cloned().unwrap_or_default()
    })
    .into_iter()
    .map(|e| (e.label, e.text))
    .collect()
}

fn reason_of(s: &str) -> RemovalReason {
    match s {
        "rule_break" => RemovalReason::RuleBreak,
        "quit" => RemovalReason::Quit,
        _ => RemovalReason::Inactivity,
    }
}

/// The value of the form control with test id `id` (read from the page:
/// the form is plain HTML, one click handler answers its buttons).
fn value(id: &str) -> String {
    let el = web_sys::window().and_then(|w| w.document()).and_then(|d| {
        d.query_selector(&format!("[data-testid={id}]"))
            .ok()
            .flatten()
    });
    el.and_then(|e| js_sys::Reflect::get(&e, &"value".into()).ok())
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// Empties the text field with test id `id`.
fn clear(id: &str) {
    if let Some(e) = web_sys::window().and_then(|w| w.document()).and_then(|d| {
        d.query_selector(&format!("[data-testid={id}]"))
            .ok()
            .flatten()
    }) {
        let _ = js_sys::Reflect::set(&e, &"value".into(), &"".into());
    }
}

/// Gives an event to the engine: applied, or refused with its reason (then
/// taken back, so nothing changes: R10.6). A replacement's draft follows
/// the slot's new name.
fn give(ctx: Ctx, mut e: RoundEvent) {
    // The orders in for the slot now: its catch-up message shows them, as
    // sent (R10.7, R9.7).
    if let Event::Replace(r) = &e.event {
        e.orders = ctx
            .with_game_untracked(|g| {
                let players = &g.setup().players;
                let slot = players.find(&r.old)?;
                Some(
                    ctx.drafts
                        .with_untracked(|d| d.get(players.name(slot)).cloned().unwrap_or_default()),
                )
            })
            .flatten();
    }
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
}

/// The forms: replace, remove, extend (plain HTML over the slots' names).
fn forms_html(names: &[String]) -> String {
    let opts = options_html(names.iter().map(|n| (n.clone(), n.as_str())), "");
    format!(
        "<div class=\"row\"><label>Replace <select data-testid=\"replace-old\">{opts}</select></label> \
         <label>by <input data-testid=\"replace-new\"></label> \
         <button data-act=\"replace\" data-testid=\"replace\">Replace (R10.1)</button></div>\
         <div class=\"row\"><label>Remove <select data-testid=\"remove-player\">{opts}</select></label> \
         <label>for <select data-testid=\"remove-reason\"><option value=\"inactivity\">inactivity</option>\
         <option value=\"rule_break\">a rule break</option><option value=\"quit\">leaving the game</option></select></label> \
         <label><select data-testid=\"remove-at\" aria-label=\"When the survivors leave\"><option value=\"assassination\">at the start of the round</option>\
         <option value=\"voting\">at the start of the Voting segment</option></select></label> \
         <label>note <input data-testid=\"remove-note\"></label> \
         <button class=\"danger\" data-act=\"remove\" data-testid=\"remove\">Remove (R10.2)</button></div>\
         <div class=\"row\"><label>Extend the deadline by <input type=\"number\" min=\"1\" class=\"small\" value=\"24\" data-testid=\"extend-hours\"> hours</label> \
         <label>because <input data-testid=\"extend-reason\"></label> \
         <button data-act=\"extend\" data-testid=\"extend\">Extend (R10.9)</button></div>\
         <p><label>Prod players without orders when at most <input type=\"number\" min=\"0\" class=\"small\" value=\"12\" data-testid=\"prod-hours\"> hours are left</label> \
         <button data-act=\"prods\">Update</button></p>"
    )
}

/// The texts the box shows, each with a heading and a test id: the
/// events' posts and catch-up messages, the prod post and the prod
/// message per player (R10.7, R10.8).
struct Shown {
    notes: Vec<String>,
    texts: Vec<(String, String, &'static str)>,
    prods: Option<(Vec<String>, Option<String>)>,
}

fn shown(ctx: Ctx, hours: u32) -> Shown {
    let subs = ctx.submissions();
    let format = ctx.format.get();
    let now = (js_sys::Date::now() / 1000.0) as i64;
    ctx.live.with(|l| {
        let mut out = Shown {
            notes: Vec::new(),
            texts: Vec::new(),
            prods: None,
        };
        let Some(l) = l.as_ref() else { return out };
        let g = &l.game;
        out.notes = g.pending_notes().iter().map(EventNote::text).collect();
        for (label, text) in pending_posts(ctx, g) {
            out.texts.push((label, text, "event-post"));
        }
        if g.is_over() {
            return out;
        }
        let deadline = extended_deadline(ctx, g, g.position().round());
        let owed = console_core::Session::owed(g, &subs);
        let names: Vec<String> = prod_list(owed, deadline, Some(now), hours)
            .iter()
            .map(|p| g.setup().players.name(*p).to_string())
            .collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        if !refs.is_empty() {
            out.texts.push((
                "One public post".into(),
                prod_text(&refs, deadline, format),
                "prod-post",
            ));
            for n in &refs {
                out.texts.push((
                    format!("Prod for {n}"),
                    prod_text(&[n], deadline, format),
                    "prod-message",
                ));
            }
        }
        out.prods = Some((names, deadline.map(|d| deadline_line(d, Some(now), format))));
        out
    })
}

/// The events box of the round under way.
#[component]
pub fn PlayerEvents() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let hours = RwSignal::new(12u32);
    let forms = move || {
        ctx.with_game(|g| forms_html(g.setup().players.names()))
            .unwrap_or_default()
    };
    let round = move || ctx.with_game(|g| g.position().round()).unwrap_or(0);
    let html = move || {
        let s = shown(ctx, hours.get());
        let mut h = String::new();
        if !s.notes.is_empty() {
            h.push_str("<h3>This round's events</h3><ol data-testid=\"event-notes\">");
            for n in &s.notes {
                h.push_str(&format!("<li>{}</li>", esc(n)));
            }
            h.push_str("</ol><button data-act=\"undo\" data-testid=\"undo-event\">Undo last event</button>");
        }
        h.push_str("<h3>Prods (R10.8)</h3>");
        if let Some((names, left)) = &s.prods {
            h.push_str(&format!(
                "<p>{}</p><p>Without orders: <span data-testid=\"prod-list\">{}</span></p>",
                esc(left.as_deref().unwrap_or(
                    "No deadline set (Posts screen): every player without orders is listed."
                )),
                if names.is_empty() {
                    "nobody".to_string()
                } else {
                    esc(&names.join(", "))
                }
            ));
        }
        for (i, (label, text, id)) in s.texts.iter().enumerate() {
            h.push_str(&format!(
                "<div class=\"post\"><h4>{}</h4><pre data-testid=\"{id}\" tabindex=\"0\">{}</pre>\
                 <button class=\"copy\" data-act=\"copy\" data-i=\"{i}\">Copy</button></div>",
                esc(label),
                esc(text)
            ));
        }
        h
    };
    let click = move |ev: leptos::ev::MouseEvent| {
        let Some(b) = crate::shell::html::event_from(&ev, "button[data-act]") else {
            return;
        };
        match b.get_attribute("data-act").as_deref() {
            Some("replace") => {
                give(
                    ctx,
                    Event::Replace(Replacement {
                        new: value("replace-new"),
                        old: value("replace-old"),
                    })
                    .into(),
                );
                clear("replace-new");
            }
            Some("remove") => {
                give(
                    ctx,
                    RoundEvent {
                        event: Event::Remove(Removal {
                            player: value("remove-player"),
                            reason: reason_of(&value("remove-reason")),
                            note: value("remove-note"),
                        }),
                        at: if value("remove-at") == "voting" {
                            Segment::Voting
                        } else {
                            Segment::Assassination
                        },
                        orders: None,
                    },
                );
                clear("remove-note");
            }
            Some("extend") => {
                let h: f64 = value("extend-hours").trim().parse().unwrap_or(0.0);
                give(
                    ctx,
                    Event::Extend(Extension {
                        by: (h * 3600.0).round() as i64,
                        reason: value("extend-reason"),
                    })
                    .into(),
                );
                clear("extend-reason");
            }
            Some("prods") => hours.set(value("prod-hours").trim().parse().unwrap_or(12)),
            Some("undo") => {
                if let Some(done) = ctx.undo() {
                    ctx.say(done);
                }
            }
            Some("copy") => {
                let i: usize = b
                    .get_attribute("data-i")
                    .and_then(|i| i.parse().ok())
                    .unwrap_or(usize::MAX);
                let text = untrack(|| shown(ctx, hours.get_untracked()))
                    .texts
                    .into_iter()
                    .nth(i);
                if let Some((label, text, _)) = text {
                    spawn_local(async move {
                        match io::copy(text).await {
                            Ok(()) => ctx.say(format!("Copied: {label}")),
                            Err(e) => ctx.error(format!(
                                "Could not copy: {e}. Select the text and copy it by hand."
                            )),
                        }
                    });
                }
            }
            _ => {}
        }
    };
    view! {
        <section class="player-events" data-testid="player-events" on:click=click>
            <h2>{move || format!("Players: events of round {} (R10)", round())}</h2>
            <p class="muted">"A replacement takes over the slot (survivors, idol, orders; the old name still reads as the slot's). A removal takes the player's living survivors out at the start of the next segment. An extension moves this round's deadline."</p>
            <div inner_html=forms></div>
            <div inner_html=html></div>
        </section>
    }
}
