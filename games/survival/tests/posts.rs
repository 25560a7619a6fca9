//! The posts (S9): formats, the Discord split, and no secrets in public
//! posts (S9.5). Expected texts are written out by hand from S9.1-S9.3.

use console_core::commitment::Salt;
use survival::post::{
    DISCORD_LIMIT, Format, PublicDay, PublicEnd, PublicNight, deal_messages, deal_post,
    night_messages, phase_post, private_text, vote_count_post,
};
use survival::{
    Card, DayInput, Edition, Game, NightInput, Options, PhaseInput, Post, Roster, Setup, State,
};

const NAMES: [&str; 8] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"];

fn setup(cards: [Card; 8], options: Options) -> Setup {
    Setup::new(
        Roster::new(&NAMES).unwrap(),
        cards.to_vec(),
        options,
        Edition::Advanced,
        42,
        Salt([7; 32]),
    )
    .unwrap()
}

fn id(s: &Setup, n: &str) -> survival::PlayerId {
    s.roster.find(n).unwrap()
}

fn night(s: &Setup, lines: &[(&str, &str)], decisions: &[(&str, &str)]) -> PhaseInput {
    PhaseInput::Night(NightInput {
        actions: lines
            .iter()
            .map(|(p, t)| (id(s, p), t.to_string()))
            .collect(),
        decisions: decisions
            .iter()
            .map(|(p, t)| (id(s, p), t.to_string()))
            .collect(),
    })
}

fn day(s: &Setup, posts: &[(&str, &str)], decisions: &[(&str, &str)]) -> PhaseInput {
    PhaseInput::Day(DayInput {
        posts: posts.iter().map(|(p, t)| Post::new(id(s, p), *t)).collect(),
        revote: Vec::new(),
        decisions: decisions
            .iter()
            .map(|(p, t)| (id(s, p), t.to_string()))
            .collect(),
    })
}

use Card::*;

/// Ann, Bob Evil; Cid Ranger; Dee Scientist; Eve PPA; Fay Polar Bear; Gus
/// Mother Nature; Hal Fish. Spotlight: Hal.
fn game(options: Options) -> Game {
    let s = setup(
        [
            Pollution,
            Waste,
            ForestRanger,
            Scientist,
            Ppa,
            PolarBear,
            MotherNature,
            Fish,
        ],
        options,
    );
    let start = State::start(&s, Some(id(&s, "Hal")));
    Game::new(s, start)
}

#[test]
fn the_morning_post_names_the_eliminated_with_cards_never_causes() {
    let mut g = game(Options::default());
    let s = g.setup().clone();
    // Night 1: buddies Cid & Hal; the kill on Hal goes through, and Cid
    // follows (buddy); Fay (Polar Bear) is not touched; Eve summons Dee;
    // Hal hands the Spotlight to Gus.
    g.commit(night(
        &s,
        &[
            ("Gus", "buddies Cid & Hal"),
            ("Ann", "kill Hal"),
            ("Bob", "kill Hal"),
            ("Cid", "protect Dee"),
            ("Dee", "check Bob"),
            ("Eve", "summon Dee"),
        ],
        &[("Hal", "spotlight Gus")],
    ))
    .unwrap();
    let post = phase_post(&g, 0, Format::BBCode, Some(1_795_284_000));
    assert_eq!(post.len(), 1);
    let expected = "[b]Night 1 is over[/b]\n\
Eliminated:\n\
[list]\n\
[*][b]Cid[/b] (Forest Ranger)\n\
[*][b]Hal[/b] (Fish)\n\
[/list]\n\
[b]Dee[/b] is summoned to Nairobi for day 1: they can neither vote nor be voted for.\n\
Hal handed the Spotlight to [b]Gus[/b]: their vote counts twice.\n\
Day 1 votes are due: 2026-11-21 18:00 UTC";
    assert_eq!(post[0], expected);
    for secret in [
        "kill",
        "buddy",
        "buddies",
        "protect",
        "Scientist",
        "Polar Bear",
        "Evil",
    ] {
        assert!(!post[0].contains(secret), "{secret} in {}", post[0]);
    }
    // Without reveal_cards the cards stay hidden.
    let mut g2 = game(Options {
        reveal_cards: false,
        ..Options::default()
    });
    g2.commit(night(&s, &[("Ann", "kill Hal"), ("Bob", "kill Hal")], &[]))
        .unwrap();
    let plain = phase_post(&g2, 0, Format::Plain, None);
    assert_eq!(
        plain[0],
        "Night 1 is over\n===============\nEliminated:\n- Hal\nThe Spotlight of Hal lapses: no one holds it for the rest of the game."
    );
    // Private messages of the night: the Scientist's result; the buddies
    // formed this night were both eliminated in it, so they get no
    // further private message (S9.3).
    let msgs = night_messages(&s, &g.phases()[0].report);
    let texts: Vec<(String, String)> = msgs
        .iter()
        .map(|m| {
            (
                s.roster.name(m.to).to_string(),
                private_text(&s, m, Format::Plain),
            )
        })
        .collect();
    assert_eq!(texts, [("Dee".into(), "Night 1: Bob is Evil.\n".into())]);
}

