//! Post formats and platform limits (Mini-Survivor R9.4; Survival S9.4 and
//! Dice ORG D10.4 adopt them): forum BBCode, Discord Markdown (messages of at
//! most 2,000 code points, split between blocks) and plain text; escaping of
//! names so they show as written and cannot inject markup; UTC deadlines.
//!
//! A post is built as a list of *blocks* (a heading with its content, a
//! table, a paragraph) and handed to [`pack`], which joins them into one post
//! for a forum or splits them into Discord messages without cutting a block.

/// Discord's message limit in code points (R9.4).
pub const DISCORD_LIMIT: usize = 2000;

/// An output format (R9.4).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Forum BBCode: `[b] [i] [u] [color] [quote] [code] [url] [list] [*]` only.
    #[default]
    BBCode,
    /// Discord Markdown, split into messages of at most 2,000 code points.
    Markdown,
    /// Plain text, for a forum or a Discord channel: no markup, but a
    /// mention (`@everyone`, `@here`, `<@id>`, `<@&id>`, `<#id>`) is
    /// defused with a zero-width space after its `@` or `#` so it pings no
    /// one ([`defuse_mentions`]). Markdown, the other format meant for
    /// Discord, escapes every `@` and `<`; BBCode is for forums only.
    Plain,
}

impl Format {
    /// Every format, in the order the app offers them.
    pub const ALL: [Format; 3] = [Format::BBCode, Format::Markdown, Format::Plain];

    /// The label the app shows.
    pub fn label(self) -> &'static str {
        match self {
            Format::BBCode => "BBCode (forum)",
            Format::Markdown => "Discord",
            Format::Plain => "Plain text",
        }
    }
}

