//! Fuzzing with proptest's generators, time-bounded: the action-line
//! reader, the vote reader, the thread and bulk splitters and the save-file
//! loader never panic (or hang) on arbitrary text. Each target runs for
//! `FUZZ_SECONDS` (default 2: the smoke run of the test command; the long
//! runs use 600) and prints how many inputs it tried. A panic prints the
//! input that caused it.
//!
//!     FUZZ_SECONDS=600 cargo test --release -p survival --test fuzz -- --nocapture --test-threads 1 line_reader

use console_core::SaveFile;
use console_core::commitment::Salt;
use console_core::fuzz::{first_half, fuzz, mutated};
use proptest::prelude::*;
use serde_json::Value;
use survival::count::Electorate;
use survival::day::Counter;
use survival::save::GameFile;
use survival::thread::{Layout, split_thread_as};
use survival::vote::{Rules, What, read_votes};
use survival::{Card, DealSpec, Edition, Game, NightInput, Options, PhaseInput, PlayerId, deal};

const NAMES: [&str; 12] = [
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
    "and",
];

/// A dealt 12-player game with every Special Force, played to night 2 (so
/// the Engineer can act).
fn game() -> Game {
    let spec = DealSpec {
        nicknames: Vec::new(),
        no_guess: Vec::new(),
        players: NAMES.map(String::from).to_vec(),
        edition: Edition::Advanced,
        evil: Some(3),
        specials: Card::SPECIAL.to_vec(),
        spotlight: Some("Ann".into()),
        options: Options::default(),
        seed: 99,
        salt: Salt([1; 32]),
    };
    let mut g = Game::from_deal(deal(&spec).unwrap());
    g.commit(PhaseInput::Night(NightInput::default())).unwrap();
    g.commit(PhaseInput::empty(g.phase())).unwrap();
    g
}

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "kill",
            "expose",
            "protect",
            "check",
            "watch",
            "bomb",
            "shield",
            "summon",
            "buddies",
            "revenge",
            "spotlight",
            "sole",
            "bar",
            "end",
            "END",
            "pro",
            "ki",
            "vote",
            "unvote",
            "and",
            "&",
            ",",
            "[vote]",
            "[/vote]",
            "[unvote]",
            "[quote]",
            "[/quote]",
            "[quote=Ann]",
            "[b]",
            "[/b]",
            "**",
            "__",
            "~~",
            ">",
            ">>>",
            "[color=red]",
            "[/color]",
            ":",
            "Harbor",
            "Lights",
            "Harbor Lights",
            "bob",
            "Bobby",
            "Ann",
            "Annabel",
            "Zoë",
            "李",
            "x",
            "\u{a0}",
            "\t",
            "\r",
            "\n",
            "\r\n",
            " ",
            "[18:05]",
            " — Today at 18:04",
            "==",
            "Kraken:",
            "🦀",
            "\u{0}",
            "\u{200b}",
            "Post by Ann » Tue Nov 24, 2026 8:15 pm",
            "Post by ",
            " » ",
            "»",
            "Post #25 (ISO) » Tue Nov 24, 2026 8:15 pm",
            "11-24-2026, 08:15 PM #5",
            "#12",
            "Posted November 24, 2026",
            "« Reply #3 on: November 24, 2026, 08:20:00 PM »",
            "Nov 24",
            "5h",
            "Ann wrote: ↑",
            "Bob said:",
            "Click to expand...",
            "Quote:",
            "Originally Posted by Ann View Post",
            "Quote from: Ann on November 24, 2026",
            "[quote=\"Ann\" post_id=1 time=1764015300]",
            "[QUOTE=Bob;12]",
            "[/QUOTE]",
            "Carl-bot APP — Today at 18:10",
            "(edited)",
            "@Ann",
            "Posts: 12",
            "Top",
            "Reply With Quote",
            "__________________",
            "##vote",
            "!vote",
            "[v]",
            "[/v]",
            "[uv]",
            "[s]",
            "[/s]",
            "[strike]",
            "no lynch",
            "!nolynch",
            "Zoe",
            "O’Neil",
            "gin",
        ])
        .prop_map(String::from),
        "\\PC{0,8}",
        "[a-zA-Z ]{1,12}",
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,600}".boxed(),
        prop::collection::vec(word(), 0..120)
            .prop_map(|v| v.join(" "))
            .boxed(),
        prop::collection::vec(word(), 0..120)
            .prop_map(|v| v.concat())
            .boxed(),
        prop::collection::vec(
            (
                word(),
                word(),
                prop::sample::select(vec!["\n", "\r\n", "\r", " "])
            ),
            0..40
        )
        .prop_map(|v| v
            .into_iter()
            .map(|(a, b, s)| format!("{a} {b}{s}"))
            .collect::<String>())
        .boxed(),
    ]
}

