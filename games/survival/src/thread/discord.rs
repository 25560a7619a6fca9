//! Discord as copied from a channel: `Name — Today at 18:04` (or `—
//! Yesterday at 6:04 PM`, `— 21/11/2026 18:04`, `— 11/21/26, 6:04 PM`; an
//! em dash, en dash or hyphen), a bot's `BOT` or `APP` badge after its
//! name, `(edited)` after an edited line. The header may also come split
//! over lines, as the client's name, badge and time are separate
//! elements: `Survival Bot` / `APP` / ` — 12/01/2026 8:15 PM`, or `Ann` /
//! ` — Today at 19:02`. A further message by the same author starts with
//! its time only (`[18:05]`, alone or before the text). A reply shows the
//! message it answers above its header: `@Name` and a line of that
//! message (on one line or two).

use super::text::is_time;
use super::{Author, Header};

/// Whether the part after the dash of a header is a timestamp: `Today at
/// 18:04`, `Yesterday at 6:04 PM`, `Monday at 9:00`, `21/11/2026 18:04`,
/// `11/21/26, 6:04 PM`, `21.11.2026 18:04`.
pub fn is_stamp(s: &str) -> bool {
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
pub fn time_prefix(t: &str) -> Option<(&str, &str)> {
    let inner_end = t.strip_prefix('[')?.find(']')? + 1;
    is_time(&t[1..inner_end]).then(|| (&t[1..inner_end], t[inner_end + 1..].trim_start()))
}

/// The name of a header without a bot's badge (`Carl-bot APP`,
/// `Carl-botBOT` give `Carl-bot`), and whether it was a bot: the shared
/// reader's (`console_core::paste`).
pub use console_core::paste::without_badge;

/// Whether a line is a bot's badge alone (`APP`, `BOT`), as a split
/// header copies it: the shared reader's (`console_core::paste`).
pub use console_core::paste::badge_line as badge;

/// A header line: `Name — stamp`, `Name APP — stamp` (a bot),
/// ` — stamp` alone (the name, and a bot's badge, on the lines above),
/// `[18:05] text`, `[18:05] Name: text` (the caller checks that `Name`
/// names a player).
pub fn header(line: &str) -> Option<Header> {
    let t = line.trim();
    // A split header's time line: ` — Today at 19:02` under the name.
    if let Some(stamp) = console_core::paste::stamp_line(t) {
        return Some(Header {
            author: Author::Split,
            number: None,
            time: Some(stamp.to_string()),
            text: String::new(),
        });
    }
    if let Some((time, rest)) = time_prefix(t) {
        if let Some((name, text)) = rest.split_once(':')
            && !name.trim().is_empty()
            && name.trim().chars().count() <= 32
        {
            return Some(Header {
                author: Author::InlineIfPlayer(name.trim().to_string(), rest.to_string()),
                number: None,
                time: Some(time.to_string()),
                text: text.trim_start().to_string(),
            });
        }
        return Some(Header {
            author: Author::Same,
            number: None,
            time: Some(time.to_string()),
            text: rest.to_string(),
        });
    }
    if !t.as_bytes().contains(&b':') {
        return None;
    }
    for dash in [" — ", " – ", " - "] {
        if let Some(i) = t.rfind(dash) {
            let (name, stamp) = (t[..i].trim(), &t[i + dash.len()..]);
            let (name, bot) = without_badge(name);
            // Today's messages show the time alone (`Ann — 18:04`), after
            // an em dash only.
            let stamped = is_stamp(stamp) || dash == " — " && is_time(stamp);
            if !name.is_empty() && name.chars().count() <= 64 && stamped {
                return Some(Header {
                    author: if bot {
                        Author::Bot(name.to_string())
                    } else {
                        Author::Inline(name.to_string())
                    },
                    number: None,
                    time: Some(stamp.trim().to_string()),
                    text: String::new(),
                });
            }
        }
    }
    None
}

/// A line with `(edited)` removed from its end.
pub fn unedited(line: &str) -> &str {
    let t = line.trim_end();
    t.strip_suffix("(edited)").map_or(line, str::trim_end)
}
