//! The moderator's events (S10) on the Night and Day screens: a
//! replacement, a removal with its reason, a deadline extension, drafted
//! for the phase to play (kept in the save's drafts, each one cancelled in
//! one click, committed with the phase and undone with it), each shown
//! with what the engine makes of it; the players' activity in the phase
//! with the prod list under the moderator's threshold and the prod
//! messages to copy (S10.8); the day's vote history (S10.9) and the count
//! post's Copy button. The activity, the history and the count post are
//! written by the rules worker (`posts_text`), off the page's first load.
//! The boxes are HTML with one delegated handler each (no typed view per
//! form control). The engine applies every rule: this module only builds
//! events and shows what the engine and the worker wrote.

use super::super::state::{Ctx, Screen, Stage};
use super::posts::ask;
use crate::shell::html::{Html, attr};
use console_core::events::{Event, Extension, Removal, RemovalReason, Replacement};
use leptos::prelude::*;
use survival::events::EventNote;

/// The time now, UNIX seconds.
pub fn now() -> i64 {
    (js_sys::Date::now() / 1000.0) as i64
}

/// The value of the form control `testid` inside `root` (a select or an
/// input), read from the page.
fn value(root: &web_sys::Element, testid: &str) -> String {
    root.query_selector(&format!("[data-testid={testid}]"))
        .ok()
        .flatten()
        .and_then(|e| js_sys::Reflect::get(&e, &"value".into()).ok())
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// The element clicked or changed with a `data-act`: its action, the
/// element and the section it is in.
fn acted(ev: &web_sys::Event) -> Option<(String, web_sys::Element, web_sys::Element)> {
    let el = crate::shell::html::event_from(ev, "[data-act]")?;
    // The box (events are delegated: the current target is not it).
    let root = el.closest("section").ok()??;
    Some((el.get_attribute("data-act")?, el, root))
}

/// A select of `names` with the test id `testid`, as HTML.
fn select(h: &mut Html, testid: &str, names: &[String]) {
    h.raw(&format!("<select{}>", attr("data-testid", testid)));
    for n in names {
        h.el("option", &attr("value", n), n);
    }
    h.raw("</select>");
}

/// The events box as HTML: the drafted events with what each does and a
/// Cancel button, the way to their posts, the three forms.
fn events_html(notes: &[String], living: &[String]) -> String {
    let mut h = Html::default();
    h.el("h3", "", "The moderator's events (S10)").el(
        "p",
        " class=\"muted\"",
        "A replacement, a removal or an extension applies from the start of this phase and is committed with it; History undoes it with the phase.",
    );
    h.raw("<ol data-testid=\"drafted-events\">");
    for (i, n) in notes.iter().enumerate() {
        h.raw("<li>").text(n).raw(" ").el(
            "button",
            &format!(
                " data-act=\"cancel\" data-testid=\"cancel-event\"{}",
                attr("data-i", &i.to_string())
            ),
            "Cancel",
        );
        h.raw("</li>");
    }
    h.raw("</ol>");
    if !notes.is_empty() {
        h.el(
            "button",
            " class=\"primary\" data-act=\"posts\" data-testid=\"events-posts\"",
            "Write the events' posts",
        );
    }
    let input = |h: &mut Html, label: &str, testid: &str, extra: &str| {
        h.raw("<label>").text(label).raw(&format!(
            "<input{}{extra}></label>",
            attr("data-testid", testid)
        ));
    };
    h.raw("<div class=\"row\"><label>Replace ");
    select(&mut h, "replace-old", living);
    h.raw("</label>");
    input(&mut h, " by ", "replace-new", "");
    h.el(
        "button",
        " data-act=\"replace\" data-testid=\"replace\"",
        "Replace (S10.1)",
    )
    .raw("</div><div class=\"row\"><label>Remove ");
    select(&mut h, "remove-player", living);
    h.raw("</label><label> for <select data-testid=\"remove-reason\">");
    for r in [
        RemovalReason::Inactivity,
        RemovalReason::RuleBreak,
        RemovalReason::Quit,
    ] {
        let v = serde_json::to_string(&r).unwrap_or_default();
        h.el("option", &attr("value", v.trim_matches('"')), r.words());
    }
    h.raw("</select></label>");
    input(&mut h, " note ", "remove-note", "");
    h.el(
        "button",
        " data-act=\"remove\" data-testid=\"remove\"",
        "Remove (S10.3)",
    )
    .raw("</div><div class=\"row\">");
    input(
        &mut h,
        "Extend the deadline by (hours) ",
        "extend-hours",
        " type=\"number\" min=\"1\" value=\"24\"",
    );
    input(&mut h, " reason ", "extend-reason", "");
    h.el(
        "button",
        " data-act=\"extend\" data-testid=\"extend\"",
        "Extend (S10.5)",
    )
    .raw("</div>");
    h.done()
}

/// The drafted events with what each does, the forms that add one, and
/// the way to their posts. The box is HTML with one click handler (the
/// forms are read when a button is pressed).
#[component]
pub fn Events() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let html = Memo::new(move |_| {
        let (setup, state, notes) = ctx.opening()?;
        let living: Vec<String> = setup
            .roster
            .ids()
            .filter(|p| state.is_alive(*p))
            .map(|p| setup.roster.name(p).to_string())
            .collect();
        let notes: Vec<String> = notes.iter().map(|n| n.text(&setup.roster)).collect();
        Some(events_html(&notes, &living))
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
            Some(why) => ctx.warn(format!("Not done: {why}")),
            None => {
                ctx.events.set(events);
                ctx.say(
                    "Event added: it applies from the start of this phase and is committed with it",
                );
            }
        }
    };
    let click = move |ev: leptos::ev::MouseEvent| {
        let Some((act, el, root)) = acted(&ev) else {
            return;
        };
        let v = |id: &str| value(&root, id).trim().to_string();
        match act.as_str() {
            "cancel" => {
                let i: usize = el
                    .get_attribute("data-i")
                    .and_then(|i| i.parse().ok())
                    .unwrap_or(usize::MAX);
                ctx.events.update(|e| {
                    if i < e.len() {
                        e.remove(i);
                    }
                });
                ctx.say("Event cancelled");
            }
            "posts" => {
                ctx.posts_stage.set(Some(Stage::Events));
                ctx.go(Screen::Posts);
            }
            "replace" => add(Event::Replace(Replacement {
                new: v("replace-new"),
                old: v("replace-old"),
            })),
            "remove" => add(Event::Remove(Removal {
                player: v("remove-player"),
                reason: serde_json::from_value(serde_json::Value::String(v("remove-reason")))
                    .unwrap_or_default(),
                note: v("remove-note"),
            })),
            "extend" => match v("extend-hours").parse::<i64>() {
                Ok(h) => add(Event::Extend(Extension {
                    by: h * 3600,
                    reason: v("extend-reason"),
                })),
                Err(_) => ctx.warn("Extension: give a whole number of hours"),
            },
            _ => {}
        }
    };
    view! {
        <section class="events" aria-label="The moderator's events" data-testid="events-box" on:click=click inner_html=move || html.get().unwrap_or_default()></section>
    }
}

