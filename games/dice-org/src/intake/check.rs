//! Checking one line's choice against the season for the phase being
//! read, before the other lines of the message are counted: the phase
//! (D12.4), who may choose (D3.2, D7.1, D8.1), names (D12.3), deductions
//! (D4.1, D5.2), cards held (D7.2), candidates, finalists and the tied
//! (D7.3, D7.5, D8.2). The [`Reader`] holds what the checks need.

use super::names::Names;
use super::{Choice, NameRead, Reason};
use crate::advantage::Advantage;
use crate::line::{Card, DeductFor, RawChoice};
use crate::state::{Phase, PlayerId, State};
use crate::vote::When;

/// The phases a choice word belongs to.
fn phases_of(raw: &RawChoice) -> &'static [Phase] {
    match raw {
        RawChoice::Deduct { .. } | RawChoice::Boost(_) => &[Phase::Competition, Phase::Camp],
        RawChoice::Bonus => &[Phase::Camp],
        RawChoice::Rank(_) | RawChoice::Place(..) | RawChoice::Closed(_) | RawChoice::Open(_) => {
            &[Phase::Conversation]
        }
        RawChoice::Vote(_) | RawChoice::Revote(_) => &[Phase::Vote, Phase::Revote, Phase::Final],
        RawChoice::Play { .. } => &[Phase::Vote, Phase::Revote],
        RawChoice::Nothing => &[Phase::Competition, Phase::Camp, Phase::Conversation],
    }
}

/// The reader of one phase's paste.
pub(super) struct Reader<'a> {
    pub(super) state: &'a State,
    pub(super) phase: Phase,
    pub(super) names: Names<'a>,
    pub(super) voters: Vec<PlayerId>,
    pub(super) jury: Vec<PlayerId>,
    /// The revote's candidates (D7.5), when a revote is due.
    pub(super) tied: Vec<PlayerId>,
}

/// The outcome of checking one line.
pub(super) enum Checked {
    Ok(Choice, Vec<NameRead>, Vec<String>),
    No(Reason, Vec<NameRead>),
}

/// A choice accepted with no name read and nothing left out.
fn ok(c: Choice) -> Checked {
    Checked::Ok(c, Vec::new(), Vec::new())
}

impl<'a> Reader<'a> {
    /// Names of a list, each resolved; (players, reads, notes on the ones
    /// left out). `me` is the writer.
    fn list(
        &self,
        me: PlayerId,
        items: &[String],
        living_only: bool,
    ) -> (Vec<PlayerId>, Vec<NameRead>, Vec<String>) {
        let mut ps = Vec::new();
        let mut reads = Vec::new();
        let mut notes = Vec::new();
        for item in items {
            match self.names.resolve_item(item) {
                Ok(v) => {
                    for (p, exact) in v {
                        reads.push(NameRead {
                            written: item.clone(),
                            player: self.names.name(p),
                            exact,
                        });
                        if p == me {
                            notes.push(format!("{item} is the player themself: left out (D6.1)"));
                        } else if living_only && self.state.living(p).is_none() {
                            notes.push(format!(
                                "{} is out of the game: left out (D6.2)",
                                self.names.name(p)
                            ));
                        } else if ps.contains(&p) {
                            notes.push(format!(
                                "{} twice: the first place counts (D6.1)",
                                self.names.name(p)
                            ));
                        } else {
                            ps.push(p);
                        }
                    }
                }
                Err(e) => notes.push(e),
            }
        }
        (ps, reads, notes)
    }

    /// One name (a vote, a revote, a card's target): the player and the read.
    fn one(&self, me: PlayerId, written: &str) -> Result<(PlayerId, NameRead), String> {
        let lower = written.to_lowercase();
        if ["me", "myself", "self"].contains(&lower.as_str()) {
            return Ok((
                me,
                NameRead {
                    written: written.to_string(),
                    player: self.names.name(me),
                    exact: true,
                },
            ));
        }
        let v = self.names.resolve_item(written)?;
        if v.len() != 1 {
            return Err(format!("{written:?} names several players"));
        }
        let (p, exact) = v[0];
        Ok((
            p,
            NameRead {
                written: written.to_string(),
                player: self.names.name(p),
                exact,
            },
        ))
    }

