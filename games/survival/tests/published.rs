//! Published means published (S1.6, S9, S10): a post given to players
//! never changes. A game is dealt, played with a replacement (twice of
//! one slot) and a removal, to its end; after every commit each post and
//! private message written so far is written again and must be the text
//! first written, byte for byte, in every format; the end post states
//! the commitment the deal post published, and Verify with the deal
//! post's names gives it back.

use console_core::commitment::Salt;
use console_core::events::{Event, Removal, RemovalReason, Replacement};
use console_core::format::Format;
use std::collections::BTreeMap;
use survival::commitment::verify;
use survival::events::{EventNote, catch_up_at, events_post};
use survival::post::{
    PublicEnd, deal_messages, deal_post, end_post, night_messages, phase_post, private_text,
};
use survival::{
    Card, DayInput, DealSpec, Edition, Game, NightInput, Options, PhaseInput, PlayerId, Post, deal,
};

const FORMATS: [Format; 3] = [Format::BBCode, Format::Markdown, Format::Plain];

/// The deadline a post announces for phase `i` (0-based).
fn deadline(i: usize) -> Option<i64> {
    Some(1_795_284_000 + 86_400 * i as i64)
}

/// Every text the moderator has posted or sent so far, by stage: the
/// deal post and card messages, each phase's events post, round post,
/// catch-up messages and night results, the end post.
fn written(g: &Game, f: Format) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    let s = g.setup();
    out.insert(
        "deal".into(),
        deal_post(s, g.start().spotlight(), true, f, deadline(0)),
    );
    for m in deal_messages(s) {
        out.insert(
            format!("deal: to {}", s.roster.name(m.to)),
            vec![private_text(s, &m, f)],
        );
    }
    for (i, p) in g.phases().iter().enumerate() {
        let named = g.setup_of(&p.after);
        out.insert(
            format!("{i}: events"),
            events_post(&named, &p.report, deadline(i), f),
        );
        out.insert(format!("{i}: post"), phase_post(g, i, f, deadline(i + 1)));
        for n in &p.report.events {
            if let EventNote::Replaced { slot, .. } = n {
                out.insert(
                    format!("{i}: catch-up {}", slot.index()),
                    vec![catch_up_at(g, i, *slot, f)],
                );
            }
        }
        for (k, m) in night_messages(&named, &p.report).iter().enumerate() {
            out.insert(
                format!("{i}: result {k} to {}", m.to.index()),
                vec![private_text(&named, m, f)],
            );
        }
    }
    if let Some(end) = PublicEnd::new(&g.current_setup(), g.state()) {
        out.insert("end".into(), end_post(&end, f));
    }
    out
}

/// Checks that everything written before is written again unchanged, and
/// keeps what is new.
fn unchanged(g: &Game, seen: &mut BTreeMap<(usize, String), Vec<String>>, when: &str) {
    for (k, f) in FORMATS.iter().enumerate() {
        for (stage, text) in written(g, *f) {
            match seen.get(&(k, stage.clone())) {
                Some(before) => assert_eq!(
                    before, &text,
                    "{stage} ({f:?}) changed after {when}: it was posted already"
                ),
                None => {
                    seen.insert((k, stage), text);
                }
            }
        }
    }
}

/// The 64 hex digits after `label` in a post.
fn hash_after(text: &str, label: &str) -> String {
    let at = text.find(label).expect(label) + label.len();
    text[at..]
        .trim_start()
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect()
}

fn night(g: &Game, lines: &[(PlayerId, String)]) -> PhaseInput {
    let _ = g;
    PhaseInput::Night(NightInput {
        actions: lines.iter().cloned().collect(),
        decisions: Default::default(),
    })
}

fn day(posts: &[(PlayerId, String)]) -> PhaseInput {
    PhaseInput::Day(DayInput {
        posts: posts
            .iter()
            .map(|(a, t)| Post::new(*a, t.clone()))
            .collect(),
        ..DayInput::default()
    })
}

