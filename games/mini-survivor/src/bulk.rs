//! Splitting one pasted pile of submissions into per-player texts: the way
//! a moderator copies a stack of DMs, with a header line per player
//! (`Kraken:` or `== Kraken ==`). The splitter is the shared one
//! ([`console_core::text::split_bulk`]); this names the players.

use crate::player::{PlayerId, Roster, RosterError};
use console_core::text::BulkSplit;
use serde::{Deserialize, Serialize};

/// Splits a bulk paste by header lines naming players of `roster`.
pub fn split_bulk(roster: &Roster, text: &str) -> BulkSplit<PlayerId> {
    console_core::text::split_bulk(text, |name| roster.find(name))
}

/// A bulk paste to be split away from the page (the site's worker: a
/// pasted megabyte is read there without blocking the page, issue 20):
/// the roster as [`Roster::renamed`] takes it, and the text as pasted.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BulkRequest {
    /// The players' current names, roster order.
    pub names: Vec<String>,
    /// Former names (R10.1): (slot index, folded name), oldest first.
    pub former: Vec<(usize, String)>,
    /// The pasted text, invisible characters not yet folded.
    pub text: String,
}

/// A [`BulkSplit`] as plain data (players by roster index), the answer to
/// a [`BulkRequest`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitData {
    /// (player index, text) in order of first appearance.
    pub texts: Vec<(usize, String)>,
    /// (1-based line, text) of lines under no player's header.
    pub orphans: Vec<(u32, String)>,
    /// (1-based line, name, taken for a header) of header-like lines
    /// naming no player.
    pub unknown_headers: Vec<(u32, String, bool)>,
}

impl BulkRequest {
    /// The request for `text` pasted in a game of `roster`.
    pub fn new(roster: &Roster, text: String) -> BulkRequest {
        BulkRequest {
            names: roster.names().to_vec(),
            former: roster.former(),
            text,
        }
    }

    /// The text split as [`split_bulk`] splits it for the roster, after
    /// folding away invisible characters ([`console_core::text::visible`]).
    ///
    /// # Errors
    ///
    /// The names are not a roster ([`Roster::new`]).
    pub fn split(&self) -> Result<SplitData, RosterError> {
        let roster = Roster::new(&self.names)?.renamed(&self.names, &self.former)?;
        let text = console_core::text::visible(&self.text);
        Ok(SplitData::from(split_bulk(&roster, &text)))
    }
}

impl From<BulkSplit<PlayerId>> for SplitData {
    fn from(s: BulkSplit<PlayerId>) -> SplitData {
        SplitData {
            texts: s.texts.into_iter().map(|(p, t)| (p.index(), t)).collect(),
            orphans: s.orphans,
            unknown_headers: s.unknown_headers,
        }
    }
}

impl SplitData {
    /// The split with its players as ids again.
    pub fn into_split(self) -> BulkSplit<PlayerId> {
        let mut s = BulkSplit::default();
        s.texts = self
            .texts
            .into_iter()
            .map(|(i, t)| (PlayerId::from(i), t))
            .collect();
        s.orphans = self.orphans;
        s.unknown_headers = self.unknown_headers;
        s
    }
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

    /// The worker's reading is the page's: the same split through a
    /// request and its JSON answer, with a former name (R10.1) and
    /// invisible characters folded (a zero-width space in a header).
    #[test]
    fn a_request_splits_as_the_roster_does() {
        let r = Roster::new(["Kraken", "Harbor Lights", "Bob"])
            .unwrap()
            .renamed(
                &["Kraken", "Harbor Lights", "Robert"],
                &[(2, "Bob".to_string())],
            )
            .unwrap();
        let text = "stray\n== Kra\u{200B}ken ==\n11 v 3\nBob:\n5 i\nNobody:\n6 i\n== Nobody ==\n1 v 2\nKraken:\n12 v 4";
        let json = serde_json::to_string(&BulkRequest::new(&r, text.to_string())).unwrap();
        let req: BulkRequest = serde_json::from_str(&json).unwrap();
        let answer = serde_json::to_string(&req.split().unwrap()).unwrap();
        let back: SplitData = serde_json::from_str(&answer).unwrap();
        let direct = split_bulk(&r, &console_core::text::visible(text));
        assert_eq!(back.into_split(), direct);
        assert_eq!(
            direct.texts[1],
            (PlayerId::from(2), "5 i\nNobody:\n6 i".to_string())
        );
        assert_eq!(
            direct.texts[0],
            (PlayerId::from(0), "11 v 3\n12 v 4".to_string())
        );
    }
}
