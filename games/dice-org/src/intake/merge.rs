//! Merging a paste into the choices the producers already hold for the
//! phase (D12.11): each player's held choices as the start of their
//! message ([`held_acc`]), and the held choices of players who sent no
//! message kept in the phase's input ([`keep_held`]).

use super::collect::{Acc, HELD};
use crate::by_name::ByName;
use crate::state::{PlayerId, State};
use crate::step::Entry;
use crate::vote::Play;

/// The choices `held` gives player `p` (keyed by their name or a former
/// one, D9.4), as a message's start: each in force, no line of it
/// ([`HELD`]). Names that name no player are left out (the step would
/// refuse them).
pub(super) fn held_acc(state: &State, held: &Entry, p: PlayerId) -> Acc {
    fn theirs<'v, V>(state: &State, m: &'v ByName<V>, p: PlayerId) -> Option<&'v V> {
        m.iter()
            .find(|(k, _)| state.find(k) == Some(p))
            .map(|x| x.1)
    }
    let id = |n: &String| state.find(n);
    let mut a = Acc::default();
    match held {
        Entry::Competition(i) => {
            if let Some(c) = theirs(state, &i.choices, p) {
                a.deduct = c.deduct.then_some(HELD);
                a.boost = c.boost.map(|b| (b, HELD));
                a.nothing = c.is_nothing().then_some(HELD);
            }
        }
        Entry::Camp(i) => {
            if let Some(c) = theirs(state, &i.choices, p) {
                a.deduct_bonus = c.deduct_for_bonus.then_some(HELD);
                a.boost = c.boost.map(|b| (b, HELD));
                a.deduct_rp = c.deduct_for_rp.then_some(HELD);
                a.bonus = c.rp_for_bonus.then_some(HELD);
                a.nothing = c.is_nothing().then_some(HELD);
            }
        }
        Entry::Conversation(i) => {
            if let Some(c) = theirs(state, &i.prefs, p) {
                a.places = c
                    .ranks
                    .iter()
                    .filter_map(id)
                    .enumerate()
                    .map(|(k, q)| (k as u32 + 1, q, HELD))
                    .collect();
                a.rank_line = (!a.places.is_empty()).then_some(HELD);
                a.closed = c.closed.iter().filter_map(id).collect();
                a.nothing = c.is_nothing().then_some(HELD);
            }
        }
        Entry::Vote(i) => {
            if let Some(b) = theirs(state, &i.votes, p) {
                let v: Vec<PlayerId> = b.names().into_iter().filter_map(id).collect();
                a.ballot = (!v.is_empty()).then_some((v, HELD));
            }
            if let Some(b) = theirs(state, &i.revote, p) {
                a.revote = b.names().into_iter().find_map(id).map(|q| (q, HELD));
            }
            a.plays = i
                .advantages
                .iter()
                .filter(|x| state.find(&x.player) == Some(p))
                .map(|x| {
                    (
                        x.card.clone(),
                        x.on.as_ref().and_then(id),
                        x.when.unwrap_or_default(),
                        HELD,
                    )
                })
                .collect();
        }
        Entry::Revote(i) => {
            if let Some(b) = theirs(state, &i.revote, p) {
                a.revote = b.names().into_iter().find_map(id).map(|q| (q, HELD));
            }
        }
        Entry::Final(i) => {
            if let Some(v) = theirs(state, &i.votes, p).and_then(id) {
                a.ballot = Some((vec![v], HELD));
            }
            a.revote = theirs(state, &i.revote, p).and_then(id).map(|q| (q, HELD));
        }
        Entry::Edit(_) => {}
    }
    a
}

/// `read` (the input of the paste's messages, choices held included) with
/// the choices `held` gives the players who sent no message in the paste
/// (D12.11); the cards played keep the order they were held in, the new
/// ones after them.
pub(super) fn keep_held(
    state: &State,
    read: Entry,
    held: &Entry,
    accs: &[(PlayerId, Acc)],
) -> Entry {
    let sent = |k: &String| state.find(k).is_some_and(|p| accs.iter().any(|a| a.0 == p));
    fn add<V: Clone>(into: &mut ByName<V>, from: &ByName<V>, sent: &impl Fn(&String) -> bool) {
        for (k, v) in from.iter().filter(|(k, _)| !sent(k)) {
            into.insert(k.clone(), v.clone());
        }
    }
    match (read, held) {
        (Entry::Competition(mut r), Entry::Competition(h)) => {
            add(&mut r.choices, &h.choices, &sent);
            Entry::Competition(r)
        }
        (Entry::Camp(mut r), Entry::Camp(h)) => {
            add(&mut r.choices, &h.choices, &sent);
            Entry::Camp(r)
        }
        (Entry::Conversation(mut r), Entry::Conversation(h)) => {
            add(&mut r.prefs, &h.prefs, &sent);
            Entry::Conversation(r)
        }
        (Entry::Vote(mut r), Entry::Vote(h)) => {
            add(&mut r.votes, &h.votes, &sent);
            add(&mut r.revote, &h.revote, &sent);
            // Held plays still in force (a sender's line may have replaced
            // one), in their order; then the paste's new ones.
            let still = |x: &Play| {
                !sent(&x.player)
                    || accs.iter().any(|(p, a)| {
                        state.find(&x.player) == Some(*p)
                            && a.plays.iter().any(|y| y.0 == x.card && y.3 == HELD)
                    })
            };
            let mut plays: Vec<Play> = h.advantages.iter().filter(|x| still(x)).cloned().collect();
            for x in r.advantages {
                if !plays
                    .iter()
                    .any(|y| state.find(&y.player) == state.find(&x.player) && y.card == x.card)
                {
                    plays.push(x);
                }
            }
            r.advantages = plays;
            Entry::Vote(r)
        }
        (Entry::Revote(mut r), Entry::Revote(h)) => {
            add(&mut r.revote, &h.revote, &sent);
            Entry::Revote(r)
        }
        (Entry::Final(mut r), Entry::Final(h)) => {
            add(&mut r.votes, &h.votes, &sent);
            add(&mut r.revote, &h.revote, &sent);
            Entry::Final(r)
        }
        (r, _) => r,
    }
}
