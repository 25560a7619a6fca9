//! Hostile and broken game files: every one is refused with a message
//! naming the problem, never a panic; the version-1 fixture keeps loading.
//!
//! The fixture was written by `write_fixture` (ignored; run it with
//! `--ignored` only to make a new fixture for a new version).

use console_core::commitment::Salt;
use console_core::save::{LoadError, MAX_FILE_BYTES, SaveFile};
use serde_json::{Value, json};
use survival::save::GameFile;
use survival::{
    Card, DayInput, DealSpec, Edition, Game, NightInput, Options, PhaseInput, Post, deal,
};

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

/// Whether `r` is a replay error at `at`.
fn replay_at(r: &Result<(), LoadError>, at: &str) -> bool {
    matches!(r, Err(LoadError::Replay { at: a, .. }) if a == at)
}

/// A short scripted game: 8 players, advanced edition, night 1 to day 2.
fn build_fixture() -> GameFile {
    let spec = DealSpec {
        nicknames: Vec::new(),
        no_guess: Vec::new(),
        players: [
            "Ann",
            "Bob",
            "Cid",
            "Dee",
            "Eve",
            "Fay",
            "Gus",
            "Harbor Lights",
        ]
        .map(String::from)
        .to_vec(),
        edition: Edition::Advanced,
        evil: None,
        specials: vec![
            Card::Scientist,
            Card::ForestRanger,
            Card::Gmo,
            Card::PolarBear,
        ],
        spotlight: Some("Eve".into()),
        // The fixture was saved before the second reading rules (S2.8).
        options: Options::first_rules(),
        seed: 2026,
        salt: Salt([0x5a; 32]),
    };
    let mut game = Game::from_deal(deal(&spec).unwrap());
    let s = game.setup().clone();
    let holder = |c: Card| s.holder(c).unwrap();
    let evil: Vec<_> = s.roster.ids().filter(|p| s.is_evil(*p)).collect();
    let victim = s
        .roster
        .ids()
        .find(|p| !s.is_evil(*p) && s.card(*p).side() == survival::Side::Element)
        .unwrap();
    let mut night = NightInput::default();
    for e in &evil {
        night
            .actions
            .insert(*e, format!("kill {}", s.roster.name(victim)));
    }
    night.actions.insert(
        holder(Card::Scientist),
        format!("check {}", s.roster.name(evil[0])),
    );
    night
        .actions
        .insert(holder(Card::ForestRanger), "protect Eve".into());
    game.commit(PhaseInput::Night(night)).unwrap();
    let alive: Vec<_> = game.state().alive().iter().collect();
    let day = DayInput {
        posts: alive
            .iter()
            .map(|p| Post::new(*p, format!("vote {}", s.roster.name(evil[0]))))
            .collect(),
        ..DayInput::default()
    };
    game.commit(PhaseInput::Day(day)).unwrap();
    let mut file = GameFile::new("Fixture game", &spec, &game);
    file.drafts.thread = "Ann:\nvote Bob".into();
    file
}

#[test]
#[ignore]
fn write_fixture() {
    let file = build_fixture();
    let json = serde_json::to_string_pretty(&file).unwrap();
    std::fs::write(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/game-v1.json"),
        json + "\n",
    )
    .unwrap();
}

#[test]
fn the_version_1_fixture_loads_and_replays() {
    let (file, game) = GameFile::parse(V1).expect("version 1 loads");
    assert_eq!(file.version, 1);
    assert_eq!(game.phases().len(), 2);
    assert_eq!(file.drafts.thread, "Ann:\nvote Bob");
    assert_eq!(v1()["setup"]["seed"], json!("2026"), "seeds are strings");
    let again = GameFile::parse(&file.to_json()).unwrap();
    assert_eq!(again.1, game);
    assert_eq!(again.0, file);
    // The fixture was written before files recorded the commitment.
    assert_eq!(file.commitment, None);
    assert_eq!(
        GameFile {
            commitment: None,
            ..build_fixture()
        },
        file,
        "the fixture is what the script makes"
    );
}

