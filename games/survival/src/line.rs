//! Reading private messages and decision texts line by line (S2.2): blank
//! lines are skipped (but counted), a line `end` ends the message, every
//! other line is a verb and the rest of the line.

use crate::verb::{Verb, VerbError};

pub use console_core::text::{is_end, lines};

/// One non-blank line of a message, before `end`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageLine<'a> {
    /// 1-based line number in the message (blank lines counted).
    pub number: u32,
    /// The line, trimmed.
    pub text: &'a str,
    /// The verb and the rest of the line (trimmed), or why the first word
    /// is no verb.
    pub parsed: Result<(Verb, &'a str), VerbError>,
}

/// Splits a trimmed line into its verb and the rest (S2.2).
///
/// # Errors
///
/// [`Verb::parse`]'s: [`VerbError::TooShort`] if the first word is shorter than
/// 3 letters, [`VerbError::Unknown`] if it is not letters or not a prefix of
/// exactly one verb.
pub fn parse_line(line: &str) -> Result<(Verb, &str), VerbError> {
    let line = line.trim();
    let (word, rest) = match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    };
    Verb::parse(word).map(|v| (v, rest))
}

/// The lines of a private message or decision text (S2.2): non-blank lines
/// up to a line `end`, each with its 1-based number and parsed verb.
pub fn read_message(text: &str) -> Vec<MessageLine<'_>> {
    let mut out = Vec::new();
    for (i, raw) in lines(text).enumerate() {
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        if is_end(t) {
            break;
        }
        out.push(MessageLine {
            number: u32::try_from(i + 1).unwrap_or(u32::MAX),
            text: t,
            parsed: parse_line(t),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_s2_2() {
        let m = read_message("\n\n  check Ann \nEND\ncheck Bob");
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].number, 3);
        assert_eq!(m[0].parsed, Ok((Verb::Check, "Ann")));
        let m = read_message("hello mod\n\nprot\u{a0}Harbor  Lights\nwatch");
        assert_eq!(m[0].parsed, Err(VerbError::Unknown("hello".into())));
        assert_eq!(m[1].number, 3);
        assert_eq!(m[1].parsed, Ok((Verb::Protect, "Harbor  Lights")));
        assert_eq!(m[2].parsed, Ok((Verb::Watch, "")));
    }
}
