//! Reading a season file ([`SeasonFile`]) from parsed JSON by hand, member
//! by member, as strictly as the serde derives of its types (unknown
//! members where those refuse them, missing required members and wrong
//! types are refused, naming the member). The web page loads files with
//! this reader: serde's derived readers for these types cost it about
//! 20 KB (brotli) of its 250 KB first load, this reader a fraction of
//! that, over the JSON value reader it has anyway. A test checks that both
//! readers agree on valid and damaged files.

use crate::advantage::Advantage;
use crate::by_name::ByName;
use crate::camp::{CampChoice, CampInput};
use crate::competition::{CompetitionChoice, CompetitionInput};
use crate::conversation::{ConversationInput, Prefs};
use crate::edit::{Change, Edit, PlayerChange};
use crate::final_vote::FinalInput;
use crate::options::{Deadlock, JurySize, Options, OptionsPatch, TeamScore};
use crate::roll::Boost;
use crate::save::{Drafts, EntryCheck, EntryFile, SeasonFile};
use crate::setup::{AttributeSource, SetupInput, TeamSource};
use crate::state::Attributes;
use crate::step::Entry;
use crate::vote::{Ballot, Play, VoteInput, When};
use console_core::rng::RngState;
use serde_json::{Map, Value};

type Read<T> = Result<T, String>;

/// The members of an object, refusing any not in `allowed` (unless
/// `allowed` is empty: any is accepted) and any of `required` missing.
fn object<'a>(
    v: &'a Value,
    what: &str,
    allowed: &[&str],
    required: &[&str],
) -> Read<&'a Map<String, Value>> {
    let m = v
        .as_object()
        .ok_or_else(|| format!("{what}: expected an object"))?;
    if !allowed.is_empty()
        && let Some(k) = m.keys().find(|k| !allowed.contains(&k.as_str()))
    {
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

/// `what.member`, for messages.
fn at(what: &str, member: &str) -> String {
    format!("{what}.{member}")
}

fn string(v: &Value, what: &str) -> Read<String> {
    v.as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("{what}: expected a string"))
}

fn list<'a>(v: &'a Value, what: &str) -> Read<&'a Vec<Value>> {
    v.as_array()
        .ok_or_else(|| format!("{what}: expected a list"))
}

fn strings(v: &Value, what: &str) -> Read<Vec<String>> {
    list(v, what)?.iter().map(|x| string(x, what)).collect()
}

fn boolean(v: &Value, what: &str) -> Read<bool> {
    v.as_bool()
        .ok_or_else(|| format!("{what}: expected true or false"))
}

/// A whole number up to `max`.
fn whole(v: &Value, what: &str, max: u64) -> Read<u64> {
    v.as_u64()
        .filter(|n| *n <= max)
        .ok_or_else(|| format!("{what}: expected a whole number up to {max}"))
}

fn u8_(v: &Value, what: &str) -> Read<u8> {
    whole(v, what, u8::MAX.into()).map(|n| n as u8)
}

fn u32_(v: &Value, what: &str) -> Read<u32> {
    whole(v, what, u32::MAX.into()).map(|n| n as u32)
}

/// A whole number written as a string or a number (`u64_string`).
fn u64_string(v: &Value, what: &str) -> Read<u64> {
    v.as_u64()
        .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
        .ok_or_else(|| format!("{what}: not a whole number: {v}"))
}

/// An optional member: absent or null is `None` (as serde reads `Option`).
fn opt<T>(
    m: &Map<String, Value>,
    what: &str,
    member: &str,
    read: fn(&Value, &str) -> Read<T>,
) -> Read<Option<T>> {
    match m.get(member) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => read(v, &at(what, member)).map(Some),
    }
}

/// A member with a default when absent.
fn or<T>(
    m: &Map<String, Value>,
    what: &str,
    member: &str,
    default: T,
    read: fn(&Value, &str) -> Read<T>,
) -> Read<T> {
    match m.get(member) {
        None => Ok(default),
        Some(v) => read(v, &at(what, member)),
    }
}

