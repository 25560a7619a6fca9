//! Stage 1 of order handling: one line of a submission's text into a raw
//! order, with no knowledge of the game (R3.1, R3.2). Stage 2
//! (`submission`) checks raw orders against the position.

use std::fmt;

/// The four kinds of order (R3.1).
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
pub enum Action {
    /// `a`: assassinate (R4).
    Assassinate,
    /// `i`: play an idol (R5.3).
    Idol,
    /// `v`: vote (R5).
    Vote,
    /// `m`: move (R6).
    Move,
}

impl Action {
    /// The action a word names: only its first character counts, in any case.
    pub fn from_word(word: &str) -> Option<Action> {
        Action::from_byte(*word.as_bytes().first()?)
    }

    /// The action a word's first byte names (a, i, v, m in any case).
    #[inline(always)]
    fn from_byte(b: u8) -> Option<Action> {
        // `| 0x20` lowercases exactly the four letters matched here.
        match b | 0x20 {
            b'a' => Some(Action::Assassinate),
            b'i' => Some(Action::Idol),
            b'v' => Some(Action::Vote),
            b'm' => Some(Action::Move),
            _ => None,
        }
    }

    /// The word a moderator reads: "assassination", "idol", "vote", "move".
    pub fn noun(self) -> &'static str {
        match self {
            Action::Assassinate => "assassination",
            Action::Idol => "idol",
            Action::Vote => "vote",
            Action::Move => "move",
        }
    }
}

/// A number as written in an order: a run of digits 0-9. Kept as written
/// (saturating at `u32::MAX`) so that "no survivor 99999" can be reported.
pub type Number = u32;

/// One order as written, not yet checked against the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawOrder<'a> {
    /// The survivor given the order.
    pub survivor: Number,
    /// What it is ordered to do.
    pub body: RawBody<'a>,
}

/// The action and arguments of a [`RawOrder`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RawBody<'a> {
    /// `<attacker> a <target> <guess...>`
    Assassinate {
        /// Target survivor.
        target: Number,
        /// The guessed player: the rest of the line, trimmed.
        guess: &'a str,
    },
    /// `<survivor> i`
    Idol,
    /// `<voter> v <target>`
    Vote {
        /// Voted survivor.
        target: Number,
    },
    /// `<survivor> m <tribe...>`
    Move {
        /// The tribe word(s): the rest of the line, trimmed.
        tribe: &'a str,
    },
}

impl RawBody<'_> {
    /// The kind of order.
    pub fn action(&self) -> Action {
        match self {
            RawBody::Assassinate { .. } => Action::Assassinate,
            RawBody::Idol => Action::Idol,
            RawBody::Vote { .. } => Action::Vote,
            RawBody::Move { .. } => Action::Move,
        }
    }
}

/// Why a line is malformed (R3.2, R3.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The first word is not a survivor number.
    SurvivorNotANumber(String),
    /// Only a survivor number, no action word.
    MissingAction,
    /// The action word starts with none of a, i, v, m.
    UnknownAction(String),
    /// An assassination or vote without a target.
    MissingTarget(Action),
    /// The target is not a number.
    TargetNotANumber(Action, String),
    /// An assassination without a guessed player.
    MissingGuess,
    /// A move without a tribe.
    MissingTribe,
    /// Words after a complete idol or vote order.
    TrailingWords(Action, String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::SurvivorNotANumber(w) => {
                write!(f, "a line must start with a survivor number, not {w:?}")
            }
            ParseError::MissingAction => {
                write!(f, "no action after the survivor (a, v, i or m)")
            }
            ParseError::UnknownAction(w) => {
                write!(f, "{w:?} is not an action (a, v, i or m)")
            }
            ParseError::MissingTarget(a) => write!(f, "the {} names no target survivor", a.noun()),
            ParseError::TargetNotANumber(a, w) => {
                write!(
                    f,
                    "the {} target must be a survivor number, not {w:?}",
                    a.noun()
                )
            }
            ParseError::MissingGuess => write!(f, "the assassination names no guessed player"),
            ParseError::MissingTribe => write!(f, "the move names no tribe"),
            ParseError::TrailingWords(a, w) => {
                write!(f, "unexpected {w:?} after the {}", a.noun())
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// What one line of a submission is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// Empty or whitespace only: ignored (R3.3).
    Blank,
    /// `end`: the submission stops here (R3.3).
    End,
    /// An order.
    Order(RawOrder<'a>),
}

fn number(word: &str) -> Option<Number> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(word.bytes().fold(0u32, |n, b| {
        n.saturating_mul(10).saturating_add(u32::from(b - b'0'))
    }))
}

/// Splits off the first whitespace-separated word: (word, rest trimmed).
/// `ascii` says the text is ASCII (checked once per line by the caller):
/// then a byte loop, else Unicode whitespace (forum posts carry no-break
/// spaces).
fn split_word(s: &str, ascii: bool) -> (&str, &str) {
    if ascii {
        let s = s.trim_ascii_start();
        match s.bytes().position(|b| b.is_ascii_whitespace()) {
            Some(i) => (&s[..i], s[i..].trim_ascii_start()),
            None => (s, ""),
        }
    } else {
        let s = s.trim_start();
        match s.find(char::is_whitespace) {
            Some(i) => (&s[..i], s[i..].trim_start()),
            None => (s, ""),
        }
    }
}

/// The fast path of [`parse_line`]: a trimmed ASCII line holding a
/// well-formed order, read in one pass over its bytes. `None` for anything
/// else (blank, `end`, malformed): the general parser below then decides,
/// and gives the error. Agrees with it wherever it answers (a property test
/// checks this).
fn parse_plain_order(line: &str) -> Option<RawOrder<'_>> {
    parse_plain_order_in(line, 0).map(|(order, _, _)| order)
}

