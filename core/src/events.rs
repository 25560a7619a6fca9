//! The moderator's events every hosted game meets, written once
//! for every engine: a replacement ("NEW replaces OLD"), a removal by the
//! moderator (a modkill) with its reason, a deadline extension; the slot
//! names a replacement changes ([`Slots`]: the old name becomes a nickname
//! of the slot, on top of [`names`](crate::names)); a phase's deadline
//! with its extensions ([`PhaseDeadline`]); and each player's activity in
//! a phase with the prod list under the moderator's threshold
//! ([`Activity`], [`ProdThreshold`]).
//!
//! Pure data with serde's derives; each game says in its `RULES.md` what
//! an event does to its state (Survival S10, Mini-Survivor R10, Dice ORG
//! D11, Survival circle C10). No clock: times are UNIX seconds given by
//! the caller.

use crate::format::{Deadline, Format, Mark, deadline_text, escape};
use crate::names::{NameError, NameIndex, NicknameError, check_name, fold};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A replacement: the player `new` takes over the slot held by `old`
/// (everything in the slot stays: card, position, counters, abilities
/// used). Names as the moderator types them; `old` is read as the slot's
/// current name or one of its former names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replacement {
    /// The incoming player's name (S1.1's characters and length).
    pub new: String,
    /// The outgoing player, by a name of the slot.
    pub old: String,
}

/// Why the moderator removes a player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RemovalReason {
    /// No posts, no actions: the usual "modkill for inactivity".
    #[default]
    Inactivity,
    /// A rule break (out-of-game communication, quoting private messages,
    /// abuse).
    RuleBreak,
    /// The player asked to leave (a quit).
    Quit,
}

impl RemovalReason {
    /// The words used in posts: `inactivity`, `a rule break`, `leaving
    /// the game`.
    pub fn words(self) -> &'static str {
        match self {
            RemovalReason::Inactivity => "inactivity",
            RemovalReason::RuleBreak => "a rule break",
            RemovalReason::Quit => "leaving the game",
        }
    }
}

/// A removal by the moderator ("modkill"): the player leaves the game at
/// once, as each game's rules say, with a reason and an optional note the
/// public post carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Removal {
    /// The player removed, by a name of the slot.
    pub player: String,
    /// Why.
    #[serde(default)]
    pub reason: RemovalReason,
    /// The moderator's words for the post (may be empty).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// A deadline extension by the moderator: the phase's deadline moves
/// later by `by` seconds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Extension {
    /// Seconds added to the deadline (more than 0).
    pub by: i64,
    /// The moderator's reason, for the post (may be empty).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// One moderator event of a phase, in the order the moderator made them.
/// Written in save files and cases as `{"replace": {"new": .., "old":
/// ..}}`, `{"remove": {"player": .., "reason": "inactivity"}}` or
/// `{"extend": {"by": 86400, "reason": ..}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// NEW replaces OLD.
    Replace(Replacement),
    /// The moderator removes a player.
    Remove(Removal),
    /// The moderator extends the deadline.
    Extend(Extension),
}

/// Why an event cannot be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventError {
    /// The name given for the slot names no player (the text).
    UnknownPlayer(String),
    /// The incoming name is not a valid name.
    BadName(NameError),
    /// The incoming name is (folded) another slot's current or former name.
    NameTaken(String),
    /// The player is no longer in the game (eliminated, removed).
    NotInGame(String),
    /// An extension of 0 seconds or less.
    BadExtension(i64),
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::UnknownPlayer(n) => write!(f, "{n:?} names no player of this game"),
            EventError::BadName(e) => write!(f, "the new player's name: {e}"),
            EventError::NameTaken(n) => {
                write!(
                    f,
                    "{n:?} is already the name or a former name of another slot"
                )
            }
            EventError::NotInGame(n) => write!(f, "{n:?} is no longer in the game"),
            EventError::BadExtension(s) => {
                write!(f, "an extension must add time: {s} seconds given")
            }
        }
    }
}

impl std::error::Error for EventError {}

/// A slot's replacement as applied: which slot, the name it had, the name
/// it has now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replaced {
    /// The slot (index into the game's players).
    pub slot: usize,
    /// The name the slot had (now a nickname of the slot).
    pub old: String,
    /// The name the slot has from now on.
    pub new: String,
}

/// The names of a game's slots as replacements change them: each slot's
/// current name, and the former names kept as nicknames of the slot, so
/// posts and messages from either name count for the slot and votes or
/// actions naming the old name reach it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slots {
    /// Each slot's current name, in slot order.
    pub names: Vec<String>,
    /// Every replacement applied, oldest first.
    #[serde(default)]
    pub replaced: Vec<Replaced>,
}

