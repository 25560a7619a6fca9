//! Steps given as pasted DM text in the case format (`cases/FORMAT.md`,
//! "A step as pasted text"; RULES.md D12): a step whose body is a JSON
//! string is the players' DMs for that phase, read by [`crate::intake`];
//! a list of strings is several pastes in turn, each added to what the
//! ones before gave (D12.11). The step plays the input the text gives, and
//! its record gains a `text` member saying what the text gave, what it
//! changed, what became of every line and the prod list after it (D9.7).

use crate::camp::CampInput;
use crate::changes::{ChoiceChange, PasteTaken};
use crate::competition::CompetitionInput;
use crate::conversation::ConversationInput;
use crate::final_vote::FinalInput;
use crate::intake::{Intake, Verdict, read_dms_onto};
use crate::prod::{dm_activity_with, prod_list};
use crate::state::{Phase, State};
use crate::step::Entry;
use crate::vote::{RevoteInput, VoteInput};
use console_core::events::{ProdThreshold, ProdWhy};
use serde::Serialize;

/// The phase a step kind plays, for the kinds that take text.
pub fn phase_of(kind: &str) -> Option<Phase> {
    Some(match kind {
        "competition" => Phase::Competition,
        "camp" => Phase::Camp,
        "conversation" => Phase::Conversation,
        "vote" => Phase::Vote,
        "revote" => Phase::Revote,
        "final" => Phase::Final,
        _ => return None,
    })
}

/// Reads a text step: the entry to play and the record's `text` member.
///
/// # Errors
/// A step kind that takes no text (`edit`), or a season already over.
pub fn text_step(kind: &str, text: &str, state: &State) -> Result<(Entry, TextRecord), String> {
    let (entry, mut recs) = text_steps(kind, &[text], state)?;
    Ok((entry, recs.remove(0)))
}

/// Reads a step given as several pastes, in turn (D12.11): each is read
/// onto the input the ones before gave; the entry to play (the input
/// after the last) and each paste's record.
///
/// # Errors
/// A step kind that takes no text (`edit`), no paste at all, or a season
/// already over.
pub fn text_steps(
    kind: &str,
    texts: &[&str],
    state: &State,
) -> Result<(Entry, Vec<TextRecord>), String> {
    let phase = phase_of(kind).ok_or_else(|| format!("a {kind} step takes no text"))?;
    let mut held: Option<Entry> = None;
    let mut taken: Vec<PasteTaken> = Vec::with_capacity(texts.len());
    let mut recs = Vec::with_capacity(texts.len());
    for text in texts {
        let intake = read_dms_onto(state, phase, text, &[], held.as_ref());
        held = Some(
            intake
                .entry
                .clone()
                .ok_or_else(|| "the season is over: no text to read".to_string())?,
        );
        let mut rec = record(&intake);
        rec.prods = prods(state, &intake, &taken);
        taken.push(intake.taken());
        recs.push(rec);
    }
    let entry = held.ok_or_else(|| "a list of pastes holds at least one".to_string())?;
    Ok((entry, recs))
}

/// The input a text gave, written as the step's object form writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum InputRecord {
    /// D4.
    Competition(CompetitionInput),
    /// D5.
    Camp(CampInput),
    /// D6.
    Conversation(ConversationInput),
    /// D7.
    Vote(VoteInput),
    /// D7.5.
    Revote(RevoteInput),
    /// D8.
    Final(FinalInput),
}

impl InputRecord {
    fn of(entry: &Entry) -> Option<InputRecord> {
        Some(match entry {
            Entry::Competition(i) => InputRecord::Competition(i.clone()),
            Entry::Camp(i) => InputRecord::Camp(i.clone()),
            Entry::Conversation(i) => InputRecord::Conversation(i.clone()),
            Entry::Vote(i) => InputRecord::Vote(i.clone()),
            Entry::Revote(i) => InputRecord::Revote(i.clone()),
            Entry::Final(i) => InputRecord::Final(i.clone()),
            Entry::Edit(_) => return None,
        })
    }
}

/// One line of a text step's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineRecord {
    /// The player whose message holds it.
    pub player: String,
    /// 1-based line number in that message.
    pub line: u32,
    /// The line as written, trimmed.
    pub text: String,
    /// `accepted`, `replaced`, `rejected` or `skipped`.
    pub verdict: &'static str,
    /// Why, for a line not in force.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The replacing line, for a replaced one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_line: Option<u32>,
    /// The players its names were read as, in order.
    pub names: Vec<String>,
    /// `[as written, player]` for each shortened name.
    pub guesses: Vec<[String; 2]>,
    /// What an accepted line left out, and why.
    pub notes: Vec<String>,
}

