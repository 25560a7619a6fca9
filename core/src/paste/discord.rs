//! The author lines, headers and reply contexts of messages copied from
//! a chat (Discord's client, and `[18:05] Ann: text` logs).

/// An author line of messages copied from a chat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChatLine<'a> {
    /// `Ann — Today at 18:04` (an em dash, en dash or hyphen between the
    /// name and a time stamp), or `[18:05] Ann: text`: a message by this
    /// author, with the text on the line (maybe empty).
    Author(&'a str, &'a str),
    /// `[18:05] text` or `[18:05]` alone: a further message by the
    /// author before, with the text on the line.
    Same(&'a str),
}

/// Whether `s` is a time: `18:04`, `6:04 PM`, `18:04:59`.
fn is_time(s: &str) -> bool {
    let s = s.trim();
    let s = ["AM", "PM", "am", "pm"]
        .iter()
        .find_map(|m| s.strip_suffix(m))
        .unwrap_or(s)
        .trim_end();
    let mut parts = 0;
    for p in s.split(':') {
        parts += 1;
        if p.is_empty() || p.len() > 2 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
    }
    (2..=3).contains(&parts)
}

/// Whether `s` is a chat time stamp: `Today at 18:04`, `Yesterday at
/// 6:04 PM`, `Monday at 9:00`, `21/11/2026 18:04`, `11/21/26, 6:04 PM`,
/// or a time alone (`18:04`, today's messages).
pub fn is_stamp(s: &str) -> bool {
    let s = s.trim();
    if let Some((day, time)) = s.split_once(" at ") {
        return !day.is_empty() && day.chars().all(char::is_alphabetic) && is_time(time);
    }
    match s.split_once([' ', ',']) {
        Some((date, time)) => {
            date.bytes().any(|b| b.is_ascii_digit())
                && date
                    .bytes()
                    .all(|b| b.is_ascii_digit() || matches!(b, b'/' | b'.' | b'-'))
                && is_time(time.trim_start_matches(',').trim())
        }
        None => is_time(s),
    }
}

/// Whether a line is a bot's badge alone, as a Discord header split over
/// lines copies it between the name and the time: `APP`, `BOT`, with the
/// verified mark (`✓ APP`).
pub fn badge_line(line: &str) -> bool {
    let t = line.trim().trim_start_matches('✓').trim_start();
    t == "APP" || t == "BOT"
}

/// A name without a bot's badge after it: `Carl-bot APP`, `Carl-botBOT`
/// give `Carl-bot`, and whether a badge was there.
pub fn without_badge(name: &str) -> (&str, bool) {
    for badge in ["APP", "BOT"] {
        if let Some(n) = name.strip_suffix(badge) {
            let n2 = n.trim_end();
            if !n2.is_empty()
                && (n2.len() < n.len()
                    || n.ends_with(|c: char| c.is_lowercase() || c == '-' || c.is_ascii_digit()))
            {
                return (n2, true);
            }
        }
    }
    (name, false)
}

/// The time line of a Discord header split over lines (the name, and a
/// bot's badge, on the lines above): ` — Today at 19:02`, `– 12/01/2026
/// 8:15 PM`; the stamp. A time alone (today's `— 19:02`) only after an
/// em dash, as the client writes it.
pub fn stamp_line(line: &str) -> Option<&str> {
    let t = line.trim();
    for dash in ["—", "–", "-"] {
        if let Some(rest) = t.strip_prefix(dash)
            && rest.starts_with(char::is_whitespace)
        {
            let stamp = rest.trim();
            let dated = stamp.contains(|c: char| c.is_alphabetic() || c == '/' || c == '.')
                || stamp.contains(' ');
            return (is_stamp(stamp) && (dash == "—" || dated)).then_some(stamp);
        }
    }
    None
}

/// A Discord header split over lines: the name alone on line `i`, then a
/// bot's badge line maybe, then the time line (`— Today at 19:02`): the
/// number of lines after the name's that belong to the header.
pub fn split_header(lines: &[&str], i: usize) -> Option<usize> {
    let name = lines[i].trim();
    if name.is_empty() || stamp_line(name).is_some() {
        return None;
    }
    let mut j = i + 1;
    if lines.get(j).is_some_and(|l| badge_line(l)) {
        j += 1;
    }
    lines.get(j).and_then(|l| stamp_line(l)).map(|_| j - i)
}

/// Whether line `i` starts a Discord message's header: `Ann — Today at
/// 18:04` alone on its line, or a name whose time line follows
/// ([`split_header`]).
pub fn chat_header_at(lines: &[&str], i: usize) -> bool {
    matches!(chat_line(lines[i]), Some(ChatLine::Author(_, ""))) || split_header(lines, i).is_some()
}

/// The context Discord shows above a reply, as a channel or DM copy gives
/// it just above the reply's header: the answered message's author as
/// `@NAME` alone on a line (the client puts the name and the answered
/// text in separate boxes, so a copy breaks the line between them), then
/// one line of the answered message. Those words are an earlier message
/// shown again, never the replying author's, nor a new message of the
/// answered one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ReplyContext<'a> {
    /// Index of the `@NAME` line.
    pub start: usize,
    /// Index of the reply's header: the context is `start..end`.
    pub end: usize,
    /// The answered message's author, as written after `@`.
    pub name: &'a str,
}

