//! A whole game: the setup, the starting state and every phase's raw
//! inputs with what they produced, so the game replays exactly from its
//! seed and inputs (S1.6) and the last phase can be undone. The UI asks it
//! what is legal and shows its reports; it never applies a rule itself.

use crate::count::{Electorate, VoteCount};
use crate::day::{self, DayInput, Post};
use crate::night::{self, NightInput};
use crate::phase::{Phase, PhaseKind};
use crate::report::{DecisionRequest, NoVote, PhaseReport};
use crate::roster::PlayerId;
use crate::setup::{Dealt, Setup};
use crate::state::State;
use crate::verb::Verb;
use console_core::events::Event;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One phase's input: a night's messages or a day's thread.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PhaseInput {
    /// A night (S2.1).
    Night(NightInput),
    /// A day (S2.1).
    Day(DayInput),
}

impl PhaseInput {
    /// An empty input of the right kind for `phase`.
    pub fn empty(phase: Phase) -> PhaseInput {
        match phase.kind {
            PhaseKind::Night => PhaseInput::Night(NightInput::default()),
            PhaseKind::Day => PhaseInput::Day(DayInput::default()),
        }
    }

    /// Night or day.
    pub fn kind(&self) -> PhaseKind {
        match self {
            PhaseInput::Night(_) => PhaseKind::Night,
            PhaseInput::Day(_) => PhaseKind::Day,
        }
    }

    /// Every player ID the input mentions.
    fn players(&self) -> impl Iterator<Item = PlayerId> + '_ {
        let (a, b, c): (Vec<PlayerId>, Vec<PlayerId>, Vec<PlayerId>) = match self {
            PhaseInput::Night(n) => (
                n.actions.keys().copied().collect(),
                n.decisions.keys().copied().collect(),
                Vec::new(),
            ),
            PhaseInput::Day(d) => (
                d.posts.iter().map(|p| p.author).collect(),
                d.revote.iter().map(|p| p.author).collect(),
                d.decisions.keys().copied().collect(),
            ),
        };
        a.into_iter().chain(b).chain(c)
    }
}

/// Why an input cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The game is over (S8.2).
    GameOver,
    /// A night's input for a day or the reverse.
    WrongPhase {
        /// The phase to play.
        phase: Phase,
    },
    /// A player ID outside the roster.
    UnknownPlayer(usize),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::GameOver => write!(f, "the game is over"),
            InputError::WrongPhase { phase } => {
                write!(f, "the phase to play is {phase}: give its kind of input")
            }
            InputError::UnknownPlayer(i) => write!(f, "player #{i} is not in this game"),
        }
    }
}

impl std::error::Error for InputError {}

/// One phase as the moderator commits it through the engine contract
/// ([`console_core::Session`]): its input and the events drafted for it
/// (S10: replacements, removals, extensions), applied at its start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhasePlay {
    /// The night's messages or the day's thread.
    pub input: PhaseInput,
    /// The moderator's events (S10), in the order given.
    pub events: Vec<Event>,
}

impl From<PhaseInput> for PhasePlay {
    /// A phase with no events.
    fn from(input: PhaseInput) -> PhasePlay {
        PhasePlay {
            input,
            events: Vec::new(),
        }
    }
}

/// One phase as played: its raw input, report, and the state after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedPhase {
    /// The input as given.
    pub input: PhaseInput,
    /// The moderator's events given with the phase (S10), applied at its
    /// start; undone with it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
    /// What happened and why.
    pub report: PhaseReport,
    /// The state after the phase.
    pub after: State,
}

/// What the UI may offer a player this phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legal {
    /// Night verbs the player may send (S3), none by day.
    pub verbs: Vec<Verb>,
    /// By day: the player's vote weight (S5.2), or why they may not vote.
    pub vote: Option<Result<u8, NoVote>>,
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    setup: Setup,
    start: State,
    phases: Vec<PlayedPhase>,
}

impl Game {
    /// A game from its setup and starting state.
    pub fn new(setup: Setup, start: State) -> Game {
        Game {
            setup,
            start,
            phases: Vec::new(),
        }
    }

