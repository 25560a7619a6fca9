//! Hostile and broken game files: every one is refused with a message
//! naming the problem, never a panic; the version-1 fixture keeps loading.
//!
//! The fixture was written by `write_fixture` (ignored; run it with
//! `--ignored` only to make a new fixture for a new version).

use console_core::commitment::Salt;
use console_core::save::MAX_FILE_BYTES;
use serde_json::{Value, json};
use survival::save::{GameFile, LoadError};
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
    assert_eq!(
        build_fixture(),
        file,
        "the fixture is what the script makes"
    );
}

#[test]
fn changed_results_are_refused() {
    let mut v = v1();
    v["phases"][0]["record"]["alive"] = json!(["Ann"]);
    assert_eq!(load(&v), Err(LoadError::Tampered { phase: 1 }));
    assert!(message(&v).contains("phase 1's recorded results do not follow"));
    // Changing an input without its record is caught the same way.
    let mut v = v1();
    v["phases"][1]["input"]["day"]["posts"] = json!([]);
    assert_eq!(load(&v), Err(LoadError::Tampered { phase: 2 }));
    // A different seed deals differently: the records no longer follow.
    let mut v = v1();
    v["setup"]["seed"] = json!("2027");
    assert!(matches!(load(&v), Err(LoadError::Tampered { .. })));
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
        Err(LoadError::Envelope(_))
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
    assert!(
        matches!(load(&v), Err(LoadError::Setup(_))),
        "{}",
        message(&v)
    );
    let mut v = v1();
    v["phases"][0]["input"]["night"]["actions"]["Zed"] = json!("kill Ann");
    assert_eq!(
        load(&v),
        Err(LoadError::UnknownPlayer {
            phase: 1,
            name: "Zed".into()
        })
    );
    let mut v = v1();
    let night = v["phases"][0].clone();
    v["phases"][1] = night;
    assert_eq!(load(&v), Err(LoadError::WrongKind { phase: 2 }));
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
        LoadError::AfterGameOver { phase: n }
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
}

/// Every place of a JSON value, as a path of object keys and list indices.
fn paths(v: &Value, at: Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let mut p = at.clone();
                p.push(json!(k));
                out.push(p.clone());
                paths(x, p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                let mut p = at.clone();
                p.push(json!(i));
                out.push(p.clone());
                paths(x, p, out);
            }
        }
        _ => {}
    }
}

/// The value at `path`'s parent and the last step.
fn parent<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path[..path.len() - 1].iter().fold(v, |v, step| match step {
        Value::String(k) => &mut v[k.as_str()],
        n => &mut v[n.as_u64().unwrap() as usize],
    })
}

/// The app reads files with a hand-written reader (`save_read`); it must
/// accept and refuse exactly what serde's derives do, and read the same
/// file: checked on the fixture with every member removed, replaced by a
/// value of each JSON type, and every object given an unknown member.
#[test]
fn the_apps_reader_agrees_with_the_serde_derives() {
    let base = {
        let mut v = v1();
        v["drafts"]["post_format"] = json!("plain");
        v["drafts"]["deadline"] = json!(1_800_000_000);
        v["drafts"]["decisions"] = json!({"Ann": "revenge Bob"});
        v["drafts"]["page"] = json!("Bob:\nvote Ann");
        v["setup"]["evil"] = json!(2);
        v["setup"]["options"] = json!({"vote_rule": "majority", "reveal_cards": false});
        v
    };
    let mut all = Vec::new();
    paths(&base, Vec::new(), &mut all);
    let replacements = [
        json!(null),
        json!(7),
        json!(-3),
        json!("x"),
        json!(true),
        json!([]),
        json!({}),
        json!(["Ann", "Bob"]),
    ];
    // (file, whether the reader may refuse what serde reads: serde reads a
    // struct from a list of its members in order, which no file written
    // by the app has; the reader wants objects.)
    let mut variants = vec![(base.clone(), false)];
    for p in &all {
        let mut v = base.clone();
        let last = p.last().unwrap().clone();
        match (parent(&mut v, p), &last) {
            (Value::Object(m), Value::String(k)) => {
                m.remove(k);
            }
            (Value::Array(a), n) => {
                a.remove(n.as_u64().unwrap() as usize);
            }
            _ => unreachable!(),
        }
        variants.push((v, false));
        for r in &replacements {
            let mut v = base.clone();
            let was_object = match (parent(&mut v, p), &last) {
                (Value::Object(m), Value::String(k)) => m.insert(k.clone(), r.clone()),
                (Value::Array(a), n) => Some(std::mem::replace(
                    &mut a[n.as_u64().unwrap() as usize],
                    r.clone(),
                )),
                _ => unreachable!(),
            }
            .is_some_and(|old| old.is_object());
            variants.push((v, was_object && r.is_array()));
        }
        let mut v = base.clone();
        let target = match &last {
            Value::String(k) => &mut parent(&mut v, p)[k.as_str()],
            n => &mut parent(&mut v, p)[n.as_u64().unwrap() as usize],
        };
        if let Value::Object(m) = target {
            m.insert("surprise".into(), json!(1));
            variants.push((v, false));
        }
    }
    assert!(variants.len() > 500, "{} variants", variants.len());
    for (v, stricter) in variants {
        let derived = serde_json::from_value::<GameFile>(v.clone());
        let read = GameFile::parse(&v.to_string());
        match (&derived, &read) {
            (Ok(d), Ok((r, _))) => assert_eq!(d, r, "{v}"),
            (Ok(_), Err(LoadError::Invalid(_))) if stricter => {}
            (Ok(_), Err(LoadError::Invalid(e))) => panic!("refused by the app's reader ({e}): {v}"),
            (Err(e), Ok(_)) => panic!("accepted by the app's reader, refused by serde ({e}): {v}"),
            (Err(_), Err(LoadError::Invalid(_) | LoadError::Envelope(_))) => {}
            (Err(e), Err(other)) => {
                panic!("serde refuses ({e}) but the reader gave {other:?}: {v}")
            }
            (Ok(_), Err(_)) => {} // read, then refused by the deal or the replay
        }
    }
}
