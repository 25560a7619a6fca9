//! A sign-up list as a forum post or a Discord message gives it, read
//! into player names: one per line or separated by commas, with the list
//! marks hosts write (`1.`, `1)`, `#1`, `-`, `*`, `•`) and mentions
//! (`@tofu_cat`) taken off (emphasis is kept: what a page shows bold is
//! copied without its markup, and a name may hold `*`); and the lines that
//! are not names (the title `Sign-ups (13/13) - FULL`, a heading, a count,
//! `Players:`) set aside with the reason, so a list copied whole sets up
//! a game in one paste and nothing is dropped unseen.
//!
//! Whether each name is one the game allows is the game's check (S1.1,
//! D1.1, R1.1); this reading only finds the names.

/// Why a line of a sign-up list is not a name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NotName {
    /// The list's title or a heading: a line ending with `:`, a Markdown
    /// heading (`# Players`), an `==` line over a list, or a line
    /// with a count (`(13/13)`, `12/12`).
    Title,
    /// A list mark with nothing after it (`13.`): a place not taken.
    EmptyPlace,
    /// A line without a list mark in a list whose names have one: a
    /// remark above or below the list (`Backups welcome!`).
    Unmarked,
}

impl NotName {
    /// The reason in words, as the set-up shows it.
    pub fn reason(self) -> &'static str {
        match self {
            NotName::Title => "the list's title or a count, not a name",
            NotName::EmptyPlace => "a numbered place with no name",
            NotName::Unmarked => "not an entry of the numbered or bulleted list",
        }
    }
}

/// The most lines a sign-up list is read with: ten times the most players
/// any game takes (Mini-Survivor's 200), blank lines and remarks included.
pub const MAX_LINES: usize = 2_000;

/// The most bytes a sign-up list is read with: two forum pages of
/// sign-up posts (a page of 25 posts is 10 to 30 KB).
pub const MAX_BYTES: usize = 64 * 1024;

/// A paste too long to be a sign-up list ([`MAX_LINES`], [`MAX_BYTES`]):
/// its size, counted before any line is read, so a paste of any length is
/// answered at once.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TooLong {
    /// Lines of the paste.
    pub lines: usize,
    /// Bytes of the paste.
    pub bytes: usize,
}

impl std::fmt::Display for TooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.lines > MAX_LINES {
            write!(
                f,
                "the list has {} lines, more than a sign-up list holds (at most {MAX_LINES} are read): paste the list of names alone",
                self.lines
            )
        } else {
            write!(
                f,
                "the list is {} KB, more than a sign-up list holds (at most {} KB are read): paste the list of names alone",
                self.bytes.div_ceil(1024),
                MAX_BYTES / 1024
            )
        }
    }
}

/// A pasted sign-up list read: the names in order, with their 1-based
/// line numbers, and each line that is not a name with why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SignupList {
    /// (line, name), in list order; a line of comma-separated names gives
    /// several with the same line.
    pub names: Vec<(u32, String)>,
    /// (line, text as pasted, why), in line order.
    pub skipped: Vec<(u32, String, NotName)>,
    /// The paste is too long to be read as a list (then `names` and
    /// `skipped` are empty).
    pub too_long: Option<TooLong>,
}

impl SignupList {
    /// The names alone, in list order.
    pub fn names(&self) -> Vec<String> {
        self.names.iter().map(|(_, n)| n.clone()).collect()
    }

    /// Every name of the list that S1.1 (D1.1) refuses, all at once, each with
    /// its line: `line 3: "H*l" contains '*': …; line 9: …`. `None` when every
    /// name is good, or when the count is outside `players` (the engine's
    /// own answer to a list of the wrong length comes first, before any name
    /// is read).
    pub fn name_problems(&self, players: std::ops::RangeInclusive<usize>) -> Option<String> {
        if !players.contains(&self.names.len()) {
            return None;
        }
        let names: Vec<&str> = self.names.iter().map(|(_, n)| n.as_str()).collect();
        let p = crate::names::name_problems(&names);
        (!p.is_empty()).then(|| {
            p.iter()
                .map(|(i, e)| format!("line {}: {e}", self.names[*i].0))
                .collect::<Vec<_>>()
                .join("; ")
        })
    }
}

