//! Words of a pasted post that are not its author's message: quotes of
//! other posts (BBCode `[quote]` blocks, nested, on any platform; Markdown
//! and Discord `> ` lines, Discord's `>>> ` block) and a signature under a
//! delimiter line (`--`).
//!
//! [`Quotes`] is the one scan of BBCode quote tags: [`Quotes::line`] gives
//! a line's own words (Dice ORG's readers), [`Quotes::parts`] every part of
//! the line with where it stands (the circle's post reader lists the
//! quoted words it skips). [`line_quote`] reads the `>` marks a line
//! starts with: each game decides what a `>>>` covers.

use std::ops::Range;

/// The quote mark a line starts with (spaces before it aside), as Markdown
/// and Discord write a quote.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LineQuote {
    /// `> text`: this line is quoted.
    Line,
    /// `>>> text`: Discord's block quote, which covers this line and every
    /// later line of the message. A reader whose rules only name `> `
    /// lines reads it as [`LineQuote::Line`].
    Rest,
}

/// The quote mark `line` starts with, spaces before it aside: `>>>` gives
/// [`LineQuote::Rest`], any other `>` [`LineQuote::Line`].
pub fn line_quote(line: &str) -> Option<LineQuote> {
    let t = line.trim_start();
    if t.starts_with(">>>") {
        Some(LineQuote::Rest)
    } else if t.starts_with('>') {
        Some(LineQuote::Line)
    } else {
        None
    }
}

/// A BBCode quote tag at the start of `s`, in any case: its length and
/// whether it opens a quote. `[quote]`, `[quote=Name]`, `[quote="Name,
/// post: 12"]`, `[QUOTE=Name;34]`, `[quote name="x" post=3]` (phpBB,
/// vBulletin, XenForo, SMF and Discourse sources alike) open one; an
/// opening tag without its `]` runs to the end of `s`. `[/quote]` closes
/// one. Other tags (`[quotes]`, `[/quote=x]`) are not quote tags.
pub fn quote_tag(s: &str) -> Option<(usize, bool)> {
    let b = s.as_bytes();
    let starts = |w: &[u8]| b.get(..w.len()).is_some_and(|h| h.eq_ignore_ascii_case(w));
    if starts(b"[/quote]") {
        return Some((8, false));
    }
    let opens = starts(b"[quote]") || starts(b"[quote=") || starts(b"[quote ");
    opens.then(|| (s.find(']').map_or(s.len(), |e| e + 1), true))
}

/// Tracks `[quote]...[/quote]` blocks across the lines of a text (they
/// nest, and may open and close on one line).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Quotes {
    depth: u32,
}

/// What is left of a line once quoted words are taken out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unquoted {
    /// The line's own words.
    pub text: String,
    /// Whether any of the line was quoted (a `> ` line, or inside a
    /// `[quote]` block, or a quote tag).
    pub quoted: bool,
}

/// What a part of a line is, as [`Quotes::parts`] splits it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Words outside every quote: the line's own.
    Own,
    /// Words inside a quote (at any depth).
    Quoted,
    /// A tag opening a quote; `outer` when no quote was open before it.
    Open {
        /// Whether it opens the outermost quote.
        outer: bool,
    },
    /// A `[/quote]` closing a quote; `outer` when it closes the outermost
    /// one (the words after it are the line's own again).
    Close {
        /// Whether it closes the outermost quote.
        outer: bool,
    },
    /// A `[/quote]` with no quote open: a quote's end left over when part
    /// of a post was copied. What it means is the reader's to say.
    Stray,
}

impl Quotes {
    /// Whether a quote is open: the next line starts inside it.
    pub fn open(&self) -> bool {
        self.depth > 0
    }

    /// The parts of the next line of the text, in order, each as a byte
    /// range of `line` with what it is ([`Part`]): words and BBCode quote
    /// tags ([`quote_tag`]). Empty words are left out. `>` marks are not
    /// read here (see [`line_quote`]).
    pub fn parts(&mut self, line: &str) -> Vec<(Range<usize>, Part)> {
        let mut out = Vec::new();
        let words = |out: &mut Vec<(Range<usize>, Part)>, r: Range<usize>, depth: u32| {
            if !r.is_empty() {
                out.push((r, if depth > 0 { Part::Quoted } else { Part::Own }));
            }
        };
        let mut seg = 0;
        let mut i = 0;
        while let Some(k) = line[i..].find('[') {
            let at = i + k;
            let Some((len, opens)) = quote_tag(&line[at..]) else {
                i = at + 1;
                continue;
            };
            words(&mut out, seg..at, self.depth);
            let part = if opens {
                self.depth += 1;
                Part::Open {
                    outer: self.depth == 1,
                }
            } else if self.depth == 0 {
                Part::Stray
            } else {
                self.depth -= 1;
                Part::Close {
                    outer: self.depth == 0,
                }
            };
            out.push((at..at + len, part));
            i = at + len;
            seg = i;
        }
        words(&mut out, seg..line.len(), self.depth);
        out
    }

