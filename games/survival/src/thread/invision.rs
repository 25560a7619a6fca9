//! Invision Community (IP.Board 4 and later) as copied from a topic page:
//! each post's author pane (username, group, `120 posts`), then `Posted
//! November 24, 2026` (or `Posted 2 hours ago`, with `(edited)`), the
//! text, `Edited ... by NAME`, and the `Quote` button. A quote shows as `On
//! 11/24/2026 at 8:15 PM, NAME said:` above the quoted text.

use super::text::{common_chrome, is_date, labelled, one_of};
use super::{Author, Header};

/// `Posted DATE` (`(edited)` aside): the author is in the pane above.
pub fn header(line: &str) -> Option<Header> {
    let t = line.trim();
    let rest = t.strip_prefix("Posted ")?;
    let rest = rest.trim_end_matches("(edited)").trim();
    let rest = rest.strip_prefix("on ").unwrap_or(rest);
    is_date(rest).then(|| Header {
        author: Author::Above,
        number: None,
        time: Some(rest.to_string()),
        text: String::new(),
    })
}

/// The author pane, reactions, buttons, edit notes.
pub fn chrome(line: &str) -> bool {
    let t = line.trim();
    if let Some(n) = t.strip_suffix(" posts").or_else(|| t.strip_suffix(" post"))
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit() || b == b',')
    {
        return true;
    }
    common_chrome(t)
        || labelled(t, &["Reputation", "Followers", "Location", "Gender"])
        || (t.starts_with("Edited ") && t.contains(" by "))
        || one_of(
            t,
            &[
                "Members",
                "Member",
                "Moderators",
                "Administrators",
                "Global Moderators",
                "Newbie",
                "Advanced Member",
                "Share this post",
                "Reply to this topic",
                "Haha",
                "Sad",
                "Confused",
                "Upvote",
                "(edited)",
            ],
        )
}

/// `On DATE at TIME, NAME said:` or `NAME said:`.
pub fn quote(line: &str) -> Option<String> {
    let t = line.trim().strip_suffix(" said:")?;
    let name = match t.strip_prefix("On ") {
        Some(rest) => rest.rsplit_once(", ")?.1,
        None => t,
    };
    let name = name.trim();
    (!name.is_empty() && name.chars().count() <= 64).then(|| name.to_string())
}