/// A required member (checked present by [`object`]).
fn req<T>(
    m: &Map<String, Value>,
    what: &str,
    member: &str,
    read: fn(&Value, &str) -> Read<T>,
) -> Read<T> {
    match m.get(member) {
        Some(v) => read(v, &at(what, member)),
        None => Err(format!("{what}: missing field `{member}`")),
    }
}

/// One of the unit variants `names`, as serde writes them.
fn variant<T: Copy>(v: &Value, what: &str, names: &[(&str, T)]) -> Read<T> {
    let s = v
        .as_str()
        .ok_or_else(|| format!("{what}: expected a string"))?;
    names
        .iter()
        .find(|(n, _)| *n == s)
        .map(|(_, t)| *t)
        .ok_or_else(|| format!("{what}: unknown variant `{s}`"))
}

/// An externally tagged enum value `{"variant": content}`: its tag and
/// content.
fn tagged<'a>(v: &'a Value, what: &str) -> Read<(&'a str, &'a Value)> {
    match v.as_object() {
        Some(m) if m.len() == 1 => {
            let (k, c) = m.iter().next().expect("one member");
            Ok((k.as_str(), c))
        }
        _ => Err(format!("{what}: expected an object with one member")),
    }
}

fn by_name<V>(v: &Value, what: &str, read: fn(&Value, &str) -> Read<V>) -> Read<ByName<V>> {
    let m = v
        .as_object()
        .ok_or_else(|| format!("{what}: expected an object from player names"))?;
    let mut out = ByName::new();
    for (k, x) in m {
        out.insert(k.clone(), read(x, &at(what, k))?);
    }
    Ok(out)
}

fn advantage(v: &Value, what: &str) -> Read<Advantage> {
    string(v, what).map(Advantage::from)
}

fn advantages(v: &Value, what: &str) -> Read<Vec<Advantage>> {
    list(v, what)?.iter().map(|x| advantage(x, what)).collect()
}

fn boost(v: &Value, what: &str) -> Read<Boost> {
    Boost::try_from(u8_(v, what)?).map_err(|e| format!("{what}: {e}"))
}

fn jury_size(v: &Value, what: &str) -> Read<JurySize> {
    JurySize::try_from(u32_(v, what)?).map_err(|e| format!("{what}: {e}"))
}

const TEAM_SCORES: &[(&str, TeamScore)] = &[("mean", TeamScore::Mean), ("sum", TeamScore::Sum)];
const DEADLOCKS: &[(&str, Deadlock)] = &[
    ("survival_roll", Deadlock::SurvivalRoll),
    ("rocks", Deadlock::Rocks),
];

/// The members of [`Options`] and of [`OptionsPatch`].
const OPTION_MEMBERS: &[&str] = &[
    "team_score",
    "reward_rp",
    "food_per_player",
    "conversation_slots",
    "deadlock",
    "jury_size",
];

fn options(v: &Value, what: &str) -> Read<Options> {
    let m = object(v, what, OPTION_MEMBERS, &[])?;
    let d = Options::default();
    Ok(Options {
        team_score: or(m, what, "team_score", d.team_score, |v, w| {
            variant(v, w, TEAM_SCORES)
        })?,
        reward_rp: or(m, what, "reward_rp", d.reward_rp, u32_)?,
        food_per_player: or(m, what, "food_per_player", d.food_per_player, u32_)?,
        conversation_slots: or(m, what, "conversation_slots", d.conversation_slots, u32_)?,
        deadlock: or(m, what, "deadlock", d.deadlock, |v, w| {
            variant(v, w, DEADLOCKS)
        })?,
        jury_size: or(m, what, "jury_size", d.jury_size, jury_size)?,
    })
}

fn options_patch(v: &Value, what: &str) -> Read<OptionsPatch> {
    let m = object(v, what, OPTION_MEMBERS, &[])?;
    Ok(OptionsPatch {
        team_score: opt(m, what, "team_score", |v, w| variant(v, w, TEAM_SCORES))?,
        reward_rp: opt(m, what, "reward_rp", u32_)?,
        food_per_player: opt(m, what, "food_per_player", u32_)?,
        conversation_slots: opt(m, what, "conversation_slots", u32_)?,
        deadlock: opt(m, what, "deadlock", |v, w| variant(v, w, DEADLOCKS))?,
        jury_size: opt(m, what, "jury_size", jury_size)?,
    })
}