/// Byte classes for the one-pass order reader: a table lookup per byte.
const DIGIT: u8 = 1;
/// ASCII white space other than the newline (`u8::is_ascii_whitespace`).
const SPACE: u8 = 2;
/// The vertical tab: white space to `str::trim`, not to `u8::is_ascii_whitespace`.
const VTAB: u8 = 4;
const NEWLINE: u8 = 8;
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = if b.is_ascii_digit() {
            DIGIT
        } else if b == b'\n' {
            NEWLINE
        } else if b.is_ascii_whitespace() {
            SPACE
        } else if b == 0x0B {
            VTAB
        } else {
            0
        };
        i += 1;
    }
    t
};

/// The class of byte `i` of `b`; past the end, a newline.
#[inline(always)]
fn class(b: &[u8], i: usize) -> u8 {
    if i < b.len() {
        CLASS[usize::from(b[i])]
    } else {
        NEWLINE
    }
}

/// White space as [`str::trim`] sees it, within ASCII (`u8::is_ascii_whitespace`
/// and the vertical tab).
#[inline(always)]
fn is_trim_space(b: u8) -> bool {
    CLASS[usize::from(b)] & (SPACE | VTAB | NEWLINE) != 0
}

/// White space inside a line (not the newline), as [`str::trim`] sees it.
#[inline(always)]
fn is_line_space(b: u8) -> bool {
    CLASS[usize::from(b)] & (SPACE | VTAB) != 0
}

/// Where the line starting at `b[at]` starts once trimmed: past its leading
/// white space, stopping at its newline.
#[inline(always)]
pub(crate) fn line_start(b: &[u8], mut at: usize) -> usize {
    while at < b.len() && is_line_space(b[at]) {
        at += 1;
    }
    at
}

/// `s` without leading and trailing white space, exactly as [`str::trim`]
/// gives it, with a byte loop when `s` is ASCII.
pub(crate) fn trim(s: &str) -> &str {
    if !s.is_ascii() {
        return s.trim();
    }
    let b = s.as_bytes();
    let (mut start, mut end) = (0, b.len());
    while start < end && is_trim_space(b[start]) {
        start += 1;
    }
    while end > start && is_trim_space(b[end - 1]) {
        end -= 1;
    }
    &s[start..end]
}

/// [`parse_plain_order`] reading the line of ASCII `text` that starts at
/// `start` (its first non-space byte) and ends at the next `\n` or the end
/// of the text, without splitting it first: `(order, end, next)` where
/// `start..end` is the line trimmed and `next` is where the next line starts.
pub(crate) fn parse_plain_order_in(
    text: &str,
    start: usize,
) -> Option<(RawOrder<'_>, usize, usize)> {
    let b = text.as_bytes();
    let mut i = start;
    let survivor = digits(b, &mut i)?;
    if skip_space(b, &mut i) == 0 {
        return None;
    }
    let action = Action::from_byte(*b.get(i)?)?;
    while class(b, i) & (SPACE | NEWLINE) == 0 {
        i += 1;
    }
    // (A vertical tab ends a line's trimmed text, but not a word.)
    let mut word_end = i;
    while CLASS[usize::from(b[word_end - 1])] == VTAB {
        word_end -= 1;
    }
    skip_space(b, &mut i);
    let (body, end, next) = match action {
        Action::Idol => (RawBody::Idol, word_end, blank_from(b, i)?),
        Action::Move => {
            let (end, next) = rest_of_line(b, i);
            if end == i {
                return None;
            }
            let tribe = &text[i..end];
            (RawBody::Move { tribe }, end, next)
        }
        Action::Vote => {
            let target = digits(b, &mut i)?;
            (RawBody::Vote { target }, i, blank_from(b, i)?)
        }
        Action::Assassinate => {
            let target = digits(b, &mut i)?;
            if skip_space(b, &mut i) == 0 {
                return None;
            }
            let (end, next) = rest_of_line(b, i);
            if end == i {
                return None;
            }
            let guess = &text[i..end];
            (RawBody::Assassinate { target, guess }, end, next)
        }
    };
    Some((RawOrder { survivor, body }, end, next))
}