    /// Checks one raw choice of `me` (D12.4, D12.6-D12.10, D12.12), not yet against the
    /// other lines of the message.
    pub(super) fn check(&self, me: PlayerId, raw: &RawChoice) -> Checked {
        if self.phase == Phase::Over {
            return Checked::No(Reason::Over, Vec::new());
        }
        // A vote, a revote and the final have no choice of nothing (D12.12).
        if *raw == RawChoice::Nothing && !phases_of(raw).contains(&self.phase) {
            return Checked::No(Reason::DeclineIsNoVote(self.phase), Vec::new());
        }
        if !phases_of(raw).contains(&self.phase) {
            return Checked::No(Reason::WrongPhase(raw.word(), self.phase), Vec::new());
        }
        let living = self.state.living(me);
        if self.phase != Phase::Final && living.is_none() {
            return Checked::No(Reason::Out, Vec::new());
        }
        match raw {
            RawChoice::Deduct { amount, purpose } => self.deduct(*amount, *purpose),
            RawChoice::Boost(b) => ok(Choice::Boost(*b)),
            RawChoice::Bonus => ok(Choice::BonusRoll),
            RawChoice::Rank(items) => {
                let (ps, reads, notes) = self.list(me, items, true);
                if ps.is_empty() && !items.is_empty() {
                    return Checked::No(Reason::Names(notes), reads);
                }
                Checked::Ok(
                    Choice::Rank(ps.iter().map(|&p| self.names.name(p)).collect()),
                    reads,
                    notes,
                )
            }
            RawChoice::Place(n, item) => {
                let (ps, reads, notes) = self.list(me, std::slice::from_ref(item), true);
                match ps.first() {
                    Some(&p) => Checked::Ok(Choice::Place(*n, self.names.name(p)), reads, notes),
                    None => Checked::No(Reason::Names(notes), reads),
                }
            }
            RawChoice::Closed(items) | RawChoice::Open(items) => {
                let (ps, reads, notes) = self.list(me, items, true);
                if ps.is_empty() && !items.is_empty() {
                    return Checked::No(Reason::Names(notes), reads);
                }
                let names = ps.iter().map(|&p| self.names.name(p)).collect();
                let c = if matches!(raw, RawChoice::Closed(_)) {
                    Choice::Closed(names)
                } else {
                    Choice::Open(names)
                };
                Checked::Ok(c, reads, notes)
            }
            RawChoice::Vote(items) | RawChoice::Revote(items) if self.phase == Phase::Revote => {
                self.revote_line(me, items, matches!(raw, RawChoice::Vote(_)))
            }
            RawChoice::Play { .. } if self.phase == Phase::Revote => {
                Checked::No(Reason::CardInTieBreak, Vec::new())
            }
            RawChoice::Vote(items) | RawChoice::Revote(items) => {
                self.vote_line(me, items, matches!(raw, RawChoice::Revote(_)))
            }
            RawChoice::Play { card, on, when } => self.play(me, *card, on.as_deref(), *when),
            RawChoice::Nothing => ok(Choice::Nothing),
        }
    }

    /// A deduction (D4.1, D5.2): in a competition, 3 for 1 RP; at camp, 3
    /// before rolling for a bonus roll or 5 after rolling for 1 RP, the
    /// amount or the purpose written saying which.
    fn deduct(&self, amount: Option<u32>, purpose: Option<DeductFor>) -> Checked {
        match self.phase {
            Phase::Competition => match (amount, purpose) {
                (Some(5), _) | (_, Some(DeductFor::Bonus)) => {
                    Checked::No(Reason::WrongDeduction(Phase::Competition), Vec::new())
                }
                _ => ok(Choice::Deduct),
            },
            _ => match (amount, purpose) {
                (None, None) => Checked::No(Reason::WhichDeduction, Vec::new()),
                (Some(3), Some(DeductFor::Rp)) | (Some(5), Some(DeductFor::Bonus)) => {
                    Checked::No(Reason::WrongDeduction(Phase::Camp), Vec::new())
                }
                (Some(3), _) | (None, Some(DeductFor::Bonus)) => ok(Choice::DeductForBonus),
                _ => ok(Choice::DeductForRp),
            },
        }
    }