/// `text` without its direction controls ([`crate::names::is_bidi_control`]): what a
/// post carries of a player's or moderator's text. Borrowed when there is
/// none (the usual case).
pub fn without_bidi(text: &str) -> std::borrow::Cow<'_, str> {
    use crate::names::is_bidi_control;
    if text.chars().any(is_bidi_control) {
        std::borrow::Cow::Owned(text.chars().filter(|&c| !is_bidi_control(c)).collect())
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// `text` with every Discord mention defused: a zero-width space (U+200B)
/// after the `@` of `@everyone` and `@here`, and after the `<@`, `<@&` or
/// `<#` of a user, role or channel mention, so Discord shows the text and
/// pings no one. Borrowed when there is none.
pub fn defuse_mentions(text: &str) -> std::borrow::Cow<'_, str> {
    // Whether a zero-width space goes after the character at byte `i`.
    let after = |i: usize, c: char| {
        let (before, rest) = (&text[..i], &text[i + c.len_utf8()..]);
        match c {
            '@' if rest.starts_with("everyone") || rest.starts_with("here") => true,
            '@' => before.ends_with('<') && !rest.starts_with('&'),
            '&' => before.ends_with("<@"),
            '#' => before.ends_with('<'),
            _ => false,
        }
    };
    if !text.char_indices().any(|(i, c)| after(i, c)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for (i, c) in text.char_indices() {
        out.push(c);
        if after(i, c) {
            out.push('\u{200B}');
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Escapes a name for a format so it shows as written and cannot inject
/// markup, nor ping anyone on Discord ([`Format::Plain`]).
pub fn escape(text: &str, format: Format) -> String {
    let text = &*without_bidi(text);
    if format == Format::Plain {
        return defuse_mentions(text).into_owned();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match (format, c) {
            (
                Format::Markdown,
                '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '#' | '[' | ']' | '(' | ')' | '<' | '@'
                | '-' | ':',
            ) => {
                out.push('\\');
                out.push(c);
            }
            // An empty [i][/i] after '[' stops the forum from reading a tag.
            (Format::BBCode, '[') => out.push_str("[[i][/i]"),
            _ => out.push(c),
        }
    }
    out
}

/// Escapes text for a format only where it would otherwise be read as
/// markup, so a raw post stays readable (`Mary-Jo`, `[11, 9]`) and still
/// renders as written:
///
/// - BBCode: a `[` that could open a tag (`[b]`, `[/i]`, `[url=`, `[*]`,
///   `[quote ...`) gets an empty `[i][/i]` after it; `[11, 9]` or
///   `[Competition, Survival]` are no tag and stay as they are.
/// - Discord Markdown: `\`, `*`, `_`, the backtick, `<` and `@` always
///   (emphasis, code, mentions); `||` and `~~` (spoilers, strikethrough);
///   `[` before a later `](` (a masked link); `:` that opens an emoji code
///   (`:name:`); and at the start of a line only, what starts a block
///   there: `>`, `#`, `-` or `+` before a space, `-#`, and the `.` or `)`
///   of `1. ` or `1) `.
/// - Plain text: mentions defused ([`defuse_mentions`]), nothing else.
pub fn escape_text(text: &str, format: Format) -> String {
    let text = &*without_bidi(text);
    match format {
        Format::Plain => defuse_mentions(text).into_owned(),
        Format::BBCode => {
            let mut out = String::with_capacity(text.len());
            for (i, c) in text.char_indices() {
                out.push(c);
                if c == '[' && opens_tag(&text[i + 1..]) {
                    out.push_str("[i][/i]");
                }
            }
            out
        }
        Format::Markdown => {
            let mut out = String::with_capacity(text.len() + 8);
            let mut line_start = true;
            let mut digits = false;
            let mut prev = None;
            for (i, c) in text.char_indices() {
                let rest = &text[i + c.len_utf8()..];
                let escape = match c {
                    '\\' | '*' | '_' | '`' | '<' | '@' => true,
                    // Spoilers and strikethrough take two: `||`, `~~`.
                    '|' | '~' => rest.starts_with(c) || prev == Some(c),
                    '[' => rest.contains("]("),
                    ':' => emoji_code(rest),
                    '>' => line_start,
                    '#' => line_start && (rest.starts_with([' ', '#'])),
                    '-' | '+' => line_start && (rest.starts_with(' ') || rest.starts_with('#')),
                    '.' | ')' => digits && rest.starts_with(' '),
                    _ => false,
                };
                if escape {
                    out.push('\\');
                }
                out.push(c);
                prev = Some(c);
                match c {
                    '\n' => {
                        line_start = true;
                        digits = false;
                    }
                    ' ' | '\t' if line_start && !digits => {}
                    '0'..='9' if line_start || digits => {
                        line_start = false;
                        digits = true;
                    }
                    _ => {
                        line_start = false;
                        digits = false;
                    }
                }
            }
            out
        }
    }
}

/// Whether the text after a `[` could make it a BBCode tag: an optional
/// `/`, a tag name (letters, digits after the first, or `*`), then `]`,
/// `=` or a space.
fn opens_tag(after: &str) -> bool {
    let s = after.strip_prefix('/').unwrap_or(after);
    let name_len = s
        .char_indices()
        .find(|&(i, c)| !(c == '*' || c.is_ascii_alphabetic() || (i > 0 && c.is_ascii_digit())))
        .map_or(s.len(), |(i, _)| i);
    name_len > 0 && s[name_len..].starts_with([']', '=', ' '])
}

/// Whether the text after a `:` makes it the start of an emoji code
/// `:name:` (letters, digits, `_`, `+`, `-`, with a letter: `12:30:45`
/// is a time).
fn emoji_code(after: &str) -> bool {
    let n = after
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '+' | '-')))
        .unwrap_or(after.len());
    after[..n].bytes().any(|b| b.is_ascii_alphabetic()) && after[n..].starts_with(':')
}

/// A deadline as a UNIX time in seconds (R9.6).
pub type Deadline = i64;

/// `2026-11-21 18:00 UTC` for a UNIX time.
pub fn utc(t: Deadline) -> String {
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        secs / 3600,
        secs % 3600 / 60
    )
}

/// A deadline as each format shows it: Discord's timestamp tag (every reader
/// sees their own time zone), else UTC.
pub fn deadline_text(d: Deadline, format: Format) -> String {
    match format {
        Format::Markdown => format!("<t:{d}:F> (<t:{d}:R>)"),
        _ => utc(d),
    }
}

/// Markup helpers per format: each returns a piece of a block.
#[derive(Copy, Clone, Debug)]
pub struct Mark(pub Format);

