//! Fuzzing with proptest's generators, time-bounded: the case reader, the
//! season-file loader, and random seasons. No input may panic or hang.
//! Each target runs for `FUZZ_SECONDS` (default 2: the smoke run of the
//! test command) and prints how many inputs it tried. A panic prints the
//! input that caused it.
//!
//!     FUZZ_SECONDS=600 cargo test --release -p dice-org --test fuzz -- --nocapture --test-threads 1

mod common;

use console_core::SaveFile;
use console_core::fuzz::{first_half, fuzz, mutated};
use dice_org::case::run_case;
use dice_org::save::SeasonFile;
use proptest::prelude::*;
use serde_json::Value;
use std::path::Path;

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<i64>().prop_map(Value::from),
        (0i64..20).prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<bool>().prop_map(Value::from),
        "\\PC{0,20}".prop_map(Value::from),
        prop::sample::select(vec![
            "Ann",
            "Bob",
            "Cid",
            "Koru",
            "Mana",
            "Tipua",
            "Hidden Immunity",
            "Extra Vote",
            "_note",
            "merge"
        ])
        .prop_map(Value::from),
        Just(Value::Array(vec![])),
        Just(serde_json::json!({})),
        Just(serde_json::json!({"merge": "Tipua"})),
        Just(serde_json::json!({"Ann": {"deduct": true, "boost": 7}})),
        Just(serde_json::json!([6, 6, 6, 1, 1, 1])),
        Just(
            serde_json::json!({"vote": {"votes": {"Ann": ["Bob", "Bob"]}, "revote": {"Bob": "Ann"}}})
        ),
    ]
}

fn cases() -> Vec<Value> {
    let mut out = Vec::new();
    for dir in ["public", "ours"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("cases")
            .join(dir);
        let mut files: Vec<_> = std::fs::read_dir(path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in files {
            out.push(serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap());
        }
    }
    out
}

#[test]
fn fuzz_case_reader() {
    let base = cases();
    let edits = (
        0..base.len(),
        prop::collection::vec((prop::collection::vec(any::<usize>(), 0..7), leaf()), 1..5),
        "\\PC{0,64}",
    );
    fuzz("case reader", edits, |(k, edits, garbage)| {
        let v = mutated(&base[*k], edits);
        let text = v.to_string();
        for t in [text.as_str(), garbage.as_str(), first_half(&text)] {
            if let Err(e) = run_case(t) {
                assert!(!e.contains('\n'), "a reason is one line: {e:?}");
            }
        }
    });
}

#[test]
fn fuzz_season_loader() {
    let base: Value = serde_json::from_str(include_str!("fixtures/season-v1.json")).unwrap();
    let edits = (
        prop::collection::vec((prop::collection::vec(any::<usize>(), 0..8), leaf()), 1..4),
        "\\PC{0,64}",
    );
    fuzz("season loader", edits, |(edits, garbage)| {
        let v = mutated(&base, edits);
        let text = v.to_string();
        let _ = SeasonFile::parse(&text);
        let _ = SeasonFile::parse(garbage);
        let _ = SeasonFile::parse(first_half(&text));
    });
}

#[test]
fn fuzz_seasons() {
    let inputs = (any::<u64>(), prop::collection::vec(any::<u32>(), 1..80));
    fuzz("seasons", inputs, |(seed, words)| {
        let season = common::play(*seed, words.clone(), 300);
        for i in 0..season.played().len() {
            for f in dice_org::post::Format::ALL {
                let _ = dice_org::post::public_post(&season, i, f);
            }
            let _ = dice_org::post::private_messages(&season, i);
            assert!(!season.explain(i).is_empty());
        }
        let _ = season.board(true);
        let _ = season.needs();
    });
}
