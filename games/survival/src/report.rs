//! What a phase did and why (for the moderator): every rejected line with
//! its reason, replaced lines and team ties as warnings, every elimination
//! with its causes, what stopped an elimination, the night's results or the
//! day's counts, and the decisions the eliminations call for.

use crate::card::Card;
use crate::count::Tally;
use crate::phase::Phase;
use crate::roster::{PlayerId, PlayerSet, Roster};
use crate::state::PolarDecision;
use crate::verb::{Kind, Verb, VerbError};
use crate::vote::{Ignored, Target};
use crate::win::Winner;
use console_core::names::{How, MatchError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where a line is: in a private message, a post, a revote post or a
/// decision text. Numbers are 1-based.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Line of a night's private message.
    Night {
        /// Line.
        line: u32,
    },
    /// Line of a day post.
    Post {
        /// Post in the thread.
        post: u32,
        /// Line in the post.
        line: u32,
    },
    /// Line of a revote post (S6.3).
    Revote {
        /// Post in the revote list.
        post: u32,
        /// Line in the post.
        line: u32,
    },
    /// Line of a decision text (S7).
    Decision {
        /// Line.
        line: u32,
    },
}

impl Place {
    /// The record's order within one player (FORMAT.md): message or posts,
    /// then revote posts, then decision lines.
    pub fn sort_key(self) -> (u8, u32, u32) {
        match self {
            Place::Night { line } => (0, 0, line),
            Place::Post { post, line } => (0, post, line),
            Place::Revote { post, line } => (1, post, line),
            Place::Decision { line } => (2, 0, line),
        }
    }

    /// The line number.
    pub fn line(self) -> u32 {
        match self {
            Place::Night { line }
            | Place::Post { line, .. }
            | Place::Revote { line, .. }
            | Place::Decision { line } => line,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Night { line } => write!(f, "line {line}"),
            Place::Post { post, line } => write!(f, "post {post}, line {line}"),
            Place::Revote { post, line } => write!(f, "revote post {post}, line {line}"),
            Place::Decision { line } => write!(f, "decision line {line}"),
        }
    }
}

/// Why a player may not vote today (S5.1).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoVote {
    /// A Memory.
    Memory,
    /// In Nairobi.
    Nairobi,
    /// Barred by the Polar Bear.
    Barred,
    /// Someone else is the Polar Bear's sole voter.
    NotSole,
    /// The Polar Bear's sole voter cannot vote, so no one votes (S7.3).
    SoleCannotVote,
}

impl fmt::Display for NoVote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NoVote::Memory => "is a Memory",
            NoVote::Nairobi => "is in Nairobi",
            NoVote::Barred => "is barred from voting by the Polar Bear",
            NoVote::NotSole => "is not the Polar Bear's sole voter",
            NoVote::SoleCannotVote => {
                "cannot vote: the Polar Bear's sole voter cannot vote today, so no one votes"
            }
        })
    }
}

