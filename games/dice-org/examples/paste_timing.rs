//! Times the DM reader (D12) on the paste benchmark's text (8 players,
//! `Name:` / `== Name ==` headers, 3 lines each) at 10 KB, 100 KB, 1 MB.
//!
//! `cargo run --release -p dice-org --example paste_timing`

use console_core::commitment::Salt;
use dice_org::{AttributeSource, Options, Season, SetupInput, TeamSource};
use std::time::Instant;

const PLAYERS: [&str; 8] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"];
const LINES: [&str; 6] = [
    "I deduct 3 for 1 RP",
    "boost +2 (1 RP)",
    "hello producers!",
    "deduct",
    "boost +1",
    "good luck all",
];

/// The benchmark's text (tests/bench/bench.mjs `diceText`) of about `bytes`.
fn text(bytes: usize) -> String {
    let mut out = String::new();
    let mut i = 0;
    while out.len() < bytes {
        let p = PLAYERS[i % PLAYERS.len()];
        if i % 2 == 1 {
            out.push_str(&format!("{p}:\n"));
        } else {
            out.push_str(&format!("== {p} ==\n"));
        }
        for k in 0..3 {
            out.push_str(LINES[(i + k * 2) % LINES.len()]);
            out.push('\n');
        }
        out.push('\n');
        i += 1;
    }
    out
}

fn main() {
    let s = Season::new(SetupInput {
        players: PLAYERS.iter().map(|s| s.to_string()).collect(),
        teams: vec!["Koru".to_string(), "Mana".to_string()],
        attributes: AttributeSource::Rolled,
        assignment: TeamSource::Dealt,
        options: Options::default(),
        seed: 2024,
        salt: Salt([0; 32]),
    })
    .expect("a valid setup");
    for bytes in [10 * 1024, 100 * 1024, 1024 * 1024] {
        let t = text(bytes);
        let start = Instant::now();
        let r = s.read_dms(&t, &[]);
        let lines: usize = r.messages.iter().map(|m| m.lines.len()).sum();
        println!(
            "{} bytes: {:?}, {} messages, {} lines, {} unread",
            t.len(),
            start.elapsed(),
            r.messages.len(),
            lines,
            r.unread.len()
        );
    }
}
