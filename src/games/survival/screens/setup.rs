//! Setup (S1). With a game open: that game's settings and commitment, and
//! the way to start another. A new game: the player list pasted, the
//! edition, the deck (Evil Forces with the S1.3 default, the Special
//! Forces), the Spotlight holder (S1.5), every rule option, the seed or a
//! random one; the deal. Every check is the engine's: an impossible deck
//! is refused with its reason.

use super::super::state::{Ctx, Screen, list, option_lines};
use crate::shell::html::{Html, attr};
use crate::shell::io;
use crate::shell::page::import;
use crate::shell::signup::{self, SignupBox};
use console_core::text::sort_small;
use leptos::prelude::*;
use survival::commitment::commitment;
use survival::options::{
    Discovery, EvilWinsAt, InvalidVote, Reading, SecondTie, SignatureVotes, VoteBold, VotePlace,
    VoteRule,
};
use survival::roster::{MAX_PLAYERS, MIN_PLAYERS};
use survival::setup::{build_deck, default_evil};
use survival::{Card, DealSpec, Edition, Game, Options, deal};

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
            {move || fresh.get().then(NewGame)}
        </section>
    }
}

/// The new-game form's fields.
#[derive(Clone)]
struct Form {
    name: String,
    players: String,
    advanced: bool,
    evil: String,
    specials: Vec<Card>,
    spotlight: String,
    options: Options,
    seed: String,
}

/// A field of the form: how to read and write it.
type FieldGet<T> = fn(&Form) -> T;
type FieldSet<T> = fn(&mut Form, T);

/// A text box (or a text area) bound to a field.
fn text(
    form: RwSignal<Form>,
    label: &'static str,
    testid: &'static str,
    get: FieldGet<String>,
    set: FieldSet<String>,
) -> AnyView {
    let value = move || form.with(get);
    let input = move |ev: leptos::ev::Event| form.update(|f| set(f, event_target_value(&ev)));
    view! { <label>{label}<input data-testid=testid prop:value=value on:input=input/></label> }
        .into_any()
}

/// A choice between two values of a field.
fn pick(
    form: RwSignal<Form>,
    label: &'static str,
    testid: &'static str,
    choices: [(&'static str, &'static str); 2],
    get: FieldGet<bool>,
    set: FieldSet<bool>,
) -> AnyView {
    view! {
        <label>{label}
            <select data-testid=testid on:change=move |ev| { let v = event_target_value(&ev) == choices[1].0; form.update(|f| set(f, v)); }>
                <option value=choices[0].0 selected=move || !form.with(get)>{choices[0].1}</option>
                <option value=choices[1].0 selected=move || form.with(get)>{choices[1].1}</option>
            </select>
        </label>
    }
    .into_any()
}

/// A Special Force's checkbox.
fn special(form: RwSignal<Form>, c: Card) -> AnyView {
    view! {
        <label><input type="checkbox" data-card=c.name()
            prop:checked=move || form.with(|f| f.specials.contains(&c))
            on:change=move |ev| {
                let on = event_target_checked(&ev);
                form.update(|f| {
                    f.specials.retain(|x| *x != c);
                    if on {
                        f.specials.push(c);
                        sort_small(&mut f.specials, |c| *c);
                    }
                });
            }/>" " {c.name()}</label>
    }
    .into_any()
}