/// A line of the paste in no message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnreadRecord {
    /// 1-based line of the paste.
    pub line: u32,
    /// As written.
    pub text: String,
    /// Why it was not read.
    pub reason: String,
}

/// The `text` member of a text step's record (FORMAT.md): `input`, the
/// structured input the text gave (with the choices held before it);
/// `changes`, what it changed; `lines`, every non-blank line of every
/// message; `unread`, the lines of the paste no message holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TextRecord {
    /// The input the text gave.
    pub input: Option<InputRecord>,
    /// Every choice it changed, players in paste order (D12.11).
    pub changes: Vec<ChoiceChange>,
    /// Every line read, in the order of the paste.
    pub lines: Vec<LineRecord>,
    /// Lines of no player.
    pub unread: Vec<UnreadRecord>,
    /// The prod list after the paste (D9.7), by name.
    pub prods: Vec<ProdRecord>,
}

/// A player on the prod list after a paste (D9.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProdRecord {
    /// The player.
    pub player: String,
    /// Why: `posts` (no DM in this paste or the step's earlier ones),
    /// `no_actions` (no choice held; a choice of nothing is one, D12.12).
    pub why: Vec<ProdWhy>,
}

/// The prod list of the phase after `intake` (D9.7), the step's earlier
/// pastes `taken` counted too: the producers' default threshold, and no
/// clock, so a missing choice is prodded as when the deadline is near.
fn prods(state: &State, intake: &Intake, taken: &[PasteTaken]) -> Vec<ProdRecord> {
    let activity = dm_activity_with(state, intake, taken, "");
    let mut out: Vec<ProdRecord> = prod_list(state, &activity, ProdThreshold::default(), None)
        .into_iter()
        .map(|p| ProdRecord {
            player: state.players[p.slot].name.clone(),
            why: p.why,
        })
        .collect();
    console_core::text::sort_small(&mut out, |p| p.player.clone());
    out
}

/// The record of what a paste gave and every line's verdict; its
/// `prods` are left empty ([`text_steps`] fills them, knowing the step's
/// earlier pastes).
pub fn record(intake: &Intake) -> TextRecord {
    let mut lines = Vec::new();
    for m in &intake.messages {
        for l in &m.lines {
            lines.push(LineRecord {
                player: m.player.clone(),
                line: l.number,
                text: l.text.clone(),
                verdict: l.verdict.word(),
                reason: l.verdict.reason(),
                by_line: match l.verdict {
                    Verdict::Replaced { by_line, .. } => Some(by_line),
                    _ => None,
                },
                names: l.names.iter().map(|n| n.player.clone()).collect(),
                guesses: l
                    .names
                    .iter()
                    .filter(|n| !n.exact)
                    .map(|n| [n.written.clone(), n.player.clone()])
                    .collect(),
                notes: l.notes.clone(),
            });
        }
    }
    TextRecord {
        input: intake.entry.as_ref().and_then(InputRecord::of),
        changes: intake.changes.clone(),
        lines,
        unread: intake
            .unread
            .iter()
            .map(|u| UnreadRecord {
                line: u.line,
                text: u.text.clone(),
                reason: u.reason.clone(),
            })
            .collect(),
        prods: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::state;
    use serde_json::json;

    #[test]
    fn a_text_step_gives_the_input_and_every_line() {
        let s = state(&["Koru", "Mana"], &[("Ann", 0, 9, 9), ("Bob", 1, 9, 9)]);
        let (entry, rec) = text_step(
            "competition",
            "stray\n== Ann ==\ndeduct\nboost 7\n== Bob ==\nbost 2",
            &s,
        )
        .unwrap();
        let rec = serde_json::to_value(&rec).unwrap();
        assert!(matches!(entry, Entry::Competition(_)));
        assert_eq!(rec["input"], json!({"Ann": {"deduct": true}}));
        assert_eq!(rec["lines"][0]["verdict"], "accepted");
        assert_eq!(rec["lines"][1]["verdict"], "rejected");
        assert_eq!(
            rec["lines"][1]["reason"],
            "the boost costs 3 RP and the player would have 1 (D2.3, D5.2)"
        );
        assert_eq!(rec["lines"][2]["player"], "Bob");
        assert_eq!(rec["unread"][0]["line"], 1);
        assert!(text_step("edit", "x", &s).is_err());
    }
}