/// Why a line was rejected (S2.4, S2.6, S5.4, S7.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "reason")]
pub enum Reason {
    /// The sender is a Memory (S2.6).
    Memory,
    /// The sender's card has no action this night (S2.6, S3.8).
    NoNightAction {
        /// The card.
        card: Card,
    },
    /// The first word is no verb (S2.2).
    Verb {
        /// Why.
        error: VerbError,
    },
    /// The verb is not one the sender's card allows this phase (S2.4).
    NotYourVerb {
        /// The verb.
        verb: Verb,
        /// The sender's card.
        card: Card,
    },
    /// The Engineer acts from night 2 (S3.5).
    TooEarly {
        /// The verb.
        verb: Verb,
    },
    /// Mother Nature acts on night 1 only (S3.7).
    NightOneOnly,
    /// The verb needs a name.
    NoName {
        /// The verb.
        verb: Verb,
    },
    /// `watch` takes no name.
    ExtraText {
        /// The verb.
        verb: Verb,
    },
    /// The name names no one player (S2.3).
    Name {
        /// What was wrong with it.
        error: NameProblem,
        /// The players it could be: the ambiguous ones, or the nearest to
        /// an unknown name (none under the first reading rules).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        candidates: Vec<PlayerId>,
    },
    /// A vote for no elimination where the game counts none (S5.6).
    NoEliminationOff,
    /// The named player is a Memory (or already eliminated in this phase,
    /// for decisions, S7.5).
    Dead {
        /// The player.
        target: PlayerId,
    },
    /// The Evil Forces cannot kill an Evil Force (S3.1).
    EvilTarget {
        /// The player.
        target: PlayerId,
    },
    /// The verb cannot name the sender (S3.3, S3.5, S3.6).
    SelfTarget {
        /// The verb.
        verb: Verb,
    },
    /// The Forest Ranger protected this player the night before (S3.2).
    ProtectedLastNight {
        /// The player.
        target: PlayerId,
    },
    /// The Engineer's card is used up (S3.5).
    Used {
        /// The verb.
        verb: Verb,
    },
    /// The PPA summoned this player before (S3.6).
    SummonedBefore {
        /// The player.
        target: PlayerId,
    },
    /// `buddies` did not split into two names in exactly one way (S2.3).
    BuddiesSplit {
        /// Valid splits found (0 or several).
        splits: usize,
    },
    /// `buddies` names one player twice (S3.7).
    BuddiesSame {
        /// The player.
        target: PlayerId,
    },
    /// Buddies have already been formed.
    BuddiesFormed,
    /// A decision from a player not eliminated in this phase (S2.6).
    NotEliminated,
    /// A decision the player's card or position does not call for (S7).
    NotYourDecision {
        /// The verb.
        verb: Verb,
    },
    /// A night action verb in a decision text.
    NotADecision {
        /// The verb.
        verb: Verb,
    },
    /// A vote for a player who is not a candidate (S5.1, S5.4, S6.3).
    NotCandidate {
        /// The player.
        target: PlayerId,
        /// Why not.
        why: NotCandidate,
    },
    /// A vote line from a player who may not vote (S5.1, S5.4).
    MayNotVote {
        /// Why not.
        why: NoVote,
    },
}

/// Why a named player is no candidate (S5.1, S6.3).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NotCandidate {
    /// A Memory.
    Memory,
    /// In Nairobi.
    Nairobi,
    /// Not among the tied players of the revote.
    NotTied,
}

/// [`MatchError`] as plain data (S2.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "text")]
pub enum NameProblem {
    /// Nothing to match.
    Empty,
    /// Shorter than 3 characters and not a full name.
    TooShort(String),
    /// No name starts with it.
    Unknown(String),
    /// Several names start with it (the text and how many).
    Ambiguous(String, usize),
}

impl Reason {
    /// [`Reason::Name`] for a name error, with the players it could be.
    pub fn name(error: MatchError, candidates: Vec<PlayerId>) -> Reason {
        Reason::Name {
            error: NameProblem::from(error),
            candidates,
        }
    }
}

impl From<MatchError> for NameProblem {
    fn from(e: MatchError) -> NameProblem {
        match e {
            MatchError::Empty => NameProblem::Empty,
            MatchError::TooShort(t) => NameProblem::TooShort(t),
            MatchError::Unknown(t) => NameProblem::Unknown(t),
            MatchError::Ambiguous(t, v) => NameProblem::Ambiguous(t, v.len()),
        }
    }
}

impl fmt::Display for NameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameProblem::Empty => f.write_str("no name given"),
            NameProblem::TooShort(t) => write!(
                f,
                "{t:?} is not a name, and a shortened name needs at least 3 letters"
            ),
            NameProblem::Unknown(t) => write!(f, "{t:?} names no player"),
            NameProblem::Ambiguous(t, n) => write!(f, "{t:?} could be any of {n} players"),
        }
    }
}

