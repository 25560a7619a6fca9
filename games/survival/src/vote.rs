//! Reading the votes in a day post (S5.3, S5.4, S5.6): what counts as a
//! vote, what is only talk, and why every line that looks like a vote but
//! does not count does not.
//!
//! A post is read line by line. Formatting is removed first: BBCode `b i u
//! color size font area ooc list * url spoiler center highlight left right
//! sup sub indent`, Markdown `* _ ` and `||`, heading marks. Text inside
//! `[quote]...[/quote]`, lines starting with `>` and everything after a
//! `>>>` line start is quoted; text inside `[s]`, `[strike]`, `[del]` or
//! `~~` is struck. Then the vote forms:
//!
//! - tags, anywhere in a line: `[vote]NAME[/vote]`, `[v]NAME[/v]`;
//!   `[unvote]`, `[uv]`, `[unv]` (with or without their closing tag);
//! - commands, anywhere in a line: `!vote NAME`, `/vote NAME`,
//!   `##vote NAME`, `## vote NAME`; `!unvote`, `/unvote`, `##unvote`;
//!   `!nolynch`, `/nolynch`, `##nolynch`;
//! - words: `vote NAME`, `vote: NAME`, `unvote` (with or without a name):
//!   at the start of a line (after an `unvote` on the same line too:
//!   `unvote, vote X`), or anywhere in bold under `vote_place: anywhere`;
//!   in bold only under `vote_bold: required`.
//!
//! The NAME is the longest run of words after the vote word that names a
//! player, sure readings (full name, nickname) before guesses; a run
//! reading `no lynch`, `nolynch`, `no elimination`, `no elim`, `no exile`
//! or `sleep` is a vote for no elimination (S5.6). A struck, quoted,
//! misplaced or unbolded vote is *ignored* and listed with its reason when
//! it looks like a vote: a tag or a command, a word form in bold or with
//! `vote:`, or a word form whose NAME names a player.
//!
//! A post without the letters `vote`, `[v`, `[uv`, `[unv` or `lynch` (most
//! of a thread) is skipped after a byte scan, so recounting a long thread
//! on every keystroke stays cheap.

use crate::line::lines;
use crate::options::{Options, VoteBold, VotePlace};
use crate::roster::{Names, PlayerId};
use console_core::names::{How, MatchError, fold};
use console_core::paste::{LineQuote, Tag, bbcode_tag, line_quote};
use console_core::text::{ascii_space, line_end};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// What a vote is for (S5.3, S5.6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// A player.
    Player(PlayerId),
    /// No elimination (S5.6).
    NoElimination,
}

/// Why a line that looks like a vote is not counted (S5.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ignored {
    /// Inside a quote (`[quote]`, a `>` line, a quoted post's text).
    Quoted,
    /// Struck (`[s]`, `[strike]`, `~~`): withdrawn.
    Struck,
    /// Not bold, under `vote_bold: required`.
    NotBold,
    /// A word-form vote not at the start of its line (and not bold under
    /// `vote_place: anywhere`).
    NotAtLineStart,
    /// In a post after a majority ended the day (S5.5).
    AfterMajority,
    /// In the author's signature (`[signature]...[/signature]`, as the
    /// thread splitter marks it, S2.9), under `signature_votes: ignored`.
    Signature,
}

impl Ignored {
    /// The record's name: `quoted`, `struck`, `not_bold`,
    /// `not_at_line_start`, `after_majority`, `signature`.
    pub fn name(self) -> &'static str {
        match self {
            Ignored::Quoted => "quoted",
            Ignored::Struck => "struck",
            Ignored::NotBold => "not_bold",
            Ignored::NotAtLineStart => "not_at_line_start",
            Ignored::AfterMajority => "after_majority",
            Ignored::Signature => "signature",
        }
    }
}

impl fmt::Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ignored::Quoted => "quoted from another post: only the quoting post's own votes count",
            Ignored::Struck => "struck out: a struck vote is withdrawn",
            Ignored::NotBold => "not in bold, and this game counts bold votes only",
            Ignored::NotAtLineStart => {
                "not at the start of its line: read as talk (a vote starts its line, or is a [vote] tag)"
            }
            Ignored::AfterMajority => "after the post that reached a majority: the day had ended",
            Ignored::Signature => {
                "in the author's signature, printed under every post: not a vote (the house rule signature_votes may count it)"
            }
        })
    }
}

