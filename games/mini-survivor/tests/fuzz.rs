//! Fuzzing with proptest's generators, time-bounded: the submission parser,
//! game-file import, and adjudication of arbitrary orders over many rounds.
//! No input may panic or hang. Each target runs for `FUZZ_SECONDS` (default
//! 2: the smoke run of the test command; the long runs use 600) and prints
//! how many inputs it tried. A panic prints the input that caused it.
//!
//!     FUZZ_SECONDS=600 cargo test --release -p mini-survivor --test fuzz -- --nocapture --test-threads 1

use console_core::SaveFile;
use console_core::fuzz::{first_half, fuzz, mutated};
use mini_survivor::save::GameFile;
use mini_survivor::{
    Game, Grid, Options, PlayerId, Roster, Setup, borrow_submissions, check_submission, deal,
};
use proptest::prelude::*;
use serde_json::Value;

fn dealt() -> (Setup, mini_survivor::Position) {
    let names: Vec<String> = [
        "Kraken",
        "Harbor Lights",
        "Bob",
        "Bobby",
        "Ann",
        "Annabel",
        "Zoë",
        "李",
        "x",
        "Wren",
        "Tobi",
        "Quill",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let setup = Setup::new(
        Roster::new(names).unwrap(),
        Grid::default(),
        Options::default(),
        99,
    );
    let start = deal(&setup, 5, &[5; 12]).unwrap();
    (setup, start)
}

/// Order-like lines: mostly well-formed, with every kind of bad number, word and name.
fn line() -> impl Strategy<Value = String> {
    let num = prop_oneof![
        0u64..70,
        Just(0),
        Just(9999),
        Just(65536),
        Just(u64::MAX),
        any::<u64>()
    ]
    .prop_map(|n| n.to_string());
    let action = prop_oneof![
        Just("a"),
        Just("v"),
        Just("i"),
        Just("m"),
        Just("VOTE"),
        Just("assassinate"),
        Just("x"),
        Just("")
    ];
    let word = prop_oneof![
        "[A-Za-z]{1,8}",
        Just("Harbor Lights".to_string()),
        Just("an".to_string()),
        "\\PC{0,12}",
        "[0-9]{1,25}",
        Just("end".to_string())
    ];
    (num.clone(), action, num, word, prop::bool::ANY).prop_map(|(s, a, t, w, pad)| {
        let sep = if pad { " \u{a0}\t " } else { " " };
        format!("{s}{sep}{a}{sep}{t}{sep}{w}")
    })
}

#[test]
fn fuzz_parser() {
    let (setup, start) = dealt();
    let text = prop_oneof![
        "\\PC{0,2000}".boxed(),
        prop::collection::vec(line(), 0..40)
            .prop_map(|v| v.join("\n"))
            .boxed(),
        prop::collection::vec(
            prop::sample::select(vec!["\r\n", "\n", "\r", "end", " ", "\u{0}", "🦀", "=="]),
            0..200
        )
        .prop_map(|v| v.concat())
        .boxed(),
    ];
    fuzz("parser", (text, 0usize..12), |(text, p)| {
        let sub = check_submission(&setup, &start, PlayerId::from(*p), text);
        assert!(sub.lines.len() <= text.lines().count());
        for o in sub.orders() {
            assert_eq!(
                start.survivor(o.survivor()).unwrap().controller,
                PlayerId::from(*p)
            );
        }
    });
}

#[test]
fn fuzz_import() {
    let base: Value = serde_json::from_str(include_str!("fixtures/game-v1.json")).unwrap();
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        "\\PC{0,20}".prop_map(Value::from),
        Just(Value::Array(vec![])),
        Just(serde_json::json!({})),
        Just(serde_json::json!({"tribe": "Q"})),
        Just(serde_json::json!("1 v 2\n3 a 4 Bob")),
    ];
    let mutation = (
        prop::collection::vec((prop::collection::vec(any::<usize>(), 0..6), leaf), 1..4),
        "\\PC{0,64}",
    );
    fuzz("import", mutation, |(edits, garbage)| {
        let v = mutated(&base, edits);
        let _ = GameFile::parse(&v.to_string());
        let _ = GameFile::parse(garbage);
        let text = v.to_string();
        // A file cut short (at a character boundary).
        let _ = GameFile::parse(first_half(&text));
    });
}

#[test]
fn fuzz_adjudication() {
    let (setup, start) = dealt();
    let rounds = prop::collection::vec(
        prop::collection::vec((0usize..12, prop::collection::vec(line(), 0..12)), 0..12),
        1..8,
    );
    fuzz("adjudication", rounds, |rounds| {
        let mut game = Game::new(setup.clone(), start.clone());
        for round in rounds {
            let texts: Vec<(PlayerId, String)> = round
                .iter()
                .map(|(p, ls)| (PlayerId::from(*p), ls.join("\n")))
                .collect();
            let subs = borrow_submissions(&texts);
            let before = game.position().alive();
            let Some(r) = game.play(&subs) else { break };
            assert_eq!(before - r.report.eliminated().len(), r.after.alive());
        }
    });
}
