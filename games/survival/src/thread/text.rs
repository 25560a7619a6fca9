//! Small readers shared by the layouts: times, dates, counters, the page
//! chrome every forum prints.

/// Whether `s` is a time of day: `18:04`, `6:04 PM`, `18:04:59`,
/// `08:15:00 pm`.
pub fn is_time(s: &str) -> bool {
    let s = s.trim();
    let s = ["AM", "PM", "am", "pm", "a.m.", "p.m."]
        .iter()
        .find_map(|x| s.strip_suffix(x))
        .unwrap_or(s)
        .trim_end();
    let parts: Vec<&str> = s.split(':').collect();
    (2..=3).contains(&parts.len())
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Month names and their 3-letter forms, lowercase.
const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

const DAYS: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// Whether a word is a month or weekday name, full or its first 3 letters
/// (`Nov`, `November`, `Tue`, `Tuesday`), any case, a trailing `.` or `,`
/// aside.
pub fn is_month_or_day(w: &str) -> bool {
    let w = w.trim_end_matches(['.', ',']).to_ascii_lowercase();
    w.len() >= 3
        && MONTHS
            .iter()
            .chain(DAYS.iter())
            .any(|m| m.starts_with(&w) && (w.len() == 3 || w.len() == m.len() || w == "sept"))
}

/// Whether `s` reads as a date, with or without a time: `Tue Nov 24, 2026
/// 8:15 pm`, `11-24-2026, 08:15 PM`, `24/11/2026 18:04`, `November 24,
/// 2026, 08:15:00 PM`, `Today at 18:04`, `Yesterday, 11:03 AM`, `Nov 24`,
/// `Nov '25`, `2 hours ago`, `5h`, `3d`.
pub fn is_date(s: &str) -> bool {
    let s = s.trim();
    if s.is_empty() || s.chars().count() > 60 || !s.bytes().any(|b| b.is_ascii_digit()) {
        return false;
    }
    let lower = s.to_ascii_lowercase();
    if lower.ends_with(" ago") {
        return true;
    }
    // A relative stamp: `5m`, `2h`, `3d`, `1w`, `2mon`, `1y`.
    if let Some(n) = lower.strip_suffix(['m', 'h', 'd', 'w', 'y'])
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        return true;
    }
    let words: Vec<&str> = s.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let mut dated = false;
    let mut other = 0;
    for w in &words {
        let wl = w.to_ascii_lowercase();
        if is_month_or_day(w)
            || ["today", "yesterday", "at", "on", "am", "pm", "a.m.", "p.m."].contains(&wl.as_str())
            || is_time(w)
        {
            dated |= !["at", "on", "am", "pm", "a.m.", "p.m."].contains(&wl.as_str());
            continue;
        }
        let digits = w.trim_start_matches('\'').trim_end_matches(['.', ',']);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        if !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'/' | b'-' | b'.'))
            && w.bytes().filter(|b| b.is_ascii_digit()).count() >= 2
            && w.bytes().any(|b| matches!(b, b'/' | b'-' | b'.'))
        {
            dated = true;
            continue;
        }
        other += 1;
    }
    dated && other == 0
}

/// A counter `#12` (or `#1,234`), alone: the number.
pub fn post_counter(s: &str) -> Option<u32> {
    let n = s.trim().strip_prefix('#')?;
    let n: String = n.chars().filter(|c| *c != ',').collect();
    (!n.is_empty() && n.len() <= 7 && n.bytes().all(|b| b.is_ascii_digit()))
        .then(|| n.parse().ok())
        .flatten()
}

/// Whether a line is `LABEL: anything` (or `LABEL anything` for labels in
/// `spaced`), any case.
pub fn labelled(line: &str, labels: &[&str]) -> bool {
    let l = line.trim();
    labels.iter().any(|label| {
        l.len() >= label.len()
            && l.is_char_boundary(label.len())
            && l[..label.len()].eq_ignore_ascii_case(label)
            && l[label.len()..]
                .chars()
                .next()
                .is_none_or(|c| c == ':' || c.is_whitespace())
    })
}

/// Whether a line is one of `words` exactly, any case.
pub fn one_of(line: &str, words: &[&str]) -> bool {
    let l = line.trim();
    words.iter().any(|w| l.eq_ignore_ascii_case(w))
}