impl Reason {
    /// The reason as a sentence, with player names.
    pub fn text(&self, roster: &Roster) -> String {
        let n = |p: &PlayerId| roster.name(*p).to_string();
        match self {
            Reason::Memory => "the sender is a Memory (eliminated)".into(),
            Reason::NoNightAction { card } => format!("the {card} has no action this night"),
            Reason::Verb { error } => error.to_string(),
            Reason::NotYourVerb { verb, card } if verb.is_decision() => format!(
                "\"{verb}\" is a decision, sent only after an elimination (and not by the {card} at night)"
            ),
            Reason::NotYourVerb { verb, card } => format!("the {card} cannot \"{verb}\""),
            Reason::TooEarly { verb } => format!("the Engineer can \"{verb}\" from night 2"),
            Reason::NightOneOnly => "Mother Nature names buddies on night 1 only".into(),
            Reason::NoName { verb } => format!("\"{verb}\" needs a name"),
            Reason::ExtraText { verb } => format!("\"{verb}\" takes no name"),
            Reason::Name { error, candidates } if candidates.is_empty() => error.to_string(),
            Reason::Name { error, candidates } => {
                let list = candidates.iter().map(n).collect::<Vec<_>>().join(", ");
                match error {
                    NameProblem::Ambiguous(..) => format!("{error}: {list}"),
                    _ => format!("{error} (nearest: {list})"),
                }
            }
            Reason::NoEliminationOff => {
                "this game has no votes for no elimination (option no_elimination)".into()
            }
            Reason::Dead { target } => format!("{} is not alive", n(target)),
            Reason::EvilTarget { target } => {
                format!(
                    "{} is an Evil Force: the Evil Forces cannot kill one of their own",
                    n(target)
                )
            }
            Reason::SelfTarget { verb } => format!("\"{verb}\" cannot name the sender"),
            Reason::ProtectedLastNight { target } => format!(
                "{} was protected the night before: not twice in a row",
                n(target)
            ),
            Reason::Used { verb } => format!("the Engineer's \"{verb}\" is used up"),
            Reason::SummonedBefore { target } => {
                format!(
                    "{} was summoned before: never the same player twice",
                    n(target)
                )
            }
            Reason::BuddiesSplit { splits: 0 } => {
                "cannot read two player names (separate them with \"and\", \"&\", \",\" or a space)"
                    .into()
            }
            Reason::BuddiesSplit { splits } => format!(
                "the names can be read in {splits} ways: separate them with \"and\", \"&\" or \",\""
            ),
            Reason::BuddiesSame { target } => {
                format!("{} twice: buddies are two different players", n(target))
            }
            Reason::BuddiesFormed => "the buddies have already been formed".into(),
            Reason::NotEliminated => {
                "a decision from a player who was not eliminated in this phase".into()
            }
            Reason::NotYourDecision { verb } => match verb {
                Verb::Revenge => "only the eliminated GMO takes \"revenge\"".into(),
                Verb::Spotlight => "only the eliminated Spotlight holder hands it over".into(),
                _ => format!("only the eliminated Polar Bear decides \"{verb}\""),
            },
            Reason::NotADecision { verb } => {
                format!("\"{verb}\" is a night action, not a decision")
            }
            Reason::NotCandidate { target, why } => match why {
                NotCandidate::Memory => format!("{} is a Memory", n(target)),
                NotCandidate::Nairobi => format!("{} is in Nairobi", n(target)),
                NotCandidate::NotTied => format!("{} is not in the revote", n(target)),
            },
            Reason::MayNotVote { why } => format!("the voter {why}"),
        }
    }
}

/// A rejected line (S2.4): no effect; the moderator sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejection {
    /// The sender or author.
    pub player: PlayerId,
    /// Where the line is.
    pub place: Place,
    /// The line, trimmed.
    pub text: String,
    /// Why it was rejected.
    pub reason: Reason,
}

