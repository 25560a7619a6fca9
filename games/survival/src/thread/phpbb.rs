//! phpBB (prosilver and styles built on it) as copied from a topic page:
//! each post's profile block (username, rank, `Posts:`, `Joined:`), its
//! subject (`Re: ...`), the `Quote` button, then the author line `Post by
//! NAME » Tue Nov 24, 2026 8:15 pm` (or `by NAME » ...`), the text, a
//! signature, `Top`. The numbered layout of some boards puts `Post #25
//! (ISO #3) » DATE` in the author line and leaves the author to the
//! profile block above it. A quote shows as `NAME wrote: ↑ DATE` followed
//! by the quoted text.

use super::text::{common_chrome, is_date, labelled, one_of};
use super::{Author, Header};

/// `Post by NAME » DATE` or `by NAME » DATE`.
pub fn header(line: &str) -> Option<Header> {
    let t = line.trim();
    let rest = t
        .strip_prefix("Post by ")
        .or_else(|| t.strip_prefix("by "))?;
    let (name, date) = rest.split_once('»')?;
    let name = name.trim();
    let date = date.trim();
    (!name.is_empty() && name.chars().count() <= 64 && (date.is_empty() || is_date(date))).then(
        || Header {
            author: Author::Inline(name.to_string()),
            number: None,
            time: (!date.is_empty()).then(|| date.to_string()),
            text: String::new(),
        },
    )
}

/// `Post #25 » DATE`, `Post #25 (ISO #3) » DATE`, `Post #25 by NAME » DATE`.
pub fn numbered_header(line: &str) -> Option<Header> {
    let t = line.trim();
    let rest = t.strip_prefix("Post #")?;
    let digits: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .collect();
    let number: u32 = digits.replace(',', "").parse().ok()?;
    let rest = &rest[digits.len()..];
    let (before, date) = rest.split_once('»')?;
    let date = date.trim();
    if !date.is_empty() && !is_date(date) {
        return None;
    }
    let author = match before.split_once(" by ") {
        Some((_, name)) if !name.trim().is_empty() => Author::Inline(name.trim().to_string()),
        _ => Author::Above,
    };
    Some(Header {
        author,
        number: Some(number),
        time: (!date.is_empty()).then(|| date.to_string()),
        text: String::new(),
    })
}

/// The profile block, buttons and footer lines of a post.
pub fn chrome(line: &str) -> bool {
    common_chrome(line)
        || labelled(
            line,
            &[
                "Posts",
                "Joined",
                "Location",
                "Contact",
                "Has thanked",
                "Been thanked",
                "Reputation",
                "Pronoun",
                "Last edited by",
            ],
        )
        || one_of(
            line,
            &[
                "Post",
                "Edit post",
                "Delete post",
                "Report this post",
                "Search this topic…",
                "Search this topic...",
                "Search",
                "Advanced search",
                "Sort by",
                "Post time",
                "Ascending",
                "Descending",
            ],
        )
        || pagination_line(line)
}

/// Whether a line is pagination only: `27 posts`, `Page 1 of 2`, `27 posts
/// • Page 1 of 2 • 1, 2, Next`.
fn pagination_line(line: &str) -> bool {
    let (posts, page) = pagination(line);
    (posts.is_some() || page.is_some())
        && line.split(['•', '·']).all(|part| {
            let (n, p) = pagination(part);
            n.is_some()
                || p.is_some()
                || part.split([' ', ',']).all(|w| {
                    w.is_empty()
                        || w.bytes().all(|b| b.is_ascii_digit())
                        || ["next", "previous", "prev", "…", "..."]
                            .contains(&w.to_ascii_lowercase().as_str())
                })
        })
}

/// `NAME wrote: ↑ DATE`, `NAME wrote:`: the quoted author.
pub fn quote(line: &str) -> Option<String> {
    let t = line.trim();
    let (name, after) = t.split_once(" wrote:")?;
    let after = after.trim().trim_start_matches('↑').trim();
    (!name.trim().is_empty() && (after.is_empty() || is_date(after)))
        .then(|| name.trim().to_string())
}

/// What a pagination line states (prosilver's `27 posts • Page 1 of 2 •
/// 1, 2, Next`, or its parts on lines of their own): the topic's posts
/// (`27 posts`) and the page's place (`Page 1 of 2`).
pub fn pagination(line: &str) -> (Option<u32>, Option<(u32, u32)>) {
    let t = line.trim();
    if t.is_empty() || t.len() > 80 {
        return (None, None);
    }
    let number = |s: &str| -> Option<u32> {
        let s: String = s.chars().filter(|c| *c != ',' && *c != '.').collect();
        (!s.is_empty() && s.len() <= 7 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let mut posts = None;
    let mut page = None;
    for part in t.split(['•', '·']) {
        let words: Vec<&str> = part.split_whitespace().collect();
        match words[..] {
            [n, w] if w.eq_ignore_ascii_case("posts") || w.eq_ignore_ascii_case("post") => {
                posts = posts.or(number(n));
            }
            [p, k, of, m] if p.eq_ignore_ascii_case("page") && of.eq_ignore_ascii_case("of") => {
                if let (Some(k), Some(m)) = (number(k), number(m))
                    && k >= 1
                    && k <= m
                {
                    page = page.or(Some((k, m)));
                }
            }
            _ => {}
        }
    }
    (posts, page)
}
