//! Fuzzing with proptest's generators, time-bounded: the notation reader
//! (C8.1), the post reader (C8.6), position codes, save files and cases. No input may panic. Each
//! target runs for `FUZZ_SECONDS` (default 2) and prints how many inputs it
//! tried; a panic prints the input.
//!
//!     FUZZ_SECONDS=600 cargo test --release -p survival-circle --test fuzz -- --nocapture --test-threads 1

use console_core::fuzz::fuzz;
use console_core::{LoadError, SaveFile};
use proptest::prelude::*;
use survival_circle::save::GameFile;
use survival_circle::{
    Game, Mode, Options, Players, State, Value, case, parse_moves, play_text, read_post,
};

fn save(g: &Game) -> String {
    GameFile::of(g).to_json()
}

fn load(text: &str) -> Result<Game, LoadError> {
    GameFile::parse(text).map(|(_, g)| g)
}

/// Move-like text: values with and without prefixes, signs, huge numbers,
/// odd separators and arbitrary characters.
fn record() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        (0i64..12).prop_map(|n| n.to_string()),
        "[BRbrX]?-?[0-9]{1,3}",
        "[0-9]{15,30}",
        Just("-".to_string()),
        Just("B".to_string()),
        "(Blue|red|RED|Ｂ|Ｒ|B|r)[ :=]{0,2}[0-9５０]{1,2}\\.?",
        "[0-9]{1,3}\\.",
        Just("[quote=Ann]".to_string()),
        Just("[/quote]".to_string()),
        Just("> ".to_string()),
        Just("--".to_string()),
        Just("plays".to_string()),
        Just("’s".to_string()),
        "\\PC{1,4}",
    ];
    let sep = prop_oneof![
        Just(" "),
        Just(","),
        Just(", "),
        Just("\t"),
        Just("\u{a0}"),
        Just("\n"),
        Just(",,"),
        Just("\u{2003}")
    ];
    prop_oneof![
        "\\PC{0,300}".boxed(),
        prop::collection::vec((token, sep), 0..120)
            .prop_map(|v| v
                .into_iter()
                .map(|(t, s)| format!("{t}{s}"))
                .collect::<String>())
            .boxed(),
    ]
}

#[test]
fn fuzz_notation() {
    fuzz("notation", record(), |text| {
        // (play_text reads the text without its invisible characters.)
        let shown = console_core::text::visible(text);
        let moves = parse_moves(&shown);
        assert!(moves.iter().all(|m| !m.text.is_empty()));
        let mut s = State::new(Options::default());
        let before = s;
        let played = play_text(&mut s, text);
        assert_eq!(played.len(), moves.len());
        // Accepted moves replay to the same state.
        let mut t = before;
        for p in &played {
            if let Ok(r) = &p.result {
                t.play(r.value).unwrap();
            }
        }
        assert_eq!(t, s);
    });
}

/// A post's move (C8.6, C8.7): reading never panics, a move played is
/// what the check said, and a doubt leaves the game unchanged.
#[test]
fn fuzz_posts() {
    let mut g = Game::new(Options::default(), Players::default(), Mode::Forum, 1);
    g.play_text("5");
    fuzz("posts", record(), |text| {
        let reading = read_post(text);
        assert!(reading.found.iter().all(|f| !f.text.is_empty()));
        let mut h = g.clone();
        match reading.check(h.state()) {
            Ok(m) => {
                let played = h.play_post(text).unwrap();
                assert_eq!(played.report.value, m.value);
                assert!(!m.how().is_empty());
            }
            Err(d) => {
                assert_eq!(h.play_post(text).unwrap_err(), d);
                assert_eq!(h, g);
                assert!(!d.to_string().is_empty());
            }
        }
    });
}

#[test]
fn fuzz_codes() {
    let code = prop_oneof![
        "\\PC{0,80}".boxed(),
        "[.BRx]{14,17} ([0-9]{1,2}/[0-9]|-) [0-7]{7,9} [0-9]{8} [BRG] [dpr]{1,3}".boxed(),
    ];
    fuzz("codes", code, |text| {
        if let Ok(s) = State::from_code(text) {
            assert_eq!(State::from_code(&s.code()).unwrap(), s);
        }
    });
}

fn sample_save() -> String {
    let mut g = Game::new(Options::default(), Players::default(), Mode::HotSeat, 42);
    g.play_text("5 3 8 1 2 2 7 4 4 6");
    g.undo();
    save(&g)
}

#[test]
fn fuzz_save_files() {
    let valid = sample_save();
    let n = valid.len();
    let mutated = (
        prop::collection::vec((0..n, any::<u8>()), 1..6),
        0..n,
        any::<bool>(),
    )
        .prop_map(move |(edits, cut, truncate)| {
            let mut bytes = valid.clone().into_bytes();
            for (i, b) in edits {
                bytes[i] = b" 0123456789[]{},:\"abcBRnull-"[usize::from(b) % 28];
            }
            if truncate {
                bytes.truncate(cut);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        });
    let text = prop_oneof![mutated.boxed(), "\\PC{0,200}".boxed()];
    fuzz("save files", text, |text| {
        if let Ok(g) = load(text) {
            // Whatever loads saves and loads back the same.
            assert_eq!(load(&save(&g)).unwrap(), g);
        }
    });
}

#[test]
fn fuzz_cases() {
    let case = (
        "[.BRx]{0,17}",
        prop::collection::vec(0u64..9, 0..10),
        0u8..20,
        1u8..10,
        record(),
        any::<bool>(),
    )
        .prop_map(|(board, hand, cell, value, moves, best)| {
            serde_json::json!({
                "game": "survival-circle",
                "board": board,
                "hands": {"Blue": hand, "Red": [1, 1, 1, 0, 0, 0, 0, 0]},
                "last": {"cell": cell, "value": value},
                "moves": moves,
                "best_move": best,
                "think_ms": 1,
            })
            .to_string()
        });
    fuzz("cases", case, |json| {
        let _ = case::run_case(json);
    });
}

#[test]
fn a_saved_game_loads_back() {
    let text = sample_save();
    let g = load(&text).unwrap();
    assert_eq!(g.moves().len(), 9);
    assert!(g.can_redo());
    assert_eq!(g.redo_moves(), vec![Value::new(6).unwrap()]);
}
