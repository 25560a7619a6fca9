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
    use wasm_bindgen::JsCast;
    let el = ev
        .target()?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .closest("[data-act]")
        .ok()??;
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

/// The prod list as HTML, each player with why and a Copy button for
/// their message (`data-copy`: its place in the texts), then the one
/// public post and its Copy button (the last text).
fn prods_html(each: &[(String, String)], public: Option<&str>) -> String {
    let mut h = Html::default();
    let names: Vec<&str> = each.iter().map(|(n, _)| n.as_str()).collect();
    h.el(
        "p",
        " data-testid=\"prod-count\"",
        &format!(
            "To prod ({}): {}",
            names.len(),
            if names.is_empty() {
                "no one".to_string()
            } else {
                names.join(", ")
            }
        ),
    );
    h.raw("<ul data-testid=\"prods\">");
    for (i, (n, why)) in each.iter().enumerate() {
        h.raw(&format!("<li{}>", attr("data-player", n)))
            .text(&format!("{n}: {why} "))
            .el(
                "button",
                &format!(" data-act=\"copy\"{}", attr("data-copy", &i.to_string())),
                "Copy the prod message",
            )
            .raw("</li>");
    }
    h.raw("</ul>");
    if let Some(p) = public {
        h.el("pre", " data-testid=\"prod-post\"", p).el(
            "button",
            &format!(
                " data-act=\"copy\"{}",
                attr("data-copy", &each.len().to_string())
            ),
            "Copy one public prod post",
        );
    }
    h.done()
}

/// Each player's activity in the phase, the prod list under the
/// moderator's threshold, and the prod messages to copy (S10.8).
/// `split` is the day's thread as the Day screen splits it (`None` at
/// night). HTML with one click and one change handler.
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
    // The messages to copy: one per player, then the public post.
    let texts = StoredValue::new(Vec::<String>::new());
    let html = move || {
        let format = ctx.format.get();
        let deadline = ctx.deadline_now();
        let roster = ctx.roster()?;
        let t = ctx.prod.get();
        data.with(|d| {
            let (act, prods) = d.as_ref()?;
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
            let mut copy: Vec<String> = Vec::new();
            let each: Vec<(String, String)> = prods
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
                    copy.push(prod_message(&[n], &p.why, deadline, format));
                    (n.to_string(), why.join(", "))
                })
                .collect();
            let public = (!names.is_empty()).then(|| prod_message(&names, &all_why, deadline, format));
            copy.extend(public.clone());
            texts.set_value(copy);
            let mut h = Html::default();
            h.el("h3", "", "Activity and prods (S10.8)")
                .raw("<div class=\"scroll\">")
                .raw(&activity_html(&roster, act))
                .raw("</div><div class=\"row\"><label>Prod at ")
                .raw(&format!(
                    "<input type=\"number\" min=\"0\" data-act=\"posts\" data-testid=\"prod-posts\" value=\"{}\">",
                    t.max_posts
                ))
                .raw(" posts or fewer</label><label>, or no action with ")
                .raw(&format!(
                    "<input type=\"number\" min=\"0\" data-act=\"hours\" data-testid=\"prod-hours\" value=\"{}\">",
                    t.hours_before
                ))
                .raw(" hours or fewer left</label></div>");
            if let Some(d) = deadline {
                h.el(
                    "p",
                    " data-testid=\"time-left\"",
                    &format!(
                        "Deadline {}: {} left",
                        survival::post::utc(d),
                        console_core::events::duration_text((d - now()).max(0))
                    ),
                );
            }
            h.raw(&prods_html(&each, public.as_deref()));
            Some(h.done())
        })
    };
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
        let Some(t) = texts.with_value(|v| v.get(i).cloned()) else {
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
        <section class="activity" aria-label="Activity and prods" data-testid="activity-box" on:click=click on:change=change inner_html=move || html().unwrap_or_default()></section>
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