/// One line with its list mark, if any, taken off: (the rest, whether a
/// mark was there).
fn unmark(line: &str) -> (&str, bool) {
    let t = line.trim();
    let Some(&first) = t.as_bytes().first() else {
        return (t, false);
    };
    // A line starting with a letter has no mark (most lines of a list).
    if first.is_ascii_alphabetic() {
        return (t, false);
    }
    let numbered = first.is_ascii_digit() || first == b'#';
    for bullet in ['-', '*', '•', '+', '◦', '▪']
        .into_iter()
        .filter(|_| !numbered)
    {
        if let Some(rest) = t.strip_prefix(bullet)
            && (rest.is_empty() || rest.starts_with(char::is_whitespace))
        {
            return (rest.trim_start(), true);
        }
    }
    let t2 = t.strip_prefix('#').unwrap_or(t);
    let digits = t2.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && digits <= 4 {
        let rest = &t2[digits..];
        for sep in [".", ")", ":", " -", " –", " —"] {
            if let Some(r) = rest.strip_prefix(sep)
                && (r.is_empty() || r.starts_with(char::is_whitespace))
            {
                return (r.trim_start(), true);
            }
        }
        // `#1 Ann`: a hash before the number is a mark on its own.
        if t2.len() < t.len() && rest.starts_with(char::is_whitespace) {
            return (rest.trim_start(), true);
        }
    }
    (t, false)
}

/// `text` without emphasis wrapped round all of it (`**Ann**`, `__Ann__`,
/// `*Ann*`, `[b]Ann[/b]`), repeatedly.
fn unwrap_emphasis(mut t: &str) -> &str {
    loop {
        let before = t;
        for (open, close) in [
            ("**", "**"),
            ("__", "__"),
            ("*", "*"),
            ("[b]", "[/b]"),
            ("[B]", "[/B]"),
            ("[i]", "[/i]"),
            ("[u]", "[/u]"),
        ] {
            if t.len() > open.len() + close.len()
                && let Some(inner) = t.strip_prefix(open).and_then(|s| s.strip_suffix(close))
            {
                t = inner.trim();
            }
        }
        if t == before {
            return t;
        }
    }
}

/// Whether a line holds a count: digits, `/`, digits (`13/13`, `(8 / 12)`).
fn has_count(t: &str) -> bool {
    let b = t.as_bytes();
    b.iter().enumerate().any(|(i, &c)| {
        c == b'/' && {
            let left = b[..i].trim_ascii_end();
            let right = b[i + 1..].trim_ascii_start();
            left.last().is_some_and(u8::is_ascii_digit)
                && right.first().is_some_and(u8::is_ascii_digit)
        }
    })
}

/// Whether an unmarked line is a title or heading rather than names.
fn is_title(raw: &str) -> bool {
    let t = raw.trim();
    t.ends_with(':')
        || t.starts_with('#')
        || (t.starts_with("==") && t.ends_with("=="))
        || has_count(t)
}

/// A name as listed, cleaned: a leading `@` taken off, spaces trimmed.
fn clean(name: &str) -> &str {
    let t = name.trim();
    t.strip_prefix('@').unwrap_or(t).trim()
}

/// Reads a pasted sign-up list (see the module). Linear in the text; a
/// caller checks [`SignupList::too_long`], then the count of
/// [`SignupList::names`], before checking the names themselves. A paste
/// over [`MAX_LINES`] lines or [`MAX_BYTES`] bytes is measured, not read.
pub fn read_list(text: &str) -> SignupList {
    // Line ends at the end open no line.
    let lines = crate::text::lines(text.trim_end_matches(['\n', '\r'])).count();
    if lines > MAX_LINES || text.len() > MAX_BYTES {
        return SignupList {
            too_long: Some(TooLong {
                lines,
                bytes: text.len(),
            }),
            ..SignupList::default()
        };
    }
    // Each non-blank line with its mark taken off, read once.
    let lines: Vec<(u32, &str, &str, bool)> = crate::text::lines(text)
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let (rest, mark) = unmark(l);
            (u32::try_from(i + 1).unwrap_or(u32::MAX), l, rest, mark)
        })
        .collect();
    // A list whose entries carry marks: most of its lines have one.
    let marked = lines.iter().filter(|l| l.3).count();
    let list_marked = marked * 2 > lines.len();
    let mut out = SignupList::default();
    for (n, line, rest, mark) in lines {
        if mark {
            if rest.is_empty() {
                out.skipped.push((n, line.to_string(), NotName::EmptyPlace));
                continue;
            }
            push_names(&mut out, n, rest);
            continue;
        }
        if is_title(unwrap_emphasis(line.trim())) || is_title(line) {
            out.skipped.push((n, line.to_string(), NotName::Title));
        } else if list_marked {
            out.skipped.push((n, line.to_string(), NotName::Unmarked));
        } else {
            push_names(&mut out, n, line);
        }
    }
    out
}

/// The comma-separated names of one entry.
fn push_names(out: &mut SignupList, n: u32, text: &str) {
    for part in text.split(',') {
        let name = clean(part);
        if !name.is_empty() {
            out.names.push((n, name.to_string()));
        }
    }
}

