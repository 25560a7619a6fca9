//! A whole game: setup, starting position, every round played and the
//! moderator's events of the round under way (R10), so that it replays
//! exactly (R1.5) and the last round or event can be undone.

use crate::adjudicate::Adjudicator;
use crate::events::{self, Applied, EventNote, RoundEvent};
use crate::player::{PlayerId, Roster};
use crate::position::{Position, Segment, Setup};
use crate::report::RoundReport;
use console_core::events::Replaced;

/// One round as played: the texts as submitted, the moderator's events
/// given with it, the report and the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedRound {
    /// (player, text) as submitted, roster order.
    pub submissions: Vec<(PlayerId, String)>,
    /// The moderator's events given with the round (R10), in order.
    pub events: Vec<RoundEvent>,
    /// The players' names during the round (after its replacements).
    pub players: Roster,
    /// The moderator's report (with what each event did, `report.events`).
    pub report: RoundReport,
    /// The position at the end of the round.
    pub after: Position,
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The setup as dealt (names as dealt).
    dealt: Setup,
    start: Position,
    rounds: Vec<PlayedRound>,
    /// The events given with the round under way.
    pending: Vec<RoundEvent>,
    /// The setup now: names after every replacement (R10.1).
    setup: Setup,
    /// The pending events applied to the position after the last round.
    applied: Applied,
}

impl Game {
    /// A game from its setup and round-1 position (from `deal` or a case).
    pub fn new(setup: Setup, start: Position) -> Game {
        let applied = events::apply(&setup, &[], &start, &[]);
        Game {
            dealt: setup.clone(),
            start,
            rounds: Vec::new(),
            pending: Vec::new(),
            setup,
            applied,
        }
    }

    /// The setup now: the players named as after every replacement so far
    /// (R10.1, former names read as their slot's), the rest as dealt.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The setup as dealt (the names at the deal), as the game file keeps it.
    pub fn dealt_setup(&self) -> &Setup {
        &self.dealt
    }

    /// The position at the start of round 1.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position: after the last round played, with the round
    /// under way's removals at its start (R10.2) applied.
    pub fn position(&self) -> &Position {
        &self.applied.position
    }

    /// The position after the first `rounds` rounds of this game (0: its
    /// start; past the last round played: the position after it, before
    /// the round under way's events).
    pub fn position_at(&self, rounds: usize) -> &Position {
        match rounds {
            0 => &self.start,
            n => self
                .rounds
                .get(n - 1)
                .or(self.rounds.last())
                .map_or(&self.start, |r| &r.after),
        }
    }

    /// Rounds played, oldest first.
    pub fn rounds(&self) -> &[PlayedRound] {
        &self.rounds
    }

    /// The events given with the round under way (R10), in order.
    pub fn pending_events(&self) -> &[RoundEvent] {
        &self.pending
    }

    /// What each of the round under way's events did (R10), in order.
    pub fn pending_notes(&self) -> &[EventNote] {
        &self.applied.notes
    }

    /// Survivors the round under way's removals at its start took out of
    /// the game (R10.2), by ID.
    pub fn pending_removed(&self) -> &[crate::SurvivorId] {
        &self.applied.removed
    }

    /// The setup of a played round: names as they were during it.
    pub fn round_setup(&self, round: &PlayedRound) -> Setup {
        let mut s = self.dealt.clone();
        s.players = round.players.clone();
        s
    }

    /// Every replacement so far, oldest first (R10.1).
    pub fn replaced(&self) -> &[Replaced] {
        &self.applied.replaced
    }

    /// The replacements given with the first `rounds` rounds played,
    /// oldest first (those of the round under way are not among them
    /// unless `rounds` passes the last round played).
    pub fn replaced_before(&self, rounds: usize) -> &[Replaced] {
        if rounds > self.rounds.len() {
            return &self.applied.replaced;
        }
        let n: usize = self.rounds[..rounds]
            .iter()
            .map(|r| replacements(&r.report))
            .sum();
        &self.applied.replaced[..n.min(self.applied.replaced.len())]
    }

    /// Whether the game has ended (R8.1, R10.5).
    pub fn is_over(&self) -> bool {
        self.position().is_game_over()
    }

    /// Recomputes the pending events' effect and the names now.
    fn refresh(&mut self) {
        let before: usize = self.rounds.iter().map(|r| replacements(&r.report)).sum();
        let mut replaced = self.applied.replaced.clone();
        replaced.truncate(before);
        let base = self.rounds.last().map_or(&self.start, |r| &r.after);
        self.applied = events::apply(&self.dealt, &replaced, base, &self.pending);
        self.setup.players = events::roster_after(&self.dealt, &self.applied.replaced);
    }

    /// Gives an event with the round under way (R10): applied at once to
    /// the names and the position the round is played from. Returns what
    /// it did; a refused event (R10.6) is kept, changing nothing (undo it
    /// with [`Game::undo_event`] to drop it).
    ///
    /// # Panics
    ///
    /// Never: [`events::apply`] gives one note per event.
    pub fn add_event(&mut self, event: RoundEvent) -> &EventNote {
        self.pending.push(event);
        self.refresh();
        self.applied.notes.last().expect("one note per event")
    }

    /// Takes back the round under way's last event.
    pub fn undo_event(&mut self) -> Option<RoundEvent> {
        let e = self.pending.pop()?;
        self.refresh();
        Some(e)
    }

    /// Plays the next round with these submissions and the round's events
    /// (see [`crate::play_round`]). Returns `None`, changing nothing, when
    /// the game is over.
    pub fn play(&mut self, submissions: &[(PlayerId, &str)]) -> Option<&PlayedRound> {
        if self.is_over() {
            return None;
        }
        let (after, report) = self.run(submissions);
        let mut subs: Vec<(PlayerId, String)> = Vec::with_capacity(submissions.len());
        for &(p, t) in submissions {
            if !subs.iter().any(|(q, _)| *q == p) {
                subs.push((p, t.to_string()));
            }
        }
        console_core::text::sort_small(&mut subs, |(p, _)| *p); // one per player
        self.rounds.push(PlayedRound {
            submissions: subs,
            events: std::mem::take(&mut self.pending),
            players: self.setup.players.clone(),
            report,
            after,
        });
        self.refresh();
        self.rounds.last()
    }

    /// The round under way played with `submissions` and its events, not
    /// kept: the position after it and the report.
    pub fn run(&self, submissions: &[(PlayerId, &str)]) -> (Position, RoundReport) {
        let mut after = self.applied.position.clone();
        let mut report = RoundReport::default();
        Adjudicator::default().play_round_removing(
            &self.setup,
            &mut after,
            submissions,
            &self.applied.at_voting,
            &mut report,
        );
        let mut removed: Vec<(crate::SurvivorId, Segment)> = self
            .applied
            .removed
            .iter()
            .map(|s| (*s, Segment::Assassination))
            .collect();
        removed.append(&mut report.modkilled);
        report.modkilled = removed;
        report.events = self.applied.notes.clone();
        (after, report)
    }

    /// Undoes the last round played with its events (R10), returning it.
    /// The round under way's events come first: while there are any,
    /// nothing is undone here (undo them with [`Game::undo_event`]).
    pub fn undo(&mut self) -> Option<PlayedRound> {
        if !self.pending.is_empty() {
            return None;
        }
        let r = self.rounds.pop()?;
        self.refresh();
        Some(r)
    }
}

/// Replacements a round's events applied.
fn replacements(r: &RoundReport) -> usize {
    r.events
        .iter()
        .filter(|e| matches!(e, EventNote::Replace { .. }))
        .count()
}
