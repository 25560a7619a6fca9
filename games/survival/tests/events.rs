//! The moderator's events (S10) through the game's API: undo drops them,
//! save files keep them, and the posts, the vote history, the catch-up
//! message and the prod list they call for.

use console_core::commitment::Salt;
use console_core::events::{Event, ProdThreshold, ProdWhy, Removal, RemovalReason, Replacement};
use console_core::format::Format;
use console_core::save::SaveFile;
use survival::events::{
    EventNote, catch_up, day_activity, events_post, history, prod_list, wagons_post,
};
use survival::save::GameFile;
use survival::thread::split_thread_as;
use survival::vote::Target;
use survival::{
    Card, DayInput, DealSpec, Edition, Game, NightInput, Options, PhaseInput, Post, deal,
};

fn spec() -> DealSpec {
    DealSpec {
        players: ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
            .map(String::from)
            .to_vec(),
        edition: Edition::Basic,
        evil: None,
        specials: vec![Card::Scientist],
        spotlight: None,
        options: Options::default(),
        seed: 11,
        salt: Salt([7; 32]),
        nicknames: Vec::new(),
        no_guess: Vec::new(),
    }
}

fn replace(new: &str, old: &str) -> Event {
    Event::Replace(Replacement {
        new: new.into(),
        old: old.into(),
    })
}

fn remove(p: &str) -> Event {
    Event::Remove(Removal {
        player: p.into(),
        reason: RemovalReason::Inactivity,
        note: "No posts for 48 hours.".into(),
    })
}

#[test]
fn undo_drops_the_phase_events_and_the_new_name() {
    let mut game = Game::from_deal(deal(&spec()).unwrap());
    let eve = game.setup().roster.find("Eve").unwrap();
    assert!(game.names().resolve("Ivy").is_err());
    // Drafted for the phase: the new name already reads.
    assert_eq!(
        game.names_with(&[replace("Ivy", "Eve")]).resolve("Ivy"),
        Ok(eve)
    );
    game.commit_with(
        PhaseInput::Night(NightInput::default()),
        vec![replace("Ivy", "Eve")],
    )
    .unwrap();
    assert_eq!(game.current_setup().roster.name(eve), "Ivy");
    assert_eq!(game.names().resolve("Eve"), Ok(eve));
    assert_eq!(game.names().resolve("Ivy"), Ok(eve));
    // The setup as dealt keeps the dealt name (replays deal from it).
    assert_eq!(game.setup().roster.name(eve), "Eve");
    let undone = game.undo().unwrap();
    assert_eq!(undone.events, vec![replace("Ivy", "Eve")]);
    assert_eq!(game.current_setup().roster.name(eve), "Eve");
    assert!(game.names().resolve("Ivy").is_err());
}

#[test]
fn save_files_keep_events_and_replay_them() {
    let spec = spec();
    let mut game = Game::from_deal(deal(&spec).unwrap());
    let plain = GameFile::new("g", &spec, &game).to_json();
    assert!(!plain.contains("\"events\""), "no events written when none");
    game.commit_with(
        PhaseInput::Night(NightInput::default()),
        vec![replace("Ivy", "Eve"), remove("Hal")],
    )
    .unwrap();
    let json = GameFile::new("g", &spec, &game).to_json();
    assert!(json.contains("\"replace\"") && json.contains("\"remove\""));
    let (_, again) = GameFile::parse(&json).unwrap();
    assert_eq!(again.state(), game.state());
    assert_eq!(again.phases()[0].events.len(), 2);
    // A record naming the old name no longer matches the replay.
    let changed = json.replacen("\"Ivy\"", "\"Ive\"", 1);
    assert!(GameFile::parse(&changed).is_err());
}

#[test]
fn vote_history_and_the_wagons_post() {
    let mut game = Game::from_deal(deal(&spec()).unwrap());
    game.commit(PhaseInput::Night(NightInput::default()))
        .unwrap();
    let id = |n: &str| game.setup().roster.find(n).unwrap();
    let posts = vec![
        Post::new(id("Ann"), "vote Cid"),
        Post::new(id("Bob"), "vote Cid"),
        Post::new(id("Ann"), "vote Dee"),
        Post::new(id("Cid"), "unvote"),
        Post::new(id("Bob"), "vote Cid"),
    ];
    let input = PhaseInput::Day(DayInput {
        posts: posts.clone(),
        ..DayInput::default()
    });
    let report = game.preview(&input).unwrap();
    let h = history(report.day().unwrap());
    let rows: Vec<(u32, usize, Option<Target>, Option<Target>)> = h
        .iter()
        .map(|c| (c.post, c.voter.index(), c.from, c.to))
        .collect();
    let t = |n: &str| Some(Target::Player(id(n)));
    // Cid's unvote withdraws nothing and Bob's repeated vote changes
    // nothing: neither is a change.
    assert_eq!(
        rows,
        [
            (1, 0, None, t("Cid")),
            (2, 1, None, t("Cid")),
            (3, 0, t("Cid"), t("Dee")),
        ]
    );
    let count = game.count_at(&posts, posts.len()).unwrap();
    let names = game.current_setup().roster.names().to_vec();
    let p = wagons_post(&h, &count, &names, Format::BBCode, Some(86_400), Some(0)).join("");
    assert!(p.contains("[b]Cid[/b] (1): [s]Ann[/s], Bob"), "{p}");
    assert!(p.contains("[b]Dee[/b] (1): Ann"), "{p}");
    assert!(p.contains("(1 day 0 hours left)"), "{p}");
    let timed = survival::events::vote_count_post_timed(
        &count,
        &names,
        Format::Plain,
        86_400 + 5 * 3600,
        Some(86_400),
    )
    .join("");
    assert!(
        timed.contains("Deadline: 1970-01-02 05:00 UTC (5 hours 0 minutes left)"),
        "{timed}"
    );
    let p = wagons_post(&h, &count, &names, Format::Plain, None, None).join("");
    assert!(p.contains("Cid (1): Ann (unvoted), Bob"), "{p}");
    let p = wagons_post(&h, &count, &names, Format::Markdown, None, None).join("");
    assert!(p.contains("~~Ann~~"), "{p}");
}

