//! Hostile and broken season files: every one is refused with a message
//! naming the problem, never a panic; the version-1 fixture keeps loading.

mod common;

use console_core::{LoadError, SaveFile};
use dice_org::options::CampDice;
use dice_org::save::{Drafts, SeasonFile};
use serde_json::{Value, json};

const V1: &str = include_str!("fixtures/season-v1.json");

fn v1() -> Value {
    serde_json::from_str(V1).unwrap()
}

fn load(v: &Value) -> Result<(), LoadError> {
    SeasonFile::parse(&v.to_string()).map(|_| ())
}

/// Whether `r` is a replay error at `at`.
fn replay_at(r: &Result<(), LoadError>, at: &str) -> bool {
    matches!(r, Err(LoadError::Replay { at: a, .. }) if a == at)
}

/// Writes the fixture (run once, by hand, when the format is first made:
/// `cargo test -p dice-org --test hostile -- --ignored`). A fixture must
/// keep loading in every later version, so it is never rewritten after.
#[test]
#[ignore]
fn write_the_fixture() {
    let words: Vec<u32> = (0..40).map(|i| 17 + i * 7_919).collect();
    let season = common::play(2024, words, 400);
    assert!(season.state().is_over(), "the fixture is a whole season");
    let drafts = Drafts {
        edit: Some(dice_org::edit::Edit {
            note: "an unsent draft".into(),
            changes: Vec::new(),
        }),
        ..Drafts::default()
    };
    let file = SeasonFile::of("Fixture season", &season, drafts);
    let v: Value = serde_json::from_str(&file.to_json()).unwrap();
    std::fs::write(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/season-v1.json"),
        serde_json::to_string_pretty(&v).unwrap() + "\n",
    )
    .unwrap();
}

#[test]
fn the_version_1_fixture_loads_and_replays() {
    let (file, season) = SeasonFile::parse(V1).expect("version 1 loads");
    // Read as version 2 with the camp dice of version 1 (D11.1).
    assert_eq!(file.version, 2);
    assert_eq!(file.setup.options.camp_dice, CampDice::OneStream);
    assert!(season.state().is_over());
    assert!(season.played().len() > 20);
    assert!(file.drafts.edit.is_some(), "drafts survive");
    // The fixture was written before files recorded the commitment.
    assert_eq!(file.commitment, None);
    let again = SeasonFile::of(&file.name, &season, file.drafts.clone());
    assert_eq!(again.commitment, Some(season.commitment()));
    assert_eq!(
        SeasonFile {
            commitment: None,
            ..again
        },
        file
    );
    // Written back with the same members and values, as version 2 with
    // the option that keeps its camp dice.
    let written: Value = serde_json::from_str(&file.to_json()).unwrap();
    let mut want = v1();
    want["version"] = json!(2);
    want["setup"]["options"]["camp_dice"] = json!("one_stream");
    assert_eq!(written, want);
    // The same file taken as version 2 (each player's camp dice from
    // their own stream) does not replay: its first camp was drawn from the
    // one stream.
    let mut as_v2 = v1();
    as_v2["version"] = json!(2);
    let first_camp = v1()["entries"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e["entry"].get("camp").is_some())
        .unwrap();
    assert!(
        replay_at(&load(&as_v2), &format!("step {}", first_camp + 1)),
        "{:?}",
        load(&as_v2)
    );
}

#[test]
fn envelopes_are_checked_first() {
    let mut v = v1();
    v["format"] = json!("mini-survivor-game");
    let e = load(&v).unwrap_err().to_string();
    assert!(e.contains("mini-survivor-game"), "{e}");
    let mut v = v1();
    v["version"] = json!(3);
    assert!(load(&v).unwrap_err().to_string().contains("version 3"));
    let big = format!(
        "{{\"format\":\"dice-org-game\",\"x\":\"{}\"}}",
        "x".repeat(9 << 20)
    );
    assert!(matches!(
        SeasonFile::parse(&big),
        Err(LoadError::TooLarge(_))
    ));
    assert!(matches!(
        SeasonFile::parse("[1,"),
        Err(LoadError::WrongFormat { .. })
    ));
    assert!(matches!(
        SeasonFile::parse(&V1[..V1.len() / 3]),
        Err(LoadError::NotJson { cut_off: true, .. })
    ));
}

