//! Posts: the public post and each player's private message of any stage
//! of the game (the start's line-up, or any round's result), in BBCode,
//! Markdown or plain text, each with Copy. Each round has its own deadline
//! (R9.6), set and cleared here with the posts that announce that round.
//! Everything here comes from the engine's public types (R9).

use super::super::report_view::options_html;
use super::super::state::Ctx;
use crate::shell::io;
use leptos::prelude::*;
use leptos::task::spawn_local;
use mini_survivor::Origin;
use mini_survivor::commitment::commitment;
use mini_survivor::post::{
    Format, PrivateMessage, PublicRound, lineup_post, private_message, result_post, utc,
};
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
    let set_deadline = move |value: Option<String>| {
        let Some(round) = announced() else { return };
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
    // The moderator's events posts (R10.7): the round under way's on the
    // latest stage, else the events given with the round shown.
    let event_posts = move || {
        let (s, _) = stage.get()?;
        let format = ctx.format.get();
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let g = &l.game;
            let v = if s == g.rounds().len() {
                super::players::pending_posts(ctx, g)
            } else {
                let r = g.rounds().get(s.checked_sub(1)?)?;
                let setup = g.round_setup(r);
                let d = super::players::extended_deadline(ctx, g, r.report.round);
                r.report
                    .events
                    .iter()
                    .map(|n| {
                        (
                            n.text(),
                            mini_survivor::events::event_post(n, &setup, &r.after, d, format),
                        )
                    })
                    .filter(|(_, t)| !t.is_empty())
                    .collect()
            };
            (!v.is_empty()).then_some(v)
        })
    };
    let posts = move || {
        let format = ctx.format.get();
        let (s, _) = stage.get()?;
        let deadline = deadline();
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let setup = l.game.setup();
            let rounds = l.game.rounds();
            let public = match s {
                0 => {
                    let start = l.game.start();
                    let c = (setup.origin == Origin::Deal).then(|| {
                        let per_player = start.survivors().count() / setup.players.len().max(1);
                        commitment(setup, per_player)
                    });
                    lineup_post(setup, start, format, deadline, c.as_deref())
                }
                n => {
                    let r = &rounds[n - 1];
                    result_post(
                        &PublicRound::new(setup, l.game.position_at(n - 1), &r.report, &r.after),
                        format,
                        deadline,
                    )
                }
            };
            let at = l.game.position_at(s);
            let private: Vec<(String, String)> = setup
                .players
                .ids()
                .map(|p| {
                    (
                        setup.players.name(p).to_string(),
                        private_message(&PrivateMessage::new(setup, at, p), format, deadline),
                    )
                })
                .collect();
            Some((public, private))
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
                        <input type="datetime-local" data-testid="deadline"
                            prop:value=move || set_only().map(input_value).unwrap_or_default()
                            on:change=move |ev| {
                                let v = event_target_value(&ev);
                                set_deadline((!v.is_empty()).then_some(v));
                            }/>
                    </label>
                    <button on:click=move |_| set_deadline(None) disabled=move || set_only().is_none() data-testid="clear-deadline">"Clear deadline"</button>
                    {move || (deadline() != set_only()).then(|| view! { <span data-testid="extended-deadline">{format!("extended to {} (R10.9)", deadline().map(utc).unwrap_or_default())}</span> })}
                })}
            </div>
            {move || posts().map(|(public, private)| {
                let n = public.len();
                view! {
                    <h3>"Public post"</h3>
                    {public.into_iter().enumerate().map(|(i, text)| view! {
                        <div class="post">
                            <pre data-testid="public-post" tabindex="0" aria-label=format!("Public post, message {} of {n}", i + 1)>{text.clone()}</pre>
                            {copy_button(ctx, text, if n > 1 { format!("message {} of {n}", i + 1) } else { "post".to_string() })}
                        </div>
                    }).collect_view()}
                    {event_posts().map(|v| view! {
                        <h3>"The moderator's events (R10.7)"</h3>
                        {v.into_iter().map(|(label, text)| view! {
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
