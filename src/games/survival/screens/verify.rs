//! Verify a deal (S1.6): from the players, the deck, and the seed and salt
//! revealed at the end, recompute the commitment published with the deal
//! post, say whether it matches, and show the deal it gives. Fills in from
//! the open game (its seed and salt once the game is over).

use super::super::state::Ctx;
use crate::shell::html::Html;
use leptos::prelude::*;
use survival::commitment::{Salt, VerifyError, commitment, verify};

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
    let result = move || {
        let seed: u64 =
            seed.get().trim().parse().map_err(|_| {
                "the seed is a whole number from 0 to 18446744073709551615".to_string()
            })?;
        let salt: Salt = salt.get().parse()?;
        let want = published.get();
        match verify(&players.get(), &deck.get(), seed, &salt, &want) {
            Ok(cards) => Ok((true, want.trim().to_ascii_lowercase(), cards)),
            Err(VerifyError::Mismatch { computed }) => Ok((false, computed, Vec::new())),
            Err(e) => Err(e.to_string()),
        }
    };
    let started = move || {
        [players, deck, seed, salt, published]
            .iter()
            .all(|s| s.with(|t| !t.trim().is_empty()))
    };
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
                <label class="wide">"Players, one per line, in the game's order" <textarea rows="8" data-testid="players" prop:value=players on:input=move |ev| players.set(event_target_value(&ev))></textarea></label>
                <label class="wide">"Deck: the card names, separated by commas" <textarea rows="3" data-testid="deck" prop:value=deck on:input=move |ev| deck.set(event_target_value(&ev))></textarea></label>
                {field("Seed", seed, "seed")}
                {field("Salt (64 hex digits)", salt, "salt")}
                <label class="wide">"Published commitment" <input data-testid="published" prop:value=published on:input=move |ev| published.set(event_target_value(&ev))/></label>
            </form>
            <div aria-live="polite" inner_html=move || {
                let mut h = Html::default();
                if !started() {
                    h.el("p", " class=\"muted\"", "Enter the players, the deck, the seed, the salt and the published commitment.");
                    return h.done();
                }
                match result() {
                    Ok((true, c, cards)) => {
                        h.raw("<p class=\"ok\" data-testid=\"match\"><strong>It matches:</strong> this deal is the one committed to at the start.</p><p>")
                            .el("code", " data-testid=\"commitment\"", &c)
                            .raw("</p>");
                        let rows: Vec<(String, Vec<String>)> = cards.into_iter().map(|(n, c)| (String::new(), vec![n, c.name().to_string()])).collect();
                        h.table("", "The deal", &["Player", "Card"], &rows);
                    }
                    Ok((false, c, _)) => {
                        h.raw("<p class=\"error\" data-testid=\"match\"><strong>It does NOT match</strong> the published commitment. These inputs hash to:</p><p>")
                            .el("code", " data-testid=\"commitment\"", &c)
                            .raw("</p>");
                    }
                    Err(e) => {
                        h.el("p", " class=\"error\" data-testid=\"verify-problem\"", &e);
                    }
                }
                h.done()
            }></div>
        </section>
    }
}
