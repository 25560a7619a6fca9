//! The moderator's events in Survival (S10): a replacement, a removal by
//! the moderator (a modkill), a deadline extension, given with a phase
//! ([`Game::commit_with`](crate::game::Game::commit_with)) and applied at
//! its start, before its messages or posts are read; an event that cannot
//! apply is refused with its reason, never dropped.

use crate::count::VoteCount;
use crate::game::Game;
use crate::night::NightInput;
use crate::report::{DayDetail, PhaseReport, Place};
use crate::roster::{PlayerId, Roster};
use crate::setup::Setup;
use crate::state::State;
use crate::thread::ThreadSplit;
use crate::vote::Target;
use crate::win;
use console_core::events::{
    Activity, Event, EventError, Extension, Prod, ProdThreshold, ProdWhy, RemovalReason, Slots,
    activity, duration_text, extension_post, prods,
};
use console_core::format::{Format, Mark, deadline_text, pack};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What one event did (S10), in the report's `events`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum EventNote {
    /// S10.1: `new` took over the slot of `old` (now its nickname).
    Replaced {
        /// The slot.
        slot: PlayerId,
        /// The name it had.
        old: String,
        /// The name it has now.
        new: String,
    },
    /// S10.3: the moderator removed the player at once.
    Removed {
        /// Who.
        player: PlayerId,
        /// Why.
        reason: RemovalReason,
        /// The moderator's words.
        #[serde(default)]
        note: String,
        /// Whether they held the Spotlight, which lapsed (S10.3).
        #[serde(default)]
        spotlight_lapsed: bool,
    },
    /// S10.5: the deadline moved later by `by` seconds.
    Extended {
        /// Seconds added.
        by: i64,
        /// The moderator's reason.
        #[serde(default)]
        reason: String,
    },
    /// S10.6: the event at `index` (0-based, among the phase's events) did
    /// nothing, and why.
    Refused {
        /// Its place among the phase's events.
        index: usize,
        /// Why, in words.
        why: String,
    },
    /// S10.4: a removal ended the game, so the phase's messages or posts
    /// were not read.
    InputNotRead,
}

impl EventNote {
    /// The note in words, names as `roster` (the slots' current names)
    /// gives them.
    pub fn text(&self, roster: &Roster) -> String {
        match self {
            EventNote::Replaced { old, new, .. } => format!("{new} replaces {old}"),
            EventNote::Removed {
                player,
                reason,
                spotlight_lapsed,
                ..
            } => {
                let mut s = format!(
                    "{} is removed by the moderator for {}",
                    roster.name(*player),
                    reason.words()
                );
                if *spotlight_lapsed {
                    s.push_str("; the Spotlight lapses");
                }
                s
            }
            EventNote::Extended { by, reason } => {
                let mut s = format!(
                    "the deadline is extended by {}",
                    console_core::events::duration_text(*by)
                );
                if !reason.is_empty() {
                    s.push_str(&format!(" ({reason})"));
                }
                s
            }
            EventNote::Refused { index, why } => format!("event {} refused: {why}", index + 1),
            EventNote::InputNotRead => {
                "the game ended by a removal: the phase's messages and posts were not read".into()
            }
        }
    }
}

