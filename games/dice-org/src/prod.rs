//! Activity and prods (D9.7): for the phase to play, whose DMs are in,
//! read from the producers' pastes of players' DMs (D12: the pastes taken
//! this phase and the one in the box) and the choices they hold (pasted
//! or entered by hand), the prod list under the producers' threshold and
//! the prod message to copy. Built on `console_core::events`
//! ([`Activity`], [`ProdThreshold`], [`Prod`]).

use crate::changes::{PasteTaken, choices_of};
use crate::intake::Intake;
use crate::post::{Deadline, Format};
use crate::season::{Needs, needs};
use crate::state::{Phase, State};
use console_core::events::{Activity, Prod, ProdThreshold, ProdWhy, prod_text, prods, word_count};

/// The players the phase to play asks choices of (D3.1), as slots
/// (roster indexes), roster order: the competition's participants, the
/// camps' members, the living players at a conversation, the voters, the
/// revote's voters, the jury at the final; none once the season is over.
pub fn asked(state: &State) -> Vec<usize> {
    let names: Vec<String> = match needs(state) {
        Needs::Competition { participants, .. } => {
            participants.into_iter().map(|o| o.name).collect()
        }
        Needs::Camp { teams } => teams
            .into_iter()
            .flat_map(|t| t.members.into_iter().map(|o| o.name))
            .collect(),
        Needs::Conversation { players, .. } => players,
        Needs::Vote { voters, .. } => voters,
        Needs::Revote { voters, .. } => voters,
        Needs::Final { jury, .. } => jury,
        Needs::Over { .. } => Vec::new(),
    };
    let mut slots: Vec<usize> = names
        .iter()
        .filter_map(|n| state.find(n).map(|p| p.index()))
        .collect();
    console_core::text::sort_small(&mut slots, |s| *s);
    slots.dedup();
    slots
}

/// Each slot's activity in the phase to play (D9.7) from the pasted DMs
/// `intake` (read by [`crate::intake::read_dms_onto`] on `state`, onto
/// the choices the producers hold), see [`dm_activity_with`]; no paste
/// taken before it.
pub fn dm_activity(state: &State, intake: &Intake) -> Vec<Activity> {
    dm_activity_with(state, intake, &[], "")
}

/// Each slot's activity in the phase to play (D9.7): `posts` counts the
/// pastes holding the player's message (several sections of one paste
/// are one message, D12.1): each paste `taken` this phase, and the one in
/// the box (`intake`) unless it is one of them (its SHA-256 `digest`
/// among theirs); `words` the words of those messages. For each player
/// the phase asks, `acted` is whether the choices held after the box's
/// paste ([`Intake::entry`]: pasted or entered by hand) give them at
/// least one choice (a choice of nothing, D12.12, is one: a player who
/// declined answered); a player with a choice held and no message in any
/// paste counts one message (the producers entered what they sent). One
/// entry per slot of the roster, roster order.
pub fn dm_activity_with(
    state: &State,
    intake: &Intake,
    taken: &[PasteTaken],
    digest: &str,
) -> Vec<Activity> {
    let asked = asked(state);
    let mut out: Vec<Activity> = (0..state.players.len())
        .map(|slot| Activity {
            slot,
            acted: asked.contains(&slot).then_some(false),
            ..Activity::default()
        })
        .collect();
    let phase = Some(intake.phase);
    let earlier: Vec<&PasteTaken> = taken.iter().filter(|t| t.phase == phase).collect();
    let mut sent: Vec<(String, u32)> = earlier
        .iter()
        .flat_map(|t| t.senders.iter().cloned())
        .collect();
    if digest.is_empty() || !earlier.iter().any(|t| t.digest == digest) {
        sent.extend(intake.messages.iter().map(|m| {
            (
                m.player.clone(),
                m.lines.iter().map(|l| word_count(&l.text)).sum::<u32>(),
            )
        }));
    }
    for (player, words) in sent {
        let Some(a) = state.find(&player).and_then(|p| out.get_mut(p.index())) else {
            continue;
        };
        a.posts += 1;
        a.words += words;
    }
    if let Some(entry) = &intake.entry {
        for (slot, a) in out.iter_mut().enumerate() {
            if a.acted.is_none() {
                continue;
            }
            let name = &state.players[slot].name;
            // (A choice held under a former name, D9.4, counts too.)
            let none = choices_of(entry, name).is_empty()
                && !state
                    .former
                    .iter()
                    .any(|(n, p)| p.index() == slot && !choices_of(entry, n).is_empty());
            if !none {
                a.acted = Some(true);
                a.posts = a.posts.max(1);
            }
        }
    }
    out
}

