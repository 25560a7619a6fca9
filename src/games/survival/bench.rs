//! A benchmark run inside the page by `scripts/bench` (compiled only with
//! the `bench` feature, so never shipped): recounting a long day thread in
//! wasm, as the Day screen does when the thread changes anywhere but at its
//! end (the worst case: split the pasted thread, count every post).

use survival::day::Counter;
use survival::thread::split_thread;
use survival::{Card, DealSpec, Edition, Game, NightInput, Options, PhaseInput, Post, deal};
use wasm_bindgen::prelude::*;

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// A 30-player game at day 1 (every Special Force, a Spotlight).
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
        salt: Default::default(),
    };
    let mut g = Game::from_deal(deal(&spec).expect("a valid deal"));
    g.commit(PhaseInput::Night(NightInput::default()))
        .expect("night 1");
    g
}

/// A thread of `n` posts as the engine's native benchmark makes it: mostly
/// talk, one post in five with a vote in some form, some quoting votes.
fn thread(g: &Game, n: usize) -> String {
    let names = g.setup().roster.names();
    let mut x: u64 = 12345;
    let mut next = |k: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % k as u64) as usize
    };
    let talk = "I have been reading the thread again and something about the way the last few posts were written makes me think we should look harder at the quiet ones.\nAlso, who claimed the Scientist yesterday?\n";
    (0..n)
        .map(|i| {
            let author = &names[next(30)];
            let target = &names[next(30)];
            let text = match i % 10 {
                0 => format!("{talk}vote {target}"),
                1 => format!("[b]vote: {target}[/b]\n{talk}"),
                2 => format!(
                    "[quote={}]vote {target}[/quote]\nI disagree.\n{talk}",
                    names[next(30)]
                ),
                3 => format!("{talk}> vote {target}\nno."),
                4 => format!("ok [vote]{target}[/vote] for now"),
                5 => "unvote\nthinking".to_string(),
                _ => talk.repeat(1 + next(3)),
            };
            format!("{author}:\n{text}\n\n")
        })
        .collect()
}

/// The median milliseconds, over 21 runs, of recounting a pasted day
/// thread of `posts` posts (2,000 in `scripts/bench`) from scratch: the
/// engine's thread splitter, then the counter over every post, then the
/// S9.2 view. (Pasting a new page at the end costs less: only the new
/// posts are counted.)
#[wasm_bindgen]
pub fn bench_survival_recount(posts: u32) -> f64 {
    let g = game();
    let pasted = thread(&g, posts as usize);
    let mut times: Vec<f64> = (0..21)
        .map(|_| {
            let t0 = now();
            let split = split_thread(&g.setup().roster, &pasted);
            let known: Vec<Post> = split.known_posts();
            let mut c = Counter::for_day(g.setup(), g.state());
            for p in &known {
                c.push(p.author, &p.text);
            }
            let view = c.view(g.state());
            let t = now() - t0;
            assert_eq!(known.len(), posts as usize);
            assert_eq!(view.posts, known.len());
            t
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The median milliseconds, over 7 runs, of committing a day of about
/// `bytes` bytes of short posts (1 MB in `scripts/bench`) as the page
/// does ([`Game::commit`], one task): every 13th post votes for no
/// player (an unknown target, which the count compares with every name),
/// every 5th for a player.
#[wasm_bindgen]
pub fn bench_survival_commit(bytes: u32) -> f64 {
    let g = game();
    let posts = survival::sample::short_day(&g.setup().roster, bytes as usize);
    let input = PhaseInput::Day(survival::DayInput {
        posts,
        ..Default::default()
    });
    let mut times: Vec<f64> = (0..7)
        .map(|_| {
            let (mut h, day) = (g.clone(), input.clone());
            let t0 = now();
            let played = h.commit(day).is_ok();
            let t = now() - t0;
            assert!(played);
            t
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