#[component]
fn NewGame() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let form = RwSignal::new(Form {
        name: "New game".to_string(),
        players: NAMES.join("\n"),
        advanced: true,
        evil: String::new(),
        specials: Card::BASIC_SPECIAL.to_vec(),
        spotlight: String::new(),
        options: Options::default(),
        seed: String::new(),
    });
    let list = signup::list_of(move || form.with(|f| f.players.clone()));
    // How many names the list holds, and the names when a game can have
    // that many (S1.1): a list of thousands is answered by its count
    // alone, not copied name by name on every change.
    let count = Memo::new(move |_| list.with(|l| l.names.len()));
    let names = Memo::new(move |_| {
        list.with(|l| {
            if l.names.len() <= MAX_PLAYERS {
                l.names()
            } else {
                Vec::new()
            }
        })
    });
    // The spec with seed 0 when blank (a random one is drawn at the deal),
    // and what the engine says of it.
    let checked = Memo::new(move |_| -> Result<DealSpec, String> {
        if let Some(t) = list.with(|l| l.too_long) {
            return Err(format!("players: {t}"));
        }
        if count.get() > MAX_PLAYERS {
            return Err(survival::roster::RosterError::TooMany(count.get()).to_string());
        }
        if let Some(p) = list.with(|l| l.name_problems(MIN_PLAYERS..=MAX_PLAYERS)) {
            return Err(p);
        }
        let f = form.get();
        let seed = match f.seed.trim() {
            "" => 0,
            t => t.parse::<u64>().map_err(|_| {
                "the seed must be a whole number from 0 to 18446744073709551615".to_string()
            })?,
        };
        let evil = match f.evil.trim() {
            "" => None,
            t => Some(t.parse::<usize>().map_err(|_| {
                format!("the number of Evil Forces must be a whole number, not {t:?}")
            })?),
        };
        let spec = DealSpec {
            nicknames: Vec::new(),
            no_guess: Vec::new(),
            players: names.get(),
            edition: if f.advanced {
                Edition::Advanced
            } else {
                Edition::Basic
            },
            evil,
            specials: f.specials,
            spotlight: Some(f.spotlight).filter(|s| !s.is_empty()),
            options: f.options,
            seed,
            salt: Default::default(),
        };
        deal(&spec).map_err(|e| e.to_string())?;
        Ok(spec)
    });
    let deck_text = move || {
        checked.with(|s| {
            let s = s.as_ref().ok()?;
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
            let mut out = format!(
                "The deck: {} Evil Forces ({}), Special Forces: {}, {} Elements for Survival.",
                evil.len(),
                evil.join(", "),
                if special.is_empty() {
                    "none".to_string()
                } else {
                    special.join(", ")
                },
                deck.len() - evil.len() - special.len(),
            );
            for w in s.warnings() {
                out.push_str(&format!(" Note: {w}."));
            }
            Some(out)
        })
    };
    let begin = move |_| {
        let Ok(mut s) = checked.get_untracked() else {
            return;
        };
        let f = form.get_untracked();
        if f.seed.trim().is_empty() {
            s.seed = io::random_seed();
        }
        s.salt = io::random_salt();
        match deal(&s) {
            Ok(d) => {
                ctx.deal(f.name, s, Game::from_deal(d));
                ctx.say("Dealt. The deal post with its commitment and every player's card message are on the Posts screen.");
                ctx.go(Screen::Posts);
            }
            Err(e) => ctx.error(e.to_string()),
        }
    };
    let pick_file = move |ev: leptos::ev::Event| {
        crate::shell::ui::read_picked(ctx.shell, &ev, move |t| import(ctx, &t));
    };
    let spotlight = move || {
        let now = form.with(|f| f.spotlight.clone());
        let mut h = Html::default();
        h.el(
            "option",
            if now.is_empty() {
                " value=\"\" selected"
            } else {
                " value=\"\""
            },
            "No one",
        );
        // A list longer than a game can be (S1.1) offers no one: its
        // thousands of options would hold the page.
        names.with(|list| {
            for n in list {
                let sel = if *n == now { " selected" } else { "" };
                h.el("option", &format!("{}{sel}", attr("value", n)), n);
            }
        });
        h.done()
    };
    view! {
        <h2>"New game"</h2>
        <form class="form" on:submit=|ev| ev.prevent_default()>
            {text(form, "Game name", "name", |f| f.name.clone(), |f, v| f.name = v)}
            <label class="file">"Or open an exported game file" <input type="file" accept=".json,application/json" on:change=pick_file data-testid="game-file"/></label>
            <SignupBox label="Players: paste the sign-up list, one per line or separated by commas (S1.1)" testid="players" list
                value=Signal::derive(move || form.with(|f| f.players.clone())) set=move |v| form.update(|f| f.players = v)/>
            <p class="wide muted" data-testid="player-count">{move || match list.with(|l| l.too_long) {
                Some(t) => format!("No count: {t}"),
                None => format!("{} players; the S1.3 default is {} Evil Forces", count.get(), default_evil(count.get())),
            }}</p>
            {pick(form, "Edition (S1.3)", "edition", [("basic", "Basic: Scientist, Forest Ranger, Green Activist; no Spotlight"), ("advanced", "Advanced: every Special Force and the Spotlight")], |f| f.advanced, |f, v| f.advanced = v)}
            {text(form, "Evil Forces (blank: the S1.3 default)", "evil", |f| f.evil.clone(), |f, v| f.evil = v)}
            <fieldset class="wide">
                <legend>"Special Forces in play (S1.2)"</legend>
                {Card::SPECIAL.into_iter().map(|c| special(form, c)).collect_view()}
            </fieldset>
            <label>"Spotlight holder, chosen by the players before the deal (S1.5)"
                <select data-testid="spotlight" on:change=move |ev| form.update(|f| f.spotlight = event_target_value(&ev)) inner_html=spotlight></select>
            </label>
            <fieldset class="wide">
                <legend>"Rule options"</legend>
                {pick(form, "How the day decides (S5.5) ", "opt-vote", [("plurality", "Most votes at the deadline"), ("majority", "Majority: ends when a candidate has more than half")], |f| f.options.vote_rule == VoteRule::Majority, |f, v| f.options.vote_rule = if v { VoteRule::Majority } else { VoteRule::Plurality })}
                {pick(form, "A revote that ties again (S6.4) ", "opt-second-tie", [("lot", "Settled by lot"), ("none", "No elimination")], |f| f.options.second_tie == SecondTie::None, |f, v| f.options.second_tie = if v { SecondTie::None } else { SecondTie::Lot })}
                {pick(form, "Evil wins at (S8.1) ", "opt-evil-wins", [("parity", "Parity: as many as the rest"), ("majority", "Majority: more than the rest")], |f| f.options.evil_wins_at == EvilWinsAt::Majority, |f, v| f.options.evil_wins_at = if v { EvilWinsAt::Majority } else { EvilWinsAt::Parity })}
                {pick(form, "An exposed, watching Green Activist (S3.4) ", "opt-discovery", [("expose", "Is eliminated"), ("never", "Is never eliminated")], |f| f.options.green_activist_discovery == Discovery::Never, |f, v| f.options.green_activist_discovery = if v { Discovery::Never } else { Discovery::Expose })}
                {pick(form, "Posts name an eliminated player's card (S9.1) ", "opt-reveal", [("no", "No"), ("yes", "Yes")], |f| f.options.reveal_cards, |f, v| f.options.reveal_cards = v)}
            </fieldset>
            <fieldset class="wide">
                <legend>"House rules for reading the thread"</legend>
                {pick(form, "Votes must be bold (S5.3) ", "opt-vote-bold", [("optional", "No: bold or not"), ("required", "Yes: a vote or unvote in words counts only in bold (tags and bot commands count as they are)")], |f| f.options.vote_bold == VoteBold::Required, |f, v| f.options.vote_bold = if v { VoteBold::Required } else { VoteBold::Optional })}
                {pick(form, "Where a vote stands in its line (S5.3) ", "opt-vote-place", [("line_start", "At the start of its line (tags and commands anywhere)"), ("anywhere", "A bold vote may stand anywhere in its line")], |f| f.options.vote_place == VotePlace::Anywhere, |f, v| f.options.vote_place = if v { VotePlace::Anywhere } else { VotePlace::LineStart })}
                {pick(form, "A vote naming no candidate (S5.4) ", "opt-invalid-vote", [("keeps", "Leaves the voter's earlier vote standing"), ("withdraws", "Withdraws the voter's earlier vote, as an unvote")], |f| f.options.invalid_vote == InvalidVote::Withdraws, |f, v| f.options.invalid_vote = if v { InvalidVote::Withdraws } else { InvalidVote::Keeps })}
                {pick(form, "A vote in a player's signature, printed under every post (S5.3) ", "opt-signature-votes", [("ignored", "Ignored, listed with the reason"), ("counted", "Counted, as the post's text")], |f| f.options.signature_votes == SignatureVotes::Counted, |f, v| f.options.signature_votes = if v { SignatureVotes::Counted } else { SignatureVotes::Ignored })}
                {pick(form, "Votes for no elimination, no lynch, sleep (S5.6) ", "opt-no-elimination", [("off", "Rejected"), ("on", "Counted, as a candidate of their own")], |f| f.options.no_elimination, |f, v| f.options.no_elimination = v)}
                {pick(form, "Reading rules (S2.8) ", "opt-reading", [("2", "Edition 2: nicknames, guesses marked, every vote form"), ("1", "Edition 1: the first rules (full names and prefixes, vote NAME and [vote] only)")], |f| f.options.reading == Reading::First, |f, v| f.options.reading = if v { Reading::First } else { Reading::Second })}
            </fieldset>
            {text(form, "Seed (blank: random) (S1.6)", "seed", |f| f.seed.clone(), |f, v| f.seed = v)}
            <p class="wide" data-testid="deck">{deck_text}</p>
            <p class="wide error" role="alert" data-testid="setup-problem">{move || checked.with(|c| c.as_ref().err().map(|e| format!("Cannot deal: {e}")))}</p>
            <div class="wide"><button class="primary" on:click=begin disabled=move || checked.with(Result::is_err) data-testid="deal">"Deal"</button></div>
        </form>
    }
}

/// " (from day 2)" for an entry kept from a phase on, "" from the start.
fn from(phase: Option<survival::Phase>) -> String {
    phase.map(|p| format!(" (from {p})")).unwrap_or_default()
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
                    (
                        "Nicknames (S2.7)",
                        list(
                            &s.nicknames
                                .iter()
                                .map(|n| format!("{}: {}{}", n.nickname, n.player, from(n.from)))
                                .collect::<Vec<_>>(),
                        ),
                    ),
                    (
                        "Guesses refused (S2.7)",
                        list(
                            &s.no_guess
                                .iter()
                                .map(|n| format!("{}{}", n.text, from(n.from)))
                                .collect::<Vec<_>>(),
                        ),
                    ),
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