/// Page chrome every forum prints around posts: page numbers, navigation,
/// buttons. Never a post, an author or a vote.
pub fn common_chrome(line: &str) -> bool {
    let l = line.trim();
    // Chrome lines are short.
    if l.is_empty() || l.len() > 60 {
        return false;
    }
    // `Page 2 of 5`, `Pages: [1] 2 3`, `1 2 3 … 10 Next`, `« Prev 1 2 3`.
    let lower = l.to_ascii_lowercase();
    if (lower.starts_with("page ") && lower.contains(" of "))
        || lower.starts_with("pages:")
        || lower.starts_with("pages ")
    {
        return true;
    }
    let nav = l.split_whitespace().all(|w| {
        w.bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'[' | b']'))
            || [
                "…", "...", "«", "»", "‹", "›", "next", "prev", "previous", "first", "last", "go",
                "page", "up", "down",
            ]
            .contains(&w.to_ascii_lowercase().as_str())
    });
    let paging = l
        .split_whitespace()
        .any(|w| ["next", "prev", "previous"].contains(&w.to_ascii_lowercase().as_str()));
    if nav && (paging || l.bytes().any(|b| b.is_ascii_digit())) {
        return true;
    }
    // A row of buttons: `Like Reply`, `Quote Reply Report`.
    let buttons = [
        "like",
        "reply",
        "quote",
        "report",
        "share",
        "thanks",
        "+quote",
        "multi-quote",
    ];
    if l.split_whitespace().count() > 1
        && l.split_whitespace()
            .all(|w| buttons.contains(&w.to_ascii_lowercase().as_str()))
    {
        return true;
    }
    one_of(
        l,
        &[
            "Top",
            "Back to top",
            "Quote",
            "Reply",
            "Reply with quote",
            "Reply With Quote",
            "Multi-Quote",
            "Multi-Quote This Message",
            "Like",
            "Likes",
            "Share",
            "Report",
            "Report post",
            "Report this post",
            "Edit",
            "Delete",
            "Thanks",
            "Quick Reply",
            "Post Reply",
            "User avatar",
            "Avatar",
            "Logged",
            "Link to post",
            "Link to comment",
            "Share on other sites",
            "Go Up",
            "Go Down",
            "Print",
            "Offline",
            "Online",
            "Bookmark",
            "Copy link",
        ],
    )
}

/// Where the posts of a page end: the forum's footer starts.
pub fn footer(line: &str) -> bool {
    let l = line.trim_start();
    if !l.starts_with(['D', 'J', 'W', 'U', 'R', 'S', 'Q', 'F', 'G', '«']) || l.len() > 60 {
        return false;
    }
    labelled(
        line,
        &[
            "Display posts from previous",
            "Jump to",
            "Who is online",
            "Users browsing this forum",
            "Users browsing this thread",
            "Reply to this topic",
            "Similar threads",
            "Similar Threads",
            "Quick Navigation",
            "Forum Jump",
            "Return to",
            "Go to topic listing",
            "Suggested Topics",
            "Related topics",
            "Share this topic",
        ],
    ) || line.trim().starts_with("« Previous Thread")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_times() {
        for d in [
            "Tue Nov 24, 2026 8:15 pm",
            "11-24-2026, 08:15 PM",
            "24/11/2026 18:04",
            "November 24, 2026, 08:15:00 PM",
            "Today at 18:04",
            "Yesterday, 11:03 AM",
            "Nov 24",
            "Nov '25",
            "2 hours ago",
            "5h",
            "Nov 24, 2026",
            "Tuesday at 8:15 PM",
        ] {
            assert!(is_date(d), "{d}");
        }
        for d in [
            "vote Ann",
            "Posts: 12",
            "the best at chess",
            "12",
            "Ann 2",
            "h",
        ] {
            assert!(!is_date(d), "{d}");
        }
        assert_eq!(post_counter("#12"), Some(12));
        assert_eq!(post_counter("#1,234"), Some(1234));
        assert_eq!(post_counter("# x"), None);
        assert!(common_chrome("Page 2 of 5"));
        assert!(common_chrome("1 2 3 … 10 Next"));
        assert!(common_chrome("Reply With Quote"));
        assert!(common_chrome("« previous next »"));
        assert!(common_chrome("Like Reply"));
        assert!(!common_chrome("vote 2"));
        assert!(labelled("Posts: 120", &["Posts"]));
        assert!(!labelled("Postscript", &["Posts"]));
    }
}