#[test]
fn removal_post_catch_up_and_prods() {
    let mut game = Game::from_deal(deal(&spec()).unwrap());
    let s = game.setup().clone();
    let sci = s.holder(Card::Scientist).unwrap();
    let evil = s.roster.ids().find(|p| s.is_evil(*p)).unwrap();
    let mut night = NightInput::default();
    night
        .actions
        .insert(sci, format!("check {}", s.roster.name(evil)));
    game.commit(PhaseInput::Night(night)).unwrap();
    // Day 1: Zed replaces the Scientist; Hal (if not the Scientist) is
    // removed.
    let victim = s
        .roster
        .ids()
        .find(|p| *p != sci && !s.is_evil(*p))
        .unwrap();
    let played = game
        .commit_with(
            PhaseInput::Day(DayInput::default()),
            vec![
                replace("Zed", s.roster.name(sci)),
                remove(s.roster.name(victim)),
            ],
        )
        .unwrap()
        .clone();
    assert!(matches!(played.report.events[1], EventNote::Removed { .. }));
    let named = game.setup_of(&played.after);
    let post = events_post(&named, &played.report, None, Format::BBCode).join("");
    assert!(
        post.contains(&format!("[b]Zed[/b] replaces {}.", s.roster.name(sci))),
        "{post}"
    );
    assert!(
        post.contains(&format!(
            "[b]{}[/b] has been removed from the game by the moderator for inactivity. They were [b]{}[/b]. No posts for 48 hours.",
            s.roster.name(victim),
            s.card(victim)
        )),
        "{post}"
    );
    let msg = catch_up(&game, sci, Format::BBCode);
    assert!(msg.contains("[b]Zed[/b], you are replacing"), "{msg}");
    assert!(msg.contains("Scientist"), "{msg}");
    assert!(
        msg.contains(&format!("Night 1: [b]{}[/b] is Evil.", s.roster.name(evil))),
        "{msg}"
    );
    // Night 2 is to play: no posts, only actions prod.
    let night2 = NightInput::default();
    let act = survival::events::night_activity(&game, &night2);
    let list = prod_list(&game, &act, ProdThreshold::default(), Some(3600));
    assert!(list.iter().any(|p| p.slot == sci.index()), "{list:?}");
    assert!(list.iter().all(|p| p.why == [ProdWhy::NoActions]));
    assert!(!list.iter().any(|p| p.slot == victim.index()));
    let far = prod_list(&game, &act, ProdThreshold::default(), Some(24 * 3600));
    assert!(far.is_empty(), "{far:?}");
}

#[test]
fn day_activity_counts_posts_words_and_times() {
    let mut game = Game::from_deal(deal(&spec()).unwrap());
    game.commit(PhaseInput::Night(NightInput::default()))
        .unwrap();
    let page = "Ann:\nhello there all\nBob:\nvote Ann\nAnn:\nno\n";
    let split = split_thread_as(&game.names(), page, None);
    let act = day_activity(&game, &split);
    let ann = game.setup().roster.find("Ann").unwrap().index();
    assert_eq!((act[ann].posts, act[ann].words), (2, 4));
    let list = prod_list(&game, &act, ProdThreshold::default(), None);
    let slots: Vec<usize> = list.iter().map(|p| p.slot).collect();
    // Everyone alive but Ann and Bob has no post.
    assert_eq!(slots.len(), game.state().alive().len() - 2, "{slots:?}");
    assert!(!slots.contains(&ann));
}

#[test]
fn the_live_count_of_a_day_starts_after_the_drafted_events() {
    let mut game = Game::from_deal(deal(&spec()).unwrap());
    game.commit(PhaseInput::Night(NightInput::default()))
        .unwrap();
    let (setup, state, notes) = game.start_with(&[replace("Ivy", "Eve"), remove("Hal")]);
    assert_eq!(notes.len(), 2);
    let hal = setup.roster.find("Hal").unwrap();
    assert!(!state.is_alive(hal));
    let ann = setup.roster.find("Ann").unwrap();
    let mut counter = survival::day::Counter::owned(setup.clone(), &state);
    counter.push(ann, "vote Ivy");
    counter.push(setup.roster.find("Bob").unwrap(), "vote Hal");
    let eve = setup.roster.find("Ivy").unwrap();
    assert_eq!(counter.tally().count(eve), 1);
    assert_eq!(counter.tally().count(hal), 0);
    assert_eq!(counter.rejections().len(), 1, "a vote on a removed player");
}