impl Mark {
    /// The post's title line.
    pub fn title(&self, s: &str) -> String {
        match self.0 {
            Format::BBCode => format!("[b]{s}[/b]\n"),
            Format::Markdown => format!("# {s}\n"),
            Format::Plain => format!("{s}\n{}\n", "=".repeat(s.chars().count())),
        }
    }
    /// A section heading (starts a block).
    pub fn heading(&self, s: &str) -> String {
        match self.0 {
            Format::BBCode => format!("\n[u][b]{s}[/b][/u]\n"),
            Format::Markdown => format!("## {s}\n"),
            Format::Plain => format!("\n{s}\n{}\n", "-".repeat(s.chars().count())),
        }
    }
    /// Bold text.
    pub fn bold(&self, s: &str) -> String {
        match self.0 {
            Format::BBCode => format!("[b]{s}[/b]"),
            Format::Markdown => format!("**{s}**"),
            Format::Plain => s.to_string(),
        }
    }
    /// A preformatted block (a table, a drawing), followed by a newline.
    /// Backticks inside are replaced: a code block cannot escape them.
    pub fn code(&self, s: &str) -> String {
        let s = s.replace('`', "'");
        match self.0 {
            Format::BBCode => format!("[code]{s}[/code]\n"),
            Format::Markdown => format!("```\n{s}\n```\n"),
            Format::Plain => format!("{s}\n"),
        }
    }
    /// A name (or any text from a player or moderator), escaped.
    pub fn name(&self, s: &str) -> String {
        escape(s, self.0)
    }
    /// Text from a player or moderator (or a line that holds some),
    /// escaped only where it would be read as markup ([`escape_text`]).
    pub fn text(&self, s: &str) -> String {
        escape_text(s, self.0)
    }
    /// A list item line.
    pub fn item(&self, s: &str) -> String {
        match self.0 {
            Format::BBCode => format!("[*]{s}\n"),
            Format::Markdown => format!("- {s}\n"),
            Format::Plain => format!("- {s}\n"),
        }
    }
    /// A list around items made with [`Mark::item`].
    pub fn list(&self, items: &str) -> String {
        match self.0 {
            Format::BBCode => format!("[list]\n{items}[/list]\n"),
            _ => items.to_string(),
        }
    }
}

/// Joins blocks into the messages to post: one post for BBCode and plain
/// text; for Discord, messages of at most [`DISCORD_LIMIT`] code points,
/// split between blocks (a block longer than a message alone is split
/// between lines, a line longer than a message within it; a heading stays
/// with the line after it), numbered `(i/n)` when more than one. Every
/// character of the blocks is in the messages.
pub fn pack(blocks: Vec<String>, format: Format) -> Vec<String> {
    pack_within(blocks, format, 0)
}

