//! Starting a game already under way: a moderator adopting the console in
//! the middle of a game enters the position by hand (or imports a
//! rules-case file, `case`), and the game runs from there like any other
//! (`Origin::Position`: no deal, so no deal commitment).
//!
//! The line-up is text, one line per tribe, as a moderator copies it from
//! their notes:
//!
//! ```text
//! A: 3 Ann, 7 Bob, 12 Cid
//! Beryl: 4 Dee
//! outcasts: 9 Ann, 14 Eve
//! removed: C, D
//! ```
//!
//! A line starts with a tribe (its letter or its name), `outcasts` or
//! `removed`, then a colon. Tribe and outcast lines list survivors as
//! `<ID> <player>` separated by commas; a player is named as in a guess
//! (R3.2: the full name, or a prefix of at least 3 characters naming one
//! player). Tribes not listed exist and are empty. Blank lines are ignored.
//!
//! What the players hold is text too, one line for each player who differs
//! from the defaults (1 idol, 0 garnets, no idol bought, R1.4):
//!
//! ```text
//! Ann: idols 0, garnets 5, bought 1
//! Dee: out 2 voting
//! Bob: award 3
//! ```
//!
//! `out` says when a player with no survivor left was fully eliminated
//! (R8.4; without it, before the first round entered); `award` gives the
//! R8.3 garnet award if it was already fixed (then every player not given
//! one was awarded 0).

use crate::player::{GuessError, PlayerId};
use crate::position::{
    GarnetAward, Holdings, Moment, Origin, Place, Position, Segment, Setup, Survivor,
};
use crate::save::MAX_START_ROUND;
use crate::survivor::SurvivorId;
use crate::tribe::{TribeId, TribeSet};
use std::fmt;
use std::fmt::Write as _;

/// Why an entered position is refused: the 1-based line of the line-up
/// text it is about (if any) and a sentence for the moderator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryError {
    /// 1-based line number in the line-up text, when the problem is on a line.
    pub line: Option<u32>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(n) => write!(f, "line {n}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for EntryError {}

fn at(line: u32, message: impl Into<String>) -> EntryError {
    EntryError {
        line: Some(line),
        message: message.into(),
    }
}

fn general(message: impl Into<String>) -> EntryError {
    EntryError {
        line: None,
        message: message.into(),
    }
}

/// Everything the moderator enters besides the setup: the round about to
/// be played, the line-up text and the players text (see the module
/// documentation).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PositionEntry {
    /// The round about to be played, 1..=[`MAX_START_ROUND`].
    pub round: u16,
    /// The line-up.
    pub lineup: String,
    /// What the players hold, when they were fully eliminated, the award.
    pub players: String,
}

/// What the players text says, per player in roster order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PlayersEntry {
    /// Idols, garnets and purchases (R1.4, R5.4).
    pub holdings: Vec<Holdings>,
    /// When their last survivor fell (R8.4), if given.
    pub out_since: Vec<Option<Moment>>,
    /// The R8.3 award per player, if any player was given one.
    pub award: Option<Vec<u32>>,
}

/// Reads the players text (see the module documentation).
///
/// # Errors
///
/// An [`EntryError`] naming its line for a line without a colon, a name
/// matching no player or several, a player on two lines, an unknown item, or a
/// value that is not a whole number or a moment.
pub fn parse_players(setup: &Setup, text: &str) -> Result<PlayersEntry, EntryError> {
    let n = setup.players.len();
    let mut out = PlayersEntry {
        holdings: vec![
            Holdings {
                idols: 1,
                garnets: 0,
                purchases: 0
            };
            n
        ],
        out_since: vec![None; n],
        award: None,
    };
    let mut seen: Vec<Option<u32>> = vec![None; n];
    for (i, raw) in text.lines().enumerate() {
        let line = i as u32 + 1;
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        let (name, rest) = t
            .split_once(':')
            .ok_or_else(|| at(line, "start the line with a player's name and a colon"))?;
        let p = player(setup, line, name)?;
        if let Some(first) = seen[p.index()].replace(line) {
            return Err(at(
                line,
                format!("{} is on line {first} too", setup.players.name(p)),
            ));
        }
        for item in rest.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = item.split_once(char::is_whitespace).unwrap_or((item, ""));
            let value = value.trim();
            let number = || {
                value
                    .parse::<u32>()
                    .map_err(|_| at(line, format!("{key}: {value:?} is not a whole number")))
            };
            let h = &mut out.holdings[p.index()];
            match key.to_ascii_lowercase().as_str() {
                "idols" | "idol" => h.idols = number()?,
                "garnets" | "garnet" => h.garnets = number()?,
                "bought" => h.purchases = number()?,
                "award" => {
                    let a = number()?;
                    out.award.get_or_insert_with(|| vec![0; n])[p.index()] = a;
                }
                "out" => {
                    out.out_since[p.index()] = parse_moment(value).map_err(|e| at(line, e))?;
                }
                _ => {
                    return Err(at(
                        line,
                        format!("{item:?}: say idols, garnets, bought, out or award, then a value"),
                    ));
                }
            }
        }
    }
    Ok(out)
}

