//! The 12-player season the paste browser test plays
//! (`tests/e2e/dice-org-paste-season.test.mjs`) from players' DMs pasted in
//! bulk alone: every phase's choices are the text below, read by the
//! engine ([`dice_org::intake`]) exactly as the page reads it (merged into
//! an empty draft), and played. Prints, per step, the text to paste, the
//! engine's verdict counts and its explanation, so the test checks every
//! ruling the page makes against the engine's record.
//!
//! `cargo run -p dice-org --example paste_season`
//!
//! The DMs, by rule (players written as forums and chats give them:
//! headers `Name:`, `== Name ==`, `**Name**:`; lower case, shortened names,
//! `I vote`, quotes, chatter):
//! - competition, participant `k` in roll order: `k % 4 == 0` deducts and
//!   boosts +2; `1` deducts; `2` asks for +7 (refused without 3 RP);
//!   `3` sends nothing; the first also writes a line of chatter;
//! - camp, member `k` of each team: `0` deducts 3; `1` deducts 5 and buys a
//!   bonus roll; `2` quotes the producers and boosts +2;
//! - conversations: each living player ranks the next two living players
//!   in roster order (the second written in lower case), and the one
//!   before them is closed to the last living player;
//! - votes: each voter votes for the first candidate other than themself;
//!   after round 2's conversations a production edit gives the first voter
//!   an Extra Vote, who votes for the first two candidates other than
//!   themself; a revote, if the engine holds one, by the same rule;
//! - after round 3's vote a production edit merges the teams into Merged;
//! - the final: juror `i` votes for finalist `i mod 3`; a revote for the
//!   first tied finalist.

#![allow(dead_code)]

use console_core::commitment::Salt;
use dice_org::edit::{Change, Edit, PlayerChange};
use dice_org::intake::Verdict;
use dice_org::step::StepReport;
use dice_org::{Advantage, AttributeSource, Entry, Needs, Options, Season, SetupInput, TeamSource};
use serde_json::{Value, json};

/// The players, roster order.
pub const PLAYERS: [&str; 12] = [
    "Ann",
    "Bartholomew",
    "Cid",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Iris",
    "Jo",
    "Kit",
    "Lou",
];
/// The seed.
pub const SEED: u64 = 1912;

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// A header in one of the three forms, by the player's place.
fn header(k: usize, name: &str) -> String {
    match k % 3 {
        0 => format!("{name}:"),
        1 => format!("== {name} =="),
        _ => format!("**{name}**:"),
    }
}

