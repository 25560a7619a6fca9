//! Splitting a pasted day thread into posts (S2.9): what each forum and
//! Discord give when a page is selected and copied as text, read in the
//! layout that page has.
//!
//! Layouts ([`Layout`]): phpBB ([`phpbb`]: `Post by NAME » DATE`, and the
//! numbered `Post #N » DATE` with the author in the profile block above),
//! vBulletin ([`vbulletin`]), XenForo ([`xenforo`]), Invision
//! ([`invision`]), Discourse ([`discourse`]), SMF ([`smf`]), Discord
//! ([`discord`]), the BBCode source of quotes ([`bbcode`]) and hand-made
//! text with `Name:` or `== Name ==` headers ([`plain`]). The layout is
//! detected (the one whose post headers the page holds most, [`detect`])
//! or forced by the moderator ([`split_thread_as`]).
//!
//! Then, in the chosen layout only:
//! - only its own post header starts a post, so `Gus:` or `Quote:` inside
//!   a post never does;
//! - the page's chrome (profile blocks with post counts, join dates and
//!   ranks, subjects, buttons such as Top, Reply, Like and Quote, avatar
//!   texts, page numbers, the footer, a signature after SMF's `Logged` or vBulletin's
//!   underscores) is left out of every post, and never becomes an author;
//! - a rendered quote (`NAME wrote:`, `Quote:` / `Originally Posted by`,
//!   `NAME said:`, `Quote from:`, a Discord reply's `@NAME` line) is
//!   written back as `[quote="NAME"]...[/quote]` around the quoted lines,
//!   so its votes never count (S5.3). A quote runs as long as its lines
//!   are lines of earlier posts on the page (or to `Click to expand...`);
//!   when the quoted post is not on the page, to the first blank line.
//!
//! Posts whose author names no player are kept and reported, never
//! dropped; lines before the first post are kept as orphans.

mod bbcode;
mod discord;
mod discourse;
mod invision;
mod phpbb;
mod plain;
mod smf;
mod text;
mod vbulletin;
mod xenforo;

use crate::day::Post;
use crate::line::lines;
use crate::roster::{Names, PlayerId, Roster};
use console_core::names::How;
use console_core::text::{blank, line_vec};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

/// A page layout (S2.9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// phpBB (prosilver): `Post by NAME » DATE`.
    Phpbb,
    /// phpBB with numbered posts: `Post #N » DATE`, author above.
    PhpbbNumbered,
    /// vBulletin: `DATE #N`, author below.
    Vbulletin,
    /// XenForo: user block, `#N`.
    Xenforo,
    /// Invision Community: author pane, `Posted DATE`.
    Invision,
    /// Discourse: username, short date.
    Discourse,
    /// Simple Machines Forum: poster block, `« Reply #N on: DATE »`.
    Smf,
    /// Discord: `Name — Today at 18:04`.
    Discord,
    /// BBCode quotes: `[quote="NAME" post_id=...]...[/quote]` per post.
    Bbcode,
    /// Hand-made text: `Name:` or `== Name ==` headers.
    Plain,
}

impl Layout {
    /// Every layout, in the order detection prefers on a tie.
    pub const ALL: [Layout; 10] = [
        Layout::Bbcode,
        Layout::Phpbb,
        Layout::PhpbbNumbered,
        Layout::Vbulletin,
        Layout::Xenforo,
        Layout::Invision,
        Layout::Smf,
        Layout::Discord,
        Layout::Discourse,
        Layout::Plain,
    ];

    /// The case format's name: `phpbb`, `phpbb_numbered`, `vbulletin`,
    /// `xenforo`, `invision`, `discourse`, `smf`, `discord`, `bbcode`,
    /// `plain`.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Phpbb => "phpbb",
            Layout::PhpbbNumbered => "phpbb_numbered",
            Layout::Vbulletin => "vbulletin",
            Layout::Xenforo => "xenforo",
            Layout::Invision => "invision",
            Layout::Discourse => "discourse",
            Layout::Smf => "smf",
            Layout::Discord => "discord",
            Layout::Bbcode => "bbcode",
            Layout::Plain => "plain",
        }
    }

    /// The layout of a name ([`Layout::name`]).
    pub fn from_name(s: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.name() == s)
    }

    /// What the moderator reads: `a phpBB page`, `a Discord channel`, ...
    pub fn label(self) -> &'static str {
        match self {
            Layout::Phpbb => "a phpBB page",
            Layout::PhpbbNumbered => "a phpBB page with numbered posts",
            Layout::Vbulletin => "a vBulletin page",
            Layout::Xenforo => "a XenForo page",
            Layout::Invision => "an Invision page",
            Layout::Discourse => "a Discourse page",
            Layout::Smf => "an SMF page",
            Layout::Discord => "a Discord channel",
            Layout::Bbcode => "BBCode quotes",
            Layout::Plain => "hand-made text (Name: headers)",
        }
    }

    /// Whether the layout renders quotes as text (rather than as BBCode or
    /// `>` lines).
    fn renders_quotes(self) -> bool {
        !matches!(self, Layout::Discord | Layout::Bbcode | Layout::Plain)
    }

    /// The layout's page chrome.
    fn chrome(self, line: &str) -> bool {
        match self {
            Layout::Phpbb | Layout::PhpbbNumbered => phpbb::chrome(line),
            Layout::Vbulletin => vbulletin::chrome(line),
            Layout::Xenforo => xenforo::chrome(line),
            Layout::Invision => invision::chrome(line),
            Layout::Discourse => discourse::chrome(line),
            Layout::Smf => smf::chrome(line),
            Layout::Discord | Layout::Bbcode | Layout::Plain => false,
        }
    }

    /// A rendered quote's first line: the quoted author (empty when the
    /// next line names them, as vBulletin's `Quote:`). `known`: whether a
    /// name names a player or an author of the page.
    fn quote(self, line: &str, known: &dyn Fn(&str) -> bool) -> Option<String> {
        match self {
            Layout::Phpbb | Layout::PhpbbNumbered => phpbb::quote(line),
            Layout::Vbulletin => vbulletin::quote(line),
            Layout::Xenforo => xenforo::quote(line),
            Layout::Invision => invision::quote(line),
            Layout::Discourse => discourse::quote(line, known),
            Layout::Smf => smf::quote(line),
            Layout::Discord | Layout::Bbcode | Layout::Plain => None,
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Where a header's author is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Author {
    /// On the header line.
    Inline(String),
    /// On the header line if it names a player (`[18:05] Name: text`),
    /// else the line is the previous author's (the whole text given).
    InlineIfPlayer(String, String),
    /// In the lines just above (a profile block).
    Above,
    /// On the next line.
    Below,
    /// The previous post's author (Discord's compact form).
    Same,
    /// On the line above, and a bot when a badge line (`APP`, `BOT`)
    /// stands between (Discord's header split over lines).
    Split,
    /// On the header line, a bot's (Discord's `APP`, `BOT` badge): never a
    /// player, whatever its name.
    Bot(String),
}

/// A post header as a layout reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Header {
    author: Author,
    /// The page's post number.
    number: Option<u32>,
    /// The time as the page gives it.
    time: Option<String>,
    /// Text on the header line after the header (Discord's compact form).
    text: String,
}