impl Slots {
    /// Slots named as at the deal.
    pub fn new<S: AsRef<str>>(names: &[S]) -> Slots {
        Slots {
            names: names.iter().map(|n| n.as_ref().to_string()).collect(),
            replaced: Vec::new(),
        }
    }

    /// The slots with `replaced` applied in order (for a state that keeps
    /// only the list).
    ///
    /// # Errors
    ///
    /// The first replacement naming a slot out of range, as
    /// [`EventError::UnknownPlayer`].
    pub fn with_replaced<S: AsRef<str>>(
        names: &[S],
        replaced: &[Replaced],
    ) -> Result<Slots, EventError> {
        let mut s = Slots::new(names);
        for r in replaced {
            let slot = s
                .names
                .get_mut(r.slot)
                .ok_or_else(|| EventError::UnknownPlayer(r.old.clone()))?;
            *slot = r.new.clone();
            s.replaced.push(r.clone());
        }
        Ok(s)
    }

    /// The former names of every slot as (slot, nickname), oldest first:
    /// the nicknames a game's name reader adds.
    pub fn former(&self) -> Vec<(usize, String)> {
        self.replaced
            .iter()
            .map(|r| (r.slot, r.old.clone()))
            .collect()
    }

    /// The slot a text names exactly: a current name or a former name
    /// (ignoring case, spaces, accents and punctuation, as
    /// [`fold`]), current names first.
    pub fn find(&self, text: &str) -> Option<usize> {
        let f = fold(text);
        if f.is_empty() {
            return None;
        }
        self.names.iter().position(|n| fold(n) == f).or_else(|| {
            self.replaced
                .iter()
                .rev()
                .find(|r| fold(&r.old) == f)
                .map(|r| r.slot)
        })
    }

    /// A name reader over the current names with every former name as a
    /// nickname of its slot (then `extra` nicknames the moderator keeps).
    ///
    /// # Errors
    ///
    /// The first nickname [`NameIndex::check_nickname`] refuses (only when
    /// `extra` clashes with a name).
    pub fn index(&self, extra: &[(usize, String)]) -> Result<NameIndex, NicknameError> {
        let mut idx = NameIndex::new(&self.names);
        for (slot, old) in self.former().iter().chain(extra) {
            idx.add_nickname(*slot, old)?;
        }
        Ok(idx)
    }

    /// Applies "NEW replaces OLD": the slot OLD names takes the name NEW
    /// and keeps OLD as a nickname. Returns the replacement as applied.
    ///
    /// # Errors
    ///
    /// OLD names no slot ([`EventError::UnknownPlayer`]); NEW is not a
    /// valid name ([`EventError::BadName`]); NEW is (folded) another
    /// slot's current or former name ([`EventError::NameTaken`]). The
    /// slots are unchanged on error.
    pub fn replace(&mut self, r: &Replacement) -> Result<Replaced, EventError> {
        let slot = self
            .find(&r.old)
            .ok_or_else(|| EventError::UnknownPlayer(r.old.clone()))?;
        let new = r.new.trim().to_string();
        check_name(&new).map_err(EventError::BadName)?;
        let f = fold(&new);
        if f.is_empty() {
            return Err(EventError::BadName(NameError::Empty));
        }
        if self.find(&new).is_some_and(|s| s != slot) {
            return Err(EventError::NameTaken(new));
        }
        let done = Replaced {
            slot,
            old: self.names[slot].clone(),
            new: new.clone(),
        };
        self.names[slot] = new;
        self.replaced.push(done.clone());
        Ok(done)
    }
}

/// A phase's deadline: the one set when the phase opened and the
/// moderator's extensions since.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseDeadline {
    /// The deadline set when the phase opened, UNIX seconds, if any.
    #[serde(default)]
    pub set: Option<Deadline>,
    /// Extensions, oldest first.
    #[serde(default)]
    pub extensions: Vec<Extension>,
}

