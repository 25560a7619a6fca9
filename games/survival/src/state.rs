//! The state of a game between phases: who is alive (the rest are
//! Memories), buddies, the Spotlight, Nairobi, the Forest Ranger's last
//! protection, the Engineer's used cards, the PPA's summoned players, a
//! pending Polar Bear decision, the phase to play next and, once over, the
//! winners.

use crate::phase::Phase;
use crate::roster::{PlayerId, PlayerSet};
use crate::setup::Setup;
use crate::win::Winner;
use console_core::events::Replaced;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The Engineer's once-per-game cards already used (S3.5).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct EngineerUsed {
    /// `bomb` used.
    pub bomb: bool,
    /// `shield` used.
    pub shield: bool,
}

/// A Polar Bear decision (S7.3), applying to the next day.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PolarDecision {
    /// Only this player may vote.
    Sole(PlayerId),
    /// This player may not vote.
    Bar(PlayerId),
}

impl PolarDecision {
    /// The player it names.
    pub fn player(self) -> PlayerId {
        match self {
            PolarDecision::Sole(p) | PolarDecision::Bar(p) => p,
        }
    }
}

/// Why a starting state is inconsistent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateError(pub String);

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateError {}

/// The state of a game at the start of a phase (or at its end).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub(crate) phase: Phase,
    pub(crate) alive: PlayerSet,
    pub(crate) buddies: Option<[PlayerId; 2]>,
    pub(crate) spotlight: Option<PlayerId>,
    pub(crate) nairobi: Option<PlayerId>,
    pub(crate) last_protected: Option<PlayerId>,
    pub(crate) engineer_used: EngineerUsed,
    pub(crate) summoned: PlayerSet,
    pub(crate) polar_bear: Option<PolarDecision>,
    pub(crate) winners: Option<Vec<Winner>>,
    /// Replacements so far (S10.1), oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) replaced: Vec<Replaced>,
}

/// What a state may start from other than a fresh deal (the case format's
/// members): every field optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartSpec {
    /// The first phase (default night 1).
    pub first: Option<Phase>,
    /// Players already eliminated.
    pub dead: Vec<PlayerId>,
    /// The Spotlight holder.
    pub spotlight: Option<PlayerId>,
    /// Buddies already formed.
    pub buddies: Option<[PlayerId; 2]>,
    /// Engineer cards used.
    pub engineer_used: EngineerUsed,
    /// Whom the Forest Ranger protected the night before.
    pub last_protected: Option<PlayerId>,
    /// Players summoned in earlier nights.
    pub summoned_before: Vec<PlayerId>,
    /// A Polar Bear decision pending for the first day.
    pub polar_bear: Option<PolarDecision>,
    /// The player in Nairobi when the first phase is a day.
    pub nairobi: Option<PlayerId>,
}

impl State {
    /// Night 1 of a fresh deal: everyone alive, the Spotlight holder (S1.5).
    pub fn start(setup: &Setup, spotlight: Option<PlayerId>) -> State {
        State {
            phase: Phase::FIRST,
            alive: setup.roster.all(),
            buddies: None,
            spotlight,
            nairobi: None,
            last_protected: None,
            engineer_used: EngineerUsed::default(),
            summoned: PlayerSet::EMPTY,
            polar_bear: None,
            winners: None,
            replaced: Vec::new(),
        }
    }

    /// A state in the middle of a game (the case format).
    ///
    /// # Errors
    ///
    /// A [`StateError`] saying what is wrong: a first phase numbered 0, a
    /// Memory holding the Spotlight, Nairobi given when the first phase is a
    /// night or naming a Memory, or buddies naming one player twice.
    pub fn custom(setup: &Setup, spec: &StartSpec) -> Result<State, StateError> {
        let mut alive = setup.roster.all();
        for p in &spec.dead {
            alive.remove(*p);
        }
        let name = |p: PlayerId| setup.roster.name(p).to_string();
        let phase = spec.first.unwrap_or(Phase::FIRST);
        if phase.number == 0 {
            return Err(StateError("phases are numbered from 1".into()));
        }
        if let Some(p) = spec.spotlight
            && !alive.contains(p)
        {
            return Err(StateError(format!(
                "the Spotlight holder {:?} is a Memory",
                name(p)
            )));
        }
        if let Some(p) = spec.nairobi {
            if phase.is_night() {
                return Err(StateError(
                    "nairobi is given but the first phase is a night".into(),
                ));
            }
            if !alive.contains(p) {
                return Err(StateError(format!(
                    "the player in Nairobi {:?} is a Memory",
                    name(p)
                )));
            }
        }
        let buddies = match spec.buddies {
            Some([a, b]) if a == b => {
                return Err(StateError(format!(
                    "buddies name {:?} twice: buddies are two different players",
                    name(a)
                )));
            }
            Some([a, b]) => Some(if a < b { [a, b] } else { [b, a] }),
            None => None,
        };
        Ok(State {
            phase,
            alive,
            buddies,
            spotlight: spec.spotlight,
            nairobi: spec.nairobi,
            last_protected: spec.last_protected,
            engineer_used: spec.engineer_used,
            summoned: spec.summoned_before.iter().copied().collect(),
            polar_bear: spec.polar_bear,
            winners: None,
            replaced: Vec::new(),
        })
    }

    /// The phase to play next (after the last one played).
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The living players.
    pub fn alive(&self) -> PlayerSet {
        self.alive
    }

    /// Whether `p` is alive (not a Memory).
    pub fn is_alive(&self, p: PlayerId) -> bool {
        self.alive.contains(p)
    }

    /// The buddies (S3.7), in roster order, once formed.
    pub fn buddies(&self) -> Option<[PlayerId; 2]> {
        self.buddies
    }

    /// The other buddy of `p`, if `p` is a buddy.
    pub fn buddy_of(&self, p: PlayerId) -> Option<PlayerId> {
        match self.buddies {
            Some([a, b]) if a == p => Some(b),
            Some([a, b]) if b == p => Some(a),
            _ => None,
        }
    }

    /// The Spotlight holder (S1.5, S7.4).
    pub fn spotlight(&self) -> Option<PlayerId> {
        self.spotlight
    }

    /// The player in Nairobi for the coming day (S3.6), if any.
    pub fn nairobi(&self) -> Option<PlayerId> {
        self.nairobi
    }

    /// Whom the Forest Ranger protected the night before (S3.2).
    pub fn last_protected(&self) -> Option<PlayerId> {
        self.last_protected
    }

    /// The Engineer's used cards (S3.5).
    pub fn engineer_used(&self) -> EngineerUsed {
        self.engineer_used
    }

    /// Players the PPA has summoned this game (S3.6).
    pub fn summoned(&self) -> PlayerSet {
        self.summoned
    }

    /// The Polar Bear decision pending for the next day (S7.3).
    pub fn polar_bear(&self) -> Option<PolarDecision> {
        self.polar_bear
    }

    /// The winners once the game is over (S8), else `None`.
    pub fn winners(&self) -> Option<&[Winner]> {
        self.winners.as_deref()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.winners.is_some()
    }

    /// The replacements made so far (S10.1), oldest first: each slot's
    /// old and new name.
    pub fn replaced(&self) -> &[Replaced] {
        &self.replaced
    }
}