/// One post of a pasted thread.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreadPost {
    /// The author, if the header names a player (full name, nickname, or
    /// a guess marked in `author_how`, S2.3).
    pub author: Option<PlayerId>,
    /// The author as written in the header.
    pub author_text: String,
    /// How the author was read, when not by full name.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_how")]
    pub author_how: Option<How>,
    /// The post's text (without header and page chrome; rendered quotes
    /// written as `[quote="NAME"]...[/quote]`).
    pub text: String,
    /// The 1-based line of the paste where the post's header is.
    pub line: u32,
    /// The post's number: the page's, else counted from the previous one
    /// (from 1).
    pub number: u32,
    /// The time as the page gives it, if it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// Whether the header marks a bot (Discord's `APP` or `BOT` badge): its
    /// post is no player's, whatever its name (S2.9).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

mod opt_how {
    use console_core::names::How;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(how: &Option<How>, s: S) -> Result<S::Ok, S::Error> {
        match how {
            Some(h) => s.serialize_some(h.name()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<How>, D::Error> {
        Ok(Option::<String>::deserialize(d)?.and_then(|s| How::from_name(&s)))
    }
}

/// A pasted thread split into posts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreadSplit {
    /// The layout read.
    pub layout: Layout,
    /// Whether the moderator chose the layout (else it was detected).
    pub forced: bool,
    /// The posts in order.
    pub posts: Vec<ThreadPost>,
    /// Non-blank lines before the first post that are not page chrome:
    /// (1-based line, text).
    pub orphans: Vec<(u32, String)>,
    /// Lines left out as page chrome (profile blocks, buttons, page
    /// numbers, footers, signatures).
    pub chrome: usize,
    /// Rendered quotes written back as `[quote]` blocks.
    pub quotes: usize,
    /// Signatures marked as `[signature]...[/signature]` at the end of
    /// their posts (S2.9, S5.3).
    #[serde(default)]
    pub signatures: usize,
    /// The pages the paste holds, in order: a forum's footer ends one
    /// (S2.9), so pages pasted one after another are each read in full.
    #[serde(default)]
    pub pages: Vec<PageRead>,
}

/// One page of a paste as read: how many posts it gave and, where the
/// page says so (phpBB's `27 posts • Page 1 of 2`), how many it holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageRead {
    /// The 1-based line of the paste where the page's first post starts
    /// (1 for a page with none).
    pub line: u32,
    /// The posts read from the page.
    pub posts: usize,
    /// The topic's posts as the page states them (`27 posts`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topic_posts: Option<u32>,
    /// The page's place as it states it (`Page 1 of 2`): (page, pages).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_of: Option<(u32, u32)>,
}

impl PageRead {
    /// The fewest posts the page must hold by what it states: all of the
    /// topic's on its only page, at least an even share on a page before
    /// the last, one on the last; `None` when it states too little.
    pub fn expected_at_least(&self) -> Option<usize> {
        let n = self.topic_posts? as usize;
        let (k, m) = self.page_of?;
        let m = m.max(1) as usize;
        Some(if m == 1 {
            n
        } else if (k as usize) < m {
            n.div_ceil(m)
        } else {
            n.min(1)
        })
    }

    /// What is wrong with the page as read, in words (`None`: nothing):
    /// no post read, or fewer than the page states it holds.
    pub fn problem(&self) -> Option<String> {
        let at = match self.page_of {
            Some((k, m)) => format!("page {k} of {m} (from line {})", self.line),
            None => format!("the page from line {}", self.line),
        };
        if self.posts == 0 {
            return Some(format!(
                "{at}: no post was read from it. Check that it is a thread page as the forum or Discord gives it, or choose its layout"
            ));
        }
        let want = self.expected_at_least()?;
        (self.posts < want).then(|| {
            format!(
                "{at}: {} post{} read, but the page says the topic has {} posts, so this page holds at least {want}. Some posts were not read: check the page's text, or choose its layout",
                self.posts,
                if self.posts == 1 { "" } else { "s" },
                self.topic_posts.unwrap_or(0)
            )
        })
    }
}

impl Default for ThreadSplit {
    fn default() -> ThreadSplit {
        ThreadSplit {
            layout: Layout::Plain,
            forced: false,
            posts: Vec::new(),
            orphans: Vec::new(),
            chrome: 0,
            quotes: 0,
            signatures: 0,
            pages: Vec::new(),
        }
    }
}

impl ThreadSplit {
    /// The posts whose author is a player, as the day's input. Their
    /// place in `posts` is [`ThreadSplit::known_index`].
    pub fn known_posts(&self) -> Vec<Post> {
        self.posts
            .iter()
            .filter_map(|p| p.author.map(|a| Post::new(a, p.text.clone())))
            .collect()
    }

    /// For each post of [`ThreadSplit::known_posts`], its index in
    /// `posts` (a day report's post 1 is `posts[known_index()[0]]`).
    pub fn known_index(&self) -> Vec<usize> {
        (0..self.posts.len())
            .filter(|i| self.posts[*i].author.is_some())
            .collect()
    }

