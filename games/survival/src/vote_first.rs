//! The first reading rules' vote reader (S2.8: games saved before the
//! second edition replay with it, unchanged). Reading the votes in a day
//! post (S5.3 as first written): quotes are skipped, BBCode and
//! Markdown formatting removed, then a line starting with `vote` followed
//! by `:` or a space names a player, a `[vote]NAME[/vote]` tag anywhere in a
//! line does too, and `unvote` (at a line start) or `[unvote]` withdraws.
//!
//! The reader is one pass over the text, and a post without the letters
//! `vote` in it (most of a thread) is skipped after a byte scan, so
//! recounting a long thread on every keystroke stays cheap.

use crate::line::lines;
use console_core::paste::bbcode_tag;

/// One vote line of a post, in reading order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VoteLine<'a> {
    /// A vote: the NAME as written (formatting removed, trimmed).
    Vote {
        /// 1-based line in the post.
        line: u32,
        /// The name text.
        name: String,
        /// The whole line as posted, trimmed.
        text: &'a str,
    },
    /// A withdrawal.
    Unvote {
        /// 1-based line in the post.
        line: u32,
        /// The whole line as posted, trimmed.
        text: &'a str,
    },
}

impl VoteLine<'_> {
    /// The 1-based line in the post.
    pub fn line(&self) -> u32 {
        match self {
            VoteLine::Vote { line, .. } | VoteLine::Unvote { line, .. } => *line,
        }
    }

    /// The line as posted.
    pub fn text(&self) -> &str {
        match self {
            VoteLine::Vote { text, .. } | VoteLine::Unvote { text, .. } => text,
        }
    }
}

/// Whether `hay` contains `needle` (lowercase ASCII) ignoring ASCII case.
fn contains_ci(hay: &[u8], needle: &[u8]) -> bool {
    if hay.len() < needle.len() {
        return false;
    }
    let first = needle[0];
    let mut i = 0;
    let last = hay.len() - needle.len();
    while i <= last {
        if hay[i] | 0x20 == first && hay[i..i + needle.len()].eq_ignore_ascii_case(needle) {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether `s` starts with `word` (lowercase ASCII) ignoring ASCII case.
fn starts_ci(s: &[u8], word: &[u8]) -> bool {
    s.len() >= word.len() && s[..word.len()].eq_ignore_ascii_case(word)
}

/// The length of a `[quote]`, `[quote=...]` or `[quote ...]` opening tag at
/// the start of `s` (or `[signature]`), or of a `[/quote]` closing tag (or
/// `[/signature]`; then `true`): a BBCode tag as core reads it, with its
/// `]`.
fn quote_tag(s: &[u8]) -> Option<(usize, bool)> {
    let t = bbcode_tag(s)?;
    match t.name.as_str() {
        "quote" => Some((t.len, t.closing)),
        // A signature the thread splitter marks (S2.9) is no vote under
        // either reading rules; no post saved before it holds the tag. The
        // splitter writes it bare: `[signature]`.
        "signature" if t.closing || t.len == "[signature]".len() => Some((t.len, t.closing)),
        _ => None,
    }
}

/// The length of a formatting tag S5.3 (edition 1) removes at the start of
/// `s`: `[b] [i] [u] [s]`, `[color] [size] [font]` with or without
/// `=value` (the one-letter tags without), and their closing tags.
fn format_tag(s: &[u8]) -> Option<usize> {
    let t = bbcode_tag(s)?;
    let name = t.name.as_str();
    let bare = t.len == name.len() + if t.closing { 3 } else { 2 };
    let valued = name.len() > 1 && s.get(name.len() + 1) == Some(&b'=');
    let known = ["b", "i", "u", "s", "color", "size", "font"].contains(&name);
    (known && (bare || valued)).then_some(t.len)
}

/// The line's text outside quotes, updating the quote depth (S5.3: text
/// inside `[quote]...[/quote]` is ignored; quotes nest).
fn outside_quotes(line: &str, depth: &mut u32) -> String {
    let b = line.as_bytes();
    let mut out = String::new();
    let mut seg = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'['
            && let Some((len, close)) = quote_tag(&b[i..])
        {
            if *depth == 0 {
                out.push_str(&line[seg..i]);
            }
            if close {
                *depth = depth.saturating_sub(1);
            } else {
                *depth += 1;
            }
            i += len;
            seg = i;
            continue;
        }
        i += 1;
    }
    if *depth == 0 {
        out.push_str(&line[seg..]);
    }
    out
}

/// The text with S5.3's formatting removed: BBCode `b i u s color size
/// font` tags, Markdown `*`, `_` and `~~`.
pub fn strip_formatting(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut seg = 0;
    let mut i = 0;
    while i < b.len() {
        let skip = match b[i] {
            b'[' => format_tag(&b[i..]).unwrap_or(0),
            b'*' | b'_' => 1,
            b'~' if b.get(i + 1) == Some(&b'~') => 2,
            _ => 0,
        };
        if skip > 0 {
            out.push_str(&s[seg..i]);
            i += skip;
            seg = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&s[seg..]);
    out
}

/// The NAME of a line that starts with `vote` followed by `:` or a space.
fn line_start_vote(t: &str) -> Option<String> {
    let t = t.trim_start();
    if !starts_ci(t.as_bytes(), b"vote") {
        return None;
    }
    let rest = &t[4..];
    let next = rest.chars().next()?;
    if next != ':' && !next.is_whitespace() {
        return None;
    }
    let rest = rest.trim_start();
    let rest = rest.strip_prefix(':').unwrap_or(rest);
    Some(rest.trim().to_string())
}

/// Whether a line starts with `unvote` (alone, or followed by `:` or a space).
fn line_start_unvote(t: &str) -> bool {
    let t = t.trim_start();
    if !starts_ci(t.as_bytes(), b"unvote") {
        return false;
    }
    match t[6..].chars().next() {
        None => true,
        Some(c) => c == ':' || c.is_whitespace(),
    }
}

/// Reads a post's vote lines (S5.3), in order.
pub fn read_votes(text: &str) -> Vec<VoteLine<'_>> {
    let mut out = Vec::new();
    if !contains_ci(text.as_bytes(), b"vote") {
        return out;
    }
    let mut depth = 0u32;
    for (i, raw) in lines(text).enumerate() {
        let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let trimmed = raw.trim();
        if depth == 0
            && (trimmed.starts_with('>')
                || !trimmed.as_bytes().contains(&b'[') && !contains_ci(trimmed.as_bytes(), b"vote"))
        {
            // A quote line (S5.3), or no tag and no vote on it.
            continue;
        }
        let visible = outside_quotes(raw, &mut depth);
        let vt = visible.trim_start();
        if vt.starts_with('>') || !contains_ci(vt.as_bytes(), b"vote") {
            continue;
        }
        let plain = strip_formatting(&visible);
        let before = out.len();
        read_tags(&plain, number, trimmed, &mut out);
        if out.len() > before {
            continue;
        }
        if let Some(name) = line_start_vote(&plain) {
            out.push(VoteLine::Vote {
                line: number,
                name,
                text: trimmed,
            });
        } else if line_start_unvote(&plain) {
            out.push(VoteLine::Unvote {
                line: number,
                text: trimmed,
            });
        }
    }
    out
}

/// Appends the `[vote]` and `[unvote]` tags of a line (formatting removed).
fn read_tags<'a>(plain: &str, number: u32, text: &'a str, out: &mut Vec<VoteLine<'a>>) {
    let b = plain.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'[' {
            i += 1;
            continue;
        }
        let s = &b[i..];
        if starts_ci(s, b"[vote]") {
            let start = i + 6;
            let Some(end) = find_ci(&b[start..], b"[/vote]") else {
                return;
            };
            out.push(VoteLine::Vote {
                line: number,
                name: plain[start..start + end].trim().to_string(),
                text,
            });
            i = start + end + 7;
        } else if starts_ci(s, b"[unvote]") {
            out.push(VoteLine::Unvote { line: number, text });
            i += 8;
            if let Some(end) = find_ci(&b[i..], b"[/unvote]")
                && !contains_ci(&b[i..i + end], b"[vote]")
            {
                i += end + 9;
            }
        } else {
            i += 1;
        }
    }
}

