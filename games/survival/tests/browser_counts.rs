//! What the engine says the vote count is after every post of every day of
//! the whole-game case GAME-001, which the browser test
//! (`tests/e2e/survival-game.test.mjs`) plays through the page: the page's
//! live count, pasted page by page, must equal these counts. They are kept
//! in `fixtures/game-001-counts.json` (the browser test reads it); this test
//! keeps the fixture equal to the engine. After a deliberate change, rewrite
//! it with `SURVIVAL_BLESS=1 cargo test -p survival --test browser_counts`.

use serde_json::{Map, Value, json};
use survival::PhaseInput;
use survival::case::prepare;
use survival::post::{Format, vote_count_post};

const CASE: &str = include_str!("../cases/games/game-001.json");
const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/game-001-counts.json"
);

/// Per day (`"day 1"`, ...): the vote count post in plain text after the
/// first k posts, k = 0 ..= the day's posts.
fn counts() -> Value {
    let (mut game, inputs) = prepare(CASE).unwrap();
    let mut days = Map::new();
    for input in inputs {
        if game.is_over() {
            break;
        }
        if let PhaseInput::Day(d) = &input {
            let names = game.setup().roster.names();
            let posts: Vec<String> = (0..=d.posts.len())
                .map(|k| {
                    let c = game.count_at(&d.posts, k).unwrap();
                    vote_count_post(&c, names, Format::Plain).join("\n")
                })
                .collect();
            days.insert(game.phase().to_string(), json!(posts));
        }
        game.commit(input).unwrap();
    }
    Value::Object(days)
}

#[test]
fn the_browser_fixture_is_the_engines_count_after_every_post() {
    let want = counts();
    let text = serde_json::to_string_pretty(&want).unwrap() + "\n";
    if std::env::var_os("SURVIVAL_BLESS").is_some() {
        std::fs::write(FIXTURE, &text).unwrap();
    }
    let have = std::fs::read_to_string(FIXTURE).unwrap_or_default();
    assert!(
        have == text,
        "{FIXTURE} differs from the engine's counts; rewrite it with SURVIVAL_BLESS=1"
    );
    // Three days, each counted from no post to its last.
    assert_eq!(want.as_object().unwrap().len(), 3);
}
