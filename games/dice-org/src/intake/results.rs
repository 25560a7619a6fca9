//! What reading a paste gives (D12): how a name on a line was read
//! ([`NameRead`]), a line's choice once checked ([`Choice`]), why a line
//! was not used ([`Reason`]) or not read ([`Skip`]), what became of each
//! line ([`Verdict`], [`LineReading`]), each player's message read
//! ([`MessageReading`]), the lines no message holds ([`Unread`]), and the
//! whole paste read for one phase ([`Intake`]).

use crate::advantage::Advantage;
use crate::changes::{ChoiceChange, PasteTaken, RejectedLine};
use crate::line::LineError;
use crate::roll::Boost;
use crate::state::Phase;
use crate::step::Entry;
use crate::vote::When;
use std::fmt;

/// How a name on a line was read (D12.3): the player it names and whether
/// it was their full name; anything else (a part of a name) is a guess the
/// producers can overrule.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct NameRead {
    /// As written.
    pub written: String,
    /// The player it was read as.
    pub player: String,
    /// Whether it is the player's full name (case and spaces aside) or an
    /// alias the producers set; false for a shortened name.
    pub exact: bool,
}

/// A line's choice once checked, names as in the roster.
#[derive(Clone, Eq, PartialEq, Debug)]
pub enum Choice {
    /// Competition: deduct 3 for 1 RP (D4.1).
    Deduct,
    /// Camp: deduct 3 before rolling for a bonus roll (D5.2).
    DeductForBonus,
    /// Camp: deduct 5 after rolling for 1 RP (D5.2).
    DeductForRp,
    /// An RP boost (D2.3).
    Boost(Boost),
    /// Camp: spend 1 RP for a bonus roll (D5.2).
    BonusRoll,
    /// The ranked list, most wanted first (D6.1).
    Rank(Vec<String>),
    /// One place of the ranked list.
    Place(u32, String),
    /// Not open to these players (D6.1).
    Closed(Vec<String>),
    /// Open again to these players; empty: to everyone.
    Open(Vec<String>),
    /// A ballot (D7.3), two names with an Extra Vote; or a juror's vote (D8.2).
    Vote(Vec<String>),
    /// A revote (D7.5, D8.2).
    Revote(String),
    /// A choice of nothing (D12.12): the player declined the phase's
    /// optional choices; the defaults apply, and a choice is held (D9.7).
    Nothing,
    /// A card played (D7.2).
    Play {
        /// The card.
        card: Advantage,
        /// Hidden Immunity's voter.
        on: Option<String>,
        /// The opportunity.
        when: When,
    },
}

