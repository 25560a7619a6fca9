//! The moderator's events in Mini-Survivor (R10): a replacement, a removal
//! by the moderator (a modkill) at the start of the round under way or of
//! its Voting segment, a deadline extension. Events are given with the
//! round under way ([`Game::add_event`](crate::Game::add_event)), kept in
//! order, undone like a round; an event that cannot apply is refused with
//! its reason (R10.6), never dropped silently.
//!
//! The event types are the shared ones of [`console_core::events`]; this
//! module says what they do to a Mini-Survivor position ([`apply`]), the
//! notes the History and the case record show ([`EventNote`]), the posts
//! (R10.7), the prod list (R10.8) and a round's deadline with its
//! extensions (R10.9).

use crate::end::final_result;
use crate::player::{PlayerId, Roster};
use crate::position::{GarnetAward, Moment, Place, Position, Segment, Setup};
use crate::post::{PrivateMessage, private_message};
use crate::survivor::SurvivorId;
use console_core::events::{
    Event, EventError, Extension, PhaseDeadline, ProdWhy, RemovalReason, Replaced, Slots,
    duration_text, extension_post, prod_message,
};
use console_core::format::{Deadline, Format, Mark, deadline_text, escape};
use serde::{Deserialize, Serialize};

/// R10.5: a removal at the start of a round that leaves this many or fewer
/// survivors alive ends the game at once (R8.1's number).
pub const GAME_OVER_AT: usize = crate::adjudicate::GAME_OVER_AT;

fn start_segment() -> Segment {
    Segment::Assassination
}

fn is_start(s: &Segment) -> bool {
    *s == Segment::Assassination
}

/// One event of a round as the moderator gave it (R10): the shared
/// [`Event`], and for a removal the segment at whose start the player's
/// survivors leave (R10.2; `assassination`, the default, is the start of
/// the round). Written `{"remove": {"player": "Bob", "reason": "quit"},
/// "at": "voting"}`; `at` is left out at its default. (Read through a
/// plain struct, [`RoundEventData`], so the browser build needs no
/// buffering deserializer.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RoundEventData", into = "RoundEventData")]
pub struct RoundEvent {
    /// The event.
    pub event: Event,
    /// For a removal: at the start of which segment (R10.2). Ignored for
    /// other events.
    pub at: Segment,
    /// For a replacement: the orders that were in for the slot when it
    /// was given, as the new player's catch-up message showed them
    /// (R10.7, R9.7: the message is not rewritten as orders come in
    /// later). `None` (a case's events, a file written without it): the
    /// message shows the slot's orders in the drafts while the round is
    /// under way, and its submission once the round is played. Ignored
    /// for other events.
    pub orders: Option<String>,
}

/// The written form of a [`RoundEvent`]: exactly one of `replace`,
/// `remove`, `extend`, and `at`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundEventData {
    /// A replacement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replace: Option<console_core::events::Replacement>,
    /// A removal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remove: Option<console_core::events::Removal>,
    /// An extension.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extend: Option<Extension>,
    /// For a removal, the segment (default `assassination`).
    #[serde(default = "start_segment", skip_serializing_if = "is_start")]
    pub at: Segment,
    /// For a replacement, the orders in for the slot when it was given
    /// ([`RoundEvent::orders`]); absent when not known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orders: Option<String>,
}

impl TryFrom<RoundEventData> for RoundEvent {
    type Error = String;
    fn try_from(d: RoundEventData) -> Result<RoundEvent, String> {
        let event = match (d.replace, d.remove, d.extend) {
            (Some(r), None, None) => Event::Replace(r),
            (None, Some(r), None) => Event::Remove(r),
            (None, None, Some(x)) => Event::Extend(x),
            _ => {
                return Err(
                    "an event has exactly one of \"replace\", \"remove\", \"extend\"".into(),
                );
            }
        };
        Ok(RoundEvent {
            event,
            at: d.at,
            orders: d.orders,
        })
    }
}

