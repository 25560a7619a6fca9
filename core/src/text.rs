//! Text tools every game's readers share: lines of any line ending, the
//! `end` line that closes a message (Mini-Survivor R3.3, Survival S2.2),
//! adding lines to a message before its `end`, splitting one pasted pile of
//! private messages into per-player texts by header lines, and a small
//! stable sort and map builder.

use crate::names::{check_name, is_invisible};
use std::borrow::Cow;

/// `text` without its invisible characters ([`is_invisible`]: zero-width
/// spaces and joiners, direction marks, overrides and isolates, the soft
/// hyphen, the byte-order mark), which forums and chats slip into copied text and
/// which would otherwise make `21 v 2` an unreadable line. Borrowed when
/// there is none (the usual case); linear in the text.
pub fn visible(text: &str) -> Cow<'_, str> {
    // Every invisible character is outside ASCII and starts, in UTF-8,
    // with one of these lead bytes: characters are decoded only from the
    // first of them (a pasted megabyte of plain text is one byte scan).
    let lead = |b: &u8| matches!(b, 0xC2 | 0xCD | 0xD8 | 0xE1 | 0xE2 | 0xEF);
    let Some(from) = text.as_bytes().iter().position(lead) else {
        return Cow::Borrowed(text);
    };
    let rest = &text[from..];
    if rest.chars().any(is_invisible) {
        let mut out = String::with_capacity(text.len());
        out.push_str(&text[..from]);
        out.extend(rest.chars().filter(|&c| !is_invisible(c)));
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    }
}

/// The lines of `text`, split at `\n`, `\r\n` or a lone `\r` (a message
/// copied on any system), without their line ends. An empty text is one
/// empty line.
pub fn lines(text: &str) -> impl Iterator<Item = &str> + Clone {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let s = rest?;
        match line_end(s.as_bytes()) {
            Some(i) => {
                let skip = if s.as_bytes()[i..].starts_with(b"\r\n") {
                    2
                } else {
                    1
                };
                rest = Some(&s[i + skip..]);
                Some(&s[..i])
            }
            None => {
                rest = None;
                Some(s)
            }
        }
    })
}

/// The first `\n` or `\r` of `b` (memchr's search: a pasted page is
/// hundreds of KB, split on every change).
pub fn line_end(b: &[u8]) -> Option<usize> {
    memchr::memchr2(b'\n', b'\r', b)
}

/// [`lines`] collected, in one loop (a pasted page has thousands).
pub fn line_vec(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len() / 32 + 1);
    let mut start = 0;
    while let Some(k) = line_end(&b[start..]) {
        let i = start + k;
        out.push(&text[start..i]);
        start = if b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') {
            i + 2
        } else {
            i + 1
        };
    }
    out.push(&text[start..]);
    out
}

/// Whether `b` is an ASCII byte that [`char::is_whitespace`] holds (tab,
/// line feed, vertical tab, form feed, carriage return, space).
#[inline]
pub fn ascii_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ')
}

/// Whether a line is blank (`line.trim().is_empty()`), deciding at its
/// first byte for the usual line that starts with an ASCII letter.
pub fn blank(line: &str) -> bool {
    match line.as_bytes().first() {
        None => true,
        Some(&b) if b.is_ascii() && !ascii_space(b) => false,
        Some(_) => line.trim().is_empty(),
    }
}

/// Whether a line is the `end` line that closes a message: `end` in any
/// case, surrounding spaces ignored (R3.3, S2.2).
pub fn is_end(line: &str) -> bool {
    line.trim().eq_ignore_ascii_case("end")
}

/// The byte offset where the first `end` line of `text` starts, or the
/// text's length when it has none: what a reader reads is `&text[..at]`.
pub fn end_at(text: &str) -> usize {
    let mut at = 0;
    for l in text.split_inclusive('\n') {
        if is_end(l) {
            return at;
        }
        at += l.len();
    }
    text.len()
}

/// `text` with `more` added after what it holds but before its first
/// `end` line, which would hide it (R3.3, S2.2); a later line of a kind
/// replaces an earlier one (R3.5, S2.5), so added lines count. Line ends
/// at the joins are `\n`.
pub fn appended(text: &str, more: &str) -> String {
    let more = more.trim_end_matches(['\n', '\r']);
    let (head, rest) = text.split_at(end_at(text));
    let mut out = head.trim_end_matches(['\n', '\r']).to_string();
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(more);
    if !rest.is_empty() {
        out.push('\n');
        out.push_str(rest);
    }
    out
}

/// Sorts a short slice in place by a key, stably (insertion sort). The
/// engines' lists are short (a round's eliminations, a roster of at most
/// 200), and each use of the standard sort adds kilobytes to the browser
/// build where this adds a few bytes.
pub fn sort_small<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_small_by(v, |a, b| key(a).cmp(&key(b)));
}