impl PhaseDeadline {
    /// The deadline `set` when the phase opened (UNIX seconds) with the
    /// extensions among the phase's `events`, in order (R10.9, S10.5;
    /// an extension that adds no time is left out, as [`Self::extend`]
    /// refuses it).
    pub fn with_events<'a>(
        set: Option<Deadline>,
        events: impl IntoIterator<Item = &'a Event>,
    ) -> PhaseDeadline {
        PhaseDeadline {
            set,
            extensions: events
                .into_iter()
                .filter_map(|e| match e {
                    Event::Extend(x) if x.by > 0 => Some(x.clone()),
                    _ => None,
                })
                .collect(),
        }
    }

    /// The deadline now: the one set plus every extension; `None` when none
    /// was set.
    pub fn current(&self) -> Option<Deadline> {
        self.set
            .map(|d| d + self.extensions.iter().map(|e| e.by).sum::<i64>())
    }

    /// Adds an extension.
    ///
    /// # Errors
    ///
    /// [`EventError::BadExtension`] when it adds no time.
    pub fn extend(&mut self, e: Extension) -> Result<(), EventError> {
        if e.by <= 0 {
            return Err(EventError::BadExtension(e.by));
        }
        self.extensions.push(e);
        Ok(())
    }

    /// The time left at `now` (UNIX seconds), in seconds, never below 0;
    /// `None` without a deadline.
    pub fn left(&self, now: i64) -> Option<i64> {
        self.current().map(|d| (d - now).max(0))
    }
}

/// `2 days 3 hours`, `5 hours 10 minutes`, `45 minutes`, `0 minutes`: a
/// duration in seconds for posts (whole minutes, rounded down).
pub fn duration_text(seconds: i64) -> String {
    let m = seconds.max(0) / 60;
    let (d, h, mi) = (m / 1440, m % 1440 / 60, m % 60);
    let unit = |n: i64, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    match (d, h) {
        (0, 0) => unit(mi, "minute"),
        (0, _) => format!("{} {}", unit(h, "hour"), unit(mi, "minute")),
        _ => format!("{} {}", unit(d, "day"), unit(h, "hour")),
    }
}

/// The post announcing an extension: the new deadline and the reason.
pub fn extension_post(e: &Extension, deadline: Option<Deadline>, format: Format) -> String {
    let m = Mark(format);
    let mut s = m.title("Deadline extended");
    s.push_str(&format!(
        "The deadline is extended by {}",
        duration_text(e.by)
    ));
    if !e.reason.trim().is_empty() {
        s.push_str(&format!(": {}", escape(e.reason.trim(), format)));
    }
    s.push_str(".\n");
    if let Some(d) = deadline {
        s.push_str(&format!("New deadline: {}\n", deadline_text(d, format)));
    }
    s
}

/// One player's activity in a phase: posts in the pasted thread, words in
/// them, the time of the last post as the page gives it, and whether their
/// night actions or orders are in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activity {
    /// The slot.
    pub slot: usize,
    /// Posts in the phase's thread.
    pub posts: u32,
    /// Words in those posts (runs of letters or digits).
    pub words: u32,
    /// The last post's time as the page wrote it, where the layout gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_post: Option<String>,
    /// Whether the player's actions or orders for the phase are in
    /// (`None` when the phase asks none of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acted: Option<bool>,
}

/// Words in a text: runs of letters or digits (apostrophes inside a word
/// do not split it).
pub fn word_count(text: &str) -> u32 {
    let mut n = 0u32;
    let mut inside = false;
    for c in text.chars() {
        let w = c.is_alphanumeric() || (inside && matches!(c, '\'' | '’'));
        if w && !inside {
            n += 1;
        }
        inside = w;
    }
    n
}

/// Activity of `slots` players from a phase's posts: (author slot, text,
/// time as the page gives it), in posting order. `acted[slot]` is whether
/// the slot's actions are in, when the phase asks any.
pub fn activity<'a>(
    slots: usize,
    posts: impl IntoIterator<Item = (usize, &'a str, Option<&'a str>)>,
    acted: Option<&[bool]>,
) -> Vec<Activity> {
    let mut out: Vec<Activity> = (0..slots)
        .map(|slot| Activity {
            slot,
            acted: acted.and_then(|a| a.get(slot).copied()),
            ..Activity::default()
        })
        .collect();
    for (a, text, time) in posts {
        if let Some(x) = out.get_mut(a) {
            x.posts += 1;
            x.words += word_count(text);
            if let Some(t) = time {
                x.last_post = Some(t.to_string());
            }
        }
    }
    out
}

/// When the moderator prods: a player with at most `max_posts` posts in
/// the phase, and (when the phase asks for actions or orders) a player
/// whose actions are not in once `hours_before` hours or fewer remain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProdThreshold {
    /// Prod at this many posts or fewer (default 0: no post in the phase).
    pub max_posts: u32,
    /// Prod missing actions when this many hours or fewer remain before
    /// the deadline (default 12).
    pub hours_before: u32,
}

impl Default for ProdThreshold {
    fn default() -> ProdThreshold {
        ProdThreshold {
            max_posts: 0,
            hours_before: 12,
        }
    }
}

