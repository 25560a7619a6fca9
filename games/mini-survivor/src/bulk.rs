//! Splitting one pasted pile of submissions into per-player texts: the way
//! a moderator copies a stack of DMs, with a header line per player
//! (`Kraken:` or `== Kraken ==`). The splitter is the shared one
//! ([`console_core::text::split_bulk`]); this names the players.

use crate::player::{PlayerId, Roster};
use console_core::text::BulkSplit;

/// Splits a bulk paste by header lines naming players of `roster`.
pub fn split_bulk(roster: &Roster, text: &str) -> BulkSplit<PlayerId> {
    console_core::text::split_bulk(text, |name| roster.find(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_split_submissions() {
        let r = Roster::new(["Kraken", "Harbor Lights", "Bob"]).unwrap();
        let text = "stray\n== Kraken ==\n11 v 3\n\nHarbor lights:\n10 m B\nend\n== Nobody ==\n1 v 2\n**Bob**:\n5 i\nsorry, amending:\n6 i\nKraken:\n12 v 4";
        let s = split_bulk(&r, text);
        // lines under an unknown header belong to nobody, and are shown as such
        assert_eq!(
            s.orphans,
            vec![(1, "stray".to_string()), (9, "1 v 2".to_string())]
        );
        assert_eq!(s.unknown_headers, vec![(8, "Nobody".to_string(), true)]);
        assert_eq!(
            s.texts,
            vec![
                (PlayerId::from(0), "11 v 3\n12 v 4".to_string()),
                (PlayerId::from(1), "10 m B\nend".to_string()),
                // Chatter ending in ':' is a line of Bob's text (issue 20).
                (PlayerId::from(2), "5 i\nsorry, amending:\n6 i".to_string()),
            ]
        );
    }
}