#[test]
fn the_vote_count_layout_s9_2() {
    let mut g = game(Options::default());
    let s = g.setup().clone();
    g.commit(night(&s, &[("Eve", "summon Dee")], &[])).unwrap();
    let posts: Vec<Post> = [
        ("Hal", "vote Ann"),
        ("Bob", "vote Ann"),
        ("Ann", "vote Gus"),
        ("Dee", "vote Gus"),
        ("Cid", "vote Gus\nunvote"),
    ]
    .iter()
    .map(|(a, t)| Post::new(id(&s, a), *t))
    .collect();
    let c = g.count_at(&posts, 5).unwrap();
    let text = vote_count_post(&c, s.roster.names(), Format::Plain);
    // Ann 3 (Bob 1, Hal 2 with the Spotlight), Gus 1 (Ann; Dee is in
    // Nairobi and rejected; Cid withdrew).
    assert_eq!(
        text[0],
        "Vote count, day 1\n=================\nAnn (3): Bob, Hal [x2]\nGus (1): Ann\n\nNot voting (4): Cid, Eve, Fay, Gus\nCannot vote (1): Dee (in Nairobi)\nLiving players: 8"
    );
    let bb = vote_count_post(&c, s.roster.names(), Format::BBCode);
    assert!(bb[0].starts_with("[b]Vote count, day 1[/b]\n[b]Ann[/b] (3): Bob, Hal [x2]\n"));
    // Majority mode: 7 voters, weight 8 with the Spotlight: 5 needed.
    let mut g = game(Options {
        vote_rule: survival::options::VoteRule::Majority,
        ..Options::default()
    });
    g.commit(night(&s, &[("Eve", "summon Dee")], &[])).unwrap();
    let c = g.count_at(&posts, 2).unwrap();
    let text = vote_count_post(&c, s.roster.names(), Format::Plain);
    assert!(text[0].contains("Ann (3): Bob, Hal [x2]\n"), "{}", text[0]);
    assert!(
        text[0].ends_with(
            "With 7 voters (8 votes: the Spotlight counts twice) it takes 5 to eliminate."
        ),
        "{}",
        text[0]
    );
    let c = g.count_at(&posts[..1], 1).unwrap();
    let text = vote_count_post(&c, s.roster.names(), Format::Plain);
    assert!(text[0].contains("Ann (2): Hal [x2]\n"), "{}", text[0]);
    let c4 = g
        .count_at(
            &[
                Post::new(id(&s, "Hal"), "vote Ann"),
                Post::new(id(&s, "Bob"), "vote Ann"),
                Post::new(id(&s, "Cid"), "vote Ann"),
            ],
            3,
        )
        .unwrap();
    let text = vote_count_post(&c4, s.roster.names(), Format::Plain);
    assert!(
        text[0].contains("Ann (4): Bob, Cid, Hal [x2] (L-1)\n"),
        "{}",
        text[0]
    );
}

