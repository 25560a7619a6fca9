//! Verify a deal (S1.6): from the players, the deck, and the seed and salt
//! revealed at the end, recompute the commitment published with the deal
//! post, say whether it matches, and show the deal it gives. Fills in from
//! the open game (its seed and salt once the game is over). The check is
//! made in the site's worker (`posts_text::verify_html`).

use super::super::state::Ctx;
use crate::shell::html::Html;
use crate::shell::paste::paste_into;
use leptos::prelude::*;
use survival::commitment::commitment;

#[component]
pub fn Verify() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let players = RwSignal::new(String::new());
    let deck = RwSignal::new(String::new());
    let seed = RwSignal::new(String::new());
    let salt = RwSignal::new(String::new());
    let published = RwSignal::new(String::new());
    let open = move || ctx.live.with(|l| l.as_ref().map(|l| l.game.is_over()));
    let fill = move || {
        ctx.live.with_untracked(|l| {
            let Some(l) = l else { return };
            let s = l.game.setup();
            players.set(s.roster.names().join("\n"));
            deck.set(
                s.deck()
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            );
            published.set(commitment(s));
            // The seed and salt stay secret until the end (S9.5).
            if l.game.is_over() {
                seed.set(s.seed.to_string());
                salt.set(s.salt.to_string());
            }
        });
    };
    if open().is_some() {
        fill();
    }
    let started = move || {
        [players, deck, seed, salt, published]
            .iter()
            .all(|s| s.with(|t| !t.trim().is_empty()))
    };
    // The check is the worker's (`posts_text::verify_html`): its code is
    // not in the page's wasm.
    let reply: crate::shell::rules::Rendered = RwSignal::new(None);
    Effect::new(move |_| {
        if !started() {
            return;
        }
        let r: Vec<String> = [players, deck, seed, salt, published]
            .iter()
            .map(|s| s.get())
            .collect();
        if let Ok(text) = serde_json::to_string(&r) {
            crate::shell::rules::ask_worker('S', format!("verify {text}"), reply);
        }
    });
    let field = |label: &'static str, sig: RwSignal<String>, id: &'static str| view! { <label>{label} <input data-testid=id prop:value=sig on:input=move |ev| sig.set(event_target_value(&ev))/></label> };
    view! {
        <section class="verify">
            <h2>"Verify a deal (S1.6)"</h2>
            <p class="muted">"At the end of a game the moderator reveals the seed and salt. With the players (in the game's order) and the deck, they give back the commitment published with the deal post, and the deal itself."</p>
            {move || open().map(|over| view! {
                <p class="row">
                    <button on:click=move |_| fill() data-testid="fill">"Fill in from the open game"</button>
                    {(!over).then(|| view! { <span class="muted">"(its seed and salt come in once the game is over)"</span> })}
                </p>
            })}
            <form class="form" on:submit=|ev| ev.prevent_default()>
                <label class="wide">"Players, one per line, in the game's order" <textarea rows="8" data-testid="players" prop:value=players on:input=move |ev| players.set(event_target_value(&ev)) on:paste=paste_into(players)></textarea></label>
                <label class="wide">"Deck: the card names, separated by commas" <textarea rows="3" data-testid="deck" prop:value=deck on:input=move |ev| deck.set(event_target_value(&ev)) on:paste=paste_into(deck)></textarea></label>
                {field("Seed", seed, "seed")}
                {field("Salt (64 hex digits)", salt, "salt")}
                <label class="wide">"Published commitment" <input data-testid="published" prop:value=published on:input=move |ev| published.set(event_target_value(&ev))/></label>
            </form>
            <div aria-live="polite" inner_html=move || {
                if !started() {
                    return Html::default().el("p", " class=\"muted\"", "Enter the players, the deck, the seed, the salt and the published commitment.").done();
                }
                match reply.get() {
                    Some(Ok(h)) => h,
                    Some(Err(e)) => Html::default().el("p", " class=\"error\"", &e).done(),
                    None => String::new(),
                }
            }></div>
        </section>
    }
}