fn attributes(v: &Value, what: &str) -> Read<Attributes> {
    let m = object(v, what, &[], &["competition", "survival"])?;
    Ok(Attributes {
        competition: req(m, what, "competition", u8_)?,
        survival: req(m, what, "survival", u8_)?,
    })
}

fn attribute_source(v: &Value, what: &str) -> Read<AttributeSource> {
    if v.as_str() == Some("rolled") {
        return Ok(AttributeSource::Rolled);
    }
    match tagged(v, what)? {
        ("entered", c) => Ok(AttributeSource::Entered(
            list(c, what)?
                .iter()
                .map(|a| attributes(a, what))
                .collect::<Read<_>>()?,
        )),
        (t, _) => Err(format!("{what}: unknown variant `{t}`")),
    }
}

fn team_source(v: &Value, what: &str) -> Read<TeamSource> {
    if v.as_str() == Some("dealt") {
        return Ok(TeamSource::Dealt);
    }
    match tagged(v, what)? {
        ("assigned", c) => Ok(TeamSource::Assigned(strings(c, what)?)),
        (t, _) => Err(format!("{what}: unknown variant `{t}`")),
    }
}

fn setup(v: &Value, what: &str) -> Read<SetupInput> {
    let m = object(
        v,
        what,
        &[
            "players",
            "teams",
            "attributes",
            "assignment",
            "options",
            "seed",
            "salt",
        ],
        &["players", "teams", "seed", "salt"],
    )?;
    Ok(SetupInput {
        players: req(m, what, "players", strings)?,
        teams: req(m, what, "teams", strings)?,
        attributes: or(
            m,
            what,
            "attributes",
            AttributeSource::Rolled,
            attribute_source,
        )?,
        assignment: or(m, what, "assignment", TeamSource::Dealt, team_source)?,
        options: or(m, what, "options", Options::default(), options)?,
        seed: req(m, what, "seed", u64_string)?,
        salt: req(m, what, "salt", |v, w| {
            string(v, w)?.parse().map_err(|e| format!("{w}: {e}"))
        })?,
    })
}

fn competition_choice(v: &Value, what: &str) -> Read<CompetitionChoice> {
    let m = object(v, what, &["deduct", "boost"], &[])?;
    Ok(CompetitionChoice {
        deduct: or(m, what, "deduct", false, boolean)?,
        boost: opt(m, what, "boost", boost)?,
    })
}

fn camp_choice(v: &Value, what: &str) -> Read<CampChoice> {
    let m = object(
        v,
        what,
        &["deduct_for_bonus", "boost", "deduct_for_rp", "rp_for_bonus"],
        &[],
    )?;
    Ok(CampChoice {
        deduct_for_bonus: or(m, what, "deduct_for_bonus", false, boolean)?,
        boost: opt(m, what, "boost", boost)?,
        deduct_for_rp: or(m, what, "deduct_for_rp", false, boolean)?,
        rp_for_bonus: or(m, what, "rp_for_bonus", false, boolean)?,
    })
}

fn prefs(v: &Value, what: &str) -> Read<Prefs> {
    let m = object(v, what, &["closed", "ranks"], &[])?;
    Ok(Prefs {
        closed: or(m, what, "closed", Vec::new(), strings)?,
        ranks: or(m, what, "ranks", Vec::new(), strings)?,
    })
}

fn pair(v: &Value, what: &str) -> Read<[String; 2]> {
    match list(v, what)?.as_slice() {
        [a, b] => Ok([string(a, what)?, string(b, what)?]),
        _ => Err(format!("{what}: a pair is [name, name]")),
    }
}

fn conversation(v: &Value, what: &str) -> Read<ConversationInput> {
    let m = object(v, what, &["prefs", "held", "slots"], &[])?;
    Ok(ConversationInput {
        prefs: or(m, what, "prefs", ByName::new(), |v, w| by_name(v, w, prefs))?,
        held: or(m, what, "held", Vec::new(), |v, w| {
            list(v, w)?.iter().map(|p| pair(p, w)).collect()
        })?,
        slots: opt(m, what, "slots", u32_)?,
    })
}

