//! A move in a forum or Discord post, read as players write it (C8.6,
//! C8.7): `R3 please`, `R 1`, `B6.`, `B５`, `Red plays 3`, `blue: 7`.
//!
//! Two stages, as for records: [`read_post`] finds the moves written in the
//! post's text (skipping quoted text and signatures) and says how each was
//! read; [`PostReading::check`] checks the one move against the position.
//! Nothing is guessed silently: a post with no move, with two different
//! moves, or with a move the position refuses (C8.2) is a [`Doubt`] with
//! its reason, and the text that was not read is listed with why.

use crate::notation::{RawMove, Rejection, colour_at, narrow};
use crate::player::Player;
use crate::state::State;
use crate::value::Value;
use console_core::paste::{Part, Quotes, line_quote, signature_delimiter};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The words that may stand between a colour and its value (C8.6).
const VERBS: [&str; 5] = ["plays", "played", "play", "moves", "move"];

/// What was assumed or left aside when a move was read (C8.7: how a move
/// was read is always shown).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum Note {
    /// Full-width letters or digits read as ASCII (C8.4).
    FullWidth,
    /// The colour written as a word, `Blue`/`Red` (C8.4).
    ColourWord,
    /// Spaces between the colour and the value (C8.4).
    Apart,
    /// A word or sign between the colour and the value (C8.6).
    Between {
        /// As written: `plays`, `:`, `'s move:` ...
        text: String,
    },
    /// No colour written: the value is the player to move's (C8.6).
    NoColour,
    /// Other words of the post were not read (C8.6).
    Around,
    /// The same move written more than once counts once (C8.7).
    Repeated {
        /// How many times.
        times: usize,
    },
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::FullWidth => f.write_str("full-width characters read as ASCII"),
            Note::ColourWord => f.write_str("colour written as a word"),
            Note::Apart => f.write_str("colour and value apart"),
            Note::Between { text } => write!(f, "“{text}” between colour and value"),
            Note::NoColour => f.write_str("no colour written: taken as the player to move"),
            Note::Around => f.write_str("the rest of the post not read"),
            Note::Repeated { times } => write!(f, "written {times} times"),
        }
    }
}

/// A move found in a post: as written, where, and what it reads as.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Found {
    /// The move as written (`Red plays 3`).
    pub text: String,
    /// Its line in the post, from 1.
    pub line: usize,
    /// The colour written, if any.
    pub player: Option<Player>,
    /// The number written (saturated to the `i64` range).
    pub value: i64,
    /// How it was read.
    pub notes: Vec<Note>,
}

impl Found {
    /// The move as read: an optional colour and the number.
    pub fn raw(&self) -> RawMove {
        RawMove {
            player: self.player,
            value: self.value,
        }
    }

    /// How it was read, in words: `“Red plays 3” (line 2) read as R3
    /// (colour written as a word; “plays” between colour and value)`.
    /// `mover` names the colour of a move written without one.
    pub fn how(&self, mover: Player) -> String {
        let colour = self.player.unwrap_or(mover).letter();
        let mut s = format!(
            "“{}” (line {}) read as {colour}{}",
            self.text, self.line, self.value
        );
        if !self.notes.is_empty() {
            let notes: Vec<String> = self.notes.iter().map(Note::to_string).collect();
            s.push_str(&format!(" ({})", notes.join("; ")));
        }
        s
    }
}

/// Why some text of a post was not read as a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unread {
    /// Quoted from another post: `[quote]...[/quote]` or lines starting
    /// with `>` (C8.6).
    Quoted,
    /// After a signature line (`--`, or a line of dashes or underscores).
    Signature,
    /// A number without a colour in a post that names a move with its
    /// colour (C8.6).
    BesideMove,
}

impl fmt::Display for Unread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unread::Quoted => "quoted from another post: not read",
            Unread::Signature => "a signature: not read",
            Unread::BesideMove => {
                "a number without a colour: not read, the post names its move with a colour"
            }
        })
    }
}

/// Text of a post that was not read, with why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unused {
    /// The text (a quote or signature, trimmed; or a number).
    pub text: String,
    /// Its first line in the post, from 1.
    pub line: usize,
    /// Why it was not read.
    pub reason: Unread,
}

/// What [`read_post`] found in a post.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PostReading {
    /// The moves found, in the order written; the same move written twice
    /// is one (with [`Note::Repeated`]).
    pub found: Vec<Found>,
    /// Text that looks like input but was not read, with why.
    pub unused: Vec<Unused>,
}

