//! Setup: a new game (two players on this device, against the AI at a
//! level and in a colour of the player's choice, or by forum), its names
//! and rule options (C5.3, C6.2); or a game file imported.

use super::super::state::{Ctx, Screen, mode_text};
use super::play::Said;
use crate::shell::io;
use crate::shell::page::import;
use console_core::Session;
use leptos::prelude::*;
use survival_circle::ai::Level;
use survival_circle::{Game, Mode, OpponentLanding, Options, OwnLanding, Player, Players};

/// How the new game is played (the form's choice).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Kind {
    HotSeat,
    Ai,
    Forum,
}

#[component]
pub fn Setup() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let kind = RwSignal::new(Kind::HotSeat);
    let name = RwSignal::new(String::new());
    let blue = RwSignal::new(String::new());
    let red = RwSignal::new(String::new());
    let level = RwSignal::new(Level::Medium);
    let human = RwSignal::new(Player::Blue);
    let own = RwSignal::new(OwnLanding::Discard);
    let opponent = RwSignal::new(OpponentLanding::Discard);
    let begin = move |_| {
        let k = kind.get_untracked();
        let lvl = level.get_untracked();
        let me = human.get_untracked();
        let typed = |s: RwSignal<String>, p: Player| {
            let t = s.get_untracked().trim().to_string();
            if t.is_empty() {
                p.name().to_string()
            } else {
                t
            }
        };
        let (mode, players) = match k {
            Kind::HotSeat => (
                Mode::HotSeat,
                Players {
                    blue: typed(blue, Player::Blue),
                    red: typed(red, Player::Red),
                },
            ),
            Kind::Forum => (
                Mode::Forum,
                Players {
                    blue: typed(blue, Player::Blue),
                    red: typed(red, Player::Red),
                },
            ),
            Kind::Ai => {
                let you = typed(blue, me);
                let ai = format!("AI ({})", lvl.label());
                let players = match me {
                    Player::Blue => Players { blue: you, red: ai },
                    Player::Red => Players { blue: ai, red: you },
                };
                (
                    Mode::VsAi {
                        ai: me.other(),
                        level: lvl,
                    },
                    players,
                )
            }
        };
        let options = Options {
            own_landing: own.get_untracked(),
            opponent_landing: opponent.get_untracked(),
        };
        let mut game = Game::new(options, players, mode, io::random_seed());
        let n = name.get_untracked().trim().to_string();
        game.name = if n.is_empty() {
            format!("{} v {}", game.players.blue, game.players.red)
        } else {
            n
        };
        let what = game.name.clone();
        ctx.start(survival_circle::save::GameFile::of(&game), game);
        ctx.go(if k == Kind::Forum {
            Screen::Forum
        } else {
            Screen::Play
        });
        ctx.say(format!(
            "New game: {what}. Blue moves first; the first token lands on cell 0."
        ));
    };
    let pick = move |ev: leptos::ev::Event| {
        crate::shell::ui::read_picked(ctx.shell, &ev, move |t| import(ctx, &t));
    };
    let radio = move |k: Kind, label: &'static str, id: &'static str| {
        view! { <label><input type="radio" name="kind" data-testid=id prop:checked=move || kind.get() == k on:change=move |_| kind.set(k)/>" " {label}</label> }
    };
    let text = |label: &'static str,
                sig: RwSignal<String>,
                id: &'static str,
                placeholder: &'static str| {
        view! {
            <label>{label}<input data-testid=id placeholder=placeholder prop:value=sig on:input=move |ev| sig.set(event_target_value(&ev))/></label>
        }
    };
    view! {
        <section class="setup">
            <Said/>
            <ThisGame/>
            <h2>"New game"</h2>
            <form on:submit=|ev| ev.prevent_default() class="form">
                <fieldset class="wide">
                    <legend>"How is it played?"</legend>
                    {radio(Kind::HotSeat, "Two players on this device", "kind-hotseat")}
                    {radio(Kind::Ai, "Against the AI", "kind-ai")}
                    {radio(Kind::Forum, "By forum or Discord (paste moves, post positions)", "kind-forum")}
                </fieldset>
                {text("Game name", name, "game-name", "e.g. Ann v Bob")}
                {move || if kind.get() == Kind::Ai {
                    view! {
                        {text("Your name", blue, "name-you", "You")}
                        <fieldset>
                            <legend>"You play"</legend>
                            <label><input type="radio" name="colour" data-testid="you-blue" prop:checked=move || human.get() == Player::Blue on:change=move |_| human.set(Player::Blue)/>" Blue (moves first)"</label>
                            <label><input type="radio" name="colour" data-testid="you-red" prop:checked=move || human.get() == Player::Red on:change=move |_| human.set(Player::Red)/>" Red"</label>
                        </fieldset>
                        <label class="wide level">"AI level"
                            <select data-testid="level" on:change=move |ev| {
                                let v = event_target_value(&ev);
                                if let Some(l) = Level::ALL.into_iter().find(|l| l.label() == v) { level.set(l) }
                            }>
                                {Level::ALL.into_iter().map(|l| view! {
                                    <option value=l.label() selected=move || level.get() == l>{move || level_text(l, ctx.think_ms.get())}</option>
                                }).collect_view()}
                            </select>
                        </label>
                        <p class="wide muted small" data-testid="level-time">{move || format!(
                            "The Strongest level searches for {} per move (the time is set on the Play screen, kept in this browser); the others do not depend on it.",
                            seconds(ctx.think_ms.get())
                        )}</p>
                    }.into_any()
                } else {
                    view! {
                        {text("Blue's name (moves first)", blue, "name-blue", "Blue")}
                        {text("Red's name", red, "name-red", "Red")}
                    }.into_any()
                }}
                <fieldset class="wide">
                    <legend>"Rule options"</legend>
                    <label>"Landing on one's own token (C5.3) "
                        <select data-testid="own-landing" on:change=move |ev| own.set(if event_target_value(&ev) == "place" { OwnLanding::Place } else { OwnLanding::Discard })>
                            <option value="discard" selected=move || own.get() == OwnLanding::Discard>"The played token is removed too (ruling)"</option>
                            <option value="place" selected=move || own.get() == OwnLanding::Place>"The played token is placed there"</option>
                        </select>
                    </label>
                    <label>"Landing on an opposing token (C6.2) "
                        <select data-testid="opponent-landing" on:change=move |ev| opponent.set(if event_target_value(&ev) == "replace_single" { OpponentLanding::ReplaceSingle } else { OpponentLanding::Discard })>
                            <option value="discard" selected=move || opponent.get() == OpponentLanding::Discard>"The played token is removed (ruling)"</option>
                            <option value="replace_single" selected=move || opponent.get() == OpponentLanding::ReplaceSingle>"A lone opposing token is replaced"</option>
                        </select>
                    </label>
                </fieldset>
                <button class="primary" on:click=begin data-testid="start">"Start the game"</button>
            </form>
            <h2>"Import a game"</h2>
            <p class="muted">"A game file exported from this page (or dropped anywhere on it)."</p>
            <label class="file">"Game file" <input type="file" accept=".json,application/json" on:change=pick data-testid="import-file"/></label>
        </section>
    }
}