/// `text` with line `n` (1-based) marked as a list entry (`- ` before it),
/// so a remark the reading set aside is taken as a name.
pub fn mark_line(text: &str, n: u32) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == n as usize {
            out.push_str("- ");
        }
        out.push_str(l);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        read_list(text).names()
    }

    #[test]
    fn plain_lines_and_commas() {
        assert_eq!(names("Ann\nBob\n\nCid"), ["Ann", "Bob", "Cid"]);
        assert_eq!(names("Ann, Bob,Cid"), ["Ann", "Bob", "Cid"]);
    }

    #[test]
    fn a_forum_sign_up_post() {
        // As a phpBB post copies: a bold title with the count, numbered
        // places, one still open, a remark under the list.
        let text = "Sign-ups (13/13) - FULL\n1. Mafia_Mom\n2. tofu_cat\n3. @sunny.d\n4. 🦊 Foxy\n5. Mika 🌸\n6. Zoë\n7. Harbor Lights\n8. Kestrel\n9. Vex\n10. Sir Reg\n11. Nova\n12. Quill\n13. Big Mo\n14.\nBackups welcome!";
        let l = read_list(text);
        assert_eq!(
            l.names(),
            [
                "Mafia_Mom",
                "tofu_cat",
                "sunny.d",
                "🦊 Foxy",
                "Mika 🌸",
                "Zoë",
                "Harbor Lights",
                "Kestrel",
                "Vex",
                "Sir Reg",
                "Nova",
                "Quill",
                "Big Mo"
            ]
        );
        assert_eq!(
            l.skipped,
            [
                (1, "Sign-ups (13/13) - FULL".to_string(), NotName::Title),
                (15, "14.".to_string(), NotName::EmptyPlace),
                (16, "Backups welcome!".to_string(), NotName::Unmarked),
            ]
        );
    }

    #[test]
    fn titles_of_an_unmarked_list() {
        let l = read_list("Players:\nAnn\nBob\n# Backups\nCid\n== Final ==\n(12/12)");
        assert_eq!(l.names(), ["Ann", "Bob", "Cid"]);
        assert_eq!(
            l.skipped.iter().map(|s| s.0).collect::<Vec<_>>(),
            [1, 4, 6, 7]
        );
        assert!(l.skipped.iter().all(|s| s.2 == NotName::Title));
    }

    #[test]
    fn marks_of_every_kind() {
        assert_eq!(
            names("- Ann\n* Bob\n• Cid\n#4 Dee\n5) Eve\n6: Fay\n7 - Gus"),
            ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"]
        );
        // A name that starts with a digit is no mark.
        assert_eq!(names("2Pac\nAnn"), ["2Pac", "Ann"]);
    }

    #[test]
    fn a_remark_is_marked_as_an_entry() {
        assert_eq!(mark_line("1. Ann\nZed\n2. Bob", 2), "1. Ann\n- Zed\n2. Bob");
        assert_eq!(
            names(&mark_line("1. Ann\nZed\n2. Bob", 2)),
            ["Ann", "Zed", "Bob"]
        );
    }

    #[test]
    fn a_paste_too_long_is_measured_not_read() {
        let list = (1..=MAX_LINES)
            .map(|i| format!("{i}. P{i}\n"))
            .collect::<String>();
        assert_eq!(read_list(&list).names.len(), MAX_LINES);
        assert_eq!(read_list(&list).too_long, None);
        let more = format!("{list}Zed");
        let l = read_list(&more);
        assert!(l.names.is_empty() && l.skipped.is_empty());
        assert_eq!(
            l.too_long,
            Some(TooLong {
                lines: MAX_LINES + 1,
                bytes: more.len()
            })
        );
        assert!(
            l.too_long
                .unwrap()
                .to_string()
                .starts_with("the list has 2001 lines")
        );
        // Windows line ends count one line each, as in the reading.
        let crlf = (1..=MAX_LINES)
            .map(|i| format!("{i}. P{i}\r\n"))
            .collect::<String>();
        assert_eq!(read_list(&crlf).names.len(), MAX_LINES);
        assert_eq!(
            read_list(&format!("{crlf}Zed")).too_long.map(|t| t.lines),
            Some(MAX_LINES + 1)
        );
        let wide = "Ann,".repeat(MAX_BYTES / 4 + 1);
        let l = read_list(&wide);
        assert!(l.names.is_empty());
        assert!(
            l.too_long
                .unwrap()
                .to_string()
                .starts_with("the list is 65 KB")
        );
    }

    #[test]
    fn every_bad_name_at_once() {
        let list = read_list("Sign-ups (5/5)\n1. Ann\n2. H*l\n3. ann_\n4. Bob\n5. 🌸");
        assert_eq!(
            list.name_problems(5..=36).as_deref(),
            Some(
                "line 3: \"H*l\" contains '*': names use letters, digits, spaces, emoji and - ' . _ only; \
                 line 4: \"Ann\" and \"ann_\" read as the same name (case, spaces and punctuation do not count); \
                 line 6: \"🌸\" has no letter or digit: players could not write it"
            )
        );
        assert_eq!(list.name_problems(6..=36), None);
    }
}
