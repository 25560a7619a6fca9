//! XenForo (1 and 2) as copied from a thread page: each post's user block
//! (username, user title, `Joined`, `Messages`, `Reaction score`), the
//! date and the counter `#5`, the text, `Last edited:`, the reactions
//! (`Reactions: Ann, Bob`) and the `Report`, `Like`, `Reply` buttons. A
//! quote shows as `NAME said:` above the quoted text, ending with `Click to
//! expand...` when it was folded.

use super::text::{common_chrome, is_date, labelled, one_of, post_counter};
use super::{Author, Header};

/// `#5`, or `Nov 24, 2026 #5`: the author is in the user block above.
pub fn header(line: &str) -> Option<Header> {
    let t = line.trim();
    if let Some(n) = post_counter(t) {
        return Some(Header {
            author: Author::Above,
            number: Some(n),
            time: None,
            text: String::new(),
        });
    }
    let (date, n) = t.rsplit_once(" #")?;
    let n = post_counter(&format!("#{n}"))?;
    is_date(date).then(|| Header {
        author: Author::Above,
        number: Some(n),
        time: Some(date.trim().to_string()),
        text: String::new(),
    })
}

/// The user block, reactions, buttons, edit notes.
pub fn chrome(line: &str) -> bool {
    let t = line.trim();
    common_chrome(t)
        || labelled(
            t,
            &[
                "Joined",
                "Messages",
                "Reaction score",
                "Points",
                "Location",
                "Last edited",
                "Reactions",
                "Solutions",
                "Trophy points",
                "Website",
            ],
        )
        || one_of(
            t,
            &[
                "Add bookmark",
                "Member",
                "New member",
                "Active member",
                "Well-known member",
                "Click to expand...",
                "Click to shrink...",
                "React",
                "Love",
                "Staff member",
                "Moderator",
            ],
        )
        || (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit() || b == b','))
}

/// `NAME said:`.
pub fn quote(line: &str) -> Option<String> {
    let name = line.trim().strip_suffix(" said:")?.trim();
    (!name.is_empty() && name.chars().count() <= 64).then(|| name.to_string())
}

/// The end of a folded quote.
pub fn quote_end(line: &str) -> bool {
    one_of(line, &["Click to expand...", "Click to expand…"])
}