/// Something the moderator should look at before committing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "warning")]
pub enum Warning {
    /// A later line of the same kind replaced an earlier one (S2.5).
    Replaced {
        /// The sender.
        player: PlayerId,
        /// The kind.
        kind: Kind,
        /// The line replaced.
        earlier: Place,
        /// The line that replaced it.
        later: Place,
    },
    /// The Evil Forces named different targets equally often: no kill (or
    /// no exposure) this night (S3.1).
    TeamTie {
        /// `Kill` or `Expose`.
        kind: Kind,
        /// The tied targets, roster order.
        targets: Vec<PlayerId>,
    },
}

impl Warning {
    /// The warning as a sentence, with player names.
    pub fn text(&self, roster: &Roster) -> String {
        match self {
            Warning::Replaced {
                player,
                kind,
                earlier,
                later,
            } => format!(
                "{}: {later} replaces the earlier {kind} line ({earlier})",
                roster.name(*player)
            ),
            Warning::TeamTie { kind, targets } => format!(
                "the Evil Forces are split between {}: no {} tonight",
                targets
                    .iter()
                    .map(|p| roster.name(*p))
                    .collect::<Vec<_>>()
                    .join(" and "),
                if *kind == Kind::Kill {
                    "kill"
                } else {
                    "exposure"
                }
            ),
        }
    }
}

/// Why a player was eliminated (FORMAT.md names).
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cause {
    /// The Evil Forces' kill (S3.1).
    Kill,
    /// The Engineer's bomb (S3.5).
    Bomb,
    /// A watching Green Activist exposed (S3.4).
    Discovered,
    /// The day's vote or revote (S6.1, S6.3).
    Vote,
    /// A tie: the Polar Bear goes instead (S6.2).
    Tie,
    /// The lot after a second tie (S6.5).
    Lot,
    /// The other buddy was eliminated (S7.1).
    Buddy,
    /// The GMO's revenge (S7.2).
    Revenge,
}

