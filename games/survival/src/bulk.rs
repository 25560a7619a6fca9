//! Splitting one pasted pile of private messages into per-player texts: a
//! moderator copies a stack of DMs with a header line per player
//! (`== Name ==`, `Name:` or `**Name**:` on its own line).

use crate::line::lines;
use crate::roster::{Names, PlayerId, Read, Roster};
use console_core::names::check_name;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The result of splitting a bulk paste.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct BulkSplit {
    /// Player -> text; a player's several sections are joined in order.
    pub texts: BTreeMap<PlayerId, String>,
    /// Non-blank lines that belong to nobody (before the first header or
    /// under an unknown header): (1-based line, text).
    pub orphans: Vec<(u32, String)>,
    /// Header lines naming no player: (1-based line, name as written).
    pub unknown_headers: Vec<(u32, String)>,
    /// Header names read by a nickname or a guess (S2.3): (1-based line,
    /// name as written, the reading).
    #[serde(default)]
    pub guesses: Vec<(u32, String, Read)>,
}

/// The name in a header line, if the line is one: `== Name ==`, or
/// `Name:` / `**Name**:` alone on its line with a name S1.1 allows.
pub fn header(line: &str) -> Option<&str> {
    let t = line.trim();
    if let Some(inner) = t.strip_prefix("==").and_then(|s| s.strip_suffix("==")) {
        let name = inner.trim().trim_matches('=').trim();
        return (!name.is_empty()).then_some(name);
    }
    let name = t.strip_suffix(':')?.trim();
    let name = name
        .strip_prefix("**")
        .and_then(|n| n.strip_suffix("**"))
        .unwrap_or(name)
        .trim();
    check_name(name).is_ok().then_some(name)
}

/// Splits a bulk paste by header lines naming players of `roster` (S2.3,
/// with no nicknames).
pub fn split_bulk(roster: &Roster, text: &str) -> BulkSplit {
    split_bulk_with(&roster.reader(), text)
}

/// Splits a bulk paste by header lines naming players as `names` reads
/// them (S2.3: a full name or nickname, else a guess, listed).
pub fn split_bulk_with(names: &Names, text: &str) -> BulkSplit {
    let mut out = BulkSplit::default();
    let mut current: Option<PlayerId> = None;
    for (i, line) in lines(text).enumerate() {
        let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
        if let Some(name) = header(line) {
            match names.exact(name).or_else(|| names.read(name).ok()) {
                Some(read) => {
                    let p = read.player;
                    if read.how != console_core::names::How::Full {
                        out.guesses.push((number, name.to_string(), read));
                    }
                    let t = out.texts.entry(p).or_default();
                    if !t.is_empty() {
                        t.truncate(t.trim_end().len());
                        t.push('\n');
                    }
                    current = Some(p);
                }
                None => {
                    out.unknown_headers.push((number, name.to_string()));
                    current = None;
                }
            }
            continue;
        }
        match current {
            Some(p) => {
                let t = out.texts.entry(p).or_default();
                t.push_str(line);
                t.push('\n');
            }
            None if !line.trim().is_empty() => out.orphans.push((number, line.to_string())),
            None => {}
        }
    }
    for t in out.texts.values_mut() {
        let end = t.trim_end().len();
        t.truncate(end);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_split_messages() {
        let r = Roster::new(&["Ann", "Bob", "Cid", "Harbor Lights", "Eve"]).unwrap();
        let text = "stray\n== Ann ==\nkill Bob\n\nHarbor lights:\nprotect Ann\nend\nNobody:\ncheck Ann\n**Bob**:\nwatch\nAnn:\nexpose Eve";
        let s = split_bulk(&r, text);
        let id = |n: &str| r.find(n).unwrap();
        assert_eq!(s.texts[&id("Ann")], "kill Bob\nexpose Eve");
        assert_eq!(s.texts[&id("Harbor Lights")], "protect Ann\nend");
        assert_eq!(s.texts[&id("Bob")], "watch");
        assert_eq!(s.unknown_headers, vec![(8, "Nobody".to_string())]);
        assert_eq!(
            s.orphans,
            vec![(1, "stray".to_string()), (9, "check Ann".to_string())]
        );
        // A line that is not a name is no header.
        assert_eq!(header("kill Bob: now"), None);
        assert_eq!(header("a*b:"), None);
        assert_eq!(header("=== Cid ==="), Some("Cid"));
        // Names as players write them: folded, and a part of the name.
        let r = Roster::new(&["Zoë", "TheRealGin-N-Tonic", "Cid", "Dee", "Eve"]).unwrap();
        let s = split_bulk(&r, "Zoe:\nwatch\nGin:\ncheck Zoë");
        assert_eq!(s.texts.len(), 2);
        assert_eq!(s.guesses.len(), 1);
        assert_eq!(s.guesses[0].1, "Gin");
    }
}
