//! What leaves the moderator (R9): the R6.7 line, the final line-up, private
//! messages after the end, escaping of names only, and Discord messages that
//! never end on a heading (a heading belongs with its block).

use mini_survivor::case::Case;
use mini_survivor::post::{
    Format, PrivateMessage, PublicRound, lineup_post, private_message, result_post,
};
use mini_survivor::{Game, Position};
use serde_json::json;

fn game_of(case: &serde_json::Value) -> Game {
    Case::from_json(&case.to_string())
        .unwrap()
        .prepare()
        .unwrap()
        .play()
}

/// The public posts of every round played, in a format.
fn posts(game: &Game, format: Format) -> Vec<Vec<String>> {
    let mut before: &Position = game.start();
    let mut out = Vec::new();
    for r in game.rounds() {
        let public = PublicRound::new(game.setup(), before, &r.report, &r.after);
        out.push(result_post(&public, format, Some(1_795_284_000)));
        before = &r.after;
    }
    out
}

/// Two outcasts without a move in a 1 x 1 grid: R6.7 places both in A.
fn outcasts_without_move(option: &str) -> serde_json::Value {
    json!({
        "grid": {"rows": 1, "cols": 1},
        "options": {"outcast_without_move": option},
        "players": ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"],
        "tribes": {"A": {"1": "Ann", "2": "Bob", "3": "Cid", "4": "Dee", "5": "Eve"}},
        "outcasts": {"6": "Fay", "7": "Fay"},
        "seed": 3,
        "rounds": [{"Ann": "1 v 5", "Bob": "2 v 5", "Cid": "3 v 5", "Dee": "4 v 5", "Eve": "5 v 4"}]
    })
}

#[test]
fn r6_7_placements_are_in_the_public_post_in_every_format() {
    let game = game_of(&outcasts_without_move("random"));
    for format in Format::ALL {
        let text = posts(&game, format)[0].concat();
        for id in [6, 7] {
            assert!(
                text.contains(&format!(
                    "#{id} gave no move and was placed in Amethyst (A) at random."
                )),
                "{format:?}: {text}"
            );
        }
        assert!(
            text.contains("Outcasts without a move (R6.7)"),
            "{format:?}"
        );
    }
    // The `stay` option says so too.
    let game = game_of(&outcasts_without_move("stay"));
    let text = posts(&game, Format::Plain)[0].concat();
    assert!(
        text.contains("#6 gave no move and stays an outcast."),
        "{text}"
    );
    // A round where every outcast moved has no such section.
    let mut case = outcasts_without_move("random");
    case["rounds"][0]["Fay"] = json!("6 m A\n7 m A");
    let text = posts(&game_of(&case), Format::Plain)[0].concat();
    assert!(!text.contains("R6.7"), "{text}");
}

/// Shared game 1001, played to its end.
fn game_1001() -> Game {
    let text = include_str!("../cases/games/game-1001.json");
    Case::from_json(text).unwrap().prepare().unwrap().play()
}

#[test]
fn the_final_post_has_a_final_lineup_and_no_deadline() {
    let game = game_1001();
    assert!(game.is_over());
    let setup = game.setup();
    for format in Format::ALL {
        let all = posts(&game, format);
        let last = all.last().unwrap().concat();
        let heading = last.find("Final line-up").expect("a final line-up");
        assert!(
            heading < last.find("The game is over").unwrap(),
            "{format:?}: the line-up comes before the standings"
        );
        // Every existing tribe and the outcasts, as at the end.
        let end = game.position();
        for t in end.existing_tribes(setup.grid) {
            assert!(last.contains(setup.tribe_name(t)), "{format:?}: tribe {t}");
        }
        assert!(last.contains("Outcasts:"), "{format:?}");
        assert!(
            !last.contains("Orders due"),
            "{format:?}: no deadline after the end"
        );
        assert!(!last.contains("Line-up for round"), "{format:?}");
    }
}

