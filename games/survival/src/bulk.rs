//! Splitting one pasted pile of private messages into per-player texts: a
//! moderator copies a stack of DMs with a header line per player
//! (`== Name ==`, `Name:` or `**Name**:` on its own line). The splitter is
//! the shared one ([`console_core::text::split_bulk`]); this names the
//! players (full name or unique prefix, S2.3).

use crate::roster::{PlayerId, Roster};
use console_core::text::BulkSplit;

/// Splits a bulk paste by header lines naming players of `roster`.
pub fn split_bulk(roster: &Roster, text: &str) -> BulkSplit<PlayerId> {
    console_core::text::split_bulk(text, |name| {
        roster.find(name).or_else(|| roster.resolve(name).ok())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_split_messages() {
        let r = Roster::new(&["Ann", "Bob", "Cid", "Harbor Lights", "Eve"]).unwrap();
        let text = "stray\n== Ann ==\nkill Bob\n\nHarbor lights:\nprotect Ann\nend\n== Nobody ==\ncheck Ann\n**Bob**:\nwatch\nAnn:\nexpose Eve";
        let s = split_bulk(&r, text);
        let id = |n: &str| r.find(n).unwrap();
        assert_eq!(
            s.texts,
            vec![
                (id("Ann"), "kill Bob\nexpose Eve".to_string()),
                (id("Harbor Lights"), "protect Ann\nend".to_string()),
                (id("Bob"), "watch".to_string()),
            ]
        );
        assert_eq!(s.unknown_headers, vec![(8, "Nobody".to_string(), true)]);
        assert_eq!(
            s.orphans,
            vec![(1, "stray".to_string()), (9, "check Ann".to_string())]
        );
    }
}
