//! Splitting one pasted pile of private messages into per-player texts: a
//! moderator copies a stack of DMs with a header line per player
//! (`== Name ==`, `Name:` or `**Name**:` on its own line). The splitter is
//! the shared one ([`console_core::text::split_bulk`]); this names the
//! players as the game reads names (S2.3: full name or nickname, else a
//! guess, each guess listed by [`header_guesses`]).

use crate::line::lines;
use crate::roster::{Names, PlayerId, Read, Roster};
use console_core::names::How;
use console_core::text::{BulkSplit, header};

/// Splits a bulk paste by header lines naming players of `roster` (S2.3,
/// with no nicknames).
pub fn split_bulk(roster: &Roster, text: &str) -> BulkSplit<PlayerId> {
    split_bulk_with(&roster.reader(), text)
}

/// The player a header names: exactly, else by a guess.
fn read(names: &Names, name: &str) -> Option<Read> {
    names.exact(name).or_else(|| names.read(name).ok())
}

/// Splits a bulk paste by header lines naming players as `names` reads
/// them (the game's: [`Game::names`](crate::game::Game::names)).
pub fn split_bulk_with(names: &Names, text: &str) -> BulkSplit<PlayerId> {
    console_core::text::split_bulk(text, |name| read(names, name).map(|r| r.player))
}

/// The header lines of a bulk paste read by a nickname or a guess (S2.3):
/// (1-based line, name as written, the reading), for the moderator to
/// confirm or refuse.
pub fn header_guesses(names: &Names, text: &str) -> Vec<(u32, String, Read)> {
    lines(text)
        .enumerate()
        .filter_map(|(i, l)| {
            let h = header(l)?;
            let r = read(names, h.name)?;
            (r.how != How::Full).then(|| {
                (
                    u32::try_from(i + 1).unwrap_or(u32::MAX),
                    h.name.to_string(),
                    r,
                )
            })
        })
        .collect()
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
        // Names as players write them: folded, and a part of the name.
        let r = Roster::new(&["Zoë", "TheRealGin-N-Tonic", "Cid", "Dee", "Eve"]).unwrap();
        let text = "Zoe:\nwatch\nGin:\ncheck Zoë";
        let s = split_bulk(&r, text);
        assert_eq!(s.texts.len(), 2);
        let g = header_guesses(&r.reader(), text);
        assert_eq!(g.len(), 1);
        assert_eq!((g[0].0, g[0].1.as_str()), (3, "Gin"));
    }
}