/// Why a post's move is not played (C8.7). The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "doubt", rename_all = "snake_case")]
pub enum Doubt {
    /// No move found in the post.
    NoMove,
    /// Two or more different moves: which one is meant is not guessed.
    Several {
        /// Each, in the order written.
        moves: Vec<Found>,
    },
    /// The post's author (its header line) plays the side that is not to
    /// move (C9.4).
    NotToMove {
        /// The author's name as written.
        name: String,
        /// The author's side.
        side: Player,
    },
    /// The one move found is refused by the position (C8.2).
    Rejected {
        /// The move.
        found: Found,
        /// Why.
        rejection: Rejection,
    },
}

impl fmt::Display for Doubt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Doubt::NoMove => f.write_str(
                "no move found in the post: a move is a value 1 to 8, e.g. R3, Red plays 3 or 3",
            ),
            Doubt::Several { moves } => {
                let list: Vec<String> = moves
                    .iter()
                    .map(|m| format!("“{}” (line {})", m.text, m.line))
                    .collect();
                write!(
                    f,
                    "{} different moves in the post: {}; say which one is meant",
                    moves.len(),
                    list.join(", ")
                )
            }
            Doubt::NotToMove { name, side } => write!(
                f,
                "posted by {name}, who plays {side}, but {} is to move",
                side.other()
            ),
            Doubt::Rejected { found, rejection } => {
                write!(f, "“{}” (line {}): {rejection}", found.text, found.line)
            }
        }
    }
}

impl std::error::Error for Doubt {}

/// A post's move, checked against the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostMove {
    /// The value to play.
    pub value: Value,
    /// The player to move, who plays it.
    pub player: Player,
    /// Where and how it was found.
    pub found: Found,
}

impl PostMove {
    /// How it was read, in words (see [`Found::how`]).
    pub fn how(&self) -> String {
        self.found.how(self.player)
    }
}

impl PostReading {
    /// Checks the post's move against the position (C8.7, C8.2).
    ///
    /// # Errors
    /// [`Doubt::NoMove`] when no move was found; [`Doubt::Several`] when
    /// different moves were; [`Doubt::Rejected`] when the position refuses
    /// the move (a colour that is not to move, a value not held, out of
    /// range, the game over).
    pub fn check(&self, state: &State) -> Result<PostMove, Doubt> {
        match self.found.as_slice() {
            [] => Err(Doubt::NoMove),
            [one] => match state.check_raw(one.raw()) {
                Ok(value) => Ok(PostMove {
                    value,
                    player: state.to_move(),
                    found: one.clone(),
                }),
                Err(rejection) => Err(Doubt::Rejected {
                    found: one.clone(),
                    rejection,
                }),
            },
            several => Err(Doubt::Several {
                moves: several.to_vec(),
            }),
        }
    }
}

/// A stretch of the post that is read: its line number and text.
struct Readable<'a> {
    line: usize,
    text: &'a str,
}

/// Splits a post into the lines that are read and the quoted text and
/// signature that are not (C8.6), with core's scan of quotes and
/// signature delimiters.
fn readable(post: &str) -> (Vec<Readable<'_>>, Vec<Unused>) {
    let mut out = Vec::new();
    let mut unused = Vec::new();
    let mut quotes = Quotes::default();
    let mut quote: Option<(usize, String)> = None;
    let mut signature: Option<(usize, String)> = None;
    for (n, line) in post.lines().enumerate() {
        let line_no = n + 1;
        if let Some((_, sig)) = signature.as_mut() {
            sig.push_str(line.trim());
            sig.push(' ');
            continue;
        }
        // Full-width signs read as ASCII (C8.4): `－－` and `＞` too.
        let trimmed: String = line.trim().chars().map(narrow).collect();
        if !quotes.open() && signature_delimiter(&trimmed) {
            signature = Some((line_no, String::new()));
            continue;
        }
        // C8.6 names `>` lines only: a Discord `>>>` line is one of them,
        // and the lines under it are read.
        if !quotes.open() && line_quote(&trimmed).is_some() {
            unused.push(Unused {
                text: line.trim().to_string(),
                line: line_no,
                reason: Unread::Quoted,
            });
            continue;
        }
        // The line's own words outside BBCode quotes, one stretch between
        // quotes; a stray `[/quote]` stays among them.
        let mut own: Option<std::ops::Range<usize>> = None;
        let mut read = |own: &mut Option<std::ops::Range<usize>>| {
            if let Some(r) = own.take()
                && !line[r.clone()].trim().is_empty()
            {
                out.push(Readable {
                    line: line_no,
                    text: &line[r],
                });
            }
        };
        for (r, part) in quotes.parts(line) {
            match part {
                Part::Own | Part::Stray => {
                    own = Some(own.map_or(r.clone(), |o| o.start..r.end));
                }
                Part::Open { outer } => {
                    read(&mut own);
                    if outer {
                        quote = Some((line_no, String::new()));
                    }
                }
                Part::Quoted => {
                    if let Some((_, q)) = quote.as_mut() {
                        q.push_str(line[r].trim());
                        q.push(' ');
                    }
                }
                Part::Close { outer } => {
                    if outer && let Some((first, q)) = quote.take() {
                        push_unused(&mut unused, first, q, Unread::Quoted);
                    }
                }
            }
        }
        read(&mut own);
    }
    if let Some((first, q)) = quote {
        push_unused(&mut unused, first, q, Unread::Quoted);
    }
    if let Some((first, sig)) = signature {
        push_unused(&mut unused, first, sig, Unread::Signature);
    }
    (out, unused)
}