/// Why a line was not used (D12).
#[derive(Clone, Eq, PartialEq, Debug)]
pub enum Reason {
    /// The line is no choice, or malformed.
    Line(LineError),
    /// A choice of another phase: (the choice's word, the phase now).
    WrongPhase(&'static str, Phase),
    /// The season is over (D8.2).
    Over,
    /// The writer is out of the game (D3.2).
    Out,
    /// The writer does not vote in this vote (D7.1).
    NotAVoter,
    /// The writer is not on the jury (D8.1).
    NotAJuror,
    /// No name on the line names a player: why, per name.
    Names(Vec<String>),
    /// `deduct` at camp without 3 or 5 (D5.2).
    WhichDeduction,
    /// A deduction the phase does not offer.
    WrongDeduction(Phase),
    /// A choice the player cannot pay for: (what, RP they would have, cost).
    CannotPay(&'static str, u32, u32),
    /// A card the player does not hold (D7.2).
    NotHeld(Advantage),
    /// An Extra Vote played after the votes (D7.2).
    ExtraVoteAfter,
    /// Hidden Immunity played on nobody, or on someone not voting (D7.2).
    HiddenImmunityOn(Option<String>),
    /// A vote for someone who is no candidate: (name, why) (D7.3).
    NotACandidate(String, &'static str),
    /// A juror's vote for someone who is no finalist (D8.2).
    NotAFinalist(String),
    /// A revote names one player only (D7.5, D8.2).
    OneRevote,
    /// In the revote, a tied player's ballot (D7.5).
    Tied,
    /// In the revote, a name that is not tied (D7.5).
    NotTied(String),
    /// A card played in tie breaking (D7.2).
    CardInTieBreak,
    /// A bare name outside a ranked list.
    LoneName(String),
    /// A decline in a phase with no choice of nothing (a vote, a revote,
    /// the final): no vote (D12.12).
    DeclineIsNoVote(Phase),
    /// A decline from a player who already holds a choice of the phase:
    /// it takes nothing away (D12.11, D12.12).
    DeclineKeepsChoices,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let phase = |p: &Phase| match p {
            Phase::Competition => "the competition",
            Phase::Camp => "camp",
            Phase::Conversation => "the conversations",
            Phase::Vote => "the vote",
            Phase::Revote => "the revote",
            Phase::Final => "the final",
            Phase::Over => "nothing (the season is over)",
        };
        match self {
            Reason::Line(e) => e.fmt(f),
            Reason::WrongPhase(w, now) => write!(
                f,
                "a {w} line is not for {}: the text is read for {} (D12.4)",
                phase(now),
                phase(now)
            ),
            Reason::Over => write!(f, "the season is over (D8.2)"),
            Reason::Out => write!(f, "the player is out of the game (D3.2)"),
            Reason::NotAVoter => write!(f, "the player does not vote in this vote (D7.1)"),
            Reason::NotAJuror => write!(f, "the player is not on the jury (D8.1)"),
            Reason::Names(v) => write!(f, "{}", v.join("; ")),
            Reason::WhichDeduction => write!(
                f,
                "at camp, write deduct 3 (before rolling, for a bonus roll) or deduct 5 (after rolling, for 1 RP) (D5.2)"
            ),
            Reason::WrongDeduction(Phase::Camp) => write!(
                f,
                "at camp, 3 is deducted for a bonus roll and 5 for 1 RP (D5.2)"
            ),
            Reason::WrongDeduction(_) => {
                write!(f, "in a competition, 3 is deducted for 1 RP (D4.1)")
            }
            Reason::CannotPay(what, rp, cost) => write!(
                f,
                "{what} costs {cost} RP and the player would have {rp} (D2.3, D5.2)"
            ),
            Reason::NotHeld(a) => write!(f, "the player does not hold {a} (D7.2)"),
            Reason::ExtraVoteAfter => {
                write!(f, "an Extra Vote is played before votes are cast (D7.2)")
            }
            Reason::HiddenImmunityOn(None) => {
                write!(f, "Hidden Immunity is played on a voter: name one (D7.2)")
            }
            Reason::HiddenImmunityOn(Some(n)) => {
                write!(
                    f,
                    "Hidden Immunity is played on a voter, and {n} does not vote (D7.2)"
                )
            }
            Reason::NotACandidate(n, why) => write!(f, "{n} {why}: not a candidate (D7.3)"),
            Reason::NotAFinalist(n) => write!(f, "{n} is not a finalist (D8.2)"),
            Reason::OneRevote => write!(f, "a revote names one player (D7.5, D8.2)"),
            Reason::Tied => write!(
                f,
                "the player is tied: the tied do not vote in the revote (D7.5)"
            ),
            Reason::NotTied(n) => {
                write!(f, "{n} is not tied: the revote is between the tied (D7.5)")
            }
            Reason::CardInTieBreak => {
                write!(f, "no advantage may be played in tie breaking (D7.2)")
            }
            Reason::LoneName(n) => write!(
                f,
                "{n:?} alone on a line: a ranked list starts with rank (D12.8)"
            ),
            Reason::DeclineIsNoVote(p) => write!(
                f,
                "a decline is no vote: {} has no choice of nothing, so the line gives nothing (D12.12)",
                phase(p)
            ),
            Reason::DeclineKeepsChoices => write!(
                f,
                "a decline takes no choice away: the choices already given stay; the producers take one away by hand (D12.11, D12.12)"
            ),
        }
    }
}

/// Why a line was skipped without being read as a choice.
#[derive(Clone, Eq, PartialEq, Debug)]
pub enum Skip {
    /// Quoted words (`> `, `[quote]`): someone else's (D12.2).
    Quoted,
    /// After the `end` line (D12.2).
    AfterEnd,
    /// In a copied chat, written by someone other than the player (D12.2):
    /// the author as written, and whether that names a player of the game
    /// (else it may be the player's chat name: an alias makes it theirs).
    OtherAuthor(String, bool),
    /// In a copied chat, the context Discord shows above a reply: the
    /// answered message by the author named, shown again (D12.2: someone
    /// else's words, or the player's own earlier ones, not a new message).
    Reply(String),
}

impl fmt::Display for Skip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skip::Quoted => write!(f, "quoted: someone else's words (D12.2)"),
            Skip::AfterEnd => write!(f, "after the end line (D12.2)"),
            Skip::OtherAuthor(n, true) => write!(f, "written by {n}, not by the player (D12.2)"),
            Skip::OtherAuthor(n, false) => write!(
                f,
                "written by {n}, not by the player (D12.2); if {n} is the player's chat name, an alias makes it theirs (D12.3)"
            ),
            Skip::Reply(n) => write!(f, "{} (D12.2)", console_core::paste::reply_reason(n)),
        }
    }
}

