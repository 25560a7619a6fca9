//! What became of every line of a night's private message (S2.2, S2.5),
//! from the night's report: accepted, rejected with its reason, replaced
//! by a later line, the `end` line, after `end`, or not read. The page
//! shows it beside each player's message, so nothing is dropped unseen.

use crate::line::{is_end, lines};
use crate::report::{Accepted, PhaseReport, Place, Reason, Warning};
use crate::roster::{PlayerId, Roster};

/// One non-blank line of a message and what became of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineVerdict<'a> {
    /// 1-based line number in the message (blank lines counted).
    pub number: u32,
    /// The line, trimmed.
    pub text: &'a str,
    /// What became of it.
    pub verdict: Verdict<'a>,
}

/// What became of one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<'a> {
    /// Read and accepted.
    Accepted(&'a Accepted),
    /// Rejected, with the reason (S2).
    Rejected(&'a Reason),
    /// Replaced by the later line of the same kind at this place (S2.5).
    Replaced(Place),
    /// The `end` line (S2.2).
    End,
    /// After the `end` line: not read (S2.2).
    AfterEnd,
    /// Neither accepted nor rejected (a decision's line, say).
    NotRead,
}

impl Verdict<'_> {
    /// Whether the line counts.
    pub fn is_accepted(&self) -> bool {
        matches!(self, Verdict::Accepted(_))
    }

    /// The verdict in words for the moderator: `accepted: kill Ann`,
    /// `rejected: Zed names no player`, `replaced by line 4 (S2.5)`.
    pub fn text(&self, roster: &Roster) -> String {
        match self {
            Verdict::Accepted(a) => {
                let who: Vec<&str> = a.targets.iter().map(|t| roster.name(*t)).collect();
                format!("accepted: {} {}", a.verb, who.join(" and "))
                    .trim_end()
                    .to_string()
            }
            Verdict::Rejected(r) => format!("rejected: {}", r.text(roster)),
            Verdict::Replaced(later) => format!("replaced by {later} (S2.5)"),
            Verdict::End => "end of the message".to_string(),
            Verdict::AfterEnd => "after the end line: not read (S2.2)".to_string(),
            Verdict::NotRead => "not read".to_string(),
        }
    }
}