/// S1.6: a seed or salt changed in a saved file (before any phase or
/// after) is refused naming both commitments: the cards would be dealt
/// again with no word.
#[test]
fn a_changed_seed_or_salt_is_refused() {
    let file = build_fixture();
    let mut v: Value = serde_json::from_str(&file.to_json()).unwrap();
    assert_eq!(v["commitment"].as_str().map(str::len), Some(64));
    assert!(load(&v).is_ok());
    v["phases"] = json!([]);
    assert!(load(&v).is_ok(), "the deal alone loads");
    let mut seed = v.clone();
    seed["setup"]["seed"] = json!("2027");
    let m = message(&seed);
    assert!(
        m.starts_with("the setup: its seed, salt and players give the deal commitment"),
        "{m}"
    );
    let mut salt = v.clone();
    salt["setup"]["salt"] = json!("5b".repeat(32));
    assert!(replay_at(&load(&salt), "the setup"));
    let mut names = v;
    names["setup"]["players"][0] = json!("Amy");
    assert!(replay_at(&load(&names), "the setup"));
}

#[test]
fn changed_results_are_refused() {
    let mut v = v1();
    v["phases"][0]["record"]["alive"] = json!(["Ann"]);
    assert_eq!(
        message(&v),
        "phase 1: its recorded results do not follow from its inputs: the file was changed or is damaged"
    );
    // Changing an input without its record is caught the same way.
    let mut v = v1();
    v["phases"][1]["input"]["day"]["posts"] = json!([]);
    assert!(replay_at(&load(&v), "phase 2"), "{}", message(&v));
    // A different seed deals differently: the records no longer follow.
    let mut v = v1();
    v["setup"]["seed"] = json!("2027");
    assert!(message(&v).contains("recorded results do not follow"));
    // Without records the inputs are replayed and trusted.
    let mut v = v1();
    for p in v["phases"].as_array_mut().unwrap() {
        p.as_object_mut().unwrap().remove("record");
    }
    assert!(load(&v).is_ok());
}

#[test]
fn envelopes_are_checked_first() {
    let mut v = v1();
    v["format"] = json!("mini-survivor-game");
    assert!(
        message(&v).contains("\"mini-survivor-game\""),
        "{}",
        message(&v)
    );
    let mut v = v1();
    v["version"] = json!(2);
    assert!(message(&v).contains("version 2"), "{}", message(&v));
    assert!(matches!(
        GameFile::parse("[1,"),
        Err(LoadError::WrongFormat { .. })
    ));
    assert!(matches!(
        GameFile::parse(&V1[..V1.len() / 2]),
        Err(LoadError::NotJson { cut_off: true, .. })
    ));
    let huge = " ".repeat(MAX_FILE_BYTES + 1);
    assert!(
        GameFile::parse(&huge)
            .unwrap_err()
            .to_string()
            .contains("largest")
    );
}

#[test]
fn bad_members_name_the_problem() {
    let mut v = v1();
    v["setup"]["seed"] = json!("seven");
    assert!(
        message(&v).contains("not a whole number"),
        "{}",
        message(&v)
    );
    let mut v = v1();
    v["setup"]["salt"] = json!("abc");
    assert!(message(&v).contains("64 hex digits"), "{}", message(&v));
    let mut v = v1();
    v["setup"].as_object_mut().unwrap().remove("players");
    assert!(
        message(&v).contains("missing field `players`"),
        "{}",
        message(&v)
    );
    let mut v = v1();
    v["surprise"] = json!(1);
    assert!(
        message(&v).contains("unknown field `surprise`"),
        "{}",
        message(&v)
    );
    let mut v = v1();
    v["setup"]["specials"] = json!(["Dragon"]);
    assert!(message(&v).contains("Dragon"), "{}", message(&v));
    let mut v = v1();
    v["setup"]["evil"] = json!(7);
    assert!(replay_at(&load(&v), "the setup"), "{}", message(&v));
    assert!(message(&v).contains("cannot be dealt"), "{}", message(&v));
    let mut v = v1();
    v["phases"][0]["input"]["night"]["actions"]["Zed"] = json!("kill Ann");
    assert_eq!(
        message(&v),
        r#"phase 1: input from "Zed", who is not a player"#
    );
    let mut v = v1();
    let night = v["phases"][0].clone();
    v["phases"][1] = night;
    assert_eq!(
        message(&v),
        "phase 2: its input is of the wrong kind (night or day)"
    );
}

