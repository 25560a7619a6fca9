//! Building the phase's input ([`Entry`], the same input the screens'
//! controls give) from the choices in force in every player's message,
//! a choice of nothing (D12.12) among them.

use super::collect::Acc;
use crate::by_name::ByName;
use crate::camp::{CampChoice, CampInput};
use crate::competition::{CompetitionChoice, CompetitionInput};
use crate::conversation::{Prefs, input_for};
use crate::final_vote::FinalInput;
use crate::state::{Phase, PlayerId, State};
use crate::step::Entry;
use crate::vote::{Ballot, Play, RevoteInput, VoteInput, When};

/// A message's camp choices (D5.2).
pub(super) fn camp_choice(acc: &Acc) -> CampChoice {
    CampChoice {
        deduct_for_bonus: acc.deduct_bonus.is_some(),
        boost: acc.boost.map(|b| b.0),
        deduct_for_rp: acc.deduct_rp.is_some(),
        rp_for_bonus: acc.bonus.is_some(),
        nothing: acc.nothing.is_some(),
    }
}

/// The phase's input from every message's choices in force.
pub(super) fn entry(state: &State, phase: Phase, accs: &[(PlayerId, Acc)]) -> Option<Entry> {
    let name = |p: PlayerId| state.name(p).to_string();
    Some(match phase {
        Phase::Over => return None,
        Phase::Competition => Entry::Competition(CompetitionInput {
            choices: accs
                .iter()
                .filter(|(_, a)| a.deduct.is_some() || a.boost.is_some() || a.nothing.is_some())
                .map(|(p, a)| {
                    (
                        name(*p),
                        CompetitionChoice {
                            deduct: a.deduct.is_some(),
                            boost: a.boost.map(|b| b.0),
                            nothing: a.nothing.is_some(),
                        },
                    )
                })
                .collect(),
        }),
        Phase::Camp => Entry::Camp(CampInput {
            choices: accs
                .iter()
                .map(|(p, a)| (name(*p), camp_choice(a)))
                .filter(|(_, c)| *c != CampChoice::default())
                .collect(),
        }),
        Phase::Conversation => {
            let prefs: ByName<Prefs> = accs
                .iter()
                .filter(|(_, a)| {
                    !a.places.is_empty()
                        || !a.closed.is_empty()
                        || a.rank_line.is_some()
                        || a.nothing.is_some()
                })
                .map(|(p, a)| {
                    let mut places = a.places.clone();
                    console_core::text::sort_small(&mut places, |x| x.0);
                    let mut ranks: Vec<String> = Vec::new();
                    for (_, q, _) in places {
                        let n = name(q);
                        if !ranks.contains(&n) {
                            ranks.push(n);
                        }
                    }
                    (
                        name(*p),
                        Prefs {
                            closed: a.closed.iter().map(|&q| name(q)).collect(),
                            ranks,
                            nothing: a.nothing.is_some(),
                        },
                    )
                })
                .collect();
            Entry::Conversation(input_for(state, prefs, None))
        }
        Phase::Vote => {
            let mut plays: Vec<(usize, usize, Play)> = Vec::new();
            for (m, (p, a)) in accs.iter().enumerate() {
                for (card, on, when, k) in &a.plays {
                    plays.push((
                        m,
                        *k,
                        Play {
                            player: name(*p),
                            card: card.clone(),
                            on: on.map(name),
                            when: (*when == When::After).then_some(When::After),
                        },
                    ));
                }
            }
            console_core::text::sort_small(&mut plays, |x| (x.0, x.1));
            Entry::Vote(VoteInput {
                advantages: plays.into_iter().map(|x| x.2).collect(),
                votes: accs
                    .iter()
                    .filter_map(|(p, a)| {
                        let (v, _) = a.ballot.as_ref()?;
                        let ballot = if v.len() == 1 {
                            Ballot::One(name(v[0]))
                        } else {
                            Ballot::Many(v.iter().map(|&q| name(q)).collect())
                        };
                        Some((name(*p), ballot))
                    })
                    .collect(),
                revote: accs
                    .iter()
                    .filter_map(|(p, a)| Some((name(*p), Ballot::One(name(a.revote?.0)))))
                    .collect(),
                ask_revote: false,
            })
        }
        Phase::Revote => Entry::Revote(RevoteInput {
            revote: accs
                .iter()
                .filter_map(|(p, a)| Some((name(*p), Ballot::One(name(a.revote?.0)))))
                .collect(),
        }),
        Phase::Final => Entry::Final(FinalInput {
            votes: accs
                .iter()
                .filter_map(|(p, a)| Some((name(*p), name(*a.ballot.as_ref()?.0.first()?))))
                .collect(),
            revote: accs
                .iter()
                .filter_map(|(p, a)| Some((name(*p), name(a.revote?.0))))
                .collect(),
        }),
    })
}
