//! What a round did and why: the moderator's full report (secret: it names
//! who attacked whom and who voted for whom). Public posts are made from it
//! by `post`, through types that cannot hold a living survivor's controller.

use crate::order::Action;
use crate::player::PlayerId;
use crate::position::{Holdings, Segment};
use crate::submission::{IdolCost, Reason};
use crate::survivor::SurvivorId;
use crate::tribe::TribeId;

/// A rejected order line (R3.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// The submitting player.
    pub player: PlayerId,
    /// 1-based line number in that player's text.
    pub line: u32,
    /// The line as written (trimmed).
    pub text: String,
    /// Why.
    pub reason: Reason,
}

/// A line replaced by a later one (R3.5): a warning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replacement {
    /// The submitting player.
    pub player: PlayerId,
    /// The replaced line.
    pub line: u32,
    /// The line that replaced it.
    pub by_line: u32,
    /// The survivor.
    pub survivor: SurvivorId,
    /// The kind of order.
    pub action: Action,
}

/// One resolved assassination (R4.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    /// The attacker.
    pub attacker: SurvivorId,
    /// The target.
    pub target: SurvivorId,
    /// The guessed player.
    pub guess: PlayerId,
    /// Whether the guess was right: then the target falls, else the attacker.
    pub correct: bool,
}

impl Attack {
    /// The survivor this attack eliminates.
    pub fn victim(self) -> SurvivorId {
        if self.correct {
            self.target
        } else {
            self.attacker
        }
    }
}

/// An idol played (R5.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IdolPlay {
    /// The protected survivor.
    pub survivor: SurvivorId,
    /// Its controller.
    pub player: PlayerId,
    /// Paid with a held idol or bought (R5.4).
    pub cost: IdolCost,
}

/// Why a tribe's most-voted survivors fell (R5.5).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TallyVerdict {
    /// One survivor had the most votes.
    Most,
    /// Several tied for the most: all fall.
    Tie,
    /// Every vote was discarded: every count is 0 and all fall.
    AllZero,
}

/// One tribe's vote (R5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The tribe.
    pub tribe: TribeId,
    /// Every living member's count, by ID.
    pub counts: Vec<(SurvivorId, u32)>,
    /// Every counted vote after idol conversion: (voter, voted survivor). Secret (R9.2).
    pub ballots: Vec<(SurvivorId, SurvivorId)>,
    /// Votes turned into self-votes by an idol: (voter, protected target) (R5.3).
    pub converted: Vec<(SurvivorId, SurvivorId)>,
    /// Votes not counted because the voter or target was assassinated (R5.2).
    pub discarded: Vec<(SurvivorId, SurvivorId)>,
    /// Survivors eliminated, by ID.
    pub eliminated: Vec<SurvivorId>,
    /// Why they fell.
    pub verdict: TallyVerdict,
}

/// Why a survivor became an outcast.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OutcastCause {
    /// Its tribe was removed (R7.1).
    TribeRemoved(TribeId, Segment),
    /// Every tribe would have gone: all tribe members became outcasts (R7.3).
    Collapse(Segment),
    /// It moved into a tribe removed this round (R6.5).
    MovedIntoRemoved(TribeId),
    /// Its tribe held 2 or fewer after the moves (R6.6).
    SmallTribe(TribeId),
    /// An outcast without a move, kept outcast by the `stay` option (R6.7).
    Stayed,
}

/// A tribe removed this round.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    /// The tribe.
    pub tribe: TribeId,
    /// After which segment.
    pub segment: Segment,
    /// Living members it had left (R7.1: 2 or fewer).
    pub left: u32,
    /// Removed as the random pick of the all-tribes rule (R7.3).
    pub collapse: bool,
}

/// The all-tribes rule firing (R7.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Collapse {
    /// After which segment.
    pub segment: Segment,
    /// The tribe removed at random, `None` when only one tribe existed.
    pub removed: Option<TribeId>,
}

/// What became of a survivor's movement (R6).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveOutcome {
    /// Moved into the tribe.
    Moved(TribeId),
    /// Moved into a tribe removed this round: outcast (R6.5).
    IntoRemoved(TribeId),
    /// Its move was void: it became an outcast this round (R6.3).
    VoidOutcast(TribeId),
    /// Its move was void: it was eliminated this round.
    VoidEliminated(TribeId),
    /// An outcast with no move, placed at random (R6.7).
    Placed(TribeId),
    /// An outcast with no move, kept outcast (R6.7 option `stay`).
    Stayed,
}

/// The moderator's full report of one round.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RoundReport {
    /// Round number, from 1.
    pub round: u16,
    /// Rejected lines, by player name then line (R3.4).
    pub rejections: Vec<Rejection>,
    /// Replaced lines (R3.5).
    pub replacements: Vec<Replacement>,
    /// Every assassination, by attacker ID (R4.2).
    pub attacks: Vec<Attack>,
    /// Survivors eliminated in the Assassination segment, by ID.
    pub assassinated: Vec<SurvivorId>,
    /// Idols played, by survivor ID (R5.3).
    pub idols: Vec<IdolPlay>,
    /// Whether the Voting segment was skipped (R7.3).
    pub voting_skipped: bool,
    /// Each tribe's vote, by tribe (R5).
    pub tallies: Vec<Tally>,
    /// Survivors eliminated in the Voting segment, by ID.
    pub voted_out: Vec<SurvivorId>,
    /// Tribes removed, in order (R7).
    pub removals: Vec<Removal>,
    /// The all-tribes rule, if it fired (R7.3).
    pub collapse: Option<Collapse>,
    /// Survivors that became outcasts, and why, in the order it happened.
    pub new_outcasts: Vec<(SurvivorId, OutcastCause)>,
    /// Movement outcomes, by survivor ID (R6).
    pub moves: Vec<(SurvivorId, MoveOutcome)>,
    /// Players whose last survivor fell this round, and when (R8.4).
    pub players_out: Vec<(PlayerId, Segment)>,
    /// Idols and garnets per player after this round's idol lines (R5.4).
    pub holdings: Vec<Holdings>,
    /// Whether the R8.3 garnet award was fixed at the end of this round.
    pub garnet_award_fixed: bool,
    /// Whether the game ended at the end of this round (R8.1).
    pub game_over: bool,
    /// What each of the moderator's events given with the round did (R10).
    pub events: Vec<crate::events::EventNote>,
    /// Survivors that left the game by a removal (R10.2), and at the start
    /// of which segment: the round's start first, then the Voting
    /// segment's, each by ID.
    pub modkilled: Vec<(SurvivorId, Segment)>,
}

impl RoundReport {
    /// Tribes removed this round, in letter order.
    pub fn removed_tribes(&self) -> Vec<TribeId> {
        let mut v: Vec<TribeId> = self.removals.iter().map(|r| r.tribe).collect();
        console_core::text::sort_small(&mut v, |t| *t);
        v
    }

    /// Every survivor eliminated this round, by ID.
    pub fn eliminated(&self) -> Vec<SurvivorId> {
        let mut v: Vec<SurvivorId> = self
            .assassinated
            .iter()
            .chain(&self.voted_out)
            .chain(self.modkilled.iter().map(|(s, _)| s))
            .copied()
            .collect();
        console_core::text::sort_small(&mut v, |s| *s);
        v
    }
}
