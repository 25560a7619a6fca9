//! Hostile and broken game files: every one is refused with a message naming
//! the problem, never a panic; the version-1 fixture keeps loading in every
//! later version.

use mini_survivor::save::{GameFile, LoadError, MAX_FILE_BYTES};
use serde_json::{Value, json};

const V1: &str = include_str!("fixtures/game-v1.json");

fn v1() -> Value {
    serde_json::from_str(V1).unwrap()
}

fn load(v: &Value) -> Result<(), LoadError> {
    GameFile::parse(&v.to_string()).map(|_| ())
}

fn message(v: &Value) -> String {
    load(v).expect_err("should be refused").to_string()
}

#[test]
fn the_version_1_fixture_loads_and_replays() {
    let (file, game) = GameFile::parse(V1).expect("version 1 loads");
    assert_eq!(file.version, 1);
    assert!(game.rounds().len() >= 2, "the fixture has rounds to replay");
    assert_eq!(GameFile::parse(&file.to_json()).unwrap().1, game);
}

#[test]
fn wrong_types_and_missing_fields_name_the_field() {
    let mut v = v1();
    v["setup"]["seed"] = json!("seven");
    assert!(message(&v).contains("invalid type"), "{}", message(&v));
    let mut v = v1();
    v["start"].as_object_mut().unwrap().remove("survivors");
    assert!(
        message(&v).contains("missing field `survivors`"),
        "{}",
        message(&v)
    );
    let mut v = v1();
    v["rounds"] = json!({"a": 1});
    assert!(matches!(load(&v), Err(LoadError::Invalid(_))));
}

#[test]
fn huge_numbers_are_refused() {
    let mut v = v1();
    v["start"]["survivors"][0]["id"] = json!(70000);
    assert!(message(&v).contains("70000"), "{}", message(&v));
    let mut v = v1();
    v["setup"]["grid"] = json!({"rows": 4000000000u64, "cols": 2});
    assert!(message(&v).contains("not allowed"), "{}", message(&v));
    let mut v = v1();
    v["start"]["round"] = json!(65535);
    assert!(matches!(load(&v), Err(LoadError::Inconsistent(_))));
    let mut v = v1();
    v["start"]["holdings"][0]["garnets"] = json!(u32::MAX);
    // A huge balance is valid data: it loads (and buying with it cannot overflow).
    assert_eq!(load(&v), Ok(()));
}

#[test]
fn a_ten_megabyte_file_is_refused_before_parsing() {
    let big = format!(
        "{{\"format\":\"mini-survivor-game\",\"pad\":\"{}\"}}",
        "x".repeat(10 * 1024 * 1024)
    );
    assert_eq!(GameFile::parse(&big), Err(LoadError::TooLarge(big.len())));
    assert!(big.len() > MAX_FILE_BYTES);
}

#[test]
fn unknown_format_and_version() {
    let mut v = v1();
    v["version"] = json!(2);
    assert_eq!(load(&v), Err(LoadError::UnsupportedVersion(2)));
    let mut v = v1();
    v["format"] = json!("excalidraw");
    assert!(message(&v).contains("not a Mini-Survivor game file"));
    assert!(GameFile::parse("[]").is_err());
    assert!(GameFile::parse("").is_err());
}

#[test]
fn inconsistent_states_are_refused() {
    // A survivor listed twice.
    let mut v = v1();
    let first = v["start"]["survivors"][0].clone();
    v["start"]["survivors"].as_array_mut().unwrap().push(first);
    assert!(message(&v).contains("listed twice"), "{}", message(&v));
    // A survivor in a removed tribe.
    let mut v = v1();
    let tribe = v["start"]["survivors"][0]["place"]["tribe"].clone();
    v["start"]["removed"] = json!([tribe]);
    assert!(message(&v).contains("removed"), "{}", message(&v));
    // A controller that is not a player.
    let mut v = v1();
    v["start"]["survivors"][0]["controller"] = json!(99);
    assert!(message(&v).contains("unknown player"), "{}", message(&v));
    // Orders from someone who is not a player.
    let mut v = v1();
    v["rounds"][0]["submissions"]["Mallory"] = json!("1 v 2");
    assert!(message(&v).contains("Mallory"), "{}", message(&v));
    // Per-player data for the wrong number of players.
    let mut v = v1();
    v["start"]["holdings"].as_array_mut().unwrap().pop();
    assert!(message(&v).contains("players"), "{}", message(&v));
}

#[test]
fn tampered_results_are_reported_not_trusted() {
    let mut v = v1();
    v["rounds"][0]["record"]["voted_out"] = json!([]);
    assert_eq!(load(&v), Err(LoadError::Tampered { round: 1 }));
    // Orders changed after the fact no longer give the recorded results.
    let mut v = v1();
    let subs = v["rounds"][0]["submissions"].as_object_mut().unwrap();
    for text in subs.values_mut() {
        *text = json!("");
    }
    assert_eq!(load(&v), Err(LoadError::Tampered { round: 1 }));
}

#[test]
fn orders_for_a_dead_survivor_are_rejected_lines_not_errors() {
    let (file, game) = GameFile::parse(V1).unwrap();
    let dead = game.rounds()[0].report.eliminated()[0];
    let owner = game
        .setup()
        .players
        .name(game.position().survivor(dead).unwrap().controller)
        .to_string();
    let mut again = mini_survivor::Game::new(file.setup.clone(), file.start.clone());
    let subs: Vec<(mini_survivor::PlayerId, String)> = game.rounds()[0].submissions.clone();
    again.play(
        &subs
            .iter()
            .map(|(p, t)| (*p, t.as_str()))
            .collect::<Vec<_>>(),
    );
    let p = game.setup().players.find(&owner).unwrap();
    let line = format!("{dead} v {dead}");
    let r = again.play(&[(p, line.as_str())]).unwrap();
    assert!(
        r.report
            .rejections
            .iter()
            .any(|x| x.reason.to_string().contains("was eliminated"))
    );
}
