//! Benchmarks run inside the page by `scripts/bench` (compiled only with the
//! `bench` feature, so never shipped): adjudication speed in wasm, and the
//! cost of one autosave of a long game.

use super::demo::GAME_1001;
use console_core::SaveFile;
use gloo_storage::{LocalStorage, Storage};
use mini_survivor::case::Case;
use mini_survivor::save::GameFile;
use mini_survivor::{
    Adjudicator, Game, Grid, Options, Place, PlayerId, Position, Roster, RoundReport, Setup,
    Survivor, SurvivorId, TribeId, borrow_submissions,
};
use wasm_bindgen::prelude::*;

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// The shared games (`engine/cases/games`), as the native benchmark plays them.
const SHARED_GAMES: [&str; 3] = [
    GAME_1001,
    include_str!("../../../games/mini-survivor/cases/games/game-1002.json"),
    include_str!("../../../games/mini-survivor/cases/games/game-1003.json"),
];

/// Complete games per second: the three shared games adjudicated from their
/// players' submissions (parsing included) again and again for `millis` ms,
/// as the native benchmark does (one position and report, buffers reused).
#[wasm_bindgen]
pub fn bench_adjudicate(millis: f64) -> f64 {
    let cases: Vec<_> = SHARED_GAMES
        .iter()
        .map(|json| {
            Case::from_json(json)
                .expect("shared game")
                .prepare()
                .expect("shared game")
        })
        .collect();
    let rounds: Vec<Vec<Vec<(PlayerId, &str)>>> = cases
        .iter()
        .map(|c| c.rounds.iter().map(|r| borrow_submissions(r)).collect())
        .collect();
    let mut adjudicator = Adjudicator::default();
    let mut report = RoundReport::default();
    let mut pos = cases[0].start.clone();
    let start = now();
    let mut games = 0u32;
    while now() - start < millis {
        for (case, rounds) in cases.iter().zip(&rounds) {
            pos.clone_from(&case.start);
            for subs in rounds {
                if pos.is_game_over() {
                    break;
                }
                adjudicator.play_round(&case.setup, &mut pos, subs, &mut report);
            }
            games += 1;
        }
    }
    f64::from(games) / ((now() - start) / 1000.0)
}

/// A 60-survivor game with `rounds` rounds of history: one large tribe that
/// votes one survivor out a round, every player writing 5 vote lines.
fn long_game(rounds: usize) -> Game {
    let names: Vec<String> = (1..=12).map(|i| format!("Player {i}")).collect();
    let setup = Setup::new(
        Roster::new(names).expect("names"),
        Grid::new(1, 1).expect("grid"),
        Options::default(),
        1,
    );
    let mut start = Position::empty(12);
    let a = TribeId::from_letter('A').expect("A");
    for id in 1..=60u32 {
        let controller = PlayerId::from(id as usize % 12);
        start
            .insert(Survivor {
                id: SurvivorId::new(id).expect("id"),
                controller,
                place: Place::Tribe(a),
            })
            .expect("new");
    }
    let mut game = Game::new(setup.clone(), start.start(&setup).expect("consistent"));
    for _ in 0..rounds {
        let pos = game.position().clone();
        let target = pos.living().next().expect("alive").id;
        let texts: Vec<(PlayerId, String)> = setup
            .players
            .ids()
            .map(|p| {
                (
                    p,
                    pos.survivors_of(p)
                        .filter(|s| s.place.is_alive())
                        .map(|s| format!("{} vote {target}", s.id))
                        .collect::<Vec<_>>()
                        .join("\n"),
                )
            })
            .collect();
        let subs = borrow_submissions(&texts);
        game.play(&subs);
    }
    game
}

/// Milliseconds for each of `n` autosaves of a game with 15 rounds of
/// history: building the file, serialising it, writing it to localStorage
/// and reading it back (what `autosave` does).
#[wasm_bindgen]
pub fn bench_autosave(n: u32) -> Vec<f64> {
    let game = long_game(15);
    assert_eq!(game.rounds().len(), 15);
    let key = "mini-survivor.bench";
    let times = (0..n)
        .map(|_| {
            let t0 = now();
            let json = GameFile::of("Bench", &game).to_json();
            let raw = LocalStorage::raw();
            raw.set_item(key, &json).expect("write");
            assert_eq!(
                raw.get_item(key).ok().flatten().as_deref(),
                Some(json.as_str())
            );
            now() - t0
        })
        .collect();
    LocalStorage::delete(key);
    times
}
