//! The engine's API as the app uses it: the notation reader's reasons
//! (C8.1, C8.2), the position text (C8.3), the game with undo, redo and
//! pasted records, save files (refused with the reason when damaged) and
//! posts.

use console_core::{LoadError, SaveFile};
use survival_circle::post::{Format, drawing, landing_text, position_post};
use survival_circle::save::GameFile;
use survival_circle::{
    Cell, Game, Mode, Options, Player, Players, Rejection, State, Value, parse_move, play_text,
};

fn save(g: &Game) -> String {
    GameFile::of(g).to_json()
}

fn load(text: &str) -> Result<Game, LoadError> {
    GameFile::parse(text).map(|(_, g)| g)
}

fn v(n: u8) -> Value {
    Value::new(n).unwrap()
}

#[test]
fn rejections_name_the_reason() {
    let mut s = State::new(Options::default());
    let played = play_text(&mut s, "x 0 9 R5 -2 B 5x 99999999999999999999 B5");
    let reasons: Vec<Result<u8, Rejection>> = played
        .iter()
        .map(|p| {
            p.result
                .as_ref()
                .map(|r| r.value.get())
                .map_err(|e| e.clone())
        })
        .collect();
    assert_eq!(
        reasons,
        vec![
            Err(Rejection::Unreadable),
            Err(Rejection::OutOfRange { value: 0 }),
            Err(Rejection::OutOfRange { value: 9 }),
            Err(Rejection::WrongPlayer {
                named: Player::Red,
                to_move: Player::Blue
            }),
            Err(Rejection::OutOfRange { value: -2 }),
            Err(Rejection::Unreadable),
            Err(Rejection::Unreadable),
            Err(Rejection::OutOfRange { value: i64::MAX }),
            Ok(5),
        ]
    );
    assert_eq!(
        Rejection::WrongPlayer {
            named: Player::Red,
            to_move: Player::Blue
        }
        .to_string(),
        "the move is marked for Red but Blue is to move"
    );
    assert_eq!(parse_move("r3").unwrap().player, Some(Player::Red));
}

#[test]
fn a_value_used_up_is_not_held() {
    let mut s = State::new(Options::default());
    // Blue plays all six 8s (Red answers with 1s).
    for _ in 0..6 {
        s.play(v(8)).unwrap();
        s.play(v(1)).unwrap();
    }
    assert_eq!(
        s.play(v(8)).unwrap_err(),
        Rejection::NotHeld {
            player: Player::Blue,
            value: 8
        }
    );
    assert!(!s.legal_values().contains(v(8)));
    assert_eq!(s.legal_values().len(), 7);
}

#[test]
fn the_position_text_has_everything_c8_3_lists() {
    let mut s = State::new(Options::default());
    play_text(&mut s, "5 3");
    let text = s.describe();
    assert!(text.contains("board  B....R.........."), "{text}");
    assert!(
        text.contains("last   cell 5, value 3: the next token lands on cell 8"),
        "{text}"
    );
    assert!(text.contains("Blue  6 6 6 6 5 6 6 6"), "{text}");
    assert!(text.contains("Red   6 6 5 6 6 6 6 6"), "{text}");
    assert!(text.contains("turn   3 of 96, Blue to move"), "{text}");
    assert_eq!(s.next_cell(), Cell::new(8).unwrap());
    // Where each value would send Red (C3.3).
    assert_eq!(s.target(v(8)), Cell::new(0).unwrap());
}

#[test]
fn undo_redo_and_replay() {
    let mut g = Game::new(Options::default(), Players::default(), Mode::HotSeat, 1);
    g.play_text("5 3 8 1");
    let after = *g.state();
    assert_eq!(g.record(), "B5 R3 B8 R1");
    assert_eq!(g.undo(), Some(v(1)));
    assert_eq!(g.undo(), Some(v(8)));
    assert!(g.can_redo());
    assert_eq!(g.state_at(2), *g.state());
    g.redo();
    g.redo();
    assert_eq!(*g.state(), after);
    assert!(!g.can_redo());
    // A new move forgets the redo list.
    g.undo();
    g.play(v(2)).unwrap();
    assert!(!g.can_redo());
    assert_eq!(g.record(), "B5 R3 B8 R2");
}

