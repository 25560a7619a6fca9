//! The game API the UI uses: preview, commit, undo, missing actions,
//! decisions called for, legal verbs, the count at any post.

use console_core::SaveFile;
use console_core::commitment::Salt;
use survival::count::VoteCount;
use survival::game::InputError;
use survival::report::{DecisionKind, DecisionRequest, NoVote, Reason};
use survival::{
    Card, DayInput, Edition, Game, NightInput, Options, Phase, PhaseInput, PlayerId, Post, Roster,
    Setup, State, Verb,
};

const NAMES: [&str; 8] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"];

use Card::*;

/// Ann, Bob Evil; Cid Engineer; Dee Scientist; Eve GMO; Fay Polar Bear;
/// Gus Mother Nature; Hal PPA. Spotlight: Fay.
fn game() -> Game {
    let s = Setup::new(
        Roster::new(&NAMES).unwrap(),
        vec![
            Pollution,
            Waste,
            Engineer,
            Scientist,
            Gmo,
            PolarBear,
            MotherNature,
            Ppa,
        ],
        Options::default(),
        Edition::Advanced,
        5,
        Salt([2; 32]),
    )
    .unwrap();
    let start = State::start(&s, Some(PlayerId::from_index(5)));
    Game::new(s, start)
}

fn p(name: &str) -> PlayerId {
    PlayerId::from_index(NAMES.iter().position(|n| *n == name).unwrap())
}

fn night(lines: &[(&str, &str)], decisions: &[(&str, &str)]) -> NightInput {
    NightInput {
        actions: lines.iter().map(|(a, t)| (p(a), t.to_string())).collect(),
        decisions: decisions
            .iter()
            .map(|(a, t)| (p(a), t.to_string()))
            .collect(),
    }
}

#[test]
fn missing_actions_and_legal_verbs() {
    let g = game();
    // Night 1: the Engineer cannot act yet; Eve (GMO) and Fay (Polar Bear)
    // have no night action.
    assert_eq!(g.legal(p("Cid")).verbs, Vec::<Verb>::new());
    assert_eq!(g.legal(p("Gus")).verbs, [Verb::Buddies]);
    assert_eq!(g.legal(p("Ann")).verbs, [Verb::Kill, Verb::Expose]);
    assert_eq!(g.legal(p("Ann")).vote, None);
    let all = g.missing_actions(&NightInput::default());
    let names: Vec<&str> = all.iter().map(|q| g.setup().roster.name(*q)).collect();
    assert_eq!(names, ["Ann", "Bob", "Dee", "Gus", "Hal"]);
    // A rejected line does not count as sent.
    let input = night(
        &[
            ("Ann", "kill Bob"),
            ("Bob", "kill Dee"),
            ("Dee", "check Ann"),
        ],
        &[],
    );
    let names: Vec<&str> = g
        .missing_actions(&input)
        .iter()
        .map(|q| g.setup().roster.name(*q))
        .collect();
    assert_eq!(names, ["Ann", "Gus", "Hal"]);
}

#[test]
fn decisions_called_for_by_name() {
    let g = game();
    // The kill on Eve (GMO) calls for her revenge.
    let input = PhaseInput::Night(night(&[("Ann", "kill Eve"), ("Bob", "kill Eve")], &[]));
    assert_eq!(
        g.decisions_needed(&input),
        [DecisionRequest {
            player: p("Eve"),
            kind: DecisionKind::Revenge,
            given: false
        }]
    );
    // Her revenge on Fay (Polar Bear and Spotlight holder) calls for two more.
    let input = PhaseInput::Night(night(
        &[("Ann", "kill Eve"), ("Bob", "kill Eve")],
        &[("Eve", "revenge Fay")],
    ));
    assert_eq!(
        g.decisions_needed(&input),
        [
            DecisionRequest {
                player: p("Eve"),
                kind: DecisionKind::Revenge,
                given: true
            },
            DecisionRequest {
                player: p("Fay"),
                kind: DecisionKind::PolarBear,
                given: false
            },
            DecisionRequest {
                player: p("Fay"),
                kind: DecisionKind::Spotlight,
                given: false
            },
        ]
    );
}