/// Why a reply's context is not taken, in every game's words: `the
/// message by NAME that a Discord reply answers, shown again above the
/// reply: not a new message`.
pub fn reply_reason(name: &str) -> String {
    format!(
        "the message by {name} that a Discord reply answers, shown again above the reply: not a new message"
    )
}

/// Every reply's context in copied chat lines ([`ReplyContext`]), in
/// order. A `@NAME` line counts only with exactly one line (blank lines
/// aside) between it and a header, not right under a header (there it
/// starts a message: `@Host` / `kill Vex`), with a name Discord could show
/// (a name as [`crate::names::check_name`] allows, or an author of the
/// paste as written); and when NAME wrote in the paste, the line under it
/// must be one of their earlier lines, or their message's start run on
/// (Discord shows the answered message on one line), so a player's own
/// `@Dee` / `boost 2` is their message. Linear in the lines (each
/// author's last 500 lines are compared).
pub fn reply_contexts<'a>(lines: &[&'a str]) -> Vec<ReplyContext<'a>> {
    let above = |from: usize| (0..from).rev().find(|&j| !lines[j].trim().is_empty());
    let author = |i: usize| -> Option<&'a str> {
        let name = match chat_line(lines[i]) {
            Some(ChatLine::Author(name, "")) => name,
            _ if split_header(lines, i).is_some() => lines[i].trim(),
            _ => return None,
        };
        Some(without_badge(name).0)
    };
    let authors: Vec<Option<&'a str>> = (0..lines.len()).map(author).collect();
    let key = |name: &str| name.to_ascii_lowercase();
    let all_authors: std::collections::HashSet<String> =
        authors.iter().flatten().map(|a| key(a)).collect();
    let wrote = |name: &str| all_authors.contains(&key(name));
    // Each author's lines so far: (line index, text), found by their key.
    let mut said_by: Vec<Vec<(usize, &'a str)>> = Vec::new();
    let mut slot: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut current: Option<usize> = None;
    let mut out: Vec<ReplyContext<'a>> = Vec::new();
    for i in 0..lines.len() {
        let Some(name) = authors[i] else {
            let t = without_edited(lines[i].trim());
            if let Some(k) = current
                && !t.is_empty()
                && stamp_line(t).is_none()
                && !badge_line(t)
            {
                said_by[k].push((i, t));
            }
            continue;
        };
        let next = said_by.len();
        let k = *slot.entry(key(name)).or_insert(next);
        if k == next {
            said_by.push(Vec::new());
        }
        current = Some(k);
        let Some(said) = above(i) else { continue };
        let Some(at) = above(said) else { continue };
        let taken = out.last().is_some_and(|r| r.end > at);
        let furniture = |j: usize| {
            let l = lines[j];
            chat_line(l).is_some()
                || stamp_line(l).is_some()
                || badge_line(l)
                || authors[j].is_some()
        };
        // Right under a header, `@NAME` starts that author's message
        // (`@Host` / `kill Vex`): a reply's context follows a message's
        // last line, or starts the paste.
        if taken || furniture(said) || above(at).is_some_and(furniture) {
            continue;
        }
        let Some(name) = lines[at].trim().strip_prefix('@').map(str::trim) else {
            continue;
        };
        if name.is_empty() || !(crate::names::check_name(name).is_ok() || wrote(name)) {
            continue;
        }
        let shown = lines[said].trim().trim_end_matches(['…', '.']).trim();
        let earlier = || {
            slot.get(&key(name)).is_some_and(|&k| {
                said_by[k].iter().rev().take(500).any(|&(j, l)| {
                    j < at && (l == shown || l.starts_with(shown) || shown.starts_with(l))
                })
            })
        };
        if !wrote(name) || earlier() {
            out.push(ReplyContext {
                start: at,
                end: i,
                name,
            });
        }
    }
    out
}

/// The reply contexts of [`reply_contexts`], walked line by line in
/// order: [`Replies::at`] tells whether a line is in one.
pub struct Replies<'r, 'a> {
    next: std::iter::Peekable<std::slice::Iter<'r, ReplyContext<'a>>>,
}

impl<'r, 'a> Replies<'r, 'a> {
    /// A walk over `contexts` (as [`reply_contexts`] gives them).
    pub fn new(contexts: &'r [ReplyContext<'a>]) -> Self {
        Replies {
            next: contexts.iter().peekable(),
        }
    }

    /// The context line `i` is in, if any; `i` must not go back.
    pub fn at(&mut self, i: usize) -> Option<&'r ReplyContext<'a>> {
        while self.next.next_if(|r| r.end <= i).is_some() {}
        self.next.peek().copied().filter(|r| r.start <= i)
    }
}

