//! The BBCode source a moderator gets from a forum's quote or multi-quote
//! button: one `[quote="NAME" post_id=123 time=1764015300 user_id=5]...
//! [/quote]` block per post (phpBB; vBulletin writes `[QUOTE=NAME;123]`,
//! XenForo `[QUOTE="NAME, post: 123, member: 5"]`). Each top-level block is
//! a post by NAME; quotes nested inside it are that post's quotes.

/// The author (and post id) of a quote's opening tag `[quote...]` at the
/// start of `s`, with the tag's length.
pub fn open(s: &str) -> Option<(String, Option<u32>, Option<String>, usize)> {
    let b = s.as_bytes();
    if b.len() < 7 || !b[..6].eq_ignore_ascii_case(b"[quote") {
        return None;
    }
    let end = s.find(']')?;
    let inner = &s[6..end];
    let inner = inner.strip_prefix('=')?.trim();
    let (name, rest) = if let Some(q) = inner.strip_prefix('"') {
        let close = q.find('"')?;
        (q[..close].to_string(), &q[close + 1..])
    } else if let Some(q) = inner.strip_prefix('\'') {
        let close = q.find('\'')?;
        (q[..close].to_string(), &q[close + 1..])
    } else {
        let stop = inner.find([' ', ';']).unwrap_or(inner.len());
        (inner[..stop].to_string(), &inner[stop..])
    };
    // XenForo writes the post inside the quotes: `NAME, post: 123, member: 5`.
    let (name, xf) = match name.split_once(", post:") {
        Some((n, p)) => (n.to_string(), Some(p.to_string())),
        None => (name, None),
    };
    let number = |key: &str, hay: &str| -> Option<u32> {
        let i = hay.find(key)? + key.len();
        let digits: String = hay[i..]
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    };
    let post = number("post_id=", rest)
        .or_else(|| rest.strip_prefix(';').and_then(|r| r.trim().parse().ok()))
        .or_else(|| xf.as_deref().and_then(|p| number("", p)));
    let time = number("time=", rest).map(|t| t.to_string());
    let name = name.trim().to_string();
    (!name.is_empty()).then_some((name, post, time, end + 1))
}

/// Whether `s` starts with a quote's opening tag (named or not).
pub fn opens(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 7 && b[..6].eq_ignore_ascii_case(b"[quote") && matches!(b[6], b']' | b'=' | b' ')
}

/// Whether `s` starts with `[/quote]`.
pub fn closes(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 8 && b[..8].eq_ignore_ascii_case(b"[/quote]")
}