impl From<RoundEvent> for RoundEventData {
    fn from(e: RoundEvent) -> RoundEventData {
        let mut d = RoundEventData {
            replace: None,
            remove: None,
            extend: None,
            at: e.at,
            orders: e.orders,
        };
        match e.event {
            Event::Replace(r) => d.replace = Some(r),
            Event::Remove(r) => d.remove = Some(r),
            Event::Extend(x) => d.extend = Some(x),
        }
        d
    }
}

impl From<Event> for RoundEvent {
    fn from(event: Event) -> RoundEvent {
        RoundEvent {
            event,
            at: Segment::Assassination,
            orders: None,
        }
    }
}

/// What one event did (R10), in the round's report (the record keeps it
/// as [`crate::case::EventRecord`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventNote {
    /// R10.1: `player` took over the slot of `old` (now its former name).
    Replace {
        /// The slot.
        slot: PlayerId,
        /// The slot's name from now on.
        player: String,
        /// The name it had.
        old: String,
    },
    /// R10.2: the moderator removed a player (see [`RemovalNote`]).
    Remove(RemovalNote),
    /// R10.9: the round's deadline moved later by `by` seconds.
    Extend {
        /// Seconds added.
        by: i64,
        /// The moderator's reason.
        reason: String,
    },
    /// R10.6: the event at `index` (0-based, among the round's events)
    /// did nothing, and why.
    Refused {
        /// Its place among the round's events.
        index: usize,
        /// Why, in words.
        why: String,
    },
}

/// What a removal did (R10.2): `player` removed; their living survivors
/// leave at the start of segment `at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemovalNote {
    /// The slot.
    pub slot: PlayerId,
    /// Its name when removed.
    pub player: String,
    /// Why.
    pub reason: RemovalReason,
    /// The moderator's words.
    pub note: String,
    /// The segment at whose start the survivors leave.
    pub at: Segment,
    /// The slot's living survivors when the event was given, by ID.
    pub survivors: Vec<SurvivorId>,
    /// Whether it ended the game at once (R10.5).
    pub game_over: bool,
}

impl EventNote {
    /// The note in words for the History: `"Ivy replaces Eve"`, `"Bob is
    /// removed by the moderator for inactivity: survivors 3, 17 leave at
    /// the start of the round"`, ...
    pub fn text(&self) -> String {
        match self {
            EventNote::Replace { player, old, .. } => format!("{player} replaces {old}"),
            EventNote::Remove(r) => {
                let ids: Vec<String> = r.survivors.iter().map(|s| s.to_string()).collect();
                let mut s = format!(
                    "{} is removed by the moderator for {}: survivor{} {} leave{} {} (R10.2)",
                    r.player,
                    r.reason.words(),
                    if ids.len() == 1 { "" } else { "s" },
                    ids.join(", "),
                    if ids.len() == 1 { "s" } else { "" },
                    at_words(r.at),
                );
                if r.game_over {
                    s.push_str("; 5 or fewer survivors are left: the game ends (R10.5)");
                }
                s
            }
            EventNote::Extend { by, reason } => {
                let mut s = format!("the deadline is extended by {}", duration_text(*by));
                if !reason.is_empty() {
                    s.push_str(&format!(" ({reason})"));
                }
                s
            }
            EventNote::Refused { index, why } => {
                format!("event {} refused (R10.6): {why}", index + 1)
            }
        }
    }

    /// Whether the event was refused.
    pub fn is_refused(&self) -> bool {
        matches!(self, EventNote::Refused { .. })
    }
}

fn at_words(at: Segment) -> &'static str {
    match at {
        Segment::Assassination => "at the start of the round",
        Segment::Voting => "at the start of the Voting segment",
    }
}

