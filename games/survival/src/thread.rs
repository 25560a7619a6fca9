//! Splitting a pasted day thread into posts (author, text) for the day
//! screen. Recognised post headers, each on its own line:
//!
//! - `== Name ==`;
//! - `Name:` (or `**Name**:`) naming a player, or any name-like text at the
//!   start of the paste or after a blank line;
//! - Discord's copied messages: `Name — Today at 18:04`,
//!   `Name — Yesterday at 9:15 PM`, `Name — 21/11/2026 18:04` (an em dash,
//!   en dash or hyphen between name and time);
//! - Discord's compact form, where a further message by the same author
//!   starts with its time only: `[18:05]` alone on a line or before the
//!   text (`[18:05] vote Ann`), or `[18:05] Name: text` naming the author.
//!
//! Consecutive messages by one author with no header at all read as one
//! post (their votes still count in order, S5.3). Posts whose author names
//! no player are kept and reported, never dropped.

use crate::day::Post;
use crate::line::lines;
use crate::roster::{PlayerId, Roster};
use console_core::names::check_name;
use serde::{Deserialize, Serialize};

/// One post of a pasted thread.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreadPost {
    /// The author, if the header names a player (full name or unique
    /// prefix, S2.3).
    pub author: Option<PlayerId>,
    /// The author as written in the header.
    pub author_text: String,
    /// The post's text (without the header line).
    pub text: String,
    /// The 1-based line of the paste where the post starts.
    pub line: u32,
}

/// A pasted thread split into posts.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ThreadSplit {
    /// The posts in order.
    pub posts: Vec<ThreadPost>,
    /// Non-blank lines before the first header: (1-based line, text).
    pub orphans: Vec<(u32, String)>,
}

impl ThreadSplit {
    /// The posts whose author is a player, as the day's input.
    pub fn known_posts(&self) -> Vec<Post> {
        self.posts
            .iter()
            .filter_map(|p| p.author.map(|a| Post::new(a, p.text.clone())))
            .collect()
    }

    /// The posts whose author names no player: (index in `posts`, author
    /// as written).
    pub fn unknown_authors(&self) -> Vec<(usize, &str)> {
        self.posts
            .iter()
            .enumerate()
            .filter(|(_, p)| p.author.is_none())
            .map(|(i, p)| (i, p.author_text.as_str()))
            .collect()
    }
}

/// What a header line says.
#[derive(Debug, PartialEq, Eq)]
enum Header<'a> {
    /// A new post by this author, with text on the header line (maybe empty).
    Author(&'a str, &'a str),
    /// A new post by the previous author, with text on the header line.
    Same(&'a str),
}

/// Whether `s` looks like a time: `18:04`, `6:04 PM`, `18:04:59`.
fn is_time(s: &str) -> bool {
    let s = s.trim();
    let s = s
        .strip_suffix("AM")
        .or_else(|| s.strip_suffix("PM"))
        .or_else(|| s.strip_suffix("am"))
        .or_else(|| s.strip_suffix("pm"))
        .unwrap_or(s)
        .trim_end();
    let parts: Vec<&str> = s.split(':').collect();
    (2..=3).contains(&parts.len())
        && parts[0].len() <= 2
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether the part after the dash of a Discord header is a timestamp:
/// `Today at 18:04`, `Yesterday at 6:04 PM`, `Monday at 9:00`,
/// `21/11/2026 18:04`, `11/21/26, 6:04 PM`, `21.11.2026 18:04`.
fn is_stamp(s: &str) -> bool {
    let s = s.trim();
    if let Some((day, time)) = s.split_once(" at ") {
        return !day.is_empty() && day.chars().all(char::is_alphabetic) && is_time(time);
    }
    let Some((date, time)) = s.split_once([' ', ',']) else {
        return false;
    };
    let date_ok = !date.is_empty()
        && date.bytes().any(|b| b.is_ascii_digit())
        && date
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'/' | b'.' | b'-'));
    date_ok && is_time(time.trim_start_matches(',').trim())
}

/// A compact time prefix `[18:05]` at the start of `t`: the rest.
fn time_prefix(t: &str) -> Option<&str> {
    let inner_end = t.strip_prefix('[')?.find(']')? + 1;
    is_time(&t[1..inner_end]).then(|| t[inner_end + 1..].trim_start())
}

/// The header a line is, if any. `after_blank`: the line starts the paste
/// or follows a blank line.
fn header<'a>(roster: &Roster, line: &'a str, after_blank: bool) -> Option<Header<'a>> {
    let t = line.trim();
    if t.is_empty() {
        return None;
    }
    if let Some(inner) = t.strip_prefix("==").and_then(|s| s.strip_suffix("==")) {
        let name = inner.trim().trim_matches('=').trim();
        return (!name.is_empty()).then_some(Header::Author(name, ""));
    }
    if let Some(rest) = time_prefix(t) {
        // `[18:05] Name: text` names the author; else the same author.
        if let Some((name, text)) = rest.split_once(':')
            && roster.find(name.trim()).is_some()
        {
            return Some(Header::Author(name.trim(), text.trim_start()));
        }
        return Some(Header::Same(rest));
    }
    // A Discord header ends with a time, so it holds a ':'.
    let has_colon = t.as_bytes().contains(&b':');
    for dash in [" — ", " – ", " - "].into_iter().filter(|_| has_colon) {
        if let Some(i) = t.rfind(dash) {
            let (name, stamp) = (t[..i].trim(), &t[i + dash.len()..]);
            if !name.is_empty() && name.chars().count() <= 64 && is_stamp(stamp) {
                return Some(Header::Author(name, ""));
            }
        }
    }
    if let Some(name) = t.strip_suffix(':') {
        let name = name.trim();
        let name = name
            .strip_prefix("**")
            .and_then(|n| n.strip_suffix("**"))
            .unwrap_or(name)
            .trim();
        if roster.find(name).is_some() || (after_blank && check_name(name).is_ok()) {
            return Some(Header::Author(name, ""));
        }
    }
    None
}

