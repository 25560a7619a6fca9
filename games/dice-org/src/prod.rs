//! Activity and prods (D9.7): for the phase to play, whose DMs are in,
//! read from the producers' paste of players' DMs (D12), the prod list
//! under the producers' threshold and the prod message to copy. Built on
//! `console_core::events` ([`Activity`], [`ProdThreshold`], [`Prod`]).

use crate::intake::{Intake, Verdict};
use crate::post::{Deadline, Format};
use crate::season::{Needs, needs};
use crate::state::{Phase, State};
use console_core::events::{Activity, Prod, ProdThreshold, ProdWhy, prod_text, prods, word_count};

/// The players the phase to play asks choices of (D3.1), as slots
/// (roster indexes), roster order: the competition's participants, the
/// camps' members, the living players at a conversation, the voters, the
/// jury at the final; none once the season is over.
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
        Needs::Final { jury, .. } => jury,
        Needs::Over { .. } => Vec::new(),
    };
    let mut slots: Vec<usize> = names
        .iter()
        .filter_map(|n| state.find(n).map(|p| p.index()))
        .collect();
    slots.sort_unstable();
    slots.dedup();
    slots
}

/// Each slot's activity in the phase to play (D9.7) from the pasted DMs
/// `intake` (read by [`crate::intake::read_dms_with`] on `state`): `posts`
/// is 1 when the paste holds the player's message (several sections are
/// one message, D12.1), `words` the words of its lines, and for each
/// player the phase asks, `acted` whether the message gives at least one
/// choice in force. One entry per slot of the roster, roster order.
pub fn dm_activity(state: &State, intake: &Intake) -> Vec<Activity> {
    let asked = asked(state);
    let mut out: Vec<Activity> = (0..state.players.len())
        .map(|slot| Activity {
            slot,
            acted: asked.contains(&slot).then_some(false),
            ..Activity::default()
        })
        .collect();
    for m in &intake.messages {
        let Some(a) = state.find(&m.player).and_then(|p| out.get_mut(p.index())) else {
            continue;
        };
        a.posts += 1;
        a.words += m.lines.iter().map(|l| word_count(&l.text)).sum::<u32>();
        if a.acted.is_some()
            && m.lines
                .iter()
                .any(|l| matches!(l.verdict, Verdict::Accepted(_)))
        {
            a.acted = Some(true);
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
}