#[test]
fn wrong_shapes_name_the_member() {
    let mut v = v1();
    v["setup"]["seed"] = json!("seven");
    assert!(
        load(&v)
            .unwrap_err()
            .to_string()
            .contains("not a whole number")
    );
    let mut v = v1();
    v["surprise"] = json!(1);
    assert!(
        load(&v)
            .unwrap_err()
            .to_string()
            .contains("unknown field `surprise`")
    );
    let mut v = v1();
    v["entries"][0]["entry"] = json!({"dance": {}});
    assert!(matches!(load(&v), Err(LoadError::Shape(_))));
    let mut v = v1();
    v["setup"]["options"]["jury_size"] = json!(9);
    assert!(load(&v).unwrap_err().to_string().contains("jury size 9"));
}

#[test]
fn changed_results_are_refused() {
    // A stored digest that does not match.
    let mut v = v1();
    v["entries"][3]["check"]["record"] = json!("0".repeat(64));
    assert_eq!(
        load(&v).unwrap_err().to_string(),
        "step 4: its stored results do not follow from its input: the file was changed or is damaged"
    );
    // Another seed: the dice differ from the stored positions' results.
    let mut v = v1();
    v["setup"]["seed"] = json!("1");
    assert!(matches!(load(&v), Err(LoadError::Replay { .. })));
    // The stored dice position moved.
    let mut v = v1();
    v["entries"][0]["check"]["dice_after"]["words"] = json!("999999");
    assert!(replay_at(&load(&v), "step 1"), "{:?}", load(&v));
}

#[test]
fn a_refused_entry_names_itself() {
    let mut v = v1();
    let n = v["entries"].as_array().unwrap().len();
    // A step after the final.
    v["entries"]
        .as_array_mut()
        .unwrap()
        .push(json!({"entry": {"competition": {}}}));
    assert!(
        replay_at(&load(&v), &format!("step {}", n + 1)),
        "{:?}",
        load(&v)
    );
    // An unknown player.
    let mut v = v1();
    v["entries"][0] = json!({"entry": {"camp": {"Nobody": {"deduct_for_bonus": true}}}});
    let e = load(&v).unwrap_err().to_string();
    assert!(e.starts_with("step 1: ") && e.contains("Nobody"), "{e}");
}

#[test]
fn a_bad_setup_is_refused() {
    let mut v = v1();
    v["setup"]["players"] = json!(["Ann", "Bob", "Cid"]);
    assert!(replay_at(&load(&v), "the setup"), "{:?}", load(&v));
    let e = load(&v).unwrap_err().to_string();
    assert!(e.contains("4 to 40 players"), "{e}");
    let mut v = v1();
    v["setup"]["players"][1] = json!("a[b]");
    assert!(load(&v).unwrap_err().to_string().contains("contains '['"));
}

/// D1.4: a seed or salt changed in a saved season, before its first step
/// or after, is refused naming both commitments: attributes, teams and
/// rolls would be drawn again with no word.
#[test]
fn a_changed_seed_or_salt_is_refused() {
    let (file, season) = SeasonFile::parse(V1).unwrap();
    let mut v: Value =
        serde_json::from_str(&SeasonFile::of(&file.name, &season, file.drafts).to_json()).unwrap();
    assert!(load(&v).is_ok());
    v["entries"] = json!([]);
    assert!(load(&v).is_ok(), "the setup alone loads");
    let mut seed = v.clone();
    let was = seed["setup"]["seed"]
        .as_str()
        .unwrap()
        .parse::<u64>()
        .unwrap();
    seed["setup"]["seed"] = json!((was + 1).to_string());
    let e = load(&seed).unwrap_err().to_string();
    assert!(
        e.starts_with("the setup: its seed, salt and players give the deal commitment"),
        "{e}"
    );
    let mut salt = v;
    salt["setup"]["salt"] = json!("0f".repeat(32));
    assert!(replay_at(&load(&salt), "the setup"));
}

#[test]
fn entries_without_checks_are_replayed_and_trusted() {
    let mut v = v1();
    for e in v["entries"].as_array_mut().unwrap() {
        e.as_object_mut().unwrap().remove("check");
    }
    assert_eq!(load(&v), Ok(()));
}

/// The producers' prod threshold (D9.7) is kept in the drafts: written
/// when set, read back, and absent (the default) in files from before.
#[test]
fn the_prod_threshold_is_saved_with_the_drafts_d9_7() {
    let (file, season) = SeasonFile::parse(V1).expect("version 1 loads");
    assert_eq!(
        file.drafts.prod,
        console_core::events::ProdThreshold::default(),
        "a file without it has the default"
    );
    let mut drafts = file.drafts.clone();
    drafts.prod.max_posts = 1;
    let json = SeasonFile::of(&file.name, &season, drafts).to_json();
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["drafts"]["prod"]["max_posts"], json!(1));
    let (back, _) = SeasonFile::parse(&json).expect("it loads");
    assert_eq!(back.drafts.prod.max_posts, 1);
}
