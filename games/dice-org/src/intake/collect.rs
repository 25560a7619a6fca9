//! Collecting a paste's lines (D12.1, D12.2, D12.5): the paste split into
//! players' messages under their headers (the producers' own or a
//! platform's author lines) with the lines no message holds, and each
//! message read line by line: quoted lines, lines after `end`, other
//! authors' lines and a reply's context skipped, bare names added to an
//! open list, each choice checked and kept in force until a later line of
//! the same kind replaces it, then the checks that need the whole message.
//! The entry points [`read_dms`], [`read_dms_with`] and [`read_dms_onto`]
//! are here.

use super::check::{Checked, Reader};
use super::entry::{camp_choice, entry};
use super::merge::{held_acc, keep_held};
use super::names::Names;
use super::{Choice, Intake, LineReading, MessageReading, Reason, Skip, Unread, Verdict};
use crate::advantage::Advantage;
use crate::competition::CompetitionChoice;
use crate::line::{LineError, RawChoice, parse_line};
use crate::roll::Boost;
use crate::state::{Phase, PlayerId, State};
use crate::step::Entry;
use crate::vote::When;
use console_core::paste::{
    ChatLine, Quotes, Replies, chat_header_at, chat_line, reply_contexts, strip_markup,
    without_edited,
};
use console_core::text::{is_end, lines, split_bulk, split_bulk_typed, typed_header};

/// The line index of a choice held before the paste (D12.11): in force
/// until a line of the message replaces it, and no line of it.
pub(super) const HELD: usize = usize::MAX;

/// What one player's message gives so far, with the index (into the
/// message's lines) of the line in force for each kind ([`HELD`] for a
/// choice held before the paste).
#[derive(Default, Clone)]
pub(super) struct Acc {
    pub(super) deduct: Option<usize>,
    pub(super) deduct_bonus: Option<usize>,
    pub(super) deduct_rp: Option<usize>,
    pub(super) boost: Option<(Boost, usize)>,
    pub(super) bonus: Option<usize>,
    /// (place, player, line): a rank line's names take places 1..k.
    pub(super) places: Vec<(u32, PlayerId, usize)>,
    /// Line of the last `rank` line (the list's start).
    pub(super) rank_line: Option<usize>,
    pub(super) closed: Vec<PlayerId>,
    pub(super) ballot: Option<(Vec<PlayerId>, usize)>,
    pub(super) plays: Vec<(Advantage, Option<PlayerId>, When, usize)>,
    pub(super) revote: Option<(PlayerId, usize)>,
    /// A choice of nothing (D12.12): the line of the decline in force.
    pub(super) nothing: Option<usize>,
    /// The decline a later line replaced: in force again if the whole
    /// message's checks take every choice off.
    nothing_replaced: Option<usize>,
    /// A `rank:` or `closed:` list is open: bare names add to it.
    in_list: Option<List>,
}

impl Acc {
    /// Whether the choices in force give at least one choice of the phase
    /// (a choice of nothing aside): what a decline cannot take away
    /// (D12.11, D12.12).
    pub(super) fn holds(&self) -> bool {
        self.deduct.is_some()
            || self.deduct_bonus.is_some()
            || self.deduct_rp.is_some()
            || self.boost.is_some()
            || self.bonus.is_some()
            || !self.places.is_empty()
            || !self.closed.is_empty()
            || self.ballot.is_some()
            || !self.plays.is_empty()
            || self.revote.is_some()
    }
}

/// Which list bare names add to.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
enum List {
    Rank,
    Closed,
}