/// Applies a phase's events to the state at its start (S10): the state
/// the phase is then played from, and what each event did.
///
/// `setup` is the game's setup as dealt (names as dealt); the slots'
/// current names come from `state`'s replacements.
pub fn apply(setup: &Setup, state: &State, events: &[Event]) -> (State, Vec<EventNote>) {
    let mut st = state.clone();
    let mut notes = Vec::new();
    for (index, e) in events.iter().enumerate() {
        let refuse = |why: String| EventNote::Refused { index, why };
        if st.is_over() {
            notes.push(refuse("the game is over".into()));
            continue;
        }
        let mut slots = Slots::with_replaced(setup.roster.names(), &st.replaced)
            .unwrap_or_else(|_| Slots::new(setup.roster.names()));
        match e {
            Event::Replace(r) => {
                let Some(slot) = slots.find(&r.old) else {
                    notes.push(refuse(EventError::UnknownPlayer(r.old.clone()).to_string()));
                    continue;
                };
                let p = PlayerId::from_index(slot);
                if !st.is_alive(p) {
                    notes.push(refuse(format!(
                        "{:?} is a Memory: only a living player's slot is replaced",
                        slots.names[slot]
                    )));
                    continue;
                }
                // The moderator's nicknames count as names too.
                let names = setup.slotted(&st.replaced).names(st.phase());
                if let Some(other) = names.exact(&r.new).filter(|x| x.player != p) {
                    notes.push(refuse(format!(
                        "{:?} already names {}",
                        r.new.trim(),
                        slots.names[other.player.index()]
                    )));
                    continue;
                }
                match slots.replace(r) {
                    Ok(done) => {
                        notes.push(EventNote::Replaced {
                            slot: p,
                            old: done.old.clone(),
                            new: done.new.clone(),
                        });
                        st.replaced.push(done);
                    }
                    Err(err) => notes.push(refuse(err.to_string())),
                }
            }
            Event::Remove(r) => {
                let Some(slot) = slots.find(&r.player) else {
                    notes.push(refuse(
                        EventError::UnknownPlayer(r.player.clone()).to_string(),
                    ));
                    continue;
                };
                let p = PlayerId::from_index(slot);
                if !st.is_alive(p) {
                    notes.push(refuse(
                        EventError::NotInGame(slots.names[slot].clone()).to_string(),
                    ));
                    continue;
                }
                st.alive.remove(p);
                let spotlight_lapsed = st.spotlight == Some(p);
                if spotlight_lapsed {
                    st.spotlight = None;
                }
                if st.nairobi == Some(p) {
                    st.nairobi = None;
                }
                notes.push(EventNote::Removed {
                    player: p,
                    reason: r.reason,
                    note: r.note.clone(),
                    spotlight_lapsed,
                });
                st.winners = win::check(setup, st.alive, st.buddies);
            }
            Event::Extend(x) => {
                if x.by <= 0 {
                    notes.push(refuse(EventError::BadExtension(x.by).to_string()));
                } else {
                    notes.push(EventNote::Extended {
                        by: x.by,
                        reason: x.reason.clone(),
                    });
                }
            }
        }
    }
    (st, notes)
}

/// One line of the day's vote history (S10.9): at post `post` (1-based,
/// of the day's posts or of the revote's), `voter` moved from `from` to
/// `to` (`None`: no vote).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteChange {
    /// The post's number.
    pub post: u32,
    /// Whether the post is in the revote thread (S6.3).
    #[serde(default)]
    pub revote: bool,
    /// The voter.
    pub voter: PlayerId,
    /// The vote it replaced.
    pub from: Option<Target>,
    /// The new vote (`None`: withdrawn).
    pub to: Option<Target>,
}

/// The day's vote history (S10.9) from a day's report: every counted vote
/// and withdrawal in reading order, with the vote each replaced. The
/// revote starts with no votes.
pub fn history(day: &DayDetail) -> Vec<VoteChange> {
    let mut current: BTreeMap<PlayerId, Target> = BTreeMap::new();
    let mut in_revote = false;
    let mut out = Vec::new();
    for v in &day.votes {
        let (post, revote) = match v.place {
            Place::Post { post, .. } => (post, false),
            Place::Revote { post, .. } => (post, true),
            _ => continue,
        };
        if revote && !in_revote {
            in_revote = true;
            current.clear();
        }
        let from = current.get(&v.player).copied();
        match v.target {
            Some(t) => current.insert(v.player, t),
            None => current.remove(&v.player),
        };
        if from == v.target {
            // A vote repeated: no change in the count.
            continue;
        }
        out.push(VoteChange {
            post,
            revote,
            voter: v.player,
            from,
            to: v.target,
        });
    }
    out
}

