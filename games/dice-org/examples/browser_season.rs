//! The season the browser test plays through the page
//! (`tests/e2e/dice-org-season.test.mjs`), played here through the engine's
//! API with the same inputs, so the test can check every result the page
//! shows against the engine's. Prints the expected results as JSON;
//! `tests/browser_season.rs` keeps `tests/fixtures/browser-season.json`
//! equal to it.
//!
//! `cargo run -p dice-org --example browser_season`
//!
//! The producers' inputs (the browser test enters exactly these):
//! - setup: players Ann, Bob, Cid, Dee, Eve, Fay, Gus, Hal; teams Koru and
//!   Mana dealt at random; attributes rolled; default options; seed 2024;
//! - round 1: the first participant deducts 3 and takes the +2 boost; then
//!   a production edit places a Hidden Immunity at Koru's camp; at camp
//!   every member deducts 3 for a bonus roll; conversations: Ann ranks Bob
//!   then Cid, Dee is not open to Ann and ranks Eve; slot 1 is scheduled
//!   alone, then Bob ranks Dee and the other slots are scheduled;
//! - later rounds: no choices, every conversation slot at once, no wishes;
//! - after round 2's vote, a production edit merges the teams into Merged;
//! - every vote: each voter votes for the first candidate other than
//!   themself (themself if they are the only one); every revoter likewise
//!   among the revote's candidates; no advantage is played;
//! - the final: juror `i` (in jury order) votes for finalist `i mod 3`
//!   (roster order); the revote's jurors vote for the first tied finalist.

#![allow(dead_code)]

use console_core::commitment::Salt;
use dice_org::camp::{CampChoice, CampInput};
use dice_org::competition::{CompetitionChoice, CompetitionInput};
use dice_org::conversation::Prefs;
use dice_org::edit::{Change, Edit};
use dice_org::final_vote::FinalInput;
use dice_org::step::StepReport;
use dice_org::vote::{Ballot, RevoteInput, VoteInput};
use dice_org::{
    Advantage, AttributeSource, Boost, ByName, Entry, Needs, Options, Season, SetupInput,
    TeamSource,
};
use serde_json::{Value, json};

/// The players, roster order.
pub const PLAYERS: [&str; 8] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"];
/// The seed.
pub const SEED: u64 = 2024;

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// Each voter's ballot by the test's rule: the first candidate other than themself.
fn ballots(voters: &[String], candidates: &[String]) -> ByName<Ballot> {
    voters
        .iter()
        .filter_map(|v| {
            let pick = candidates.iter().find(|c| *c != v).or(candidates.first())?;
            Some((v.clone(), Ballot::One(pick.clone())))
        })
        .collect()
}