/// The rest of the line from `b[i]`, trimmed at its end: (end, where the
/// next line starts).
#[inline(always)]
pub(crate) fn rest_of_line(b: &[u8], i: usize) -> (usize, usize) {
    let mut end = i;
    while class(b, end) != NEWLINE {
        end += 1;
    }
    let next = end + 1;
    while end > i && is_line_space(b[end - 1]) {
        end -= 1;
    }
    (end, next)
}

/// Nothing but white space from `b[i]` to the end of the line: where the
/// next line starts.
#[inline(always)]
fn blank_from(b: &[u8], i: usize) -> Option<usize> {
    let (end, next) = rest_of_line(b, i);
    (end == i).then_some(next)
}

/// Reads a run of ASCII digits at `b[*i..]` as a [`Number`] (saturating),
/// moving `*i` past it; `None` when there is no digit there.
#[inline(always)]
fn digits(b: &[u8], i: &mut usize) -> Option<Number> {
    let start = *i;
    let mut n: u64 = 0;
    while class(b, *i) == DIGIT {
        // At most 20 digits fit a u64 unchecked; beyond, saturate.
        n = (n * 10 + u64::from(b[*i] - b'0')).min(u64::from(u32::MAX));
        *i += 1;
    }
    (*i > start).then_some(n as Number)
}

/// Moves `*i` past ASCII white space within the line (not past a newline);
/// returns how many bytes it skipped.
#[inline(always)]
fn skip_space(b: &[u8], i: &mut usize) -> usize {
    let start = *i;
    while class(b, *i) == SPACE {
        *i += 1;
    }
    *i - start
}

/// Parses one line (R3.1-R3.3).
///
/// # Errors
///
/// A [`ParseError`] saying what is malformed: the first word is not a survivor
/// number ([`ParseError::SurvivorNotANumber`]), the action word is missing or
/// not a, i, v or m ([`ParseError::MissingAction`],
/// [`ParseError::UnknownAction`]), a target, guess or tribe is missing or not a
/// number ([`ParseError::MissingTarget`], [`ParseError::TargetNotANumber`],
/// [`ParseError::MissingGuess`], [`ParseError::MissingTribe`]), or words follow
/// a complete order ([`ParseError::TrailingWords`]).
pub fn parse_line(line: &str) -> Result<Line<'_>, ParseError> {
    let ascii = line.is_ascii();
    let line = if ascii {
        line.trim_ascii()
    } else {
        line.trim()
    };
    parse_trimmed(line, ascii)
}

/// [`parse_line`] for a line already trimmed; `ascii` says it is ASCII.
pub(crate) fn parse_trimmed(line: &str, ascii: bool) -> Result<Line<'_>, ParseError> {
    if ascii && let Some(order) = parse_plain_order(line) {
        return Ok(Line::Order(order));
    }
    parse_general(line, ascii)
}