impl<'a> Reader<'a> {
    /// Reads one player's message.
    fn message(&self, me: PlayerId, text: &str, held: Acc) -> (MessageReading, Acc) {
        let mut out: Vec<LineReading> = Vec::new();
        let mut acc = held;
        let mut quotes = Quotes::default();
        let mut other: Option<(String, bool)> = None;
        let mut ended = false;
        let all: Vec<&str> = lines(text).collect();
        let replies = reply_contexts(&all);
        let mut reply = Replies::new(&replies);
        let mut chat = false;
        for (i, raw) in all.iter().enumerate() {
            let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
            let written = raw.trim();
            let in_reply = reply.at(i).map(|r| r.name);
            if written.is_empty() {
                acc.in_list = None;
                continue;
            }
            let skip = |s: Skip| LineReading {
                number,
                text: written.to_string(),
                verdict: Verdict::Skipped(s),
                names: Vec::new(),
                notes: Vec::new(),
            };
            if ended {
                out.push(skip(Skip::AfterEnd));
                continue;
            }
            if let Some(name) = in_reply {
                out.push(skip(Skip::Reply(name.to_string())));
                continue;
            }
            if is_end(written) {
                ended = true;
                continue;
            }
            let mut line = written;
            match chat_line(written) {
                Some(ChatLine::Author(name, rest)) => {
                    chat = true;
                    let theirs = self.names.resolve(name).ok().map(|r| r.0);
                    other = (theirs != Some(me)).then(|| (name.to_string(), theirs.is_some()));
                    acc.in_list = None;
                    if rest.is_empty() {
                        continue;
                    }
                    line = rest;
                }
                Some(ChatLine::Same(rest)) => {
                    if rest.is_empty() {
                        continue;
                    }
                    line = rest;
                }
                None => {}
            }
            if let Some((name, known)) = &other {
                out.push(skip(Skip::OtherAuthor(name.clone(), *known)));
                continue;
            }
            if chat {
                line = without_edited(line);
            }
            let u = quotes.line(line);
            if u.text.trim().is_empty() {
                if u.quoted {
                    out.push(skip(Skip::Quoted));
                }
                continue;
            }
            let clean = strip_markup(&u.text);
            if clean.is_empty() {
                continue;
            }
            // In an open list a player's full name is that name, even one
            // that reads as a decline (D12.12).
            let parsed = match parse_line(&clean) {
                Ok(RawChoice::Nothing)
                    if self.phase == Phase::Conversation
                        && acc.in_list.is_some()
                        && self.names.resolve(&clean).is_ok_and(|r| r.1) =>
                {
                    Err(LineError::NotAChoice(clean.clone()))
                }
                other => other,
            };
            let parsed = match parsed {
                Err(LineError::NotAChoice(_))
                    if self.phase == Phase::Conversation && acc.in_list.is_some() =>
                {
                    let name = clean.trim_end_matches(['.', '!']).to_string();
                    Ok(match acc.in_list {
                        Some(List::Closed) => RawChoice::Closed(vec![name]),
                        _ => RawChoice::Place(
                            acc.places.iter().map(|x| x.0).max().unwrap_or(0) + 1,
                            name,
                        ),
                    })
                }
                Err(LineError::NotAChoice(_))
                    if self.phase == Phase::Conversation && self.names.resolve(&clean).is_ok() =>
                {
                    Err(Reason::LoneName(clean.clone()))
                }
                other => other.map_err(Reason::Line),
            };
            let idx = out.len();
            let (verdict, names, notes) = match parsed {
                Err(r) => (Verdict::Rejected(r), Vec::new(), Vec::new()),
                Ok(raw) => {
                    match &raw {
                        RawChoice::Rank(v) if v.is_empty() => acc.in_list = Some(List::Rank),
                        RawChoice::Closed(v) if v.is_empty() => acc.in_list = Some(List::Closed),
                        RawChoice::Place(..) | RawChoice::Closed(_) if acc.in_list.is_some() => {}
                        _ => acc.in_list = None,
                    }
                    match self.check(me, &raw) {
                        Checked::No(r, names) => (Verdict::Rejected(r), names, Vec::new()),
                        // A decline takes no choice away (D12.11, D12.12).
                        Checked::Ok(Choice::Nothing, names, _) if acc.holds() => (
                            Verdict::Rejected(Reason::DeclineKeepsChoices),
                            names,
                            Vec::new(),
                        ),
                        Checked::Ok(choice, names, mut notes) => {
                            if choice == Choice::Nothing {
                                notes.push(format!(
                                    "{written:?} read as a choice of nothing (D9.7, D12.12)"
                                ));
                            }
                            let replaced = self.record(me, &mut acc, &choice, idx);
                            // (A choice held before the paste is no line.)
                            for k in replaced.into_iter().filter(|&k| k != HELD) {
                                if let Verdict::Accepted(c) = &out[k].verdict {
                                    out[k].verdict = Verdict::Replaced {
                                        choice: c.clone(),
                                        by_line: number,
                                    };
                                }
                            }
                            (Verdict::Accepted(choice), names, notes)
                        }
                    }
                }
            };
            out.push(LineReading {
                number,
                text: written.to_string(),
                verdict,
                names,
                notes,
            });
        }
        self.finish(me, &mut acc, &mut out);
        (
            MessageReading {
                player: self.names.name(me),
                lines: out,
            },
            acc,
        )
    }

