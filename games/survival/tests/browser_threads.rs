//! What the engine makes of the three page copies the browser test
//! (`tests/e2e/survival-threads.test.mjs`) pastes on the Day screen, one
//! per day of one game: a phpBB (prosilver) topic page, a Discord channel
//! and a XenForo thread page (`fixtures/threads/*.txt`, written for these
//! tests in each software's page layout). Per day: the layout detected and
//! the split's summary, the guesses to check, the vote lines ignored, the
//! vote count post as the Day screen copies it (BBCode) before and after
//! the moderator's answers (a guess kept as a nickname, a guess refused),
//! and who the day eliminates. Kept in `fixtures/threads.json`, which the
//! browser test reads; this test keeps the fixture equal to the engine.
//! After a deliberate change, rewrite it with
//! `SURVIVAL_BLESS=1 cargo test -p survival --test browser_threads`.

use serde_json::{Value, json};
use survival::card::Card;
use survival::day::Counter;
use survival::post::{Format, vote_count_post};
use survival::thread::split_thread_as;
use survival::{DayInput, DealSpec, Edition, Game, NightInput, Options, PhaseInput, deal};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/threads.json");

const PLAYERS: [&str; 12] = [
    "Ann",
    "Bob",
    "Cid",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "O'Neil",
    "Zoë",
    "TheRealGin-N-Tonic",
    "Harbor Lights",
];

/// The seed the browser test deals from.
const SEED: u64 = 20261124;

/// One day: its page, the guess the moderator keeps as a nickname (text,
/// player), the guess the moderator refuses.
struct Day {
    file: &'static str,
    page: &'static str,
    keep: Option<(&'static str, &'static str)>,
    refuse: Option<&'static str>,
}

const DAYS: [Day; 3] = [
    Day {
        file: "day1-phpbb.txt",
        page: include_str!("fixtures/threads/day1-phpbb.txt"),
        keep: Some(("Gin", "TheRealGin-N-Tonic")),
        refuse: Some("harbor"),
    },
    Day {
        file: "day2-discord.txt",
        page: include_str!("fixtures/threads/day2-discord.txt"),
        keep: Some(("HL", "Harbor Lights")),
        refuse: None,
    },
    Day {
        file: "day3-xenforo.txt",
        page: include_str!("fixtures/threads/day3-xenforo.txt"),
        keep: None,
        refuse: Some("Harbour Lights"),
    },
];

/// The game as the browser's Setup screen deals it with its defaults
/// (advanced, the basic Special Forces, no Spotlight, the default
/// options) and the seed.
fn game() -> Game {
    let spec = DealSpec {
        players: PLAYERS.iter().map(|s| s.to_string()).collect(),
        edition: Edition::Advanced,
        evil: None,
        specials: Card::BASIC_SPECIAL.to_vec(),
        spotlight: None,
        options: Options::default(),
        nicknames: Vec::new(),
        no_guess: Vec::new(),
        seed: SEED,
        salt: Default::default(),
    };
    Game::from_deal(deal(&spec).unwrap())
}

/// What the Day screen shows of a page: the split and the count.
fn read(game: &Game, page: &str) -> Value {
    let split = split_thread_as(&game.names(), page, None);
    let posts = split.known_posts();
    let mut c = Counter::for_day(game.setup(), game.state());
    for p in &posts {
        c.push(p.author, &p.text);
    }
    let roster = &game.setup().roster;
    let count = game.count_at(&posts, posts.len()).unwrap();
    let guesses: Vec<Value> = split
        .posts
        .iter()
        .filter_map(|p| Some((p.author?, p.author_how?, &p.author_text)))
        .filter(|(_, how, _)| how.is_guess())
        .map(|(a, how, t)| json!({"written": t, "read_as": roster.name(a), "how": how.name()}))
        .chain(
            c.guesses()
                .iter()
                .filter(|g| g.how.is_guess())
                .map(|g| json!({"written": g.written, "read_as": roster.name(g.read_as), "how": g.how.name()})),
        )
        .collect();
    json!({
        "layout": split.layout.name(),
        "summary": split.summary(),
        "posts": split.posts.len(),
        "counted": posts.len(),
        "players": split.players(),
        "unknown": split.unknown_authors().iter().map(|(_, a)| a.to_string()).collect::<Vec<_>>(),
        "chrome": split.chrome,
        "quotes": split.quotes,
        "orphans": split.orphans.len(),
        "guesses": guesses,
        "ignored": c.ignored().iter().map(|x| json!({"player": roster.name(x.player), "why": x.why.name(), "text": x.text})).collect::<Vec<_>>(),
        "rejected": c.rejections().len(),
        "votes": c.votes().len(),
        "count_post": vote_count_post(&count, roster.names(), Format::BBCode).join("\n\n"),
    })
}

