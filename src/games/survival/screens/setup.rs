//! Setup (S1). With a game open: that game's settings and commitment, and
//! the way to start another. A new game: the player list pasted, the
//! edition, the deck (Evil Forces with the S1.3 default, the Special
//! Forces), the Spotlight holder (S1.5), every rule option, the seed or a
//! random one; the deal. Every check is the engine's: an impossible deck
//! is refused with its reason.

use super::super::app::import;
use super::super::html::Html;
use super::super::state::{Ctx, Screen, option_lines};
use crate::shell::io;
use leptos::prelude::*;
use survival::commitment::commitment;
use survival::options::{Discovery, EvilWinsAt, SecondTie, VoteRule};
use survival::roster::sort_small_by_key;
use survival::setup::{build_deck, default_evil};
use survival::{Card, DealSpec, Edition, Game, Options, deal};
use wasm_bindgen::JsCast;

/// The names of a pasted list: one per line, or separated by commas; a
/// leading list mark or number (`- Ann`, `3. Bob`) is dropped.
fn player_names(text: &str) -> Vec<String> {
    text.split(['\n', ','])
        .map(|l| {
            let t = l.trim();
            let t = t.trim_start_matches(['-', '*', '•']).trim_start();
            let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let t = if digits > 0 && t[digits..].starts_with(['.', ')']) {
                t[digits + 1..].trim_start()
            } else {
                t
            };
            t.to_string()
        })
        .filter(|l| !l.is_empty())
        .collect()
}

const NAMES: [&str; 12] = [
    "Aurora", "Basil", "Cobalt", "Dahlia", "Ember", "Fjord", "Garnet", "Hazel", "Indigo",
    "Juniper", "Kestrel", "Lumen",
];

#[component]
pub fn Setup() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let fresh = RwSignal::new(ctx.live.with_untracked(|l| l.is_none()));
    view! {
        <section class="setup">
            {move || (!fresh.get()).then(|| view! {
                <GameSettings/>
                <div class="row">
                    <button on:click=move |_| fresh.set(true) data-testid="new-game">"Start another game"</button>
                </div>
            })}
            <Show when=move || fresh.get()>
                <NewGame/>
            </Show>
        </section>
    }
}