    /// Records an accepted choice at line index `idx`; returns the lines it
    /// replaces (D12.5).
    fn record(&self, me: PlayerId, acc: &mut Acc, c: &Choice, idx: usize) -> Vec<usize> {
        let p = |n: &String| self.state.find(n).expect("checked names are players");
        let mut replaced = Vec::new();
        // Any accepted choice replaces a choice of nothing (D12.5).
        if *c != Choice::Nothing
            && let Some(k) = acc.nothing.take()
        {
            replaced.push(k);
            acc.nothing_replaced = Some(k);
        }
        let mut set = |slot: &mut Option<usize>| {
            if let Some(k) = slot.replace(idx) {
                replaced.push(k);
            }
        };
        match c {
            Choice::Deduct => set(&mut acc.deduct),
            Choice::DeductForBonus => set(&mut acc.deduct_bonus),
            Choice::DeductForRp => set(&mut acc.deduct_rp),
            Choice::BonusRoll => set(&mut acc.bonus),
            Choice::Boost(b) => {
                if let Some((_, k)) = acc.boost.replace((*b, idx)) {
                    replaced.push(k);
                }
            }
            Choice::Rank(v) => {
                replaced.extend(acc.places.iter().map(|x| x.2));
                replaced.extend(acc.rank_line);
                console_core::text::sort_small(&mut replaced, |x| *x);
                replaced.dedup();
                acc.places = v
                    .iter()
                    .enumerate()
                    .map(|(k, n)| (k as u32 + 1, p(n), idx))
                    .collect();
                acc.rank_line = Some(idx);
            }
            Choice::Place(n, name) => {
                if let Some(k) = acc.places.iter().position(|x| x.0 == *n) {
                    let line = acc.places[k].2;
                    acc.places.remove(k);
                    if Some(line) != acc.rank_line {
                        replaced.push(line);
                    }
                }
                acc.places.push((*n, p(name), idx));
            }
            Choice::Closed(v) => {
                for n in v {
                    let q = p(n);
                    if !acc.closed.contains(&q) {
                        acc.closed.push(q);
                    }
                }
            }
            Choice::Open(v) => {
                if v.is_empty() {
                    acc.closed.clear();
                } else {
                    acc.closed.retain(|q| !v.iter().any(|n| p(n) == *q));
                }
            }
            Choice::Vote(v) => {
                if let Some((_, k)) = acc.ballot.replace((v.iter().map(p).collect(), idx)) {
                    replaced.push(k);
                }
            }
            Choice::Revote(n) => {
                if let Some((_, k)) = acc.revote.replace((p(n), idx)) {
                    replaced.push(k);
                }
            }
            Choice::Play { card, on, when } => {
                if let Some(k) = acc.plays.iter().position(|x| x.0 == *card) {
                    replaced.push(acc.plays.remove(k).3);
                }
                acc.plays
                    .push((card.clone(), on.as_ref().map(p), *when, idx));
            }
            Choice::Nothing => {
                acc.nothing_replaced = None;
                set(&mut acc.nothing);
            }
        }
        let _ = me;
        replaced
    }

    /// The checks that need the whole message: what the player can pay
    /// for (D2.3, D5.2) and how many votes they hold (D7.2); then a
    /// choice of nothing whose replacing lines leave no choice held (these
    /// checks rejected them, or they only restate a default such as `open
    /// to all`) is in force again (D12.12).
    fn finish(&self, me: PlayerId, acc: &mut Acc, out: &mut [LineReading]) {
        self.pay_and_count(me, acc, out);
        // A decline replaced only by lines these checks rejected is in
        // force again (D12.12).
        if let Some(k) = acc.nothing_replaced.take()
            && !acc.holds()
        {
            acc.nothing = Some(k);
            if let Some(line) = out.get_mut(k) {
                line.verdict = Verdict::Accepted(Choice::Nothing);
            }
        }
    }