#[test]
fn preview_commit_undo_and_errors() {
    let mut g = game();
    let day = PhaseInput::Day(DayInput::default());
    assert_eq!(
        g.preview(&day),
        Err(InputError::WrongPhase {
            phase: Phase::night(1)
        })
    );
    let bad = PhaseInput::Night(NightInput {
        actions: [(PlayerId::from_index(20), "kill Ann".to_string())].into(),
        ..NightInput::default()
    });
    assert_eq!(g.commit(bad), Err(InputError::UnknownPlayer(20)));
    let input = PhaseInput::Night(night(&[("Ann", "kill Dee"), ("Bob", "kill Dee")], &[]));
    let preview = g.preview(&input).unwrap();
    assert_eq!(g.phases().len(), 0, "a preview commits nothing");
    let played = g.commit(input.clone()).unwrap().clone();
    assert_eq!(played.report, preview);
    assert_eq!(g.phase(), Phase::day(1));
    assert!(!g.state().is_alive(p("Dee")));
    let undone = g.undo().unwrap();
    assert_eq!(undone, played);
    assert_eq!(g.phase(), Phase::night(1));
    assert!(g.state().is_alive(p("Dee")));
    assert!(g.undo().is_none());
    // The rejection carries the player, place, text and reason.
    let r = g
        .preview(&PhaseInput::Night(night(&[("Ann", "kill Bob")], &[])))
        .unwrap();
    assert_eq!(r.rejections.len(), 1);
    assert_eq!(r.rejections[0].text, "kill Bob");
    assert_eq!(
        r.rejections[0].reason,
        Reason::EvilTarget { target: p("Bob") }
    );
    assert!(
        r.rejections[0]
            .reason
            .text(&g.setup().roster)
            .contains("Bob is an Evil Force")
    );
}

#[test]
fn the_count_at_any_post_and_voter_rights() {
    let mut g = game();
    g.commit(PhaseInput::Night(night(&[("Hal", "summon Dee")], &[])))
        .unwrap();
    assert_eq!(g.legal(p("Dee")).vote, Some(Err(NoVote::Nairobi)));
    assert_eq!(
        g.legal(p("Fay")).vote,
        Some(Ok(2)),
        "the Spotlight weighs 2"
    );
    assert_eq!(g.legal(p("Ann")).vote, Some(Ok(1)));
    let posts = vec![
        Post::new(p("Ann"), "vote Gus"),
        Post::new(p("Fay"), "vote Gus"),
        Post::new(p("Ann"), "vote Hal"),
    ];
    let count = |k: usize| -> VoteCount { g.count_at(&posts, k).unwrap() };
    assert!(count(0).rows.is_empty());
    assert_eq!(count(1).rows[0].count, 1);
    assert_eq!(count(2).rows[0].count, 3);
    let c3 = count(3);
    assert_eq!(
        c3.rows
            .iter()
            .map(|r| (r.candidate, r.count))
            .collect::<Vec<_>>(),
        [(p("Gus"), 2), (p("Hal"), 1)]
    );
    assert_eq!(c3.cannot_vote, [(p("Dee"), NoVote::Nairobi)]);
    assert_eq!(c3.living, 8);
    assert_eq!(count(99), c3, "past the end counts every post");
}