    /// The posts whose author names no player: (index in `posts`, author
    /// as written).
    pub fn unknown_authors(&self) -> Vec<(usize, &str)> {
        self.posts
            .iter()
            .enumerate()
            .filter(|(_, p)| p.author.is_none())
            .map(|(i, p)| (i, p.author_text.as_str()))
            .collect()
    }

    /// How many different players wrote the posts.
    pub fn players(&self) -> usize {
        let mut seen: Vec<PlayerId> = Vec::new();
        for p in self.posts.iter().filter_map(|p| p.author) {
            if !seen.contains(&p) {
                seen.push(p);
            }
        }
        seen.len()
    }

    /// What was read, in words: `read as a phpBB page: 25 posts by 11
    /// players` (and the posts by no player, when any).
    pub fn summary(&self) -> String {
        let n = self.posts.len();
        let k = self.players();
        let unknown = self.posts.iter().filter(|p| p.author.is_none()).count();
        let mut s = format!(
            "read as {}: {n} post{} by {k} player{}",
            self.layout.label(),
            if n == 1 { "" } else { "s" },
            if k == 1 { "" } else { "s" }
        );
        let bots = self.posts.iter().filter(|p| p.bot).count();
        if unknown > 0 {
            let bots = match bots {
                0 => String::new(),
                1 => ", 1 of them by a bot".to_string(),
                b => format!(", {b} of them by bots"),
            };
            s.push_str(&format!(" ({unknown} by no player{bots}, not counted)"));
        }
        s
    }
}

/// The header a line is in `layout`, if any. `after_blank`: the line
/// starts the paste or follows a blank line.
fn header(names: &Names, layout: Layout, line: &str, after_blank: bool) -> Option<Header> {
    match layout {
        Layout::Phpbb => phpbb::header(line),
        Layout::PhpbbNumbered => phpbb::numbered_header(line),
        Layout::Vbulletin => vbulletin::header(line),
        Layout::Xenforo => xenforo::header(line),
        Layout::Invision => invision::header(line),
        Layout::Discourse => discourse::header(line),
        Layout::Smf => smf::header(line),
        Layout::Discord => discord::header(line),
        Layout::Plain => plain::header(names, line, after_blank),
        Layout::Bbcode => None,
    }
}

/// A line as compared with earlier posts' lines: spaces collapsed,
/// lowercase (a rendered page holds no markup to remove).
fn norm(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for w in line.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(w.chars().flat_map(char::to_lowercase));
    }
    out
}

/// Whether two texts have the same words, case aside (no allocation for
/// ASCII, the common case).
fn same_words(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        let mut x = a.split_ascii_whitespace();
        let mut y = b.split_ascii_whitespace();
        loop {
            match (x.next(), y.next()) {
                (None, None) => return true,
                (Some(p), Some(q)) if p.eq_ignore_ascii_case(q) => {}
                _ => return false,
            }
        }
    }
    norm(a) == norm(b)
}

/// The lines [`detect`] reads: a page is one layout throughout.
pub const DETECT_LINES: usize = 800;

/// How strongly a page looks like each layout: the post headers its first
/// [`DETECT_LINES`] lines hold (2 each), plus the chrome only that
/// software prints (1 each). Highest first; layouts with no header are
/// left out.
pub fn detect(names: &Names, text: &str) -> Vec<(Layout, usize)> {
    // A page is one layout throughout: its first lines tell.
    let all: Vec<&str> = lines(text).take(DETECT_LINES).collect();
    let sample_len: usize = all
        .iter()
        .map(|l| l.len() + 1)
        .sum::<usize>()
        .min(text.len());
    let sample = text.get(..sample_len).unwrap_or(text);
    let mut scores: Vec<(Layout, usize)> = Vec::new();
    for layout in Layout::ALL {
        let mut n = 0;
        if layout == Layout::Bbcode {
            n = bbcode_posts(sample).0.len() * 2;
        } else {
            let mut after_blank = true;
            for (i, l) in all.iter().enumerate() {
                if let Some(h) = header(names, layout, l, after_blank) {
                    let counts = match (&h.author, layout) {
                        // A short date is a Discourse header only right
                        // under a line naming a player (not the date of a
                        // profile block's `Joined` under its username, as
                        // XenForo prints in every post).
                        (_, Layout::Discourse) => (0..i)
                            .rev()
                            .find(|&j| !all[j].trim().is_empty())
                            .is_some_and(|j| {
                                above_author(names, layout, &all, i, j)
                                    .is_some_and(|(k, _, _)| k == j)
                            }),
                        (Author::Same, _) => false,
                        (Author::InlineIfPlayer(name, _), _) => names.exact(name).is_some(),
                        (Author::Inline(name), Layout::Plain | Layout::Discord) => {
                            names.exact(name).is_some() || layout == Layout::Discord
                        }
                        // A split Discord header: the name on a line above.
                        (Author::Split, _) => i > 0 && !blank(all[i - 1]),
                        _ => true,
                    };
                    n += usize::from(counts) * 2;
                }
                after_blank = blank(l);
            }
            if n > 0 {
                n += all.iter().filter(|l| distinctive(layout, l)).count();
            }
        }
        if n > 0 {
            scores.push((layout, n));
        }
    }
    // Stable: ties keep the order of `Layout::ALL`.
    scores.sort_by_key(|s| std::cmp::Reverse(s.1));
    scores
}

/// Chrome only one software prints (to tell layouts with alike headers
/// apart: vBulletin's and XenForo's `#N`).
fn distinctive(layout: Layout, line: &str) -> bool {
    let t = line.trim();
    match layout {
        Layout::Vbulletin => {
            t.ends_with(" is offline")
                || t.ends_with(" is online now")
                || t.starts_with("Join Date:")
                || t.starts_with("Originally Posted by")
                || t == "Reply With Quote"
        }
        Layout::Xenforo => {
            t.ends_with(" said:")
                || t.starts_with("Click to expand")
                || t.starts_with("Reaction score")
                || t.starts_with("Reactions:")
                || t == "Messages"
                || t == "Add bookmark"
        }
        Layout::Phpbb | Layout::PhpbbNumbered => t.ends_with(" wrote:") || t.contains(" wrote: ↑"),
        Layout::Smf => t == "Logged" || t.starts_with("Quote from:"),
        Layout::Invision => t.ends_with(" posts") || t == "Report post",
        _ => false,
    }
}

