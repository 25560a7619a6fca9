//! Forum and chat formatting (BBCode tags, Markdown marks) taken off a
//! line of pasted text, and the one reading of a BBCode tag.

/// The line without forum or chat formatting: BBCode tags (`[b]`, `[/i]`,
/// `[color=red]`, `[size=4]`, `[s]`, `[font=x]`, `[spoiler]`...) other than
/// quotes, Markdown `*`, `_`, `~`, backticks and `||` spoilers, a `@`
/// before a name, a list bullet (`- `, `* `, `• `) at the start; curly
/// apostrophes read as `'`. Spaces are trimmed at both ends.
pub fn strip_markup(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line.trim();
    for bullet in ["- ", "* ", "• ", "· "] {
        if let Some(r) = rest.strip_prefix(bullet) {
            rest = r.trim_start();
            break;
        }
    }
    let mut chars = rest.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '[' => {
                if let Some(len) = format_tag(&rest[i..]) {
                    // Skip the tag's characters.
                    while chars.peek().is_some_and(|&(j, _)| j < i + len) {
                        chars.next();
                    }
                } else {
                    out.push(c);
                }
            }
            '*' | '_' | '~' | '`' | '|' => {}
            '@' if out.is_empty() || out.ends_with(' ') => {}
            '\u{2018}' | '\u{2019}' | '\u{02BC}' => out.push('\''),
            _ => out.push(c),
        }
    }
    out.trim().to_string()
}

/// The length of a formatting tag (not a quote) at the start of `s`:
/// `[b]`, `[/b]`, `[color=#f00]`, `[size=4]` ...: a known tag name, then
/// `]` or `=...]`.
fn format_tag(s: &str) -> Option<usize> {
    const TAGS: [&str; 12] = [
        "b",
        "i",
        "u",
        "s",
        "color",
        "colour",
        "size",
        "font",
        "spoiler",
        "highlight",
        "strike",
        "center",
    ];
    let inner = s.strip_prefix('[')?;
    let inner = inner.strip_prefix('/').unwrap_or(inner);
    let close = inner.find(']')?;
    let body = &inner[..close];
    let name = body.split('=').next().unwrap_or("");
    TAGS.iter()
        .any(|t| name.eq_ignore_ascii_case(t))
        .then_some(s.len() - inner.len() + close + 1)
}

/// A BBCode tag's name, lowercase: ASCII letters, digits and `*` (a list
/// item's `[*]`), at most 10. Held inline, as a reader may meet every `[`
/// of a long thread on each recount.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TagName {
    bytes: [u8; 10],
    len: usize,
}

impl TagName {
    /// The name, lowercase: `b`, `quote`, `color`, `*`.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

/// A BBCode tag, as [`bbcode_tag`] reads it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// Its length in bytes, `[` to `]`.
    pub len: usize,
    /// Whether it is a closing tag (`[/b]`).
    pub closing: bool,
    /// Its name, lowercase.
    pub name: TagName,
}

/// The BBCode tag at the start of `s`, whatever its name: `[name]`,
/// `[/name]`, or an opening tag with a value or attributes up to its `]`
/// (`[color=#f00]`, `[quote="Ann, post: 3"]`, `[quote name="x"]`). The
/// name is ASCII letters, digits and `*`, at most 10, in any case. `None`
/// for anything else: `[11, 9]`, `[/b=x]`, a tag without its `]`.
pub fn bbcode_tag(s: &[u8]) -> Option<Tag> {
    if s.first() != Some(&b'[') {
        return None;
    }
    let closing = s.get(1) == Some(&b'/');
    let start = if closing { 2 } else { 1 };
    let name_len = s[start..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'*')
        .count();
    if name_len == 0 || name_len > 10 {
        return None;
    }
    let mut name = TagName {
        bytes: [0; 10],
        len: name_len,
    };
    for (d, c) in name.bytes.iter_mut().zip(&s[start..start + name_len]) {
        *d = c.to_ascii_lowercase();
    }
    let after = start + name_len;
    let len = match s.get(after) {
        Some(b']') => after + 1,
        Some(b'=' | b' ') if !closing => after + s[after..].iter().position(|&b| b == b']')? + 1,
        _ => return None,
    };
    Some(Tag { len, closing, name })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_comes_off() {
        assert_eq!(strip_markup("[b]vote Ann[/b]"), "vote Ann");
        assert_eq!(strip_markup("**boost 7** ||secret||"), "boost 7 secret");
        assert_eq!(strip_markup("- deduct 3"), "deduct 3");
        assert_eq!(strip_markup("-3"), "-3");
        assert_eq!(strip_markup("vote @Mary-Jo"), "vote Mary-Jo");
        assert_eq!(strip_markup("vote O\u{2019}Neil"), "vote O'Neil");
        assert_eq!(
            strip_markup("[color=#ff0000]rank [i]Ann[/i], Bob[/color]"),
            "rank Ann, Bob"
        );
    }

    #[test]
    fn bbcode_tags() {
        let t = |s: &str| {
            bbcode_tag(s.as_bytes()).map(|t| (t.len, t.closing, t.name.as_str().to_string()))
        };
        assert_eq!(t("[B]x"), Some((3, false, "b".into())));
        assert_eq!(t("[/Quote] x"), Some((8, true, "quote".into())));
        assert_eq!(t("[*]item"), Some((3, false, "*".into())));
        assert_eq!(t("[color=#f00]x"), Some((12, false, "color".into())));
        assert_eq!(t("[quote name=\"x\"]"), Some((16, false, "quote".into())));
        for s in [
            "[11, 9]",
            "[/b=x]",
            "[quote=Ann",
            "[]",
            "[verylongname]",
            "x[b]",
        ] {
            assert_eq!(t(s), None, "{s}");
        }
        assert_eq!(
            strip_markup("[11, 9] [url=x]y[/url]"),
            "[11, 9] [url=x]y[/url]"
        );
    }
}