#[test]
fn phases_after_the_end_are_refused() {
    // Vote out every Evil Force, then add one more phase.
    let (file, _) = GameFile::parse(V1).unwrap();
    let mut game = file.replay().unwrap();
    let s = game.setup().clone();
    let mut phases = file.phases.clone();
    while !game.is_over() {
        let input = if game.phase().is_night() {
            PhaseInput::Night(NightInput::default())
        } else {
            let target = game.state().alive().iter().find(|p| s.is_evil(*p)).unwrap();
            PhaseInput::Day(DayInput {
                posts: game
                    .state()
                    .alive()
                    .iter()
                    .map(|p| Post::new(p, format!("vote {}", s.roster.name(target))))
                    .collect(),
                ..DayInput::default()
            })
        };
        game.commit(input.clone()).unwrap();
        phases.push(survival::save::PhaseFile {
            events: Vec::new(),
            input: survival::save::InputFile::of(&s.roster, &input),
            record: None,
        });
    }
    let mut ended = file.clone();
    ended.phases = phases.clone();
    assert!(GameFile::parse(&ended.to_json()).is_ok());
    ended.phases.push(phases[0].clone());
    let n = ended.phases.len();
    assert_eq!(
        GameFile::parse(&ended.to_json()).unwrap_err(),
        LoadError::replay(format!("phase {n}"), "it comes after the end of the game")
    );
}

/// The moderator's post preferences are kept with the drafts; a file
/// written before they existed reads with the defaults (BBCode, the deck
/// named in the deal post).
#[test]
fn post_preferences_are_kept_with_the_drafts() {
    use console_core::format::Format;
    let (mut file, _) = GameFile::parse(V1).unwrap();
    assert_eq!(file.drafts.post_format, Format::BBCode);
    assert!(!file.drafts.hide_deck);
    file.drafts.post_format = Format::Markdown;
    file.drafts.hide_deck = true;
    let json = file.to_json();
    assert!(json.contains(r#""post_format":"markdown""#), "{json}");
    let (again, _) = GameFile::parse(&json).unwrap();
    assert_eq!(again.drafts.post_format, Format::Markdown);
    assert!(again.drafts.hide_deck);
    // The next page of the thread, not yet added, is kept too; an empty
    // one is not written (version 1 files without it read as empty).
    assert!(!file.to_json().contains("\"page\""));
    let mut file = again.clone();
    file.drafts.page = "Cid:\nvote Ann".into();
    let (kept, _) = GameFile::parse(&file.to_json()).unwrap();
    assert_eq!(kept.drafts.page, "Cid:\nvote Ann");
    // The layout the moderator chose for the thread (S2.9) is kept; the
    // layout detected (none chosen) is not written.
    assert!(!file.to_json().contains("\"layout\""));
    file.drafts.layout = Some(survival::thread::Layout::PhpbbNumbered);
    let json = file.to_json();
    assert!(json.contains(r#""layout":"phpbb_numbered""#), "{json}");
    let (kept, _) = GameFile::parse(&json).unwrap();
    assert_eq!(
        kept.drafts.layout,
        Some(survival::thread::Layout::PhpbbNumbered)
    );
}
