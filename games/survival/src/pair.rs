//! The two names of `buddies NAME NAME` (S2.3): separated by `and`, `&`,
//! `,` or whitespace; the split must be the only one that yields two names,
//! preferring to keep a full name with spaces whole.

use crate::report::{NameProblem, Reason};
use crate::roster::{Names, PlayerId};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Token<'a> {
    Word(&'a str),
    /// `,` or `&`.
    Sep,
}

fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        let sep = c == ',' || c == '&';
        if sep || c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push(Token::Word(&text[s..i]));
            }
            if sep {
                out.push(Token::Sep);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(Token::Word(&text[s..]));
    }
    out
}

fn is_and(t: Token<'_>) -> bool {
    matches!(t, Token::Word(w) if w.eq_ignore_ascii_case("and"))
}

/// The words of a part joined by single spaces, or `None` if the part is
/// empty or holds a separator.
fn join(part: &[Token<'_>]) -> Option<String> {
    if part.is_empty() {
        return None;
    }
    let mut s = String::new();
    for t in part {
        match t {
            Token::Word(w) => {
                if !s.is_empty() {
                    s.push(' ');
                }
                s.push_str(w);
            }
            Token::Sep => return None,
        }
    }
    Some(s)
}

/// Reads the two players of a `buddies` line (S2.3). They may be the same
/// player (the caller rejects that under S3.7).
///
/// # Errors
///
/// [`Reason::BuddiesSplit`] when no split or several splits yield two names, or
/// the name error of a part around the only separator.
pub fn split_pair(names: &Names, text: &str) -> Result<[PlayerId; 2], Reason> {
    let toks = tokens(text);
    // (pair, cut position in tokens when the split is at a gap between words)
    let mut valid: Vec<([PlayerId; 2], Option<usize>)> = Vec::new();
    let mut explicit: Vec<usize> = Vec::new();
    for k in 0..toks.len() {
        // A separator token (or the word `and`) at k.
        if toks[k] == Token::Sep || is_and(toks[k]) {
            explicit.push(k);
            if let (Some(a), Some(b)) = (join(&toks[..k]), join(&toks[k + 1..]))
                && let (Ok(a), Ok(b)) = (names.resolve(&a), names.resolve(&b))
            {
                valid.push(([a, b], None));
            }
        }
        // A gap between the words at k and k + 1.
        if k + 1 < toks.len()
            && matches!(toks[k], Token::Word(_))
            && matches!(toks[k + 1], Token::Word(_))
            && let (Some(a), Some(b)) = (join(&toks[..=k]), join(&toks[k + 1..]))
            && let (Ok(a), Ok(b)) = (names.resolve(&a), names.resolve(&b))
        {
            valid.push(([a, b], Some(k)));
        }
    }
    let distinct = |v: &[([PlayerId; 2], Option<usize>)]| -> Vec<[PlayerId; 2]> {
        let mut d: Vec<[PlayerId; 2]> = Vec::new();
        for (p, _) in v {
            if !d.contains(p) {
                d.push(*p);
            }
        }
        d
    };
    let all = distinct(&valid);
    if all.len() == 1 {
        return Ok(all[0]);
    }
    if all.len() > 1 {
        // Prefer the splits that do not cut a full name with spaces.
        let cuts_full_name = |k: usize| {
            (0..=k).any(|i| {
                (k + 1..toks.len()).any(|j| {
                    join(&toks[i..=j]).is_some_and(|s| s.contains(' ') && names.is_full_name(&s))
                })
            })
        };
        let keep: Vec<_> = valid
            .iter()
            .copied()
            .filter(|(_, cut)| cut.is_none_or(|k| !cuts_full_name(k)))
            .collect();
        let kept = distinct(&keep);
        if kept.len() == 1 {
            return Ok(kept[0]);
        }
        return Err(Reason::BuddiesSplit { splits: all.len() });
    }
    // No split works: name the problem around a single explicit separator.
    if let [k] = explicit[..]
        && let (Some(a), Some(b)) = (join(&toks[..k]), join(&toks[k + 1..]))
    {
        for part in [a, b] {
            if let Err(e) = names.resolve(&part) {
                let candidates = match &e {
                    console_core::names::MatchError::Ambiguous(_, v) => {
                        v.iter().copied().map(PlayerId::from_index).collect()
                    }
                    _ => names.nearest(&part),
                };
                return Err(Reason::Name {
                    error: NameProblem::from(e),
                    candidates,
                });
            }
        }
    }
    Err(Reason::BuddiesSplit { splits: 0 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roster::Roster;

    fn roster(names: &[&str]) -> Roster {
        Roster::new(names).unwrap()
    }

    fn names(r: &Roster, t: &str) -> Result<[String; 2], Reason> {
        split_pair(&r.reader(), t).map(|[a, b]| [r.name(a).to_string(), r.name(b).to_string()])
    }

    #[test]
    fn separators_s2_3() {
        let r = roster(&["Ann", "Bob", "Eve", "Fay", "Gus", "Harbor Lights"]);
        assert_eq!(names(&r, "Fay & Gus").unwrap(), ["Fay", "Gus"]);
        assert_eq!(names(&r, "Eve and Fay").unwrap(), ["Eve", "Fay"]);
        assert_eq!(names(&r, "Eve AND Fay").unwrap(), ["Eve", "Fay"]);
        assert_eq!(
            names(&r, "Harbor Lights, Gus").unwrap(),
            ["Harbor Lights", "Gus"]
        );
        assert_eq!(
            names(&r, "Harbor Lights Gus").unwrap(),
            ["Harbor Lights", "Gus"]
        );
        assert_eq!(names(&r, "gus,harbor").unwrap(), ["Gus", "Harbor Lights"]);
        assert_eq!(names(&r, "Fay Fay").unwrap(), ["Fay", "Fay"]);
        assert_eq!(names(&r, "Ann"), Err(Reason::BuddiesSplit { splits: 0 }));
        assert_eq!(names(&r, ""), Err(Reason::BuddiesSplit { splits: 0 }));
        assert!(matches!(
            names(&r, "Ann & Zed"),
            Err(Reason::Name {
                error: NameProblem::Unknown(_),
                ..
            })
        ));
    }

    #[test]
    fn a_full_name_with_spaces_stays_whole() {
        // "Ann Lee Bob": Ann | Lee Bob, or Ann Lee | Bob. The second keeps
        // the full name "Ann Lee" whole; the first cuts nothing spaced
        // either ("Lee Bob" is a full name too): ambiguous.
        let r = roster(&["Ann", "Ann Lee", "Lee Bob", "Bob", "Cid"]);
        assert_eq!(
            names(&r, "Ann Lee Bob"),
            Err(Reason::BuddiesSplit { splits: 2 })
        );
        // With an explicit separator there is one reading.
        assert_eq!(names(&r, "Ann Lee & Bob").unwrap(), ["Ann Lee", "Bob"]);
        // "Ann Lee Cid": Ann | Lee Cid fails, Ann Lee | Cid works.
        assert_eq!(names(&r, "Ann Lee Cid").unwrap(), ["Ann Lee", "Cid"]);
        let r = roster(&["Ann", "Ann Lee", "Lee", "Cid", "Dee"]);
        // Ann | Lee and Ann Lee alone: the only split yielding two names.
        assert_eq!(names(&r, "Ann Lee").unwrap(), ["Ann", "Lee"]);
        // Ann | Lee Cid fails; Ann Lee | Cid keeps the full name whole.
        assert_eq!(names(&r, "Ann Lee Cid").unwrap(), ["Ann Lee", "Cid"]);
    }
}