    /// [`Reader::finish`]'s checks of what the player can pay for and of
    /// the votes they hold.
    fn pay_and_count(&self, me: PlayerId, acc: &mut Acc, out: &mut [LineReading]) {
        let Some(l) = self.state.living(me) else {
            return;
        };
        let reject =
            |out: &mut [LineReading], k: usize, r: Reason| out[k].verdict = Verdict::Rejected(r);
        match self.phase {
            Phase::Competition => {
                // (A boost held before the paste is the step's to check.)
                if let Some((b, k)) = acc.boost.filter(|b| b.1 != HELD) {
                    let paid = CompetitionChoice {
                        deduct: acc.deduct.is_some(),
                        boost: Some(b),
                        nothing: false,
                    }
                    .pay(l.rp);
                    if paid.refused.is_some() {
                        reject(
                            out,
                            k,
                            Reason::CannotPay(
                                "the boost",
                                l.rp.saturating_add(paid.gained),
                                b.cost(),
                            ),
                        );
                        acc.boost = None;
                    }
                }
            }
            Phase::Camp => {
                let choice = camp_choice(acc);
                let paid = choice.pay(l.rp);
                if let (Some(_), Some((b, k))) =
                    (paid.boost_refused, acc.boost.filter(|b| b.1 != HELD))
                {
                    reject(out, k, Reason::CannotPay("the boost", l.rp, b.cost()));
                    acc.boost = None;
                }
                if let (true, Some(k)) = (paid.bonus_refused, acc.bonus.filter(|&k| k != HELD)) {
                    let left = l.rp - paid.boost_spent + paid.gained;
                    reject(
                        out,
                        k,
                        Reason::CannotPay("a bonus roll after rolling", left, 1),
                    );
                    acc.bonus = None;
                }
            }
            Phase::Vote => {
                // Two names: an Extra Vote's (D7.2); a ballot held before the
                // paste is the step's to check.
                if let Some((v, k)) = acc.ballot.clone().filter(|b| b.1 != HELD) {
                    let holds = l.advantages.contains(&Advantage::ExtraVote);
                    let allowed = 1 + usize::from(holds);
                    if v.len() > allowed {
                        let kept: Vec<PlayerId> = v[..allowed].to_vec();
                        out[k].notes.push(format!(
                            "{} left out: one vote{} (D7.2, D7.3)",
                            v[allowed..]
                                .iter()
                                .map(|&p| self.names.name(p))
                                .collect::<Vec<_>>()
                                .join(", "),
                            if holds {
                                " and an Extra Vote"
                            } else {
                                ", and no Extra Vote held"
                            }
                        ));
                        let names = kept.iter().map(|&p| self.names.name(p)).collect();
                        out[k].verdict = Verdict::Accepted(Choice::Vote(names));
                        acc.ballot = Some((kept, k));
                    }
                    let two = acc.ballot.as_ref().is_some_and(|b| b.0.len() == 2);
                    if two && !acc.plays.iter().any(|x| x.0 == Advantage::ExtraVote) {
                        out[k]
                            .notes
                            .push("two votes read as playing the Extra Vote (D7.2)".to_string());
                        acc.plays
                            .push((Advantage::ExtraVote, None, When::Before, k));
                    }
                }
            }
            _ => {}
        }
    }
}

/// Reads a bulk paste of players' DMs for `phase` on `state` (D12): see
/// [`read_dms_with`]; no aliases.
pub fn read_dms(state: &State, phase: Phase, text: &str) -> Intake {
    read_dms_with(state, phase, text, &[])
}

/// Reads a bulk paste of players' DMs for `phase` on `state` (D12), with
/// `aliases` (written, player name) the producers set to overrule how a
/// name is read, onto no choices held. Never fails: every line gets a
/// verdict, and lines of no player are listed in [`Intake::unread`].
pub fn read_dms_with(
    state: &State,
    phase: Phase,
    text: &str,
    aliases: &[(String, String)],
) -> Intake {
    read_dms_onto(state, phase, text, aliases, None)
}

