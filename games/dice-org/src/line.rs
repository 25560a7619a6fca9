//! Stage 1 of reading players' DMs (D12): one line of a player's message,
//! its formatting already taken off ([`console_core::paste::strip_markup`]),
//! into a [`RawChoice`], with no knowledge of the season. Stage 2
//! ([`crate::intake`]) checks a raw choice against the season.
//!
//! A line is a choice word and what follows it (D12.3, D12.6-D12.10): words
//! compare in any case, a choice word by any prefix of at least three
//! letters of exactly one of them (`ded`, `boo`, `rev`) or by a synonym
//! (`talk` for `rank`, `idol` for Hidden Immunity).

use crate::roll::Boost;
use crate::vote::When;
use std::fmt;

/// What a deduction is for (D4.1, D5.2).
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum DeductFor {
    /// A bonus roll (`deduct 3 for a bonus roll`, camp).
    Bonus,
    /// 1 RP (`deduct 3 for 1 RP` in a competition, `deduct 5 for 1 RP` at camp).
    Rp,
}

/// A card named on a line (D7.2).
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Card {
    /// `Hidden Immunity`, `HII`, `idol`.
    HiddenImmunity,
    /// `Extra Vote`, `EV`.
    ExtraVote,
}

/// One line as written: a choice not yet checked against the season.
#[derive(Clone, Eq, PartialEq, Debug)]
pub enum RawChoice {
    /// `deduct`, `deduct 3`, `-5`, `deduct 3 for a bonus roll` (D4.1, D5.2).
    Deduct {
        /// The amount written (3 or 5), if any.
        amount: Option<u32>,
        /// What it is for, if written.
        purpose: Option<DeductFor>,
    },
    /// `boost 2`, `boost +7`, `+2` (D2.3).
    Boost(Boost),
    /// `bonus`, `buy a bonus roll`, `spend 1 RP on a bonus roll` (D5.2).
    Bonus,
    /// `rank A, B, C` (D6.1): the names as written, most wanted first;
    /// empty for `rank:` alone, which a list of one name a line follows.
    Rank(Vec<String>),
    /// `2. NAME` or `2) NAME`: the name at that place of the ranked list.
    Place(u32, String),
    /// `closed A, B`, `not open to A` (D6.1); empty for `closed:` alone,
    /// which a list of one name a line follows.
    Closed(Vec<String>),
    /// `open to A`: A is open again; `open to all` (empty): every name.
    Open(Vec<String>),
    /// `vote A`, `vote A, B` (D7.3, D8.2).
    Vote(Vec<String>),
    /// `revote A` (D7.5, D8.2).
    Revote(Vec<String>),
    /// A decline of the phase's optional choices (`no`, `pass`, `Nah I'm
    /// good`): a choice of nothing (D12.12), which the phase checks.
    Nothing,
    /// `play Hidden Immunity on A [after]`, `play Extra Vote` (D7.2).
    Play {
        /// The card.
        card: Card,
        /// The name it is played on, as written (`me` for oneself).
        on: Option<String>,
        /// `before` or `after` written at the end.
        when: Option<When>,
    },
}

impl RawChoice {
    /// The choice's word, for messages: `deduct`, `boost`, `vote` ...
    pub fn word(&self) -> &'static str {
        match self {
            RawChoice::Deduct { .. } => "deduct",
            RawChoice::Boost(_) => "boost",
            RawChoice::Bonus => "bonus",
            RawChoice::Rank(_) | RawChoice::Place(..) => "rank",
            RawChoice::Closed(_) => "closed",
            RawChoice::Open(_) => "open",
            RawChoice::Vote(_) => "vote",
            RawChoice::Revote(_) => "revote",
            RawChoice::Play { .. } => "play",
            RawChoice::Nothing => "decline",
        }
    }
}

