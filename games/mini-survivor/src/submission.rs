//! Stage 2 of order handling: a player's whole submission checked against the
//! position at the start of the round (R3.4-R3.6, R4.1, R5.2-R5.4, R6.1,
//! R6.2). Every line gets a verdict; rejected lines say why.

use crate::order::{
    Action, Line, Number, ParseError, RawBody, RawOrder, line_start, parse_plain_order_in,
    parse_trimmed, rest_of_line,
};
use crate::player::{GuessError, PlayerId};
use crate::position::{Holdings, Moment, Place, Position, Setup};
use crate::survivor::SurvivorId;
use crate::tribe::{TribeId, TribeSet};
use std::fmt;

/// How an accepted idol line is paid for (R5.4).
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum IdolCost {
    /// With an idol the player held.
    Held,
    /// Bought at once for this many garnets.
    Bought(u32),
}

/// An order that is legal in the position.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Order {
    /// R4.1.
    Assassinate {
        /// The attacker.
        attacker: SurvivorId,
        /// Its target, in the same tribe.
        target: SurvivorId,
        /// The player guessed to control the target.
        guess: PlayerId,
    },
    /// R5.3.
    Idol {
        /// The protected survivor.
        survivor: SurvivorId,
        /// How it was paid for.
        cost: IdolCost,
    },
    /// R5.2.
    Vote {
        /// The voter.
        voter: SurvivorId,
        /// The survivor voted for (maybe the voter itself).
        target: SurvivorId,
    },
    /// R6.1, R6.2.
    Move {
        /// The survivor moving.
        survivor: SurvivorId,
        /// Destination tribe.
        to: TribeId,
    },
}

impl Order {
    /// The survivor the order is for.
    pub fn survivor(self) -> SurvivorId {
        match self {
            Order::Assassinate { attacker: s, .. }
            | Order::Idol { survivor: s, .. }
            | Order::Vote { voter: s, .. }
            | Order::Move { survivor: s, .. } => s,
        }
    }

    /// Its kind.
    pub fn action(self) -> Action {
        match self {
            Order::Assassinate { .. } => Action::Assassinate,
            Order::Idol { .. } => Action::Idol,
            Order::Vote { .. } => Action::Vote,
            Order::Move { .. } => Action::Move,
        }
    }
}

