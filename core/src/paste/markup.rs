//! Forum and chat formatting (BBCode tags, Markdown marks) taken off a
//! line of pasted text.

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
        assert_eq!(
            strip_markup("[11, 9] [url=x]y[/url]"),
            "[11, 9] [url=x]y[/url]"
        );
    }
}