/// The paste: each (player, lines) under a header.
fn paste(parts: &[(String, Vec<String>)]) -> String {
    let mut out = String::new();
    for (k, (p, lines)) in parts.iter().enumerate() {
        out.push_str(&header(k, p));
        out.push('\n');
        for l in lines {
            out.push_str(l);
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// `name` as a player might shorten it (the first four letters of a long
/// name; a guess the page marks).
fn short(name: &str) -> String {
    if name.len() > 6 {
        name[..4].to_string()
    } else {
        name.to_string()
    }
}

/// Reads `text` for the phase now, plays what the page would play, and
/// records the step.
fn play_text(s: &mut Season, text: String, out: &mut Vec<Value>) {
    let intake = s.read_dms(&text, &[]);
    let count = |w: &str| {
        intake
            .messages
            .iter()
            .flat_map(|m| &m.lines)
            .filter(|l| l.verdict.word() == w)
            .count()
    };
    let (accepted, rejected, skipped) = (count("accepted"), count("rejected"), count("skipped"));
    let rejected_lines: Vec<String> = intake
        .messages
        .iter()
        .flat_map(|m| &m.lines)
        .filter(|l| matches!(l.verdict, Verdict::Rejected(_)))
        .map(|l| l.text.clone())
        .collect();
    let mut entry = intake.entry.clone().expect("a phase");
    // The conversation screen plays every slot left from the preferences.
    if let Entry::Conversation(c) = entry {
        entry = Entry::Conversation(s.conversation_input(c.prefs, None));
    }
    // "Read the votes" asks for a tie's revote as a step of its own (D7.5).
    if let Entry::Vote(v) = &mut entry {
        v.ask_revote = true;
        v.revote = Default::default();
    }
    let mut rec = record(s, entry);
    rec["paste"] = json!(text);
    rec["accepted"] = json!(accepted);
    rec["rejected"] = json!(rejected);
    rec["rejected_lines"] = json!(rejected_lines);
    rec["skipped"] = json!(skipped);
    out.push(rec);
}

/// Plays `entry` and describes the step as the page shows it.
fn record(s: &mut Season, entry: Entry) -> Value {
    let p = s.play(entry).expect("the text's input is valid").clone();
    let i = s.played().len() - 1;
    let before = s.before(i);
    let result = match &p.report {
        StepReport::Competition(r) => json!(r.winner),
        StepReport::Vote(r) if r.revote_due => json!(
            r.tied
                .iter()
                .map(|&p| before.name(p))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        StepReport::Vote(r) => json!(
            r.voted_out
                .map_or("nobody".to_string(), |o| before.name(o).to_string())
        ),
        StepReport::Revote(r) => json!(
            r.voted_out
                .map_or("nobody".to_string(), |o| before.name(o).to_string())
        ),
        StepReport::Final(r) => json!(before.name(r.winner)),
        _ => Value::Null,
    };
    let revote_due = matches!(&p.report, StepReport::Vote(r) if r.revote_due);
    json!({
        "kind": p.entry.kind(),
        "round": before.round(),
        "result": result,
        "revote_due": revote_due,
        "explain": s.explain(i),
    })
}

fn competition(s: &mut Season, out: &mut Vec<Value>) {
    let Needs::Competition { participants, .. } = s.needs() else {
        panic!("a competition is next")
    };
    let parts: Vec<(String, Vec<String>)> = participants
        .iter()
        .enumerate()
        .filter(|(k, _)| k % 4 != 3)
        .map(|(k, o)| {
            let mut lines = match k % 4 {
                0 => vec![
                    "I deduct 3 for 1 RP".to_string(),
                    "boost +2 (1 RP)".to_string(),
                ],
                1 => vec!["deduct".to_string()],
                _ => vec!["boost 7".to_string()],
            };
            if k == 0 {
                lines.push("good luck everyone!".to_string());
            }
            (o.name.clone(), lines)
        })
        .collect();
    play_text(s, paste(&parts), out);
}

fn camp(s: &mut Season, out: &mut Vec<Value>) {
    let Needs::Camp { teams } = s.needs() else {
        panic!("camp is next")
    };
    let parts: Vec<(String, Vec<String>)> = teams
        .iter()
        .flat_map(|t| t.members.iter().enumerate())
        .map(|(k, o)| {
            let lines = match k % 3 {
                0 => vec!["deduct 3".to_string()],
                1 => vec!["Deduct 5".to_string(), "buy a bonus roll".to_string()],
                _ => vec!["> what do you choose?".to_string(), "boost 2".to_string()],
            };
            (o.name.clone(), lines)
        })
        .collect();
    play_text(s, paste(&parts), out);
}

fn conversation(s: &mut Season, out: &mut Vec<Value>) {
    let Needs::Conversation { players, .. } = s.needs() else {
        panic!("conversations are next")
    };
    let n = players.len();
    let parts: Vec<(String, Vec<String>)> = players
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let a = &players[(k + 1) % n];
            let b = &players[(k + 2) % n];
            let mut lines = vec![format!("rank {}, {}", short(a), b.to_lowercase())];
            if k + 1 == n {
                lines.push(format!("not open to {}", players[(k + n - 1) % n]));
            }
            (p.clone(), lines)
        })
        .collect();
    play_text(s, paste(&parts), out);
}

fn ballot(voter: &str, candidates: &[String], two: bool) -> String {
    let others: Vec<&String> = candidates.iter().filter(|c| *c != voter).collect();
    let pick = |i: usize| {
        others
            .get(i)
            .copied()
            .or(candidates.first())
            .cloned()
            .unwrap_or_default()
    };
    if two {
        format!("I vote {}, {}", pick(0), pick(1))
    } else {
        format!("my vote is {}", short(&pick(0)))
    }
}

fn vote(s: &mut Season, extra: Option<&str>, out: &mut Vec<Value>) {
    let Needs::Vote {
        voters, candidates, ..
    } = s.needs()
    else {
        panic!("a vote is next")
    };
    let parts: Vec<(String, Vec<String>)> = voters
        .iter()
        .map(|v| {
            let two = Some(v.as_str()) == extra;
            let mut lines = vec![ballot(v, &candidates, two)];
            if two {
                lines.insert(0, "play Extra Vote".to_string());
            }
            (v.clone(), lines)
        })
        .collect();
    play_text(s, paste(&parts), out);
    // A tie: the revote's DMs, a step of its own (D7.5), by the same rule.
    if let Needs::Revote { voters, tied } = s.needs() {
        let parts: Vec<(String, Vec<String>)> = voters
            .iter()
            .map(|v| {
                let pick = tied.iter().find(|c| *c != v).unwrap_or(&tied[0]);
                (v.clone(), vec![format!("revote {pick}")])
            })
            .collect();
        play_text(s, paste(&parts), out);
    }
}

fn edit(s: &mut Season, note: &str, change: Change, out: &mut Vec<Value>) {
    let e = Edit {
        note: note.to_string(),
        changes: vec![change],
    };
    let mut rec = record(s, Entry::Edit(e));
    rec["note"] = json!(note);
    out.push(rec);
}

/// The season and every step's text and ruling.
///
/// # Panics
///
/// When the engine refuses a step of this fixed season (a bug the
/// fixture test then shows).
pub fn expected() -> (Season, Value) {
    let mut s = Season::new(SetupInput {
        players: names(&PLAYERS),
        teams: names(&["Koru", "Mana"]),
        attributes: AttributeSource::Rolled,
        assignment: TeamSource::Dealt,
        options: Options::default(),
        seed: SEED,
        salt: Salt([0; 32]),
    })
    .expect("a valid setup");
    let mut out = Vec::new();
    let mut extra_holder = None;
    while !matches!(s.needs(), Needs::Final { .. }) {
        let round = s.state().round();
        competition(&mut s, &mut out);
        camp(&mut s, &mut out);
        conversation(&mut s, &mut out);
        if round == 2 {
            let Needs::Vote { voters, .. } = s.needs() else {
                panic!("a vote is next")
            };
            let holder = voters[0].clone();
            edit(
                &mut s,
                &format!("An Extra Vote for {holder}"),
                Change::Player(PlayerChange {
                    name: holder.clone(),
                    team: None,
                    competition: None,
                    survival: None,
                    rp: None,
                    counters: None,
                    advantages: Some(vec![Advantage::ExtraVote]),
                    immune: None,
                }),
                &mut out,
            );
            extra_holder = Some(holder);
        }
        vote(&mut s, extra_holder.take().as_deref(), &mut out);
        if round == 3 {
            edit(
                &mut s,
                "The merge",
                Change::Merge {
                    name: "Merged".into(),
                },
                &mut out,
            );
        }
    }
    let Needs::Final { jury, finalists } = s.needs() else {
        unreachable!()
    };
    let mut parts: Vec<(String, Vec<String>)> = jury
        .iter()
        .enumerate()
        .map(|(i, j)| (j.clone(), vec![format!("vote {}", finalists[i % 3])]))
        .collect();
    let text = paste(&parts);
    let entry = s.read_dms(&text, &[]).entry.expect("the final");
    if let Ok(StepReport::Final(r)) = s.dry_run(&entry)
        && let Some(rv) = r.revote
    {
        let first = s.state().name(rv.candidates[0]).to_string();
        for &j in &rv.jurors {
            let name = s.state().name(j).to_string();
            if let Some((_, lines)) = parts.iter_mut().find(|(p, _)| *p == name) {
                lines.push(format!("revote {first}"));
            }
        }
    }
    play_text(&mut s, paste(&parts), &mut out);
    let board = s.board(false);
    let value = json!({
        "seed": SEED,
        "players": PLAYERS,
        "steps": out,
        "voted_out": board.voted_out,
        "winner": board.winner,
    });
    (s, value)
}

fn main() {
    let (_, v) = expected();
    println!("{}", serde_json::to_string_pretty(&v).expect("JSON"));
}