/// Why a line was rejected (R3.4). `Display` gives a sentence for the moderator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The line is malformed.
    Malformed(ParseError),
    /// The game has ended (R8.1).
    GameOver,
    /// No survivor has this number.
    NoSuchSurvivor(Number),
    /// The survivor belongs to another player.
    NotYours(SurvivorId),
    /// The survivor was eliminated.
    Eliminated(SurvivorId, Moment),
    /// An outcast may only move (R4.1, R5.1, R5.3, R7.4).
    OutcastMayOnlyMove(SurvivorId, Action),
    /// A survivor may not assassinate itself (R4.1).
    AttacksItself(SurvivorId),
    /// The target is not in the survivor's tribe at the start of the round (R4.1, R5.2).
    NotInTribe {
        /// The named target.
        target: Number,
        /// The survivor's tribe.
        tribe: TribeId,
        /// What kind of order.
        action: Action,
    },
    /// The guess names no player (R3.2).
    UnknownGuess(String),
    /// The guess names several players (R3.2).
    AmbiguousGuess(String, Vec<String>),
    /// The tribe word names no tribe of the grid.
    NoSuchTribe(String),
    /// The destination tribe is removed (R6.1, R6.2).
    TribeRemoved(TribeId),
    /// The destination is the survivor's own tribe.
    AlreadyThere(TribeId),
    /// The destination is not adjacent (R6.1).
    NotAdjacent {
        /// The survivor's tribe.
        from: TribeId,
        /// The destination.
        to: TribeId,
    },
    /// No idol held and too few garnets to buy one (R5.4).
    CannotAffordIdol {
        /// Price of the next idol.
        price: u32,
        /// Garnets left at this line.
        garnets: u32,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Malformed(e) => write!(f, "malformed: {e}"),
            Reason::GameOver => write!(f, "the game is over"),
            Reason::NoSuchSurvivor(n) => write!(f, "there is no survivor {n}"),
            Reason::NotYours(s) => write!(f, "survivor {s} is not yours"),
            Reason::Eliminated(s, m) => write!(f, "survivor {s} was eliminated {m}"),
            Reason::OutcastMayOnlyMove(s, a) => {
                let noun = a.noun();
                let article = if noun.starts_with(['a', 'i']) {
                    "an"
                } else {
                    "a"
                };
                write!(
                    f,
                    "survivor {s} is an outcast: it can move but not give {article} {noun} order"
                )
            }
            Reason::AttacksItself(s) => write!(f, "survivor {s} cannot assassinate itself"),
            Reason::NotInTribe {
                target,
                tribe,
                action,
            } => write!(
                f,
                "survivor {target} was not in tribe {tribe} at the start of the round, so it cannot be the {} target",
                action.noun()
            ),
            Reason::UnknownGuess(g) => write!(f, "the guess {g:?} matches no player"),
            Reason::AmbiguousGuess(g, names) => {
                write!(
                    f,
                    "the guess {g:?} matches several players: {}",
                    names.join(", ")
                )
            }
            Reason::NoSuchTribe(w) => write!(f, "{w:?} names no tribe of this game"),
            Reason::TribeRemoved(t) => write!(f, "tribe {t} was removed"),
            Reason::AlreadyThere(t) => write!(f, "the survivor is already in tribe {t}"),
            Reason::NotAdjacent { from, to } => {
                write!(f, "tribe {to} is not adjacent to tribe {from}")
            }
            Reason::CannotAffordIdol { price, garnets } => write!(
                f,
                "no idol left, and the next one costs {price} garnets with only {garnets} left"
            ),
        }
    }
}

/// The verdict on one line of a submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted and in force.
    Accepted(Order),
    /// Accepted, then replaced by a later line of the same kind for the same
    /// survivor (R3.5): not in force, not a rejection, a warning.
    Replaced {
        /// The replaced order.
        order: Order,
        /// 1-based line number of the replacing line.
        by_line: u32,
    },
    /// Rejected: no effect (R3.4).
    Rejected(Reason),
    /// After `end`: ignored (R3.3).
    AfterEnd,
}

/// One non-blank line of a submission and its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineVerdict {
    /// 1-based line number in the submission's text.
    pub number: u32,
    /// Byte range of the trimmed line in the text.
    pub span: (u32, u32),
    /// What became of it.
    pub verdict: Verdict,
}

impl LineVerdict {
    /// The line's text, given the submission's text.
    pub fn text<'a>(&self, source: &'a str) -> &'a str {
        &source[self.span.0 as usize..self.span.1 as usize]
    }
}

/// A player's checked submission for one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// The player.
    pub player: PlayerId,
    /// Every non-blank line up to `end`, and `end` and the lines after it.
    pub lines: Vec<LineVerdict>,
    /// The player's idols and garnets after paying for accepted idol lines.
    pub holdings_after: Holdings,
}

impl Submission {
    /// The orders in force, in line order.
    pub fn orders(&self) -> impl Iterator<Item = Order> + '_ {
        self.lines.iter().filter_map(|l| match l.verdict {
            Verdict::Accepted(o) => Some(o),
            _ => None,
        })
    }

    /// The rejected lines with their reasons.
    pub fn rejections(&self) -> impl Iterator<Item = (&LineVerdict, &Reason)> {
        self.lines.iter().filter_map(|l| match &l.verdict {
            Verdict::Rejected(r) => Some((l, r)),
            _ => None,
        })
    }
}