/// Why a player is on the prod list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProdWhy {
    /// Too few posts.
    Posts,
    /// Actions or orders not in near the deadline.
    NoActions,
}

/// One player on the prod list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prod {
    /// The slot.
    pub slot: usize,
    /// Every reason that holds.
    pub why: Vec<ProdWhy>,
}

/// The prod list: the players of `activity` still in the game
/// (`in_game[slot]`) under the threshold, in slot order. `time_left` is
/// the time to the deadline in seconds (missing actions are prodded only
/// when it is known and at most `hours_before` hours).
pub fn prods(
    activity: &[Activity],
    in_game: &[bool],
    threshold: ProdThreshold,
    time_left: Option<i64>,
) -> Vec<Prod> {
    let late = time_left.is_some_and(|t| t <= i64::from(threshold.hours_before) * 3600);
    activity
        .iter()
        .filter(|a| in_game.get(a.slot).copied().unwrap_or(false))
        .filter_map(|a| {
            let mut why = Vec::new();
            if a.posts <= threshold.max_posts {
                why.push(ProdWhy::Posts);
            }
            if late && a.acted == Some(false) {
                why.push(ProdWhy::NoActions);
            }
            (!why.is_empty()).then_some(Prod { slot: a.slot, why })
        })
        .collect()
}

/// The prod message for one player (a private message), or with several
/// names the one public post: who is prodded and why, the deadline, and
/// what happens next (replacement or removal).
pub fn prod_message(
    names: &[&str],
    why: &[ProdWhy],
    deadline: Option<Deadline>,
    format: Format,
) -> String {
    let mut missing = Vec::new();
    if why.contains(&ProdWhy::Posts) {
        missing.push("Please post in the game thread: you have not posted enough this phase.");
    }
    if why.contains(&ProdWhy::NoActions) {
        missing.push("Your actions for this phase are not in yet: please send them.");
    }
    prod_text(names, "the moderator", &missing, deadline, format)
}