/// [`pack`] with `room` code points of each Discord message left free for
/// what is put before it when it is sent (a ping of its reader).
pub fn pack_within(blocks: Vec<String>, format: Format, room: usize) -> Vec<String> {
    if format != Format::Markdown {
        return vec![blocks.concat().trim_end().to_string()];
    }
    const NUMBER_ROOM: usize = 12; // "(99/99)\n" and slack
    let limit = DISCORD_LIMIT - NUMBER_ROOM - room.min(DISCORD_LIMIT / 2);
    let len = |s: &str| s.chars().count();
    // A block that is only a heading belongs with the block after it.
    let mut glued: Vec<String> = Vec::with_capacity(blocks.len());
    let mut pending = String::new();
    for b in blocks {
        pending.push_str(&b);
        let t = pending.trim();
        if !t.starts_with('#') || t.contains('\n') {
            glued.push(std::mem::take(&mut pending));
        }
    }
    if !pending.is_empty() {
        glued.push(pending);
    }
    let mut pieces: Vec<String> = Vec::new();
    for b in glued {
        if len(&b) <= limit {
            pieces.push(b);
        } else {
            let mut cur = String::new();
            let mut lines = b.split_inclusive('\n').peekable();
            while let Some(line) = lines.next() {
                // A heading line is kept with the line that follows it.
                let mut unit = line.to_string();
                if line.starts_with('#')
                    && let Some(next) = lines.next()
                {
                    unit.push_str(next);
                }
                // A line longer than a message goes on in the next, cut
                // before a space where there is one: every character is
                // posted (a message loses only its trailing white space).
                let mut rest = unit.as_str();
                while !rest.is_empty() {
                    let room = rest
                        .char_indices()
                        .nth(limit)
                        .map_or(rest.len(), |(i, _)| i);
                    let cut = if room == rest.len() {
                        room
                    } else {
                        rest[..room].rfind(' ').filter(|&i| i > 0).unwrap_or(room)
                    };
                    let (piece, after) = rest.split_at(cut);
                    if len(&cur) + len(piece) > limit && !cur.is_empty() {
                        pieces.push(std::mem::take(&mut cur));
                    }
                    cur.push_str(piece);
                    rest = after;
                }
            }
            if !cur.is_empty() {
                pieces.push(cur);
            }
        }
    }
    let mut messages: Vec<String> = Vec::new();
    let mut cur = String::new();
    for p in pieces {
        if len(&cur) + len(&p) > limit && !cur.is_empty() {
            messages.push(std::mem::take(&mut cur));
        }
        cur.push_str(&p);
    }
    if !cur.is_empty() || messages.is_empty() {
        messages.push(cur);
    }
    let n = messages.len();
    messages
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            if n > 1 {
                format!("({}/{n})\n{}", i + 1, s.trim_end())
            } else {
                s.trim_end().to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_longer_than_a_message_is_posted_whole_across_messages() {
        let line: String = (0..5000)
            .map(|i| {
                if i % 37 == 0 {
                    ' '
                } else {
                    char::from(b'a' + (i % 26) as u8)
                }
            })
            .collect();
        let line = format!("x{line}");
        let blocks = vec![
            "# Heading\n".to_string(),
            format!("{line}\n"),
            "end\n".to_string(),
        ];
        let m = pack(blocks, Format::Markdown);
        assert!(m.len() >= 3);
        assert!(m.iter().all(|x| x.chars().count() <= DISCORD_LIMIT));
        // Each message without its "(i/n)" line, joined: the text as it was.
        let joined: String = m
            .iter()
            .map(|x| x.split_once('\n').map_or(x.as_str(), |(_, rest)| rest))
            .collect();
        assert_eq!(joined.replace('\n', ""), format!("# Heading{line}end"));
    }

    /// A player's text in a post keeps no direction control: an
    /// override in a name would turn the forum's post around it.
    #[test]
    fn posts_carry_no_direction_control() {
        for f in [Format::Plain, Format::BBCode, Format::Markdown] {
            assert_eq!(escape("An\u{202e}n", f), "Ann");
            assert_eq!(Mark(f).name("\u{2067}Bob\u{2069}"), "Bob");
            assert_eq!(
                escape_text("vote \u{202e}Ann\u{202c} \u{200f}now", f),
                "vote Ann now"
            );
        }
        // Other characters pass (a zero-width joiner in an emoji).
        assert_eq!(
            escape_text("Zoë 👨\u{200d}👩", Format::Plain),
            "Zoë 👨\u{200d}👩"
        );
        assert!(matches!(
            without_bidi("plain"),
            std::borrow::Cow::Borrowed("plain")
        ));
    }

    #[test]
    fn utc_dates() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(1_795_284_000), "2026-11-21 18:00 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00 UTC");
    }

    #[test]
    fn escaping() {
        assert_eq!(escape("**x**", Format::Markdown), "\\*\\*x\\*\\*");
        assert_eq!(escape("[b]x[/b]", Format::BBCode), "[[i][/i]b]x[[i][/i]/b]");
        assert_eq!(escape("<img>", Format::Plain), "<img>");
    }

    #[test]
    fn text_is_escaped_only_where_it_would_be_markup() {
        let bb = |s| escape_text(s, Format::BBCode);
        let md = |s| escape_text(s, Format::Markdown);
        assert_eq!(bb("Your attributes [11, 9]"), "Your attributes [11, 9]");
        assert_eq!(bb("[Competition, Survival]"), "[Competition, Survival]");
        assert_eq!(
            bb("[b]x[/b] [*] [url=y]"),
            "[[i][/i]b]x[[i][/i]/b] [[i][/i]*] [[i][/i]url=y]"
        );
        assert_eq!(bb("[quote author]"), "[[i][/i]quote author]");
        assert_eq!(md("Mary-Jo O'Neil Jr."), "Mary-Jo O'Neil Jr.");
        assert_eq!(md("Round 3: camp [11, 9]"), "Round 3: camp [11, 9]");
        assert_eq!(
            md("**x** _y_ `z` ||s|| @everyone <@1>"),
            "\\*\\*x\\*\\* \\_y\\_ \\`z\\` \\|\\|s\\|\\| \\@everyone \\<\\@1>"
        );
        assert_eq!(
            md("- a\n# b\n> c\n1. d\n-# e"),
            "\\- a\n\\# b\n\\> c\n1\\. d\n\\-# e"
        );
        assert_eq!(md("a - b # c > d 1. e"), "a - b # c > d 1. e");
        assert_eq!(md("RP: 3 | counters: 2 ~ 4"), "RP: 3 | counters: 2 ~ 4");
        assert_eq!(md("~~x~~"), "\\~\\~x\\~\\~");
        assert_eq!(
            md("[x](http://y) :smile: 12:30:45"),
            "\\[x](http://y) \\:smile: 12:30:45"
        );
        assert_eq!(escape_text("[b]*x*", Format::Plain), "[b]*x*");
        // Plain text may go to Discord: its mentions ping no one.
        assert_eq!(
            escape_text("@everyone @here <@123> <@&456> <#789> a@b.c", Format::Plain),
            "@\u{200B}everyone @\u{200B}here <@\u{200B}123> <@&\u{200B}456> <#\u{200B}789> a@b.c"
        );
        assert_eq!(escape("@here", Format::Plain), "@\u{200B}here");
        assert!(matches!(
            defuse_mentions("Mary-Jo @ 5"),
            std::borrow::Cow::Borrowed(_)
        ));
        for s in ["[b]", "Mary-Jo", "a*b"] {
            assert_eq!(Mark(Format::BBCode).text(s), bb(s));
        }
    }

    #[test]
    fn markdown_splits_between_blocks() {
        let blocks: Vec<String> = (0..30)
            .map(|i| format!("block {i} {}\n", "x".repeat(150)))
            .collect();
        let msgs = pack(blocks, Format::Markdown);
        assert!(msgs.len() > 1);
        for (i, m) in msgs.iter().enumerate() {
            assert!(m.chars().count() <= DISCORD_LIMIT);
            assert!(m.starts_with(&format!("({}/{})", i + 1, msgs.len())));
            // no block is cut: every line is whole
            assert!(
                m.lines()
                    .skip(1)
                    .all(|l| l.starts_with("block ") && l.ends_with('x'))
            );
        }
    }

    #[test]
    fn a_long_block_keeps_each_heading_with_its_first_line() {
        let mut block = String::new();
        for i in 0..40 {
            block.push_str(&format!("## part {i}\nline {i} {}\n", "y".repeat(90)));
        }
        let msgs = pack(vec![block], Format::Markdown);
        assert!(msgs.len() > 1);
        for m in &msgs {
            assert!(m.chars().count() <= DISCORD_LIMIT);
            assert!(
                !m.trim_end().lines().last().unwrap().starts_with("## "),
                "{m}"
            );
        }
    }

    #[test]
    fn a_heading_block_goes_with_the_next_block() {
        let mut blocks: Vec<String> = (0..12)
            .map(|i| format!("block {i} {}\n", "x".repeat(150)))
            .collect();
        blocks.push("## The game is over\n".to_string());
        blocks.push(format!("{}\n", "z".repeat(300)));
        let msgs = pack(blocks, Format::Markdown);
        assert_eq!(msgs.len(), 2);
        assert!(msgs[1].contains("## The game is over\nzzz"), "{msgs:?}");
    }

    #[test]
    fn forum_formats_are_one_post() {
        let blocks = vec!["a\n".to_string(); 5000];
        assert_eq!(pack(blocks.clone(), Format::BBCode).len(), 1);
        assert_eq!(pack(blocks, Format::Plain).len(), 1);
    }
}