/// Checks one player's submission text against the position (R3).
///
/// Lines are numbered from 1 counting every line, blank ones included.
/// Never fails: each bad line is a [`Verdict::Rejected`].
pub fn check_submission(
    setup: &Setup,
    position: &Position,
    player: PlayerId,
    text: &str,
) -> Submission {
    let mut check = SubmissionCheck::new(position, player, text);
    check.check(setup, position, text, usize::MAX);
    check.finish()
}

/// One player's submission checked a part at a time: what
/// [`check_submission`] gives (the same checker, the same verdicts), read
/// a few lines per call, so that a page can read a pasted megabyte in
/// slices that yield. Every call on one `SubmissionCheck` must
/// be given the setup, position and text it was made for.
#[derive(Debug)]
pub struct SubmissionCheck {
    player: PlayerId,
    /// Where the next line starts.
    cursor: Cursor,
    /// The player's idols and garnets after the idol lines read (R5.4).
    holdings: Holdings,
    /// An `end` line was read (R3.3).
    ended: bool,
    sink: Verdicts,
}

impl SubmissionCheck {
    /// A check of `player`'s `text` in `position`, no line read yet.
    pub fn new(position: &Position, player: PlayerId, text: &str) -> SubmissionCheck {
        SubmissionCheck {
            player,
            cursor: Cursor::new(text),
            holdings: position.holdings(player),
            ended: false,
            sink: Verdicts {
                lines: Vec::with_capacity(text.len() / 6 + 1),
                in_force: Vec::new(),
            },
        }
    }

    /// Checks the next lines of `text`: whole lines, at least one, until
    /// at least `bytes` more bytes were read or the text ends. Returns
    /// whether the whole text has been read (then
    /// [`SubmissionCheck::finish`] gives what [`check_submission`] gives).
    ///
    /// # Panics
    ///
    /// May panic when `text` is not the text the check was made for (it
    /// goes on at a byte offset of that text).
    pub fn check(&mut self, setup: &Setup, position: &Position, text: &str, bytes: usize) -> bool {
        let mut checker = Checker {
            setup,
            position,
            player: self.player,
            holdings: self.holdings,
            ended: self.ended,
        };
        let until = self.cursor.at.saturating_add(bytes.max(1));
        checker.read(&mut self.cursor, text, &mut self.sink, until);
        self.holdings = checker.holdings;
        self.ended = checker.ended;
        self.done(text)
    }

    /// Bytes of the text read so far.
    pub fn read(&self) -> usize {
        self.cursor.at
    }

    /// Whether the whole of `text` has been read.
    pub fn done(&self, text: &str) -> bool {
        self.cursor.at >= text.len()
    }

    /// The submission as checked so far: every line read, with its
    /// verdict (the whole submission once the text was read to its end).
    pub fn finish(self) -> Submission {
        Submission {
            player: self.player,
            lines: self.sink.lines,
            holdings_after: self.holdings,
        }
    }
}

/// Collects every line's verdict, marking replaced lines (R3.5).
#[derive(Debug)]
struct Verdicts {
    lines: Vec<LineVerdict>,
    /// (survivor, action) -> index into `lines` of the order in force.
    in_force: Vec<(SurvivorId, Action, usize)>,
}

impl LineSink for Verdicts {
    fn earlier_idol(&self, survivor: SurvivorId) -> Option<IdolCost> {
        self.in_force
            .iter()
            .find_map(|&(s, a, idx)| match self.lines[idx].verdict {
                Verdict::Accepted(Order::Idol { cost, .. })
                    if a == Action::Idol && s == survivor =>
                {
                    Some(cost)
                }
                _ => None,
            })
    }