/// A prod in every game's shape: to one name, the private message "NAME,
/// this is a prod from `from`"; to several, a "Prods" list of them; then
/// each line of `missing` (what the game is waiting for), the deadline when
/// set, and that a player who stays inactive may be replaced or removed.
pub fn prod_text(
    names: &[&str],
    from: &str,
    missing: &[&str],
    deadline: Option<Deadline>,
    format: Format,
) -> String {
    let m = Mark(format);
    let mut s = if let [one] = names {
        format!("{}, this is a prod from {from}.\n", m.bold(&m.name(one)))
    } else {
        // The title above the list, never inside it.
        let mut items = String::new();
        for n in names {
            items.push_str(&m.item(&m.name(n)));
        }
        format!("{}{}", m.title("Prods"), m.list(&items))
    };
    for line in missing {
        s.push_str(line);
        s.push('\n');
    }
    if let Some(d) = deadline {
        s.push_str(&format!("Deadline: {}\n", deadline_text(d, format)));
    }
    s.push_str("Players who stay inactive may be replaced or removed.\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replacement_keeps_the_old_name_as_a_nickname() {
        let mut s = Slots::new(&["Ann", "Bob", "Cid"]);
        let r = s
            .replace(&Replacement {
                new: "Dora".into(),
                old: "bob".into(),
            })
            .unwrap();
        assert_eq!(r.slot, 1);
        assert_eq!(r.old, "Bob");
        assert_eq!(s.names, ["Ann", "Dora", "Cid"]);
        assert_eq!(s.find("Bob"), Some(1));
        assert_eq!(s.find("dora"), Some(1));
        let idx = s.index(&[]).unwrap();
        assert_eq!(idx.read("Bob").map(|r| r.index), Ok(1));
        // A second replacement: both former names stay.
        s.replace(&Replacement {
            new: "Eli".into(),
            old: "Bob".into(),
        })
        .unwrap();
        assert_eq!(s.former(), [(1, "Bob".into()), (1, "Dora".into())]);
        assert!(matches!(
            s.replace(&Replacement {
                new: "ann".into(),
                old: "Cid".into()
            }),
            Err(EventError::NameTaken(_))
        ));
        assert!(matches!(
            s.replace(&Replacement {
                new: "Zed".into(),
                old: "Nobody".into()
            }),
            Err(EventError::UnknownPlayer(_))
        ));
        assert!(matches!(
            s.replace(&Replacement {
                new: "a*b".into(),
                old: "Cid".into()
            }),
            Err(EventError::BadName(_))
        ));
        let again = Slots::with_replaced(&["Ann", "Bob", "Cid"], &s.replaced).unwrap();
        assert_eq!(again, s);
    }

    #[test]
    fn events_read_and_write_as_the_format_says() {
        let e: Vec<Event> = serde_json::from_str(
            r#"[{"replace": {"new": "Dora", "old": "Bob"}},
                {"remove": {"player": "Cid", "reason": "rule_break"}},
                {"extend": {"by": 3600}}]"#,
        )
        .unwrap();
        assert!(matches!(&e[1], Event::Remove(r) if r.reason == RemovalReason::RuleBreak));
        assert!(serde_json::from_str::<Event>(r#"{"remove": {"who": "x"}}"#).is_err());
    }

    #[test]
    fn a_phase_deadline_takes_its_events_extensions_in_order() {
        let ext = |by: i64, reason: &str| {
            Event::Extend(Extension {
                by,
                reason: reason.into(),
            })
        };
        let events = [
            ext(3_600, "storm"),
            Event::Remove(Removal {
                player: "Ann".into(),
                reason: RemovalReason::Inactivity,
                note: String::new(),
            }),
            ext(0, "nothing"),
            ext(86_400, "holiday"),
        ];
        let d = PhaseDeadline::with_events(Some(1_000_000), &events);
        let reasons: Vec<&str> = d.extensions.iter().map(|e| e.reason.as_str()).collect();
        assert_eq!(reasons, ["storm", "holiday"]);
        // 1,000,000 + 1 hour + 1 day.
        assert_eq!(d.current(), Some(1_090_000));
        // No deadline set: none with extensions either.
        assert_eq!(PhaseDeadline::with_events(None, &events).current(), None);
    }

    #[test]
    fn deadlines_and_extensions() {
        let mut d = PhaseDeadline {
            set: Some(1_000_000),
            extensions: Vec::new(),
        };
        assert!(
            d.extend(Extension {
                by: 0,
                reason: String::new()
            })
            .is_err()
        );
        d.extend(Extension {
            by: 86_400,
            reason: "holiday".into(),
        })
        .unwrap();
        assert_eq!(d.current(), Some(1_086_400));
        assert_eq!(d.left(1_086_000), Some(400));
        assert_eq!(d.left(2_000_000), Some(0));
        assert_eq!(duration_text(86_400 + 3 * 3600), "1 day 3 hours");
        assert_eq!(duration_text(5 * 3600 + 600), "5 hours 10 minutes");
        let p = extension_post(&d.extensions[0], d.current(), Format::Plain);
        assert!(p.contains("extended by 1 day 0 hours: holiday."), "{p}");
        assert!(p.contains("New deadline: 1970-01-13"), "{p}");
    }

    #[test]
    fn activity_and_prods() {
        assert_eq!(word_count("I don't know, vote Bob!"), 5);
        let posts = [
            (0, "hello all", Some("10:00")),
            (0, "vote Cid", Some("11:00")),
            (2, "hi", None),
        ];
        let a = activity(4, posts, Some(&[true, false, true, false]));
        assert_eq!((a[0].posts, a[0].words), (2, 4));
        assert_eq!(a[0].last_post.as_deref(), Some("11:00"));
        assert_eq!(a[1].posts, 0);
        let alive = [true, true, true, false];
        let t = ProdThreshold::default();
        let p = prods(&a, &alive, t, Some(24 * 3600));
        assert_eq!(
            p,
            [Prod {
                slot: 1,
                why: vec![ProdWhy::Posts]
            }]
        );
        let p = prods(&a, &alive, t, Some(3600));
        assert_eq!(p[0].why, [ProdWhy::Posts, ProdWhy::NoActions]);
        let t1 = ProdThreshold {
            max_posts: 1,
            hours_before: 0,
        };
        let p: Vec<usize> = prods(&a, &alive, t1, None).iter().map(|p| p.slot).collect();
        assert_eq!(p, [1, 2]);
        let msg = prod_message(&["Bob"], &[ProdWhy::Posts], Some(0), Format::BBCode);
        assert!(msg.starts_with("[b]Bob[/b], this is a prod"), "{msg}");
        let msg = prod_message(&["Bob", "Cid"], &[ProdWhy::Posts], None, Format::Markdown);
        assert!(msg.contains("Bob") && msg.contains("Cid"), "{msg}");
        // The public post's title stands above its list, not in it.
        let msg = prod_message(&["Bob", "Cid"], &[ProdWhy::Posts], None, Format::BBCode);
        assert!(
            msg.starts_with("[b]Prods[/b]\n[list]\n[*]Bob\n[*]Cid\n[/list]\n"),
            "{msg}"
        );
    }
}