/// The author line of an `Above` header at `h`: the nearest line above
/// (at most 10, not above `floor`) that names a player exactly, passing
/// chrome, dates and blank lines; for Discourse also either part of a
/// `username Full Name` line.
fn above_author(
    names: &Names,
    layout: Layout,
    all: &[&str],
    h: usize,
    floor: usize,
) -> Option<(usize, String, crate::roster::Read)> {
    let low = h.saturating_sub(10).max(floor);
    for j in (low..h).rev() {
        let t = all[j].trim();
        if t.is_empty() || layout.chrome(t) || text::is_date(t) {
            continue;
        }
        if let Some(r) = names.exact(t) {
            return Some((j, t.to_string(), r));
        }
        if layout == Layout::Discourse
            && let Some((first, full)) = t.split_once(char::is_whitespace)
        {
            // `username Full Name`: either names the author.
            if let Some(r) = names.exact(first) {
                return Some((j, first.to_string(), r));
            }
            if let Some(r) = names.exact(full.trim()) {
                return Some((j, full.trim().to_string(), r));
            }
        }
    }
    None
}

/// A top-level quote block: author, post id, time, inner text, 0-based
/// line of the opening tag.
type QuoteBlock = (String, Option<u32>, Option<String>, String, usize);

/// The top-level `[quote=NAME ...]` blocks of a text, and the lines
/// outside any block (0-based).
fn bbcode_posts(text: &str) -> (Vec<QuoteBlock>, Vec<usize>) {
    let mut out = Vec::new();
    let mut outside = Vec::new();
    let b = text.as_bytes();
    if !b
        .windows(6)
        .any(|w| w[0] == b'[' && w.eq_ignore_ascii_case(b"[quote"))
    {
        return (out, outside);
    }
    let mut depth = 0u32;
    let mut current: Option<QuoteBlock> = None;
    for (li, line) in lines(text).enumerate() {
        let mut i = 0;
        let b = line.as_bytes();
        let mut any_inside = depth > 0;
        while i < b.len() {
            if b[i] != b'[' {
                // Up to the next tag, in one piece.
                let next = line[i..].find('[').map_or(b.len(), |k| i + k);
                if depth > 0
                    && let Some(c) = current.as_mut()
                {
                    c.3.push_str(&line[i..next]);
                }
                i = next;
                continue;
            }
            let s = &line[i..];
            if b[i] == b'[' && bbcode::opens(s) {
                if depth == 0 {
                    if let Some((name, post, time, len)) = bbcode::open(s) {
                        current = Some((name, post, time, String::new(), li));
                        depth = 1;
                        i += len;
                        any_inside = true;
                        continue;
                    }
                } else {
                    depth += 1;
                }
            } else if b[i] == b'[' && bbcode::closes(s) && depth > 0 {
                depth -= 1;
                if depth == 0 {
                    if let Some(c) = current.take() {
                        out.push(c);
                    }
                    i += 8;
                    continue;
                }
            }
            let ch = s.chars().next().expect("a char");
            if depth > 0
                && let Some(c) = current.as_mut()
            {
                c.3.push(ch);
            }
            i += ch.len_utf8();
        }
        if depth > 0
            && let Some(c) = current.as_mut()
        {
            c.3.push('\n');
        }
        if !any_inside && !line.trim().is_empty() {
            outside.push(li);
        }
    }
    (out, outside)
}

/// Splits a pasted thread into posts in the layout detected (see the
/// module documentation), reading names with no nicknames.
pub fn split_thread(roster: &Roster, text: &str) -> ThreadSplit {
    split_thread_as(&roster.reader(), text, None)
}

/// Splits a pasted thread into posts, reading names with `names` (the
/// game's, with its nicknames: [`Setup::names`](crate::setup::Setup::names)),
/// in `layout` when the moderator chose one, else in the layout detected.
/// Invisible characters the forum or chat slipped into the page (zero-width
/// spaces, direction controls: `console_core::text::visible`) are left out
/// first, so the posts hold none: `vote\u{200B} Basil` is `vote Basil`.
/// (Posts stored by earlier versions keep theirs, and replay
/// as they were played.)
pub fn split_thread_as(names: &Names, text: &str, layout: Option<Layout>) -> ThreadSplit {
    let text = &*console_core::text::visible(text);
    let forced = layout.is_some();
    let layout = layout.unwrap_or_else(|| {
        detect(names, text)
            .first()
            .map_or(Layout::Plain, |(l, _)| *l)
    });
    let mut out = if layout == Layout::Bbcode {
        split_bbcode(names, text)
    } else {
        split_layout(names, text, layout)
    };
    out.layout = layout;
    out.forced = forced;
    out
}

fn number(i: usize) -> u32 {
    u32::try_from(i + 1).unwrap_or(u32::MAX)
}

/// The author read from a header's text.
fn read_author(names: &Names, text: &str) -> (Option<PlayerId>, Option<How>) {
    if text.is_empty() {
        return (None, None);
    }
    match names.exact(text).or_else(|| names.read(text).ok()) {
        Some(r) => (Some(r.player), (r.how != How::Full).then_some(r.how)),
        None => (None, None),
    }
}

fn split_bbcode(names: &Names, text: &str) -> ThreadSplit {
    let (posts, outside) = bbcode_posts(text);
    let all: Vec<&str> = lines(text).collect();
    let mut out = ThreadSplit::default();
    for (k, (name, _post, time, inner, line)) in posts.into_iter().enumerate() {
        let (author, author_how) = read_author(names, &name);
        out.posts.push(ThreadPost {
            author,
            author_text: name,
            author_how,
            text: inner.trim().to_string(),
            line: number(line),
            number: number(k),
            time: time
                .and_then(|t| t.parse::<i64>().ok())
                .map(console_core::format::utc),
            bot: false,
        });
    }
    out.orphans = outside
        .into_iter()
        .map(|i| (number(i), all[i].to_string()))
        .collect();
    out
}