    fn line(&mut self, number: u32, span: (u32, u32), checked: Checked) {
        let verdict = match checked {
            Checked::Accepted(order) => {
                let key = (order.survivor(), order.action());
                let idx = self.lines.len();
                match self.in_force.iter_mut().find(|(s, a, _)| (*s, *a) == key) {
                    Some(slot) => {
                        if let Verdict::Accepted(o) = self.lines[slot.2].verdict {
                            self.lines[slot.2].verdict = Verdict::Replaced {
                                order: o,
                                by_line: number,
                            };
                        }
                        slot.2 = idx;
                    }
                    None => self.in_force.push((key.0, key.1, idx)),
                }
                Verdict::Accepted(order)
            }
            Checked::Rejected(r) => Verdict::Rejected(r),
            Checked::AfterEnd => Verdict::AfterEnd,
        };
        self.lines.push(LineVerdict {
            number,
            span,
            verdict,
        });
    }
}

/// Where the line checker reports.
pub(crate) trait LineSink {
    /// How an idol already in force for `survivor` was paid (R3.5: a
    /// repeated idol line is not paid twice).
    fn earlier_idol(&self, survivor: SurvivorId) -> Option<IdolCost>;
    /// One non-blank line: its 1-based number, byte span and verdict.
    fn line(&mut self, number: u32, span: (u32, u32), checked: Checked);
}

/// What the checker says of one non-blank line.
pub(crate) enum Checked {
    Accepted(Order),
    Rejected(Reason),
    AfterEnd,
}

/// The one line checker (R3): reports every non-blank line to `sink`, in
/// order, and returns the holdings after paying for accepted idols.
/// Replacement (R3.5) is the sink's to track: a later accepted order of the
/// same kind for the same survivor replaces the earlier one.
pub(crate) fn check_lines(
    setup: &Setup,
    position: &Position,
    player: PlayerId,
    text: &str,
    sink: &mut impl LineSink,
) -> Holdings {
    let mut checker = Checker {
        setup,
        position,
        player,
        holdings: position.holdings(player),
        ended: false,
    };
    checker.read(&mut Cursor::new(text), text, sink, usize::MAX);
    checker.holdings
}

/// Where [`Checker::read`] is in a text.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    /// The byte where the next line starts (at or past the end: all read).
    at: usize,
    /// The lines read so far (blank ones included).
    number: u32,
    /// The text is ASCII: read in one pass (else line by line).
    ascii: bool,
}

impl Cursor {
    fn new(text: &str) -> Cursor {
        Cursor {
            at: 0,
            number: 0,
            ascii: text.is_ascii(),
        }
    }
}

/// The state of [`check_lines`] through one submission.
struct Checker<'a> {
    setup: &'a Setup,
    position: &'a Position,
    player: PlayerId,
    /// Idols and garnets left after the idol lines so far (R5.4).
    holdings: Holdings,
    /// An `end` line has been read (R3.3).
    ended: bool,
}