/// The live count the day screen keeps: a `Counter::owned` pushed post by
/// post gives, after each post, the count `count_at` recomputes from
/// scratch (S5.5), rejections included.
#[test]
fn an_owned_counter_counts_like_count_at() {
    use survival::day::Counter;
    let mut g = game();
    g.commit(PhaseInput::Night(night(&[("Hal", "summon Dee")], &[])))
        .unwrap();
    let posts = vec![
        Post::new(p("Ann"), "vote Gus"),
        Post::new(p("Dee"), "vote Ann"),
        Post::new(p("Fay"), "[vote]Gus[/vote]"),
        Post::new(p("Bob"), "vote Dee\nvote Nobody"),
        Post::new(p("Ann"), "unvote\nvote Hal"),
    ];
    let mut c = Counter::owned(g.setup().clone(), g.state());
    for k in 1..=posts.len() {
        c.push(posts[k - 1].author, &posts[k - 1].text);
        assert_eq!(
            c.view(g.state()),
            g.count_at(&posts, k).unwrap(),
            "after post {k}"
        );
    }
    // Dee is in Nairobi (may not vote); Bob named Dee (not a candidate)
    // and no one.
    let who: Vec<(PlayerId, u32)> = c
        .rejections()
        .iter()
        .map(|r| (r.player, r.place.line()))
        .collect();
    assert_eq!(who, [(p("Dee"), 1), (p("Bob"), 1), (p("Bob"), 2)]);
    assert_eq!(c.tally().count(p("Gus")), 2);
    assert_eq!(c.tally().count(p("Hal")), 1);
}

/// A whole-game case (`cases/games/`) with a `_deal` comment is one the
/// browser test plays through the page from that setup: dealing `_deal`
/// must give the case's cards and Spotlight holder (S1.4, S1.6), so the
/// page and the catalogue play the same game.
#[test]
fn whole_game_cases_deal_their_cards() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/cases/games");
    let mut dealt = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let case: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let Some(d) = case.get("_deal") else { continue };
        let mut spec = d.clone();
        spec["salt"] = serde_json::json!("00".repeat(32));
        let spec: survival::DealSpec = serde_json::from_value(spec).unwrap();
        let got = survival::deal(&spec).unwrap();
        let roster = &got.setup.roster;
        assert_eq!(
            roster.names(),
            case["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_str().unwrap())
                .collect::<Vec<_>>(),
            "{path:?}"
        );
        for p in roster.ids() {
            assert_eq!(
                case["cards"][roster.name(p)].as_str(),
                Some(got.setup.card(p).name()),
                "{path:?}: {}",
                roster.name(p)
            );
        }
        assert_eq!(
            case["spotlight"].as_str(),
            got.spotlight.map(|p| roster.name(p)),
            "{path:?}"
        );
        dealt += 1;
    }
    assert!(dealt >= 1, "no whole-game case with a _deal");
}

/// Nicknames kept mid-game read from the phase to play on; phases already
/// played replay unchanged (S2.7), and a saved game keeps them.
#[test]
fn nicknames_kept_during_the_game() {
    use survival::save::GameFile;
    let spec = survival::DealSpec {
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
            "TheRealGin-N-Tonic",
        ]
        .map(String::from)
        .to_vec(),
        edition: survival::Edition::Advanced,
        evil: Some(2),
        specials: Vec::new(),
        spotlight: None,
        options: survival::Options::default(),
        seed: 5,
        salt: console_core::commitment::Salt([2; 32]),
    };
    let mut g = survival::Game::from_deal(survival::deal(&spec).unwrap());
    g.commit(survival::PhaseInput::Night(survival::NightInput::default()))
        .unwrap();
    let trg = g.setup().roster.find("TheRealGin-N-Tonic").unwrap();
    let ann = g.setup().roster.find("Ann").unwrap();
    assert!(g.add_nickname(trg, "Ann").is_err(), "another player's name");
    g.add_nickname(trg, "Tonny").unwrap();
    let day = survival::PhaseInput::Day(survival::DayInput {
        posts: vec![survival::Post::new(ann, "vote tonny")],
        ..Default::default()
    });
    let report = g.preview(&day).unwrap();
    assert_eq!(report.day().unwrap().count.count(trg), 1);
    assert_eq!(report.guesses.len(), 1);
    g.commit(day).unwrap();
    let file = GameFile::new("t", &spec, &g);
    assert_eq!(file.setup.nicknames.len(), 1);
    let (_, again) = GameFile::parse(&file.to_json()).unwrap();
    assert_eq!(again.phases().len(), 2);
    // Undoing the day drops nothing kept before it; undoing the night drops
    // the nickname kept on day 1.
    g.undo();
    assert_eq!(g.setup().nicknames.len(), 1);
    g.undo();
    assert!(g.setup().nicknames.is_empty());
}