/// Reads a bulk paste of players' DMs for `phase` on `state` (D12) onto
/// `held`, the phase's choices the producers already hold (by hand or
/// from earlier pastes; one of another phase counts as none): the paste
/// adds to them (D12.11). Each player keeps every choice their message
/// does not give; an accepted line replaces only the same choice (the
/// later vote the earlier vote, D12.5); checks that need the whole
/// message (the RP a boost or bonus roll needs, D2.3, D5.2; the votes an
/// Extra Vote gives, D7.2) count the choices held with the message's.
/// [`Intake::entry`] is the whole input after the paste and
/// [`Intake::changes`] every choice it changed. `aliases` as
/// [`read_dms_with`].
pub fn read_dms_onto(
    state: &State,
    phase: Phase,
    text: &str,
    aliases: &[(String, String)],
    held: Option<&Entry>,
) -> Intake {
    let held = held.filter(|e| e.phase() == Some(phase));
    let names = Names::new(state, aliases);
    let text = &choice_lists_unheaded(text, &names);
    let resolve = |n: &str| names.resolve(n).ok().filter(|r| r.1).map(|r| r.0);
    // Under the producers' own headers (`== Ann ==`), a DM's chat author
    // lines are read inside each message (D12.2, D12.3); with none, the
    // platform's author lines head the messages (a Discord DM copy, a
    // forum's private message view), and a reply's context is no line of
    // any message.
    let typed = {
        let all: Vec<&str> = lines(text).collect();
        // The first header decides: a producer's own naming a player, or a
        // platform's author line.
        (0..all.len())
            .find_map(|i| {
                if typed_header(all[i]).is_some_and(|h| resolve(h.name).is_some()) {
                    Some(true)
                } else if chat_header_at(&all, i) || all[i].trim().starts_with("From:") {
                    Some(false)
                } else {
                    None
                }
            })
            .unwrap_or(true)
    };
    let split = if typed {
        split_bulk_typed(text, resolve)
    } else {
        split_bulk(text, resolve)
    };
    let reader = Reader {
        state,
        phase,
        voters: match &state.revote_due {
            Some(d) => d.voters.clone(),
            None => state.voters(),
        },
        jury: state.jury(),
        tied: state
            .revote_due
            .as_ref()
            .map_or_else(Vec::new, |d| d.tied.clone()),
        names,
    };
    let mut messages = Vec::new();
    let mut accs = Vec::new();
    let mut before = Vec::new();
    for (p, text) in &split.texts {
        let start = held.map_or_else(Acc::default, |h| held_acc(state, h, *p));
        before.push((*p, start.clone()));
        let (m, acc) = reader.message(*p, text, start);
        messages.push(m);
        accs.push((*p, acc));
    }
    let mut unread: Vec<Unread> = split
        .orphans
        .iter()
        .map(|(line, text)| Unread {
            line: *line,
            text: text.clone(),
            reason: "before any player's header, or under a header naming no player (D12.1)"
                .to_string(),
        })
        .collect();
    for (line, name, orphaned) in &split.unknown_headers {
        // A header is a player's full name; a shortened one is offered.
        let starts = match reader.names.resolve(name) {
            Ok((p, false)) => Some(format!(
                "; it starts {}'s name: an alias makes it theirs (D12.3)",
                state.name(p)
            )),
            _ => None,
        };
        let mut reason = if *orphaned && starts.is_none() && !typed {
            format!(
                "{name:?} names no player: the lines under it are not read (D12.1); if {name} is a player's chat name, an alias makes it theirs (D12.3)"
            )
        } else if *orphaned {
            format!("{name:?} names no player: the lines under it are not read (D12.1)")
        } else if starts.is_some() {
            format!("{name:?}: names no player, so it is a line of the message above (D12.1)")
        } else {
            // Chatter inside a message ("ok here goes:"): read as a line
            // of that message, with its own verdict there; not unread.
            continue;
        };
        reason.extend(starts);
        unread.push(Unread {
            line: *line,
            text: name.clone(),
            reason,
        });
    }
    unread.extend(split.replies.iter().map(|(line, last, name)| Unread {
        line: *line,
        text: format!("@{name}"),
        reason: format!("lines {line}-{last}: {}", Skip::Reply(name.clone())),
    }));
    console_core::text::sort_small(&mut unread, |u| u.line);
    let senders: Vec<String> = messages.iter().map(|m| m.player.clone()).collect();
    let changes = match (entry(state, phase, &before), entry(state, phase, &accs)) {
        (Some(b), Some(a)) => crate::changes::changes(&b, &a, &senders),
        _ => Vec::new(),
    };
    let entry = entry(state, phase, &accs).map(|e| match held {
        Some(h) => keep_held(state, e, h, &accs),
        None => e,
    });
    Intake {
        phase,
        entry,
        messages,
        unread,
        changes,
    }
}

/// `text` with every line `Rank:`, `Vote:`, `Not open to:` ... (a choice
/// word and a colon, alone on its line) written without the colon, so the
/// bulk splitter never takes it for a player's header (D12.1); a player of
/// that name keeps their header. Line numbers do not change.
fn choice_lists_unheaded(text: &str, names: &Names) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in lines(text).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let t = line.trim();
        let head = t
            .strip_suffix(':')
            .map(|h| h.trim().trim_matches('*').trim());
        match head {
            Some(h)
                if h.split_whitespace()
                    .next()
                    .is_some_and(crate::line::is_choice_word)
                    && !names.resolve(h).is_ok_and(|r| r.1) =>
            {
                out.push_str(h)
            }
            _ => out.push_str(line),
        }
    }
    out
}