/// What one vote form of a post says, names read (S5.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum What {
    /// A vote whose NAME names a target.
    Vote {
        /// For whom.
        target: Target,
        /// How the name was read (`Full` for no elimination).
        how: How,
        /// The NAME as written.
        written: String,
    },
    /// A withdrawal.
    Unvote,
    /// A vote whose NAME names no one player.
    NoName {
        /// The text after the vote word.
        written: String,
        /// Why.
        error: MatchError,
        /// The players it could be: the ambiguous ones, or the nearest.
        candidates: Vec<PlayerId>,
    },
    /// A vote for no elimination where the game has none (S5.6).
    NoEliminationOff {
        /// The NAME as written.
        written: String,
    },
    /// Looks like a vote but does not count.
    Ignored {
        /// Why.
        why: Ignored,
        /// What the vote would have named, as written.
        written: String,
    },
}

/// One vote form of a post, in reading order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark<'a> {
    /// 1-based line in the post.
    pub line: u32,
    /// The whole line as posted, trimmed.
    pub text: &'a str,
    /// What it says.
    pub what: What,
}

/// The house rules that change what counts as a vote (S5.3, S5.6).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Word-form votes count only in bold.
    pub bold: bool,
    /// A bold word-form vote may stand anywhere in its line.
    pub anywhere: bool,
    /// Votes for no elimination count.
    pub no_elimination: bool,
    /// Vote forms in a signature count (S5.3, `signature_votes`).
    pub signatures: bool,
}

impl Rules {
    /// The rules of a game's options.
    pub fn of(o: &Options) -> Rules {
        Rules {
            bold: o.vote_bold == VoteBold::Required,
            anywhere: o.vote_place == VotePlace::Anywhere,
            no_elimination: o.no_elimination,
            signatures: o.signature_votes == crate::options::SignatureVotes::Counted,
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::of(&Options::default())
    }
}

const QUOTED: u8 = 1;
const STRUCK: u8 = 2;
const BOLD: u8 = 4;
/// The first char after a removed tag: a word may start there.
const BREAK: u8 = 8;
/// In a `[signature]` block (S2.9, S5.3).
const SIGNED: u8 = 16;
/// `[vote]`, `[v]`.
const VOTE_OPEN: char = '\u{1}';
/// `[/vote]`, `[/v]`.
const VOTE_CLOSE: char = '\u{2}';
/// `[unvote]`, `[uv]`, `[unv]`.
const UNVOTE: char = '\u{3}';

/// The bytes [`flagged_lines`] stops at: line ends, the `v` of `vote`,
/// the `y` of `lynch` (rarer in talk than its `l`) and `[`.
static INTEREST: [bool; 256] = {
    let mut t = [false; 256];
    let mut k = 0;
    let bytes = *b"\n\rvVyY[";
    while k < bytes.len() {
        t[bytes[k] as usize] = true;
        k += 1;
    }
    t
};

/// The lines of a text (split at `\r\n`, `\n` or `\r`, as
/// [`lines`]), each with whether it must be read: whether it holds `vote`
/// or `lynch` (any case) or a `[` (a tag, which may also open a quote,
/// strike or bold for later lines). One pass over the bytes, a table
/// lookup each: most lines of a thread are talk, and a
/// recount reads every post on each change.
fn flagged_lines(text: &str) -> impl Iterator<Item = (&str, bool)> {
    let b = text.as_bytes();
    let n = b.len();
    let mut pos = Some(0usize);
    std::iter::from_fn(move || {
        let start = pos?;
        let low = |i: usize| b[i] | 0x20;
        let mut flag = false;
        let mut i = start;
        loop {
            if flag {
                // Flagged: only the line's end is left to find.
                i = line_end(&b[i..]).map_or(n, |k| i + k);
                break;
            }
            while i < n && !INTEREST[usize::from(b[i])] {
                i += 1;
            }
            if i >= n {
                break;
            }
            match b[i] {
                b'\n' | b'\r' => break,
                b'v' | b'V' => {
                    flag |=
                        i + 3 < n && low(i + 1) == b'o' && low(i + 2) == b't' && low(i + 3) == b'e';
                }
                b'y' | b'Y' => {
                    flag |= i > start
                        && i + 3 < n
                        && low(i - 1) == b'l'
                        && low(i + 1) == b'n'
                        && low(i + 2) == b'c'
                        && low(i + 3) == b'h';
                }
                _ => flag = true,
            }
            i += 1;
        }
        pos = if i >= n {
            None
        } else if b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') {
            Some(i + 2)
        } else {
            Some(i + 1)
        };
        Some((&text[start..i], flag))
    })
}

/// Formatting tags removed with their text kept.
const PLAIN_TAGS: [&str; 22] = [
    "i",
    "u",
    "color",
    "colour",
    "size",
    "font",
    "area",
    "ooc",
    "list",
    "*",
    "url",
    "spoiler",
    "center",
    "centre",
    "highlight",
    "left",
    "right",
    "sup",
    "sub",
    "indent",
    "justify",
    "tt",
];

