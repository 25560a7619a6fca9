//! Reading a game file (`save`) from parsed JSON by hand, member by
//! member, as strictly as the serde derives of its types (unknown members,
//! missing required members and wrong types are refused, naming the
//! member). The web app loads files with this reader: serde's derived
//! readers for these types cost it about 10 KB (brotli) of its 250 KB first
//! load, this reader a fraction of that, over the JSON value reader it has
//! anyway. A test checks that both readers agree.

use crate::card::Card;
use crate::options::{
    Discovery, EvilWinsAt, InvalidVote, Options, Reading, SecondTie, VoteBold, VotePlace, VoteRule,
};
use crate::phase::Phase;
use crate::save::{Drafts, GameFile, InputFile, PhaseFile};
use crate::setup::{DealSpec, Edition, Nickname, NoGuess};
use console_core::commitment::Salt;
use console_core::format::Format;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

type Read<T> = Result<T, String>;

/// The members of an object, refusing any not in `allowed` and any of
/// `required` missing.
fn object<'a>(
    v: &'a Value,
    what: &str,
    allowed: &[&str],
    required: &[&str],
) -> Read<&'a Map<String, Value>> {
    let m = v
        .as_object()
        .ok_or_else(|| format!("{what}: expected an object"))?;
    if let Some(k) = m.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(format!(
            "{what}: unknown field `{k}`, expected one of {}",
            allowed.join(", ")
        ));
    }
    if let Some(k) = required.iter().find(|k| !m.contains_key(**k)) {
        return Err(format!("{what}: missing field `{k}`"));
    }
    Ok(m)
}

fn string(v: &Value, what: &str) -> Read<String> {
    v.as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("{what}: expected a string"))
}

fn boolean(v: Option<&Value>, what: &str) -> Read<bool> {
    match v {
        None => Ok(false),
        Some(v) => v
            .as_bool()
            .ok_or_else(|| format!("{what}: expected true or false")),
    }
}

fn strings(v: Option<&Value>, what: &str) -> Read<Vec<String>> {
    match v {
        None => Ok(Vec::new()),
        Some(v) => v
            .as_array()
            .ok_or_else(|| format!("{what}: expected a list"))?
            .iter()
            .map(|x| string(x, what))
            .collect(),
    }
}

fn texts(v: Option<&Value>, what: &str) -> Read<BTreeMap<String, String>> {
    match v {
        None => Ok(BTreeMap::new()),
        Some(v) => v
            .as_object()
            .ok_or_else(|| format!("{what}: expected an object"))?
            .iter()
            .map(|(k, t)| Ok((k.clone(), string(t, &format!("{what}.{k}"))?)))
            .collect(),
    }
}

fn posts(v: Option<&Value>, what: &str) -> Read<Vec<(String, String)>> {
    match v {
        None => Ok(Vec::new()),
        Some(v) => v
            .as_array()
            .ok_or_else(|| format!("{what}: expected a list"))?
            .iter()
            .map(|p| match p.as_array().map(Vec::as_slice) {
                Some([a, t]) => Ok((string(a, what)?, string(t, what)?)),
                _ => Err(format!("{what}: a post is [author, text]")),
            })
            .collect(),
    }
}

/// One of the names `names` (a unit variant as serde writes it).
fn variant<T: Copy>(v: Option<&Value>, what: &str, names: &[(&str, T)], default: T) -> Read<T> {
    let Some(v) = v else { return Ok(default) };
    let s = v
        .as_str()
        .ok_or_else(|| format!("{what}: expected a string"))?;
    names
        .iter()
        .find(|(n, _)| *n == s)
        .map(|(_, t)| *t)
        .ok_or_else(|| format!("{what}: unknown variant `{s}`"))
}

/// A whole number written as a string or a number (`u64_string`).
fn whole(v: &Value, what: &str) -> Read<u64> {
    v.as_u64()
        .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
        .ok_or_else(|| format!("{what}: not a whole number: {v}"))
}