#[test]
fn the_day_result_and_the_end() {
    let mut g = game(Options::default());
    let s = g.setup().clone();
    g.commit(night(&s, &[], &[])).unwrap();
    // Fay (Polar Bear) is voted out and bars Cid.
    g.commit(day(
        &s,
        &[
            ("Ann", "vote Fay"),
            ("Bob", "vote Fay"),
            ("Cid", "vote Ann"),
        ],
        &[("Fay", "bar Cid")],
    ))
    .unwrap();
    let post = phase_post(&g, 1, Format::Markdown, Some(0));
    assert_eq!(post.len(), 1);
    let p = &post[0];
    assert!(
        p.starts_with(
            "# Day 1 result\n## Final vote count\n**Fay** (2): Ann, Bob\n**Ann** (1): Cid\n"
        ),
        "{p}"
    );
    assert!(p.contains("## Outcome\n**Fay** is voted out.\n"), "{p}");
    assert!(p.contains("- **Fay** (Polar Bear)\n"), "{p}");
    // The count before the vote had 8 living players; the post announces
    // Fay's elimination, so it says 7 are alive after it.
    assert!(p.contains("Living players: 7\n"), "{p}");
    assert!(!p.contains("Living players: 8"), "{p}");
    assert!(
        p.contains("The Polar Bear Fay decided: **Cid** may not vote on day 2.\n"),
        "{p}"
    );
    assert!(
        p.ends_with("Night 2 actions are due: <t:0:F> (<t:0:R>)"),
        "{p}"
    );
    // Good wins once both Evil Forces are out.
    g.commit(night(&s, &[], &[])).unwrap();
    g.commit(day(&s, &[("Dee", "vote Ann"), ("Eve", "vote Ann")], &[]))
        .unwrap();
    g.commit(night(&s, &[], &[])).unwrap();
    assert!(!g.is_over());
    g.commit(day(&s, &[("Dee", "vote Bob")], &[])).unwrap();
    assert!(g.is_over());
    let end = PublicEnd::new(&s, g.state()).unwrap();
    let text = survival::post::end_post(&end, Format::Plain)[0].clone();
    assert!(
        text.contains("Winners: Good (the Special Forces and Elements)."),
        "{text}"
    );
    for (n, c) in NAMES.iter().zip([
        "Pollution",
        "Waste",
        "Forest Ranger",
        "Scientist",
        "PPA",
        "Polar Bear",
        "Mother Nature",
        "Fish",
    ]) {
        assert!(text.contains(&format!("- {n}: {c}\n")), "{n} {c}: {text}");
    }
    assert!(text.contains("Seed: 42\n"), "{text}");
    assert!(
        text.contains(&format!("Salt: {}\n", "07".repeat(32))),
        "{text}"
    );
    // The end comes with the last result post.
    let last = phase_post(&g, g.phases().len() - 1, Format::BBCode, None);
    assert!(last[0].contains("The game is over"), "{}", last[0]);
    // No end before the end.
    let mut g2 = game(Options::default());
    g2.commit(night(&s, &[], &[])).unwrap();
    assert!(PublicEnd::new(&s, g2.state()).is_none());
    let pn = PublicNight::new(&s, &g2.phases()[0].report, g2.state()).unwrap();
    assert!(pn.eliminated().is_empty());
    assert!(PublicDay::new(&s, &g2.phases()[0].report, g2.start(), g2.state()).is_none());
}

/// A tie is said in words: "between Ann and Bob" (S6.2), never "between
/// Ann, Bob".
#[test]
fn a_tie_names_the_tied_in_words() {
    let mut g = game(Options::default());
    let s = g.setup().clone();
    g.commit(night(&s, &[], &[])).unwrap();
    g.commit(day(
        &s,
        &[
            ("Ann", "vote Bob"),
            ("Bob", "vote Ann"),
            ("Cid", "vote Dee"),
        ],
        &[],
    ))
    .unwrap();
    let p = &phase_post(&g, 1, Format::Plain, None)[0];
    assert!(
        p.contains("The vote tied between Ann, Bob and Dee: Fay is eliminated by the tie rule.\n"),
        "{p}"
    );
}