/// The prod list of the phase to play (D9.7): among the players it asks,
/// those with at most `threshold.max_posts` messages in the paste
/// ([`ProdWhy::Posts`]: no DM, by default), and those whose choices are
/// not in ([`ProdWhy::NoActions`]) once `threshold.hours_before` hours or
/// fewer remain before the deadline, or at any time when no deadline is
/// set. `now` is the time (UNIX seconds) the producers look, if known.
pub fn prod_list(
    state: &State,
    activity: &[Activity],
    threshold: ProdThreshold,
    now: Option<i64>,
) -> Vec<Prod> {
    let asked = asked(state);
    let in_game: Vec<bool> = (0..state.players.len())
        .map(|s| asked.contains(&s))
        .collect();
    // No deadline (or no clock): missing choices are prodded at once.
    let left = match (state.deadline.current(), now) {
        (Some(d), Some(now)) => Some((d - now).max(0)),
        _ => Some(0),
    };
    prods(activity, &in_game, threshold, left)
}

/// The prod message (D9.7): for one name, the private message to that
/// player; for several, the one public post naming them. It says what is
/// missing (the DM, or more than the producers' threshold `max_posts` of
/// DMs when it is above 0; the choices of `phase`), the deadline when
/// set, and that a player who stays inactive may be replaced or removed
/// (D9.4, D9.5).
pub fn prod_message(
    names: &[&str],
    why: &[ProdWhy],
    phase: Phase,
    max_posts: u32,
    deadline: Option<Deadline>,
    format: Format,
) -> String {
    let missing = if why.contains(&ProdWhy::Posts) && max_posts > 0 {
        Some(format!(
            "We have {max_posts} DM{} or fewer with your {} choices: please send them.",
            if max_posts == 1 { "" } else { "s" },
            phase.name()
        ))
    } else if why.contains(&ProdWhy::Posts) {
        Some(format!(
            "We have no DM with your {} choices yet: please send them.",
            phase.name()
        ))
    } else if why.contains(&ProdWhy::NoActions) {
        Some(format!(
            "Your DM gives none of your {} choices yet: please send them.",
            phase.name()
        ))
    } else {
        None
    };
    let missing: Vec<&str> = missing.iter().map(String::as_str).collect();
    prod_text(names, "the producers", &missing, deadline, format)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::intake::read_dms;
    use crate::testkit::state;

    /// Four players in two teams (Koru: Ann, Bob; Mana: Cid, Dee).
    fn four() -> State {
        state(
            &["Koru", "Mana"],
            &[
                ("Ann", 0, 10, 10),
                ("Bob", 0, 10, 10),
                ("Cid", 1, 10, 10),
                ("Dee", 1, 10, 10),
            ],
        )
    }

    /// The names of the players the phase to play asks, roster order.
    fn asked_names(st: &State) -> Vec<String> {
        asked(st)
            .iter()
            .map(|&i| st.players[i].name.clone())
            .collect()
    }

    #[test]
    fn who_sent_nothing_is_prodded_d9_7() {
        let s = four();
        let st = &s;
        let phase = st.next_phase();
        let names = asked_names(st);
        assert!(names.len() >= 3, "{names:?}");
        let text = format!(
            "== {} ==\ndeduct for rp\n== {} ==\nhello there\n",
            names[0], names[1]
        );
        let intake = read_dms(st, phase, &text);
        let a = dm_activity(st, &intake);
        assert_eq!(a[asked(st)[0]].posts, 1);
        let list = prod_list(st, &a, ProdThreshold::default(), None);
        let listed: Vec<&str> = list
            .iter()
            .map(|p| st.players[p.slot].name.as_str())
            .collect();
        // The second sent a DM with no choice: prodded for it (no deadline);
        // every one who sent nothing is prodded for both.
        assert!(!listed.contains(&names[0].as_str()), "{listed:?}");
        assert!(listed.contains(&names[1].as_str()), "{listed:?}");
        assert_eq!(list.len(), names.len() - 1);
        let one = list
            .iter()
            .find(|p| st.players[p.slot].name == names[1])
            .unwrap();
        assert_eq!(one.why, [ProdWhy::NoActions]);
        let msg = prod_message(&[&names[1]], &one.why, phase, 0, None, Format::BBCode);
        assert!(msg.contains("gives none of your"), "{msg}");
        let none = list
            .iter()
            .find(|p| st.players[p.slot].name == names[2])
            .unwrap();
        let msg = prod_message(&[&names[2]], &none.why, phase, 0, None, Format::BBCode);
        assert!(msg.contains("We have no DM with your"), "{msg}");
    }

    #[test]
    fn a_decline_is_a_choice_held_and_no_vote_d9_7() {
        let s = four();
        let st = &s;
        let phase = st.next_phase();
        let names = asked_names(st);
        // The first declines, the second chats: only the second lacks a
        // choice (no deadline set: prodded at once).
        let text = format!(
            "== {} ==\nNah I'm good\n== {} ==\nhello there\n",
            names[0], names[1]
        );
        let intake = read_dms(st, phase, &text);
        let a = dm_activity(st, &intake);
        let first = asked(st)[0];
        assert_eq!((a[first].posts, a[first].acted), (1, Some(true)));
        let list = prod_list(st, &a, ProdThreshold::default(), None);
        assert!(list.iter().all(|p| p.slot != first), "{list:?}");
        let second = list.iter().find(|p| p.slot == asked(st)[1]).unwrap();
        assert_eq!(second.why, [ProdWhy::NoActions]);
        // In a vote a decline is no vote: the voter is still prodded.
        let mut v = four();
        v.to_vote = Some(crate::state::TeamId(0));
        let text = format!("== {} ==\nno\n", v.players[0].name);
        let intake = read_dms(&v, Phase::Vote, &text);
        let a = dm_activity(&v, &intake);
        assert_eq!((a[0].posts, a[0].acted), (1, Some(false)));
        let list = prod_list(&v, &a, ProdThreshold::default(), None);
        let ann = list.iter().find(|p| p.slot == 0).unwrap();
        assert_eq!(ann.why, [ProdWhy::NoActions]);
    }

    #[test]
    fn a_threshold_of_one_prods_a_player_with_one_dm_d9_7() {
        let s = four();
        let st = &s;
        let phase = st.next_phase();
        let names = asked_names(st);
        // The first sends one DM with a choice in force (a deduction).
        let text = format!("== {} ==\ndeduct 3\n", names[0]);
        let intake = read_dms(st, phase, &text);
        let a = dm_activity(st, &intake);
        let first = asked(st)[0];
        assert_eq!((a[first].posts, a[first].acted), (1, Some(true)));
        // Default threshold 0: not prodded. Threshold 1: one message is
        // "at most the threshold", so prodded for too few (D9.7), and for
        // nothing else (the choice is in).
        let at = |max_posts| {
            let t = ProdThreshold {
                max_posts,
                ..ProdThreshold::default()
            };
            prod_list(st, &a, t, None)
        };
        assert!(at(0).iter().all(|p| p.slot != first));
        let one = at(1)
            .into_iter()
            .find(|p| p.slot == first)
            .expect("prodded");
        assert_eq!(one.why, [ProdWhy::Posts]);
        assert_eq!(at(1).len(), names.len(), "everyone asked");
        let msg = prod_message(&[&names[0]], &one.why, phase, 1, None, Format::BBCode);
        assert!(msg.contains("We have 1 DM or fewer with your"), "{msg}");
        assert!(!msg.contains("no DM"), "{msg}");
    }

    #[test]
    fn choices_held_and_earlier_pastes_are_dms_d9_7() {
        let s = four();
        let st = &s;
        let phase = st.next_phase();
        let names = asked_names(st);
        // The first paste (taken): the first player's DM; the box now holds
        // the second's. The third's choice was entered by hand.
        let first = read_dms(st, phase, &format!("== {} ==\ndeduct 3\n", names[0]));
        let mut taken = first.taken();
        taken.digest = "one".into();
        let mut held = first.entry.clone().unwrap();
        if let crate::step::Entry::Competition(c) = &mut held {
            c.choices.insert(
                names[2].clone(),
                crate::competition::CompetitionChoice {
                    deduct: true,
                    boost: None,
                    nothing: false,
                },
            );
        }
        let box_text = format!("== {} ==\ndeduct\n", names[1]);
        let second = crate::intake::read_dms_onto(st, phase, &box_text, &[], Some(&held));
        let a = dm_activity_with(st, &second, std::slice::from_ref(&taken), "two");
        let list = prod_list(st, &a, ProdThreshold::default(), None);
        let listed: Vec<&str> = list
            .iter()
            .map(|p| st.players[p.slot].name.as_str())
            .collect();
        assert_eq!(listed, [names[3].as_str()], "only the one with nothing");
        // The box's text is the paste taken: counted once.
        let again = crate::intake::read_dms_onto(
            st,
            phase,
            &format!("== {} ==\ndeduct 3\n", names[0]),
            &[],
            Some(&held),
        );
        let a = dm_activity_with(st, &again, std::slice::from_ref(&taken), "one");
        assert_eq!(a[asked(st)[0]].posts, 1);
    }
}
