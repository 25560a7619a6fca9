//! Properties over random legal games (dealt from random seeds and sizes,
//! played with random orders written as forum text).

use mini_survivor::case::RoundRecord;
use mini_survivor::post::{Format, PublicRound, result_post};
use mini_survivor::{
    Adjudicator, Game, Grid, Options, Place, PlayerId, Position, Roster, RoundReport, Setup,
    SubmissionCheck, borrow_submissions, check_submission, deal,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Sizes that can be dealt: (players, per player, rows, cols).
const SIZES: [(usize, usize, u32, u32); 5] = [
    (12, 5, 3, 4),
    (6, 4, 2, 4),
    (8, 3, 2, 3),
    (5, 2, 1, 2),
    (9, 6, 3, 3),
];

fn setup(size: usize, seed: u64, options: Options) -> (Setup, Position) {
    let (players, per, rows, cols) = SIZES[size];
    let names: Vec<String> = (0..players).map(|i| format!("Player{i:02}")).collect();
    let setup = Setup::new(
        Roster::new(names).unwrap(),
        Grid::new(rows, cols).unwrap(),
        options,
        seed,
    );
    let start = deal(&setup, per, &vec![3; players]).unwrap();
    (setup, start)
}

/// Random but mostly sensible orders for every living survivor, as text.
fn orders(setup: &Setup, pos: &Position, noise: &[u32]) -> Vec<(PlayerId, String)> {
    let ids: Vec<u16> = pos.survivors().map(|s| s.id.get()).collect();
    let mut texts = vec![String::new(); setup.players.len()];
    let mut k = 0usize;
    let mut pick = |n: usize| {
        k += 1;
        noise[k % noise.len()] as usize % n.max(1)
    };
    for s in pos.living() {
        let text = &mut texts[s.controller.index()];
        let target = ids[pick(ids.len())];
        match pick(6) {
            0 => text.push_str(&format!(
                "{} a {} {}\n",
                s.id,
                target,
                setup
                    .players
                    .name(PlayerId::from(pick(setup.players.len())))
            )),
            1 => text.push_str(&format!("{} i\n", s.id)),
            _ => {}
        }
        if pick(4) > 0 {
            text.push_str(&format!("{} v {}\n", s.id, target));
        }
        if pick(3) == 0 || s.place == Place::Outcast {
            let t = (b'A' + pick(setup.grid.len()) as u8) as char;
            text.push_str(&format!("{} m {}\n", s.id, t));
        }
    }
    setup.players.ids().zip(texts).collect()
}

fn play(size: usize, seed: u64, options: Options, noise: &[u32]) -> Game {
    let (setup, start) = setup(size, seed, options);
    let mut game = Game::new(setup, start);
    for _ in 0..20 {
        let subs = orders(game.setup(), game.position(), noise);
        let borrowed = borrow_submissions(&subs);
        if game.play(&borrowed).is_none() {
            break;
        }
    }
    game
}

fn options() -> impl Strategy<Value = Options> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(d, a, s)| Options {
        adjacency: if d {
            mini_survivor::Adjacency::Diagonal
        } else {
            mini_survivor::Adjacency::Orthogonal
        },
        announce_idols: a,
        outcast_without_move: if s {
            mini_survivor::OutcastWithoutMove::Stay
        } else {
            mini_survivor::OutcastWithoutMove::Random
        },
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_every_round(size in 0..SIZES.len(), seed: u64, opts in options(), noise in prop::collection::vec(any::<u32>(), 1..64)) {
        let game = play(size, seed, opts, &noise);
        let setup = game.setup();
        let mut before = game.start().clone();
        for r in game.rounds() {
            let rec = RoundRecord::new(setup, &r.report, &r.after);
            // A survivor is in at most one place.
            let mut seen = BTreeSet::new();
            for id in rec.tribes.values().flatten().chain(&rec.outcasts) {
                prop_assert!(seen.insert(*id), "survivor {id} twice in round {}", rec.round);
            }
            // Counts are conserved: every living survivor is placed, and the dead are the difference.
            prop_assert_eq!(seen.len(), rec.alive);
            prop_assert_eq!(before.alive() - r.report.eliminated().len(), rec.alive);
            // No tribe starts a round with 1 or 2 members (R6.6).
            for (t, members) in &rec.tribes {
                prop_assert!(members.is_empty() || members.len() >= 3, "tribe {t} has {:?}", members);
            }
            // Removed tribes stay removed, and at least one tribe exists (R7.3).
            prop_assert!(!rec.tribes.is_empty());
            for t in setup.grid.tribes() {
                prop_assert!(!before.is_removed(t) || r.after.is_removed(t));
            }
            before = r.after.clone();
        }
    }

    #[test]
    fn replay_is_exact_and_serde_is_lossless(size in 0..SIZES.len(), seed: u64, opts in options(), noise in prop::collection::vec(any::<u32>(), 1..64)) {
        let game = play(size, seed, opts, &noise);
        let mut again = Game::new(game.setup().clone(), game.start().clone());
        for r in game.rounds() {
            let borrowed = borrow_submissions(&r.submissions);
            again.play(&borrowed);
        }
        prop_assert_eq!(&again, &game);
        for p in std::iter::once(game.start()).chain(game.rounds().iter().map(|r| &r.after)) {
            let json = serde_json::to_string(p).unwrap();
            let back: Position = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(&back, p);
        }
        let setup_back: Setup = serde_json::from_str(&serde_json::to_string(game.setup()).unwrap()).unwrap();
        prop_assert_eq!(&setup_back, game.setup());
    }

    /// A random game's file, with random unsent work, written and read
    /// back through serde (`SaveFile`): the same file, the same text, the
    /// same game.
    #[test]
    fn save_files_round_trip(
        size in 0..SIZES.len(),
        seed: u64,
        opts in options(),
        noise in prop::collection::vec(any::<u32>(), 1..64),
        name in "\\PC{0,30}",
        drafts in prop::collection::btree_map("\\PC{0,12}", "\\PC{0,40}", 0..4),
        bulk in "\\PC{0,60}",
        deadlines in prop::collection::vec((any::<u16>(), any::<i64>()), 0..4),
        format in 0..3usize,
    ) {
        use console_core::format::Format;
        use console_core::save::SaveFile;
        use mini_survivor::save::{GameFile, set_deadline};
        let game = play(size, seed, opts, &noise);
        let mut file = GameFile::of(&name, &game);
        file.drafts = drafts;
        file.bulk_draft = bulk;
        for (round, at) in deadlines {
            set_deadline(&mut file.deadlines, round, Some(at));
        }
        file.post_format = [Format::BBCode, Format::Markdown, Format::Plain][format];
        let json = file.to_json();
        let (back, loaded) = GameFile::parse(&json).expect("a written file loads");
        prop_assert_eq!(&loaded, &game);
        prop_assert_eq!(back.to_json(), json);
        prop_assert_eq!(back, file);
    }

    #[test]
    fn public_posts_never_name_a_living_survivors_controller(size in 0..SIZES.len(), seed: u64, noise in prop::collection::vec(any::<u32>(), 1..64)) {
        let game = play(size, seed, Options::default(), &noise);
        let setup = game.setup();
        let mut before = game.start().clone();
        for r in game.rounds() {
            let public = PublicRound::new(setup, &before, &r.report, &r.after);
            for format in [Format::BBCode, Format::Markdown, Format::Plain] {
                let text = result_post(&public, format, None).concat();
                // Every "#ID (Name)" must be an eliminated survivor and its controller.
                for (i, _) in text.match_indices('#') {
                    let rest = &text[i + 1..];
                    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
                    let Some(inner) = rest[digits.len()..].strip_prefix(" (").and_then(|s| s.split(')').next()) else { continue };
                    if digits.is_empty() || inner.chars().all(|c| c.is_ascii_digit()) { continue; }
                    let id = mini_survivor::SurvivorId::new(digits.parse().unwrap()).unwrap();
                    let s = r.after.survivor(id).unwrap();
                    prop_assert!(!s.place.is_alive(), "living survivor {id} named with {inner}");
                    prop_assert_eq!(setup.players.name(s.controller), inner);
                }
                // The seed is revealed only when the game is over.
                prop_assert_eq!(text.contains("Seed:"), r.after.is_game_over());
            }
            before = r.after.clone();
        }
    }

    /// One `Adjudicator` and one report, reused across rounds and across
    /// two different games, give exactly what fresh `play_round` calls give.
    #[test]
    fn a_reused_adjudicator_replays_games_exactly(a in 0..SIZES.len(), b in 0..SIZES.len(), seed: u64, opts in options(), noise in prop::collection::vec(any::<u32>(), 1..64)) {
        let mut adjudicator = Adjudicator::default();
        let mut report = RoundReport::default();
        for (size, seed) in [(a, seed), (b, seed.wrapping_add(1))] {
            let game = play(size, seed, opts, &noise);
            let mut pos = game.start().clone();
            for r in game.rounds() {
                let borrowed = borrow_submissions(&r.submissions);
                adjudicator.play_round(game.setup(), &mut pos, &borrowed, &mut report);
                prop_assert_eq!(&report, &r.report);
                prop_assert_eq!(&pos, &r.after);
            }
        }
    }

    /// ASCII submissions are read in one pass; the line-by-line reader (used
    /// for non-ASCII text) gives the same verdict on every line.
    #[test]
    fn the_one_pass_reader_agrees_with_the_line_reader(lines in prop::collection::vec("[ \t\x0B\r]{0,2}([0-9]{1,3}[ \t\x0B]{1,2}[aivmxAIVM][a-z\x0B]{0,5}[ \t\x0B]{0,2}[0-9A-Za-z \x0B]{0,12}|end|)[ \t\x0B\r]{0,2}", 0..20)) {
        let (setup, start) = setup(0, 1, Options::default());
        let text = lines.join("\n");
        // A last line with a non-ASCII character sends the text down the line reader.
        let unicode = format!("{text}\n\u{e9}");
        for p in setup.players.ids() {
            let fast = check_submission(&setup, &start, p, &text);
            let slow = check_submission(&setup, &start, p, &unicode);
            let n = fast.lines.len();
            prop_assert_eq!(&fast.lines[..], &slow.lines[..n]);
            prop_assert_eq!(fast.holdings_after, slow.holdings_after);
        }
    }

    /// A submission checked a few bytes at a time (as the page checks a
    /// long box, in slices) reads exactly as one checked in one go: every
    /// line, its number, span and verdict, replacements across the parts
    /// (R3.5), idols paid once (R5.4), `end` (R3.3); ASCII or not.
    #[test]
    fn a_submission_checked_in_parts_reads_as_in_one_go(lines in prop::collection::vec("[ \t\r]{0,2}([0-9]{1,2} [aivmAIVM][a-z]{0,4} [0-9A-Za-z ]{0,10}|end|)[ \t\r]{0,2}", 0..30), parts in prop::collection::vec(0usize..40, 1..8), unicode: bool) {
        let (setup, start) = setup(0, 1, Options::default());
        let mut text = lines.join("\n");
        if unicode {
            text.push_str("\n\u{e9} v 2\n");
        }
        for p in setup.players.ids() {
            let whole = check_submission(&setup, &start, p, &text);
            let mut check = SubmissionCheck::new(&start, p, &text);
            let mut calls = 0;
            while !check.check(&setup, &start, &text, parts[calls % parts.len()]) {
                calls += 1;
                prop_assert!(calls <= text.len(), "every call reads at least a line");
            }
            prop_assert_eq!(check.read(), text.len());
            prop_assert_eq!(check.finish(), whole);
        }
    }

    #[test]
    fn the_parser_never_panics(text in "\\PC{0,400}", lines in prop::collection::vec("[0-9]{1,3} [aivmxAIVM]\\w{0,5} [0-9A-Za-z ]{0,12}", 0..20)) {
        let (setup, start) = setup(0, 1, Options::default());
        for p in setup.players.ids() {
            let _ = check_submission(&setup, &start, p, &text);
            let sub = check_submission(&setup, &start, p, &lines.join("\n"));
            prop_assert!(sub.lines.len() <= lines.len());
        }
    }
}

#[test]
fn deal_is_legal_and_reproducible() {
    for (size, &(players, per, _, _)) in SIZES.iter().enumerate() {
        for seed in 0..20 {
            let (setup, a) = setup(size, seed, Options::default());
            let (_, b) = self::setup(size, seed, Options::default());
            assert_eq!(a, b);
            let per_tribe = players * per / setup.grid.len();
            for t in setup.grid.tribes() {
                let owners: Vec<PlayerId> = a
                    .members(t)
                    .map(|id| a.survivor(id).unwrap().controller)
                    .collect();
                assert_eq!(owners.len(), per_tribe);
                let distinct: BTreeSet<_> = owners.iter().collect();
                assert_eq!(distinct.len(), owners.len(), "a player twice in tribe {t}");
            }
            for p in setup.players.ids() {
                assert_eq!(a.survivors_of(p).count(), per);
            }
            let ids: BTreeSet<u16> = a.survivors().map(|s| s.id.get()).collect();
            assert_eq!(ids, (1..=(players * per) as u16).collect());
        }
    }
    let (s1, a) = setup(0, 1, Options::default());
    let (_, b) = setup(0, 2, Options::default());
    assert_ne!(a, b, "different seeds deal differently");
    assert_eq!(
        deal(&s1, 13, &[0; 12]),
        Err(mini_survivor::DealError::TribeTooBig {
            per_tribe: 13,
            players: 12
        })
    );
    let (s5, _) = setup(3, 1, Options::default()); // 5 players, 1 x 2 grid
    assert_eq!(
        deal(&s5, 3, &[0; 5]),
        Err(mini_survivor::DealError::Uneven {
            survivors: 15,
            tribes: 2
        })
    );
    assert_eq!(
        deal(&s5, 4, &[0; 5]),
        Err(mini_survivor::DealError::TribeTooBig {
            per_tribe: 10,
            players: 5
        })
    );
}

#[test]
fn game_files_round_trip_and_tampering_is_detected() {
    use console_core::save::{LoadError, SaveFile};
    use mini_survivor::save::GameFile;
    let game = play(0, 42, Options::default(), &[7, 3, 9, 1, 12, 5]);
    assert!(!game.rounds().is_empty());
    let json = GameFile::of("Test game", &game).to_json();
    let (file, again) = GameFile::parse(&json).expect("loads");
    assert_eq!(again, game);
    assert_eq!(file.name, "Test game");
    // A changed order no longer produces the stored record.
    let mut bad = file.clone();
    let (name, text) = bad.rounds[0]
        .submissions
        .iter()
        .next()
        .map(|(n, t)| (n.clone(), t.clone()))
        .unwrap();
    let first = text.lines().next().unwrap_or("").to_string();
    let survivor: u16 = first.split_whitespace().next().unwrap().parse().unwrap();
    bad.rounds[0].submissions.insert(
        name,
        format!("{survivor} v {survivor}\n{survivor} a {survivor} x"),
    );
    let mut tampered = bad.clone();
    tampered.rounds[0].record.as_mut().unwrap().alive += 1;
    assert!(matches!(
        GameFile::parse(&tampered.to_json()),
        Err(LoadError::Replay { ref at, .. }) if at == "round 1"
    ));
    // Wrong format and version are named before anything else.
    assert!(matches!(
        GameFile::parse(r#"{"format":"other","version":1}"#),
        Err(LoadError::WrongFormat { .. })
    ));
    assert_eq!(
        GameFile::parse(r#"{"format":"mini-survivor-game","version":9}"#),
        Err(LoadError::UnsupportedVersion {
            found: 9,
            newest: 2
        })
    );
    assert!(matches!(
        GameFile::parse("{"),
        Err(LoadError::NotJson { cut_off: true, .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The engine contract (`console_core::contract`) along a random game
    /// from the deal, every round through `Session`, with one more round
    /// after the last (refused once the game is over, R8.1), and the
    /// game's file written and read back. The rounds checked carry no
    /// events (R10): they are given outside the contract
    /// (`Game::add_event`), a round's undo drops them with it and, while
    /// some are pending, `Session::undo` withdraws the last one (an input
    /// of no submissions), so rules 3 and 5 hold only for rounds without
    /// them. With events, the weaker rule 3 is checked on the first round:
    /// commit then undo gives the submissions back and the game without
    /// the events.
    #[test]
    fn contract_holds_on_random_games(
        size in 0..SIZES.len(),
        seed: u64,
        opts in options(),
        noise in prop::collection::vec(any::<u32>(), 1..64),
        name in "\\PC{0,20}",
    ) {
        use console_core::Session;
        use console_core::contract::{check_play, check_save};
        use console_core::events::{Event, Extension};
        use mini_survivor::save::GameFile;
        let game = play(size, seed, opts, &noise);
        // The generator gives one text per player in roster order, as a
        // round keeps them, so undo gives back exactly what was committed.
        let mut inputs: Vec<_> = game.rounds().iter().map(|r| r.submissions.clone()).collect();
        inputs.push(orders(game.setup(), game.position(), &noise));
        let start = Game::new(game.dealt_setup().clone(), game.start().clone());
        let mut with_event = start.clone();
        with_event.add_event(Event::Extend(Extension { by: 3600, reason: String::new() }).into());
        let mut g = with_event.clone();
        Session::commit(&mut g, inputs[0].clone()).unwrap();
        prop_assert_eq!(&g.rounds()[0].events, with_event.pending_events());
        prop_assert_eq!(Session::undo(&mut g), Some(inputs[0].clone()));
        prop_assert_eq!(&g, &start);
        prop_assert_eq!(Session::undo(&mut with_event), Some(Vec::new()));
        prop_assert_eq!(&with_event, &start);
        let end = check_play(start, &inputs).map_err(TestCaseError::fail)?;
        prop_assert_eq!(end.rounds().len(), inputs.len() - usize::from(game.is_over()));
        check_save(&GameFile::of(&name, &end), &end).map_err(TestCaseError::fail)?;
    }
}
