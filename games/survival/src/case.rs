//! The case format (`cases/FORMAT.md`): a starting state, the players' raw
//! inputs phase by phase, and the record the engine produces. Every broken
//! case is refused with a one-line reason (the case command exits 2).

use crate::card::Card;
use crate::day::{DayInput, Post};
use crate::game::{Game, PhaseInput};
use crate::night::NightInput;
use crate::options::Options;
use crate::phase::{Phase, PhaseKind};
use crate::record::{PhaseRecord, Record, SplitRecord};
use crate::roster::{PlayerId, Roster};
use crate::setup::{Edition, Nickname, NoGuess, Setup};
use crate::state::{EngineerUsed, PolarDecision, StartSpec, State};
use crate::thread::{Layout, ThreadSplit, split_thread_as};
use console_core::commitment::Salt;
use console_core::events::{Event, Replaced, Slots};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// A broken case: the one-line reason.
type Broken = String;

/// Removes the comment members (names starting with `_`) of an object.
fn strip_comments(v: &mut Value) {
    if let Value::Object(m) = v {
        m.retain(|k, _| !k.starts_with('_'));
    }
}

/// The members of an object, refusing any not in `allowed`.
fn object<'a>(
    v: &'a Value,
    what: &str,
    allowed: &[&str],
) -> Result<&'a Map<String, Value>, Broken> {
    let m = v
        .as_object()
        .ok_or_else(|| format!("{what} must be an object, not {}", short(v)))?;
    if let Some(k) = m.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(format!("{what}: unknown member {k:?}"));
    }
    Ok(m)
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 {
        format!("{}...", s.chars().take(40).collect::<String>())
    } else {
        s
    }
}

fn string<'a>(v: &'a Value, what: &str) -> Result<&'a str, Broken> {
    v.as_str()
        .ok_or_else(|| format!("{what} must be a string, not {}", short(v)))
}

fn strings<'a>(v: &'a Value, what: &str) -> Result<Vec<&'a str>, Broken> {
    v.as_array()
        .ok_or_else(|| format!("{what} must be a list, not {}", short(v)))?
        .iter()
        .map(|x| string(x, what))
        .collect()
}

struct Reader<'r> {
    roster: &'r Roster,
    /// The slots' names after the replacements of the phases read so far
    /// (S10.1): current and former names both name the slot.
    slots: Option<Slots>,
}

impl Reader<'_> {
    fn player(&self, name: &str, what: &str) -> Result<PlayerId, Broken> {
        self.slots
            .as_ref()
            .and_then(|s| s.find(name))
            .map(PlayerId::from_index)
            .or_else(|| self.roster.find(name))
            .ok_or_else(|| format!("{what}: unknown player {name:?}"))
    }

    fn opt_player(&self, v: Option<&Value>, what: &str) -> Result<Option<PlayerId>, Broken> {
        match v {
            None | Some(Value::Null) => Ok(None),
            Some(v) => Ok(Some(self.player(string(v, what)?, what)?)),
        }
    }

    fn players(&self, v: Option<&Value>, what: &str) -> Result<Vec<PlayerId>, Broken> {
        let Some(v) = v else { return Ok(Vec::new()) };
        let mut out = Vec::new();
        for n in strings(v, what)? {
            let p = self.player(n, what)?;
            if out.contains(&p) {
                return Err(format!("{what}: {n:?} is listed twice"));
            }
            out.push(p);
        }
        Ok(out)
    }

    /// A map of player name -> text, one entry per player.
    fn texts(&self, v: Option<&Value>, what: &str) -> Result<BTreeMap<PlayerId, String>, Broken> {
        let mut out = BTreeMap::new();
        let Some(v) = v else { return Ok(out) };
        let m = v
            .as_object()
            .ok_or_else(|| format!("{what} must be an object, not {}", short(v)))?;
        for (name, text) in m {
            let p = self.player(name, what)?;
            let t = string(text, &format!("{what} of {name:?}"))?;
            if out.insert(p, t.to_string()).is_some() {
                return Err(format!("{what}: two texts for {name:?}"));
            }
        }
        Ok(out)
    }

    fn posts(&self, v: Option<&Value>, what: &str) -> Result<Vec<Post>, Broken> {
        let Some(v) = v else { return Ok(Vec::new()) };
        let list = v
            .as_array()
            .ok_or_else(|| format!("{what} must be a list of [AUTHOR, TEXT], not {}", short(v)))?;
        list.iter()
            .enumerate()
            .map(|(i, p)| match p.as_array().map(Vec::as_slice) {
                Some([a, t]) => {
                    let what = format!("{what} {}", i + 1);
                    let author = self.player(string(a, &what)?, &what)?;
                    Ok(Post::new(author, string(t, &what)?))
                }
                _ => Err(format!(
                    "{what} {}: a post is [AUTHOR, TEXT], not {}",
                    i + 1,
                    short(p)
                )),
            })
            .collect()
    }
}