#[test]
fn private_messages_after_the_end_give_the_final_standing() {
    let game = game_1001();
    let setup = game.setup();
    let last_round = game.rounds().last().unwrap().report.round;
    for p in setup.players.ids() {
        let msg = PrivateMessage::new(setup, game.position(), p);
        for format in Format::ALL {
            let text = private_message(&msg, format, Some(1_795_284_000));
            assert!(
                text.contains(&format!("the game ended after round {last_round}")),
                "{text}"
            );
            assert!(text.contains("Tokens of Life: "), "{text}");
            for stale in [
                "must move",
                "Next idol",
                "Orders due",
                &format!("Round {}", last_round + 1),
            ] {
                assert!(!text.contains(stale), "{stale:?} after the end: {text}");
            }
        }
    }
    // Before the end: the round, the idol price and the deadline.
    let msg = PrivateMessage::new(setup, game.start(), setup.players.ids().next().unwrap());
    let text = private_message(&msg, Format::Plain, Some(1_795_284_000));
    assert!(text.starts_with("Round 1: private message"), "{text}");
    assert!(text.contains("Next idol costs 3 garnets"), "{text}");
    assert!(text.contains("Orders due: 2026-11-21 18:00 UTC"), "{text}");
}

#[test]
fn discord_private_messages_escape_names_only() {
    let mut case = outcasts_without_move("random");
    case["players"][0] = json!("Ann_the*Bold");
    case["tribes"]["A"]["1"] = json!("Ann_the*Bold");
    case["rounds"][0] = json!({});
    let game = Case::from_json(&case.to_string())
        .unwrap()
        .prepare()
        .unwrap();
    let mut setup = game.setup.clone();
    setup.tribe_names[0] = "Am_ethyst".to_string();
    let ann = setup.players.ids().next().unwrap();
    let text = private_message(
        &PrivateMessage::new(&setup, &game.start, ann),
        Format::Markdown,
        None,
    );
    assert!(
        text.contains("# Round 1: private message for Ann\\_the\\*Bold\n"),
        "{text}"
    );
    assert!(text.contains("#1: Am\\_ethyst (A)\n"), "{text}");
    assert!(
        text.contains("Idols: 1 | Garnets: 0 | Next idol costs 3 garnets"),
        "{text}"
    );
    let fay = setup.players.find("Fay").unwrap();
    let text = private_message(
        &PrivateMessage::new(&setup, &game.start, fay),
        Format::Markdown,
        None,
    );
    assert!(
        text.contains("#6: outcast, must move this round (R6.2)"),
        "{text}"
    );
}

/// The last non-empty line of a message, without the `(i/n)` number.
fn last_line(message: &str) -> &str {
    message
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
}

#[test]
fn discord_messages_never_end_on_a_heading_in_a_long_game() {
    // Long tribe and player names make every post several messages, so the
    // split falls at many places; a heading must never be left alone at the
    // end of a message with its content in the next (R9.4).
    for pad in [20usize, 45, 70, 95, 120, 150, 200] {
        let mut game = game_1001();
        let mut setup = game.setup().clone();
        for (i, n) in setup.tribe_names.iter_mut().enumerate() {
            *n = format!("{n}{}", "x".repeat(pad + i * 7));
        }
        let mut names = setup.players.names().to_vec();
        for (i, n) in names.iter_mut().enumerate() {
            *n = format!("{n} {}", "y".repeat(pad / 2 + i * 3));
        }
        setup.players = mini_survivor::Roster::new(names).unwrap();
        // Same game, longer names.
        let mut again = Game::new(setup, game.start().clone());
        for r in game.rounds() {
            let subs = mini_survivor::borrow_submissions(&r.submissions);
            again.play(&subs);
        }
        game = again;
        let all = posts(&game, Format::Markdown);
        assert!(
            all.iter().any(|p| p.len() > 1),
            "pad {pad}: posts are split"
        );
        for (round, post) in all.iter().enumerate() {
            for (i, message) in post.iter().enumerate() {
                assert!(
                    message.chars().count() <= 2000,
                    "pad {pad}, round {}",
                    round + 1
                );
                let last = last_line(message);
                assert!(
                    !last.starts_with('#'),
                    "pad {pad}, round {}, message {} ends on a heading: {last:?}",
                    round + 1,
                    i + 1
                );
            }
        }
        // A final line-up is in the final post.
        let last = all.last().unwrap();
        assert!(last.concat().contains("## Final line-up\n```"), "pad {pad}");
        // The standings are whole, every player in them (a line longer
        // than a message goes on in the next).
        let text: String = last
            .iter()
            .map(|m| {
                if last.len() > 1 {
                    m.split_once('\n').map_or(m.as_str(), |(_, r)| r)
                } else {
                    m.as_str()
                }
            })
            .collect();
        let at = text
            .find("Tokens of Life")
            .unwrap_or_else(|| panic!("pad {pad}: standings"));
        for n in game.setup().players.names() {
            assert!(
                text[at..].contains(n.as_str()),
                "pad {pad}: {n} in the standings"
            );
        }
    }
}

