//! Play by forum (C8): records with the forms of C8.4 and move numbers of
//! C8.5; a post's move as players write it (C8.6, C8.7), each expectation
//! derived by hand from the rules (the `why` of each row); whole records
//! compared with the game move by move, and a restart where they part.

use survival_circle::game::Against;
use survival_circle::post_move::{Note, Unread};
use survival_circle::{
    Board, Doubt, Game, Hand, Hands, Last, Mode, Options, Parting, Player, Players, Position,
    Rejection, RestartError, State, Value, parse_moves, play_text, read_post,
};

fn v(n: u8) -> Value {
    Value::new(n).unwrap()
}

/// What each move of a record reads as: its text and the value played or
/// the rejection.
fn record(text: &str) -> Vec<(String, Result<u8, Rejection>)> {
    let mut s = State::new(Options::default());
    play_text(&mut s, text)
        .into_iter()
        .map(|p| (p.text, p.result.map(|r| r.value.get())))
        .collect()
}

fn ok(text: &str, n: u8) -> (String, Result<u8, Rejection>) {
    (text.to_string(), Ok(n))
}

fn bad(text: &str, e: Rejection) -> (String, Result<u8, Rejection>) {
    (text.to_string(), Err(e))
}

#[test]
fn records_read_the_forms_of_a_move() {
    // C8.4: full-width letters and digits (and comma) read as ASCII; the
    // text of each move stays as written.
    assert_eq!(
        record("Ｂ５，Ｒ３　B８"),
        vec![ok("Ｂ５", 5), ok("Ｒ３", 3), ok("B８", 8)]
    );
    // C8.4: a capital letter or a colour word apart from its value by
    // spaces, with `:` or `=`; a full stop after a coloured move.
    assert_eq!(
        record("B 5, R 3 Blue: 8 red=1 B2. R\t4 Blue = 7"),
        vec![
            ok("B 5", 5),
            ok("R 3", 3),
            ok("Blue: 8", 8),
            ok("red=1", 1),
            ok("B2.", 2),
            ok("R\t4", 4),
            ok("Blue = 7", 7)
        ]
    );
    // Not joined: a small letter apart from its number, a colour and a
    // number across a comma or a line break. The letter is rejected, the
    // number read alone (the mover's).
    assert_eq!(
        record("b 5 R,3 B\n8"),
        vec![
            bad("b", Rejection::Unreadable),
            ok("5", 5),
            bad("R", Rejection::Unreadable),
            ok("3", 3),
            bad("B", Rejection::Unreadable),
            ok("8", 8)
        ]
    );
    // Still not moves (C8.1): a plus sign, a decimal, a full stop after a
    // value with no colour at the end.
    assert_eq!(
        record("+3 5.0 B5.0")
            .into_iter()
            .map(|(_, r)| r)
            .collect::<Vec<_>>(),
        vec![Err(Rejection::Unreadable); 3]
    );
    // A colour alone before a word that is not a number stays one
    // unreadable move (the count of moves does not change).
    assert_eq!(parse_moves("B 5x").len(), 2);
}

#[test]
fn records_skip_move_numbers_in_turn() {
    // C8.5: the console's own move list reads back.
    assert_eq!(
        record("1. B5 R3  2. B8 R1  3. B2"),
        vec![
            ok("B5", 5),
            ok("R3", 3),
            ok("B8", 8),
            ok("R1", 1),
            ok("B2", 2)
        ]
    );
    // Numbers may start anywhere (a post's list from move 12), then go up
    // by one; one out of turn is rejected with the number due.
    assert_eq!(
        record("12. B5 R3 14. B8"),
        vec![
            ok("B5", 5),
            ok("R3", 3),
            bad(
                "14.",
                Rejection::MoveNumber {
                    number: 14,
                    expected: Some(13)
                }
            ),
            ok("B8", 8)
        ]
    );
    // A number and full stop with no coloured move after it is not
    // guessed to be a value: rejected with the reason.
    let r = record("5 3 8.");
    assert_eq!(
        r[2],
        bad(
            "8.",
            Rejection::MoveNumber {
                number: 8,
                expected: None
            }
        )
    );
    assert!(
        r[2].1
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("B8 or R8")
    );
    assert_eq!(
        record("1. 5 3"),
        vec![
            bad(
                "1.",
                Rejection::MoveNumber {
                    number: 1,
                    expected: None
                }
            ),
            ok("5", 5),
            ok("3", 3)
        ]
    );
}