fn push_unused(unused: &mut Vec<Unused>, line: usize, text: String, reason: Unread) {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if !text.is_empty() {
        unused.push(Unused { text, line, reason });
    }
}

/// Whether the character before a match allows a move to start there: not
/// part of a word or a number (`#12`, `1.5`, `12:30`, `1/2`).
fn starts_word(before: Option<char>) -> bool {
    before.is_none_or(|c| !(c.is_alphanumeric() || matches!(c, '#' | '.' | ',' | ':' | '/' | '_')))
}

/// Whether the text after a number ends it as a move: not a letter or a
/// digit, and not a decimal, time or fraction (`5.0`, `5:30`, `1/2`).
fn ends_number(after: &str) -> bool {
    let mut chars = after.chars().map(narrow);
    match chars.next() {
        None => true,
        Some(c) if c.is_alphanumeric() || c == '_' => false,
        Some('.' | ',' | ':' | '/') => !chars.next().is_some_and(|c| c.is_ascii_digit()),
        Some(_) => true,
    }
}

/// Reads a number at the start of `text` (ASCII or full-width digits, no
/// sign): the number and its bytes.
fn digits_at(text: &str) -> Option<(i64, usize)> {
    let mut n: i64 = 0;
    let mut len = 0;
    for (i, c) in text.char_indices() {
        let d = narrow(c);
        if !d.is_ascii_digit() {
            break;
        }
        n = n
            .saturating_mul(10)
            .saturating_add(i64::from(d as u8 - b'0'));
        len = i + c.len_utf8();
    }
    (len > 0).then_some((n, len))
}

/// A coloured move starting at the start of `text` (C8.4, C8.6): its
/// colour, number, length in bytes and notes.
fn coloured_at(text: &str) -> Option<(Player, i64, usize, Vec<Note>)> {
    let (player, len, word) = colour_at(text)?;
    let capital = narrow(text.chars().next()?).is_ascii_uppercase();
    let mut k = len;
    let mut notes = Vec::new();
    if word {
        notes.push(Note::ColourWord);
    }
    let mut between = String::new();
    let mut spaced = false;
    let mut verb_seen = false;
    // `'s`, spaces, `:` or `=`, one verb, in any order, on the same line.
    loop {
        let rest = &text[k..];
        let c = rest.chars().next()?;
        let n = narrow(c);
        if n == ' ' || n == '\t' {
            spaced = true;
            k += c.len_utf8();
            continue;
        }
        if n == ':' || n == '=' {
            between.push(n);
            k += c.len_utf8();
            continue;
        }
        if word
            && between.is_empty()
            && !spaced
            && (rest.starts_with("'s") || rest.starts_with("’s"))
        {
            let l = if rest.starts_with("'s") { 2 } else { 4 };
            between.push_str(&rest[..l]);
            k += l;
            continue;
        }
        if !verb_seen && n.is_alphabetic() {
            let lower: String = rest
                .chars()
                .map(narrow)
                .take_while(|c| c.is_alphabetic())
                .collect::<String>()
                .to_lowercase();
            match VERBS.iter().find(|v| **v == lower) {
                Some(v) => {
                    if !between.is_empty() || spaced {
                        between.push(' ');
                    }
                    between.push_str(v);
                    verb_seen = true;
                    // ASCII verbs and their full-width forms alike.
                    let bytes: usize = rest.chars().take(v.len()).map(char::len_utf8).sum();
                    k += bytes;
                    continue;
                }
                None => return None,
            }
        }
        break;
    }
    if spaced && !word && !capital && between.is_empty() {
        // `b 5`: a small letter apart from a number is not read as a
        // colour (too common in prose).
        return None;
    }
    let (value, dl) = digits_at(&text[k..])?;
    if !ends_number(&text[k + dl..]) {
        return None;
    }
    let between = between.trim().to_string();
    if !between.is_empty() {
        notes.push(Note::Between { text: between });
    } else if spaced {
        notes.push(Note::Apart);
    }
    Some((player, value, k + dl, notes))
}