#[test]
fn a_game_from_a_position_reveals_its_seed_without_a_deal_to_check() {
    let case = Case::from_json(include_str!("../cases/games/game-1001.json")).unwrap();
    let (file, mut game) = case.into_game("Adopted", 99).unwrap();
    assert_eq!(game.setup().origin, mini_survivor::Origin::Position);
    assert_eq!(game.setup().seed, 1001, "the case's own seed is kept");
    for round in &file.script {
        let subs: Vec<(mini_survivor::PlayerId, &str)> = round
            .iter()
            .map(|(n, t)| (game.setup().players.find(n).unwrap(), t.as_str()))
            .collect();
        if game.play(&subs).is_none() {
            break;
        }
    }
    assert!(game.is_over());
    let text = posts(&game, Format::Plain).last().unwrap().concat();
    assert!(text.contains("Seed: 1001"), "{text}");
    assert!(text.contains("no deal to commit to"), "{text}");
    assert!(!text.contains("Salt:"), "{text}");
    // The deal's line-up post for a game from a position has no commitment
    // unless one is given (the app gives none).
    let first = lineup_post(game.setup(), game.start(), Format::Plain, None, None).concat();
    assert!(!first.contains("commitment"), "{first}");
}

/// R10.1: a slot replaced with a round's events is named `NEW (replaced
/// OLD)` in that round's result post, wherever the post names it (here
/// the controller of #2, assassinated: the EV-101 game); the other
/// players' names are written as they are.
#[test]
fn r10_1_a_replaced_slot_is_named_with_its_old_name_in_the_rounds_result_post() {
    let game = game_of(&json!({
        "players": ["Ann", "Bob", "Cid", "Dee", "Eve"],
        "tribes": {
            "A": {"1": "Ann", "2": "Bob", "3": "Cid", "4": "Dee", "5": "Eve"},
            "B": {"6": "Ann", "7": "Bob", "8": "Cid", "9": "Dee", "10": "Eve"},
            "C": {"11": "Ann", "12": "Bob", "13": "Cid", "14": "Dee", "15": "Eve"}
        },
        "rounds": [{
            "Ann": "1 a 2 Bob\n1 v 5\n6 v 10\n11 v 15",
            "Bob": "2 v 5\n7 v 10\n12 v 15",
            "Cid": "3 v 5\n8 v 10\n13 v 15",
            "Dee": "4 v 5\n9 v 10\n14 v 15",
            "Eve": "5 v 1\n10 v 6\n15 v 11"
        }],
        "events": [[{"replace": {"new": "Zed", "old": "Bob"}}]]
    }));
    for (format, zed) in [
        (Format::Plain, "#2 (Zed (replaced Bob))"),
        (Format::BBCode, "#2 (Zed (replaced Bob))"),
        (Format::Markdown, "#2 (Zed (replaced Bob))"),
    ] {
        let text = posts(&game, format)[0].concat();
        assert!(text.contains(zed), "{format:?}: {text}");
        assert!(text.contains("#5 (Eve)"), "{format:?}: {text}");
        assert_eq!(text.matches("replaced").count(), 1, "{format:?}: {text}");
    }
}