/// One post while splitting: header line, author, body lines (0-based
/// line indices into the paste).
struct Draft {
    header: usize,
    author_text: String,
    author: Option<PlayerId>,
    how: Option<How>,
    number: Option<u32>,
    time: Option<String>,
    first: String,
    /// A bot's post (Discord's badge): no player's.
    bot: bool,
    /// Body from this line (after the header and any author lines).
    body_start: usize,
    /// The top of this post's block above its header (where the previous
    /// post's body ends).
    block_top: usize,
}

fn split_layout(names: &Names, text: &str, layout: Layout) -> ThreadSplit {
    let all: Vec<&str> = line_vec(text);
    let mut out = ThreadSplit::default();
    // The footer ends the posts.
    let end = all.len();
    let mut drafts: Vec<Draft> = Vec::new();
    // Where each footer starts: it ends a page; the posts go on at the
    // next page's first header (pages pasted one after another).
    let mut footers: Vec<usize> = Vec::new();
    let mut in_footer = false;
    let mut after_blank = true;
    let mut i = 0;
    while i < end {
        let line = all[i];
        let h = header(names, layout, line, after_blank);
        after_blank = blank(line);
        // Discourse's topic map: its dates (under `created`, `last
        // reply`) are no post's header.
        let h = h.filter(|_| {
            layout != Layout::Discourse
                || !(0..i)
                    .rev()
                    .find(|&j| !all[j].trim().is_empty())
                    .is_some_and(|j| discourse::topic_map(all[j]))
        });
        // After a footer, only a header naming its author plainly starts
        // the next page (not a date under a topic list's title).
        let h = h.filter(|h| {
            !in_footer
                || h.author != Author::Above
                || layout != Layout::Discourse
                || above_author(names, layout, &all, i, footers.last().map_or(0, |f| *f)).is_some()
        });
        let Some(h) = h else {
            if !drafts.is_empty() && !in_footer && text::footer(line) {
                footers.push(i);
                in_footer = true;
            }
            i += 1;
            continue;
        };
        in_footer = false;
        let floor = drafts.last().map_or(0, |d| d.body_start);
        // The previous post's author (copied only when used).
        let prev_author = drafts
            .last()
            .map(|d| (&d.author_text, d.author, d.how, d.bot));
        let mut d = Draft {
            header: i,
            author_text: String::new(),
            author: None,
            how: None,
            number: h.number,
            time: h.time.clone(),
            first: h.text.clone(),
            bot: false,
            body_start: i + 1,
            block_top: i,
        };
        match h.author {
            Author::Inline(name) => {
                d.author_text = name;
                // The profile block above names the author again.
                let low = i.saturating_sub(8).max(floor);
                if let Some(j) = (low..i).rev().find(|&j| same_words(all[j], &d.author_text)) {
                    d.block_top = j;
                } else if i > floor && all[i - 1].trim_start().starts_with("Re:") {
                    d.block_top = i - 1;
                }
            }
            Author::InlineIfPlayer(name, whole) => {
                if names.exact(&name).is_some() {
                    d.author_text = name;
                } else {
                    if let Some((t, _, _, bot)) = prev_author {
                        d.author_text = t.clone();
                        d.bot = bot;
                    }
                    d.first = whole;
                }
            }
            Author::Same => {
                if let Some((t, _, _, bot)) = prev_author {
                    d.author_text = t.clone();
                    d.bot = bot;
                }
            }
            Author::Bot(name) => {
                d.author_text = name;
                d.bot = true;
            }
            Author::Split => {
                // The name on the nearest line above, a bot's badge
                // (`APP`) between them.
                let above = |from: usize| (floor..from).rev().find(|&j| !blank(all[j]));
                let mut j = above(i);
                if let Some(b) = j.filter(|&b| discord::badge(all[b])) {
                    d.bot = true;
                    j = above(b);
                }
                if let Some(j) = j {
                    let (name, bot) = discord::without_badge(all[j].trim());
                    d.author_text = name.to_string();
                    d.bot |= bot;
                    d.block_top = j;
                }
            }
            Author::Above => match above_author(names, layout, &all, i, floor) {
                Some((j, t, _)) => {
                    d.author_text = t;
                    d.block_top = j;
                    // A subject line (`Re: ...`) between block and header
                    // stays in the block.
                }
                None => {
                    // The nearest line above that is not chrome: an author
                    // who is no player. SMF shows the post's subject just
                    // above its header (`Survival - Day 1`, `Re: ...`):
                    // never the author, who is above the poster block.
                    let (top, reach) = if layout == Layout::Smf {
                        let subject = (floor..i).rev().find(|&j| !all[j].trim().is_empty());
                        (subject.unwrap_or(i), 10)
                    } else {
                        (i, 3)
                    };
                    let low = top.saturating_sub(reach).max(floor);
                    if let Some(j) = (low..top).rev().find(|&j| {
                        let t = all[j].trim();
                        !t.is_empty() && !layout.chrome(t) && !text::is_date(t)
                    }) {
                        d.author_text = all[j].trim().to_string();
                        d.block_top = j;
                    }
                }
            },
            Author::Below => {
                // The author is the next line that is not blank or chrome.
                let mut j = i + 1;
                while j < end && (all[j].trim().is_empty() || layout.chrome(all[j])) {
                    j += 1;
                }
                if j < end && header(names, layout, all[j], false).is_none() {
                    d.author_text = all[j].trim().to_string();
                    // The profile lines after it: chrome (status, join
                    // date, posts), and a user title just under the
                    // author when chrome follows it.
                    let mut k = j + 1;
                    while k < end && header(names, layout, all[k], false).is_none() {
                        let t = all[k].trim();
                        let title = k <= j + 2
                            && !t.to_ascii_lowercase().contains("vote")
                            && all.get(k + 1).is_some_and(|n| layout.chrome(n));
                        if layout.chrome(t) || title {
                            k += 1;
                        } else {
                            break;
                        }
                    }
                    d.body_start = k;
                }
            }
        }
        if !d.author_text.is_empty() && !d.bot {
            let (a, how) = read_author(names, &d.author_text);
            d.author = a;
            d.how = how;
        }
        if d.author_text.is_empty()
            && let Some((t, a, how, bot)) = prev_author
        {
            d.author_text = t.clone();
            d.author = a;
            d.how = how;
            d.bot = bot;
        }
        // Discord: a reply's context (`@NAME` and a line of the message it
        // answers) just above the header is a quote at the reply's start,
        // never its author's words (S2.9).
        if layout == Layout::Discord
            && let Some((top, who, said)) = reply_context(names, &drafts, &all, floor, d.block_top)
        {
            d.block_top = top;
            d.first = format!(
                "[quote=\"{}\"]{}[/quote]{}{}",
                who.replace('"', "'"),
                said.replace("[/quote]", "[/ quote]"),
                if d.first.is_empty() { "" } else { "\n" },
                d.first
            );
            out.quotes += 1;
        }
        i = d.body_start.max(i + 1);
        drafts.push(d);
    }
    // Orphans: before the first post's block.
    let first_top = drafts.first().map_or(end, |d| d.block_top);
    for (k, l) in all.iter().enumerate().take(first_top) {
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        if layout.chrome(t) || text::footer(t) {
            out.chrome += 1;
        } else {
            out.orphans.push((number(k), l.to_string()));
        }
    }
    // Bodies.
    let mut bodies: Vec<Vec<Cow<'_, str>>> = Vec::with_capacity(drafts.len());
    let mut sigs: Vec<Vec<Cow<'_, str>>> = Vec::with_capacity(drafts.len());
    for k in 0..drafts.len() {
        let next = drafts
            .get(k + 1)
            .map_or(end, |n| n.block_top)
            .max(drafts[k].body_start);
        // A footer ends the post: from it to the next page's first post
        // is page chrome.
        let stop = footers
            .iter()
            .copied()
            .find(|&f| f >= drafts[k].body_start && f < next)
            .unwrap_or(next);
        out.chrome += all[stop..next]
            .iter()
            .filter(|l| !l.trim().is_empty())
            .count();
        let mut body: Vec<Cow<'_, str>> = Vec::new();
        if !drafts[k].first.is_empty() {
            body.push(Cow::Owned(drafts[k].first.clone()));
        }
        let lines_: Vec<&str> = all[drafts[k].body_start.min(stop)..stop].to_vec();
        for l in lines_ {
            let l = if layout == Layout::Discord {
                discord::unedited(l)
            } else {
                l
            };
            body.push(Cow::Borrowed(l));
        }
        // Chrome at either end, and buttons anywhere.
        out.chrome += trim_end(layout, &mut body);
        // A signature to the end of the post, where the layout marks it:
        // after a line of underscores (vBulletin, phpBB 2), after SMF's
        // `Logged` (the signature is printed under it, above the next
        // poster block).
        let mut sig: Vec<Cow<'_, str>> = Vec::new();
        if let Some(s) = body.iter().position(|l| match layout {
            Layout::Vbulletin
            | Layout::Phpbb
            | Layout::PhpbbNumbered
            | Layout::Xenforo
            | Layout::Invision => vbulletin::signature(l),
            Layout::Smf => smf::signature(l),
            _ => false,
        }) {
            out.chrome += 1;
            sig = body.split_off(s + 1);
            body.pop();
            sig.retain(|l| !layout.chrome(l) && !is_button(l));
            while sig.first().is_some_and(|l| blank(l)) {
                sig.remove(0);
            }
            out.chrome += trim_end(layout, &mut body);
        }
        let lead = body
            .iter()
            .take_while(|l| l.trim().is_empty() || layout.chrome(l))
            .count();
        out.chrome += body[..lead].iter().filter(|l| !l.trim().is_empty()).count();
        body.drain(..lead);
        let before = body.len();
        if layout != Layout::Plain {
            body.retain(|l| !is_button(l));
        }
        out.chrome += before - body.len();
        bodies.push(body);
        sigs.push(sig);
    }
    // Rendered quotes, against the lines of earlier posts.
    let known = |name: &str| known_name(names, &drafts, name);
    if layout.renders_quotes()
        && bodies.iter().any(|b| {
            b.iter().any(|l| {
                layout.quote(l, &known).is_some()
                    || layout == Layout::Discourse && discourse::titled(l).is_some()
            })
        })
    {
        let mut seen: HashSet<String> = HashSet::new();
        for body in &mut bodies {
            let own: Vec<String> = body.iter().map(|l| norm(l)).collect();
            let (marked, n) = mark_quotes(layout, body, &seen, &known);
            out.quotes += n;
            *body = marked;
            seen.extend(own.into_iter().filter(|l| !l.is_empty()));
        }
    }
    // Signatures no marker shows: the same last lines ending every post of
    // one author (a forum prints the signature under each post).
    if layout.renders_quotes() {
        repeated_signatures(names, &drafts, &mut bodies, &mut sigs);
    }
    for (body, sig) in bodies.iter_mut().zip(&mut sigs) {
        if !sig.is_empty() {
            out.signatures += 1;
            body.push(Cow::Borrowed(SIGNATURE_OPEN));
            body.append(sig);
            body.push(Cow::Borrowed(SIGNATURE_CLOSE));
        }
    }
    out.pages = pages_read(layout, &all, &drafts, &footers);
    for (k, d) in drafts.into_iter().enumerate() {
        let prev = out.posts.last().map_or(0, |p: &ThreadPost| p.number);
        out.posts.push(ThreadPost {
            author: d.author,
            author_text: d.author_text,
            author_how: d.how,
            text: joined(text, &bodies[k]).trim().to_string(),
            line: number(d.header),
            number: d.number.unwrap_or(prev + 1),
            time: d.time,
            bot: d.bot,
        });
    }
    out
}

