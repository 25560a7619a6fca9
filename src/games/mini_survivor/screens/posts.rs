//! Posts: the public result post (or the round-1 line-up), each player's
//! private message, in BBCode, Markdown or plain text, each with Copy.
//! Everything here comes from the engine's public types (R9).

use super::super::state::Ctx;
use crate::shell::io;
use leptos::prelude::*;
use leptos::task::spawn_local;
use mini_survivor::commitment::commitment;
use mini_survivor::post::{
    Format, PrivateMessage, PublicRound, lineup_post, private_message, result_post,
};

fn copy_button(ctx: Ctx, text: String, what: String) -> impl IntoView {
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

#[component]
pub fn Posts() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let deadline_text = RwSignal::new(String::new());
    let set_deadline = move |ev| {
        let v = event_target_value(&ev);
        deadline_text.set(v.clone());
        // <input type="datetime-local"> value "YYYY-MM-DDTHH:MM", read as UTC.
        let t = js_sys::Date::parse(&format!("{v}:00Z"));
        ctx.live.update(|l| {
            if let Some(l) = l {
                l.deadline = (!t.is_nan()).then(|| (t / 1000.0) as i64);
            }
        });
    };
    let posts = move || {
        let format = ctx.format.get();
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let setup = l.game.setup();
            let rounds = l.game.rounds();
            let public = match rounds.len() {
                0 => {
                    let per_player =
                        l.game.start().survivors().count() / setup.players.len().max(1);
                    let c = commitment(setup, per_player);
                    lineup_post(setup, l.game.start(), format, l.deadline, Some(&c))
                }
                n => {
                    let before = if n == 1 {
                        l.game.start()
                    } else {
                        &rounds[n - 2].after
                    };
                    let r = &rounds[n - 1];
                    result_post(
                        &PublicRound::new(setup, before, &r.report, &r.after),
                        format,
                        l.deadline,
                    )
                }
            };
            let private: Vec<(String, String)> = setup
                .players
                .ids()
                .map(|p| {
                    (
                        setup.players.name(p).to_string(),
                        private_message(
                            &PrivateMessage::new(setup, l.game.position(), p),
                            format,
                            l.deadline,
                        ),
                    )
                })
                .collect();
            Some((public, private))
        })
    };
    view! {
        <section class="posts">
            <h2>"Posts"</h2>
            <div class="row">
                <label>"Format "
                    <select on:change=move |ev| ctx.format.set(match event_target_value(&ev).as_str() { "markdown" => Format::Markdown, "plain" => Format::Plain, _ => Format::BBCode }) data-testid="format">
                        <option value="bbcode" selected=move || ctx.format.get() == Format::BBCode>"BBCode (forum)"</option>
                        <option value="markdown" selected=move || ctx.format.get() == Format::Markdown>"Markdown (Discord)"</option>
                        <option value="plain" selected=move || ctx.format.get() == Format::Plain>"Plain text"</option>
                    </select>
                </label>
                <label>"Next deadline (UTC, R9.6) " <input type="datetime-local" prop:value=deadline_text on:change=set_deadline/></label>
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
                    <h3>"Private messages (R9.3)"</h3>
                    <div class="private">
                        {private.into_iter().map(|(name, text)| view! {
                            <div class="post">
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