/// The survivors and removed tribes of a line-up text.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Lineup {
    /// Every survivor listed, in the order listed.
    pub survivors: Vec<Survivor>,
    /// Tribes listed as removed.
    pub removed: TribeSet,
}

/// The tribe a line-up label names: its letter, or its display name
/// (ignoring case); `None` for anything else.
fn tribe_label(setup: &Setup, label: &str) -> Option<TribeId> {
    let mut chars = label.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return setup.grid.tribe(c);
    }
    setup
        .grid
        .tribes()
        .find(|t| crate::player::eq_folded(label, setup.tribe_name(*t)))
}

/// One `<ID> <player>` item of a tribe or outcast line.
fn survivor_item(
    setup: &Setup,
    line: u32,
    item: &str,
) -> Result<(SurvivorId, PlayerId), EntryError> {
    let (id, name) = item.split_once(char::is_whitespace).ok_or_else(|| {
        at(
            line,
            format!("{item:?} needs a survivor ID and a player, like \"12 Ann\""),
        )
    })?;
    let id = id
        .parse::<u32>()
        .ok()
        .and_then(SurvivorId::new)
        .ok_or_else(|| at(line, format!("{id:?} is not a survivor ID (1 to 9999)")))?;
    Ok((id, player(setup, line, name)?))
}

