//! What a paste of players' DMs changed (D12.11): a paste adds to the
//! choices the producers already hold for the phase, so each player's
//! choices before and after it are compared choice by choice (the vote,
//! the revote, a deduction, a boost, the ranked list...) and every choice
//! that differs is listed with what it was and what it is now. The page
//! shows the list per player when a paste is taken, keeps it with the
//! drafts until the phase is played, and checks the vote against it
//! before the votes are read ([`vote_warnings`]).

use crate::advantage::Advantage;
use crate::by_name::ByName;
use crate::state::Phase;
use crate::step::Entry;
use crate::vote::{Ballot, When};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One choice of one player that a paste changed (D12.11).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct ChoiceChange {
    /// The player, as in the roster.
    pub player: String,
    /// Which choice, in the words of D12.3: `deduct`, `deduct 3`,
    /// `deduct 5`, `boost`, `bonus`, `rank`, `closed`, `vote`, `revote`,
    /// `play Hidden Immunity`, `play Extra Vote`; `decline` for a choice
    /// of nothing (D12.12).
    pub choice: String,
    /// What it was before the paste; `None`: not given.
    pub before: Option<String>,
    /// What it is after; `None`: no longer given (only a line that says so
    /// takes a choice away: `open to all`, a new `rank` list, D12.5).
    pub after: Option<String>,
}

impl fmt::Display for ChoiceChange {
    /// `vote: kai.exe (new)`, `vote: kai.exe, was Nova`, `closed: none,
    /// was Ann`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let now = self.after.as_deref().unwrap_or("none");
        match &self.before {
            None => write!(f, "{}: {now} (new)", self.choice),
            Some(was) => write!(f, "{}: {now}, was {was}", self.choice),
        }
    }
}

/// A line of a player's message that was rejected, kept with what a
/// paste changed so the vote can be checked before it is read.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct RejectedLine {
    /// The player whose message holds it.
    pub player: String,
    /// 1-based line of their message.
    pub line: u32,
    /// The line as written.
    pub text: String,
    /// Why it was rejected.
    pub reason: String,
    /// Whether it starts with a choice word (false: a chat line, a
    /// greeting, or a choice word misspelt).
    pub choice: bool,
}

/// One paste taken into a phase's choices (D12.11): what it changed per
/// player, the lines it rejected, and who sent a message in it (with the
/// words of each message) for the prod list (D9.7).
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PasteTaken {
    /// The phase it was read for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<Phase>,
    /// Every choice it changed, players in paste order.
    pub changes: Vec<ChoiceChange>,
    /// The lines of its messages that were rejected.
    pub rejected: Vec<RejectedLine>,
    /// (player, words) of each message it held, in paste order.
    pub senders: Vec<(String, u32)>,
    /// SHA-256 of the text taken (so the same text, still in the box, is
    /// not counted twice, D9.7); empty when not known.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub digest: String,
}

/// The choice a decline gives (D12.12), as [`choices_of`] names it.
pub const DECLINE: &str = "decline";

/// A choice of nothing in words (D12.12).
const NOTHING: &str = "a choice of nothing";