/// [`sort_small`] by a comparison: stably, `v` ends in the order `cmp`
/// gives (the console's lists of saved games and snapshots, a few dozen).
pub fn sort_small_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> std::cmp::Ordering) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && cmp(&v[j - 1], &v[j]).is_gt() {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// A map from pairs, built by inserting them one by one (a later pair
/// replaces an earlier one with the same key): collecting into a
/// `BTreeMap` sorts with the standard stable sort, one copy per iterator
/// type, which the browser build does not need for maps this small (a
/// round's submissions, a tribe's votes, a step's players).
pub fn map_of<K: Ord, V>(
    pairs: impl IntoIterator<Item = (K, V)>,
) -> std::collections::BTreeMap<K, V> {
    let mut m = std::collections::BTreeMap::new();
    for (k, v) in pairs {
        m.insert(k, v);
    }
    m
}

/// A header line of a bulk paste, if the line is one: `== Name ==` (any
/// number of `=`), `Name:` / `**Name**:` alone on its line with a text
/// that could be a name (S1.1: letters, digits, spaces, emoji and
/// `- ' . _`, so `sorry, amending:` is none), or a platform's own author
/// line: a forum private message's `From: Name` (phpBB, SMF, vBulletin;
/// a copied table cell may put a tab after the colon) and a Discord
/// copy's `Name — Today at 7:02 PM` ([`crate::paste::chat_line`], a bot's
/// badge taken off). The name is returned trimmed.
pub fn header(line: &str) -> Option<Header<'_>> {
    platform_header(line).or_else(|| typed_header(line))
}

/// A platform's own author line: `From: Name`, `Name — Today at 7:02 PM`.
fn platform_header(line: &str) -> Option<Header<'_>> {
    let t = line.trim();
    // Naming no player, a `From:` line is a header only where a header
    // stands, as `Name:` is: inside a message it is a line of it.
    if let Some(name) = t.strip_prefix("From:").map(str::trim)
        && check_name(name).is_ok()
    {
        return Some(Header {
            name,
            explicit: false,
        });
    }
    if let Some(crate::paste::ChatLine::Author(name, "")) = crate::paste::chat_line(t) {
        let name = crate::paste::without_badge(name).0;
        return Some(Header {
            name,
            explicit: true,
        });
    }
    None
}

/// A header typed by the moderator: `== Name ==`, `Name:`, `**Name**:`.
pub fn typed_header(line: &str) -> Option<Header<'_>> {
    let t = line.trim();
    if let Some(inner) = t.strip_prefix("==").and_then(|s| s.strip_suffix("==")) {
        let name = inner.trim().trim_matches('=').trim();
        return (!name.is_empty()).then_some(Header {
            name,
            explicit: true,
        });
    }
    let name = t.strip_suffix(':')?.trim();
    let name = name
        .strip_prefix("**")
        .and_then(|n| n.strip_suffix("**"))
        .unwrap_or(name)
        .trim();
    check_name(name).is_ok().then_some(Header {
        name,
        explicit: false,
    })
}

/// A header line's name and form.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Header<'a> {
    /// The name as written, trimmed.
    pub name: &'a str,
    /// `== Name ==`: always a header, even naming no player. `Name:` is a
    /// header when it names a player; naming no player, it is taken for a
    /// header (of someone not in the game) only where a header stands: at
    /// the start or after a blank line; inside a message it is a line of
    /// that message ("ok amending:").
    pub explicit: bool,
}

/// One pasted pile of private messages split into per-player texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BulkSplit<P> {
    /// (player, text) in order of first appearance; a player's several
    /// sections are joined in order, each line kept as written.
    pub texts: Vec<(P, String)>,
    /// Non-blank lines that belong to nobody (before the first header, or
    /// under a `== Name ==` header naming no player): (1-based line, text).
    pub orphans: Vec<(u32, String)>,
    /// Header-like lines naming no player: (1-based line, name as written,
    /// whether it was taken for a header, its lines orphaned). A `Name:`
    /// line inside a message ([`Header::explicit`]) stays a line of that
    /// message, and is listed here so the moderator sees it was not taken
    /// as a header.
    pub unknown_headers: Vec<(u32, String, bool)>,
    /// The context Discord shows above a reply
    /// ([`crate::paste::ReplyContext`]), taken for nobody: (1-based first
    /// and last line, the answered message's author as written).
    pub replies: Vec<(u32, u32, String)>,
    /// How the paste was read when it was not a pile of messages: a form's
    /// responses sheet ([`crate::forms::Sheet::describe`]).
    pub read_as: Option<String>,
}

impl<P> Default for BulkSplit<P> {
    fn default() -> Self {
        BulkSplit {
            texts: Vec::new(),
            orphans: Vec::new(),
            unknown_headers: Vec::new(),
            replies: Vec::new(),
            read_as: None,
        }
    }
}

/// Whether a line is part of a platform's header around its author line
/// rather than of the message: a private message view's `Subject:`,
/// `Sent:` and `To:` rows, a Discord header's time line and bot badge.
fn header_furniture(line: &str) -> bool {
    let t = line.trim();
    ["Subject:", "Sent:", "To:", "Date:"]
        .iter()
        .any(|k| t.starts_with(k))
        || crate::paste::stamp_line(t).is_some()
        || crate::paste::badge_line(t)
}

