//! The browser page's built-in demo (`src/games/mini_survivor/demo.json`,
//! one line, without the expected record) is shared game 1001.

#[test]
fn the_demo_is_game_1001() {
    let mut game: serde_json::Value =
        serde_json::from_str(include_str!("../cases/games/game-1001.json")).unwrap();
    game.as_object_mut().unwrap().remove("expect");
    let demo: serde_json::Value =
        serde_json::from_str(include_str!("../../../src/games/mini_survivor/demo.json")).unwrap();
    assert_eq!(demo, game);
}