fn fixture() -> Value {
    let mut game = game();
    let mut days = Vec::new();
    for day in &DAYS {
        // The night before: no private message.
        assert!(game.phase().is_night());
        game.commit(PhaseInput::Night(NightInput::default()))
            .unwrap();
        assert!(!game.is_over(), "the game must last the three days");
        let before = read(&game, day.page);
        if let Some((text, player)) = day.keep {
            let p = game.setup().roster.find(player).unwrap();
            game.add_nickname(p, text).unwrap();
        }
        if let Some(text) = day.refuse {
            game.refuse_guess(text);
        }
        let after = read(&game, day.page);
        let posts = split_thread_as(&game.names(), day.page, None).known_posts();
        let played = game
            .commit(PhaseInput::Day(DayInput {
                posts,
                revote: Vec::new(),
                decisions: Default::default(),
            }))
            .unwrap()
            .clone();
        let roster = &game.setup().roster;
        let out: Vec<&str> = played
            .report
            .eliminations
            .iter()
            .map(|e| roster.name(e.player))
            .collect();
        days.push(json!({
            "phase": played.report.phase.to_string(),
            "file": day.file,
            "keep": day.keep.map(|(t, p)| json!({"written": t, "player": p})),
            "refuse": day.refuse,
            "before": before,
            "after": after,
            "eliminated": out,
        }));
    }
    json!({"players": PLAYERS, "seed": SEED.to_string(), "days": days})
}

#[test]
fn the_browser_fixture_is_what_the_engine_reads_from_each_page() {
    let want = fixture();
    let text = serde_json::to_string_pretty(&want).unwrap() + "\n";
    if std::env::var_os("SURVIVAL_BLESS").is_some() {
        std::fs::write(FIXTURE, &text).unwrap();
    }
    let have = std::fs::read_to_string(FIXTURE).unwrap_or_default();
    assert!(
        have == text,
        "{FIXTURE} differs from what the engine reads; rewrite it with SURVIVAL_BLESS=1"
    );
}

/// The pages are what the browser test needs: each read in its own
/// layout, every post by a player but the bot's, a guess to keep and one
/// to refuse that change the count, quotes and ignored lines on view.
#[test]
fn each_page_is_read_in_its_layout_with_guesses_to_answer() {
    let f = fixture();
    let days = f["days"].as_array().unwrap();
    let layouts: Vec<&str> = days
        .iter()
        .map(|d| d["before"]["layout"].as_str().unwrap())
        .collect();
    assert_eq!(layouts, ["phpbb", "discord", "xenforo"]);
    for d in days {
        let before = &d["before"];
        let guessed: Vec<&str> = before["guesses"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["written"].as_str().unwrap())
            .collect();
        if let Some(k) = d["keep"].as_object() {
            let w = k["written"].as_str().unwrap();
            assert!(
                guessed.iter().any(|g| g.eq_ignore_ascii_case(w)),
                "{w} in {guessed:?}"
            );
            // Kept as a nickname: no longer a guess.
            let after: Vec<&str> = d["after"]["guesses"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["written"].as_str().unwrap())
                .collect();
            assert!(
                !after.iter().any(|g| g.eq_ignore_ascii_case(w)),
                "{after:?}"
            );
        }
        if let Some(r) = d["refuse"].as_str() {
            assert!(guessed.contains(&r), "{r} in {guessed:?}");
            // Refused: the vote naming it is rejected, the count changes.
            assert!(d["after"]["rejected"].as_u64() > before["rejected"].as_u64());
            assert_ne!(d["after"]["count_post"], before["count_post"]);
        }
        assert!(!before["ignored"].as_array().unwrap().is_empty(), "{d}");
        assert_eq!(d["eliminated"].as_array().unwrap().len(), 1, "{d}");
    }
    assert_eq!(days[0]["before"]["quotes"], 1);
    assert_eq!(days[1]["before"]["unknown"], json!(["Carl-bot"]));
}