#[component]
fn NewGame() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let name = RwSignal::new("New game".to_string());
    let players = RwSignal::new(NAMES.join("\n"));
    let edition = RwSignal::new(Edition::Advanced);
    let evil = RwSignal::new(String::new());
    let specials = RwSignal::new(Card::BASIC_SPECIAL.to_vec());
    let spotlight = RwSignal::new(String::new());
    let options = RwSignal::new(Options::default());
    let seed = RwSignal::new(String::new());
    let names = Memo::new(move |_| players.with(|p| player_names(p)));
    // The spec with seed 0 when blank (a random one is drawn at the deal).
    let spec = move || -> Result<DealSpec, String> {
        let seed_text = seed.get();
        let seed = match seed_text.trim() {
            "" => 0,
            t => t.parse::<u64>().map_err(|_| {
                "the seed must be a whole number from 0 to 18446744073709551615".to_string()
            })?,
        };
        let evil = match evil.get().trim() {
            "" => None,
            t => Some(t.parse::<usize>().map_err(|_| {
                format!("the number of Evil Forces must be a whole number, not {t:?}")
            })?),
        };
        Ok(DealSpec {
            players: names.get(),
            edition: edition.get(),
            evil,
            specials: specials.get(),
            spotlight: Some(spotlight.get()).filter(|s| !s.is_empty()),
            options: options.get(),
            seed,
            salt: Default::default(),
        })
    };
    let checked = move || spec().and_then(|s| deal(&s).map(|_| s).map_err(|e| e.to_string()));
    let deck_text = move || {
        let s = spec().ok()?;
        let deck = build_deck(s.players.len(), s.edition, s.evil_count(), &s.specials).ok()?;
        let evil: Vec<&str> = deck
            .iter()
            .filter(|c| c.is_evil())
            .map(|c| c.name())
            .collect();
        let special: Vec<&str> = deck
            .iter()
            .filter(|c| Card::SPECIAL.contains(c))
            .map(|c| c.name())
            .collect();
        let elements = deck.len() - evil.len() - special.len();
        Some(format!(
            "The deck: {} Evil Force{} ({}), {} Special Force{}{}, {} Element{} for Survival.",
            evil.len(),
            if evil.len() == 1 { "" } else { "s" },
            evil.join(", "),
            special.len(),
            if special.len() == 1 { "" } else { "s" },
            if special.is_empty() {
                String::new()
            } else {
                format!(" ({})", special.join(", "))
            },
            elements,
            if elements == 1 { "" } else { "s" },
        ))
    };
    let begin = move |_| {
        let Ok(mut s) = checked() else { return };
        if seed.get_untracked().trim().is_empty() {
            s.seed = io::random_seed();
        }
        s.salt = io::random_salt();
        match deal(&s) {
            Ok(d) => {
                ctx.start(name.get_untracked(), s, Game::from_deal(d));
                ctx.say("Dealt. The deal post with its commitment and every player's card message are on the Posts screen.");
                ctx.go(Screen::Posts);
            }
            Err(e) => ctx.error(e.to_string()),
        }
    };
    let pick_file = move |ev: leptos::ev::Event| {
        let file = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|i| i.files())
            .and_then(|f| f.get(0));
        if let Some(f) = file {
            crate::shell::ui::read_file(ctx.shell, f, move |t| import(ctx, &t));
        }
    };
    let opt = move |label: &'static str,
                    id: &'static str,
                    choices: [(&'static str, &'static str); 2],
                    get: fn(&Options) -> bool,
                    set: fn(&mut Options, bool)| {
        view! {
            <label>{label}
                <select data-testid=id on:change=move |ev| { let v = event_target_value(&ev) == choices[1].0; options.update(|o| set(o, v)); }>
                    <option value=choices[0].0 selected=move || !options.with(get)>{choices[0].1}</option>
                    <option value=choices[1].0 selected=move || options.with(get)>{choices[1].1}</option>
                </select>
            </label>
        }
    };
    view! {
        <h2>"New game"</h2>
        <form class="form" on:submit=|ev| ev.prevent_default()>
            <label>"Game name" <input prop:value=name on:input=move |ev| name.set(event_target_value(&ev)) data-testid="name"/></label>
            <label class="file">"Or open an exported game file" <input type="file" accept=".json,application/json" on:change=pick_file data-testid="game-file"/></label>
            <label class="wide">"Players: paste the sign-up list, one per line or separated by commas (S1.1)"
                <textarea rows="10" spellcheck="false" prop:value=players on:input=move |ev| players.set(event_target_value(&ev)) data-testid="players"></textarea>
            </label>
            <p class="wide muted" data-testid="player-count">{move || format!("{} players", names.with(Vec::len))}</p>
            <fieldset>
                <legend>"Edition (S1.3)"</legend>
                <label><input type="radio" name="edition" data-testid="edition-basic" prop:checked=move || edition.get() == Edition::Basic on:change=move |_| edition.set(Edition::Basic)/>" Basic: Scientist, Forest Ranger, Green Activist; no Spotlight"</label>
                <label><input type="radio" name="edition" data-testid="edition-advanced" prop:checked=move || edition.get() == Edition::Advanced on:change=move |_| edition.set(Edition::Advanced)/>" Advanced: every Special Force and the Spotlight"</label>
            </fieldset>
            <label>"Evil Forces (blank: the S1.3 default)"
                <input type="number" min="1" max="6" inputmode="numeric" data-testid="evil"
                    placeholder=move || format!("{} for {} players", default_evil(names.with(Vec::len)), names.with(Vec::len))
                    prop:value=evil on:input=move |ev| evil.set(event_target_value(&ev))/>
            </label>
            <fieldset class="wide">
                <legend>"Special Forces in play (S1.2)"</legend>
                {Card::SPECIAL.into_iter().map(|c| view! {
                    <label><input type="checkbox" data-card=c.name()
                        prop:checked=move || specials.with(|s| s.contains(&c))
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            specials.update(|s| {
                                s.retain(|x| *x != c);
                                if on { s.push(c); sort_small_by_key(s, |c| *c); }
                            });
                        }/>" " {c.name()}</label>
                }).collect_view()}
            </fieldset>
            <label>"Spotlight holder, chosen by the players before the deal (S1.5)"
                <select data-testid="spotlight" on:change=move |ev| spotlight.set(event_target_value(&ev))>
                    <option value="" selected=move || spotlight.with(String::is_empty)>"No one"</option>
                    {move || names.get().into_iter().map(|n| {
                        let (m, v) = (n.clone(), n.clone());
                        view! { <option value=v selected=move || spotlight.with(|s| *s == m)>{n}</option> }
                    }).collect_view()}
                </select>
            </label>
            <fieldset class="wide">
                <legend>"Rule options"</legend>
                {opt("How the day decides (S5.5) ", "opt-vote", [("plurality", "Most votes at the deadline"), ("majority", "Majority: ends when a candidate has more than half")], |o| o.vote_rule == VoteRule::Majority, |o, v| o.vote_rule = if v { VoteRule::Majority } else { VoteRule::Plurality })}
                {opt("A revote that ties again (S6.4) ", "opt-second-tie", [("lot", "Settled by lot"), ("none", "No elimination")], |o| o.second_tie == SecondTie::None, |o, v| o.second_tie = if v { SecondTie::None } else { SecondTie::Lot })}
                {opt("Evil wins at (S8.1) ", "opt-evil-wins", [("parity", "Parity: as many as the rest"), ("majority", "Majority: more than the rest")], |o| o.evil_wins_at == EvilWinsAt::Majority, |o, v| o.evil_wins_at = if v { EvilWinsAt::Majority } else { EvilWinsAt::Parity })}
                {opt("An exposed, watching Green Activist (S3.4) ", "opt-discovery", [("expose", "Is eliminated"), ("never", "Is never eliminated")], |o| o.green_activist_discovery == Discovery::Never, |o, v| o.green_activist_discovery = if v { Discovery::Never } else { Discovery::Expose })}
                <label><input type="checkbox" data-testid="opt-reveal" prop:checked=move || options.with(|o| o.reveal_cards) on:change=move |ev| options.update(|o| o.reveal_cards = event_target_checked(&ev))/>" Posts reveal an eliminated player's card (S9.1)"</label>
            </fieldset>
            <label>"Seed (blank: random) (S1.6)" <input inputmode="numeric" data-testid="seed" prop:value=seed on:input=move |ev| seed.set(event_target_value(&ev))/></label>
            <p class="wide" data-testid="deck">{deck_text}</p>
            {move || spec().ok().map(|s| s.warnings()).filter(|w| !w.is_empty()).map(|w| view! {
                <p class="wide warn" role="note" data-testid="setup-warning">{w.join("; ")}</p>
            })}
            {move || checked().err().map(|e| view! { <p class="wide error" role="alert" data-testid="setup-problem">{format!("Cannot deal: {e}")}</p> })}
            <div class="wide"><button class="primary" on:click=begin disabled=move || checked().is_err() data-testid="deal">"Deal"</button></div>
        </form>
    }
}

