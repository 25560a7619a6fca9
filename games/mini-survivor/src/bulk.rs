//! Splitting one pasted pile of submissions into per-player texts: the way a
//! moderator copies a stack of DMs, with a header line per player
//! (`Kraken:` or `== Kraken ==`).

use crate::player::{PlayerId, Roster};

/// The result of splitting a bulk paste.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BulkSplit {
    /// (player, text) in order of appearance; a player's several sections are joined.
    pub submissions: Vec<(PlayerId, String)>,
    /// Non-blank lines under no player's header (before the first header,
    /// or under a header naming no player), by 1-based line number: they
    /// belong to nobody.
    pub orphans: Vec<(u32, String)>,
    /// Header-looking lines naming no player: (line number, name as written).
    pub unknown_headers: Vec<(u32, String)>,
}

/// The name in a header line, if the line is one: `== Name ==`, `Name:`
/// (alone on its line), or `**Name**:`.
fn header(line: &str) -> Option<&str> {
    let t = line.trim();
    if let Some(inner) = t.strip_prefix("==").and_then(|s| s.strip_suffix("==")) {
        return Some(inner.trim().trim_matches('=').trim());
    }
    let name = t.strip_suffix(':')?.trim();
    let name = name
        .strip_prefix("**")
        .and_then(|n| n.strip_suffix("**"))
        .unwrap_or(name);
    // An order line never ends with ':' after a number; a header does not start with a digit.
    (!name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit())).then_some(name)
}

/// Splits a bulk paste by header lines naming players of `roster`.
pub fn split_bulk(roster: &Roster, text: &str) -> BulkSplit {
    let mut out = BulkSplit::default();
    let mut current: Option<usize> = None;
    for (i, line) in text.lines().enumerate() {
        let number = i as u32 + 1;
        if let Some(name) = header(line) {
            match roster.find(name) {
                Some(p) => {
                    let idx = out
                        .submissions
                        .iter()
                        .position(|(q, _)| *q == p)
                        .unwrap_or_else(|| {
                            out.submissions.push((p, String::new()));
                            out.submissions.len() - 1
                        });
                    current = Some(idx);
                }
                None => {
                    out.unknown_headers.push((number, name.to_string()));
                    current = None;
                }
            }
            continue;
        }
        match current {
            Some(idx) => {
                let text = &mut out.submissions[idx].1;
                text.push_str(line);
                text.push('\n');
            }
            None if !line.trim().is_empty() => out.orphans.push((number, line.to_string())),
            None => {}
        }
    }
    for (_, t) in &mut out.submissions {
        let trimmed = t.trim_end().len();
        t.truncate(trimmed);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_split_submissions() {
        let r = Roster::new(["Kraken", "Harbor Lights", "Bob"]).unwrap();
        let text = "stray\n== Kraken ==\n11 v 3\n\nHarbor lights:\n10 m B\nend\nNobody:\n1 v 2\n**Bob**:\n5 i\nKraken:\n12 v 4";
        let s = split_bulk(&r, text);
        // lines under an unknown header belong to nobody, and are shown as such
        assert_eq!(
            s.orphans,
            vec![(1, "stray".to_string()), (9, "1 v 2".to_string())]
        );
        assert_eq!(s.unknown_headers, vec![(8, "Nobody".to_string())]);
        assert_eq!(
            s.submissions,
            vec![
                (PlayerId::from(0), "11 v 3\n\n12 v 4".to_string()),
                (PlayerId::from(1), "10 m B\nend".to_string()),
                (PlayerId::from(2), "5 i".to_string()),
            ]
        );
    }
}
