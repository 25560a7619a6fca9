//! Posts and private messages per step, in the shared formats (BBCode for
//! forums; Discord Markdown split into messages of at most 2,000 code
//! points; plain text), each with Copy. Everything comes from the engine's
//! public types and private messages (D10): the start (teams and the
//! commitment, each player's attributes), each competition, camp,
//! conversation schedule, vote reveal, the final, and each production edit
//! (its public post and the private messages it calls for, D9). Below, one
//! message per player for a whole round (`dice_org::messages`), all of
//! them in one "copy all" text under `== Name ==` headers, and downloads.

use super::super::state::Ctx;
use super::widgets::{HiddenNote, select};
use crate::shell::ui::CopyButton;
use dice_org::Entry;
use dice_org::messages::{Scope, copy_all, edit_post, file_name, player_messages};
use dice_org::post::{
    DISCORD_LIMIT, Format, PublicSetup, private_message, private_messages, public_post,
    setup_messages, setup_post,
};
use leptos::prelude::*;

/// One message with its Copy button.
fn message(ctx: Ctx, label: String, text: String, testid: &'static str) -> AnyView {
    let chars = text.chars().count();
    view! {
        <div class="post">
            <pre tabindex="0" aria-label=label.clone() data-testid=testid data-chars=chars>{text.clone()}</pre>
            <p class="row"><CopyButton shell=ctx.shell text=Signal::derive(move || text.clone()) label="Copy"/>
                <span class="muted">{format!("{label} · {chars} characters")}</span></p>
        </div>
    }
    .into_any()
}