#[test]
fn a_drafted_replacement_gets_its_catch_up_before_the_commit() {
    let mut game = Game::from_deal(deal(&spec()).unwrap());
    let s = game.setup().clone();
    let sci = s.holder(Card::Scientist).unwrap();
    let evil = s.roster.ids().find(|p| s.is_evil(*p)).unwrap();
    let mut night = NightInput::default();
    night
        .actions
        .insert(sci, format!("check {}", s.roster.name(evil)));
    game.commit(PhaseInput::Night(night)).unwrap();
    // Drafted for day 1, not committed: the message names Zed already and
    // carries what the slot learned (S10.7).
    let events = vec![replace("Zed", s.roster.name(sci))];
    let msg = survival::events::catch_up_with(&game, &events, sci, Format::Plain);
    assert!(msg.starts_with("Zed, you are replacing"), "{msg}");
    assert!(
        msg.contains(&format!("Night 1: {} is Evil.", s.roster.name(evil))),
        "{msg}"
    );
    // Without the draft, the slot keeps its name.
    let msg = survival::events::catch_up_with(&game, &[], sci, Format::Plain);
    assert!(msg.starts_with(s.roster.name(sci)), "{msg}");
}

#[test]
fn drafts_keep_events_threshold_and_wagons_and_old_drafts_still_read() {
    use survival::save::Drafts;
    let d = Drafts {
        events: vec![replace("Zed", "Ann")],
        prod: ProdThreshold {
            max_posts: 2,
            hours_before: 6,
        },
        wagons: true,
        ..Drafts::default()
    };
    let json = serde_json::to_string(&d).unwrap();
    assert_eq!(serde_json::from_str::<Drafts>(&json).unwrap(), d);
    // Defaults are not written; a file from before them reads as defaults.
    let plain = serde_json::to_string(&Drafts::default()).unwrap();
    assert!(!plain.contains("events") && !plain.contains("prod") && !plain.contains("wagons"));
    let old: Drafts = serde_json::from_str(r#"{"night":{},"bulk":"","thread":"","revote":"","decisions":{},"deadline":null,"post_format":"bbcode","hide_deck":false}"#).unwrap();
    assert_eq!(old, Drafts::default());
}

/// The wagons layout marks the Spotlight's double vote as S9.2's does:
/// `Ann [x2]`, struck with it when the holder moved away (S5.2, S10.9).
#[test]
fn the_wagons_post_marks_the_spotlight_x2() {
    let spec = DealSpec {
        edition: Edition::Advanced,
        spotlight: Some("Ann".into()),
        ..spec()
    };
    let mut game = Game::from_deal(deal(&spec).unwrap());
    game.commit(PhaseInput::Night(NightInput::default()))
        .unwrap();
    let id = |n: &str| game.setup().roster.find(n).unwrap();
    let posts = vec![
        Post::new(id("Ann"), "vote Cid"),
        Post::new(id("Bob"), "vote Cid"),
        Post::new(id("Ann"), "vote Dee"),
    ];
    let input = PhaseInput::Day(DayInput {
        posts: posts.clone(),
        ..DayInput::default()
    });
    let h = history(game.preview(&input).unwrap().day().unwrap());
    let count = game.count_at(&posts, posts.len()).unwrap();
    let names = game.current_setup().roster.names().to_vec();
    let p = wagons_post(&h, &count, &names, Format::BBCode, None, None).join("");
    assert!(p.contains("[b]Dee[/b] (2): Ann [x2]"), "{p}");
    assert!(p.contains("[b]Cid[/b] (1): [s]Ann [x2][/s], Bob"), "{p}");
    let s9_2 = survival::post::vote_count_post(&count, &names, Format::BBCode).join("");
    assert!(s9_2.contains("[b]Dee[/b] (2): Ann [x2]"), "{s9_2}");
}

/// A player the drafted events remove is out of the game: no prod
/// (S10.3, S10.8).
#[test]
fn no_prod_for_a_player_removed_in_the_drafts() {
    let mut game = Game::from_deal(deal(&spec()).unwrap());
    game.commit(PhaseInput::Night(NightInput::default()))
        .unwrap();
    let split = split_thread_as(&game.names(), "Ann:\nhello\n", None);
    let act = day_activity(&game, &split);
    let hal = game.setup().roster.find("Hal").unwrap().index();
    let before = prod_list(&game, &act, ProdThreshold::default(), None);
    assert!(before.iter().any(|p| p.slot == hal));
    let after = survival::events::prod_list_with(
        &game,
        &[remove("Hal")],
        &act,
        ProdThreshold::default(),
        None,
    );
    assert!(!after.iter().any(|p| p.slot == hal), "{after:?}");
    assert_eq!(after.len(), before.len() - 1);
}
