//! The built-in demo: shared game 1001, a complete 12-player game with the
//! players' forum-style submissions queued round by round.

use mini_survivor::Game;
use mini_survivor::case::Case;
use mini_survivor::save::GameFile;

pub(crate) const GAME_1001: &str =
    include_str!("../../../games/mini-survivor/cases/games/game-1001.json");

/// The demo as a game file (no round played) and its game.
pub fn demo() -> (GameFile, Game) {
    let case = Case::from_json(GAME_1001).expect("the demo is a valid case");
    let prepared = case.prepare().expect("the demo is a valid case");
    let game = Game::new(prepared.setup, prepared.start);
    let mut file = GameFile::of("Demo: game 1001", &game);
    file.script = case.rounds.clone();
    (file, game)
}