/// What became of one line.
#[derive(Clone, Eq, PartialEq, Debug)]
pub enum Verdict {
    /// Read and in force.
    Accepted(Choice),
    /// Read, then replaced by a later line of the same kind (D12.5).
    Replaced {
        /// The choice it held.
        choice: Choice,
        /// The replacing line's number.
        by_line: u32,
    },
    /// Not used: why.
    Rejected(Reason),
    /// Not read: why.
    Skipped(Skip),
}

impl Verdict {
    /// `accepted`, `replaced`, `rejected` or `skipped`.
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Accepted(_) => "accepted",
            Verdict::Replaced { .. } => "replaced",
            Verdict::Rejected(_) => "rejected",
            Verdict::Skipped(_) => "skipped",
        }
    }

    /// The reason in words, for a line not in force.
    pub fn reason(&self) -> Option<String> {
        match self {
            Verdict::Accepted(_) => None,
            Verdict::Replaced { by_line, .. } => {
                Some(format!("replaced by line {by_line} (D12.5)"))
            }
            Verdict::Rejected(r) => Some(r.to_string()),
            Verdict::Skipped(s) => Some(s.to_string()),
        }
    }
}

/// One non-blank line of a player's message and its verdict.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct LineReading {
    /// 1-based line number in the player's message (blank lines counted).
    pub number: u32,
    /// The line as written, trimmed.
    pub text: String,
    /// What became of it.
    pub verdict: Verdict,
    /// How each name on it was read.
    pub names: Vec<NameRead>,
    /// What was left out of an accepted line, and why.
    pub notes: Vec<String>,
}

/// One player's message read.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct MessageReading {
    /// The player, as in the roster.
    pub player: String,
    /// Every non-blank line but the `end` line and chat author lines.
    pub lines: Vec<LineReading>,
}

/// A line of the paste that belongs to no player (before the first
/// header, under a header naming nobody) or a header naming nobody.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct Unread {
    /// 1-based line of the paste.
    pub line: u32,
    /// The line as written.
    pub text: String,
    /// Why it was not read.
    pub reason: String,
}

/// A bulk paste read for one phase.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct Intake {
    /// The phase it was read for.
    pub phase: Phase,
    /// The phase's input: the choices held before the paste with what the
    /// text gives added (D12.11); `None` when the season is over.
    pub entry: Option<Entry>,
    /// Each player's message, in the order of the paste.
    pub messages: Vec<MessageReading>,
    /// Lines of the paste no player's message holds.
    pub unread: Vec<Unread>,
    /// Every choice the paste changed, players in paste order (D12.11).
    pub changes: Vec<ChoiceChange>,
}

impl Intake {
    /// Lines not used, over every message: (player, line).
    pub fn problems(&self) -> impl Iterator<Item = (&str, &LineReading)> {
        self.messages.iter().flat_map(|m| {
            m.lines
                .iter()
                .filter(|l| matches!(l.verdict, Verdict::Rejected(_)))
                .map(move |l| (m.player.as_str(), l))
        })
    }

    /// Lines with a name read from a part of it (a guess to confirm).
    pub fn guesses(&self) -> impl Iterator<Item = (&str, &LineReading, &NameRead)> {
        self.messages.iter().flat_map(|m| {
            m.lines.iter().flat_map(move |l| {
                l.names
                    .iter()
                    .filter(|n| !n.exact)
                    .map(move |n| (m.player.as_str(), l, n))
            })
        })
    }

    /// What this paste is, taken: the choices it changed, the lines it
    /// rejected and who sent a message (D12.11, D9.7).
    pub fn taken(&self) -> PasteTaken {
        PasteTaken {
            phase: Some(self.phase),
            changes: self.changes.clone(),
            rejected: self
                .problems()
                .map(|(player, l)| RejectedLine {
                    player: player.to_string(),
                    line: l.number,
                    text: l.text.clone(),
                    reason: l.verdict.reason().unwrap_or_default(),
                    // (A decline is no choice word, in a vote no choice.)
                    choice: !matches!(
                        l.verdict,
                        Verdict::Rejected(
                            Reason::Line(LineError::NotAChoice(_)) | Reason::DeclineIsNoVote(_)
                        )
                    ),
                })
                .collect(),
            senders: self
                .messages
                .iter()
                .map(|m| {
                    (
                        m.player.clone(),
                        m.lines
                            .iter()
                            .map(|l| console_core::events::word_count(&l.text))
                            .sum(),
                    )
                })
                .collect(),
            digest: String::new(),
        }
    }
}