/// State carried from line to line of a post.
#[derive(Default)]
struct Carry {
    quote: u32,
    signature: u32,
    strike: u32,
    bold: u32,
    /// After a `>>>` line: the rest of the post is quoted.
    quote_rest: bool,
}

/// A line with formatting removed: each char with its flags.
struct Plain {
    chars: Vec<char>,
    flags: Vec<u8>,
}

impl Plain {
    #[inline]
    fn push(&mut self, c: char, f: u8) {
        self.chars.push(c);
        self.flags.push(f);
    }
}

/// Removes the formatting of one line, tracking quotes, strikes and bold.
fn plain(line: &str, carry: &mut Carry) -> Plain {
    let mut out = Plain {
        chars: Vec::with_capacity(line.len()),
        flags: Vec::with_capacity(line.len()),
    };
    plain_into(line, carry, &mut out);
    out
}

/// [`plain`] into `out` (emptied first): a post's lines share one buffer.
///
/// Tags and `>` marks are read with core's paste scan
/// ([`bbcode_tag`], [`line_quote`]); what each means is S5.3's, so the
/// marks are kept per character here: quoted (`[quote]`, `>`, and after
/// a `>>>` line the rest of the post), struck (`[s]`, `~~`), bold, signed,
/// and the vote tags. A quote tag counts with its `]` only, as any tag
/// here (core's [`console_core::paste::Quotes`] also takes an unclosed
/// `[quote=Ann` as opening a quote).
fn plain_into(line: &str, carry: &mut Carry, out: &mut Plain) {
    out.chars.clear();
    out.flags.clear();
    out.chars.reserve(line.len());
    out.flags.reserve(line.len());
    // S5.3: a `>` line is quoted, and a `>>>` line quotes the rest of
    // the post too (Discord's block quote).
    let mut line_quoted = carry.quote_rest;
    match line_quote(line) {
        Some(LineQuote::Rest) => {
            carry.quote_rest = true;
            line_quoted = true;
        }
        Some(LineQuote::Line) => line_quoted = true,
        None => {}
    }
    let b = line.as_bytes();
    let mut md_bold = false;
    let mut md_strike = false;
    let mut i = 0;
    let mut at_start = true;
    let mut broke = false;
    while i < b.len() {
        let c = b[i];
        if c == b'['
            && let Some(Tag {
                len,
                closing: close,
                name,
            }) = bbcode_tag(&b[i..])
        {
            let mut known = true;
            match name.as_str() {
                "quote" => {
                    if close {
                        carry.quote = carry.quote.saturating_sub(1);
                    } else {
                        carry.quote += 1;
                    }
                }
                "s" | "strike" | "del" => {
                    if close {
                        carry.strike = carry.strike.saturating_sub(1);
                    } else {
                        carry.strike += 1;
                    }
                }
                "signature" => {
                    if close {
                        carry.signature = carry.signature.saturating_sub(1);
                    } else {
                        carry.signature += 1;
                    }
                }
                "b" | "strong" => {
                    if close {
                        carry.bold = carry.bold.saturating_sub(1);
                    } else {
                        carry.bold += 1;
                    }
                }
                "vote" | "v" => {
                    let f = flags(carry, line_quoted, md_bold, md_strike);
                    out.push(if close { VOTE_CLOSE } else { VOTE_OPEN }, f);
                }
                "unvote" | "uv" | "unv" => {
                    if !close {
                        let f = flags(carry, line_quoted, md_bold, md_strike);
                        out.push(UNVOTE, f);
                    }
                }
                n if PLAIN_TAGS.contains(&n) => {}
                _ => known = false,
            }
            if known {
                i += len;
                broke = true;
                continue;
            }
        }
        let skip = match c {
            b'*' if b.get(i + 1) == Some(&b'*') => {
                md_bold = !md_bold;
                2
            }
            b'*' => 1,
            b'_' if b.get(i + 1) == Some(&b'_') => 2,
            b'_' | b'`' => 1,
            b'~' if b.get(i + 1) == Some(&b'~') => {
                md_strike = !md_strike;
                2
            }
            b'|' if b.get(i + 1) == Some(&b'|') => 2,
            b'>' if at_start => 1,
            b'-' if at_start && b.get(i + 1) == Some(&b'#') => 2,
            _ => 0,
        };
        if skip > 0 {
            i += skip;
            continue;
        }
        let ch = line[i..].chars().next().expect("a char at a char boundary");
        if !ch.is_whitespace() {
            at_start = false;
        }
        let f = flags(carry, line_quoted, md_bold, md_strike) | if broke { BREAK } else { 0 };
        broke = false;
        out.push(ch, f);
        i += ch.len_utf8();
    }
}