#[test]
fn deal_post_and_card_messages() {
    let g = game(Options::default());
    let s = g.setup();
    let post = deal_post(s, g.state().spotlight(), true, Format::BBCode, None);
    let p = &post[0];
    assert!(
        p.contains("Players (8): Ann, Bob, Cid, Dee, Eve, Fay, Gus, Hal\n"),
        "{p}"
    );
    assert!(p.contains("In the Spotlight: [b]Hal[/b]"), "{p}");
    assert!(
        p.contains("In play: 2 Evil Forces; Special Forces: Scientist, Forest Ranger, Polar Bear, PPA, Mother Nature;"),
        "{p}"
    );
    assert!(p.contains(&survival::commitment::commitment(s)), "{p}");
    // No player is tied to a card.
    for n in NAMES {
        for c in ["Pollution", "Scientist", "Fish"] {
            assert!(!p.contains(&format!("{n} ({c})")));
        }
    }
    let msgs = deal_messages(s);
    assert_eq!(msgs.len(), 8);
    let ann = private_text(s, &msgs[0], Format::Plain);
    assert!(ann.starts_with("Your card, Ann: Pollution\n"), "{ann}");
    assert!(ann.contains("The other Evil Forces: Bob."), "{ann}");
    let cid = private_text(s, &msgs[2], Format::Plain);
    assert!(cid.contains("protect NAME"), "{cid}");
    assert!(!cid.contains("Evil Forces:"), "{cid}");
}

#[test]
fn discord_messages_stay_under_the_limit_and_split_between_lines() {
    // 36 players with long names all voting: the count is long.
    let names: Vec<String> = (0..36)
        .map(|i| format!("Player number {i:02} the Long"))
        .collect();
    let mut deck: Vec<Card> = Card::EVIL.to_vec();
    deck.extend(Card::SPECIAL);
    deck.extend(Card::ELEMENTS);
    let s = Setup::new(
        Roster::new(&names).unwrap(),
        deck,
        Options::default(),
        Edition::Advanced,
        1,
        Salt([0; 32]),
    )
    .unwrap();
    let mut g = Game::new(s.clone(), State::start(&s, None));
    g.commit(PhaseInput::Night(NightInput::default())).unwrap();
    let posts: Vec<Post> = (0..36)
        .map(|i| {
            Post::new(
                survival::PlayerId::from_index(i),
                format!("vote {}", names[(i * 7) % 36]),
            )
        })
        .collect();
    let c = g.count_at(&posts, 36).unwrap();
    let msgs = vote_count_post(&c, s.roster.names(), Format::Markdown);
    assert!(msgs.len() > 1, "{msgs:?}");
    let mut rows = 0;
    for (i, m) in msgs.iter().enumerate() {
        assert!(m.chars().count() <= DISCORD_LIMIT);
        assert!(m.starts_with(&format!("({}/{})", i + 1, msgs.len())));
        rows += m.lines().filter(|l| l.starts_with("**Player")).count();
    }
    assert_eq!(rows, 36, "every row whole, once");
    let forum = vote_count_post(&c, s.roster.names(), Format::BBCode);
    assert_eq!(forum.len(), 1);
}

#[test]
fn names_are_escaped_in_every_format() {
    let names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal-Jo"];
    let s = Setup::new(
        Roster::new(&names).unwrap(),
        vec![
            Pollution,
            Waste,
            ForestRanger,
            Scientist,
            Ppa,
            PolarBear,
            MotherNature,
            Fish,
        ],
        Options::default(),
        Edition::Advanced,
        1,
        Salt([0; 32]),
    )
    .unwrap();
    let mut g = Game::new(s.clone(), State::start(&s, None));
    g.commit(night(&s, &[("Ann", "kill Hal"), ("Bob", "kill Hal")], &[]))
        .unwrap();
    let md = phase_post(&g, 0, Format::Markdown, None);
    assert!(md[0].contains("**Hal\\-Jo** (Fish)"), "{}", md[0]);
}