/// Splits a bulk paste by header lines ([`header`], and a Discord header
/// split over lines) whose name `resolve` maps to a player. The lines of
/// a platform's header (a private message's `Subject:`, `Sent:` and `To:`
/// around its `From:`, a chat header's time and badge lines) go with the
/// header, not into a message. Time and memory are linear in the text.
pub fn split_bulk<P: PartialEq + Copy>(
    text: &str,
    resolve: impl FnMut(&str) -> Option<P>,
) -> BulkSplit<P> {
    split_bulk_by(text, true, resolve)
}

/// [`split_bulk`] by the headers a moderator types alone (`== Name ==`,
/// `Name:`), for a reader that reads a platform's author lines inside
/// each message itself (Dice ORG D12.2: a producer's lines in a copied
/// DM are skipped with the reason).
pub fn split_bulk_typed<P: PartialEq + Copy>(
    text: &str,
    resolve: impl FnMut(&str) -> Option<P>,
) -> BulkSplit<P> {
    split_bulk_by(text, false, resolve)
}

/// [`split_bulk`], with the platform's author lines as headers or not.
/// With them, a form's responses sheet ([`crate::forms::read_sheet`]) is
/// read as one section per response under typed headers, the lines it
/// names being the sheet's; a reader of typed headers alone reads a sheet
/// itself ([`crate::forms::Sheet::to_bulk`]).
fn split_bulk_by<P: PartialEq + Copy>(
    text: &str,
    platform: bool,
    resolve: impl FnMut(&str) -> Option<P>,
) -> BulkSplit<P> {
    let Some(sheet) = crate::forms::read_sheet(text).filter(|_| platform) else {
        return split_sections(text, platform, resolve);
    };
    let (bulk, at) = sheet.to_bulk_with_lines();
    let mut out = split_sections(&bulk, false, resolve);
    let line = |l: &mut u32| *l = at.get(*l as usize - 1).copied().unwrap_or(*l);
    out.orphans.iter_mut().for_each(|(l, _)| line(l));
    out.unknown_headers.iter_mut().for_each(|(l, _, _)| line(l));
    out.read_as = Some(sheet.describe());
    out
}

/// [`split_bulk_by`] of a pile of messages.
fn split_sections<P: PartialEq + Copy>(
    text: &str,
    platform: bool,
    mut resolve: impl FnMut(&str) -> Option<P>,
) -> BulkSplit<P> {
    let mut out = BulkSplit::default();
    let mut current: Option<usize> = None;
    let mut after_blank = true;
    let all: Vec<&str> = lines(text).collect();
    // Lines after a platform's author line still in its header.
    let mut furniture = 0usize;
    let replies = if platform {
        crate::paste::reply_contexts(&all)
    } else {
        Vec::new()
    };
    let mut reply = crate::paste::Replies::new(&replies);
    // Whether the current section's header is a chat client's, whose
    // `(edited)` marks come off.
    let mut chat = false;
    for (i, &line) in all.iter().enumerate() {
        let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
        if let Some(r) = reply.at(i) {
            if r.start == i {
                let last = (r.start..r.end)
                    .rev()
                    .find(|&j| !blank(all[j]))
                    .unwrap_or(i);
                let last = u32::try_from(last + 1).unwrap_or(u32::MAX);
                out.replies.push((number, last, r.name.to_string()));
            }
            continue;
        }
        if !platform {
            furniture = 0;
        }
        if furniture > 0 {
            furniture -= 1;
            if header_furniture(line) {
                continue;
            }
            furniture = 0;
        }
        // A private message view's subject row just above its `From:`
        // naming a player.
        if platform
            && line.trim().starts_with("Subject:")
            && all
                .get(i + 1)
                .and_then(|l| l.trim().strip_prefix("From:"))
                .is_some_and(|n| resolve(n.trim()).is_some())
        {
            continue;
        }
        let blank_before = std::mem::replace(&mut after_blank, line.trim().is_empty());
        // A private message view's `Sent:` and `To:` rows follow its `From:`.
        let from = platform && line.trim().starts_with("From:");
        let found = if platform {
            header(line)
        } else {
            typed_header(line)
        };
        let found = found.or_else(|| {
            crate::paste::split_header(&all, i)
                .filter(|_| platform)
                .map(|n| {
                    furniture = n;
                    Header {
                        name: crate::paste::without_badge(line.trim()).0,
                        explicit: true,
                    }
                })
        });
        if let Some(h) = found {
            let by_chat = platform && crate::paste::chat_header_at(&all, i);
            match resolve(h.name) {
                Some(p) => {
                    chat = by_chat;
                    let idx = match out.texts.iter().position(|(q, _)| *q == p) {
                        Some(idx) => {
                            let t = &mut out.texts[idx].1;
                            t.truncate(t.trim_end().len());
                            if !t.is_empty() {
                                t.push('\n');
                            }
                            idx
                        }
                        None => {
                            out.texts.push((p, String::new()));
                            out.texts.len() - 1
                        }
                    };
                    current = Some(idx);
                    if from {
                        furniture = 3;
                    }
                    continue;
                }
                None => {
                    let header = h.explicit || blank_before || current.is_none();
                    out.unknown_headers
                        .push((number, h.name.to_string(), header));
                    if header {
                        current = None;
                        if from {
                            furniture = 3;
                        }
                        continue;
                    }
                }
            }
        }
        match current {
            Some(idx) => {
                let t = &mut out.texts[idx].1;
                t.push_str(if chat {
                    crate::paste::without_edited(line)
                } else {
                    line
                });
                t.push('\n');
            }
            None if !line.trim().is_empty() => out.orphans.push((number, line.to_string())),
            None => {}
        }
    }
    for (_, t) in &mut out.texts {
        t.truncate(t.trim_end().len());
        // Blank lines between a header and its message.
        let lead = t.len() - t.trim_start_matches('\n').len();
        t.drain(..lead);
    }
    out
}