/// `think_ms` milliseconds in words: `1 s`, `0.3 s`.
fn seconds(think_ms: u32) -> String {
    format!("{} s", f64::from(think_ms) / 1000.0)
}

/// A level as the form offers it; the Strongest level's time per move is
/// `think_ms` milliseconds.
fn level_text(l: Level, think_ms: u32) -> String {
    let how = match l {
        Level::Beginner => "looks 1 turn ahead, often errs".to_string(),
        Level::Easy => "2 turns ahead, errs".to_string(),
        Level::Medium => "4 turns ahead, errs a little".to_string(),
        Level::Hard => "full search, 8 turns deep".to_string(),
        Level::Strongest => format!("full search, {} per move", seconds(think_ms)),
    };
    format!("{}: {how}", l.label())
}

/// The open game's settings.
#[component]
fn ThisGame() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        ctx.with_game(|g| {
            let o = g.options();
            let items = [
                ("Name", g.name.clone()),
                ("Players", format!("Blue: {}; Red: {}", g.players.blue, g.players.red)),
                ("Mode", mode_text(g)),
                ("Where it stands", g.status()),
                (
                    "Rule options",
                    format!(
                        "own token (C5.3): {}; opposing token (C6.2): {}",
                        if o.own_landing == OwnLanding::Place { "placed" } else { "removed (ruling)" },
                        if o.opponent_landing == OpponentLanding::ReplaceSingle { "lone token replaced" } else { "removed (ruling)" }
                    ),
                ),
            ];
            view! {
                <h2>"This game"</h2>
                <dl class="settings" data-testid="game-settings">
                    {items.into_iter().map(|(k, v)| view! { <dt>{k}</dt><dd>{v}</dd> }).collect_view()}
                </dl>
            }
        })
    }
}