    /// The next line of the text with its quoted parts removed: a line
    /// starting with `>` outside a quote is all quoted (Discord, Markdown;
    /// a `>>>` line too, alone); words inside `[quote]`, `[quote=Name]`,
    /// `[quote name="x"]` ... `[/quote]` are; a stray `[/quote]` is taken
    /// out and marks the line quoted.
    pub fn line(&mut self, line: &str) -> Unquoted {
        if self.depth == 0 && line_quote(line).is_some() {
            return Unquoted {
                text: String::new(),
                quoted: true,
            };
        }
        let mut quoted = self.depth > 0;
        let mut text = String::new();
        for (r, part) in self.parts(line) {
            match part {
                Part::Own => text.push_str(&line[r]),
                Part::Quoted => {}
                Part::Open { .. } | Part::Close { .. } | Part::Stray => quoted = true,
            }
        }
        Unquoted { text, quoted }
    }
}

/// Whether a line is a signature delimiter: `--` (mail's `-- ` and many
/// forums' signature line) or a line of four or more dashes, underscores
/// or em dashes. What follows it in a post is the author's signature,
/// printed under every post, not the post's message. Spaces around it
/// aside.
pub fn signature_delimiter(line: &str) -> bool {
    let t = line.trim();
    t == "--" || (t.chars().count() >= 4 && t.chars().all(|c| c == '-' || c == '_' || c == '—'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_hold_other_words() {
        let mut q = Quotes::default();
        assert!(q.line("> vote Ann").quoted);
        assert_eq!(q.line("[quote=Producer]send your vote").text, "");
        assert_eq!(q.line("vote NAME").text, "");
        let u = q.line("[/quote] vote Bob");
        assert_eq!((u.text.trim(), u.quoted), ("vote Bob", true));
        let u = q.line("vote Cid");
        assert_eq!((u.text.as_str(), u.quoted), ("vote Cid", false));
        let u = q.line("[QUOTE]a[quote]b[/quote]c[/QUOTE]d");
        assert_eq!(u.text, "d");
    }

    #[test]
    fn quote_marks_and_tags() {
        assert_eq!(line_quote("  > vote Ann"), Some(LineQuote::Line));
        assert_eq!(line_quote(">>> vote Ann"), Some(LineQuote::Rest));
        assert_eq!(line_quote("vote > Ann"), None);
        assert_eq!(quote_tag("[quote]x"), Some((7, true)));
        assert_eq!(quote_tag("[QUOTE=Ann;34]x"), Some((14, true)));
        assert_eq!(quote_tag(r#"[quote="Ann, post: 12"]"#), Some((23, true)));
        assert_eq!(quote_tag("[quote=Ann"), Some((10, true)));
        assert_eq!(quote_tag("[/Quote] x"), Some((8, false)));
        assert_eq!(quote_tag("[quotes]"), None);
        assert_eq!(quote_tag("[/quote=x]"), None);
        assert_eq!(quote_tag("[quo"), None);
        assert_eq!(quote_tag("[quoté]"), None);
    }

    #[test]
    fn parts_of_a_line() {
        let mut q = Quotes::default();
        let line = "a [quote=Ann]b[quote]c[/quote]d[/quote] e [/quote]";
        let parts: Vec<(&str, Part)> = q
            .parts(line)
            .into_iter()
            .map(|(r, p)| (&line[r], p))
            .collect();
        assert_eq!(
            parts,
            [
                ("a ", Part::Own),
                ("[quote=Ann]", Part::Open { outer: true }),
                ("b", Part::Quoted),
                ("[quote]", Part::Open { outer: false }),
                ("c", Part::Quoted),
                ("[/quote]", Part::Close { outer: false }),
                ("d", Part::Quoted),
                ("[/quote]", Part::Close { outer: true }),
                (" e ", Part::Own),
                ("[/quote]", Part::Stray),
            ]
        );
        assert!(!q.open());
        assert_eq!(q.parts("[quote]x").len(), 2);
        assert!(q.open());
        assert_eq!(q.parts("y"), [(0..1, Part::Quoted)]);
    }

    #[test]
    fn signature_delimiters() {
        for l in ["--", " -- ", "----", "____", "————", "-_-_"] {
            assert!(signature_delimiter(l), "{l}");
        }
        for l in ["-", "---", "-- Bob", "R3 --", "—", "——", "-—", "———"] {
            assert!(!signature_delimiter(l), "{l}");
        }
    }
}