/// How one player's text from a bulk paste was taken into their draft.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// The draft was blank: the text is the draft now.
    New,
    /// The draft already ends with this text (the same paste split again):
    /// unchanged. A text seen before but not last (kill A, kill B, kill A
    /// again) is added, since the later line counts (R3.5, S2.5).
    Unchanged,
    /// Added after the draft's text, before its `end` line ([`appended`]).
    Added,
    /// The box's last split took this same part for this player
    /// ([`take_part`]): nothing is taken again, so the pile split twice
    /// adds nothing twice and a line corrected in the draft since stays
    /// corrected.
    Before,
}

/// What a bulk paste did to the drafts: per player (name, how, non-blank
/// lines), and every problem in words (unknown headers, lines taken for
/// nobody), so nothing is dropped without a reason shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BulkAccount {
    /// (player name, how it was taken, non-blank lines), in paste order.
    pub taken: Vec<(String, Taken, usize)>,
    /// Each problem as a sentence naming its line numbers.
    pub problems: Vec<String>,
    /// How the paste was read, when not as a pile of messages
    /// ([`BulkSplit::read_as`]).
    pub read_as: Option<String>,
}

/// Takes a split bulk paste into name-keyed drafts (see [`Taken`]), and
/// accounts for every line that was not taken: [`take_text`] for each
/// player's text in paste order, then [`bulk_problems`].
pub fn take_bulk<P: Copy>(
    drafts: &mut std::collections::BTreeMap<String, String>,
    split: &BulkSplit<P>,
    name: impl Fn(P) -> String,
) -> BulkAccount {
    BulkAccount {
        taken: split
            .texts
            .iter()
            .map(|(p, t)| take_text(drafts, name(*p), t))
            .collect(),
        problems: bulk_problems(split),
        read_as: split.read_as.clone(),
    }
}

/// Takes one player's text of a bulk paste into their draft (keyed by
/// `name`): the text itself when the draft is blank, nothing when the
/// draft already ends with it, else added after the draft's text
/// ([`appended`]). Returns the account's line for it: (name, how, the
/// text's non-blank lines). Players are independent: a paste may be
/// taken a player at a time, with other changes to the drafts between.
pub fn take_text(
    drafts: &mut std::collections::BTreeMap<String, String>,
    name: String,
    text: &str,
) -> (String, Taken, usize) {
    let lines = lines(text).filter(|l| !l.trim().is_empty()).count();
    let old = drafts.entry(name.clone()).or_default();
    let how = if old.trim().is_empty() {
        text.clone_into(old);
        Taken::New
    } else if old.trim_end().ends_with(text.trim()) {
        Taken::Unchanged
    } else {
        *old = appended(old, text);
        Taken::Added
    };
    (name, how, lines)
}

/// What a bulk box's split took for one player: the length in bytes and
/// the SHA-256 (64 lowercase hex digits) of the player's part, kept with
/// the drafts (a pile of a megabyte is not kept twice) so that the same
/// pile split again is known ([`take_part`]). Kept as text, `LEN SHA256`
/// ([`PartSeen::read`]), in a map like the drafts'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartSeen {
    /// The part's length in bytes.
    pub len: usize,
    /// Its SHA-256, hex.
    pub sha256: String,
}

impl std::fmt::Display for PartSeen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.len, self.sha256)
    }
}

impl PartSeen {
    /// A record written as `LEN SHA256` (its [`Display`](std::fmt::Display));
    /// `None` for any other text (then the part is taken as new).
    pub fn read(text: &str) -> Option<PartSeen> {
        let (len, sha) = text.split_once(' ')?;
        Some(PartSeen {
            len: len.parse().ok()?,
            sha256: sha.to_string(),
        })
    }

    /// The record of `part`.
    pub fn of(part: &str) -> PartSeen {
        PartSeen {
            len: part.len(),
            sha256: crate::commitment::sha256_hex(part),
        }
    }