fn options(v: Option<&Value>) -> Read<Options> {
    // A file without options, or without `reading`, was saved under the
    // first reading rules (S2.8).
    let Some(v) = v else {
        return Ok(Options::first_rules());
    };
    let d = Options::default();
    let m = object(
        v,
        "options",
        &[
            "vote_rule",
            "second_tie",
            "evil_wins_at",
            "green_activist_discovery",
            "reveal_cards",
            "reading",
            "no_elimination",
            "vote_bold",
            "vote_place",
            "invalid_vote",
        ],
        &[],
    )?;
    Ok(Options {
        vote_rule: variant(
            m.get("vote_rule"),
            "vote_rule",
            &[
                ("plurality", VoteRule::Plurality),
                ("majority", VoteRule::Majority),
            ],
            d.vote_rule,
        )?,
        second_tie: variant(
            m.get("second_tie"),
            "second_tie",
            &[("lot", SecondTie::Lot), ("none", SecondTie::None)],
            d.second_tie,
        )?,
        evil_wins_at: variant(
            m.get("evil_wins_at"),
            "evil_wins_at",
            &[
                ("parity", EvilWinsAt::Parity),
                ("majority", EvilWinsAt::Majority),
            ],
            d.evil_wins_at,
        )?,
        green_activist_discovery: variant(
            m.get("green_activist_discovery"),
            "green_activist_discovery",
            &[("expose", Discovery::Expose), ("never", Discovery::Never)],
            d.green_activist_discovery,
        )?,
        reveal_cards: match m.get("reveal_cards") {
            None => d.reveal_cards,
            v => boolean(v, "reveal_cards")?,
        },
        reading: match m.get("reading") {
            None => Reading::First,
            Some(v) => match v.as_u64() {
                Some(1) => Reading::First,
                Some(2) => Reading::Second,
                _ => return Err(format!("reading: {v} is not 1 or 2")),
            },
        },
        no_elimination: match m.get("no_elimination") {
            None => d.no_elimination,
            v => boolean(v, "no_elimination")?,
        },
        vote_bold: variant(
            m.get("vote_bold"),
            "vote_bold",
            &[
                ("optional", VoteBold::Optional),
                ("required", VoteBold::Required),
            ],
            d.vote_bold,
        )?,
        vote_place: variant(
            m.get("vote_place"),
            "vote_place",
            &[
                ("line_start", VotePlace::LineStart),
                ("anywhere", VotePlace::Anywhere),
            ],
            d.vote_place,
        )?,
        invalid_vote: variant(
            m.get("invalid_vote"),
            "invalid_vote",
            &[
                ("keeps", InvalidVote::Keeps),
                ("withdraws", InvalidVote::Withdraws),
            ],
            d.invalid_vote,
        )?,
    })
}

/// A list of items read by `item`.
fn list<T>(v: Option<&Value>, what: &str, item: impl Fn(&Value) -> Read<T>) -> Read<Vec<T>> {
    match v {
        None => Ok(Vec::new()),
        Some(v) => v
            .as_array()
            .ok_or_else(|| format!("{what}: expected a list"))?
            .iter()
            .map(item)
            .collect(),
    }
}

/// A phase as serde writes it (`{"kind": "day", "number": 2}`), or null.
fn phase(v: Option<&Value>) -> Read<Option<Phase>> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => {
            let m = object(v, "from", &["kind", "number"], &["kind", "number"])?;
            let n = m["number"]
                .as_u64()
                .and_then(|n| u16::try_from(n).ok())
                .ok_or_else(|| "from: number: expected a whole number".to_string())?;
            match m["kind"].as_str() {
                Some("night") => Ok(Some(Phase::night(n))),
                Some("day") => Ok(Some(Phase::day(n))),
                _ => Err("from: kind: expected \"night\" or \"day\"".to_string()),
            }
        }
    }
}