/// The lines that open and close a signature in a post's text (S2.9): the
/// vote reader ignores vote forms between them unless the house rule
/// counts them (S5.3, `signature_votes`).
pub const SIGNATURE_OPEN: &str = "[signature]";
/// See [`SIGNATURE_OPEN`].
pub const SIGNATURE_CLOSE: &str = "[/signature]";

/// Drops blank lines and page chrome from the end of a body; returns the
/// chrome lines dropped.
fn trim_end(layout: Layout, body: &mut Vec<Cow<'_, str>>) -> usize {
    let mut n = 0;
    while body
        .last()
        .is_some_and(|l| l.trim().is_empty() || layout.chrome(l))
    {
        if !body.last().is_some_and(|l| l.trim().is_empty()) {
            n += 1;
        }
        body.pop();
    }
    n
}

/// The most lines a signature found by repetition spans.
const SIGNATURE_LINES: usize = 6;

/// Whether a line is a bare vote (`vote Quill`, `[b]vote: Quill[/b]`,
/// `!vote Quill`): a vote form and its name with at most a word more. A
/// player who repeats their vote at the end of every post has no
/// signature; a signature that only looks like a vote says more (`Vote
/// Quill for Mod of the Year 2026!`).
fn bare_vote(names: &Names, line: &str) -> bool {
    let marks = crate::vote::read_votes(line, names, crate::vote::Rules::default());
    let [mark] = &marks[..] else {
        return false;
    };
    let crate::vote::What::Vote { written, .. } = &mark.what else {
        return false;
    };
    let words = crate::vote::strip_formatting(line)
        .split_whitespace()
        .count();
    words <= written.split_whitespace().count() + 2
}

