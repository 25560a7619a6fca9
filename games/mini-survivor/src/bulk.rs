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
/// pasted megabyte is read there without blocking the page):
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
    /// (first line, last line, author) of a Discord reply's context,
    /// taken for nobody.
    #[serde(default)]
    pub replies: Vec<(u32, u32, String)>,
    /// How the paste was read when not as a pile of messages (a form's
    /// responses sheet).
    #[serde(default)]
    pub read_as: Option<String>,
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

/// The roster part of a [`BulkRequest`] (its first line as text).
#[derive(Serialize, Deserialize)]
struct RosterPart {
    names: Vec<String>,
    former: Vec<(usize, String)>,
}

/// The header of a [`SplitData`] as text: the texts' lengths in bytes.
#[derive(Serialize, Deserialize)]
struct SplitHead {
    texts: Vec<(usize, usize)>,
    orphans: Vec<(u32, String)>,
    unknown_headers: Vec<(u32, String, bool)>,
    #[serde(default)]
    replies: Vec<(u32, u32, String)>,
    #[serde(default)]
    read_as: Option<String>,
}

impl BulkRequest {
    /// The request as one text: the roster as JSON on the first line
    /// (JSON has no raw line break), then the pasted text as it is, so a
    /// megabyte is not escaped and unescaped on the way.
    pub fn to_text(&self) -> String {
        let head = serde_json::to_string(&RosterPart {
            names: self.names.clone(),
            former: self.former.clone(),
        })
        .unwrap_or_default();
        let mut out = String::with_capacity(head.len() + 1 + self.text.len());
        out.push_str(&head);
        out.push('\n');
        out.push_str(&self.text);
        out
    }

    /// A request from [`BulkRequest::to_text`].
    ///
    /// # Errors
    ///
    /// No first line, or a first line that is not the roster's JSON.
    pub fn from_text(text: &str) -> Result<BulkRequest, String> {
        let (head, rest) = text.split_once('\n').ok_or("no roster line")?;
        let r: RosterPart = serde_json::from_str(head).map_err(|e| e.to_string())?;
        Ok(BulkRequest {
            names: r.names,
            former: r.former,
            text: rest.to_string(),
        })
    }
}

impl SplitData {
    /// The split as one text: a JSON line with each text's player and
    /// length in bytes and the lines not taken, then the texts one after
    /// another as they are (not escaped).
    pub fn to_text(&self) -> String {
        let head = serde_json::to_string(&SplitHead {
            texts: self.texts.iter().map(|(p, t)| (*p, t.len())).collect(),
            orphans: self.orphans.clone(),
            unknown_headers: self.unknown_headers.clone(),
            replies: self.replies.clone(),
            read_as: self.read_as.clone(),
        })
        .unwrap_or_default();
        let mut out = head;
        out.push('\n');
        for (_, t) in &self.texts {
            out.push_str(t);
        }
        out
    }

    /// A split from [`SplitData::to_text`].
    ///
    /// # Errors
    ///
    /// No first line, a first line that is not the header's JSON, or
    /// lengths that do not fit the texts that follow.
    pub fn from_text(text: &str) -> Result<SplitData, String> {
        let (head, mut rest) = text.split_once('\n').ok_or("no header line")?;
        let h: SplitHead = serde_json::from_str(head).map_err(|e| e.to_string())?;
        let mut texts = Vec::with_capacity(h.texts.len());
        for (p, len) in h.texts {
            if !rest.is_char_boundary(len) || len > rest.len() {
                return Err(format!("the text of player {p} is cut off"));
            }
            let (t, more) = rest.split_at(len);
            texts.push((p, t.to_string()));
            rest = more;
        }
        if !rest.is_empty() {
            return Err("text left after the last player's".to_string());
        }
        Ok(SplitData {
            texts,
            orphans: h.orphans,
            unknown_headers: h.unknown_headers,
            replies: h.replies,
            read_as: h.read_as,
        })
    }
}

impl From<BulkSplit<PlayerId>> for SplitData {
    fn from(s: BulkSplit<PlayerId>) -> SplitData {
        SplitData {
            texts: s.texts.into_iter().map(|(p, t)| (p.index(), t)).collect(),
            orphans: s.orphans,
            unknown_headers: s.unknown_headers,
            replies: s.replies,
            read_as: s.read_as,
        }
    }
}

impl SplitData {
    /// The split with its players as ids again.
    pub fn into_split(self) -> BulkSplit<PlayerId> {
        BulkSplit {
            texts: self
                .texts
                .into_iter()
                .map(|(i, t)| (PlayerId::from(i), t))
                .collect(),
            orphans: self.orphans,
            unknown_headers: self.unknown_headers,
            replies: self.replies,
            read_as: self.read_as,
        }
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
                // Chatter ending in ':' is a line of Bob's text.
                (PlayerId::from(2), "5 i\nsorry, amending:\n6 i".to_string()),
            ]
        );
    }

    /// A Discord channel copy: the line a reply answers, shown again above
    /// it, is taken for nobody and said so, through the worker's answer
    /// too; an edited line's mark comes off.
    #[test]
    fn a_reply_context_is_nobody_s_order() {
        let r = Roster::new(["Kraken", "Harbor Lights", "Bob"]).unwrap();
        let text = "Kraken — Today at 18:00\n11 v 3\nBob — Today at 18:02\n5 i (edited)\n@Kraken\n11 v 3\nHarbor Lights — Today at 18:03\nlol same";
        let answer = BulkRequest::new(&r, text.to_string())
            .split()
            .unwrap()
            .to_text();
        let s = SplitData::from_text(&answer).unwrap().into_split();
        assert_eq!(
            s.texts,
            [
                (PlayerId::from(0), "11 v 3".to_string()),
                (PlayerId::from(2), "5 i".to_string()),
                (PlayerId::from(1), "lol same".to_string()),
            ]
        );
        assert_eq!(s.replies, [(5, 6, "Kraken".to_string())]);
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
        let sent = BulkRequest::new(&r, text.to_string()).to_text();
        let req = BulkRequest::from_text(&sent).unwrap();
        assert_eq!(req.text, text);
        let answer = req.split().unwrap().to_text();
        let back = SplitData::from_text(&answer).unwrap();
        // A cut-off answer is an error, not a shorter text.
        assert!(SplitData::from_text(&answer[..answer.len() - 1]).is_err());
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
