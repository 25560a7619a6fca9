//! Posts: the public post and each player's private message of any stage
//! of the game (the start's line-up, or any round's result), and the
//! moderator's events of the round it announces, in BBCode, Markdown or
//! plain text, each with Copy. Every post is the engine's, as it was when
//! published (R9.7): later events and replacements change none. Each round
//! has its own deadline (R9.6), set and cleared here with the posts that
//! announce that round while it is under way; a played round's is shown.

use super::super::report_view::options_html;
use super::super::state::Ctx;
use crate::shell::io;
use leptos::prelude::*;
use leptos::task::spawn_local;
use mini_survivor::post::{Format, utc};
use mini_survivor::save::{deadline_of, set_deadline};

pub(super) fn copy_button(ctx: Ctx, text: String, what: String) -> impl IntoView {
    view! {
        <button class="copy" on:click=move |_| {
            let (text, what) = (text.clone(), what.clone());
            spawn_local(async move {
                match io::copy(text).await {
                    Ok(()) => ctx.say(format!("Copied the {what}")),
                    Err(e) => ctx.error(format!("Could not copy: {e}. Select the text and copy it by hand.")),
                }
            });
        }>{format!("Copy {what}")}</button>
    }
}

/// `YYYY-MM-DDTHH:MM` (a datetime-local input's value, read as UTC) for a
/// UNIX time.
fn input_value(t: i64) -> String {
    utc(t)[..16].replacen(' ', "T", 1)
}

