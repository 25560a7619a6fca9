//! Hostile and broken game files: every one is refused with a message naming
//! the problem, never a panic; the version-1 fixture keeps loading in every
//! later version.

use console_core::save::{LoadError, MAX_FILE_BYTES, SaveFile};
use mini_survivor::save::{GameFile, VERSION};
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
    assert_eq!(v1()["version"], json!(1));
    assert!(
        v1()["setup"]["seed"].is_u64(),
        "version 1 wrote the seed as a number"
    );
    let (file, game) = GameFile::parse(V1).expect("version 1 loads");
    assert!(game.rounds().len() >= 2, "the fixture has rounds to replay");
    // It is written back as the current version, the seed as a string.
    let again: Value = serde_json::from_str(&file.to_json()).unwrap();
    assert_eq!(again["version"], json!(VERSION));
    assert_eq!(again["setup"]["seed"], json!(game.setup().seed.to_string()));
    assert_eq!(GameFile::parse(&file.to_json()).unwrap().1, game);
}

/// Version-2 files as the site wrote them (written by the engine of the
/// time): a dealt game with unsent work, per-round deadlines and a post
/// format, and a game started from a position with its script queued. Each
/// loads, replays, and is written back with the same members and values.
#[test]
fn version_2_fixtures_load_and_are_written_back_the_same() {
    for (text, origin, rounds) in [
        (include_str!("fixtures/game-v2.json"), "deal", 3),
        (
            include_str!("fixtures/game-v2-position.json"),
            "position",
            2,
        ),
    ] {
        let v: Value = serde_json::from_str(text).unwrap();
        assert_eq!(v["version"], json!(2));
        assert_eq!(v["setup"]["origin"], json!(origin));
        let (file, game) = GameFile::parse(text).expect("version 2 loads");
        assert_eq!(game.rounds().len(), rounds);
        let again: Value = serde_json::from_str(&file.to_json()).unwrap();
        assert_eq!(again, v);
    }
    let (file, _) = GameFile::parse(include_str!("fixtures/game-v2-position.json")).unwrap();
    assert_eq!(
        file.script.len(),
        4,
        "the case's remaining rounds stay queued"
    );
    assert_eq!(file.post_format, console_core::format::Format::Plain);
}

#[test]
fn seeds_are_written_as_strings_exactly() {
    let mut v = v1();
    v["setup"]["seed"] = json!(u64::MAX);
    // A seed above 2^53 read from a number (serde_json keeps u64 exact)...
    let (file, game) = GameFile::parse(&v.to_string())
        .map_err(|e| e.to_string())
        .unwrap_or_else(|e| {
            // ...replays differently, so the stored records do not match: that
            // is the tamper check, not a parse failure.
            assert!(e.contains("recorded results"), "{e}");
            let mut v = v.clone();
            for r in v["rounds"].as_array_mut().unwrap() {
                r.as_object_mut().unwrap().remove("record");
            }
            GameFile::parse(&v.to_string()).unwrap()
        });
    assert_eq!(game.setup().seed, u64::MAX);
    let text = file.to_json();
    assert!(text.contains(r#""seed":"18446744073709551615""#), "{text}");
    assert_eq!(GameFile::parse(&text).unwrap().1.setup().seed, u64::MAX);
}

#[test]
fn a_version_1_deadline_is_the_next_rounds() {
    let mut v = v1();
    v["deadline"] = json!(1_795_284_000i64);
    let rounds = v["rounds"].as_array().unwrap().len() as u16;
    let (file, _) = GameFile::parse(&v.to_string()).unwrap();
    assert_eq!(
        mini_survivor::save::deadline_of(&file.deadlines, rounds + 1),
        Some(1_795_284_000)
    );
    let again: Value = serde_json::from_str(&file.to_json()).unwrap();
    assert!(
        again.get("deadline").is_none(),
        "the old member is not written"
    );
    assert_eq!(again["deadlines"][0], json!([rounds + 1, 1_795_284_000i64]));
}

#[test]
fn starting_positions_other_than_a_deal() {
    // A dealt game starts at round 1, in every version.
    let mut v = v1();
    v["start"]["round"] = json!(3);
    assert!(message(&v).contains("not round 1"), "{}", message(&v));
    // Version 1 has no positions.
    let mut v = v1();
    v["setup"]["origin"] = json!("position");
    assert!(message(&v).contains("version-1"), "{}", message(&v));
    // Version 2: a position may start at a later round (no records to match).
    // (Version 2 keeps deadlines per round, never the one `deadline`.)
    let mut v = v1();
    v["version"] = json!(2);
    v.as_object_mut().unwrap().remove("deadline");
    v["setup"]["origin"] = json!("position");
    v["start"]["round"] = json!(4);
    v["rounds"] = json!([]);
    let (_, game) = GameFile::parse(&v.to_string()).unwrap();
    assert_eq!(game.position().round(), 4);
    v["start"]["round"] = json!(1000);
    assert!(
        message(&v).contains("highest allowed is 999"),
        "{}",
        message(&v)
    );
    v["setup"]["origin"] = json!("dealt");
    assert!(matches!(load(&v), Err(LoadError::Shape(_))));
}

#[test]
fn wrong_types_and_missing_fields_name_the_field() {
    let mut v = v1();
    v["setup"]["seed"] = json!("seven");
    assert!(
        message(&v).contains(r#"not a whole number: "seven""#),
        "{}",
        message(&v)
    );
    let mut v = v1();
    v["setup"]["grid"]["rows"] = json!("three");
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
    assert!(matches!(load(&v), Err(LoadError::Shape(_))));
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
    assert!(
        matches!(load(&v), Err(LoadError::Replay { ref at, .. }) if at == "the setup"),
        "{}",
        message(&v)
    );
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
    v["version"] = json!(VERSION + 1);
    assert_eq!(
        load(&v),
        Err(LoadError::UnsupportedVersion {
            found: VERSION + 1,
            newest: VERSION
        })
    );
    let mut v = v1();
    v["format"] = json!("excalidraw");
    assert_eq!(
        message(&v),
        r#"this is not a mini-survivor-game file (format "excalidraw")"#
    );
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
    assert_eq!(
        message(&v),
        "round 1: its recorded results do not follow from its orders: the file was changed or is damaged"
    );
    // Orders changed after the fact no longer give the recorded results.
    let mut v = v1();
    let subs = v["rounds"][0]["submissions"].as_object_mut().unwrap();
    for text in subs.values_mut() {
        *text = json!("");
    }
    assert!(
        matches!(load(&v), Err(LoadError::Replay { ref at, .. }) if at == "round 1"),
        "{}",
        message(&v)
    );
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

#[test]
fn deadlines_are_one_per_round_in_round_order() {
    use mini_survivor::save::{deadline_of, set_deadline};
    let mut d = Vec::new();
    set_deadline(&mut d, 3, Some(30));
    set_deadline(&mut d, 1, Some(10));
    set_deadline(&mut d, 2, Some(20));
    set_deadline(&mut d, 3, Some(33));
    assert_eq!(d, vec![(1, 10), (2, 20), (3, 33)]);
    set_deadline(&mut d, 2, None);
    assert_eq!(d, vec![(1, 10), (3, 33)]);
    assert_eq!(deadline_of(&d, 3), Some(33));
    assert_eq!(deadline_of(&d, 2), None);
}