/// A round's events applied to the position at its start (R10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// Every replacement of the game so far, oldest first (those of
    /// earlier rounds, then this round's).
    pub replaced: Vec<Replaced>,
    /// The position the round is played from: the removed players'
    /// survivors eliminated (R10.2), over when R10.5 ended the game.
    pub position: Position,
    /// What each event did, in order.
    pub notes: Vec<EventNote>,
    /// Players whose survivors leave at the start of the Voting segment.
    pub at_voting: Vec<PlayerId>,
    /// Survivors eliminated by removals at the start of the round, by ID.
    pub removed: Vec<SurvivorId>,
}

/// The roster of `setup` (as dealt) with `replaced` applied: current names
/// and former names (R10.1). The dealt roster when the list does not fit
/// it (never for a list [`apply`] made).
pub fn roster_after(setup: &Setup, replaced: &[Replaced]) -> Roster {
    if replaced.is_empty() {
        return setup.players.clone();
    }
    Slots::with_replaced(setup.players.names(), replaced)
        .ok()
        .and_then(|s| setup.players.renamed(&s.names, &s.former()).ok())
        .unwrap_or_else(|| setup.players.clone())
}

/// Applies "NEW replaces OLD" (R10.1) to `replaced` (the game's
/// replacements so far, `setup` as dealt), reading names as the roster
/// does (R3.2's full-name reading: case and spacing ignored, former names
/// included). Returns the replacement as applied.
///
/// # Errors
///
/// In words: OLD names no slot; NEW is blank, or is another slot's
/// current or former name. `replaced` is unchanged on error.
pub fn replace(
    setup: &Setup,
    replaced: &mut Vec<Replaced>,
    r: &console_core::events::Replacement,
) -> Result<Replaced, String> {
    let roster = roster_after(setup, replaced);
    let slot = roster
        .find(&r.old)
        .ok_or_else(|| EventError::UnknownPlayer(r.old.clone()).to_string())?;
    let new = r.new.split_whitespace().collect::<Vec<_>>().join(" ");
    if new.is_empty() {
        return Err("the new player's name is blank".into());
    }
    if roster.find(&new).is_some_and(|p| p != slot) {
        return Err(EventError::NameTaken(new).to_string());
    }
    let done = Replaced {
        slot: slot.index(),
        old: roster.name(slot).to_string(),
        new,
    };
    replaced.push(done.clone());
    Ok(done)
}

/// Applies a round's `events` (R10) in order to `position` (the position
/// at the start of the round), `setup` being the game as dealt and
/// `replaced` the replacements of earlier rounds.
pub fn apply(
    setup: &Setup,
    replaced: &[Replaced],
    position: &Position,
    events: &[RoundEvent],
) -> Applied {
    let mut out = Applied {
        replaced: replaced.to_vec(),
        position: position.clone(),
        notes: Vec::with_capacity(events.len()),
        at_voting: Vec::new(),
        removed: Vec::new(),
    };
    let round = position.round();
    for (index, e) in events.iter().enumerate() {
        let refuse = |why: String| EventNote::Refused { index, why };
        if out.position.is_game_over() {
            out.notes.push(refuse("the game is over".into()));
            continue;
        }
        let roster = roster_after(setup, &out.replaced);
        let note = match &e.event {
            Event::Replace(r) => match replace(setup, &mut out.replaced, r) {
                Ok(done) => EventNote::Replace {
                    slot: PlayerId::from_index(done.slot),
                    player: done.new,
                    old: done.old,
                },
                Err(why) => refuse(why),
            },
            Event::Remove(r) => {
                let Some(p) = roster.find(&r.player) else {
                    out.notes.push(refuse(
                        EventError::UnknownPlayer(r.player.clone()).to_string(),
                    ));
                    continue;
                };
                let survivors: Vec<SurvivorId> = out
                    .position
                    .survivors_of(p)
                    .filter(|s| s.place.is_alive())
                    .map(|s| s.id)
                    .collect();
                if survivors.is_empty() || out.at_voting.contains(&p) {
                    out.notes.push(refuse(format!(
                        "{}: no living survivor to remove",
                        EventError::NotInGame(roster.name(p).to_string())
                    )));
                    continue;
                }
                let mut game_over = false;
                match e.at {
                    Segment::Voting => out.at_voting.push(p),
                    Segment::Assassination => {
                        let moment = Moment::Segment {
                            round,
                            segment: Segment::Assassination,
                        };
                        for &id in &survivors {
                            out.position.survivor_mut(id).place = Place::Eliminated(moment);
                            out.removed.push(id);
                        }
                        out.removed.sort();
                        let at = &mut out.position.eliminated_at[p.index()];
                        if at.is_none() {
                            *at = Some(moment);
                        }
                        game_over = end_now(setup, &mut out.position);
                    }
                }
                EventNote::Remove(RemovalNote {
                    slot: p,
                    player: roster.name(p).to_string(),
                    reason: r.reason,
                    note: r.note.trim().to_string(),
                    at: e.at,
                    survivors,
                    game_over,
                })
            }
            Event::Extend(x) => {
                if x.by <= 0 {
                    refuse(EventError::BadExtension(x.by).to_string())
                } else {
                    EventNote::Extend {
                        by: x.by,
                        reason: x.reason.trim().to_string(),
                    }
                }
            }
        };
        out.notes.push(note);
    }
    out
}