#[component]
pub fn Posts() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The stage shown (rounds played before it) and the round its posts
    // announce, if the game goes on after it.
    let stage = Memo::new(move |_| {
        let wanted = ctx.posts_stage.get();
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let n = l.game.rounds().len();
            let s = wanted.filter(|s| *s <= n).unwrap_or(n);
            let pos = l.game.position_at(s);
            Some((s, (!pos.is_game_over()).then(|| pos.round())))
        })
    });
    let announced = move || stage.get().and_then(|(_, r)| r);
    // A played round's deadline is published: it is shown, not changed.
    let past = move || {
        let Some((s, _)) = stage.get() else {
            return false;
        };
        ctx.with_game(|g| s < g.rounds().len()).unwrap_or(false)
    };
    let set_deadline = move |value: Option<String>| {
        let Some(round) = announced() else { return };
        if past() {
            return;
        }
        // <input type="datetime-local"> value "YYYY-MM-DDTHH:MM", read as UTC.
        let t = value.map(|v| js_sys::Date::parse(&format!("{v}:00Z")));
        let at = t.filter(|t| !t.is_nan()).map(|t| (t / 1000.0) as i64);
        ctx.deadlines.update(|d| set_deadline(d, round, at));
        match t {
            Some(t) if !t.is_nan() => ctx.say(format!("Deadline of round {round} set")),
            Some(_) => ctx.warn("That is not a date and time"),
            None => ctx.say(format!("Deadline of round {round} cleared")),
        }
    };
    // The round's deadline with its extensions (R10.9).
    let deadline = move || {
        let round = announced()?;
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            super::players::extended_deadline(ctx, &l.game, round)
        })
    };
    let set_only = move || {
        let round = announced()?;
        ctx.deadlines.with(|d| deadline_of(d, round))
    };
    // The moderator's events of the round the stage announces (R10.7),
    // each as it was when given (R9.7): the round under way's on the
    // latest stage (a replacement's orders from the drafts when it kept
    // none), a played round's after it.
    let event_posts = move || {
        let (s, _) = stage.get()?;
        let format = ctx.format.get();
        let set = set_only();
        let drafts = ctx.drafts.get();
        ctx.live.with(|l| {
            let g = &l.as_ref()?.game;
            let names = &g.setup().players;
            let v = g.event_posts(s, format, set, |p| {
                drafts.get(names.name(p)).cloned().unwrap_or_default()
            });
            (!v.is_empty()).then_some(v)
        })
    };
    // The stage's posts as published (R9.7): names as they were then, the
    // deadline as set for the round announced (its extensions have their
    // own posts, R10.9).
    let posts = move || {
        let format = ctx.format.get();
        let (s, _) = stage.get()?;
        let deadline = set_only();
        ctx.live.with(|l| {
            let p = l.as_ref()?.game.stage_posts(s, format, deadline)?;
            Some((p.public, p.private))
        })
    };
    let stages = move || {
        ctx.live.with(|l| {
            l.as_ref()
                .map(|l| {
                    let first = l.game.start().round();
                    let mut v = vec![(0, format!("Start: round {first} line-up"))];
                    v.extend(
                        l.game
                            .rounds()
                            .iter()
                            .enumerate()
                            .map(|(i, r)| (i + 1, format!("Round {} results", r.report.round))),
                    );
                    v
                })
                .unwrap_or_default()
        })
    };
    view! {
        <section class="posts">
            <h2>"Posts"</h2>
            <div class="row">
                <label>"Posts of "
                    <select data-testid="posts-stage" on:change=move |ev| ctx.posts_stage.set(event_target_value(&ev).parse().ok())
                        inner_html=move || {
                            let shown = stage.get().map_or(String::new(), |s| s.0.to_string());
                            let stages = stages();
                            options_html(stages.iter().map(|(i, l)| (i.to_string(), l.as_str())), &shown)
                        }></select>
                </label>
                <label>"Format "
                    <select on:change=move |ev| ctx.format.set(match event_target_value(&ev).as_str() { "markdown" => Format::Markdown, "plain" => Format::Plain, _ => Format::BBCode }) data-testid="format"
                        inner_html=move || {
                            let now = match ctx.format.get() { Format::Markdown => "markdown", Format::Plain => "plain", _ => "bbcode" };
                            options_html([("bbcode".to_string(), "BBCode (forum)"), ("markdown".to_string(), "Markdown (Discord)"), ("plain".to_string(), "Plain text")], now)
                        }></select>
                </label>
                {move || announced().map(|round| view! {
                    <label>{format!("Deadline of round {round} (UTC, R9.6) ")}
                        <input type="datetime-local" data-testid="deadline" disabled=past
                            prop:value=move || set_only().map(input_value).unwrap_or_default()
                            on:change=move |ev| {
                                let v = event_target_value(&ev);
                                set_deadline((!v.is_empty()).then_some(v));
                            }/>
                    </label>
                    <button on:click=move |_| set_deadline(None) disabled=move || past() || set_only().is_none() data-testid="clear-deadline">"Clear deadline"</button>
                    {move || (deadline() != set_only()).then(|| view! { <span data-testid="extended-deadline">{format!("extended to {} (R10.9)", deadline().map(utc).unwrap_or_default())}</span> })}
                })}
            </div>
            {move || posts().map(|(public, private)| {
                let n = public.len();
                let stage_key = stage.get().map_or(0, |(s, _)| s);
                let mut delivered = public.clone();
                delivered.extend(event_posts().unwrap_or_default().into_iter().map(|p| p.text));
                let players = ctx.live.with_untracked(|l| l.as_ref().map(|l| l.game.setup().players.names().to_vec())).unwrap_or_default();
                view! {
                    <crate::shell::outbox::DeliverButton shell=ctx.shell name=ctx.name_untracked() stage=format!("stage-{stage_key}") label=stages().into_iter().find(|(i, _)| *i == stage_key).map(|(_, l)| l).unwrap_or_default() public=delivered private=private.clone() players format=ctx.format.get()/>
                    <h3>"Public post"</h3>
                    {public.into_iter().enumerate().map(|(i, text)| view! {
                        <div class="post">
                            <pre data-testid="public-post" tabindex="0" aria-label=format!("Public post, message {} of {n}", i + 1)>{text.clone()}</pre>
                            {copy_button(ctx, text, if n > 1 { format!("message {} of {n}", i + 1) } else { "post".to_string() })}
                        </div>
                    }).collect_view()}
                    {event_posts().map(|v| view! {
                        <h3>{move || format!("The moderator's events of round {} (R10.7)", stage.get().and_then(|(s, _)| ctx.with_game(|g| g.position_at(s).round())).unwrap_or_default())}</h3>
                        {v.into_iter().map(|mini_survivor::EventPost { label, text, .. }| view! {
                            <div class="post">
                                <h4>{label}</h4>
                                <pre data-testid="event-post" tabindex="0">{text.clone()}</pre>
                                {copy_button(ctx, text, "event post".to_string())}
                            </div>
                        }).collect_view()}
                    })}
                    <h3>"Private messages (R9.3)"</h3>
                    <crate::shell::ui::AllPrivate shell=ctx.shell messages=private.clone() file="mini-survivor-private".to_string()/>
                    <div class="private">
                        {private.into_iter().map(|(name, text)| view! {
                            <div class="post" data-player=name.clone()>
                                <h4>{name.clone()}</h4>
                                <pre tabindex="0" aria-label=format!("Private message for {name}")>{text.clone()}</pre>
                                {copy_button(ctx, text, format!("message for {name}"))}
                            </div>
                        }).collect_view()}
                    </div>
                }
            })}
        </section>
    }
}