#[inline]
fn flags(carry: &Carry, line_quoted: bool, md_bold: bool, md_strike: bool) -> u8 {
    let mut f = 0;
    if line_quoted || carry.quote > 0 {
        f |= QUOTED;
    }
    if md_strike || carry.strike > 0 {
        f |= STRUCK;
    }
    if md_bold || carry.bold > 0 {
        f |= BOLD;
    }
    if carry.signature > 0 {
        f |= SIGNED;
    }
    f
}

/// The text with formatting removed (S5.3), as a moderator reads it.
pub fn strip_formatting(s: &str) -> String {
    let mut carry = Carry::default();
    let mut out = String::with_capacity(s.len());
    for (i, l) in lines(s).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let p = plain(l, &mut carry);
        for c in p.chars {
            match c {
                VOTE_OPEN | VOTE_CLOSE | UNVOTE => {}
                c => out.push(c),
            }
        }
    }
    out
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Vote,
    Unvote,
    NoLynch,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Class {
    Tag,
    Command,
    Word,
}

/// One vote form found in a line's plain text.
struct Form {
    start: usize,
    /// Where the NAME starts (after the keyword and its colon).
    name_start: usize,
    kind: Kind,
    class: Class,
    flags: u8,
    colon: bool,
}

/// Whether `chars[i..]` starts with the ASCII `word` ignoring case.
fn word_at(chars: &[char], i: usize, word: &str) -> bool {
    let w = word.as_bytes();
    chars.len() >= i + w.len()
        && chars[i..i + w.len()]
            .iter()
            .zip(w)
            .all(|(c, b)| c.is_ascii() && (*c as u8).eq_ignore_ascii_case(b))
}

#[inline]
fn alnum(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric())
}

/// The keyword (`vote`, `unvote`, `nolynch`) at `i`, and its length.
fn keyword(chars: &[char], i: usize) -> Option<(Kind, usize)> {
    for (w, k) in [
        ("unvote", Kind::Unvote),
        ("vote", Kind::Vote),
        ("nolynch", Kind::NoLynch),
    ] {
        if word_at(chars, i, w) {
            return Some((k, w.len()));
        }
    }
    None
}