    /// What of `part` (a player's part of a split) is new since this
    /// record of the same player's part in the box's last split: `None`
    /// when it is the same part; the lines after it when the part begins
    /// with it and goes on on a new line (the pile grew: a message added
    /// under the player's header, or a new section of theirs further
    /// down); else the whole part (another pile).
    pub fn new_in<'a>(&self, part: &'a str) -> Option<&'a str> {
        if part.len() == self.len {
            return (crate::commitment::sha256_hex(part) != self.sha256).then_some(part);
        }
        let grown = part.len() > self.len
            && matches!(part.as_bytes()[self.len], b'\n' | b'\r')
            && crate::commitment::sha256_hex(&part[..self.len]) == self.sha256;
        Some(if grown {
            part[self.len..].trim_start_matches(['\n', '\r'])
        } else {
            part
        })
    }
}

/// Takes one player's part of a bulk split into their draft as
/// [`take_text`] does, remembering what the box's splits took in `seen`
/// ([`PartSeen`] as text, by the player's `slot`, a key that a rename
/// keeps): a part the last split took for this player is not taken again
/// ([`Taken::Before`]: the same pile split twice changes nothing, even
/// after the draft was edited), and of a part that grew since only the
/// lines after it are taken. Returns the account's line, as [`take_text`]
/// does.
pub fn take_part(
    drafts: &mut std::collections::BTreeMap<String, String>,
    seen: &mut std::collections::BTreeMap<String, String>,
    slot: String,
    name: String,
    part: &str,
) -> (String, Taken, usize) {
    let new = match seen.get(&slot).and_then(|t| PartSeen::read(t)) {
        Some(before) => before.new_in(part),
        None => Some(part),
    };
    seen.insert(slot, PartSeen::of(part).to_string());
    match new {
        Some(text) => take_text(drafts, name, text),
        None => {
            let lines = lines(part).filter(|l| !l.trim().is_empty()).count();
            (name, Taken::Before, lines)
        }
    }
}