impl Cause {
    /// The record's name: `kill`, `bomb`, ...
    pub fn name(self) -> &'static str {
        match self {
            Cause::Kill => "kill",
            Cause::Bomb => "bomb",
            Cause::Discovered => "discovered",
            Cause::Vote => "vote",
            Cause::Tie => "tie",
            Cause::Lot => "lot",
            Cause::Buddy => "buddy",
            Cause::Revenge => "revenge",
        }
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An elimination (S4.3: once, with every cause).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Elimination {
    /// Who.
    pub player: PlayerId,
    /// Every cause, sorted.
    pub causes: Vec<Cause>,
    /// For a chain cause: the buddy or the GMO that caused it.
    pub by: Option<PlayerId>,
}

/// Why something did not happen, or what else happened (the "why" of the
/// report).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "note")]
pub enum Note {
    /// The Forest Ranger's protection stopped the kill (S3.2).
    Protected {
        /// The protected player.
        player: PlayerId,
    },
    /// The Engineer's shield stopped an elimination (S4.4).
    Shielded {
        /// The shielded player.
        player: PlayerId,
        /// What it stopped.
        from: Cause,
    },
    /// Nairobi stopped an elimination by day (S6.6).
    InNairobi {
        /// The player in Nairobi.
        player: PlayerId,
        /// What it stopped.
        from: Cause,
    },
    /// An exposure that did nothing (S3.4).
    ExposureNoEffect {
        /// The exposed player.
        player: PlayerId,
    },
    /// The summoned player was eliminated that night: no Nairobi (S4.2).
    SummonVoid {
        /// The summoned player.
        player: PlayerId,
    },
    /// The Spotlight was handed over (S7.4).
    SpotlightHanded {
        /// The eliminated holder.
        from: PlayerId,
        /// The new holder.
        to: PlayerId,
    },
    /// The Spotlight lapsed for the rest of the game (S7.4).
    SpotlightLapsed {
        /// The last holder.
        from: PlayerId,
    },
    /// The Polar Bear decided for the next day (S7.3).
    PolarBear {
        /// The Polar Bear.
        bear: PlayerId,
        /// The decision.
        decision: PolarDecision,
    },
    /// The eliminated GMO took no revenge (no valid decision, S7.2).
    NoRevenge {
        /// The GMO.
        gmo: PlayerId,
    },
}

impl Note {
    /// The note as a sentence, with player names.
    pub fn text(&self, roster: &Roster) -> String {
        let n = |p: &PlayerId| roster.name(*p).to_string();
        match self {
            Note::Protected { player } => {
                format!(
                    "{} was protected by the Forest Ranger: the kill failed",
                    n(player)
                )
            }
            Note::Shielded { player, from } => {
                format!("{} was shielded: no elimination by {from}", n(player))
            }
            Note::InNairobi { player, from } => {
                format!("{} is in Nairobi: no elimination by {from}", n(player))
            }
            Note::ExposureNoEffect { player } => {
                format!("the exposure of {} did nothing", n(player))
            }
            Note::SummonVoid { player } => {
                format!(
                    "{} was summoned but eliminated: no one is in Nairobi",
                    n(player)
                )
            }
            Note::SpotlightHanded { from, to } => {
                format!("{} handed the Spotlight to {}", n(from), n(to))
            }
            Note::SpotlightLapsed { from } => {
                format!(
                    "the Spotlight of {} lapses for the rest of the game",
                    n(from)
                )
            }
            Note::PolarBear { bear, decision } => match decision {
                PolarDecision::Sole(p) => format!(
                    "the Polar Bear {} decided: only {} votes at the next conference",
                    n(bear),
                    n(p)
                ),
                PolarDecision::Bar(p) => format!(
                    "the Polar Bear {} decided: {} may not vote at the next conference",
                    n(bear),
                    n(p)
                ),
            },
            Note::NoRevenge { gmo } => format!("the GMO {} took no revenge", n(gmo)),
        }
    }
}

/// A decision an elimination calls for (S7): the UI asks the player by name
/// before committing.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// GMO: `revenge NAME` (S7.2).
    Revenge,
    /// Polar Bear: `sole NAME` or `bar NAME` (S7.3).
    PolarBear,
    /// Spotlight holder: `spotlight NAME` (S7.4).
    Spotlight,
}

/// One decision called for.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct DecisionRequest {
    /// The eliminated player who decides.
    pub player: PlayerId,
    /// The decision.
    pub kind: DecisionKind,
    /// Whether an accepted decision line is given.
    pub given: bool,
}

/// The Evil Forces' joint choice (S3.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamChoice {
    /// No line.
    None,
    /// The target named by the most Evil Forces.
    Target(PlayerId),
    /// Different targets named equally often: nothing happens.
    Tie(Vec<PlayerId>),
}

impl TeamChoice {
    /// The target, if one won.
    pub fn target(&self) -> Option<PlayerId> {
        match self {
            TeamChoice::Target(p) => Some(*p),
            _ => None,
        }
    }
}

/// The Scientist's result (S3.3).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct CheckResult {
    /// The Scientist.
    pub scientist: PlayerId,
    /// The checked player.
    pub target: PlayerId,
    /// Whether the target is an Evil Force.
    pub evil: bool,
}

/// The watching Green Activist's result (S3.4).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct WatchResult {
    /// The Green Activist.
    pub activist: PlayerId,
    /// The Evil Forces alive at the start of the night, by name.
    pub evil: Vec<PlayerId>,
    /// Their kill target, if any.
    pub target: Option<PlayerId>,
}