/// Text for players and the moderator carries no markup of the engine's
/// own: the card messages write commands in the format's bold (or in
/// quotes in plain text), and reasons quote verbs (the backticks of
/// `can `bomb` from night 2` were shown as they are).
#[test]
fn no_backticks_in_card_messages_or_reasons() {
    let s = setup(
        [
            Pollution,
            Waste,
            Engineer,
            Scientist,
            Ppa,
            PolarBear,
            Gmo,
            GreenActivist,
        ],
        Options::default(),
    );
    for f in [Format::BBCode, Format::Markdown, Format::Plain] {
        for m in deal_messages(&s) {
            let t = private_text(&s, &m, f);
            assert!(!t.contains('`'), "{f:?}: {t}");
        }
    }
    let cid = private_text(&s, &deal_messages(&s)[2], Format::BBCode);
    assert!(cid.contains("[b]bomb NAME[/b]"), "{cid}");
    let cid = private_text(&s, &deal_messages(&s)[2], Format::Plain);
    assert!(cid.contains("\"bomb NAME\""), "{cid}");
    // The Engineer bombs on night 1: rejected with a reason in words.
    let mut g = Game::new(s.clone(), State::start(&s, None));
    g.commit(night(&s, &[("Cid", "bomb Ann"), ("Dee", "kill Ann")], &[]))
        .unwrap();
    let reasons: Vec<String> = g.phases()[0]
        .report
        .rejections
        .iter()
        .map(|r| r.reason.text(&s.roster))
        .collect();
    assert_eq!(reasons.len(), 2, "{reasons:?}");
    assert!(
        reasons.contains(&"the Engineer can \"bomb\" from night 2".to_string()),
        "{reasons:?}"
    );
    for r in &reasons {
        assert!(!r.contains('`'), "{r}");
    }
}

/// Possessives: `Harbor Lights'`, not `Harbor Lights's`.
#[test]
fn possessives() {
    assert_eq!(
        survival::post::possessive("Harbor Lights"),
        "Harbor Lights'"
    );
    assert_eq!(survival::post::possessive("Ann"), "Ann's");
}

/// After Good has won, a Spotlight handover or a Polar Bear decision no
/// longer matters and is not asked for (S7.6); a GMO's revenge still is.
#[test]
fn no_decision_asked_once_the_game_is_over() {
    // Ann (the only Evil Force) holds the Spotlight; Fay is the Polar Bear.
    let s = setup(
        [
            Pollution,
            Fish,
            ForestRanger,
            Scientist,
            Ppa,
            PolarBear,
            MotherNature,
            Peace,
        ],
        Options::default(),
    );
    let start = State::start(&s, Some(id(&s, "Ann")));
    let mut g = Game::new(s.clone(), start);
    g.commit(night(&s, &[], &[])).unwrap();
    let vote_ann = day(&s, &[("Bob", "vote Ann"), ("Cid", "vote Ann")], &[]);
    let report = g.preview(&vote_ann).unwrap();
    assert!(report.winners.is_some(), "Good wins with Ann out");
    assert!(
        g.decisions_needed(&vote_ann).is_empty(),
        "{:?}",
        report.decisions
    );
    // While the game goes on, the handover is asked for.
    let s2 = setup(
        [
            Pollution,
            Waste,
            ForestRanger,
            Scientist,
            Ppa,
            PolarBear,
            MotherNature,
            Peace,
        ],
        Options::default(),
    );
    let mut g2 = Game::new(s2.clone(), State::start(&s2, Some(id(&s2, "Ann"))));
    g2.commit(night(&s2, &[], &[])).unwrap();
    let vote_ann = day(&s2, &[("Bob", "vote Ann"), ("Cid", "vote Ann")], &[]);
    let asked = g2.decisions_needed(&vote_ann);
    assert_eq!(asked.len(), 1, "{asked:?}");
}
