//! Recounting a 2,000-post day thread (the day screen recounts on every
//! keystroke): prints the median time of a full recount, and of splitting
//! the pasted thread into posts first: as hand-made `Name:` text, as a
//! phpBB page copy (profile blocks, `Post by NAME » DATE`, chrome) and as
//! a Discord channel copy, each detected; and of committing a 1 MB day.
//!
//!     CARGO_TARGET_DIR=... cargo bench -p survival --bench recount
//!
//! `RECOUNT_PARTS=1` also prints detection, splitting and counting apart;
//! `RECOUNT_PAGES=0` leaves out the page copies (to compare instruction
//! counts with the hand-made text alone under callgrind).

use console_core::commitment::Salt;
use std::time::Instant;
use survival::thread::{Layout, split_thread};
use survival::{
    Card, DealSpec, Edition, Game, NightInput, Options, PhaseInput, PlayerId, Post, deal,
};

/// A 30-player game at day 1.
fn game() -> Game {
    let spec = DealSpec {
        nicknames: Vec::new(),
        no_guess: Vec::new(),
        players: (0..30).map(|i| format!("Player {i:02}")).collect(),
        edition: Edition::Advanced,
        evil: None,
        specials: Card::SPECIAL.to_vec(),
        spotlight: Some("Player 03".into()),
        options: Options::default(),
        seed: 1,
        salt: Salt([0; 32]),
    };
    let mut g = Game::from_deal(deal(&spec).unwrap());
    g.commit(PhaseInput::Night(NightInput::default())).unwrap();
    g
}

/// A thread: mostly talk (a few lines each), one post in five with a vote
/// in some form, some quoting earlier votes.
fn thread(g: &Game) -> Vec<Post> {
    let names = g.setup().roster.names();
    let mut x: u64 = 12345;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    (0..2000)
        .map(|i| {
            let author = PlayerId::from_index(next(30));
            let target = &names[next(30)];
            let talk = "I have been reading the thread again and something about the way the last few posts were written makes me think we should look harder at the quiet ones.\nAlso, who claimed the Scientist yesterday?\n";
            let text = match i % 10 {
                0 => format!("{talk}vote {target}"),
                1 => format!("[b]vote: {target}[/b]\n{talk}"),
                2 => format!("[quote={}]vote {target}[/quote]\nI disagree.\n{talk}", names[next(30)]),
                3 => format!("{talk}> vote {target}\nno."),
                4 => format!("ok [vote]{target}[/vote] for now"),
                5 => "unvote\nthinking".to_string(),
                _ => talk.repeat(1 + next(3)),
            };
            Post::new(author, text)
        })
        .collect()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let g = game();
    let posts = thread(&g);
    let bytes: usize = posts.iter().map(|p| p.text.len()).sum();
    let mut times = Vec::new();
    let mut check = 0;
    for _ in 0..200 {
        let t = Instant::now();
        let c = g.count_at(&posts, posts.len()).unwrap();
        times.push(t.elapsed().as_secs_f64() * 1e3);
        check += c.rows.len();
    }
    println!(
        "recount of a {}-post thread ({} KB): median {:.3} ms ({} rows)",
        posts.len(),
        bytes / 1024,
        median(times),
        check / 200
    );
    let pasted: String = posts
        .iter()
        .map(|p| format!("{}:\n{}\n\n", g.setup().roster.name(p.author), p.text))
        .collect();
    let mut times = Vec::new();
    for _ in 0..100 {
        let t = Instant::now();
        let split = split_thread(&g.setup().roster, &pasted);
        let known = split.known_posts();
        let c = g.count_at(&known, known.len()).unwrap();
        times.push(t.elapsed().as_secs_f64() * 1e3);
        assert_eq!(known.len(), 2000);
        check += c.rows.len();
    }
    println!(
        "split of the pasted thread and recount: median {:.3} ms (checksum {check})",
        median(times)
    );
    let roster = &g.setup().roster;
    if std::env::var("RECOUNT_PARTS").is_ok() {
        let names = roster.reader();
        let mut d = Vec::new();
        let mut sp = Vec::new();
        for _ in 0..50 {
            let t = Instant::now();
            let _ = survival::thread::detect(&names, &pasted);
            d.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            let _ = survival::thread::split_thread_as(&names, &pasted, Some(Layout::Plain));
            sp.push(t.elapsed().as_secs_f64() * 1e3);
        }
        println!(
            "parts: detect {:.3} ms, split as plain {:.3} ms",
            median(d),
            median(sp)
        );
        let mut a = Vec::new();
        let mut b = Vec::new();
        let mut c2 = Vec::new();
        for _ in 0..50 {
            let t = Instant::now();
            let split = split_thread(roster, &pasted);
            a.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            let known = split.known_posts();
            b.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            let _ = g.count_at(&known, known.len()).unwrap();
            c2.push(t.elapsed().as_secs_f64() * 1e3);
        }
        println!(
            "parts: split_thread {:.3} ms, known_posts {:.3} ms, count {:.3} ms",
            median(a),
            median(b),
            median(c2)
        );
    }
    let phpbb: String = posts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let a = roster.name(p.author);
            format!(
                "{a}\nPosts: {}\nJoined: Mon Nov 02, 2026 9:00 am\nRe: Day 1\nQuote\nPost by {a} » Tue Nov 24, 2026 8:{:02} pm\n{}\nTop\n",
                100 + i,
                i % 60,
                p.text
            )
        })
        .collect();
    let discord: String = posts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                "{} — Today at {}:{:02}\n{}\n",
                roster.name(p.author),
                10 + i / 60 % 12,
                i % 60,
                p.text
            )
        })
        .collect();
    // A 1 MB day committed (the commit is played on the
    // page): short posts, every 13th voting for no player (its nearest
    // names are looked for), every 5th for a player.
    let big = survival::sample::short_day(roster, 1_000_000);
    let posts_1mb = big.len();
    let input = PhaseInput::Day(survival::DayInput {
        posts: big,
        ..Default::default()
    });
    let mut times = Vec::new();
    for _ in 0..20 {
        let (mut h, day) = (g.clone(), input.clone());
        let t = Instant::now();
        h.commit(day).unwrap();
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    println!(
        "commit of a 1 MB day ({posts_1mb} posts, one in 13 voting for no player): median {:.3} ms",
        median(times)
    );
    if std::env::var("RECOUNT_PAGES").is_ok_and(|v| v == "0") {
        return;
    }
    for (label, layout, page) in [
        ("a phpBB page copy", Layout::Phpbb, &phpbb),
        ("a Discord channel copy", Layout::Discord, &discord),
    ] {
        let mut times = Vec::new();
        for _ in 0..50 {
            let t = Instant::now();
            let split = split_thread(roster, page);
            let known = split.known_posts();
            let c = g.count_at(&known, known.len()).unwrap();
            times.push(t.elapsed().as_secs_f64() * 1e3);
            assert_eq!(split.layout, layout);
            assert_eq!(known.len(), 2000);
            check += c.rows.len();
        }
        println!(
            "split of {label} ({} KB) and recount: median {:.3} ms (checksum {check})",
            page.len() / 1024,
            median(times)
        );
    }
}