/// The player a name in the text names (as a guess does, R3.2).
fn player(setup: &Setup, line: u32, name: &str) -> Result<PlayerId, EntryError> {
    setup.players.resolve_guess(name).map_err(|e| {
        at(
            line,
            match e {
                GuessError::NoMatch => format!("{:?} names no player", name.trim()),
                GuessError::Ambiguous(ps) => format!(
                    "{:?} names several players: {}",
                    name.trim(),
                    ps.iter()
                        .map(|p| setup.players.name(*p))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        )
    })
}

/// Reads a line-up text (see the module documentation) against a setup.
///
/// # Errors
///
/// An [`EntryError`] naming its line for an unknown label or tribe, a line
/// without a colon, a bad survivor ID, a name matching no player or several, a
/// survivor listed twice or a survivor in a removed tribe.
pub fn parse_lineup(setup: &Setup, text: &str) -> Result<Lineup, EntryError> {
    let mut out = Lineup::default();
    let mut members: Vec<(u32, SurvivorId, Place)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i as u32 + 1;
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        let (label, rest) = t.split_once(':').ok_or_else(|| {
            at(
                line,
                "start the line with a tribe, \"outcasts\" or \"removed\", then a colon",
            )
        })?;
        let label = label.trim();
        let items = rest.split(',').map(str::trim).filter(|s| !s.is_empty());
        let place = if label.eq_ignore_ascii_case("removed") {
            for item in items {
                let t = tribe_label(setup, item)
                    .ok_or_else(|| at(line, format!("{item:?} names no tribe of this grid")))?;
                out.removed.insert(t);
            }
            continue;
        } else if label.eq_ignore_ascii_case("outcasts") || label.eq_ignore_ascii_case("outcast") {
            Place::Outcast
        } else {
            Place::Tribe(tribe_label(setup, label).ok_or_else(|| {
                at(
                    line,
                    format!("{label:?} is not a tribe of this grid, \"outcasts\" or \"removed\""),
                )
            })?)
        };
        for item in items {
            let (id, controller) = survivor_item(setup, line, item)?;
            if let Some((first, ..)) = members.iter().find(|m| m.1 == id) {
                let where_ = if *first == line {
                    "on this line".to_string()
                } else {
                    format!("on line {first} too")
                };
                return Err(at(
                    line,
                    format!("survivor {id} is listed twice ({where_})"),
                ));
            }
            members.push((line, id, place));
            out.survivors.push(Survivor {
                id,
                controller,
                place,
            });
        }
    }
    for (line, id, place) in &members {
        if let Place::Tribe(t) = place
            && out.removed.contains(*t)
        {
            return Err(at(
                *line,
                format!("survivor {id} is in tribe {t}, which is listed as removed"),
            ));
        }
    }
    Ok(out)
}

/// Reads when a player was fully eliminated: `"2 voting"`, `"2 v"`,
/// `"round 3 assassination"`, `"3a"`; blank for none.
///
/// # Errors
///
/// A sentence saying what is missing: a round number of at least 1 at the
/// start, or the segment (`a`/`assassination` or `v`/`voting`) after it.
pub fn parse_moment(text: &str) -> Result<Option<Moment>, String> {
    let t = text.trim().to_ascii_lowercase();
    if t.is_empty() {
        return Ok(None);
    }
    let t = t.strip_prefix("round").unwrap_or(&t).trim_start();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let round: u16 = t[..digits]
        .parse()
        .ok()
        .filter(|r| *r >= 1)
        .ok_or_else(|| {
            format!(
                "{:?}: start with a round number, like \"2 voting\"",
                text.trim()
            )
        })?;
    let segment = match t[digits..].trim_start().chars().next() {
        Some('a') => Segment::Assassination,
        Some('v') => Segment::Voting,
        _ => {
            return Err(format!(
                "{:?}: say the segment too, like \"{round} voting\" or \"{round} assassination\"",
                text.trim()
            ));
        }
    };
    Ok(Some(Moment::Segment { round, segment }))
}

/// The position an entry describes, ready to play `entry.round`.
///
/// # Errors
///
/// An [`EntryError`] for a round outside 1 to [`MAX_START_ROUND`], a bad
/// line-up or players text (the line's error, prefixed), a line-up with no
/// survivor or no existing tribe, a player with survivors given a time of
/// elimination, a time of elimination not before the round, an R8.3 award in
/// round 1, or a position that fails [`Position::start`].
pub fn position_from_entry(setup: &Setup, entry: &PositionEntry) -> Result<Position, EntryError> {
    let n = setup.players.len();
    if entry.round == 0 || entry.round > MAX_START_ROUND {
        return Err(general(format!(
            "the round must be from 1 to {MAX_START_ROUND}"
        )));
    }
    let within = |what: &str, e: EntryError| general(format!("{what} {e}"));
    let lineup = parse_lineup(setup, &entry.lineup).map_err(|e| within("line-up", e))?;
    let players = parse_players(setup, &entry.players).map_err(|e| within("players", e))?;
    if lineup.survivors.is_empty() {
        return Err(general("the line-up lists no survivor"));
    }
    let mut position = Position::empty(n);
    position.round = entry.round;
    for s in lineup.survivors {
        position.insert(s).map_err(|e| general(e.to_string()))?;
    }
    position.removed = lineup.removed;
    if position.existing(setup.grid).is_empty() {
        return Err(general("at least one tribe must exist (R7.3)"));
    }
    let alive = position.alive_per_player(n);
    for p in setup.players.ids() {
        position.set_holdings(p, players.holdings[p.index()]);
        let Some(moment) = players.out_since[p.index()] else {
            continue;
        };
        let name = setup.players.name(p);
        if alive[p.index()] > 0 {
            return Err(general(format!(
                "{name} still has survivors, so they were not fully eliminated"
            )));
        }
        if matches!(moment, Moment::Segment { round, .. } if round >= entry.round) {
            return Err(general(format!(
                "{name} was fully eliminated {moment}, which is not before round {}",
                entry.round
            )));
        }
        position.eliminated_at[p.index()] = Some(moment);
    }
    if let Some(amounts) = players.award {
        if entry.round == 1 {
            return Err(general(
                "the R8.3 award cannot have been fixed before round 1",
            ));
        }
        position.garnet_award = Some(GarnetAward {
            round: entry.round - 1,
            amounts,
        });
    }
    position.start(setup).map_err(|e| general(e.to_string()))
}

/// A position's line-up as text that [`parse_lineup`] reads back: every
/// tribe (empty ones too), the outcasts, the removed tribes. Controllers
/// are written in full: the text is the moderator's, and secret.
pub fn lineup_text(setup: &Setup, position: &Position) -> String {
    let mut out = String::new();
    let list = |ids: &mut dyn Iterator<Item = SurvivorId>| {
        ids.map(|id| {
            let c = position.survivor(id).map(|s| s.controller);
            format!("{id} {}", c.map_or("", |c| setup.players.name(c)))
        })
        .collect::<Vec<_>>()
        .join(", ")
    };
    for t in position.existing_tribes(setup.grid) {
        let _ = writeln!(out, "{t}: {}", list(&mut position.members(t)));
    }
    let _ = writeln!(out, "outcasts: {}", list(&mut position.outcasts()));
    let removed: Vec<String> = setup
        .grid
        .tribes()
        .filter(|t| position.is_removed(*t))
        .map(|t| t.to_string())
        .collect();
    let _ = writeln!(out, "removed: {}", removed.join(", "));
    out
}

/// What the players of a position hold, as text that [`parse_players`]
/// reads back (every player, all items).
pub fn players_text(setup: &Setup, position: &Position) -> String {
    let mut out = String::new();
    for p in setup.players.ids() {
        let h = position.holdings(p);
        let _ = write!(
            out,
            "{}: idols {}, garnets {}, bought {}",
            setup.players.name(p),
            h.idols,
            h.garnets,
            h.purchases
        );
        if let Some(Moment::Segment { round, segment }) = position.eliminated_at(p) {
            let _ = write!(out, ", out {round} {segment}");
        }
        if let Some(a) = position.garnet_award() {
            let _ = write!(out, ", award {}", a.amounts[p.index()]);
        }
        out.push('\n');
    }
    out
}

/// A setup for a game started from a position: `origin` set, no salt.
pub fn position_setup(mut setup: Setup) -> Setup {
    setup.origin = Origin::Position;
    setup.salt = Default::default();
    setup
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Grid, Options, Roster};

    fn setup() -> Setup {
        position_setup(Setup::new(
            Roster::new(["Ann", "Bob", "Harbor Lights", "Dee"]).unwrap(),
            Grid::new(2, 2).unwrap(),
            Options::default(),
            5,
        ))
    }

    fn entry(lineup: &str) -> PositionEntry {
        PositionEntry {
            round: 4,
            lineup: lineup.to_string(),
            players: String::new(),
        }
    }

    #[test]
    fn a_lineup_reads_tribes_by_letter_or_name_outcasts_and_removed() {
        let s = setup();
        let text =
            "A: 3 Ann, 7 bob, 12 Harbor\n\nBeryl: 4 Ann\noutcasts: 9 Harbor Lights\nremoved: D";
        let l = parse_lineup(&s, text).unwrap();
        let places: Vec<(u16, usize, Place)> = l
            .survivors
            .iter()
            .map(|s| (s.id.get(), s.controller.index(), s.place))
            .collect();
        let t = |c| Place::Tribe(TribeId::from_letter(c).unwrap());
        assert_eq!(
            places,
            vec![
                (3, 0, t('A')),
                (7, 1, t('A')),
                (12, 2, t('A')),
                (4, 0, t('B')),
                (9, 2, Place::Outcast)
            ]
        );
        assert_eq!(
            l.removed.iter().map(|t| t.letter()).collect::<String>(),
            "D"
        );
    }

    #[test]
    fn lineup_errors_name_their_line() {
        let s = setup();
        let e = |text: &str| parse_lineup(&s, text).unwrap_err().to_string();
        assert_eq!(
            e("A: 1 Ann\nZ: 2 Bob"),
            "line 2: \"Z\" is not a tribe of this grid, \"outcasts\" or \"removed\""
        );
        assert!(e("A 1 Ann").contains("line 1"), "{}", e("A 1 Ann"));
        assert!(e("A: 1 Ann\nB: 1 Bob").contains("survivor 1 is listed twice (on line 1 too)"));
        assert!(e("A: 1 Zed").contains("\"Zed\" names no player"));
        assert!(e("A: x Ann").contains("not a survivor ID"));
        assert!(e("A: 5").contains("needs a survivor ID and a player"));
        assert!(
            e("A: 1 Ann\nremoved: A")
                .contains("survivor 1 is in tribe A, which is listed as removed")
        );
    }

    #[test]
    fn moments() {
        let v = |r| {
            Some(Moment::Segment {
                round: r,
                segment: Segment::Voting,
            })
        };
        assert_eq!(parse_moment(""), Ok(None));
        assert_eq!(parse_moment("2 voting"), Ok(v(2)));
        assert_eq!(parse_moment(" Round 2 V "), Ok(v(2)));
        assert_eq!(
            parse_moment("3a"),
            Ok(Some(Moment::Segment {
                round: 3,
                segment: Segment::Assassination
            }))
        );
        assert!(parse_moment("2").unwrap_err().contains("segment"));
        assert!(parse_moment("voting").unwrap_err().contains("round number"));
    }

    #[test]
    fn the_players_text_reads_holdings_eliminations_and_the_award() {
        let s = setup();
        let text = "Ann: idols 0, garnets 5, bought 1\n\nDee: out 2 voting\nharbor: award 3";
        let e = parse_players(&s, text).unwrap();
        assert_eq!(
            e.holdings[0],
            Holdings {
                idols: 0,
                garnets: 5,
                purchases: 1
            }
        );
        assert_eq!(
            e.holdings[1],
            Holdings {
                idols: 1,
                garnets: 0,
                purchases: 0
            }
        );
        assert_eq!(
            e.out_since[3],
            Some(Moment::Segment {
                round: 2,
                segment: Segment::Voting
            })
        );
        assert_eq!(e.award, Some(vec![0, 0, 3, 0]));
        let err = |t: &str| parse_players(&s, t).unwrap_err().to_string();
        assert_eq!(
            err("Ann: idols x"),
            "line 1: idols: \"x\" is not a whole number"
        );
        assert!(err("Ann: wands 2").contains("say idols, garnets"));
        assert!(err("Ann: idols 1\nann: garnets 2").contains("Ann is on line 1 too"));
        assert!(err("Zed: idols 1").contains("names no player"));
        assert!(err("Ann idols 1").contains("colon"));
    }

    #[test]
    fn an_entry_becomes_a_position_at_its_round() {
        let s = setup();
        let mut e = entry("A: 1 Ann, 2 Bob, 3 Harbor\nB: 4 Ann, 5 Bob, 6 Harbor\noutcasts: 7 Ann");
        e.players = "Ann: idols 0, garnets 5, bought 1, award 2\nBob: award 2\nHarbor Lights: award 2\nDee: out 2 voting".into();
        let p = position_from_entry(&s, &e).unwrap();
        assert_eq!(p.round(), 4);
        assert_eq!(p.alive(), 7);
        assert_eq!(p.holdings(PlayerId::from(0)).next_price(), 5);
        assert_eq!(
            p.eliminated_at(PlayerId::from(3)),
            Some(Moment::Segment {
                round: 2,
                segment: Segment::Voting
            })
        );
        assert_eq!(p.garnet_award().unwrap().round, 3);
        assert_eq!(p.garnet_award().unwrap().amounts, vec![2, 2, 2, 0]);
        assert_eq!(p.alive_at_round_start(), &[3, 2, 2, 0]);
        // The texts of a position read back to the same position.
        let again = PositionEntry {
            round: 4,
            lineup: lineup_text(&s, &p),
            players: players_text(&s, &p),
        };
        assert_eq!(position_from_entry(&s, &again).unwrap(), p);
    }

    #[test]
    fn entries_that_cannot_be_refused_with_a_reason() {
        let s = setup();
        let err = |e: &PositionEntry| position_from_entry(&s, e).unwrap_err().to_string();
        let mut e = entry("A: 1 Ann");
        e.players = "Ann: out 1 voting".into();
        assert!(err(&e).contains("Ann still has survivors"), "{}", err(&e));
        e.players = "Bob: out 4 voting".into();
        assert!(err(&e).contains("not before round 4"), "{}", err(&e));
        e.players = "Bob: idols two".into();
        assert!(err(&e).contains("players line 1"), "{}", err(&e));
        let mut e = entry("A: 1 Ann");
        e.round = 0;
        assert!(err(&e).contains("round must be"));
        assert!(err(&entry("")).contains("no survivor"));
        assert!(err(&entry("outcasts: 1 Ann\nremoved: A, B, C, D")).contains("at least one tribe"));
        let mut e = entry("A: 1 Ann");
        e.round = 1;
        e.players = "Ann: award 1".into();
        assert!(err(&e).contains("before round 1"));
    }
}
