//! The paste browser test's season (`examples/paste_season.rs`): 12
//! players, every phase's choices read from pasted DMs alone, a production
//! Extra Vote and the merge. The rulings the test checks
//! (`tests/fixtures/paste-season.json`) are the engine's. Regenerate the
//! fixture with
//! `cargo run -p dice-org --example paste_season > games/dice-org/tests/fixtures/paste-season.json`.

#[path = "../examples/paste_season.rs"]
mod paste_season;

#[test]
fn the_fixture_is_the_engines_season() {
    let (season, expected) = paste_season::expected();
    let fixture: serde_json::Value =
        serde_json::from_str(include_str!("fixtures/paste-season.json")).unwrap();
    assert_eq!(
        fixture, expected,
        "regenerate the fixture (see the module doc)"
    );
    let st = season.state();
    assert!(st.is_over(), "the season ends with a winner");
    assert_eq!(st.voted_out.len(), 9, "12 players, 3 finalists");
    assert_eq!(st.teams.len(), 1, "the teams merged");
    let steps = expected["steps"].as_array().unwrap();
    let rounds = steps.iter().filter(|s| s["kind"] == "vote").count();
    assert!(rounds >= 6, "at least six rounds");
    // Every option is used, and some lines are refused with a reason.
    let rejected: u64 = steps.iter().filter_map(|s| s["rejected"].as_u64()).sum();
    let skipped: u64 = steps.iter().filter_map(|s| s["skipped"].as_u64()).sum();
    assert!(rejected > 0 && skipped > 0);
    let extra = steps
        .iter()
        .find(|s| s["kind"] == "vote" && s["round"] == 2)
        .unwrap();
    assert!(
        extra["explain"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l.as_str().unwrap().contains("Extra Vote")),
        "the Extra Vote is played: {extra}"
    );
}