impl Checker<'_> {
    /// Reports the lines of `text` from `cursor` to `sink`, in order, up
    /// to the first line that starts at or after byte `until` (or the
    /// end), and moves `cursor` there.
    fn read(&mut self, cursor: &mut Cursor, text: &str, sink: &mut impl LineSink, until: usize) {
        let (mut at, mut number) = (cursor.at, cursor.number);
        if !cursor.ascii {
            // Line by line, as `str::lines` splits (a `\r` before the `\n`
            // is trimmed with the line's other white space).
            while at < text.len() && at < until {
                let rest = &text[at..];
                let (line, next) = match rest.find('\n') {
                    Some(i) => (&rest[..i], at + i + 1),
                    None => (rest, text.len()),
                };
                number += 1;
                let trimmed = line.trim();
                let start = at + (trimmed.as_ptr() as usize - line.as_ptr() as usize);
                self.line(sink, number, (start, trimmed), || {
                    parse_trimmed(trimmed, trimmed.is_ascii())
                });
                at = next;
            }
            *cursor = Cursor {
                at,
                number,
                ..*cursor
            };
            return;
        }
        // ASCII: one pass over the bytes. A plain order is parsed where it
        // stands (no splitting first); anything else goes line by line through
        // the general parser.
        let b = text.as_bytes();
        while at < b.len() && at < until {
            number += 1;
            let start = line_start(b, at);
            if !self.ended
                && let Some((raw, end, next)) = parse_plain_order_in(text, start)
            {
                at = next;
                self.line(sink, number, (start, &text[start..end]), || {
                    Ok(Line::Order(raw))
                });
                continue;
            }
            let (end, next) = rest_of_line(b, start);
            at = next;
            let trimmed = &text[start..end];
            self.line(sink, number, (start, trimmed), || {
                parse_trimmed(trimmed, true)
            });
        }
        // (The last line's `next` is one past the end when no `\n` ends it.)
        *cursor = Cursor {
            at: at.min(b.len()),
            number,
            ..*cursor
        };
    }

    /// One line: its number, where its trimmed text starts and that text,
    /// and how to parse it (not called for a blank line or one after `end`,
    /// which need no parsing).
    #[inline(always)]
    fn line<'t>(
        &mut self,
        sink: &mut impl LineSink,
        number: u32,
        (start, trimmed): (usize, &'t str),
        parse: impl FnOnce() -> Result<Line<'t>, ParseError>,
    ) {
        if trimmed.is_empty() {
            return;
        }
        let span = (start as u32, (start + trimmed.len()) as u32);
        if self.ended {
            sink.line(number, span, Checked::AfterEnd);
            return;
        }
        let checked = match parse() {
            Ok(Line::Blank) => return,
            Ok(Line::End) => {
                self.ended = true;
                return;
            }
            Err(e) => Checked::Rejected(Reason::Malformed(e)),
            Ok(Line::Order(raw)) => {
                // R3.5: a repeated idol line is not paid twice.
                let earlier = match raw.body {
                    RawBody::Idol => {
                        SurvivorId::new(raw.survivor).and_then(|s| sink.earlier_idol(s))
                    }
                    _ => None,
                };
                match check_order(
                    self.setup,
                    self.position,
                    self.player,
                    &raw,
                    &mut self.holdings,
                    earlier,
                ) {
                    Ok(order) => Checked::Accepted(order),
                    Err(r) => Checked::Rejected(r),
                }
            }
        };
        sink.line(number, span, checked);
    }
}

fn survivor_id(n: Number) -> Result<SurvivorId, Reason> {
    // (No `ok_or`: it would build, then drop, a `Reason` on every call.)
    match SurvivorId::new(n) {
        Some(id) => Ok(id),
        None => Err(Reason::NoSuchSurvivor(n)),
    }
}

/// A living survivor's tribe at the start of the round, or why it has none.
fn living(position: &Position, n: Number) -> Result<(SurvivorId, Place), Reason> {
    let id = survivor_id(n)?;
    let Some(s) = position.survivor(id) else {
        return Err(Reason::NoSuchSurvivor(n));
    };
    match s.place {
        Place::Eliminated(m) => Err(Reason::Eliminated(id, m)),
        place => Ok((id, place)),
    }
}