/// Each player's activity in the phase, the prod list under the
/// moderator's threshold, and the prod messages to copy (S10.8), written
/// by the rules worker (`posts_text`); HTML with one click and one change
/// handler.
#[component]
pub fn Activity() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let reply = ask(ctx, move || {
        Some(("activity".to_string(), ctx.deadline_now()))
    });
    let click = move |ev: leptos::ev::MouseEvent| {
        let Some((act, el, _)) = acted(&ev) else {
            return;
        };
        if act != "copy" {
            return;
        }
        let i: usize = el
            .get_attribute("data-copy")
            .and_then(|i| i.parse().ok())
            .unwrap_or(usize::MAX);
        let Some(t) = reply.with_untracked(|r| {
            r.as_ref()
                .and_then(|r| r.as_ref().ok())
                .and_then(|r| r.public.get(i).cloned())
        }) else {
            return;
        };
        let shell = ctx.shell;
        leptos::task::spawn_local(async move {
            match crate::shell::io::copy(t).await {
                Ok(()) => shell.say("Copied"),
                Err(e) => shell.warn(format!("Copy failed: {e}")),
            }
        });
    };
    let change = move |ev: leptos::ev::Event| {
        let Some((act, el, _)) = acted(&ev) else {
            return;
        };
        let v = js_sys::Reflect::get(&el, &"value".into())
            .ok()
            .and_then(|v| v.as_string())
            .and_then(|v| v.trim().parse::<u32>().ok());
        if let Some(n) = v {
            ctx.prod.update(|t| {
                if act == "posts" {
                    t.max_posts = n;
                } else {
                    t.hours_before = n;
                }
            });
        }
    };
    view! {
        <section class="activity" aria-label="Activity and prods" data-testid="activity-box" on:click=click on:change=change inner_html=move || html_of(reply)></section>
    }
}

/// The HTML of a worker's reply, a note while it is on its way.
fn html_of(reply: Memo<super::posts::Reply>) -> String {
    reply.with(|r| match r {
        Some(Ok(r)) => r.html.clone(),
        Some(Err(e)) => Html::default().el("p", " class=\"error\"", e).done(),
        None => "<p class=\"muted\">…</p>".to_string(),
    })
}

/// The day's vote history (S10.9) as a table: post, voter, from, to,
/// written by the rules worker.
#[component]
pub fn VoteHistory() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The latest changes shown (pages of `PAGE`): the worker
    // writes that many rows and a "Show 100 more" line.
    let shown = RwSignal::new(crate::shell::html::PAGE);
    let reply = ask(ctx, move || {
        Some((format!("history:{}", shown.get()), None))
    });
    let more = move |ev: leptos::ev::MouseEvent| {
        if crate::shell::html::event_from(&ev, "button[data-act=more]").is_some() {
            shown.update(|n| *n += crate::shell::html::PAGE);
        }
    };
    view! {
        <section class="vote-history" aria-label="Vote history">
            <div class="scroll" on:click=more inner_html=move || html_of(reply)></div>
        </section>
    }
}

/// "Copy the vote count post": the post the rules worker wrote for the
/// thread as it is now; disabled while it is being written (a click never
/// copies an older count).
#[component]
pub fn CountCopy(reply: Memo<super::posts::Reply>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let text = move || {
        reply.with(|r| match r {
            Some(Ok(r)) if !r.public.is_empty() => Some(r.public.join("\n\n")),
            _ => None,
        })
    };
    view! {
        <button data-testid="copy-count" disabled=move || text().is_none() on:click=move |_| {
            let Some(t) = text() else { return };
            let shell = ctx.shell;
            leptos::task::spawn_local(async move {
                match crate::shell::io::copy(t).await {
                    Ok(()) => shell.say("Copied"),
                    Err(e) => shell.warn(format!("Copy failed: {e}")),
                }
            });
        }>"Copy the vote count post"</button>
    }
}
