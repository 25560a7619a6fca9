//! Steps given as pasted DM text in the case format (`cases/FORMAT.md`,
//! "A step as pasted text"; RULES.md D12): a step whose body is a JSON
//! string is the players' DMs for that phase, read by [`crate::intake`];
//! the step plays the input the text gives, and its record gains a `text`
//! member saying what the text gave and what became of every line.

use crate::intake::{Intake, Verdict, read_dms};
use crate::state::{Phase, State};
use crate::step::Entry;
use serde_json::{Map, Value, json};

/// The phase a step kind plays, for the kinds that take text.
pub fn phase_of(kind: &str) -> Option<Phase> {
    Some(match kind {
        "competition" => Phase::Competition,
        "camp" => Phase::Camp,
        "conversation" => Phase::Conversation,
        "vote" => Phase::Vote,
        "final" => Phase::Final,
        _ => return None,
    })
}

/// Reads a text step: the entry to play and the record's `text` member.
///
/// # Errors
/// A step kind that takes no text (`edit`), or a season already over.
pub fn text_step(kind: &str, text: &str, state: &State) -> Result<(Entry, Value), String> {
    let phase = phase_of(kind).ok_or_else(|| format!("a {kind} step takes no text"))?;
    let intake = read_dms(state, phase, text);
    let entry = intake
        .entry
        .clone()
        .ok_or_else(|| "the season is over: no text to read".to_string())?;
    Ok((entry, record(&intake)))
}

/// The input of an entry as its step's object form writes it.
fn input(entry: &Entry) -> Value {
    let v = match entry {
        Entry::Competition(i) => serde_json::to_value(i),
        Entry::Camp(i) => serde_json::to_value(i),
        Entry::Conversation(i) => serde_json::to_value(i),
        Entry::Vote(i) => serde_json::to_value(i),
        Entry::Final(i) => serde_json::to_value(i),
        Entry::Edit(e) => serde_json::to_value(e),
    };
    v.unwrap_or(Value::Null)
}

/// The `text` member of a text step's record (FORMAT.md): `input`, the
/// structured input the text gave; `lines`, every non-blank line of every
/// message with its player, number, verdict, reason, the names read and
/// guesses; `unread`, the lines of the paste no message holds.
pub fn record(intake: &Intake) -> Value {
    let mut lines = Vec::new();
    for m in &intake.messages {
        for l in &m.lines {
            let mut o = Map::new();
            o.insert("player".into(), json!(m.player));
            o.insert("line".into(), json!(l.number));
            o.insert("text".into(), json!(l.text));
            o.insert("verdict".into(), json!(l.verdict.word()));
            if let Some(r) = l.verdict.reason() {
                o.insert("reason".into(), json!(r));
            }
            if let Verdict::Replaced { by_line, .. } = l.verdict {
                o.insert("by_line".into(), json!(by_line));
            }
            o.insert(
                "names".into(),
                json!(
                    l.names
                        .iter()
                        .map(|n| n.player.as_str())
                        .collect::<Vec<_>>()
                ),
            );
            o.insert(
                "guesses".into(),
                json!(
                    l.names
                        .iter()
                        .filter(|n| !n.exact)
                        .map(|n| [n.written.as_str(), n.player.as_str()])
                        .collect::<Vec<_>>()
                ),
            );
            o.insert("notes".into(), json!(l.notes));
            lines.push(Value::Object(o));
        }
    }
    json!({
        "input": intake.entry.as_ref().map_or(Value::Null, input),
        "lines": lines,
        "unread": intake
            .unread
            .iter()
            .map(|u| json!({"line": u.line, "text": u.text, "reason": u.reason}))
            .collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::state;

    #[test]
    fn a_text_step_gives_the_input_and_every_line() {
        let s = state(&["Koru", "Mana"], &[("Ann", 0, 9, 9), ("Bob", 1, 9, 9)]);
        let (entry, rec) = text_step(
            "competition",
            "stray\n== Ann ==\ndeduct\nboost 7\n== Bob ==\nbost 2",
            &s,
        )
        .unwrap();
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