/// The state after Blue's 5 (Red to move, landing on 5), or one with Red
/// holding no 2.
fn red_to_move(without_twos: bool) -> State {
    let mut red = [6u64; 8];
    if without_twos {
        red[1] = 0;
    }
    State::from_position(&Position {
        options: Options::default(),
        board: Board::parse("B...............").unwrap(),
        hands: Hands {
            blue: Hand::new(&[6, 6, 6, 6, 5, 6, 6, 6]).unwrap(),
            red: Hand::new(&red).unwrap(),
        },
        to_move: Player::Red,
        last: Some(Last {
            cell: survival_circle::Cell::new(0).unwrap(),
            value: v(5),
        }),
    })
    .unwrap()
}

/// One post: what the reader must find (value, notes) or the doubt.
struct Row {
    post: &'static str,
    expect: Result<(u8, Vec<Note>), Doubt>,
    why: &'static str,
}

fn between(t: &str) -> Note {
    Note::Between { text: t.into() }
}

#[test]
fn posts_as_players_write_them() {
    let s = red_to_move(false);
    let found = |text: &str, line: usize, player: Option<Player>, value: i64, notes: Vec<Note>| {
        survival_circle::Found {
            text: text.into(),
            line,
            player,
            value,
            notes,
        }
    };
    let rows = vec![
        Row {
            post: "R3 please",
            expect: Ok((3, vec![Note::Around])),
            why: "C8.6: the coloured move R3 is found; 'please' is other words, not read",
        },
        Row {
            post: "R 1",
            expect: Ok((1, vec![Note::Apart])),
            why: "C8.4: a capital R apart from its value by a space",
        },
        Row {
            post: "R6.",
            expect: Ok((6, vec![])),
            why: "C8.4: a full stop may follow a coloured move; nothing else written",
        },
        Row {
            post: "R５",
            expect: Ok((5, vec![Note::FullWidth])),
            why: "C8.4: the full-width digit reads as 5",
        },
        Row {
            post: "Red plays 3",
            expect: Ok((3, vec![Note::ColourWord, between("plays")])),
            why: "C8.4 colour word; C8.6 'plays' may stand between colour and value",
        },
        Row {
            post: "red: 7",
            expect: Ok((7, vec![Note::ColourWord, between(":")])),
            why: "C8.4: a colour word in any case, then a colon",
        },
        Row {
            post: "Ｒｅｄ　３",
            expect: Ok((3, vec![Note::FullWidth, Note::ColourWord, Note::Apart])),
            why: "C8.4: full-width letters, ideographic space and digit",
        },
        Row {
            post: "4",
            expect: Ok((4, vec![Note::NoColour])),
            why: "C8.6: no coloured move and exactly one number: the player to move's",
        },
        Row {
            post: "I'll go with 4 this time",
            expect: Ok((4, vec![Note::NoColour, Note::Around])),
            why: "C8.6: the only number standing alone, words around it",
        },
        Row {
            post: "R3. Yes, R3!",
            expect: Ok((3, vec![Note::Repeated { times: 2 }, Note::Around])),
            why: "C8.7: the same move written twice is one move",
        },
        Row {
            post: "Round 5: R3",
            expect: Ok((3, vec![Note::Around])),
            why: "C8.6: with a coloured move, the bare 5 is not read (listed as unused)",
        },
        Row {
            post: "Bob — Today at 5:32 PM\nR 4",
            expect: Ok((4, vec![Note::Apart, Note::Around])),
            why: "C8.6: a Discord header: 5:32 is a time, not a number standing alone",
        },
        Row {
            post: "[quote=\"Ann\"]B5 and then R2?[/quote]\nR3 then",
            expect: Ok((3, vec![Note::Around])),
            why: "C8.6: quoted text is not read, so R2 inside the quote is not a second move",
        },
        Row {
            post: "> R2\nRed: 2",
            expect: Ok((2, vec![Note::ColourWord, between(":")])),
            why: "C8.6: a line starting with > is a quote; Red: 2 is the move",
        },
        Row {
            post: "R3\n--\nBob, 2 time champion",
            expect: Ok((3, vec![])),
            why: "C8.6: the signature after -- is not read",
        },
        Row {
            post: "R3 or R5?",
            expect: Err(Doubt::Several {
                moves: vec![
                    found("R3", 1, Some(Player::Red), 3, vec![Note::Around]),
                    found("R5", 1, Some(Player::Red), 5, vec![Note::Around]),
                ],
            }),
            why: "C8.7: two different moves: not guessed",
        },
        Row {
            post: "turn 12, I play 3",
            expect: Err(Doubt::Several {
                moves: vec![
                    found("12", 1, None, 12, vec![Note::NoColour, Note::Around]),
                    found("3", 1, None, 3, vec![Note::NoColour, Note::Around]),
                ],
            }),
            why: "C8.6/C8.7: two numbers and no colour: which is the move is not guessed",
        },
        Row {
            post: "B6",
            expect: Err(Doubt::Rejected {
                found: found("B6", 1, Some(Player::Blue), 6, vec![]),
                rejection: Rejection::WrongPlayer {
                    named: Player::Blue,
                    to_move: Player::Red,
                },
            }),
            why: "C8.7/C8.2: Blue named but Red is to move",
        },
        Row {
            post: "R9 please",
            expect: Err(Doubt::Rejected {
                found: found("R9", 1, Some(Player::Red), 9, vec![Note::Around]),
                rejection: Rejection::OutOfRange { value: 9 },
            }),
            why: "C8.2: 9 is not a value",
        },
        Row {
            post: "Good game so far!",
            expect: Err(Doubt::NoMove),
            why: "C8.7: no move in the post",
        },
        Row {
            post: "Bob: Rb3?",
            expect: Err(Doubt::NoMove),
            why: "C8.4: a colour letter must not touch another letter ('Bob', 'Rb')",
        },
    ];
    for row in rows {
        let reading = read_post(row.post);
        let got = reading
            .check(&s)
            .map(|m| (m.value.get(), m.found.notes.clone()));
        assert_eq!(got, row.expect, "post {:?}: {}", row.post, row.why);
    }
}