/// The open game's settings and its deal commitment.
#[component]
fn GameSettings() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let html = move || {
        ctx.live
            .with(|l| {
                let l = l.as_ref()?;
                let s = l.game.setup();
                let specials: Vec<&str> = s
                    .deck()
                    .into_iter()
                    .filter(|c| Card::SPECIAL.contains(c))
                    .map(|c| c.name())
                    .collect();
                let evil = s.cards.iter().filter(|c| c.is_evil()).count();
                let spot = l
                    .game
                    .start()
                    .spotlight()
                    .map_or("no one", |p| s.roster.name(p));
                let rows = [
                    ("Name", l.name.clone()),
                    (
                        "Players",
                        format!("{}: {}", s.roster.len(), s.roster.names().join(", ")),
                    ),
                    (
                        "Edition",
                        if s.edition == Edition::Basic {
                            "basic"
                        } else {
                            "advanced"
                        }
                        .to_string(),
                    ),
                    (
                        "Deck",
                        format!(
                            "{evil} Evil Forces; Special Forces: {}",
                            if specials.is_empty() {
                                "none".to_string()
                            } else {
                                specials.join(", ")
                            }
                        ),
                    ),
                    ("Spotlight at the deal", spot.to_string()),
                    ("Options", option_lines(&s.options).join("; ")),
                ];
                let mut h = Html::default();
                h.raw("<dl class=\"settings\" data-testid=\"game-settings\">");
                for (k, v) in rows {
                    h.el("dt", "", k).el("dd", "", &v);
                }
                h.el("dt", "", "Deal commitment (S1.6)")
                    .raw("<dd>")
                    .el("code", " data-testid=\"commitment\"", &commitment(s))
                    .raw("</dd></dl>");
                Some(h.done())
            })
            .unwrap_or_default()
    };
    view! {
        <h2>"This game"</h2>
        <div inner_html=html></div>
    }
}
