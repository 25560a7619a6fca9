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
        match word.chars().next()?.to_ascii_lowercase() {
            'a' => Some(Action::Assassinate),
            'i' => Some(Action::Idol),
            'v' => Some(Action::Vote),
            'm' => Some(Action::Move),
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

/// Parses one line (R3.1-R3.3).
///
/// Errors: a [`ParseError`] saying what is malformed.
pub fn parse_line(line: &str) -> Result<Line<'_>, ParseError> {
    let ascii = line.is_ascii();
    let line = if ascii {
        line.trim_ascii()
    } else {
        line.trim()
    };
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