fn check_order(
    setup: &Setup,
    position: &Position,
    player: PlayerId,
    raw: &RawOrder<'_>,
    holdings: &mut Holdings,
    earlier_idol: Option<IdolCost>,
) -> Result<Order, Reason> {
    if position.is_game_over() {
        return Err(Reason::GameOver);
    }
    let id = survivor_id(raw.survivor)?;
    let Some(me) = position.survivor(id) else {
        return Err(Reason::NoSuchSurvivor(raw.survivor));
    };
    if me.controller != player {
        return Err(Reason::NotYours(id));
    }
    let tribe = match me.place {
        Place::Eliminated(m) => return Err(Reason::Eliminated(id, m)),
        Place::Outcast => None,
        Place::Tribe(t) => Some(t),
    };
    let action = raw.body.action();
    let Some(tribe) = tribe else {
        // R6.2: an outcast may only move, to any tribe existing at the start of the round.
        let RawBody::Move { tribe: word } = raw.body else {
            return Err(Reason::OutcastMayOnlyMove(id, action));
        };
        let to = destination(setup, position, word)?;
        return Ok(Order::Move { survivor: id, to });
    };
    // The target of a vote or assassination: in my tribe at the start of the round (R4.1, R5.2).
    let tribe_mate = |n: Number| -> Result<SurvivorId, Reason> {
        match living(position, n) {
            Ok((t, Place::Tribe(tt))) if tt == tribe => Ok(t),
            Ok(_) | Err(Reason::NoSuchSurvivor(_)) => Err(Reason::NotInTribe {
                target: n,
                tribe,
                action,
            }),
            Err(e) => Err(e),
        }
    };
    match raw.body {
        RawBody::Assassinate { target, guess } => {
            if target == raw.survivor {
                return Err(Reason::AttacksItself(id));
            }
            let target = tribe_mate(target)?;
            let guess = setup.players.resolve_guess(guess).map_err(|e| match e {
                GuessError::NoMatch => Reason::UnknownGuess(guess.to_string()),
                GuessError::Ambiguous(ps) => Reason::AmbiguousGuess(
                    guess.to_string(),
                    ps.into_iter()
                        .map(|p| setup.players.name(p).to_string())
                        .collect(),
                ),
            })?;
            Ok(Order::Assassinate {
                attacker: id,
                target,
                guess,
            })
        }
        RawBody::Vote { target } => {
            let target = if target == raw.survivor {
                id
            } else {
                tribe_mate(target)?
            };
            Ok(Order::Vote { voter: id, target })
        }
        RawBody::Idol => {
            // R3.5: a second idol line for the same survivor replaces the first; it is not paid twice.
            let cost = match earlier_idol {
                Some(cost) => cost,
                None => pay_for_idol(holdings)?,
            };
            Ok(Order::Idol { survivor: id, cost })
        }
        RawBody::Move { tribe: word } => {
            let to = destination(setup, position, word)?;
            check_move(setup, position, tribe, to)?;
            Ok(Order::Move { survivor: id, to })
        }
    }
}

/// R6.1: may a survivor in `from` move to `to` (a tribe existing at the
/// start of the round)? Adjacency is judged on the tribes existing at the
/// start of the round; with no existing neighbour, any existing tribe.
fn check_move(
    setup: &Setup,
    position: &Position,
    from: TribeId,
    to: TribeId,
) -> Result<(), Reason> {
    if to == from {
        return Err(Reason::AlreadyThere(to));
    }
    let grid = setup.grid;
    let adj = setup.options.adjacency;
    let has_neighbour = position
        .existing_tribes(grid)
        .any(|t| grid.adjacent(from, t, adj));
    if has_neighbour && !grid.adjacent(from, to, adj) {
        return Err(Reason::NotAdjacent { from, to });
    }
    Ok(())
}

/// The tribes a living survivor may be ordered to move to this round
/// (R6.1, R6.2): for an outcast every existing tribe, for a tribe member the
/// legal neighbours; empty for an eliminated or unknown survivor.
pub fn move_destinations(setup: &Setup, position: &Position, id: SurvivorId) -> TribeSet {
    let Some(s) = position.survivor(id) else {
        return TribeSet::EMPTY;
    };
    let existing = position.existing_tribes(setup.grid);
    match s.place {
        Place::Eliminated(_) => TribeSet::EMPTY,
        Place::Outcast => existing.collect(),
        Place::Tribe(from) => existing
            .filter(|&to| check_move(setup, position, from, to).is_ok())
            .collect(),
    }
}

/// The survivors a tribe member may vote for or attack this round (R4.1,
/// R5.2): the living members of its tribe at the start of the round,
/// itself included (a vote for oneself is allowed; an attack is not).
/// Empty for an outcast or eliminated survivor.
pub fn tribe_mates(position: &Position, id: SurvivorId) -> Vec<SurvivorId> {
    match position.survivor(id).map(|s| s.place) {
        Some(Place::Tribe(t)) => position.members(t).collect(),
        _ => Vec::new(),
    }
}

