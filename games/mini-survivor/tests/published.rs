//! Published means published (R9.7): a dealt game with a replacement, an
//! extension and a removal given after round 1; every stage's posts,
//! written again at the end (and after a save and a load), are byte for
//! byte what they were when published; the end post gives the deal
//! commitment published at the deal with the names it was made with;
//! players out of the game get no further private message and the result
//! post says why they are out (R9.1, R9.3).

use console_core::events::{Event, Extension, Removal, RemovalReason, Replacement};
use console_core::save::SaveFile;
use mini_survivor::commitment::{Salt, commitment};
use mini_survivor::post::Format;
use mini_survivor::save::GameFile;
use mini_survivor::{Game, Grid, Options, PlayerId, Roster, RoundEvent, Setup, deal};
use std::collections::BTreeMap;

const NAMES: [&str; 6] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"];

/// Six players with two survivors each on a 1 x 2 grid (six a tribe).
fn dealt() -> Game {
    let mut setup = Setup::new(
        Roster::new(NAMES).unwrap(),
        Grid::new(1, 2).unwrap(),
        Options::default(),
        7,
    );
    setup.salt = Salt([9; 32]);
    let start = deal(&setup, 2, &[0; 6]).unwrap();
    Game::new(setup, start)
}

/// Every member of each tribe votes for the tribe's lowest ID (one falls
/// a tribe), each line sent by its controller.
fn lowest_votes(game: &Game) -> Vec<(PlayerId, String)> {
    let pos = game.position();
    let mut texts: BTreeMap<PlayerId, String> = BTreeMap::new();
    for t in game.setup().grid.tribes() {
        let members: Vec<_> = pos.members(t).collect();
        let Some(low) = members.iter().min() else {
            continue;
        };
        for id in &members {
            let p = pos.survivor(*id).unwrap().controller;
            texts
                .entry(p)
                .or_default()
                .push_str(&format!("{id} v {low}\n"));
        }
    }
    texts.into_iter().collect()
}

fn play(game: &mut Game, subs: &[(PlayerId, String)]) {
    let b: Vec<(PlayerId, &str)> = subs.iter().map(|(p, t)| (*p, t.as_str())).collect();
    game.play(&b).expect("the game goes on");
}

/// Every stage's public post and private messages in every format.
fn all_posts(game: &Game, deadlines: &[Option<i64>]) -> Vec<String> {
    let mut out = Vec::new();
    for s in 0..=game.rounds().len() {
        for f in Format::ALL {
            let d = deadlines.get(s).copied().flatten();
            let p = game.stage_posts(s, f, d).unwrap();
            out.push(format!("{s} {f:?} {}", p.public.concat()));
            for (n, t) in p.private {
                out.push(format!("{s} {f:?} to {n}: {t}"));
            }
        }
    }
    out
}

fn replace(new: &str, old: &str) -> RoundEvent {
    Event::Replace(Replacement {
        new: new.into(),
        old: old.into(),
    })
    .into()
}

