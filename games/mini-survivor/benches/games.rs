//! Throughput: complete shared games per second, submissions parsed and
//! checked every time (the case JSON is read once, outside the timing).
//! `cargo bench -p mini-survivor --bench games` prints the figure.

use mini_survivor::case::Case;
use mini_survivor::{Adjudicator, PlayerId, RoundReport, borrow_submissions, play_round};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Counts allocations, to report allocations per game.
struct Counting;
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/games");
    let mut games = Vec::new();
    for entry in std::fs::read_dir(dir).expect("cases/games") {
        let text = std::fs::read_to_string(entry.expect("entry").path()).expect("read");
        games.push(
            Case::from_json(&text)
                .expect("case")
                .prepare()
                .expect("valid"),
        );
    }
    games.sort_by_key(|g| g.setup.seed);
    let rounds: Vec<Vec<Vec<(PlayerId, &str)>>> = games
        .iter()
        .map(|g| g.rounds.iter().map(|r| borrow_submissions(r)).collect())
        .collect();
    // BENCH_GAMES=N: play exactly N rounds of the game set, once (for
    // instruction counting under callgrind), instead of timing.
    let fixed: Option<u64> = std::env::var("BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok());
    // One game: replayed in place, every buffer reused (`Adjudicator`), or
    // with a fresh position and report per round (`play_round`).
    let mut adjudicator = Adjudicator::default();
    let mut pos = games[0].start.clone();
    let mut report = RoundReport::default();
    let mut checksum = 0usize;
    let mut play_reused = |i: usize, checksum: &mut usize| {
        let g = &games[i];
        pos.clone_from(&g.start);
        for subs in &rounds[i] {
            if pos.is_game_over() {
                break;
            }
            adjudicator.play_round(&g.setup, &mut pos, std::hint::black_box(subs), &mut report);
            *checksum += report.voted_out.len();
        }
    };
    let play_fresh = |i: usize, checksum: &mut usize| {
        let g = &games[i];
        let mut pos = g.start.clone();
        for subs in &rounds[i] {
            if pos.is_game_over() {
                break;
            }
            let (next, report) = play_round(&g.setup, &pos, std::hint::black_box(subs));
            *checksum += report.voted_out.len();
            pos = next;
        }
    };
    if let Some(max) = fixed {
        for n in 0..max {
            play_reused(n as usize % games.len(), &mut checksum);
        }
        println!("played {max} games, checksum {checksum}");
        return;
    }
    let count_allocations = |play: &mut dyn FnMut(usize, &mut usize)| {
        let mut c = 0;
        play(0, &mut c); // warm the buffers
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        play(0, &mut c);
        ALLOCATIONS.load(Ordering::Relaxed) - before
    };
    println!(
        "allocations in one play of {}: {} with reused buffers, {} fresh",
        games[0].setup.seed,
        count_allocations(&mut play_reused),
        count_allocations(&mut { play_fresh })
    );
    let mut measure = |label: &str, play: &mut dyn FnMut(usize, &mut usize)| {
        let mut samples = Vec::new();
        let mut played = 0u64;
        for _ in 0..7 {
            let t0 = Instant::now();
            let mut n = 0u64;
            while t0.elapsed() < Duration::from_millis(400) {
                for i in 0..games.len() {
                    play(i, &mut checksum);
                }
                n += games.len() as u64;
            }
            samples.push(n as f64 / t0.elapsed().as_secs_f64());
            played += n;
        }
        samples.sort_by(|a, b| a.total_cmp(b));
        println!(
            "{label}: {:.0} complete games/s (median of 7; min {:.0}, max {:.0}; {} games, {} shared game files, checksum {})",
            samples[3],
            samples[0],
            samples[6],
            played,
            games.len(),
            checksum
        );
    };
    measure("adjudicate", &mut play_reused);
    measure("adjudicate, fresh position and report per round", &mut {
        play_fresh
    });
}