fn play(s: &mut Season, e: Entry, out: &mut Vec<Value>) {
    let p = s.play(e).expect("the test's inputs are valid").clone();
    let before = s.before(s.played().len() - 1);
    let (kind, result) = match &p.report {
        StepReport::Competition(r) => ("competition", json!(r.winner)),
        StepReport::Vote(r) if r.revote_due => (
            "vote",
            json!(
                r.tied
                    .iter()
                    .map(|&p| before.name(p))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
        StepReport::Vote(r) => (
            "vote",
            json!(
                r.voted_out
                    .map_or("nobody".to_string(), |o| before.name(o).to_string())
            ),
        ),
        StepReport::Revote(r) => (
            "revote",
            json!(
                r.voted_out
                    .map_or("nobody".to_string(), |o| before.name(o).to_string())
            ),
        ),
        StepReport::Final(r) => ("final", json!(before.name(r.winner))),
        StepReport::Camp(_) => ("camp", Value::Null),
        StepReport::Conversation(_) => ("conversation", Value::Null),
        StepReport::Edit(_) => ("edit", Value::Null),
    };
    out.push(json!({"kind": kind, "result": result}));
}

fn vote(s: &mut Season, out: &mut Vec<Value>) {
    let Needs::Vote {
        voters, candidates, ..
    } = s.needs()
    else {
        panic!("a vote is next")
    };
    // "Read the votes" asks for a tie's revote as a step of its own (D7.5).
    let input = VoteInput {
        votes: ballots(&voters, &candidates),
        ask_revote: true,
        ..Default::default()
    };
    play(s, Entry::Vote(input), out);
    // A tie: the revote, by the same rule.
    if let Needs::Revote { voters, tied } = s.needs() {
        let input = RevoteInput {
            revote: ballots(&voters, &tied),
        };
        play(s, Entry::Revote(input), out);
    }
}

fn round(s: &mut Season, out: &mut Vec<Value>) {
    play(s, Entry::Competition(CompetitionInput::default()), out);
    play(s, Entry::Camp(CampInput::default()), out);
    let c = s.conversation_input(ByName::new(), None);
    play(s, Entry::Conversation(c), out);
    vote(s, out);
}

/// The season and the results the page must show, step by step.
///
/// # Panics
///
/// If the engine refuses the fixed setup or one of the fixed steps, or the
/// first step played is not a competition: the inputs above are valid, and the
/// test that keeps the fixture equal to this output would fail first.
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
    // Round 1.
    let Needs::Competition { participants, .. } = s.needs() else {
        panic!("a competition is first")
    };
    let mut choices = ByName::new();
    choices.insert(
        participants[0].name.clone(),
        CompetitionChoice {
            deduct: true,
            boost: Some(Boost::Two),
            ..Default::default()
        },
    );
    play(
        &mut s,
        Entry::Competition(CompetitionInput { choices }),
        &mut out,
    );
    play(
        &mut s,
        Entry::Edit(Edit {
            note: "An idol hidden at Koru's camp".into(),
            changes: vec![Change::CampAdvantages {
                team: "Koru".into(),
                cards: vec![Advantage::HiddenImmunity],
            }],
        }),
        &mut out,
    );
    let choices: ByName<CampChoice> = PLAYERS
        .iter()
        .map(|p| {
            (
                p.to_string(),
                CampChoice {
                    deduct_for_bonus: true,
                    ..Default::default()
                },
            )
        })
        .collect();
    play(&mut s, Entry::Camp(CampInput { choices }), &mut out);
    let mut prefs = ByName::new();
    prefs.insert(
        "Ann".to_string(),
        Prefs {
            closed: vec![],
            ranks: names(&["Bob", "Cid"]),
            ..Default::default()
        },
    );
    prefs.insert(
        "Dee".to_string(),
        Prefs {
            closed: names(&["Ann"]),
            ranks: names(&["Eve"]),
            ..Default::default()
        },
    );
    let c = s.conversation_input(prefs.clone(), Some(1));
    play(&mut s, Entry::Conversation(c), &mut out);
    prefs.insert(
        "Bob".to_string(),
        Prefs {
            closed: vec![],
            ranks: names(&["Dee"]),
            ..Default::default()
        },
    );
    let c = s.conversation_input(prefs, None);
    play(&mut s, Entry::Conversation(c), &mut out);
    vote(&mut s, &mut out);
    // Round 2, then the merge.
    round(&mut s, &mut out);
    play(
        &mut s,
        Entry::Edit(Edit {
            note: "The merge".into(),
            changes: vec![Change::Merge {
                name: "Merged".into(),
            }],
        }),
        &mut out,
    );
    while !matches!(s.needs(), Needs::Final { .. }) {
        round(&mut s, &mut out);
    }
    let Needs::Final { jury, finalists } = s.needs() else {
        unreachable!()
    };
    let mut input = FinalInput::default();
    for (i, j) in jury.iter().enumerate() {
        input.votes.insert(j.clone(), finalists[i % 3].clone());
    }
    if let Ok(StepReport::Final(r)) = s.dry_run(&Entry::Final(input.clone()))
        && let Some(rv) = r.revote
    {
        let first = s.state().name(rv.candidates[0]).to_string();
        for &j in &rv.jurors {
            input
                .revote
                .insert(s.state().name(j).to_string(), first.clone());
        }
    }
    play(&mut s, Entry::Final(input), &mut out);
    let board = s.board(false);
    let value = json!({
        "seed": SEED,
        "steps": out,
        "voted_out": board.voted_out,
        "jury": board.jury,
        "finalists": finalists,
        "winner": board.winner,
        "dice": s.dice_log().len(),
    });
    (s, value)
}

fn main() {
    let (_, v) = expected();
    println!("{}", serde_json::to_string_pretty(&v).expect("JSON"));
}
