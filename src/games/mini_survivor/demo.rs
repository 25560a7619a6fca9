//! The built-in demo: shared game 1001, a complete 12-player game with the
//! players' forum-style submissions queued round by round. Its position is
//! a case's, not a deal from its seed: it starts like an imported case.
//! `demo.json` is `cases/games/game-1001.json` without its expected record,
//! on one line (smaller in the page); the engine's tests check they agree.

use mini_survivor::Game;
use mini_survivor::case::Case;
use mini_survivor::save::GameFile;

pub(crate) const GAME_1001: &str = include_str!("demo.json");

/// The demo as a game file (no round played) and its game.
pub fn demo() -> (GameFile, Game) {
    let case = Case::from_json(GAME_1001).expect("the demo is a valid case");
    case.into_game("Demo: game 1001", 0)
        .expect("the demo is a valid case")
}