/// The vote forms of a line, in order.
fn forms(p: &Plain) -> Vec<Form> {
    let ch = &p.chars;
    let mut out = Vec::new();
    let mut i = 0;
    while i < ch.len() {
        let c = ch[i];
        if c == VOTE_OPEN || c == UNVOTE {
            out.push(Form {
                start: i,
                name_start: i + 1,
                kind: if c == VOTE_OPEN {
                    Kind::Vote
                } else {
                    Kind::Unvote
                },
                class: Class::Tag,
                flags: p.flags[i],
                colon: true,
            });
            i += 1;
            continue;
        }
        // A word starts after a non-letter, or where quoted or struck text
        // starts or ends (`[/quote]vote Gus`).
        let boundary = i == 0
            || !alnum(ch.get(i - 1))
            || p.flags[i] & BREAK != 0
            || (p.flags[i - 1] ^ p.flags[i]) & (QUOTED | STRUCK) != 0;
        if !boundary {
            i += 1;
            continue;
        }
        // Commands: `!vote`, `/vote`, `##vote`, `## vote`.
        let mut j = i;
        let command = match c {
            '!' | '/' => {
                j += 1;
                true
            }
            '#' => {
                while ch.get(j) == Some(&'#') {
                    j += 1;
                }
                while ch.get(j).is_some_and(|c| *c == ' ') {
                    j += 1;
                }
                true
            }
            _ => false,
        };
        if let Some((kind, len)) = keyword(ch, j) {
            let after = j + len;
            let next = ch.get(after).copied();
            let word_end = !alnum(next.as_ref());
            let ok = match kind {
                Kind::Vote => {
                    command && word_end
                        || matches!(next, Some(':'))
                        || next.is_some_and(char::is_whitespace)
                }
                Kind::Unvote => word_end,
                Kind::NoLynch => command && word_end,
            };
            if ok && (command || kind != Kind::NoLynch) {
                let mut n = after;
                while ch.get(n).is_some_and(|c| c.is_whitespace()) {
                    n += 1;
                }
                let colon = ch.get(n) == Some(&':');
                if colon {
                    n += 1;
                }
                let flags = p.flags[j..after].iter().fold(0xff, |a, f| a & f);
                out.push(Form {
                    start: i,
                    name_start: n,
                    kind,
                    class: if command { Class::Command } else { Class::Word },
                    flags,
                    colon,
                });
                i = after;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// The text a form names: from its name start to the next form, a vote
/// tag's end or the line's end, struck and quoted text left out (unless
/// the form itself is struck or quoted).
fn name_text(p: &Plain, f: &Form, end: usize) -> String {
    let keep = f.flags & (QUOTED | STRUCK);
    let mut s = String::with_capacity(end.min(p.chars.len()).saturating_sub(f.name_start));
    for k in f.name_start..end.min(p.chars.len()) {
        let c = p.chars[k];
        if c == VOTE_CLOSE || c == VOTE_OPEN || c == UNVOTE {
            break;
        }
        if p.flags[k] & (QUOTED | STRUCK) & !keep != 0 {
            continue;
        }
        s.push(c);
    }
    s.trim().to_string()
}

/// Words that name no elimination (S5.6), folded.
const NO_ELIMINATION: [&str; 7] = [
    "nolynch",
    "nolynching",
    "noelimination",
    "noelim",
    "noexile",
    "sleep",
    "nokill",
];

/// The byte offset of `part`, a slice of `text`, in `text`.
fn offset(text: &str, part: &str) -> usize {
    part.as_ptr() as usize - text.as_ptr() as usize
}

/// Whether a word folds to nothing ([`fold`] is empty): no letter or
/// digit. Without building the fold for ASCII words.
fn folds_to_nothing(w: &str) -> bool {
    if w.is_ascii() {
        !w.bytes().any(|b| b.is_ascii_alphanumeric())
    } else {
        fold(w).is_empty()
    }
}

/// The longest run of words of `text` that names a target (S5.3): sure
/// readings (full name, nickname) first, longest first; then no
/// elimination; then guesses, longest first.
///
/// # Errors
///
/// The error of the longest ambiguous run if any, else of the whole text
/// (as its first word when it is a single word), with candidates.
pub fn read_target(
    names: &Names,
    text: &str,
) -> Result<(Target, How, String), (MatchError, Vec<PlayerId>)> {
    let mut words: [&str; 8] = [""; 8];
    let mut count = 0;
    for (slot, w) in words.iter_mut().zip(text.split_whitespace()) {
        *slot = w;
        count += 1;
    }
    let words = &words[..count];
    // A run does not go past a word ending a clause.
    let mut max = words.len();
    for (k, w) in words.iter().enumerate() {
        let end = w.trim_end_matches([')', '"', '\'', '*']);
        let nothing = folds_to_nothing(w);
        if end.ends_with([',', ';', ':', '!', '?']) || nothing {
            max = if nothing { k } else { k + 1 };
            break;
        }
    }
    // The first `k` words joined by one space, outer marks trimmed: a
    // slice of `text` when one space parts them there (no allocation).
    let run = |k: usize| -> Cow<'_, str> {
        let from = offset(text, words[0]);
        let to = offset(text, words[k - 1]) + words[k - 1].len();
        let slice = &text[from..to];
        let spaced = words[..k].windows(2).all(|p| {
            let gap = offset(text, p[0]) + p[0].len();
            offset(text, p[1]) == gap + 1 && text.as_bytes()[gap] == b' '
        });
        let trim = |s: &str| -> (usize, usize) {
            let t = s.trim_matches(|c: char| !c.is_alphanumeric() && c != '@' && c != '\'');
            let at = t.as_ptr() as usize - s.as_ptr() as usize;
            (at, at + t.len())
        };
        if spaced {
            let (a, b) = trim(slice);
            Cow::Borrowed(&slice[a..b])
        } else {
            let s = words[..k].join(" ");
            let (a, b) = trim(&s);
            Cow::Owned(s[a..b].to_string())
        }
    };
    if max == 0 {
        return Err((MatchError::Empty, Vec::new()));
    }
    for k in (1..=max).rev() {
        let r = run(k);
        if let Some(read) = names.exact(&r) {
            return Ok((Target::Player(read.player), read.how, r.into_owned()));
        }
    }
    for k in (1..=max.min(2)).rev() {
        let r = run(k);
        if NO_ELIMINATION.contains(&fold(&r).as_str()) {
            return Ok((Target::NoElimination, How::Full, r.into_owned()));
        }
    }
    let mut ambiguous: Option<MatchError> = None;
    let mut first_error: Option<MatchError> = None;
    for k in (1..=max).rev() {
        let r = run(k);
        match names.read(&r) {
            Ok(read) => return Ok((Target::Player(read.player), read.how, r.into_owned())),
            Err(e @ MatchError::Ambiguous(..)) if ambiguous.is_none() => ambiguous = Some(e),
            Err(e) => {
                if k == 1 {
                    first_error = Some(e);
                }
            }
        }
    }
    let whole = run(max).into_owned();
    match ambiguous {
        Some(MatchError::Ambiguous(t, v)) => {
            let c = v.iter().copied().map(PlayerId::from_index).collect();
            Err((MatchError::Ambiguous(t, v), c))
        }
        _ => {
            let e = match first_error {
                Some(MatchError::TooShort(t)) if max == 1 => MatchError::TooShort(t),
                _ => MatchError::Unknown(whole.clone()),
            };
            Err((e, names.nearest(&whole)))
        }
    }
}

/// Reads a post's vote forms (S5.3), in order, names read with `names`.
pub fn read_votes<'a>(text: &'a str, names: &Names, rules: Rules) -> Vec<Mark<'a>> {
    let mut out = Vec::new();
    let mut carry = Carry::default();
    let mut p = Plain {
        chars: Vec::new(),
        flags: Vec::new(),
    };
    for (i, (raw, flagged)) in flagged_lines(text).enumerate() {
        let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
        // A line is read only when it may hold a vote form, or a tag that
        // opens or closes a quote, strike or bold over later lines.
        let quick = flagged || carry.quote > 0 || carry.strike > 0 || carry.bold > 0;
        if !quick {
            // (Only a line starting `>` or a space can start `>>>`.)
            if raw
                .as_bytes()
                .first()
                .is_some_and(|b| *b == b'>' || !b.is_ascii() || ascii_space(*b))
                && line_quote(raw) == Some(LineQuote::Rest)
            {
                carry.quote_rest = true;
            }
            continue;
        }
        plain_into(raw, &mut carry, &mut p);
        let found = forms(&p);
        if found.is_empty() {
            continue;
        }
        let trimmed = raw.trim();
        // Whether each form starts its line: nothing but punctuation and
        // struck text before it, or it follows an `unvote` that did.
        let mut chained = false;
        for (n, f) in found.iter().enumerate() {
            let end = found.get(n + 1).map_or(p.chars.len(), |g| g.start);
            let before_clear = (0..f.start).all(|k| {
                p.flags[k] & (STRUCK | QUOTED) != 0 && f.flags & QUOTED == 0
                    || !p.chars[k].is_alphanumeric()
            });
            let at_start = before_clear || chained;
            let written = name_text(&p, f, end);
            let bold = f.flags & BOLD != 0;
            let ignored = if f.flags & SIGNED != 0 && !rules.signatures {
                Some(Ignored::Signature)
            } else if f.flags & QUOTED != 0 {
                Some(Ignored::Quoted)
            } else if f.flags & STRUCK != 0 {
                Some(Ignored::Struck)
            } else if f.class == Class::Word && !(at_start || rules.anywhere && bold) {
                Some(Ignored::NotAtLineStart)
            } else if f.class == Class::Word && rules.bold && !bold {
                Some(Ignored::NotBold)
            } else {
                None
            };
            let what = match (ignored, f.kind) {
                (Some(why), kind) => {
                    let looks = match (f.class, kind) {
                        (Class::Tag | Class::Command, _) => true,
                        (Class::Word, Kind::Unvote) => bold || at_start,
                        (Class::Word, _) => bold || f.colon || read_target(names, &written).is_ok(),
                    };
                    looks.then_some(What::Ignored { why, written })
                }
                (None, Kind::Unvote) => Some(What::Unvote),
                (None, Kind::NoLynch) => Some(if rules.no_elimination {
                    What::Vote {
                        target: Target::NoElimination,
                        how: How::Full,
                        written: "nolynch".into(),
                    }
                } else {
                    What::NoEliminationOff {
                        written: "nolynch".into(),
                    }
                }),
                (None, Kind::Vote) => Some(match read_target(names, &written) {
                    Ok((Target::NoElimination, _, w)) if !rules.no_elimination => {
                        What::NoEliminationOff { written: w }
                    }
                    Ok((target, how, w)) => What::Vote {
                        target,
                        how,
                        written: w,
                    },
                    Err((error, candidates)) => What::NoName {
                        written,
                        error,
                        candidates,
                    },
                }),
            };
            chained = f.kind == Kind::Unvote && at_start && ignored.is_none();
            if let Some(what) = what {
                out.push(Mark {
                    line: number,
                    text: trimmed,
                    what,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roster::Roster;

    fn roster() -> Roster {
        Roster::new(&[
            "Ann",
            "Bob",
            "Bobby",
            "Fay",
            "Gus",
            "O'Neil",
            "Zoë",
            "Pine",
            "Vifam",
            "TheRealGin-N-Tonic",
            "Harbor Lights",
        ])
        .unwrap()
    }

    /// Each mark as (line, what) with names: `Ann`, `-` (unvote),
    /// `!reason` (ignored), `?` (no name), `~` (no elimination).
    fn read(text: &str, rules: Rules) -> Vec<(u32, String)> {
        let r = roster();
        read_votes(text, &r.reader(), rules)
            .into_iter()
            .map(|m| {
                let w = match m.what {
                    What::Vote {
                        target: Target::Player(p),
                        ..
                    } => r.name(p).to_string(),
                    What::Vote { .. } => "~".into(),
                    What::Unvote => "-".into(),
                    What::NoName { .. } => "?".into(),
                    What::NoEliminationOff { .. } => "~off".into(),
                    What::Ignored { why, .. } => format!("!{}", why.name()),
                };
                (m.line, w)
            })
            .collect()
    }

    fn v(text: &str) -> Vec<(u32, String)> {
        read(text, Rules::default())
    }

    fn m(pairs: &[(u32, &str)]) -> Vec<(u32, String)> {
        pairs.iter().map(|(l, s)| (*l, s.to_string())).collect()
    }

    #[test]
    fn every_form_s5_3() {
        assert_eq!(v("vote: Fay"), m(&[(1, "Fay")]));
        assert_eq!(v("Vote Fay"), m(&[(1, "Fay")]));
        assert_eq!(v("[vote]Fay[/vote]"), m(&[(1, "Fay")]));
        assert_eq!(v("##vote Fay"), m(&[(1, "Fay")]));
        assert_eq!(v("## vote O'Neil"), m(&[(1, "O'Neil")]));
        assert_eq!(v("ok then [V]Fay[/V]"), m(&[(1, "Fay")]));
        assert_eq!(v("[v]gus[/v]"), m(&[(1, "Gus")]));
        assert_eq!(v("!vote Fay"), m(&[(1, "Fay")]));
        assert_eq!(v("/vote Fay"), m(&[(1, "Fay")]));
        assert_eq!(v("unvote"), m(&[(1, "-")]));
        assert_eq!(v("[unvote]"), m(&[(1, "-")]));
        assert_eq!(v("##unvote"), m(&[(1, "-")]));
        assert_eq!(v("[uv] [UNV]"), m(&[(1, "-"), (1, "-")]));
        assert_eq!(v("!unvote"), m(&[(1, "-")]));
        assert_eq!(v("unvote, vote Fay"), m(&[(1, "-"), (1, "Fay")]));
        assert_eq!(
            v("[b]unvote. Vote: Vifam[/b]"),
            m(&[(1, "-"), (1, "Vifam")])
        );
        assert_eq!(v("unvote vote Fay"), m(&[(1, "-"), (1, "Fay")]));
        assert_eq!(v("unvote Gus, vote Fay"), m(&[(1, "-"), (1, "Fay")]));
    }

    #[test]
    fn names_and_no_elimination_s5_3_s5_6() {
        assert_eq!(v("Vote: Pine -- mod, please note"), m(&[(1, "Pine")]));
        assert_eq!(v("vote: Bobby."), m(&[(1, "Bobby")]));
        assert_eq!(v("vote Bob pls"), m(&[(1, "Bob")]));
        assert_eq!(v("Vote: @Ann"), m(&[(1, "Ann")]));
        assert_eq!(v("vote O’Neil"), m(&[(1, "O'Neil")]));
        assert_eq!(v("vote Zoe"), m(&[(1, "Zoë")]));
        assert_eq!(v("vote Harbor Lights please"), m(&[(1, "Harbor Lights")]));
        assert_eq!(v("vote gin"), m(&[(1, "TheRealGin-N-Tonic")]));
        assert_eq!(v("vote no lynch"), m(&[(1, "~")]));
        assert_eq!(v("vote nolynch"), m(&[(1, "~")]));
        assert_eq!(v("VOTE: No Elimination"), m(&[(1, "~")]));
        assert_eq!(v("vote sleep"), m(&[(1, "~")]));
        assert_eq!(v("!nolynch"), m(&[(1, "~")]));
        let off = Rules {
            no_elimination: false,
            ..Rules::default()
        };
        assert_eq!(read("vote no lynch", off), m(&[(1, "~off")]));
        assert_eq!(v("vote: Zed"), m(&[(1, "?")]));
        assert_eq!(v("vote:"), m(&[(1, "?")]));
        assert_eq!(v("[vote][/vote]"), m(&[(1, "?")]));
        // Talk: no vote form, or a word form naming no one mid-line.
        assert_eq!(v("votes are weird"), m(&[]));
        assert_eq!(v("vote"), m(&[]));
        assert_eq!(v("I would vote for the quiet ones"), m(&[]));
        assert_eq!(v("devote yourself"), m(&[]));
        // The NAME as written: its words joined by one space, outer marks
        // trimmed, however the post spaced them.
        let r = roster();
        let written = |t: &str| read_target(&r.reader(), t).ok().map(|(_, _, w)| w);
        assert_eq!(
            written("Harbor \t Lights, please"),
            Some("Harbor Lights".into())
        );
        assert_eq!(written("(Harbor Lights) now"), Some("Harbor Lights".into()));
        assert_eq!(written("**O'Neil**"), Some("O'Neil".into()));
        assert_eq!(written("no  lynch"), Some("no lynch".into()));
    }

    #[test]
    fn struck_quoted_misplaced_s5_3() {
        assert_eq!(v("~~vote Fay~~"), m(&[(1, "!struck")]));
        assert_eq!(
            v("[s]vote Fay[/s] vote Gus"),
            m(&[(1, "!struck"), (1, "Gus")])
        );
        assert_eq!(v("[strike]\nvote Fay\n[/strike]"), m(&[(2, "!struck")]));
        assert_eq!(v("> vote Fay"), m(&[(1, "!quoted")]));
        assert_eq!(v("[quote=Ann]vote Fay[/quote]"), m(&[(1, "!quoted")]));
        assert_eq!(v(">>> quoted\nvote Fay"), m(&[(2, "!quoted")]));
        assert_eq!(
            v("[quote][quote=Bob]vote Fay[/quote]vote Gus[/quote]vote Ann"),
            m(&[(1, "!quoted"), (1, "!quoted"), (1, "Ann")])
        );
        // A mid-line vote naming a player is listed, not counted.
        assert_eq!(
            v("I think we vote Gus today"),
            m(&[(1, "!not_at_line_start")])
        );
        assert_eq!(v("ok [b]vote: Gus[/b]"), m(&[(1, "!not_at_line_start")]));
        let anywhere = Rules {
            anywhere: true,
            ..Rules::default()
        };
        assert_eq!(read("ok [b]vote: Gus[/b]", anywhere), m(&[(1, "Gus")]));
        assert_eq!(
            read("ok vote: Gus", anywhere),
            m(&[(1, "!not_at_line_start")])
        );
        let bold = Rules {
            bold: true,
            ..Rules::default()
        };
        assert_eq!(read("vote Gus", bold), m(&[(1, "!not_bold")]));
        assert_eq!(read("[b]vote Gus[/b]", bold), m(&[(1, "Gus")]));
        assert_eq!(read("**vote Gus**", bold), m(&[(1, "Gus")]));
        // Tags and commands need no bold.
        assert_eq!(read("[vote]Gus[/vote]", bold), m(&[(1, "Gus")]));
        assert_eq!(read("!vote Gus", bold), m(&[(1, "Gus")]));
    }

    #[test]
    fn formatting_is_stripped_s5_3() {
        for t in [
            "[area=Vote][vote]Fay[/vote][/area]",
            "[ooc]vote Fay[/ooc]",
            "[list][*]vote Fay[/list]",
            "[url=https://x.example]vote Fay[/url]",
            "[spoiler]vote Fay[/spoiler]",
            "[center]vote Fay[/center]",
            "[highlight]vote Fay[/highlight]",
            "[color=#ff0000][size=150]vote: Fay[/size][/color]",
            "||vote Fay||",
            "`vote Fay`",
        ] {
            assert_eq!(v(t), m(&[(1, "Fay")]), "{t}");
        }
        assert_eq!(
            strip_formatting("[b]vote[/b] ~~x~~ [quote]y[/quote]"),
            "vote x y"
        );
    }

    proptest::proptest! {
        /// The word-at-a-time scan flags exactly the lines holding `vote`,
        /// `lynch` (any case) or `[`, split as [`lines`] splits.
        #[test]
        fn flagged_lines_as_read_line_by_line(text in "(vote|VoTe|vot|lynch|LYNCH|lync|ynch|\\[|[vVlLyY x]|é|\r|\n){0,40}") {
            let want: Vec<(String, bool)> = lines(&text)
                .map(|l| {
                    let low = l.to_ascii_lowercase();
                    (l.to_string(), low.contains("vote") || low.contains("lynch") || low.contains('['))
                })
                .collect();
            let got: Vec<(String, bool)> =
                flagged_lines(&text).map(|(l, f)| (l.to_string(), f)).collect();
            proptest::prop_assert_eq!(got, want);
        }
    }
}