    /// A freshly dealt game at night 1 (S1.4, S1.5).
    pub fn from_deal(dealt: Dealt) -> Game {
        let start = State::start(&dealt.setup, dealt.spotlight);
        Game::new(dealt.setup, start)
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The state before the first phase.
    pub fn start(&self) -> &State {
        &self.start
    }

    /// The current state (after the last phase played).
    pub fn state(&self) -> &State {
        self.phases.last().map_or(&self.start, |p| &p.after)
    }

    /// The state before phase `i` (0-based) of [`Game::phases`].
    pub fn state_before(&self, i: usize) -> &State {
        if i == 0 {
            &self.start
        } else {
            &self.phases[i - 1].after
        }
    }

    /// How names are read in the phase to play (S2.3: the game's
    /// nicknames and refused guesses in force, S10.1: replaced slots under
    /// their new names with their former names as nicknames): for the
    /// thread splitter ([`split_thread_as`](crate::thread::split_thread_as))
    /// and bulk pastes.
    pub fn names(&self) -> crate::roster::Names {
        self.current_setup().names(self.phase())
    }

    /// How names are read in the phase to play once the moderator's
    /// `events` drafted for it apply (S10.1: a replacement drafted for
    /// this phase already counts posts from the new name).
    pub fn names_with(&self, events: &[Event]) -> crate::roster::Names {
        let (st, _) = crate::events::apply(&self.setup, self.state(), events);
        self.setup.slotted(st.replaced()).names(self.phase())
    }

    /// The phase to play as it starts once the moderator's `events`
    /// drafted for it apply (S10.2): the setup naming the slots, the
    /// state (removed players are Memories) and what each event did. For
    /// the day screen's live count ([`Counter::owned`](crate::day::Counter::owned)
    /// with this setup and state) and the events' preview.
    pub fn start_with(&self, events: &[Event]) -> (Setup, State, Vec<crate::events::EventNote>) {
        let (st, notes) = crate::events::apply(&self.setup, self.state(), events);
        (self.setup.slotted(st.replaced()), st, notes)
    }

    /// The setup as the slots are named in `state` (S10.1): a replaced
    /// slot under its new name. Posts and screens name players with it.
    pub fn setup_of(&self, state: &State) -> Setup {
        self.setup.slotted(state.replaced())
    }

    /// The setup as the slots are named now ([`Game::setup_of`] the
    /// current state).
    pub fn current_setup(&self) -> Setup {
        self.setup_of(self.state())
    }

    /// Keeps `nickname` for `player` from the phase to play on (S2.7, the
    /// moderator's "make nickname"); phases already played are unchanged.
    ///
    /// # Errors
    ///
    /// [`SetupError`](crate::setup::SetupError) when the nickname is not
    /// valid, is another player's name or another player's nickname.
    pub fn add_nickname(
        &mut self,
        player: PlayerId,
        nickname: &str,
    ) -> Result<(), crate::setup::SetupError> {
        let phase = self.phase();
        self.setup.add_nickname(player, nickname, phase)
    }

    /// Refuses a guess from the phase to play on (S2.7, the moderator's
    /// "reject"): the text is never read as a guess again.
    pub fn refuse_guess(&mut self, text: &str) {
        let phase = self.phase();
        self.setup.refuse_guess(text, phase);
    }

    /// The phase to play next.
    pub fn phase(&self) -> Phase {
        self.state().phase()
    }

    /// Every phase played, oldest first.
    pub fn phases(&self) -> &[PlayedPhase] {
        &self.phases
    }

    /// Whether the game is over (S8.2).
    pub fn is_over(&self) -> bool {
        self.state().is_over()
    }

    fn check(&self, input: &PhaseInput) -> Result<(), InputError> {
        if self.is_over() {
            return Err(InputError::GameOver);
        }
        if input.kind() != self.phase().kind {
            return Err(InputError::WrongPhase {
                phase: self.phase(),
            });
        }
        let n = self.setup.roster.len();
        if let Some(p) = input.players().find(|p| p.index() >= n) {
            return Err(InputError::UnknownPlayer(p.index()));
        }
        Ok(())
    }

    fn play(&self, input: &PhaseInput, events: &[Event]) -> (State, PhaseReport) {
        let (start, mut notes) = crate::events::apply(&self.setup, self.state(), events);
        let setup = self.setup.slotted(start.replaced());
        let (after, mut report) = if start.is_over() {
            // S10.4: the game ended by a removal; the phase closes with
            // nothing read.
            if input.players().next().is_some() {
                notes.push(crate::events::EventNote::InputNotRead);
            }
            match input {
                PhaseInput::Night(_) => night::play_night(&setup, &start, &NightInput::default()),
                PhaseInput::Day(_) => day::play_day(&setup, &start, &DayInput::default()),
            }
        } else {
            match input {
                PhaseInput::Night(n) => night::play_night(&setup, &start, n),
                PhaseInput::Day(d) => day::play_day(&setup, &start, d),
            }
        };
        report.events = notes;
        (after, report)
    }

    /// What the current phase would do with `input`, without committing it
    /// (the live preview of the night or day screen).
    ///
    /// # Errors
    ///
    /// [`InputError::GameOver`] if the game is over, [`InputError::WrongPhase`]
    /// if `input` is a night's input for a day or the reverse, and
    /// [`InputError::UnknownPlayer`] if it names a player ID outside the
    /// roster.
    pub fn preview(&self, input: &PhaseInput) -> Result<PhaseReport, InputError> {
        self.preview_with(input, &[])
    }

    /// [`Game::preview`] with the moderator's events drafted for the phase
    /// (S10).
    ///
    /// # Errors
    ///
    /// As [`Game::preview`].
    pub fn preview_with(
        &self,
        input: &PhaseInput,
        events: &[Event],
    ) -> Result<PhaseReport, InputError> {
        self.check(input)?;
        Ok(self.play(input, events).1)
    }

    /// Plays the current phase with `input` and keeps it.
    ///
    /// # Errors
    ///
    /// As [`Game::preview`]: [`InputError::GameOver`],
    /// [`InputError::WrongPhase`] or [`InputError::UnknownPlayer`]; the game is
    /// then unchanged.
    pub fn commit(&mut self, input: PhaseInput) -> Result<&PlayedPhase, InputError> {
        self.commit_with(input, Vec::new())
    }

    /// Plays the current phase with `input` and the moderator's `events`
    /// (S10: replacements, removals, extensions, applied at the phase's
    /// start) and keeps both; [`Game::undo`] drops them together. A
    /// removal that ends the game (S10.4) closes the phase with its input
    /// unread (the report says so).
    ///
    /// # Errors
    ///
    /// As [`Game::preview`]; the game is then unchanged.
    ///
    /// # Panics
    ///
    /// Never: the phase just pushed is the last one.
    pub fn commit_with(
        &mut self,
        input: PhaseInput,
        events: Vec<Event>,
    ) -> Result<&PlayedPhase, InputError> {
        self.check(&input)?;
        let (after, report) = self.play(&input, &events);
        self.phases.push(PlayedPhase {
            input,
            events,
            report,
            after,
        });
        Ok(self.phases.last().expect("just pushed"))
    }

    /// Undoes the last phase played, returning it (its input can be edited
    /// and committed again). Nicknames and refused guesses kept from a
    /// phase after the one now to play are dropped with it.
    pub fn undo(&mut self) -> Option<PlayedPhase> {
        let played = self.phases.pop()?;
        let phase = self.phase();
        self.setup
            .nicknames
            .retain(|n| n.from.is_none_or(|f| f <= phase));
        self.setup
            .no_guess
            .retain(|n| n.from.is_none_or(|f| f <= phase));
        Some(played)
    }

    /// The living players whose card has a night action this night and who
    /// have no accepted line in `input` yet. Empty by day.
    pub fn missing_actions(&self, input: &NightInput) -> Vec<PlayerId> {
        let state = self.state();
        if !state.phase().is_night() || self.is_over() {
            return Vec::new();
        }
        let valid: NightInput = NightInput {
            actions: input
                .actions
                .iter()
                .filter(|(p, _)| p.index() < self.setup.roster.len())
                .map(|(p, t)| (*p, t.clone()))
                .collect(),
            decisions: Default::default(),
        };
        let setup = self.current_setup();
        let orders = night::read_orders(&setup, state, &valid.actions);
        night::missing(&setup, state, &orders)
    }

    /// The decisions the eliminations of `input` call for (GMO revenge,
    /// Polar Bear sole/bar, Spotlight handover), each with whether it is
    /// given, so the UI can ask for them by name before committing. A
    /// decision given can cause further eliminations: ask again after
    /// each change.
    pub fn decisions_needed(&self, input: &PhaseInput) -> Vec<DecisionRequest> {
        self.preview(input).map(|r| r.decisions).unwrap_or_default()
    }

    /// What `p` may do this phase: night verbs, or by day the vote weight.
    pub fn legal(&self, p: PlayerId) -> Legal {
        let state = self.state();
        if p.index() >= self.setup.roster.len() || self.is_over() {
            return Legal {
                verbs: Vec::new(),
                vote: None,
            };
        }
        if state.phase().is_night() {
            Legal {
                verbs: night::legal_verbs(&self.current_setup(), state, p),
                vote: None,
            }
        } else {
            Legal {
                verbs: Vec::new(),
                vote: Some(Electorate::new(&self.setup, state).weight(p)),
            }
        }
    }

    /// The vote count of the current day after the first `upto` posts
    /// (S5.5, S9.2). `None` at night or when the game is over.
    pub fn count_at(&self, posts: &[Post], upto: usize) -> Option<VoteCount> {
        let state = self.state();
        if state.phase().is_night() || self.is_over() {
            return None;
        }
        let n = self.setup.roster.len();
        let upto = upto.min(posts.len());
        if posts[..upto].iter().any(|p| p.author.index() >= n) {
            return None;
        }
        Some(day::count_at(&self.current_setup(), state, posts, upto))
    }
}
