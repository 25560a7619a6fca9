//! Recounting a 2,000-post day thread (the day screen recounts on every
//! keystroke): prints the median time of a full recount, and of splitting
//! the pasted thread into posts first.
//!
//!     CARGO_TARGET_DIR=... cargo bench -p survival --bench recount

use console_core::commitment::Salt;
use std::time::Instant;
use survival::thread::split_thread;
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
}