/// Every non-blank line of `player`'s night message `text`, with what the
/// night's `report` made of it.
pub fn night_verdicts<'a>(
    report: &'a PhaseReport,
    player: PlayerId,
    text: &'a str,
) -> Vec<LineVerdict<'a>> {
    // What the report says of `player`'s lines, by line number (the first
    // of each, as a search from the start would find): one pass over the
    // report, so a long message is not searched line by line.
    let n = lines(text).count() + 1;
    let mut rejected: Vec<Option<&Reason>> = vec![None; n];
    let mut replaced: Vec<Option<Place>> = vec![None; n];
    let mut accepted: Vec<Option<&Accepted>> = vec![None; n];
    let slot = |place: Place| match place {
        Place::Night { line } => Some(line as usize),
        _ => None,
    };
    for r in report.rejections.iter().filter(|r| r.player == player) {
        if let Some(x @ None) = slot(r.place).and_then(|i| rejected.get_mut(i)) {
            *x = Some(&r.reason);
        }
    }
    for w in &report.warnings {
        if let Warning::Replaced {
            player: p,
            earlier,
            later,
            ..
        } = w
            && *p == player
            && let Some(x @ None) = slot(*earlier).and_then(|i| replaced.get_mut(i))
        {
            *x = Some(*later);
        }
    }
    for a in report
        .night()
        .into_iter()
        .flat_map(|d| &d.accepted)
        .filter(|a| a.player == player)
    {
        if let Some(x @ None) = slot(a.place).and_then(|i| accepted.get_mut(i)) {
            *x = Some(a);
        }
    }
    let mut out = Vec::new();
    let mut ended = false;
    for (i, raw) in lines(text).enumerate() {
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let verdict = if ended {
            Verdict::AfterEnd
        } else if is_end(t) {
            ended = true;
            Verdict::End
        } else if let Some(r) = rejected[i + 1] {
            Verdict::Rejected(r)
        } else if let Some(later) = replaced[i + 1] {
            Verdict::Replaced(later)
        } else if let Some(a) = accepted[i + 1] {
            Verdict::Accepted(a)
        } else {
            Verdict::NotRead
        };
        out.push(LineVerdict {
            number,
            text: t,
            verdict,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::PhaseInput;
    use crate::night::NightInput;
    use crate::setup::{DealSpec, deal};

    /// Six players dealt the basic edition (seed 7), at night 1.
    fn six() -> crate::Game {
        let spec = DealSpec {
            nicknames: Vec::new(),
            no_guess: Vec::new(),
            players: ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
                .map(String::from)
                .to_vec(),
            edition: crate::Edition::Basic,
            evil: None,
            specials: Vec::new(),
            spotlight: None,
            options: crate::Options::default(),
            seed: 7,
            salt: console_core::Salt([0; 32]),
        };
        crate::Game::from_deal(deal(&spec).unwrap())
    }

    #[test]
    fn every_line_has_a_verdict() {
        let game = six();
        let roster = &game.setup().roster;
        let p = roster.find("Ann").unwrap();
        let text = "hello mod\n\nwatch\nwatch\nend\nkill Bob";
        let mut input = NightInput::default();
        input.actions.insert(p, text.to_string());
        let report = game.preview(&PhaseInput::Night(input)).unwrap();
        let v = night_verdicts(&report, p, text);
        let numbers: Vec<u32> = v.iter().map(|l| l.number).collect();
        assert_eq!(numbers, [1, 3, 4, 5, 6]);
        assert!(matches!(v[0].verdict, Verdict::Rejected(_)), "{:?}", v[0]);
        assert_eq!(v[3].verdict, Verdict::End);
        assert_eq!(v[4].verdict, Verdict::AfterEnd);
        assert_eq!(
            v[4].verdict.text(roster),
            "after the end line: not read (S2.2)"
        );
    }

    /// The one-pass marking agrees with searching the report for each line
    /// (the first rejection, replacement or accepted line at its place), on
    /// a message with every kind of line, repeated.
    #[test]
    fn one_pass_marks_as_a_search_would() {
        let game = six();
        let roster = game.setup().roster.clone();
        let mut input = NightInput::default();
        let block = "hi mod\nkill Bob\n\nkill Zed\nwatch\ncheck Cid\nkill Cid\n";
        for name in ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"] {
            input
                .actions
                .insert(roster.find(name).unwrap(), block.repeat(40));
        }
        let report = game.preview(&PhaseInput::Night(input.clone())).unwrap();
        let mut kinds = std::collections::BTreeSet::new();
        for (&p, text) in &input.actions {
            let searched: Vec<(u32, Verdict<'_>)> = lines(text)
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
                .map(|(i, _)| {
                    let at = Place::Night {
                        line: u32::try_from(i + 1).unwrap(),
                    };
                    let v = if let Some(r) = report
                        .rejections
                        .iter()
                        .find(|r| r.player == p && r.place == at)
                    {
                        Verdict::Rejected(&r.reason)
                    } else if let Some(l) = report.warnings.iter().find_map(|w| match w {
                        Warning::Replaced {
                            player,
                            earlier,
                            later,
                            ..
                        } if *player == p && *earlier == at => Some(*later),
                        _ => None,
                    }) {
                        Verdict::Replaced(l)
                    } else if let Some(a) = report
                        .night()
                        .and_then(|d| d.accepted.iter().find(|a| a.player == p && a.place == at))
                    {
                        Verdict::Accepted(a)
                    } else {
                        Verdict::NotRead
                    };
                    (at_line(at), v)
                })
                .collect();
            let marked: Vec<(u32, Verdict<'_>)> = night_verdicts(&report, p, text)
                .into_iter()
                .map(|l| (l.number, l.verdict))
                .collect();
            assert_eq!(marked, searched);
            kinds.extend(marked.iter().map(|m| match m.1 {
                Verdict::Rejected(_) => 0,
                Verdict::Replaced(_) => 1,
                Verdict::Accepted(_) => 2,
                _ => 3,
            }));
        }
        // Every kind of mark was met (the comparison covered them all).
        assert!([0, 1, 2].iter().all(|k| kinds.contains(k)), "{kinds:?}");
    }

    fn at_line(p: Place) -> u32 {
        match p {
            Place::Night { line } => line,
            _ => 0,
        }
    }
}