/// The seed: a whole number 0 to 2^64-1, or such a number as a string.
fn seed(v: Option<&Value>) -> Result<u64, Broken> {
    match v {
        None => Ok(0),
        Some(v) => u64::deserialize(v)
            .ok()
            .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
            .ok_or_else(|| format!("seed must be a whole number 0 to 2^64-1, not {}", short(v))),
    }
}

/// Reads and checks a case (FORMAT.md): the game to play and its phases'
/// inputs.
///
/// # Errors
///
/// The one-line reason the case is broken.
pub fn prepare(json: &str) -> Result<(Game, Vec<PhaseInput>), Broken> {
    prepare_pages(json).map(|(g, i, _, _)| (g, i))
}

/// A prepared case: the game, its phases' inputs, and the split of each
/// day given as a page.
/// and each phase's moderator events (S10).
pub type Prepared = (
    Game,
    Vec<PhaseInput>,
    Vec<Option<ThreadSplit>>,
    Vec<Vec<Event>>,
);

/// [`prepare`], with the split of each day given as a pasted page
/// (`page`, S2.9), `None` for phases given as posts.
///
/// # Errors
///
/// The one-line reason the case is broken.
pub fn prepare_pages(json: &str) -> Result<Prepared, Broken> {
    let mut root: Value = serde_json::from_str(json).map_err(|e| format!("not JSON: {e}"))?;
    strip_comments(&mut root);
    let m = object(
        &root,
        "the case",
        &[
            "game",
            "id",
            "rule",
            "title",
            "options",
            "players",
            "cards",
            "dead",
            "spotlight",
            "buddies",
            "engineer_used",
            "last_protected",
            "summoned_before",
            "polar_bear",
            "first",
            "nairobi",
            "seed",
            "nicknames",
            "no_guess",
            "phases",
            "expect",
        ],
    )?;
    let required = |k: &str| {
        m.get(k)
            .ok_or_else(|| format!("the case has no {k:?} member"))
    };
    match string(required("game")?, "game")? {
        "survival" => {}
        g => return Err(format!("game {g:?} is not \"survival\"")),
    }
    for k in ["id", "rule", "title"] {
        string(required(k)?, k)?;
    }
    let options = match m.get("options") {
        None => Options::default(),
        Some(v) => {
            let mut v = v.clone();
            strip_comments(&mut v);
            // A case without `reading` is read under the current rules
            // (S2.8; FORMAT.md), unlike a saved game.
            if let Value::Object(m) = &mut v {
                m.entry("reading").or_insert(Value::from(2));
            }
            Options::deserialize(&v).map_err(|e| format!("options: {e}"))?
        }
    };
    let names = strings(required("players")?, "players")?;
    let roster = Roster::new(&names).map_err(|e| format!("players: {e}"))?;
    let mut r = Reader {
        roster: &roster,
        slots: None,
    };
    // Cards: every player exactly one, each card at most once.
    let cards_v = required("cards")?;
    let cards_m = cards_v
        .as_object()
        .ok_or_else(|| format!("cards must be an object, not {}", short(cards_v)))?;
    let mut cards: Vec<Option<Card>> = vec![None; roster.len()];
    for (name, card) in cards_m {
        let p = r.player(name, "cards")?;
        let cn = string(card, &format!("the card of {name:?}"))?;
        let c = Card::from_name(cn).ok_or_else(|| format!("cards: unknown card {cn:?}"))?;
        if cards[p.index()].replace(c).is_some() {
            return Err(format!("cards: {name:?} is given two cards"));
        }
    }
    let cards: Vec<Card> = cards
        .iter()
        .enumerate()
        .map(|(i, c)| c.ok_or_else(|| format!("cards: {:?} has no card", names[i])))
        .collect::<Result<_, _>>()?;
    let seed = seed(m.get("seed"))?;
    // Nicknames: `{"NAME": ["NICK", ...]}`; refused guesses: `["TEXT"]`.
    let mut nicknames = Vec::new();
    if let Some(v) = m.get("nicknames") {
        let o = v
            .as_object()
            .ok_or_else(|| format!("nicknames must be an object, not {}", short(v)))?;
        for (name, list) in o {
            r.player(name, "nicknames")?;
            for nick in strings(list, &format!("nicknames of {name:?}"))? {
                nicknames.push(Nickname {
                    player: name.clone(),
                    nickname: nick.to_string(),
                    from: None,
                });
            }
        }
    }
    let no_guess = match m.get("no_guess") {
        None => Vec::new(),
        Some(v) => strings(v, "no_guess")?
            .into_iter()
            .map(|t| NoGuess {
                text: t.to_string(),
                from: None,
            })
            .collect(),
    };
    let setup = Setup::new(
        roster.clone(),
        cards,
        options,
        Edition::Advanced,
        seed,
        Salt::default(),
    )
    .map_err(|e| format!("cards: {e}"))?
    .with_nicknames(nicknames, no_guess)
    .map_err(|e| format!("nicknames: {e}"))?;
    // The starting state.
    let first = match m.get("first") {
        None | Some(Value::Null) => Phase::FIRST,
        Some(v) => {
            let mut v = v.clone();
            strip_comments(&mut v);
            let f = object(&v, "first", &["night", "day"])?;
            let (kind, n) = match f.iter().collect::<Vec<_>>()[..] {
                [(k, n)] => (k.as_str(), n),
                _ => return Err("first must be {\"night\": N} or {\"day\": N}".into()),
            };
            let n = n
                .as_u64()
                .filter(|n| (1..=u64::from(u16::MAX)).contains(n))
                .ok_or_else(|| {
                    format!(
                        "first: {kind} {} is not a phase number (1 or more)",
                        short(n)
                    )
                })?;
            if kind == "night" {
                Phase::night(n as u16)
            } else {
                Phase::day(n as u16)
            }
        }
    };
    let buddies = match m.get("buddies") {
        None | Some(Value::Null) => None,
        Some(v) => match strings(v, "buddies")?[..] {
            [a, b] => Some([r.player(a, "buddies")?, r.player(b, "buddies")?]),
            _ => return Err("buddies must name two players".into()),
        },
    };
    let mut engineer_used = EngineerUsed::default();
    if let Some(v) = m.get("engineer_used") {
        for u in strings(v, "engineer_used")? {
            match u {
                "bomb" => engineer_used.bomb = true,
                "shield" => engineer_used.shield = true,
                _ => {
                    return Err(format!(
                        "engineer_used: {u:?} is not \"bomb\" or \"shield\""
                    ));
                }
            }
        }
    }
    let polar_bear = match m.get("polar_bear") {
        None | Some(Value::Null) => None,
        Some(v) => {
            let mut v = v.clone();
            strip_comments(&mut v);
            let o = object(&v, "polar_bear", &["sole", "bar"])?;
            match o.iter().collect::<Vec<_>>()[..] {
                [(k, n)] => {
                    let p = r.player(string(n, "polar_bear")?, "polar_bear")?;
                    Some(if k == "sole" {
                        PolarDecision::Sole(p)
                    } else {
                        PolarDecision::Bar(p)
                    })
                }
                _ => return Err("polar_bear must be {\"sole\": NAME} or {\"bar\": NAME}".into()),
            }
        }
    };
    let spec = StartSpec {
        first: Some(first),
        dead: r.players(m.get("dead"), "dead")?,
        spotlight: r.opt_player(m.get("spotlight"), "spotlight")?,
        buddies,
        engineer_used,
        last_protected: r.opt_player(m.get("last_protected"), "last_protected")?,
        summoned_before: r.players(m.get("summoned_before"), "summoned_before")?,
        polar_bear,
        nairobi: r.opt_player(m.get("nairobi"), "nairobi")?,
    };
    let start = State::custom(&setup, &spec).map_err(|e| e.to_string())?;
    // The phases, alternating from `first`.
    let phases_v = required("phases")?;
    let list = phases_v
        .as_array()
        .ok_or_else(|| format!("phases must be a list, not {}", short(phases_v)))?;
    let mut inputs = Vec::with_capacity(list.len());
    let mut splits = Vec::with_capacity(list.len());
    let mut all_events = Vec::with_capacity(list.len());
    let mut phase = first;
    for (i, v) in list.iter().enumerate() {
        let mut v = v.clone();
        strip_comments(&mut v);
        let what = format!("phase {} ({phase})", i + 1);
        // The phase's events (S10) come first: its texts may use a new
        // name.
        let events: Vec<Event> = match v.get("events") {
            None => Vec::new(),
            Some(e) => {
                Vec::<Event>::deserialize(e).map_err(|err| format!("{what} events: {err}"))?
            }
        };
        for e in &events {
            if let Event::Replace(rep) = e {
                let slots = r
                    .slots
                    .get_or_insert_with(|| Slots::new(setup.roster.names()));
                let _ = slots.replace(rep);
            }
        }
        let replaced: Vec<Replaced> = r
            .slots
            .as_ref()
            .map(|s| s.replaced.clone())
            .unwrap_or_default();
        all_events.push(events);
        let input = match phase.kind {
            PhaseKind::Night => {
                let o = object(&v, &what, &["actions", "decisions", "events"])?;
                PhaseInput::Night(NightInput {
                    actions: r.texts(o.get("actions"), &format!("{what} actions"))?,
                    decisions: r.texts(o.get("decisions"), &format!("{what} decisions"))?,
                })
            }
            PhaseKind::Day => {
                let o = object(
                    &v,
                    &what,
                    &["posts", "page", "layout", "revote", "decisions", "events"],
                )?;
                let layout = match o.get("layout") {
                    None => None,
                    Some(l) => {
                        let n = string(l, &format!("{what} layout"))?;
                        Some(
                            Layout::from_name(n)
                                .ok_or_else(|| format!("{what}: unknown layout {n:?}"))?,
                        )
                    }
                };
                let mut posts = r.posts(o.get("posts"), &format!("{what} posts"))?;
                let split = match o.get("page") {
                    None if layout.is_some() => {
                        return Err(format!("{what}: a layout without a page"));
                    }
                    None => None,
                    Some(_) if !posts.is_empty() => {
                        return Err(format!("{what}: both posts and a page"));
                    }
                    Some(p) => {
                        let text = string(p, &format!("{what} page"))?;
                        let split =
                            split_thread_as(&setup.slotted(&replaced).names(phase), text, layout);
                        posts = split.known_posts();
                        Some(split)
                    }
                };
                splits.push(split);
                PhaseInput::Day(DayInput {
                    posts,
                    revote: r.posts(o.get("revote"), &format!("{what} revote"))?,
                    decisions: r.texts(o.get("decisions"), &format!("{what} decisions"))?,
                })
            }
        };
        if phase.is_night() {
            splits.push(None);
        }
        inputs.push(input);
        phase = phase.next();
    }
    Ok((Game::new(setup, start), inputs, splits, all_events))
}

