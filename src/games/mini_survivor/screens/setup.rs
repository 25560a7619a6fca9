//! Setup. With a game open: that game's settings, and the way to start
//! another. A new game starts in one of three ways: dealt from a seed (R1),
//! from a position entered by hand (a game already under way: who is
//! where, removed tribes, outcasts, idols, garnets, purchases, the round;
//! the engine reads the texts, `mini_survivor::entry`), or from a
//! rules-case file (`cases/FORMAT.md`). Every check is the engine's.

use super::super::app::import_case;
use super::super::report_view::options_html;
use super::super::state::{Ctx, Screen};
use crate::shell::html::esc;
use crate::shell::io;
use crate::shell::page::import;
use crate::shell::paste::paste_into;
use crate::shell::signup::{self, SignupBox};
use leptos::prelude::*;
use mini_survivor::entry::{
    PositionEntry, lineup_text, players_text, position_from_entry, position_setup,
};
use mini_survivor::save::GameFile;
use mini_survivor::tribe::GEMSTONES;
use mini_survivor::{
    Adjacency, Game, Grid, Options, Origin, OutcastWithoutMove, Roster, Setup, deal,
};
use std::collections::BTreeMap;

fn lines(s: &str) -> Vec<String> {
    s.lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Default player names: 12 whose first 3 letters differ (R3.2).
const NAMES: &str =
    "Ash\nBirch\nCedar\nDune\nEmber\nFern\nGale\nHeath\nIris\nJuniper\nKestrel\nLark";

/// What the Setup screen shows.
#[derive(Copy, Clone, Eq, PartialEq)]
enum Mode {
    /// The open game's settings.
    Game,
    /// A new game dealt from a seed.
    Deal,
    /// A new game from a position entered by hand.
    Position,
    /// A new game from a rules-case file.
    Case,
}

#[component]
pub fn Setup() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let has_game = ctx.live.with_untracked(|l| l.is_some());
    let mode = RwSignal::new(if has_game { Mode::Game } else { Mode::Deal });
    let name = RwSignal::new("New game".to_string());
    let players = RwSignal::new(NAMES.to_string());
    let per_player = RwSignal::new("5".to_string());
    let rows = RwSignal::new("3".to_string());
    let cols = RwSignal::new("4".to_string());
    let tribe_names = RwSignal::new(GEMSTONES[..12].join("\n"));
    let adjacency = RwSignal::new(Adjacency::Orthogonal);
    let announce_idols = RwSignal::new(true);
    let outcasts = RwSignal::new(OutcastWithoutMove::Random);
    let seed = RwSignal::new(String::new());
    let garnets = RwSignal::new(BTreeMap::<String, String>::new());
    let round = RwSignal::new("1".to_string());
    let lineup = RwSignal::new(String::new());
    let holdings = RwSignal::new(String::new());
    let case_text = RwSignal::new(String::new());

    let grid = move || -> Result<Grid, String> {
        let r: u32 = rows
            .get()
            .trim()
            .parse()
            .map_err(|_| "rows must be a whole number".to_string())?;
        let c: u32 = cols
            .get()
            .trim()
            .parse()
            .map_err(|_| "columns must be a whole number".to_string())?;
        Grid::new(r, c).map_err(|e| e.to_string())
    };
    // Keep the default names in step with the grid size unless they were edited.
    Effect::new(move |_| {
        if let Ok(g) = grid() {
            let current = lines(&tribe_names.get_untracked());
            if current.iter().zip(GEMSTONES.iter()).all(|(a, b)| a == b) && current.len() != g.len()
            {
                tribe_names.set(GEMSTONES[..g.len()].join("\n"));
            }
        }
    });
    let list = signup::list_of(move || players.get());
    let roster = move || {
        list.with(|l| match l.too_long {
            Some(t) => Err(format!("players: {t}")),
            None => Roster::new(l.names.iter().map(|(_, n)| n.as_str())).map_err(|e| e.to_string()),
        })
    };
    // The game the form describes; seed 0 when blank (a random one is
    // drawn when the game starts).
    let game = move || -> Result<Game, String> {
        let seed_text = seed.get();
        let seed = if seed_text.trim().is_empty() {
            0
        } else {
            seed_text.trim().parse::<u64>().map_err(|_| {
                "the seed must be a whole number from 0 to 18446744073709551615".to_string()
            })?
        };
        let options = Options {
            adjacency: adjacency.get(),
            announce_idols: announce_idols.get(),
            outcast_without_move: outcasts.get(),
        };
        let mut s = Setup::new(roster()?, grid()?, options, seed);
        s.tribe_names = lines(&tribe_names.get());
        s.check().map_err(|e| e.to_string())?;
        if mode.get() == Mode::Position {
            let s = position_setup(s);
            let entry = PositionEntry {
                round: round
                    .get()
                    .trim()
                    .parse()
                    .map_err(|_| "the round must be a whole number".to_string())?,
                lineup: lineup.get(),
                players: holdings.get(),
            };
            let start = position_from_entry(&s, &entry).map_err(|e| e.to_string())?;
            return Ok(Game::new(s, start));
        }
        let per: usize = per_player
            .get()
            .trim()
            .parse()
            .map_err(|_| "survivors per player must be a whole number".to_string())?;
        let g = garnets.get();
        let mut balances = Vec::new();
        for n in s.players.names() {
            let v = g
                .get(n)
                .map(|v| v.trim())
                .filter(|v| !v.is_empty())
                .unwrap_or("0");
            balances.push(
                v.parse::<u32>()
                    .map_err(|_| format!("{n}'s garnets must be a whole number"))?,
            );
        }
        let start = deal(&s, per, &balances).map_err(|e| e.to_string())?;
        Ok(Game::new(s, start))
    };
    let problem = move || {
        if mode.get() == Mode::Position && lineup.with(|l| l.trim().is_empty()) {
            return Some("Enter the line-up: who is in which tribe.".to_string());
        }
        game().err()
    };
    let clashes = move || {
        roster()
            .map(|r| {
                r.prefix_clashes()
                    .into_iter()
                    .map(|(a, b)| format!("{} and {}", r.name(a), r.name(b)))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    };
    let begin = move |_| {
        let Ok(g) = game() else { return };
        let mut s = g.setup().clone();
        if seed.get_untracked().trim().is_empty() {
            s.seed = io::random_seed();
        }
        let dealt = s.origin == Origin::Deal;
        let start = if dealt {
            // The deal depends on the seed: deal again with the one drawn.
            s.salt = io::random_salt();
            let per = g.start().survivors().count() / s.players.len();
            let balances: Vec<u32> = s
                .players
                .ids()
                .map(|p| g.start().holdings(p).garnets)
                .collect();
            match deal(&s, per, &balances) {
                Ok(start) => start,
                Err(e) => return ctx.error(e.to_string()),
            }
        } else {
            g.start().clone()
        };
        let next = start.round();
        let game = Game::new(s, start);
        ctx.start(GameFile::of(&name.get_untracked(), &game), game);
        if dealt {
            ctx.say("Dealt. The secret roster and the round 1 line-up are on the Posts screen.");
            ctx.go(Screen::Posts);
        } else {
            ctx.say(format!(
                "Game started from the position entered: round {next} next"
            ));
            ctx.go(Screen::Board);
        }
    };
    // Fills the position form from the open game as it stands now.
    let from_open = move |_| {
        ctx.live.with_untracked(|l| {
            let Some(l) = l else { return };
            let s = l.game.setup();
            let pos = l.game.position();
            name.set(format!("{} (from round {})", l.name, pos.round()));
            players.set(s.players.names().join("\n"));
            rows.set(s.grid.rows().to_string());
            cols.set(s.grid.cols().to_string());
            tribe_names.set(s.tribe_names.join("\n"));
            adjacency.set(s.options.adjacency);
            announce_idols.set(s.options.announce_idols);
            outcasts.set(s.options.outcast_without_move);
            round.set(pos.round().to_string());
            lineup.set(lineup_text(s, pos));
            holdings.set(players_text(s, pos));
        });
        mode.set(Mode::Position);
    };
    let pick_case = move |ev: leptos::ev::Event| {
        crate::shell::ui::read_picked(ctx.shell, &ev, move |t| import(ctx, &t));
    };
    let field = |label: &'static str, sig: RwSignal<String>| view! { <label>{label} <input type="number" min="1" prop:value=sig on:input=move |ev| sig.set(event_target_value(&ev))/></label> };
    let area = |label: &'static str,
                sig: RwSignal<String>,
                id: &'static str,
                rows: &'static str| {
        view! {
            <label class="wide">{label}
                <textarea rows=rows spellcheck="false" data-testid=id prop:value=sig on:input=move |ev| sig.set(event_target_value(&ev)) on:paste=paste_into(sig)></textarea>
            </label>
        }
    };
    let modes = move || {
        let radio = move |m: Mode, label: &'static str, id: &'static str| {
            view! { <label><input type="radio" name="start" data-testid=id prop:checked=move || mode.get() == m on:change=move |_| mode.set(m)/>" " {label}</label> }
        };
        view! {
            <h2>"New game"</h2>
            <fieldset class="modes">
                <legend>"How does the game start?"</legend>
                {radio(Mode::Deal, "Deal from a seed (R1)", "mode-deal")}
                {radio(Mode::Position, "From a position: a game already under way", "mode-position")}
                {radio(Mode::Case, "From a case file", "mode-case")}
            </fieldset>
        }
    };
    let specific = move || {
        if mode.get() == Mode::Deal {
            view! {
                {field("Survivors per player", per_player)}
                <fieldset class="wide">
                    <legend>"Garnets brought from the wider game (R1.4)"</legend>
                    <div class="garnets">
                        {move || roster().map(|r| r.names().to_vec()).unwrap_or_default().into_iter().map(|n| {
                            let key = n.clone();
                            let key2 = n.clone();
                            view! {
                                <label>{n.clone()}
                                    <input type="number" min="0" class="small"
                                        prop:value=move || garnets.with(|g| g.get(&key).cloned().unwrap_or_default())
                                        on:input=move |ev| garnets.update(|g| { g.insert(key2.clone(), event_target_value(&ev)); })/>
                                </label>
                            }
                        }).collect_view()}
                    </div>
                </fieldset>
            }
            .into_any()
        } else {
            view! {
                {field("Round about to be played", round)}
                {area("Line-up: one line per tribe (its letter or name), then \"outcasts:\" and \"removed:\"; survivors as ID and player, separated by commas, e.g. A: 3 Ash, 7 Birch", lineup, "lineup", "10")}
                {area("Players who differ from 1 idol, 0 garnets: e.g. Ash: idols 0, garnets 5, bought 1 (R5.4); Dune: out 2 voting (fully eliminated then, R8.4); Fern: award 3 (R8.3 award already fixed)", holdings, "holdings", "6")}
            }
            .into_any()
        }
    };
    view! {
        <section class="setup">
            {move || match mode.get() {
                Mode::Game => view! {
                    <GameSettings/>
                    <super::players::PlayerEvents/>
                    <div class="row">
                        <button on:click=move |_| mode.set(Mode::Deal) data-testid="new-game">"Start another game"</button>
                        <button on:click=from_open data-testid="from-open">"Start another game from this one's position"</button>
                    </div>
                }.into_any(),
                Mode::Case => view! {
                    {modes}
                    <div class="form">
                        <p class="wide muted">"A rules-case file (the catalogue's format) holds a position and, maybe, rounds of orders: the game starts from its position, and its rounds come in as drafts, one round at a time. You can also drop the file anywhere on this page."</p>
                        <label class="file">"Case file" <input type="file" accept=".json,application/json" on:change=pick_case data-testid="case-file"/></label>
                        {area("Or paste it", case_text, "case-text", "10")}
                        <button class="primary" on:click=move |_| { import_case(ctx, &case_text.get_untracked()); } disabled=move || case_text.with(|t| t.trim().is_empty()) data-testid="start-case">"Start from this case"</button>
                    </div>
                }.into_any(),
                _ => view! {
                    {modes}
                    <form on:submit=|ev| ev.prevent_default() class="form">
                        <label>"Game name" <input prop:value=name on:input=move |ev| name.set(event_target_value(&ev))/></label>
                        <SignupBox label="Players: paste the sign-up list, one per line or separated by commas (R1.1)" testid="players" rows=12 list value=players set=move |v| players.set(v)/>
                        {move || {
                            let c = clashes();
                            (!c.is_empty()).then(|| view! {
                                <p class="warn" role="note" data-testid="clashes">"These names share their first 3 letters, so 3-letter guesses cannot tell them apart (R3.2): " {c.join("; ")}</p>
                            })
                        }}
                        <fieldset>
                            <legend>"Tribe grid (R1.2)"</legend>
                            {field("Rows", rows)}
                            {field("Columns", cols)}
                        </fieldset>
                        <label class="wide">"Tribe names, one per line, A first"
                            <textarea rows="6" prop:value=tribe_names on:input=move |ev| tribe_names.set(event_target_value(&ev)) on:paste=paste_into(tribe_names)></textarea>
                        </label>
                        <fieldset>
                            <legend>"Rule options"</legend>
                            <label>"Adjacency (R6.1) "
                                <select on:change=move |ev| adjacency.set(if event_target_value(&ev) == "diagonal" { Adjacency::Diagonal } else { Adjacency::Orthogonal })
                                    inner_html=move || options_html([("orthogonal".to_string(), "Sharing an edge"), ("diagonal".to_string(), "Edge or corner")], if adjacency.get() == Adjacency::Diagonal { "diagonal" } else { "orthogonal" })></select>
                            </label>
                            <label><input type="checkbox" prop:checked=announce_idols on:change=move |ev| announce_idols.set(event_target_checked(&ev))/> " Announce idols played (R5.6)"</label>
                            <label>"Outcast without a move (R6.7) "
                                <select on:change=move |ev| outcasts.set(if event_target_value(&ev) == "stay" { OutcastWithoutMove::Stay } else { OutcastWithoutMove::Random })
                                    inner_html=move || options_html([("random".to_string(), "Placed in a random tribe"), ("stay".to_string(), "Stays outcast")], if outcasts.get() == OutcastWithoutMove::Stay { "stay" } else { "random" })></select>
                            </label>
                        </fieldset>
                        <label>"Seed (blank: random) (R1.5)" <input inputmode="numeric" prop:value=seed on:input=move |ev| seed.set(event_target_value(&ev))/></label>
                        {specific}
                        {move || problem().map(|p| view! { <p class="error" role="alert" data-testid="setup-problem">{p}</p> })}
                        <button class="primary" on:click=begin disabled=move || problem().is_some() data-testid="deal">
                            {move || if mode.get() == Mode::Position { "Start from this position" } else { "Deal" }}
                        </button>
                    </form>
                }.into_any(),
            }}
        </section>
    }
}

/// The open game's settings (what the new-game form was filled with).
#[component]
fn GameSettings() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let html = move || {
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let s = l.game.setup();
            let o = s.options;
            let tribes: Vec<String> = s
                .grid
                .tribes()
                .map(|t| format!("{t} {}", s.tribe_name(t)))
                .collect();
            let items = [
                ("Name", l.name.clone()),
                (
                    "Started",
                    match s.origin {
                        Origin::Deal => format!(
                            "dealt from a seed, {} survivors per player",
                            l.game.start().survivors().count() / s.players.len()
                        ),
                        Origin::Position => format!(
                            "from a position at round {} (a game already under way)",
                            l.game.start().round()
                        ),
                    },
                ),
                ("Players", s.players.names().join(", ")),
                (
                    "Tribe grid",
                    format!("{} x {}: {}", s.grid.rows(), s.grid.cols(), tribes.join(", ")),
                ),
                (
                    "Rule options",
                    format!(
                        "adjacency (R6.1): {}; idols announced (R5.6): {}; outcast without a move (R6.7): {}",
                        if o.adjacency == Adjacency::Diagonal { "edge or corner" } else { "sharing an edge" },
                        if o.announce_idols { "yes" } else { "no" },
                        if o.outcast_without_move == OutcastWithoutMove::Stay { "stays outcast" } else { "placed in a random tribe" }
                    ),
                ),
            ];
            let mut h = String::from("<h2>This game</h2><dl class=\"settings\" data-testid=\"game-settings\">");
            for (k, v) in items {
                h.push_str(&format!("<dt>{k}</dt><dd>{}</dd>", esc(&v)));
            }
            h.push_str("</dl>");
            Some(h)
        })
    };
    view! { <div inner_html=html></div> }
}