fn setup(v: &Value) -> Read<DealSpec> {
    let m = object(
        v,
        "setup",
        &[
            "players",
            "edition",
            "evil",
            "specials",
            "spotlight",
            "options",
            "nicknames",
            "no_guess",
            "seed",
            "salt",
        ],
        &["players", "edition", "seed", "salt"],
    )?;
    let evil = match m.get("evil") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| "evil: expected a whole number".to_string())?,
        ),
    };
    let specials = strings(m.get("specials"), "specials")?
        .into_iter()
        .map(|c| Card::from_name(&c).ok_or_else(|| format!("specials: unknown card {c:?}")))
        .collect::<Read<Vec<Card>>>()?;
    let spotlight = match m.get("spotlight") {
        None | Some(Value::Null) => None,
        Some(v) => Some(string(v, "spotlight")?),
    };
    let salt: Salt = string(&m["salt"], "salt")?
        .parse()
        .map_err(|e| format!("salt: {e}"))?;
    Ok(DealSpec {
        players: strings(m.get("players"), "players")?,
        edition: variant(
            m.get("edition"),
            "edition",
            &[("basic", Edition::Basic), ("advanced", Edition::Advanced)],
            Edition::Advanced,
        )?,
        evil,
        specials,
        spotlight,
        options: options(m.get("options"))?,
        nicknames: list(m.get("nicknames"), "nicknames", |v| {
            let n = object(
                v,
                "nicknames",
                &["player", "nickname", "from"],
                &["player", "nickname"],
            )?;
            Ok(Nickname {
                player: string(&n["player"], "player")?,
                nickname: string(&n["nickname"], "nickname")?,
                from: phase(n.get("from"))?,
            })
        })?,
        no_guess: list(m.get("no_guess"), "no_guess", |v| {
            let n = object(v, "no_guess", &["text", "from"], &["text"])?;
            Ok(NoGuess {
                text: string(&n["text"], "text")?,
                from: phase(n.get("from"))?,
            })
        })?,
        seed: whole(&m["seed"], "seed")?,
        salt,
    })
}

fn input(v: &Value, what: &str) -> Read<InputFile> {
    let m = object(v, what, &["night", "day"], &[])?;
    match m.iter().next() {
        Some((k, body)) if m.len() == 1 && k == "night" => {
            let n = object(body, what, &["actions", "decisions"], &[])?;
            Ok(InputFile::Night {
                actions: texts(n.get("actions"), "actions")?,
                decisions: texts(n.get("decisions"), "decisions")?,
            })
        }
        Some((k, body)) if m.len() == 1 && k == "day" => {
            let d = object(body, what, &["posts", "revote", "decisions"], &[])?;
            Ok(InputFile::Day {
                posts: posts(d.get("posts"), "posts")?,
                revote: posts(d.get("revote"), "revote")?,
                decisions: texts(d.get("decisions"), "decisions")?,
            })
        }
        _ => Err(format!(
            "{what}: expected {{\"night\": ...}} or {{\"day\": ...}}"
        )),
    }
}

fn drafts(v: Option<&Value>) -> Read<Drafts> {
    let Some(v) = v else {
        return Ok(Drafts::default());
    };
    let m = object(
        v,
        "drafts",
        &[
            "night",
            "bulk",
            "thread",
            "page",
            "revote",
            "decisions",
            "deadline",
            "post_format",
            "hide_deck",
        ],
        &[],
    )?;
    let text = |k: &str| m.get(k).map_or(Ok(String::new()), |v| string(v, k));
    Ok(Drafts {
        night: texts(m.get("night"), "night")?,
        bulk: text("bulk")?,
        thread: text("thread")?,
        page: text("page")?,
        revote: text("revote")?,
        decisions: texts(m.get("decisions"), "decisions")?,
        deadline: match m.get("deadline") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_i64()
                    .ok_or_else(|| "deadline: expected a whole number".to_string())?,
            ),
        },
        post_format: variant(
            m.get("post_format"),
            "post_format",
            &[
                ("bbcode", Format::BBCode),
                ("markdown", Format::Markdown),
                ("plain", Format::Plain),
            ],
            Format::default(),
        )?,
        hide_deck: boolean(m.get("hide_deck"), "hide_deck")?,
    })
}

/// A game file from its JSON (the envelope already checked).
pub(crate) fn game_file(v: &Value) -> Read<GameFile> {
    let m = object(
        v,
        "the file",
        &["format", "version", "name", "setup", "phases", "drafts"],
        &["format", "version", "setup"],
    )?;
    let phases = match m.get("phases") {
        None => Vec::new(),
        Some(p) => p
            .as_array()
            .ok_or_else(|| "phases: expected a list".to_string())?
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let what = format!("phase {}", i + 1);
                let f = object(p, &what, &["input", "record"], &["input"])?;
                Ok(PhaseFile {
                    input: input(&f["input"], &what)?,
                    record: f.get("record").filter(|r| !r.is_null()).cloned(),
                })
            })
            .collect::<Read<Vec<PhaseFile>>>()?,
    };
    Ok(GameFile {
        format: string(&m["format"], "format")?,
        version: m["version"]
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| "version: expected a whole number".to_string())?,
        name: m
            .get("name")
            .map_or(Ok(String::new()), |n| string(n, "name"))?,
        setup: setup(&m["setup"])?,
        phases,
        drafts: drafts(m.get("drafts"))?,
    })
}