#[component]
pub fn Posts() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // None: the start; Some(i): entry i.
    let chosen = RwSignal::new(None::<Option<usize>>);
    let steps = move || {
        ctx.with_game(|s| {
            s.played()
                .iter()
                .enumerate()
                .map(|(i, _)| {
                    (
                        i,
                        format!(
                            "Step {}: {}",
                            i + 1,
                            s.explain(i).into_iter().next().unwrap_or_default()
                        ),
                    )
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    // The latest step with a post, by default.
    let current = move || {
        chosen
            .get()
            .unwrap_or_else(|| steps().last().map(|(i, _)| *i))
    };
    let content = move || {
        let format = ctx.format.get();
        let at = current();
        ctx.with_game(|s| {
            let (public, private) = match at {
                None => (
                    Some(setup_post(&PublicSetup::of(s), format)),
                    setup_messages(s),
                ),
                Some(i) if matches!(s.played().get(i).map(|p| &p.entry), Some(Entry::Edit(_))) => {
                    (edit_post(s, i, format), player_messages(s, Scope::Entry(i)))
                }
                Some(i) => (public_post(s, i, format), private_messages(s, i)),
            };
            let private: Vec<(String, String)> = private
                .iter()
                .map(|m| (m.player.clone(), private_message(m, format, None)))
                .collect();
            (public, private)
        })
    };
    view! {
        <section class="posts">
            <h2>"Posts and private messages"</h2>
            <div class="row">
                <label>"Step "{move || select("Step".into(), "post-step",
                    std::iter::once(("start".to_string(), "The start: teams and commitment".to_string())).chain(steps().into_iter().map(|(i, l)| (i.to_string(), l))).collect(),
                    Signal::derive(move || current().map_or("start".to_string(), |i| i.to_string())),
                    Callback::new(move |v: String| chosen.set(Some(v.parse::<usize>().ok()))))}</label>
                <label>"Format "{select("Format".into(), "format",
                    Format::ALL.iter().map(|f| (f.label().to_string(), f.label().to_string())).collect(),
                    Signal::derive(move || ctx.format.get().label().to_string()),
                    Callback::new(move |v: String| ctx.format.set(Format::ALL.into_iter().find(|f| f.label() == v).unwrap_or_default())))}</label>
            </div>
            {move || (ctx.format.get() == Format::Markdown).then(|| view! {
                <p class="muted">{format!("Discord: a long post is split into messages of at most {DISCORD_LIMIT} characters, between blocks; post them in order.")}</p>
            })}
            {move || content().map(|(public, private)| {
                let secret = !ctx.hide.get();
                let stage = current().map_or("start".to_string(), |i| format!("step-{i}"));
                let players = ctx.with_game(|s| s.setup().players.clone()).unwrap_or_default();
                view! {
                    {secret.then(|| view! {
                        <crate::shell::outbox::DeliverButton shell=ctx.shell name=ctx.name_untracked() stage label=current().and_then(|i| steps().into_iter().find(|(j, _)| *j == i)).map_or("The start: teams and commitment".to_string(), |(_, l)| l) public=public.clone().unwrap_or_default() private=private.clone() players format=ctx.format.get()/>
                    })}
                    <h3>"Public post"</h3>
                    {match public {
                        Some(v) => { let n = v.len(); v.into_iter().enumerate().map(|(i, t)| message(ctx, if n > 1 { format!("Public post, message {} of {n}", i + 1) } else { "Public post".to_string() }, t, "public-post")).collect_view().into_any() }
                        None => view! { <p class="muted">"This step has no public post (D10): conversations are told to each player privately."</p> }.into_any(),
                    }}
                    <h3>"Private messages (D10.2)"</h3>
                    {if !secret { HiddenNote() } else if private.is_empty() {
                        view! { <p class="muted">"No private message for this step."</p> }.into_any()
                    } else {
                        view! { <div class="private">{private.into_iter().map(|(n, t)| message(ctx, format!("Private message for {n}"), t, "private-message")).collect_view()}</div> }.into_any()
                    }}

                }
            })}
            {move || (!ctx.hide.get()).then(|| view! { <RoundMessages/> })}
        </section>
    }
}

/// One message per player for a round: everything private for them in its
/// steps and edits, then their status; one text with all of them and
/// downloads.
#[component]
fn RoundMessages() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The round of the last step played (a round's vote starts the next).
    let rounds = move || {
        ctx.with_game(|s| {
            s.played()
                .len()
                .checked_sub(1)
                .map_or(1, |i| s.before(i).round())
        })
        .unwrap_or(1)
    };
    let chosen = RwSignal::new(None::<u32>);
    let round = move || chosen.get().unwrap_or_else(rounds).max(1);
    let messages = move || {
        let r = round();
        ctx.with_game(|s| player_messages(s, Scope::Round(r)))
            .unwrap_or_default()
    };
    let all = move || copy_all(&messages(), ctx.format.get(), None);
    let download_all = move |_| {
        let name = format!("round-{}-messages.txt", round());
        if let Err(e) = crate::shell::io::download(&name, "text/plain", &all()) {
            ctx.error(e);
        }
    };
    let download_each = move |_| {
        let format = ctx.format.get_untracked();
        let files = messages()
            .iter()
            .map(|m| (file_name(m, format), private_message(m, format, None)))
            .collect();
        // (A file at a time: the browser drops a burst of a dozen.)
        crate::shell::io::download_each(files, "text/plain", move |r| match r {
            Ok(n) => ctx
                .shell
                .say(format!("{n} files offered for download, one per player")),
            Err(e) => ctx.error(e),
        });
    };
    view! {
        <section class="round-messages" aria-label="Round messages">
            <h3>"One message per player for a round"</h3>
            <div class="row">
                <label>"Round "{move || select("Round".into(), "message-round",
                    (1..=rounds()).map(|r| (r.to_string(), format!("Round {r}"))).collect(),
                    Signal::derive(move || round().to_string()),
                    Callback::new(move |v: String| chosen.set(v.parse().ok())))}</label>
                <CopyButton shell=ctx.shell text=Signal::derive(all) label="Copy all"/>
                <button data-testid="download-all" on:click=download_all>"Download all (one file)"</button>
                <button data-testid="download-each" on:click=download_each>"Download each (a file per player)"</button>
            </div>
            <p class="muted">{move || format!("{} messages, each under its == Name == header.", messages().len())}</p>
            <pre class="post-text" tabindex="0" aria-label="Every player's message" data-testid="copy-all">{all}</pre>
        </section>
    }
}