/// Finds signatures by repetition: for each player with two or more posts
/// and no signature marked by the layout, the longest run of last lines
/// (at most [`SIGNATURE_LINES`]) that ends every one of their posts, with
/// other text above it in each; a single bare vote repeated is no
/// signature ([`bare_vote`]). The lines move from `bodies` to `sigs`.
fn repeated_signatures<'a>(
    names: &Names,
    drafts: &[Draft],
    bodies: &mut [Vec<Cow<'a, str>>],
    sigs: &mut [Vec<Cow<'a, str>>],
) {
    let mut authors: Vec<PlayerId> = Vec::new();
    for d in drafts {
        if let Some(a) = d.author
            && !authors.contains(&a)
        {
            authors.push(a);
        }
    }
    for a in authors {
        let posts: Vec<usize> = (0..drafts.len())
            .filter(|&k| drafts[k].author == Some(a))
            .collect();
        if posts.len() < 2 || posts.iter().any(|&k| !sigs[k].is_empty()) {
            continue;
        }
        // Each post's non-blank lines, normalised, last first.
        let tails: Vec<Vec<String>> = posts
            .iter()
            .map(|&k| {
                bodies[k]
                    .iter()
                    .rev()
                    .filter(|l| !blank(l))
                    .map(|l| norm(l))
                    .collect()
            })
            .collect();
        let room = tails
            .iter()
            .map(|t| t.len().saturating_sub(1))
            .min()
            .unwrap_or(0);
        let marker =
            |l: &str| l.starts_with("[quote") || l == "[/quote]" || l.starts_with("[signature");
        let mut t = 0;
        while t < room.min(SIGNATURE_LINES)
            && !marker(&tails[0][t])
            && tails.iter().all(|x| x[t] == tails[0][t])
        {
            t += 1;
        }
        if t == 0 {
            continue;
        }
        let last_line = bodies[posts[0]]
            .iter()
            .rev()
            .find(|l| !blank(l))
            .map_or("", |l| l.as_ref());
        if t == 1 && bare_vote(names, last_line) {
            continue;
        }
        for &k in &posts {
            // The body's index of its `t`-th non-blank line from the end.
            let mut seen = 0;
            let mut at = bodies[k].len();
            while seen < t {
                at -= 1;
                if !blank(&bodies[k][at]) {
                    seen += 1;
                }
            }
            let tail = bodies[k].split_off(at);
            sigs[k] = tail;
            while bodies[k].last().is_some_and(|l| blank(l)) {
                bodies[k].pop();
            }
        }
    }
}

/// The pages of a paste: each footer ends one ([`PageRead`]); what phpBB
/// states of the topic (`27 posts`, `Page 1 of 2`) is read on each.
fn pages_read(layout: Layout, all: &[&str], drafts: &[Draft], footers: &[usize]) -> Vec<PageRead> {
    // A page runs to its footer; the next starts after it.
    let page_of_line = |x: usize| footers.iter().filter(|&&f| f <= x).count();
    let mut pages: Vec<PageRead> = (0..=footers.len())
        .map(|p| PageRead {
            line: drafts
                .iter()
                .find(|d| page_of_line(d.header) == p)
                .map_or(1, |d| number(d.header)),
            ..PageRead::default()
        })
        .collect();
    // A footer with nothing after it ends the paste, not a page.
    if footers
        .last()
        .is_some_and(|&f| drafts.iter().all(|d| d.header < f))
    {
        pages.pop();
    }
    for d in drafts {
        if let Some(p) = pages.get_mut(page_of_line(d.header)) {
            p.posts += 1;
        }
    }
    if matches!(layout, Layout::Phpbb | Layout::PhpbbNumbered) {
        // Between a page's last post and the next page's first, the
        // page's bottom bar comes before the footer's last line (`Who is
        // online`, `Users browsing this forum: ...`), the next page's top
        // bar after it.
        let ends: Vec<usize> = footers
            .iter()
            .map(|&f| {
                let next = drafts
                    .iter()
                    .map(|d| d.block_top)
                    .find(|&t| t > f)
                    .unwrap_or(all.len());
                (f..next).rev().find(|&x| text::footer(all[x])).unwrap_or(f)
            })
            .collect();
        let page_of_claim = |x: usize| {
            let k = page_of_line(x);
            if k > 0 && x <= ends[k - 1] { k - 1 } else { k }
        };
        for (x, l) in all.iter().enumerate() {
            let Some(p) = pages.get_mut(page_of_claim(x)) else {
                continue;
            };
            let (n, of) = phpbb::pagination(l);
            p.topic_posts = p.topic_posts.or(n);
            p.page_of = p.page_of.or(of);
        }
    }
    pages
}

/// A post's lines joined by `\n`: borrowed from the paste when they are
/// its consecutive lines parted by one `\n` each (a post as pasted, the
/// common case), so the text is not copied twice.
fn joined<'a>(text: &'a str, body: &[Cow<'a, str>]) -> Cow<'a, str> {
    let base = text.as_ptr() as usize;
    // The byte range of a line borrowed from `text`.
    let range = |l: &Cow<'a, str>| match l {
        Cow::Borrowed(s) => {
            let at = (s.as_ptr() as usize).wrapping_sub(base);
            (at <= text.len() && s.len() <= text.len() - at).then_some((at, at + s.len()))
        }
        Cow::Owned(_) => None,
    };
    let mut span: Option<(usize, usize)> = None;
    for l in body {
        let Some((from, to)) = range(l) else {
            return Cow::Owned(body.join("\n"));
        };
        span = match span {
            None => Some((from, to)),
            Some((start, end)) if from == end + 1 && text.as_bytes()[end] == b'\n' => {
                Some((start, to))
            }
            Some(_) => return Cow::Owned(body.join("\n")),
        };
    }
    Cow::Borrowed(span.map_or("", |(from, to)| &text[from..to]))
}

/// The name a Discord reply's context line `@NAME` mentions, when it is
/// one. The client prints the name alone there, whatever it looks like
/// (`@Mike O'Neil`, `@Survival Bot`, `@🐺 Wolfy`): a name naming a player
/// (full name or nickname) or an author of the page so far; else any
/// short name (at most 32 characters and 4 words, no colon) that does not
/// start with a player's name followed by more words (`@Ann I agree` is a
/// player's words to Ann, not a reply's context).
fn mention<'a>(names: &Names, drafts: &[Draft], line: &'a str) -> Option<&'a str> {
    let rest = line.trim().strip_prefix('@')?.trim();
    if rest.is_empty() || rest.chars().count() > 64 {
        return None;
    }
    if known_name(names, drafts, rest) {
        return Some(rest);
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    let talk = (1..words.len()).any(|k| known_name(names, drafts, &words[..k].join(" ")));
    (words.len() <= 4 && rest.chars().count() <= 32 && !rest.contains(':') && !talk).then_some(rest)
}