/// An accepted action (the line that counts after S2.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accepted {
    /// The sender.
    pub player: PlayerId,
    /// Where the line is.
    pub place: Place,
    /// The verb.
    pub verb: Verb,
    /// The named players (none, one, or two for `buddies`).
    pub targets: Vec<PlayerId>,
    /// The name read by a guess or a nickname (S2.3), if it was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guesses: Vec<NameGuess>,
}

/// What happened at night (S3, S4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NightDetail {
    /// Every accepted action, by sender (roster order), then kind.
    pub accepted: Vec<Accepted>,
    /// The Evil Forces' kill.
    pub kill: TeamChoice,
    /// The Evil Forces' exposure.
    pub expose: TeamChoice,
    /// The Forest Ranger's protection.
    pub protect: Option<PlayerId>,
    /// The Engineer's shield.
    pub shield: Option<PlayerId>,
    /// The Engineer's bomb.
    pub bomb: Option<PlayerId>,
    /// The Scientist's result.
    pub check: Option<CheckResult>,
    /// The Green Activist's result, if they watched.
    pub watch: Option<WatchResult>,
    /// Buddies formed this night.
    pub buddies: Option<[PlayerId; 2]>,
    /// The PPA's summons (accepted, whether or not it took effect).
    pub summon: Option<PlayerId>,
    /// The player in Nairobi for the coming day.
    pub nairobi: Option<PlayerId>,
}

/// The day's result (S6): FORMAT.md's `outcome`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "outcome")]
pub enum Outcome {
    /// No elimination: no vote, no majority, no voter, or a second tie
    /// under `second_tie: none`.
    None,
    /// A unique highest count (or a majority).
    Vote {
        /// The eliminated player.
        player: PlayerId,
    },
    /// A tie: the Polar Bear went instead (S6.2).
    Tie {
        /// The tied players.
        tied: Vec<PlayerId>,
        /// The Polar Bear.
        bear: PlayerId,
    },
    /// The revote's unique highest count (S6.3).
    Revote {
        /// The eliminated player.
        player: PlayerId,
    },
    /// The lot among the tied (S6.5).
    Lot {
        /// The players the lot chose among, by name.
        among: Vec<PlayerId>,
        /// The one it picked.
        player: PlayerId,
    },
    /// No elimination won the vote (S5.6): the highest count, alone or
    /// tied, or a majority.
    NoElimination,
}

impl Outcome {
    /// FORMAT.md's name: `none`, `vote`, `tie`, `revote`, `lot`,
    /// `no_elimination`.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::None => "none",
            Outcome::Vote { .. } => "vote",
            Outcome::Tie { .. } => "tie",
            Outcome::Revote { .. } => "revote",
            Outcome::Lot { .. } => "lot",
            Outcome::NoElimination => "no_elimination",
        }
    }
}

/// What happened by day (S5, S6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayDetail {
    /// Posts in the day's thread.
    pub posts: u32,
    /// The count at the end of the day's input (or when a majority ended it).
    pub count: Tally,
    /// Under `majority`: the 1-based post after which the day ended.
    pub ended_at_post: Option<u32>,
    /// The revote count, when a revote was held (S6.3).
    pub revote: Option<Tally>,
    /// The outcome.
    pub outcome: Outcome,
    /// Every vote and withdrawal that counted, in reading order (day
    /// posts, then revote posts): what the post view marks.
    #[serde(default)]
    pub votes: Vec<CountedVote>,
    /// Every line that looks like a vote but was not read as one, with
    /// why (S5.3; rejected votes are in the report's rejections).
    #[serde(default)]
    pub ignored: Vec<IgnoredLine>,
}

/// A vote or withdrawal that counted (S5.3): where, by whom, for whom.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountedVote {
    /// The voter.
    pub player: PlayerId,
    /// Where the line is.
    pub place: Place,
    /// The target, or `None` for a withdrawal (`unvote`, or a vote naming
    /// no candidate under `invalid_vote: withdraws`).
    pub target: Option<Target>,
    /// How the name was read (`None` for a withdrawal).
    #[serde(default, with = "opt_how")]
    pub how: Option<How>,
    /// The name as written.
    pub written: String,
}