/// R10.5: when 5 or fewer survivors are left, the game ends at once: the
/// R8.3 award is fixed if it was not, and paid. Returns whether it ended.
fn end_now(setup: &Setup, p: &mut Position) -> bool {
    let alive = p.alive();
    if alive > GAME_OVER_AT {
        return false;
    }
    if p.garnet_award.is_none() && alive <= crate::adjudicate::GARNET_AWARD_AT {
        p.garnet_award = Some(GarnetAward {
            round: p.round,
            amounts: p.alive_per_player(setup.players.len()),
        });
    }
    if let Some(award) = &p.garnet_award {
        for (h, a) in p.holdings.iter_mut().zip(&award.amounts) {
            h.garnets = h.garnets.saturating_add(*a);
        }
    }
    p.game_over = true;
    true
}

/// A round's deadline (R10.9): the one set (R9.6) and the extensions among
/// the round's events.
pub fn round_deadline(set: Option<Deadline>, events: &[RoundEvent]) -> PhaseDeadline {
    PhaseDeadline::with_events(set, events.iter().map(|e| &e.event))
}

/// The public post of one applied event (R10.7); empty for a refused one.
/// `setup` and `position` are the game's after the event (for the final
/// result when a removal ended the game; names as they are then);
/// `deadline` the round's deadline after it.
pub fn event_post(
    note: &EventNote,
    setup: &Setup,
    position: &Position,
    deadline: Option<Deadline>,
    format: Format,
) -> String {
    let m = Mark(format);
    match note {
        EventNote::Replace { player, old, .. } => {
            let mut s = m.title("Replacement");
            s.push_str(&format!(
                "{} replaces {}.\n",
                m.bold(&m.name(player)),
                m.name(old)
            ));
            s.push_str(&format!(
                "{} (replaced {}) keeps the slot: its survivors, idols and orders.\n",
                m.name(player),
                m.name(old)
            ));
            s
        }
        EventNote::Remove(r) => {
            let mut s = m.title("Removal");
            s.push_str(&format!(
                "{} has been removed from the game by the moderator for {}.\n",
                m.bold(&m.name(&r.player)),
                r.reason.words()
            ));
            let ids: Vec<String> = r.survivors.iter().map(|id| format!("#{id}")).collect();
            s.push_str(&format!(
                "Their survivors leave the game {}: {}.\n",
                at_words(r.at),
                ids.join(", ")
            ));
            if !r.note.is_empty() {
                s.push_str(&format!("{}\n", escape(&r.note, format)));
            }
            if r.game_over
                && let Some(end) = final_result(setup, position)
            {
                s.push_str("5 or fewer survivors are left: the game is over.\n");
                let mut items = String::new();
                for (name, n) in setup.players.named_counts(&end.tokens_of_life) {
                    items.push_str(&m.item(&format!("{}: {n} Token(s) of Life", m.name(name))));
                }
                s.push_str(&m.list(&items));
                s.push_str("The full result follows in the result post.\n");
            }
            s
        }
        EventNote::Extend { by, reason } => extension_post(
            &Extension {
                by: *by,
                reason: reason.clone(),
            },
            deadline,
            format,
        ),
        EventNote::Refused { .. } => String::new(),
    }
}