/// A post's author is read without invisible characters, on either side:
/// the header `An<RLO>n:` names Ann, and a player named with a zero-width
/// space is named by the header as typed without it (C9.4).
#[test]
fn authors_are_named_without_invisible_characters() {
    let players = Players {
        blue: "Ann".into(),
        red: "Bo\u{200b}b".into(),
    };
    let g = Game::new(Options::default(), players, Mode::Forum, 1);
    assert_eq!(g.side_named("An\u{202e}n"), Some((Player::Blue, false)));
    assert_eq!(g.side_named("@bob"), Some((Player::Red, false)));
    let (author, _, read) = g.check_post("\u{200b}Ann:\nB\u{200b}3 please");
    assert_eq!(author.map(|a| (a.side, a.line)), Some((Player::Blue, 1)));
    assert_eq!(read.map(|m| m.value), Ok(v(3)));
}

/// A copy taken back to an earlier turn is the same play as the game saved
/// at that turn (an older export imported is recognised), though it could
/// redo what it took back; another move is not.
#[test]
fn a_copy_taken_back_is_the_same_play() {
    use console_core::Session;
    let mut earlier = Game::new(Options::default(), Players::default(), Mode::HotSeat, 1);
    earlier.play_text("5 3");
    let mut later = earlier.clone();
    later.play_text("8 1");
    later.undo();
    later.undo();
    assert!(later.can_redo());
    assert_ne!(later, earlier);
    assert!(later.same_play(&earlier));
    later.play(v(2)).unwrap();
    later.undo();
    assert!(later.same_play(&earlier));
    earlier.play(v(8)).unwrap();
    assert!(!later.same_play(&earlier));
}

#[test]
fn pasting_a_forum_record() {
    let mut g = Game::new(Options::default(), Players::default(), Mode::Forum, 1);
    g.play_text("5 3");
    // The thread's record so far, with a rejected move and two new ones.
    let p = g.paste("B5, R3, B9, B8 R1");
    assert_eq!(p.conflict, None);
    assert_eq!(p.added, 2);
    assert_eq!(g.record(), "B5 R3 B8 R1");
    assert!(p.moves[2].result.is_err());
    // A record that disagrees is refused where it differs.
    let before = g.clone();
    let p = g.paste("5 3 7");
    assert_eq!(p.conflict, Some(3));
    assert_eq!(g, before);
}