/// `Option<How>` by the reading's short name.
mod opt_how {
    use console_core::names::How;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(how: &Option<How>, s: S) -> Result<S::Ok, S::Error> {
        match how {
            Some(h) => s.serialize_some(h.name()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<How>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(s) => How::from_name(&s)
                .map(Some)
                .ok_or_else(|| serde::de::Error::custom(format!("unknown reading {s:?}"))),
        }
    }
}

/// A line that looks like a vote but was not read as one (S5.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IgnoredLine {
    /// The author.
    pub player: PlayerId,
    /// Where the line is.
    pub place: Place,
    /// The line, trimmed.
    pub text: String,
    /// Why it does not count.
    pub why: Ignored,
    /// What it would have named, as written.
    pub written: String,
}

/// A name read by a guess or a nickname (S2.3), for the moderator to
/// confirm ("make nickname") or refuse ("reject").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NameGuess {
    /// Who wrote it.
    pub player: PlayerId,
    /// Where.
    pub place: Place,
    /// The name as written.
    pub written: String,
    /// The player it was read as.
    pub read_as: PlayerId,
    /// How.
    #[serde(with = "crate::roster::how_name")]
    pub how: How,
}

impl NameGuess {
    /// The reading in words: `Gin: read as TheRealGin-N-Tonic, part of the
    /// name`.
    pub fn text(&self, roster: &Roster) -> String {
        format!(
            "{}: read as {}, {}",
            self.written,
            roster.name(self.read_as),
            self.how
        )
    }
}

/// Night or day details.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Detail {
    /// A night.
    Night(NightDetail),
    /// A day.
    Day(DayDetail),
}

/// Everything a phase did and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseReport {
    /// The phase.
    pub phase: Phase,
    /// Rejected lines, by player name (byte order), then place (FORMAT.md).
    pub rejections: Vec<Rejection>,
    /// Replaced lines and team ties.
    pub warnings: Vec<Warning>,
    /// Eliminations in the order they happened.
    pub eliminations: Vec<Elimination>,
    /// Why things did not happen, and the decisions' effects.
    pub notes: Vec<Note>,
    /// Decisions the eliminations call for, in elimination order.
    pub decisions: Vec<DecisionRequest>,
    /// Night or day details.
    pub detail: Detail,
    /// The Spotlight holder after the phase.
    pub spotlight: Option<PlayerId>,
    /// A Polar Bear decision made in this phase.
    pub polar_bear: Option<PolarDecision>,
    /// The living players after the phase.
    pub alive: PlayerSet,
    /// The winners, if the game ended with this phase (S8).
    pub winners: Option<Vec<Winner>>,
    /// Names read by a guess or a nickname in accepted lines and counted
    /// votes (S2.3), in reading order.
    #[serde(default)]
    pub guesses: Vec<NameGuess>,
    /// The moderator's events of the phase and what they did (S10), in
    /// the order given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<crate::events::EventNote>,
}

impl PhaseReport {
    /// The night details, if a night.
    pub fn night(&self) -> Option<&NightDetail> {
        match &self.detail {
            Detail::Night(n) => Some(n),
            Detail::Day(_) => None,
        }
    }

    /// The day details, if a day.
    pub fn day(&self) -> Option<&DayDetail> {
        match &self.detail {
            Detail::Day(d) => Some(d),
            Detail::Night(_) => None,
        }
    }

    /// The players eliminated in this phase.
    pub fn eliminated(&self) -> PlayerSet {
        self.eliminations.iter().map(|e| e.player).collect()
    }

    /// Decisions called for but not given.
    pub fn missing_decisions(&self) -> impl Iterator<Item = &DecisionRequest> {
        self.decisions.iter().filter(|d| !d.given)
    }
}