fn ballot(v: &Value, what: &str) -> Read<Ballot> {
    match v {
        Value::String(s) => Ok(Ballot::One(s.clone())),
        Value::Array(_) => strings(v, what).map(Ballot::Many),
        _ => Err(format!("{what}: a ballot is a name or a list of names")),
    }
}

fn play(v: &Value, what: &str) -> Read<Play> {
    let m = object(
        v,
        what,
        &["player", "card", "on", "when"],
        &["player", "card"],
    )?;
    Ok(Play {
        player: req(m, what, "player", string)?,
        card: req(m, what, "card", advantage)?,
        on: opt(m, what, "on", string)?,
        when: opt(m, what, "when", |v, w| {
            variant(v, w, &[("before", When::Before), ("after", When::After)])
        })?,
    })
}

fn vote(v: &Value, what: &str) -> Read<VoteInput> {
    let m = object(v, what, &["advantages", "votes", "revote"], &[])?;
    Ok(VoteInput {
        advantages: or(m, what, "advantages", Vec::new(), |v, w| {
            list(v, w)?.iter().map(|p| play(p, w)).collect()
        })?,
        votes: or(m, what, "votes", ByName::new(), |v, w| {
            by_name(v, w, ballot)
        })?,
        revote: or(m, what, "revote", ByName::new(), |v, w| {
            by_name(v, w, ballot)
        })?,
    })
}

fn final_vote(v: &Value, what: &str) -> Read<FinalInput> {
    let m = object(v, what, &["votes", "revote"], &[])?;
    Ok(FinalInput {
        votes: or(m, what, "votes", ByName::new(), |v, w| {
            by_name(v, w, string)
        })?,
        revote: or(m, what, "revote", ByName::new(), |v, w| {
            by_name(v, w, string)
        })?,
    })
}

fn player_change(v: &Value, what: &str) -> Read<PlayerChange> {
    let m = object(
        v,
        what,
        &[
            "name",
            "team",
            "competition",
            "survival",
            "rp",
            "counters",
            "advantages",
            "immune",
        ],
        &[],
    )?;
    Ok(PlayerChange {
        name: or(m, what, "name", String::new(), string)?,
        team: opt(m, what, "team", string)?,
        competition: opt(m, what, "competition", u8_)?,
        survival: opt(m, what, "survival", u8_)?,
        rp: opt(m, what, "rp", u32_)?,
        counters: opt(m, what, "counters", u32_)?,
        advantages: opt(m, what, "advantages", advantages)?,
        immune: opt(m, what, "immune", boolean)?,
    })
}

fn change(v: &Value, what: &str) -> Read<Change> {
    let (tag, c) = tagged(v, what)?;
    let w = &at(what, tag);
    Ok(match tag {
        "player" => Change::Player(player_change(c, w)?),
        "pool" => {
            let m = object(c, w, &["team", "pool"], &["team", "pool"])?;
            Change::Pool {
                team: req(m, w, "team", string)?,
                pool: req(m, w, "pool", u32_)?,
            }
        }
        "camp_advantages" => {
            let m = object(c, w, &["team", "cards"], &["team", "cards"])?;
            Change::CampAdvantages {
                team: req(m, w, "team", string)?,
                cards: req(m, w, "cards", advantages)?,
            }
        }
        "add_team" => Change::AddTeam {
            name: req(object(c, w, &["name"], &["name"])?, w, "name", string)?,
        },
        "rename_team" => {
            let m = object(c, w, &["from", "to"], &["from", "to"])?;
            Change::RenameTeam {
                from: req(m, w, "from", string)?,
                to: req(m, w, "to", string)?,
            }
        }
        "merge" => Change::Merge {
            name: req(object(c, w, &["name"], &["name"])?, w, "name", string)?,
        },
        "quit" => Change::Quit {
            player: req(object(c, w, &["player"], &["player"])?, w, "player", string)?,
        },
        "options" => Change::Options(options_patch(c, w)?),
        t => return Err(format!("{what}: unknown variant `{t}`")),
    })
}