/// The catch-up message to a new player (R10.7): R9.3's private message
/// for the slot, headed with who they replace, with the orders already in
/// for the slot (`orders`, as pasted; blank when none).
pub fn catch_up(
    setup: &Setup,
    position: &Position,
    slot: PlayerId,
    old: &str,
    orders: &str,
    deadline: Option<Deadline>,
    format: Format,
) -> String {
    let m = Mark(format);
    let mut s = format!(
        "Welcome, {}: you replace {} in round {}.\n\n",
        m.bold(&m.name(setup.players.name(slot))),
        m.name(old),
        position.round()
    );
    s.push_str(&private_message(
        &PrivateMessage::new(setup, position, slot),
        format,
        deadline,
    ));
    if orders.trim().is_empty() {
        s.push_str("\nNo orders are in for your survivors yet: please send them.\n");
    } else {
        s.push_str("\nThe orders already in for your survivors (send new ones to replace them):\n");
        s.push_str(&m.code(orders.trim()));
    }
    s
}

/// The prod list of the round under way (R10.8): the players of `owed`
/// (living survivors, no orders in: [`Session::owed`]) once
/// `hours_before` hours or fewer remain before `deadline`; every one of
/// them without a deadline or without `now` (UNIX seconds).
///
/// [`Session::owed`]: console_core::Session::owed
pub fn prod_list(
    owed: Vec<PlayerId>,
    deadline: Option<Deadline>,
    now: Option<i64>,
    hours_before: u32,
) -> Vec<PlayerId> {
    match (deadline, now) {
        (Some(d), Some(now)) if d - now > i64::from(hours_before) * 3600 => Vec::new(),
        _ => owed,
    }
}

/// The prod message (R10.8) for `names`: one name, a private message; several,
/// one public post naming them all.
pub fn prod_text(names: &[&str], deadline: Option<Deadline>, format: Format) -> String {
    prod_message(names, &[ProdWhy::NoActions], deadline, format)
}