/// The other layouts' pages (`tests/e2e/survival-threads.test.mjs`'s
/// second test): a vBulletin, an Invision, a Discourse and an SMF topic
/// page, and the BBCode a multi-quote gives, each one day 1 of the same
/// game on another site, read on day 1 of the game dealt as above. Kept
/// in `fixtures/threads-layouts.json` (rewritten with `SURVIVAL_BLESS=1`).
const LAYOUT_DAYS: [(&str, &str); 5] = [
    (
        "day4-vbulletin.txt",
        include_str!("fixtures/threads/day4-vbulletin.txt"),
    ),
    (
        "day5-invision.txt",
        include_str!("fixtures/threads/day5-invision.txt"),
    ),
    (
        "day6-discourse.txt",
        include_str!("fixtures/threads/day6-discourse.txt"),
    ),
    (
        "day7-smf.txt",
        include_str!("fixtures/threads/day7-smf.txt"),
    ),
    (
        "day8-bbcode.txt",
        include_str!("fixtures/threads/day8-bbcode.txt"),
    ),
];

const LAYOUT_FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/threads-layouts.json"
);

fn layout_fixture() -> Value {
    let mut game = game();
    game.commit(PhaseInput::Night(NightInput::default()))
        .unwrap();
    let days: Vec<Value> = LAYOUT_DAYS
        .iter()
        .map(|(file, page)| json!({"file": file, "read": read(&game, page)}))
        .collect();
    json!({"players": PLAYERS, "seed": SEED.to_string(), "days": days})
}

#[test]
fn the_layouts_fixture_is_what_the_engine_reads_from_each_page() {
    let want = layout_fixture();
    let text = serde_json::to_string_pretty(&want).unwrap() + "\n";
    if std::env::var_os("SURVIVAL_BLESS").is_some() {
        std::fs::write(LAYOUT_FIXTURE, &text).unwrap();
    }
    let have = std::fs::read_to_string(LAYOUT_FIXTURE).unwrap_or_default();
    assert!(
        have == text,
        "{LAYOUT_FIXTURE} differs from what the engine reads; rewrite it with SURVIVAL_BLESS=1"
    );
}

/// Each of the other layouts' pages is read in its own layout, with its
/// doubtful lines on view; the moderator's post is never a player's.
#[test]
fn each_other_layout_is_detected_with_its_doubtful_lines() {
    let f = layout_fixture();
    let days = f["days"].as_array().unwrap();
    let layouts: Vec<&str> = days
        .iter()
        .map(|d| d["read"]["layout"].as_str().unwrap())
        .collect();
    assert_eq!(
        layouts,
        ["vbulletin", "invision", "discourse", "smf", "bbcode"]
    );
    for d in days {
        let r = &d["read"];
        assert!(!r["ignored"].as_array().unwrap().is_empty(), "{d}");
        let unknown = r["unknown"].as_array().unwrap();
        assert!(unknown.is_empty() || unknown == &[json!("GameHost")], "{d}");
    }
    // The moderator opens four of the pages; the multi-quote holds players only.
    let opened: Vec<bool> = days
        .iter()
        .map(|d| d["read"]["unknown"] == json!(["GameHost"]))
        .collect();
    assert_eq!(opened, [true, true, true, true, false]);
}