#[test]
fn posts_say_what_was_not_read_and_how_a_move_was_read() {
    let s = red_to_move(true);
    // A value Red no longer holds (C8.2).
    let d = read_post("Red plays 2").check(&s).unwrap_err();
    assert_eq!(
        d.to_string(),
        "“Red plays 2” (line 1): Red has no token of value 2 left"
    );
    let r = read_post("Round 5: [quote=Ann]B4[/quote] Red plays 3\n--\nBob");
    let unused: Vec<(&str, usize, Unread)> = r
        .unused
        .iter()
        .map(|u| (u.text.as_str(), u.line, u.reason))
        .collect();
    assert_eq!(
        unused,
        vec![
            ("B4", 1, Unread::Quoted),
            ("Bob", 2, Unread::Signature),
            ("5", 1, Unread::BesideMove)
        ]
    );
    let m = r.check(&s).unwrap();
    assert_eq!(
        m.how(),
        "“Red plays 3” (line 1) read as R3 (colour written as a word; “plays” between colour and value; the rest of the post not read)"
    );
    // A bare number is the player to move's, and says so.
    let m = read_post("5").check(&s).unwrap();
    assert_eq!(
        m.how(),
        "“5” (line 1) read as R5 (no colour written: taken as the player to move)"
    );
    assert_eq!(
        read_post("R3 or R5").check(&s).unwrap_err().to_string(),
        "2 different moves in the post: “R3” (line 1), “R5” (line 1); say which one is meant"
    );
}

#[test]
fn a_post_is_played_or_nothing_is() {
    let mut g = Game::new(Options::default(), Players::default(), Mode::Forum, 1);
    let p = g.play_post("B６. Your turn, Bob").unwrap();
    assert_eq!(p.report.value, v(6));
    assert_eq!(p.read.player, Player::Blue);
    let before = g.clone();
    assert!(matches!(
        g.play_post("B5 again"),
        Err(Doubt::Rejected {
            rejection: Rejection::WrongPlayer { .. },
            ..
        })
    ));
    assert_eq!(g, before);
    g.play_post("Red plays 3").unwrap();
    assert_eq!(g.record(), "B6 R3");
}

