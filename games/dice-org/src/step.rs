//! One step of a season: its input ([`Entry`]), what it produced
//! ([`StepReport`]), and the one dispatcher both the app and the case
//! command use ([`apply`]).

use crate::camp::{CampInput, CampReport, camp};
use crate::competition::{CompetitionInput, CompetitionReport, competition};
use crate::conversation::{ConversationInput, ConversationReport, conversation};
use crate::dice::Dice;
use crate::edit::{Edit, EditReport, edit};
use crate::final_vote::{FinalInput, FinalReport, final_vote};
use crate::report::{Rejection, StepError};
use crate::state::{Phase, State};
use crate::vote::{RevoteInput, RevoteStepReport, VoteInput, VoteReport, revote, vote};
use serde::{Deserialize, Serialize};

/// A step's input: a phase of a round, or a production edit.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// D4.
    Competition(CompetitionInput),
    /// D5.
    Camp(CampInput),
    /// D6.
    Conversation(ConversationInput),
    /// D7.
    Vote(VoteInput),
    /// D7.5: the revote of a tied vote, as a step of its own.
    Revote(RevoteInput),
    /// D8.
    Final(FinalInput),
    /// D9.
    Edit(Edit),
}

impl Entry {
    /// The phase it plays, or `None` for an edit.
    pub fn phase(&self) -> Option<Phase> {
        match self {
            Entry::Competition(_) => Some(Phase::Competition),
            Entry::Camp(_) => Some(Phase::Camp),
            Entry::Conversation(_) => Some(Phase::Conversation),
            Entry::Vote(_) => Some(Phase::Vote),
            Entry::Revote(_) => Some(Phase::Revote),
            Entry::Final(_) => Some(Phase::Final),
            Entry::Edit(_) => None,
        }
    }

    /// The step's name in records: `competition`, `camp`, `conversation`,
    /// `vote`, `revote`, `final`, `edit`.
    pub fn kind(&self) -> &'static str {
        match self {
            Entry::Competition(_) => "competition",
            Entry::Camp(_) => "camp",
            Entry::Conversation(_) => "conversation",
            Entry::Vote(_) => "vote",
            Entry::Revote(_) => "revote",
            Entry::Final(_) => "final",
            Entry::Edit(_) => "edit",
        }
    }
}

/// What a step produced: why each result is what it is.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepReport {
    /// D4.
    Competition(CompetitionReport),
    /// D5.
    Camp(CampReport),
    /// D6.
    Conversation(ConversationReport),
    /// D7.
    Vote(VoteReport),
    /// D7.5.
    Revote(RevoteStepReport),
    /// D8.
    Final(FinalReport),
    /// D9.
    Edit(EditReport),
}

impl StepReport {
    /// The choices the rules refused in this step.
    pub fn rejected(&self) -> &[Rejection] {
        match self {
            StepReport::Competition(r) => &r.rejected,
            StepReport::Camp(r) => &r.rejected,
            StepReport::Conversation(r) => &r.rejected,
            StepReport::Vote(r) => &r.rejected,
            StepReport::Revote(r) => &r.rejected,
            StepReport::Final(r) => &r.rejected,
            StepReport::Edit(_) => &[],
        }
    }
}

/// Plays one step on `state`, drawing dice from `dice`: the state after and
/// the report. Pure: the same state, entry and dice give the same result.
///
/// # Errors
///
/// The [`StepError`] of the step played (see [`competition`], [`camp`],
/// [`conversation`], [`vote`], [`revote`], [`final_vote`] and [`edit`]);
/// [`StepError::Invalid`] for a round's step while a revote is due (D7.5:
/// only the revote or a production edit then); nothing is applied then.
pub fn apply(
    state: &State,
    entry: &Entry,
    dice: &mut Dice,
) -> Result<(State, StepReport), StepError> {
    if state.revote_due.is_some() && !matches!(entry, Entry::Revote(_) | Entry::Edit(_)) {
        return Err(StepError::Invalid(format!(
            "the vote's revote is due (D7.5): a {} step comes after it",
            entry.kind()
        )));
    }
    let (mut after, report) = apply_step(state, entry, dice)?;
    if !matches!(entry, Entry::Edit(_)) {
        // D9.6: a deadline is the phase's; the next phase gets its own.
        after.deadline = Default::default();
    }
    Ok((after, report))
}

fn apply_step(
    state: &State,
    entry: &Entry,
    dice: &mut Dice,
) -> Result<(State, StepReport), StepError> {
    Ok(match entry {
        Entry::Competition(i) => {
            let (s, r) = competition(state, i, dice)?;
            (s, StepReport::Competition(r))
        }
        Entry::Camp(i) => {
            let (s, r) = camp(state, i, dice)?;
            (s, StepReport::Camp(r))
        }
        Entry::Conversation(i) => {
            let (s, r) = conversation(state, i)?;
            (s, StepReport::Conversation(r))
        }
        Entry::Vote(i) => {
            let (s, r) = vote(state, i, dice)?;
            (s, StepReport::Vote(r))
        }
        Entry::Revote(i) => {
            let (s, r) = revote(state, i, dice)?;
            (s, StepReport::Revote(r))
        }
        Entry::Final(i) => {
            let (s, r) = final_vote(state, i, dice)?;
            (s, StepReport::Final(r))
        }
        Entry::Edit(e) => {
            let (s, r) = edit(state, e)?;
            (s, StepReport::Edit(r))
        }
    })
}