/// Splits a pasted thread into posts (see the module documentation).
pub fn split_thread(roster: &Roster, text: &str) -> ThreadSplit {
    let mut out = ThreadSplit::default();
    let mut after_blank = true;
    for (i, line) in lines(text).enumerate() {
        let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let h = header(roster, line, after_blank);
        after_blank = line.trim().is_empty();
        let (author_text, first) = match h {
            Some(Header::Author(name, first)) => (name.to_string(), first),
            Some(Header::Same(first)) => match out.posts.last() {
                Some(prev) => (prev.author_text.clone(), first),
                None => (String::new(), first),
            },
            None => {
                match out.posts.last_mut() {
                    Some(p) => {
                        p.text.push_str(line);
                        p.text.push('\n');
                    }
                    None if !line.trim().is_empty() => out.orphans.push((number, line.to_string())),
                    None => {}
                }
                continue;
            }
        };
        let author = if author_text.is_empty() {
            None
        } else {
            roster
                .find(&author_text)
                .or_else(|| roster.resolve(&author_text).ok())
        };
        let mut text = String::new();
        if !first.is_empty() {
            text.push_str(first);
            text.push('\n');
        }
        out.posts.push(ThreadPost {
            author,
            author_text,
            text,
            line: number,
        });
    }
    for p in &mut out.posts {
        let end = p.text.trim_end().len();
        p.text.truncate(end);
        let start = p.text.len() - p.text.trim_start_matches(['\n', '\r']).len();
        p.text.drain(..start);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roster() -> Roster {
        Roster::new(&["Ann", "Bob", "Cid", "Harbor Lights", "Eve"]).unwrap()
    }

    fn posts(text: &str) -> Vec<(Option<String>, String, String)> {
        let r = roster();
        split_thread(&r, text)
            .posts
            .into_iter()
            .map(|p| {
                (
                    p.author.map(|a| r.name(a).to_string()),
                    p.author_text,
                    p.text,
                )
            })
            .collect()
    }

    fn p(a: &str, t: &str) -> (Option<String>, String, String) {
        (Some(a.to_string()), a.to_string(), t.to_string())
    }

    #[test]
    fn name_colon_and_equals_headers() {
        assert_eq!(
            posts("Ann:\nvote Bob\nNote: this stays\n\nBob:\nhi\n== Cid ==\nvote Ann"),
            [
                p("Ann", "vote Bob\nNote: this stays"),
                p("Bob", "hi"),
                p("Cid", "vote Ann")
            ]
        );
        // An unknown author at the start of a post is reported, not dropped.
        let r = roster();
        let s = split_thread(&r, "Zed:\nvote Ann\nAnn:\nvote Zed");
        assert_eq!(s.posts.len(), 2);
        assert_eq!(s.unknown_authors(), [(0, "Zed")]);
        assert_eq!(s.known_posts().len(), 1);
    }

    #[test]
    fn discord_layout() {
        let text = "Ann — Today at 18:04\nvote Bob\n[18:05]\nactually\n[18:06] unvote\nHarbor Lights — 21/11/2026 18:07\n[vote]Ann[/vote]\nBob - Yesterday at 6:04 PM\nhello\nbye\nZed — 11/21/26, 6:04 PM\nvote Ann\n[18:09] Eve: vote Zed";
        let got = posts(text);
        assert_eq!(
            got,
            [
                p("Ann", "vote Bob"),
                p("Ann", "actually"),
                p("Ann", "unvote"),
                p("Harbor Lights", "[vote]Ann[/vote]"),
                p("Bob", "hello\nbye"),
                (None, "Zed".to_string(), "vote Ann".to_string()),
                p("Eve", "vote Zed"),
            ]
        );
    }

    #[test]
    fn times_and_stamps() {
        assert!(is_time("18:04"));
        assert!(is_time("6:04 PM"));
        assert!(is_time("18:04:59"));
        assert!(!is_time("1804"));
        assert!(!is_time("a:bc"));
        assert!(is_stamp("Today at 18:04"));
        assert!(is_stamp("21.11.2026 18:04"));
        assert!(!is_stamp("the best at chess"));
        assert!(!is_stamp("vote Ann"));
        let r = roster();
        let s = split_thread(&r, "chatter first\nAnn:\nx");
        assert_eq!(s.orphans, [(1, "chatter first".to_string())]);
    }
}