/// `Deadline: ... (2 hours 5 minutes left)` for the round under way.
pub fn deadline_line(deadline: Deadline, now: Option<i64>, format: Format) -> String {
    let mut s = format!("Deadline: {}", deadline_text(deadline, format));
    if let Some(now) = now {
        s.push_str(&format!(
            " ({} left)",
            duration_text((deadline - now).max(0))
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::{Case, run_case};
    use crate::save::GameFile;
    use console_core::save::SaveFile;

    const CASE: &str = r#"{
        "players": ["Ann", "Bob", "Cid", "Dee"],
        "tribes": {
            "A": {"1": "Ann", "2": "Bob", "3": "Cid", "4": "Dee"},
            "B": {"5": "Ann", "6": "Bob", "7": "Cid", "8": "Dee"}
        },
        "rounds": [{"Ann": "1 v 4\n5 v 8", "Bob": "2 v 4\n6 v 8", "Cid": "3 v 4\n7 v 8"}, {}],
        "events": [[{"replace": {"new": "Zed", "old": "Bob"}}, {"extend": {"by": 3600, "reason": "holiday"}}],
                   [{"remove": {"player": "bob", "reason": "inactivity"}, "at": "voting"}]]
    }"#;

    #[test]
    fn prods_wait_for_the_threshold() {
        let owed = vec![PlayerId::from(2), PlayerId::from(5)];
        let d = 1_000_000;
        // 13 hours left: nobody yet; 12 hours: both (R10.8, default 12).
        assert!(prod_list(owed.clone(), Some(d), Some(d - 13 * 3600), 12).is_empty());
        assert_eq!(
            prod_list(owed.clone(), Some(d), Some(d - 12 * 3600), 12),
            owed
        );
        assert_eq!(prod_list(owed.clone(), None, Some(0), 12), owed);
        let one = prod_text(&["Rook"], None, Format::Plain);
        assert!(one.starts_with("Rook, this is a prod"), "{one}");
        assert!(
            one.contains("not in yet") && !one.contains("posted enough"),
            "{one}"
        );
    }

    #[test]
    fn events_read_with_their_segment() {
        let e: Vec<RoundEvent> = serde_json::from_str(
            r#"[{"remove": {"player": "Bob", "reason": "quit"}, "at": "voting"},
                {"replace": {"new": "Zed", "old": "Bob"}}]"#,
        )
        .unwrap();
        assert_eq!(e[0].at, Segment::Voting);
        assert_eq!(e[1].at, Segment::Assassination);
        let back = serde_json::to_string(&e).unwrap();
        assert!(back.contains(r#""at":"voting""#), "{back}");
        assert_eq!(serde_json::from_str::<Vec<RoundEvent>>(&back).unwrap(), e);
    }

    #[test]
    fn a_game_with_events_saves_replays_and_undoes() {
        let case = Case::from_json(CASE).unwrap();
        let game = case.prepare().unwrap().play();
        assert_eq!(game.setup().players.name(PlayerId::from(1)), "Zed");
        assert_eq!(game.dealt_setup().players.name(PlayerId::from(1)), "Bob");
        let r2 = &game.rounds()[1];
        assert_eq!(
            r2.report.modkilled,
            [
                (SurvivorId::new(2).unwrap(), Segment::Voting),
                (SurvivorId::new(6).unwrap(), Segment::Voting)
            ]
        );
        let file = GameFile::of("t", &game);
        let json = serde_json::to_string(&file).unwrap();
        let (_, again) = GameFile::parse(&json).unwrap();
        assert_eq!(again, game);
        let mut g = game.clone();
        use console_core::Session;
        let before = g.progress();
        g.add_event(
            Event::Extend(Extension {
                by: 0,
                reason: String::new(),
            })
            .into(),
        );
        assert!(g.pending_notes()[0].is_refused());
        assert_eq!(g.progress(), before + 1);
        assert_eq!(Session::undo(&mut g), Some(Vec::new()));
        assert_eq!(g, game);
        // A played round is undone with its events: round 1's replacement too.
        let mut g = game.clone();
        g.undo().unwrap();
        g.undo().unwrap();
        assert_eq!(g.setup().players.name(PlayerId::from(1)), "Bob");
        assert!(g.replaced().is_empty() && g.pending_events().is_empty());
        let rec = run_case(CASE).unwrap();
        assert_eq!(rec.rounds[0].events.len(), 2);
    }

    /// A case file made into a game (the page's import) keeps each
    /// round's events beside its orders, in the saved file too.
    #[test]
    fn a_case_made_into_a_game_keeps_its_events_per_round() {
        let case = Case::from_json(CASE).unwrap();
        let (file, game) = case.into_game("t", 7).unwrap();
        assert_eq!(file.script.len(), 2);
        assert_eq!(file.script_events, case.events);
        assert_eq!(file.script_events[0].len(), 2);
        assert!(matches!(
            file.script_events[1][0].event,
            Event::Remove(ref r) if r.player == "bob"
        ));
        let json = serde_json::to_string(&file).unwrap();
        let (again, g) = GameFile::parse(&json).unwrap();
        assert_eq!(again.script_events, case.events);
        assert_eq!(g, game);
    }
}