/// The "wagons" vote count post (S10.9): each candidate with their voters
/// in the order they came (the Spotlight holder marked `[x2]`, S5.2),
/// those who later moved away struck (in plain text marked `(unvoted)`);
/// candidates by current count, then by who was
/// voted first. `changes` is [`history`] of the day's posts so far (the
/// revote's left out), `count` the count at the same moment, `names` the
/// slots' names (roster order). The time left is shown when `deadline` and
/// `now` (UNIX seconds) are given (S10.5).
pub fn wagons_post(
    changes: &[VoteChange],
    count: &VoteCount,
    names: &[String],
    format: Format,
    deadline: Option<i64>,
    now: Option<i64>,
) -> Vec<String> {
    let m = Mark(format);
    let name = |p: PlayerId| m.name(&names[p.index()]);
    let target_name = |t: Target| match t {
        Target::Player(p) => name(p),
        Target::NoElimination => "No elimination".to_string(),
    };
    let mut blocks = vec![m.title(&format!("Vote count, day {} (wagons)", count.day))];
    // Candidates in the order first voted, then sorted by current count.
    let mut order: Vec<Target> = Vec::new();
    let mut current: BTreeMap<PlayerId, Target> = BTreeMap::new();
    let mut came: Vec<(Target, PlayerId)> = Vec::new();
    for c in changes.iter().filter(|c| !c.revote) {
        if let Some(t) = c.to {
            if !order.contains(&t) {
                order.push(t);
            }
            came.push((t, c.voter));
            current.insert(c.voter, t);
        } else {
            current.remove(&c.voter);
        }
    }
    let weight = |t: Target| -> u32 {
        match t {
            Target::Player(p) => count
                .rows
                .iter()
                .find(|r| r.candidate == p)
                .map_or(0, |r| r.count),
            Target::NoElimination => count.no_elimination.as_ref().map_or(0, |r| r.count),
        }
    };
    let mut ranked: Vec<(usize, Target)> = order.iter().copied().enumerate().collect();
    ranked.sort_by_key(|(i, t)| (std::cmp::Reverse(weight(*t)), *i));
    if ranked.is_empty() {
        blocks.push("No votes.\n".to_string());
    }
    for (_, t) in ranked {
        let mut seen: Vec<PlayerId> = Vec::new();
        let mut voters = Vec::new();
        for (ct, v) in &came {
            if *ct != t || seen.contains(v) {
                continue;
            }
            seen.push(*v);
            let on = current.get(v) == Some(&t);
            // The Spotlight's double vote, as S9.2's layout marks it (S5.2).
            let who = if count.spotlight == Some(*v) {
                format!("{} [x2]", name(*v))
            } else {
                name(*v)
            };
            voters.push(if on {
                who
            } else {
                match format {
                    Format::BBCode => format!("[s]{who}[/s]"),
                    Format::Markdown => format!("~~{who}~~"),
                    Format::Plain => format!("{who} (unvoted)"),
                }
            });
        }
        blocks.push(format!(
            "{} ({}): {}\n",
            m.bold(&target_name(t)),
            weight(t),
            voters.join(", ")
        ));
    }
    let nv: Vec<String> = count.not_voting.iter().map(|p| name(*p)).collect();
    blocks.push(format!(
        "\nNot voting ({}): {}\nLiving players: {}\n",
        nv.len(),
        if nv.is_empty() {
            "none".to_string()
        } else {
            nv.join(", ")
        },
        count.living
    ));
    if let Some(d) = deadline {
        blocks.push(deadline_block(d, now, format));
    }
    pack(blocks, format)
}

/// `Deadline: ... (5 hours 10 minutes left)` for a count post (S10.5).
pub fn deadline_block(deadline: i64, now: Option<i64>, format: Format) -> String {
    let mut s = format!("Deadline: {}", deadline_text(deadline, format));
    if let Some(now) = now
        && format != Format::Markdown
    {
        s.push_str(&format!(
            " ({} left)",
            duration_text((deadline - now).max(0))
        ));
    }
    s.push('\n');
    s
}