#[test]
fn posts_once_written_never_change_and_the_end_states_the_deals_commitment() {
    let spec = DealSpec {
        players: [
            "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy",
        ]
        .map(String::from)
        .to_vec(),
        edition: Edition::Basic,
        evil: Some(2),
        specials: vec![Card::Scientist],
        spotlight: None,
        options: Options::default(),
        seed: 20_261_201,
        salt: Salt([9; 32]),
        nicknames: Vec::new(),
        no_guess: Vec::new(),
    };
    let mut g = Game::from_deal(deal(&spec).unwrap());
    let s = g.setup().clone();
    let evil: Vec<PlayerId> = s.roster.ids().filter(|p| s.is_evil(*p)).collect();
    let sci = s.holder(Card::Scientist).unwrap();
    let good: Vec<PlayerId> = s
        .roster
        .ids()
        .filter(|p| !s.is_evil(*p) && *p != sci)
        .collect();
    let mut seen = BTreeMap::new();
    unchanged(&g, &mut seen, "the deal");
    let deal_text = written(&g, Format::Plain)["deal"].join("\n");
    let name = |g: &Game, p: PlayerId| g.current_setup().roster.name(p).to_string();

    // Night 1: the Evil Forces kill good[0]; the Scientist checks evil[0].
    let kill = format!("kill {}", name(&g, good[0]));
    let check = format!("check {}", name(&g, evil[0]));
    g.commit(night(
        &g,
        &[(evil[0], kill.clone()), (evil[1], kill), (sci, check)],
    ))
    .unwrap();
    unchanged(&g, &mut seen, "night 1");

    // Day 1: Jo replaces the Scientist; good[1] is removed for
    // inactivity; everyone left votes evil[0] out.
    let old = name(&g, sci);
    let events = vec![
        Event::Replace(Replacement {
            new: "Jo".into(),
            old: old.clone(),
        }),
        Event::Remove(Removal {
            player: name(&g, good[1]),
            reason: RemovalReason::Inactivity,
            note: String::new(),
        }),
    ];
    let target = name(&g, evil[0]);
    let voters: Vec<(PlayerId, String)> = good[2..]
        .iter()
        .chain([&sci])
        .map(|p| (*p, format!("vote {target}")))
        .collect();
    g.commit_with(day(&voters), events).unwrap();
    unchanged(&g, &mut seen, "day 1");
    let result = written(&g, Format::Plain)["1: post"].join("\n");
    let removed = name(&g, good[1]);
    let out = result
        .split_once("Out of the game:\n")
        .map(|(_, rest)| rest.lines().next().unwrap_or(""))
        .unwrap_or("");
    assert!(
        out.starts_with(&format!("- {removed} ("))
            && out.ends_with("): removed by the moderator for inactivity"),
        "{result}"
    );
    let not_voting = result
        .lines()
        .find(|l| l.starts_with("Not voting"))
        .unwrap();
    assert!(!not_voting.contains(&removed), "{not_voting}");

    // Night 2: Kim replaces Jo (the same slot again); the last Evil Force
    // kills good[2]; the Scientist's slot checks evil[1].
    let events = vec![Event::Replace(Replacement {
        new: "Kim".into(),
        old: "Jo".into(),
    })];
    let kill = format!("kill {}", name(&g, good[2]));
    let check = format!("check {}", name(&g, evil[1]));
    g.commit_with(night(&g, &[(evil[1], kill), (sci, check)]), events)
        .unwrap();
    unchanged(&g, &mut seen, "night 2");

    // Day 2: the rest vote evil[1] out: Good wins.
    let target = name(&g, evil[1]);
    let voters: Vec<(PlayerId, String)> = good[3..]
        .iter()
        .chain([&sci])
        .map(|p| (*p, format!("vote {target}")))
        .collect();
    g.commit(day(&voters)).unwrap();
    assert!(g.is_over());
    unchanged(&g, &mut seen, "day 2, the end");

    // The end states the commitment the deal post published, and Verify
    // with the deal post's players (as published) and the revealed seed
    // and salt gives it back.
    let end = written(&g, Format::Plain)["end"].join("\n");
    let published = hash_after(&deal_text, "revealed at the end): ");
    assert_eq!(published.len(), 64);
    assert_eq!(
        hash_after(&end, "Commitment published at the deal:"),
        published
    );
    let players = deal_text
        .lines()
        .find_map(|l| l.strip_prefix("Players (9): "))
        .unwrap();
    assert!(
        players.contains(&old) && !players.contains("Kim"),
        "{players}"
    );
    let deck: Vec<&str> = s.deck().iter().map(|c| c.name()).collect();
    let cards = verify(players, &deck.join(", "), s.seed, &s.salt, &published).unwrap();
    assert_eq!(cards.len(), 9);
    assert!(
        end.contains(&format!(
            "Players as dealt, in the deal's order (the deal post's names, which the commitment covers): {players}"
        )),
        "{end}"
    );
}

/// No private message goes to a player out of the game: the night's
/// results reach only those alive after it (S9.3, S10.3).
#[test]
fn no_private_message_to_a_player_out_of_the_game() {
    let spec = DealSpec {
        players: ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
            .map(String::from)
            .to_vec(),
        edition: Edition::Basic,
        evil: Some(2),
        specials: vec![Card::Scientist],
        spotlight: None,
        options: Options::default(),
        seed: 5,
        salt: Salt([3; 32]),
        nicknames: Vec::new(),
        no_guess: Vec::new(),
    };
    let mut g = Game::from_deal(deal(&spec).unwrap());
    let s = g.setup().clone();
    let evil: Vec<PlayerId> = s.roster.ids().filter(|p| s.is_evil(*p)).collect();
    let sci = s.holder(Card::Scientist).unwrap();
    // The Evil Forces kill the Scientist, who checks one of them the same
    // night: the check is made (S4.1) but sent to no one.
    let kill = format!("kill {}", s.roster.name(sci));
    let check = format!("check {}", s.roster.name(evil[0]));
    g.commit(night(
        &g,
        &[(evil[0], kill.clone()), (evil[1], kill), (sci, check)],
    ))
    .unwrap();
    let report = &g.phases()[0].report;
    assert!(report.night().unwrap().check.is_some());
    assert!(night_messages(&s, report).is_empty());
}