impl Order {
    /// The order as a canonical submission line (R3.1), e.g. `17 a 4 Kraken`,
    /// `17 v 4`, `17 i`, `17 m B`.
    pub fn to_line(self, setup: &Setup) -> String {
        match self {
            Order::Assassinate {
                attacker,
                target,
                guess,
            } => {
                format!("{attacker} a {target} {}", setup.players.name(guess))
            }
            Order::Idol { survivor, .. } => format!("{survivor} i"),
            Order::Vote { voter, target } => format!("{voter} v {target}"),
            Order::Move { survivor, to } => format!("{survivor} m {to}"),
        }
    }
}

/// A tribe existing at the start of the round, named by an order's word.
fn destination(setup: &Setup, position: &Position, word: &str) -> Result<TribeId, Reason> {
    let to = setup
        .tribe_named(word)
        .ok_or_else(|| Reason::NoSuchTribe(word.to_string()))?;
    if position.is_removed(to) {
        return Err(Reason::TribeRemoved(to));
    }
    Ok(to)
}

/// R5.4: use a held idol, else buy one for 3, 5, 7, ... garnets.
fn pay_for_idol(h: &mut Holdings) -> Result<IdolCost, Reason> {
    if h.idols > 0 {
        h.idols -= 1;
        return Ok(IdolCost::Held);
    }
    let price = h.next_price();
    if h.garnets < price {
        return Err(Reason::CannotAffordIdol {
            price,
            garnets: h.garnets,
        });
    }
    h.garnets -= price;
    h.purchases += 1;
    Ok(IdolCost::Bought(price))
}

/// What the defaults will do for survivors without an order (R3.6, R6.2,
/// R6.7), given every order in force for the round.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Defaults {
    /// Tribe members with no accepted vote: they vote for themselves (R3.6).
    pub self_votes: Vec<SurvivorId>,
    /// Outcasts with no accepted move: R6.7 applies (placed at random, or stay).
    pub outcasts_without_move: Vec<SurvivorId>,
}

/// The defaults that will apply in this round, by survivor ID.
pub fn defaults(position: &Position, orders: &[Order]) -> Defaults {
    let has =
        |id: SurvivorId, a: Action| orders.iter().any(|o| o.survivor() == id && o.action() == a);
    Defaults {
        self_votes: position
            .living()
            .filter(|s| s.place.tribe().is_some() && !has(s.id, Action::Vote))
            .map(|s| s.id)
            .collect(),
        outcasts_without_move: position
            .outcasts()
            .filter(|id| !has(*id, Action::Move))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Grid, Options, Roster, Survivor};

    #[test]
    fn defaults_list_silent_voters_and_unmoved_outcasts() {
        let setup = Setup::new(
            Roster::new(["Ann", "Bob"]).unwrap(),
            Grid::new(1, 2).unwrap(),
            Options::default(),
            0,
        );
        let a = TribeId::from_letter('A').unwrap();
        let mut pos = Position::empty(2);
        for (id, place) in [
            (1, Place::Tribe(a)),
            (2, Place::Tribe(a)),
            (3, Place::Tribe(a)),
            (4, Place::Outcast),
            (5, Place::Outcast),
        ] {
            let controller = PlayerId::from(id % 2);
            pos.insert(Survivor {
                id: SurvivorId::new(id as u32).unwrap(),
                controller,
                place,
            })
            .unwrap();
        }
        let pos = pos.start(&setup).unwrap();
        let ann = check_submission(&setup, &pos, PlayerId::from(0), "2 v 1\n4 m B");
        let orders: Vec<Order> = ann.orders().collect();
        let d = defaults(&pos, &orders);
        let ids = |v: &[u16]| {
            v.iter()
                .map(|&n| SurvivorId::new(n.into()).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(d.self_votes, ids(&[1, 3]));
        assert_eq!(d.outcasts_without_move, ids(&[5]));
    }
}