/// The public post of a phase's events (S10.7): replacements, removals
/// (with the card under `reveal_removed`, the reason, the moderator's
/// note) and extensions, then the result when a removal ended the game.
/// `setup` names the slots after the events ([`Game::setup_of`] the
/// phase's state after), `new_deadline` is the deadline after the
/// extensions. Empty when the phase had no event that applied.
///
/// [`Game::setup_of`]: crate::game::Game::setup_of
pub fn events_post(
    setup: &Setup,
    report: &PhaseReport,
    new_deadline: Option<i64>,
    format: Format,
) -> Vec<String> {
    let m = Mark(format);
    let mut blocks = Vec::new();
    for n in &report.events {
        match n {
            EventNote::Replaced { old, new, .. } => {
                blocks.push(format!(
                    "{} replaces {}.\n",
                    m.bold(&m.name(new)),
                    m.name(old)
                ));
            }
            EventNote::Removed {
                player,
                reason,
                note,
                spotlight_lapsed,
            } => {
                let mut s = format!(
                    "{} has been removed from the game by the moderator for {}.",
                    m.bold(&m.name(setup.roster.name(*player))),
                    reason.words()
                );
                if setup.options.reveal_removed {
                    s.push_str(&format!(
                        " They were {}.",
                        m.bold(&setup.card(*player).to_string())
                    ));
                }
                if !note.trim().is_empty() {
                    s.push_str(&format!(" {}", m.text(note.trim())));
                }
                if *spotlight_lapsed {
                    s.push_str(" The Spotlight lapses.");
                }
                s.push('\n');
                blocks.push(s);
            }
            EventNote::Extended { by, reason } => {
                let e = Extension {
                    by: *by,
                    reason: reason.clone(),
                };
                blocks.push(extension_post(&e, new_deadline, format));
            }
            EventNote::Refused { .. } | EventNote::InputNotRead => {}
        }
    }
    if blocks.is_empty() {
        return Vec::new();
    }
    blocks.insert(0, m.title("From the moderator"));
    if let Some(w) = &report.winners
        && report
            .events
            .iter()
            .any(|e| matches!(e, EventNote::Removed { .. }))
    {
        blocks.push(format!(
            "The game is over: {}.\n",
            crate::win::winners_text(w)
        ));
    }
    pack(blocks, format)
}

/// The catch-up message for the player who took over `slot` (S10.7):
/// their card with abilities and win condition (the Evil Forces' names
/// for an Evil Force), their buddy, the Spotlight, the Engineer's used
/// cards, and every private result the slot received so far. Names as the
/// slots are named now.
pub fn catch_up(game: &Game, slot: PlayerId, format: Format) -> String {
    let played = game.phases().len();
    catch_up_in(
        game,
        played,
        &game.current_setup(),
        game.state(),
        slot,
        format,
    )
}

/// The catch-up message sent with phase `i` (0-based, played) to the
/// player who took over `slot` then (S10.7): as it was written at that
/// phase's start (the slots named, the state once its events applied, the
/// results of the phases before it), so later phases, replacements and
/// results never change a message already sent.
///
/// # Panics
///
/// If `i` is not the index of a played phase.
pub fn catch_up_at(game: &Game, i: usize, slot: PlayerId, format: Format) -> String {
    let p = &game.phases()[i];
    let (state, _) = apply(game.setup(), game.state_before(i), &p.events);
    catch_up_in(game, i, &game.setup_of(&p.after), &state, slot, format)
}

/// [`catch_up`] for a replacement drafted for the phase to play (S10.7):
/// the slots named and the state as the phase starts once the
/// moderator's `events` apply ([`Game::start_with`]), so the message can
/// be sent as soon as the replacement is made.
pub fn catch_up_with(game: &Game, events: &[Event], slot: PlayerId, format: Format) -> String {
    let (setup, state, _) = game.start_with(events);
    catch_up_in(game, game.phases().len(), &setup, &state, slot, format)
}

/// The catch-up message with the results of the first `played` phases.
fn catch_up_in(
    game: &Game,
    played: usize,
    setup: &Setup,
    state: &State,
    slot: PlayerId,
    format: Format,
) -> String {
    let m = Mark(format);
    let card_msg = crate::post::deal_messages(setup)
        .into_iter()
        .find(|d| d.to == slot)
        .map(|d| crate::post::private_text(setup, &d, format))
        .unwrap_or_default();
    let mut s = format!(
        "{}, you are replacing a player: the slot is now yours. What it knows so far:\n",
        m.bold(&m.name(setup.roster.name(slot)))
    );
    s.push_str(&card_msg);
    if let Some(b) = state.buddy_of(slot) {
        s.push_str(&format!(
            "Your buddy is {}.\n",
            m.bold(&m.name(setup.roster.name(b)))
        ));
    }
    if state.spotlight() == Some(slot) {
        s.push_str("You hold the Spotlight: your vote counts twice.\n");
    }
    if setup.card(slot) == crate::card::Card::Engineer {
        let u = state.engineer_used();
        let used: Vec<&str> = [("bomb", u.bomb), ("shield", u.shield)]
            .into_iter()
            .filter(|(_, b)| *b)
            .map(|(n, _)| n)
            .collect();
        if !used.is_empty() {
            s.push_str(&format!("Already used: {}.\n", used.join(", ")));
        }
    }
    for p in &game.phases()[..played] {
        let named = game.setup_of(&p.after);
        for msg in crate::post::night_messages(&named, &p.report) {
            if msg.to == slot && !matches!(msg.kind, crate::post::PrivateKind::Buddy { .. }) {
                s.push_str(&crate::post::private_text(setup, &msg, format));
            }
        }
    }
    s
}

