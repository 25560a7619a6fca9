//! Hand-made text: a post starts at `== Name ==` or at `Name:` (or
//! `**Name**:`) alone on its line, where `Name` names a player exactly, or
//! is any name S1.1 allows at the start of the paste or after a blank line
//! (an author who is no player, reported).

use super::{Author, Header};
use crate::roster::Names;
use console_core::names::check_name;
use console_core::text::ascii_space;

/// `== Name ==`, `Name:`, `**Name**:`.
pub fn header(names: &Names, line: &str, after_blank: bool) -> Option<Header> {
    // A header ends with `:` or `==`: most lines end otherwise, told by
    // their last byte.
    if let Some(&last) = line.as_bytes().last()
        && last.is_ascii()
        && !ascii_space(last)
        && last != b':'
        && last != b'='
    {
        return None;
    }
    let t = line.trim();
    if t.is_empty() {
        return None;
    }
    let inline = |name: &str| Header {
        author: Author::Inline(name.to_string()),
        number: None,
        time: None,
        text: String::new(),
    };
    if let Some(inner) = t.strip_prefix("==").and_then(|s| s.strip_suffix("==")) {
        let name = inner.trim().trim_matches('=').trim();
        return (!name.is_empty()).then(|| inline(name));
    }
    let name = t.strip_suffix(':')?.trim();
    let name = name
        .strip_prefix("**")
        .and_then(|n| n.strip_suffix("**"))
        .unwrap_or(name)
        .trim();
    (names.exact(name).is_some() || (after_blank && check_name(name).is_ok())).then(|| inline(name))
}