    /// A vote or revote line in the vote (D7.3) or the final (D8.2); the
    /// revote held as a step of its own is [`Reader::revote_line`]'s. From
    /// a voter (in the final, a juror), for candidates (voters not immune)
    /// or in the final one finalist. `revote`: a `revote` line, which
    /// names one player.
    fn vote_line(&self, me: PlayerId, items: &[String], revote: bool) -> Checked {
        if revote && items.len() > 1 {
            return Checked::No(Reason::OneRevote, Vec::new());
        }
        if self.phase == Phase::Final {
            if !self.jury.contains(&me) {
                return Checked::No(Reason::NotAJuror, Vec::new());
            }
        } else if !self.voters.contains(&me) {
            return Checked::No(Reason::NotAVoter, Vec::new());
        }
        let mut ps = Vec::new();
        let mut reads = Vec::new();
        let mut errs = Vec::new();
        for item in items {
            match self.one(me, item) {
                Ok((p, r)) => {
                    reads.push(r);
                    ps.push(p);
                }
                Err(e) => errs.push(e),
            }
        }
        if !errs.is_empty() {
            return Checked::No(Reason::Names(errs), reads);
        }
        if self.phase == Phase::Final {
            if ps.len() > 1 {
                return Checked::No(Reason::OneRevote, reads);
            }
            if self.state.living(ps[0]).is_none() {
                return Checked::No(Reason::NotAFinalist(self.names.name(ps[0])), reads);
            }
            let n = self.names.name(ps[0]);
            let c = if revote {
                Choice::Revote(n)
            } else {
                Choice::Vote(vec![n])
            };
            return Checked::Ok(c, reads, Vec::new());
        }
        // Candidates (D7.3): voters who are not immune. A vote on a
        // Hidden Immunity target is cast and does not count.
        for &p in &ps {
            let why = if self.state.living(p).is_none() {
                Some("is out of the game")
            } else if !self.voters.contains(&p) {
                Some("is not a voter in this vote")
            } else if self.state.living(p).is_some_and(|l| l.immune) {
                Some("is immune")
            } else {
                None
            };
            if let Some(why) = why {
                return Checked::No(Reason::NotACandidate(self.names.name(p), why), reads);
            }
        }
        let names: Vec<String> = ps.iter().map(|&p| self.names.name(p)).collect();
        let c = if revote {
            Choice::Revote(names[0].clone())
        } else {
            Choice::Vote(names)
        };
        Checked::Ok(c, reads, Vec::new())
    }

    /// A card played in the vote (D7.2): one `me` holds; an Extra Vote by
    /// a voter, before the votes; Hidden Immunity on a voter.
    fn play(&self, me: PlayerId, card: Card, on: Option<&str>, when: Option<When>) -> Checked {
        let holds = |a: &Advantage| {
            self.state
                .living(me)
                .is_some_and(|l| l.advantages.contains(a))
        };
        let card = match card {
            Card::HiddenImmunity => Advantage::HiddenImmunity,
            Card::ExtraVote => Advantage::ExtraVote,
        };
        if !holds(&card) {
            return Checked::No(Reason::NotHeld(card), Vec::new());
        }
        let when = when.unwrap_or_default();
        match card {
            Advantage::ExtraVote => {
                if !self.voters.contains(&me) {
                    return Checked::No(Reason::NotAVoter, Vec::new());
                }
                if when == When::After {
                    return Checked::No(Reason::ExtraVoteAfter, Vec::new());
                }
                ok(Choice::Play {
                    card,
                    on: None,
                    when,
                })
            }
            _ => {
                let Some(on) = on else {
                    return Checked::No(Reason::HiddenImmunityOn(None), Vec::new());
                };
                match self.one(me, on) {
                    Err(e) => Checked::No(Reason::Names(vec![e]), Vec::new()),
                    Ok((t, read)) => {
                        if !self.voters.contains(&t) {
                            return Checked::No(
                                Reason::HiddenImmunityOn(Some(self.names.name(t))),
                                vec![read],
                            );
                        }
                        Checked::Ok(
                            Choice::Play {
                                card,
                                on: Some(self.names.name(t)),
                                when,
                            },
                            vec![read],
                            Vec::new(),
                        )
                    }
                }
            }
        }
    }

    /// A line of the revote held as a step of its own (D7.5): one name,
    /// of a tied player, from a voter who is not tied; `vote A` is read as
    /// the revote (noted).
    fn revote_line(&self, me: PlayerId, items: &[String], as_vote: bool) -> Checked {
        if !self.voters.contains(&me) {
            return Checked::No(Reason::NotAVoter, Vec::new());
        }
        if self.tied.contains(&me) {
            return Checked::No(Reason::Tied, Vec::new());
        }
        if items.len() > 1 {
            return Checked::No(Reason::OneRevote, Vec::new());
        }
        let Some(item) = items.first() else {
            return Checked::No(Reason::OneRevote, Vec::new());
        };
        match self.one(me, item) {
            Err(e) => Checked::No(Reason::Names(vec![e]), Vec::new()),
            Ok((t, read)) if !self.tied.contains(&t) => {
                Checked::No(Reason::NotTied(self.names.name(t)), vec![read])
            }
            Ok((t, read)) => Checked::Ok(
                Choice::Revote(self.names.name(t)),
                vec![read],
                if as_vote {
                    vec!["read as the revote: the first count is in (D7.5)".to_string()]
                } else {
                    Vec::new()
                },
            ),
        }
    }
}