/// Why a line is no choice (D12.2).
#[derive(Clone, Eq, PartialEq, Debug)]
pub enum LineError {
    /// The first word is no choice word (a chat line, a greeting).
    NotAChoice(String),
    /// A number that the choice does not take: (what, as written).
    BadNumber(&'static str, String),
    /// A choice that needs names and has none.
    NoName(&'static str),
    /// A deduction whose purpose cannot be read.
    UnclearDeduction(String),
    /// A `play` line naming no card D7.2 plays.
    UnknownCard(String),
    /// Words after a complete choice that mean nothing to it.
    Trailing(&'static str, String),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::NotAChoice(w) => write!(f, "{w:?} starts no choice (D12.2)"),
            LineError::BadNumber(what, n) => write!(f, "{what}, not {n}"),
            LineError::NoName(word) => write!(f, "{word} needs a name (D12.3)"),
            LineError::UnclearDeduction(w) => write!(
                f,
                "deduct for {w:?}? Write deduct 3 (for RP in a competition, for a bonus roll at camp) or deduct 5 (for RP at camp)"
            ),
            LineError::UnknownCard(w) => write!(
                f,
                "{w:?} is no card the console plays: Hidden Immunity or Extra Vote (D7.2; others are applied by hand, D9)"
            ),
            LineError::Trailing(word, w) => write!(f, "{w:?} after {word} means nothing to it"),
        }
    }
}

impl std::error::Error for LineError {}

/// The canonical choice words (prefixes of three letters or more name
/// them) and the synonyms players use.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
enum Word {
    Deduct,
    Boost,
    Bonus,
    Rank,
    Closed,
    Open,
    Vote,
    Revote,
    Play,
    Not,
    Card(Card),
}

const WORDS: [(&str, Word); 9] = [
    ("deduct", Word::Deduct),
    ("boost", Word::Boost),
    ("bonus", Word::Bonus),
    ("rank", Word::Rank),
    ("closed", Word::Closed),
    ("open", Word::Open),
    ("vote", Word::Vote),
    ("revote", Word::Revote),
    ("play", Word::Play),
];

/// The choice words read with `-ing` after them (D12.3).
const ING: [(&str, Word); 5] = [
    ("deduct", Word::Deduct),
    ("boost", Word::Boost),
    ("vote", Word::Vote),
    ("revote", Word::Revote),
    ("play", Word::Play),
];

const SYNONYMS: [(&str, Word); 20] = [
    ("deduction", Word::Deduct),
    ("buy", Word::Bonus),
    ("spend", Word::Bonus),
    ("talk", Word::Rank),
    ("wish", Word::Rank),
    ("wishes", Word::Rank),
    ("ranking", Word::Rank),
    ("ranks", Word::Rank),
    ("prefs", Word::Rank),
    ("preferences", Word::Rank),
    ("close", Word::Closed),
    ("not", Word::Not),
    ("use", Word::Play),
    ("votes", Word::Vote),
    ("idol", Word::Card(Card::HiddenImmunity)),
    ("hidden", Word::Card(Card::HiddenImmunity)),
    ("hii", Word::Card(Card::HiddenImmunity)),
    ("hi", Word::Card(Card::HiddenImmunity)),
    ("extra", Word::Card(Card::ExtraVote)),
    ("ev", Word::Card(Card::ExtraVote)),
];

fn word_of(w: &str) -> Option<Word> {
    let w = w.to_lowercase();
    if let Some((_, v)) = SYNONYMS.iter().find(|(s, _)| *s == w) {
        return Some(*v);
    }
    if w.chars().count() < 3 || !w.chars().all(|c| c.is_alphabetic()) {
        return None;
    }
    let mut hits = WORDS.iter().filter(|(s, _)| s.starts_with(&w));
    match (hits.next(), hits.next()) {
        (Some((_, v)), None) => Some(*v),
        // A whole choice word with `-ing`: `voting`, `deducting`,
        // `boosting`, `playing` (not a prefix: `closing` is no `closed`).
        (None, _) => w.strip_suffix("ing").and_then(|stem| {
            ING.iter()
                .find(|(full, _)| *full == stem || full.strip_suffix('e') == Some(stem))
                .map(|(_, v)| *v)
        }),
        _ => None,
    }
}

/// Whether `w` is a choice word (any case, a prefix of three letters or
/// more, or a synonym): `rank`, `Vote`, `talk`, `closed` ...
pub fn is_choice_word(w: &str) -> bool {
    word_of(w).is_some()
}

/// The words of `s` with their byte offsets.
fn words(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(b)) => {
                out.push((b, &s[b..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(b) = start {
        out.push((b, &s[b..]));
    }
    out
}

fn is(w: &str, any: &[&str]) -> bool {
    let w = w.trim_end_matches([':', ',']).to_lowercase();
    any.contains(&w.as_str())
}

/// The names of a list as written, split at `,` `;` `/` `>` `&` and the
/// words `and`, `then`; a leading place number (`1.`) on an item is
/// dropped.
pub fn split_names(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    for piece in s.split([',', ';', '/', '>', '&', '\u{2192}']) {
        let mut cur: Vec<&str> = Vec::new();
        for w in piece.split_whitespace() {
            if is(w, &["and", "then"]) {
                if !cur.is_empty() {
                    out.push(cur.join(" "));
                }
                cur.clear();
            } else {
                cur.push(w);
            }
        }
        if let Some(first) = cur.first()
            && place_number(first).is_some()
        {
            cur.remove(0);
        }
        if !cur.is_empty() {
            out.push(cur.join(" "));
        }
    }
    out
}

/// `2.` or `2)` or `#2`: the place.
fn place_number(w: &str) -> Option<u32> {
    let d = w
        .strip_suffix('.')
        .or_else(|| w.strip_suffix(')'))
        .or_else(|| w.strip_prefix('#'))?;
    if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    d.parse().ok()
}

/// `n`, `+n` or `-n` as a number (the sign dropped).
fn number(w: &str) -> Option<u32> {
    let d = w.trim_start_matches(['+', '-']);
    if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    d.parse().ok()
}

/// The text after the first `n` words (trimmed, a leading `:` dropped).
fn after(s: &str, ws: &[(usize, &str)], n: usize) -> String {
    ws.get(n)
        .map_or("", |&(b, _)| &s[b..])
        .trim()
        .trim_start_matches(':')
        .trim()
        .to_string()
}

fn boost(n: u32, written: &str) -> Result<Boost, LineError> {
    u8::try_from(n)
        .ok()
        .and_then(|n| Boost::try_from(n).ok())
        .ok_or_else(|| {
            LineError::BadNumber(
                "a boost is +2 (for 1 RP) or +7 (for 3 RP, D2.3)",
                written.into(),
            )
        })
}

/// Words that may follow a boost or a bonus without meaning anything to
/// it: `(1 RP)`, `for 3 RP`, `roll`, `please`.
fn is_filler(w: &str) -> bool {
    let w = w
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    w.is_empty()
        || [
            "for", "a", "an", "the", "1", "3", "one", "three", "rp", "rps", "reward", "point",
            "points", "roll", "rolls", "please", "pls", "on", "with", "my", "i", "want", "to",
            "bonus", "buy", "spend", "extra",
        ]
        .contains(&w.as_str())
}

fn deduct(
    s: &str,
    ws: &[(usize, &str)],
    from: usize,
    amount: Option<u32>,
) -> Result<RawChoice, LineError> {
    let mut amount = amount;
    let mut k = from;
    if amount.is_none()
        && let Some(&(_, w)) = ws.get(k)
        && let Some(n) = number(w)
    {
        amount = Some(n);
        k += 1;
    }
    if let Some(n) = amount
        && n != 3
        && n != 5
    {
        return Err(LineError::BadNumber(
            "a deduction is 3 or 5 (D4.1, D5.2)",
            n.to_string(),
        ));
    }
    let rest: Vec<&str> = ws[k.min(ws.len())..].iter().map(|w| w.1).collect();
    if rest.is_empty() {
        return Ok(RawChoice::Deduct {
            amount,
            purpose: None,
        });
    }
    let lower: Vec<String> = rest
        .iter()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    let purpose = if lower.iter().any(|w| w.starts_with("bonus")) {
        Some(DeductFor::Bonus)
    } else if lower
        .iter()
        .any(|w| ["rp", "rps", "reward", "point", "points"].contains(&w.as_str()))
    {
        Some(DeductFor::Rp)
    } else {
        None
    };
    match purpose {
        Some(p) => Ok(RawChoice::Deduct {
            amount,
            purpose: Some(p),
        }),
        None => Err(LineError::UnclearDeduction(after(s, ws, k))),
    }
}

/// `before`/`after` at the end of a card line (with `votes`, `the vote`
/// after it), taken off the words.
fn when_at_end(ws: &mut Vec<(usize, &str)>) -> Option<When> {
    let filler = [
        "votes", "vote", "the", "voting", "are", "is", "cast", "read",
    ];
    let k = ws.iter().rposition(|w| is(w.1, &["before", "after"]))?;
    if k == 0 || !ws[k + 1..].iter().all(|w| is(w.1, &filler)) {
        return None;
    }
    let when = if is(ws[k].1, &["before"]) {
        When::Before
    } else {
        When::After
    };
    ws.truncate(k);
    Some(when)
}

fn play(ws: &[(usize, &str)], from: usize) -> Result<RawChoice, LineError> {
    let mut ws: Vec<(usize, &str)> = ws[from.min(ws.len())..].to_vec();
    let when = when_at_end(&mut ws);
    let lower: Vec<String> = ws
        .iter()
        .map(|w| w.1.trim_end_matches([':', ',']).to_lowercase())
        .collect();
    let card_words: &[(&[&str], Card)] = &[
        (&["hidden", "immunity", "idol"], Card::HiddenImmunity),
        (&["hidden", "immunity"], Card::HiddenImmunity),
        (&["immunity", "idol"], Card::HiddenImmunity),
        (&["hii"], Card::HiddenImmunity),
        (&["hi"], Card::HiddenImmunity),
        (&["idol"], Card::HiddenImmunity),
        (&["extra", "vote"], Card::ExtraVote),
        (&["ev"], Card::ExtraVote),
        (&["extra"], Card::ExtraVote),
    ];
    // "my" before the card is filler.
    let skip = usize::from(
        lower
            .first()
            .is_some_and(|w| w == "my" || w == "the" || w == "an" || w == "a"),
    );
    let Some((len, card)) = card_words.iter().find_map(|(cw, card)| {
        (lower.len() >= skip + cw.len() && lower[skip..skip + cw.len()] == **cw)
            .then_some((skip + cw.len(), *card))
    }) else {
        let what = ws.iter().map(|w| w.1).collect::<Vec<_>>().join(" ");
        return Err(LineError::UnknownCard(what));
    };
    let mut k = len;
    if ws.get(k).is_some_and(|w| is(w.1, &["on", "for", "to"])) {
        k += 1;
    }
    let on = ws[k.min(ws.len())..]
        .iter()
        .map(|w| w.1)
        .collect::<Vec<_>>()
        .join(" ");
    let on = on.trim().trim_start_matches(':').trim().to_string();
    let on = (!on.is_empty()).then_some(on);
    if card == Card::ExtraVote
        && let Some(w) = &on
    {
        return Err(LineError::Trailing("Extra Vote", w.clone()));
    }
    Ok(RawChoice::Play { card, on, when })
}

/// Words a player may put before the choice word (`I vote Bob`, `I'd
/// like to deduct`, `my vote: Bob`, `please boost 2`).
const LEAD: [&str; 17] = [
    "i", "i'll", "i'd", "ill", "id", "i'm", "im", "my", "please", "pls", "want", "would", "like",
    "to", "take", "the", "go",
];

/// Words of politeness a line may end with (`deduct 3 pls`, `talk to Zed
/// please`): no part of the choice.
const TAIL: [&str; 7] = ["please", "pls", "plz", "thanks", "thx", "tysm", "thank you"];

/// The line without the words of politeness at its end ([`TAIL`], ASCII,
/// any case, after a space or a comma), and whether a comma stood before
/// them; `None` when there are none.
fn without_tail(s: &str) -> Option<(&str, bool)> {
    let mut s = s.trim_end();
    let mut comma = false;
    let mut cut_any = false;
    loop {
        // Compared byte for byte: a character whose lowercase is ASCII
        // (the Kelvin sign) never shifts the cut.
        let before = |t: &str| {
            let at = s.len().checked_sub(t.len())?;
            (s.is_char_boundary(at) && s[at..].eq_ignore_ascii_case(t)).then(|| &s[..at])
        };
        let Some(rest) = TAIL.iter().find_map(|t| {
            before(t).filter(|r| r.ends_with(|c: char| c.is_whitespace() || c == ','))
        }) else {
            return cut_any.then_some((s, comma));
        };
        let rest = rest.trim_end();
        comma |= rest.ends_with(',');
        s = rest.trim_end_matches(',').trim_end();
        cut_any = true;
    }
}

/// Words that open a lead before a choice (`changed my mind: vote Big
/// Mo`, `ok, deduct`, `update: rank Zed, Dee`).
const LEAD_OPENERS: [&str; 20] = [
    "ok",
    "okay",
    "actually",
    "sorry",
    "update",
    "updated",
    "edit",
    "correction",
    "changed",
    "mind",
    "final",
    "new",
    "instead",
    "nvm",
    "nevermind",
    "wait",
    "alright",
    "hi",
    "hey",
    "hello",
];

/// Words that make the words before a comma a condition, not a lead (`if
/// tied, vote Nova`).
const NOT_LEAD: [&str; 8] = [
    "if", "unless", "when", "maybe", "not", "don't", "dont", "no",
];

/// A line whose choice follows a lead: at most four words ending in `:`
/// or `,`, one of them from [`LEAD_OPENERS`], none from [`NOT_LEAD`]
/// (`changed my mind: vote Big Mo`, `ok, deduct`). The words after it.
fn lead_phrase(s: &str) -> Option<&str> {
    let i = s.find([':', ','])?;
    let (head, rest) = (s[..i].trim(), s[i + 1..].trim());
    let ws: Vec<String> = words(head)
        .iter()
        .map(|w| {
            w.1.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
                .to_lowercase()
        })
        .collect();
    (!ws.is_empty()
        && ws.len() <= 4
        && !rest.is_empty()
        && ws.iter().any(|w| LEAD_OPENERS.contains(&w.as_str()))
        && !ws.iter().any(|w| NOT_LEAD.contains(&w.as_str())))
    .then_some(rest)
}

impl RawChoice {
    /// Whether the choice takes names and was given none (`vote` alone,
    /// `rank:` starting a list).
    fn lacks_names(&self) -> bool {
        match self {
            RawChoice::Rank(v)
            | RawChoice::Closed(v)
            | RawChoice::Vote(v)
            | RawChoice::Revote(v) => v.is_empty(),
            _ => false,
        }
    }

    /// Whether the choice names players (a list a comma may go on).
    fn has_names(&self) -> bool {
        match self {
            RawChoice::Rank(v)
            | RawChoice::Closed(v)
            | RawChoice::Open(v)
            | RawChoice::Vote(v)
            | RawChoice::Revote(v) => !v.is_empty(),
            RawChoice::Place(..) => true,
            RawChoice::Play { on, .. } => on.is_some(),
            _ => false,
        }
    }
}

/// The line read without its words of politeness when that reading is a
/// choice with its names (and, after a comma, no names at all: `rank Zed,
/// Thanks` keeps Thanks), else as written.
fn read_polite(s: &str) -> Result<RawChoice, LineError> {
    if let Some((cut, comma)) = without_tail(s)
        && let Ok(c) = read_choice(cut)
        && !c.lacks_names()
        && !(comma && c.has_names())
    {
        return Ok(c);
    }
    read_choice(s)
}

/// The declines a choice of nothing is (D12.12), apostrophes left out:
/// the whole line, once its words are compared as [`is_decline`] says.
const DECLINES: [&str; 12] = [
    "no",
    "nope",
    "nah",
    "pass",
    "skip",
    "none",
    "nothing",
    "no thanks",
    "nah im good",
    "im good",
    "all good",
    "just gathering",
];

/// Whether the whole line is a decline of the phase's optional choices
/// (D12.12): its words in any case, without the punctuation, emoji and
/// symbols around them or an apostrophe, and without D12.2's words of
/// politeness at the end ([`TAIL`]), are one of [`DECLINES`].
pub fn is_decline(s: &str) -> bool {
    let mut ws: Vec<String> = s
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .chars()
                .filter(|&c| c != '\'' && c != '\u{2019}')
                .flat_map(char::to_lowercase)
                .collect::<String>()
        })
        .filter(|w| !w.is_empty())
        .collect();
    // (`no thanks` is a decline of its own; `nope thanks` too, its
    // politeness dropped.)
    loop {
        let n = ws.len();
        if DECLINES.contains(&ws.join(" ").as_str()) {
            return true;
        }
        if n >= 2 && ws[n - 2] == "thank" && ws[n - 1] == "you" {
            ws.truncate(n - 2);
        } else if n >= 2 && TAIL.contains(&ws[n - 1].as_str()) {
            ws.truncate(n - 1);
        } else {
            return false;
        }
    }
}

/// Reads one line (its formatting already off, trimmed, not blank) into a
/// raw choice (D12.3, D12.6-D12.10, D12.12).
///
/// # Errors
/// The line is no choice, or its arguments are not what the choice takes
/// ([`LineError`]).
pub fn parse_line(s: &str) -> Result<RawChoice, LineError> {
    if is_decline(s) {
        return Ok(RawChoice::Nothing);
    }
    let s = s.trim().trim_end_matches(['.', '!', '?']).trim();
    if let Some(rest) = lead_phrase(s)
        && let Ok(choice) = read_polite(rest)
    {
        return Ok(choice);
    }
    read_polite(s)
}

/// [`parse_line`] of a line without its lead and words of politeness.
fn read_choice(s: &str) -> Result<RawChoice, LineError> {
    let s = s.trim().trim_end_matches(['.', '!', '?']).trim();
    let all = words(s);
    // `I vote Bob`, `I would like to deduct`, `my vote is Bob`: the words
    // before the choice word go; an error names the line's first word.
    let lead = all
        .iter()
        .take_while(|w| {
            let h = w.1.trim_end_matches([':', ',']);
            is(h, &LEAD) && word_of(h).is_none()
        })
        .count()
        .min(all.len().saturating_sub(1));
    let named = |e: LineError| match (e, all.first()) {
        (LineError::NotAChoice(_), Some(w)) if lead > 0 => {
            LineError::NotAChoice(w.1.trim_end_matches([':', ',']).to_string())
        }
        (e, _) => e,
    };
    let s = all.get(lead).map_or(s, |w| &s[w.0..]);
    read_from(s).map_err(named)
}

/// [`read_choice`] of a line whose first word is no lead word.
fn read_from(s: &str) -> Result<RawChoice, LineError> {
    let ws = words(s);
    let Some(&(_, first)) = ws.first() else {
        return Err(LineError::NotAChoice(String::new()));
    };
    // `-3`, `+2`, `2. Ann`.
    if let Some(n) = place_number(first) {
        let name = after(s, &ws, 1);
        if name.is_empty() {
            return Err(LineError::NoName("a ranked place"));
        }
        return Ok(RawChoice::Place(n, name));
    }
    if first.starts_with('-') && number(first).is_some() {
        return deduct(s, &ws, 1, number(first));
    }
    if first.starts_with('+')
        && let Some(n) = number(first)
    {
        return Ok(RawChoice::Boost(boost(n, first)?));
    }
    let head = first.trim_end_matches([':', ',']);
    let Some(word) = word_of(head) else {
        return Err(LineError::NotAChoice(head.to_string()));
    };
    let names = |n: usize| split_names(&after(s, &ws, n));
    let skip_for = |n: usize| {
        n + usize::from(
            ws.get(n)
                .is_some_and(|w| is(w.1, &["for", "to", "on", "is"])),
        )
    };
    Ok(match word {
        Word::Deduct => return deduct(s, &ws, 1, None),
        Word::Boost => {
            let Some(&(_, w)) = ws.get(1) else {
                return Err(LineError::BadNumber(
                    "a boost is +2 (for 1 RP) or +7 (for 3 RP, D2.3)",
                    "nothing".into(),
                ));
            };
            let Some(n) = number(w.trim_start_matches(':')) else {
                return Err(LineError::BadNumber(
                    "a boost is +2 (for 1 RP) or +7 (for 3 RP, D2.3)",
                    w.into(),
                ));
            };
            if let Some(extra) = ws[2..].iter().find(|w| !is_filler(w.1)) {
                return Err(LineError::Trailing(
                    "boost",
                    after(s, &ws, ws.iter().position(|x| x == extra).unwrap_or(2)),
                ));
            }
            RawChoice::Boost(boost(n, w)?)
        }
        Word::Bonus => {
            // `buy`, `spend` need the word bonus; `bonus` alone is one.
            let has_bonus = ws.iter().any(|w| w.1.to_lowercase().starts_with("bonus"));
            if !has_bonus {
                return Err(LineError::NotAChoice(head.to_string()));
            }
            if let Some(extra) = ws[1..].iter().find(|w| !is_filler(w.1)) {
                return Err(LineError::Trailing("bonus", extra.1.to_string()));
            }
            RawChoice::Bonus
        }
        Word::Rank => RawChoice::Rank(names(skip_for(1))),
        Word::Closed => RawChoice::Closed(names(skip_for(1))),
        Word::Not => {
            // `not open to A, B`.
            if !ws.get(1).is_some_and(|w| is(w.1, &["open"])) {
                return Err(LineError::NotAChoice(head.to_string()));
            }
            RawChoice::Closed(names(skip_for(2)))
        }
        Word::Open => {
            let rest = after(s, &ws, skip_for(1));
            if rest.is_empty()
                || is(
                    &rest,
                    &["all", "everyone", "everybody", "anyone", "all players"],
                )
            {
                RawChoice::Open(Vec::new())
            } else {
                RawChoice::Open(split_names(&rest))
            }
        }
        Word::Vote | Word::Revote => {
            let v = names(skip_for(1));
            if v.is_empty() {
                return Err(LineError::NoName(if word == Word::Vote {
                    "vote"
                } else {
                    "revote"
                }));
            }
            if word == Word::Vote {
                RawChoice::Vote(v)
            } else {
                RawChoice::Revote(v)
            }
        }
        Word::Play => return play(&ws, 1),
        Word::Card(_) => return play(&ws, 0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> RawChoice {
        parse_line(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn deductions_and_boosts() {
        assert_eq!(
            ok("deduct"),
            RawChoice::Deduct {
                amount: None,
                purpose: None
            }
        );
        assert_eq!(
            ok("Deduct 3"),
            RawChoice::Deduct {
                amount: Some(3),
                purpose: None
            }
        );
        assert_eq!(
            ok("-5"),
            RawChoice::Deduct {
                amount: Some(5),
                purpose: None
            }
        );
        assert_eq!(
            ok("ded 3 for a bonus roll"),
            RawChoice::Deduct {
                amount: Some(3),
                purpose: Some(DeductFor::Bonus)
            }
        );
        assert_eq!(
            ok("deduct for 1 RP."),
            RawChoice::Deduct {
                amount: None,
                purpose: Some(DeductFor::Rp)
            }
        );
        assert_eq!(
            ok("-3 for bonus"),
            RawChoice::Deduct {
                amount: Some(3),
                purpose: Some(DeductFor::Bonus)
            }
        );
        assert!(matches!(
            parse_line("deduct 4"),
            Err(LineError::BadNumber(..))
        ));
        assert!(matches!(
            parse_line("deduct for fun"),
            Err(LineError::UnclearDeduction(_))
        ));
        assert_eq!(ok("boost 7"), RawChoice::Boost(Boost::Seven));
        assert_eq!(ok("BOOST +2 (1 RP)"), RawChoice::Boost(Boost::Two));
        assert_eq!(ok("+7"), RawChoice::Boost(Boost::Seven));
        assert!(matches!(
            parse_line("boost 3"),
            Err(LineError::BadNumber(..))
        ));
        assert!(matches!(parse_line("boost"), Err(LineError::BadNumber(..))));
        assert!(matches!(
            parse_line("boost 2 Ann"),
            Err(LineError::Trailing(..))
        ));
        assert_eq!(ok("bonus"), RawChoice::Bonus);
        assert_eq!(ok("buy a bonus roll"), RawChoice::Bonus);
        assert_eq!(ok("spend 1 RP on a bonus roll"), RawChoice::Bonus);
        assert!(matches!(
            parse_line("buy Ann"),
            Err(LineError::NotAChoice(_))
        ));
    }

    #[test]
    fn phrasings_players_send() {
        let rp = RawChoice::Deduct {
            amount: Some(3),
            purpose: Some(DeductFor::Rp),
        };
        assert_eq!(ok("I'll take the -3 for a RP"), rp);
        assert_eq!(ok("deduct 3 for RP pls"), rp);
        assert_eq!(
            ok("deduct 3 pls"),
            RawChoice::Deduct {
                amount: Some(3),
                purpose: None
            }
        );
        assert_eq!(ok("voting Nova"), RawChoice::Vote(vec!["Nova".into()]));
        assert_eq!(ok("boosting 2, thanks!"), RawChoice::Boost(Boost::Two));
        assert_eq!(
            ok("changed my mind: vote Big Mo"),
            RawChoice::Vote(vec!["Big Mo".into()])
        );
        assert_eq!(
            ok("ok, rank Zed, Dee"),
            RawChoice::Rank(vec!["Zed".into(), "Dee".into()])
        );
        assert_eq!(
            ok("talk to tofu-cat pls"),
            RawChoice::Rank(vec!["tofu-cat".into()])
        );
        // A player named like a word of politeness keeps the name; a
        // sentence with a comma is no lead.
        assert_eq!(ok("vote Thanks"), RawChoice::Vote(vec!["Thanks".into()]));
        assert!(matches!(
            parse_line("well I was going to say, vote Nova"),
            Err(LineError::NotAChoice(_))
        ));
        assert!(matches!(
            parse_line("thanks"),
            Err(LineError::NotAChoice(_))
        ));
        // A name after the choice word is never taken for politeness, nor
        // one after a comma in a list.
        assert_eq!(ok("I vote Ty"), RawChoice::Vote(vec!["Ty".into()]));
        assert_eq!(
            ok("vote for Please"),
            RawChoice::Vote(vec!["Please".into()])
        );
        assert_eq!(
            ok("rank Zed, Thanks"),
            RawChoice::Rank(vec!["Zed".into(), "Thanks".into()])
        );
        // A condition, a name, a sentence: no lead.
        for line in [
            "if tied, vote Nova",
            "Zed: vote Dee",
            "Big Mo: vote Dee",
            "I was going to say, vote Nova",
            "closing",
        ] {
            assert!(parse_line(line).is_err(), "{line}");
        }
        // Long lines of lead words or commas are read in one pass.
        assert!(parse_line(&"i ".repeat(4000)).is_err());
        assert!(parse_line(&"a, ".repeat(4000)).is_err());
    }

    #[test]
    fn declines_are_a_choice_of_nothing_d12_12() {
        for line in [
            "no",
            "No.",
            "nope!!",
            "Nah",
            "pass",
            "PASS 🙂",
            "skip",
            "none",
            "nothing",
            "no thanks",
            "No, thank you!",
            "nope thanks",
            "Nah I'm good",
            "nah, I\u{2019}m good 👍",
            "nah im good, thanks",
            "I'm good",
            "all good",
            "Just gathering.",
            ":) no",
        ] {
            assert_eq!(parse_line(line), Ok(RawChoice::Nothing), "{line}");
        }
        // Only the whole line: a decline with more words is no decline.
        for line in [
            "no deduct",
            "not this time",
            "pass on the boost",
            "I'm good at this",
            "thanks",
            "good",
            "no no",
        ] {
            assert_ne!(parse_line(line), Ok(RawChoice::Nothing), "{line}");
        }
    }

    #[test]
    fn wishes_and_closed_names() {
        assert_eq!(
            ok("rank Ann, Bob > Cid"),
            RawChoice::Rank(vec!["Ann".into(), "Bob".into(), "Cid".into()])
        );
        assert_eq!(
            ok("talk: Harbor Lights and Mary-Jo"),
            RawChoice::Rank(vec!["Harbor Lights".into(), "Mary-Jo".into()])
        );
        assert_eq!(ok("rank:"), RawChoice::Rank(vec![]));
        assert_eq!(
            ok("rank 1. Ann, 2. Bob"),
            RawChoice::Rank(vec!["Ann".into(), "Bob".into()])
        );
        assert_eq!(ok("2) Bob"), RawChoice::Place(2, "Bob".into()));
        assert_eq!(ok("1. O'Neil Jr."), RawChoice::Place(1, "O'Neil Jr".into()));
        assert_eq!(
            ok("closed Ann; Bob"),
            RawChoice::Closed(vec!["Ann".into(), "Bob".into()])
        );
        assert_eq!(ok("not open to Cid"), RawChoice::Closed(vec!["Cid".into()]));
        assert_eq!(ok("open to all"), RawChoice::Open(vec![]));
        assert_eq!(ok("open to Cid"), RawChoice::Open(vec!["Cid".into()]));
        assert_eq!(ok("closed:"), RawChoice::Closed(vec![]));
    }

    #[test]
    fn votes_and_cards() {
        assert_eq!(ok("vote Ann"), RawChoice::Vote(vec!["Ann".into()]));
        assert_eq!(
            ok("Vote: Mary-Jo!"),
            RawChoice::Vote(vec!["Mary-Jo".into()])
        );
        assert_eq!(
            ok("vote for Ann and Bob"),
            RawChoice::Vote(vec!["Ann".into(), "Bob".into()])
        );
        assert_eq!(ok("revote Cid"), RawChoice::Revote(vec!["Cid".into()]));
        assert!(matches!(parse_line("vote"), Err(LineError::NoName(_))));
        assert_eq!(
            ok("play Hidden Immunity on Ann after votes"),
            RawChoice::Play {
                card: Card::HiddenImmunity,
                on: Some("Ann".into()),
                when: Some(When::After)
            }
        );
        assert_eq!(
            ok("play my idol on me"),
            RawChoice::Play {
                card: Card::HiddenImmunity,
                on: Some("me".into()),
                when: None
            }
        );
        assert_eq!(
            ok("HII Bob"),
            RawChoice::Play {
                card: Card::HiddenImmunity,
                on: Some("Bob".into()),
                when: None
            }
        );
        assert_eq!(
            ok("play extra vote"),
            RawChoice::Play {
                card: Card::ExtraVote,
                on: None,
                when: None
            }
        );
        assert_eq!(
            ok("Extra Vote before the vote"),
            RawChoice::Play {
                card: Card::ExtraVote,
                on: None,
                when: Some(When::Before)
            }
        );
        assert!(matches!(
            parse_line("play steal a vote"),
            Err(LineError::UnknownCard(_))
        ));
        assert!(
            matches!(parse_line("hello everyone"), Err(LineError::NotAChoice(w)) if w == "hello")
        );
        assert!(matches!(
            parse_line("re Ann"),
            Err(LineError::NotAChoice(_))
        ));
        assert_eq!(ok("I vote Bob"), RawChoice::Vote(vec!["Bob".into()]));
        assert_eq!(ok("My vote is Bob"), RawChoice::Vote(vec!["Bob".into()]));
        assert_eq!(
            ok("I would like to deduct"),
            RawChoice::Deduct {
                amount: None,
                purpose: None
            }
        );
        assert_eq!(
            ok("I'm not open to Ann"),
            RawChoice::Closed(vec!["Ann".into()])
        );
        assert!(matches!(parse_line("I think so"), Err(LineError::NotAChoice(w)) if w == "I"));
        assert!(matches!(parse_line("I"), Err(LineError::NotAChoice(w)) if w == "I"));
    }
}