fn edit(v: &Value, what: &str) -> Read<Edit> {
    let m = object(v, what, &["note", "changes"], &[])?;
    Ok(Edit {
        note: or(m, what, "note", String::new(), string)?,
        changes: or(m, what, "changes", Vec::new(), |v, w| {
            list(v, w)?.iter().map(|c| change(c, w)).collect()
        })?,
    })
}

fn competition(v: &Value, what: &str) -> Read<CompetitionInput> {
    Ok(CompetitionInput {
        choices: by_name(v, what, competition_choice)?,
    })
}

fn camp(v: &Value, what: &str) -> Read<CampInput> {
    Ok(CampInput {
        choices: by_name(v, what, camp_choice)?,
    })
}

fn entry(v: &Value, what: &str) -> Read<Entry> {
    let (tag, c) = tagged(v, what)?;
    let w = &at(what, tag);
    Ok(match tag {
        "competition" => Entry::Competition(competition(c, w)?),
        "camp" => Entry::Camp(camp(c, w)?),
        "conversation" => Entry::Conversation(conversation(c, w)?),
        "vote" => Entry::Vote(vote(c, w)?),
        "final" => Entry::Final(final_vote(c, w)?),
        "edit" => Entry::Edit(edit(c, w)?),
        t => return Err(format!("{what}: unknown variant `{t}`")),
    })
}

fn rng_state(v: &Value, what: &str) -> Read<RngState> {
    let m = object(v, what, &[], &["seed", "stream", "words"])?;
    Ok(RngState {
        seed: req(m, what, "seed", u64_string)?,
        stream: req(m, what, "stream", |v, w| whole(v, w, u64::MAX))?,
        words: req(m, what, "words", u64_string)?,
    })
}

fn entry_file(v: &Value, what: &str) -> Read<EntryFile> {
    let m = object(v, what, &["entry", "check"], &["entry"])?;
    Ok(EntryFile {
        entry: req(m, what, "entry", entry)?,
        check: opt(m, what, "check", |v, w| {
            let c = object(v, w, &["dice_after", "record"], &["dice_after", "record"])?;
            Ok(EntryCheck {
                dice_after: req(c, w, "dice_after", rng_state)?,
                record: req(c, w, "record", string)?,
            })
        })?,
    })
}

fn drafts(v: &Value, what: &str) -> Read<Drafts> {
    let m = object(
        v,
        what,
        &[
            "competition",
            "camp",
            "conversation",
            "vote",
            "final_vote",
            "edit",
        ],
        &[],
    )?;
    Ok(Drafts {
        competition: opt(m, what, "competition", competition)?,
        camp: opt(m, what, "camp", camp)?,
        conversation: opt(m, what, "conversation", conversation)?,
        vote: opt(m, what, "vote", vote)?,
        final_vote: opt(m, what, "final_vote", final_vote)?,
        edit: opt(m, what, "edit", edit)?,
    })
}

/// A season file from parsed JSON.
///
/// # Errors
/// The first member that is missing, unknown or of the wrong type, with
/// its path (`file.entries[3].entry.vote.votes.Ann: ...`).
pub fn season_file(v: &Value) -> Read<SeasonFile> {
    let what = "file";
    let m = object(
        v,
        what,
        &["format", "version", "name", "setup", "entries", "drafts"],
        &["format", "version", "setup"],
    )?;
    Ok(SeasonFile {
        format: req(m, what, "format", string)?,
        version: req(m, what, "version", u32_)?,
        name: or(m, what, "name", String::new(), string)?,
        setup: req(m, what, "setup", setup)?,
        entries: or(m, what, "entries", Vec::new(), |v, w| {
            list(v, w)?
                .iter()
                .enumerate()
                .map(|(i, e)| entry_file(e, &format!("{w}[{i}]")))
                .collect()
        })?,
        drafts: or(m, what, "drafts", Drafts::default(), drafts)?,
    })
}