/// Each choice `entry` gives `player` (by the name as keyed), in a fixed
/// order: (choice, value in words); a choice of nothing (D12.12) is the
/// choice [`DECLINE`], so a player who declined holds a choice (D9.7).
pub fn choices_of(entry: &Entry, player: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut put = |k: &str, v: String| out.push((k.to_string(), v));
    let ballot = |b: &Ballot| {
        b.names()
            .iter()
            .map(|n| n.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match entry {
        Entry::Competition(i) => {
            if let Some(c) = i.choices.get(player) {
                if c.deduct {
                    put("deduct", "3 for 1 RP".into());
                }
                if let Some(b) = c.boost {
                    put("boost", format!("+{}", b.bonus()));
                }
                if c.is_nothing() {
                    put(DECLINE, NOTHING.into());
                }
            }
        }
        Entry::Camp(i) => {
            if let Some(c) = i.choices.get(player) {
                if c.deduct_for_bonus {
                    put("deduct 3", "for a bonus roll".into());
                }
                if let Some(b) = c.boost {
                    put("boost", format!("+{}", b.bonus()));
                }
                if c.deduct_for_rp {
                    put("deduct 5", "for 1 RP".into());
                }
                if c.rp_for_bonus {
                    put("bonus", "1 RP for a bonus roll".into());
                }
                if c.is_nothing() {
                    put(DECLINE, NOTHING.into());
                }
            }
        }
        Entry::Conversation(i) => {
            if let Some(p) = i.prefs.get(player) {
                if !p.ranks.is_empty() {
                    put("rank", p.ranks.join(", "));
                }
                if !p.closed.is_empty() {
                    put("closed", p.closed.join(", "));
                }
                if p.is_nothing() {
                    put(DECLINE, NOTHING.into());
                }
            }
        }
        Entry::Vote(i) => {
            if let Some(b) = i.votes.get(player) {
                put("vote", ballot(b));
            }
            if let Some(b) = i.revote.get(player) {
                put("revote", ballot(b));
            }
            for p in i.advantages.iter().filter(|p| p.player == player) {
                let when = match p.when.unwrap_or_default() {
                    When::Before => "before the votes",
                    When::After => "after the votes",
                };
                let v = match (&p.card, &p.on) {
                    (Advantage::HiddenImmunity, Some(on)) => format!("on {on}, {when}"),
                    _ => when.to_string(),
                };
                put(&format!("play {}", p.card), v);
            }
        }
        Entry::Revote(i) => {
            if let Some(b) = i.revote.get(player) {
                put("revote", ballot(b));
            }
        }
        Entry::Final(i) => {
            if let Some(v) = i.votes.get(player) {
                put("vote", v.clone());
            }
            if let Some(v) = i.revote.get(player) {
                put("revote", v.clone());
            }
        }
        Entry::Edit(_) => {}
    }
    out
}

/// Every choice of `players` that differs between `before` and `after`
/// (D12.11), players in the order given, each player's choices in the
/// order of [`choices_of`].
pub fn changes(before: &Entry, after: &Entry, players: &[String]) -> Vec<ChoiceChange> {
    let mut out = Vec::new();
    for p in players {
        let was = choices_of(before, p);
        let now = choices_of(after, p);
        let mut kinds: Vec<&String> = now.iter().map(|c| &c.0).collect();
        for (k, _) in &was {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
        for k in kinds {
            let get = |v: &[(String, String)]| v.iter().find(|c| &c.0 == k).map(|c| c.1.clone());
            let (b, a) = (get(&was), get(&now));
            if b != a {
                out.push(ChoiceChange {
                    player: p.clone(),
                    choice: k.clone(),
                    before: b,
                    after: a,
                });
            }
        }
    }
    out
}

/// What to check before the votes are read (D7.3, D12.11), in words, one
/// line each: a voter whose vote (or revote, with `revote`) a paste gave
/// and whose ballot now is another or none (a ballot that disappeared),
/// and a voter's line a paste rejected: every choice line, and, for a
/// voter with no ballot, the lines that start with no choice word too (a
/// misspelt `vote`). `voters` are the vote's voters (or the revote's);
/// `taken` every paste taken this phase, oldest first; `ballots` the
/// ballots about to be read.
pub fn vote_warnings(
    voters: &[String],
    taken: &[PasteTaken],
    ballots: &ByName<Ballot>,
    revote: bool,
) -> Vec<String> {
    let kind = if revote { "revote" } else { "vote" };
    let mut out = Vec::new();
    for v in voters {
        // The last ballot a paste gave this voter.
        let pasted = taken
            .iter()
            .flat_map(|t| &t.changes)
            .rfind(|c| &c.player == v && c.choice == kind)
            .and_then(|c| c.after.clone());
        let now = ballots.get(v).map(|b| {
            b.names()
                .iter()
                .map(|n| n.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        });
        if let Some(p) = pasted
            && now.as_deref() != Some(p.as_str())
        {
            out.push(format!(
                "{v}: the DMs gave the {kind} {p}, and the ballot now is {}",
                now.as_deref().unwrap_or("no vote")
            ));
        }
        for t in taken {
            for r in t
                .rejected
                .iter()
                .filter(|r| &r.player == v && (r.choice || now.is_none()))
            {
                out.push(format!(
                    "{v}: line {} {:?} was rejected: {}",
                    r.line, r.text, r.reason
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vote::VoteInput;

    fn vote(votes: &[(&str, &str)], revote: &[(&str, &str)]) -> Entry {
        let mut v = VoteInput::default();
        for (a, b) in votes {
            v.votes.insert(a.to_string(), Ballot::One(b.to_string()));
        }
        for (a, b) in revote {
            v.revote.insert(a.to_string(), Ballot::One(b.to_string()));
        }
        Entry::Vote(v)
    }

    #[test]
    fn a_change_says_what_it_was_and_is() {
        let before = vote(&[("Ann", "Bob"), ("Cid", "Bob")], &[]);
        let after = vote(&[("Ann", "Bob"), ("Cid", "Dee")], &[("Ann", "Dee")]);
        let c = changes(&before, &after, &["Ann".into(), "Cid".into()]);
        let said: Vec<String> = c.iter().map(|c| format!("{}: {c}", c.player)).collect();
        assert_eq!(said, ["Ann: revote: Dee (new)", "Cid: vote: Dee, was Bob"]);
    }

    #[test]
    fn a_ballot_gone_since_a_paste_and_a_rejected_line_are_warned() {
        let taken = vec![PasteTaken {
            phase: Some(Phase::Vote),
            changes: vec![ChoiceChange {
                player: "Ann".into(),
                choice: "vote".into(),
                before: None,
                after: Some("Bob".into()),
            }],
            rejected: vec![RejectedLine {
                player: "Cid".into(),
                line: 2,
                text: "vote Zed".into(),
                reason: "names no player".into(),
                choice: true,
            }],
            senders: vec![("Ann".into(), 2), ("Cid".into(), 4)],
            digest: String::new(),
        }];
        let Entry::Vote(v) = vote(&[("Cid", "Bob")], &[]) else {
            unreachable!()
        };
        let w = vote_warnings(&["Ann".into(), "Cid".into()], &taken, &v.votes, false);
        assert_eq!(
            w,
            [
                "Ann: the DMs gave the vote Bob, and the ballot now is no vote",
                "Cid: line 2 \"vote Zed\" was rejected: names no player"
            ]
        );
    }
}
