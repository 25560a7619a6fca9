//! Dice ORG as a [`Session`] (the engine contract of `console_core`): one
//! phase is one step of the round (competition D4, camp D5, a conversation
//! slot D6, vote D7, the final D8) or a production edit (D9). Players are
//! named by their names, as the producers' inputs name them.

use crate::report::StepError;
use crate::season::{Needs, Season};
use crate::state::Phase;
use crate::step::{Entry, StepReport};
use console_core::Session;

impl Session for Season {
    type Input = Entry;
    type Report = StepReport;
    type Error = StepError;
    type Player = String;

    fn preview(&self, input: &Entry) -> Result<StepReport, StepError> {
        self.dry_run(input)
    }

    fn commit(&mut self, input: Entry) -> Result<StepReport, StepError> {
        self.play(input).map(|p| p.report.clone())
    }

    fn undo(&mut self) -> Option<Entry> {
        Season::undo(self).map(|p| p.entry)
    }

    /// The players whose DM the next phase still lacks, roster order:
    /// participants or members with no choice given (their defaults apply,
    /// D4, D5), players with no conversation wishes (D6), voters with no
    /// ballot (D7), revoters with no revote (D7.5), jurors with no vote
    /// (D8). An edit owes nothing.
    fn owed(&self, input: &Entry) -> Vec<String> {
        let missing = |names: Vec<String>, given: &dyn Fn(&str) -> bool| -> Vec<String> {
            names.into_iter().filter(|n| !given(n)).collect()
        };
        match (self.needs(), input) {
            (Needs::Competition { participants, .. }, Entry::Competition(i)) => {
                missing(participants.into_iter().map(|o| o.name).collect(), &|n| {
                    i.choices.contains_key(n)
                })
            }
            (Needs::Competition { participants, .. }, _) => {
                participants.into_iter().map(|o| o.name).collect()
            }
            (Needs::Camp { teams }, input) => {
                let names = teams
                    .into_iter()
                    .flat_map(|t| t.members)
                    .map(|o| o.name)
                    .collect();
                match input {
                    Entry::Camp(i) => missing(names, &|n| i.choices.contains_key(n)),
                    _ => names,
                }
            }
            (Needs::Conversation { players, .. }, Entry::Conversation(i)) => {
                missing(players, &|n| i.prefs.contains_key(n))
            }
            (Needs::Conversation { players, .. }, _) => players,
            (Needs::Vote { voters, .. }, Entry::Vote(i)) => {
                missing(voters, &|n| i.votes.contains_key(n))
            }
            (Needs::Vote { voters, .. }, _) => voters,
            (Needs::Revote { voters, .. }, Entry::Revote(i)) => {
                missing(voters, &|n| i.revote.contains_key(n))
            }
            (Needs::Revote { voters, .. }, _) => voters,
            (Needs::Final { jury, .. }, Entry::Final(i)) => {
                missing(jury, &|n| i.votes.contains_key(n))
            }
            (Needs::Final { jury, .. }, _) => jury,
            (Needs::Over { .. }, _) => Vec::new(),
        }
    }

    fn is_over(&self) -> bool {
        self.state().is_over()
    }

    fn progress(&self) -> usize {
        self.played().len()
    }

    /// `"round 3: camp next"`, `"the final next"`, `"over: Ann wins"`.
    fn status(&self) -> String {
        let st = self.state();
        match (st.winner, self.next_phase()) {
            (Some(w), _) => format!("over: {} wins", st.name(w)),
            (None, Phase::Final) => "the final next".to_string(),
            (None, p) => format!("round {}: {} next", st.round(), p.name()),
        }
    }
}