/// Every line of a bulk paste that was not taken, in words naming its
/// line numbers: headers naming no player (and whether the lines under
/// them were left out) and lines under no player's header.
pub fn bulk_problems<P>(split: &BulkSplit<P>) -> Vec<String> {
    let mut out = Vec::new();
    for (l, n, orphaned) in &split.unknown_headers {
        out.push(if *orphaned {
            format!("line {l}: {n:?} is not a player of this game; the lines under it were not taken")
        } else {
            format!("line {l}: \"{n}:\" names no player, so it was read as a line of the message above it, not as a header")
        });
    }
    for (first, last, name) in &split.replies {
        out.push(format!(
            "lines {first}-{last}: {}",
            crate::paste::reply_reason(name)
        ));
    }
    if !split.orphans.is_empty() {
        let list: Vec<String> = split.orphans.iter().map(|(l, _)| l.to_string()).collect();
        out.push(format!(
            "{} {} under no player's header, so not taken for anyone",
            if list.len() == 1 { "line" } else { "lines" },
            list.join(", ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_characters_fold_away() {
        assert!(matches!(visible("21 v 2"), Cow::Borrowed("21 v 2")));
        assert_eq!(visible("\u{200b}21 v\u{200c} 2\u{feff}"), "21 v 2");
        assert_eq!(visible("kill \u{202e}Ann\u{202c}"), "kill Ann");
        // Isolates too (U+2066-U+2069), as a chat wraps a name it quotes.
        assert_eq!(
            visible("\u{2068}I deduct 3\u{2069} for \u{2066}1\u{2067} RP"),
            "I deduct 3 for 1 RP"
        );
        assert_eq!(visible("Zoë 🙂"), "Zoë 🙂");
        // Text before the first possible lead byte is kept as it is.
        assert_eq!(visible("ab ’c\u{ad}d"), "ab ’cd");
        assert!(matches!(visible("it’s 21 v 2"), Cow::Borrowed(_)));
    }

    proptest::proptest! {
        /// The fast scan folds exactly what a scan of every character does.
        #[test]
        fn visible_is_every_character_not_invisible(t in "[a-z \u{ad}\u{200b}-\u{200f}\u{2019}\u{feff}\u{fe0f}é🙂\u{34f}\u{61c}\u{180e}\u{2060}]{0,40}") {
            let want: String = t.chars().filter(|&c| !is_invisible(c)).collect();
            let got = visible(&t);
            proptest::prop_assert_eq!(got.as_ref(), want.as_str());
        }
    }

    #[test]
    fn line_ends() {
        let v: Vec<&str> = lines("a\r\nb\rc\n\nd").collect();
        assert_eq!(v, ["a", "b", "c", "", "d"]);
        assert_eq!(lines("").collect::<Vec<_>>(), [""]);
        for (l, b) in [
            ("", true),
            (" \t\u{a0}", true),
            ("\u{b}", true),
            ("x", false),
            (" x", false),
            ("é", false),
            ("\u{1f}", false),
        ] {
            assert_eq!(blank(l), b, "{l:?}");
            assert_eq!(blank(l), l.trim().is_empty(), "{l:?}");
        }
        for b in 0..128u8 {
            assert_eq!(ascii_space(b), char::from(b).is_whitespace(), "{b}");
        }
        // Every place of a line end in and after the eight-byte words.
        for n in 0..20 {
            for end in ["\n", "\r", "\r\n"] {
                let t = format!("{}{end}é{}", "x".repeat(n), "y".repeat(n));
                assert_eq!(line_end(t.as_bytes()), Some(n), "{t:?}");
                assert_eq!(
                    lines(&t).collect::<Vec<_>>(),
                    ["x".repeat(n), format!("é{}", "y".repeat(n))]
                );
            }
            assert_eq!(line_end("z".repeat(n).as_bytes()), None);
        }
        for t in [
            "",
            "a",
            "a\n",
            "\n",
            "\r\n",
            "\r\r\n\n",
            "a\r",
            "x\r\ny\rz\n\n",
            "é\r\n李\r",
        ] {
            assert_eq!(line_vec(t), lines(t).collect::<Vec<_>>(), "{t:?}");
        }
    }

    #[test]
    fn end_lines_and_appending() {
        assert_eq!(end_at("a\nEnd \nb"), 2);
        assert_eq!(end_at("a\nb"), 3);
        assert_eq!(appended("", "x"), "x");
        assert_eq!(appended("a\n\n", "x\n"), "a\nx");
        assert_eq!(appended("a\nend\nb", "x"), "a\nx\nend\nb");
        assert_eq!(appended("end", "x"), "x\nend");
    }

    #[test]
    fn headers_of_names_platforms_allow() {
        // Discord names with emoji, underscores and dots are headers; a
        // remark ending with a colon is none.
        let names = ["🦊 Foxy", "Mika 🌸", "sunny_d", "tofu.cat"];
        let pile = "🦊 Foxy:\n21 v 2\nMika 🌸:\n22 m B\n**sunny_d**:\n23 v 4\nsorry, amending:\n23 v 5\n== tofu.cat ==\n24 idol";
        let s = split_bulk(pile, |n| names.iter().position(|x| *x == n));
        assert_eq!(
            s.texts,
            [
                (0, "21 v 2".to_string()),
                (1, "22 m B".to_string()),
                (2, "23 v 4\nsorry, amending:\n23 v 5".to_string()),
                (3, "24 idol".to_string()),
            ]
        );
        assert!(s.orphans.is_empty() && s.unknown_headers.is_empty());
    }

    #[test]
    fn platform_author_lines_are_headers() {
        let names = ["Kestrel", "Vex", "Sir Reg"];
        let resolve = |n: &str| names.iter().position(|x| *x == n);
        // A phpBB private message view copied (subsilver rows: a tab after
        // each label), then Discord DM copies: one-line header, a header
        // split over lines, the moderator's own reply.
        let pile = "Subject:\tNight 1\nFrom:\tKestrel\nSent:\tSat Nov 28, 2026 7:02 pm\nTo:\tModerator\n\nkill Vex\n\
                    Vex — Today at 7:05 PM\nprotect Sir Reg\n\
                    Sir Reg\n — Yesterday at 11:58 PM\ncheck Kestrel\n\
                    Moderator — Today at 7:06 PM\ngot it";
        let s = split_bulk(pile, resolve);
        assert_eq!(
            s.texts,
            [
                (0, "kill Vex".to_string()),
                (1, "protect Sir Reg".to_string()),
                (2, "check Kestrel".to_string()),
            ]
        );
        // The moderator is no player: the header and its line are shown.
        assert_eq!(s.unknown_headers, [(12, "Moderator".to_string(), true)]);
        assert_eq!(s.orphans, [(13, "got it".to_string())]);
        // Inside a message, a `From:` naming no player is a line of it.
        let s = split_bulk("From: Kestrel\nkill Vex\nFrom: my heart\nTo: you", resolve);
        assert_eq!(
            s.texts,
            [(0, "kill Vex\nFrom: my heart\nTo: you".to_string())]
        );
        assert_eq!(s.unknown_headers, [(3, "my heart".to_string(), false)]);
    }

    #[test]
    fn a_reply_context_is_no_line_of_the_message_above() {
        let names = ["Kestrel", "Vex"];
        let resolve = |n: &str| names.iter().position(|x| *x == n);
        // A DM copy: Kestrel changes her target; the moderator then
        // replies to her first message, whose line Discord shows again
        // above the reply. Taken as Kestrel's, it would be her last word.
        let pile = "Kestrel — Today at 7:02 PM\nkill Vex\n[7:04 PM]\nkill Ann (edited)\n\
                    @Kestrel\nkill Vex\nModerator — Today at 7:06 PM\ngot it\n\
                    @Moderator\ngot it\nVex\n — Today at 7:08 PM\ncheck Kestrel";
        let s = split_bulk(pile, resolve);
        assert_eq!(
            s.texts,
            [
                (0, "kill Vex\n[7:04 PM]\nkill Ann".to_string()),
                (1, "check Kestrel".to_string()),
            ]
        );
        assert_eq!(
            s.replies,
            [
                (5, 6, "Kestrel".to_string()),
                (9, 10, "Moderator".to_string())
            ]
        );
        assert_eq!(s.orphans, [(8, "got it".to_string())]);
        let problems = bulk_problems(&s);
        assert!(
            problems[1]
                .starts_with("lines 5-6: the message by Kestrel that a Discord reply answers")
        );
        // Typed headers alone: the lines stay as written.
        let s = split_bulk_typed(
            "Kestrel:\nkill Ann (edited)\n@Vex\nhi\nVex — Today at 7:08 PM",
            resolve,
        );
        assert_eq!(
            s.texts,
            [(
                0,
                "kill Ann (edited)\n@Vex\nhi\nVex — Today at 7:08 PM".to_string()
            )]
        );
    }

    #[test]
    fn a_forms_sheet_is_one_section_per_response() {
        let names = ["Kestrel", "Vex"];
        let resolve = |n: &str| names.iter().position(|x| *x == n);
        // Two responses from Kestrel (the later one counts as a later
        // message), one from someone not in the game, one with no name.
        let sheet = "Timestamp\tDiscord name\tNight action\n\
                     11/28/2026 19:02:11\tKestrel\tkill Vex\n\
                     11/28/2026 19:04:40\tVex\t\"protect Kestrel\nwatch\"\n\
                     11/28/2026 19:20:00\tZed\tkill Kestrel\n\
                     11/28/2026 19:25:00\t\tcheck Vex\n\
                     11/28/2026 19:30:02\tKestrel\tkill Nova\n";
        let s = split_bulk(sheet, resolve);
        assert_eq!(
            s.texts,
            [
                (0, "kill Vex\nkill Nova".to_string()),
                (1, "protect Kestrel\nwatch".to_string()),
            ]
        );
        // Lines named as the sheet's: Zed's response starts on line 5, the
        // nameless one on line 6.
        assert_eq!(
            s.unknown_headers,
            [
                (5, "Zed".to_string(), true),
                (6, "(no name, line 6)".to_string(), true)
            ]
        );
        assert_eq!(
            s.orphans,
            [
                (5, "kill Kestrel".to_string()),
                (6, "check Vex".to_string())
            ]
        );
        assert!(
            s.read_as
                .unwrap()
                .starts_with("Read as a form's responses sheet: 5 responses")
        );
        // Typed headers alone: the sheet is no pile of messages.
        assert!(split_bulk_typed(sheet, resolve).texts.is_empty());
    }

    #[test]
    fn small_sort_is_stable() {
        let mut v = [(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd')];
        sort_small(&mut v, |p| p.0);
        assert_eq!(v, [(1, 'b'), (1, 'd'), (2, 'a'), (2, 'c')]);
    }

    #[test]
    fn maps_keep_the_last_of_a_key() {
        let m = map_of([("b", 1), ("a", 2), ("b", 3)]);
        assert_eq!(m.into_iter().collect::<Vec<_>>(), [("a", 2), ("b", 3)]);
    }

    #[test]
    fn headers_split_messages() {
        let names = ["Ann", "Bob", "Harbor Lights"];
        let find = |n: &str| names.iter().position(|m| m.eq_ignore_ascii_case(n));
        let text = "stray\n== Ann ==\nkill Bob\n\nHarbor lights:\nprotect Ann\nend\n== Nobody ==\ncheck Ann\n**Bob**:\nwatch\nsorry, amending:\nok amending:\nwatch Ann\nAnn:\nexpose Bob\n\nZed:\nkill Ann";
        let s = split_bulk(text, find);
        assert_eq!(
            s.texts,
            vec![
                (0, "kill Bob\nexpose Bob".to_string()),
                (2, "protect Ann\nend".to_string()),
                (
                    1,
                    "watch\nsorry, amending:\nok amending:\nwatch Ann".to_string()
                ),
            ]
        );
        assert_eq!(
            s.orphans,
            vec![
                (1, "stray".to_string()),
                (9, "check Ann".to_string()),
                (19, "kill Ann".to_string())
            ]
        );
        // `== Nobody ==` and `Zed:` after a blank line are headers of
        // someone not in the game: what follows is nobody's. `ok
        // amending:` inside Bob's message is a line of it, listed so the
        // moderator sees it was no header.
        assert_eq!(
            s.unknown_headers,
            vec![
                (8, "Nobody".to_string(), true),
                (13, "ok amending".to_string(), false),
                (18, "Zed".to_string(), true)
            ]
        );
        let mut drafts = std::collections::BTreeMap::from([
            ("Ann".to_string(), "kill Cid\nend".to_string()),
            (
                "Bob".to_string(),
                "x\nwatch\nsorry, amending:\nok amending:\nwatch Ann".to_string(),
            ),
        ]);
        let account = take_bulk(&mut drafts, &s, |i| names[i].to_string());
        assert_eq!(
            account.taken,
            vec![
                ("Ann".to_string(), Taken::Added, 2),
                ("Harbor Lights".to_string(), Taken::New, 2),
                ("Bob".to_string(), Taken::Unchanged, 4),
            ]
        );
        assert_eq!(drafts["Ann"], "kill Cid\nkill Bob\nexpose Bob\nend");
        assert_eq!(account.problems.len(), 4, "{:?}", account.problems);
        assert!(account.problems[3].starts_with("lines 1, 9, 19 under no player"));
        assert_eq!(header("kill Bob: now"), None);
        assert_eq!(header("a*b:"), None);
        assert_eq!(header("=== Cid ===").map(|h| h.name), Some("Cid"));
    }

    /// The same pile split twice: nothing is added twice, not even before
    /// an `end` line, and a line corrected by hand in between stays
    /// corrected; a pile that grew gives only what was added; another
    /// pile's part is taken as [`take_text`] takes it.
    #[test]
    fn a_pile_split_again_takes_only_what_is_new() {
        let names = ["Ann", "Bob"];
        let split = |t: &str| split_bulk(t, |n| names.iter().position(|m| *m == n));
        let take = |d: &mut std::collections::BTreeMap<String, String>,
                    seen: &mut std::collections::BTreeMap<String, String>,
                    s: &BulkSplit<usize>| {
            s.texts
                .iter()
                .map(|(p, t)| take_part(d, seen, p.to_string(), names[*p].to_string(), t).1)
                .collect::<Vec<_>>()
        };
        let pile = "Ann:\n13 m E\n14 v 2\n\nBob:\n5 i\nend";
        let mut drafts =
            std::collections::BTreeMap::from([("Bob".to_string(), "6 v 1\nend".to_string())]);
        let mut seen = std::collections::BTreeMap::new();
        assert_eq!(
            take(&mut drafts, &mut seen, &split(pile)),
            [Taken::New, Taken::Added]
        );
        assert_eq!(drafts["Bob"], "6 v 1\n5 i\nend\nend");
        // Ann's move corrected by hand, then the same pile split again.
        drafts.insert("Ann".into(), "13 m F\n14 v 2".into());
        let before = drafts.clone();
        assert_eq!(
            take(&mut drafts, &mut seen, &split(pile)),
            [Taken::Before, Taken::Before]
        );
        assert_eq!(drafts, before);
        // The pile grew: Ann's second message, under a header of its own.
        let grown = format!("{pile}\n\nAnn:\n15 v 3");
        assert_eq!(
            take(&mut drafts, &mut seen, &split(&grown)),
            [Taken::Added, Taken::Before]
        );
        assert_eq!(drafts["Ann"], "13 m F\n14 v 2\n15 v 3");
        // Another pile: Ann sends her first move again (it counts again,
        // a later line replacing an earlier one, R3.5).
        assert_eq!(
            take(&mut drafts, &mut seen, &split("Ann:\n13 m E")),
            [Taken::Added]
        );
        assert_eq!(drafts["Ann"], "13 m F\n14 v 2\n15 v 3\n13 m E");
        // A part shorter than, or edited from, the last one is another part.
        assert_eq!(seen["0"], PartSeen::of("13 m E").to_string());
        assert!(seen["0"].starts_with("6 "), "{}", seen["0"]);
        assert_eq!(PartSeen::read(&seen["0"]), Some(PartSeen::of("13 m E")));
        assert_eq!(PartSeen::read("x"), None);
        let r = PartSeen::of("ab\ncd");
        assert_eq!(r.new_in("ab\ncd"), None);
        assert_eq!(r.new_in("ab\ncd\nef"), Some("ef"));
        assert_eq!(r.new_in("ab\ncdef"), Some("ab\ncdef"));
        assert_eq!(r.new_in("ab"), Some("ab"));
        assert_eq!(r.new_in("ab\ncx"), Some("ab\ncx"));
        assert_eq!(r.new_in("é\ncd"), Some("é\ncd"));
    }

    #[test]
    fn a_split_taken_a_player_at_a_time_keeps_an_edit_made_between() {
        // The pile: Ann's and Bob's parts, and a line under no header.
        let names = ["Ann", "Bob"];
        let s = split_bulk("hello mod\nAnn:\nkill Bob\n\nBob:\nwatch Ann\n", |n| {
            names.iter().position(|m| *m == n)
        });
        let mut drafts = std::collections::BTreeMap::new();
        let name = |i: usize| names[i].to_string();
        let (p, t) = &s.texts[0];
        assert_eq!(
            take_text(&mut drafts, name(*p), t),
            ("Ann".to_string(), Taken::New, 1)
        );
        // Bob types into his box before his part is taken: the part comes
        // after what he typed (a later line replaces an earlier one, S2.5).
        drafts.insert("Bob".to_string(), "protect Ann".to_string());
        let (p, t) = &s.texts[1];
        assert_eq!(
            take_text(&mut drafts, name(*p), t),
            ("Bob".to_string(), Taken::Added, 1)
        );
        assert_eq!(drafts["Ann"], "kill Bob");
        assert_eq!(drafts["Bob"], "protect Ann\nwatch Ann");
        // Taken again, each part is already there.
        for (p, t) in &s.texts {
            assert_eq!(take_text(&mut drafts, name(*p), t).1, Taken::Unchanged);
        }
        // The problems are the split's whole account of what was not taken.
        assert_eq!(
            bulk_problems(&s),
            vec!["line 1 under no player's header, so not taken for anyone".to_string()]
        );
    }
}