#[test]
fn fuzz_line_reader() {
    let g = game();
    let s = g.setup().clone();
    fuzz("line_reader", (text(), 0usize..12), |(text, p)| {
        let p = PlayerId::from_index(*p);
        let mut input = NightInput::default();
        input.actions.insert(p, text.clone());
        input.decisions.insert(p, text.clone());
        let orders = survival::night::read_orders(&s, g.state(), &input.actions);
        let lines = survival::line::read_message(text);
        assert!(orders.accepted.len() + orders.rejections.len() <= lines.len());
        for a in &orders.accepted {
            assert_eq!(a.player, p);
        }
        let _ = survival::pair::split_pair(&s.names(g.phase()), text);
        let report = g.preview(&PhaseInput::Night(input)).unwrap();
        assert!(report.alive.len() <= g.state().alive().len());
        for r in &report.rejections {
            let _ = r.reason.text(&s.roster);
        }
    });
}

#[test]
fn fuzz_vote_reader() {
    let mut g = game();
    g.commit(PhaseInput::Night(NightInput::default())).unwrap();
    let s = g.setup().clone();
    let state = g.state().clone();
    fuzz(
        "vote_reader",
        prop::collection::vec((0usize..12, text()), 1..6),
        |posts| {
            let mut c = Counter::new(&s, Electorate::new(&s, &state), false, state.phase());
            let names = s.names(state.phase());
            let rules = [
                Rules::default(),
                Rules {
                    bold: true,
                    anywhere: true,
                    no_elimination: false,
                    signatures: true,
                },
            ];
            for (a, t) in posts {
                let lines = survival::line::lines(t).count() as u32;
                for r in rules {
                    for v in read_votes(t, &names, r) {
                        assert!(v.line >= 1 && v.line <= lines);
                        if let What::Vote { written, .. } = &v.what {
                            assert!(!written.contains('\n'));
                        }
                    }
                }
                c.push(PlayerId::from_index(*a), t);
            }
            let view = c.view(&state);
            let total: u32 = view.rows.iter().map(|r| r.count).sum();
            assert!(total <= c.electorate().total());
        },
    );
}

#[test]
fn fuzz_thread_splitter() {
    let g = game();
    let s = g.setup().clone();
    fuzz("thread_splitter", text(), |text| {
        let split = survival::thread::split_thread(&s.roster, text);
        let lines = survival::line::lines(text).count() as u32;
        for p in &split.posts {
            assert!(p.line >= 1 && p.line <= lines);
        }
        let bulk = survival::bulk::split_bulk(&s.roster, text);
        assert!(bulk.texts.len() <= 12);
    });
}

#[test]
fn fuzz_thread_layouts() {
    let g = game();
    let s = g.setup().clone();
    let names = s.names(g.phase());
    let counts = std::cell::RefCell::new([0usize; 10]);
    fuzz("thread_layouts", text(), |text| {
        let lines = survival::line::lines(text).count() as u32;
        let mut forced = [None; 11];
        for (i, l) in Layout::ALL.into_iter().enumerate() {
            forced[i] = Some(l);
        }
        for layout in forced {
            let split = split_thread_as(&names, text, layout);
            if layout.is_none() {
                let i = Layout::ALL.iter().position(|l| *l == split.layout).unwrap();
                counts.borrow_mut()[i] += 1;
            }
            assert_eq!(split.known_posts().len(), split.known_index().len());
            for p in &split.posts {
                assert!(
                    p.line >= 1 && p.line <= lines,
                    "{:?} line {}",
                    layout,
                    p.line
                );
            }
            let _ = split.summary();
            assert!(split.players() <= 12);
        }
    });
    let c = counts.into_inner();
    println!(
        "fuzz thread_layouts: detected {}",
        Layout::ALL
            .iter()
            .zip(c)
            .map(|(l, n)| format!("{} {n}", l.name()))
            .collect::<Vec<_>>()
            .join(", ")
    );
}

#[test]
fn fuzz_save_loader() {
    let base: Value = serde_json::from_str(include_str!("fixtures/game-v1.json")).unwrap();
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        "\\PC{0,20}".prop_map(Value::from),
        Just(Value::Array(vec![])),
        Just(serde_json::json!({})),
        Just(serde_json::json!({"night": {"actions": {"Ann": "kill Bob"}}})),
        Just(serde_json::json!({"day": {"posts": [["Ann", "vote Bob"]]}})),
        Just(serde_json::json!(["Ann", "Bob"])),
        Just(serde_json::json!("36")),
    ];
    let mutation = (
        prop::collection::vec((prop::collection::vec(any::<usize>(), 0..7), leaf), 1..4),
        "\\PC{0,64}",
    );
    fuzz("save_loader", mutation, |(edits, garbage)| {
        let v = mutated(&base, edits);
        let _ = GameFile::parse(&v.to_string());
        let _ = GameFile::parse(garbage);
        let text = v.to_string();
        let _ = GameFile::parse(first_half(&text));
    });
}

#[test]
fn fuzz_case_reader() {
    let base: Value = serde_json::from_str(include_str!("../cases/public/chain-008.json")).unwrap();
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<i64>().prop_map(Value::from),
        "\\PC{0,20}".prop_map(Value::from),
        Just(Value::Array(vec![])),
        Just(serde_json::json!({})),
        Just(serde_json::json!({"day": 0})),
        Just(serde_json::json!(["Ann", "Ann"])),
    ];
    let edits = prop::collection::vec((prop::collection::vec(any::<usize>(), 0..6), leaf), 1..4);
    fuzz("case_reader", edits, |edits| {
        let v = mutated(&base, edits);
        let _ = survival::case::run_case(&v.to_string());
    });
}