#[test]
fn save_files_round_trip_and_refuse_damage() {
    let mut g = Game::new(
        Options::default(),
        Players {
            blue: "Ann".into(),
            red: "Bob".into(),
        },
        Mode::VsAi {
            ai: Player::Red,
            level: survival_circle::ai::Level::Medium,
        },
        u64::MAX,
    );
    g.play_text("5 3 8 1 4");
    g.undo();
    g.name = "Ann v Bob, \"spring\"".into();
    let text = save(&g);
    assert!(
        text.starts_with(r#"{"format":"survival-circle-game","version":1"#),
        "{text}"
    );
    assert!(text.contains(r#""seed":"18446744073709551615""#), "{text}");
    assert_eq!(load(&text).unwrap(), g);
    // A file written before games had a name loads with an empty one.
    let unnamed = text.replace(r#""name":"Ann v Bob, \"spring\"","#, "");
    assert_ne!(unnamed, text);
    assert_eq!(load(&unnamed).unwrap().name, "");

    // A move changed: the stored position no longer follows.
    let mut file: GameFile = serde_json::from_str(&text).unwrap();
    file.moves[1] = v(4);
    let e = file.replay().unwrap_err();
    assert!(
        matches!(&e, LoadError::Replay { at, why } if at == "the position" && why.contains("changed or is damaged")),
        "{e}"
    );
    // A move that cannot be played.
    let mut file: GameFile = serde_json::from_str(&text).unwrap();
    file.start.hands.blue = survival_circle::Hand::new(&[6, 6, 6, 6, 0, 6, 6, 6]).unwrap();
    let e = file.replay().unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 1: it cannot be played: Blue has no token of value 5 left"
    );
    // Another game's file, a newer version, not JSON.
    let e = load(&text.replace("survival-circle-game", "dice-org-game")).unwrap_err();
    assert!(e.to_string().contains("dice-org-game"), "{e}");
    let e = load(&text.replace(r#""version":1"#, r#""version":2"#)).unwrap_err();
    assert!(e.to_string().contains("version 2"), "{e}");
    assert!(load("{").is_err());
    // Unknown members are refused, not dropped.
    let e = load(&text.replace(r#""moves""#, r#""extra":1,"moves""#)).unwrap_err();
    assert!(matches!(e, LoadError::Shape(_)), "{e}");
}

/// Version-1 files as the site wrote them (written by the engine of the
/// time): a game against the AI from a non-default rule set with two
/// moves to redo and quotes in a name, and a forum game without a name.
/// Each loads, replays and is written back byte for byte.
#[test]
fn version_1_fixtures_load_and_are_written_back_the_same() {
    for (text, moves, redo) in [
        (include_str!("fixtures/game-v1.json"), 8, 2),
        (include_str!("fixtures/game-v1-forum.json"), 4, 0),
    ] {
        let (file, game) = GameFile::parse(text).expect("version 1 loads");
        assert_eq!(game.moves().len(), moves);
        assert_eq!(game.redo_moves().len(), redo);
        assert_eq!(file.to_json(), text.trim_end());
        assert_eq!(save(&game), text.trim_end());
    }
    let g = load(include_str!("fixtures/game-v1.json")).unwrap();
    assert_eq!(g.players.blue, "Ann \"the bold\"");
    assert_eq!(g.seed, 12_345_678_901_234_567_890);
    assert!(matches!(
        g.mode,
        Mode::VsAi {
            ai: Player::Red,
            ..
        }
    ));
}

#[test]
fn the_drawing_marks_the_next_landing_cell() {
    let mut s = State::new(Options::default());
    play_text(&mut s, "5 3 8 1");
    // Board B....R..B......., next landing cell 0 + 1 = 1.
    let d = drawing(&s);
    let lines: Vec<&str> = d.lines().collect();
    assert_eq!(lines.len(), 7, "{d}");
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["14", "15", "0", "1", "2"]
    );
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        [".", ".", "B", "[.]", "."]
    );
    assert_eq!(
        lines[4].split_whitespace().collect::<Vec<_>>(),
        ["11", ".", "R", "5"]
    );
    assert_eq!(
        lines[5].split_whitespace().collect::<Vec<_>>(),
        [".", ".", "B", ".", "."]
    );
    assert_eq!(
        lines[6].split_whitespace().collect::<Vec<_>>(),
        ["10", "9", "8", "7", "6"]
    );
}

#[test]
fn posts_in_every_format() {
    let mut g = Game::new(
        Options::default(),
        Players {
            blue: "**Ann**".into(),
            red: "[b]Bob".into(),
        },
        Mode::Forum,
        1,
    );
    g.play_text("5 3 8 1");
    let md = position_post(&g, Format::Markdown);
    assert_eq!(md.len(), 1);
    assert!(md[0].contains("```\n"), "{}", md[0]);
    assert!(md[0].contains(r"\*\*Ann\*\*"), "{}", md[0]);
    assert!(
        md[0].contains("the token lands on cell 1 (cell 0 + value 1)"),
        "{}",
        md[0]
    );
    assert!(md[0].contains("1. B5 R3  2. B8 R1"), "{}", md[0]);
    assert!(
        md[0].contains(r"**Score:** Blue (\*\*Ann\*\*) 2, Red (\[b\]Bob) 1"),
        "{}",
        md[0]
    );
    let bb = position_post(&g, Format::BBCode);
    assert!(bb[0].contains("[code]"), "{}", bb[0]);
    assert!(bb[0].contains("[[i][/i]b]Bob"), "{}", bb[0]);
    let plain = position_post(&g, Format::Plain);
    assert!(
        plain[0].contains("Last move: R1 landed on cell 0, on an opposing token: discarded."),
        "{}",
        plain[0]
    );
    // A whole game fits one Discord message, and the result is announced.
    let mut g = Game::new(Options::default(), Players::default(), Mode::Forum, 1);
    while !g.state().is_terminal() {
        let v = g.state().legal_values().iter().next().unwrap();
        g.play(v).unwrap();
    }
    let md = position_post(&g, Format::Markdown);
    assert!(md.iter().all(|m| m.chars().count() <= 2000));
    assert!(md.concat().contains("Game over:"), "{}", md.concat());
}

#[test]
fn a_state_is_plain_data_for_a_worker() {
    let mut s = State::new(Options::default());
    play_text(&mut s, "5 3 8");
    let json = serde_json::to_string(&s).unwrap();
    assert!(json.contains(r#""board":"B....R..B.......""#), "{json}");
    assert!(json.contains(r#""to_move":"Red""#), "{json}");
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
    // An impossible position is refused on reading.
    let bad = json.replace(
        r#""board":"B....R..B.......""#,
        r#""board":"BBBBBBBBBBBBBBBB""#,
    );
    assert!(serde_json::from_str::<State>(&bad).is_err());
}

#[test]
fn the_landing_is_said_in_words() {
    // B5 lands on cell 0 (C3.1, empty: C4.1); R3 on 0 + 5 = 5 (empty); B8 on
    // 5 + 3 = 8 (empty); R1 on 8 + 8 = 16 = cell 0, Blue's token: discarded
    // (C6.2); B2 on 0 + 1 = 1, empty; R4 on 1 + 2 = 3, empty; B4 on 3 + 4 =
    // 7, empty; R1 on 7 + 4 = 11; B1 on 11 + 1 = 12; R7 on 12 + 1 = 13; B3
    // on 13 + 7 = 20 = cell 4; R6 on 4 + 3 = 7, Blue's: discarded; B2 on 7 +
    // 6 = 13, Red's token; R3 on 13 + 2 = 15; B8 on 15 + 3 = 18 = cell 2; R1
    // on 2 + 8 = 10; B5 on 10 + 1 = 11, Red's; R1 on 11 + 5 = 16 = cell 0,
    // Blue's; B1 on 0 + 1 = 1, Blue's own string 0-1-2 (cell 3 is Red's):
    // cells 1 and 2 removed, cell 0 behind stays (C5.2), the token too (C5.3).
    let mut g = Game::new(Options::default(), Players::default(), Mode::HotSeat, 1);
    let played = g.play_text("5 3 8 1 2 4 4 1 1 7 3 6 2 3 8 1 5 1 1");
    assert!(played.iter().all(|p| p.result.is_ok()), "{played:?}");
    let h = g.history();
    assert_eq!(landing_text(&h[0]), "an empty cell: it stays");
    assert_eq!(landing_text(&h[3]), "an opposing token: discarded");
    assert_eq!(h[18].cell.get(), 1);
    assert_eq!(landing_text(&h[18]), "its own token: cells 1, 2 removed");
    assert_eq!(g.state().board().to_string(), "B..RBR.BB.RRBR.R");
}

/// A file with the Forum screen's draft (what the moderator pasted and has
/// not played, and its kind) loads with it and is written back byte for
/// byte; the draft is not part of the game (the same game with or without
/// it), files without it load with an empty one and are written without
/// it, and an unknown member in it is refused like any other.
#[test]
fn a_forum_draft_is_saved_and_loaded_with_the_game() {
    use survival_circle::save::{Drafts, PasteKind};
    let text = include_str!("fixtures/game-v1-drafts.json").trim_end();
    let (file, game) = GameFile::parse(text).expect("a file with a draft loads");
    assert_eq!(
        file.drafts,
        Drafts {
            forum: "Quote from Dee: \u{201c}R2\u{201d}\nB4 please \u{2014} Cid\n".to_string(),
            kind: PasteKind::Next,
        }
    );
    assert_eq!(file.to_json(), text);
    assert_eq!(
        GameFile::with_drafts(&game, file.drafts.clone()).to_json(),
        text
    );
    // The game is the one without the draft.
    let plain = include_str!("fixtures/game-v1-forum.json").trim_end();
    let (old, same) = GameFile::parse(plain).unwrap();
    assert_eq!(same, game);
    assert_eq!(old.drafts, Drafts::default());
    assert!(old.drafts.is_empty());
    assert_eq!(save(&game), plain);
    // A big paste is kept whole; a kind alone (an empty box for a whole
    // record) is kept too.
    let big = "B1 R1\n".repeat(200_000);
    for drafts in [
        Drafts {
            forum: big,
            kind: PasteKind::Whole,
        },
        Drafts {
            forum: String::new(),
            kind: PasteKind::Whole,
        },
    ] {
        let json = GameFile::with_drafts(&game, drafts.clone()).to_json();
        let (back, g) = GameFile::parse(&json).unwrap();
        assert_eq!(back.drafts, drafts);
        assert_eq!(g, game);
    }
    let e = load(&text.replace(r#""kind":"next""#, r#""kind":"next","box":1"#)).unwrap_err();
    assert!(matches!(e, LoadError::Shape(_)), "{e}");
    let e = load(&text.replace(r#""kind":"next""#, r#""kind":"guess""#)).unwrap_err();
    assert!(matches!(e, LoadError::Shape(_)), "{e}");
}
