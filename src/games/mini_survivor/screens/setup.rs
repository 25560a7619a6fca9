//! Setup: players, survivors, grid, tribe names, options, seed, garnets;
//! then the seeded deal (R1). Every check is the engine's.

use super::super::state::{Ctx, Live, Screen};
use crate::shell::io;
use leptos::prelude::*;
use mini_survivor::tribe::GEMSTONES;
use mini_survivor::{Adjacency, Game, Grid, Options, OutcastWithoutMove, Roster, Setup, deal};
use std::collections::BTreeMap;

fn lines(s: &str) -> Vec<String> {
    s.lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

#[component]
pub fn Setup() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let name = RwSignal::new("New game".to_string());
    let players = RwSignal::new(
        (1..=12)
            .map(|i| format!("Player {i}"))
            .collect::<Vec<_>>()
            .join("\n"),
    );
    let per_player = RwSignal::new("5".to_string());
    let rows = RwSignal::new("3".to_string());
    let cols = RwSignal::new("4".to_string());
    let tribe_names = RwSignal::new(GEMSTONES[..12].join("\n"));
    let adjacency = RwSignal::new(Adjacency::Orthogonal);
    let announce_idols = RwSignal::new(true);
    let outcasts = RwSignal::new(OutcastWithoutMove::Random);
    let seed = RwSignal::new(String::new());
    let garnets = RwSignal::new(BTreeMap::<String, String>::new());

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
    let roster = move || Roster::new(lines(&players.get())).map_err(|e| e.to_string());
    let setup = move || -> Result<(Setup, usize, Vec<u32>), String> {
        let roster = roster()?;
        let grid = grid()?;
        let per: usize = per_player
            .get()
            .trim()
            .parse()
            .map_err(|_| "survivors per player must be a whole number".to_string())?;
        let names = lines(&tribe_names.get());
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
        let mut s = Setup::new(roster, grid, options, seed);
        s.tribe_names = names;
        s.check().map_err(|e| e.to_string())?;
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
        Ok((s, per, balances))
    };
    let problem = move || {
        setup().err().or_else(|| {
            setup()
                .ok()
                .and_then(|(s, per, g)| deal(&s, per, &g).err().map(|e| e.to_string()))
        })
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
    let do_deal = move |_| {
        let Ok((mut s, per, balances)) = setup() else {
            return;
        };
        if seed.get_untracked().trim().is_empty() {
            s.seed = io::random_seed();
        }
        s.salt = io::random_salt();
        match deal(&s, per, &balances) {
            Ok(start) => {
                ctx.drafts.set(BTreeMap::new());
                ctx.bulk.set(String::new());
                ctx.live.set(Some(Live {
                    id: format!("{:016x}", io::random_seed()),
                    name: name.get_untracked(),
                    game: Game::new(s, start),
                    script: Vec::new(),
                    deadline: None,
                }));
                ctx.say(
                    "Dealt. The secret roster and the round 1 line-up are on the Posts screen.",
                );
                ctx.go(Screen::Posts);
            }
            Err(e) => ctx.error(e.to_string()),
        }
    };
    view! {
        <section class="setup">
            <h2>"New game"</h2>
            <form on:submit=|ev| ev.prevent_default() class="form">
                <label>"Game name" <input prop:value=name on:input=move |ev| name.set(event_target_value(&ev))/></label>
                <label class="wide">"Players, one per line"
                    <textarea rows="12" prop:value=players on:input=move |ev| players.set(event_target_value(&ev)) data-testid="players"></textarea>
                </label>
                {move || {
                    let c = clashes();
                    (!c.is_empty()).then(|| view! {
                        <p class="warn" role="note">"These names share their first 3 letters, so 3-letter guesses cannot tell them apart (R3.2): " {c.join("; ")}</p>
                    })
                }}
                <label>"Survivors per player" <input type="number" min="1" prop:value=per_player on:input=move |ev| per_player.set(event_target_value(&ev))/></label>
                <fieldset>
                    <legend>"Tribe grid (R1.2)"</legend>
                    <label>"Rows" <input type="number" min="1" prop:value=rows on:input=move |ev| rows.set(event_target_value(&ev))/></label>
                    <label>"Columns" <input type="number" min="1" prop:value=cols on:input=move |ev| cols.set(event_target_value(&ev))/></label>
                </fieldset>
                <label class="wide">"Tribe names, one per line, A first"
                    <textarea rows="6" prop:value=tribe_names on:input=move |ev| tribe_names.set(event_target_value(&ev))></textarea>
                </label>
                <fieldset>
                    <legend>"Rule options"</legend>
                    <label>"Adjacency (R6.1) "
                        <select on:change=move |ev| adjacency.set(if event_target_value(&ev) == "diagonal" { Adjacency::Diagonal } else { Adjacency::Orthogonal })>
                            <option value="orthogonal" selected=move || adjacency.get() == Adjacency::Orthogonal>"Sharing an edge"</option>
                            <option value="diagonal" selected=move || adjacency.get() == Adjacency::Diagonal>"Edge or corner"</option>
                        </select>
                    </label>
                    <label><input type="checkbox" prop:checked=announce_idols on:change=move |ev| announce_idols.set(event_target_checked(&ev))/> " Announce idols played (R5.6)"</label>
                    <label>"Outcast without a move (R6.7) "
                        <select on:change=move |ev| outcasts.set(if event_target_value(&ev) == "stay" { OutcastWithoutMove::Stay } else { OutcastWithoutMove::Random })>
                            <option value="random" selected=move || outcasts.get() == OutcastWithoutMove::Random>"Placed in a random tribe"</option>
                            <option value="stay" selected=move || outcasts.get() == OutcastWithoutMove::Stay>"Stays outcast"</option>
                        </select>
                    </label>
                </fieldset>
                <label>"Seed (blank: random) (R1.5)" <input inputmode="numeric" prop:value=seed on:input=move |ev| seed.set(event_target_value(&ev))/></label>
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
                {move || problem().map(|p| view! { <p class="error" role="alert">{p}</p> })}
                <button class="primary" on:click=do_deal disabled=move || problem().is_some() data-testid="deal">"Deal"</button>
            </form>
        </section>
    }
}