/// A page's split as the record shows it (FORMAT.md `split`).
fn split_record(s: &ThreadSplit) -> SplitRecord {
    SplitRecord {
        layout: s.layout.name().to_string(),
        posts: s.posts.len(),
        players: s.players(),
        unknown: s
            .unknown_authors()
            .into_iter()
            .map(|(_, a)| a.to_string())
            .collect(),
        orphans: s.orphans.len(),
        quotes: s.quotes,
        signatures: s.signatures,
        pages: s.pages.iter().map(|p| p.posts).collect(),
    }
}

/// Plays a case: the record as JSON (FORMAT.md), or the one-line reason the
/// case is broken. Phases after the game's end are ignored.
///
/// # Errors
///
/// The one-line reason the case is broken.
pub fn run_case(json: &str) -> Result<Record, String> {
    let (mut game, inputs, splits, events) = prepare_pages(json)?;
    for (input, events) in inputs.into_iter().zip(events) {
        if game.is_over() {
            break;
        }
        console_core::Session::commit(&mut game, crate::game::PhasePlay { input, events })
            .map_err(|e| e.to_string())?;
    }
    let mut record = Record::of(&game);
    for (p, s) in record.phases.iter_mut().zip(&splits) {
        if let (PhaseRecord::Day(d), Some(s)) = (p, s) {
            d.split = Some(split_record(s));
        }
    }
    Ok(record)
}
