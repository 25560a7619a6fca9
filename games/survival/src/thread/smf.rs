//! Simple Machines Forum (SMF 2.0 and 2.1) as copied from a topic page:
//! each post's poster block (username, member group, stars, `Posts:`),
//! its subject (`Re: ...`), then `« Reply #5 on: November 24, 2026,
//! 08:15:00 PM »` (the first post: `« on: ... »`), the text, `Logged`,
//! the signature and the `Quote` button. A quote shows as `Quote from: NAME on
//! DATE` above the quoted text.

use super::text::{common_chrome, is_date, labelled, one_of};
use super::{Author, Header};

/// `« Reply #N on: DATE »` or `« on: DATE »`: the author is above.
pub fn header(line: &str) -> Option<Header> {
    let t = line
        .trim()
        .trim_start_matches('«')
        .trim_end_matches('»')
        .trim();
    let (number, rest) = match t.strip_prefix("Reply #") {
        Some(r) => {
            let (n, rest) = r.split_once(' ')?;
            (Some(n.replace(',', "").parse::<u32>().ok()?), rest.trim())
        }
        None => (None, t),
    };
    let date = rest.strip_prefix("on:")?.trim();
    is_date(date).then(|| Header {
        author: Author::Above,
        number: number.map(|n| n + 1),
        time: Some(date.to_string()),
        text: String::new(),
    })
}

/// The poster block, buttons, edit notes.
pub fn chrome(line: &str) -> bool {
    let t = line.trim();
    common_chrome(t)
        || labelled(
            t,
            &[
                "Posts",
                "Karma",
                "Gender",
                "Location",
                "Last Edit",
                "« Last Edit",
            ],
        )
        || (!t.is_empty() && t.chars().all(|c| c == '*' || c == ' '))
        || one_of(
            t,
            &[
                "Report to moderator",
                "Modify",
                "Remove",
                "Split Topic",
                "Newbie",
                "Jr. Member",
                "Full Member",
                "Sr. Member",
                "Hero Member",
                "Global Moderator",
                "Administrator",
            ],
        )
}

/// `Logged`: the post's text is above it, the poster's signature below.
pub fn signature(line: &str) -> bool {
    line.trim() == "Logged"
}

/// `Quote from: NAME on DATE`.
pub fn quote(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("Quote from: ")?;
    let name = match rest.rsplit_once(" on ") {
        Some((n, d)) if is_date(d) => n,
        _ => rest,
    };
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_string())
}