/// The position of `needle` (lowercase ASCII) in `hay`, ignoring ASCII case.
fn find_ci(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if hay.len() < needle.len() {
        return None;
    }
    (0..=hay.len() - needle.len()).find(|&i| hay[i..i + needle.len()].eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn votes(text: &str) -> Vec<(u32, Option<String>)> {
        read_votes(text)
            .into_iter()
            .map(|v| match v {
                VoteLine::Vote { line, name, .. } => (line, Some(name)),
                VoteLine::Unvote { line, .. } => (line, None),
            })
            .collect()
    }

    fn v(line: u32, name: &str) -> (u32, Option<String>) {
        (line, Some(name.to_string()))
    }

    #[test]
    fn forms_s5_3() {
        assert_eq!(votes("[b]vote: Fay[/b]"), [v(1, "Fay")]);
        assert_eq!(votes("**Vote Fay**"), [v(1, "Fay")]);
        assert_eq!(votes("ok [vote]Gus[/vote] for now"), [v(1, "Gus")]);
        assert_eq!(votes("I will vote Gus later\nvote:Gus"), [v(2, "Gus")]);
        assert_eq!(votes("__vote__ gus"), [v(1, "gus")]);
        assert_eq!(votes("votes are weird"), []);
        assert_eq!(votes("vote"), []);
        assert_eq!(votes("VOTE : Harbor Lights "), [v(1, "Harbor Lights")]);
        assert_eq!(
            votes("[color=red][VOTE][i]Fay[/i][/VOTE][/color] [unvote][/unvote]"),
            [v(1, "Fay"), (1, None)]
        );
        assert_eq!(
            votes("unvote\nUnvote: Fay\nunvoted"),
            [(1, None), (2, None)]
        );
        assert_eq!(votes("~~vote Fay~~"), [v(1, "Fay")]);
        assert_eq!(votes("[vote]Fay"), []);
        assert_eq!(votes("[size=4][u]vote Fay[/u][/size]"), [v(1, "Fay")]);
    }

    #[test]
    fn quotes_are_ignored() {
        assert_eq!(votes("[quote=Ann]\nvote Fay\n[/quote]\nno way"), []);
        assert_eq!(votes("> [vote]Fay[/vote]\nhmm"), []);
        assert_eq!(votes("  > vote Fay"), []);
        assert_eq!(
            votes("vote Gus\n[quote]\n[vote]Fay[/vote]\n[/quote]"),
            [v(1, "Gus")]
        );
        assert_eq!(
            votes("[quote][quote]vote A[/quote] vote B[/quote] [vote]Cid[/vote]"),
            [v(1, "Cid")]
        );
        assert_eq!(
            votes("[QUOTE=\"x\"]vote Ann[/QUOTE]vote Bob"),
            [v(1, "Bob")]
        );
        // Only the lines that start with `>` are quotes (S5.3).
        assert_eq!(votes(">>> quoted\nvote Fay"), [v(2, "Fay")]);
        assert_eq!(votes("[quote]unclosed\nvote Fay"), []);
    }
}