/// Finds the move(s) of a post (C8.6): quoted text and signatures are not
/// read; the moves written with a colour are found anywhere in the rest,
/// with any words around them; a number without a colour counts only when
/// no move has a colour, and then only when it stands alone (not part of
/// a word, a decimal, a time, a date or `#12`). The same move written
/// twice is kept once.
///
/// # Panics
///
/// Never: a character is only read before the end of a line.
pub fn read_post(post: &str) -> PostReading {
    // (Invisible characters are not read: `B\u{200B}1` is `B1`.)
    let post = console_core::text::visible(post);
    let (lines, mut unused) = readable(&post);
    let mut coloured: Vec<Found> = Vec::new();
    let mut bare: Vec<Found> = Vec::new();
    // Bytes of readable text that are part of a move, to tell whether
    // anything else was written.
    let mut other_words = false;
    for r in &lines {
        let text = r.text;
        let mut i = 0;
        let mut before: Option<char> = None;
        let mut outside = String::new();
        while i < text.len() {
            let rest = &text[i..];
            let c = rest.chars().next().expect("not at the end");
            if starts_word(before) {
                if let Some((player, value, len, mut notes)) = coloured_at(rest) {
                    let written = &rest[..len];
                    if written.chars().any(|c| narrow(c) != c) {
                        notes.insert(0, Note::FullWidth);
                    }
                    coloured.push(Found {
                        text: written.to_string(),
                        line: r.line,
                        player: Some(player),
                        value,
                        notes,
                    });
                    before = written.chars().last().map(narrow);
                    i += len;
                    continue;
                }
                if let Some((value, len)) = digits_at(rest)
                    && ends_number(&rest[len..])
                {
                    let written = &rest[..len];
                    let mut notes = Vec::new();
                    if written.chars().any(|c| narrow(c) != c) {
                        notes.push(Note::FullWidth);
                    }
                    notes.push(Note::NoColour);
                    bare.push(Found {
                        text: written.to_string(),
                        line: r.line,
                        player: None,
                        value,
                        notes,
                    });
                    outside.push(' ');
                    before = written.chars().last().map(narrow);
                    i += len;
                    continue;
                }
            }
            outside.push(c);
            before = Some(narrow(c));
            i += c.len_utf8();
        }
        if outside.chars().any(char::is_alphanumeric) {
            other_words = true;
        }
    }
    let mut found = if coloured.is_empty() {
        bare
    } else {
        for b in bare {
            unused.push(Unused {
                text: b.text,
                line: b.line,
                reason: Unread::BesideMove,
            });
        }
        coloured
    };
    // Bare numbers beside a coloured move are other words too.
    if unused.iter().any(|u| u.reason == Unread::BesideMove) {
        other_words = true;
    }
    // The same move written more than once is one move.
    let mut merged: Vec<Found> = Vec::new();
    for f in found.drain(..) {
        match merged
            .iter_mut()
            .find(|m| m.player == f.player && m.value == f.value)
        {
            Some(m) => match m.notes.iter_mut().find_map(|n| match n {
                Note::Repeated { times } => Some(times),
                _ => None,
            }) {
                Some(times) => *times += 1,
                None => m.notes.push(Note::Repeated { times: 2 }),
            },
            None => merged.push(f),
        }
    }
    if other_words {
        for m in &mut merged {
            m.notes.push(Note::Around);
        }
    }
    PostReading {
        found: merged,
        unused,
    }
}