#[test]
fn every_post_stays_as_published() {
    let mut game = dealt();
    // The deadlines set on the Posts screen for rounds 1, 2, 3 (stages 0, 1, 2).
    let deadlines = [Some(1_900_000_000), Some(1_900_172_800), None];
    let deal_post = game.stage_posts(0, Format::Plain, deadlines[0]).unwrap();
    let hash = commitment(game.dealt_setup(), 2);
    assert!(
        deal_post.public.concat().contains(&format!(
            "Deal commitment (SHA-256 of seed, salt, players, survivors per player and grid): {hash}"
        )),
        "{:?}",
        deal_post.public
    );
    let subs = lowest_votes(&game);
    play(&mut game, &subs);
    let published = all_posts(&game, &deadlines);

    // Round 2: Zed replaces Bob (Bob's orders were in: the catch-up
    // message shows them), the deadline is extended, Cid is removed.
    let mut r = replace("Zed", "bob");
    r.orders = Some("3 v 1".into());
    game.add_event(r);
    game.add_event(
        Event::Extend(Extension {
            by: 3600,
            reason: "holiday".into(),
        })
        .into(),
    );
    game.add_event(
        Event::Remove(Removal {
            player: "Cid".into(),
            reason: RemovalReason::Inactivity,
            note: String::new(),
        })
        .into(),
    );
    let events_then = game.event_posts(1, Format::BBCode, deadlines[1], |_| "later".into());
    // Nothing published at stages 0 and 1 changed: not the names (the
    // private message still goes to Bob), not the deadline.
    let now = all_posts(&game, &deadlines);
    assert_eq!(now[..published.len()], published[..]);
    assert!(published.iter().any(|p| p.starts_with("1 Plain to Bob: ")));
    assert!(!published.iter().any(|p| p.contains("Zed")));
    let catch_up = &events_then
        .iter()
        .find(|e| e.to.as_deref() == Some("Zed"))
        .unwrap()
        .text;
    assert!(catch_up.starts_with("Welcome, [b]Zed[/b]: you replace Bob in round 2."));
    assert!(catch_up.contains("3 v 1"), "{catch_up}");
    // The catch-up was written before the extension: the deadline as set.
    assert!(catch_up.contains("2030-03-19 17:46"), "{catch_up}");
    assert!(!catch_up.contains("18:46"), "{catch_up}");

    let subs = lowest_votes(&game);
    play(&mut game, &subs);
    // The events of round 2 stay at stage 1 once round 2 is played, as
    // they were given (the catch-up message too).
    assert_eq!(
        game.event_posts(1, Format::BBCode, deadlines[1], |_| "other".into()),
        events_then
    );
    let stage2 = game.stage_posts(2, Format::Plain, None).unwrap();
    // Cid was removed: no private message; the post says why.
    assert!(stage2.private.iter().all(|(n, _)| n != "Cid"));
    let post = stage2.public.concat();
    assert!(
        post.contains("Out of the game\n---------------\nCid: removed from the game by the moderator for inactivity.\n"),
        "{post}"
    );
    // Every player without a living survivor is named out, once, and gets no message.
    let pos = game.position();
    for p in game.setup().players.ids() {
        let name = game.setup().players.name(p);
        let alive = pos.survivors_of(p).any(|s| s.place.is_alive());
        assert_eq!(
            stage2.private.iter().any(|(n, _)| n == name),
            alive,
            "{name}"
        );
        let fell_now = !alive
            && game
                .position_at(1)
                .survivors_of(p)
                .any(|s| s.place.is_alive());
        assert_eq!(
            post.contains(&format!("\n{name}: ")),
            fell_now,
            "{name}: {post}"
        );
    }
    let before_end = all_posts(&game, &deadlines);

    // Round 3: no orders, every survivor votes for itself: all fall, the game ends.
    play(&mut game, &[]);
    assert!(game.is_over());
    assert_eq!(
        all_posts(&game, &deadlines)[..before_end.len()],
        before_end[..]
    );
    let end = game.stage_posts(3, Format::Plain, None).unwrap();
    let text = end.public.concat();
    // The deal's commitment, as published, with the names as dealt.
    assert!(
        text.contains(&format!("Deal commitment (published with the first line-up): {hash}\nIt was made with the players as dealt, in order: Ann, Bob, Cid, Dee, Eve, Fay; 2 survivors per player; grid 1 x 2.")),
        "{text}"
    );
    assert_eq!(game.deal_commitment().as_deref(), Some(hash.as_str()));
    for name in ["Ann", "Zed"] {
        assert!(
            text.contains(&format!(
                "{name}: every survivor eliminated, the last in the Voting segment of round 3.\n"
            )),
            "{text}"
        );
    }
    assert!(!text.contains("Cid:"), "{text}");
    assert!(end.private.is_empty(), "nobody is left: {:?}", end.private);

    assert_eq!(
        game.event_posts(1, Format::BBCode, deadlines[1], |_| "other".into()),
        events_then
    );

    // Saved and loaded: the same posts (the catch-up's orders kept).
    let json = serde_json::to_string(&GameFile::of("t", &game)).unwrap();
    assert!(json.contains(r#""orders":"3 v 1""#), "{json}");
    let (_, again) = GameFile::parse(&json).unwrap();
    assert_eq!(all_posts(&again, &deadlines), all_posts(&game, &deadlines));
    assert_eq!(
        again.event_posts(1, Format::BBCode, deadlines[1], |_| "other".into()),
        events_then
    );
}

/// A file written without the catch-up's orders (an older save) still
/// loads; its catch-up message shows the slot's submission of the round.
#[test]
fn a_replacement_without_its_orders_shows_the_rounds_submission() {
    let mut game = dealt();
    let subs = lowest_votes(&game);
    play(&mut game, &subs);
    game.add_event(replace("Zed", "Bob"));
    let bob = PlayerId::from(1);
    let mut subs = lowest_votes(&game);
    for (p, t) in &mut subs {
        if *p == bob {
            t.push_str("end\n");
        }
    }
    play(&mut game, &subs);
    let json = serde_json::to_string(&GameFile::of("t", &game)).unwrap();
    assert!(!json.contains(r#""orders""#));
    let (_, again) = GameFile::parse(&json).unwrap();
    let posts = again.event_posts(1, Format::Plain, None, |_| unreachable!());
    let want = &subs.iter().find(|(p, _)| *p == bob).unwrap().1;
    assert!(
        posts[1].text.contains(want.trim()),
        "{}\n{want}",
        posts[1].text
    );
    // While a round is under way, the drafts' orders.
    let mut g = again.clone();
    g.undo().unwrap();
    g.add_event(replace("Zed", "Bob"));
    let posts = g.event_posts(1, Format::Plain, None, |p| {
        format!("draft of {}", p.index())
    });
    assert!(posts[1].text.contains("draft of 1"), "{}", posts[1].text);
}