/// The general parser: any trimmed line, with the error for a malformed one.
fn parse_general(line: &str, ascii: bool) -> Result<Line<'_>, ParseError> {
    if line.is_empty() {
        return Ok(Line::Blank);
    }
    if line.eq_ignore_ascii_case("end") {
        return Ok(Line::End);
    }
    let (first, rest) = split_word(line, ascii);
    let survivor =
        number(first).ok_or_else(|| ParseError::SurvivorNotANumber(first.to_string()))?;
    let (action_word, rest) = split_word(rest, ascii);
    if action_word.is_empty() {
        return Err(ParseError::MissingAction);
    }
    let action = Action::from_word(action_word)
        .ok_or_else(|| ParseError::UnknownAction(action_word.to_string()))?;
    let target = |rest: &str| -> Result<Number, ParseError> {
        let (t, _) = split_word(rest, ascii);
        if t.is_empty() {
            return Err(ParseError::MissingTarget(action));
        }
        number(t).ok_or_else(|| ParseError::TargetNotANumber(action, t.to_string()))
    };
    let body = match action {
        Action::Assassinate => {
            let target_n = target(rest)?;
            let (_, guess) = split_word(rest, ascii);
            if guess.is_empty() {
                return Err(ParseError::MissingGuess);
            }
            RawBody::Assassinate {
                target: target_n,
                guess,
            }
        }
        Action::Idol => {
            if !rest.is_empty() {
                return Err(ParseError::TrailingWords(action, rest.to_string()));
            }
            RawBody::Idol
        }
        Action::Vote => {
            let target_n = target(rest)?;
            let (_, after) = split_word(rest, ascii);
            if !after.is_empty() {
                return Err(ParseError::TrailingWords(action, after.to_string()));
            }
            RawBody::Vote { target: target_n }
        }
        Action::Move => {
            if rest.is_empty() {
                return Err(ParseError::MissingTribe);
            }
            RawBody::Move { tribe: rest }
        }
    };
    Ok(Line::Order(RawOrder { survivor, body }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The one-pass reader agrees with the general parser wherever it
        /// answers, on lines built from order-like words, numbers and every
        /// kind of ASCII white space (the vertical tab included).
        #[test]
        fn the_fast_path_agrees_with_the_general_parser(
            words in prop_oneof![
                // Shaped like an order: number, action, then anything.
                (
                    "[0-9]{1,11}",
                    "[aivmxAIVM][a-z\x0B]{0,6}",
                    prop::collection::vec("[0-9]{1,11}|[A-Za-z\x0B]{1,8}", 0..4),
                )
                    .prop_map(|(n, a, rest)| [vec![n, a], rest].concat()),
                prop::collection::vec(
                    "[0-9]{1,12}|[aivmxAIVM][a-z]{0,6}|[A-Za-z]{1,8}|end|[ \t\x0B\x0C\r]{1,2}",
                    0..7,
                ),
            ],
            gaps in prop::collection::vec("[ \t\x0B\x0C\r]{0,2}", 7),
        ) {
            let line: String = words
                .iter()
                .zip(&gaps)
                .flat_map(|(w, g)| [w.as_str(), g.as_str()])
                .collect();
            let trimmed = line.trim();
            let general = parse_general(trimmed, true);
            if let Some(fast) = parse_plain_order(trimmed) {
                prop_assert_eq!(Ok(Line::Order(fast)), general.clone());
            }
            // Read in place inside a text: the same order, span and next line.
            let text = format!("x\n{line}\ny");
            let start = 2 + (line.len() - line.trim_start().len());
            if let Some((order, end, next)) = parse_plain_order_in(&text, start) {
                prop_assert_eq!(Ok(Line::Order(order)), general);
                prop_assert_eq!(&text[start..end], trimmed);
                prop_assert_eq!(next, 3 + line.len());
            }
        }
    }

    fn order(s: &str) -> RawOrder<'_> {
        match parse_line(s) {
            Ok(Line::Order(o)) => o,
            other => panic!("{s:?} gave {other:?}"),
        }
    }

    #[test]
    fn first_character_of_the_action_counts() {
        assert_eq!(order("2 voasijdf 1").body, RawBody::Vote { target: 1 });
        assert_eq!(
            order("  12  ASSASSINATE 7  Harbor   Lights ").body,
            RawBody::Assassinate {
                target: 7,
                guess: "Harbor   Lights"
            }
        );
        assert_eq!(order("5 Idol").body, RawBody::Idol);
        assert_eq!(
            order("5 moveate Heliodor").body,
            RawBody::Move { tribe: "Heliodor" }
        );
    }

    #[test]
    fn blank_and_end() {
        assert_eq!(parse_line("   "), Ok(Line::Blank));
        assert_eq!(parse_line(" END "), Ok(Line::End));
    }

    #[test]
    fn malformed_lines() {
        assert!(matches!(
            parse_line("abc v 2"),
            Err(ParseError::SurvivorNotANumber(_))
        ));
        assert_eq!(parse_line("1"), Err(ParseError::MissingAction));
        assert!(matches!(
            parse_line("1 x 2"),
            Err(ParseError::UnknownAction(_))
        ));
        assert_eq!(
            parse_line("1 v"),
            Err(ParseError::MissingTarget(Action::Vote))
        );
        assert!(matches!(
            parse_line("1 v 2 3"),
            Err(ParseError::TrailingWords(Action::Vote, _))
        ));
        assert!(matches!(
            parse_line("1 i now"),
            Err(ParseError::TrailingWords(Action::Idol, _))
        ));
        assert_eq!(parse_line("1 a 2"), Err(ParseError::MissingGuess));
        assert!(matches!(
            parse_line("1 a x Bob"),
            Err(ParseError::TargetNotANumber(..))
        ));
        assert_eq!(parse_line("1 m"), Err(ParseError::MissingTribe));
        assert_eq!(order("99999999999 v 1").survivor, u32::MAX);
    }
}