#[test]
fn a_record_is_compared_move_by_move() {
    let mut g = Game::new(Options::default(), Players::default(), Mode::Forum, 1);
    g.play_text("5 3 8 1");
    let before = g.clone();
    // Same length as the game's first moves but another value at turn 3:
    // counting would call the first three "already played".
    let p = g.paste("B5 R3 B7 R2 B6");
    assert_eq!(
        p.against,
        vec![
            Against::Same,
            Against::Same,
            Against::Differs { game: v(8) },
            Against::AfterParting,
            Against::AfterParting
        ]
    );
    assert_eq!(
        p.parting,
        Some(Parting {
            turn: 3,
            record: v(7),
            game: v(8)
        })
    );
    assert_eq!(p.conflict, Some(3));
    assert_eq!(p.added, 0);
    assert_eq!(g, before);
    // A rejected move takes no turn: the comparison stays aligned.
    let p = g.paste("5 x 3 8 1 2");
    assert_eq!(
        p.against,
        vec![
            Against::Same,
            Against::Rejected,
            Against::Same,
            Against::Same,
            Against::Same,
            Against::New
        ]
    );
    assert_eq!(p.added, 1);
    assert_eq!(g.record(), "B5 R3 B8 R1 B2");
    // A record behind the game: nothing new, and it says how far behind.
    let p = g.paste("5 3");
    assert_eq!((p.added, p.behind, p.parting), (0, 3, None));
}

#[test]
fn a_game_restarts_where_the_record_parts() {
    let mut g = Game::new(Options::default(), Players::default(), Mode::Forum, 1);
    g.play_text("5 3 8 1 2");
    g.undo();
    // Agreeing records restart nothing; a rejected move stops it too.
    let before = g.clone();
    assert_eq!(
        g.restart_from_record("5 3 8 1 4"),
        Err(RestartError::Agrees)
    );
    assert_eq!(
        g.restart_from_record("5 3 7 9"),
        Err(RestartError::Rejected { count: 1 })
    );
    assert_eq!(g, before);
    // Parting at turn 3: B5 R3 kept, B8 R1 dropped, B7 R2 B6 played.
    let r = g.restart_from_record("1. B5 R3 2. B7 R2 3. B6").unwrap();
    assert_eq!(
        r.parting,
        Parting {
            turn: 3,
            record: v(7),
            game: v(8)
        }
    );
    assert_eq!(r.dropped, vec![v(8), v(1)]);
    assert_eq!(r.played, 3);
    assert_eq!(g.record(), "B5 R3 B7 R2 B6");
    assert!(!g.can_redo());
    // The same record now agrees.
    assert_eq!(g.paste("5 3 7 2 6").against, vec![Against::Same; 5]);
}

#[test]
fn only_quote_tags_quote_c8_6() {
    let found = |text: &str, line: usize, player: Option<Player>, value: i64, notes: Vec<Note>| {
        survival_circle::Found {
            text: text.into(),
            line,
            player,
            value,
            notes,
        }
    };
    // C8.6.1: the text quoted from another post is BBCode `[quote]...
    // [/quote]` (nested too), as every forum's quote button writes it
    // (`[quote=Ann]`, `[QUOTE="Ann, post: 3"]`): it is listed, not read.
    let r = read_post("[QUOTE=\"Ann, post: 3\"]B4 [quote]R1[/quote][/QUOTE] R3");
    let unused: Vec<(&str, usize, Unread)> = r
        .unused
        .iter()
        .map(|u| (u.text.as_str(), u.line, u.reason))
        .collect();
    assert_eq!(unused, vec![("B4 R1", 1, Unread::Quoted)]);
    assert_eq!(r.found, vec![found("R3", 1, Some(Player::Red), 3, vec![])]);
    // A word in brackets that only starts like the tag (`[quotes]`,
    // `[quoted]`) opens no quote: the move after it is read.
    for post in ["[quotes] R3", "[quoted]: R3"] {
        let r = read_post(post);
        assert!(r.unused.is_empty(), "{post}");
        assert_eq!(
            r.found,
            vec![found("R3", 1, Some(Player::Red), 3, vec![Note::Around])],
            "{post}"
        );
    }
    // A quote's end with no quote open closes nothing and is no move:
    // words around the move.
    let r = read_post("[/quote] R3");
    assert!(r.unused.is_empty());
    assert_eq!(
        r.found,
        vec![found("R3", 1, Some(Player::Red), 3, vec![Note::Around])]
    );
}
