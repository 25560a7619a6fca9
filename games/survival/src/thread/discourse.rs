//! Discourse as copied from a topic page: each post's username (and full
//! name), its short date (`Nov 24`, `5h`, `Nov '25`), the text, and the
//! `Reply` button with the reply and like counts; under the first post,
//! the topic map (`created` / `Nov 24` / `last reply` / `2h` / `11` /
//! `replies` ...), whose dates start no post. A quote shows as the
//! quoted username and a colon (`ann:`) above the quoted text.

use super::text::{common_chrome, is_date, one_of};
use super::{Author, Header};

/// A short date alone on its line: the author is just above it.
pub fn header(line: &str) -> Option<Header> {
    let t = line.trim();
    (t.chars().count() <= 24 && !t.contains(':') && is_date(t)).then(|| Header {
        author: Author::Above,
        number: None,
        time: Some(t.to_string()),
        text: String::new(),
    })
}

/// Buttons and counters.
pub fn chrome(line: &str) -> bool {
    let t = line.trim();
    let lower = t.to_ascii_lowercase();
    let counted = |w: &str| {
        lower
            .split_once(' ')
            .is_some_and(|(n, rest)| n.bytes().all(|b| b.is_ascii_digit()) && rest == w)
    };
    common_chrome(t)
        || [
            "reply", "replies", "like", "likes", "view", "views", "link", "links", "user", "users",
        ]
        .iter()
        .any(|w| counted(w))
        || (lower.starts_with('♥') || lower.starts_with("read ") && lower.ends_with(" min"))
        || one_of(
            t,
            &[
                "Solution",
                "Flag",
                "Summarize",
                "created",
                "last reply",
                "replies",
                "views",
                "users",
                "likes",
                "links",
            ],
        )
}

/// The topic map's labels above a date (`created` / `Nov 24`, `last
/// reply` / `2h`, under the first post): that date starts no post.
pub fn topic_map(line: &str) -> bool {
    one_of(line.trim(), &["created", "last reply"])
}

/// `NAME:` alone: a quote of NAME's post. A username has no space; a
/// full name (`Harbor Lights:`, as sites showing full names title their
/// quotes) is a quote's title when `known` says it names a player or an
/// author of the page.
pub fn quote(line: &str, known: &dyn Fn(&str) -> bool) -> Option<String> {
    titled(line).filter(|name| !name.contains(' ') || known(name))
}

/// `Full Name:` alone (at most 4 words, 40 characters): the title a quote
/// may have, whoever it names (the caller checks what follows it).
pub fn titled(line: &str) -> Option<String> {
    let name = line.trim().strip_suffix(':')?.trim();
    (!name.is_empty() && name.chars().count() <= 40 && name.split_whitespace().count() <= 4)
        .then(|| name.to_string())
}