/// Whether `name` names a player (full name or nickname) or an author of
/// the page so far.
fn known_name(names: &Names, drafts: &[Draft], name: &str) -> bool {
    names.exact(name).is_some()
        || drafts
            .iter()
            .any(|d| !d.author_text.is_empty() && same_words(&d.author_text, name))
}

/// A Discord reply's context just above a header's block (`top`), not
/// above `floor`: `@NAME` then a line of the message it answers, or both
/// on one line (`@NAME text`). Returns the context's first line, the
/// name and the quoted text.
fn reply_context(
    names: &Names,
    drafts: &[Draft],
    all: &[&str],
    floor: usize,
    top: usize,
) -> Option<(usize, String, String)> {
    let above = |from: usize| (floor..from).rev().find(|&j| !blank(all[j]));
    let said = above(top)?;
    if let Some(at) = above(said)
        && let Some(who) = mention(names, drafts, all[at])
    {
        return Some((at, who.to_string(), all[said].trim().to_string()));
    }
    // On one line: the longest run of words after `@` naming a player or
    // an author of the page, else the first word.
    let t = all[said].trim().strip_prefix('@')?;
    let words: Vec<&str> = t.split_whitespace().collect();
    if words.len() < 2 {
        return None;
    }
    let k = (2..words.len())
        .rev()
        .find(|&k| known_name(names, drafts, &words[..k].join(" ")))
        .unwrap_or(1);
    Some((said, words[..k].join(" "), words[k..].join(" ")))
}

/// A button line (not a profile line): removed wherever it stands.
fn is_button(line: &str) -> bool {
    text::one_of(
        line,
        &[
            "Top",
            "Back to top",
            "Quote",
            "Reply",
            "Reply with quote",
            "Reply With Quote",
            "Multi-Quote",
            "Like",
            "Report",
            "Report post",
            "Share",
            "Logged",
        ],
    )
}

/// Writes a body's rendered quotes as `[quote="NAME"]...[/quote]`: a
/// quote runs while its lines are lines of earlier posts (`seen`), to a
/// folded quote's end marker, or, when its first line is on no earlier
/// post, to the first blank line. Returns the body and the quotes marked.
fn mark_quotes<'a>(
    layout: Layout,
    body: &[Cow<'a, str>],
    seen: &HashSet<String>,
    known: &dyn Fn(&str) -> bool,
) -> (Vec<Cow<'a, str>>, usize) {
    let mut out = Vec::with_capacity(body.len() + 2);
    let mut n = 0;
    let mut i = 0;
    while i < body.len() {
        // Discourse: a title naming no one known is a quote's when the
        // line under it is a line of an earlier post.
        let titled = || {
            let next = body[i + 1..].iter().find(|l| !blank(l))?;
            discourse::titled(&body[i]).filter(|_| seen.contains(&norm(next)))
        };
        let quoted = layout
            .quote(&body[i], known)
            .or_else(|| (layout == Layout::Discourse).then(titled).flatten());
        let Some(mut author) = quoted else {
            out.push(body[i].clone());
            i += 1;
            continue;
        };
        let mut j = i + 1;
        // vBulletin: `Quote:` then `Originally Posted by NAME`.
        if author.is_empty()
            && let Some(next) = body.get(j)
            && let Some(name) = vbulletin::quote(next).filter(|n| !n.is_empty())
        {
            author = name;
            j += 1;
        }
        let marker = (layout == Layout::Xenforo)
            .then(|| (j..body.len()).find(|&k| xenforo::quote_end(&body[k])))
            .flatten();
        let stop = match marker {
            Some(m) => m,
            None => {
                let mut last: Option<usize> = None;
                let mut k = j;
                while k < body.len() {
                    let l = norm(&body[k]);
                    if l.is_empty() {
                        k += 1;
                        continue;
                    }
                    if seen.contains(&l) {
                        last = Some(k);
                        k += 1;
                    } else {
                        break;
                    }
                }
                match last {
                    Some(l) => l + 1,
                    None => {
                        // Not on the page: to the first blank line.
                        let first = (j..body.len())
                            .find(|&k| !body[k].trim().is_empty())
                            .unwrap_or(body.len());
                        (first..body.len())
                            .find(|&k| body[k].trim().is_empty())
                            .unwrap_or(body.len())
                    }
                }
            }
        };
        let who = if author.is_empty() {
            String::new()
        } else {
            format!("=\"{}\"", author.replace('"', "'"))
        };
        out.push(Cow::Owned(format!("[quote{who}]")));
        out.extend(body[j..stop].iter().cloned());
        out.push(Cow::Borrowed("[/quote]"));
        n += 1;
        i = if marker.is_some() { stop + 1 } else { stop };
    }
    (out, n)
}

#[cfg(test)]
mod tests;
