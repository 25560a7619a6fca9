//! Quotes: other people's words inside a pasted text (`[quote]` blocks,
//! `> ` lines).

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

impl Quotes {
    /// The next line of the text with its quoted parts removed: a line
    /// starting with `>` is all quoted (Discord, Markdown); words inside
    /// `[quote]`, `[quote=Name]`, `[quote name="x"]` ... `[/quote]` are.
    pub fn line(&mut self, line: &str) -> Unquoted {
        let t = line.trim_start();
        if self.depth == 0 && t.starts_with('>') {
            return Unquoted {
                text: String::new(),
                quoted: true,
            };
        }
        let mut out = String::new();
        let mut quoted = self.depth > 0;
        let lower = line.to_ascii_lowercase();
        let mut i = 0;
        let mut seg = 0;
        while let Some(k) = lower[i..].find('[') {
            let at = i + k;
            let rest = &lower[at..];
            let open = rest.starts_with("[quote]")
                || rest.starts_with("[quote=")
                || rest.starts_with("[quote ");
            let close = rest.starts_with("[/quote]");
            if !(open || close) {
                i = at + 1;
                continue;
            }
            let end = at + rest.find(']').map_or(rest.len(), |e| e + 1);
            if self.depth == 0 {
                out.push_str(&line[seg..at]);
            }
            quoted = true;
            if open {
                self.depth += 1;
            } else {
                self.depth = self.depth.saturating_sub(1);
            }
            i = end;
            seg = end;
        }
        if self.depth == 0 {
            out.push_str(&line[seg..]);
        }
        Unquoted { text: out, quoted }
    }
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
}