/// Each living slot's activity in a day (S10.8) from the pasted thread
/// (`split`, its posts' authors read with [`Game::names`] or
/// [`Game::names_with`]): posts, words, the last post's time as the page
/// gives it.
///
/// [`Game::names`]: crate::game::Game::names
/// [`Game::names_with`]: crate::game::Game::names_with
pub fn day_activity(game: &Game, split: &ThreadSplit) -> Vec<Activity> {
    activity(
        game.setup().roster.len(),
        split.posts.iter().filter_map(|p| {
            p.author
                .map(|a| (a.index(), p.text.as_str(), p.time.as_deref()))
        }),
        None,
    )
}

/// Each slot's activity in a night (S10.8): no posts are read at night;
/// whether a living player with a night action has an accepted line in
/// `input` ([`Game::missing_actions`](crate::game::Game::missing_actions)).
pub fn night_activity(game: &Game, input: &NightInput) -> Vec<Activity> {
    let missing = game.missing_actions(input);
    let n = game.setup().roster.len();
    let acted: Vec<bool> = (0..n)
        .map(|i| !missing.contains(&PlayerId::from_index(i)))
        .collect();
    activity(n, std::iter::empty(), Some(&acted))
}

/// The prod list of the phase to play (S10.8): the living players under
/// `threshold`, given the activity and the time left to the deadline in
/// seconds. At night, posts are not counted (only missing actions prod).
pub fn prod_list(
    game: &Game,
    activity: &[Activity],
    threshold: ProdThreshold,
    time_left: Option<i64>,
) -> Vec<Prod> {
    prod_list_with(game, &[], activity, threshold, time_left)
}

/// [`prod_list`] once the moderator's `events` drafted for the phase
/// apply (S10.2): a player they remove is out of the game and gets no
/// prod (S10.3).
pub fn prod_list_with(
    game: &Game,
    events: &[Event],
    activity: &[Activity],
    threshold: ProdThreshold,
    time_left: Option<i64>,
) -> Vec<Prod> {
    let (_, state, _) = game.start_with(events);
    let state = &state;
    let alive: Vec<bool> = (0..game.setup().roster.len())
        .map(|i| state.is_alive(PlayerId::from_index(i)))
        .collect();
    let threshold = if state.phase().is_night() {
        ProdThreshold {
            max_posts: 0,
            ..threshold
        }
    } else {
        threshold
    };
    let mut list = prods(activity, &alive, threshold, time_left);
    if state.phase().is_night() {
        for p in &mut list {
            p.why.retain(|w| *w != ProdWhy::Posts);
        }
        list.retain(|p| !p.why.is_empty());
    }
    list
}

/// The vote count post of S9.2 with the deadline and, when `now` (UNIX
/// seconds) is given, the time left (S10.5). Discord shows its own
/// relative time instead of a computed one.
pub fn vote_count_post_timed(
    count: &VoteCount,
    names: &[String],
    format: Format,
    deadline: i64,
    now: Option<i64>,
) -> Vec<String> {
    let mut messages = crate::post::vote_count_post(count, names, format);
    let block = deadline_block(deadline, now, format);
    match messages.last_mut() {
        Some(last)
            if format != Format::Markdown
                || last.chars().count() + block.chars().count()
                    < console_core::format::DISCORD_LIMIT =>
        {
            last.push('\n');
            last.push_str(&block);
        }
        _ => messages.push(block),
    }
    messages
}
