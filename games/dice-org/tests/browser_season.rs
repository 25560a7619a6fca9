//! The browser test's season (`examples/browser_season.rs`): the expected
//! results it reads (`tests/fixtures/browser-season.json`) are the engine's,
//! and the season is a complete one (8 players, two teams merged by a
//! production edit, a winner). Regenerate the fixture with
//! `cargo run -p dice-org --example browser_season > games/dice-org/tests/fixtures/browser-season.json`.

#[path = "../examples/browser_season.rs"]
mod browser_season;

#[test]
fn the_fixture_is_the_engines_season() {
    let (season, expected) = browser_season::expected();
    let fixture: serde_json::Value =
        serde_json::from_str(include_str!("fixtures/browser-season.json")).unwrap();
    assert_eq!(
        fixture, expected,
        "regenerate the fixture (see the module doc)"
    );
    let st = season.state();
    assert!(st.is_over(), "the season ends with a winner");
    assert_eq!(st.voted_out.len(), 5, "8 players, 3 finalists");
    assert_eq!(st.teams.len(), 1, "the teams merged");
    let edits = season
        .played()
        .iter()
        .filter(|p| p.entry.kind() == "edit")
        .count();
    assert_eq!(edits, 2);
}