/// The line without the `(edited)` mark Discord's client writes after an
/// edited message's last line (`vote Bob (edited)`): the mark is the
/// client's, not the author's words. Other lines are returned as they are.
pub fn without_edited(line: &str) -> &str {
    match line.trim_end().strip_suffix("(edited)") {
        Some(rest) if rest.is_empty() || rest.ends_with(char::is_whitespace) => rest.trim_end(),
        _ => line,
    }
}

/// The chat author line `line` is, if any (see [`ChatLine`]).
pub fn chat_line(line: &str) -> Option<ChatLine<'_>> {
    let t = line.trim();
    if let Some(after) = t.strip_prefix('[')
        && let Some(close) = after.find(']')
        && is_time(&after[..close])
    {
        let rest = after[close + 1..].trim_start();
        if let Some((name, text)) = rest.split_once(": ")
            && crate::names::check_name(name.trim()).is_ok()
        {
            return Some(ChatLine::Author(name.trim(), text.trim()));
        }
        return Some(ChatLine::Same(rest));
    }
    for dash in [" — ", " – ", " - "] {
        if let Some(i) = t.rfind(dash) {
            let (name, stamp) = (t[..i].trim(), &t[i + dash.len()..]);
            if !name.is_empty() && name.chars().count() <= 64 && is_stamp(stamp) {
                return Some(ChatLine::Author(name, ""));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_author_lines() {
        assert_eq!(
            chat_line("Ann — Today at 18:04"),
            Some(ChatLine::Author("Ann", ""))
        );
        assert_eq!(
            chat_line("Mary-Jo - Yesterday at 6:04 PM"),
            Some(ChatLine::Author("Mary-Jo", ""))
        );
        assert_eq!(
            chat_line("Host — 21/11/2026 18:04"),
            Some(ChatLine::Author("Host", ""))
        );
        assert_eq!(
            chat_line("Bob — 11/21/26, 6:04 PM"),
            Some(ChatLine::Author("Bob", ""))
        );
        assert_eq!(
            chat_line("[18:05] Ann: vote Bob"),
            Some(ChatLine::Author("Ann", "vote Bob"))
        );
        assert_eq!(
            chat_line("[6:05 PM] boost 2"),
            Some(ChatLine::Same("boost 2"))
        );
        assert_eq!(chat_line("[18:05]"), Some(ChatLine::Same("")));
        assert_eq!(chat_line("vote Mary - Jo"), None);
        assert_eq!(chat_line("[11, 9]"), None);
        assert_eq!(chat_line("rank Ann - Bob"), None);
    }

    #[test]
    fn split_headers() {
        assert_eq!(
            stamp_line(" — 12/01/2026 8:15 PM"),
            Some("12/01/2026 8:15 PM")
        );
        assert_eq!(stamp_line("— Today at 19:02"), Some("Today at 19:02"));
        assert_eq!(stamp_line(" — 19:02"), Some("19:02"));
        assert_eq!(
            stamp_line("- Yesterday at 6:04 PM"),
            Some("Yesterday at 6:04 PM")
        );
        assert_eq!(stamp_line("- 19:02"), None);
        assert_eq!(stamp_line("- vote Ann"), None);
        assert_eq!(stamp_line("—Today at 19:02"), None);
        assert!(badge_line("APP") && badge_line(" BOT ") && badge_line("✓ APP"));
        assert!(!badge_line("APPLE") && !badge_line("vote APP"));
        assert_eq!(without_badge("Carl-bot APP"), ("Carl-bot", true));
        assert_eq!(without_badge("Carl-botBOT"), ("Carl-bot", true));
        assert_eq!(without_badge("ROBOT"), ("ROBOT", false));
        assert_eq!(without_badge("Ann"), ("Ann", false));
    }

    #[test]
    fn reply_context_lines() {
        let lines = [
            "Kestrel — Today at 19:00",
            "kill Vex",
            "kill Ann",
            "@Kestrel",
            "kill Vex",
            "Moderator — Today at 19:05",
            "got it",
            "@Moderator",
            "",
            "got it",
            "Kestrel",
            " — Today at 19:06",
            "thanks",
            "@Ann I agree",
            "Vex — Today at 19:07",
            "@Vex",
            "hi",
            "there",
            "Vex — Today at 19:08",
            "@Host",
            "kill Ann",
            "Ann — Today at 19:09",
            "hey",
            "@Kestrel",
            "boost 2",
            "Dee — Today at 19:10",
        ];
        let r = reply_contexts(&lines);
        assert_eq!(
            r,
            [
                ReplyContext {
                    start: 3,
                    end: 5,
                    name: "Kestrel"
                },
                ReplyContext {
                    start: 7,
                    end: 10,
                    name: "Moderator"
                },
            ]
        );
        assert!(chat_header_at(&lines, 10) && !chat_header_at(&lines, 11));
        assert_eq!(without_edited("vote Bob (edited)"), "vote Bob");
        assert_eq!(without_edited("(edited)"), "");
        assert_eq!(without_edited("I (edited)x"), "I (edited)x");
        assert_eq!(without_edited("re(edited)"), "re(edited)");
    }
}
