//! The full AI against the independent Python searcher `ref/circle_ref.py`
//! at equal time per move, and a check that both implement the same rules.
//!
//!     cargo run --profile bench -p survival-circle --example match_ref -- [--pairs 10] [--ms 300] [--check 200]
//!
//! `--check N` first replays N random games (all four option combinations)
//! in both implementations and compares the position after every move.
//! Then `--pairs N` openings of 6 random turns (seeded) are each played
//! twice, the AI as Blue then as Red, both sides with `--ms` milliseconds
//! per move; it prints each game and the AI's points (win 1, draw 1/2).

use console_core::rng::GameRng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;
use survival_circle::ai::{Limits, Searcher};
use survival_circle::{OpponentLanding, Options, OwnLanding, Player, State, Value};

struct Reference {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Reference {
    fn start() -> Reference {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/ref/circle_ref.py");
        let mut child = Command::new("python3")
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 runs");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Reference {
            child,
            input,
            output,
        }
    }

    fn ask(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("write");
        self.input.flush().expect("flush");
    }

    fn line(&mut self) -> String {
        let mut s = String::new();
        self.output.read_line(&mut s).expect("read");
        s.trim_end().to_string()
    }

    /// The reference's move, and its depth.
    fn go(&mut self, s: &State, ms: f64) -> (Value, u32) {
        self.ask(&format!("go {} {ms}", s.code()));
        let answer = self.line();
        let parts: Vec<&str> = answer.split_whitespace().collect();
        assert_eq!(parts.first(), Some(&"move"), "reference said {answer:?}");
        let v = Value::new(parts[1].parse().expect("a number")).expect("a value");
        (v, parts[3].parse().unwrap_or(0))
    }
}

impl Drop for Reference {
    fn drop(&mut self) {
        self.ask("quit");
        let _ = self.child.wait();
    }
}

fn options(i: u64) -> Options {
    Options {
        own_landing: if i & 1 == 0 {
            OwnLanding::Discard
        } else {
            OwnLanding::Place
        },
        opponent_landing: if i & 2 == 0 {
            OpponentLanding::Discard
        } else {
            OpponentLanding::ReplaceSingle
        },
    }
}

fn check_rules(reference: &mut Reference, games: u64) {
    let mut moves = 0;
    for g in 0..games {
        let mut rng = GameRng::stream(g, 99);
        let start = State::new(options(g));
        let mut s = start;
        let mut values = Vec::new();
        let mut codes = Vec::new();
        while !s.is_terminal() {
            let legal: Vec<Value> = s.legal_values().iter().collect();
            let v = legal[rng.below(legal.len())];
            s.apply(v);
            values.push(v.to_string());
            codes.push(s.code());
        }
        reference.ask(&format!("play {} {}", start.code(), values.join(" ")));
        for (i, expected) in codes.iter().enumerate() {
            let got = reference.line();
            assert_eq!(
                &got,
                expected,
                "game {g} ({:?}), after move {}",
                start.options(),
                i + 1
            );
        }
        assert_eq!(reference.line(), "end");
        moves += codes.len();
    }
    println!(
        "rules: {games} random games ({moves} moves, all four option combinations): the Python reference and the engine agree on every position"
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str, default: f64| -> f64 {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let pairs = arg("--pairs", 10.0) as u64;
    let ms = arg("--ms", 300.0);
    let check = arg("--check", 200.0) as u64;
    let mut reference = Reference::start();
    if check > 0 {
        check_rules(&mut reference, check);
    }
    let mut points = 0.0;
    let mut games = 0;
    let mut by_colour = [0.0f64; 2];
    let mut depth_sum = [0u64; 2];
    let mut depth_n = [0u64; 2];
    let mut searcher = Searcher::new(64 << 20);
    for pair in 0..pairs {
        let mut opening = State::new(Options::default());
        let mut rng = GameRng::stream(5_000 + pair, 0);
        for _ in 0..6 {
            let legal: Vec<Value> = opening.legal_values().iter().collect();
            opening.apply(legal[rng.below(legal.len())]);
        }
        for ai in [Player::Blue, Player::Red] {
            searcher.clear();
            let mut s = opening;
            while !s.is_terminal() {
                let v = if s.to_move() == ai {
                    let t = Instant::now();
                    let mut stop = |_| t.elapsed().as_secs_f64() * 1000.0 >= ms;
                    let r = searcher.search(&s, Limits::NONE, &mut stop, &mut |_| {});
                    depth_sum[0] += u64::from(r.depth);
                    depth_n[0] += 1;
                    r.best.expect("a move")
                } else {
                    let (v, d) = reference.go(&s, ms);
                    depth_sum[1] += u64::from(d);
                    depth_n[1] += 1;
                    v
                };
                s.play(v).expect("a legal move");
            }
            let score = s.score();
            let (mine, theirs) = (score.of(ai), score.of(ai.other()));
            let p = match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
            points += p;
            by_colour[ai.index()] += p;
            games += 1;
            println!(
                "opening {pair} ({}), AI as {ai}: AI {mine} - reference {theirs}: {p}",
                opening.code()
            );
        }
    }
    println!(
        "match: AI {points} of {games} points ({:.0}%) against the Python reference, {ms} ms per move, {pairs} paired openings; as Blue {} of {pairs}, as Red {} of {pairs}; mean depth AI {:.1}, reference {:.1}",
        100.0 * points / games.max(1) as f64,
        by_colour[0],
        by_colour[1],
        depth_sum[0] as f64 / depth_n[0].max(1) as f64,
        depth_sum[1] as f64 / depth_n[1].max(1) as f64
    );
}
