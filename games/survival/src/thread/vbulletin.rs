//! vBulletin (3 and 4) as copied from a thread page: each post starts with
//! its date and counter (`11-24-2026, 08:15 PM #5`, `Today, 08:15 PM #12`,
//! vBulletin 3's `#5 (permalink)`), then the author, the online status
//! icon's alt text (`Ann is offline`), the user title, `Join Date:`,
//! `Posts:`, then the text, a signature after `__________________`, and the
//! `Reply With Quote` button. A quote shows as `Quote:` and `Originally
//! Posted by NAME` above the quoted text.

use super::text::{common_chrome, is_date, labelled, one_of};
use super::{Author, Header};

/// `DATE #N`, `#N`, `Old DATE #N`, `#N (permalink)`: the author follows.
pub fn header(line: &str) -> Option<Header> {
    let t = line.trim();
    let t = t.strip_suffix("(permalink)").unwrap_or(t).trim_end();
    let (before, n) = t.rsplit_once('#')?;
    let n: String = n.chars().filter(|c| *c != ',').collect();
    if n.is_empty() || n.len() > 7 || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let date = before
        .trim()
        .trim_start_matches("Old ")
        .trim_start_matches("Default ")
        .trim();
    (date.is_empty() || is_date(date)).then(|| Header {
        author: Author::Below,
        number: n.parse().ok(),
        time: (!date.is_empty()).then(|| date.to_string()),
        text: String::new(),
    })
}

/// The profile lines after the author, buttons, edit notes.
pub fn chrome(line: &str) -> bool {
    let t = line.trim();
    common_chrome(t)
        || labelled(
            t,
            &[
                "Join Date",
                "Posts",
                "Location",
                "Age",
                "Gender",
                "Rep Power",
                "Reputation",
                "Thanks",
                "Thanked",
                "Blog Entries",
                "Last edited by",
                "Mentioned",
                "Tagged",
                "Quoted",
            ],
        )
        || t.ends_with(" is offline")
        || t.ends_with(" is online now")
        || one_of(
            t,
            &[
                "Quick reply to this message",
                "Report Post",
                "View Profile",
                "View Forum Posts",
                "Private Message",
            ],
        )
}

/// A signature separator: a line of underscores.
pub fn signature(line: &str) -> bool {
    let t = line.trim();
    t.len() >= 10 && t.bytes().all(|b| b == b'_')
}

/// `Quote:` (the author on the next line) or `Originally Posted by NAME`.
pub fn quote(line: &str) -> Option<String> {
    let t = line.trim();
    if t == "Quote:" {
        return Some(String::new());
    }
    let name = t.strip_prefix("Originally Posted by ")?;
    Some(name.trim_end_matches("View Post").trim().to_string())
}
